//! Yukon as PySolFC plays it: rules, PySolFC's deals, gestures, link notation and a solver
//! that sees every card.
//!
//! ```
//! use deckhand::deal::PysolNumber;
//! use deckhand::games::yukon::{pysol_deal, Options, Solver};
//! use deckhand::search::{run_to_end, Outcome};
//!
//! // PySolFC's Yukon game #1, as `deckhand yukon deal 1` prints it.
//! let start = pysol_deal(PysolNumber::new(1).unwrap());
//! assert_eq!(start.to_string().lines().next(), Some("3D"));
//! let first = start.legal_moves().as_slice()[0];
//! let after = start.play(first).unwrap();
//! assert_eq!(after.card_count(), 52);
//!
//! match run_to_end(&mut Solver::new(&start, Options::default()), 10_000) {
//!     Outcome::Solved(moves) => {
//!         let mut position = start;
//!         for mv in moves {
//!             position = position.play(mv).unwrap();
//!         }
//!         assert!(position.is_won());
//!     }
//!     Outcome::Unsolvable => {}
//!     Outcome::Unknown(reason) => panic!("undecided: {reason:?}"),
//! }
//! ```

mod deal;
mod game;
mod notation;
mod rules;
mod solver;
mod table;

pub use crate::search::Budget;
pub use deal::pysol_deal;
pub use game::{difficulty_of, Facts, Yukon, YukonDeal};
pub use notation::MovesError;
pub use rules::{
    builds_on, IllegalMove, LayoutError, LayoutProblem, Move, MoveError, MoveList, PlayError, Position, Undo,
    DEALT, FACE_DOWN_DEALT, MAX_MOVES, MAX_PILE, PILES,
};
pub use solver::{is_dead_end, solve, Options, Solver, DEFAULT_BUDGET, MAX_STATES};
pub use table::{
    can_lift, finishing_moves, intended_move, is_forced, move_piles, send_away, IntentError, Pile,
};
