//! Cards and card sets as bits (bit `4 * (rank - 1) + suit`, as [`Card::bit`]): the builders
//! of a card, and the constants of the dead-end check.

use crate::cards::Card;

/// The cards that build on `card` (the next lower rank, other colour), as card bits: none
/// for an ace. Card bits are `4 * (rank - 1) + suit`, so they are the other colour's suits one
/// rank below.
pub(super) fn builder_bits(card: Card) -> u64 {
    let index = card.index() as u32;
    if index < 4 {
        return 0;
    }
    OTHER_COLOUR[(index & 3) as usize] << ((index / 4 - 1) * 4)
}

/// The two cards that build on `card` (the next lower rank, other colour), if it is not an
/// ace, in suit order (see [`builder_bits`]).
pub(super) fn builders(card: Card) -> [Option<Card>; 2] {
    let bits = builder_bits(card);
    if bits == 0 {
        return [None, None];
    }
    [Card::from_index(bits.trailing_zeros() as u8), Card::from_index(63 - bits.leading_zeros() as u8)]
}

/// Every card, by [`Card::bit`] (bit `4 * (rank - 1) + suit`).
pub(super) const ALL_CARDS: u64 = (1 << 52) - 1;
/// The four aces and the four kings.
pub(super) const ACES: u64 = 0b1111;
pub(super) const KINGS: u64 = 0b1111 << 48;
/// The lowest card index of a king.
pub(super) const KING_INDEX: usize = 48;
/// Bit 0 of each rank's four bits.
pub(super) const CLUBS: u64 = 0x1_1111_1111_1111;

/// By height h, the bits of the clubs of ranks 1..=h (shift by a suit's index for its cards).
pub(super) const RANKS_BELOW: [u64; 14] = {
    let mut table = [0u64; 14];
    let mut h = 1;
    while h < 14 {
        table[h] = table[h - 1] | 1 << (4 * (h - 1));
        h += 1;
    }
    table
};

/// By card index, the cards it builds on (next rank, other colour); none for a king.
pub(super) const NEXT_OTHER_COLOUR: [u64; 52] = {
    let mut table = [0u64; 52];
    let mut index = 0;
    while index < KING_INDEX {
        table[index] = OTHER_COLOUR[index % 4] << ((index / 4 + 1) * 4);
        index += 1;
    }
    table
};

/// The cards (kings aside) that build on some card of `targets`: a red card when a black card
/// of the next rank is there, a black one when a red one is.
pub(super) fn fit_on(targets: u64) -> u64 {
    // Bit 0 of a rank's four bits: a club or spade (black) / a diamond or heart (red) of it.
    let black = (targets | targets >> 3) & CLUBS;
    let red = (targets >> 1 | targets >> 2) & CLUBS;
    // One rank down; spread to the two suits of the other colour (no carries between ranks).
    ((black >> 4) * 0b0110) | ((red >> 4) * 0b1001)
}

/// The suits of the other colour, as a 4-bit mask, by suit index.
pub(super) const OTHER_COLOUR: [u64; 4] = [0b0110, 0b1001, 0b1001, 0b0110];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::rules::builds_on;

    /// The builders the solver looks up are exactly the cards that the rules let build on a
    /// card, in suit order.
    #[test]
    fn builders_are_the_cards_that_build_on_a_card() {
        for card in Card::all() {
            let expected: Vec<Card> = Card::all().filter(|&other| builds_on(other, card)).collect();
            let found: Vec<Card> = builders(card).into_iter().flatten().collect();
            assert_eq!(found, expected, "{card:?}");
            assert_eq!(builder_bits(card), expected.iter().fold(0, |bits, c| bits | c.bit()), "{card:?}");
        }
    }
}
