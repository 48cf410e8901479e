//! The family's moves in links (`moves=3a.2x.41.a7`): source then destination, cascades
//! `1`-`9` and `0` (the tenth), free cells `a`-`h`, and `x` for the foundation (`h` also reads
//! as the foundation where a game has no eighth cell, as in FreeCell's notation). A
//! cascade-to-cascade move carries the run that fits the card it goes on; onto an empty cascade
//! it carries as many cards as it may, unless a count follows a dash (`81-3` moves three cards
//! to empty cascade 1). Every character is URL-safe.

use crate::games::freecell::{Move, Source, Target};
use crate::share::{LinkMoves, MovesError};

use super::rules::Position;
use super::table::refusal_words;
use crate::games::freecell::table::Layout;

/// The notation, for errors.
const EXPECTED: &str =
    "source then destination: cascades 1-9 and 0, free cells a-h, x the foundation, like 3a, 2x, 41 or 41-3";

/// Why a move of a link cannot be played here, in words naming the cards.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// Why a link's list of moves cannot be read or played.
pub type LinkMovesError = MovesError<Refused>;

fn cascade_char(index: u8) -> char {
    match index {
        9 => '0',
        i => char::from(b'1' + i.min(8)),
    }
}

fn write_source(word: &mut String, from: Source) {
    match from {
        Source::Cascade(i) => word.push(cascade_char(i)),
        Source::Cell(i) => word.push(char::from(b'a' + i.min(25))),
    }
}

/// A move as written in a link, not yet checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Word {
    from: Source,
    to: Target,
    cards: Option<u8>,
}

/// A pile's letter or digit read with the game's numbers of cascades and cells.
fn place(c: u8, cascades: u8, cells: u8) -> Option<Target> {
    match c {
        b'1'..=b'9' if c - b'1' < cascades => Some(Target::Cascade(c - b'1')),
        b'0' if cascades >= 10 => Some(Target::Cascade(9)),
        b'a'..=b'h' if c - b'a' < cells => Some(Target::Cell(c - b'a')),
        b'x' => Some(Target::Foundation),
        b'h' if cells < 8 => Some(Target::Foundation),
        _ => None,
    }
}

fn read_word(word: &str, cascades: u8, cells: u8) -> Option<Word> {
    let bytes = word.as_bytes();
    if bytes.len() < 2 {
        return None;
    }
    let (from, to, count) = (bytes[0], bytes[1], &bytes[2..]);
    let from = match place(from.to_ascii_lowercase(), cascades, cells)? {
        Target::Cascade(i) => Source::Cascade(i),
        Target::Cell(i) => Source::Cell(i),
        Target::Foundation => return None,
    };
    let to = place(to.to_ascii_lowercase(), cascades, cells)?;
    let cards = match count {
        [] => None,
        [b'-', digits @ ..]
            if (1..=2).contains(&digits.len())
                && digits[0] != b'0'
                && digits.iter().all(u8::is_ascii_digit) =>
        {
            let n: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
            if n > 13 || !matches!((from, to), (Source::Cascade(_), Target::Cascade(_))) {
                return None;
            }
            Some(n)
        }
        _ => return None,
    };
    Some(Word { from, to, cards })
}

/// The move a cascade-to-cascade word means where no count is written: the run that fits the
/// card it goes on, or onto an empty cascade as many cards as may go.
fn default_count(position: &Position, from: usize, to: usize) -> usize {
    let rules = position.rules();
    let cards = position.cascade(from);
    let run = position.run_length(from);
    match position.cascade(to).last() {
        Some(&base) => (1..=run).find(|&n| rules.stacks_on(cards[cards.len() - n], base)).unwrap_or(1),
        None => run.min(position.capacity_to(to)).max(1),
    }
}

/// The word for `mv` played in `position`: the count is written only onto an empty cascade,
/// when the move carries fewer cards than it could.
pub fn word(position: &Position, mv: Move) -> String {
    let mut word = String::with_capacity(5);
    write_source(&mut word, mv.from);
    match mv.to {
        Target::Cascade(i) => write_source(&mut word, Source::Cascade(i)),
        Target::Cell(i) => write_source(&mut word, Source::Cell(i)),
        Target::Foundation => word.push('x'),
    }
    if let (Source::Cascade(i), Target::Cascade(j)) = (mv.from, mv.to) {
        if usize::from(mv.cards) != default_count(position, usize::from(i), usize::from(j)) {
            word.push_str(&format!("-{}", mv.cards));
        }
    }
    word
}

/// The family's words depend on the position (a count only where it differs from the default),
/// so it writes and reads its lists itself.
impl LinkMoves for Position {
    type Error = LinkMovesError;

    /// A word a move, each as played from the position the moves before it reach.
    fn moves_text(&self, moves: &[Move]) -> String {
        let mut position = self.clone();
        let mut words = Vec::with_capacity(moves.len());
        for &mv in moves {
            words.push(word(&position, mv));
            position.play_unchecked(mv);
        }
        words.join(".")
    }

