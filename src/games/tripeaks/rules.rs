//! TriPeaks as PySolFC plays "Three Peaks": 28 cards in three overlapping peaks, a stock of
//! 23 dealt once through onto a waste, and a free peak card goes to the waste when it is one
//! rank above or below the waste's card, king and ace wrapping round.

use std::fmt;

use thiserror::Error;

use crate::cards::Card;

/// Cards in the peaks.
pub const PEAK_CARDS: usize = 28;
/// Peak cards dealt face down (the first three rows); the bottom row of 10 is dealt face up.
pub const FACE_DOWN_DEALT: usize = 18;
/// Cards in the stock after the deal (one more starts the waste).
pub const STOCK_CARDS: usize = 23;
/// The cards in each row of the peaks, from the tops.
pub const ROWS: [usize; 4] = [3, 6, 9, 10];
/// The first slot of each row.
pub const ROW_STARTS: [usize; 4] = [0, 3, 9, 18];
/// What a hand's score starts from (PySolFC: −52, one point for each card).
pub const HAND_START_SCORE: i32 = -52;

/// PySolFC's `ThreePeaks_RowStack.STEP`: slot `i` < 18 lies under slots `i + STEP[i]` and
/// `i + STEP[i] + 1`.
const STEP: [u8; FACE_DOWN_DEALT] = [3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9];

/// The slots lying on each slot, as a mask of slots.
const COVERED_BY: [u32; PEAK_CARDS] = {
    let mut masks = [0u32; PEAK_CARDS];
    let mut slot = 0;
    while slot < FACE_DOWN_DEALT {
        let first = slot + STEP[slot] as usize;
        masks[slot] = (1 << first) | (1 << (first + 1));
        slot += 1;
    }
    masks
};

/// Every slot of the peaks, as a mask.
pub const ALL_PEAKS: u32 = (1 << PEAK_CARDS) - 1;

/// The slots lying on `slot` (none for the bottom row).
pub fn covering(slot: usize) -> Option<[usize; 2]> {
    (slot < FACE_DOWN_DEALT).then(|| {
        let first = slot + usize::from(STEP[slot]);
        [first, first + 1]
    })
}

/// The slots covering `slot`, as a mask.
pub const fn covered_by(slot: usize) -> u32 {
    COVERED_BY[slot]
}

/// The row (0 for the tops) and place in it of `slot`.
pub fn row_column(slot: usize) -> (usize, usize) {
    let row = ROW_STARTS.iter().rposition(|&start| start <= slot).unwrap_or(0);
    (row, slot - ROW_STARTS[row])
}

/// Where `slot` lies across the table, in half card widths from the left (PySolFC's layout:
/// the tops over the middles of their pairs, each row half a card further out).
pub fn half_widths(slot: usize) -> usize {
    let (row, column) = row_column(slot);
    match row {
        0 => 3 + 6 * column,
        1 => 2 + 6 * (column / 2) + 2 * (column % 2),
        2 => 1 + 2 * column,
        _ => 2 * column,
    }
}

/// Whether `a` goes on `b` in the waste: one rank above or below, king and ace wrapping.
pub fn adjacent(a: Card, b: Card) -> bool {
    let difference = (13 + a.rank().value() - b.rank().value()) % 13;
    difference == 1 || difference == 12
}

/// A move: a free peak card to the waste, or the stock's next card onto the waste.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Move {
    /// The card in `slot` (0..28, row by row from the tops) to the waste.
    ToWaste { slot: u8, card: Card },
    /// The stock's next card onto the waste.
    Draw,
}

impl fmt::Display for Move {
    /// The move in English (the screen reader's words too). A draw does not name the card it
    /// turns, which the player cannot see yet.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::ToWaste { slot, card } => {
                write!(f, "Move the {} from peak card {slot} to the waste", card.name())
            }
            Move::Draw => f.write_str("Turn the stock's next card onto the waste"),
        }
    }
}

/// Why a move is refused, naming the cards in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("there is no peak card {0} (the peaks hold 0 to 27)")]
    NoSuchSlot(u8),
    #[error("peak card {0} has already been played")]
    Gone(u8),
    #[error("the {} is not peak card {slot}", .card.name())]
    NotThere { slot: u8, card: Card },
    #[error("peak card {0} is face down: it turns up when both cards on it are gone")]
    Covered(u8),
    #[error("the {} is not one rank above or below the {} on the waste", .card.name(), .waste.name())]
    NotAdjacent { card: Card, waste: Card },
    #[error("the stock is empty: it is dealt only once")]
    StockEmpty,
}

/// A refused move, with the position it was tried on, unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct PlayError {
    pub position: Position,
    pub reason: IllegalMove,
}

