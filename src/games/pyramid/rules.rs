//! Pyramid rules: the position, its moves and the checked and unchecked ways to play them.

use std::fmt;

use serde::de::{self, Deserializer};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Deck, Rank};

/// Cards in the pyramid (rows of 1..7 from the apex).
pub const PYRAMID_CARDS: usize = 28;
/// Cards in the stock at the start.
pub const STOCK_CARDS: usize = 24;
/// How many times the waste may be turned back into the stock (three passes in all).
pub const MAX_RECYCLES: u8 = 2;
/// Rows in the pyramid.
pub const ROWS: usize = 7;

const ALL_PYRAMID: u32 = (1 << PYRAMID_CARDS) - 1;
const ALL_STOCK: u32 = (1 << STOCK_CARDS) - 1;

/// The pyramid slot at `row` (0 = apex) and `column` (0..=row), numbered row-major from the apex.
pub const fn slot(row: usize, column: usize) -> usize {
    row * (row + 1) / 2 + column
}

/// The row (0 = apex) and column of pyramid slot `index` (0..28).
pub const fn row_column(index: usize) -> (usize, usize) {
    let mut row = 0;
    while slot(row + 1, 0) <= index {
        row += 1;
    }
    (row, index - slot(row, 0))
}

/// The bit mask of the (up to two) slots directly below slot `index`, which cover it.
pub const fn covering(index: usize) -> u32 {
    let (row, column) = row_column(index);
    if row + 1 >= ROWS {
        0
    } else {
        (1 << slot(row + 1, column)) | (1 << slot(row + 1, column + 1))
    }
}

/// The value a card counts for when pairing: ace 1 … king 13.
pub const fn value(card: Card) -> u8 {
    card.rank().value()
}

/// A move in Pyramid. Each is one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn the top card of the stock onto the waste.
    Draw,
    /// Turn the whole waste back into the stock, in the same order (at most twice).
    Recycle,
    /// Remove an available king.
    RemoveKing(Card),
    /// Remove two available cards whose values add up to 13.
    RemovePair(Card, Card),
}

impl Move {
    /// The cards a move removes (none for draw and recycle).
    pub fn cards(self) -> Vec<Card> {
        match self {
            Move::Draw | Move::Recycle => Vec::new(),
            Move::RemoveKing(card) => vec![card],
            Move::RemovePair(first, second) => vec![first, second],
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Draw => f.write_str("Draw a card from the stock"),
            Move::Recycle => f.write_str("Turn the waste over into the stock"),
            Move::RemoveKing(card) => write!(f, "Remove the {}", card.name()),
            Move::RemovePair(first, second) => {
                write!(f, "Remove the {} and the {}", first.name(), second.name())
            }
        }
    }
}

/// JSON form (DESIGN.md): `"draw"`, `"recycle"`, `["KD"]`, `["6H", "7C"]`.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Move::Draw => serializer.serialize_str("draw"),
            Move::Recycle => serializer.serialize_str("recycle"),
            Move::RemoveKing(card) => {
                let mut seq = serializer.serialize_seq(Some(1))?;
                seq.serialize_element(card)?;
                seq.end()
            }
            Move::RemovePair(first, second) => {
                let mut seq = serializer.serialize_seq(Some(2))?;
                seq.serialize_element(first)?;
                seq.serialize_element(second)?;
                seq.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Word(String),
            Cards(Vec<Card>),
        }
        match Raw::deserialize(deserializer)? {
            Raw::Word(word) if word.eq_ignore_ascii_case("draw") => Ok(Move::Draw),
            Raw::Word(word) if word.eq_ignore_ascii_case("recycle") => Ok(Move::Recycle),
            Raw::Word(word) => Err(de::Error::custom(format!(
                "unknown Pyramid move `{word}` (expected \"draw\", \"recycle\" or a list of one or two cards)"
            ))),
            Raw::Cards(cards) => match cards[..] {
                [card] => Ok(Move::RemoveKing(card)),
                [first, second] => Ok(Move::RemovePair(first, second)),
                _ => Err(de::Error::custom(format!(
                    "a Pyramid removal names one or two cards, not {}",
                    cards.len()
                ))),
            },
        }
    }
}

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the stock is empty, so there is nothing to draw")]
    StockEmpty,
    #[error("the waste can only be turned over once the stock is empty")]
    StockNotEmpty,
    #[error("the waste is empty, so there is nothing to turn over")]
    WasteEmpty,
    #[error("the waste has already been turned over twice (three passes in all)")]
    NoRecyclesLeft,
    #[error("the {} is not a king; other cards are removed in pairs adding up to 13", .0.name())]
    NotAKing(Card),
    #[error("the {} is not available (it is covered, buried in the stock or waste, or already removed)", .0.name())]
    NotAvailable(Card),
    #[error("a pair needs two different cards, not the {} twice", .0.name())]
    SameCard(Card),
    #[error("the {} and the {} add up to {}, not 13", .0.name(), .1.name(), value(*.0) + value(*.1))]
    WrongSum(Card, Card),
}

