//! Spider rules as PySolFC plays "Spider", "Spider (2 Suits)" and "Spider (1 Suit)": the
//! position, the moves, checked and unchecked play, and legal moves.
//!
//! Two decks (104 cards) in one, two or four suits. Ten piles; a card goes on any card one rank
//! higher, whatever its suit, and any card or run goes to an empty pile. A group of cards moves
//! together only if it is a run of one suit, each card one rank below the card under it. The
//! stock deals one card face up onto each of the ten piles, and only when no pile is empty. A
//! face-down card turns up as soon as it is uncovered. A complete run of one suit, king to ace,
//! leaves for the foundation at once: while one lies on top of a pile, clearing it is the only
//! move (PySolFC drops it by itself).

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Rank, Suit};
use crate::games::Variant;

/// Piles in the tableau.
pub const PILES: usize = 10;
/// Cards in the game.
pub const CARDS: usize = 104;
/// Cards in the stock after the deal.
pub const STOCK: usize = 50;
/// Rows the stock deals.
pub const ROWS: usize = STOCK / PILES;
/// Complete runs to clear for a win.
pub const RUNS: usize = 8;
/// The most cards a pile can hold (every card, in principle).
pub const MAX_PILE: usize = CARDS;
/// Cards in a complete run.
pub const RUN: usize = 13;

/// What fills unused places.
pub(super) const FILLER: Card = Card::new(Rank::Ace, Suit::Clubs);

/// How many suits the 104 cards come in: Spider's variant (`?suits=1|2|4`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Suits {
    /// Eight sets of clubs (PySolFC's "Spider (1 Suit)", game 269): the default, as on most
    /// tables, for a first game.
    #[default]
    One,
    /// Four sets each of clubs and hearts (PySolFC's "Spider (2 Suits)", game 270).
    Two,
    /// Two whole decks (PySolFC's "Spider", game 11).
    Four,
}

impl Suits {
    /// PySolFC's suit list for one deck of the game (its deck order).
    pub fn deck_suits(self) -> [Suit; 4] {
        match self {
            Suits::One => [Suit::Clubs; 4],
            Suits::Two => [Suit::Clubs, Suit::Clubs, Suit::Hearts, Suit::Hearts],
            Suits::Four => crate::deal::PYSOL_SUITS,
        }
    }

    /// The number of suits.
    pub fn count(self) -> u8 {
        match self {
            Suits::One => 1,
            Suits::Two => 2,
            Suits::Four => 4,
        }
    }

    /// The variant for a count of suits.
    pub fn from_count(count: u8) -> Option<Suits> {
        Suits::ALL.iter().copied().find(|s| s.count() == count)
    }
}

impl Variant for Suits {
    const PARAMETER: Option<&'static str> = Some("suits");
    const ALL: &'static [Suits] = &[Suits::One, Suits::Two, Suits::Four];

    fn code(self) -> &'static str {
        match self {
            Suits::One => "1",
            Suits::Two => "2",
            Suits::Four => "4",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Suits::One => "1 suit",
            Suits::Two => "2 suits",
            Suits::Four => "4 suits",
        }
    }
}

/// A move. Piles are 0..10 here (shown as 1..10). Turning up a face-down card is automatic and
/// not a move; clearing a complete run is a move of its own, so that a list of moves says
/// everything that happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "UncheckedMove")]
pub enum Move {
    /// The top `count` cards of pile `from` onto pile `to`.
    ToPile { from: u8, to: u8, count: u8 },
    /// One row from the stock: a card face up onto each pile.
    Deal,
    /// The complete king-to-ace run on top of pile `from` to the foundation.
    Clear { from: u8 },
}

/// A [`Move`] as a message spells it, before its piles and count are checked.
#[derive(Deserialize)]
#[serde(rename = "Move")]
enum UncheckedMove {
    ToPile { from: u8, to: u8, count: u8 },
    Deal,
    Clear { from: u8 },
}

/// Why a message's move is not a move: a pile outside 1..10 or a count outside 1..13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("there is no pile {}: piles are 1 to 10", shown(*.0))]
    NoSuchPile(u8),
    #[error("a move carries 1 to 13 cards, not {0}")]
    BadCount(u8),
}

impl TryFrom<UncheckedMove> for Move {
    type Error = MoveError;

