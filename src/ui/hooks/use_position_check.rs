use yew::prelude::*;

use super::{use_solver, SolverHandle, SolverState};
use crate::protocol::{Answer, Task};
use crate::session::Verdict;

/// The background check of a table's positions, as the page shows and steers it.
#[derive(Clone, PartialEq)]
pub struct PositionCheck {
    /// The worker handle, for its progress.
    pub solver: SolverHandle,
    /// Stops the check in flight (the Stop button).
    pub stop: Callback<()>,
    /// Runs the wanted check again after a stop (the Check again button).
    pub again: Callback<()>,
}

impl PositionCheck {
    /// Whether the player stopped the latest check before it decided.
    pub fn is_stopped(&self) -> bool {
        matches!(*self.solver.state, SolverState::Cancelled { .. })
    }
}

/// Asks the solver worker about each position a table wants checked ("can this game still be
/// won?", hints), one at a time, and reports each answer as a verdict on the snapshot it was
/// about. `wanted` is the snapshot id and the task for it; a new id supersedes the request in
/// flight. The check can be stopped, and run again.
#[hook]
pub fn use_position_check<M: 'static>(
    wanted: Option<(u64, Task)>,
    verdict_of: fn(&Answer) -> Verdict<M>,
    on_verdict: Callback<(u64, Verdict<M>)>,
) -> PositionCheck {
    let solver = use_solver();
    let checking = use_mut_ref(|| None::<u64>);
    // Bumped by "Check again": the same wanted check, started once more.
    let attempt = use_state(|| 0u32);
    {
        let solver = solver.clone();
        let checking = checking.clone();
        use_effect_with((wanted.as_ref().map(|(id, _)| *id), *attempt), move |_| {
            if let Some((id, task)) = wanted {
                *checking.borrow_mut() = Some(id);
                solver.start(task);
            }
        });
    }
    use_effect_with((*solver.state).clone(), move |answer| {
        if let SolverState::Done { answer, .. } = answer {
            if let Some(snapshot) = checking.borrow_mut().take() {
                on_verdict.emit((snapshot, verdict_of(answer)));
            }
        }
    });
    let stop = {
        let solver = solver.clone();
        Callback::from(move |_| solver.cancel())
    };
    let again = Callback::from(move |_| attempt.set(*attempt + 1));
    PositionCheck { solver, stop, again }
}
