//! Pyramid as the table plays it: piles by their DOM names, and the move a click or a drag
//! means. The rules themselves stay in `rules.rs`.

use std::fmt;

use thiserror::Error;

use crate::cards::{Card, Rank};

use super::rules::{value, IllegalMove, Location, Move, Position, PYRAMID_CARDS};

/// A pile on the table, named in the DOM `pyramid-0`..`pyramid-27` (row-major from the apex),
/// `stock` and `waste`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Pyramid(u8),
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
                let index: u8 = name.strip_prefix("pyramid-")?.parse().ok()?;
                (usize::from(index) < PYRAMID_CARDS).then_some(Pile::Pyramid(index))
            }
        }
    }

    /// The card a player can take from this pile now, if any.
    pub fn playable_card(self, position: &Position) -> Option<Card> {
        match self {
            Pile::Pyramid(index) => {
                let index = usize::from(index);
                position.pyramid_card(index).filter(|_| position.is_uncovered(index))
            }
            Pile::Stock => position.stock_top(),
            Pile::Waste => position.waste_top(),
        }
    }
}

impl fmt::Display for Pile {
    /// The DOM name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Pyramid(index) => write!(f, "pyramid-{index}"),
            Pile::Stock => write!(f, "stock"),
            Pile::Waste => write!(f, "waste"),
        }
    }
}

/// The piles a move's cards are taken from (none for draw and recycle).
pub fn move_piles(position: &Position, mv: Move) -> Vec<Pile> {
    let pile = |card: Card| match position.locate(card) {
        Location::Pyramid(index) => Some(Pile::Pyramid(index as u8)),
        Location::StockTop => Some(Pile::Stock),
        Location::WasteTop => Some(Pile::Waste),
        Location::Stock | Location::Waste | Location::Removed => None,
    };
    mv.cards().into_iter().filter_map(pile).collect()
}

/// Why a click or a drag does not make a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntentError {
    #[error("{0}")]
    Illegal(IllegalMove),
    #[error("there is no card there to take")]
    NothingThere,
}

impl From<IllegalMove> for IntentError {
    fn from(reason: IllegalMove) -> IntentError {
        IntentError::Illegal(reason)
    }
}

/// The move meant by dragging the card of `from` onto the card of `to`: the pair they make.
pub fn intended_move(position: &Position, from: Pile, to: Pile) -> Result<Move, IntentError> {
    let first = from.playable_card(position).ok_or(IntentError::NothingThere)?;
    let second = to.playable_card(position).ok_or(IntentError::NothingThere)?;
    let mv = Move::RemovePair(first, second);
    position.check(mv).map_or(Ok(mv), |reason| Err(reason.into()))
}

/// What a click on a pile does, with `picked` already picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// A king goes at once; a card that makes 13 with the picked one removes the pair; a click
    /// on the stock otherwise turns it (or turns the waste over once the stock is empty).
    Play(Move),
    /// The card is picked up (replacing one that does not pair with it).
    Pick(Card),
    /// The picked card clicked again is put back.
    PutBack,
    /// Nothing there to take.
    Nothing,
}

/// What a click on `pile` means.
pub fn click(position: &Position, picked: Option<Card>, pile: Pile) -> Click {
    let Some(card) = pile.playable_card(position) else {
        return match pile {
            Pile::Stock => Click::Play(Move::Recycle),
            _ => Click::Nothing,
        };
    };
    let pairs = picked.is_some_and(|first| first != card && value(first) + value(card) == 13);
    match (pile, picked) {
        _ if card.rank() == Rank::King => Click::Play(Move::RemoveKing(card)),
        (_, Some(first)) if pairs => Click::Play(Move::RemovePair(first, card)),
        (Pile::Stock, _) => Click::Play(Move::Draw),
        (_, Some(first)) if first == card => Click::PutBack,
        _ => Click::Pick(card),
    }
}

