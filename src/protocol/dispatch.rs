//! Running the worker's jobs: each client's latest job in a [`Dispatcher`], and the
//! [`Scheduler`] that gives each slice to the most urgent of them.

use super::{Answer, Job, Request, RequestId, Response, Task};
use crate::search::Progress;

/// Work units per call to [`Job::step`] inside a slice: small, so the clock is read often.
pub(super) const WORK_PER_STEP: u64 = 256;

/// How soon the worker runs a task beside the other clients' tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// Grading a deal: only while no one waits for anything else.
    Background,
    /// What a player waits for: a position check, a hint, a solve, a search for a deal.
    Foreground,
}

impl Task {
    /// A grade is background work; everything else is waited for.
    pub fn priority(&self) -> Priority {
        match self {
            Task::Grade { .. } => Priority::Background,
            _ => Priority::Foreground,
        }
    }
}

/// The job in flight and what it is.
pub(super) struct Running {
    pub(super) id: RequestId,
    pub(super) priority: Priority,
    pub(super) job: Box<dyn Job>,
}

/// Runs one client's job at a time, in slices: a newer request supersedes the older.
#[derive(Default)]
pub struct Dispatcher {
    pub(super) current: Option<Running>,
}

impl Dispatcher {
    pub fn new() -> Dispatcher {
        Dispatcher::default()
    }

    /// True while a job is waiting for more slices.
    pub fn is_busy(&self) -> bool {
        self.current.is_some()
    }

    /// The priority of the job in flight.
    pub fn priority(&self) -> Option<Priority> {
        self.current.as_ref().map(|running| running.priority)
    }

    /// Takes a request; returns the responses it causes at once.
    pub fn receive(&mut self, request: Request) -> Vec<Response> {
        match request {
            Request::Start { id, task } => {
                let mut responses = self.cancel_current();
                let priority = task.priority();
                self.current = Some(Running { id, priority, job: task.start() });
                responses.push(Response::Progress { id, progress: Progress::default() });
                responses
            }
            Request::Cancel { id } => match &self.current {
                Some(running) if running.id == id => self.cancel_current(),
                _ => Vec::new(),
            },
            Request::Unreadable { id, reason } => {
                let mut responses = self.cancel_current();
                let answer = Answer::InvalidInput(format!("the message could not be read: {reason}"));
                responses.push(Response::Finished { id, answer });
                responses
            }
        }
    }

    fn cancel_current(&mut self) -> Vec<Response> {
        self.current.take().map(|running| Response::Cancelled { id: running.id }).into_iter().collect()
    }

    /// Steps the current job until it finishes or `elapsed_ms()` passes `slice_ms`, then
    /// reports progress or the answer.
    pub fn run_slice(&mut self, slice_ms: f64, elapsed_ms: &dyn Fn() -> f64) -> Vec<Response> {
        let Some(Running { id, job, .. }) = self.current.as_mut() else {
            return Vec::new();
        };
        let id = *id;
        loop {
            if let Some(answer) = job.step(WORK_PER_STEP) {
                self.current = None;
                return vec![Response::Finished { id, answer }];
            }
            if elapsed_ms() >= slice_ms {
                return vec![match job.seeds() {
                    Some(progress) => Response::Searching { id, progress },
                    None => Response::Progress { id, progress: job.progress() },
                }];
            }
        }
    }
}

/// The worker's clients, each with its own [`Dispatcher`] (a table's position check, its
/// grading, a search for a winnable deal): a client's newer request supersedes only its own
/// older one. Each slice goes to the most urgent job: a foreground job before a background
/// one, and among equals the most recently started, as the player's latest action is what
/// they wait for. The others wait, keeping what they found so far.
pub struct Scheduler<C> {
    clients: Vec<Client<C>>,
    started: u64,
}

struct Client<C> {
    key: C,
    dispatcher: Dispatcher,
    /// When the client's job in flight started (a count of starts).
    started: u64,
}

impl<C: Copy + PartialEq> Default for Scheduler<C> {
    fn default() -> Self {
        Scheduler { clients: Vec::new(), started: 0 }
    }
}

impl<C: Copy + PartialEq> Scheduler<C> {
    pub fn new() -> Scheduler<C> {
        Scheduler::default()
    }

    /// True while some client's job waits for more slices.
    pub fn is_busy(&self) -> bool {
        self.clients.iter().any(|client| client.dispatcher.is_busy())
    }

    /// Takes `client`'s request; returns the responses it causes at once (all for `client`).
    pub fn receive(&mut self, client: C, request: Request) -> Vec<Response> {
        self.started += 1;
        let started = self.started;
        let index = match self.clients.iter().position(|c| c.key == client) {
            Some(index) => index,
            None => {
                self.clients.push(Client { key: client, dispatcher: Dispatcher::new(), started });
                self.clients.len() - 1
            }
        };
        let entry = &mut self.clients[index];
        if matches!(request, Request::Start { .. }) {
            entry.started = started;
        }
        entry.dispatcher.receive(request)
    }

    /// Drops `client` and its job (it has gone: a closed page, an unmounted table).
    pub fn forget(&mut self, client: C) {
        self.clients.retain(|c| c.key != client);
    }

    /// The client whose job runs next.
    fn most_urgent(&mut self) -> Option<&mut Client<C>> {
        self.clients
            .iter_mut()
            .filter_map(|client| Some(((client.dispatcher.priority()?, client.started), client)))
            .max_by_key(|(urgency, _)| *urgency)
            .map(|(_, client)| client)
    }

    /// The priority of the job that runs next, if any.
    pub fn next_priority(&mut self) -> Option<Priority> {
        self.most_urgent()?.dispatcher.priority()
    }

    /// Runs one slice of the most urgent job; its client and responses.
    pub fn run_slice(&mut self, slice_ms: f64, elapsed_ms: &dyn Fn() -> f64) -> Option<(C, Vec<Response>)> {
        let client = self.most_urgent()?;
        Some((client.key, client.dispatcher.run_slice(slice_ms, elapsed_ms)))
    }
}
