//! A compact Klondike move notation for links (`moves=d.w3.31x2.3f`): `d` draw, `r` recycle,
//! `w3` waste to column 3, `wf` waste home, `3f` column 3 home, `35` the top card of column 3
//! to column 5 and `35x2` its top two, `fh4` the top of the hearts foundation to column 4.

use std::fmt;

use crate::cards::Suit;

use super::rules::{shown, IllegalMove, Move, COLUMNS};
use crate::share::LinkWord;

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "d, r, w3, wf, 3f, 35, 35x2 or fh4";

impl LinkWord for Move {
    const EXPECTED: &'static str = EXPECTED;

    fn write_word(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Draw => write!(f, "d"),
            Move::Recycle => write!(f, "r"),
            Move::WasteToTableau { to } => write!(f, "w{}", shown(to)),
            Move::WasteToFoundation => write!(f, "wf"),
            Move::TableauToFoundation { from } => write!(f, "{}f", shown(from)),
            Move::TableauToTableau { from, to, count: 1 } => write!(f, "{}{}", shown(from), shown(to)),
            Move::TableauToTableau { from, to, count } => write!(f, "{}{}x{count}", shown(from), shown(to)),
            Move::FoundationToTableau { suit, to } => {
                write!(f, "f{}{}", suit.char().to_ascii_lowercase(), shown(to))
            }
        }
    }

    fn parse_word(word: &str) -> Option<Move> {
        let column = |c: u8| (b'1'..=b'0' + COLUMNS as u8).contains(&c).then(|| c - b'1');
        let bytes = word.as_bytes();
        Some(match bytes {
            b"d" => Move::Draw,
            b"r" => Move::Recycle,
            b"wf" => Move::WasteToFoundation,
            [b'w', to] => Move::WasteToTableau { to: column(*to)? },
            [from, b'f'] => Move::TableauToFoundation { from: column(*from)? },
            [b'f', suit, to] => Move::FoundationToTableau {
                suit: Suit::ALL.into_iter().find(|s| s.char().to_ascii_lowercase() as u8 == *suit)?,
                to: column(*to)?,
            },
            [from, to] => Move::TableauToTableau { from: column(*from)?, to: column(*to)?, count: 1 },
            [from, to, b'x', count @ ..] => {
                let count: u8 = std::str::from_utf8(count).ok()?.parse().ok()?;
                (1..=13).contains(&count).then_some(())?;
                Move::TableauToTableau { from: column(*from)?, to: column(*to)?, count }
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::{Draw, Position, Rules, Solver};
    use crate::search::run_to_end;
    use crate::search::Outcome;
    use crate::share::{format_link_words, LinkMoves};

    #[test]
    fn solutions_round_trip_through_the_notation() {
        let mut solved = 0;
        for seed in 1..30 {
            let start = Position::new(&seeded_deck(seed), Rules::new(Draw::One));
            // A small budget: the quickly won deals are enough here.
            let Outcome::Solved(moves) = run_to_end(&mut Solver::with_budget(&start, 20_000), 1024) else {
                continue;
            };
            let text = format_link_words(&moves);
            let (end, read) = start.play_moves_text(&text).unwrap();
            assert_eq!(read, moves);
            assert!(end.is_won());
            solved += 1;
        }
        assert!(solved > 10);
    }

    #[test]
    fn every_move_shape_round_trips() {
        let moves = [
            Move::Draw,
            Move::Recycle,
            Move::WasteToTableau { to: 6 },
            Move::WasteToFoundation,
            Move::TableauToFoundation { from: 0 },
            Move::TableauToTableau { from: 2, to: 4, count: 1 },
            Move::TableauToTableau { from: 6, to: 0, count: 12 },
            Move::FoundationToTableau { suit: Suit::Hearts, to: 3 },
        ];
        for mv in moves {
            assert_eq!(Move::parse_word(&mv.word()), Some(mv), "{mv}");
        }
    }

    #[test]
    fn bad_moves_are_named() {
        let start = Position::new(&seeded_deck(1), Rules::new(Draw::One));
        assert_eq!(
            start.play_moves_text("d.d.9x").unwrap_err(),
            MovesError::Malformed { index: 3, word: "9x".into(), expected: EXPECTED }
        );
        let error = start.play_moves_text("r").unwrap_err();
        assert!(error.to_string().starts_with("move 1 `r` cannot be played"), "{error}");
        for word in ["x", "88", "0f", "35x0", "35x14", "fz1", "w8", "dd"] {
            assert_eq!(Move::parse_word(word), None, "{word}");
        }
    }
}
