//! Klondike rules: the position, the moves, checked and unchecked play, undo and legal moves.
//!
//! The stock and the waste are one array, the *talon*, in stock order: the waste is its first
//! `waste` cards (the top of the waste is the last of them) and the stock is the rest (the top
//! of the stock is the first of them). Drawing moves the boundary forward; recycling the waste
//! moves it back to zero, which turns the waste over into a stock in the original order.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Deck, Rank, Suit};

/// Columns in the tableau.
pub const COLUMNS: usize = 7;
/// Cards dealt to the tableau (1 + 2 + … + 7).
pub const TABLEAU_CARDS: usize = 28;
/// Cards in the stock at the start.
pub const STOCK_CARDS: usize = 24;
/// The longest a column can be: 6 face-down cards under a king-to-ace run.
pub const MAX_COLUMN: usize = 19;

const FILLER: Card = Card::new(Rank::Ace, Suit::Clubs);

/// How many cards each draw turns from the stock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Draw {
    #[default]
    One,
    Three,
}

impl Draw {
    /// 1 or 3.
    pub const fn count(self) -> u8 {
        match self {
            Draw::One => 1,
            Draw::Three => 3,
        }
    }

    /// `Draw::One` for 1, `Draw::Three` for 3.
    pub const fn from_count(count: u8) -> Option<Draw> {
        match count {
            1 => Some(Draw::One),
            3 => Some(Draw::Three),
            _ => None,
        }
    }
}

/// The rule options a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub draw: Draw,
    /// How many times the player may go through the stock; `None` is unlimited (the default).
    /// With a limit of `p` passes the waste may be recycled `p - 1` times.
    pub pass_limit: Option<u8>,
}

impl Rules {
    /// Draw `draw` with unlimited passes.
    pub const fn new(draw: Draw) -> Rules {
        Rules { draw, pass_limit: None }
    }

    /// The same rules with at most `passes` passes through the stock (at least 1).
    pub const fn with_pass_limit(self, passes: u8) -> Rules {
        Rules { pass_limit: Some(if passes == 0 { 1 } else { passes }), ..self }
    }

    /// Whether a position that has recycled `recycles` times may recycle again.
    pub const fn may_recycle(self, recycles: u8) -> bool {
        match self.pass_limit {
            None => true,
            Some(passes) => (recycles as u16) + 1 < passes as u16,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(Draw::One)
    }
}

/// A move. Turning up a face-down card is automatic and not a move. Columns are 0..7 here
/// (shown as 1..7); the foundation of a suit is numbered by the suit's index (clubs, diamonds,
/// hearts, spades). A move read from a message (serde) is checked: columns 0..7, counts 1..13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "UncheckedMove")]
pub enum Move {
    /// Turn one or three cards (fewer if the stock runs short) from the stock onto the waste.
    Draw,
    /// Turn the waste over to make a new stock (only when the stock is empty).
    Recycle,
    /// The top card of the waste onto a column.
    WasteToTableau { to: u8 },
    /// The top card of the waste onto its foundation.
    WasteToFoundation,
    /// The top card of a column onto its foundation.
    TableauToFoundation { from: u8 },
    /// The top `count` face-up cards of one column onto another.
    TableauToTableau { from: u8, to: u8, count: u8 },
    /// The top card of a foundation back onto a column.
    FoundationToTableau { suit: Suit, to: u8 },
}

/// A [`Move`] as a message spells it, before its columns and count are checked.
#[derive(Deserialize)]
#[serde(rename = "Move")]
enum UncheckedMove {
    Draw,
    Recycle,
    WasteToTableau { to: u8 },
    WasteToFoundation,
    TableauToFoundation { from: u8 },
    TableauToTableau { from: u8, to: u8, count: u8 },
    FoundationToTableau { suit: Suit, to: u8 },
}

/// Why a message's move is not a move: a column outside 1..7 or a count outside 1..13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("there is no column {}: columns are 1 to 7", shown(*.0))]
    NoSuchColumn(u8),
    #[error("a move carries 1 to 13 cards, not {0}")]
    BadCount(u8),
}