/// A TriPeaks position: the peaks as dealt and which of their cards are left, the stock and
/// how much of it is dealt, the waste, and the hand's score and streak (PySolFC's scoring,
/// docs/RULES.md). `Copy`, about 130 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    peaks: [Card; PEAK_CARDS],
    /// The slots still holding their card, as a mask.
    left: u32,
    /// The stock as dealt, next card first.
    stock: [Card; STOCK_CARDS],
    /// How many stock cards are on the waste.
    drawn: u8,
    /// The waste, bottom first; `waste_len` of it is used.
    waste: [Card; 52],
    waste_len: u8,
    score: i32,
    streak: u8,
}

impl Position {
    /// Lays out 52 cards in dealing order as PySolFC's Three Peaks deals them: the first 28
    /// to the peaks row by row from the tops, the next one to the waste, the other 23 to the
    /// stock, next card first.
    pub fn new(cards: &[Card; 52]) -> Position {
        let mut peaks = [cards[0]; PEAK_CARDS];
        peaks.copy_from_slice(&cards[..PEAK_CARDS]);
        let mut stock = [cards[0]; STOCK_CARDS];
        stock.copy_from_slice(&cards[PEAK_CARDS + 1..]);
        let mut waste = [cards[PEAK_CARDS]; 52];
        waste[0] = cards[PEAK_CARDS];
        Position {
            peaks,
            left: ALL_PEAKS,
            stock,
            drawn: 0,
            waste,
            waste_len: 1,
            score: HAND_START_SCORE,
            streak: 0,
        }
    }

    /// The card in `slot` if it is still there.
    pub fn peak(&self, slot: usize) -> Option<Card> {
        (slot < PEAK_CARDS && self.left & (1 << slot) != 0).then(|| self.peaks[slot])
    }

    /// The card dealt to `slot`, played or not.
    pub fn dealt_peak(&self, slot: usize) -> Card {
        self.peaks[slot]
    }

    /// The slots still holding a card, as a mask.
    pub fn left(&self) -> u32 {
        self.left
    }

    /// Whether `slot`'s card lies face up: no card left on it (a card turns up for good once
    /// both cards on it are gone, so face up and uncovered are the same).
    pub fn is_face_up(&self, slot: usize) -> bool {
        slot < PEAK_CARDS && COVERED_BY[slot] & self.left == 0
    }

    /// Whether `slot` holds a face-up card, which can be played if it fits the waste.
    pub fn is_free(&self, slot: usize) -> bool {
        self.peak(slot).is_some() && self.is_face_up(slot)
    }

    /// The stock left, next card first.
    pub fn stock(&self) -> &[Card] {
        &self.stock[usize::from(self.drawn)..]
    }

    /// How many stock cards have been dealt.
    pub fn drawn(&self) -> usize {
        usize::from(self.drawn)
    }

    /// The waste, bottom first.
    pub fn waste(&self) -> &[Card] {
        &self.waste[..usize::from(self.waste_len)]
    }

    /// The waste's top card (the waste is never empty).
    pub fn waste_top(&self) -> Card {
        self.waste[usize::from(self.waste_len) - 1]
    }

    /// The hand's score as PySolFC's "Three Peaks (Scored)" counts it.
    pub fn score(&self) -> i32 {
        self.score
    }

    /// The peak cards played since the last draw.
    pub fn streak(&self) -> usize {
        usize::from(self.streak)
    }

    /// Peaks whose top card is gone (0..=3).
    pub fn peaks_cleared(&self) -> u32 {
        3 - (self.left & 0b111).count_ones()
    }

    pub fn is_won(&self) -> bool {
        self.left == 0
    }

