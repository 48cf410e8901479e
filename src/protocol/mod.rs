//! The messages between the app and its worker, and the worker's job dispatcher.
//!
//! The dispatcher is plain Rust so it is tested natively; the wasm worker only feeds it
//! messages and calls [`Dispatcher::run_slice`] from a zero-delay timer until it is idle,
//! which lets a `Cancel` (or a newer request) in between two slices.
//!
//! Nothing a message holds can panic the worker: every task is checked ([`Task::validate`]:
//! the caps of [`crate::limits`], move counts, columns) before any work, and a message that
//! cannot be read at all becomes [`Request::Unreadable`] ([`read_request`]), which is answered
//! like any bad input, with [`Answer::InvalidInput`].

use std::cell::RefCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::foxhounds::{self, FoxAndHounds};
use crate::games::{read_deal_code, read_variant, Game, Visit};
use crate::grade::{Difficulty, Grade, Winnable, WinnableProgress};
use crate::limits::{check_length, shorten, TooLong};
use crate::search::retrograde::{Retrograde, Solution};
use crate::search::twoplayer::Evaluation;
use crate::search::{Outcome, Progress, Search};

/// Identifies one request; the app numbers them upwards.
pub type RequestId = u32;

/// The most moves a task may carry (a whole link's worth, [`crate::share::MAX_MOVES`]).
pub const MAX_MOVES: usize = crate::share::MAX_MOVES;
/// The longest deal code a task may carry ([`crate::games::deal_code`]; a longer one is refused
/// unread).
pub const MAX_DEAL_CODE_LEN: usize = crate::games::MAX_DEAL_CODE_LEN;
/// The longest message [`read_request`] reads as JSON text, in bytes: a task with
/// [`MAX_MOVES`] Klondike moves in JSON takes under 2 MB.
pub const MAX_MESSAGE_LEN: usize = 4 << 20;
/// How much of a reader's complaint about an unreadable message is kept.
const MAX_REASON_LEN: usize = 200;

/// App → worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Start a task. A task already running is cancelled first (newest wins).
    Start { id: RequestId, task: Task },
    /// Stop the task with this id if it is still running.
    Cancel { id: RequestId },
    /// A message the worker could not read (made by the worker's reader, never sent on
    /// purpose): answered with [`Answer::InvalidInput`] under `id` (the message's own id
    /// when one could be found in it, else 0), cancelling the running task like a `Start`.
    Unreadable { id: RequestId, reason: String },
}

impl Request {
    /// The request for a message that is not a [`Request`]: `Unreadable`, with the id the
    /// message gives (`{"Start": {"id": 7, …}}`), if any, and `error` shortened.
    pub fn unreadable(message: &serde_json::Value, error: &dyn std::fmt::Display) -> Request {
        let id = ["Start", "Cancel"]
            .iter()
            .find_map(|key| message.get(key)?.get("id")?.as_u64())
            .and_then(|id| RequestId::try_from(id).ok())
            .unwrap_or(0);
        Request::Unreadable { id, reason: shorten(&error.to_string(), MAX_REASON_LEN) }
    }
}

/// Reads a request from JSON text, never failing: a message longer than
/// [`MAX_MESSAGE_LEN`] or not a request becomes [`Request::Unreadable`].
pub fn read_request(text: &str) -> Request {
    if let Err(too_long) = check_length(text, MAX_MESSAGE_LEN, "worker message") {
        return Request::Unreadable { id: 0, reason: too_long.to_string() };
    }
    serde_json::from_str(text).unwrap_or_else(|error| {
        let message = serde_json::from_str(text).unwrap_or(serde_json::Value::Null);
        Request::unreadable(&message, &error)
    })
}

/// Why a task is refused before any work.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvalidRequest {
    #[error(transparent)]
    TooLong(TooLong),
    #[error("a task holds at most {limit} moves; this one has {found}")]
    TooManyMoves { limit: usize, found: usize },
    #[error("`{0}` is not a game")]
    UnknownGame(String),
}

impl From<TooLong> for InvalidRequest {
    fn from(too_long: TooLong) -> InvalidRequest {
        InvalidRequest::TooLong(too_long)
    }
}

/// The longest game key a task may carry.
const MAX_KEY_LEN: usize = 32;

/// Work the worker can do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Solve a position of the game with key `game` (hint, "still winnable?", Solve): the deal
    /// named by its deal code ([`crate::games::deal_code`]) after `moves` (the game's own
    /// moves, as JSON). Answered by [`Answer::Solved`], whose line starts after those moves.
    Solve { game: String, deal: String, moves: serde_json::Value, mode: SolveMode },
    /// Solve Fox and Hounds (the table is kept between requests) and evaluate a position
    /// given as its link code: its value and every legal move's.
    SolveFoxHounds { position: String },
    /// Find a winnable deal: grade seeds one after another from `from_seed` (each with the
    /// game's fixed grading budgets) until one is proven winnable and, if asked, of
    /// `difficulty`; a seed left undecided is skipped. `variant` is the game's variant as its
    /// link parameter's value (`3` for Klondike's draw 3), `None` for the default. Answered by
    /// [`Answer::Winnable`]; progress comes as [`Response::Searching`].
    FindWinnable { game: String, from_seed: u64, difficulty: Option<Difficulty>, variant: Option<String> },
    /// Grade one deal, named by its deal code: its verdict, difficulty and reason. Answered
    /// by [`Answer::Graded`].
    Grade { game: String, deal: String },
}

pub use crate::games::SolveMode;

/// Worker → app.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// The task is still running; sent after every slice.
    Progress { id: RequestId, progress: Progress },
    /// The task's answer.
    Finished { id: RequestId, answer: Answer },
    /// The task was cancelled (by a `Cancel` or a newer `Start`).
    Cancelled { id: RequestId },
    /// A [`Task::FindWinnable`] is still running; sent after every slice in place of
    /// `Progress`: seeds tried so far, the seed being graded, states searched.
    Searching { id: RequestId, progress: WinnableProgress },
}

