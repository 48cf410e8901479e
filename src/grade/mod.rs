//! Deals that know themselves: a deal's difficulty from what the solvers prove about it
//! (docs/RULES.md, "Difficulty"), the search for winnable deals, and the deal of the day.
//!
//! Grade FreeCell deal 1, then find the first seeded Pyramid deck from 1 on that the solver
//! proves winnable:
//!
//! ```
//! use deckhand::grade::{grade, DealSpec, GameKind, Verdict, Winnable};
//!
//! let one = grade(&DealSpec::seed(GameKind::FreeCell, 1, None).unwrap());
//! assert_eq!(one.verdict, Verdict::Solved);
//! assert!(one.difficulty.is_some());
//!
//! let (seed, grade) = Winnable::new(GameKind::Pyramid, 1, None, None).run_to_end();
//! assert_eq!(grade.verdict, Verdict::Solved);
//! assert!(seed >= 1);
//! ```
//!
//! Every figure comes from solver runs with fixed budgets (states, never time), so the same
//! build grades a deal the same way everywhere, natively and in the worker.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::Deck;
use crate::deal::{seeded_deck, DealNumber};
use crate::games::{freecell, klondike, pyramid};
use crate::search::{Outcome, Progress, Search};

mod cells;
mod daily;
pub mod policy;

pub use cells::FewerCells;
pub use daily::{daily_start_seed, deal_of_the_day, Date, DateError};

/// The three solitaires that are graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    FreeCell,
    Pyramid,
    Klondike,
}

impl GameKind {
    /// The name used on the command line and in links (`freecell`, `pyramid`, `klondike`).
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::FreeCell => "freecell",
            GameKind::Pyramid => "pyramid",
            GameKind::Klondike => "klondike",
        }
    }

    /// The seeds a random winnable deal is drawn from: FreeCell's Microsoft deals
    /// 1..=1,000,000; seeded decks ([`seeded_deck`]) take any `u64`, and are drawn from the
    /// same range so that links stay short.
    pub const RANDOM_SEEDS: std::ops::RangeInclusive<u64> = 1..=1_000_000;

    /// The seed after `seed` (FreeCell wraps from its last deal number to 1, the others from
    /// `u64::MAX` to 0).
    pub fn next_seed(self, seed: u64) -> u64 {
        match self {
            GameKind::FreeCell if seed >= DealNumber::MAX => DealNumber::MIN,
            _ => seed.wrapping_add(1),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A deal's difficulty tier. Only a deal proven winnable has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] =
        [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert];

    /// The word shown on the table: `Easy`, `Medium`, `Hard`, `Expert`.
    pub const fn word(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
            Difficulty::Expert => "Expert",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Why a text is not a difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a difficulty: use easy, medium, hard or expert")]
pub struct DifficultyError(pub String);

impl FromStr for Difficulty {
    type Err = DifficultyError;

    /// Any case: `easy`, `Hard`, `EXPERT`.
    fn from_str(text: &str) -> Result<Difficulty, DifficultyError> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.word().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| DifficultyError(crate::limits::quote(text)))
    }
}

/// What the solver found, as the command line's `result` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// A win was found (and replays through the rules).
    Solved,
    /// An exhaustive search proved that no win exists.
    Unsolvable,
    /// A budget ran out first.
    Unknown,
}

impl Verdict {
    /// `solved`, `unsolvable`, `unknown`.
    pub const fn word(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Unknown => "unknown",
        }
    }

    fn of<S>(outcome: &Outcome<S>) -> Verdict {
        match outcome {
            Outcome::Solved(_) => Verdict::Solved,
            Outcome::Unsolvable => Verdict::Unsolvable,
            Outcome::Unknown(_) => Verdict::Unknown,
        }
    }
}

