//! A compact TriPeaks move notation for links (`moves=21th.d.12js`): `d` draws the stock's next
//! card; a peak card played to the waste is its slot (`0`-`27`, row by row from the tops) and
//! the card (rank and suit, lower case). Words are joined by dots; every character is URL-safe.

use std::fmt;

use crate::cards::{Card, Rank, Suit};

use super::rules::{IllegalMove, Move, Position, PEAK_CARDS};

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "d to draw, or a peak slot 0-27 and its card such as th: 21th";

/// A move in link notation.
pub struct Notation(pub Move);

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Move::Draw => f.write_str("d"),
            Move::ToWaste { slot, card } => write!(
                f,
                "{slot}{}{}",
                card.rank().char().to_ascii_lowercase(),
                card.suit().char().to_ascii_lowercase()
            ),
        }
    }
}

/// Reads one move; `None` when the word is not in the notation.
pub fn parse_move(word: &str) -> Option<Move> {
    if word == "d" {
        return Some(Move::Draw);
    }
    let bytes = word.as_bytes();
    let digits = match bytes.len() {
        3 => 1,
        4 if bytes[0] != b'0' => 2,
        _ => return None,
    };
    let slot: u8 = std::str::from_utf8(&bytes[..digits]).ok()?.parse().ok()?;
    if usize::from(slot) >= PEAK_CARDS || !bytes[..digits].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let rank = Rank::ALL.into_iter().find(|r| r.char().to_ascii_lowercase() as u8 == bytes[digits])?;
    let suit = Suit::ALL.into_iter().find(|s| s.char().to_ascii_lowercase() as u8 == bytes[digits + 1])?;
    Some(Move::ToWaste { slot, card: Card::new(rank, suit) })
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
        assert_eq!(parse_move(&Notation(Move::Draw).to_string()), Some(Move::Draw));
        for card in Card::all() {
            for slot in 0..PEAK_CARDS as u8 {
                let mv = Move::ToWaste { slot, card };
                assert_eq!(parse_move(&Notation(mv).to_string()), Some(mv), "{mv}");
            }
        }
        assert_eq!(Notation(Move::ToWaste { slot: 21, card: "TH".parse().unwrap() }).to_string(), "21th");
    }

    #[test]
    fn bad_words_are_refused() {
        for word in [
            "", "D", "dd", "2", "21t", "28th", "021th", "21TH", "21zh", "21tz", "+1th", "-1th", "x1th",
            "1th1",
        ] {
            assert_eq!(parse_move(word), None, "{word}");
        }
    }

    #[test]
    fn bad_moves_are_named_and_lists_round_trip() {
        let start = Position::new(seeded_deck(1).cards().try_into().unwrap());
        let error = play_moves(&start, "d.zz").unwrap_err();
        assert_eq!(error, MovesError::Malformed { index: 2, word: "zz".into(), expected: EXPECTED });
        let error = play_moves(&start, "0ah").unwrap_err();
        assert!(error.to_string().starts_with("move 1 `0ah` cannot be played"), "{error}");
        let long = "d.".repeat(crate::share::MAX_MOVES_LEN);
        assert!(matches!(play_moves(&start, &long), Err(MovesError::TooLong(_))));
        let mut position = start;
        let mut moves = Vec::new();
        for i in 0..30 {
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
