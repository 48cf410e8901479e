//! Klondike deck text: 52 cards in dealing order (the 28 tableau cards row by row as a person
//! deals, then the stock from the top), with any separators; and deck link codes.

use crate::cards::{Card, Deck};
use crate::share::{decode_deck, encode_deck, LinkError};

use super::rules::{COLUMNS, TABLEAU_CARDS};

/// Everything wrong with a pasted deck (the shared deck check of [`crate::cards`]).
pub type SetupError = crate::cards::DeckError;
pub use crate::cards::{Duplicate, MAX_PASTE_LEN};
/// A pasted deck, read but not yet checked (see [`crate::cards::DeckSetup`]).
pub type Setup = crate::cards::DeckSetup;

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