/// What the solvers measured of a winnable deal, per game (docs/RULES.md, "Difficulty").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Facts {
    FreeCell {
        /// The fewest free cells a win was found with: by a search of the deal with 0, 1, 2
        /// and 3 cells ([`FewerCells`]), else by the solver's four-cell line (the most cells
        /// ever occupied at once, counting for each sequence move the fewest cells that carry
        /// it). A line shows that this many cells win.
        cells: u8,
        /// True when every smaller number of cells was proven not to win (each search ran out
        /// of positions); false when one of them ran out of budget instead.
        cells_proven: bool,
        /// The short line's length in single-card moves (DESIGN.md's count).
        length: u32,
    },
    Pyramid {
        /// The fewest steps that clear the pyramid (draws, recycles and removals).
        steps: u32,
        /// The recycles of that optimal line (0..=2).
        recycles: u8,
    },
    Klondike {
        /// The draw the deal was graded for (1 or 3).
        draw: u8,
        /// For a draw-1 deal: whether the same deck also wins in draw 3 (`None`: the draw-3
        /// solve ran out of budget). For a draw-3 deal: `Some(true)`.
        draw_three_wins: Option<bool>,
        /// The fewest passes through the stock a win was found with (1 = no recycle).
        passes: u8,
        /// True when `passes` is proven the fewest (every smaller pass limit proven lost);
        /// false when it is only what the solver's line used.
        passes_proven: bool,
        /// The moves of the winning line found with unlimited passes (draws and recycles
        /// included): the solver's line, not a minimum.
        moves: u32,
        /// The moves of that line that empty a column by moving all its cards (face up, none
        /// under them) onto another column: the solver's line, not a minimum.
        empties: u32,
    },
}

/// A deal's verdict and difficulty, with the one-line reason shown on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grade {
    pub verdict: Verdict,
    /// `None` unless the verdict is `Solved`.
    pub difficulty: Option<Difficulty>,
    /// One line for the table: "Needs 3 free cells; the short solution is 104 moves".
    pub reason: String,
    /// The measured facts (`None` unless solved).
    pub facts: Option<Facts>,
}

impl Grade {
    fn unsolved(verdict: Verdict, game: GameKind) -> Grade {
        let reason = match (verdict, game) {
            (Verdict::Unsolvable, GameKind::Pyramid) => {
                "The solver proved that this pyramid cannot be cleared"
            }
            (Verdict::Unsolvable, _) => "The solver proved that this deal cannot be won",
            _ => "The solver could not decide this deal within its budget",
        };
        Grade { verdict, difficulty: None, reason: reason.to_string(), facts: None }
    }

    fn solved(facts: Facts) -> Grade {
        let (difficulty, reason) = difficulty_of(&facts);
        Grade { verdict: Verdict::Solved, difficulty: Some(difficulty), reason, facts: Some(facts) }
    }
}

/// The tier of a solved deal and its reason (the definitions of docs/RULES.md, "Difficulty").
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    match *facts {
        Facts::FreeCell { cells, cells_proven, length } => {
            let tier = match (cells, length) {
                (0..=1, _) => Difficulty::Easy,
                (2, 0..=FREECELL_LONG) => Difficulty::Medium,
                (2, _) | (3, 0..=FREECELL_LONG) => Difficulty::Hard,
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
            (tier, format!("{cells}; the short solution is {length} moves"))
        }
        Facts::Pyramid { steps, recycles } => {
            let tier = match (recycles, steps) {
                (0, 0..=PYRAMID_SHORT) => Difficulty::Easy,
                (0, _) | (1, 0..=PYRAMID_ONE_RECYCLE_SHORT) => Difficulty::Medium,
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
        Facts::Klondike { draw, draw_three_wins, passes, passes_proven, moves, empties } => {
            let tier = if draw == 3 {
                match (passes, empties) {
                    (4.., _) | (_, 3..) => Difficulty::Expert,
                    (_, 0) => Difficulty::Easy,
                    (_, 1) => Difficulty::Medium,
                    _ => Difficulty::Hard,
                }
            } else if passes > KLONDIKE_DRAW_ONE.passes {
                Difficulty::Expert
            } else if moves <= KLONDIKE_DRAW_ONE.easy_moves {
                Difficulty::Easy
            } else if moves <= KLONDIKE_DRAW_ONE.medium_moves {
                Difficulty::Medium
            } else {
                Difficulty::Hard
            };
            let passes = match (passes, passes_proven) {
                (1, _) => "Wins in one pass through the stock".to_string(),
                (n, true) => format!("Needs {n} passes through the stock"),
                (n, false) => format!("The solver's win takes {n} passes through the stock"),
            };
            let draw_three = match (draw, draw_three_wins) {
                (1, Some(true)) => "; draw 3 also wins",
                (1, Some(false)) => "; draw 3 cannot win it",
                (1, None) => "; draw 3 undecided",
                _ => "",
            };
            let length = match (draw, empties) {
                (1, _) => format!("the solution is {moves} moves"),
                (_, 0) => "the solution never empties a column".to_string(),
                (_, 1) => "the solution empties a column once".to_string(),
                (_, 2) => "the solution empties a column twice".to_string(),
                (_, n) => format!("the solution empties a column {n} times"),
            };
            (tier, format!("{passes}; {length}{draw_three}"))
        }
    }
}

/// The Klondike draw-1 tier thresholds (docs/RULES.md, "Difficulty"): a deal whose fewest
/// passes are more than `passes` is Expert; otherwise the solver's winning line of at most
/// `easy_moves` moves is Easy, of at most `medium_moves` Medium, and longer Hard. (Draw 3 is
/// graded by its passes and the columns its line empties: see [`difficulty_of`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KlondikeTiers {
    pub passes: u8,
    pub easy_moves: u32,
    pub medium_moves: u32,
}

/// Draw 1: fitted on seeds 1..1120 (docs/BENCHMARKS.md, "Difficulty tiers").
pub const KLONDIKE_DRAW_ONE: KlondikeTiers = KlondikeTiers { passes: 2, easy_moves: 190, medium_moves: 220 };

/// A FreeCell short line over this many single-card moves is long.
pub const FREECELL_LONG: u32 = 100;
/// A Pyramid optimum without a recycle of at most this many steps is Easy.
pub const PYRAMID_SHORT: u32 = 35;
/// A Pyramid optimum with one recycle of at most this many steps is Medium.
pub const PYRAMID_ONE_RECYCLE_SHORT: u32 = 39;

/// A deal to grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealSpec {
    FreeCell(freecell::Position),
    Pyramid(Deck),
    Klondike(Deck, klondike::Draw),
}

