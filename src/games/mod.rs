//! One module per game: rules (state, `Move` enum, legal moves, apply, undo), notation and
//! its solver.
pub mod pyramid;

pub mod foxhounds;
pub mod freecell;
pub mod klondike;
pub mod tictactoe;
