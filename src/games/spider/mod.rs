//! Spider as PySolFC plays it in one, two and four suits: rules, PySolFC's deals, gestures,
//! link notation and a solver that sees every card.
//!
//! ```
//! use deckhand::deal::PysolNumber;
//! use deckhand::games::spider::{pysol_deal, Solver, Suits};
//! use deckhand::search::{run_to_end, Outcome};
//!
//! // PySolFC's "Spider (1 Suit)" game #1, as `deckhand spider deal 1 --suits 1` prints it.
//! let start = pysol_deal(PysolNumber::new(1).unwrap(), Suits::One);
//! assert_eq!(start.card_count(), 104);
//! assert!(start.to_string().lines().last().unwrap().starts_with("Talon: "));
//!
//! match run_to_end(&mut Solver::with_budget(&start, 200_000), 1 << 12) {
//!     Outcome::Solved(moves) => {
//!         let mut position = start;
//!         for mv in moves {
//!             position = position.play(mv).unwrap();
//!         }
//!         assert!(position.is_won());
//!     }
//!     other => panic!("one suit is won: {other:?}"),
//! }
//! ```

mod deal;
mod game;
mod notation;
mod rules;
mod solver;
mod table;

pub use crate::search::Budget;
pub use deal::{pysol_cards, pysol_deal, SpiderDeal};
pub use game::{difficulty_of, Facts, Spider};
pub use notation::MovesError;
pub use rules::{
    continues_run, IllegalMove, Move, MoveError, MoveList, PlayError, Position, Suits, CARDS, MAX_MOVES,
    MAX_PILE, PILES, ROWS, RUN, RUNS, STOCK,
};
pub use solver::{solve, Options, Solver, Weights, DEFAULT_BUDGET, MAX_STATES};
pub use table::{can_lift, intended_move, send_away, IntentError, Pile};