impl DealSpec {
    /// The deal of `game` with number `seed` (FreeCell: Microsoft deal numbers; the others:
    /// [`seeded_deck`]). Klondike uses `draw` (draw 1 when `None`); the others ignore it.
    pub fn seed(
        game: GameKind,
        seed: u64,
        draw: Option<klondike::Draw>,
    ) -> Result<DealSpec, crate::deal::DealNumberError> {
        Ok(match game {
            GameKind::FreeCell => DealSpec::FreeCell(freecell::Position::deal(DealNumber::new(seed)?)),
            GameKind::Pyramid => DealSpec::Pyramid(seeded_deck(seed)),
            GameKind::Klondike => DealSpec::Klondike(seeded_deck(seed), draw.unwrap_or(klondike::Draw::One)),
        })
    }

    pub fn game(&self) -> GameKind {
        match self {
            DealSpec::FreeCell(_) => GameKind::FreeCell,
            DealSpec::Pyramid(_) => GameKind::Pyramid,
            DealSpec::Klondike(..) => GameKind::Klondike,
        }
    }
}

/// The free cells a FreeCell line needs (see [`Facts::FreeCell`]); `None` if a move is illegal.
pub fn cells_needed(start: &freecell::Position, moves: &[freecell::Move]) -> Option<u8> {
    use freecell::{Source, Target, CELLS};
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
                (0..=CELLS).find(|&c| freecell::capacity(c, empty) >= usize::from(mv.cards))?
            }
            _ => 0,
        };
        most = most.max(occupied + extra);
        position.play_unchecked(mv);
    }
    Some(most as u8)
}

/// The budgets grading uses: fixed, so that a build grades every deal the same way.
pub mod budgets {
    /// FreeCell: the solver's default budgets, short mode.
    pub const FREECELL: crate::games::freecell::Options = crate::games::freecell::Options {
        mode: crate::games::freecell::Mode::Short,
        budget: crate::games::freecell::Options::BUDGET,
        phase_states: crate::games::freecell::Options::PHASE_STATES,
    };
    /// FreeCell: the positions each search with fewer cells may keep.
    pub const FREECELL_FEWER_CELLS: u64 = 20_000;
    /// Pyramid: the solver's default budget.
    pub const PYRAMID: u64 = crate::games::pyramid::DEFAULT_BUDGET;
    /// Klondike: the solver's default budget, for every run (the deal, draw 3, pass limits).
    pub const KLONDIKE: u64 = crate::games::klondike::DEFAULT_BUDGET;
    /// The most passes tried as limits when looking for the fewest a Klondike win needs.
    pub const KLONDIKE_PASS_LIMITS: u8 = 3;
}

