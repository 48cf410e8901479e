//! Pyramid's grading (docs/RULES.md, "Difficulty"): by the fewest steps that clear the
//! pyramid and the recycles of that optimal line.

use serde::{Deserialize, Serialize};

use super::{Move, Position, Solver, DEFAULT_BUDGET};
use crate::cards::Deck;
use crate::games::grading::{Difficulty, Grade, Verdict};
use crate::search::{Outcome, Progress, Search};

/// What the solver measured of a clearable Pyramid deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The fewest steps that clear the pyramid (draws, recycles and removals).
    pub steps: u32,
    /// The recycles of that optimal line (0..=2).
    pub recycles: u8,
}

/// An optimum without a recycle of at most this many steps is Easy.
pub const SHORT: u32 = 35;
/// An optimum with one recycle of at most this many steps is Medium.
pub const ONE_RECYCLE_SHORT: u32 = 39;

/// How Pyramid says a deal is lost.
pub const CANNOT_BE_CLEARED: &str = "The solver proved that this pyramid cannot be cleared";

/// The tier of a solved deck and its reason.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let Facts { steps, recycles } = *facts;
    let tier = match (recycles, steps) {
        (0, 0..=SHORT) => Difficulty::Easy,
        (0, _) | (1, 0..=ONE_RECYCLE_SHORT) => Difficulty::Medium,
        (1, _) => Difficulty::Hard,
        _ => Difficulty::Expert,
    };
    let recycles = match recycles {
        0 => "with no recycle".to_string(),
        1 => "and needs one recycle".to_string(),
        n => format!("and needs {n} recycles"),
    };
    (tier, format!("Clears in {steps} steps at best, {recycles}"))
}

/// Grades one deck in slices.
pub struct Grader {
    deck: Deck,
    solver: Box<Solver>,
}

impl Grader {
    pub fn new(deck: &Deck) -> Grader {
        let solver = Box::new(Solver::with_budget(&Position::new(deck), DEFAULT_BUDGET));
        Grader { deck: deck.clone(), solver }
    }
}

impl Search for Grader {
    type Solution = Grade;

    fn step(&mut self, work: u64) -> Option<Outcome<Grade>> {
        let grade = match self.solver.step(work)? {
            Outcome::Solved(moves) if wins(&self.deck, &moves) => {
                let recycles = moves.iter().filter(|&&m| m == Move::Recycle).count();
                let facts =
                    Facts { steps: moves.len() as u32, recycles: u8::try_from(recycles).unwrap_or(u8::MAX) };
                let (difficulty, reason) = difficulty_of(&facts);
                Grade::solved(difficulty, reason, &facts)
            }
            Outcome::Solved(_) => Grade::unsolved(Verdict::Unknown, CANNOT_BE_CLEARED),
            other => Grade::unsolved(Verdict::of(&other), CANNOT_BE_CLEARED),
        };
        Some(Outcome::Solved(grade))
    }

    fn progress(&self) -> Progress {
        self.solver.progress()
    }
}

fn wins(deck: &Deck, moves: &[Move]) -> bool {
    moves.iter().try_fold(Position::new(deck), |p, &m| p.play(m)).is_ok_and(|end| end.is_cleared())
}
