//! The family's rules as a value ([`Rules`]) and its player-facing [`Position`].

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Rank, Suit};
use crate::deal::{pysol_deal_order, PysolNumber, PYSOL_SUITS};
use crate::games::freecell::rules::{IllegalMove, Move, Source, Target};

/// The most cascades any variant has.
pub const MAX_CASCADES: usize = 10;
/// The most free cells any variant has.
pub const MAX_CELLS: usize = 8;

/// What a card is built on in a cascade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Build {
    /// One rank lower, the other colour (FreeCell).
    AlternateColour,
    /// One rank lower, the same suit (Baker's Game, Eight Off, Seahaven Towers).
    Suit,
}

/// What may fill an empty cascade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EmptyCascade {
    AnyCard,
    KingsOnly,
}

/// A variant's rules: its layout, how it deals and how cards build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub cascades: u8,
    pub cells: u8,
    pub build: Build,
    pub empty: EmptyCascade,
    /// Cards dealt round the cascades, row by row; the rest go to [`Rules::dealt_cells`].
    pub cascade_cards: u8,
    /// The free cells (0-based) the cards left after the cascades go to, in order.
    pub dealt_cells: &'static [u8],
    /// How many free cells PySolFC's board text lists at the deal (`-` for an empty one).
    pub listed_cells: u8,
}

/// The games of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    FreeCell,
    BakersGame,
    EightOff,
    SeahavenTowers,
}

impl Variant {
    pub const ALL: [Variant; 4] =
        [Variant::FreeCell, Variant::BakersGame, Variant::EightOff, Variant::SeahavenTowers];

