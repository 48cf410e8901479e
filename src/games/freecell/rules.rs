//! The FreeCell position (player-facing: which free cell, which cascade), its moves, the
//! checked and unchecked ways to play them, undo and autoplay.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Rank, Suit};
use crate::deal::{microsoft_freecell, DealNumber};

/// Number of cascades (tableau columns).
pub const CASCADES: usize = 8;
/// Number of free cells.
pub const CELLS: usize = 4;

/// Where a move takes its card(s) from. Indices are 0-based (cascade 0 is written `1`, cell 0
/// is written `a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    Cascade(u8),
    Cell(u8),
}

/// Where a move puts its card(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    Cascade(u8),
    Cell(u8),
    Foundation,
}

/// A move: `card` (for a sequence move, or supermove, the lowest card of the moved run, the one that lands
/// on the destination) goes from `from` to `to`, carrying `cards` cards in all (1 except for a
/// cascade-to-cascade sequence move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub card: Card,
    pub from: Source,
    pub to: Target,
    pub cards: u8,
}

impl Move {
    /// A single-card move.
    pub const fn single(card: Card, from: Source, to: Target) -> Move {
        Move { card, from, to, cards: 1 }
    }
}

/// A free cell's name: its letter (`a`-`d` for the four real ones), or `#N` for an index no
/// letter stands for (only a malformed move names one).
pub(crate) fn cell_name(cell: u8) -> String {
    match cell {
        0..26 => char::from(b'a' + cell).to_string(),
        _ => format!("#{}", u32::from(cell) + 1),
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Source::Cascade(i) => write!(f, "cascade {}", u32::from(i) + 1),
            Source::Cell(i) => write!(f, "free cell {}", cell_name(i)),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Target::Cascade(i) => write!(f, "cascade {}", u32::from(i) + 1),
            Target::Cell(i) => write!(f, "free cell {}", cell_name(i)),
            Target::Foundation => write!(f, "the foundation"),
        }
    }
}

/// English text for screen readers: "Move the five of hearts from cascade 3 to the foundation".
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move the {}", self.card.name())?;
        match self.cards {
            0 | 1 => {}
            2 => write!(f, " and the card on it")?,
            n => write!(f, " and the {} cards on it", n - 1)?,
        }
        write!(f, " from {} to {}", self.from, self.to)
    }
}

/// How eagerly cards go to the foundations by themselves after each move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Autoplay {
    /// Never.
    Off,
    /// Only cards no solution can need any more (see docs/RULES.md): never throws away a win.
    #[default]
    Safe,
    /// Every card that can go home.
    All,
}

/// True if `card` may be placed on `base` in a cascade: one rank lower, opposite colour.
pub fn stacks_on(card: Card, base: Card) -> bool {
    card.rank().value() + 1 == base.rank().value() && card.color() != base.color()
}

/// How many cards a sequence move (a supermove) may carry: `(empty free cells + 1) * 2^(empty cascades)`,
/// where the empty cascades do not count the destination.
pub const fn capacity(empty_cells: usize, empty_cascades: usize) -> usize {
    (empty_cells + 1) << empty_cascades
}

/// Why a move is illegal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("there is no {0}")]
    NoSuchSource(Source),
    #[error("there is no {0}")]
    NoSuchTarget(Target),
    #[error("{0} is empty")]
    EmptySource(Source),
    #[error("the {} is not where the move starts (found the {})", .expected.name(), .found.name())]
    WrongCard { expected: Card, found: Card },
    #[error("a move carries at least one card")]
    NoCards,
    #[error("only a cascade-to-cascade move carries more than one card")]
    TooManyForTarget,
    #[error("the cards on top of the {} do not form a sequence of alternating colours", .card.name())]
    NotASequence { card: Card },
    #[error(
        "{cards} cards cannot move at once: only {capacity} with the free cells and empty cascades available"
    )]
    OverCapacity { cards: u8, capacity: usize },
    #[error("the {} does not go on the {}: it needs a card one rank lower of the opposite colour", .card.name(), .base.name())]
    DoesNotFit { card: Card, base: Card },
    #[error("{0} is already occupied")]
    CellOccupied(Target),
    #[error("the {} cannot go to the foundation yet", .card.name())]
    NotNextOnFoundation { card: Card },
    #[error("a card cannot move to where it already is")]
    SamePlace,
}

/// A refused [`Position::play`]: the unchanged position and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move: {reason}")]
pub struct PlayError {
    pub position: Box<Position>,
    pub reason: IllegalMove,
}

