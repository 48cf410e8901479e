//! The Yukon solver: it sees every card, face down or not, and either finds a winning line,
//! proves that none exists, or gives up at a state budget.
//!
//! A depth-first search over an explicit stack (so that it runs in slices), with:
//! - [`key`]: every position packed exactly into a `u128` that ignores the order of the piles,
//!   kept in a transposition table, so no position is searched twice;
//! - [`generate`]: safe moves to the foundations played at once as part of the move before,
//!   and the other moves ordered best first (turning up face-down cards, emptying piles,
//!   freeing cards from cards they do not build on), with moves that only rename piles left
//!   out.
//!
//! The search visits every position reachable from the start (up to those reductions), so a
//! search that ends without a win proves the deal lost.

use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

use super::rules::{Move, Position, Undo};

mod generate;
mod key;

use generate::{ordered_moves, safe_move, Ordered};
use key::{hash, Dealt};

/// The default state budget: about 2 s of search natively for the deals that run out
/// (docs/BENCHMARKS.md, Yukon).
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// The most states any budget allows, which bounds memory (32 bytes a state in a table at most
/// 3/4 full: about 512 MB at this cap's table of 2^24 slots).
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

/// One position on the search path: its moves in order and how many have been tried.
struct Frame {
    moves: Ordered,
    next: u8,
    /// The length of the path before the move that led here.
    entry: u32,
}

/// A depth-first Yukon search, run in slices through [`Search`].
pub struct Solver {
    position: Position,
    dealt: Dealt,
    seen: crate::search::Table<u128, ()>,
    frames: Vec<Frame>,
    /// Every move played from the start to the current position, safe moves included.
    path: Vec<Undo>,
    budget: u64,
    states: u64,
    done: Option<Outcome<Vec<Move>>>,
}

impl Solver {
    pub fn new(start: &Position, options: Options) -> Solver {
        let mut solver = Solver {
            position: *start,
            dealt: Dealt::new(start),
            seen: crate::search::Table::with_slots(1 << 12),
            frames: Vec::new(),
            path: Vec::new(),
            budget: options.budget.states.min(MAX_STATES),
            states: 0,
            done: None,
        };
        solver.play_safe_moves();
        if solver.position.is_won() {
            solver.done = Some(Outcome::Solved(solver.solution()));
        } else {
            let key = solver.dealt.key(&solver.position);
            solver.seen.insert(hash(key), key);
            solver.states = 1;
            let moves = ordered_moves(&solver.position);
            solver.frames.push(Frame { moves, next: 0, entry: 0 });
        }
        solver
    }

    /// A solver with the default options but a budget of `states`.
    pub fn with_budget(start: &Position, states: u64) -> Solver {
        Solver::new(start, Options { budget: Budget::states(states) })
    }

    fn play_safe_moves(&mut self) {
        while let Some(mv) = safe_move(&self.position) {
            self.path.push(self.position.apply(mv));
        }
    }

    fn solution(&self) -> Vec<Move> {
        self.path.iter().map(|undo| undo.mv).collect()
    }

    fn back_to(&mut self, entry: u32) {
        while self.path.len() > entry as usize {
            if let Some(undo) = self.path.pop() {
                self.position.undo(undo);
            }
        }
    }
}

impl Search for Solver {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(done) = &self.done {
            return Some(done.clone());
        }
        for _ in 0..work.max(1) {
            let Some(top) = self.frames.last_mut() else {
                self.done = Some(Outcome::Unsolvable);
                return self.done.clone();
            };
            if top.next as usize >= top.moves.len() {
                let entry = top.entry;
                self.frames.pop();
                self.back_to(entry);
                continue;
            }
            let mv = top.moves.as_slice()[top.next as usize];
            top.next += 1;
            let entry = self.path.len() as u32;
            self.path.push(self.position.apply(mv));
            self.play_safe_moves();
            if self.position.is_won() {
                self.done = Some(Outcome::Solved(self.solution()));
                return self.done.clone();
            }
            let key = self.dealt.key(&self.position);
            if !self.seen.insert(hash(key), key) {
                self.back_to(entry);
                continue;
            }
            self.states += 1;
            if self.states >= self.budget {
                self.done = Some(Outcome::Unknown(UnknownReason::StateBudget { states: self.states }));
                return self.done.clone();
            }
            let moves = ordered_moves(&self.position);
            self.frames.push(Frame { moves, next: 0, entry });
        }
        None
    }

    fn progress(&self) -> Progress {
        Progress { states: self.states }
    }
}

/// Solves `start` with the default budget.
pub fn solve(start: &Position) -> Outcome<Vec<Move>> {
    crate::search::run_to_end(&mut Solver::new(start, Options::default()), 1 << 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::search::run_to_end;

    fn replays(start: &Position, moves: &[Move]) -> bool {
        let mut position = *start;
        for &mv in moves {
            match position.play(mv) {
                Ok(next) => position = next,
                Err(_) => return false,
            }
        }
        position.is_won()
    }

    #[test]
    fn solutions_replay_to_a_win() {
        let mut solved = 0;
        for seed in 1..20 {
            let start = Position::new(&seeded_deck(seed));
            if let Outcome::Solved(moves) = run_to_end(&mut Solver::with_budget(&start, 200_000), 1000) {
                assert!(replays(&start, &moves), "seed {seed}");
                solved += 1;
            }
        }
        assert!(solved >= 10, "{solved}");
    }
}
