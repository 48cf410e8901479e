//! The family's grading (docs/RULES.md, "Difficulty"): the solver's winning line, measured by
//! its length in single-card moves and by the free cells it needs at once.

use serde::{Deserialize, Serialize};

use super::rules::{EmptyCascade, Position};
use super::solver::FamilySolver;
use crate::games::freecell::{single_card_cost, Budget, Move, Source, Target};
use crate::games::grading::{Difficulty, Grade, Verdict, CANNOT_BE_WON};
use crate::search::{Outcome, Progress, Search};

/// The states a grading may store (fixed, so that a build grades a deal alike everywhere).
pub const BUDGET: Budget = Budget::states(1_000_000);

/// What the solver's line measures of a winnable deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The line's length in single-card moves (DESIGN.md's count: a sequence move of n cards
    /// costs what the standard procedure needs).
    pub length: u32,
    /// The most free cells the line has occupied at once, counting for a sequence move the
    /// fewest cells that carry it (cards dealt into cells count).
    pub cells: u8,
    /// The game's free cells.
    pub of: u8,
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

/// Measures a line from `start`: `None` if a move is illegal or the line does not win.
pub fn measure(start: &Position, moves: &[Move]) -> Option<Facts> {
    let rules = start.rules();
    let mut position = start.clone();
    let (mut length, mut most) = (0u32, 0usize);
    for &mv in moves {
        position.check(mv).ok()?;
        length += move_cost(&position, mv)?;
        let occupied = usize::from(rules.cells) - position.empty_cells();
        let extra = match (mv.from, mv.to) {
            (_, Target::Cell(_)) => 1,
            (Source::Cascade(_), Target::Cascade(to)) if mv.cards > 1 => {
                let dest_empty = position.cascade(usize::from(to)).is_empty();
                let empty = position.empty_cascades() - usize::from(dest_empty);
                (0..=usize::from(rules.cells)).find(|&c| rules.capacity(c, empty) >= usize::from(mv.cards))?
            }
            _ => 0,
        };
        most = most.max(occupied + extra);
        position.play_unchecked(mv);
    }
    position.is_won().then_some(Facts { length, cells: most as u8, of: rules.cells })
}

/// The tier of a won deal and its reason. The *spare* cells are those the line never needed
/// (the game's cells less [`Facts::cells`]). Tiers: 2 spare cells or more and a line of at
/// most [`SHORT`] moves **Easy**; 1 spare cell or more and at most [`LONG`] moves **Medium**;
/// a spare cell, or a line of at most [`LONG`] moves, **Hard**; every cell needed and a longer
/// line **Expert**.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let Facts { length, cells, of } = *facts;
    let spare = of.saturating_sub(cells);
    let tier = match (spare, length) {
        (2.., 0..=SHORT) => Difficulty::Easy,
        (1.., 0..=LONG) => Difficulty::Medium,
        (1.., _) | (_, 0..=LONG) => Difficulty::Hard,
        _ => Difficulty::Expert,
    };
    let cells = match (cells, spare) {
        (0, _) => "Wins without a free cell".to_string(),
        (_, 0) => format!("The solver's win needs all {of} free cells"),
        (1, _) => format!("The solver's win needs 1 of the {of} free cells"),
        (n, _) => format!("The solver's win needs {n} of the {of} free cells"),
    };
    (tier, format!("{cells}; it is {length} moves long"))
}

/// A line of at most this many single-card moves is short.
pub const SHORT: u32 = 100;
/// A line of over this many single-card moves is long.
pub const LONG: u32 = 130;

/// Grades one family position in slices: the solver, then the measure of its line.
pub struct Grader {
    start: Position,
    solver: Box<FamilySolver>,
}

impl Grader {
    pub fn new(start: &Position) -> Grader {
        Grader { start: start.clone(), solver: Box::new(FamilySolver::new(start, BUDGET)) }
    }
}

impl Search for Grader {
    type Solution = Grade;

    fn step(&mut self, work: u64) -> Option<Outcome<Grade>> {
        let grade = match self.solver.step(work)? {
            Outcome::Solved(moves) => match measure(&self.start, &moves) {
                Some(facts) => {
                    let (difficulty, reason) = difficulty_of(&facts);
                    Grade::solved(difficulty, reason, &facts)
                }
                None => Grade::unsolved(Verdict::Unknown, CANNOT_BE_WON),
            },
            other => Grade::unsolved(Verdict::of(&other), CANNOT_BE_WON),
        };
        Some(Outcome::Solved(grade))
    }

    fn progress(&self) -> Progress {
        self.solver.progress()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::PysolNumber;
    use crate::games::freecell::family::Variant;
    use crate::search::run_to_end;

    fn deal(variant: Variant, number: u128) -> Position {
        Position::deal(variant, PysolNumber::new(number).unwrap())
    }

    #[test]
    fn a_won_deal_gets_a_tier_and_a_lost_one_none() {
        let grade = |position: &Position| match run_to_end(&mut Grader::new(position), 1 << 14) {
            Outcome::Solved(grade) => grade,
            other => panic!("a grader always answers: {other:?}"),
        };
        let won = grade(&deal(Variant::SeahavenTowers, 1));
        assert_eq!(won.verdict, Verdict::Solved);
        assert!(won.difficulty.is_some() && won.reason.contains("free cells"), "{won:?}");
        let facts: Facts = won.facts_as().unwrap();
        assert_eq!(facts.of, 4);
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
    fn tiers_follow_cells_and_length() {
        let tier = |length, cells, of| difficulty_of(&Facts { length, cells, of }).0;
        assert_eq!(tier(80, 2, 4), Difficulty::Easy);
        assert_eq!(tier(120, 2, 4), Difficulty::Medium);
        assert_eq!(tier(80, 4, 4), Difficulty::Hard);
        assert_eq!(tier(200, 3, 4), Difficulty::Hard);
        assert_eq!(tier(200, 8, 8), Difficulty::Expert);
        let (_, reason) = difficulty_of(&Facts { length: 97, cells: 3, of: 4 });
        assert_eq!(reason, "The solver's win needs 3 of the 4 free cells; it is 97 moves long");
    }

    /// Prints the facts of the first deals (`cargo test -- --ignored --nocapture tier_census`),
    /// to set the tiers' bounds.
    #[test]
    #[ignore]
    fn tier_census() {
        for variant in [Variant::BakersGame, Variant::EightOff, Variant::SeahavenTowers] {
            let mut tiers = [0; 4];
            for number in 1..=200 {
                let start = deal(variant, number);
                if let Outcome::Solved(moves) = FamilySolver::solve(&start) {
                    let facts = measure(&start, &moves).unwrap();
                    tiers[difficulty_of(&facts).0 as usize] += 1;
                    println!("{} {number} {} {}", variant.key(), facts.length, facts.cells);
                }
            }
            println!("{} tiers {tiers:?}", variant.key());
        }
    }
}
