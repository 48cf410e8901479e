//! Spider as the table plays it: piles by their DOM names, the move a drag or a click means,
//! and where a double-click sends a run. The rules themselves stay in [`super::rules`].

use std::fmt;

use thiserror::Error;

use super::rules::{IllegalMove, Move, Position, PILES, RUN, RUNS};

/// A pile on the table, named in the DOM `tableau-1`..`tableau-10`, `stock` and
/// `foundation-1`..`foundation-8` (foundations in the order runs are cleared).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    /// A pile of the tableau, 0..10.
    Tableau(u8),
    Stock,
    /// A foundation, 0..8.
    Foundation(u8),
}

impl Pile {
    /// The pile a DOM name stands for.
    pub fn parse(name: &str) -> Option<Pile> {
        if name == "stock" {
            return Some(Pile::Stock);
        }
        let (kind, number) = name.rsplit_once('-')?;
        if number.is_empty() || number.len() > 2 || number.starts_with('0') {
            return None;
        }
        let index = number.parse::<u8>().ok()?.checked_sub(1)?;
        match kind {
            "tableau" if (index as usize) < PILES => Some(Pile::Tableau(index)),
            "foundation" if (index as usize) < RUNS => Some(Pile::Foundation(index)),
            _ => None,
        }
    }
}

impl fmt::Display for Pile {
    /// The DOM name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Tableau(pile) => write!(f, "tableau-{}", u16::from(*pile) + 1),
            Pile::Stock => write!(f, "stock"),
            Pile::Foundation(index) => write!(f, "foundation-{}", u16::from(*index) + 1),
        }
    }
}

/// Whether the card at `depth` of `pile` can be picked up: a face-up card with a run of one
/// suit on it, down from it.
pub fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
    match pile {
        Pile::Tableau(pile) if (pile as usize) < PILES => {
            let len = position.pile(pile as usize).len();
            depth < len && len - depth <= position.run_length(pile as usize)
        }
        _ => false,
    }
}

/// Why a drag or a click does not make a move, naming the cards in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntentError {
    #[error("{0}")]
    Illegal(IllegalMove),
    #[error("face-down cards cannot be moved")]
    FaceDown,
    #[error("there is no card there")]
    NothingThere,
    #[error("cleared runs stay on the foundation")]
    FromFoundation,
    #[error("the stock deals with a click, a row at a time")]
    FromStock,
    #[error("cards do not go back to the stock")]
    ToStock,
    #[error("only a complete run of one suit, king to ace, goes to the foundation")]
    NotARun,
}

impl From<IllegalMove> for IntentError {
    fn from(reason: IllegalMove) -> IntentError {
        IntentError::Illegal(reason)
    }
}

/// The legal move meant by taking the card at `depth` of `from` (0 is the bottom of a pile)
/// with the cards on it and dropping them on `to`.
pub fn intended_move(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, IntentError> {
    let from = match from {
        Pile::Tableau(from) if (from as usize) < PILES => from,
        Pile::Tableau(from) => return Err(IllegalMove::NoSuchPile(u16::from(from) + 1).into()),
        Pile::Stock => return Err(IntentError::FromStock),
        Pile::Foundation(_) => return Err(IntentError::FromFoundation),
    };
    let cards = position.pile(from as usize);
    if cards.is_empty() {
        return Err(IntentError::NothingThere);
    }
    let depth = depth.min(cards.len() - 1);
    if depth < position.face_down(from as usize) {
        return Err(IntentError::FaceDown);
    }
    let count = cards.len() - depth;
    let mv = match to {
        Pile::Stock => return Err(IntentError::ToStock),
        Pile::Foundation(_) if count == RUN && position.has_complete_run(from as usize) => {
            Move::Clear { from }
        }
        Pile::Foundation(_) => return Err(IntentError::NotARun),
        Pile::Tableau(to) => Move::ToPile { from, to, count: count.min(u8::MAX as usize) as u8 },
    };
    position.check(mv)?;
    Ok(mv)
}

/// Where a double-click sends the card at `depth` of `from` with the cards on it: a complete
/// run to the foundation, else onto a card it builds on (one of its own suit first), else to an
/// empty pile.
pub fn send_away(position: &Position, from: Pile, depth: usize) -> Option<Move> {
    let Pile::Tableau(from) = from else { return None };
    if !can_lift(position, Pile::Tableau(from), depth) {
        return None;
    }
    let cards = position.pile(from as usize);
    let count = (cards.len() - depth) as u8;
    let clear = Move::Clear { from };
    if position.check(clear).is_ok() {
        return Some(clear);
    }
    let card = cards[depth];
    let onto = |to: u8| Move::ToPile { from, to, count };
    let piles = 0..PILES as u8;
    let same_suit = piles.clone().find(|&to| {
        position.top(to as usize).is_some_and(|top| top.suit() == card.suit())
            && position.check(onto(to)).is_ok()
    });
    let built =
        || piles.clone().find(|&to| position.top(to as usize).is_some() && position.check(onto(to)).is_ok());
    let empty = || piles.clone().find(|&to| position.check(onto(to)).is_ok());
    same_suit.or_else(built).or_else(empty).map(onto)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pile_names_round_trip() {
        let mut piles: Vec<Pile> = (0..10).map(Pile::Tableau).collect();
        piles.extend((0..8).map(Pile::Foundation));
        piles.push(Pile::Stock);
        for pile in piles {
            assert_eq!(Pile::parse(&pile.to_string()), Some(pile));
        }
        for bad in
            ["tableau-0", "tableau-11", "foundation-9", "waste", "tableau-01", "cascade-1", "", "tableau-"]
        {
            assert_eq!(Pile::parse(bad), None, "{bad}");
        }
    }
}