/// Why a move cannot be taken back: it is not the move that brought the position about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("cannot undo `{0}`: the position does not show that move just played")]
pub struct UndoError(pub Move);

/// A list of moves that never allocates. Room for every legal move of any position: at most
/// 8 sources, each with 4 cells, the foundation and 7 cascades (up to 13 run lengths to an
/// empty one): under 320 in practice (a crowded position in the tests has 228).
pub type MoveList = crate::search::FixedList<Move, 384>;

/// Fills a fresh move list's unused slots.
const NO_MOVE: Move = Move::single(Card::new(Rank::Ace, Suit::Clubs), Source::Cell(0), Target::Foundation);

/// A FreeCell position: 8 cascades (each listed top card first, the last card exposed),
/// 4 free cells and 4 foundations. Every card is in exactly one place (checked when a position
/// is built from a [`Setup`](super::Setup)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cascades: [Vec<Card>; CASCADES],
    pub(crate) cells: [Option<Card>; CELLS],
    /// Cards home per suit (0..=13), indexed by `Suit::index`.
    pub(crate) foundations: [u8; 4],
}

impl Position {
    /// Microsoft FreeCell deal `deal`.
    pub fn deal(deal: DealNumber) -> Position {
        Position { cascades: microsoft_freecell(deal), cells: [None; CELLS], foundations: [0; 4] }
    }

    /// Cascade `index` (0..8), top card first; empty for an index out of range.
    pub fn cascade(&self, index: usize) -> &[Card] {
        self.cascades.get(index).map_or(&[], Vec::as_slice)
    }

    /// All cascades.
    pub fn cascades(&self) -> &[Vec<Card>; CASCADES] {
        &self.cascades
    }

    /// The card in free cell `index` (0..4).
    pub fn cell(&self, index: usize) -> Option<Card> {
        self.cells.get(index).copied().flatten()
    }

    pub fn cells(&self) -> [Option<Card>; CELLS] {
        self.cells
    }

