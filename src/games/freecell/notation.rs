//! Standard FreeCell move notation, expansion of sequence moves into single-card moves, and
//! solution length in single-card moves.
//!
//! A move is written source then destination: cascades `1`-`8`, free cells `a`-`d`, and `h`
//! for the foundation (`3b`, `ah`, `81`). A cascade-to-cascade move carries the run that fits
//! the destination; onto an empty cascade it carries as many cards as it may, unless a count
//! follows after `x` (`81x3` moves three cards to empty cascade 1).

use std::fmt;

use thiserror::Error;

use super::rules::{capacity, IllegalMove, Move, Position, Source, Target, CASCADES, CELLS};

/// Why a notation token is not a move here (the token quoted shortened).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("`{0}` is not a move: write source then destination, like `3b`, `ah` or `81`")]
    Malformed(String),
    #[error("`{text}` is not legal here: {reason}")]
    Illegal { text: String, reason: IllegalMove },
    #[error("`{text}`: no run in that cascade fits the destination")]
    NoFit { text: String },
}

/// A move written in standard notation, not yet checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Notation {
    pub from: Source,
    pub to: Target,
    /// An explicit card count (`x3`), else `None`.
    pub cards: Option<u8>,
}

fn source_char(c: char) -> Option<Source> {
    match c {
        '1'..='8' => Some(Source::Cascade(c as u8 - b'1')),
        'a'..='d' | 'A'..='D' => Some(Source::Cell(c.to_ascii_lowercase() as u8 - b'a')),
        _ => None,
    }
}

impl std::str::FromStr for Notation {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Notation, NotationError> {
        let malformed = || NotationError::Malformed(crate::limits::quote(text));
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let from = chars.next().and_then(source_char).ok_or_else(malformed)?;
        let to = match chars.next().ok_or_else(malformed)? {
            'h' | 'H' => Target::Foundation,
            c => match source_char(c).ok_or_else(malformed)? {
                Source::Cascade(i) => Target::Cascade(i),
                Source::Cell(i) => Target::Cell(i),
            },
        };
        let rest: &str = chars.as_str();
        let cards = if rest.is_empty() {
            None
        } else {
            let count = rest.strip_prefix(['x', 'X']).ok_or_else(malformed)?;
            match count.parse::<u8>() {
                Ok(n) if (1..=52).contains(&n) => Some(n),
                _ => return Err(malformed()),
            }
        };
        Ok(Notation { from, to, cards })
    }
}

fn write_source(f: &mut fmt::Formatter<'_>, from: Source) -> fmt::Result {
    match from {
        Source::Cascade(i) => write!(f, "{}", u32::from(i) + 1),
        Source::Cell(i) => write!(f, "{}", super::rules::cell_name(i)),
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_source(f, self.from)?;
        match self.to {
            Target::Cascade(i) => write_source(f, Source::Cascade(i))?,
            Target::Cell(i) => write_source(f, Source::Cell(i))?,
            Target::Foundation => write!(f, "h")?,
        }
        if let Some(n) = self.cards {
            write!(f, "x{n}")?;
        }
        Ok(())
    }
}

impl Notation {
    /// The notation of a move played in `position`: the count is written only when the
    /// destination is an empty cascade and the move carries fewer cards than it could.
    pub fn of(position: &Position, mv: Move) -> Notation {
        let mut notation = Notation { from: mv.from, to: mv.to, cards: None };
        if let Notation { from: Source::Cascade(i), to: Target::Cascade(j), .. } = notation {
            let dest_empty = position.cascade(usize::from(j)).is_empty();
            let most = position.run_length(usize::from(i)).min(position.capacity_to(usize::from(j)));
            if dest_empty && usize::from(mv.cards) != most {
                notation.cards = Some(mv.cards);
            }
        }
        notation
    }

    /// The move this notation means in `position`, checked for legality.
    pub fn to_move(self, position: &Position) -> Result<Move, NotationError> {
        let text = self.to_string();
        let card = match self.from {
            Source::Cascade(i) => position.cascade(usize::from(i)).last().copied(),
            Source::Cell(i) => position.cell(usize::from(i)),
        };
        let Some(top) = card else {
            return Err(NotationError::Illegal { text, reason: IllegalMove::EmptySource(self.from) });
        };
        let mv = match (self.from, self.to) {
            (Source::Cascade(i), Target::Cascade(j)) => {
                let cards = position.cascade(usize::from(i));
                let run = position.run_length(usize::from(i));
                let dest = position.cascade(usize::from(j));
                let n = match (self.cards, dest.last()) {
                    (Some(n), _) => usize::from(n),
                    (None, None) => run.min(position.capacity_to(usize::from(j))).max(1),
                    (None, Some(&base)) => (1..=run)
                        .find(|&n| super::rules::stacks_on(cards[cards.len() - n], base))
                        .ok_or(NotationError::NoFit { text: text.clone() })?,
                };
                if n == 0 || n > cards.len() {
                    return Err(NotationError::NoFit { text });
                }
                Move { card: cards[cards.len() - n], from: self.from, to: self.to, cards: n as u8 }
            }
            _ => Move { card: top, from: self.from, to: self.to, cards: self.cards.unwrap_or(1) },
        };
        position.check(mv).map_err(|reason| NotationError::Illegal { text, reason })?;
        Ok(mv)
    }
}

