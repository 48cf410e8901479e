//! The "thoughtful" Klondike solver: it sees every card, face down or in the stock, and either
//! finds a winning line, proves that none exists, or gives up at a state budget.
//!
//! The solver runs a [portfolio](portfolio) of passes over the same moves and reductions.
//! Probes run first to find quick wins: four narrow depth-first ones (two children per
//! position, in different move orders, 36% of the budget in all), then six short
//! [best-first](best_first) ones (14%; in draw 3, or with a pass limit, half those shares).
//! In draw 3 (or with a pass limit), right after the first probe, a search of the same
//! position in draw 1 with unlimited passes (small probes, then exhaustive), whose loss proves
//! this one's (the *draw-1 relaxation*, docs/RULES.md rule 12). Then the exhaustive
//! [depth-first](depth_first) search.
//!
//! The rooms, each one concept (rule numbers are those of docs/RULES.md, where each reduction
//! is argued):
//! - [`portfolio`]: the [`Solver`], which schedules the passes and shares out the budget;
//! - [`depth_first`]: the depth-first search over an explicit stack (so it runs in slices),
//!   used by the narrow probes, the exhaustive search and the draw-1 checks;
//! - [`best_first`]: the best-first probes;
//! - [`step`]: the search's moves. A *talon play* draws (and recycles if needed) exactly to a
//!   card that a real sequence of draws can expose, then plays it; a *step* is one move or a
//!   move together with the moves that use what it leaves (rules 4, 5, 8, 9 and 19);
//! - [`generate`]: move generation and ordering. A *safe* move, a column's top card of rank
//!   `r` to its foundation when every foundation holds at least `r - 1` cards, is played
//!   alone (in draw 1 with unlimited passes so is such a card from the talon); a card is never
//!   taken down from a foundation whose height is at most every other foundation's, nor an
//!   ace; among empty columns only the first is tried, and a king-headed run that already fills
//!   its column is never moved to another empty one; in draw 1 with unlimited passes a talon
//!   card that is not safe goes home only once the next card of its suit outside the talon is
//!   face up (rule 11);
//! - [`chains`]: the uses that complete a step: a card taken down from a foundation, or played
//!   from the waste to a column in draw 1 with unlimited passes, comes only together with a
//!   move that builds on it, and a run moved off a face-up card only with a use of that card
//!   (rules 4, 5, 8, 9), each use extended by its own use in turn (rule 19);
//! - [`talon`]: which talon cards draws and recycles can bring to the top of the waste;
//! - [`dead_end`]: [`is_dead_end`], which abandons a position where some card can never go
//!   home (rules 13 and 14 refine it);
//! - [`key`]: a whole position packed exactly into 192 bits, and its hash; and its *class*,
//!   the key without which face-up card lies on which: positions of a class are won or lost
//!   alike, so the searches that prove losses keep the lost classes and drop any position of
//!   one (rule 20);
//! - [`table`]: the transposition table of seen keys, each with a mark;
//! - [`marks`]: what a mark says of a seen position: lost, won, or its depth-first number in
//!   the exhaustive search, which marks each strongly connected component it closes as lost
//!   (Tarjan's algorithm, rule 17);
//! - [`dominance`]: positions that can do all that the current one can, whose seen marks may
//!   drop it: in draw 3 with unlimited passes one that differs only by a waste size that shows
//!   every card this one's shows (rule 16), and one that reaches this one by a move that turns
//!   up no card (a column top taken down from home, or in draw 1 played from the talon, or a
//!   run moved between columns), always if that one is lost, and if it is open only where a
//!   measure of winning lines shows it sound (rule 17);
//! - [`draw_one_checks`]: in the exhaustive search of a draw-3 (or pass-limited) deal whose
//!   draw-1 relaxation was won, short draw-1 searches of single positions, which keep what
//!   earlier ones proved, abandon positions they show lost (rule 18);
//! - [`card_bits`]: cards and card sets as bits, for the dead-end check and the builders of a
//!   card.

use crate::search::{Budget, Outcome};

use super::rules::{Move, Position};

mod best_first;
mod card_bits;
mod chains;
mod dead_end;
mod depth_first;
mod dominance;
mod draw_one_checks;
mod generate;
mod key;
mod marks;
mod portfolio;
mod step;
mod table;
mod talon;
#[cfg(test)]
mod testing;

pub use dead_end::is_dead_end;
pub use portfolio::Solver;

/// The default state budget, with [`WORK_PER_STATE`] times as much work: about 1.4-1.8 s of
/// search natively for the deals that run out, so that every deal is answered within about
/// 2 s (measured in docs/BENCHMARKS.md, Klondike). It was 2,200,000 until rule 19's chains
/// stopped at the use of a take-down, which made proofs longer: the whole budget now decides
/// 69, 168 and 656 again.
pub const DEFAULT_BUDGET: u64 = MAX_STATES;

/// The most states any budget allows, which bounds memory: the whole process measured at most
/// 231 MB with a budget of 3,000,000 states (draw 1 deals 562 and 756, before the work limit
/// of [`WORK_PER_STATE`]; 24-byte keys with 4-byte marks, padded to 32, and 1-byte
/// fingerprints in flat tables at most 3/4 full, 2^22 slots); the table's next growth, past
/// 3.1 million states, would pass 256 MB. Rule 18's table of draw-1 checks has its own cap
/// (`CHECK_MAX_STATES` in `draw_one_checks`: 2^21 slots, 69 MB), so both together stay under about 290 MB
/// (measured at most 222 MB: draw-3 deal 974 with a budget of 3,000,000).
pub const MAX_STATES: u64 = 3_000_000;

/// How the solver runs: its budget, at most [`MAX_STATES`] states (which bounds its memory),
/// with [`WORK_PER_STATE`] units of work a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { budget: Budget::states(DEFAULT_BUDGET) }
    }
}

/// The work a budget of one state allows: a pass ends when it has seen its share of the
/// budget's states, or done this many times as much work. Work counts each position tried
/// (transpositions too) and each position entered as 1, and each dead-end check as
/// 2: on the slowest deals of seeds 1..1000 that predicts the time
/// within about 10%, where distinct states alone are off by up to 40% (measured in
/// docs/BENCHMARKS.md), so a budget allows about the same time on every deal while cheap
/// deals see more states.
pub const WORK_PER_STATE: u64 = 3;

/// What a search has spent: distinct states and work (see [`WORK_PER_STATE`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Spent {
    pub(super) states: u64,
    pub(super) work: u64,
}

/// Solves `start` with the default budget.
pub fn solve(start: &Position) -> Outcome<Vec<Move>> {
    crate::search::run_to_end(&mut Solver::new(start, Options::default()), 1 << 16)
}
