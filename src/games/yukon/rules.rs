//! Yukon rules as PySolFC plays them: the position, the moves, checked and unchecked play,
//! undo and legal moves.
//!
//! Seven piles and four foundations. Foundations build up by suit from the ace, and a card on
//! a foundation stays there (PySolFC's Yukon foundations give nothing back). Any face-up card
//! of a pile moves together with every card on it onto the top card of another pile one rank
//! higher and of the other colour, or, if it is a king, onto an empty pile. Only a pile's top
//! card goes to its foundation. A face-down card turns up as soon as it is uncovered.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Deck, Rank, Suit};

/// Piles in the tableau.
pub const PILES: usize = 7;
/// The most cards a pile can hold (every card, in principle).
pub const MAX_PILE: usize = 52;
/// Face-down cards dealt to pile `i` (0-based): `i`.
pub const FACE_DOWN_DEALT: [u8; PILES] = [0, 1, 2, 3, 4, 5, 6];
/// Cards dealt to pile `i` (0-based): 1, then 6, 7, 8, 9, 10, 11.
pub const DEALT: [u8; PILES] = [1, 6, 7, 8, 9, 10, 11];

/// What fills a pile's unused places.
pub(super) const FILLER: Card = Card::new(Rank::Ace, Suit::Clubs);

/// A move. Piles are 0..7 here (shown as 1..7). Turning up a face-down card is automatic and
/// not a move. Each move names the card it takes (for its English text), and a pile-to-pile
/// move how many cards go: that card and every card on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "UncheckedMove")]
pub enum Move {
    /// The top card of a pile onto its foundation.
    ToFoundation { from: u8, card: Card },
    /// `card` and the `count - 1` cards on it from one pile onto another.
    ToPile { from: u8, to: u8, card: Card, count: u8 },
}

/// A [`Move`] as a message spells it, before its piles and count are checked.
#[derive(Deserialize)]
#[serde(rename = "Move")]
enum UncheckedMove {
    ToFoundation { from: u8, card: Card },
    ToPile { from: u8, to: u8, card: Card, count: u8 },
}

/// Why a message's move is not a move: a pile outside 1..7 or a count outside 1..52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("there is no pile {}: piles are 1 to 7", shown(*.0))]
    NoSuchPile(u8),
    #[error("a move carries 1 to 52 cards, not {0}")]
    BadCount(u8),
}

impl TryFrom<UncheckedMove> for Move {
    type Error = MoveError;

    fn try_from(unchecked: UncheckedMove) -> Result<Move, MoveError> {
        let pile =
            |pile: u8| if usize::from(pile) < PILES { Ok(pile) } else { Err(MoveError::NoSuchPile(pile)) };
        Ok(match unchecked {
            UncheckedMove::ToFoundation { from, card } => Move::ToFoundation { from: pile(from)?, card },
            UncheckedMove::ToPile { from, to, card, count } => {
                if count == 0 || usize::from(count) > MAX_PILE {
                    return Err(MoveError::BadCount(count));
                }
                Move::ToPile { from: pile(from)?, to: pile(to)?, card, count }
            }
        })
    }
}

impl Move {
    /// The pile the move takes from (0-based).
    pub const fn from(self) -> u8 {
        match self {
            Move::ToFoundation { from, .. } | Move::ToPile { from, .. } => from,
        }
    }

    /// The card the move takes (the bottom one of those it carries).
    pub const fn card(self) -> Card {
        match self {
            Move::ToFoundation { card, .. } | Move::ToPile { card, .. } => card,
        }
    }

    /// How many cards the move carries.
    pub const fn count(self) -> u8 {
        match self {
            Move::ToFoundation { .. } => 1,
            Move::ToPile { count, .. } => count,
        }
    }
}

