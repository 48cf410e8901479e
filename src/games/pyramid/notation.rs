//! A compact Pyramid move notation for links (`moves=d.KD.6H7C.r`): `d` draw, `r` recycle, a
//! card alone removes that king, two cards together remove that pair.

use std::fmt;

use crate::cards::Card;

use super::rules::{IllegalMove, Move};
use crate::share::LinkWord;

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "d, r, a king such as KD or a pair such as 6H7C";

impl LinkWord for Move {
    const EXPECTED: &'static str = EXPECTED;

    fn write_word(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Draw => write!(f, "d"),
            Move::Recycle => write!(f, "r"),
            Move::RemoveKing(card) => write!(f, "{card}"),
            Move::RemovePair(first, second) => write!(f, "{first}{second}"),
        }
    }

    fn parse_word(word: &str) -> Option<Move> {
        let card = |text: &str| text.parse::<Card>().ok();
        match word {
            "d" | "D" => Some(Move::Draw),
            "r" | "R" => Some(Move::Recycle),
            _ if word.len() == 2 && word.is_ascii() => card(word).map(Move::RemoveKing),
            _ if word.len() == 4 && word.is_ascii() => {
                Some(Move::RemovePair(card(&word[..2])?, card(&word[2..])?))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::pyramid::solve;
    use crate::games::pyramid::Position;
    use crate::search::Outcome;
    use crate::share::{format_link_words, LinkMoves};

    #[test]
    fn a_solution_round_trips_through_its_link() {
        let start = Position::new(&seeded_deck(2));
        let Outcome::Solved(moves) = solve(&start) else { panic!("deck 2 is solvable") };
        let text = format_link_words(&moves);
        assert!(text.split('.').all(|word| matches!(word.len(), 1 | 2 | 4)), "{text}");
        let (end, read) = start.play_moves_text(&text).unwrap();
        assert_eq!(read, moves);
        assert!(end.is_cleared());
        // Case does not matter.
        assert_eq!(start.play_moves_text(&text.to_lowercase()).unwrap().1, moves);
    }

    #[test]
    fn bad_words_are_named_with_their_place() {
        let start = Position::new(&seeded_deck(2));
        assert_eq!(
            start.play_moves_text("d.x9"),
            Err(MovesError::Malformed { index: 2, word: "x9".into(), expected: EXPECTED })
        );
        assert_eq!(
            start.play_moves_text("d.d.KHKH7"),
            Err(MovesError::Malformed { index: 3, word: "KHKH7".into(), expected: EXPECTED })
        );
        // Recycling with cards left in the stock is refused, with the rule's reason.
        assert_eq!(
            start.play_moves_text("d.r"),
            Err(MovesError::Illegal { index: 2, word: "r".into(), reason: IllegalMove::StockNotEmpty })
        );
        assert_eq!(start.play_moves_text(""), Ok((start, Vec::new())));
    }
}