/// A refused move: the position, unchanged, and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct PlayError {
    pub position: Position,
    pub reason: IllegalMove,
}

/// Where a card of the deal lies now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// In pyramid slot `0..28` (row-major from the apex).
    Pyramid(usize),
    /// On top of the stock (face up, playable).
    StockTop,
    /// On top of the waste (playable).
    WasteTop,
    /// In the stock below its top card.
    Stock,
    /// In the waste below its top card.
    Waste,
    /// Already removed.
    Removed,
}

/// A Pyramid position: the deal, which cards remain, how far the stock has been turned and
/// how many recycles were used. A small `Copy` value, so a history of positions is the undo
/// stack.
///
/// The 24 stock cards keep their dealt order: card `j` (0 = the top of the original stock)
/// lies in the waste when `j < pointer` and in the stock otherwise. The pointer is kept
/// canonical (just above the waste's top card), so equal positions compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    cards: [Card; 52],
    pyramid: u32,
    stock: u32,
    pointer: u8,
    recycles: u8,
}

impl Position {
    /// The starting position of a deck: 28 pyramid cards row by row from the apex, then the
    /// stock from top to bottom.
    pub fn new(deck: &Deck) -> Position {
        let mut cards = [Card::from_index(0).expect("card 0 exists"); 52];
        cards.copy_from_slice(deck.cards());
        Position { cards, pyramid: ALL_PYRAMID, stock: ALL_STOCK, pointer: 0, recycles: 0 }
    }

    /// A position part-way through a deal, from its raw parts: the slots still in the
    /// pyramid (bit `i` = slot `i`), the stock cards not yet removed (bit `j` = stock card
    /// `j`), how many of the stock cards have been turned (those below `turned` are in the
    /// waste) and the recycles used. `None` if the parts are inconsistent: a bit out of range, more than two
    /// recycles, or a removed pyramid card that is still covered by a present one.
    pub fn from_parts(deck: &Deck, pyramid: u32, stock: u32, turned: u8, recycles: u8) -> Option<Position> {
        if pyramid & !ALL_PYRAMID != 0 || stock & !ALL_STOCK != 0 || turned as usize > STOCK_CARDS {
            return None;
        }
        if recycles > MAX_RECYCLES {
            return None;
        }
        // A card can only have gone once both cards covering it had gone.
        for index in 0..PYRAMID_CARDS {
            if pyramid & (1 << index) == 0 && pyramid & covering(index) != 0 {
                return None;
            }
        }
        let mut position = Position::new(deck);
        position.pyramid = pyramid;
        position.stock = stock;
        position.pointer = canonical_pointer(stock, turned as u32);
        position.recycles = recycles;
        Some(position)
    }

    /// The dealt cards: 28 pyramid cards, then the 24 stock cards top first.
    pub fn deal(&self) -> &[Card; 52] {
        &self.cards
    }

    /// The card still in pyramid slot `index`, if any.
    pub fn pyramid_card(&self, index: usize) -> Option<Card> {
        (index < PYRAMID_CARDS && self.pyramid & (1 << index) != 0).then(|| self.cards[index])
    }

    /// Bit mask of the pyramid slots still holding a card.
    pub fn pyramid_mask(&self) -> u32 {
        self.pyramid
    }

    /// Bit mask of the stock cards (by dealt stock position) not yet removed.
    pub fn stock_mask(&self) -> u32 {
        self.stock
    }

