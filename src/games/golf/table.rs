//! Golf as the table plays it: piles by their DOM names (`tableau-1`..`tableau-7`, `stock`,
//! `waste`), the move a drag or a click means, and where a double-click sends a card. The
//! rules themselves stay in [`super::rules`].

use std::fmt;

use thiserror::Error;

use crate::cards::Card;
use crate::session::Table;

use super::rules::{IllegalMove, Move, Position, PILES};

/// A pile on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    /// A pile of the tableau, 0..7.
    Tableau(u8),
    Stock,
    Waste,
}

impl Pile {
    /// The pile a DOM name stands for.
    pub fn parse(name: &str) -> Option<Pile> {
        match name {
            "stock" => Some(Pile::Stock),
            "waste" => Some(Pile::Waste),
            _ => {
                let number = name.strip_prefix("tableau-")?;
                if number.len() != 1 {
                    return None;
                }
                let index = number.parse::<u8>().ok()?.checked_sub(1)?;
                (usize::from(index) < PILES).then_some(Pile::Tableau(index))
            }
        }
    }
}

impl fmt::Display for Pile {
    /// The DOM name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Tableau(pile) => write!(f, "tableau-{}", u16::from(*pile) + 1),
            Pile::Stock => f.write_str("stock"),
            Pile::Waste => f.write_str("waste"),
        }
    }
}

/// Where a move takes its card from (and it always goes to the waste).
pub fn move_source(mv: Move) -> Pile {
    match mv {
        Move::ToWaste { from, .. } => Pile::Tableau(from),
        Move::Deal => Pile::Stock,
    }
}

/// Whether the card at `depth` of `pile` can be picked up: a pile's top card only. The
/// stock's card is dealt by a click (or dragged to the waste); the waste's cards stay.
pub fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
    match pile {
        Pile::Tableau(p) => usize::from(p) < PILES && depth + 1 == position.pile(usize::from(p)).len(),
        Pile::Stock => !position.stock().is_empty(),
        Pile::Waste => false,
    }
}

/// Why a drag or a click does not make a move, naming the cards in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntentError {
    #[error("{0}")]
    Illegal(IllegalMove),
    #[error("the {} has cards on it: only a pile's top card can be played", .0.name())]
    Covered(Card),
    #[error("there is no card there")]
    NothingThere,
    #[error("cards on the waste stay there")]
    FromWaste,
    #[error("cards go only to the waste")]
    NotToTheWaste,
}

impl From<IllegalMove> for IntentError {
    fn from(reason: IllegalMove) -> IntentError {
        IntentError::Illegal(reason)
    }
}

/// The legal move meant by taking the card at `depth` of `from` (0 is the first dealt) to
/// `to`.
pub fn intended_move(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, IntentError> {
    if to != Pile::Waste {
        return Err(IntentError::NotToTheWaste);
    }
    let mv = match from {
        Pile::Waste => return Err(IntentError::FromWaste),
        Pile::Stock => Move::Deal,
        Pile::Tableau(p) if usize::from(p) >= PILES => {
            return Err(IllegalMove::NoSuchPile(u16::from(p) + 1).into())
        }
        Pile::Tableau(p) => {
            let pile = position.pile(usize::from(p));
            let card = *pile.get(depth.min(pile.len().saturating_sub(1))).ok_or(IntentError::NothingThere)?;
            if depth + 1 < pile.len() {
                return Err(IntentError::Covered(card));
            }
            Move::ToWaste { from: p, card }
        }
    };
    position.check(mv)?;
    Ok(mv)
}

/// Where a double-click sends the card at `depth` of `from`: a pile's top card to the waste
/// when it goes; the stock's next card onto the waste.
pub fn send_away(position: &Position, from: Pile, depth: usize) -> Option<Move> {
    intended_move(position, from, depth, Pile::Waste).ok()
}

impl Table for Position {
    type Move = Move;
    type Illegal = IllegalMove;

    fn is_won(&self) -> bool {
        Position::is_won(self)
    }

    fn after(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.play(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    #[test]
    fn pile_names_round_trip() {
        let mut piles: Vec<Pile> = (0..7).map(Pile::Tableau).collect();
        piles.extend([Pile::Stock, Pile::Waste]);
        for pile in piles {
            assert_eq!(Pile::parse(&pile.to_string()), Some(pile));
        }
        for bad in ["tableau-0", "tableau-8", "tableau-01", "foundation-1", "Stock", "cascade-1", ""] {
            assert_eq!(Pile::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn drags_mean_the_legal_moves_and_only_those() {
        for seed in 1..40 {
            let mut position = Position::new(&seeded_deck(seed));
            for _ in 0..seed % 5 {
                position.apply(Move::Deal);
            }
            let legal = position.legal_moves();
            let mut sources: Vec<Pile> = (0..7).map(Pile::Tableau).collect();
            sources.extend([Pile::Stock, Pile::Waste]);
            for &from in &sources {
                for depth in 0..6 {
                    for &to in &sources {
                        match intended_move(&position, from, depth, to) {
                            Ok(mv) => {
                                assert!(legal.contains(&mv), "{mv}");
                                assert_eq!((move_source(mv), to), (from, Pile::Waste));
                            }
                            Err(error) => assert!(!error.to_string().is_empty()),
                        }
                    }
                }
            }
            for &mv in &legal {
                let from = move_source(mv);
                let depth = match from {
                    Pile::Tableau(p) => position.pile(usize::from(p)).len() - 1,
                    _ => 0,
                };
                assert_eq!(intended_move(&position, from, depth, Pile::Waste), Ok(mv));
                assert_eq!(send_away(&position, from, depth), Some(mv));
            }
        }
    }

    #[test]
    fn refusals_name_the_cards() {
        let position = Position::new(&seeded_deck(1));
        let error = intended_move(&position, Pile::Tableau(0), 0, Pile::Waste).unwrap_err();
        assert_eq!(error, IntentError::Covered(position.pile(0)[0]));
        assert!(error.to_string().contains(" of "), "{error}");
        assert_eq!(
            intended_move(&position, Pile::Waste, 0, Pile::Tableau(0)),
            Err(IntentError::NotToTheWaste)
        );
        assert_eq!(intended_move(&position, Pile::Waste, 0, Pile::Waste), Err(IntentError::FromWaste));
    }
}
