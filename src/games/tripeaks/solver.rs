//! The TriPeaks solver: it sees every card, face down or not, and either finds a winning line,
//! proves that none exists, or gives up at a state budget.
//!
//! A depth-first search over (the peak cards left, the stock cards dealt, the waste top's
//! rank) — all of a position that matters to what can still be played, since a card fits the
//! waste by rank alone — with every position searched kept in a transposition table, so that
//! none is searched twice. Moves are irreversible (each one plays a peak card or deals a stock
//! card), so a position met again was lost the first time, and a search that ends without a
//! win has seen every position the deal can reach: the deal is proven lost.
//!
//! Moves are tried best first: a peak card that keeps the run going (another card fits on
//! it), then one that turns the most cards up, the draw last. A position where some peak card
//! can never be played is dropped unsearched: no card one rank either side of it is on the
//! waste's top, in the stock, or in the peaks but for the cards it lies on (which are all
//! still there when it is played).

use crate::cards::Card;
use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

use super::rules::{covered_by, Move, Position, PEAK_CARDS, STOCK_CARDS};

/// The default state budget: far more than any deal measured needs (docs/BENCHMARKS.md,
/// TriPeaks), and it bounds the table (17 bytes a slot, at most 3/4 full) to about 140 MB.
pub const DEFAULT_BUDGET: u64 = 4_000_000;

/// The most states any budget allows (about 300 MB of table).
pub const MAX_STATES: u64 = 12_000_000;

/// How the solver runs: its budget, at most [`MAX_STATES`] states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { budget: Budget::states(DEFAULT_BUDGET) }
    }
}

/// The move code of a draw in a frame's list (peak slots are 0..28).
const DRAW: u8 = PEAK_CARDS as u8;

/// A position on the search's path and the moves still to try from it.
struct Frame {
    left: u32,
    drawn: u8,
    moves: [u8; PEAK_CARDS + 1],
    count: u8,
    next: u8,
}

/// A depth-first TriPeaks search, run in slices through [`Search`]. A unit of
/// [`Search::step`]'s work is one move tried; [`Search::progress`] counts the distinct
/// positions stored, which the budget bounds.
pub struct Solver {
    peaks: [Card; PEAK_CARDS],
    stock: [Card; STOCK_CARDS],
    /// The ranks of the stock cards from each index on, as masks (the last one empty).
    stock_ranks: [u16; STOCK_CARDS + 1],
    stack: Vec<Frame>,
    seen: crate::search::Table<u64, ()>,
    budget: u64,
    states: u64,
    done: Option<Outcome<Vec<Move>>>,
}

/// The position's part the search keys on (never 0, the table's empty key).
fn key(left: u32, drawn: u8, top: u8) -> u64 {
    1 << 63 | u64::from(left) | u64::from(drawn) << 28 | u64::from(top % 13) << 33
}

fn hash(key: u64) -> u64 {
    let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed ^ (mixed >> 29)
}

/// Whether `a` and `b` (card indices) are one rank apart, king and ace wrapping.
fn adjacent(a: u8, b: u8) -> bool {
    let difference = (13 + a % 13 - b % 13) % 13;
    difference == 1 || difference == 12
}

impl Solver {
    pub fn new(start: &Position, options: Options) -> Solver {
        let peaks = std::array::from_fn(|slot| start.dealt_peak(slot));
        let mut stock = [start.waste_top(); STOCK_CARDS];
        let left_in_stock = start.stock();
        stock[STOCK_CARDS - left_in_stock.len()..].copy_from_slice(left_in_stock);
        let mut stock_ranks = [0u16; STOCK_CARDS + 1];
        for index in (0..STOCK_CARDS).rev() {
            stock_ranks[index] = stock_ranks[index + 1] | 1 << rank_index(stock[index]);
        }
        let mut solver = Solver {
            peaks,
            stock,
            stock_ranks,
            stack: Vec::with_capacity(64),
            seen: crate::search::Table::with_slots(1 << 12),
            budget: options.budget.states.clamp(1, MAX_STATES),
            states: 0,
            done: None,
        };
        // The stock as the search sees it: the cards not yet dealt, at their indices.
        let drawn = (STOCK_CARDS - left_in_stock.len()) as u8;
        let top = rank_index(start.waste_top());
        if start.is_won() {
            solver.done = Some(Outcome::Solved(Vec::new()));
        } else if solver.hopeless(start.left(), drawn, top) {
            solver.done = Some(Outcome::Unsolvable);
        } else {
            solver.seen.insert(hash(key(start.left(), drawn, top)), key(start.left(), drawn, top));
            solver.states = 1;
            let frame = solver.frame(start.left(), drawn, top);
            solver.stack.push(frame);
        }
        solver
    }

