//! A compact Golf move notation for links (`moves=3th.s.5jc`): a pile move is the pile
//! (`1`-`7`) and the card it sends to the waste (rank and suit, lower case); `s` deals the
//! stock's next card. Words are joined by dots; every character is URL-safe.

use std::fmt;

use crate::cards::{Card, Rank, Suit};

use super::rules::{IllegalMove, Move, PILES};
use crate::share::LinkWord;

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "a pile 1-7 and its card such as 3th, or s for the stock";

impl LinkWord for Move {
    const EXPECTED: &'static str = EXPECTED;

    fn write_word(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::ToWaste { from, card } => write!(
                f,
                "{}{}{}",
                u16::from(from) + 1,
                card.rank().char().to_ascii_lowercase(),
                card.suit().char().to_ascii_lowercase()
            ),
            Move::Deal => f.write_str("s"),
        }
    }

    fn parse_word(word: &str) -> Option<Move> {
        match word.as_bytes() {
            [b's'] => Some(Move::Deal),
            &[pile, rank, suit] => {
                let from = (b'1'..=b'0' + PILES as u8).contains(&pile).then(|| pile - b'1')?;
                let rank = Rank::ALL.into_iter().find(|r| r.char().to_ascii_lowercase() as u8 == rank)?;
                let suit = Suit::ALL.into_iter().find(|s| s.char().to_ascii_lowercase() as u8 == suit)?;
                Some(Move::ToWaste { from, card: Card::new(rank, suit) })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::golf::Position;
    use crate::share::{format_link_words, LinkMoves};

    #[test]
    fn every_move_round_trips() {
        for card in Card::all() {
            for from in 0..PILES as u8 {
                let mv = Move::ToWaste { from, card };
                assert_eq!(Move::parse_word(&mv.word()), Some(mv), "{mv}");
            }
        }
        assert_eq!(Move::parse_word("s"), Some(Move::Deal));
        assert_eq!(Move::ToWaste { from: 2, card: "TH".parse().unwrap() }.word(), "3th");
    }

    #[test]
    fn bad_words_are_refused() {
        for word in ["", "3", "3t", "0th", "8th", "3TH", "3zh", "3tz", "3thx", "ss", "S", "st"] {
            assert_eq!(Move::parse_word(word), None, "{word}");
        }
    }

    #[test]
    fn bad_moves_are_named() {
        let start = Position::new(&seeded_deck(1));
        let error = start.play_moves_text("s.zz").unwrap_err();
        assert_eq!(error, MovesError::Malformed { index: 2, word: "zz".into(), expected: EXPECTED });
        let under = start.pile(0)[0];
        let word = Move::ToWaste { from: 0, card: under }.word();
        let error = start.play_moves_text(&format!("s.{word}")).unwrap_err();
        assert!(error.to_string().starts_with(&format!("move 2 `{word}` cannot be played")), "{error}");
        let long = "s.".repeat(crate::share::MAX_MOVES_LEN);
        assert!(matches!(start.play_moves_text(&long), Err(MovesError::TooLong(_))));
    }

    #[test]
    fn played_lists_round_trip() {
        let mut position = Position::new(&seeded_deck(7));
        let start = position;
        let mut moves = Vec::new();
        for i in 0..40 {
            let legal = position.legal_moves();
            let Some(&mv) = legal.get(i % legal.len().max(1)) else { break };
            position.apply(mv);
            moves.push(mv);
        }
        let (end, read) = start.play_moves_text(&format_link_words(&moves)).unwrap();
        assert_eq!(read, moves);
        assert_eq!(end, position);
    }
}
