//! PySolFC's game numbers against vectors from PySolFC's own random module
//! (`tests/data/pysol-deals.txt`, written by `scripts/pysol-vectors.py`; Python never runs here).

use deckhand::deal::{microsoft_freecell, pysol_deal_order, pysol_shuffled, DealNumber, PysolNumber};
use deckhand::{Card, Suit};

struct Vector {
    decks: usize,
    suits: Vec<Suit>,
    number: PysolNumber,
    shuffled: Vec<Card>,
}

fn vectors() -> Vec<Vector> {
    let text = include_str!("data/pysol-deals.txt");
    let vectors: Vec<Vector> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (head, cards) = line.split_once(':').expect("a colon");
            let mut words = head.split_whitespace();
            let decks = words.next().unwrap().parse().unwrap();
            let suits = words.next().unwrap().chars().map(|c| Suit::parse(&c.to_string()).unwrap()).collect();
            let number = words.next().unwrap().parse().unwrap();
            let shuffled = cards.split_whitespace().map(|card| card.parse().unwrap()).collect();
            Vector { decks, suits, number, shuffled }
        })
        .collect();
    assert!(vectors.len() >= 60, "{} vectors", vectors.len());
    vectors
}

#[test]
fn every_vector_matches_pysolfc() {
    for vector in vectors() {
        let shuffled = pysol_shuffled(vector.number, vector.decks, &vector.suits);
        assert_eq!(shuffled.len(), vector.decks * vector.suits.len() * 13);
        assert_eq!(
            shuffled, vector.shuffled,
            "{} deck(s) of {:?}, game {}",
            vector.decks, vector.suits, vector.number
        );
        let mut dealt = pysol_deal_order(vector.number, vector.decks, &vector.suits);
        dealt.reverse();
        assert_eq!(dealt, shuffled);
    }
}

#[test]
fn the_vectors_cover_both_generators_and_every_deck() {
    let vectors = vectors();
    for decks in [52, 104] {
        for number in [1u128, 31_999, 32_000, 1 << 32, 1 << 64, PysolNumber::MAX] {
            assert!(
                vectors.iter().any(|v| v.number.get() == number && v.shuffled.len() == decks),
                "{decks} cards, game {number}"
            );
        }
    }
}

#[test]
fn games_below_32000_of_52_cards_are_microsoft_deals() {
    for number in (1..32_000).step_by(97).chain([31_999]) {
        let dealt =
            pysol_deal_order(PysolNumber::new(number as u128).unwrap(), 1, &deckhand::deal::PYSOL_SUITS);
        let cascades = microsoft_freecell(DealNumber::new(number).unwrap());
        for (k, card) in dealt.iter().enumerate() {
            assert_eq!(*card, cascades[k % 8][k / 8], "game {number}, card {k}");
        }
    }
}
