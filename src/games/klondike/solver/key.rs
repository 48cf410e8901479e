//! Transposition-table keys: a whole position packed exactly into 192 bits ([`Key`]), made
//! from [`KeyParts`], whose hash is worked out without packing (so that a position that is only
//! looked up is packed only if its fingerprint matches, see [`super::table`]).

use crate::cards::Suit;
use crate::games::klondike::rules::{Draw, Position, COLUMNS};

/// The start's talon, which every key of a search refers to: each talon card's place in it
/// (keys hold the talon as a mask of places) and all of its cards as card bits.
#[derive(Clone, Copy, Debug)]
pub(super) struct StartTalon {
    pub(super) index: [u8; 52],
    pub(super) cards: u64,
}

impl StartTalon {
    pub(super) fn of(start: &Position) -> StartTalon {
        let mut index = [0u8; 52];
        let mut cards = 0;
        for (i, card) in start.talon().0.iter().enumerate() {
            index[card.index() as usize] = i as u8;
            cards |= card.bit();
        }
        StartTalon { index, cards }
    }
}

/// A transposition-table key: a whole position packed exactly into 192 bits.
pub(super) type Key = [u64; 3];

/// A key written as a stream of bit fields, low bits first: `current` collects fields until
/// a whole word is full, so each field costs a shift and an or, and a spill twice a key.
#[derive(Default)]
pub(super) struct Bits {
    pub(super) words: Key,
    pub(super) current: u64,
    /// Bits used in `current` (always below 64).
    pub(super) filled: u32,
    /// Words already written to `words`.
    pub(super) full: usize,
}

impl Bits {
    /// Appends the low `width` bits of `value` (`width` at most 32, `value` below 2^width).
    pub(super) fn put(&mut self, value: u64, width: u32) {
        self.current |= value << self.filled;
        self.filled += width;
        if self.filled >= 64 {
            if self.full < 3 {
                self.words[self.full] = self.current;
            }
            self.full += 1;
            self.filled -= 64;
            // The bits of `value` that did not fit (none if it ended the word exactly, as
            // `value` is below 2^width).
            self.current = value >> (width - self.filled);
        }
    }

    pub(super) fn finish(mut self) -> Key {
        if self.full < 3 {
            self.words[self.full] = self.current;
        }
        self.words
    }
}

/// One column as a code, which also fixes its width (see [`column_width`]): face-down count
/// (3 bits), face-up length (4 bits), then the deepest face-up card (6 bits) and one bit per
/// further card saying which suit of its colour it is (the rank and colour follow from the
/// building rule).
pub(super) fn column_code(position: &Position, column: usize) -> u64 {
    let face_down = position.face_down(column);
    let cards = position.column(column);
    let face_up = cards.len() - face_down;
    let code = face_down as u64 | (face_up as u64) << 3;
    let Some(first) = cards.get(face_down) else { return code };
    // The suit bits of the cards above the first face-up one (none above the top).
    let suit_bits = position.high_suits(column) as u64 >> (face_down + 1);
    code | (first.index() as u64) << 7 | suit_bits << 13
}

/// The width in bits of a column code: 7 for an empty face-up run, else 13 and one per
/// face-up card after the first (at most 25).
pub(super) fn column_width(code: u64) -> u32 {
    let face_up = (code >> 3 & 0xF) as u32;
    if face_up == 0 {
        7
    } else {
        12 + face_up
    }
}

/// Where a key's waste size starts: after the foundation heights (16 bits) and the talon mask
/// (24 bits), in the first word.
pub(super) const WASTE_SHIFT: u32 = 40;

/// What a key is packed from: the fields before the columns, and each column's code.
#[derive(Clone, Copy)]
pub(super) struct KeyParts {
    /// Foundation heights, 4 bits by suit index.
    pub(super) foundations: u64,
    /// The talon cards by their place in the start's talon.
    pub(super) talon_mask: u64,
    /// The waste size, 0 where it is canonical (see [`key_parts`]).
    pub(super) waste: u64,
    /// With a pass limit, the recycles so far.
    pub(super) recycles: Option<u64>,
    pub(super) codes: [u64; COLUMNS],
}

