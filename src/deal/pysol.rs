//! PySolFC's game numbers: which cards game #N deals, for any game and deck size.
//!
//! PySolFC picks its random-number generator by the game number:
//! - 1..=31999: Microsoft's C runtime `rand()` (the FreeCell generator), drawing
//!   `rand() % (n + 1)`. When the deck has exactly 52 cards it is first re-ordered into
//!   Microsoft's order (rank by rank: clubs, diamonds, hearts, spades), so that FreeCell's
//!   family deals game N exactly as Microsoft FreeCell deals deal N.
//! - 32000 and up (to 10^20 − 1): Python's `random.Random(N)`, a Mersenne Twister seeded
//!   with the whole integer, drawing `int(random() * (n + 1))` from its 53-bit floats.
//!
//! Either way the shuffle runs n = len − 1 down to 1, swapping cards n and j = draw(0..=n).
//! The deck before shuffling is, for each deck, for each suit of the game's suit list
//! (PySolFC numbers clubs 0, spades 1, hearts 2, diamonds 3), ace to king. PySolFC then
//! deals from the end of the shuffled list: its last card is dealt first.
//!
//! Checked against PySolFC's own random module (`pysol_cards` 0.24, with PySolFC's boundary
//! at 32000) by `scripts/pysol-vectors.py` and `tests/data/pysol-deals.txt`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Rank, Suit};

/// A PySolFC game number, 1 to 10^20 − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PysolNumber(u128);

impl PysolNumber {
    pub const MIN: u128 = 1;
    pub const MAX: u128 = 100_000_000_000_000_000_000 - 1;
    /// The first number dealt by the Mersenne Twister; those below use Microsoft's generator.
    pub const FIRST_TWISTER: u128 = 32_000;

    pub fn new(number: u128) -> Result<PysolNumber, PysolNumberError> {
        if (PysolNumber::MIN..=PysolNumber::MAX).contains(&number) {
            Ok(PysolNumber(number))
        } else {
            Err(PysolNumberError::OutOfRange { number: number.to_string() })
        }
    }

    pub const fn get(self) -> u128 {
        self.0
    }
}

impl fmt::Display for PysolNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a text is not a PySolFC game number (the text quoted shortened).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum PysolNumberError {
    #[error("`{text}` is not a game number: use digits only, from 1 to 99999999999999999999")]
    NotANumber { text: String },
    #[error("game {number} is out of range: games run from 1 to 99999999999999999999")]
    OutOfRange { number: String },
}

impl FromStr for PysolNumber {
    type Err = PysolNumberError;

    fn from_str(text: &str) -> Result<PysolNumber, PysolNumberError> {
        let trimmed = text.trim();
        if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PysolNumberError::NotANumber { text: crate::limits::quote(text) });
        }
        match trimmed.parse::<u128>() {
            Ok(number) => PysolNumber::new(number),
            Err(_) => Err(PysolNumberError::OutOfRange { number: crate::limits::quote(trimmed) }),
        }
    }
}

/// PySolFC's suit numbering: clubs 0, spades 1, hearts 2, diamonds 3. A game's suit list
/// (and so its deck order) is written in this order.
pub const PYSOL_SUITS: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

/// The cards of PySolFC game `number` for a deck of `decks` copies of `suits` (each ace to
/// king), in the order PySolFC deals them: the first card dealt first.
///
/// A 52-card game (one deck of [`PYSOL_SUITS`]) numbered below 32000 deals as Microsoft deal
/// `number`. Duplicate or missing suits are allowed (Spider's one- and two-suit decks).
pub fn pysol_deal_order(number: PysolNumber, decks: usize, suits: &[Suit]) -> Vec<Card> {
    let mut cards = pysol_shuffled(number, decks, suits);
    cards.reverse();
    cards
}

/// The shuffled list exactly as PySolFC holds it before dealing (its last card is dealt
/// first). [`pysol_deal_order`] is this list reversed.
pub fn pysol_shuffled(number: PysolNumber, decks: usize, suits: &[Suit]) -> Vec<Card> {
    let mut cards: Vec<Card> = (0..decks)
        .flat_map(|_| suits.iter().flat_map(|&suit| Rank::ALL.map(|rank| Card::new(rank, suit))))
        .collect();
    if number.get() < PysolNumber::FIRST_TWISTER {
        if cards.len() == 52 {
            cards = microsoft_order(&cards);
        }
        // Below 32000 the number fits a u32 comfortably.
        let mut random = MicrosoftRand { state: number.get() as u32 };
        shuffle(&mut cards, |n| random.next() % (n + 1));
    } else {
        let mut random = Twister::seeded(number.get());
        shuffle(&mut cards, |n| random.below_by_float(n + 1));
    }
    cards
}

/// Microsoft's re-ordering of a 52-card deck: for each rank, the cards at offsets 0, 39, 26
/// and 13 of the deck (for PySolFC's suit order: clubs, diamonds, hearts, spades).
fn microsoft_order(cards: &[Card]) -> Vec<Card> {
    (0..13).flat_map(|rank| [0, 39, 26, 13].map(|offset| cards[rank + offset])).collect()
}

/// Fisher–Yates from the last position down: swap card n with card `draw(n)` (0..=n).
fn shuffle(cards: &mut [Card], mut draw: impl FnMut(u32) -> u32) {
    for n in (1..cards.len()).rev() {
        // A deck never holds 2^32 cards; `n` fits.
        let j = draw(n as u32) as usize;
        cards.swap(n, j);
    }
}

/// The C runtime's `rand()` as Microsoft FreeCell uses it (numbers below 2^31).
struct MicrosoftRand {
    state: u32,
}