    /// A solver with the default options but a budget of `states`.
    pub fn with_budget(start: &Position, states: u64) -> Solver {
        Solver::new(start, Options { budget: Budget::states(states) })
    }

    fn is_free(left: u32, slot: usize) -> bool {
        left & (1 << slot) != 0 && covered_by(slot) & left == 0
    }

    /// The position's moves, best first.
    fn frame(&self, left: u32, drawn: u8, top: u8) -> Frame {
        let mut ranked = [(0u8, 0u8); PEAK_CARDS];
        let mut count = 0;
        let mut rest = left;
        while rest != 0 {
            let slot = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let card = rank_index(self.peaks[slot]);
            if !Solver::is_free(left, slot) || !adjacent(card, top) {
                continue;
            }
            let after = left & !(1 << slot);
            let (mut turned, mut going_on) = (0u8, 0u8);
            let mut others = after;
            while others != 0 {
                let other = others.trailing_zeros() as usize;
                others &= others - 1;
                if Solver::is_free(after, other) {
                    if !Solver::is_free(left, other) {
                        turned += 1;
                    }
                    if adjacent(rank_index(self.peaks[other]), card) {
                        going_on = 1;
                    }
                }
            }
            // Keep the run going first, then turn cards up, then the higher rows.
            let merit = going_on * 64 + turned * 8 + (3 - super::rules::row_column(slot).0 as u8);
            ranked[count] = (merit, slot as u8);
            count += 1;
        }
        ranked[..count].sort_unstable_by_key(|&(merit, _)| std::cmp::Reverse(merit));
        let mut moves = [0u8; PEAK_CARDS + 1];
        for (i, &(_, slot)) in ranked[..count].iter().enumerate() {
            moves[i] = slot;
        }
        if usize::from(drawn) < STOCK_CARDS {
            moves[count] = DRAW;
            count += 1;
        }
        Frame { left, drawn, moves, count: count as u8, next: 0 }
    }

    /// Whether some peak card left can never be played. When a card is played the cards it lies
    /// on (directly or not) are all still in the peaks, so the waste card it goes on is the
    /// waste top now, a stock card, or another peak card: if none of those is one rank either
    /// side of it, no line plays it.
    fn hopeless(&self, left: u32, drawn: u8, top: u8) -> bool {
        let outside = (1u16 << top) | self.stock_ranks[usize::from(drawn)];
        let mut rest = left;
        while rest != 0 {
            let slot = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let wanted = neighbours(rank_index(self.peaks[slot]));
            if wanted & outside != 0 {
                continue;
            }
            let mut others = left & !UNDER[slot] & !(1 << slot);
            let mut found = false;
            while others != 0 && !found {
                let other = others.trailing_zeros() as usize;
                others &= others - 1;
                found = wanted & (1 << rank_index(self.peaks[other])) != 0;
            }
            if !found {
                return true;
            }
        }
        false
    }

    /// The moves from the root to the top of the stack.
    fn line(&self) -> Vec<Move> {
        self.stack[1..]
            .iter()
            .zip(&self.stack)
            .map(|(_, parent)| self.move_of(parent.moves[usize::from(parent.next) - 1]))
            .collect()
    }

    fn move_of(&self, code: u8) -> Move {
        if code == DRAW {
            Move::Draw
        } else {
            Move::ToWaste { slot: code, card: self.peaks[usize::from(code)] }
        }
    }
}

/// The ranks one either side of `rank` (0 for aces), as a mask.
fn neighbours(rank: u8) -> u16 {
    (1 << ((rank + 1) % 13)) | (1 << ((rank + 12) % 13))
}