    fn try_from(unchecked: UncheckedMove) -> Result<Move, MoveError> {
        let pile =
            |pile: u8| if usize::from(pile) < PILES { Ok(pile) } else { Err(MoveError::NoSuchPile(pile)) };
        Ok(match unchecked {
            UncheckedMove::ToPile { from, to, count } => {
                if count == 0 || usize::from(count) > RUN {
                    return Err(MoveError::BadCount(count));
                }
                Move::ToPile { from: pile(from)?, to: pile(to)?, count }
            }
            UncheckedMove::Deal => Move::Deal,
            UncheckedMove::Clear { from } => Move::Clear { from: pile(from)? },
        })
    }
}

/// A 0-based pile as players number it (1-based), widened so that no index overflows.
pub(crate) fn shown(pile: u8) -> u16 {
    u16::from(pile) + 1
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::ToPile { from, to, count: 1 } => {
                write!(f, "Move a card from pile {} to pile {}", shown(from), shown(to))
            }
            Move::ToPile { from, to, count } => {
                write!(f, "Move {count} cards from pile {} to pile {}", shown(from), shown(to))
            }
            Move::Deal => write!(f, "Deal a row from the stock"),
            Move::Clear { from } => write!(f, "Clear the run on pile {} to the foundation", shown(from)),
        }
    }
}

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum IllegalMove {
    /// A pile outside 1..10, numbered as players number piles (from 1; widened).
    #[error("there is no pile {0}")]
    NoSuchPile(u16),
    #[error("a pile cannot move onto itself")]
    SamePile,
    /// Pile `pile`, numbered from 1.
    #[error("pile {pile} has fewer than {count} face-up cards")]
    TooFew { pile: u16, count: u8 },
    #[error("the {} and the cards on it are not a run of one suit, so they cannot move together", .0.name())]
    NotARun(Card),
    #[error("the {} does not go on the {}: build down by one rank", .card.name(), .target.name())]
    DoesNotBuild { card: Card, target: Card },
    #[error("the stock is empty")]
    StockEmpty,
    /// Pile `0`, numbered from 1.
    #[error("the stock cannot deal while pile {0} is empty")]
    EmptyPile(u16),
    /// Pile `0`, numbered from 1.
    #[error("pile {0} has no complete run of one suit, king to ace, on top")]
    NoRun(u16),
    /// Pile `0`, numbered from 1.
    #[error("the complete run on pile {0} goes to the foundation first")]
    ClearFirst(u16),
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

/// Up to this many legal moves in any position: from each pile to each other pile runs of
/// 1..13 cards (one length at most builds on a card, but any may go to an empty pile), and the
/// deal.
pub const MAX_MOVES: usize = PILES * (PILES - 1) * RUN + 1;

/// A list of moves without heap allocation.
pub type MoveList = crate::search::FixedList<Move, MAX_MOVES>;

/// Whether `card` lies on `under` within a run of one suit.
pub fn continues_run(card: Card, under: Card) -> bool {
    card.suit() == under.suit() && card.rank().value() + 1 == under.rank().value()
}

/// A Spider position: ten piles (each some face-down cards under face-up ones), the stock, and
/// the runs cleared to the foundation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    suits: Suits,
    piles: [[Card; MAX_PILE]; PILES],
    lengths: [u8; PILES],
    /// Face-down cards at the bottom of each pile.
    face_down: [u8; PILES],
    /// The stock in dealing order: row r is `stock[10 r..10 r + 10]`, its card i for pile i.
    stock: [Card; STOCK],
    /// Rows dealt from the stock (0..5).
    rows_dealt: u8,
    /// The suit of each cleared run, in the order cleared.
    cleared: [Suit; RUNS],
    cleared_count: u8,
}

impl Position {
    /// Deals `cards` (104, first dealt first) as PySolFC deals Spider: four face-down rounds to
    /// all ten piles, one more face-down card to piles 1, 4, 7 and 10, then one face-up round;
    /// the 50 cards left are the stock, the next to be dealt first.
    pub fn new(cards: &[Card; CARDS], suits: Suits) -> Position {
        let mut position = Position {
            suits,
            piles: [[FILLER; MAX_PILE]; PILES],
            lengths: [0; PILES],
            face_down: [0; PILES],
            stock: [FILLER; STOCK],
            rows_dealt: 0,
            cleared: [Suit::Clubs; RUNS],
            cleared_count: 0,
        };
        let mut next = cards.iter().copied();
        let mut order: Vec<usize> = Vec::with_capacity(54);
        for _ in 0..4 {
            order.extend(0..PILES);
        }
        order.extend([0, 3, 6, 9]);
        for &pile in &order {
            if let Some(card) = next.next() {
                position.push(pile, card);
            }
        }
        position.face_down = position.lengths;
        for pile in 0..PILES {
            if let Some(card) = next.next() {
                position.push(pile, card);
            }
        }
        for (slot, card) in position.stock.iter_mut().zip(next) {
            *slot = card;
        }
        position
    }