/// A 0-based pile as players number it (1-based), widened so that no index overflows.
pub(crate) fn shown(pile: u8) -> u16 {
    u16::from(pile) + 1
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::ToFoundation { from, card } => {
                write!(f, "Move the {} from pile {} to the foundation", card.name(), shown(from))
            }
            Move::ToPile { from, to, card, count } => {
                write!(f, "Move the {}", card.name())?;
                match count {
                    0 | 1 => {}
                    2 => write!(f, " and the card on it")?,
                    _ => write!(f, " and the {} cards on it", count - 1)?,
                }
                write!(f, " from pile {} to pile {}", shown(from), shown(to))
            }
        }
    }
}

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum IllegalMove {
    /// A pile outside 1..7, numbered as players number piles (from 1; widened).
    #[error("there is no pile {0}")]
    NoSuchPile(u16),
    #[error("a pile cannot move onto itself")]
    SamePile,
    /// Pile `pile`, numbered from 1.
    #[error("the {} is not in pile {pile}", .card.name())]
    NotInPile { card: Card, pile: u8 },
    #[error("the {} is face down", .0.name())]
    FaceDown(Card),
    #[error("the {} has {on} cards on it, not {count}", .card.name(), on = .on, count = .count.saturating_sub(1))]
    WrongCount { card: Card, on: u8, count: u8 },
    #[error("the {} does not go on the {}: build down in alternating colours", .card.name(), .target.name())]
    DoesNotBuild { card: Card, target: Card },
    #[error("only a king can go to an empty pile, not the {}", .0.name())]
    NotAKing(Card),
    #[error("the {} is covered: only a pile's top card goes to the foundation", .0.name())]
    Covered(Card),
    #[error("the {} cannot go to the foundation, whose top is {height} high", .card.name())]
    NotNextOnFoundation { card: Card, height: u8 },
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
    /// Whether the move turned up a face-down card.
    pub turned: bool,
}

/// Up to this many legal moves in any position: 7 tops to the foundations, and onto each of 7
/// piles at most two cards (or, onto an empty pile, at most four kings).
pub const MAX_MOVES: usize = 7 + 7 * 4;

/// A list of moves without heap allocation.
pub type MoveList = crate::search::FixedList<Move, MAX_MOVES>;

/// Whether `card` may be placed on `target` in the tableau: one rank lower, the other colour.
pub fn builds_on(card: Card, target: Card) -> bool {
    // On card indices (4 * (rank - 1) + suit, the red suits being 1 and 2).
    const RED_SUITS: u8 = 0b0110;
    let (card, target) = (card.index(), target.index());
    card / 4 + 1 == target / 4 && (RED_SUITS >> (card & 3) ^ RED_SUITS >> (target & 3)) & 1 == 1
}

/// A Yukon position: seven piles (each some face-down cards under some face-up ones) and four
/// foundations.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    piles: [[Card; MAX_PILE]; PILES],
    lengths: [u8; PILES],
    /// Face-down cards at the bottom of each pile.
    face_down: [u8; PILES],
    /// Foundation heights by suit index (0 empty … 13 complete).
    foundations: [u8; 4],
}

impl Position {
    /// Deals `deck` in dealing order, the first card dealt first, as PySolFC deals Yukon: for
    /// i = 1..6 one face-down card to each of piles i+1..7; then four face-up rounds to piles
    /// 2..7; then one face-up row to all seven piles.
    pub fn new(deck: &Deck) -> Position {
        let cards = deck.cards();
        let mut position = Position {
            piles: [[FILLER; MAX_PILE]; PILES],
            lengths: [0; PILES],
            face_down: FACE_DOWN_DEALT,
            foundations: [0; 4],
        };
        let mut next = cards.iter().copied();
        let mut deal = |position: &mut Position, pile: usize| {
            if let Some(card) = next.next() {
                position.push(pile, card);
            }
        };
        for round in 1..PILES {
            for pile in round..PILES {
                deal(&mut position, pile);
            }
        }
        for _ in 0..4 {
            for pile in 1..PILES {
                deal(&mut position, pile);
            }
        }
        for pile in 0..PILES {
            deal(&mut position, pile);
        }
        position
    }

