//! One module per game: rules (state, `Move` enum, legal moves, apply, undo), notation and
//! its solver.
pub mod pyramid;

pub mod freecell;
pub mod foxhounds;
pub mod tictactoe;
pub mod klondike;
