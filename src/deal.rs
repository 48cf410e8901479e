//! Deal generators: Microsoft FreeCell deal numbers (with the FreeCell Pro extension),
//! PySolFC's game numbers (for the games added after the first three) and a documented,
//! stable seeded shuffle for the other games.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Deck};

mod pysol;

pub use pysol::{pysol_deal_order, pysol_shuffled, PysolNumber, PysolNumberError, PYSOL_SUITS};

/// A Microsoft FreeCell deal number: 1..=2^31-1 as the classic game deals them, extended to
/// 8,589,934,591 (2^33-1) as FreeCell Pro and PySolFC deal them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct DealNumber(u64);

impl DealNumber {
    pub const MIN: u64 = 1;
    pub const MAX: u64 = (1 << 33) - 1;

    pub fn new(number: u64) -> Result<DealNumber, DealNumberError> {
        if (DealNumber::MIN..=DealNumber::MAX).contains(&number) {
            Ok(DealNumber(number))
        } else {
            Err(DealNumberError::OutOfRange { number: number.to_string() })
        }
    }

    pub const fn get(self) -> u64 {
        self.0
    }
}

impl fmt::Display for DealNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a text is not a deal number (the text quoted shortened).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum DealNumberError {
    #[error("`{text}` is not a deal number: use digits only, from 1 to 8589934591")]
    NotANumber { text: String },
    #[error("deal {number} is out of range: deals run from 1 to 8589934591")]
    OutOfRange { number: String },
}

impl FromStr for DealNumber {
    type Err = DealNumberError;

    fn from_str(text: &str) -> Result<DealNumber, DealNumberError> {
        let trimmed = text.trim();
        if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DealNumberError::NotANumber { text: crate::limits::quote(text) });
        }
        match trimmed.parse::<u64>() {
            Ok(number) => DealNumber::new(number),
            Err(_) => Err(DealNumberError::OutOfRange { number: crate::limits::quote(trimmed) }),
        }
    }
}

/// The random numbers behind a Microsoft deal: the C runtime's `rand()` LCG, with the
/// FreeCell Pro rules above 2^31 (set the top bit for 2^31..2^32; a 16-bit draw plus one,
/// seeded with `number - 2^32`, from 2^32 on).
struct MicrosoftRandom {
    state: u64,
    deal: u64,
}

impl MicrosoftRandom {
    fn new(deal: DealNumber) -> MicrosoftRandom {
        let deal = deal.get();
        let state = if deal < 1 << 32 { deal } else { deal - (1 << 32) };
        MicrosoftRandom { state, deal }
    }

    fn next(&mut self) -> u64 {
        self.state = (self.state.wrapping_mul(214_013).wrapping_add(2_531_011)) & 0xffff_ffff;
        if self.deal < 1 << 31 {
            (self.state >> 16) & 0x7fff
        } else if self.deal < 1 << 32 {
            ((self.state >> 16) & 0x7fff) | 0x8000
        } else {
            ((self.state >> 16) & 0xffff) + 1
        }
    }
}

/// The eight cascades of a Microsoft FreeCell deal, each listed top card first (the card
/// dealt first, furthest from the player) — the order FreeCell board text uses.
pub fn microsoft_freecell(deal: DealNumber) -> [Vec<Card>; 8] {
    let mut random = MicrosoftRandom::new(deal);
    let mut deck: Vec<Card> = Card::all().collect();
    let mut cascades: [Vec<Card>; 8] = Default::default();
    for i in 0..52 {
        let left = deck.len() as u64;
        let j = (random.next() % left) as usize;
        cascades[i % 8].push(deck.swap_remove(j));
    }
    cascades
}

/// A small, fast, well-known generator (SplitMix64) used for every seeded deal other than
/// Microsoft's. Its output for a seed never changes: deal links depend on it.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound` (rejection sampling, no modulo bias).
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "empty range");
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let value = self.next_u64();
            if value < zone {
                return value % bound;
            }
        }
    }
}