/// The parts of `position`'s key.
pub(super) fn key_parts(position: &Position, talon_index: &[u8; 52], pass_limit: bool) -> KeyParts {
    let foundations = Suit::ALL
        .iter()
        .enumerate()
        .fold(0u64, |all, (i, &suit)| all | (position.foundation(suit) as u64) << (4 * i));
    let (talon, waste) = position.talon();
    let talon_mask = talon.iter().fold(0u64, |mask, card| mask | 1 << talon_index[card.index() as usize]);
    // With unlimited passes the waste sizes 0, d, 2d, …, n are all reachable from one
    // another by drawing and recycling, so they are one state (in draw 1 that is every size).
    let canonical = !pass_limit
        && match position.rules().draw {
            Draw::One => true,
            Draw::Three => waste % 3 == 0 || waste == talon.len(),
        };
    let mut codes = [0u64; COLUMNS];
    for (column, code) in codes.iter_mut().enumerate() {
        *code = column_code(position, column);
    }
    KeyParts {
        foundations,
        talon_mask,
        waste: if canonical { 0 } else { waste as u64 },
        recycles: pass_limit.then(|| position.recycles() as u64),
        codes,
    }
}

impl KeyParts {
    /// The hash of the key ([`KeyParts::pack`]), made without packing it: the columns without
    /// face-down cards, which the key sorts, are added in any order, the others with their
    /// place, so parts that make the same key have the same hash.
    pub(super) fn hash(&self) -> u64 {
        /// Spreads the bits of `value` over a word (a multiply, then the high bits folded
        /// back into the low ones, which choose the slot).
        fn spread(value: u64, factor: u64) -> u64 {
            let product = value.wrapping_mul(factor);
            product ^ product >> 29
        }
        let head = self.foundations
            | self.talon_mask << 16
            | self.waste << WASTE_SHIFT
            | self.recycles.unwrap_or(0) << (WASTE_SHIFT + 5);
        let mut sum = spread(head, 0x9E37_79B9_7F4A_7C15);
        for (column, &code) in self.codes.iter().enumerate() {
            // Codes use at most 25 bits; a column with face-down cards adds its place above.
            let placed = if code & 7 == 0 { code } else { code | (column as u64 + 1) << 32 };
            sum = sum.wrapping_add(spread(placed, 0xBF58_476D_1CE4_E5B9));
        }
        // A final mix, so that the fingerprint (the top 8 bits) depends on every part.
        sum ^= sum >> 33;
        sum = sum.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        sum ^= sum >> 33;
        sum = sum.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        sum ^ sum >> 33
    }

    /// The key. Columns without face-down cards are interchangeable, so they are written in a
    /// canonical (sorted) order. At most 189 bits are used.
    pub(super) fn pack(&self) -> Key {
        let mut bits = Bits::default();
        bits.put(self.foundations, 16);
        bits.put(self.talon_mask, 24);
        debug_assert_eq!(bits.filled, WASTE_SHIFT);
        bits.put(self.waste, 5);
        if let Some(recycles) = self.recycles {
            bits.put(recycles, 8);
        }
        // Columns with face-down cards in place; the others, sorted, fill the free places in
        // order. Face-down counts are in the low bits, so a free column's code is a multiple
        // of 8.
        let mut free = [0u64; COLUMNS];
        let mut free_count = 0;
        for &code in &self.codes {
            if code & 7 == 0 {
                insert_sorted(&mut free, &mut free_count, code);
            }
        }
        let mut next_free = 0;
        for &code in &self.codes {
            let code = if code & 7 == 0 {
                next_free += 1;
                free[next_free - 1]
            } else {
                code
            };
            bits.put(code, column_width(code));
        }
        bits.finish()
    }
}

/// Inserts `code` into the first `*count` entries of `sorted` (ascending; at most seven
/// columns, so insertion beats any sort), counting it.
#[inline]
fn insert_sorted(sorted: &mut [u64; COLUMNS], count: &mut usize, code: u64) {
    let mut at = *count;
    while at > 0 && sorted[at - 1] > code {
        sorted[at] = sorted[at - 1];
        at -= 1;
    }
    sorted[at] = code;
    *count += 1;
}

/// A position's *class*: its key without the order of the face-up cards that lie on other
/// face-up cards (see [`KeyParts::class`]), 116 bits in two words.
pub(super) type ClassKey = [u64; 2];

