//! A compact Golf move notation for links (`moves=3th.s.5jc`): a pile move is the pile
//! (`1`-`7`) and the card it sends to the waste (rank and suit, lower case); `s` deals the
//! stock's next card. Words are joined by dots; every character is URL-safe.

use std::fmt;

use crate::cards::{Card, Rank, Suit};

use super::rules::{IllegalMove, Move, Position, PILES};

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "a pile 1-7 and its card such as 3th, or s for the stock";

/// A move in link notation.
pub struct Notation(pub Move);

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
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
}

/// Reads one move; `None` when the word is not in the notation.
pub fn parse_move(word: &str) -> Option<Move> {
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

/// The moves of a game, joined by dots.
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|&mv| Notation(mv).to_string()).collect::<Vec<_>>().join(".")
}

/// Reads moves joined by dots and plays them from `start`, saying which one is wrong and why.
/// A list longer than [`crate::share::MAX_MOVES_LEN`] is refused before anything is read.
pub fn play_moves(start: &Position, text: &str) -> Result<(Position, Vec<Move>), MovesError> {
    crate::share::play_link_moves(start, text, parse_move, EXPECTED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    #[test]
    fn every_move_round_trips() {
        for card in Card::all() {
            for from in 0..PILES as u8 {
                let mv = Move::ToWaste { from, card };
                assert_eq!(parse_move(&Notation(mv).to_string()), Some(mv), "{mv}");
            }
        }
        assert_eq!(parse_move("s"), Some(Move::Deal));
        assert_eq!(Notation(Move::ToWaste { from: 2, card: "TH".parse().unwrap() }).to_string(), "3th");
    }

    #[test]
    fn bad_words_are_refused() {
        for word in ["", "3", "3t", "0th", "8th", "3TH", "3zh", "3tz", "3thx", "ss", "S", "st"] {
            assert_eq!(parse_move(word), None, "{word}");
        }
    }

    #[test]
    fn bad_moves_are_named() {
        let start = Position::new(&seeded_deck(1));
        let error = play_moves(&start, "s.zz").unwrap_err();
        assert_eq!(error, MovesError::Malformed { index: 2, word: "zz".into(), expected: EXPECTED });
        let under = start.pile(0)[0];
        let word = Notation(Move::ToWaste { from: 0, card: under }).to_string();
        let error = play_moves(&start, &format!("s.{word}")).unwrap_err();
        assert!(error.to_string().starts_with(&format!("move 2 `{word}` cannot be played")), "{error}");
        let long = "s.".repeat(crate::share::MAX_MOVES_LEN);
        assert!(matches!(play_moves(&start, &long), Err(MovesError::TooLong(_))));
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
        let (end, read) = play_moves(&start, &format_moves(&moves)).unwrap();
        assert_eq!(read, moves);
        assert_eq!(end, position);
    }
}