impl TryFrom<UncheckedMove> for Move {
    type Error = MoveError;

    fn try_from(unchecked: UncheckedMove) -> Result<Move, MoveError> {
        let column = |column: u8| {
            if usize::from(column) < COLUMNS {
                Ok(column)
            } else {
                Err(MoveError::NoSuchColumn(column))
            }
        };
        Ok(match unchecked {
            UncheckedMove::Draw => Move::Draw,
            UncheckedMove::Recycle => Move::Recycle,
            UncheckedMove::WasteToTableau { to } => Move::WasteToTableau { to: column(to)? },
            UncheckedMove::WasteToFoundation => Move::WasteToFoundation,
            UncheckedMove::TableauToFoundation { from } => Move::TableauToFoundation { from: column(from)? },
            UncheckedMove::TableauToTableau { from, to, count } => {
                if !(1..=13).contains(&count) {
                    return Err(MoveError::BadCount(count));
                }
                Move::TableauToTableau { from: column(from)?, to: column(to)?, count }
            }
            UncheckedMove::FoundationToTableau { suit, to } => {
                Move::FoundationToTableau { suit, to: column(to)? }
            }
        })
    }
}

/// A 0-based column as players number it (1-based), widened so that no index overflows.
pub(crate) fn shown(column: u8) -> u16 {
    u16::from(column) + 1
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Draw => write!(f, "Draw from the stock"),
            Move::Recycle => write!(f, "Turn the waste over to make a new stock"),
            Move::WasteToTableau { to } => write!(f, "Move the top waste card to column {}", shown(to)),
            Move::WasteToFoundation => write!(f, "Move the top waste card to the foundation"),
            Move::TableauToFoundation { from } => {
                write!(f, "Move the top card of column {} to the foundation", shown(from))
            }
            Move::TableauToTableau { from, to, count: 1 } => {
                write!(f, "Move the top card of column {} to column {}", shown(from), shown(to))
            }
            Move::TableauToTableau { from, to, count } => {
                write!(f, "Move {count} cards from column {} to column {}", shown(from), shown(to))
            }
            Move::FoundationToTableau { suit, to } => {
                write!(f, "Move the top card of the {} foundation to column {}", suit.name(), shown(to))
            }
        }
    }
}

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum IllegalMove {
    #[error("the stock is empty")]
    StockEmpty,
    #[error("the stock is not empty yet, so the waste cannot be turned over")]
    StockNotEmpty,
    #[error("there is no waste to turn over")]
    NothingToRecycle,
    #[error("no more passes through the stock are allowed")]
    PassLimit,
    #[error("the waste is empty")]
    WasteEmpty,
    /// A column outside 1..7, numbered as players number columns (from 1; widened, so the
    /// index 255 is column 256).
    #[error("there is no column {0}")]
    NoSuchColumn(u16),
    /// Column `.0`, numbered from 1.
    #[error("column {0} has no face-up card")]
    ColumnEmpty(u8),
    /// `column` numbered from 1.
    #[error("column {column} has only {face_up} face-up cards, not {count}")]
    NotEnoughCards { column: u8, face_up: u8, count: u8 },
    #[error("a column cannot move onto itself")]
    SameColumn,
    #[error("the {} does not go on the {}: build down in alternating colours", .card.name(), .target.name())]
    DoesNotBuild { card: Card, target: Card },
    #[error("only a king can go to an empty column, not the {}", .0.name())]
    NotAKing(Card),
    #[error("the {} cannot go to the foundation, whose top is {height} high", .card.name())]
    NotNextOnFoundation { card: Card, height: u8 },
    #[error("the {0} foundation is empty")]
    FoundationEmpty(Suit),
    #[error("the game is already won")]
    GameOver,
}

