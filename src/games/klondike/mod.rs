//! Klondike: rules for draw 1 and draw 3 (with an optional pass limit), deck text and link
//! codes, and a "thoughtful" solver that sees every card.
//!
//! ```
//! use deckhand::games::klondike::{Draw, Move, Options, Position, Rules, Solver};
//! use deckhand::search::{run_to_end, Outcome};
//!
//! let deck = deckhand::deal::seeded_deck(1);
//! let start = Position::new(&deck, Rules::new(Draw::Three));
//! let after = start.play(Move::Draw).unwrap();
//! assert_eq!(after.waste_top(), Some(deck.cards()[30]));
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

mod game;
pub mod grading;
mod notation;
pub mod policy;
mod rules;
mod setup;
mod solver;
mod table;

pub use crate::search::Budget;
pub use game::{Klondike, KlondikeDeal, SavedGame};
pub use notation::MovesError;
pub use rules::{
    builds_on, Draw, IllegalMove, Move, MoveError, MoveList, PlayError, Position, Rules, Undo, COLUMNS,
    MAX_COLUMN, MAX_MOVES, STOCK_CARDS, TABLEAU_CARDS,
};
pub use setup::{
    deck_code, deck_from_code, format_deck, parse_deck, Duplicate, Setup, SetupError, MAX_PASTE_LEN,
};
pub use solver::{is_dead_end, solve, Options, Solver, DEFAULT_BUDGET, MAX_STATES, WORK_PER_STATE};
pub use table::{
    can_lift, finishing_moves, intended_move, move_piles, move_piles_in, send_away, IntentError, Pile,
};
