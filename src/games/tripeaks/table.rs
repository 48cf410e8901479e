//! TriPeaks as the table plays it: piles by their DOM names and what a drag, a click and a
//! double-click mean. The rules themselves stay in [`super::rules`].

use std::fmt;

use crate::session::Table;

use super::rules::{adjacent, IllegalMove, Move, Position, PEAK_CARDS};

/// A pile on the table, named in the DOM `peak-0`..`peak-27` (row by row from the tops),
/// `stock` and `waste`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Peak(u8),
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
                let number = name.strip_prefix("peak-")?;
                let canonical =
                    !number.is_empty() && number.len() <= 2 && (number == "0" || !number.starts_with('0'));
                let slot: u8 = number.parse().ok().filter(|_| canonical)?;
                (usize::from(slot) < PEAK_CARDS).then_some(Pile::Peak(slot))
            }
        }
    }
}

impl fmt::Display for Pile {
    /// The DOM name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Peak(slot) => write!(f, "peak-{slot}"),
            Pile::Stock => f.write_str("stock"),
            Pile::Waste => f.write_str("waste"),
        }
    }
}

/// Where a move takes its card from and puts it.
pub fn move_piles(mv: Move) -> (Pile, Pile) {
    match mv {
        Move::ToWaste { slot, .. } => (Pile::Peak(slot), Pile::Waste),
        Move::Draw => (Pile::Stock, Pile::Waste),
    }
}

/// Whether the card of `pile` can be picked up: a face-up peak card (it may not fit the waste:
/// dropping it says why), or the stock's next card (dropped on the waste, it is drawn).
pub fn can_lift(position: &Position, pile: Pile) -> bool {
    match pile {
        Pile::Peak(slot) => position.is_free(usize::from(slot)),
        Pile::Stock => !position.stock().is_empty(),
        Pile::Waste => false,
    }
}

/// Why the card of `pile` cannot be picked up, in words that name no face-down card.
pub fn cannot_lift(position: &Position, pile: Pile) -> String {
    match pile {
        Pile::Peak(slot) if position.peak(usize::from(slot)).is_none() => IllegalMove::Gone(slot).to_string(),
        Pile::Peak(slot) => IllegalMove::Covered(slot).to_string(),
        Pile::Stock => IllegalMove::StockEmpty.to_string(),
        Pile::Waste => "cards on the waste stay there".into(),
    }
}

/// The legal move meant by taking the card of `from` to `to`, or why there is none.
pub fn intended_move(position: &Position, from: Pile, to: Pile) -> Result<Move, String> {
    if to != Pile::Waste {
        return Err("cards go only to the waste".into());
    }
    let mv = match from {
        Pile::Peak(slot) => match position.peak(usize::from(slot)) {
            Some(card) => Move::ToWaste { slot, card },
            None => return Err(IllegalMove::Gone(slot).to_string()),
        },
        Pile::Stock => Move::Draw,
        Pile::Waste => return Err("cards on the waste stay there".into()),
    };
    position.check(mv).map_err(|reason| reason.to_string())?;
    Ok(mv)
}

/// What a click (or Enter) on `pile` plays at once: a free peak card that fits the waste, or
/// the stock's next card.
pub fn tapped_move(position: &Position, pile: Pile) -> Result<Move, String> {
    intended_move(position, pile, Pile::Waste)
}

/// Whether a free peak card fits the waste now (for the spoken names).
pub fn fits_waste(position: &Position, slot: usize) -> bool {
    position.is_free(slot) && adjacent(position.dealt_peak(slot), position.waste_top())
}

impl Table for Position {
    type Move = Move;
    type Illegal = IllegalMove;

    fn is_won(&self) -> bool {
        Position::is_won(self)
    }

    fn after(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.play(mv).map_err(|error| error.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    #[test]
    fn pile_names_round_trip() {
        let mut piles: Vec<Pile> = (0..PEAK_CARDS as u8).map(Pile::Peak).collect();
        piles.extend([Pile::Stock, Pile::Waste]);
        for pile in piles {
            assert_eq!(Pile::parse(&pile.to_string()), Some(pile));
        }
        assert_eq!(Pile::Peak(27).to_string(), "peak-27");
        for bad in ["peak-28", "peak-", "peak-01", "peak-100", "peak--1", "tableau-1", "Stock", "", "peak-x"]
        {
            assert_eq!(Pile::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn drags_mean_the_legal_moves_and_only_those() {
        for seed in 1..30 {
            let position = Position::new(seeded_deck(seed).cards().try_into().unwrap());
            let legal = position.legal_moves();
            let mut piles: Vec<Pile> = (0..PEAK_CARDS as u8).map(Pile::Peak).collect();
            piles.extend([Pile::Stock, Pile::Waste]);
            for &from in &piles {
                for &to in &piles {
                    match intended_move(&position, from, to) {
                        Ok(mv) => {
                            assert!(legal.contains(&mv), "{mv}");
                            assert_eq!(move_piles(mv), (from, to));
                        }
                        Err(reason) => {
                            assert!(!reason.is_empty());
                            // Face-down cards are never named.
                            if let Pile::Peak(slot) = from {
                                if !position.is_face_up(usize::from(slot)) {
                                    let hidden = position.dealt_peak(usize::from(slot)).name();
                                    assert!(!reason.contains(&hidden), "{reason}");
                                }
                            }
                        }
                    }
                }
            }
            for &mv in &legal {
                let (from, to) = move_piles(mv);
                assert_eq!(intended_move(&position, from, to), Ok(mv));
                assert!(can_lift(&position, from));
            }
        }
    }
}
