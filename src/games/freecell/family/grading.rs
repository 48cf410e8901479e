//! The family's grading (docs/RULES.md, "Difficulty"): how hard the solver had to look for its
//! win (the positions it stored before it found one), with the win's length in single-card
//! moves in the reason. The solver fills every free cell on its way whatever the deal, so the
//! cells its line needs say nothing; the search's size does.

use serde::{Deserialize, Serialize};

use super::rules::{EmptyCascade, Position};
use super::solver::FamilySolver;
use crate::games::freecell::{single_card_cost, Budget, Move, Source, Target};
use crate::games::grading::{Difficulty, Grade, ReplayGrader, Verdict, CANNOT_BE_WON};

/// The states a grading may store (fixed, so that a build grades a deal alike everywhere).
pub const BUDGET: Budget = Budget::states(1_000_000);

/// What the solver measured of a winnable deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The positions the solver had stored when it found its win.
    pub states: u64,
    /// The win's length in single-card moves (DESIGN.md's count: a sequence move of n cards
    /// costs what the standard procedure needs).
    pub length: u32,
}

/// A win found within this many positions is Easy.
pub const EASY: u64 = 400;
/// Within this many, Medium.
pub const MEDIUM: u64 = 1_000;
/// Within this many, Hard; beyond, Expert.
pub const HARD: u64 = 5_000;

/// The tier of a won deal and its reason. The bounds are the same for the three games, so a
/// tier means the same search everywhere: of the won games among 1..200 they make Baker's Game
/// 9% Easy, 33% Medium, 43% Hard, 15% Expert; Eight Off 71%, 17%, 10%, 2%; Seahaven Towers
/// 47%, 20%, 22%, 11%.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let Facts { states, length } = *facts;
    let tier = Difficulty::by_bounds(states, [EASY, MEDIUM, HARD]);
    let reason = format!(
        "The solver found a win after looking at {} positions; it is {length} moves long",
        crate::limits::Thousands(states as usize)
    );
    (tier, reason)
}

/// The single-card cost of `mv` in `position`; `None` if it cannot be carried.
pub fn move_cost(position: &Position, mv: Move) -> Option<u32> {
    let n = usize::from(mv.cards);
    match (mv.from, mv.to) {
        (Source::Cascade(_), Target::Cascade(j)) if n > 1 => match position.rules().empty {
            EmptyCascade::KingsOnly => Some(2 * n as u32 - 1),
            EmptyCascade::AnyCard => {
                let dest_empty = position.cascade(usize::from(j)).is_empty();
                single_card_cost(
                    n,
                    position.empty_cells(),
                    position.empty_cascades() - usize::from(dest_empty),
                )
            }
        },
        _ => Some(1),
    }
}

/// The length of a line from `start` in single-card moves: `None` if a move is illegal or
/// the line does not win.
pub fn measure(start: &Position, moves: &[Move]) -> Option<u32> {
    let mut position = start.clone();
    let mut length = 0u32;
    for &mv in moves {
        position.check(mv).ok()?;
        length += move_cost(&position, mv)?;
        position.play_unchecked(mv);
    }
    position.is_won().then_some(length)
}

/// Grades one family position in slices: the solver, then the measure of its line.
pub fn grader(start: &Position) -> ReplayGrader<Position, FamilySolver> {
    ReplayGrader::new(start.clone(), FamilySolver::new(start, BUDGET), grade_win)
}

/// The grade of a won line: its length in single-card moves.
fn grade_win(states: u64, start: &Position, line: &[Move], _end: &Position) -> Grade {
    match measure(start, line) {
        Some(length) => {
            let facts = Facts { states, length };
            let (difficulty, reason) = difficulty_of(&facts);
            Grade::solved(difficulty, reason, &facts)
        }
        None => Grade::unsolved(Verdict::Unknown, CANNOT_BE_WON),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::PysolNumber;
    use crate::games::freecell::family::Variant;
    use crate::search::{run_to_end, Outcome};

    fn deal(variant: Variant, number: u128) -> Position {
        Position::deal(variant, PysolNumber::new(number).unwrap())
    }

    #[test]
    fn a_won_deal_gets_a_tier_and_a_lost_one_none() {
        let grade = |position: &Position| match run_to_end(&mut grader(position), 1 << 14) {
            Outcome::Solved(grade) => grade,
            other => panic!("a grader always answers: {other:?}"),
        };
        let won = grade(&deal(Variant::SeahavenTowers, 1));
        assert_eq!(won.verdict, Verdict::Solved);
        assert!(won.difficulty.is_some() && won.reason.contains("moves long"), "{won:?}");
        let facts: Facts = won.facts_as().unwrap();
        assert!(facts.states > 0 && facts.length >= 52, "{facts:?}");
        // Baker's Game #3 is lost (docs/BENCHMARKS.md: verdicts equal to Freecell Solver's).
        let lost = (1..40)
            .map(|n| deal(Variant::BakersGame, n))
            .map(|p| grade(&p))
            .find(|g| g.verdict == Verdict::Unsolvable)
            .expect("a quarter of Baker's deals are lost");
        assert_eq!(lost.difficulty, None);
        assert_eq!(lost.reason, CANNOT_BE_WON);
    }

    #[test]
    fn tiers_follow_the_search() {
        let tier = |states| difficulty_of(&Facts { states, length: 100 }).0;
        assert_eq!(tier(EASY), Difficulty::Easy);
        assert_eq!(tier(EASY + 1), Difficulty::Medium);
        assert_eq!(tier(MEDIUM + 1), Difficulty::Hard);
        assert_eq!(tier(HARD + 1), Difficulty::Expert);
        let (_, reason) = difficulty_of(&Facts { states: 12_345, length: 97 });
        assert_eq!(reason, "The solver found a win after looking at 12,345 positions; it is 97 moves long");
    }
}
