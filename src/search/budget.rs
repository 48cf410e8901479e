//! What a search may spend before it answers "unknown".

use serde::{Deserialize, Serialize};

/// A search's allowance in distinct states, a stand-in for memory: a solver that has stored
/// this many states without deciding answers [`Unknown`](super::Outcome::Unknown) with
/// [`StateBudget`](super::UnknownReason::StateBudget). Each solver says what else one state
/// allows (the Klondike solver, for one, also counts work) and what it stores per state.
///
/// Every solitaire solver takes one inside its options:
/// `Solver::new(&position, Options { budget: Budget::states(n), ..Options::default() })`, or
/// for short `Solver::with_budget(&position, n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Budget {
    /// The most distinct states.
    pub states: u64,
}

impl Budget {
    /// A budget of `states` distinct states.
    pub const fn states(states: u64) -> Budget {
        Budget { states }
    }
}
