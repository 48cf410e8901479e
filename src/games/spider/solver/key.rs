//! A position's 128-bit fingerprint for the transposition table.
//!
//! Once the stock is empty, which pile is which no longer matters (every rule treats the ten
//! piles alike), so the piles' fingerprints are combined in an order-blind way and positions
//! that differ only by the piles' order share a key. While the stock still holds rows, pile `i`
//! will receive the stock's card `i` of each row, so each pile's fingerprint includes its index.

use super::super::rules::{Position, PILES};

/// The position's fingerprint: a 64-bit key and an independent 64-bit hash, which places the key
/// in the table and tags it, so two positions are taken for one only if both agree in 64 bits
/// and in the bits of the hash that chose its slot and tag. With 1.25 million positions kept (the
/// most the exhaustive phase keeps), the keys alone give a false match about one chance in 2^24;
/// slot and tag must agree as well, about 2^-28 more.
pub(super) fn fingerprint(position: &Position) -> (u64, u64) {
    let mut sum = PileSum::default();
    for pile in 0..PILES {
        sum.add(pile_fingerprint(position, pile));
    }
    sum.finish(position)
}

/// The order-blind sum of piles' fingerprints, which [`PileSum::finish`] turns into a
/// position's; a move's child is fingerprinted by taking out the piles it changed and adding
/// them back as they are after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PileSum(u64, u64);

impl PileSum {
    pub(super) fn add(&mut self, (a, b): (u64, u64)) {
        self.0 = self.0.wrapping_add(a);
        self.1 = self.1.wrapping_add(b);
    }

    pub(super) fn remove(&mut self, (a, b): (u64, u64)) {
        self.0 = self.0.wrapping_sub(a);
        self.1 = self.1.wrapping_sub(b);
    }

    /// The fingerprint of `position`, whose piles' fingerprints this sums.
    pub(super) fn finish(self, position: &Position) -> (u64, u64) {
        let rows_left = position.rows_left() as u64;
        (finish(self.0 ^ rows_left), finish(self.1 ^ rows_left << 7))
    }
}

/// Two independent 64-bit hashes of one pile: its cards, its face-down count and, while the
/// stock holds rows, its index.
pub(super) fn pile_fingerprint(position: &Position, pile: usize) -> (u64, u64) {
    let cards = position.pile(pile);
    let index = if position.rows_left() > 0 { pile as u64 + 1 } else { 0 };
    let head = index << 16 | (position.face_down(pile) as u64) << 8 | cards.len() as u64;
    let mut a = (0x9E37_79B9_7F4A_7C15 ^ head).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let mut b = (0xC2B2_AE3D_27D4_EB4F ^ head).wrapping_mul(0x94D0_49BB_1331_11EB);
    for card in cards {
        let c = u64::from(card.index()) + 1;
        a = (a ^ c).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(27);
        b = (b ^ c).wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
    }
    (finish(a), finish(b))
}

/// A final mix (splitmix64's), so that sums of pile hashes stay well spread.
fn finish(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ x >> 31
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::PysolNumber;
    use crate::games::spider::{pysol_deal, Move, Suits};

    /// `position` with piles `a` and `b` swapped, through its packed form.
    fn swapped(position: &Position, a: usize, b: usize) -> Position {
        let mut bytes = Vec::new();
        position.pack(&mut bytes);
        // Past the rows dealt, the cleared count and the cleared suits: per pile its length,
        // its face-down count and its cards.
        let mut at = 2 + position.cleared().len();
        let mut piles: Vec<Vec<u8>> = Vec::new();
        for _ in 0..PILES {
            let length = bytes[at] as usize;
            piles.push(bytes[at..at + 2 + length].to_vec());
            at += 2 + length;
        }
        piles.swap(a, b);
        let mut packed = bytes[..2 + position.cleared().len()].to_vec();
        packed.extend(piles.concat());
        let mut result = *position;
        result.unpack(&packed);
        result
    }

    #[test]
    fn the_piles_order_counts_only_while_the_stock_holds_rows() {
        let mut position = pysol_deal(PysolNumber::new(5).unwrap(), Suits::Four);
        let before = swapped(&position, 2, 7);
        assert_eq!(before.pile(2), position.pile(7));
        assert_ne!(fingerprint(&before), fingerprint(&position));
        for _ in 0..5 {
            position.apply(Move::Deal);
        }
        let after = swapped(&position, 2, 7);
        assert_ne!(after, position);
        assert_eq!(fingerprint(&after), fingerprint(&position));
    }
}