    /// Whether `mv` is legal here, or why not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Draw if self.stock().is_empty() => Err(IllegalMove::StockEmpty),
            Move::Draw => Ok(()),
            Move::ToWaste { slot, card } => {
                let index = usize::from(slot);
                if index >= PEAK_CARDS {
                    return Err(IllegalMove::NoSuchSlot(slot));
                }
                if self.peak(index).is_none() {
                    return Err(IllegalMove::Gone(slot));
                }
                if !self.is_face_up(index) {
                    return Err(IllegalMove::Covered(slot));
                }
                if self.peaks[index] != card {
                    return Err(IllegalMove::NotThere { slot, card });
                }
                if !adjacent(card, self.waste_top()) {
                    return Err(IllegalMove::NotAdjacent { card, waste: self.waste_top() });
                }
                Ok(())
            }
        }
    }

    /// The position after `mv`, or the unchanged position and why the rules refuse it.
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        match self.check(mv) {
            Ok(()) => {
                let mut next = *self;
                next.apply(mv);
                Ok(next)
            }
            Err(reason) => Err(PlayError { position: *self, reason }),
        }
    }

    /// Plays `mv` without checking it (search, after [`Position::legal_moves`]).
    pub fn apply(&mut self, mv: Move) {
        match mv {
            Move::Draw => {
                self.push_waste(self.stock[usize::from(self.drawn)]);
                self.drawn += 1;
                self.streak = 0;
            }
            Move::ToWaste { slot, card } => {
                self.left &= !(1 << slot);
                self.push_waste(card);
                self.streak += 1;
                self.score += score_of_play(usize::from(slot), self.peaks_cleared(), self.streak());
                if self.is_won() {
                    self.score += WIN_BONUS_A_STOCK_CARD * self.stock().len() as i32;
                }
            }
        }
    }

    fn push_waste(&mut self, card: Card) {
        self.waste[usize::from(self.waste_len)] = card;
        self.waste_len += 1;
    }

    /// The legal moves: every free peak card that fits the waste, slot order, then the draw.
    pub fn legal_moves(&self) -> Vec<Move> {
        let top = self.waste_top();
        let mut moves: Vec<Move> = (0..PEAK_CARDS)
            .filter(|&slot| self.is_free(slot) && adjacent(self.peaks[slot], top))
            .map(|slot| Move::ToWaste { slot: slot as u8, card: self.peaks[slot] })
            .collect();
        if !self.stock().is_empty() {
            moves.push(Move::Draw);
        }
        moves
    }

    /// Every card, face down or not: the peaks left, the stock left and the waste.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        let peaks = (0..PEAK_CARDS).filter_map(|slot| self.peak(slot));
        peaks.chain(self.stock().iter().copied()).chain(self.waste().iter().copied())
    }
}

/// What clearing the table earns for each stock card left (PySolFC).
pub const WIN_BONUS_A_STOCK_CARD: i32 = 10;

