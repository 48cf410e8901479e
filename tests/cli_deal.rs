//! The command-line contract for deals (DESIGN.md): exact output, errors and exit codes.

use std::process::Command;

fn deckhand(arguments: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_deckhand")).args(arguments).output().expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn freecell_deal_prints_eight_cascades_top_card_first() {
    let (code, stdout, stderr) = deckhand(&["freecell", "deal", "1"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 8);
    assert_eq!(lines[0], "JD KD 2S 4C 3S 6D 6S");
    assert_eq!(lines[7], "5H 3H 3C 7S 7D TC");
    assert!(stdout.ends_with('\n'));
}

#[test]
fn freecell_deal_accepts_the_extended_range() {
    let (code, stdout, _) = deckhand(&["freecell", "deal", "8589934591"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().next(), Some("TC 8S 8C 6C 5H 5C 9C"));
}

#[test]
fn bad_deal_numbers_fail_with_a_clear_message_and_exit_code_2() {
    for (argument, expected) in [
        ("0", "out of range"),
        ("8589934592", "out of range"),
        ("12x", "not a deal number"),
        ("-1", "not a deal number"),
    ] {
        let (code, stdout, stderr) = deckhand(&["freecell", "deal", argument]);
        assert_eq!(code, 2, "{argument}");
        assert!(stdout.is_empty(), "{argument}: {stdout}");
        assert!(stderr.contains(expected), "{argument}: {stderr}");
    }
}

#[test]
fn unknown_commands_print_usage_and_exit_code_2() {
    let (code, _, stderr) = deckhand(&["flip", "table"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown command") && stderr.contains("usage"), "{stderr}");
    let (code, _, stderr) = deckhand(&["freecell", "deal"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("needs a deal number"), "{stderr}");
}

#[test]
fn family_deal_prints_pysolfcs_board_text() {
    let (code, stdout, stderr) = deckhand(&["eight-off", "deal", "1"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "Freecells: 6S - 9C - 2H - 6H -");
    assert_eq!(lines[1], "JD KD 2S 4C 3S 6D");
    assert_eq!(lines.len(), 9);
    let (code, stdout, _) = deckhand(&["seahaven-towers", "deal", "1"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().next(), Some("Freecells: - 2H 6H"));
    assert_eq!(stdout.lines().count(), 11);
    let (code, _, stderr) = deckhand(&["bakers-game", "deal", "100000000000000000000"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("out of range"), "{stderr}");
}

#[test]
fn family_solve_and_bench_list_follow_the_contract() {
    let (code, stdout, stderr) = deckhand(&["bakers-game", "solve", "1", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["game"], "bakers-game");
    assert_eq!(json["deal"], 1);
    assert_eq!(json["result"], "solved");
    let moves = json["moves"].as_array().unwrap();
    let home = moves.iter().filter(|m| m["to"] == "foundation").count();
    assert_eq!(home, 52, "every move home is listed");
    assert!(moves.iter().all(|m| m["from"].as_str().unwrap().starts_with("cascade-")
        || m["from"].as_str().unwrap().starts_with("freecell-")));
    let (code, stdout, _) = deckhand(&["bakers-game", "solve", "10", "--json"]);
    assert_eq!(code, 0);
    assert!(stdout.contains(r#""result":"unsolvable""#), "{stdout}");
    let (code, stdout, stderr) = deckhand(&["bench", "bakers-game", "--range", "9..11", "--list"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "9 solved\n10 unsolvable\n11 solved\n");
    assert!(stderr.contains("every solution replayed"), "{stderr}");
}

/// The commands every registered game gets from the registry (src/bin/cli/games.rs), shown on
/// Yukon, which has no command file of its own.
#[test]
fn registered_games_get_deal_solve_and_bench() {
    let (code, keys, _) = deckhand(&["games"]);
    assert_eq!(code, 0);
    let keys: Vec<&str> = keys.lines().collect();
    assert_eq!(keys, deckhand::games::keys());
    assert!(keys.contains(&"yukon"));

    let (code, board, stderr) = deckhand(&["yukon", "deal", "1"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(board.lines().count(), 7);
    assert!(board.lines().nth(1).unwrap().starts_with('<'), "face-down cards first: {board}");

    let (code, json, stderr) = deckhand(&["yukon", "solve", "2", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        json.starts_with(r#"{"game": "yukon", "deal": 2, "result": "solved", "moves": [{"from": "#),
        "{json}"
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let moves = value["moves"].as_array().unwrap();
    let home = moves.iter().filter(|m| m["to"].as_str().unwrap().starts_with("foundation-")).count();
    assert_eq!(home, 52, "every card goes home by an explicit move");
    for mv in moves {
        for end in ["from", "to"] {
            let pile = mv[end].as_str().unwrap();
            assert!(deckhand::games::yukon::Pile::parse(pile).is_some(), "{pile}");
        }
        assert!(mv["cards"].as_u64().unwrap() >= 1);
    }

    let (code, list, stderr) = deckhand(&["bench", "yukon", "--range", "1..3", "--list"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().zip(1..).all(|(line, n)| line.starts_with(&format!("{n} "))), "{list}");
    assert!(stderr.contains("every solution replayed"), "{stderr}");

    let (code, _, stderr) = deckhand(&["yukon", "deal", "0"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("out of range") || stderr.contains("deal number"), "{stderr}");
}