/// Why a link's list of moves cannot be read or played: the word is not in the notation, or
/// is not a move in the position it comes to.
pub type MovesError = crate::share::MovesError<NotationError>;

/// The notation, for errors.
const EXPECTED: &str = "source then destination, like 3b, ah, 81 or 81x3";

/// Reads a link's moves (standard notation joined by dots, `8a.81.3h`) and plays them from
/// `start`, saying which one is wrong. A list longer than [`crate::share::MAX_MOVES_LEN`] is
/// refused before anything is read.
pub fn play_moves(start: &Position, text: &str) -> Result<(Position, Vec<Move>), MovesError> {
    crate::limits::check_length(text, crate::share::MAX_MOVES_LEN, "list of moves")
        .map_err(MovesError::TooLong)?;
    let mut position = start.clone();
    let mut moves = Vec::new();
    for (index, word) in text.split('.').filter(|w| !w.is_empty()).enumerate() {
        let index = index + 1;
        let quoted = || crate::limits::quote(word);
        let notation: Notation =
            word.parse().map_err(|_| MovesError::Malformed { index, word: quoted(), expected: EXPECTED })?;
        let mv = notation.to_move(&position).map_err(|reason| MovesError::Illegal {
            index,
            word: quoted(),
            reason,
        })?;
        position.play_unchecked(mv);
        moves.push(mv);
    }
    Ok((position, moves))
}

/// A game's moves from `start` in standard notation, a word each (`8a`, `81`, `3h`).
pub fn notation_words(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut position = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let word = Notation::of(&position, mv).to_string();
            position.play_unchecked(mv);
            word
        })
        .collect()
}

/// Single-card moves the standard procedure needs to move `cards` cards with `cells` empty free
/// cells and `cascades` empty cascades (not counting the destination): `2n-1` when the cells
/// suffice, else the cheapest split through an empty cascade. `None` when it cannot be done.
pub fn single_card_cost(cards: usize, cells: usize, cascades: usize) -> Option<u32> {
    best_split(cards, cells, cascades).map(|(cost, _)| cost)
}

/// Costs for up to 52 cards, 4 free cells and 8 empty cascades: `(cost, part)`, `u16::MAX`
/// for impossible. Built once, bottom-up.
type CostTable = [[[(u16, u8); 53]; CELLS + 1]; CASCADES + 1];

fn cost_table() -> &'static CostTable {
    static TABLE: std::sync::OnceLock<Box<CostTable>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[[(u16::MAX, 0u8); 53]; CELLS + 1]; CASCADES + 1]);
        for e in 0..=CASCADES {
            for f in 0..=CELLS {
                table[e][f][0] = (0, 0);
                for n in 1..=52usize {
                    if n <= f + 1 {
                        table[e][f][n] = (2 * n as u16 - 1, 0);
                    } else if e > 0 && n <= capacity(f, e) {
                        for part in 1..n {
                            let park = table[e - 1][f][part].0;
                            let rest = table[e - 1][f][n - part].0;
                            if park == u16::MAX || rest == u16::MAX {
                                continue;
                            }
                            let cost = 2 * park + rest;
                            if cost < table[e][f][n].0 {
                                table[e][f][n] = (cost, part as u8);
                            }
                        }
                    }
                }
            }
        }
        table
    })
}

/// The cost and the part parked in an empty cascade (0 when the free cells suffice).
fn best_split(cards: usize, cells: usize, cascades: usize) -> Option<(u32, usize)> {
    if cards > 52 || cells > CELLS || cascades > CASCADES {
        return None;
    }
    let (cost, part) = cost_table()[cascades][cells][cards];
    (cost != u16::MAX).then_some((u32::from(cost), usize::from(part)))
}

/// The single-card cost of `mv` played in `position` (1 for any single-card move).
pub fn move_cost(position: &Position, mv: Move) -> Option<u32> {
    match (mv.from, mv.to) {
        (Source::Cascade(_), Target::Cascade(j)) => {
            let empty = position.empty_cascades() - usize::from(position.cascade(usize::from(j)).is_empty());
            single_card_cost(usize::from(mv.cards), position.empty_cells(), empty)
        }
        _ => Some(1),
    }
}

/// Why a list of moves cannot be measured or expanded: move `index` is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("move {} ({mv}) is illegal: {reason}", .index + 1)]
pub struct ReplayError {
    pub index: usize,
    pub mv: Move,
    pub reason: IllegalMove,
}

