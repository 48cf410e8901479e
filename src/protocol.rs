//! The messages between the app and its worker, and the worker's job dispatcher.
//!
//! The dispatcher is plain Rust so it is tested natively; the wasm worker only feeds it
//! messages and calls [`Dispatcher::run_slice`] from a zero-delay timer until it is idle,
//! which lets a `Cancel` (or a newer request) in between two slices.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, Deck, DeckError};
use crate::games::freecell;
use crate::search::{Outcome, Progress, Search};

/// Identifies one request; the app numbers them upwards.
pub type RequestId = u32;

/// App → worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Start a task. A task already running is cancelled first (newest wins).
    Start { id: RequestId, task: Task },
    /// Stop the task with this id if it is still running.
    Cancel { id: RequestId },
}

/// Work the worker can do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Check pasted deck text: 52 distinct cards, every token a card.
    CheckDeck { text: String },
    /// Solve a FreeCell position given as board text (hint, "still winnable?", solve).
    SolveFreeCell { board: String, mode: SolveMode },
}

/// How a solver should trade speed for solution length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolveMode {
    /// Quick answers (hints, background checks).
    #[default]
    Fast,
    /// Shorter solutions for a little more time (replays).
    Short,
}

/// Worker → app.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// The task is still running; sent after every slice.
    Progress { id: RequestId, progress: Progress },
    /// The task's answer.
    Finished { id: RequestId, answer: Answer },
    /// The task was cancelled (by a `Cancel` or a newer `Start`).
    Cancelled { id: RequestId },
}

/// What a finished task found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// The deck in order, or everything wrong with it.
    DeckChecked(Result<Vec<Card>, DeckError>),
    /// A FreeCell position's solution (every move explicit), or a proof or give-up.
    FreeCellSolved(Outcome<Vec<freecell::Move>>),
    /// The task's input could not be read; the text says what is wrong.
    InvalidInput(String),
}

/// A running task, advanced in small steps.
pub trait Job {
    /// Does about `work` units and returns the answer once there is one.
    fn step(&mut self, work: u64) -> Option<Answer>;
    fn progress(&self) -> Progress;
}

/// A job that is done in one step.
struct Immediate(Option<Answer>);

impl Job for Immediate {
    fn step(&mut self, _work: u64) -> Option<Answer> {
        self.0.take()
    }
    fn progress(&self) -> Progress {
        Progress::default()
    }
}

/// A [`Search`] run as a job, its outcome turned into an [`Answer`].
struct SearchJob<S: Search> {
    search: S,
    answer: fn(Outcome<S::Solution>) -> Answer,
}

impl<S: Search> Job for SearchJob<S> {
    fn step(&mut self, work: u64) -> Option<Answer> {
        self.search.step(work).map(self.answer)
    }
    fn progress(&self) -> Progress {
        self.search.progress()
    }
}

impl Task {
    /// Turns the task into a job ready to be stepped.
    pub fn start(self) -> Box<dyn Job> {
        match self {
            Task::CheckDeck { text } => {
                let answer = text.parse::<Deck>().map(|deck| deck.cards().to_vec());
                Box::new(Immediate(Some(Answer::DeckChecked(answer))))
            }
            Task::SolveFreeCell { board, mode } => match board.parse::<freecell::Position>() {
                Ok(position) => {
                    let mode = match mode {
                        SolveMode::Fast => freecell::Mode::Fast,
                        SolveMode::Short => freecell::Mode::Short,
                    };
                    let search = freecell::Solver::new(&position, mode, freecell::Budget::default());
                    Box::new(SearchJob { search, answer: Answer::FreeCellSolved })
                }
                Err(error) => Box::new(Immediate(Some(Answer::InvalidInput(error.to_string())))),
            },
        }
    }
}

/// Work units per call to [`Job::step`] inside a slice: small, so the clock is read often.
const WORK_PER_STEP: u64 = 256;

/// Runs one job at a time, in slices.
#[derive(Default)]
pub struct Dispatcher {
    current: Option<(RequestId, Box<dyn Job>)>,
}

impl Dispatcher {
    pub fn new() -> Dispatcher {
        Dispatcher::default()
    }

    /// True while a job is waiting for more slices.
    pub fn is_busy(&self) -> bool {
        self.current.is_some()
    }

    /// Takes a request; returns the responses it causes at once.
    pub fn receive(&mut self, request: Request) -> Vec<Response> {
        match request {
            Request::Start { id, task } => {
                let mut responses = self.cancel_current();
                self.current = Some((id, task.start()));
                responses.push(Response::Progress { id, progress: Progress::default() });
                responses
            }
            Request::Cancel { id } => match &self.current {
                Some((current, _)) if *current == id => self.cancel_current(),
                _ => Vec::new(),
            },
        }
    }

    fn cancel_current(&mut self) -> Vec<Response> {
        self.current.take().map(|(id, _)| Response::Cancelled { id }).into_iter().collect()
    }