/// A solver run in progress.
enum Run {
    FreeCell(Box<freecell::Solver>),
    FewerCells(Box<FewerCells>),
    Pyramid(Box<pyramid::Solver>),
    Klondike(Box<klondike::Solver>),
}

impl Run {
    fn progress(&self) -> Progress {
        match self {
            Run::FreeCell(s) => s.progress(),
            Run::FewerCells(s) => s.progress(),
            Run::Pyramid(s) => s.progress(),
            Run::Klondike(s) => s.progress(),
        }
    }
}

/// What a FreeCell grading has learnt so far.
#[derive(Clone, Copy)]
struct FreeCellSoFar {
    length: u32,
    line_cells: u8,
    trying: u8,
    proven: bool,
}

/// Which Klondike run is going on: the deal itself, the same deck in draw 3, or the deal
/// with a pass limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Deal,
    DrawThree,
    PassLimit(u8),
}

/// What a Klondike grading has learnt so far.
#[derive(Clone, Copy)]
struct KlondikeSoFar {
    moves: u32,
    empties: u32,
    line_passes: u8,
    draw_three_wins: Option<bool>,
}

/// Grades one deal in slices (the worker's job; [`grade`] runs it to its end).
pub struct Grader {
    deal: DealSpec,
    run: Run,
    stage: Stage,
    klondike: Option<KlondikeSoFar>,
    /// FreeCell: the short line's length, the cells it needs, the cells tried now, and
    /// whether every smaller number was proven not to win.
    freecell: Option<FreeCellSoFar>,
    /// States of the runs already finished.
    done_states: u64,
    grade: Option<Grade>,
}

impl Grader {
    pub fn new(deal: DealSpec) -> Grader {
        let run = match &deal {
            DealSpec::FreeCell(position) => {
                Run::FreeCell(Box::new(freecell::Solver::new(position, budgets::FREECELL)))
            }
            DealSpec::Pyramid(deck) => Run::Pyramid(Box::new(pyramid::Solver::with_budget(
                &pyramid::Position::new(deck),
                budgets::PYRAMID,
            ))),
            DealSpec::Klondike(deck, draw) => Run::Klondike(klondike_solver(deck, *draw, None)),
        };
        Grader { deal, run, stage: Stage::Deal, klondike: None, freecell: None, done_states: 0, grade: None }
    }

    pub fn deal(&self) -> &DealSpec {
        &self.deal
    }

    /// Does about `work` units of search; the grade once every run is over.
    pub fn step(&mut self, work: u64) -> Option<Grade> {
        if let Some(grade) = &self.grade {
            return Some(grade.clone());
        }
        let grade = match &mut self.run {
            Run::FreeCell(solver) => {
                let outcome = solver.step(work)?;
                self.done_states += solver.progress().states;
                let DealSpec::FreeCell(start) = &self.deal else { unreachable!() };
                match outcome {
                    Outcome::Solved(moves) => {
                        let length = freecell::solution_length(start, &moves);
                        match (cells_needed(start, &moves), length) {
                            (Some(line_cells), Ok((length, end))) if end.is_won() => {
                                let so_far = FreeCellSoFar { length, line_cells, trying: 0, proven: true };
                                self.freecell_next(so_far)?
                            }
                            _ => Grade::unsolved(Verdict::Unknown, GameKind::FreeCell),
                        }
                    }
                    other => Grade::unsolved(Verdict::of(&other), GameKind::FreeCell),
                }
            }
            Run::FewerCells(search) => {
                let outcome = search.step(work)?;
                self.done_states += search.progress().states;
                let Some(mut so_far) = self.freecell else { unreachable!() };
                match outcome {
                    Outcome::Solved(_) => Grade::solved(Facts::FreeCell {
                        cells: so_far.trying,
                        cells_proven: so_far.proven,
                        length: so_far.length,
                    }),
                    other => {
                        so_far.proven &= other == Outcome::Unsolvable;
                        so_far.trying += 1;
                        self.freecell_next(so_far)?
                    }
                }
            }
            Run::Pyramid(solver) => {
                let outcome = solver.step(work)?;
                self.done_states += solver.progress().states;
                let DealSpec::Pyramid(deck) = &self.deal else { unreachable!() };
                match outcome {
                    Outcome::Solved(moves) if pyramid_wins(deck, &moves) => {
                        let recycles = moves.iter().filter(|&&m| m == pyramid::Move::Recycle).count();
                        let recycles = u8::try_from(recycles).unwrap_or(u8::MAX);
                        Grade::solved(Facts::Pyramid { steps: moves.len() as u32, recycles })
                    }
                    Outcome::Solved(_) => Grade::unsolved(Verdict::Unknown, GameKind::Pyramid),
                    other => Grade::unsolved(Verdict::of(&other), GameKind::Pyramid),
                }
            }
            Run::Klondike(solver) => {
                let outcome = solver.step(work)?;
                self.done_states += solver.progress().states;
                self.klondike_next(outcome)?
            }
        };
        self.grade = Some(grade.clone());
        Some(grade)
    }