    /// A position from its parts as the solver keeps them (no checks: the solver builds only
    /// positions it has reached).
    pub(super) fn from_parts(
        piles: [[Card; MAX_PILE]; PILES],
        lengths: [u8; PILES],
        face_down: [u8; PILES],
        foundations: [u8; 4],
    ) -> Position {
        Position { piles, lengths, face_down, foundations }
    }

    /// The cards of pile `pile` (0..7), bottom first; the first [`Position::face_down`] of them
    /// are face down.
    pub fn pile(&self, pile: usize) -> &[Card] {
        &self.piles[pile][..self.lengths[pile] as usize]
    }

    /// How many face-down cards pile `pile` has.
    pub fn face_down(&self, pile: usize) -> usize {
        self.face_down[pile] as usize
    }

    /// The face-up cards of a pile, deepest first.
    pub fn face_up(&self, pile: usize) -> &[Card] {
        &self.piles[pile][self.face_down[pile] as usize..self.lengths[pile] as usize]
    }

    /// The top card of a pile, if it has one.
    pub fn top(&self, pile: usize) -> Option<Card> {
        let len = self.lengths[pile] as usize;
        (len > 0).then(|| self.piles[pile][len - 1])
    }

    /// The height of the foundation of `suit` (0 empty … 13 complete).
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundations[suit.index()]
    }

    /// The four foundation heights in suit order (clubs, diamonds, hearts, spades).
    pub fn foundations(&self) -> [u8; 4] {
        self.foundations
    }

    /// The top card of a foundation.
    pub fn foundation_top(&self, suit: Suit) -> Option<Card> {
        Rank::from_value(self.foundations[suit.index()]).map(|rank| Card::new(rank, suit))
    }

    /// Whether every card is on the foundations.
    pub fn is_won(&self) -> bool {
        self.foundations == [13; 4]
    }

    /// Whether every card left is face up.
    pub fn all_face_up(&self) -> bool {
        self.face_down == [0; PILES]
    }

    /// Whether `card` is the next card of its foundation.
    pub fn fits_foundation(&self, card: Card) -> bool {
        self.foundations[card.suit().index()] + 1 == card.rank().value()
    }

    /// Where `card` lies in the tableau: its pile and depth (0 the bottom).
    pub fn find(&self, card: Card) -> Option<(usize, usize)> {
        (0..PILES).find_map(|pile| self.pile(pile).iter().position(|&c| c == card).map(|depth| (pile, depth)))
    }

    fn check_pile(pile: u8) -> Result<usize, IllegalMove> {
        if (pile as usize) < PILES {
            Ok(pile as usize)
        } else {
            Err(IllegalMove::NoSuchPile(shown(pile)))
        }
    }

    /// The depth of `card` in `pile`, checking that it is there and face up.
    fn depth_of(&self, pile: usize, card: Card) -> Result<usize, IllegalMove> {
        let depth = self
            .pile(pile)
            .iter()
            .position(|&c| c == card)
            .ok_or(IllegalMove::NotInPile { card, pile: pile as u8 + 1 })?;
        if depth < self.face_down(pile) {
            return Err(IllegalMove::FaceDown(card));
        }
        Ok(depth)
    }

    /// Whether `card` may go onto pile `to` as it stands.
    pub fn check_target(&self, card: Card, to: usize) -> Result<(), IllegalMove> {
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
            Move::ToFoundation { from, card } => {
                let from = Self::check_pile(from)?;
                let depth = self.depth_of(from, card)?;
                if depth + 1 != self.pile(from).len() {
                    return Err(IllegalMove::Covered(card));
                }
                if self.fits_foundation(card) {
                    Ok(())
                } else {
                    Err(IllegalMove::NotNextOnFoundation {
                        card,
                        height: self.foundations[card.suit().index()],
                    })
                }
            }
            Move::ToPile { from, to, card, count } => {
                let from = Self::check_pile(from)?;
                let to = Self::check_pile(to)?;
                if from == to {
                    return Err(IllegalMove::SamePile);
                }
                let depth = self.depth_of(from, card)?;
                let carried = self.pile(from).len() - depth;
                if carried != count as usize {
                    return Err(IllegalMove::WrongCount { card, on: carried as u8 - 1, count });
                }
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
        let from = mv.from() as usize % PILES;
        match mv {
            Move::ToFoundation { card, .. } => {
                self.lengths[from] = self.lengths[from].saturating_sub(1);
                self.piles[from][self.lengths[from] as usize] = FILLER;
                self.foundations[card.suit().index()] = card.rank().value();
            }
            Move::ToPile { to, count, .. } => {
                let to = to as usize % PILES;
                if to == from {
                    return Undo { mv, turned: false };
                }
                let count = (count as usize).min(self.lengths[from] as usize);
                let start = self.lengths[from] as usize - count;
                let end = self.lengths[to] as usize;
                if end + count <= MAX_PILE {
                    let (source, target) = pair(&mut self.piles, from, to);
                    target[end..end + count].copy_from_slice(&source[start..start + count]);
                    self.piles[from][start..start + count].fill(FILLER);
                    self.lengths[to] += count as u8;
                    self.lengths[from] -= count as u8;
                }
            }
        }
        let turned = self.face_down[from] > 0 && self.face_down[from] == self.lengths[from];
        if turned {
            self.face_down[from] -= 1;
        }
        Undo { mv, turned }
    }

    /// Takes back a move played by [`Position::apply`] from this position.
    pub fn undo(&mut self, undo: Undo) {
        let from = undo.mv.from() as usize % PILES;
        if undo.turned {
            self.face_down[from] += 1;
        }
        match undo.mv {
            Move::ToFoundation { card, .. } => {
                let suit = card.suit().index();
                self.foundations[suit] = self.foundations[suit].saturating_sub(1);
                self.push(from, card);
            }
            Move::ToPile { to, count, .. } => {
                let to = to as usize % PILES;
                if to == from {
                    return;
                }
                let count = (count as usize).min(self.lengths[to] as usize);
                let start = self.lengths[to] as usize - count;
                let end = self.lengths[from] as usize;
                if end + count <= MAX_PILE {
                    let (source, target) = pair(&mut self.piles, to, from);
                    target[end..end + count].copy_from_slice(&source[start..start + count]);
                    self.piles[to][start..start + count].fill(FILLER);
                    self.lengths[from] += count as u8;
                    self.lengths[to] -= count as u8;
                }
            }
        }
    }

    fn push(&mut self, pile: usize, card: Card) {
        let len = self.lengths[pile] as usize;
        if len < MAX_PILE {
            self.piles[pile][len] = card;
            self.lengths[pile] += 1;
        }
    }

    /// Every legal move: foundation moves first, then pile-to-pile moves by target pile.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new(Move::ToFoundation { from: 0, card: FILLER });
        if self.is_won() {
            return moves;
        }
        for from in 0..PILES {
            if let Some(card) = self.top(from) {
                if self.fits_foundation(card) {
                    moves.push(Move::ToFoundation { from: from as u8, card });
                }
            }
        }
        for to in 0..PILES {
            let target = self.top(to);
            for from in 0..PILES {
                if from == to {
                    continue;
                }
                let up = self.face_down(from);
                let pile = self.pile(from);
                for (depth, &card) in pile.iter().enumerate().skip(up) {
                    let fits = match target {
                        Some(target) => builds_on(card, target),
                        None => card.rank() == Rank::King,
                    };
                    if fits {
                        moves.push(Move::ToPile {
                            from: from as u8,
                            to: to as u8,
                            card,
                            count: (pile.len() - depth) as u8,
                        });
                    }
                }
            }
        }
        moves
    }

    /// Every card once: those in the piles and those on the foundations.
    pub fn card_count(&self) -> usize {
        self.lengths.iter().map(|&l| l as usize).sum::<usize>()
            + self.foundations.iter().map(|&h| h as usize).sum::<usize>()
    }
}