    /// Steps the current job until it finishes or `elapsed_ms()` passes `slice_ms`, then
    /// reports progress or the answer.
    pub fn run_slice(&mut self, slice_ms: f64, elapsed_ms: &dyn Fn() -> f64) -> Vec<Response> {
        let Some((id, job)) = self.current.as_mut() else {
            return Vec::new();
        };
        let id = *id;
        loop {
            if let Some(answer) = job.step(WORK_PER_STEP) {
                self.current = None;
                return vec![Response::Finished { id, answer }];
            }
            if elapsed_ms() >= slice_ms {
                return vec![Response::Progress { id, progress: job.progress() }];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    /// A job that needs `remaining` units of work.
    struct Countdown {
        remaining: u64,
        done: u64,
    }

    impl Job for Countdown {
        fn step(&mut self, work: u64) -> Option<Answer> {
            let now = work.min(self.remaining);
            self.remaining -= now;
            self.done += now;
            (self.remaining == 0).then(|| Answer::DeckChecked(Ok(Vec::new())))
        }
        fn progress(&self) -> Progress {
            Progress { states: self.done }
        }
    }

    fn start_countdown(dispatcher: &mut Dispatcher, id: RequestId, remaining: u64) {
        dispatcher.current = Some((id, Box::new(Countdown { remaining, done: 0 })));
    }

    #[test]
    fn check_deck_answers_in_one_slice() {
        let mut dispatcher = Dispatcher::new();
        let text = seeded_deck(4).to_string();
        let started = dispatcher.receive(Request::Start { id: 1, task: Task::CheckDeck { text } });
        assert_eq!(started, vec![Response::Progress { id: 1, progress: Progress::default() }]);
        let responses = dispatcher.run_slice(10.0, &|| 0.0);
        assert!(
            matches!(&responses[..], [Response::Finished { id: 1, answer: Answer::DeckChecked(Ok(cards)) }] if cards.len() == 52)
        );
        assert!(!dispatcher.is_busy());
    }

    #[test]
    fn check_deck_reports_problems() {
        let mut dispatcher = Dispatcher::new();
        dispatcher.receive(Request::Start { id: 2, task: Task::CheckDeck { text: "AH AH 7X".into() } });
        let responses = dispatcher.run_slice(10.0, &|| 0.0);
        let [Response::Finished { answer: Answer::DeckChecked(Err(error)), .. }] = &responses[..] else {
            panic!("{responses:?}");
        };
        assert_eq!(error.found, 2);
        assert_eq!(error.duplicated.len(), 1);
        assert_eq!(error.malformed.len(), 1);
    }

    #[test]
    fn long_jobs_report_progress_between_slices() {
        let mut dispatcher = Dispatcher::new();
        start_countdown(&mut dispatcher, 7, 10 * WORK_PER_STEP);
        // A clock that says the slice is over after each step.
        let responses = dispatcher.run_slice(1.0, &|| 5.0);
        assert_eq!(
            responses,
            vec![Response::Progress { id: 7, progress: Progress { states: WORK_PER_STEP } }]
        );
        assert!(dispatcher.is_busy());
        let mut slices = 1;
        while dispatcher.is_busy() {
            dispatcher.run_slice(1.0, &|| 5.0);
            slices += 1;
        }
        assert_eq!(slices, 10);
    }

    #[test]
    fn cancel_stops_the_job_between_slices() {
        let mut dispatcher = Dispatcher::new();
        start_countdown(&mut dispatcher, 3, u64::MAX);
        dispatcher.run_slice(1.0, &|| 5.0);
        assert_eq!(dispatcher.receive(Request::Cancel { id: 99 }), vec![]);
        assert!(dispatcher.is_busy());
        assert_eq!(dispatcher.receive(Request::Cancel { id: 3 }), vec![Response::Cancelled { id: 3 }]);
        assert!(!dispatcher.is_busy());
        assert_eq!(dispatcher.run_slice(1.0, &|| 5.0), vec![]);
    }

    #[test]
    fn a_new_request_supersedes_the_running_one() {
        let mut dispatcher = Dispatcher::new();
        start_countdown(&mut dispatcher, 1, u64::MAX);
        let responses =
            dispatcher.receive(Request::Start { id: 2, task: Task::CheckDeck { text: String::new() } });
        assert_eq!(responses[0], Response::Cancelled { id: 1 });
        assert!(matches!(dispatcher.run_slice(1.0, &|| 0.0)[..], [Response::Finished { id: 2, .. }]));
    }

    #[test]
    fn freecell_positions_are_solved_in_slices() {
        let position = freecell::Position::deal(crate::deal::DealNumber::new(1).unwrap());
        let board = position.setup().to_string();
        let mut dispatcher = Dispatcher::new();
        dispatcher
            .receive(Request::Start { id: 4, task: Task::SolveFreeCell { board, mode: SolveMode::Fast } });
        let mut slices = 0;
        let answer = loop {
            slices += 1;
            // A clock that ends each slice after one step: many small slices.
            if let [Response::Finished { answer, .. }] = &dispatcher.run_slice(1.0, &|| 2.0)[..] {
                break answer.clone();
            }
        };
        assert!(slices > 1, "the solve ran in one slice");
        let Answer::FreeCellSolved(Outcome::Solved(moves)) = answer else { panic!("{answer:?}") };
        let end = moves.iter().try_fold(position, |p, &m| p.play(m)).unwrap();
        assert!(end.is_won());
    }

    #[test]
    fn bad_boards_are_reported() {
        let mut dispatcher = Dispatcher::new();
        let task = Task::SolveFreeCell { board: "KH KH".into(), mode: SolveMode::Fast };
        dispatcher.receive(Request::Start { id: 1, task });
        let responses = dispatcher.run_slice(1.0, &|| 0.0);
        assert!(matches!(&responses[..], [Response::Finished { answer: Answer::InvalidInput(_), .. }]));
    }

    #[test]
    fn messages_survive_json() {
        let request = Request::Start { id: 5, task: Task::CheckDeck { text: "AH".into() } };
        let json = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
    }
}
