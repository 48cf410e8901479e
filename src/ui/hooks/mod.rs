//! Custom hooks: the location hash as state, the solver worker as request/answer state and as a
//! background check of each position, card dragging, the keyboard, intervals, the game clock and a table's saved game.

mod use_card_drag;
mod use_game_clock;
mod use_interval;
mod use_keydown;
mod use_location;
mod use_position_check;
mod use_saved_game;
mod use_solver;

pub use use_card_drag::{use_card_drag, CardDrag, DragCallbacks};
pub use use_game_clock::use_game_clock;
pub use use_interval::use_interval;
pub use use_keydown::use_keydown;
pub use use_location::{use_location_hash, Navigator};
pub use use_position_check::{use_position_check, PositionCheck};
pub use use_saved_game::use_saved_game;
pub use use_solver::{use_solver, use_solver_quietly, SolverHandle, SolverProvider, SolverState};
