//! `deckhand <game> grade | winnable | day` (issue 23): output, errors and exit codes.

use std::process::Command;

fn deckhand(arguments: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_deckhand")).args(arguments).output().expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn ok(arguments: &[&str]) -> String {
    let (code, stdout, stderr) = deckhand(arguments);
    assert_eq!(code, 0, "{arguments:?}: {stderr}");
    stdout
}

fn json(arguments: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(arguments)).unwrap()
}

#[test]
fn grade_prints_verdict_difficulty_and_reason() {
    let text = ok(&["freecell", "grade", "1", "--json"]);
    assert!(text.starts_with(r#"{"deal": 1, "result": "solved", "difficulty": ""#), "{text}");
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(["Easy", "Medium", "Hard", "Expert"].contains(&value["difficulty"].as_str().unwrap()));
    assert!(value["cells"].as_u64().unwrap() <= 4 && value["length"].as_u64().unwrap() > 52);
    assert!(value["reason"].as_str().unwrap().contains("free cell"));

    let unsolvable = json(&["freecell", "grade", "11982", "--json"]);
    assert_eq!(unsolvable["result"], "unsolvable");
    assert_eq!(unsolvable["difficulty"], serde_json::Value::Null);

    let text = ok(&["freecell", "grade", "11982"]);
    assert!(text.starts_with("unsolvable: "), "{text}");

    let klondike = json(&["klondike", "grade", "2", "--draw", "3", "--json"]);
    assert_eq!(klondike["deal"], 2);
    assert_eq!(klondike["draw"], 3);
    assert!(klondike["passes"].as_u64().unwrap() >= 1);
    // Draw 3 (docs/RULES.md, "Difficulty"): more than 3 passes or 3 emptied columns Expert,
    // else none Easy, one Medium, two Hard.
    let (passes, empties) = (klondike["passes"].as_u64().unwrap(), klondike["empties"].as_u64().unwrap());
    let tier = match (passes, empties) {
        (4.., _) | (_, 3..) => "Expert",
        (_, 0) => "Easy",
        (_, 1) => "Medium",
        _ => "Hard",
    };
    assert_eq!(klondike["difficulty"], tier);
    let reason = klondike["reason"].as_str().unwrap();
    assert!(reason.contains("through the stock; the solution "), "{reason}");
    assert_eq!(reason.contains("never empties a column"), empties == 0, "{reason}");
}

#[test]
fn grade_reads_decks_and_boards() {
    let dir = std::env::temp_dir().join(format!("deckhand-grade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deck = dir.join("pyramid.txt");
    std::fs::write(&deck, ok(&["pyramid", "deal", "2"])).unwrap();
    let from_file = json(&["pyramid", "grade", "--deck", deck.to_str().unwrap(), "--json"]);
    let by_seed = json(&["pyramid", "grade", "2", "--json"]);
    assert_eq!(from_file["deal"], serde_json::Value::Null);
    for key in ["result", "difficulty", "reason", "steps", "recycles"] {
        assert_eq!(from_file[key], by_seed[key], "{key}");
    }
    let board = dir.join("board.txt");
    std::fs::write(&board, ok(&["freecell", "deal", "1"])).unwrap();
    let from_board = json(&["freecell", "grade", "--deck", board.to_str().unwrap(), "--json"]);
    assert_eq!(from_board["difficulty"], json(&["freecell", "grade", "1", "--json"])["difficulty"]);
    std::fs::write(&deck, "AH AH").unwrap();
    let (code, _, stderr) = deckhand(&["pyramid", "grade", "--deck", deck.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("bad Pyramid deal in `"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn winnable_prints_only_proven_seeds() {
    let seeds = ok(&["pyramid", "winnable", "--count", "3"]);
    let seeds: Vec<&str> = seeds.lines().collect();
    assert_eq!(seeds.len(), 3);
    for seed in &seeds {
        assert_eq!(json(&["pyramid", "grade", seed, "--json"])["result"], "solved", "{seed}");
    }
    // In increasing order, each after the last.
    let numbers: Vec<u64> = seeds.iter().map(|s| s.parse().unwrap()).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]));

    let list = json(&["klondike", "winnable", "--count", "2", "--draw", "3", "--from", "10", "--json"]);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert!(list.iter().all(|g| g["result"] == "solved" && g["draw"] == 3 && g["deal"].as_u64() >= Some(10)));

    let hard = json(&["freecell", "winnable", "--count", "1", "--difficulty", "hard", "--json"]);
    assert_eq!(hard[0]["difficulty"], "Hard");
}

#[test]
fn deal_of_the_day_vectors() {
    // The same build gives the same seed for a date (docs/RULES.md, "Deal of the day").
    for (game, date, draw, deal) in [
        ("freecell", "2000-01-01", "1", 57),
        ("freecell", "2026-11-26", "1", 307_848),
        ("pyramid", "2026-11-26", "1", 316_509),
        ("pyramid", "2027-02-28", "1", 396_256),
        ("klondike", "2026-11-26", "1", 896_182),
        ("klondike", "2026-11-26", "3", 212_266),
    ] {
        let mut arguments = vec![game, "day", date, "--json"];
        if game == "klondike" {
            arguments.extend(["--draw", draw]);
        }
        let value = json(&arguments);
        assert_eq!(value["date"], date);
        assert_eq!(value["deal"], deal, "{game} {date}");
        assert_eq!(value["result"], "solved");
        assert!(value["difficulty"].is_string());
    }
}

#[test]
fn bad_input_is_refused_with_a_message() {
    for (arguments, message) in [
        (&["freecell", "grade"][..], "needs a deal number or `--deck FILE`"),
        (&["freecell", "grade", "0"], "out of range"),
        (&["pyramid", "grade", "x7"], "not a deal number"),
        (&["freecell", "winnable"], "needs `--count K`"),
        (&["freecell", "winnable", "--count", "0"], "takes 1 to 10000 seeds"),
        (&["freecell", "winnable", "--count", "99999999"], "takes 1 to 10000 seeds"),
        (&["pyramid", "winnable", "--count", "1", "--difficulty", "brutal"], "not a difficulty"),
        (&["klondike", "winnable", "--count", "1", "--draw", "2"], "use 1 or 3"),
        (&["pyramid", "winnable", "--count", "1", "--draw", "3"], "unknown option `--draw`"),
        (&["freecell", "day", "2026-02-30"], "2026-02-30 is not a day of the calendar"),
        (&["freecell", "day", "1999-12-31"], "out of range"),
        (&["freecell", "day", "tomorrow"], "is not a date"),
        (&["freecell", "day"], "needs a date"),
        (&["freecell", "grade-table", "--range", "5..1"], "expected A..B"),
        (&["freecell", "grade-table", "--range", "1..2000000"], "at most 1000000 seeds"),
    ] {
        let (code, stdout, stderr) = deckhand(arguments);
        assert_eq!(code, 2, "{arguments:?}");
        assert!(stdout.is_empty(), "{arguments:?}: {stdout}");
        assert!(stderr.contains(message), "{arguments:?}: {stderr}");
    }
}

#[test]
fn grade_table_counts_tiers_and_policy_wins() {
    let table = ok(&["freecell", "grade-table", "--range", "1..3"]);
    assert!(table.starts_with("freecell seeds 1..3: 3 winnable, 0 unsolvable, 0 unknown"), "{table}");
    assert!(table.contains("| Easy |") && table.contains("| all | 3 |"), "{table}");
}