impl Response {
    /// What the app makes of an answer it cannot read (a build mismatch, a damaged message):
    /// the request it names (from `Progress`, `Finished` or `Cancelled`; else 0) finished with
    /// [`Answer::InvalidInput`] saying so, so that the page says something instead of waiting.
    pub fn unreadable(message: &serde_json::Value, error: &dyn std::fmt::Display) -> Response {
        let id = ["Progress", "Finished", "Cancelled", "Searching"]
            .iter()
            .find_map(|key| message.get(key)?.get("id")?.as_u64())
            .and_then(|id| RequestId::try_from(id).ok())
            .unwrap_or(0);
        let reason = shorten(&error.to_string(), MAX_REASON_LEN);
        Response::Finished {
            id,
            answer: Answer::InvalidInput(format!("the worker's answer could not be read: {reason}")),
        }
    }
}

/// What a finished task found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// A position's winning line (the game's own moves, as JSON, every move explicit), or a
    /// proof or give-up.
    Solved(Outcome<serde_json::Value>),
    /// The task's input could not be read; the text says what is wrong.
    InvalidInput(String),
    /// A Fox and Hounds position, evaluated from the solved table.
    FoxHoundsEvaluated(FoxHoundsAnalysis),
    /// A seed the solver proved winnable (its deal is an ordinary deal link), with its grade.
    Winnable { seed: u64, grade: Grade },
    /// A deal's grade.
    Graded(Grade),
}

/// A running task, advanced in small steps.
pub trait Job {
    /// Does about `work` units and returns the answer once there is one.
    fn step(&mut self, work: u64) -> Option<Answer>;
    fn progress(&self) -> Progress;
    /// For a search over seeds: how far it has got (reported as [`Response::Searching`]).
    fn seeds(&self) -> Option<WinnableProgress> {
        None
    }
}

/// Grades one deal.
struct GradeJob(Box<dyn Search<Solution = Grade>>);

impl Job for GradeJob {
    fn step(&mut self, work: u64) -> Option<Answer> {
        self.0.step(work).map(|outcome| match outcome {
            Outcome::Solved(grade) => Answer::Graded(grade),
            other => Answer::Graded(Grade::unsolved(
                crate::grade::Verdict::of(&other),
                crate::games::grading::CANNOT_BE_WON,
            )),
        })
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
}

/// Tries seeds until one is proven winnable.
struct WinnableJob<G: Game>(Winnable<G>);

impl<G: Game> Job for WinnableJob<G> {
    fn step(&mut self, work: u64) -> Option<Answer> {
        self.0.step(work).map(|(seed, grade)| Answer::Winnable { seed, grade })
    }
    fn progress(&self) -> Progress {
        Progress { states: self.0.progress().states }
    }
    fn seeds(&self) -> Option<WinnableProgress> {
        Some(self.0.progress())
    }
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
struct SearchJob<S: Search, F: Fn(Outcome<S::Solution>) -> Answer> {
    search: S,
    answer: F,
}

impl<S: Search, F: Fn(Outcome<S::Solution>) -> Answer> Job for SearchJob<S, F> {
    fn step(&mut self, work: u64) -> Option<Answer> {
        self.search.step(work).map(&self.answer)
    }
    fn progress(&self) -> Progress {
        self.search.progress()
    }
}

impl Task {
    /// Checks the sizes of everything the task holds against its caps (keys, codes, move
    /// lists), before any of it is read. Moves are checked by the game's rules when played.
    pub fn validate(&self) -> Result<(), InvalidRequest> {
        let known = |game: &str| -> Result<(), InvalidRequest> {
            check_length(game, MAX_KEY_LEN, "game key")?;
            match crate::games::keys().contains(&game) {
                true => Ok(()),
                false => Err(InvalidRequest::UnknownGame(crate::limits::quote(game))),
            }
        };
        match self {
            Task::Solve { game, deal, moves, .. } => {
                known(game)?;
                check_length(deal, MAX_DEAL_CODE_LEN, "deal code")?;
                let count = moves.as_array().map_or(0, Vec::len);
                if count > MAX_MOVES {
                    return Err(InvalidRequest::TooManyMoves { limit: MAX_MOVES, found: count });
                }
            }
            Task::SolveFoxHounds { position } => {
                check_length(position, crate::share::MAX_POSITION_CODE_LEN, "position code")?;
            }
            Task::FindWinnable { game, variant, .. } => {
                known(game)?;
                if let Some(variant) = variant {
                    check_length(variant, MAX_KEY_LEN, "variant")?;
                }
            }
            Task::Grade { game, deal } => {
                known(game)?;
                check_length(deal, MAX_DEAL_CODE_LEN, "deal code")?;
            }
        }
        Ok(())
    }