/// What is wrong with a layout given as text ([`Position::from_piles`]); every problem found.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a Yukon layout: {}", .problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct LayoutError {
    pub problems: Vec<LayoutProblem>,
}

/// One problem of a layout. Piles are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutProblem {
    #[error("pile {pile}: `{word}` is not a card (write 5H, or <5H> face down)")]
    Malformed { pile: u8, word: String },
    #[error("pile {pile} has a face-down card above a face-up one")]
    FaceDownAbove { pile: u8 },
    #[error("pile {pile} has no face-up card over its face-down ones")]
    FaceDownOnTop { pile: u8 },
    #[error("pile {pile} holds more than {MAX_PILE} cards")]
    TooLong { pile: u8 },
    #[error("a foundation holds at most 13 cards, not {0}")]
    BadFoundation(u8),
    #[error("the {} is there twice", .0.name())]
    Duplicate(Card),
    #[error("{0} cards are missing")]
    Missing(u32),
}

impl Position {
    /// A position from piles written bottom first, cards separated by spaces and face-down
    /// ones as `<5H>`, and the foundation heights in suit order (clubs, diamonds, hearts,
    /// spades). Every card must be in a pile or under a foundation's top exactly once.
    pub fn from_piles(piles: [&str; PILES], foundations: [u8; 4]) -> Result<Position, LayoutError> {
        let mut problems = Vec::new();
        let mut position = Position {
            piles: [[FILLER; MAX_PILE]; PILES],
            lengths: [0; PILES],
            face_down: [0; PILES],
            foundations,
        };
        let mut seen = crate::cards::CardSet::EMPTY;
        let mut note = |card: Card, problems: &mut Vec<LayoutProblem>| {
            if seen.contains(card) {
                problems.push(LayoutProblem::Duplicate(card));
            }
            seen.insert(card);
        };
        for (suit, &height) in Suit::ALL.iter().zip(&foundations) {
            if height > 13 {
                problems.push(LayoutProblem::BadFoundation(height));
                continue;
            }
            for rank in Rank::ALL.iter().take(height as usize) {
                note(Card::new(*rank, *suit), &mut problems);
            }
        }
        for (index, text) in piles.iter().enumerate() {
            let pile = index as u8 + 1;
            let words: Vec<&str> = text.split_whitespace().collect();
            if words.len() > MAX_PILE {
                problems.push(LayoutProblem::TooLong { pile });
                continue;
            }
            let mut face_up_seen = false;
            for word in words {
                let (inner, down) = match word.strip_prefix('<').and_then(|w| w.strip_suffix('>')) {
                    Some(inner) => (inner, true),
                    None => (word, false),
                };
                let Ok(card) = inner.parse::<Card>() else {
                    problems.push(LayoutProblem::Malformed { pile, word: crate::limits::quote(word) });
                    continue;
                };
                if down && face_up_seen {
                    problems.push(LayoutProblem::FaceDownAbove { pile });
                }
                face_up_seen |= !down;
                if down {
                    position.face_down[index] += 1;
                }
                note(card, &mut problems);
                position.push(index, card);
            }
            if position.face_down[index] > 0 && !face_up_seen {
                problems.push(LayoutProblem::FaceDownOnTop { pile });
            }
        }
        if seen.len() < 52 && problems.is_empty() {
            problems.push(LayoutProblem::Missing(52 - seen.len()));
        }
        if problems.is_empty() {
            Ok(position)
        } else {
            Err(LayoutError { problems })
        }
    }
}