    /// How many dealt stock positions have been turned over (canonical: the waste top's
    /// position plus one, or 0 when the waste is empty).
    pub fn turned(&self) -> u8 {
        self.pointer
    }

    /// Whether pyramid slot `index` holds a card that nothing covers.
    pub fn is_uncovered(&self, index: usize) -> bool {
        index < PYRAMID_CARDS && self.pyramid & (1 << index) != 0 && self.pyramid & covering(index) == 0
    }

    /// The stock, top card first.
    pub fn stock(&self) -> Vec<Card> {
        (self.pointer as usize..STOCK_CARDS)
            .filter(|&j| self.stock & (1 << j) != 0)
            .map(|j| self.cards[PYRAMID_CARDS + j])
            .collect()
    }

    /// The waste, bottom card first (the last is the top).
    pub fn waste(&self) -> Vec<Card> {
        (0..self.pointer as usize)
            .filter(|&j| self.stock & (1 << j) != 0)
            .map(|j| self.cards[PYRAMID_CARDS + j])
            .collect()
    }

    fn stock_top_index(&self) -> Option<usize> {
        let above = self.stock & !((1u32 << self.pointer) - 1);
        (above != 0).then(|| above.trailing_zeros() as usize)
    }

    fn waste_top_index(&self) -> Option<usize> {
        let below = self.stock & ((1u32 << self.pointer) - 1);
        (below != 0).then(|| 31 - below.leading_zeros() as usize)
    }

    /// The stock's face-up top card.
    pub fn stock_top(&self) -> Option<Card> {
        self.stock_top_index().map(|j| self.cards[PYRAMID_CARDS + j])
    }

    /// The waste's top card.
    pub fn waste_top(&self) -> Option<Card> {
        self.waste_top_index().map(|j| self.cards[PYRAMID_CARDS + j])
    }

    /// Recycles used so far (0..=2).
    pub fn recycles(&self) -> u8 {
        self.recycles
    }

    /// Recycles still allowed.
    pub fn recycles_left(&self) -> u8 {
        MAX_RECYCLES - self.recycles
    }

    /// The goal: every pyramid card removed (stock and waste may keep cards).
    pub fn is_cleared(&self) -> bool {
        self.pyramid == 0
    }

    /// Pyramid cards still to clear.
    pub fn pyramid_left(&self) -> u32 {
        self.pyramid.count_ones()
    }

    /// Where `card` lies now.
    pub fn locate(&self, card: Card) -> Location {
        let Some(index) = self.cards.iter().position(|&c| c == card) else {
            return Location::Removed;
        };
        if index < PYRAMID_CARDS {
            return if self.pyramid & (1 << index) != 0 {
                Location::Pyramid(index)
            } else {
                Location::Removed
            };
        }
        let j = index - PYRAMID_CARDS;
        if self.stock & (1 << j) == 0 {
            Location::Removed
        } else if Some(j) == self.stock_top_index() {
            Location::StockTop
        } else if Some(j) == self.waste_top_index() {
            Location::WasteTop
        } else if j < self.pointer as usize {
            Location::Waste
        } else {
            Location::Stock
        }
    }

    /// Whether `card` can be removed now (alone if a king, else with a partner).
    pub fn is_available(&self, card: Card) -> bool {
        match self.locate(card) {
            Location::Pyramid(index) => self.pyramid & covering(index) == 0,
            Location::StockTop | Location::WasteTop => true,
            Location::Stock | Location::Waste | Location::Removed => false,
        }
    }

    /// The available cards: uncovered pyramid cards (row-major), then the stock top, then
    /// the waste top.
    pub fn available(&self) -> Vec<Card> {
        let mut cards: Vec<Card> =
            (0..PYRAMID_CARDS).filter(|&i| self.is_uncovered(i)).map(|i| self.cards[i]).collect();
        cards.extend(self.stock_top());
        cards.extend(self.waste_top());
        cards
    }