/// PySolFC's points for playing the card in `slot` as the `streak`-th card since the last draw,
/// with `cleared` peak tops gone afterwards: every figure is doubled for each peak cleared; a
/// peak's top earns 5 more; the streak earns 1, doubling every 4 cards.
pub fn score_of_play(slot: usize, cleared: u32, streak: usize) -> i32 {
    let factor = 1 << cleared;
    let top = if slot < 3 { 5 * factor } else { 0 };
    top + factor * (1 << ((streak.max(1) - 1) / 4).min(16))
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Position {
    /// The board text of `deckhand tripeaks deal N`: `Row 1:` .. `Row 4:` with the peak cards
    /// left to right (face-down cards as `<XX>`, played ones as `--`), `Talon:` with the stock,
    /// next card first, and `Waste:` bottom first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, (&start, &count)) in ROW_STARTS.iter().zip(&ROWS).enumerate() {
            write!(f, "Row {}:", row + 1)?;
            for slot in start..start + count {
                match self.peak(slot) {
                    None => f.write_str(" --")?,
                    Some(_) if !self.is_face_up(slot) => f.write_str(" <XX>")?,
                    Some(card) => write!(f, " {card}")?,
                }
            }
            writeln!(f)?;
        }
        f.write_str("Talon:")?;
        for card in self.stock() {
            write!(f, " {card}")?;
        }
        f.write_str("\nWaste:")?;
        for card in self.waste() {
            write!(f, " {card}")?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    fn dealt(seed: u64) -> Position {
        Position::new(seeded_deck(seed).cards().try_into().unwrap())
    }

    #[test]
    fn covers_follow_pysolfc_and_the_layout() {
        assert_eq!(covering(0), Some([3, 4]));
        assert_eq!(covering(2), Some([7, 8]));
        assert_eq!(covering(3), Some([9, 10]));
        assert_eq!(covering(8), Some([16, 17]));
        assert_eq!(covering(17), Some([26, 27]));
        assert_eq!(covering(18), None);
        // Each card lies half a card to either side below the one it covers.
        for slot in 0..FACE_DOWN_DEALT {
            let [left, right] = covering(slot).unwrap();
            assert_eq!(half_widths(left) + 1, half_widths(slot), "{slot}");
            assert_eq!(half_widths(right), half_widths(slot) + 1, "{slot}");
            assert_eq!(row_column(left).0, row_column(slot).0 + 1);
        }
        assert_eq!((0..PEAK_CARDS).map(half_widths).max(), Some(18));
    }

    #[test]
    fn ranks_wrap_between_king_and_ace() {
        let card = |text: &str| text.parse::<Card>().unwrap();
        assert!(adjacent(card("KS"), card("AH")));
        assert!(adjacent(card("AH"), card("KS")));
        assert!(adjacent(card("5C"), card("6C")));
        assert!(adjacent(card("5C"), card("4D")));
        assert!(!adjacent(card("5C"), card("5D")));
        assert!(!adjacent(card("5C"), card("7D")));
        assert!(!adjacent(card("QC"), card("AD")));
    }

    #[test]
    fn the_deal_shows_the_bottom_row_only() {
        let position = dealt(3);
        assert_eq!(position.cards().count(), 52);
        assert_eq!(position.stock().len(), STOCK_CARDS);
        assert_eq!(position.waste().len(), 1);
        for slot in 0..PEAK_CARDS {
            assert_eq!(position.is_face_up(slot), slot >= FACE_DOWN_DEALT, "{slot}");
        }
        let text = position.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[0], "Row 1: <XX> <XX> <XX>");
        assert_eq!(lines[3].split_whitespace().count(), 12);
        assert!(lines[4].starts_with("Talon: ") && lines[4].split_whitespace().count() == 24);
    }

    #[test]
    fn every_move_kind_legal_and_illegal() {
        let start = dealt(5);
        let top = start.waste_top();
        // A face-down card is refused, naming its slot, not its card.
        let hidden = Move::ToWaste { slot: 0, card: start.dealt_peak(0) };
        assert_eq!(start.check(hidden), Err(IllegalMove::Covered(0)));
        assert_eq!(start.check(Move::ToWaste { slot: 28, card: top }), Err(IllegalMove::NoSuchSlot(28)));
        for slot in FACE_DOWN_DEALT..PEAK_CARDS {
            let card = start.dealt_peak(slot);
            let mv = Move::ToWaste { slot: slot as u8, card };
            let expected =
                if adjacent(card, top) { Ok(()) } else { Err(IllegalMove::NotAdjacent { card, waste: top }) };
            assert_eq!(start.check(mv), expected);
            assert_eq!(start.legal_moves().contains(&mv), expected.is_ok());
        }
        let wrong = Move::ToWaste { slot: 18, card: start.dealt_peak(19) };
        assert!(matches!(
            start.check(wrong),
            Err(IllegalMove::NotThere { .. }) | Err(IllegalMove::NotAdjacent { .. })
        ));
        // Drawing the whole stock, once.
        let mut position = start;
        for drawn in 0..STOCK_CARDS {
            assert_eq!(position.waste_top(), position.waste()[position.waste().len() - 1]);
            let next = position.stock()[0];
            position = position.play(Move::Draw).unwrap();
            assert_eq!(position.waste_top(), next);
            assert_eq!(position.drawn(), drawn + 1);
        }
        let refused = position.play(Move::Draw).unwrap_err();
        assert_eq!(refused.reason, IllegalMove::StockEmpty);
        assert_eq!(refused.position, position);
        assert_eq!(position.cards().count(), 52);
    }

    #[test]
    fn a_card_turns_up_when_both_covering_cards_are_gone() {
        // Play any legal line and check the cover rule and the card count at every step.
        for seed in 1..40 {
            let mut position = dealt(seed);
            let mut played = 0;
            while let Some(&mv) = position.legal_moves().first() {
                let before = position;
                position = position.play(mv).unwrap();
                if let Move::ToWaste { slot, .. } = mv {
                    assert!(before.is_free(usize::from(slot)));
                    assert_eq!(position.peak(usize::from(slot)), None);
                    assert_eq!(position.streak(), before.streak() + 1);
                    played += 1;
                } else {
                    assert_eq!(position.streak(), 0);
                }
                for slot in 0..PEAK_CARDS {
                    let up =
                        covering(slot).is_none_or(|pair| pair.iter().all(|&s| position.peak(s).is_none()));
                    assert_eq!(position.is_face_up(slot), up);
                }
                assert_eq!(position.cards().count(), 52);
            }
            assert_eq!(position.left().count_ones() as usize, PEAK_CARDS - played);
        }
    }

    #[test]
    fn scoring_as_pysolfc_counts_it() {
        // A streak earns 1 a card, doubling every 4 cards; a peak's top 5 more; all doubled for
        // each peak cleared (the one just cleared counting).
        assert_eq!(score_of_play(20, 0, 1), 1);
        assert_eq!(score_of_play(20, 0, 4), 1);
        assert_eq!(score_of_play(20, 0, 5), 2);
        assert_eq!(score_of_play(20, 0, 9), 4);
        assert_eq!(score_of_play(0, 1, 1), 10 + 2);
        assert_eq!(score_of_play(1, 3, 2), 40 + 8);
        assert_eq!(dealt(1).score(), HAND_START_SCORE);
    }
}