    /// Starts the search with `so_far.trying` cells (`None`), or grades by the line's cells.
    fn freecell_next(&mut self, so_far: FreeCellSoFar) -> Option<Grade> {
        let DealSpec::FreeCell(start) = &self.deal else { unreachable!() };
        if so_far.trying < so_far.line_cells {
            let search = FewerCells::new(start, usize::from(so_far.trying), budgets::FREECELL_FEWER_CELLS);
            self.freecell = Some(so_far);
            self.run = Run::FewerCells(Box::new(search));
            return None;
        }
        Some(Grade::solved(Facts::FreeCell {
            cells: so_far.line_cells,
            cells_proven: so_far.proven,
            length: so_far.length,
        }))
    }

    /// Takes a finished Klondike run's outcome: starts the next run (`None`) or grades.
    fn klondike_next(&mut self, outcome: Outcome<Vec<klondike::Move>>) -> Option<Grade> {
        let DealSpec::Klondike(deck, draw) = &self.deal else { unreachable!() };
        let (deck, draw) = (deck.clone(), *draw);
        let rules = klondike::Rules::new(draw);
        let so_far = match (self.stage, self.klondike) {
            (Stage::Deal, _) => {
                let moves = match outcome {
                    Outcome::Solved(moves) if klondike_wins(&deck, rules, &moves) => moves,
                    Outcome::Solved(_) => return Some(Grade::unsolved(Verdict::Unknown, GameKind::Klondike)),
                    other => return Some(Grade::unsolved(Verdict::of(&other), GameKind::Klondike)),
                };
                let recycles = moves.iter().filter(|&&m| m == klondike::Move::Recycle).count();
                KlondikeSoFar {
                    moves: moves.len() as u32,
                    empties: klondike_empties(&deck, rules, &moves),
                    line_passes: u8::try_from(recycles + 1).unwrap_or(u8::MAX),
                    draw_three_wins: (draw == klondike::Draw::Three).then_some(true),
                }
            }
            (Stage::DrawThree, Some(so_far)) => {
                let three = klondike::Rules::new(klondike::Draw::Three);
                let draw_three_wins = match outcome {
                    Outcome::Solved(moves) => Some(klondike_wins(&deck, three, &moves)).filter(|&won| won),
                    Outcome::Unsolvable => Some(false),
                    Outcome::Unknown(_) => None,
                };
                KlondikeSoFar { draw_three_wins, ..so_far }
            }
            (Stage::PassLimit(limit), Some(so_far)) => {
                let limited = rules.with_pass_limit(limit);
                match outcome {
                    Outcome::Solved(moves) if klondike_wins(&deck, limited, &moves) => {
                        return Some(klondike_grade(draw, so_far, limit, true));
                    }
                    Outcome::Unsolvable => so_far,
                    // Undecided: the fewest passes are not proven; the line's count stands.
                    _ => return Some(klondike_grade(draw, so_far, so_far.line_passes, false)),
                }
            }
            (_, None) => return Some(Grade::unsolved(Verdict::Unknown, GameKind::Klondike)),
        };
        let next = match self.stage {
            Stage::Deal if draw == klondike::Draw::One => Stage::DrawThree,
            Stage::Deal | Stage::DrawThree => Stage::PassLimit(1),
            Stage::PassLimit(limit) => Stage::PassLimit(limit + 1),
        };
        let next_run = match next {
            Stage::DrawThree => Some(klondike_solver(&deck, klondike::Draw::Three, None)),
            Stage::PassLimit(limit)
                if limit < so_far.line_passes && limit <= budgets::KLONDIKE_PASS_LIMITS =>
            {
                Some(klondike_solver(&deck, draw, Some(limit)))
            }
            _ => None,
        };
        self.klondike = Some(so_far);
        match next_run {
            Some(run) => {
                self.stage = next;
                self.run = Run::Klondike(run);
                None
            }
            None => {
                // Every limit below the line's passes was proven lost, or the limits tried
                // stopped short of them.
                let limit = match next {
                    Stage::PassLimit(limit) => limit,
                    _ => 1,
                };
                let proven = limit >= so_far.line_passes;
                Some(klondike_grade(draw, so_far, so_far.line_passes, proven))
            }
        }
    }

