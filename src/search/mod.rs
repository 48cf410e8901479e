//! Game-independent search machinery.
//!
//! Every solver runs in slices: [`Search::step`] does a bounded amount of work and returns,
//! so the worker can post progress and notice a cancel between slices, and a native caller
//! can simply loop with [`run_to_end`].

use serde::{Deserialize, Serialize};

pub mod budget;
pub mod fixed_list;
pub mod negamax;
pub mod retrograde;
pub mod table;
pub mod twoplayer;

pub use budget::Budget;
pub use fixed_list::FixedList;
pub use table::Table;

/// What a finished search knows. A proof and a give-up are never confused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome<S> {
    /// A solution, to be replayed through the rules by whoever uses it.
    Solved(S),
    /// An exhaustive search found no solution.
    Unsolvable,
    /// The search stopped before it could decide.
    Unknown(UnknownReason),
}

impl<S> Outcome<S> {
    /// Applies `f` to the solution, keeping the other truths as they are.
    pub fn map<T>(self, f: impl FnOnce(S) -> T) -> Outcome<T> {
        match self {
            Outcome::Solved(solution) => Outcome::Solved(f(solution)),
            Outcome::Unsolvable => Outcome::Unsolvable,
            Outcome::Unknown(reason) => Outcome::Unknown(reason),
        }
    }
}

/// Why a search stopped undecided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnknownReason {
    /// The state budget (a stand-in for memory) ran out after this many states.
    StateBudget { states: u64 },
    /// The caller cancelled it.
    Cancelled,
}

/// How far a search has got, for progress reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// States generated or expanded so far (each solver says which in its docs).
    pub states: u64,
}

/// A search that runs in slices.
pub trait Search {
    type Solution;

    /// Does at most about `work` units (states expanded) and returns the outcome once known.
    fn step(&mut self, work: u64) -> Option<Outcome<Self::Solution>>;

    /// Progress so far.
    fn progress(&self) -> Progress;
}

/// Runs a search to its end in slices of `slice` units (native callers, tests, benchmarks).
pub fn run_to_end<S: Search + ?Sized>(search: &mut S, slice: u64) -> Outcome<S::Solution> {
    loop {
        if let Some(outcome) = search.step(slice) {
            return outcome;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts to a target; "unsolvable" past a limit.
    struct Counter {
        at: u64,
        target: u64,
        limit: u64,
    }

    impl Search for Counter {
        type Solution = u64;
        fn step(&mut self, work: u64) -> Option<Outcome<u64>> {
            for _ in 0..work {
                self.at += 1;
                if self.at == self.target {
                    return Some(Outcome::Solved(self.at));
                }
                if self.at >= self.limit {
                    return Some(Outcome::Unsolvable);
                }
            }
            None
        }
        fn progress(&self) -> Progress {
            Progress { states: self.at }
        }
    }

    #[test]
    fn run_to_end_loops_over_slices() {
        let mut search = Counter { at: 0, target: 1000, limit: 2000 };
        assert_eq!(run_to_end(&mut search, 7), Outcome::Solved(1000));
        let mut search = Counter { at: 0, target: 5000, limit: 2000 };
        assert_eq!(run_to_end(&mut search, 7), Outcome::Unsolvable);
        assert_eq!(search.progress().states, 2000);
    }

    #[test]
    fn outcome_map_keeps_proofs_and_unknowns() {
        assert_eq!(Outcome::Solved(2).map(|x| x * 2), Outcome::Solved(4));
        assert_eq!(Outcome::<u8>::Unsolvable.map(|x| x * 2), Outcome::Unsolvable);
        let unknown = Outcome::<u8>::Unknown(UnknownReason::Cancelled);
        assert_eq!(unknown.map(|x| x * 2), Outcome::Unknown(UnknownReason::Cancelled));
    }
}
