//! PySolFC's Golf game #N: PySolFC's shuffle of one 52-card deck ([`crate::deal::pysol_deal_order`]),
//! dealt from the end of the shuffled list as PySolFC's Golf deals it (see [`Position::new`]).

use crate::cards::Deck;
use crate::deal::{pysol_deal_order, PysolNumber, PYSOL_SUITS};

use super::rules::Position;

/// PySolFC's Golf game `number` (1..10^20 − 1).
pub fn pysol_deal(number: PysolNumber) -> Position {
    let deck =
        Deck::from_cards(pysol_deal_order(number, 1, &PYSOL_SUITS)).expect("one deck holds every card once");
    Position::new(&deck)
}
