//! `deckhand bench GAME --range A..B --slowest K` (issue 40's sweep): every bench lists the K
//! slowest deals of its range, slowest first, with their times; `--list` keeps standard
//! output to one verdict a line (DESIGN.md, "Command-line contract").

use std::collections::HashMap;
use std::process::Command;

fn deckhand(arguments: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_deckhand")).args(arguments).output().expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The block after `slowest K of N (...)`: each line's label and its time in ms, checked to be
/// `k` lines of `of` offered, slowest first.
fn slowest_block(text: &str, k: usize, of: usize) -> Vec<(String, f64)> {
    let heading = format!("slowest {k} of {of} (");
    let start = text.find(&heading).unwrap_or_else(|| panic!("no `{heading}` in:\n{text}"));
    let lines: Vec<&str> = text[start..].lines().skip(1).take(k).collect();
    assert_eq!(lines.len(), k, "{text}");
    let rows: Vec<(String, f64)> = lines
        .iter()
        .map(|line| {
            let (label, ms) = line.rsplit_once(' ').expect("label and time");
            (label.to_string(), ms.parse().unwrap_or_else(|_| panic!("a time in `{line}`")))
        })
        .collect();
    assert!(rows.windows(2).all(|pair| pair[0].1 >= pair[1].1), "not slowest first: {rows:?}");
    assert!(rows.iter().all(|(_, ms)| *ms >= 0.0));
    rows
}

/// The deal number a label starts with (`12 solved`, `seed 12: solved ...`), checked to lie in
/// `range` and to be listed once.
fn deals(rows: &[(String, f64)], range: std::ops::RangeInclusive<u64>) -> Vec<u64> {
    let numbers: Vec<u64> = rows
        .iter()
        .map(|(label, _)| {
            let digits: String =
                label.trim_start_matches("seed ").chars().take_while(char::is_ascii_digit).collect();
            digits.parse().unwrap_or_else(|_| panic!("a deal number in `{label}`"))
        })
        .collect();
    assert!(numbers.iter().all(|n| range.contains(n)), "{numbers:?}");
    let mut distinct = numbers.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), numbers.len(), "{numbers:?}");
    numbers
}

#[test]
fn registry_bench_lists_the_slowest_deals_beside_the_verdicts() {
    let (code, list, stderr) = deckhand(&["bench", "yukon", "--range", "10..15", "--list", "--slowest", "3"]);
    assert_eq!(code, 0, "{stderr}");
    // Standard output stays one verdict a line; the figures and the slowest go to stderr.
    let verdicts: HashMap<String, String> = list
        .lines()
        .map(|line| {
            let (deal, verdict) = line.split_once(' ').expect("N verdict");
            (deal.to_string(), verdict.to_string())
        })
        .collect();
    assert_eq!(verdicts.len(), 6, "{list}");
    let rows = slowest_block(&stderr, 3, 6);
    deals(&rows, 10..=15);
    for (label, _) in &rows {
        let (deal, verdict) = label.split_once(' ').expect("deal and verdict");
        assert_eq!(verdicts.get(deal), Some(&verdict.to_string()), "{label}");
    }
    // Without `--list`, on standard output after the figures.
    let (code, stdout, stderr) = deckhand(&["bench", "yukon", "--range", "1..4", "--slowest", "10"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("Yukon deals 1..4:"), "{stdout}");
    let rows = slowest_block(&stdout, 4, 4);
    let mut numbers = deals(&rows, 1..=4);
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

#[test]
fn every_bench_takes_slowest() {
    let family = deckhand(&["bench", "bakers-game", "--range", "1..5", "--slowest", "2"]);
    let freecell = deckhand(&["bench", "freecell", "--range", "1..5", "--slowest", "2"]);
    let klondike = deckhand(&["bench", "klondike", "--range", "1..5", "--slowest", "2"]);
    let pyramid = deckhand(&["bench", "pyramid", "--range", "1..5", "--slowest", "2"]);
    for (name, (code, stdout, stderr)) in
        [("family", family), ("freecell", freecell), ("klondike", klondike), ("pyramid", pyramid)]
    {
        assert_eq!(code, 0, "{name}: {stderr}");
        let rows = slowest_block(&stdout, 2, 5);
        deals(&rows, 1..=5);
        // Each label says how the deal ended.
        assert!(
            rows.iter().all(|(label, _)| ["solved", "won", "unsolvable", "lost", "unknown"]
                .iter()
                .any(|word| label.contains(word))),
            "{name}: {rows:?}"
        );
    }
}

#[test]
fn a_bad_slowest_count_is_a_usage_error() {
    for (arguments, quoted) in [
        (["bench", "yukon", "--range", "1..2", "--slowest", "0"], "`--slowest 0`"),
        (["bench", "freecell", "--range", "1..2", "--slowest", "x"], "`--slowest x`"),
        (["bench", "klondike", "--range", "1..2", "--slowest", "99999"], "`--slowest 99999`"),
    ] {
        let (code, stdout, stderr) = deckhand(&arguments);
        assert_eq!(code, 2, "{arguments:?}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(quoted) && stderr.contains("count from 1"), "{stderr}");
    }
    let (code, _, stderr) = deckhand(&["bench", "pyramid", "--range", "1..2", "--slowest"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`--slowest`"), "{stderr}");
}