    /// How many cards of `suit` are home.
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundations[suit.index()]
    }

    /// The top card of the foundation of `suit`.
    pub fn foundation_top(&self, suit: Suit) -> Option<Card> {
        Rank::from_value(self.foundation(suit)).map(|rank| Card::new(rank, suit))
    }

    /// Cards home in all.
    pub fn home_count(&self) -> usize {
        self.foundations.iter().map(|&n| usize::from(n)).sum()
    }

    /// All 52 cards home.
    pub fn is_won(&self) -> bool {
        self.foundations == [13; 4]
    }

    pub fn empty_cells(&self) -> usize {
        self.cells.iter().filter(|c| c.is_none()).count()
    }

    pub fn empty_cascades(&self) -> usize {
        self.cascades.iter().filter(|c| c.is_empty()).count()
    }

    /// The largest run a cascade-to-cascade move to `to` may carry.
    pub fn capacity_to(&self, to: usize) -> usize {
        let empty = self.empty_cascades() - usize::from(self.cascade(to).is_empty() && to < CASCADES);
        capacity(self.empty_cells(), empty)
    }

    /// Length of the alternating-colour descending run at the exposed end of a cascade.
    pub fn run_length(&self, cascade: usize) -> usize {
        let cards = self.cascade(cascade);
        let mut n = usize::from(!cards.is_empty());
        while n < cards.len() && stacks_on(cards[cards.len() - n], cards[cards.len() - n - 1]) {
            n += 1;
        }
        n
    }

    /// True if `card` can go to its foundation now.
    pub fn fits_foundation(&self, card: Card) -> bool {
        self.foundations[card.suit().index()] + 1 == card.rank().value()
    }

    /// True if `card` could go home now and no solution can need it any more: both cards of the
    /// opposite colour one rank lower are home (so nothing can ever be placed on it).
    pub fn is_safe_home(&self, card: Card) -> bool {
        let rank = card.rank().value();
        self.fits_foundation(card)
            && Suit::ALL
                .iter()
                .filter(|s| s.color() != card.color())
                .all(|s| self.foundations[s.index()] + 1 >= rank)
    }

    fn exposed(&self, from: Source) -> Option<Card> {
        match from {
            Source::Cascade(i) => self.cascades.get(usize::from(i))?.last().copied(),
            Source::Cell(i) => self.cells.get(usize::from(i)).copied().flatten(),
        }
    }

    /// The next autoplay move under `mode`, cells first, then cascades left to right.
    pub fn autoplay_move(&self, mode: Autoplay) -> Option<Move> {
        let wanted = |card: Card| match mode {
            Autoplay::Off => false,
            Autoplay::Safe => self.is_safe_home(card),
            Autoplay::All => self.fits_foundation(card),
        };
        let cells = (0..CELLS as u8).map(Source::Cell);
        let cascades = (0..CASCADES as u8).map(Source::Cascade);
        cells.chain(cascades).find_map(|from| {
            let card = self.exposed(from)?;
            wanted(card).then_some(Move::single(card, from, Target::Foundation))
        })
    }

    /// Plays autoplay moves until none is left; returns them in order.
    pub fn autoplay(&mut self, mode: Autoplay) -> Vec<Move> {
        let mut moves = Vec::new();
        while let Some(mv) = self.autoplay_move(mode) {
            self.play_unchecked(mv);
            moves.push(mv);
        }
        moves
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if mv.cards == 0 {
            return Err(IllegalMove::NoCards);
        }
        let source_cards: &[Card] = match mv.from {
            Source::Cascade(i) => {
                self.cascades.get(usize::from(i)).ok_or(IllegalMove::NoSuchSource(mv.from))?
            }
            Source::Cell(i) => {
                let cell = self.cells.get(usize::from(i)).ok_or(IllegalMove::NoSuchSource(mv.from))?;
                cell.as_slice()
            }
        };
        if source_cards.is_empty() {
            return Err(IllegalMove::EmptySource(mv.from));
        }
        let n = usize::from(mv.cards);
        if n > 1 && !matches!((mv.from, mv.to), (Source::Cascade(_), Target::Cascade(_))) {
            return Err(IllegalMove::TooManyForTarget);
        }
        if n > source_cards.len() {
            return Err(IllegalMove::NotASequence { card: source_cards[0] });
        }
        let run = &source_cards[source_cards.len() - n..];
        if run[0] != mv.card {
            return Err(IllegalMove::WrongCard { expected: mv.card, found: run[0] });
        }
        if run.windows(2).any(|pair| !stacks_on(pair[1], pair[0])) {
            return Err(IllegalMove::NotASequence { card: mv.card });
        }
        match mv.to {
            Target::Foundation => {
                if !self.fits_foundation(mv.card) {
                    return Err(IllegalMove::NotNextOnFoundation { card: mv.card });
                }
            }
            Target::Cell(j) => {
                let cell = self.cells.get(usize::from(j)).ok_or(IllegalMove::NoSuchTarget(mv.to))?;
                if mv.from == Source::Cell(j) {
                    return Err(IllegalMove::SamePlace);
                }
                if cell.is_some() {
                    return Err(IllegalMove::CellOccupied(mv.to));
                }
            }
            Target::Cascade(j) => {
                let cascade = self.cascades.get(usize::from(j)).ok_or(IllegalMove::NoSuchTarget(mv.to))?;
                if mv.from == Source::Cascade(j) {
                    return Err(IllegalMove::SamePlace);
                }
                if let Some(&base) = cascade.last() {
                    if !stacks_on(mv.card, base) {
                        return Err(IllegalMove::DoesNotFit { card: mv.card, base });
                    }
                }
                let capacity = self.capacity_to(usize::from(j));
                if n > capacity {
                    return Err(IllegalMove::OverCapacity { cards: mv.cards, capacity });
                }
            }
        }
        Ok(())
    }

    /// True if `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checked play: the new position, or the unchanged one inside the error.
    pub fn play(mut self, mv: Move) -> Result<Position, PlayError> {
        match self.check(mv) {
            Ok(()) => {
                self.play_unchecked(mv);
                Ok(self)
            }
            Err(reason) => Err(PlayError { position: Box::new(self), reason }),
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`] or a solver) without
    /// checking it. An illegal move leaves the position inconsistent but never panics.
    pub fn play_unchecked(&mut self, mv: Move) {
        let n = usize::from(mv.cards.max(1));
        let mut taken = [mv.card; 52];
        let mut count = 0;
        match mv.from {
            Source::Cascade(i) => {
                if let Some(cascade) = self.cascades.get_mut(usize::from(i)) {
                    let start = cascade.len().saturating_sub(n);
                    for card in cascade.drain(start..) {
                        taken[count] = card;
                        count += 1;
                    }
                }
            }
            Source::Cell(i) => {
                if let Some(card) = self.cells.get_mut(usize::from(i)).and_then(Option::take) {
                    taken[0] = card;
                    count = 1;
                }
            }
        }
        self.put(mv.to, &taken[..count]);
    }

    fn put(&mut self, to: Target, cards: &[Card]) {
        match to {
            Target::Foundation => {
                for card in cards {
                    let home = &mut self.foundations[card.suit().index()];
                    *home = card.rank().value();
                }
            }
            Target::Cell(j) => {
                if let (Some(cell), Some(&card)) = (self.cells.get_mut(usize::from(j)), cards.first()) {
                    *cell = Some(card);
                }
            }
            Target::Cascade(j) => {
                if let Some(cascade) = self.cascades.get_mut(usize::from(j)) {
                    cascade.extend_from_slice(cards);
                }
            }
        }
    }

    /// Takes back `mv`, which must be the move that produced this position.
    pub fn undo(&mut self, mv: Move) -> Result<(), UndoError> {
        let n = usize::from(mv.cards);
        let error = UndoError(mv);
        // Check the move's cards sit at its destination, and its source can take them back.
        match mv.to {
            Target::Foundation => {
                if n != 1 || self.foundation_top(mv.card.suit()) != Some(mv.card) {
                    return Err(error);
                }
            }
            Target::Cell(j) => {
                if n != 1 || self.cell(usize::from(j)) != Some(mv.card) {
                    return Err(error);
                }
            }
            Target::Cascade(j) => {
                let cascade = self.cascade(usize::from(j));
                if n == 0 || n > cascade.len() || cascade[cascade.len() - n] != mv.card {
                    return Err(error);
                }
            }
        }
        let back = match mv.from {
            Source::Cascade(i) if usize::from(i) < CASCADES && mv.to != Target::Cascade(i) => {
                Target::Cascade(i)
            }
            Source::Cell(i) if self.cell(usize::from(i)).is_none() && usize::from(i) < CELLS => {
                Target::Cell(i)
            }
            _ => return Err(error),
        };
        let mut cards = [mv.card; 52];
        match mv.to {
            Target::Foundation => {
                self.foundations[mv.card.suit().index()] -= 1;
            }
            Target::Cell(j) => {
                self.cells[usize::from(j)] = None;
            }
            Target::Cascade(j) => {
                let cascade = &mut self.cascades[usize::from(j)];
                let start = cascade.len() - n;
                for (slot, card) in cards.iter_mut().zip(cascade.drain(start..)) {
                    *slot = card;
                }
            }
        }
        self.put(back, &cards[..n]);
        Ok(())
    }

    /// Every legal move (to every empty cell and every empty cascade, every run length).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new(NO_MOVE);
        let empty_cells = self.empty_cells();
        let empty_cascades = self.empty_cascades();
        let mut sources = [(Source::Cell(0), 0usize); CASCADES + CELLS];
        let mut n_sources = 0;
        for i in 0..CELLS {
            if self.cells[i].is_some() {
                sources[n_sources] = (Source::Cell(i as u8), 1);
                n_sources += 1;
            }
        }
        for i in 0..CASCADES {
            if !self.cascades[i].is_empty() {
                sources[n_sources] = (Source::Cascade(i as u8), self.run_length(i));
                n_sources += 1;
            }
        }
        for &(from, run) in &sources[..n_sources] {
            let Some(card) = self.exposed(from) else { continue };
            if self.fits_foundation(card) {
                list.push(Move::single(card, from, Target::Foundation));
            }
            for j in 0..CELLS as u8 {
                if self.cells[usize::from(j)].is_none() && from != Source::Cell(j) {
                    list.push(Move::single(card, from, Target::Cell(j)));
                }
            }
            for j in 0..CASCADES {
                if from == Source::Cascade(j as u8) {
                    continue;
                }
                let to = Target::Cascade(j as u8);
                let dest = &self.cascades[j];
                let cap = capacity(empty_cells, empty_cascades - usize::from(dest.is_empty()));
                match (from, dest.last()) {
                    (Source::Cell(_), None) => list.push(Move::single(card, from, to)),
                    (Source::Cell(_), Some(&base)) => {
                        if stacks_on(card, base) {
                            list.push(Move::single(card, from, to));
                        }
                    }
                    (Source::Cascade(i), top) => {
                        let cards = &self.cascades[usize::from(i)];
                        for n in 1..=run.min(cap) {
                            let moving = cards[cards.len() - n];
                            if top.is_none_or(|&base| stacks_on(moving, base)) {
                                list.push(Move { card: moving, from, to, cards: n as u8 });
                            }
                        }
                    }
                }
            }
        }
        list
    }
}

impl Default for Position {
    /// Every card home: the won position.
    fn default() -> Position {
        Position { cascades: Default::default(), cells: [None; CELLS], foundations: [13; 4] }
    }
}