impl KeyParts {
    /// The position's class and its hash: the foundations, the talon and, per column, the
    /// face-down count and the deepest face-up card (the column's *base*), with the columns
    /// without face-down cards sorted. Which face-up cards lie on which others is left out;
    /// the cards themselves follow (every card not home, in the talon, face down or a base).
    ///
    /// Positions of one class are won or lost alike (docs/RULES.md, rule 20): a face-up card
    /// that is not a base lies on one of the two cards of the other colour and the next rank,
    /// and two positions of a class differ only in which; where just one such card lies on one
    /// of two, the other is free and it moves across and back, and where two lie on two, the
    /// cards on them follow. Any move of one position is a move of the other once at most one
    /// such card has moved across, and it leads to positions of one class again.
    pub(super) fn class(&self) -> (u64, ClassKey) {
        let mut free = [0u64; COLUMNS];
        let mut free_count = 0;
        let mut placed = 0u64;
        for (column, &code) in self.codes.iter().enumerate() {
            let face_up = code >> 3 & 0xF;
            let base = if face_up == 0 { 63 } else { code >> 7 & 63 };
            let class = code & 7 | base << 3;
            if code & 7 == 0 {
                insert_sorted(&mut free, &mut free_count, class);
            } else {
                placed |= class << (9 * column);
            }
        }
        // Columns with face-down cards keep their place; the sorted others fill the rest.
        let mut next_free = 0;
        for (column, &code) in self.codes.iter().enumerate() {
            if code & 7 == 0 {
                placed |= free[next_free] << (9 * column);
                next_free += 1;
            }
        }
        let head = self.foundations
            | self.talon_mask << 16
            | self.waste << WASTE_SHIFT
            | self.recycles.unwrap_or(0) << (WASTE_SHIFT + 5);
        let mut hash = head.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ placed.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        (hash ^ hash >> 33, [head, placed])
    }
}

/// The class ([`KeyParts::class`]) of the position packed in `key` (with a pass limit, whose
/// keys hold the recycles, if `pass_limit`).
pub(super) fn class_of_key(key: &Key, pass_limit: bool) -> (u64, ClassKey) {
    let mut at = 0u32;
    let mut read = |width: u32| {
        let (word, shift) = ((at / 64) as usize, at % 64);
        let mut value = key[word] >> shift;
        if shift + width > 64 {
            value |= key[word + 1] << (64 - shift);
        }
        at += width;
        value & ((1 << width) - 1)
    };
    let foundations = read(16);
    let talon_mask = read(24);
    let waste = read(5);
    let recycles = pass_limit.then(|| read(8));
    let mut codes = [0u64; COLUMNS];
    for code in &mut codes {
        let head = read(7);
        let face_up = head >> 3;
        *code = if face_up == 0 {
            head
        } else {
            let base = read(6);
            // The suit bits, which a class leaves out.
            read(face_up as u32 - 1);
            head | base << 7
        };
    }
    KeyParts { foundations, talon_mask, waste, recycles, codes }.class()
}

/// A column's code (see [`column_code`]) once its top card, which is face up, has gone.
pub(super) fn without_top(code: u64) -> u64 {
    let face_up = code >> 3 & 0xF;
    if face_up <= 1 {
        return code & 7;
    }
    // One face-up card fewer, and the top card's suit bit cleared.
    let code = code - (1 << 3);
    code & !(1 << (13 + face_up - 2))
}

