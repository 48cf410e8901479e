//! FreeCell's grading (docs/RULES.md, "Difficulty"): the short line's length, and the fewest
//! free cells a win needs, searched with 0, 1, 2 and 3 cells ([`FewerCells`]).

use serde::{Deserialize, Serialize};

use super::fewer_cells::FewerCells;
use super::{capacity, solution_length, Mode, Move, Options, Position, Solver, Source, Target, CELLS};
use crate::games::grading::{Difficulty, Grade, Verdict, CANNOT_BE_WON};
use crate::search::{Outcome, Progress, Search};

/// What the solvers measured of a winnable FreeCell deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The fewest free cells a win was found with: by a search of the deal with 0, 1, 2 and
    /// 3 cells ([`FewerCells`]), else by the solver's four-cell line (the most cells ever
    /// occupied at once, counting for each sequence move the fewest cells that carry it).
    pub cells: u8,
    /// True when every smaller number of cells was proven not to win (each search ran out of
    /// positions); false when one of them ran out of budget instead.
    pub cells_proven: bool,
    /// The short line's length in single-card moves (DESIGN.md's count).
    pub length: u32,
}

/// A short line over this many single-card moves is long.
pub const LONG: u32 = 100;

/// The solver's budgets for grading: its defaults, short mode.
pub const SOLVER: Options =
    Options { mode: Mode::Short, budget: Options::BUDGET, phase_states: Options::PHASE_STATES };
/// The positions each search with fewer cells may keep.
pub const FEWER_CELLS_BUDGET: u64 = 20_000;

/// The tier of a solved deal and its reason.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let Facts { cells, cells_proven, length } = *facts;
    let tier = match (cells, length) {
        (0..=1, _) => Difficulty::Easy,
        (2, 0..=LONG) => Difficulty::Medium,
        (2, _) | (3, 0..=LONG) => Difficulty::Hard,
        _ => Difficulty::Expert,
    };
    let cells = match (cells, cells_proven) {
        (0, _) => "Wins with no free cell".to_string(),
        (1, true) => "Needs only one free cell".to_string(),
        (4, true) => "Needs all four free cells".to_string(),
        (n, true) => format!("Needs {n} free cells"),
        (1, false) => "Wins with one free cell".to_string(),
        (n, false) => format!("Wins with {n} free cells"),
    };
    (tier, format!("{cells}; the short solution is {length} moves counted card by card"))
}

/// The free cells a line needs (see [`Facts::cells`]); `None` if a move is illegal.
pub fn cells_needed(start: &Position, moves: &[Move]) -> Option<u8> {
    let mut position = start.clone();
    let mut most = 0;
    for &mv in moves {
        position.check(mv).ok()?;
        let occupied = CELLS - position.empty_cells();
        let extra = match (mv.from, mv.to) {
            (_, Target::Cell(_)) => 1,
            (Source::Cascade(_), Target::Cascade(to)) if mv.cards > 1 => {
                let to_empty = position.cascade(usize::from(to)).is_empty();
                let empty = position.empty_cascades() - usize::from(to_empty);
                (0..=CELLS).find(|&c| capacity(c, empty) >= usize::from(mv.cards))?
            }
            _ => 0,
        };
        most = most.max(occupied + extra);
        position.play_unchecked(mv);
    }
    Some(most as u8)
}

/// What a grading has learnt so far: the short line's length, the cells it needs, the cells
/// tried now, and whether every smaller number was proven not to win.
#[derive(Clone, Copy)]
struct SoFar {
    length: u32,
    line_cells: u8,
    trying: u8,
    proven: bool,
}

enum Run {
    Solver(Box<Solver>),
    FewerCells(Box<FewerCells>, SoFar),
}

/// Grades one FreeCell position in slices.
pub struct Grader {
    start: Position,
    run: Run,
    done_states: u64,
}

impl Grader {
    pub fn new(start: &Position) -> Grader {
        Grader {
            start: start.clone(),
            run: Run::Solver(Box::new(Solver::new(start, SOLVER))),
            done_states: 0,
        }
    }

    /// Starts the search with `so_far.trying` cells (`None`), or grades by the line's cells.
    fn next(&mut self, so_far: SoFar) -> Option<Grade> {
        if so_far.trying < so_far.line_cells {
            let search = FewerCells::new(&self.start, usize::from(so_far.trying), FEWER_CELLS_BUDGET);
            self.run = Run::FewerCells(Box::new(search), so_far);
            return None;
        }
        Some(grade(Facts { cells: so_far.line_cells, cells_proven: so_far.proven, length: so_far.length }))
    }
}

fn grade(facts: Facts) -> Grade {
    let (difficulty, reason) = difficulty_of(&facts);
    Grade::solved(difficulty, reason, &facts)
}

impl Search for Grader {
    type Solution = Grade;

    fn step(&mut self, work: u64) -> Option<Outcome<Grade>> {
        let grade = match &mut self.run {
            Run::Solver(solver) => {
                let outcome = solver.step(work)?;
                self.done_states += solver.progress().states;
                match outcome {
                    Outcome::Solved(moves) => {
                        match (cells_needed(&self.start, &moves), solution_length(&self.start, &moves)) {
                            (Some(line_cells), Ok((length, end))) if end.is_won() => {
                                self.next(SoFar { length, line_cells, trying: 0, proven: true })?
                            }
                            _ => Grade::unsolved(Verdict::Unknown, CANNOT_BE_WON),
                        }
                    }
                    other => Grade::unsolved(Verdict::of(&other), CANNOT_BE_WON),
                }
            }
            Run::FewerCells(search, so_far) => {
                let outcome = search.step(work)?;
                self.done_states += search.progress().states;
                let mut so_far = *so_far;
                match outcome {
                    Outcome::Solved(_) => grade(Facts {
                        cells: so_far.trying,
                        cells_proven: so_far.proven,
                        length: so_far.length,
                    }),
                    other => {
                        so_far.proven &= other == Outcome::Unsolvable;
                        so_far.trying += 1;
                        self.next(so_far)?
                    }
                }
            }
        };
        Some(Outcome::Solved(grade))
    }

    fn progress(&self) -> Progress {
        let current = match &self.run {
            Run::Solver(solver) => solver.progress().states,
            Run::FewerCells(search, _) => search.progress().states,
        };
        Progress { states: self.done_states + current }
    }
}