    /// Why `mv` is illegal here, or `None` if it is legal.
    pub fn check(&self, mv: Move) -> Option<IllegalMove> {
        match mv {
            Move::Draw => self.stock_top_index().is_none().then_some(IllegalMove::StockEmpty),
            Move::Recycle => {
                if self.stock_top_index().is_some() {
                    Some(IllegalMove::StockNotEmpty)
                } else if self.waste_top_index().is_none() {
                    Some(IllegalMove::WasteEmpty)
                } else if self.recycles >= MAX_RECYCLES {
                    Some(IllegalMove::NoRecyclesLeft)
                } else {
                    None
                }
            }
            Move::RemoveKing(card) => {
                if card.rank() != Rank::King {
                    Some(IllegalMove::NotAKing(card))
                } else if !self.is_available(card) {
                    Some(IllegalMove::NotAvailable(card))
                } else {
                    None
                }
            }
            Move::RemovePair(first, second) => {
                if first == second {
                    Some(IllegalMove::SameCard(first))
                } else if value(first) + value(second) != 13 {
                    Some(IllegalMove::WrongSum(first, second))
                } else if !self.is_available(first) {
                    Some(IllegalMove::NotAvailable(first))
                } else if !self.is_available(second) {
                    Some(IllegalMove::NotAvailable(second))
                } else {
                    None
                }
            }
        }
    }

    /// Every legal move: removals first (kings, then pairs), then draw or recycle.
    pub fn legal_moves(&self) -> Vec<Move> {
        let available = self.available();
        let mut moves = Vec::new();
        for &card in &available {
            if card.rank() == Rank::King {
                moves.push(Move::RemoveKing(card));
            }
        }
        for (i, &first) in available.iter().enumerate() {
            for &second in &available[i + 1..] {
                if value(first) + value(second) == 13 {
                    moves.push(Move::RemovePair(first, second));
                }
            }
        }
        for mv in [Move::Draw, Move::Recycle] {
            if self.check(mv).is_none() {
                moves.push(mv);
            }
        }
        moves
    }

    /// Plays `mv` if it is legal; otherwise returns this position unchanged with the reason.
    pub fn play(self, mv: Move) -> Result<Position, PlayError> {
        match self.check(mv) {
            Some(reason) => Err(PlayError { position: self, reason }),
            None => Ok(self.play_unchecked(mv)),
        }
    }

    /// Plays a move already known to be legal (from [`Position::legal_moves`] or a solver).
    /// An illegal move leaves the position in an unspecified but memory-safe state.
    pub fn play_unchecked(mut self, mv: Move) -> Position {
        match mv {
            Move::Draw => {
                if let Some(j) = self.stock_top_index() {
                    self.pointer = j as u8 + 1;
                }
            }
            Move::Recycle => {
                self.pointer = 0;
                self.recycles += 1;
            }
            Move::RemoveKing(card) => self.remove(card),
            Move::RemovePair(first, second) => {
                self.remove(first);
                self.remove(second);
            }
        }
        self
    }

    fn remove(&mut self, card: Card) {
        if let Some(index) = self.cards.iter().position(|&c| c == card) {
            if index < PYRAMID_CARDS {
                self.pyramid &= !(1 << index);
            } else {
                self.stock &= !(1 << (index - PYRAMID_CARDS));
                self.pointer = canonical_pointer(self.stock, self.pointer as u32);
            }
        }
    }
}

/// The canonical pointer for `stock`: just above the highest card below `pointer`, or 0.
pub(crate) fn canonical_pointer(stock: u32, pointer: u32) -> u8 {
    let below = stock & ((1u32 << pointer) - 1);
    if below == 0 {
        0
    } else {
        (32 - below.leading_zeros()) as u8
    }
}

impl fmt::Display for Position {
    /// The pyramid as a picture (`..` for removed cards), then the stock and waste.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..ROWS {
            write!(f, "{}", " ".repeat((ROWS - 1 - row) * 2))?;
            let cells: Vec<String> = (0..=row)
                .map(|column| match self.pyramid_card(slot(row, column)) {
                    Some(card) => card.to_string(),
                    None => "..".to_string(),
                })
                .collect();
            writeln!(f, "{}", cells.join("  "))?;
        }
        let list = |cards: Vec<Card>| cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ");
        writeln!(f, "stock: {}", list(self.stock()))?;
        writeln!(f, "waste: {}", list(self.waste()))?;
        write!(f, "recycles left: {}", self.recycles_left())
    }
}