    /// The game's key (routes, command line).
    pub const fn key(self) -> &'static str {
        match self {
            Variant::FreeCell => "freecell",
            Variant::BakersGame => "bakers-game",
            Variant::EightOff => "eight-off",
            Variant::SeahavenTowers => "seahaven-towers",
        }
    }

    /// The game's English name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::FreeCell => "FreeCell",
            Variant::BakersGame => "Baker's Game",
            Variant::EightOff => "Eight Off",
            Variant::SeahavenTowers => "Seahaven Towers",
        }
    }

    /// The variant with key `key`.
    pub fn from_key(key: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.key() == key)
    }

    pub const fn rules(self) -> Rules {
        match self {
            Variant::FreeCell => Rules {
                cascades: 8,
                cells: 4,
                build: Build::AlternateColour,
                empty: EmptyCascade::AnyCard,
                cascade_cards: 52,
                dealt_cells: &[],
                listed_cells: 0,
            },
            Variant::BakersGame => Rules {
                cascades: 8,
                cells: 4,
                build: Build::Suit,
                empty: EmptyCascade::AnyCard,
                cascade_cards: 52,
                dealt_cells: &[],
                listed_cells: 0,
            },
            Variant::EightOff => Rules {
                cascades: 8,
                cells: 8,
                build: Build::Suit,
                empty: EmptyCascade::KingsOnly,
                cascade_cards: 48,
                dealt_cells: &[0, 2, 4, 6],
                listed_cells: 8,
            },
            Variant::SeahavenTowers => Rules {
                cascades: 10,
                cells: 4,
                build: Build::Suit,
                empty: EmptyCascade::KingsOnly,
                cascade_cards: 50,
                dealt_cells: &[1, 2],
                listed_cells: 3,
            },
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Rules {
    /// True if `card` may be placed on `base` in a cascade.
    #[inline]
    pub fn stacks_on(self, card: Card, base: Card) -> bool {
        card.rank().value() + 1 == base.rank().value()
            && match self.build {
                Build::AlternateColour => card.color() != base.color(),
                Build::Suit => card.suit() == base.suit(),
            }
    }

    /// True if `card` may go to an empty cascade.
    #[inline]
    pub fn fills_empty(self, card: Card) -> bool {
        self.empty == EmptyCascade::AnyCard || card.rank() == Rank::King
    }

    /// The most cards a sequence move may carry with `empty_cells` free cells and
    /// `empty_cascades` empty cascades besides the destination: `(cells + 1) * 2^cascades`, or
    /// `cells + 1` where only kings fill a cascade (an empty cascade cannot hold part of a run).
    #[inline]
    pub fn capacity(self, empty_cells: usize, empty_cascades: usize) -> usize {
        match self.empty {
            EmptyCascade::AnyCard => (empty_cells + 1) << empty_cascades.min(16),
            EmptyCascade::KingsOnly => empty_cells + 1,
        }
    }
}

/// A family position: the variant's cascades (top card first, the last card exposed), free
/// cells and foundations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    pub(super) cascades: [Vec<Card>; MAX_CASCADES],
    pub(super) cells: [Option<Card>; MAX_CELLS],
    pub(super) foundations: [u8; 4],
}

/// A refused [`Position::play`]: the unchanged position and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move: {reason}")]
pub struct PlayError {
    pub position: Box<Position>,
    pub reason: FamilyIllegal,
}

/// Why a move is illegal in a family position: FreeCell's reasons, and the kings-only rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum FamilyIllegal {
    #[error("{0}")]
    Move(#[from] IllegalMove),
    #[error("only a king goes to an empty cascade, not the {}", .card.name())]
    KingsOnly { card: Card },
    #[error("the {} does not go on the {}: it needs the card one rank lower of the same suit", .card.name(), .base.name())]
    NotSameSuit { card: Card, base: Card },
}

impl Position {
    /// PySolFC game `number` of `variant`: the shuffled deck dealt row by row to the
    /// cascades, the first card dealt first, then the rest into the variant's free cells.
    pub fn deal(variant: Variant, number: PysolNumber) -> Position {
        let rules = variant.rules();
        let cards = pysol_deal_order(number, 1, &PYSOL_SUITS);
        let mut position = Position::empty(variant);
        let (rows, rest) = cards.split_at(usize::from(rules.cascade_cards));
        for (k, &card) in rows.iter().enumerate() {
            position.cascades[k % usize::from(rules.cascades)].push(card);
        }
        for (&cell, &card) in rules.dealt_cells.iter().zip(rest) {
            position.cells[usize::from(cell)] = Some(card);
        }
        position
    }

    /// `cards` (a whole deck, first dealt first) laid out as `variant` deals: row by row round
    /// the cascades, then the rest into the variant's free cells. [`Position::deal`] lays out
    /// PySolFC's shuffle the same way; a pasted deck is laid out by this.
    pub fn from_deal_order(variant: Variant, cards: &[Card]) -> Position {
        let rules = variant.rules();
        let mut position = Position::empty(variant);
        let (rows, rest) = cards.split_at(usize::from(rules.cascade_cards).min(cards.len()));
        for (k, &card) in rows.iter().enumerate() {
            position.cascades[k % usize::from(rules.cascades)].push(card);
        }
        for (&cell, &card) in rules.dealt_cells.iter().zip(rest) {
            position.cells[usize::from(cell)] = Some(card);
        }
        position
    }

    /// No card anywhere, nothing home (a start for building positions in tests).
    fn empty(variant: Variant) -> Position {
        Position { variant, cascades: Default::default(), cells: [None; MAX_CELLS], foundations: [0; 4] }
    }

    /// A position from its parts, checked: the variant's numbers of cascades and cells, and
    /// every card exactly once (in play or below its foundation's top).
    pub fn from_parts(
        variant: Variant,
        cascades: &[Vec<Card>],
        cells: &[Option<Card>],
        foundations: [u8; 4],
    ) -> Result<Position, PartsError> {
        let rules = variant.rules();
        if cascades.len() != usize::from(rules.cascades) || cells.len() != usize::from(rules.cells) {
            return Err(PartsError::Layout { cascades: cascades.len(), cells: cells.len(), variant });
        }
        if foundations.iter().any(|&n| n > 13) {
            return Err(PartsError::Foundation);
        }
        let mut seen = 0u64;
        for s in Suit::ALL {
            for r in 1..=foundations[s.index()] {
                seen |= Card::new(Rank::ALL[usize::from(r) - 1], s).bit();
            }
        }
        for &card in cascades.iter().flatten().chain(cells.iter().flatten()) {
            if seen & card.bit() != 0 {
                return Err(PartsError::Duplicate(card));
            }
            seen |= card.bit();
        }
        if seen != (1 << 52) - 1 {
            return Err(PartsError::Missing((1u64 << 52) - 1 - seen));
        }
        let mut position = Position::empty(variant);
        position.cascades[..cascades.len()].clone_from_slice(cascades);
        position.cells[..cells.len()].copy_from_slice(cells);
        position.foundations = foundations;
        Ok(position)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn rules(&self) -> Rules {
        self.variant.rules()
    }

    /// The variant's cascades, top card first.
    pub fn cascades(&self) -> &[Vec<Card>] {
        &self.cascades[..usize::from(self.rules().cascades)]
    }

    /// Cascade `index`; empty for an index out of range.
    pub fn cascade(&self, index: usize) -> &[Card] {
        self.cascades().get(index).map_or(&[], Vec::as_slice)
    }

    /// The variant's free cells.
    pub fn cells(&self) -> &[Option<Card>] {
        &self.cells[..usize::from(self.rules().cells)]
    }

    pub fn cell(&self, index: usize) -> Option<Card> {
        self.cells().get(index).copied().flatten()
    }

    /// How many cards of `suit` are home.
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundations[suit.index()]
    }

    pub fn is_won(&self) -> bool {
        self.foundations == [13; 4]
    }

    pub fn empty_cells(&self) -> usize {
        self.cells().iter().filter(|c| c.is_none()).count()
    }

    pub fn empty_cascades(&self) -> usize {
        self.cascades().iter().filter(|c| c.is_empty()).count()
    }

    /// The largest run a cascade-to-cascade move to cascade `to` may carry.
    pub fn capacity_to(&self, to: usize) -> usize {
        let empty =
            self.empty_cascades() - usize::from(self.cascade(to).is_empty() && to < self.cascades().len());
        self.rules().capacity(self.empty_cells(), empty)
    }

    pub fn fits_foundation(&self, card: Card) -> bool {
        self.foundations[card.suit().index()] + 1 == card.rank().value()
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), FamilyIllegal> {
        let rules = self.rules();
        if mv.cards == 0 {
            return Err(IllegalMove::NoCards.into());
        }
        let source: &[Card] = match mv.from {
            Source::Cascade(i) => {
                self.cascades().get(usize::from(i)).ok_or(IllegalMove::NoSuchSource(mv.from))?
            }
            Source::Cell(i) => {
                self.cells().get(usize::from(i)).ok_or(IllegalMove::NoSuchSource(mv.from))?.as_slice()
            }
        };
        if source.is_empty() {
            return Err(IllegalMove::EmptySource(mv.from).into());
        }
        let n = usize::from(mv.cards);
        if n > 1 && !matches!((mv.from, mv.to), (Source::Cascade(_), Target::Cascade(_))) {
            return Err(IllegalMove::TooManyForTarget.into());
        }
        if n > source.len() {
            return Err(IllegalMove::NotASequence { card: source[0] }.into());
        }
        let run = &source[source.len() - n..];
        if run[0] != mv.card {
            return Err(IllegalMove::WrongCard { expected: mv.card, found: run[0] }.into());
        }
        if run.windows(2).any(|pair| !rules.stacks_on(pair[1], pair[0])) {
            return Err(IllegalMove::NotASequence { card: mv.card }.into());
        }
        match mv.to {
            Target::Foundation => {
                if !self.fits_foundation(mv.card) {
                    return Err(IllegalMove::NotNextOnFoundation { card: mv.card }.into());
                }
            }
            Target::Cell(j) => {
                let cell = self.cells().get(usize::from(j)).ok_or(IllegalMove::NoSuchTarget(mv.to))?;
                if mv.from == Source::Cell(j) {
                    return Err(IllegalMove::SamePlace.into());
                }
                if cell.is_some() {
                    return Err(IllegalMove::CellOccupied(mv.to).into());
                }
            }
            Target::Cascade(j) => {
                let cascade = self.cascades().get(usize::from(j)).ok_or(IllegalMove::NoSuchTarget(mv.to))?;
                if mv.from == Source::Cascade(j) {
                    return Err(IllegalMove::SamePlace.into());
                }
                match cascade.last() {
                    Some(&base) if !rules.stacks_on(mv.card, base) => {
                        return Err(match rules.build {
                            Build::Suit => FamilyIllegal::NotSameSuit { card: mv.card, base },
                            Build::AlternateColour => IllegalMove::DoesNotFit { card: mv.card, base }.into(),
                        });
                    }
                    None if !rules.fills_empty(mv.card) => {
                        return Err(FamilyIllegal::KingsOnly { card: mv.card });
                    }
                    _ => {}
                }
                let capacity = self.capacity_to(usize::from(j));
                if n > capacity {
                    return Err(IllegalMove::OverCapacity { cards: mv.cards, capacity }.into());
                }
            }
        }
        Ok(())
    }

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

    /// Plays a move known to be legal; an illegal one leaves the position inconsistent but
    /// never panics.
    pub fn play_unchecked(&mut self, mv: Move) {
        let n = usize::from(mv.cards.max(1));
        let taken: Vec<Card> = match mv.from {
            Source::Cascade(i) => match self.cascades.get_mut(usize::from(i)) {
                Some(cascade) => {
                    let start = cascade.len().saturating_sub(n);
                    cascade.drain(start..).collect()
                }
                None => Vec::new(),
            },
            Source::Cell(i) => {
                self.cells.get_mut(usize::from(i)).and_then(Option::take).into_iter().collect()
            }
        };
        match mv.to {
            Target::Foundation => {
                for card in taken {
                    self.foundations[card.suit().index()] = card.rank().value();
                }
            }
            Target::Cell(j) => {
                if let (Some(cell), Some(&card)) = (self.cells.get_mut(usize::from(j)), taken.first()) {
                    *cell = Some(card);
                }
            }
            Target::Cascade(j) => {
                if let Some(cascade) = self.cascades.get_mut(usize::from(j)) {
                    cascade.extend(taken);
                }
            }
        }
    }

    /// Every legal move (to every empty cell and every empty cascade, every run length).
    pub fn legal_moves(&self) -> Vec<Move> {
        let rules = self.rules();
        let mut moves = Vec::new();
        let mut sources: Vec<(Source, Vec<Card>)> = Vec::new();
        for (i, cell) in self.cells().iter().enumerate() {
            if let Some(card) = *cell {
                sources.push((Source::Cell(i as u8), vec![card]));
            }
        }
        for (i, cascade) in self.cascades().iter().enumerate() {
            let mut run = 0;
            while run < cascade.len()
                && (run == 0
                    || rules.stacks_on(cascade[cascade.len() - run], cascade[cascade.len() - run - 1]))
            {
                run += 1;
            }
            if run > 0 {
                sources.push((Source::Cascade(i as u8), cascade[cascade.len() - run..].to_vec()));
            }
        }
        for (from, run) in sources {
            let top = run[run.len() - 1];
            let mut candidates = vec![Move::single(top, from, Target::Foundation)];
            candidates.extend((0..rules.cells).map(|j| Move::single(top, from, Target::Cell(j))));
            for j in 0..rules.cascades {
                for n in 1..=run.len() {
                    let to = Target::Cascade(j);
                    candidates.push(Move { card: run[run.len() - n], from, to, cards: n as u8 });
                }
            }
            moves.extend(candidates.into_iter().filter(|&mv| self.is_legal(mv)));
        }
        moves
    }
}

/// Board text as PySolFC prints it and Freecell Solver reads it: a `Freecells:` line where the
/// variant deals into cells or a cell holds a card (`-` for an empty one, as many as PySolFC
/// lists), a `Foundations:` line once a card is home, then one line per cascade, top card first.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let occupied = self.cells().iter().rposition(Option::is_some).map_or(0, |i| i + 1);
        let listed = occupied.max(usize::from(self.rules().listed_cells));
        if listed > 0 {
            f.write_str("Freecells:")?;
            for cell in &self.cells()[..listed] {
                match cell {
                    Some(card) => write!(f, " {card}")?,
                    None => f.write_str(" -")?,
                }
            }
            writeln!(f)?;
        }
        if self.foundations != [0; 4] {
            f.write_str("Foundations:")?;
            for s in [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades] {
                let n = self.foundations[s.index()];
                if n > 0 {
                    write!(f, " {}-{}", s.char(), Rank::ALL[usize::from(n) - 1].char())?;
                }
            }
            writeln!(f)?;
        }
        for cascade in self.cascades() {
            for (i, card) in cascade.iter().enumerate() {
                let space = if i == 0 { "" } else { " " };
                write!(f, "{space}{card}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Why parts do not make a family position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PartsError {
    #[error("{variant} has its own layout: {cascades} cascades and {cells} free cells given")]
    Layout { cascades: usize, cells: usize, variant: Variant },
    #[error("a foundation holds at most 13 cards")]
    Foundation,
    #[error("the {} is given twice", .0.name())]
    Duplicate(Card),
    #[error("{} card(s) missing", .0.count_ones())]
    Missing(u64),
}