/// The slots each slot lies on, directly or through others: all still in the peaks when it is
/// played.
const UNDER: [u32; PEAK_CARDS] = {
    let mut under = [0u32; PEAK_CARDS];
    let mut lower = 0;
    while lower < PEAK_CARDS {
        let mut slot = 0;
        while slot < PEAK_CARDS {
            if covered_by(lower) & (1 << slot) != 0 {
                under[slot] |= (1 << lower) | under[lower];
            }
            slot += 1;
        }
        lower += 1;
    }
    under
};

/// A card's index as the search keeps the waste top: its rank, 0 for aces.
fn rank_index(card: Card) -> u8 {
    card.rank().value() - 1
}

impl Search for Solver {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(done) = &self.done {
            return Some(done.clone());
        }
        for _ in 0..work.max(1) {
            let Some(frame) = self.stack.last_mut() else {
                self.done = Some(Outcome::Unsolvable);
                return self.done.clone();
            };
            if frame.next == frame.count {
                self.stack.pop();
                continue;
            }
            let code = frame.moves[usize::from(frame.next)];
            frame.next += 1;
            let (left, drawn, top) = if code == DRAW {
                (frame.left, frame.drawn + 1, rank_index(self.stock[usize::from(frame.drawn)]))
            } else {
                (frame.left & !(1 << code), frame.drawn, rank_index(self.peaks[usize::from(code)]))
            };
            if left == 0 {
                let mut line = self.line();
                line.push(self.move_of(code));
                self.done = Some(Outcome::Solved(line));
                return self.done.clone();
            }
            let key = key(left, drawn, top);
            if !self.seen.insert(hash(key), key) {
                continue;
            }
            self.states += 1;
            if self.states >= self.budget {
                self.done = Some(Outcome::Unknown(UnknownReason::StateBudget { states: self.states }));
                return self.done.clone();
            }
            if self.hopeless(left, drawn, top) {
                continue;
            }
            let frame = self.frame(left, drawn, top);
            self.stack.push(frame);
        }
        None
    }

    fn progress(&self) -> Progress {
        Progress { states: self.states }
    }
}

/// Solves `start` to the end with `options` (tests, the command line).
pub fn solve(start: &Position, options: Options) -> Outcome<Vec<Move>> {
    crate::search::run_to_end(&mut Solver::new(start, options), 1 << 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    fn replays(start: &Position, moves: &[Move]) -> bool {
        moves.iter().try_fold(*start, |p, &m| p.play(m)).is_ok_and(|end| end.is_won())
    }

    #[test]
    fn every_win_replays_and_every_loss_is_searched_out() {
        let (mut won, mut lost) = (0, 0);
        for seed in 1..60 {
            let start = Position::new(seeded_deck(seed).cards().try_into().unwrap());
            match solve(&start, Options::default()) {
                Outcome::Solved(moves) => {
                    assert!(replays(&start, &moves), "deal {seed}");
                    won += 1;
                }
                Outcome::Unsolvable => lost += 1,
                Outcome::Unknown(reason) => panic!("deal {seed}: {reason:?}"),
            }
        }
        assert!(won > 40, "{won} won, {lost} lost");
    }

    #[test]
    fn a_solver_started_part_way_replays_from_there() {
        let start = Position::new(seeded_deck(2).cards().try_into().unwrap());
        let mut position = start;
        for _ in 0..5 {
            position = position.play(Move::Draw).unwrap();
        }
        if let Outcome::Solved(moves) = solve(&position, Options::default()) {
            assert!(replays(&position, &moves));
        }
    }

    /// PySolFC's game 111 is lost (tests/tripeaks.rs checks every verdict of 1..400 against a
    /// plain exhaustive search); a budget too small to decide answers Unknown, never a loss.
    #[test]
    fn a_proven_loss_and_an_honest_budget() {
        let lost = super::super::pysol_deal(crate::deal::PysolNumber::new(111).unwrap());
        assert_eq!(solve(&lost, Options::default()), Outcome::Unsolvable);
        let outcome = solve(&lost, Options { budget: Budget::states(3) });
        assert!(matches!(outcome, Outcome::Unknown(_)), "{outcome:?}");
    }
}
