//! Pyramid deck text: 52 cards, the 28 pyramid cards row by row from the apex, then the stock
//! from top to bottom, with any separators and layout (a pasted picture of a pyramid works).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{parse_cards, Card, Deck, MalformedToken, TokenPosition};

use super::rules::Position;

/// A card that appears more than once, with where each copy stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicate {
    pub card: Card,
    pub positions: Vec<TokenPosition>,
}

/// Everything wrong with a pasted Pyramid deck, all at once.
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

/// A pasted deck, read but not yet checked: the card tokens in order with their positions,
/// and the tokens that are not cards. It becomes a [`Deck`] (and a [`Position`]) only through
/// [`Setup::deck`], whose error lists every problem.
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
            let deck = Deck::from_cards(self.cards.iter().map(|&(card, _)| card).collect());
            // Unreachable in practice: 52 cards with none missing are each present once.
            return deck.map_err(|error| SetupError {
                found: error.found,
                missing: error.missing,
                duplicated: Vec::new(),
                malformed: error.malformed,
            });
        }
        Err(SetupError { found: self.cards.len(), missing, duplicated, malformed: self.malformed.clone() })
    }

    /// The starting position, if the deck is valid.
    pub fn position(&self) -> Result<Position, SetupError> {
        self.deck().map(|deck| Position::new(&deck))
    }
}

/// Reads a Pyramid deck from pasted text.
pub fn parse_deck(text: &str) -> Result<Deck, SetupError> {
    Setup::parse(text).deck()
}

impl FromStr for Position {
    type Err = SetupError;

    /// The starting position of a pasted deck.
    fn from_str(text: &str) -> Result<Position, SetupError> {
        Setup::parse(text).position()
    }
}

/// Writes a deck as Pyramid deck text: the pyramid as seven centred rows, then the stock on
/// one line, top card first. [`parse_deck`] reads it back.
pub fn format_deck(deck: &Deck) -> String {
    struct Text<'a>(&'a Deck);
    impl fmt::Display for Text<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let cards = self.0.cards();
            let mut next = 0;
            for row in 0..7 {
                let cells: Vec<String> = cards[next..next + row + 1].iter().map(Card::to_string).collect();
                writeln!(f, "{}{}", " ".repeat((6 - row) * 2), cells.join("  "))?;
                next += row + 1;
            }
            let stock: Vec<String> = cards[next..].iter().map(Card::to_string).collect();
            writeln!(f, "{}", stock.join(" "))
        }
    }
    Text(deck).to_string()
}
