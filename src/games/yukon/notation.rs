//! A compact Yukon move notation for links (`moves=25th.3fah.714sx3`): the pile a move takes
//! from (`1`-`7`), where it goes (`1`-`7`, or `f` for the foundation), the card it takes
//! (rank and suit, lower case), and `xN` when it carries N > 1 cards (that card and the N − 1
//! on it). Words are joined by dots; every character is URL-safe.

use std::fmt;

use crate::cards::{Card, Rank, Suit};

use super::rules::{shown, IllegalMove, Move, MAX_PILE, PILES};
use crate::share::LinkWord;

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "a pile 1-7, a pile or f, a card such as th, and xN for N cards: 25th, 3fah, 714sx3";

fn card_word(card: Card) -> [char; 2] {
    [card.rank().char().to_ascii_lowercase(), card.suit().char().to_ascii_lowercase()]
}

impl LinkWord for Move {
    const EXPECTED: &'static str = EXPECTED;

    fn write_word(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [rank, suit] = card_word(self.card());
        match *self {
            Move::ToFoundation { from, .. } => write!(f, "{}f{rank}{suit}", shown(from)),
            Move::ToPile { from, to, count: 1, .. } => write!(f, "{}{}{rank}{suit}", shown(from), shown(to)),
            Move::ToPile { from, to, count, .. } => {
                write!(f, "{}{}{rank}{suit}x{count}", shown(from), shown(to))
            }
        }
    }

    fn parse_word(word: &str) -> Option<Move> {
        let pile = |c: u8| (b'1'..=b'0' + PILES as u8).contains(&c).then(|| c - b'1');
        let bytes = word.as_bytes();
        if bytes.len() < 4 || bytes.len() > 7 {
            return None;
        }
        let from = pile(bytes[0])?;
        let rank = Rank::ALL.into_iter().find(|r| r.char().to_ascii_lowercase() as u8 == bytes[2])?;
        let suit = Suit::ALL.into_iter().find(|s| s.char().to_ascii_lowercase() as u8 == bytes[3])?;
        let card = Card::new(rank, suit);
        let count = match &bytes[4..] {
            [] => 1,
            [b'x', digits @ ..] if !digits.is_empty() && digits.len() <= 2 && digits[0] != b'0' => {
                let count: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
                if count < 2 || usize::from(count) > MAX_PILE {
                    return None;
                }
                count
            }
            _ => return None,
        };
        match bytes[1] {
            b'f' if count == 1 => Some(Move::ToFoundation { from, card }),
            b'f' => None,
            to => Some(Move::ToPile { from, to: pile(to)?, card, count }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::yukon::Position;
    use crate::share::{format_link_words, LinkMoves};

    #[test]
    fn every_move_shape_round_trips() {
        for card in Card::all() {
            for from in 0..PILES as u8 {
                let home = Move::ToFoundation { from, card };
                assert_eq!(Move::parse_word(&home.word()), Some(home), "{home}");
                for to in 0..PILES as u8 {
                    for count in [1, 2, 9, 10, 25, 52] {
                        let mv = Move::ToPile { from, to, card, count };
                        assert_eq!(Move::parse_word(&mv.word()), Some(mv), "{mv}");
                    }
                }
            }
        }
        assert_eq!(Move::ToPile { from: 1, to: 4, card: "TH".parse().unwrap(), count: 3 }.word(), "25thx3");
    }

    #[test]
    fn bad_words_are_refused() {
        for word in [
            "", "2", "25t", "25th1", "85th", "08th", "2fthx2", "25thx", "25thx1", "25thx0", "25thx03",
            "25thx53", "25thx100", "25zh", "25tz", "25TH", "2gth",
        ] {
            assert_eq!(Move::parse_word(word), None, "{word}");
        }
    }

    #[test]
    fn bad_moves_are_named() {
        let start = Position::new(&seeded_deck(1));
        let legal = start.legal_moves();
        let first = legal.as_slice()[0].word();
        let error = start.play_moves_text(&format!("{first}.zz")).unwrap_err();
        assert_eq!(error, MovesError::Malformed { index: 2, word: "zz".into(), expected: EXPECTED });
        // A move of a card that is not where the word says.
        let error = start.play_moves_text("1fah.1fah").unwrap_err();
        assert!(error.to_string().starts_with("move 1 `1fah` cannot be played"), "{error}");
        let long = "x".repeat(crate::share::MAX_MOVES_LEN + 1);
        assert!(matches!(start.play_moves_text(&long), Err(MovesError::TooLong(_))));
    }

    #[test]
    fn played_lists_round_trip() {
        let mut position = Position::new(&seeded_deck(7));
        let start = position;
        let mut moves = Vec::new();
        for i in 0..40 {
            let legal = position.legal_moves();
            let Some(&mv) = legal.as_slice().get(i % legal.len().max(1)) else { break };
            position.apply(mv);
            moves.push(mv);
        }
        let (end, read) = start.play_moves_text(&format_link_words(&moves)).unwrap();
        assert_eq!(read, moves);
        assert_eq!(end, position);
    }
}
