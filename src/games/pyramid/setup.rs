//! Pyramid deck text: 52 cards, the 28 pyramid cards row by row from the apex, then the stock
//! from top to bottom, with any separators and layout (a pasted picture of a pyramid works).

use std::fmt;
use std::str::FromStr;

use crate::cards::{Card, Deck};

use super::rules::Position;

/// Everything wrong with a pasted deck (the shared deck check of [`crate::cards`]).
pub type SetupError = crate::cards::DeckError;
pub use crate::cards::{Duplicate, MAX_PASTE_LEN};
/// A pasted deck, read but not yet checked (see [`crate::cards::DeckSetup`]).
pub type Setup = crate::cards::DeckSetup;

/// Reads a Pyramid deck from pasted text.
pub fn parse_deck(text: &str) -> Result<Deck, SetupError> {
    Setup::parse(text).deck()
}

impl FromStr for Position {
    type Err = SetupError;

    /// The starting position of a pasted deck.
    fn from_str(text: &str) -> Result<Position, SetupError> {
        Setup::parse(text).deck().map(|deck| Position::new(&deck))
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
