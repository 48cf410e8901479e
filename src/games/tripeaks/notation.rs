//! A compact TriPeaks move notation for links (`moves=21th.d.12js`): `d` draws the stock's next
//! card; a peak card played to the waste is its slot (`0`-`27`, row by row from the tops) and
//! the card (rank and suit, lower case). Words are joined by dots; every character is URL-safe.

use std::fmt;

use crate::cards::{Card, Rank, Suit};

use super::rules::{IllegalMove, Move, PEAK_CARDS};
use crate::share::LinkWord;

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "d to draw, or a peak slot 0-27 and its card such as th: 21th";

impl LinkWord for Move {
    const EXPECTED: &'static str = EXPECTED;

    fn write_word(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Draw => f.write_str("d"),
            Move::ToWaste { slot, card } => write!(
                f,
                "{slot}{}{}",
                card.rank().char().to_ascii_lowercase(),
                card.suit().char().to_ascii_lowercase()
            ),
        }
    }

    fn parse_word(word: &str) -> Option<Move> {
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
        let suit =
            Suit::ALL.into_iter().find(|s| s.char().to_ascii_lowercase() as u8 == bytes[digits + 1])?;
        Some(Move::ToWaste { slot, card: Card::new(rank, suit) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::tripeaks::Position;
    use crate::share::{format_link_words, LinkMoves};

    #[test]
    fn every_move_round_trips() {
        assert_eq!(Move::parse_word(&Move::Draw.word()), Some(Move::Draw));
        for card in Card::all() {
            for slot in 0..PEAK_CARDS as u8 {
                let mv = Move::ToWaste { slot, card };
                assert_eq!(Move::parse_word(&mv.word()), Some(mv), "{mv}");
            }
        }
        assert_eq!(Move::ToWaste { slot: 21, card: "TH".parse().unwrap() }.word(), "21th");
    }

    #[test]
    fn bad_words_are_refused() {
        for word in [
            "", "D", "dd", "2", "21t", "28th", "021th", "21TH", "21zh", "21tz", "+1th", "-1th", "x1th",
            "1th1",
        ] {
            assert_eq!(Move::parse_word(word), None, "{word}");
        }
    }

    #[test]
    fn bad_moves_are_named_and_lists_round_trip() {
        let start = Position::new(seeded_deck(1).cards().try_into().unwrap());
        let error = start.play_moves_text("d.zz").unwrap_err();
        assert_eq!(error, MovesError::Malformed { index: 2, word: "zz".into(), expected: EXPECTED });
        let error = start.play_moves_text("0ah").unwrap_err();
        assert!(error.to_string().starts_with("move 1 `0ah` cannot be played"), "{error}");
        let long = "d.".repeat(crate::share::MAX_MOVES_LEN);
        assert!(matches!(start.play_moves_text(&long), Err(MovesError::TooLong(_))));
        let mut position = start;
        let mut moves = Vec::new();
        for i in 0..30 {
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