    /// Each word is read and checked in constant time.
    fn play_moves_text(&self, text: &str) -> Result<(Position, Vec<Move>), LinkMovesError> {
        crate::limits::check_length(text, crate::share::MAX_MOVES_LEN, "list of moves")
            .map_err(MovesError::TooLong)?;
        let rules = self.rules();
        let mut position = self.clone();
        let mut moves = Vec::new();
        for (index, text) in text.split('.').filter(|w| !w.is_empty()).enumerate() {
            let index = index + 1;
            let quoted = || crate::limits::quote(text);
            let Some(Word { from, to, cards }) = read_word(text, rules.cascades, rules.cells) else {
                return Err(MovesError::Malformed { index, word: quoted(), expected: EXPECTED });
            };
            let illegal =
                |reason: String| MovesError::Illegal { index, word: quoted(), reason: Refused(reason) };
            let mv = match from {
                Source::Cascade(i) => {
                    let cascade = position.cascade(usize::from(i));
                    if cascade.is_empty() {
                        return Err(illegal(format!("cascade {} is empty", u32::from(i) + 1)));
                    }
                    let n = match (cards, to) {
                        (Some(n), _) => usize::from(n),
                        (None, Target::Cascade(j)) => {
                            default_count(&position, usize::from(i), usize::from(j))
                        }
                        (None, _) => 1,
                    };
                    if n > cascade.len() {
                        return Err(illegal(format!(
                            "cascade {} holds only {} cards",
                            u32::from(i) + 1,
                            cascade.len()
                        )));
                    }
                    Move { card: cascade[cascade.len() - n], from, to, cards: n as u8 }
                }
                Source::Cell(i) => match position.cell(usize::from(i)) {
                    Some(card) => Move::single(card, from, to),
                    None => return Err(illegal(format!("free cell {} is empty", char::from(b'a' + i)))),
                },
            };
            position.check(mv).map_err(|reason| illegal(refusal_words(&position, mv, reason)))?;
            position.play_unchecked(mv);
            moves.push(mv);
        }
        Ok((position, moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::PysolNumber;
    use crate::games::freecell::family::{FamilySolver, Variant};
    use crate::search::Outcome;

    fn deal(variant: Variant, number: u128) -> Position {
        Position::deal(variant, PysolNumber::new(number).unwrap())
    }

    #[test]
    fn solver_lines_round_trip_through_the_notation() {
        for variant in [Variant::BakersGame, Variant::EightOff, Variant::SeahavenTowers] {
            for number in 1..=6 {
                let start = deal(variant, number);
                let Outcome::Solved(moves) = FamilySolver::solve(&start) else { continue };
                let text = start.moves_text(&moves);
                let (end, read) = start.play_moves_text(&text).unwrap();
                assert_eq!(read, moves, "{variant} #{number}: {text}");
                assert!(end.is_won());
            }
        }
    }

    #[test]
    fn every_word_shape_reads() {
        assert_eq!(
            read_word("0x", 10, 4),
            Some(Word { from: Source::Cascade(9), to: Target::Foundation, cards: None })
        );
        assert_eq!(
            read_word("ha", 8, 8),
            Some(Word { from: Source::Cell(7), to: Target::Cell(0), cards: None })
        );
        assert_eq!(
            read_word("ah", 8, 4),
            Some(Word { from: Source::Cell(0), to: Target::Foundation, cards: None })
        );
        assert_eq!(
            read_word("ah", 8, 8),
            Some(Word { from: Source::Cell(0), to: Target::Cell(7), cards: None })
        );
        assert_eq!(
            read_word("81-3", 8, 4),
            Some(Word { from: Source::Cascade(7), to: Target::Cascade(0), cards: Some(3) })
        );
        for bad in
            ["", "1", "0x", "9x", "e1", "x1", "11-", "12-0", "12-03", "12-14", "1a-2", "12x3", "123", "1é"]
        {
            assert_eq!(read_word(bad, 8, 4), None, "{bad}");
        }
    }

    #[test]
    fn bad_moves_are_named() {
        let start = deal(Variant::BakersGame, 1);
        let error = start.play_moves_text("1a.zz").unwrap_err();
        assert!(error.to_string().starts_with("move 2 `zz` is not a move"), "{error}");
        let error = start.play_moves_text("1a.1a").unwrap_err().to_string();
        assert!(error.starts_with("move 2 `1a` cannot be played: free cell a already holds the "), "{error}");
        let error = start.play_moves_text("ba").unwrap_err().to_string();
        assert_eq!(error, "move 1 `ba` cannot be played: free cell b is empty");
        let long = "1a.".repeat(crate::share::MAX_MOVES_LEN);
        assert!(matches!(start.play_moves_text(&long), Err(MovesError::TooLong(_))));
    }
}