/// Seeded deck `n` for Pyramid, Klondike and any game without its own numbering:
/// the ordered deck (A♣ A♦ A♥ A♠ 2♣ …) shuffled by Fisher–Yates from the last position down,
/// drawing from SplitMix64 seeded with `n`. Stable forever: links and test data rely on it.
pub fn seeded_deck(seed: u64) -> Deck {
    let mut cards: Vec<Card> = Card::all().collect();
    let mut random = SplitMix64::new(seed);
    for i in (1..cards.len()).rev() {
        let j = random.below(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    Deck::from_cards(cards).expect("a shuffle keeps every card")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal_text(n: u64) -> Vec<String> {
        microsoft_freecell(DealNumber::new(n).unwrap())
            .iter()
            .map(|c| c.iter().map(Card::to_string).collect::<Vec<_>>().join(" "))
            .collect()
    }

    #[test]
    fn deal_1_matches_the_published_layout() {
        assert_eq!(
            deal_text(1),
            [
                "JD KD 2S 4C 3S 6D 6S",
                "2D KC KS 5C TD 8S 9C",
                "9H 9S 9D TS 4S 8D 2H",
                "JC 5S QD QH TH QS 6H",
                "5D AD JS 4H 8H 6C",
                "7H QC AS AC 2C 3D",
                "7C KH AH 4D JH 8C",
                "5H 3H 3C 7S 7D TC",
            ]
        );
    }

    #[test]
    fn deal_617_matches_the_published_layout() {
        assert_eq!(
            deal_text(617),
            [
                "7D TD TH KD 4C 4S JD",
                "AD 7S QC 5H QS TS KS",
                "5C QD 3H 9S 9C 2H KC",
                "3S AC 9D 3C 9H 5D 4H",
                "5S 6D 6S 8S 7C JC",
                "8C 8H 8D 7H 6H 6C",
                "2D AS 3D 4D 2C JH",
                "AH KH TC JS 2S QH",
            ]
        );
    }

    /// Layouts cross-checked against PySolFC's generator (pysol-cards 0.24.0, "ms" deals),
    /// an independent implementation that also covers the FreeCell Pro extension.
    #[test]
    fn deal_11982_and_extended_deals_match_pysolfc() {
        let cases: [(u64, [&str; 8]); 4] = [
            (
                11982,
                [
                    "AH 3D KD JC 6C JD KC",
                    "AS 3H 6H 5D 2C 7D 8D",
                    "4H QS 5S 5C TH 8H 2S",
                    "AC QC 4D 8C QH 9C 3S",
                    "2D 8S 9H 9D 6D 2H",
                    "6S 7H JH TD TC QD",
                    "TS AD 9S KH 4S 4C",
                    "JS KS 3C 7C 7S 5H",
                ],
            ),
            (
                2_147_483_649,
                [
                    "KD 6H 4S 6C 5S KH 3S",
                    "8S JH QH QD TD TH 9C",
                    "AH QS 7D TS 2D AC 8D",
                    "7S 8C 6S TC 4H KS 3C",
                    "AD 3D 2S JS AS 6D",
                    "9S QC 2C 5C 4C 9H",
                    "JC 5D 3H JD 5H 4D",
                    "7H 9D 2H KC 7C 8H",
                ],
            ),
            (
                4_294_967_297,
                [
                    "JH KD 3C 6D 9D QC 4H",
                    "9C AC 5C 5D 2H 2S KC",
                    "9S TC KS TS JD 6H KH",
                    "8C 6C 7C 7H TD 8D 8S",
                    "AH 3H JS 4S 2C TH",
                    "7S QH 2D AD JC 6S",
                    "7D 5H AS QS 4C 3S",
                    "5S 9H 3D 4D QD 8H",
                ],
            ),
            (
                8_589_934_591,
                [
                    "TC 8S 8C 6C 5H 5C 9C",
                    "2S TD 6D 8D 9H 9S 6S",
                    "JS TH 3S JD 4H QC 3D",
                    "5S QS KD AH AS JH 4S",
                    "4D 4C 7D JC 2D AD",
                    "6H KH TS 7H QD QH",
                    "3H 2C KC 2H 5D 9D",
                    "7C KS 8H 3C AC 7S",
                ],
            ),
        ];
        for (number, expected) in cases {
            assert_eq!(deal_text(number), expected, "deal {number}");
        }
    }

    #[test]
    fn every_deal_has_52_distinct_cards() {
        for n in [1, 2, 1_000_000, (1 << 31) - 1, 1 << 31, (1 << 32) - 1, 1 << 32, DealNumber::MAX] {
            let cascades = microsoft_freecell(DealNumber::new(n).unwrap());
            let cards: Vec<Card> = cascades.iter().flatten().copied().collect();
            assert!(Deck::from_cards(cards).is_ok(), "deal {n}");
            assert_eq!(cascades[0].len(), 7);
            assert_eq!(cascades[7].len(), 6);
        }
    }

    #[test]
    fn extended_ranges_deal_differently() {
        let low = deal_text(1);
        assert_ne!(deal_text(1 + (1 << 31)), low);
        assert_ne!(deal_text(1 + (1 << 32)), low);
    }

    #[test]
    fn deal_numbers_are_validated() {
        assert!(DealNumber::new(0).is_err());
        assert!(DealNumber::new(DealNumber::MAX + 1).is_err());
        assert_eq!("164".parse::<DealNumber>().unwrap().get(), 164);
        assert!(matches!("12a".parse::<DealNumber>(), Err(DealNumberError::NotANumber { .. })));
        assert!(matches!("-3".parse::<DealNumber>(), Err(DealNumberError::NotANumber { .. })));
        assert!(matches!(
            "99999999999999999999999".parse::<DealNumber>(),
            Err(DealNumberError::OutOfRange { .. })
        ));
        // A long number or text is quoted by its start only.
        for text in ["9".repeat(100_000), "x".repeat(100_000)] {
            let message = text.parse::<DealNumber>().unwrap_err().to_string();
            assert!(message.len() < 150, "{message}");
        }
    }

    #[test]
    fn seeded_decks_are_stable_and_distinct() {
        assert_eq!(seeded_deck(7), seeded_deck(7));
        assert_ne!(seeded_deck(7), seeded_deck(8));
        // Pinned so that a change to the shuffle (which would break links) fails loudly.
        let prefix: Vec<String> = seeded_deck(1).cards()[..4].iter().map(Card::to_string).collect();
        assert_eq!(prefix, ["5S", "3C", "5C", "9D"]);
    }

    #[test]
    fn splitmix64_matches_the_reference_outputs() {
        // Published test vector of SplitMix64 (Vigna), seed 1234567.
        let mut random = SplitMix64::new(1_234_567);
        assert_eq!(random.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(random.next_u64(), 3_203_168_211_198_807_973);
    }
}