    /// States searched so far, over every run.
    pub fn progress(&self) -> Progress {
        let current = if self.grade.is_some() { 0 } else { self.run.progress().states };
        Progress { states: self.done_states + current }
    }

    /// Runs to the end (native callers).
    pub fn run_to_end(mut self) -> Grade {
        loop {
            if let Some(grade) = self.step(1 << 16) {
                return grade;
            }
        }
    }
}

fn klondike_grade(draw: klondike::Draw, so_far: KlondikeSoFar, passes: u8, passes_proven: bool) -> Grade {
    Grade::solved(Facts::Klondike {
        draw: draw.count(),
        draw_three_wins: so_far.draw_three_wins,
        passes,
        passes_proven,
        moves: so_far.moves,
        empties: so_far.empties,
    })
}

/// The moves of a (legal) line that empty a column by moving all its cards onto another.
fn klondike_empties(deck: &Deck, rules: klondike::Rules, moves: &[klondike::Move]) -> u32 {
    let mut position = klondike::Position::new(deck, rules);
    let mut empties = 0;
    for &mv in moves {
        if let klondike::Move::TableauToTableau { from, count, .. } = mv {
            let from = usize::from(from);
            let whole = usize::from(count) == position.face_up(from).len();
            empties += u32::from(whole && position.face_down(from) == 0);
        }
        position.apply(mv);
    }
    empties
}

fn klondike_solver(deck: &Deck, draw: klondike::Draw, passes: Option<u8>) -> Box<klondike::Solver> {
    let rules = match passes {
        Some(p) => klondike::Rules::new(draw).with_pass_limit(p),
        None => klondike::Rules::new(draw),
    };
    Box::new(klondike::Solver::with_budget(&klondike::Position::new(deck, rules), budgets::KLONDIKE))
}

fn klondike_wins(deck: &Deck, rules: klondike::Rules, moves: &[klondike::Move]) -> bool {
    moves
        .iter()
        .try_fold(klondike::Position::new(deck, rules), |p, &m| p.play(m))
        .is_ok_and(|end| end.is_won())
}

fn pyramid_wins(deck: &Deck, moves: &[pyramid::Move]) -> bool {
    moves.iter().try_fold(pyramid::Position::new(deck), |p, &m| p.play(m)).is_ok_and(|end| end.is_cleared())
}

/// Grades a deal with the fixed budgets of [`budgets`].
pub fn grade(deal: &DealSpec) -> Grade {
    Grader::new(deal.clone()).run_to_end()
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
pub struct Winnable {
    game: GameKind,
    draw: Option<klondike::Draw>,
    difficulty: Option<Difficulty>,
    seed: u64,
    grader: Grader,
    tried: u64,
    states: u64,
}

impl Winnable {
    /// From seed `from` on (FreeCell: a seed out of 1..=8,589,934,591 starts at 1).
    pub fn new(
        game: GameKind,
        from: u64,
        difficulty: Option<Difficulty>,
        draw: Option<klondike::Draw>,
    ) -> Winnable {
        let seed = match game {
            GameKind::FreeCell if DealNumber::new(from).is_err() => DealNumber::MIN,
            _ => from,
        };
        let grader = Grader::new(DealSpec::seed(game, seed, draw).expect("a valid seed"));
        Winnable { game, draw, difficulty, seed, grader, tried: 0, states: 0 }
    }

    /// Does about `work` units; the seed and its grade once one is found.
    pub fn step(&mut self, work: u64) -> Option<(u64, Grade)> {
        let grade = self.grader.step(work)?;
        self.tried += 1;
        self.states += self.grader.progress().states;
        let wanted = self.difficulty.is_none_or(|d| grade.difficulty == Some(d));
        if grade.verdict == Verdict::Solved && wanted {
            return Some((self.seed, grade));
        }
        self.seed = self.game.next_seed(self.seed);
        self.grader = Grader::new(DealSpec::seed(self.game, self.seed, self.draw).expect("a valid seed"));
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

#[cfg(test)]
mod tests;