/// Two different rows of the piles, one to read and one to write.
fn pair(
    piles: &mut [[Card; MAX_PILE]; PILES],
    a: usize,
    b: usize,
) -> (&[Card; MAX_PILE], &mut [Card; MAX_PILE]) {
    if a < b {
        let (low, high) = piles.split_at_mut(b);
        (&low[a], &mut high[0])
    } else {
        let (low, high) = piles.split_at_mut(a);
        (&high[0], &mut low[b])
    }
}

impl fmt::Display for Position {
    /// PySolFC's board text: one line per pile, the first dealt card first, face-down cards as
    /// `<XX>`; and a `Foundations:` line (as `H-5 C-A`) once a foundation has a card.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let homes: Vec<String> = [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades]
            .into_iter()
            .filter_map(|suit| self.foundation_top(suit))
            .map(|card| format!("{}-{}", card.suit().char(), card.rank().char()))
            .collect();
        if !homes.is_empty() {
            writeln!(f, "Foundations: {}", homes.join(" "))?;
        }
        for pile in 0..PILES {
            let words: Vec<String> = self
                .pile(pile)
                .iter()
                .enumerate()
                .map(
                    |(depth, card)| {
                        if depth < self.face_down(pile) {
                            format!("<{card}>")
                        } else {
                            card.to_string()
                        }
                    },
                )
                .collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\n{self})")
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
    fn the_deal_has_pysolfc_shape() {
        let position = Position::new(&seeded_deck(3));
        for (pile, &dealt) in DEALT.iter().enumerate() {
            assert_eq!(position.pile(pile).len(), dealt as usize);
            assert_eq!(position.face_down(pile), pile);
        }
        assert_eq!(position.card_count(), 52);
        // The first card dealt is the bottom of pile 2; the last the top of pile 7.
        let cards = seeded_deck(3);
        assert_eq!(position.pile(1)[0], cards.cards()[0]);
        assert_eq!(position.top(6), Some(cards.cards()[51]));
        assert_eq!(position.top(0), Some(cards.cards()[45]));
    }

