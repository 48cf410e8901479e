//! Klondike deck text: 52 cards in dealing order (the 28 tableau cards row by row as a person
//! deals, then the stock from the top), with any separators; and deck link codes.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{parse_cards, Card, Deck, MalformedToken, TokenPosition};
use crate::share::{decode_deck, encode_deck, LinkError};

use super::rules::{Position, Rules, COLUMNS, TABLEAU_CARDS};

/// A card that appears more than once, with where each copy stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicate {
    pub card: Card,
    pub positions: Vec<TokenPosition>,
}

/// Everything wrong with a pasted Klondike deck, all at once.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{}", self.describe())]
pub struct SetupError {
    /// How many cards were read (malformed tokens not counted).
    pub found: usize,
    /// Cards of the full deck that do not appear, in index order.
    pub missing: Vec<Card>,
    /// Cards that appear more than once, in index order, with every position.
    pub duplicated: Vec<Duplicate>,
    /// Tokens that are not cards, with their positions.
    pub malformed: Vec<MalformedToken>,
}

impl SetupError {
    fn describe(&self) -> String {
        let mut parts = vec![format!("found {} cards, expected 52", self.found)];
        if !self.missing.is_empty() {
            let cards: Vec<String> = self.missing.iter().map(Card::to_string).collect();
            parts.push(format!("missing {}", cards.join(" ")));
        }
        for duplicate in &self.duplicated {
            let places: Vec<String> = duplicate.positions.iter().map(ToString::to_string).collect();
            parts.push(format!("{} appears {} times: {}", duplicate.card, places.len(), places.join(", ")));
        }
        for token in &self.malformed {
            parts.push(token.to_string());
        }
        parts.join("; ")
    }
}

/// A pasted deck, read but not yet checked. It becomes a [`Deck`] (and a [`Position`]) only
/// through [`Setup::deck`], whose error lists every problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub cards: Vec<(Card, TokenPosition)>,
    pub malformed: Vec<MalformedToken>,
}

impl Setup {
    /// Reads card tokens from free text (any separators, either case, `10` or `T`).
    pub fn parse(text: &str) -> Setup {
        let parsed = parse_cards(text);
        Setup { cards: parsed.cards, malformed: parsed.malformed }
    }

    /// Checks for exactly the 52 cards, each once, and nothing else.
    pub fn deck(&self) -> Result<Deck, SetupError> {
        let mut positions: Vec<Vec<TokenPosition>> = vec![Vec::new(); 52];
        for &(card, position) in &self.cards {
            positions[card.index() as usize].push(position);
        }
        let missing: Vec<Card> = Card::all().filter(|c| positions[c.index() as usize].is_empty()).collect();
        let duplicated: Vec<Duplicate> = Card::all()
            .filter(|c| positions[c.index() as usize].len() > 1)
            .map(|card| Duplicate { card, positions: positions[card.index() as usize].clone() })
            .collect();
        if self.cards.len() == 52 && missing.is_empty() && self.malformed.is_empty() {
            let cards = self.cards.iter().map(|&(card, _)| card).collect();
            Deck::from_cards(cards).map_err(|error| SetupError {
                found: error.found,
                missing: error.missing,
                duplicated,
                malformed: Vec::new(),
            })
        } else {
            Err(SetupError {
                found: self.cards.len(),
                missing,
                duplicated,
                malformed: self.malformed.clone(),
            })
        }
    }

    /// The starting position under `rules`.
    pub fn position(&self, rules: Rules) -> Result<Position, SetupError> {
        Ok(Position::new(&self.deck()?, rules))
    }
}

/// Reads a deck in dealing order from text, reporting every problem.
pub fn parse_deck(text: &str) -> Result<Deck, SetupError> {
    Setup::parse(text).deck()
}

/// Writes a deck in dealing order: seven lines for the seven deal rows (row `r` holds the
/// cards dealt to columns `r+1..=7`, the first of them face up), then the stock on one line.
/// [`parse_deck`] reads it back.
pub fn format_deck(deck: &Deck) -> String {
    let cards = deck.cards();
    let mut out = String::new();
    let mut next = 0;
    for row in 0..COLUMNS {
        let line: Vec<String> = cards[next..next + COLUMNS - row].iter().map(Card::to_string).collect();
        next += COLUMNS - row;
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    let stock: Vec<String> = cards[TABLEAU_CARDS..].iter().map(Card::to_string).collect();
    out.push_str(&stock.join(" "));
    out.push('\n');
    out
}

/// The link code of a deck (see [`crate::share`]).
pub fn deck_code(deck: &Deck) -> String {
    encode_deck(deck)
}

/// The deck behind a link code.
pub fn deck_from_code(code: &str) -> Result<Deck, LinkError> {
    decode_deck(code)
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards: Vec<String> = self.cards.iter().map(|(card, _)| card.to_string()).collect();
        f.write_str(&cards.join(" "))
    }
}
