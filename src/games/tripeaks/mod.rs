//! TriPeaks as PySolFC plays "Three Peaks": rules, PySolFC's deals, gestures, link notation and
//! a solver that sees every card and decides every deal.
//!
//! ```
//! use deckhand::deal::PysolNumber;
//! use deckhand::games::tripeaks::{pysol_deal, solve, Options};
//! use deckhand::search::Outcome;
//!
//! // PySolFC's Three Peaks game #1, as `deckhand tripeaks deal 1` prints it.
//! let start = pysol_deal(PysolNumber::new(1).unwrap());
//! assert_eq!(start.to_string().lines().next(), Some("Row 1: <XX> <XX> <XX>"));
//!
//! match solve(&start, Options::default()) {
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
mod notation;
mod rules;
mod solver;
mod table;

pub use crate::search::Budget;
pub use game::{difficulty_of, Facts, TriPeaks, TriPeaksDeal};
pub use notation::MovesError;
pub use rules::{
    adjacent, covered_by, covering, half_widths, row_column, score_of_play, IllegalMove, Move, PlayError,
    Position, ALL_PEAKS, FACE_DOWN_DEALT, HAND_START_SCORE, PEAK_CARDS, ROWS, ROW_STARTS, STOCK_CARDS,
    WIN_BONUS_A_STOCK_CARD,
};
pub use solver::{solve, Options, Solver, DEFAULT_BUDGET, MAX_STATES};
pub use table::{can_lift, fits_waste, intended_move, move_piles, Pile};

use crate::cards::Deck;
use crate::deal::{pysol_deal_order, PysolNumber, PYSOL_SUITS};

/// PySolFC's Three Peaks game `number`: PySolFC's shuffle of one 52-card deck, dealt from the
/// end of the shuffled list (see [`Position::new`]).
pub fn pysol_deal(number: PysolNumber) -> Position {
    let deck =
        Deck::from_cards(pysol_deal_order(number, 1, &PYSOL_SUITS)).expect("one deck holds every card once");
    Position::new(deck.cards().try_into().expect("a deck holds 52 cards"))
}
