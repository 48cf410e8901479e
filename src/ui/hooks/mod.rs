//! Custom hooks: the location hash as state, and the solver worker as request/answer state.

mod use_interval;
mod use_location;
mod use_solver;

pub use use_interval::use_interval;
pub use use_location::{use_location_hash, Navigator};
pub use use_solver::{use_solver, SolverHandle, SolverState};
