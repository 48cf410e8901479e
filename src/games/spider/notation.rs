//! A compact Spider move notation for links (`moves=ab.cd3.s.xe`): piles are the letters `a`
//! to `j`; a move between piles is its source, its destination and, when it carries n > 1
//! cards, n; `s` deals a row from the stock; `x` and a pile clears its run to the foundation.
//! Words are joined by dots; every character is URL-safe.

use std::fmt;

use super::rules::{IllegalMove, Move, Position, PILES, RUN};

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "piles a-j: `ab` or `ab3` for 3 cards, `s` to deal, `xa` to clear";

/// A move in link notation.
pub struct Notation(pub Move);

fn letter(pile: u8) -> char {
    char::from(b'a' + pile % PILES as u8)
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Move::ToPile { from, to, count: 1 } => write!(f, "{}{}", letter(from), letter(to)),
            Move::ToPile { from, to, count } => write!(f, "{}{}{count}", letter(from), letter(to)),
            Move::Deal => write!(f, "s"),
            Move::Clear { from } => write!(f, "x{}", letter(from)),
        }
    }
}

/// Reads one move; `None` when the word is not in the notation.
pub fn parse_move(word: &str) -> Option<Move> {
    let pile = |c: u8| (b'a'..b'a' + PILES as u8).contains(&c).then(|| c - b'a');
    match word.as_bytes() {
        [b's'] => Some(Move::Deal),
        [b'x', from] => Some(Move::Clear { from: pile(*from)? }),
        [from, to, digits @ ..] => {
            let count = match digits {
                [] => 1,
                [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9'] => {
                    std::str::from_utf8(digits).ok()?.parse().ok()?
                }
                _ => return None,
            };
            if !(2..=RUN as u8).contains(&count) && !digits.is_empty() {
                return None;
            }
            Some(Move::ToPile { from: pile(*from)?, to: pile(*to)?, count })
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

    #[test]
    fn every_move_shape_round_trips() {
        let mut moves = vec![Move::Deal];
        for from in 0..PILES as u8 {
            moves.push(Move::Clear { from });
            for to in 0..PILES as u8 {
                for count in 1..=RUN as u8 {
                    moves.push(Move::ToPile { from, to, count });
                }
            }
        }
        for mv in moves {
            assert_eq!(parse_move(&Notation(mv).to_string()), Some(mv), "{mv}");
        }
        assert_eq!(Notation(Move::ToPile { from: 1, to: 9, count: 12 }).to_string(), "bj12");
    }

    #[test]
    fn bad_words_are_refused() {
        for word in
            ["", "a", "ak", "ka", "ab1", "ab0", "ab14", "ab03", "ab123", "xk", "x", "ss", "S", "AB", "xab"]
        {
            assert_eq!(parse_move(word), None, "{word}");
        }
    }
}