    /// The variant the position is played in.
    pub fn suits(&self) -> Suits {
        self.suits
    }

    /// The cards of pile `pile` (0..10), bottom first; the first [`Position::face_down`] of them
    /// are face down.
    pub fn pile(&self, pile: usize) -> &[Card] {
        &self.piles[pile][..self.lengths[pile] as usize]
    }

    /// How many face-down cards pile `pile` has.
    pub fn face_down(&self, pile: usize) -> usize {
        self.face_down[pile] as usize
    }

    /// The top card of a pile, if it has one.
    pub fn top(&self, pile: usize) -> Option<Card> {
        let len = self.lengths[pile] as usize;
        (len > 0).then(|| self.piles[pile][len - 1])
    }

    /// The stock, the next card to be dealt first (to pile 1).
    pub fn stock(&self) -> &[Card] {
        &self.stock[PILES * self.rows_dealt as usize..]
    }

    /// Rows the stock has still to deal.
    pub fn rows_left(&self) -> usize {
        ROWS - self.rows_dealt as usize
    }

    /// The suits of the runs cleared so far, in the order cleared.
    pub fn cleared(&self) -> &[Suit] {
        &self.cleared[..self.cleared_count as usize]
    }

    /// Whether all eight runs are cleared.
    pub fn is_won(&self) -> bool {
        self.cleared_count as usize == RUNS
    }

    /// How many cards at the top of pile `pile` form a run of one suit (0 for an empty pile).
    pub fn run_length(&self, pile: usize) -> usize {
        let cards = self.pile(pile);
        let up = cards.len() - self.face_down(pile);
        if up == 0 {
            return 0;
        }
        let mut length = 1;
        while length < up && continues_run(cards[cards.len() - length], cards[cards.len() - length - 1]) {
            length += 1;
        }
        length
    }

    /// Whether pile `pile` has a complete king-to-ace run of one suit on top.
    pub fn has_complete_run(&self, pile: usize) -> bool {
        // An ace on top first: the solvers ask this of every pile a move changes.
        self.top(pile).is_some_and(|top| top.rank() == Rank::Ace)
            && self.run_length(pile) >= RUN
            && self.pile(pile)[self.pile(pile).len() - RUN].rank() == Rank::King
    }

    /// The first pile with a complete run on top, which must be cleared before anything else.
    pub fn pending_clear(&self) -> Option<usize> {
        (0..PILES).find(|&pile| self.has_complete_run(pile))
    }

    /// The first empty pile.
    pub fn empty_pile(&self) -> Option<usize> {
        (0..PILES).find(|&pile| self.lengths[pile] == 0)
    }

    fn check_pile(pile: u8) -> Result<usize, IllegalMove> {
        if (pile as usize) < PILES {
            Ok(pile as usize)
        } else {
            Err(IllegalMove::NoSuchPile(shown(pile)))
        }
    }

