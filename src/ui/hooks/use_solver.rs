use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;
use yew_agent::worker::{use_worker_bridge, UseWorkerBridgeHandle};

use crate::protocol::{Answer, Request, RequestId, Response, Task};
use crate::search::Progress;
use crate::worker::SolverWorker;

/// Where this component's latest request stands.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverState {
    Idle,
    Working { id: RequestId, progress: Progress },
    Done { id: RequestId, answer: Answer },
    Cancelled { id: RequestId },
}

/// Starts and cancels worker tasks; answers to older requests are ignored.
#[derive(Clone)]
pub struct SolverHandle {
    pub state: UseStateHandle<SolverState>,
    bridge: UseWorkerBridgeHandle<SolverWorker>,
    latest: Rc<Cell<RequestId>>,
}

impl PartialEq for SolverHandle {
    fn eq(&self, other: &SolverHandle) -> bool {
        *self.state == *other.state
    }
}

impl SolverHandle {
    /// Sends `task` to the worker, superseding this component's request in flight.
    pub fn start(&self, task: Task) {
        let id = self.latest.get() + 1;
        self.latest.set(id);
        self.state.set(SolverState::Working { id, progress: Progress::default() });
        self.bridge.send(Request::Start { id, task });
    }

    /// Stops the request in flight, if any. A progress report the worker sent before it saw
    /// the cancel may still arrive: `latest` moves past the stopped request, so that such a
    /// report does not bring the progress line back.
    pub fn cancel(&self) {
        if let SolverState::Working { id, .. } = *self.state {
            self.bridge.send(Request::Cancel { id });
            self.latest.set(id + 1);
            self.state.set(SolverState::Cancelled { id });
        }
    }
}

/// A bridge to the solver worker with the state of the latest request.
#[hook]
pub fn use_solver() -> SolverHandle {
    let state = use_state(|| SolverState::Idle);
    let latest = use_mut_ref_cell();
    let bridge = {
        let state = state.clone();
        let latest = latest.clone();
        use_worker_bridge::<SolverWorker, _>(move |response: Response| {
            let current = latest.get();
            match response {
                Response::Progress { id, progress } if id == current => {
                    state.set(SolverState::Working { id, progress })
                }
                Response::Finished { id, answer } if id == current => {
                    state.set(SolverState::Done { id, answer })
                }
                Response::Cancelled { id } if id == current => state.set(SolverState::Cancelled { id }),
                _ => {} // an answer to a request this component has since replaced or stopped
            }
        })
    };
    SolverHandle { state, bridge, latest }
}

#[hook]
fn use_mut_ref_cell() -> Rc<Cell<RequestId>> {
    (*use_memo((), |_| Rc::new(Cell::new(0)))).clone()
}
