//! PySolFC's Yukon game #N.

use thiserror::Error;

use super::rules::Position;

/// Why a game number is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    #[error("game numbers run from 1 to 10^20 - 1, not {0}")]
    OutOfRange(u128),
}

/// PySolFC's Yukon game `number` (1..10^20 − 1).
///
/// INTERIM: until PySolFC's generator lands (`deal::pysol`, branch `family`), this deals the
/// seeded deck of the number's low 64 bits.
pub fn pysol_deal(number: u128) -> Result<Position, DealError> {
    if !(1..100_000_000_000_000_000_000).contains(&number) {
        return Err(DealError::OutOfRange(number));
    }
    Ok(Position::new(&crate::deal::seeded_deck(number as u64)))
}
