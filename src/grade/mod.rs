//! Deals that know themselves: a deal's difficulty from what the solvers prove about it
//! (docs/RULES.md, "Difficulty"), the search for winnable deals, and the deal of the day,
//! alike for every registered game: each game grades its own deals
//! ([`crate::games::Solving::grader`]).
//!
//! Grade FreeCell deal 1, then find the first seeded Pyramid deck from 1 on that the solver
//! proves winnable:
//!
//! ```
//! use deckhand::games::{Dealing, OneVariant};
//! use deckhand::freecell::FreeCell;
//! use deckhand::pyramid::Pyramid;
//! use deckhand::grade::{grade, Verdict, Winnable};
//!
//! let one = grade::<FreeCell>(&FreeCell::seeded(1, OneVariant).unwrap());
//! assert_eq!(one.verdict, Verdict::Solved);
//! assert!(one.difficulty.is_some());
//!
//! let (seed, grade) = Winnable::<Pyramid>::new(1, None, OneVariant).run_to_end();
//! assert_eq!(grade.verdict, Verdict::Solved);
//! assert!(seed >= 1);
//! ```
//!
//! Every figure comes from solver runs with fixed budgets (states, never time), so the same
//! build grades a deal the same way everywhere, natively and in the worker.

use serde::{Deserialize, Serialize};

use crate::games::{Dealing, Game};
use crate::search::{run_to_end, Outcome, Progress, Search};

mod daily;

pub use crate::games::grading::{Difficulty, DifficultyError, Grade, Verdict};
pub use daily::{daily_start_seed, deal_of_the_day, Date, DateError};

/// The game's grade of `deal`, run in slices to its end (native callers).
pub fn grade<G: Game>(deal: &G::Deal) -> Grade {
    match run_to_end(&mut *G::grader(deal), 1 << 16) {
        Outcome::Solved(grade) => grade,
        other => Grade::unsolved(Verdict::of(&other), crate::games::grading::CANNOT_BE_WON),
    }
}

/// How far a search for a winnable deal has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinnableProgress {
    /// Seeds whose grading is over (winnable or not, of the wrong tier, or undecided).
    pub tried: u64,
    /// The seed being graded now.
    pub seed: u64,
    /// States searched so far, over every seed.
    pub states: u64,
}

/// Tries seeds one after another from a start until one is proven winnable (and of the
/// wanted difficulty, if one is asked for). A seed whose verdict is `Unknown` is skipped:
/// it never offers a deal the solver has not won.
pub struct Winnable<G: Game> {
    variant: G::Variant,
    difficulty: Option<Difficulty>,
    seed: u64,
    grader: Box<dyn Search<Solution = Grade>>,
    tried: u64,
    states: u64,
}

impl<G: Game> Winnable<G> {
    /// From seed `from` on (a seed the game does not deal starts at its first random seed).
    pub fn new(from: u64, difficulty: Option<Difficulty>, variant: G::Variant) -> Winnable<G> {
        let (seed, deal) = match G::seeded(from, variant) {
            Some(deal) => (from, deal),
            None => {
                let first = *G::RANDOM_SEEDS.start();
                (first, G::seeded(first, variant).expect("the game deals its random seeds"))
            }
        };
        Winnable { variant, difficulty, seed, grader: G::grader(&deal), tried: 0, states: 0 }
    }

    /// Does about `work` units; the seed and its grade once one is found.
    pub fn step(&mut self, work: u64) -> Option<(u64, Grade)> {
        let grade = match self.grader.step(work)? {
            Outcome::Solved(grade) => grade,
            other => Grade::unsolved(Verdict::of(&other), crate::games::grading::CANNOT_BE_WON),
        };
        self.tried += 1;
        self.states += self.grader.progress().states;
        let wanted = self.difficulty.is_none_or(|d| grade.difficulty == Some(d));
        if grade.verdict == Verdict::Solved && wanted {
            return Some((self.seed, grade));
        }
        let mut next = G::next_seed(self.seed);
        let deal = loop {
            match G::seeded(next, self.variant) {
                Some(deal) => break deal,
                None => next = G::next_seed(next),
            }
        };
        self.seed = next;
        self.grader = G::grader(&deal);
        None
    }

    pub fn progress(&self) -> WinnableProgress {
        WinnableProgress {
            tried: self.tried,
            seed: self.seed,
            states: self.states + self.grader.progress().states,
        }
    }

    /// Runs to the end (native callers; it ends, as every tier holds deals).
    pub fn run_to_end(mut self) -> (u64, Grade) {
        loop {
            if let Some(found) = self.step(1 << 16) {
                return found;
            }
        }
    }
}

/// The deal `seed` names in `variant`, if the game deals it (helper for callers that hold
/// seeds, such as the command line).
pub fn seeded<G: Dealing>(seed: u64, variant: G::Variant) -> Option<G::Deal> {
    G::seeded(seed, variant)
}

/// Progress of a grading, for the worker.
pub fn progress_of(grader: &dyn Search<Solution = Grade>) -> Progress {
    grader.progress()
}

#[cfg(test)]
mod tests;