/// Solution length in single-card moves (DESIGN.md): plays `moves` from `start` and sums the
/// cost of each. Returns the final position too.
pub fn solution_length(start: &Position, moves: &[Move]) -> Result<(u32, Position), ReplayError> {
    let mut position = start.clone();
    let mut total = 0;
    for (index, &mv) in moves.iter().enumerate() {
        position.check(mv).map_err(|reason| ReplayError { index, mv, reason })?;
        total += move_cost(&position, mv).unwrap_or(0);
        position.play_unchecked(mv);
    }
    Ok((total, position))
}

/// Expands `mv` into the single-card moves of the standard procedure (free cells first, then
/// parking part of the run in an empty cascade); a single-card move expands to itself.
pub fn expand(position: &Position, mv: Move) -> Result<Vec<Move>, IllegalMove> {
    position.check(mv)?;
    let mut out = Vec::new();
    match (mv.from, mv.to) {
        (Source::Cascade(i), Target::Cascade(j)) if mv.cards > 1 => {
            let mut scratch = position.clone();
            expand_run(&mut scratch, usize::from(mv.cards), usize::from(i), usize::from(j), &mut out);
        }
        _ => out.push(mv),
    }
    Ok(out)
}

fn expand_run(position: &mut Position, n: usize, from: usize, to: usize, out: &mut Vec<Move>) {
    let play = |position: &mut Position, mv: Move, out: &mut Vec<Move>| {
        position.play_unchecked(mv);
        out.push(mv);
    };
    let cells = position.empty_cells();
    let empty: Vec<usize> =
        (0..CASCADES).filter(|&k| k != to && k != from && position.cascade(k).is_empty()).collect();
    let Some((_, part)) = best_split(n, cells, empty.len()) else { return };
    if part == 0 {
        let free: Vec<u8> = (0..CELLS as u8).filter(|&c| position.cell(usize::from(c)).is_none()).collect();
        let mut parked = Vec::new();
        for &cell in free.iter().take(n - 1) {
            let Some(&card) = position.cascade(from).last() else { return };
            play(position, Move::single(card, Source::Cascade(from as u8), Target::Cell(cell)), out);
            parked.push((card, cell));
        }
        let Some(&card) = position.cascade(from).last() else { return };
        play(position, Move::single(card, Source::Cascade(from as u8), Target::Cascade(to as u8)), out);
        for &(card, cell) in parked.iter().rev() {
            play(position, Move::single(card, Source::Cell(cell), Target::Cascade(to as u8)), out);
        }
    } else {
        let park = empty[0];
        expand_run(position, part, from, park, out);
        expand_run(position, n - part, from, to, out);
        expand_run(position, part, park, to, out);
    }
}

/// Expands every move of a solution into single-card moves.
pub fn expand_all(start: &Position, moves: &[Move]) -> Result<Vec<Move>, ReplayError> {
    let mut position = start.clone();
    let mut out = Vec::new();
    for (index, &mv) in moves.iter().enumerate() {
        let singles = expand(&position, mv).map_err(|reason| ReplayError { index, mv, reason })?;
        position.play_unchecked(mv);
        out.extend(singles);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::DealNumber;

    fn deal(n: u64) -> Position {
        Position::deal(DealNumber::new(n).unwrap())
    }

    #[test]
    fn link_moves_are_read_played_and_capped() {
        let start = deal(1);
        let moves: Vec<Move> = start.legal_moves().as_slice()[..1].to_vec();
        let text = notation_words(&start, &moves).join(".");
        let (end, read) = play_moves(&start, &text).unwrap();
        assert_eq!(read, moves);
        assert_eq!(end, start.clone().play(moves[0]).unwrap());

        assert!(matches!(play_moves(&start, "zz"), Err(MovesError::Malformed { index: 1, .. })));
        assert!(matches!(play_moves(&start, "ah"), Err(MovesError::Illegal { index: 1, .. })));
        let long_word = format!("1{}", "h".repeat(100_000));
        let error = play_moves(&start, &long_word).unwrap_err();
        assert!(error.to_string().len() < 300, "{error}");
        let error = play_moves(&start, &"a".repeat(crate::share::MAX_MOVES_LEN + 1)).unwrap_err();
        assert!(matches!(error, MovesError::TooLong(_)), "{error:?}");
    }

    #[test]
    fn malformed_tokens_are_quoted_short() {
        let error = "x".repeat(100_000).parse::<Notation>().unwrap_err();
        assert!(error.to_string().len() < 200, "{error}");
    }

    #[test]
    fn out_of_range_cells_display_without_overflow() {
        // A move naming cell 200 can only come from a malformed message; saying so must not
        // overflow (`b'a' + 200`).
        let notation = Notation { from: Source::Cell(200), to: Target::Cell(255), cards: None };
        assert_eq!(notation.to_string(), "#201#256");
        let mv = Move::single(crate::Card::from_index(0).unwrap(), Source::Cell(255), Target::Cascade(255));
        assert_eq!(mv.to_string(), "Move the ace of clubs from free cell #256 to cascade 256");
        assert!(deal(1).check(mv).is_err());
    }
}