    /// Turns the task into a job ready to be stepped; a task that fails
    /// [`Task::validate`] becomes a job that answers [`Answer::InvalidInput`] at once.
    pub fn start(self) -> Box<dyn Job> {
        if let Err(error) = self.validate() {
            return Box::new(Immediate(Some(Answer::InvalidInput(error.to_string()))));
        }
        let started = match self {
            Task::Solve { game, deal, moves, mode } => {
                crate::games::visit(&game, StartSolve { deal, moves, mode }).expect("validated")
            }
            Task::FindWinnable { game, from_seed, difficulty, variant } => {
                crate::games::visit(&game, StartWinnable { from_seed, difficulty, variant })
                    .expect("validated")
            }
            Task::Grade { game, deal } => crate::games::visit(&game, StartGrade { deal }).expect("validated"),
            Task::SolveFoxHounds { position } => match foxhounds::Position::from_code(&position) {
                Ok(position) => Ok(Box::new(FoxHoundsJob::new(position)) as Box<dyn Job>),
                Err(error) => Err(error.to_string()),
            },
        };
        started.unwrap_or_else(|reason| Box::new(Immediate(Some(Answer::InvalidInput(reason)))))
    }
}

/// The task that judges the position `moves` reach from `deal` (hint, "still winnable?").
pub fn check_task<G: Game>(deal: &G::Deal, moves: &[G::Move], mode: SolveMode) -> Task {
    Task::Solve {
        game: G::KEY.into(),
        deal: crate::games::deal_code::<G>(deal),
        moves: serde_json::to_value(moves).unwrap_or_default(),
        mode,
    }
}

/// The task that grades `deal`.
pub fn grade_task<G: Game>(deal: &G::Deal) -> Task {
    Task::Grade { game: G::KEY.into(), deal: crate::games::deal_code::<G>(deal) }
}

/// The task that looks for a winnable deal of game `G` in `variant` from seed `from` on.
pub fn winnable_task<G: Game>(from: u64, difficulty: Option<Difficulty>, variant: G::Variant) -> Task {
    let variant = crate::games::variant_parameter::<G>(variant).map(|(_, value)| value.to_string());
    Task::FindWinnable { game: G::KEY.into(), from_seed: from, difficulty, variant }
}

/// The verdict in the worker's answer to a [`check_task`]: a line the game's moves read back
/// from, a proof, or nothing decided (an answer of another kind, or moves that do not read).
pub fn verdict<G: Game>(answer: &Answer) -> crate::session::Verdict<G::Move> {
    use crate::session::Verdict;
    match answer {
        Answer::Solved(Outcome::Solved(moves)) => match serde_json::from_value::<Vec<G::Move>>(moves.clone())
        {
            Ok(moves) => Verdict::Winnable(std::rc::Rc::new(moves)),
            Err(_) => Verdict::Unknown,
        },
        Answer::Solved(Outcome::Unsolvable) => Verdict::Lost,
        _ => Verdict::Unknown,
    }
}

/// The position `moves` (the game's moves as JSON) reach from the deal with code `deal`.
pub fn position_after<G: Game>(deal: &str, moves: &serde_json::Value) -> Result<G::Position, String> {
    use crate::session::{Start, Table};
    let deal = read_deal_code::<G>(deal).map_err(|error| error.to_string())?;
    let moves: Vec<G::Move> = serde_json::from_value(moves.clone()).map_err(|error| {
        format!("the moves could not be read: {}", shorten(&error.to_string(), MAX_REASON_LEN))
    })?;
    let mut position = deal.start();
    for (index, &mv) in moves.iter().enumerate() {
        position = position.after(mv).map_err(|error| format!("move {}: {error}", index + 1))?;
    }
    Ok(position)
}

/// Starts a [`Task::Solve`] for one game.
struct StartSolve {
    deal: String,
    moves: serde_json::Value,
    mode: SolveMode,
}

impl Visit for StartSolve {
    type Output = Result<Box<dyn Job>, String>;
    fn visit<G: Game>(self) -> Self::Output {
        let position = position_after::<G>(&self.deal, &self.moves)?;
        let answer = |outcome: Outcome<Vec<G::Move>>| {
            Answer::Solved(outcome.map(|moves| serde_json::to_value(moves).unwrap_or_default()))
        };
        Ok(Box::new(SearchJob { search: G::solver(&position, self.mode), answer }))
    }
}

/// Starts a [`Task::FindWinnable`] for one game.
struct StartWinnable {
    from_seed: u64,
    difficulty: Option<Difficulty>,
    variant: Option<String>,
}

impl Visit for StartWinnable {
    type Output = Result<Box<dyn Job>, String>;
    fn visit<G: Game>(self) -> Self::Output {
        let variant = read_variant::<G>(self.variant.as_deref()).map_err(|error| error.to_string())?;
        Ok(Box::new(WinnableJob(Winnable::<G>::new(self.from_seed, self.difficulty, variant))))
    }
}

/// Starts a [`Task::Grade`] for one game.
struct StartGrade {
    deal: String,
}

impl Visit for StartGrade {
    type Output = Result<Box<dyn Job>, String>;
    fn visit<G: Game>(self) -> Self::Output {
        let deal = read_deal_code::<G>(&self.deal).map_err(|error| error.to_string())?;
        Ok(Box::new(GradeJob(G::grader(&deal))))
    }
}

/// A two-player value for the side to move (for a move: for the side making it), with the
/// number of plies to the end under perfect play. The serde twin of [`Evaluation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameValue {
    Win { plies: u32 },
    Draw,
    Loss { plies: u32 },
}

impl From<Evaluation> for GameValue {
    fn from(evaluation: Evaluation) -> GameValue {
        match evaluation {
            Evaluation::Win { plies } => GameValue::Win { plies },
            Evaluation::Draw => GameValue::Draw,
            Evaluation::Loss { plies } => GameValue::Loss { plies },
        }
    }
}

impl From<GameValue> for Evaluation {
    fn from(value: GameValue) -> Evaluation {
        match value {
            GameValue::Win { plies } => Evaluation::Win { plies },
            GameValue::Draw => Evaluation::Draw,
            GameValue::Loss { plies } => Evaluation::Loss { plies },
        }
    }
}

/// A Fox and Hounds position read from the solved table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoxHoundsAnalysis {
    /// The position's link code, as asked.
    pub position: String,
    /// Its value for the side to move.
    pub value: GameValue,
    /// Every legal move in notation (`d8-c7`) with its value for the side making it, in the
    /// rules' move order; empty once the game is over.
    pub moves: Vec<(String, GameValue)>,
    /// How many positions the solved table holds.
    pub table: u64,
}

