//! A whole Yukon position packed into one `u128`, the same for positions that differ only in
//! the order of their piles (the piles are alike under the rules, so such positions are won
//! or lost alike, and a line from one maps to the other by renaming piles).
//!
//! Every card has a 2-bit code saying what lies directly under it:
//! - `0`: the card it was dealt on (or nothing, for a card dealt at the bottom of a pile),
//!   unless that is one of the next two cases; face-down cards always have code 0;
//! - `1` or `2`: one of the two cards it builds on (one rank higher, the other colour), the
//!   one of the lower or of the higher suit within that colour;
//! - `3`: nothing, for a card not dealt at the bottom of a pile; only a king can be there.
//!
//! A card on a foundation has code 3, or 1 if it is a king (kings build on nothing and can
//! have code 3 in the tableau), so the foundation heights need no bits of their own. That is
//! 104 bits; the face-down counts of piles 2..7 take 3 bits each above them. Every adjacency
//! in a pile is one of those cases (a card only ever lands on a card it builds on or on an
//! empty pile, and a run keeps the adjacencies it had), so the code gives back every pile up to
//! order: the piles with face-down cards by their face-down cards, the others by their
//! bottom cards.

use crate::cards::{Card, Rank, Suit};

use super::super::rules::{builds_on, Position, PILES};

/// The card dealt directly under each card, by card index; `NONE` for a card dealt at the
/// bottom of a pile.
#[derive(Clone, Debug)]
pub(super) struct Dealt {
    under: [u8; 52],
}

const NONE: u8 = 52;

/// Where the face-down counts start in a key.
const FACE_DOWN_SHIFT: u32 = 104;

impl Dealt {
    /// The adjacencies of a position as it stands (its starting deal, usually). Cards already
    /// on the foundations keep `NONE`.
    pub(super) fn new(position: &Position) -> Dealt {
        let mut under = [NONE; 52];
        for pile in 0..PILES {
            let cards = position.pile(pile);
            for depth in 1..cards.len() {
                under[cards[depth].index() as usize] = cards[depth - 1].index();
            }
        }
        Dealt { under }
    }

    /// The key of `position`, which must have been reached from the position this was made
    /// from (with the same face-down cards dealt).
    pub(super) fn key(&self, position: &Position) -> u128 {
        let mut key = 0u128;
        for pile in 0..PILES {
            let cards = position.pile(pile);
            let mut under = NONE;
            for (depth, &card) in cards.iter().enumerate() {
                let code = if depth > 0 && builds_on(card, cards[depth - 1]) {
                    1 + ((under & 3) >> 1)
                } else if under == self.under[card.index() as usize] {
                    0
                } else {
                    debug_assert!(under == NONE && card.rank() == Rank::King);
                    3
                };
                key |= u128::from(code) << (2 * card.index());
                under = card.index();
            }
            if pile > 0 {
                key |= (position.face_down(pile) as u128) << (FACE_DOWN_SHIFT + 3 * (pile as u32 - 1));
            }
        }
        for suit in Suit::ALL {
            for value in 1..=position.foundation(suit) {
                let rank = Rank::from_value(value).unwrap_or(Rank::Ace);
                let card = Card::new(rank, suit);
                let code: u128 = if rank == Rank::King { 1 } else { 3 };
                key |= code << (2 * card.index());
            }
        }
        key
    }
}

/// A hash of a key for the table (the table keeps whole keys, so collisions cost only time).
pub(super) fn hash(key: u128) -> u64 {
    let (low, high) = (key as u64, (key >> 64) as u64);
    let mixed = (low ^ high.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ high.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    mixed ^ (mixed >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    #[test]
    fn keys_tell_positions_apart_up_to_pile_order() {
        // Every position on random walks: equal keys only for equal piles as sets.
        for seed in 1..20 {
            let start = Position::new(&seeded_deck(seed));
            let dealt = Dealt::new(&start);
            let mut seen: std::collections::HashMap<u128, Vec<Vec<Card>>> = Default::default();
            let mut position = start;
            let mut random = crate::deal::SplitMix64::new(seed);
            for _ in 0..400 {
                let mut piles: Vec<Vec<Card>> = (0..PILES).map(|p| position.pile(p).to_vec()).collect();
                let mut marks: Vec<Card> = Vec::new();
                for p in 0..PILES {
                    marks.extend(&position.pile(p)[..position.face_down(p)]);
                }
                piles.sort();
                piles.push(marks);
                let key = dealt.key(&position);
                if let Some(previous) = seen.insert(key, piles.clone()) {
                    assert_eq!(previous, piles);
                }
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.apply(moves.as_slice()[random.below(moves.len() as u64) as usize]);
            }
        }
    }
}
