//! Golf's rules as PySolFC plays "Golf": seven piles of five cards, all face up; a stock of
//! 16 cards dealt one at a time onto the waste, once through; a pile's top card goes to the
//! waste when it is one rank above or below the waste's card, suit not mattering, with no
//! wrap between king and ace (a queen may go on a king). The deal is won when the seven piles
//! are empty.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Deck, Rank, Suit};

/// The piles of the tableau.
pub const PILES: usize = 7;
/// The cards dealt to each pile.
pub const PILE_CARDS: usize = 5;
/// The cards left in the stock after the deal (one more starts the waste).
pub const STOCK_CARDS: usize = 16;
/// The cards the piles start with.
pub const TABLEAU_CARDS: usize = PILES * PILE_CARDS;
/// The most moves a game has: every pile card and every stock card once.
pub const MAX_MOVES: usize = TABLEAU_CARDS + STOCK_CARDS;

/// A move: a pile's top card to the waste, or the stock's next card onto it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The top card of pile `from` (0..7), `card`, to the waste.
    ToWaste { from: u8, card: Card },
    /// The stock's next card onto the waste.
    Deal,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::ToWaste { from, card } => {
                write!(f, "Move the {} from pile {} to the waste", card.name(), u16::from(*from) + 1)
            }
            Move::Deal => f.write_str("Deal the stock's next card onto the waste"),
        }
    }
}

/// Why the rules refuse a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("there is no pile {0}")]
    NoSuchPile(u16),
    #[error("pile {0} is empty")]
    EmptyPile(u16),
    #[error("the {} is not the top card of pile {pile}", .card.name())]
    NotOnTop { card: Card, pile: u16 },
    #[error("the {} is not one rank above or below the {}", .card.name(), .waste.name())]
    NotAdjacent { card: Card, waste: Card },
    #[error("the stock is empty")]
    StockEmpty,
}

/// Whether `card` goes on `waste`: one rank above or below, no wrap between king and ace.
pub fn goes_on(card: Card, waste: Card) -> bool {
    card.rank().value().abs_diff(waste.rank().value()) == 1
}

/// A Golf position. The piles keep their dealt cards and a height (cards taken go to the
/// waste, which keeps every card played in order), so a position is a plain `Copy` value.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    piles: [[Card; PILE_CARDS]; PILES],
    heights: [u8; PILES],
    /// The stock, next card first.
    stock: [Card; STOCK_CARDS],
    /// How many stock cards have been dealt.
    dealt: u8,
    /// The waste, first card first (its top is the last).
    waste: [Card; 52],
    waste_len: u8,
}

const FILLER: Card = Card::new(Rank::Ace, Suit::Clubs);

impl Position {
    /// Lays out `deck` as PySolFC deals Golf: five rows of seven, first dealt first (a row
    /// gives one card to each pile, left to right), then one card to the waste, and the last
    /// 16 to the stock, next card first.
    pub fn new(deck: &Deck) -> Position {
        Position::from_cards(deck.cards())
    }

    /// As [`Position::new`], from 52 cards in dealing order.
    pub(crate) fn from_cards(cards: &[Card]) -> Position {
        assert_eq!(cards.len(), 52, "a Golf deal is one deck");
        let mut piles = [[FILLER; PILE_CARDS]; PILES];
        for (index, &card) in cards[..TABLEAU_CARDS].iter().enumerate() {
            piles[index % PILES][index / PILES] = card;
        }
        let mut waste = [FILLER; 52];
        waste[0] = cards[TABLEAU_CARDS];
        let mut stock = [FILLER; STOCK_CARDS];
        stock.copy_from_slice(&cards[TABLEAU_CARDS + 1..]);
        Position { piles, heights: [PILE_CARDS as u8; PILES], stock, dealt: 0, waste, waste_len: 1 }
    }

    /// The cards of pile `pile` (0..7), first dealt first: its top card is the last.
    pub fn pile(&self, pile: usize) -> &[Card] {
        &self.piles[pile][..usize::from(self.heights[pile])]
    }

    /// The top card of pile `pile`, if any.
    pub fn top(&self, pile: usize) -> Option<Card> {
        self.pile(pile).last().copied()
    }

    /// Every pile's height.
    pub fn heights(&self) -> [u8; PILES] {
        self.heights
    }

    /// The stock cards not dealt yet, next card first.
    pub fn stock(&self) -> &[Card] {
        &self.stock[usize::from(self.dealt)..]
    }

    /// The whole stock as dealt, next card first, dealt ones included.
    pub fn whole_stock(&self) -> &[Card; STOCK_CARDS] {
        &self.stock
    }

    /// How many stock cards have been dealt.
    pub fn dealt(&self) -> usize {
        usize::from(self.dealt)
    }

    /// The waste, first card first.
    pub fn waste(&self) -> &[Card] {
        &self.waste[..usize::from(self.waste_len)]
    }

    /// The waste's top card (the waste is never empty).
    pub fn waste_top(&self) -> Card {
        self.waste[usize::from(self.waste_len) - 1]
    }

    /// The cards left in the piles.
    pub fn cards_left(&self) -> usize {
        self.heights.iter().map(|&h| usize::from(h)).sum()
    }

    /// Won: the seven piles are empty.
    pub fn is_won(&self) -> bool {
        self.heights == [0; PILES]
    }

