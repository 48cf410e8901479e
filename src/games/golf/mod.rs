//! Golf as PySolFC plays it: rules, PySolFC's deals, gestures, link notation and an exact
//! solver that decides every deal.
//!
//! ```
//! use deckhand::deal::PysolNumber;
//! use deckhand::games::golf::{pysol_deal, solve};
//! use deckhand::search::Outcome;
//!
//! // PySolFC's Golf game #2, as `deckhand golf deal 2` prints it.
//! let start = pysol_deal(PysolNumber::new(2).unwrap());
//! assert!(start.to_string().starts_with("Talon: "));
//! match solve(&start) {
//!     Outcome::Solved(moves) => {
//!         let end = moves.iter().try_fold(start, |position, &mv| position.play(mv)).unwrap();
//!         assert!(end.is_won());
//!     }
//!     Outcome::Unsolvable => {}
//!     Outcome::Unknown(reason) => panic!("every deal is decided: {reason:?}"),
//! }
//! ```

mod deal;
mod game;
mod notation;
mod rules;
mod solver;
mod table;

pub use deal::pysol_deal;
pub use game::{difficulty_of, greedy_wins, Facts, Golf, GolfDeal};
pub use notation::MovesError;
pub use rules::{
    goes_on, IllegalMove, Move, Position, MAX_MOVES, PILES, PILE_CARDS, STOCK_CARDS, TABLEAU_CARDS,
};
pub use solver::{solve, Solver, DEFAULT_BUDGET};
pub use table::{can_lift, intended_move, move_source, send_away, IntentError, Pile};
