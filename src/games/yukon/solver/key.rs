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

use super::super::rules::{builds_on, Move, Position, FILLER, MAX_PILE, PILES};

/// The card dealt directly under each card, by card index; `NONE` for a card dealt at the
/// bottom of a pile.
#[derive(Clone, Debug)]
pub(super) struct Dealt {
    under: [u8; 52],
    /// The bottom card of each pile as dealt.
    bottom: [u8; PILES],
    /// The codes of a foundation's cards, by suit and height.
    homes: [[u128; 14]; 4],
}

const NONE: u8 = 52;

/// Where the face-down counts start in a key.
const FACE_DOWN_SHIFT: u32 = 104;

impl Dealt {
    /// The adjacencies of a position as it stands (its starting deal, usually). Cards already
    /// on the foundations keep `NONE`.
    pub(super) fn new(position: &Position) -> Dealt {
        let mut under = [NONE; 52];
        let mut bottom = [NONE; PILES];
        for (pile, first) in bottom.iter_mut().enumerate() {
            let cards = position.pile(pile);
            if let Some(card) = cards.first() {
                *first = card.index();
            }
            for depth in 1..cards.len() {
                under[cards[depth].index() as usize] = cards[depth - 1].index();
            }
        }
        let mut homes = [[0u128; 14]; 4];
        for suit in Suit::ALL {
            for value in 1..=13u8 {
                let rank = Rank::from_value(value).unwrap_or(Rank::Ace);
                let card = Card::new(rank, suit);
                homes[suit.index()][value as usize] = homes[suit.index()][value as usize - 1]
                    | u128::from(home_code(card)) << (2 * card.index());
            }
        }
        Dealt { under, bottom, homes }
    }

    /// The position a key stands for, with its piles in one order of those it stands for:
    /// piles with face-down cards where they were dealt, the others after them by bottom card.
    pub(super) fn decode(&self, key: u128) -> Position {
        let mut foundations = [0u8; 4];
        let mut above = [NONE; 53];
        let mut bottoms = 0u64;
        let words = [key as u64, (key >> 64) as u64];
        for index in 0..52u8 {
            let code = (words[(index as usize >> 5) & 1] >> ((2 * index) & 63)) & 3;
            if Card::from_index(index).is_some_and(|card| code == home_code(card)) {
                foundations[(index & 3) as usize] += 1;
                continue;
            }
            let under = match code {
                0 => self.under[index as usize],
                3 => NONE,
                _ => {
                    // One rank higher, the other colour: diamonds and hearts (1, 2) for a black
                    // card, clubs and spades (0, 3) for a red one; code 1 the lower suit.
                    let black = matches!(index & 3, 0 | 3);
                    let suit = match (black, code) {
                        (true, 1) => 1,
                        (true, _) => 2,
                        (false, 1) => 0,
                        (false, _) => 3,
                    };
                    (index / 4 + 1) * 4 + suit
                }
            };
            if under == NONE {
                bottoms |= 1 << index;
            } else {
                above[under as usize] = index;
            }
        }
        let mut face_down = [0u8; PILES];
        for (pile, count) in face_down.iter_mut().enumerate().skip(1) {
            *count = ((words[1] >> (FACE_DOWN_SHIFT - 64 + 3 * (pile as u32 - 1))) & 7) as u8;
        }
        let mut piles = [[FILLER; MAX_PILE]; PILES];
        let mut lengths = [0u8; PILES];
        let mut fill = |pile: usize, bottom: u8, piles: &mut [[Card; MAX_PILE]; PILES]| {
            let mut card = bottom;
            let mut length = 0;
            while card != NONE && length < MAX_PILE {
                piles[pile][length] = Card::from_index(card).unwrap_or(FILLER);
                length += 1;
                card = above[card as usize];
            }
            lengths[pile] = length as u8;
        };
        let mut free = [true; PILES];
        for pile in 1..PILES {
            if face_down[pile] > 0 {
                let bottom = self.bottom[pile];
                bottoms &= !(1u64 << bottom);
                fill(pile, bottom, &mut piles);
                free[pile] = false;
            }
        }
        for (pile, &free) in free.iter().enumerate() {
            if free && bottoms != 0 {
                let bottom = bottoms.trailing_zeros() as u8;
                bottoms &= bottoms - 1;
                fill(pile, bottom, &mut piles);
            }
        }
        Position::from_parts(piles, lengths, face_down, foundations)
    }