    /// Why `mv` is illegal here, or `Ok` if it is legal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_won() {
            return Err(IllegalMove::GameOver);
        }
        let pending = self.pending_clear();
        match mv {
            Move::Clear { from } => {
                let from = Self::check_pile(from)?;
                if self.has_complete_run(from) {
                    Ok(())
                } else {
                    Err(IllegalMove::NoRun(shown(from as u8)))
                }
            }
            _ if pending.is_some() => Err(IllegalMove::ClearFirst(shown(pending.unwrap_or(0) as u8))),
            Move::Deal => {
                if self.rows_left() == 0 {
                    Err(IllegalMove::StockEmpty)
                } else if let Some(empty) = self.empty_pile() {
                    Err(IllegalMove::EmptyPile(shown(empty as u8)))
                } else {
                    Ok(())
                }
            }
            Move::ToPile { from, to, count } => {
                let from = Self::check_pile(from)?;
                let to = Self::check_pile(to)?;
                if from == to {
                    return Err(IllegalMove::SamePile);
                }
                let cards = self.pile(from);
                let count = count as usize;
                if count == 0 || count > cards.len() - self.face_down(from) {
                    return Err(IllegalMove::TooFew { pile: shown(from as u8), count: count as u8 });
                }
                let card = cards[cards.len() - count];
                if count > self.run_length(from) {
                    return Err(IllegalMove::NotARun(card));
                }
                match self.top(to) {
                    Some(target) if target.rank().value() != card.rank().value() + 1 => {
                        Err(IllegalMove::DoesNotBuild { card, target })
                    }
                    _ => Ok(()),
                }
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

    /// Plays a move known to be legal (from [`Position::legal_moves`]). An illegal move leaves
    /// the position inconsistent but never panics.
    pub fn apply(&mut self, mv: Move) {
        match mv {
            Move::ToPile { from, to, count } => {
                let (from, to) = (from as usize % PILES, to as usize % PILES);
                if from == to {
                    return;
                }
                let count = (count as usize).min(self.lengths[from] as usize);
                let start = self.lengths[from] as usize - count;
                let end = self.lengths[to] as usize;
                if end + count <= MAX_PILE {
                    let (source, target) = pair(&mut self.piles, from, to);
                    target[end..end + count].copy_from_slice(&source[start..start + count]);
                    self.lengths[to] += count as u8;
                    self.lengths[from] -= count as u8;
                }
                self.turn_up(from);
            }
            Move::Deal => {
                if self.rows_left() == 0 {
                    return;
                }
                let row = PILES * self.rows_dealt as usize;
                for pile in 0..PILES {
                    self.push(pile, self.stock[row + pile]);
                }
                self.rows_dealt += 1;
            }
            Move::Clear { from } => {
                let from = from as usize % PILES;
                let len = self.lengths[from] as usize;
                if len < RUN || self.cleared_count as usize >= RUNS {
                    return;
                }
                self.cleared[self.cleared_count as usize] = self.piles[from][len - 1].suit();
                self.cleared_count += 1;
                self.lengths[from] -= RUN as u8;
                self.turn_up(from);
            }
        }
    }

    /// Turns up the top card of `pile` if it is face down.
    fn turn_up(&mut self, pile: usize) {
        if self.face_down[pile] > 0 && self.face_down[pile] >= self.lengths[pile] {
            self.face_down[pile] = self.lengths[pile].saturating_sub(1);
        }
    }

    fn push(&mut self, pile: usize, card: Card) {
        let len = self.lengths[pile] as usize;
        if len < MAX_PILE {
            self.piles[pile][len] = card;
            self.lengths[pile] += 1;
        }
    }

    /// Every legal move: a clear alone when one is due; else moves between piles by source
    /// pile and length, then the deal.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new(Move::Deal);
        if self.is_won() {
            return moves;
        }
        if let Some(pile) = self.pending_clear() {
            moves.push(Move::Clear { from: pile as u8 });
            return moves;
        }
        for from in 0..PILES {
            let cards = self.pile(from);
            let run = self.run_length(from);
            for count in 1..=run {
                let card = cards[cards.len() - count];
                for to in 0..PILES {
                    if to == from {
                        continue;
                    }
                    let fits = match self.top(to) {
                        Some(target) => target.rank().value() == card.rank().value() + 1,
                        None => true,
                    };
                    if fits {
                        moves.push(Move::ToPile { from: from as u8, to: to as u8, count: count as u8 });
                    }
                }
            }
        }
        if self.rows_left() > 0 && self.empty_pile().is_none() {
            moves.push(Move::Deal);
        }
        moves
    }

    /// Every card of the game, wherever it lies: the piles, the stock and the cleared runs.
    pub fn cards(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = (0..PILES).flat_map(|p| self.pile(p).iter().copied()).collect();
        cards.extend_from_slice(self.stock());
        for &suit in self.cleared() {
            cards.extend(Rank::ALL.map(|rank| Card::new(rank, suit)));
        }
        cards
    }

    /// Appends a compact copy of what play changes (the piles, the rows dealt and the runs
    /// cleared) to `out`, for a search to keep many positions cheaply; [`Position::unpack`]
    /// restores it onto a position of the same game.
    pub(crate) fn pack(&self, out: &mut Vec<u8>) {
        out.push(self.rows_dealt);
        out.push(self.cleared_count);
        out.extend(self.cleared().iter().map(|suit| suit.index() as u8));
        for pile in 0..PILES {
            out.push(self.lengths[pile]);
            out.push(self.face_down[pile]);
            out.extend(self.pile(pile).iter().map(|card| card.index()));
        }
    }

    /// Restores what [`Position::pack`] wrote of a position of the same game (same suits and
    /// stock) onto this one; gives the bytes it read.
    pub(crate) fn unpack(&mut self, bytes: &[u8]) -> usize {
        let mut at = 0;
        let mut next = || {
            let byte = bytes.get(at).copied().unwrap_or(0);
            at += 1;
            byte
        };
        self.rows_dealt = next().min(ROWS as u8);
        self.cleared_count = next().min(RUNS as u8);
        for slot in 0..self.cleared_count as usize {
            self.cleared[slot] = Suit::ALL[next() as usize % 4];
        }
        for pile in 0..PILES {
            let length = next();
            self.lengths[pile] = length;
            self.face_down[pile] = next();
            for depth in 0..length as usize {
                self.piles[pile][depth] = Card::from_index(next()).unwrap_or(FILLER);
            }
        }
        at
    }

    /// The number of cards where they lie (104 always).
    pub fn card_count(&self) -> usize {
        self.lengths.iter().map(|&l| l as usize).sum::<usize>()
            + self.stock().len()
            + RUN * self.cleared_count as usize
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
    /// `<XX>`; a `Foundations:` line with each cleared run's king once one is cleared; then
    /// `Talon:` with the stock, the next card to be dealt first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.cleared().is_empty() {
            let kings: Vec<String> =
                self.cleared().iter().map(|&suit| Card::new(Rank::King, suit).to_string()).collect();
            writeln!(f, "Foundations: {}", kings.join(" "))?;
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
        let stock: Vec<String> = self.stock().iter().map(ToString::to_string).collect();
        writeln!(f, "Talon: {}", stock.join(" "))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?}\n{self})", self.suits)
    }
}