/// An illegal move, with the position it was tried in, unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{mv}: {reason}")]
pub struct PlayError {
    pub position: Box<Position>,
    pub mv: Move,
    pub reason: IllegalMove,
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    pub mv: Move,
    /// The waste size before the move (draws and recycles).
    waste: u8,
    /// Whether the move turned up a face-down card.
    turned: bool,
    /// The card that went to a foundation (foundation moves).
    card: Card,
}

impl Undo {
    /// Whether the move turned up a face-down card.
    pub(super) fn turned(&self) -> bool {
        self.turned
    }
}

/// Up to this many legal moves in any position (far more than can occur).
pub const MAX_MOVES: usize = 96;

/// A list of moves without heap allocation.
pub type MoveList = crate::search::FixedList<Move, MAX_MOVES>;

/// Whether `card` may be placed on `target` in the tableau.
pub fn builds_on(card: Card, target: Card) -> bool {
    // On card indices (4 * (rank - 1) + suit, the red suits being 1 and 2), as the solvers
    // ask this in their inner loops: the next rank and a different colour bit.
    const RED_SUITS: u8 = 0b0110;
    let (card, target) = (card.index(), target.index());
    card / 4 + 1 == target / 4 && (RED_SUITS >> (card & 3) ^ RED_SUITS >> (target & 3)) & 1 == 1
}

/// A Klondike position: seven columns, the talon (stock and waste), four foundations.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    rules: Rules,
    columns: [[Card; MAX_COLUMN]; COLUMNS],
    lengths: [u8; COLUMNS],
    /// Face-down cards at the bottom of each column.
    face_down: [u8; COLUMNS],
    talon: [Card; STOCK_CARDS],
    talon_len: u8,
    waste: u8,
    recycles: u8,
    /// Foundation heights by suit index (0 empty … 13 complete).
    foundations: [u8; 4],
    /// By column, bit `i` set when the `i`-th card from the bottom is a heart or a spade, and
    /// no bits at or above the column's length: kept with the cards so that a solver can
    /// read a run's suits in one step (see [`Position::high_suits`]).
    high_suits: [u32; COLUMNS],
}

/// 1 for hearts and spades, 0 for clubs and diamonds: which suit of its colour a card is.
const fn high_suit(card: Card) -> u32 {
    (card.index() as u32 >> 1) & 1
}

impl Position {
    /// Deals `deck` in dealing order: the first 28 cards row by row as a person deals (one card
    /// to each of columns 1..7, the first face up; then one to each of columns 2..7, the first
    /// of those face up; and so on), then the stock from the top.
    pub fn new(deck: &Deck, rules: Rules) -> Position {
        let cards = deck.cards();
        let mut position = Position {
            rules,
            columns: [[FILLER; MAX_COLUMN]; COLUMNS],
            lengths: [0; COLUMNS],
            face_down: [0; COLUMNS],
            talon: [FILLER; STOCK_CARDS],
            talon_len: STOCK_CARDS as u8,
            waste: 0,
            recycles: 0,
            foundations: [0; 4],
            high_suits: [0; COLUMNS],
        };
        let mut next = 0;
        for row in 0..COLUMNS {
            for column in row..COLUMNS {
                position.columns[column][row] = cards[next];
                next += 1;
            }
        }
        for column in 0..COLUMNS {
            position.lengths[column] = column as u8 + 1;
            position.face_down[column] = column as u8;
            position.high_suits[column] = position
                .column(column)
                .iter()
                .enumerate()
                .fold(0, |bits, (i, &card)| bits | high_suit(card) << i);
        }
        position.talon.copy_from_slice(&cards[TABLEAU_CARDS..]);
        position
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The cards of column `column` (0..7), bottom first; the first [`Position::face_down`] of
    /// them are face down.
    pub fn column(&self, column: usize) -> &[Card] {
        &self.columns[column][..self.lengths[column] as usize]
    }

    /// How many face-down cards column `column` has.
    pub fn face_down(&self, column: usize) -> usize {
        self.face_down[column] as usize
    }

    /// The face-up cards of a column, deepest first.
    pub fn face_up(&self, column: usize) -> &[Card] {
        &self.columns[column][self.face_down[column] as usize..self.lengths[column] as usize]
    }

    /// Column `column`'s suits within their colours: bit `i` is set when its `i`-th card from
    /// the bottom is a heart or a spade; bits at and above its length are clear.
    pub fn high_suits(&self, column: usize) -> u32 {
        self.high_suits[column]
    }

    /// The top (exposed) card of a column, if it has one.
    pub fn top(&self, column: usize) -> Option<Card> {
        let len = self.lengths[column] as usize;
        (len > 0).then(|| self.columns[column][len - 1])
    }

    /// The stock, top card first.
    pub fn stock(&self) -> &[Card] {
        &self.talon[self.waste as usize..self.talon_len as usize]
    }

    /// The waste, bottom card first (the last is the top, the playable one).
    pub fn waste(&self) -> &[Card] {
        &self.talon[..self.waste as usize]
    }

    /// The stock and waste together in stock order, and how many of them are the waste.
    pub fn talon(&self) -> (&[Card], usize) {
        (&self.talon[..self.talon_len as usize], self.waste as usize)
    }

    pub fn waste_top(&self) -> Option<Card> {
        (self.waste > 0).then(|| self.talon[self.waste as usize - 1])
    }

    /// How many times the waste has been turned over.
    pub fn recycles(&self) -> u8 {
        self.recycles
    }

    /// The height of the foundation of `suit` (0 empty … 13 complete).
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundations[suit.index()]
    }