impl MicrosoftRand {
    fn next(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        (self.state >> 16) & 0x7fff
    }
}

/// The Mersenne Twister MT19937 as Python's `random` module seeds and reads it.
struct Twister {
    state: [u32; 624],
    index: usize,
}

impl Twister {
    /// `random.Random(seed)`: `init_by_array` over the seed's 32-bit words, least
    /// significant first (one zero word for zero).
    fn seeded(seed: u128) -> Twister {
        let mut key = Vec::with_capacity(4);
        let mut rest = seed;
        loop {
            key.push(rest as u32);
            rest >>= 32;
            if rest == 0 {
                break;
            }
        }
        let mut twister = Twister::with_seed(19_650_218);
        let state = &mut twister.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            let previous = state[i - 1] ^ (state[i - 1] >> 30);
            state[i] =
                (state[i] ^ previous.wrapping_mul(1_664_525)).wrapping_add(key[j]).wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                state[0] = state[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            let previous = state[i - 1] ^ (state[i - 1] >> 30);
            state[i] = (state[i] ^ previous.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                state[0] = state[623];
                i = 1;
            }
        }
        state[0] = 0x8000_0000;
        twister
    }

    /// `init_genrand`.
    fn with_seed(seed: u32) -> Twister {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            let previous = state[i - 1] ^ (state[i - 1] >> 30);
            state[i] = 1_812_433_253u32.wrapping_mul(previous).wrapping_add(i as u32);
        }
        Twister { state, index: 624 }
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    fn twist(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX: u32 = 0x9908_b0df;
        for k in 0..624 {
            let y = (self.state[k] & UPPER) | (self.state[(k + 1) % 624] & LOWER);
            let mag = if y & 1 == 1 { MATRIX } else { 0 };
            self.state[k] = self.state[(k + 397) % 624] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// Python's `random()`: a 53-bit float in [0, 1) from two outputs.
    fn random(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// PySolFC's `randint(0, bound - 1)`: `int(random() * bound)`.
    fn below_by_float(&mut self, bound: u32) -> u32 {
        // The product is below `bound` (random() < 1 and the rounding cannot reach it for
        // bounds this small), so the truncation fits.
        (self.random() * f64::from(bound)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{microsoft_freecell, DealNumber};

    fn one_deck(number: u128) -> Vec<Card> {
        pysol_deal_order(PysolNumber::new(number).unwrap(), 1, &PYSOL_SUITS)
    }

    #[test]
    fn twister_matches_pythons_outputs() {
        // Python 3: `r = random.Random(seed); [r.getrandbits(32) for _ in range(2)]`, and
        // `random.Random(seed).random()`.
        let cases: [(u128, [u32; 2], f64); 4] = [
            (1, [577_090_037, 2_444_712_010], 0.134_364_244_112_401_22),
            (32_000, [1_598_467_916, 3_084_624_151], 0.372_172_316_299_341_8),
            (1 << 32, [485_306_839, 1_508_871_100], 0.112_994_300_956_364_09),
            (PysolNumber::MAX, [2_104_527_100, 2_739_390_004], 0.489_998_397_512_837_7),
        ];
        for (seed, words, float) in cases {
            let mut twister = Twister::seeded(seed);
            assert_eq!([twister.next_u32(), twister.next_u32()], words, "seed {seed}");
            assert_eq!(Twister::seeded(seed).random(), float, "seed {seed}");
        }
    }

    #[test]
    fn below_32000_a_52_card_game_is_the_microsoft_deal() {
        for number in [1u128, 2, 164, 617, 11_982, 31_999] {
            let cards = one_deck(number);
            let cascades = microsoft_freecell(DealNumber::new(number as u64).unwrap());
            // Row by row, left to right: card k goes to cascade k % 8.
            let mut rows: [Vec<Card>; 8] = Default::default();
            for (k, &card) in cards.iter().enumerate() {
                rows[k % 8].push(card);
            }
            assert_eq!(rows, cascades, "game {number}");
        }
    }

    #[test]
    fn every_card_once_per_deck() {
        for number in [1u128, 31_999, 32_000, 1 << 64, PysolNumber::MAX] {
            let n = PysolNumber::new(number).unwrap();
            let mut cards = pysol_deal_order(n, 2, &PYSOL_SUITS);
            assert_eq!(cards.len(), 104);
            cards.sort();
            let mut expected: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
            expected.sort();
            assert_eq!(cards, expected);
        }
        assert!(pysol_deal_order(PysolNumber::new(7).unwrap(), 0, &PYSOL_SUITS).is_empty());
    }

    #[test]
    fn numbers_are_validated() {
        assert!(PysolNumber::new(0).is_err());
        assert!(PysolNumber::new(PysolNumber::MAX + 1).is_err());
        assert_eq!("99999999999999999999".parse::<PysolNumber>().unwrap().get(), PysolNumber::MAX);
        assert!(matches!(
            "100000000000000000000".parse::<PysolNumber>(),
            Err(PysolNumberError::OutOfRange { .. })
        ));
        assert!(matches!("0".parse::<PysolNumber>(), Err(PysolNumberError::OutOfRange { .. })));
        assert!(matches!("1e5".parse::<PysolNumber>(), Err(PysolNumberError::NotANumber { .. })));
        assert!(matches!("".parse::<PysolNumber>(), Err(PysolNumberError::NotANumber { .. })));
        let long = "9".repeat(100_000);
        assert!(long.parse::<PysolNumber>().unwrap_err().to_string().len() < 150);
    }
}
