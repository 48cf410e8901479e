//! What grading says of a deal: its verdict, its difficulty tier and the one-line reason the
//! table shows (docs/RULES.md, "Difficulty"). Each game grades its own deals
//! ([`crate::games::Solving::grader`]); `crate::grade` runs the graders, searches for winnable
//! deals and picks the deal of the day.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::search::{Outcome, Progress, Search};
use crate::session::Table;

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

impl Difficulty {
    /// The tier of a measure that grows with difficulty (positions searched, say): at most
    /// `bounds[0]` Easy, `bounds[1]` Medium, `bounds[2]` Hard, beyond that Expert.
    pub fn by_bounds(measure: u64, bounds: [u64; 3]) -> Difficulty {
        Difficulty::ALL[bounds.iter().take_while(|&&bound| measure > bound).count()]
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

    pub fn of<S>(outcome: &Outcome<S>) -> Verdict {
        match outcome {
            Outcome::Solved(_) => Verdict::Solved,
            Outcome::Unsolvable => Verdict::Unsolvable,
            Outcome::Unknown(_) => Verdict::Unknown,
        }
    }
}

/// A deal's verdict and difficulty, with the one-line reason shown on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grade {
    pub verdict: Verdict,
    /// `None` unless the verdict is `Solved`.
    pub difficulty: Option<Difficulty>,
    /// One line for the table: "Needs 3 free cells; the short solution is 104 moves".
    pub reason: String,
    /// What the solvers measured, as the game's own facts type writes itself (a JSON object
    /// whose fields the command line prints); `None` unless solved.
    pub facts: Option<serde_json::Value>,
}

impl Grade {
    /// A deal not won: proven lost (`unsolvable` says how the game puts it) or undecided.
    pub fn unsolved(verdict: Verdict, unsolvable: &str) -> Grade {
        let reason = match verdict {
            Verdict::Unsolvable => unsolvable,
            _ => "The solver could not decide this deal within its budget",
        };
        Grade { verdict, difficulty: None, reason: reason.to_string(), facts: None }
    }

    /// A won deal: its tier, the reason, and the game's facts.
    pub fn solved(difficulty: Difficulty, reason: String, facts: &impl Serialize) -> Grade {
        Grade {
            verdict: Verdict::Solved,
            difficulty: Some(difficulty),
            reason,
            facts: serde_json::to_value(facts).ok(),
        }
    }

    /// The facts read back as the game's own type.
    pub fn facts_as<F: serde::de::DeserializeOwned>(&self) -> Option<F> {
        serde_json::from_value(self.facts.clone()?).ok()
    }
}

/// "The solver proved that this deal cannot be won", the usual words for a lost deal.
pub const CANNOT_BE_WON: &str = "The solver proved that this deal cannot be won";

/// Grades a deal by one run of its solver. A win counts only once its line, replayed through
/// the rules from the start, wins; `grade_win` then grades it from the positions the solver
/// searched, the start, the line and the won position (a win that does not replay is
/// "unknown").
pub struct ReplayGrader<P: Table, S> {
    start: P,
    solver: S,
    grade_win: fn(states: u64, start: &P, line: &[P::Move], end: &P) -> Grade,
}

impl<P: Table, S: Search<Solution = Vec<P::Move>>> ReplayGrader<P, S> {
    pub fn new(start: P, solver: S, grade_win: fn(u64, &P, &[P::Move], &P) -> Grade) -> ReplayGrader<P, S> {
        ReplayGrader { start, solver, grade_win }
    }
}

impl<P: Table, S: Search<Solution = Vec<P::Move>>> Search for ReplayGrader<P, S> {
    type Solution = Grade;

    fn step(&mut self, work: u64) -> Option<Outcome<Grade>> {
        let outcome = self.solver.step(work)?;
        let states = self.solver.progress().states;
        let grade = match outcome {
            Outcome::Solved(line) => match line.iter().try_fold(self.start.clone(), |p, &m| p.after(m)) {
                Ok(end) if end.is_won() => (self.grade_win)(states, &self.start, &line, &end),
                _ => Grade::unsolved(Verdict::Unknown, CANNOT_BE_WON),
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

    /// A count that is won at 3, moved by steps of 1 and 2 (a step of 2 is refused from 2).
    #[derive(Clone, PartialEq, Debug)]
    struct Count(u8);

    impl Table for Count {
        type Move = u8;
        type Illegal = String;

        fn is_won(&self) -> bool {
            self.0 == 3
        }

        fn after(&self, step: u8) -> Result<Count, String> {
            match self.0 + step {
                n if n <= 3 => Ok(Count(n)),
                _ => Err("past 3".into()),
            }
        }
    }

    /// A solver that answers `outcome` at once, having searched 7 states.
    struct Answers(Option<Outcome<Vec<u8>>>);

    impl Search for Answers {
        type Solution = Vec<u8>;

        fn step(&mut self, _work: u64) -> Option<Outcome<Vec<u8>>> {
            self.0.take()
        }

        fn progress(&self) -> Progress {
            Progress { states: 7 }
        }
    }

    fn grade(outcome: Outcome<Vec<u8>>) -> Grade {
        let grade_win = |states, _start: &Count, line: &[u8], end: &Count| {
            Grade::solved(
                Difficulty::Hard,
                format!("{states} states, {} moves, at {}", line.len(), end.0),
                &(),
            )
        };
        match ReplayGrader::new(Count(0), Answers(Some(outcome)), grade_win).step(1) {
            Some(Outcome::Solved(grade)) => grade,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_win_is_graded_once_its_line_replays_to_a_won_position() {
        let won = grade(Outcome::Solved(vec![1, 2]));
        assert_eq!((won.verdict, won.difficulty), (Verdict::Solved, Some(Difficulty::Hard)));
        assert_eq!(won.reason, "7 states, 2 moves, at 3");
    }

    #[test]
    fn a_line_the_rules_refuse_or_that_does_not_win_is_unknown() {
        for line in [vec![2, 2], vec![1, 1]] {
            let grade = grade(Outcome::Solved(line.clone()));
            assert_eq!((grade.verdict, grade.difficulty), (Verdict::Unknown, None), "{line:?}");
        }
        assert_eq!(grade(Outcome::Unsolvable).verdict, Verdict::Unsolvable);
    }
}