thread_local! {
    /// The solved Fox and Hounds table, kept between requests: only the first pays for it.
    static FOX_HOUNDS: RefCell<Option<Rc<Solution<FoxAndHounds>>>> = const { RefCell::new(None) };
}

/// Evaluates a position from the cached table, solving first (from the standard start and
/// the position itself) when the table is missing or does not reach the position.
struct FoxHoundsJob {
    position: foxhounds::Position,
    solver: Option<Retrograde<FoxAndHounds>>,
}

impl FoxHoundsJob {
    fn new(position: foxhounds::Position) -> FoxHoundsJob {
        let cached = FOX_HOUNDS.with(|cache| {
            cache.borrow().as_ref().is_some_and(|solution| solution.evaluate(&position).is_some())
        });
        let solver = (!cached)
            .then(|| Retrograde::new(FoxAndHounds::default(), [foxhounds::Position::start(), position]));
        FoxHoundsJob { position, solver }
    }

    fn analyse(&self) -> Answer {
        let Some(solution) = FOX_HOUNDS.with(|cache| cache.borrow().clone()) else {
            return Answer::InvalidInput("the Fox and Hounds table is missing".into());
        };
        let (Some(value), Some(moves)) =
            (solution.evaluate(&self.position), solution.evaluate_moves(&self.position))
        else {
            return Answer::InvalidInput("the Fox and Hounds table does not hold this position".into());
        };
        Answer::FoxHoundsEvaluated(FoxHoundsAnalysis {
            position: self.position.to_code(),
            value: value.into(),
            moves: moves.into_iter().map(|(mv, value)| (mv.notation(), value.into())).collect(),
            table: solution.len() as u64,
        })
    }
}

impl Job for FoxHoundsJob {
    fn step(&mut self, work: u64) -> Option<Answer> {
        if let Some(solver) = self.solver.as_mut() {
            match solver.step(work)? {
                Outcome::Solved(solution) => {
                    FOX_HOUNDS.with(|cache| *cache.borrow_mut() = Some(Rc::new(solution)));
                    self.solver = None;
                }
                Outcome::Unsolvable | Outcome::Unknown(_) => {
                    return Some(Answer::InvalidInput("the Fox and Hounds solver stopped early".into()));
                }
            }
        }
        Some(self.analyse())
    }

    fn progress(&self) -> Progress {
        self.solver.as_ref().map(|solver| solver.progress()).unwrap_or_default()
    }
}

mod dispatch;

