//! A position's 128-bit fingerprint for the transposition table.
//!
//! Once the stock is empty, which pile is which no longer matters (every rule treats the ten
//! piles alike), so the piles' fingerprints are combined in an order-blind way and positions
//! that differ only by the piles' order share a key. While the stock still holds rows, pile `i`
//! will receive the stock's card `i` of each row, so each pile's fingerprint includes its index.

use super::super::rules::{Position, PILES};

/// The position's fingerprint: a 64-bit key and an independent 64-bit hash, which places the key
/// in the table and tags it, so two positions are taken for one only if both agree in 64 bits
/// and more (about one chance in 2^80 at the largest budget).
pub(super) fn fingerprint(position: &Position) -> (u64, u64) {
    let rows_left = position.rows_left() as u64;
    let placed = rows_left > 0;
    let mut a: u64 = 0x243F_6A88_85A3_08D3 ^ rows_left;
    let mut b: u64 = 0x1319_8A2E_0370_7344 ^ rows_left << 7;
    for pile in 0..PILES {
        let (pa, pb) = pile_fingerprint(position, pile, placed);
        a = a.wrapping_add(pa);
        b = b.wrapping_add(pb);
    }
    (finish(a), finish(b))
}

/// Two independent 64-bit hashes of one pile: its cards, its face-down count and, if `placed`,
/// its index.
fn pile_fingerprint(position: &Position, pile: usize, placed: bool) -> (u64, u64) {
    let cards = position.pile(pile);
    let index = if placed { pile as u64 + 1 } else { 0 };
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