    /// The key of `position`, which must have been reached from the position this was made
    /// from (with the same face-down cards dealt).
    pub(super) fn key(&self, position: &Position) -> u128 {
        // Built as two 64-bit words (cards 0..32, then cards 32..52 and the face-down counts):
        // wasm has no 128-bit shifts. The search keys its children by `after_move` instead.
        let mut words = [0u64; 2];
        for pile in 0..PILES {
            let cards = position.pile(pile);
            let mut under = None;
            for &card in cards {
                let code = self.code_on(card, under);
                debug_assert!(code != 3 || (under.is_none() && card.rank() == Rank::King));
                let index = card.index() as usize;
                words[(index >> 5) & 1] |= code << ((2 * index) & 63);
                under = Some(card);
            }
            if pile > 0 {
                words[1] |=
                    (position.face_down(pile) as u64) << (FACE_DOWN_SHIFT - 64 + 3 * (pile as u32 - 1));
            }
        }
        let mut key = u128::from(words[1]) << 64 | u128::from(words[0]);
        for (homes, &height) in self.homes.iter().zip(&position.foundations()) {
            key |= homes[(height as usize).min(13)];
        }
        key
    }

    /// The code of `card` in a key while it lies on `under` (`None`: at the bottom of a pile):
    /// 0 on the card it was dealt on, 1 or 2 on the lower or higher suit of the two it builds
    /// on, 3 elsewhere (a king moved to an empty pile).
    fn code_on(&self, card: Card, under: Option<Card>) -> u64 {
        match under {
            Some(parent) if builds_on(card, parent) => 1 + u64::from((parent.index() & 3) >> 1),
            _ if under.map_or(NONE, Card::index) == self.under[card.index() as usize] => 0,
            _ => 3,
        }
    }

    /// The key after `mv`, played on `before` (whose key is `key`): only the moved card's
    /// code changes (what lies under it now), and the face-down count of the pile it left if
    /// that turned a card up (a card turned up keeps code 0, still on the card it was dealt
    /// on). The same as [`Dealt::key`] of the position after, at a fraction of its cost
    /// (checked in the tests).
    pub(super) fn after_move(&self, key: u128, before: &Position, mv: Move) -> u128 {
        let mut words = [key as u64, (key >> 64) as u64];
        let (card, from) = match mv {
            Move::ToFoundation { from, card } => (card, from as usize),
            Move::ToPile { from, card, .. } => (card, from as usize),
        };
        let index = card.index() as usize;
        let code = match mv {
            Move::ToFoundation { .. } => home_code(card),
            Move::ToPile { to, .. } => self.code_on(card, before.top(to as usize)),
        };
        let (word, shift) = ((index >> 5) & 1, (2 * index) & 63);
        words[word] = words[word] & !(3 << shift) | code << shift;
        let count = match mv {
            Move::ToFoundation { .. } => 1,
            Move::ToPile { count, .. } => count as usize,
        };
        let down = before.face_down(from);
        if from > 0 && down > 0 && down + count == before.pile(from).len() {
            words[1] -= 1 << (FACE_DOWN_SHIFT - 64 + 3 * (from as u32 - 1));
        }
        u128::from(words[1]) << 64 | u128::from(words[0])
    }
}

/// A card's code in a key once it is home: 1 for a king (which never builds on a card, so
/// never has code 1 in play), 3 for any other card (which never has code 3 in play: only a
/// king moves to an empty pile).
fn home_code(card: Card) -> u64 {
    if card.rank() == Rank::King {
        1
    } else {
        3
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
                let decoded = dealt.decode(key);
                assert_eq!(dealt.key(&decoded), key);
                let mut again: Vec<Vec<Card>> = (0..PILES).map(|p| decoded.pile(p).to_vec()).collect();
                again.sort();
                assert_eq!(again, piles[..PILES]);
                assert_eq!(decoded.foundations(), position.foundations());
                if let Some(previous) = seen.insert(key, piles.clone()) {
                    assert_eq!(previous, piles);
                }
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    let after = position.play(mv).expect("a legal move plays");
                    assert_eq!(dealt.after_move(key, &position, mv), dealt.key(&after), "{mv:?}\n{position}");
                }
                position.apply(moves.as_slice()[random.below(moves.len() as u64) as usize]);
            }
        }
    }
}
