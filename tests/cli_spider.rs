//! Spider's command-line contract (issue 38, DESIGN.md): `deckhand spider deal N --suits K`
//! prints PySolFC's layout, `solve N --suits K --json` every move explicit (deals from the stock
//! and cleared runs included), `bench spider --suits K --range A..B --list` a verdict a line;
//! bad options fail with a message that names them.

use std::process::Command;

use deckhand::deal::PysolNumber;
use deckhand::games::spider::{pysol_deal, Move, Pile, Suits};

fn deckhand(arguments: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_deckhand")).args(arguments).output().expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn deal_prints_pysolfcs_layout_for_each_suit_count() {
    let vectors = include_str!("data/spider-deals.txt");
    for count in ["1", "2", "4"] {
        let (code, board, stderr) = deckhand(&["spider", "deal", "11", "--suits", count]);
        assert_eq!(code, 0, "{stderr}");
        let header = format!("game 11 suits {count}\n");
        let at = vectors.find(&header).unwrap() + header.len();
        let expected: Vec<&str> = vectors[at..].lines().take(11).collect();
        assert_eq!(board.lines().collect::<Vec<_>>(), expected);
    }
    // One suit by default.
    let (_, default, _) = deckhand(&["spider", "deal", "11"]);
    let (_, one, _) = deckhand(&["spider", "deal", "11", "--suits", "1"]);
    assert_eq!(default, one);
}

#[test]
fn solve_lists_every_move_in_the_contracts_words() {
    let (code, json, stderr) = deckhand(&["spider", "solve", "3", "--suits", "1", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        json.starts_with(r#"{"game": "spider", "deal": 3, "result": "solved", "moves": [{"from": "#),
        "{json}"
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let moves = value["moves"].as_array().unwrap();
    // Replay the JSON itself through the rules: each record names one legal move.
    let mut position = pysol_deal(PysolNumber::new(3).unwrap(), Suits::One);
    let (mut deals, mut clears) = (0, 0);
    for record in moves {
        let from = record["from"].as_str().unwrap();
        let to = record["to"].as_str().unwrap();
        let mv = match (from, to) {
            ("stock", "tableau") => {
                assert!(record.get("cards").is_none(), "{record}");
                deals += 1;
                Move::Deal
            }
            (from, "foundation") => {
                assert_eq!(record["cards"], 13, "{record}");
                clears += 1;
                let Some(Pile::Tableau(from)) = Pile::parse(from) else { panic!("{record}") };
                Move::Clear { from }
            }
            (from, to) => {
                let (Some(Pile::Tableau(from)), Some(Pile::Tableau(to))) =
                    (Pile::parse(from), Pile::parse(to))
                else {
                    panic!("{record}")
                };
                Move::ToPile { from, to, count: record["cards"].as_u64().unwrap() as u8 }
            }
        };
        position = position.play(mv).unwrap_or_else(|error| panic!("{record}: {error}"));
    }
    assert!(position.is_won());
    assert_eq!((deals, clears), (5, 8));
}

#[test]
fn bench_lists_a_verdict_a_line_and_bad_options_are_named() {
    let (code, list, stderr) = deckhand(&["bench", "spider", "--suits", "1", "--range", "1..3", "--list"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    assert!(lines.iter().zip(1..).all(|(line, n)| line.starts_with(&format!("{n} "))), "{list}");
    assert!(stderr.starts_with("Spider (1 suit) deals 1..3:"), "{stderr}");
    assert!(stderr.contains("every solution replayed"), "{stderr}");

    let (code, _, stderr) = deckhand(&["spider", "deal", "1", "--suits", "3"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`--suits 3`: expected 1, 2 or 4"), "{stderr}");
    let (code, _, stderr) = deckhand(&["spider", "deal", "1", "--suits"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`--suits` needs a value"), "{stderr}");
    let (code, _, stderr) = deckhand(&["spider", "deal", "0", "--suits", "2"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("out of range"), "{stderr}");
}
