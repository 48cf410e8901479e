use yew::prelude::*;

use super::{use_solver, SolverHandle, SolverState};
use crate::protocol::{Answer, Task};
use crate::session::Verdict;

/// Asks the solver worker about each position a table wants checked ("can this game still be
/// won?", hints), one at a time, and reports each answer as a verdict on the snapshot it was
/// about. `wanted` is the snapshot id and the task for it; a new id supersedes the request in
/// flight. Returns the worker handle, for its progress.
#[hook]
pub fn use_position_check<M: 'static>(
    wanted: Option<(u64, Task)>,
    verdict_of: fn(&Answer) -> Verdict<M>,
    on_verdict: Callback<(u64, Verdict<M>)>,
) -> SolverHandle {
    let solver = use_solver();
    let checking = use_mut_ref(|| None::<u64>);
    {
        let solver = solver.clone();
        let checking = checking.clone();
        use_effect_with(wanted.as_ref().map(|(id, _)| *id), move |_| {
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
    solver
}