pub use dispatch::{Dispatcher, Priority, Scheduler};
#[cfg(test)]
use dispatch::{Running, WORK_PER_STEP};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{seeded_deck, DealNumber};
    use crate::games::freecell::{self, FreeCell, Origin};
    use crate::games::klondike::{self, Klondike, KlondikeDeal};
    use crate::games::pyramid::{self, Pyramid, PyramidDeal};
    use crate::games::{deal_code, Dealing, OneVariant};
    use crate::session::Start;

    /// The task that solves `deal` of game `G` after `moves`.
    fn solve<G: Game>(deal: &G::Deal, moves: &[G::Move]) -> Task {
        Task::Solve {
            game: G::KEY.into(),
            deal: deal_code::<G>(deal),
            moves: serde_json::to_value(moves).unwrap(),
            mode: SolveMode::Fast,
        }
    }

    fn grade_task<G: Game>(deal: &G::Deal) -> Task {
        Task::Grade { game: G::KEY.into(), deal: deal_code::<G>(deal) }
    }

    fn moves_of<G: Game>(answer: &Answer) -> Option<Vec<G::Move>> {
        match answer {
            Answer::Solved(Outcome::Solved(moves)) => serde_json::from_value(moves.clone()).ok(),
            _ => None,
        }
    }

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
            (self.remaining == 0).then(|| Answer::InvalidInput("counted down".into()))
        }
        fn progress(&self) -> Progress {
            Progress { states: self.done }
        }
    }

    fn start_countdown(dispatcher: &mut Dispatcher, id: RequestId, remaining: u64) {
        let job = Box::new(Countdown { remaining, done: 0 });
        dispatcher.current = Some(Running { id, priority: Priority::Foreground, job });
    }

    #[test]
    fn bad_input_is_answered_in_one_slice() {
        let mut dispatcher = Dispatcher::new();
        let task = Task::Solve {
            game: "pyramid".into(),
            deal: "not a deck".into(),
            moves: serde_json::json!([]),
            mode: SolveMode::Fast,
        };
        let started = dispatcher.receive(Request::Start { id: 1, task });
        assert_eq!(started, vec![Response::Progress { id: 1, progress: Progress::default() }]);
        let responses = dispatcher.run_slice(10.0, &|| 0.0);
        assert!(
            matches!(&responses[..], [Response::Finished { id: 1, answer: Answer::InvalidInput(text) }] if !text.is_empty()),
            "{responses:?}"
        );
        assert!(!dispatcher.is_busy());
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
        let responses = dispatcher.receive(Request::Start {
            id: 2,
            task: solve::<FreeCell>(&Origin::Deal(DealNumber::new(1).unwrap()), &[]),
        });
        assert_eq!(responses[0], Response::Cancelled { id: 1 });
        assert!(matches!(dispatcher.run_slice(1.0, &|| 0.0)[..], [Response::Finished { id: 2, .. }]));
    }

    #[test]
    fn the_scheduler_runs_the_newest_foreground_job_and_grades_only_when_idle() {
        let mut scheduler = Scheduler::<u32>::new();
        let graded = grade_task::<Pyramid>(&PyramidDeal::seeded(3));
        assert_eq!(
            scheduler.receive(1, Request::Start { id: 1, task: graded }),
            vec![Response::Progress { id: 1, progress: Progress::default() }]
        );
        let check = |id| Request::Start {
            id,
            task: Task::Solve {
                game: "freecell".into(),
                deal: "no deal".into(),
                moves: serde_json::json!([]),
                mode: SolveMode::Fast,
            },
        };
        scheduler.receive(2, check(1));
        scheduler.receive(3, check(1));
        // The newest foreground job first, then the older one, then the grade.
        assert_eq!(scheduler.next_priority(), Some(Priority::Foreground));
        let order: Vec<u32> = std::iter::from_fn(|| {
            let (client, responses) = scheduler.run_slice(1.0, &|| 0.0)?;
            matches!(responses[..], [Response::Finished { .. }]).then_some(client)
        })
        .take(3)
        .collect();
        assert_eq!(order, vec![3, 2, 1]);
        assert!(!scheduler.is_busy());
    }

    #[test]
    fn a_client_supersedes_and_cancels_only_its_own_job() {
        let mut scheduler = Scheduler::<u32>::new();
        let graded = |id| Request::Start { id, task: grade_task::<Pyramid>(&PyramidDeal::seeded(3)) };
        scheduler.receive(1, graded(5));
        scheduler.receive(2, graded(5));
        assert_eq!(
            scheduler.receive(2, graded(6)),
            vec![Response::Cancelled { id: 5 }, Response::Progress { id: 6, progress: Progress::default() }]
        );
        assert_eq!(scheduler.receive(2, Request::Cancel { id: 5 }), vec![]);
        assert_eq!(scheduler.receive(1, Request::Cancel { id: 5 }), vec![Response::Cancelled { id: 5 }]);
        scheduler.forget(2);
        assert!(!scheduler.is_busy());
        assert_eq!(scheduler.run_slice(1.0, &|| 0.0), None);
    }

    #[test]
    fn freecell_positions_are_solved_in_slices() {
        // A deal that needs several steps of work (deal 1 is now solved within one).
        let position = freecell::Position::deal(DealNumber::new(617).unwrap());
        let board = Origin::Board(std::rc::Rc::new(position.clone()));
        let mut dispatcher = Dispatcher::new();
        dispatcher.receive(Request::Start { id: 4, task: solve::<FreeCell>(&board, &[]) });
        let mut slices = 0;
        let answer = loop {
            slices += 1;
            // A clock that ends each slice after one step: many small slices.
            if let [Response::Finished { answer, .. }] = &dispatcher.run_slice(1.0, &|| 2.0)[..] {
                break answer.clone();
            }
        };
        assert!(slices > 1, "the solve ran in one slice");
        let Some(moves) = moves_of::<FreeCell>(&answer) else { panic!("{answer:?}") };
        let end = moves.iter().try_fold(position, |p, &m| p.play(m)).unwrap();
        assert!(end.is_won());
    }

    #[test]
    fn pyramid_decks_are_solved_in_slices_and_survive_json() {
        let deck = seeded_deck(2);
        let mut dispatcher = Dispatcher::new();
        let deal = PyramidDeal { seed: None, deck: std::rc::Rc::new(deck.clone()) };
        dispatcher.receive(Request::Start { id: 9, task: solve::<Pyramid>(&deal, &[]) });
        let (answer, _) = run_in_slices(&mut dispatcher);
        let json = serde_json::to_string(&Response::Finished { id: 9, answer: answer.clone() }).unwrap();
        assert_eq!(
            serde_json::from_str::<Response>(&json).unwrap(),
            Response::Finished { id: 9, answer: answer.clone() }
        );
        let Answer::Solved(outcome) = answer else { panic!("{answer:?}") };
        match outcome.map(|moves| serde_json::from_value::<Vec<pyramid::Move>>(moves).unwrap()) {
            Outcome::Solved(moves) => {
                let start = pyramid::Position::new(&deck);
                let end = moves.iter().try_fold(start, |p, &m| p.play(m)).unwrap();
                assert!(end.is_cleared());
            }
            Outcome::Unsolvable => {}
            Outcome::Unknown(reason) => panic!("undecided: {reason:?}"),
        }
    }

    #[test]
    fn pyramid_games_are_solved_from_their_moves_so_far() {
        let deck = seeded_deck(3);
        let start = pyramid::Position::new(&deck);
        let moves = vec![pyramid::Move::Draw, pyramid::Move::Draw];
        let deal = PyramidDeal { seed: None, deck: std::rc::Rc::new(deck.clone()) };
        let mut dispatcher = Dispatcher::new();
        dispatcher.receive(Request::Start { id: 5, task: solve::<Pyramid>(&deal, &moves) });
        let (answer, _) = run_in_slices(&mut dispatcher);
        let json = serde_json::to_string(&answer).unwrap();
        assert_eq!(serde_json::from_str::<Answer>(&json).unwrap(), answer);
        let Some(solution) = moves_of::<Pyramid>(&answer) else { panic!("{answer:?}") };
        let end = moves.iter().chain(&solution).try_fold(start, |p, &m| p.play(m)).unwrap();
        assert!(end.is_cleared());

        dispatcher
            .receive(Request::Start { id: 6, task: solve::<Pyramid>(&deal, &[pyramid::Move::Recycle]) });
        let responses = dispatcher.run_slice(1.0, &|| 0.0);
        assert!(
            matches!(&responses[..], [Response::Finished { answer: Answer::InvalidInput(reason), .. }] if reason.starts_with("move 1:")),
            "{responses:?}"
        );
    }

    #[test]
    fn klondike_games_are_solved_from_their_moves_so_far_and_survive_json() {
        let deck = seeded_deck(2);
        let deal =
            KlondikeDeal { seed: None, deck: std::rc::Rc::new(deck.clone()), draw: klondike::Draw::One };
        let start = deal.start();
        let moves = vec![klondike::Move::Draw, klondike::Move::Draw];
        let mut dispatcher = Dispatcher::new();
        dispatcher.receive(Request::Start { id: 4, task: solve::<Klondike>(&deal, &moves) });
        let (answer, _) = run_in_slices(&mut dispatcher);
        let json = serde_json::to_string(&answer).unwrap();
        assert_eq!(serde_json::from_str::<Answer>(&json).unwrap(), answer);
        let Some(solution) = moves_of::<Klondike>(&answer) else { panic!("{answer:?}") };
        let end = moves.iter().chain(&solution).try_fold(start, |p, &m| p.play(m)).unwrap();
        assert!(end.is_won());

        dispatcher
            .receive(Request::Start { id: 5, task: solve::<Klondike>(&deal, &[klondike::Move::Recycle]) });
        let responses = dispatcher.run_slice(1.0, &|| 0.0);
        assert!(
            matches!(&responses[..], [Response::Finished { answer: Answer::InvalidInput(e), .. }] if e.starts_with("move 1")),
            "{responses:?}"
        );
    }

    /// Steps the dispatcher in one-step slices to the answer; the `Searching` reports seen.
    fn run_in_slices(dispatcher: &mut Dispatcher) -> (Answer, Vec<WinnableProgress>) {
        let mut searching = Vec::new();
        loop {
            match &dispatcher.run_slice(1.0, &|| 2.0)[..] {
                [Response::Finished { answer, .. }] => return (answer.clone(), searching),
                [Response::Searching { progress, .. }] => searching.push(*progress),
                _ => {}
            }
        }
    }

    #[test]
    fn winnable_deals_are_found_in_slices_and_proven() {
        // Pyramid from seed 1: seeds are tried in turn until the solver clears one.
        let task =
            Task::FindWinnable { game: "pyramid".into(), from_seed: 1, difficulty: None, variant: None };
        let mut dispatcher = Dispatcher::new();
        dispatcher.receive(Request::Start { id: 3, task });
        let (answer, searching) = run_in_slices(&mut dispatcher);
        let json = serde_json::to_string(&answer).unwrap();
        assert_eq!(serde_json::from_str::<Answer>(&json).unwrap(), answer);
        let Answer::Winnable { seed, grade } = answer else { panic!("{answer:?}") };
        assert!(grade.difficulty.is_some());
        assert!(searching.windows(2).all(|w| w[0].tried <= w[1].tried && w[0].states <= w[1].states));
        assert!(searching.iter().all(|p| p.seed <= seed));
        let deck = seeded_deck(seed);
        let Outcome::Solved(moves) = pyramid::solve(&pyramid::Position::new(&deck)) else { panic!("{seed}") };
        let end = moves.iter().try_fold(pyramid::Position::new(&deck), |p, &m| p.play(m)).unwrap();
        assert!(end.is_cleared());

        // Klondike draw 3, Easy only: the answer is winnable and Easy.
        let task = Task::FindWinnable {
            game: "klondike".into(),
            from_seed: 1,
            difficulty: Some(Difficulty::Easy),
            variant: Some("3".into()),
        };
        dispatcher.receive(Request::Start { id: 4, task });
        let (answer, _) = run_in_slices(&mut dispatcher);
        let Answer::Winnable { seed, grade } = answer else { panic!("{answer:?}") };
        assert_eq!(grade.difficulty, Some(Difficulty::Easy));
        let start = klondike::Position::new(&seeded_deck(seed), klondike::Rules::new(klondike::Draw::Three));
        let Outcome::Solved(moves) = klondike::solve(&start) else { panic!("{seed}") };
        assert!(moves.iter().try_fold(start, |p, &m| p.play(m)).unwrap().is_won());
    }

    #[test]
    fn winnable_searches_can_be_cancelled_between_slices() {
        let task = Task::FindWinnable {
            game: "freecell".into(),
            from_seed: 1,
            difficulty: Some(Difficulty::Easy),
            variant: None,
        };
        let mut dispatcher = Dispatcher::new();
        dispatcher.receive(Request::Start { id: 8, task });
        let responses = dispatcher.run_slice(1.0, &|| 2.0);
        assert!(matches!(&responses[..], [Response::Searching { id: 8, .. }]), "{responses:?}");
        assert_eq!(dispatcher.receive(Request::Cancel { id: 8 }), vec![Response::Cancelled { id: 8 }]);
        assert!(!dispatcher.is_busy());
        let json = serde_json::to_string(&responses[0]).unwrap();
        assert_eq!(serde_json::from_str::<Response>(&json).unwrap(), responses[0]);
    }

    #[test]
    fn deals_are_graded_by_seed_or_code() {
        let mut dispatcher = Dispatcher::new();
        let seed = grade_task::<FreeCell>(&FreeCell::seeded(11982, OneVariant).unwrap());
        dispatcher.receive(Request::Start { id: 1, task: seed });
        let (answer, _) = run_in_slices(&mut dispatcher);
        let Answer::Graded(grade) = answer else { panic!("{answer:?}") };
        assert_eq!((grade.verdict, grade.difficulty), (crate::grade::Verdict::Unsolvable, None));

        let pasted = PyramidDeal { seed: None, deck: std::rc::Rc::new(seeded_deck(2)) };
        dispatcher.receive(Request::Start { id: 2, task: grade_task::<Pyramid>(&pasted) });
        let (answer, _) = run_in_slices(&mut dispatcher);
        let by_seed = crate::grade::grade::<Pyramid>(&PyramidDeal::seeded(2));
        assert_eq!(answer, Answer::Graded(by_seed));

        for (task, reason) in [
            (
                Task::Grade { game: "freecell".into(), deal: "0".into() },
                "bad deal number in the link: deal 0 is out of range: deals run from 1 to 8589934591",
            ),
            (
                Task::Grade { game: "klondike".into(), deal: "7".repeat(2000) },
                "a deal code is at most 1,024 characters; this one has 2,000",
            ),
            (Task::Grade { game: "spiderette".into(), deal: "1".into() }, "`spiderette` is not a game"),
            (
                Task::FindWinnable {
                    game: "klondike".into(),
                    from_seed: 1,
                    difficulty: None,
                    variant: Some("2".into()),
                },
                "`2` is not a valid value for `draw` (expected 1 or 3)",
            ),
        ] {
            let (_, answer) = answer_now(&mut dispatcher, Request::Start { id: 3, task });
            assert_eq!(invalid(answer), reason);
        }
        // A FreeCell search from past the last deal number starts again at deal 1.
        let task = Task::FindWinnable {
            game: "freecell".into(),
            from_seed: 1 << 40,
            difficulty: None,
            variant: None,
        };
        dispatcher.receive(Request::Start { id: 5, task });
        let (answer, _) = run_in_slices(&mut dispatcher);
        assert!(matches!(answer, Answer::Winnable { seed: 1, .. }), "{answer:?}");
        let task = Task::Grade { game: "pyramid".into(), deal: "nonsense".into() };
        let (_, answer) = answer_now(&mut dispatcher, Request::Start { id: 4, task });
        assert!(!invalid(answer).is_empty());
    }

    #[test]
    fn bad_boards_are_reported() {
        let mut dispatcher = Dispatcher::new();
        let task = Task::Solve {
            game: "freecell".into(),
            deal: "board/KHKH".into(),
            moves: serde_json::json!([]),
            mode: SolveMode::Fast,
        };
        dispatcher.receive(Request::Start { id: 1, task });
        let responses = dispatcher.run_slice(1.0, &|| 0.0);
        assert!(matches!(&responses[..], [Response::Finished { answer: Answer::InvalidInput(_), .. }]));
    }

    #[test]
    fn messages_survive_json() {
        let request =
            Request::Start { id: 5, task: solve::<Pyramid>(&PyramidDeal::seeded(4), &[pyramid::Move::Draw]) };
        let json = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
    }

    fn solve_fox_and_hounds(dispatcher: &mut Dispatcher, id: RequestId, code: String) -> (Answer, u32) {
        dispatcher.receive(Request::Start { id, task: Task::SolveFoxHounds { position: code } });
        let mut slices = 0;
        loop {
            slices += 1;
            // A clock that ends each slice after one step: many small slices.
            if let [Response::Finished { answer, .. }] = &dispatcher.run_slice(1.0, &|| 2.0)[..] {
                return (answer.clone(), slices);
            }
        }
    }

    #[test]
    fn fox_and_hounds_is_solved_in_slices_then_answered_from_the_cache() {
        use crate::games::foxhounds::{Position, Side, Square};
        let mut dispatcher = Dispatcher::new();
        let start = Position::start();
        let (answer, slices) = solve_fox_and_hounds(&mut dispatcher, 1, start.to_code());
        assert!(slices > 100, "the solve ran in {slices} slices");
        let Answer::FoxHoundsEvaluated(analysis) = answer else { panic!("{answer:?}") };
        assert_eq!(analysis.position, start.to_code());
        assert_eq!(analysis.value, GameValue::Loss { plies: 44 });
        assert_eq!(
            analysis.moves,
            vec![
                ("d8-c7".to_string(), GameValue::Loss { plies: 44 }),
                ("d8-e7".to_string(), GameValue::Loss { plies: 44 })
            ]
        );
        assert_eq!(analysis.table, 895_280);

        // The hounds' answers to d8-c7: each value agrees with the table's own evaluation.
        let after = start.play_unchecked(start.parse_move("d8-c7").unwrap());
        let (answer, slices) = solve_fox_and_hounds(&mut dispatcher, 2, after.to_code());
        assert_eq!(slices, 1, "a cached table answers at once");
        let Answer::FoxHoundsEvaluated(analysis) = answer else { panic!("{answer:?}") };
        assert_eq!(analysis.value, GameValue::Win { plies: 43 });
        let solution = crate::games::foxhounds::solve(FoxAndHounds::default(), start).unwrap();
        for (notation, value) in &analysis.moves {
            let next = after.play_unchecked(after.parse_move(notation).unwrap());
            assert_eq!(Evaluation::from(*value), solution.evaluate(&next).unwrap().for_mover(), "{notation}");
        }
        let best = analysis.moves.iter().map(|(_, value)| Evaluation::from(*value)).max().unwrap();
        assert_eq!(best, Evaluation::Win { plies: 43 });

        // A position the standard start cannot reach (the hounds first) is solved anew.
        let other = Position::start_with(Square::new(29).unwrap(), Side::Hounds);
        let (answer, slices) = solve_fox_and_hounds(&mut dispatcher, 3, other.to_code());
        assert!(slices > 1);
        let Answer::FoxHoundsEvaluated(analysis) = answer else { panic!("{answer:?}") };
        assert_eq!(analysis.value, GameValue::Win { plies: 43 });
        let json = serde_json::to_string(&Answer::FoxHoundsEvaluated(analysis.clone())).unwrap();
        assert_eq!(serde_json::from_str::<Answer>(&json).unwrap(), Answer::FoxHoundsEvaluated(analysis));
    }

    /// The one answer a request gets at once (bad input is answered in the first slice).
    fn answer_now(dispatcher: &mut Dispatcher, request: Request) -> (RequestId, Answer) {
        let mut responses = dispatcher.receive(request);
        responses.extend(dispatcher.run_slice(1.0, &|| 0.0));
        match responses.into_iter().find(|r| matches!(r, Response::Finished { .. })) {
            Some(Response::Finished { id, answer }) => (id, answer),
            other => panic!("{other:?}"),
        }
    }

    fn invalid(answer: Answer) -> String {
        match answer {
            Answer::InvalidInput(reason) => reason,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unreadable_messages_are_answered_not_panicked_on() {
        let mut dispatcher = Dispatcher::new();
        for text in ["", "{", "null", "[1,2]", r#"{"Start":{}}"#, r#"{"Bogus":{"id":3}}"#, "\u{0}"] {
            let request = read_request(text);
            assert!(matches!(request, Request::Unreadable { id: 0, .. }), "{text}: {request:?}");
            let (id, answer) = answer_now(&mut dispatcher, request);
            assert_eq!(id, 0);
            assert!(invalid(answer).starts_with("the message could not be read"));
        }
        // The id is kept when the message has one, so the app hears about its own request.
        let text = r#"{"Start":{"id":7,"task":{"Teleport":{"to":"the moon"}}}}"#;
        let (id, answer) = answer_now(&mut dispatcher, read_request(text));
        assert_eq!(id, 7);
        assert!(invalid(answer).contains("Teleport"));
        // An unknown variant quoted whole by the JSON reader is shortened.
        let text = format!(r#"{{"Start":{{"id":8,"task":{{"{}":1}}}}}}"#, "x".repeat(100_000));
        let (id, answer) = answer_now(&mut dispatcher, read_request(&text));
        assert_eq!(id, 8);
        assert!(invalid(answer).len() < 400);
        // An unreadable message supersedes the running task, as a new request would.
        start_countdown(&mut dispatcher, 4, u64::MAX);
        let responses = dispatcher.receive(read_request(r#"{"Start":{"id":5}}"#));
        assert_eq!(responses[0], Response::Cancelled { id: 4 });
        assert!(matches!(&responses[1], Response::Finished { id: 5, answer: Answer::InvalidInput(_) }));
        assert!(!dispatcher.is_busy());
        // Messages too long to read are refused unread.
        let huge = format!(
            r#"{{"Start":{{"id":9,"task":{{"Grade":{{"game":"freecell","deal":"{}"}}}}}}}}"#,
            "K".repeat(MAX_MESSAGE_LEN)
        );
        let Request::Unreadable { reason, .. } = read_request(&huge) else { panic!() };
        assert!(reason.starts_with("a worker message is at most 4,194,304 characters"), "{reason}");
    }

    #[test]
    fn far_klondike_columns_in_a_message_are_refused() {
        let text = r#"{"Start":{"id":3,"task":{"Solve":{"game":"klondike","deal":"1","mode":"Fast","moves":[{"WasteToTableau":{"to":255}}]}}}}"#;
        let mut dispatcher = Dispatcher::new();
        let (id, answer) = answer_now(&mut dispatcher, read_request(text));
        assert_eq!(id, 3);
        assert!(invalid(answer).contains("there is no column 256"));
        // Built in Rust, the same move still travels as JSON and is refused when read.
        let deal = KlondikeDeal::seeded(1, klondike::Draw::One);
        let task =
            solve::<Klondike>(&deal, &[klondike::Move::TableauToTableau { from: 255, to: 200, count: 255 }]);
        let (_, answer) = answer_now(&mut dispatcher, Request::Start { id: 4, task });
        assert_eq!(invalid(answer), "the moves could not be read: a move carries 1 to 13 cards, not 255");
        // A well-formed move the rules refuse says which move and why.
        let task =
            solve::<Klondike>(&deal, &[klondike::Move::TableauToTableau { from: 0, to: 1, count: 13 }]);
        let (_, answer) = answer_now(&mut dispatcher, Request::Start { id: 5, task });
        assert!(invalid(answer).starts_with("move 1: "));
    }

    #[test]
    fn oversized_tasks_are_refused_before_any_work() {
        let mut dispatcher = Dispatcher::new();
        let deal = PyramidDeal::seeded(1);
        let cases = [
            (
                Task::Solve {
                    game: "freecell".into(),
                    deal: "KH ".repeat(1 << 18),
                    moves: serde_json::json!([]),
                    mode: SolveMode::Fast,
                },
                "a deal code is at most 1,024 characters; this one has 786,432",
            ),
            (
                Task::SolveFoxHounds { position: "A".repeat(300_000) },
                "a position code is at most 64 characters; this one has 300,000",
            ),
            (
                Task::Grade { game: "g".repeat(1 << 20), deal: "1".into() },
                "a game key is at most 32 characters; this one has 1,048,576",
            ),
            (
                solve::<Pyramid>(&deal, &vec![pyramid::Move::Draw; MAX_MOVES + 1]),
                "a task holds at most 32768 moves; this one has 32769",
            ),
            (
                solve::<Klondike>(
                    &KlondikeDeal::seeded(1, klondike::Draw::Three),
                    &vec![klondike::Move::Draw; MAX_MOVES + 1],
                ),
                "a task holds at most 32768 moves; this one has 32769",
            ),
        ];
        for (task, reason) in cases {
            assert!(task.validate().is_err());
            let (_, answer) = answer_now(&mut dispatcher, Request::Start { id: 1, task });
            assert_eq!(invalid(answer), reason);
        }
        // A whole game's worth of moves is still taken (and played: here, refused by the rules).
        let task = solve::<Pyramid>(&deal, &vec![pyramid::Move::Draw; MAX_MOVES]);
        assert_eq!(task.validate(), Ok(()));
        let (_, answer) = answer_now(&mut dispatcher, Request::Start { id: 2, task });
        assert!(invalid(answer).starts_with("move 25:"));
    }

    #[test]
    fn bad_fox_and_hounds_codes_are_reported() {
        let mut dispatcher = Dispatcher::new();
        let (answer, _) = solve_fox_and_hounds(&mut dispatcher, 1, "abc".into());
        assert!(matches!(answer, Answer::InvalidInput(_)), "{answer:?}");
    }
}
