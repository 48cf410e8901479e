//! A compact Spider move notation for links (`moves=ab.cd3.s.xe`): piles are the letters `a`
//! to `j`; a move between piles is its source, its destination and, when it carries n > 1
//! cards, n; `s` deals a row from the stock; `x` and a pile clears its run to the foundation.
//! Words are joined by dots; every character is URL-safe.

use std::fmt;

use super::rules::{IllegalMove, Move, PILES, RUN};
use crate::share::LinkWord;

/// Why a link's list of moves cannot be read or played.
pub type MovesError = crate::share::MovesError<IllegalMove>;

/// The notation, for errors.
const EXPECTED: &str = "piles a-j: `ab` or `ab3` for 3 cards, `s` to deal, `xa` to clear";

fn letter(pile: u8) -> char {
    char::from(b'a' + pile % PILES as u8)
}

impl LinkWord for Move {
    const EXPECTED: &'static str = EXPECTED;

    fn write_word(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::ToPile { from, to, count: 1 } => write!(f, "{}{}", letter(from), letter(to)),
            Move::ToPile { from, to, count } => write!(f, "{}{}{count}", letter(from), letter(to)),
            Move::Deal => write!(f, "s"),
            Move::Clear { from } => write!(f, "x{}", letter(from)),
        }
    }

    fn parse_word(word: &str) -> Option<Move> {
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
            assert_eq!(Move::parse_word(&mv.word()), Some(mv), "{mv}");
        }
        assert_eq!(Move::ToPile { from: 1, to: 9, count: 12 }.word(), "bj12");
    }

    #[test]
    fn bad_words_are_refused() {
        for word in
            ["", "a", "ak", "ka", "ab1", "ab0", "ab14", "ab03", "ab123", "xk", "x", "ss", "S", "AB", "xab"]
        {
            assert_eq!(Move::parse_word(word), None, "{word}");
        }
    }
}
