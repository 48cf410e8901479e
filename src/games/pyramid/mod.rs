//! Pyramid (Microsoft Solitaire Collection board challenges): rules, deck text and an
//! optimal solver.
//!
//! ```
//! use deckhand::games::pyramid::{Move, Options, Position, Solver};
//! use deckhand::search::{run_to_end, Outcome};
//!
//! let deck = deckhand::deal::seeded_deck(2);
//! let start = Position::new(&deck);
//! let after = start.play(Move::Draw).unwrap();
//! assert_eq!(after.waste_top(), Some(deck.cards()[28]));
//!
//! match run_to_end(&mut Solver::new(&start, Options::default()), 10_000) {
//!     Outcome::Solved(moves) => {
//!         let mut position = start;
//!         for mv in moves {
//!             position = position.play(mv).unwrap();
//!         }
//!         assert!(position.is_cleared());
//!     }
//!     Outcome::Unsolvable => {}
//!     Outcome::Unknown(reason) => panic!("undecided: {reason:?}"),
//! }
//! ```

mod game;
pub mod grading;
pub mod notation;
pub mod policy;
mod rules;
mod setup;
mod solver;
pub mod table;

pub use crate::search::Budget;
pub use game::{pair_sum, Pyramid, PyramidDeal, SavedGame};
pub use rules::{
    covering, row_column, slot, value, IllegalMove, Location, Move, PlayError, Position, MAX_RECYCLES,
    PYRAMID_CARDS, ROWS, STOCK_CARDS,
};
pub use setup::{format_deck, parse_deck, Duplicate, Setup, SetupError, MAX_PASTE_LEN};
pub use solver::{configuration_count, solve, Options, Solver, DEFAULT_BUDGET};
pub use table::{click, intended_move, move_piles, Click, IntentError, Pile};