impl crate::session::Table for Position {
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

    /// A deal from a seeded shuffle of the variant's cards.
    pub(crate) fn dealt(seed: u64, suits: Suits) -> Position {
        let mut cards: Vec<Card> = (0..2)
            .flat_map(|_| suits.deck_suits().into_iter().flat_map(|s| Rank::ALL.map(|r| Card::new(r, s))))
            .collect();
        let mut random = crate::deal::SplitMix64::new(seed);
        for n in (1..cards.len()).rev() {
            cards.swap(n, random.below(n as u64 + 1) as usize);
        }
        Position::new(&cards.try_into().unwrap(), suits)
    }

    #[test]
    fn the_deal_has_pysolfc_shape() {
        let position = dealt(3, Suits::Four);
        for pile in 0..PILES {
            let long = [0, 3, 6, 9].contains(&pile);
            assert_eq!(position.pile(pile).len(), if long { 6 } else { 5 });
            assert_eq!(position.face_down(pile), position.pile(pile).len() - 1);
        }
        assert_eq!(position.stock().len(), 50);
        assert_eq!(position.card_count(), 104);
    }

    #[test]
    fn runs_move_together_only_in_one_suit() {
        let mut position = dealt(1, Suits::Four);
        // Walk random legal moves: every legal move checks, and cards are conserved.
        let mut random = crate::deal::SplitMix64::new(9);
        for _ in 0..300 {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            for &mv in legal.iter() {
                assert_eq!(position.check(mv), Ok(()), "{mv}");
            }
            position.apply(legal.as_slice()[random.below(legal.len() as u64) as usize]);
            assert_eq!(position.card_count(), 104);
            let mut cards = position.cards();
            cards.sort();
            let mut all = dealt(1, Suits::Four).cards();
            all.sort();
            assert_eq!(cards, all);
        }
    }

    #[test]
    fn unchecked_play_of_illegal_moves_never_panics() {
        let start = dealt(2, Suits::One);
        for mv in [
            Move::ToPile { from: 3, to: 3, count: 2 },
            Move::ToPile { from: 90, to: 200, count: 255 },
            Move::Clear { from: 250 },
            Move::Clear { from: 1 },
        ] {
            let mut position = start;
            position.apply(mv);
        }
    }

    #[test]
    fn messages_hold_only_real_moves() {
        assert!(serde_json::from_str::<Move>(r#"{"ToPile":{"from":0,"to":9,"count":3}}"#).is_ok());
        assert!(serde_json::from_str::<Move>(r#""Deal""#).is_ok());
        for bad in [
            r#"{"ToPile":{"from":10,"to":6,"count":3}}"#,
            r#"{"ToPile":{"from":0,"to":6,"count":0}}"#,
            r#"{"ToPile":{"from":0,"to":6,"count":14}}"#,
            r#"{"Clear":{"from":12}}"#,
        ] {
            assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
        }
    }
}
