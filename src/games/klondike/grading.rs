//! Klondike's grading (docs/RULES.md, "Difficulty"): the deal is solved; a draw-1 deal is
//! also tried in draw 3; then pass limits find the fewest passes through the stock a win needs.

use serde::{Deserialize, Serialize};

use super::{Draw, Move, Position, Rules, Solver, DEFAULT_BUDGET};
use crate::cards::Deck;
use crate::games::grading::{Difficulty, Grade, Verdict, CANNOT_BE_WON};
use crate::search::{Outcome, Progress, Search};

/// What the solvers measured of a winnable Klondike deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The draw the deal was graded for (1 or 3).
    pub draw: u8,
    /// For a draw-1 deal: whether the same deck also wins in draw 3 (`None`: the draw-3
    /// solve ran out of budget). For a draw-3 deal: `Some(true)`.
    pub draw_three_wins: Option<bool>,
    /// The fewest passes through the stock a win was found with (1 = no recycle).
    pub passes: u8,
    /// True when `passes` is proven the fewest (every smaller pass limit proven lost);
    /// false when it is only what the solver's line used.
    pub passes_proven: bool,
    /// The moves of the winning line found with unlimited passes (draws and recycles
    /// included): the solver's line, not a minimum.
    pub moves: u32,
    /// The moves of that line that empty a column by moving all its cards (face up, none
    /// under them) onto another column: the solver's line, not a minimum.
    pub empties: u32,
}

/// The draw-1 tier thresholds (docs/RULES.md, "Difficulty"): a deal whose fewest passes are
/// more than `passes` is Expert; otherwise the solver's winning line of at most `easy_moves`
/// moves is Easy, of at most `medium_moves` Medium, and longer Hard. (Draw 3 is graded by its
/// passes and the columns its line empties: see [`difficulty_of`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiers {
    pub passes: u8,
    pub easy_moves: u32,
    pub medium_moves: u32,
}

/// Draw 1: fitted on seeds 1..1120 (docs/BENCHMARKS.md, "Difficulty tiers").
pub const DRAW_ONE_TIERS: Tiers = Tiers { passes: 2, easy_moves: 190, medium_moves: 220 };

/// The most passes tried as limits when looking for the fewest a win needs.
pub const PASS_LIMITS: u8 = 3;

