//! TriPeaks: PySolFC's deals against its own generator (tests/data/tripeaks-deals.txt, written
//! by scripts/tripeaks-vectors.py), the solver's verdicts against a plain exhaustive search,
//! every solution replayed through the rules, and the command-line contract.

use std::collections::HashSet;
use std::process::Command;

use deckhand::cards::Card;
use deckhand::deal::PysolNumber;
use deckhand::games::tripeaks::{pysol_deal, solve, Move, Options, Pile, Position, PEAK_CARDS};
use deckhand::search::Outcome;

fn deckhand(arguments: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_deckhand")).args(arguments).output().expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn deal(number: u128) -> Position {
    pysol_deal(PysolNumber::new(number).unwrap())
}

fn replays(start: &Position, moves: &[Move]) -> bool {
    moves.iter().try_fold(*start, |p, &m| p.play(m)).is_ok_and(|end| end.is_won())
}

#[test]
fn deals_are_pysolfc_three_peaks_layouts() {
    let text = include_str!("data/tripeaks-deals.txt");
    let mut games = 0;
    for block in text.split("\ngame ").skip(1) {
        let (number, rest) = block.split_once('\n').unwrap();
        let number: u128 = number.trim().parse().unwrap();
        let (board, peaks) = rest.split_once("Peaks: ").unwrap();
        let position = deal(number);
        assert_eq!(position.to_string(), board, "game {number}");
        let dealt: Vec<Card> = peaks.split_whitespace().map(|c| c.parse().unwrap()).collect();
        assert_eq!(dealt, (0..PEAK_CARDS).map(|slot| position.dealt_peak(slot)).collect::<Vec<_>>());
        games += 1;
    }
    assert!(games >= 20, "{games}");
}

/// Whether `position` can be won, by plain recursion over every legal move, remembering the
/// positions lost (by their peaks left, stock dealt and waste top card): no ordering, no
/// pruning, nothing shared with the solver but the rules.
fn winnable(position: &Position, lost: &mut HashSet<(u32, usize, Card)>) -> bool {
    if position.is_won() {
        return true;
    }
    let key = (position.left(), position.drawn(), position.waste_top());
    if lost.contains(&key) {
        return false;
    }
    for mv in position.legal_moves() {
        if winnable(&position.play(mv).unwrap(), lost) {
            return true;
        }
    }
    lost.insert(key);
    false
}

#[test]
fn verdicts_equal_a_plain_exhaustive_search_and_wins_replay() {
    let (mut won, mut lost) = (0, 0);
    for number in 1..=400 {
        let start = deal(number);
        let outcome = solve(&start, Options::default());
        let plain = winnable(&start, &mut HashSet::new());
        match outcome {
            Outcome::Solved(moves) => {
                assert!(replays(&start, &moves), "game {number}: the line does not replay to a win");
                assert!(plain, "game {number}");
                won += 1;
            }
            Outcome::Unsolvable => {
                assert!(!plain, "game {number}: called lost, but the plain search wins it");
                lost += 1;
            }
            Outcome::Unknown(reason) => panic!("game {number}: undecided ({reason:?})"),
        }
    }
    // Both kinds of verdict are exercised.
    assert!(won > 350 && lost > 0, "{won} won, {lost} lost");
}

#[test]
fn positions_part_way_are_judged_like_fresh_ones() {
    for number in [1, 2, 3, 17, 40] {
        let mut position = deal(number);
        // Some moves of a fixed policy: the first legal move, a few times.
        for _ in 0..8 {
            let Some(&mv) = position.legal_moves().first() else { break };
            position = position.play(mv).unwrap();
        }
        let plain = winnable(&position, &mut HashSet::new());
        match solve(&position, Options::default()) {
            Outcome::Solved(moves) => assert!(plain && replays(&position, &moves), "game {number}"),
            Outcome::Unsolvable => assert!(!plain, "game {number}"),
            Outcome::Unknown(reason) => panic!("{reason:?}"),
        }
    }
}

#[test]
fn cli_deal_and_solve_follow_the_contract() {
    let (code, board, stderr) = deckhand(&["tripeaks", "deal", "1"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "Row 1: <XX> <XX> <XX>");
    assert_eq!(lines[3], "Row 4: 9D QD JS AS AH 3C 4C 5C TS QH");
    assert!(lines[4].starts_with("Talon: AC 4D"));
    assert_eq!(lines[5], "Waste: 4H");

    let (code, json, stderr) = deckhand(&["tripeaks", "solve", "1", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        json.starts_with(r#"{"game": "tripeaks", "deal": 1, "result": "solved", "moves": [{"from": "#),
        "{json}"
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let moves = value["moves"].as_array().unwrap();
    // Every peak card is played once, and every move goes to the waste.
    let played = moves.iter().filter(|m| m["from"].as_str().unwrap().starts_with("peak-")).count();
    assert_eq!(played, PEAK_CARDS);
    let mut position = deal(1);
    for mv in moves {
        assert_eq!(mv["to"], "waste");
        assert_eq!(mv.as_object().unwrap().len(), 2, "a move is just from and to: {mv}");
        let from = Pile::parse(mv["from"].as_str().unwrap()).unwrap();
        let played = deckhand::games::tripeaks::intended_move(&position, from, Pile::Waste).unwrap();
        position = position.play(played).unwrap();
    }
    assert!(position.is_won());

    let (code, list, stderr) = deckhand(&["bench", "tripeaks", "--range", "1..5", "--list"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(list.lines().count(), 5);
    let (code, _, stderr) = deckhand(&["tripeaks", "deal", "0"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("deal number"), "{stderr}");
}
