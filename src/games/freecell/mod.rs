//! FreeCell: 8 cascades, 4 free cells, 4 foundations (docs/RULES.md, "FreeCell").
//!
//! Deal #1, play a move, and ask the solver:
//!
//! ```
//! use deckhand::deal::DealNumber;
//! use deckhand::freecell::{Mode, Notation, Position, Solver};
//! use deckhand::search::Outcome;
//!
//! let start = Position::deal(DealNumber::new(1).unwrap());
//! let mv = "8a".parse::<Notation>().unwrap().to_move(&start).unwrap();
//! assert_eq!(mv.to_string(), "Move the ten of clubs from cascade 8 to free cell a");
//! let after = start.clone().play(mv).unwrap();
//! assert_eq!(after.cell(0).map(|c| c.to_string()), Some("TC".to_string()));
//!
//! let Outcome::Solved(moves) = Solver::solve(&start, Mode::Fast) else { panic!("deal 1 is solvable") };
//! let end = moves.iter().try_fold(start, |p, &m| p.play(m)).unwrap();
//! assert!(end.is_won());
//! ```

pub mod board_code;
pub mod family;
mod fewer_cells;
mod game;
pub mod grading;
pub mod notation;
pub mod policy;
mod rules;
pub mod setup;
pub mod solver;
pub mod table;

pub use crate::search::Budget;
pub use board_code::{BoardCodeError, BoardCodeProblem};
pub use fewer_cells::FewerCells;
pub use game::{FreeCell, Origin, SavedGame};
pub use notation::{
    expand, expand_all, notation_words, play_moves, single_card_cost, solution_length, MovesError, Notation,
    NotationError,
};
pub use rules::{
    capacity, stacks_on, Autoplay, IllegalMove, Move, MoveList, PlayError, Position, Source, Target,
    UndoError, CASCADES, CELLS,
};
pub use setup::{Setup, SetupError, SetupProblem};
pub use solver::{BestFirst, Mode, MoveSet, Options, Solver, Weights};
pub use table::{can_lift, intended_move, move_piles, send_away, IntentError, Pile};
