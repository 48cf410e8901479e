//! Golf's deals against PySolFC's own generator (`tests/data/golf-deals.txt`, written by
//! `scripts/golf-vectors.py`; Python never runs here), the `deckhand golf deal N` board text
//! black-hole-solver reads, and the rules on hand-made positions.

use std::process::Command;

use deckhand::deal::PysolNumber;
use deckhand::games::golf::{pysol_deal, IllegalMove, Move, Position, PILES, STOCK_CARDS};
use deckhand::{Card, Deck};

fn deckhand(arguments: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_deckhand")).args(arguments).output().expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The committed vectors: game number and its nine lines of board text.
fn vectors() -> Vec<(PysolNumber, Vec<String>)> {
    let text = include_str!("data/golf-deals.txt");
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    let mut vectors = Vec::new();
    while let Some(header) = lines.next() {
        let number = header.strip_prefix("game ").expect("a game line").parse().unwrap();
        vectors.push((number, (0..9).map(|_| lines.next().unwrap().to_string()).collect()));
    }
    vectors
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn deals_match_pysolfc() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 34);
    for (number, expected) in vectors {
        let shown = pysol_deal(number).to_string();
        assert_eq!(shown.lines().collect::<Vec<_>>(), expected, "game {}", number.get());
    }
}

#[test]
fn the_board_text_is_pysolfcs() {
    let shown = pysol_deal(PysolNumber::new(1).unwrap()).to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 2 + PILES);
    let stock: Vec<&str> = lines[0].strip_prefix("Talon: ").unwrap().split(' ').collect();
    assert_eq!(stock.len(), STOCK_CARDS);
    assert_eq!(lines[1], "Foundations: TH");
    assert!(lines[2..].iter().all(|line| line.split(' ').count() == 5));
}

#[test]
fn deckhand_golf_deal_prints_the_vectors() {
    for (number, expected) in vectors().into_iter().take(3) {
        let (code, stdout, stderr) = deckhand(&["golf", "deal", &number.to_string()]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stdout, expected.join("\n") + "\n");
    }
    let (code, _, stderr) = deckhand(&["golf", "deal", "0"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("deal number"), "{stderr}");
}

#[test]
fn deckhand_golf_solve_lists_moves_to_the_waste() {
    let (code, json, stderr) = deckhand(&["golf", "solve", "2", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        json.starts_with(r#"{"game": "golf", "deal": 2, "result": "solved", "moves": [{"from": "#),
        "{json}"
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let moves = value["moves"].as_array().unwrap();
    assert!(moves.len() >= 35);
    for mv in moves {
        let object = mv.as_object().unwrap();
        assert_eq!(object.len(), 2, "{mv}");
        assert_eq!(mv["to"], "waste");
        let from = mv["from"].as_str().unwrap();
        assert!(from == "stock" || deckhand::games::golf::Pile::parse(from).is_some(), "{from}");
    }
    let (code, json, _) = deckhand(&["golf", "solve", "1", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(json, "{\"game\": \"golf\", \"deal\": 1, \"result\": \"unsolvable\", \"moves\": []}\n");
}

/// A deck whose piles are `rows` (seven piles of five, first dealt first), waste `waste`, and
/// the stock the rest in card order.
fn position(piles: [&str; 7], waste: &str) -> Position {
    let piles: Vec<Vec<Card>> = piles.iter().map(|p| p.split(' ').map(card).collect()).collect();
    let mut cards = Vec::new();
    for row in 0..5 {
        for pile in &piles {
            cards.push(pile[row]);
        }
    }
    cards.push(card(waste));
    let rest: Vec<Card> = Card::all().filter(|c| !cards.contains(c)).collect();
    cards.extend(rest);
    Position::new(&Deck::from_cards(cards).unwrap())
}

#[test]
fn every_move_kind_legal_and_illegal() {
    let p = position(
        [
            "AS 2S 3S 4S 5S",
            "6S 7S 8S 9S TS",
            "JS QS KS 2H AH",
            "3H 4H 5H 6H 7H",
            "8H 9H TH JH QH",
            "KH AD 2D 3D 4D",
            "5D 6D 7D 8D KC",
        ],
        "QC",
    );
    // Not one rank away; a king on a queen.
    let five = Move::ToWaste { from: 0, card: card("5S") };
    assert_eq!(p.check(five), Err(IllegalMove::NotAdjacent { card: card("5S"), waste: card("QC") }));
    let king = Move::ToWaste { from: 6, card: card("KC") };
    let queen = Move::ToWaste { from: 4, card: card("QH") };
    assert_eq!(p.check(queen), Err(IllegalMove::NotAdjacent { card: card("QH"), waste: card("QC") }));
    let after = p.play(king).unwrap();
    assert_eq!(after.waste_top(), card("KC"));
    assert_eq!(after.top(6), Some(card("8D")));
    // A queen goes on a king; an ace does not (no wrap).
    assert_eq!(after.play(queen).unwrap().waste_top(), card("QH"));
    assert_eq!(
        after.check(Move::ToWaste { from: 2, card: card("AH") }),
        Err(IllegalMove::NotAdjacent { card: card("AH"), waste: card("KC") })
    );
    // The deal: the stock's next card onto the waste.
    let dealt = p.play(Move::Deal).unwrap();
    assert_eq!(dealt.waste_top(), p.stock()[0]);
    assert_eq!(dealt.stock().len(), STOCK_CARDS - 1);
    // Only the top card goes.
    assert_eq!(
        p.check(Move::ToWaste { from: 1, card: card("9S") }),
        Err(IllegalMove::NotOnTop { card: card("9S"), pile: 2 })
    );
}