/// The tier of a solved deal and its reason.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let Facts { draw, draw_three_wins, passes, passes_proven, moves, empties } = *facts;
    let tier = if draw == 3 {
        match (passes, empties) {
            (4.., _) | (_, 3..) => Difficulty::Expert,
            (_, 0) => Difficulty::Easy,
            (_, 1) => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    } else if passes > DRAW_ONE_TIERS.passes {
        Difficulty::Expert
    } else if moves <= DRAW_ONE_TIERS.easy_moves {
        Difficulty::Easy
    } else if moves <= DRAW_ONE_TIERS.medium_moves {
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

/// Which run is going on: the deal itself, the same deck in draw 3, or a pass limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Deal,
    DrawThree,
    PassLimit(u8),
}

/// What a grading has learnt so far.
#[derive(Clone, Copy)]
struct SoFar {
    moves: u32,
    empties: u32,
    line_passes: u8,
    draw_three_wins: Option<bool>,
}

/// Grades one Klondike deal in slices.
pub struct Grader {
    deck: Deck,
    draw: Draw,
    run: Box<Solver>,
    stage: Stage,
    so_far: Option<SoFar>,
    done_states: u64,
}

impl Grader {
    pub fn new(deck: &Deck, draw: Draw) -> Grader {
        Grader {
            deck: deck.clone(),
            draw,
            run: solver(deck, draw, None),
            stage: Stage::Deal,
            so_far: None,
            done_states: 0,
        }
    }

    /// Takes a finished run's outcome: starts the next run (`None`) or grades.
    fn next(&mut self, outcome: Outcome<Vec<Move>>) -> Option<Grade> {
        let (deck, draw) = (&self.deck, self.draw);
        let rules = Rules::new(draw);
        let so_far = match (self.stage, self.so_far) {
            (Stage::Deal, _) => {
                let moves = match outcome {
                    Outcome::Solved(moves) if wins(deck, rules, &moves) => moves,
                    Outcome::Solved(_) => return Some(Grade::unsolved(Verdict::Unknown, CANNOT_BE_WON)),
                    other => return Some(Grade::unsolved(Verdict::of(&other), CANNOT_BE_WON)),
                };
                let recycles = moves.iter().filter(|&&m| m == Move::Recycle).count();
                SoFar {
                    moves: moves.len() as u32,
                    empties: empties(deck, rules, &moves),
                    line_passes: u8::try_from(recycles + 1).unwrap_or(u8::MAX),
                    draw_three_wins: (draw == Draw::Three).then_some(true),
                }
            }
            (Stage::DrawThree, Some(so_far)) => {
                let three = Rules::new(Draw::Three);
                let draw_three_wins = match outcome {
                    Outcome::Solved(moves) => Some(wins(deck, three, &moves)).filter(|&won| won),
                    Outcome::Unsolvable => Some(false),
                    Outcome::Unknown(_) => None,
                };
                SoFar { draw_three_wins, ..so_far }
            }
            (Stage::PassLimit(limit), Some(so_far)) => {
                let limited = rules.with_pass_limit(limit);
                match outcome {
                    Outcome::Solved(moves) if wins(deck, limited, &moves) => {
                        return Some(grade(draw, so_far, limit, true));
                    }
                    Outcome::Unsolvable => so_far,
                    // Undecided: the fewest passes are not proven; the line's count stands.
                    _ => return Some(grade(draw, so_far, so_far.line_passes, false)),
                }
            }
            (_, None) => return Some(Grade::unsolved(Verdict::Unknown, CANNOT_BE_WON)),
        };
        let next = match self.stage {
            Stage::Deal if draw == Draw::One => Stage::DrawThree,
            Stage::Deal | Stage::DrawThree => Stage::PassLimit(1),
            Stage::PassLimit(limit) => Stage::PassLimit(limit + 1),
        };
        let next_run = match next {
            Stage::DrawThree => Some(solver(deck, Draw::Three, None)),
            Stage::PassLimit(limit) if limit < so_far.line_passes && limit <= PASS_LIMITS => {
                Some(solver(deck, draw, Some(limit)))
            }
            _ => None,
        };
        self.so_far = Some(so_far);
        match next_run {
            Some(run) => {
                self.stage = next;
                self.run = run;
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
                Some(grade(draw, so_far, so_far.line_passes, proven))
            }
        }
    }
}

impl Search for Grader {
    type Solution = Grade;

    fn step(&mut self, work: u64) -> Option<Outcome<Grade>> {
        let outcome = self.run.step(work)?;
        self.done_states += self.run.progress().states;
        self.next(outcome).map(Outcome::Solved)
    }

    fn progress(&self) -> Progress {
        Progress { states: self.done_states + self.run.progress().states }
    }
}

fn grade(draw: Draw, so_far: SoFar, passes: u8, passes_proven: bool) -> Grade {
    let facts = Facts {
        draw: draw.count(),
        draw_three_wins: so_far.draw_three_wins,
        passes,
        passes_proven,
        moves: so_far.moves,
        empties: so_far.empties,
    };
    let (difficulty, reason) = difficulty_of(&facts);
    Grade::solved(difficulty, reason, &facts)
}

/// The moves of a (legal) line that empty a column by moving all its cards onto another.
pub fn empties(deck: &Deck, rules: Rules, moves: &[Move]) -> u32 {
    let mut position = Position::new(deck, rules);
    let mut empties = 0;
    for &mv in moves {
        if let Move::TableauToTableau { from, count, .. } = mv {
            let from = usize::from(from);
            let whole = usize::from(count) == position.face_up(from).len();
            empties += u32::from(whole && position.face_down(from) == 0);
        }
        position.apply(mv);
    }
    empties
}

fn solver(deck: &Deck, draw: Draw, passes: Option<u8>) -> Box<Solver> {
    let rules = match passes {
        Some(p) => Rules::new(draw).with_pass_limit(p),
        None => Rules::new(draw),
    };
    Box::new(Solver::with_budget(&Position::new(deck, rules), DEFAULT_BUDGET))
}

fn wins(deck: &Deck, rules: Rules, moves: &[Move]) -> bool {
    moves.iter().try_fold(Position::new(deck, rules), |p, &m| p.play(m)).is_ok_and(|end| end.is_won())
}