    /// The top card of a foundation.
    pub fn foundation_top(&self, suit: Suit) -> Option<Card> {
        Rank::from_value(self.foundations[suit.index()]).map(|rank| Card::new(rank, suit))
    }

    /// The lowest foundation height.
    pub fn min_foundation(&self) -> u8 {
        self.foundations.iter().copied().min().unwrap_or(0)
    }

    /// Whether every card is on the foundations.
    pub fn is_won(&self) -> bool {
        self.foundations == [13; 4]
    }

    fn goes_home(&self, card: Card) -> bool {
        self.foundations[card.suit().index()] + 1 == card.rank().value()
    }

    fn check_column(column: u8) -> Result<usize, IllegalMove> {
        if (column as usize) < COLUMNS {
            Ok(column as usize)
        } else {
            Err(IllegalMove::NoSuchColumn(shown(column)))
        }
    }

    fn check_target(&self, card: Card, to: usize) -> Result<(), IllegalMove> {
        match self.top(to) {
            None if card.rank() == Rank::King => Ok(()),
            None => Err(IllegalMove::NotAKing(card)),
            Some(target) if builds_on(card, target) => Ok(()),
            Some(target) => Err(IllegalMove::DoesNotBuild { card, target }),
        }
    }

    /// Why `mv` is illegal here, or `Ok` if it is legal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_won() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Draw => {
                if self.waste < self.talon_len {
                    Ok(())
                } else {
                    Err(IllegalMove::StockEmpty)
                }
            }
            Move::Recycle => {
                if self.waste < self.talon_len {
                    Err(IllegalMove::StockNotEmpty)
                } else if self.waste == 0 {
                    Err(IllegalMove::NothingToRecycle)
                } else if !self.rules.may_recycle(self.recycles) {
                    Err(IllegalMove::PassLimit)
                } else {
                    Ok(())
                }
            }
            Move::WasteToTableau { to } => {
                let to = Self::check_column(to)?;
                let card = self.waste_top().ok_or(IllegalMove::WasteEmpty)?;
                self.check_target(card, to)
            }
            Move::WasteToFoundation => {
                let card = self.waste_top().ok_or(IllegalMove::WasteEmpty)?;
                if self.goes_home(card) {
                    Ok(())
                } else {
                    Err(IllegalMove::NotNextOnFoundation {
                        card,
                        height: self.foundations[card.suit().index()],
                    })
                }
            }
            Move::TableauToFoundation { from } => {
                let from_index = Self::check_column(from)?;
                let card = self.top(from_index).ok_or(IllegalMove::ColumnEmpty(from_index as u8 + 1))?;
                if self.goes_home(card) {
                    Ok(())
                } else {
                    Err(IllegalMove::NotNextOnFoundation {
                        card,
                        height: self.foundations[card.suit().index()],
                    })
                }
            }
            Move::TableauToTableau { from, to, count } => {
                let from_index = Self::check_column(from)?;
                let to_index = Self::check_column(to)?;
                if from_index == to_index {
                    return Err(IllegalMove::SameColumn);
                }
                let face_up = self.face_up(from_index).len();
                if face_up == 0 {
                    return Err(IllegalMove::ColumnEmpty(from_index as u8 + 1));
                }
                if count == 0 || count as usize > face_up {
                    return Err(IllegalMove::NotEnoughCards {
                        column: from_index as u8 + 1,
                        face_up: face_up as u8,
                        count,
                    });
                }
                let card = self.columns[from_index][self.lengths[from_index] as usize - count as usize];
                self.check_target(card, to_index)
            }
            Move::FoundationToTableau { suit, to } => {
                let to = Self::check_column(to)?;
                let card = self.foundation_top(suit).ok_or(IllegalMove::FoundationEmpty(suit))?;
                self.check_target(card, to)
            }
        }
    }

    /// Plays `mv` if it is legal; otherwise returns this position unchanged inside the error.
    pub fn play(mut self, mv: Move) -> Result<Position, PlayError> {
        match self.check(mv) {
            Ok(()) => {
                self.apply(mv);
                Ok(self)
            }
            Err(reason) => Err(PlayError { position: Box::new(self), mv, reason }),
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]) and returns what
    /// [`Position::undo`] needs. An illegal move leaves the position inconsistent but never
    /// panics.
    pub fn apply(&mut self, mv: Move) -> Undo {
        let mut undo = Undo { mv, waste: self.waste, turned: false, card: FILLER };
        match mv {
            Move::Draw => {
                self.waste = (self.waste + self.rules.draw.count()).min(self.talon_len);
            }
            Move::Recycle => {
                self.waste = 0;
                self.recycles = self.recycles.saturating_add(1);
            }
            Move::WasteToTableau { to } => {
                if let Some(card) = self.take_waste() {
                    self.push(to as usize % COLUMNS, card);
                }
            }
            Move::WasteToFoundation => {
                if let Some(card) = self.take_waste() {
                    self.foundations[card.suit().index()] = card.rank().value();
                    undo.card = card;
                }
            }
            Move::TableauToFoundation { from } => {
                let from = from as usize % COLUMNS;
                if let Some(card) = self.pop(from) {
                    self.foundations[card.suit().index()] = card.rank().value();
                    undo.card = card;
                    undo.turned = self.turn_up(from);
                }
            }
            Move::TableauToTableau { from, to, count } => {
                let (from, to) = (from as usize % COLUMNS, to as usize % COLUMNS);
                let count = (count as usize).min(self.lengths[from] as usize);
                let start = self.lengths[from] as usize - count;
                for i in 0..count {
                    let card = self.columns[from][start + i];
                    self.columns[from][start + i] = FILLER;
                    self.push(to, card);
                }
                self.lengths[from] = start as u8;
                self.high_suits[from] &= (1 << start) - 1;
                undo.turned = self.turn_up(from);
            }
            Move::FoundationToTableau { suit, to } => {
                if let Some(card) = self.foundation_top(suit) {
                    self.foundations[suit.index()] -= 1;
                    self.push(to as usize % COLUMNS, card);
                }
            }
        }
        undo
    }

    /// Takes back the move `undo` came from (it must be the last move applied).
    pub fn undo(&mut self, undo: Undo) {
        match undo.mv {
            Move::Draw => self.waste = undo.waste,
            Move::Recycle => {
                self.waste = undo.waste;
                self.recycles = self.recycles.saturating_sub(1);
            }
            Move::WasteToTableau { to } => {
                if let Some(card) = self.pop(to as usize % COLUMNS) {
                    self.put_waste(card);
                }
            }
            Move::WasteToFoundation => {
                let card = undo.card;
                let height = &mut self.foundations[card.suit().index()];
                *height = height.saturating_sub(1);
                self.put_waste(card);
            }
            Move::TableauToFoundation { from } => {
                let from = from as usize % COLUMNS;
                self.turn_down(from, undo.turned);
                let card = undo.card;
                let height = &mut self.foundations[card.suit().index()];
                *height = height.saturating_sub(1);
                self.push(from, card);
            }
            Move::TableauToTableau { from, to, count } => {
                let (from, to) = (from as usize % COLUMNS, to as usize % COLUMNS);
                self.turn_down(from, undo.turned);
                let count = (count as usize).min(self.lengths[to] as usize);
                let start = self.lengths[to] as usize - count;
                for i in 0..count {
                    let card = self.columns[to][start + i];
                    self.columns[to][start + i] = FILLER;
                    self.push(from, card);
                }
                self.lengths[to] = start as u8;
                self.high_suits[to] &= (1 << start) - 1;
            }
            Move::FoundationToTableau { suit, to } => {
                if self.pop(to as usize % COLUMNS).is_some() {
                    let height = &mut self.foundations[suit.index()];
                    *height = (*height + 1).min(13);
                }
            }
        }
    }

    fn take_waste(&mut self) -> Option<Card> {
        if self.waste == 0 {
            return None;
        }
        let index = self.waste as usize - 1;
        let card = self.talon[index];
        self.talon.copy_within(index + 1..self.talon_len as usize, index);
        self.talon_len -= 1;
        self.talon[self.talon_len as usize] = FILLER;
        self.waste -= 1;
        Some(card)
    }

    fn put_waste(&mut self, card: Card) {
        let index = self.waste as usize;
        if (self.talon_len as usize) < STOCK_CARDS {
            self.talon.copy_within(index..self.talon_len as usize, index + 1);
            self.talon[index] = card;
            self.talon_len += 1;
            self.waste += 1;
        }
    }

    fn push(&mut self, column: usize, card: Card) {
        let len = self.lengths[column] as usize;
        if len < MAX_COLUMN {
            self.columns[column][len] = card;
            self.lengths[column] += 1;
            self.high_suits[column] |= high_suit(card) << len;
        }
    }

    fn pop(&mut self, column: usize) -> Option<Card> {
        let card = self.top(column)?;
        self.lengths[column] -= 1;
        self.columns[column][self.lengths[column] as usize] = FILLER;
        self.high_suits[column] &= !(1 << self.lengths[column]);
        Some(card)
    }

    /// Turns up the top card of `column` if it is face down; says whether it did.
    fn turn_up(&mut self, column: usize) -> bool {
        if self.face_down[column] > 0 && self.face_down[column] == self.lengths[column] {
            self.face_down[column] -= 1;
            true
        } else {
            false
        }
    }

    fn turn_down(&mut self, column: usize, turned: bool) {
        if turned {
            self.face_down[column] += 1;
        }
    }

    /// Every legal move, in a fixed order: foundation moves, tableau moves, waste moves,
    /// foundation-to-tableau moves, then draw or recycle.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new(Move::Draw);
        if self.is_won() {
            return moves;
        }
        for from in 0..COLUMNS as u8 {
            if self.check(Move::TableauToFoundation { from }).is_ok() {
                moves.push(Move::TableauToFoundation { from });
            }
        }
        if self.check(Move::WasteToFoundation).is_ok() {
            moves.push(Move::WasteToFoundation);
        }
        for from in 0..COLUMNS as u8 {
            let face_up = self.face_up(from as usize).len() as u8;
            for to in 0..COLUMNS as u8 {
                for count in 1..=face_up {
                    let mv = Move::TableauToTableau { from, to, count };
                    if self.check(mv).is_ok() {
                        moves.push(mv);
                    }
                }
            }
        }
        for to in 0..COLUMNS as u8 {
            if self.check(Move::WasteToTableau { to }).is_ok() {
                moves.push(Move::WasteToTableau { to });
            }
        }
        for suit in Suit::ALL {
            for to in 0..COLUMNS as u8 {
                if self.check(Move::FoundationToTableau { suit, to }).is_ok() {
                    moves.push(Move::FoundationToTableau { suit, to });
                }
            }
        }
        for mv in [Move::Draw, Move::Recycle] {
            if self.check(mv).is_ok() {
                moves.push(mv);
            }
        }
        moves
    }

    /// The same cards under other rules, with the whole talon in the stock and no recycle made
    /// (rule 12 of the solver searches a draw-3 position as draw 1).
    pub(super) fn with_rules(&self, rules: Rules) -> Position {
        Position { rules, waste: 0, recycles: 0, ..*self }
    }

    /// Sets the waste size and the recycle count directly: the solver's way of drawing to a
    /// card it has shown reachable.
    pub(super) fn set_pointer(&mut self, waste: u8, recycles: u8) {
        self.waste = waste.min(self.talon_len);
        self.recycles = recycles;
    }

    /// Puts the top card of `column` back into the talon, `before` talon cards ahead of it
    /// (below the waste's top if that is among them). No move does this: the solver's tests
    /// make such positions to check the keys of rule 17's dominating positions, then undo it
    /// with [`Position::take_from_talon`]. The card must have come from the talon.
    #[cfg(test)]
    pub(super) fn put_back_in_talon(&mut self, column: usize, before: usize) {
        if self.talon_len as usize >= STOCK_CARDS {
            return;
        }
        let Some(card) = self.pop(column) else { return };
        let at = before.min(self.talon_len as usize);
        self.talon.copy_within(at..self.talon_len as usize, at + 1);
        self.talon[at] = card;
        self.talon_len += 1;
        if at < self.waste as usize {
            self.waste += 1;
        }
    }

    /// Undoes [`Position::put_back_in_talon`]`(column, before)`.
    #[cfg(test)]
    pub(super) fn take_from_talon(&mut self, column: usize, before: usize) {
        let at = before.min(self.talon_len as usize - 1);
        let card = self.talon[at];
        self.talon.copy_within(at + 1..self.talon_len as usize, at);
        self.talon_len -= 1;
        self.talon[self.talon_len as usize] = FILLER;
        if at < self.waste as usize {
            self.waste -= 1;
        }
        self.push(column, card);
    }

    /// Whether `card` is the next card for its foundation.
    pub fn fits_foundation(&self, card: Card) -> bool {
        self.goes_home(card)
    }

    /// Every card still in play is face up and the stock and waste are empty: the game can be
    /// finished by foundation moves alone.
    pub fn is_trivially_won(&self) -> bool {
        self.talon_len == 0 && self.face_down.iter().all(|&n| n == 0)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Position {
    /// A readable layout: foundations, stock and waste, then one line per column (bottom
    /// first, face-down cards as `##`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let foundations: Vec<String> = Suit::ALL
            .iter()
            .map(|&suit| self.foundation_top(suit).map_or_else(|| "--".to_string(), |c| c.to_string()))
            .collect();
        writeln!(f, "foundations: {}", foundations.join(" "))?;
        let list = |cards: &[Card]| cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ");
        writeln!(f, "stock: {}", list(self.stock()))?;
        writeln!(f, "waste: {}", list(self.waste()))?;
        for column in 0..COLUMNS {
            let mut parts = vec!["##".to_string(); self.face_down(column)];
            parts.extend(self.face_up(column).iter().map(Card::to_string));
            writeln!(f, "t{}: {}", column + 1, parts.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{seeded_deck, SplitMix64};

    /// `builds_on` is the rule it stands for: one rank lower, the other colour.
    #[test]
    fn builds_on_means_next_rank_other_colour() {
        for card in Card::all() {
            for target in Card::all() {
                let rule = card.rank().value() + 1 == target.rank().value() && card.color() != target.color();
                assert_eq!(builds_on(card, target), rule, "{card} on {target}");
            }
        }
    }

    /// Column 255 (reachable from a worker request) once overflowed `column + 1`: a panic with
    /// overflow checks, "column 0" without.
    #[test]
    fn far_columns_are_named_without_overflow() {
        let position = Position::new(&seeded_deck(1), Rules::new(Draw::One));
        for (mv, reason) in [
            (Move::WasteToTableau { to: 255 }, "there is no column 256"),
            (Move::TableauToFoundation { from: 255 }, "there is no column 256"),
            (Move::TableauToTableau { from: 0, to: 255, count: 1 }, "there is no column 256"),
            (Move::FoundationToTableau { suit: Suit::Hearts, to: 7 }, "there is no column 8"),
        ] {
            assert_eq!(position.check(mv).unwrap_err().to_string(), reason, "{mv:?}");
            assert!(mv.to_string().contains("column"), "{mv}");
        }
        assert_eq!(
            Move::TableauToTableau { from: 255, to: 254, count: 2 }.to_string(),
            "Move 2 cards from column 256 to column 255"
        );
        assert_eq!(IllegalMove::NoSuchColumn(256).to_string(), "there is no column 256");
    }

    /// A move read from a message is checked: columns 0..7, counts 1..13.
    #[test]
    fn messages_hold_only_real_moves() {
        for mv in [
            Move::Draw,
            Move::WasteToTableau { to: 6 },
            Move::TableauToTableau { from: 0, to: 6, count: 13 },
            Move::FoundationToTableau { suit: Suit::Spades, to: 3 },
        ] {
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv, "{json}");
        }
        for json in [
            r#"{"WasteToTableau":{"to":7}}"#,
            r#"{"TableauToFoundation":{"from":255}}"#,
            r#"{"TableauToTableau":{"from":0,"to":1,"count":0}}"#,
            r#"{"TableauToTableau":{"from":0,"to":1,"count":14}}"#,
            r#"{"FoundationToTableau":{"suit":"Hearts","to":200}}"#,
            r#"{"Teleport":{}}"#,
        ] {
            let error = serde_json::from_str::<Move>(json).unwrap_err().to_string();
            assert!(!error.is_empty(), "{json}");
        }
        let error = serde_json::from_str::<Move>(r#"{"WasteToTableau":{"to":255}}"#).unwrap_err();
        assert!(error.to_string().contains("there is no column 256"), "{error}");
    }

    fn recount(position: &Position, column: usize) -> u32 {
        position.column(column).iter().enumerate().fold(0, |bits, (i, &card)| bits | high_suit(card) << i)
    }

    /// The suit bits kept with each column match its cards through random play and undo.
    #[test]
    fn high_suits_follow_the_cards() {
        for seed in 0..20 {
            for draw in [Draw::One, Draw::Three] {
                let mut position = Position::new(&seeded_deck(seed), Rules::new(draw));
                let mut random = SplitMix64::new(seed);
                let mut undos = Vec::new();
                for _ in 0..400 {
                    let moves = position.legal_moves();
                    if moves.is_empty() || (random.below(3) == 0 && !undos.is_empty()) {
                        match undos.pop() {
                            Some(undo) => position.undo(undo),
                            None => break,
                        }
                    } else {
                        undos.push(
                            position.apply(moves.as_slice()[random.below(moves.len() as u64) as usize]),
                        );
                    }
                    for column in 0..COLUMNS {
                        assert_eq!(position.high_suits(column), recount(&position, column), "{position}");
                    }
                }
            }
        }
    }
}