crate::table_by_rules!(Position, Move, IllegalMove, is_cleared);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::pyramid::solve;
    use crate::search::Outcome;

    #[test]
    fn pile_names_round_trip() {
        let mut piles: Vec<Pile> = (0..28).map(Pile::Pyramid).collect();
        piles.extend([Pile::Stock, Pile::Waste]);
        for pile in piles {
            assert_eq!(Pile::parse(&pile.to_string()), Some(pile));
        }
        for bad in ["pyramid-28", "pyramid-", "pyramid--1", "tableau-1", ""] {
            assert_eq!(Pile::parse(bad), None, "{bad}");
        }
    }

    /// Every move of the solver's line is what clicking its cards (or the stock), or dragging
    /// one card onto the other, means.
    #[test]
    fn every_solver_move_is_what_its_clicks_and_drag_mean() {
        for seed in 1..=20 {
            let start = Position::new(&seeded_deck(seed));
            let Outcome::Solved(moves) = solve(&start) else { continue };
            let mut position = start;
            for mv in moves {
                let piles = move_piles(&position, mv);
                match mv {
                    Move::RemoveKing(_) => assert_eq!(click(&position, None, piles[0]), Click::Play(mv)),
                    Move::RemovePair(first, _) => {
                        assert_eq!(piles.len(), 2, "both cards are on the table");
                        assert_eq!(click(&position, Some(first), piles[1]), Click::Play(mv));
                        assert_eq!(intended_move(&position, piles[0], piles[1]), Ok(mv));
                    }
                    Move::Draw | Move::Recycle => {
                        let king_on_stock = position.stock_top().is_some_and(|c| c.rank() == Rank::King);
                        if !king_on_stock {
                            assert_eq!(click(&position, None, Pile::Stock), Click::Play(mv));
                        }
                    }
                }
                position = position.play(mv).unwrap();
            }
            assert!(position.is_cleared());
        }
    }

    #[test]
    fn refused_drags_say_why() {
        let position = Position::new(&seeded_deck(2));
        // Slot 0 (the apex) is covered at the start; the waste is empty.
        let bottom = Pile::Pyramid(21);
        assert_eq!(intended_move(&position, Pile::Pyramid(0), bottom), Err(IntentError::NothingThere));
        assert_eq!(intended_move(&position, Pile::Waste, bottom), Err(IntentError::NothingThere));
        // Two cards of the bottom row that do not make 13.
        let card = |slot: u8| Pile::Pyramid(slot).playable_card(&position).unwrap();
        let (first, second) = (21..28u8)
            .flat_map(|a| (a + 1..28).map(move |b| (a, b)))
            .find(|&(a, b)| value(card(a)) + value(card(b)) != 13)
            .expect("seven cards hold a pair that does not make 13");
        assert_eq!(
            intended_move(&position, Pile::Pyramid(first), Pile::Pyramid(second)),
            Err(IntentError::Illegal(IllegalMove::WrongSum(card(first), card(second))))
        );
    }

    #[test]
    fn clicks_pick_pair_put_back_and_turn_the_stock() {
        let position = Position::new(&seeded_deck(2));
        let bottom: Vec<Card> =
            (21..28u8).map(|slot| Pile::Pyramid(slot).playable_card(&position).unwrap()).collect();
        let first = Pile::Pyramid(21);
        let card = bottom[0];
        if card.rank() == Rank::King {
            assert_eq!(click(&position, None, first), Click::Play(Move::RemoveKing(card)));
        } else {
            assert_eq!(click(&position, None, first), Click::Pick(card));
            assert_eq!(click(&position, Some(card), first), Click::PutBack);
        }
        assert_eq!(click(&position, None, Pile::Pyramid(0)), Click::Nothing, "the apex is covered");
        assert_eq!(click(&position, None, Pile::Waste), Click::Nothing, "the waste is empty");
        let stock = position.stock_top().unwrap();
        let expected = if stock.rank() == Rank::King {
            Click::Play(Move::RemoveKing(stock))
        } else {
            Click::Play(Move::Draw)
        };
        assert_eq!(click(&position, None, Pile::Stock), expected);
        // A picked card that makes 13 with the stock's card pairs with it instead of drawing.
        if let Some(partner) = bottom.iter().find(|c| value(**c) + value(stock) == 13) {
            assert_eq!(
                click(&position, Some(*partner), Pile::Stock),
                Click::Play(Move::RemovePair(*partner, stock))
            );
        }
    }
}