    #[test]
    fn move_text_names_the_cards() {
        let mv = Move::ToPile { from: 1, to: 4, card: card("5H"), count: 4 };
        assert_eq!(mv.to_string(), "Move the five of hearts and the 3 cards on it from pile 2 to pile 5");
        let mv = Move::ToPile { from: 0, to: 6, card: card("KS"), count: 2 };
        assert_eq!(mv.to_string(), "Move the king of spades and the card on it from pile 1 to pile 7");
        let mv = Move::ToFoundation { from: 2, card: card("AD") };
        assert_eq!(mv.to_string(), "Move the ace of diamonds from pile 3 to the foundation");
    }

    #[test]
    fn apply_then_undo_restores_every_legal_move() {
        for seed in 1..20 {
            let start = Position::new(&seeded_deck(seed));
            for &mv in start.legal_moves().iter() {
                assert_eq!(start.check(mv), Ok(()), "{mv}");
                let mut position = start;
                let undo = position.apply(mv);
                assert_eq!(position.card_count(), 52);
                position.undo(undo);
                assert_eq!(position, start, "{mv}");
            }
        }
    }

    #[test]
    fn unchecked_play_of_illegal_moves_never_panics() {
        let start = Position::new(&seeded_deck(2));
        let moves = [
            Move::ToPile { from: 3, to: 3, card: card("KS"), count: 2 },
            Move::ToPile { from: 9, to: 200, card: card("KS"), count: 255 },
            Move::ToFoundation { from: 250, card: card("QH") },
        ];
        for mv in moves {
            let mut position = start;
            let undo = position.apply(mv);
            position.undo(undo);
        }
        let mut empty = Position::from_piles(["KS", "", "", "", "", "", ""], [13, 13, 13, 12]).unwrap();
        empty.apply(Move::ToFoundation { from: 1, card: card("KS") });
        empty.apply(Move::ToPile { from: 2, to: 3, card: card("KS"), count: 5 });
    }

    #[test]
    fn messages_hold_only_real_moves() {
        let good = r#"{"ToPile":{"from":0,"to":6,"card":"KS","count":3}}"#;
        assert!(serde_json::from_str::<Move>(good).is_ok());
        for bad in [
            r#"{"ToPile":{"from":7,"to":6,"card":"KS","count":3}}"#,
            r#"{"ToPile":{"from":0,"to":6,"card":"KS","count":0}}"#,
            r#"{"ToFoundation":{"from":9,"card":"KS"}}"#,
        ] {
            assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
        }
    }
}