    /// Whether `mv` is legal here, or why not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::ToWaste { from, card } => {
                let pile = usize::from(from);
                if pile >= PILES {
                    return Err(IllegalMove::NoSuchPile(u16::from(from) + 1));
                }
                let top = self.top(pile).ok_or(IllegalMove::EmptyPile(u16::from(from) + 1))?;
                if top != card {
                    return Err(IllegalMove::NotOnTop { card, pile: u16::from(from) + 1 });
                }
                if !goes_on(card, self.waste_top()) {
                    return Err(IllegalMove::NotAdjacent { card, waste: self.waste_top() });
                }
                Ok(())
            }
            Move::Deal if self.stock().is_empty() => Err(IllegalMove::StockEmpty),
            Move::Deal => Ok(()),
        }
    }

    /// The position after `mv`, or why the rules refuse it.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check(mv)?;
        let mut next = *self;
        next.apply(mv);
        Ok(next)
    }

    /// Plays `mv` without checking it (the solver's fast path, after [`Position::legal_moves`]).
    pub fn apply(&mut self, mv: Move) {
        let card = match mv {
            Move::ToWaste { from, .. } => {
                let pile = usize::from(from);
                self.heights[pile] -= 1;
                self.piles[pile][usize::from(self.heights[pile])]
            }
            Move::Deal => {
                self.dealt += 1;
                self.stock[usize::from(self.dealt) - 1]
            }
        };
        self.waste[usize::from(self.waste_len)] = card;
        self.waste_len += 1;
    }

    /// The legal moves, pile moves first (left to right), then the deal.
    pub fn legal_moves(&self) -> Vec<Move> {
        let waste = self.waste_top();
        let mut moves: Vec<Move> = (0..PILES)
            .filter_map(|p| {
                let card = self.top(p).filter(|&card| goes_on(card, waste))?;
                Some(Move::ToWaste { from: p as u8, card })
            })
            .collect();
        if !self.stock().is_empty() {
            moves.push(Move::Deal);
        }
        moves
    }

    /// Every card of the deal where it lies: piles, stock and waste.
    pub fn all_cards(&self) -> Vec<Card> {
        let piles = (0..PILES).flat_map(|p| self.pile(p).iter().copied());
        piles.chain(self.stock().iter().copied()).chain(self.waste().iter().copied()).collect()
    }
}

impl fmt::Display for Position {
    /// PySolFC's board text, as black-hole-solver reads it: `Talon:` with the stock, next card
    /// first; `Foundations:` with the waste's top card; then the seven piles, one line each,
    /// first dealt card first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
        let stock = self.stock();
        if stock.is_empty() {
            writeln!(f, "Talon:")?;
        } else {
            writeln!(f, "Talon: {}", line(stock))?;
        }
        writeln!(f, "Foundations: {}", self.waste_top())?;
        for pile in 0..PILES {
            writeln!(f, "{}", line(self.pile(pile)))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn ranks_go_one_above_or_below_without_wrap() {
        assert!(goes_on(card("QH"), card("KS")), "a queen goes on a king");
        assert!(goes_on(card("KH"), card("QS")));
        assert!(goes_on(card("2C"), card("AD")));
        assert!(goes_on(card("AC"), card("2D")));
        assert!(!goes_on(card("AC"), card("KD")), "no wrap");
        assert!(!goes_on(card("KC"), card("AD")), "no wrap");
        assert!(!goes_on(card("5C"), card("5D")));
        assert!(!goes_on(card("5C"), card("7D")));
    }

    #[test]
    fn the_deal_lays_out_rows_then_the_waste_then_the_stock() {
        let deck = seeded_deck(3);
        let cards = deck.cards();
        let position = Position::new(&deck);
        assert_eq!(position.pile(0), &[cards[0], cards[7], cards[14], cards[21], cards[28]]);
        assert_eq!(position.top(6), Some(cards[34]));
        assert_eq!(position.waste(), &[cards[35]]);
        assert_eq!(position.stock(), &cards[36..]);
        assert_eq!(position.all_cards().len(), 52);
        assert!(!position.is_won());
    }

    #[test]
    fn moves_are_checked_and_played() {
        let position = Position::new(&seeded_deck(5));
        for mv in position.legal_moves() {
            let next = position.play(mv).unwrap();
            assert_eq!(next.all_cards().len(), 52);
            assert_eq!(next.waste().len(), 2);
        }
        for pile in 0..PILES as u8 {
            let top = position.top(usize::from(pile)).unwrap();
            let mv = Move::ToWaste { from: pile, card: top };
            assert_eq!(position.check(mv).is_ok(), goes_on(top, position.waste_top()), "{mv}");
            let under = position.pile(usize::from(pile))[3];
            assert_eq!(
                position.check(Move::ToWaste { from: pile, card: under }),
                Err(IllegalMove::NotOnTop { card: under, pile: u16::from(pile) + 1 })
            );
        }
        assert_eq!(
            position.check(Move::ToWaste { from: 7, card: card("AS") }),
            Err(IllegalMove::NoSuchPile(8))
        );
        let mut dealt = position;
        for _ in 0..STOCK_CARDS {
            dealt = dealt.play(Move::Deal).unwrap();
        }
        assert_eq!(dealt.play(Move::Deal), Err(IllegalMove::StockEmpty));
        assert_eq!(dealt.waste_top(), position.stock()[STOCK_CARDS - 1]);
        assert!(!dealt.legal_moves().contains(&Move::Deal));
    }

    #[test]
    fn an_empty_pile_refuses() {
        let mut position = Position::new(&seeded_deck(5));
        position.heights[2] = 0;
        assert_eq!(
            position.check(Move::ToWaste { from: 2, card: card("AS") }),
            Err(IllegalMove::EmptyPile(3))
        );
    }
}
