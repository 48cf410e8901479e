//! The engine compiled to wasm32 and run by wasm-bindgen-test (in Node): the same code the
//! worker runs gives the same answers as natively.
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use deckhand::deal::{microsoft_freecell, seeded_deck, DealNumber};
use deckhand::games::pyramid;
use deckhand::protocol::{Answer, Dispatcher, Request, Response, Task};
use deckhand::search::Outcome;
use deckhand::share::{decode_deck, encode_deck};
use deckhand::Card;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn microsoft_deal_1_in_wasm() {
    let cascades = microsoft_freecell(DealNumber::new(1).unwrap());
    let first: Vec<String> = cascades[0].iter().map(Card::to_string).collect();
    assert_eq!(first.join(" "), "JD KD 2S 4C 3S 6D 6S");
}

#[wasm_bindgen_test]
fn extended_deals_use_64_bit_arithmetic_in_wasm() {
    let cascades = microsoft_freecell(DealNumber::new(8_589_934_591).unwrap());
    let first: Vec<String> = cascades[0].iter().map(Card::to_string).collect();
    assert_eq!(first.join(" "), "TC 8S 8C 6C 5H 5C 9C");
}

#[wasm_bindgen_test]
fn deck_codes_round_trip_in_wasm() {
    let deck = seeded_deck(42);
    assert_eq!(decode_deck(&encode_deck(&deck)).unwrap(), deck);
}

#[wasm_bindgen_test]
fn dispatcher_solves_a_pyramid_deck_in_wasm() {
    let deck = seeded_deck(2);
    let mut dispatcher = Dispatcher::new();
    let task = Task::SolvePyramidGame { deck: encode_deck(&deck), moves: Vec::new() };
    dispatcher.receive(Request::Start { id: 1, task });
    let answer = loop {
        if let [Response::Finished { answer, .. }] = &dispatcher.run_slice(50.0, &|| 0.0)[..] {
            break answer.clone();
        }
    };
    let Answer::PyramidSolved { deck: cards, outcome } = answer else { panic!("unexpected {answer:?}") };
    assert_eq!(cards, deck.cards());
    match outcome {
        Outcome::Solved(moves) => {
            let end = moves.iter().try_fold(pyramid::Position::new(&deck), |p, &m| p.play(m)).unwrap();
            assert!(end.is_cleared());
        }
        Outcome::Unsolvable => {}
        Outcome::Unknown(reason) => panic!("undecided: {reason:?}"),
    }
}