/// The codes of two columns (see [`column_code`]) once the top `count` cards of the first,
/// which leave at least one face-up card, have moved onto the second, which has a face-up top.
pub(super) fn move_run_code(from: u64, to: u64, count: u64) -> (u64, u64) {
    pub(super) const FACE_UP: u64 = 0xF << 3;
    pub(super) const HEAD: u64 = (1 << 13) - 1;
    let (from_up, to_up) = (from >> 3 & 0xF, to >> 3 & 0xF);
    let (from_bits, to_bits) = (from >> 13, to >> 13);
    let keep = from_up - count;
    let moved = from_bits >> (keep - 1) & ((1 << count) - 1);
    let from = from & HEAD & !FACE_UP | keep << 3 | (from_bits & ((1 << (keep - 1)) - 1)) << 13;
    let to = to & HEAD & !FACE_UP | (to_up + count) << 3 | (to_bits | moved << (to_up - 1)) << 13;
    (from, to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::rules::Rules;

    /// What a key must capture: everything, up to the order of columns without face-down
    /// cards and waste sizes that are mutually reachable.
    fn description(position: &Position) -> Vec<Vec<u8>> {
        let (talon, waste) = position.talon();
        let canonical = waste % position.rules().draw.count() as usize == 0 || waste == talon.len();
        let mut head = vec![if canonical { 0 } else { waste as u8 }];
        head.extend(talon.iter().map(|c| c.index()));
        head.extend(Suit::ALL.iter().map(|&s| position.foundation(s)));
        let column = |c: usize| {
            let mut v = vec![position.face_down(c) as u8];
            v.extend(position.column(c).iter().map(|card| card.index()));
            v
        };
        let mut free: Vec<Vec<u8>> =
            (0..COLUMNS).filter(|&c| position.face_down(c) == 0).map(column).collect();
        free.sort();
        let mut out = vec![head];
        out.extend((0..COLUMNS).filter(|&c| position.face_down(c) > 0).map(|c| {
            let mut v = vec![c as u8];
            v.extend(column(c));
            v
        }));
        out.extend(free);
        out
    }

    /// Fields written with `Bits::put` read back from the key, across word boundaries and
    /// with fields that end a word exactly.
    #[test]
    fn bits_read_back_what_was_put() {
        let mut random = crate::deal::SplitMix64::new(3);
        for _ in 0..2_000 {
            let mut bits = Bits::default();
            let mut fields = Vec::new();
            let mut total = 0;
            loop {
                let width = if random.below(4) == 0 { 64 - total % 64 } else { random.below(25) as u32 + 1 };
                if width > 32 || total + width > 192 {
                    if total + 7 > 192 {
                        break;
                    }
                    continue;
                }
                let value = random.below(1 << width);
                bits.put(value, width);
                fields.push((value, width));
                total += width;
            }
            let key = bits.finish();
            let mut at = 0;
            for (value, width) in fields {
                let read = (0..width).fold(0u64, |read, i| {
                    let bit = at + i;
                    read | (key[bit as usize / 64] >> (bit % 64) & 1) << i
                });
                assert_eq!(read, value, "field of width {width} at bit {at}");
                at += width;
            }
        }
    }

    /// Rule 20: a class read back from a packed key is the one made from its parts; moving a
    /// face-up card that is not a column's deepest between columns keeps the class, and
    /// positions of one class are won or lost alike for a plain exhaustive search.
    #[test]
    fn positions_of_one_class_are_won_or_lost_alike() {
        use crate::games::klondike::rules::Move;
        use crate::games::klondike::solver::testing::{plain_wins, random_positions};
        let (mut compared, mut crossed) = (0, 0);
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 1..12, 150) {
                for position in [position, position.with_rules(one_pass)] {
                    let pass_limit = position.rules().pass_limit.is_some();
                    let talon = StartTalon::of(&position);
                    let parts = key_parts(&position, &talon.index, pass_limit);
                    assert_eq!(class_of_key(&parts.pack(), pass_limit), parts.class(), "{position}");
                    let mut verdict = None;
                    for &mv in position.legal_moves().as_slice() {
                        let Move::TableauToTableau { from, count, .. } = mv else { continue };
                        let column = from as usize;
                        let face_up = position.column(column).len() - position.face_down(column);
                        if count as usize >= face_up {
                            continue;
                        }
                        let mut other = position;
                        other.apply(mv);
                        let other_parts = key_parts(&other, &talon.index, pass_limit);
                        assert_eq!(other_parts.class(), parts.class(), "{position} then {mv:?}");
                        crossed += 1;
                        if crossed % 4 != 0 {
                            continue;
                        }
                        let won = *verdict.get_or_insert_with(|| plain_wins(&position, 4_000));
                        if let (Some(won), Some(other_won)) = (won, plain_wins(&other, 4_000)) {
                            assert_eq!(won, other_won, "{position} then {mv:?}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(crossed >= 100 && compared >= 30, "{crossed} moves across, {compared} compared");
    }

    #[test]
    fn keys_are_equal_exactly_when_descriptions_are() {
        let mut keys = std::collections::HashMap::new();
        for seed in 0..20 {
            for draw in [Draw::One, Draw::Three] {
                let start = Position::new(&seeded_deck(seed), Rules::new(draw));
                let mut index = [0u8; 52];
                for (i, card) in start.talon().0.iter().enumerate() {
                    index[card.index() as usize] = i as u8;
                }
                let mut position = start;
                let mut random = crate::deal::SplitMix64::new(seed);
                for _ in 0..300 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves.as_slice()[random.below(moves.len() as u64) as usize];
                    position.apply(mv);
                    let parts = key_parts(&position, &index, false);
                    let key = (seed, draw, parts.pack());
                    let described = description(&position);
                    if let Some((previous, hash)) = keys.insert(key, (described.clone(), parts.hash())) {
                        assert_eq!(previous, described);
                        assert_eq!(hash, parts.hash(), "equal keys, different hashes: {position}");
                    }
                }
            }
        }
        // And distinct descriptions never share a key (checked the other way round).
        let mut by_description = std::collections::HashMap::new();
        for ((seed, draw, key), (described, _)) in keys {
            if let Some(previous) = by_description.insert((seed, draw, described), key) {
                assert_eq!(previous, key);
            }
        }
    }
}
