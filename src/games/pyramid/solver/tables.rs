//! What the solver works out once per deal: the 1430 pyramid configurations, and the tables
//! of the heuristic (removal steps still needed, stock partners) and of the pruning
//! (matchability of each rank pair's remaining cards).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::{Add, BitOr};
use std::sync::OnceLock;

use super::passes::Relaxed;
use super::{pack, reach_rank, unpack, NO_CONFIG, REACH_KEY, UNREACHABLE};
use crate::cards::Card;
use crate::games::pyramid::rules::{
    canonical_pointer, covering, value, MAX_RECYCLES, PYRAMID_CARDS, STOCK_CARDS,
};

/// The 1430 pyramid configurations and how removals move between them.
pub(super) struct Configs {
    pub(super) masks: Vec<u32>,
    /// How many cards each holds (`count_ones` is a long sequence without a popcount
    /// instruction).
    pub(super) sizes: Vec<u8>,
    /// For sets of slots below the top one, nine at a time: the slots they cover (lie on), so
    /// that the passing bound's relaxed run finds the available slots of a set without its
    /// configuration (the top slot covers none).
    pub(super) covered_chunks: [[u32; 512]; 3],
    /// For sets of slots below the top one, nine at a time, likewise: the slots that lie
    /// above one of them (one of them is beneath each: it must go first). The top slot lies
    /// above none.
    pub(super) above_chunks: [[u32; 512]; 3],
    pub(super) available: Vec<u32>,
    pub(super) next: Vec<[u16; PYRAMID_CARDS]>,
    pub(super) index: HashMap<u32, u16, BuildHasherDefault<MaskHasher>>,
}

/// A multiplicative hash for pyramid masks: building the configurations is a fixed cost of
/// every solving process, and with the default hasher the lookups were most of it.
#[derive(Default)]
pub(super) struct MaskHasher(u64);

impl Hasher for MaskHasher {
    fn finish(&self) -> u64 {
        // Both ends of the product: the table takes its slot from the low bits.
        self.0 ^ self.0 >> 32
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u32(byte as u32);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(29) ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

pub(super) fn configs() -> &'static Configs {
    static CONFIGS: OnceLock<Configs> = OnceLock::new();
    CONFIGS.get_or_init(|| {
        let full = (1u32 << PYRAMID_CARDS) - 1;
        let mut masks = vec![full];
        let mut index = HashMap::with_capacity_and_hasher(1430, BuildHasherDefault::default());
        index.insert(full, 0u16);
        let covers: [u32; PYRAMID_CARDS] = std::array::from_fn(covering);
        let mut next = Vec::new();
        let mut available = Vec::new();
        let mut at = 0;
        while at < masks.len() {
            let mask = masks[at];
            let mut row = [NO_CONFIG; PYRAMID_CARDS];
            let mut uncovered = 0;
            for (slot, target) in row.iter_mut().enumerate() {
                if mask & (1 << slot) != 0 && mask & covers[slot] == 0 {
                    uncovered |= 1 << slot;
                    let after = mask & !(1 << slot);
                    let id = *index.entry(after).or_insert_with(|| {
                        masks.push(after);
                        (masks.len() - 1) as u16
                    });
                    *target = id;
                }
            }
            next.push(row);
            available.push(uncovered);
            at += 1;
        }
        let sizes = masks.iter().map(|mask| mask.count_ones() as u8).collect();
        let covered_chunks = std::array::from_fn(|chunk| {
            by_sets(
                |bit| {
                    let slot = 1 + chunk * 9 + bit;
                    (0..PYRAMID_CARDS).filter(|&s| covers[s] & (1 << slot) != 0).fold(0, |m, s| m | 1 << s)
                },
                |a, b| a | b,
            )
        });
        let above_chunks = std::array::from_fn(|chunk| {
            by_sets(
                |bit| {
                    (0..PYRAMID_CARDS)
                        .filter(|&s| beneath(s) & (1 << (1 + chunk * 9 + bit)) != 0)
                        .fold(0, |m, s| m | 1 << s)
                },
                |a, b| a | b,
            )
        });
        Configs { masks, sizes, covered_chunks, above_chunks, available, next, index }
    })
}

impl Configs {
    /// The slots with a card of `slots` on them: for a configuration's slots, its covered
    /// ones (a card on a slot is never left without the slot's card).
    #[inline(always)]
    pub(super) fn covered(&self, slots: u32) -> u32 {
        over_lower_slots(&self.covered_chunks, slots)
    }

    /// The slots above some slot of `slots` (those that can go only after it).
    #[inline(always)]
    pub(super) fn above(&self, slots: u32) -> u32 {
        over_lower_slots(&self.above_chunks, slots)
    }
}

/// The number of pyramid configurations (the Catalan number C(8) = 1430).
pub fn configuration_count() -> usize {
    configs().masks.len()
}

/// Where a card of the deal sits: pyramid slots 0..28, stock positions 28..52.
pub(super) type Place = u8;

/// A move in solver terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    King(Place),
    Pair(Place, Place),
}

/// Deal-specific tables.
pub(super) struct Tables {
    /// The configurations (kept here: [`configs`] checks its initialisation at every call).
    pub(super) configs: &'static Configs,
    pub(super) cards: [Card; 52],
    pub(super) values: [u8; 52],
    /// The values of the stock places, padded to 32 (read as `stock_values[j & 31]`, with no
    /// bounds check).
    pub(super) stock_values: [u8; 32],
    /// Card mask (by card index) of the pyramid cards present in each configuration.
    pub(super) pyramid_cards: Vec<u64>,
    /// The removal steps still needed from each configuration (see [`removal_steps`]).
    pub(super) heuristic: Vec<u8>,
    /// Card masks of stock positions, a byte at a time.
    pub(super) stock_cards: [[u64; 256]; 3],
    /// For ranks v = 1..=6 and each subset of the eight cards of values v and 13 − v (bits
    /// 0..4 the suits of v, bits 4..8 those of 13 − v): whether every pyramid card among them
    /// can get a distinct partner among them.
    pub(super) matchable: [[bool; 256]; 6],
    /// The stock places of kings.
    pub(super) stock_kings: u32,
    /// For each configuration, the stock places of kings and of the rank pairs (values v and
    /// 13 − v) with no card left in its pyramid: cards that can never go with a pyramid card.
    pub(super) inert_places: Vec<u32>,
    /// For each configuration, the stock places whose cards partner one of its available
    /// pyramid cards.
    pub(super) available_partner_places: Vec<u32>,
    /// For each value: the pyramid slots holding it.
    pub(super) slots_of_value: [u32; 14],
    /// For sets of stock places, eight at a time: how many cards of each value w they hold
    /// (four bits each, w = 0..14).
    pub(super) stock_value_counts: [[u64; 256]; 3],
    /// For sets of pyramid slots, seven at a time: how many cards of value 13 − w they hold
    /// (four bits each, w = 1..13: the partners of stock cards of value w).
    pub(super) slot_partner_counts: [[u64; 128]; 4],
    /// For each configuration, side by side: how many of its cards have value 13 − w, four
    /// bits at each w (w = 1..13, the partners of stock cards of value w); and the most pairs
    /// its cards of values v and 13 − v can make with each other (neither beneath the other),
    /// four bits at both v and 13 − v. Zero for the configurations that cannot be cleared.
    pub(super) config_pairing: Vec<(u64, u64)>,
    /// For each pyramid slot: the card mask of the slots beneath it (which can never be its
    /// partners: they must go first).
    pub(super) beneath_cards: [u64; PYRAMID_CARDS],
    /// For each pyramid slot: the slots beneath it (which must go before it) and those above
    /// it (which can go only after it).
    pub(super) slots_beneath: [u32; PYRAMID_CARDS],
    pub(super) slots_above: [u32; PYRAMID_CARDS],
    /// For each card index: where it was dealt.
    pub(super) place_of: [u8; 52],
    /// For sets of values 1..=7 (bits 0..7 for values 1..=7) and 8..=13 (bits 0..6): the
    /// pyramid slots whose partner value is among them.
    pub(super) partnering_low: [u32; 128],
    pub(super) partnering_high: [u32; 64],
    /// For sets of pyramid slots, seven at a time: the values w (bit w) of the stock cards they
    /// can partner (13 − their values, kings none).
    pub(super) slot_partner_value_bits: [[u16; 128]; 4],
    /// For sets of pyramid slots, seven at a time: the stock places of the cards they partner.
    pub(super) slot_partner_places: [[u32; 128]; 4],
    /// For each stock place: the places of the cards that partner it (none for a king), and
    /// those of its value.
    pub(super) stock_partner_places: [u32; 32],
    pub(super) stock_value_places: [u32; 32],
    /// For sets of stock places, eight at a time: the places of the cards that partner them,
    /// and the pyramid slots that do.
    pub(super) stock_partner_place_chunks: [[u32; 256]; 3],
    /// For sets of stock places, eight at a time: the places of the cards of their values.
    pub(super) stock_value_place_chunks: [[u32; 256]; 3],
    pub(super) stock_partner_slots: [[u32; 256]; 3],
    /// For sets of pyramid slots below the top one, nine at a time: the slots that could pair
    /// with one of them (the partner value, neither beneath nor above it; the top slot pairs
    /// with none, every other being beneath it).
    pub(super) pairable_chunks: [[u32; 512]; 3],
    /// For each configuration, once worked out: the relaxed run of the passing bound before
    /// any stock card (see [`Tables::passing_cost`]).
    pub(super) first_relaxed: Vec<std::cell::Cell<Option<Relaxed>>>,
    /// For each pyramid slot: the slots that could pair with it (see `pyramid_partners`).
    pub(super) pyramid_partner_slots: [u32; PYRAMID_CARDS],
    /// For each configuration, once worked out (a first `u32::MAX` until then): its slots that
    /// are no king and have no pyramid partner left in it, and those with exactly one.
    pub(super) lonely: Vec<std::cell::Cell<(u32, u32)>>,
    pub(super) empty: u16,
}

/// `table[set]` for every set of up to `N`'s bits from `entry` of each bit: OR-ed or added
/// (`combine`) up from the set without its lowest bit.
fn by_sets<T: Copy + Default, const N: usize>(
    entry: impl Fn(usize) -> T,
    combine: impl Fn(T, T) -> T,
) -> [T; N] {
    let mut table = [T::default(); N];
    for set in 1..N {
        table[set] = combine(table[set & (set - 1)], entry(set.trailing_zeros() as usize));
    }
    table
}

/// `table` (one part for each seven pyramid slots, see [`by_sets`]) looked up for `slots`, the
/// four parts joined by `join` (OR for sets, + for counts).
#[inline(always)]
pub(super) fn over_slots<T: Copy>(table: &[[T; 128]; 4], slots: u32, join: impl Fn(T, T) -> T) -> T {
    let part = |chunk: usize| table[chunk][((slots >> (7 * chunk)) & 0x7f) as usize];
    join(join(part(0), part(1)), join(part(2), part(3)))
}

/// `table` (one part for each nine pyramid slots below the top one, 1..=27) looked up for
/// `slots` and OR-ed: for the sets the top slot adds nothing to, in one lookup fewer than
/// [`over_slots`] (the hottest lookups of the passing bound).
#[inline(always)]
pub(super) fn over_lower_slots(table: &[[u32; 512]; 3], slots: u32) -> u32 {
    let part = |chunk: usize| table[chunk][((slots >> (1 + 9 * chunk)) & 0x1ff) as usize];
    part(0) | part(1) | part(2)
}

/// `table` (one part for each eight stock places) looked up for `places`, as [`over_slots`].
#[inline(always)]
pub(super) fn over_places<T: Copy>(table: &[[T; 256]; 3], places: u32, join: impl Fn(T, T) -> T) -> T {
    let part = |chunk: usize| table[chunk][((places >> (8 * chunk)) & 0xff) as usize];
    join(join(part(0), part(1)), part(2))
}

/// How many bits each byte has.
const BYTE_BITS: [u8; 256] = {
    let mut counts = [0u8; 256];
    let mut byte = 1;
    while byte < 256 {
        counts[byte] = counts[byte / 2] + (byte % 2) as u8;
        byte += 1;
    }
    counts
};

/// How many stock places `places` holds: `count_ones` is a long sequence without a popcount
/// instruction (the native build has none), three byte lookups are shorter.
pub(super) fn stock_count(places: u32) -> u32 {
    let byte = |shift: u32| BYTE_BITS[((places >> shift) & 0xff) as usize] as u32;
    byte(0) + byte(8) + byte(16)
}

/// No stock place (a stock or waste top that is not there).
pub(super) const NO_CARD: u32 = 32;

pub(super) fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}

/// Slots lying beneath `slot` (transitively covering it).
pub(super) fn beneath(slot: usize) -> u32 {
    let mut result = 0;
    let mut frontier = covering(slot);
    while frontier != 0 {
        result |= frontier;
        let mut next = 0;
        for s in bits(frontier as u64) {
            next |= covering(s as usize);
        }
        frontier = next;
    }
    result
}

impl Tables {
    pub(super) fn new(cards: &[Card; 52], stock: u32) -> Tables {
        let configs = configs();
        let values: [u8; 52] = std::array::from_fn(|place| value(cards[place]));
        let or = |a: u32, b: u32| a | b;
        let stock_value = |j: usize| values[PYRAMID_CARDS + j];
        let partner_bit = |v: u8| if v == 13 { 0 } else { 1u16 << (13 - v) };
        let mut place_of = [0u8; 52];
        for (place, card) in cards.iter().enumerate() {
            place_of[card.index() as usize] = place as u8;
        }
        let mut slots_of_value = [0u32; 14];
        for slot in 0..PYRAMID_CARDS {
            slots_of_value[values[slot] as usize] |= 1 << slot;
        }
        let mut stock_of_value = [0u32; 14];
        for j in 0..STOCK_CARDS {
            stock_of_value[stock_value(j) as usize] |= 1 << j;
        }
        let beneath_of: [u32; PYRAMID_CARDS] = std::array::from_fn(beneath);
        let pyramid_partners: [u32; PYRAMID_CARDS] = std::array::from_fn(|slot| {
            let others = slots_of_value[(13 - values[slot]) as usize] & !beneath_of[slot];
            bits(others as u64)
                .filter(|&other| beneath_of[other as usize] & (1 << slot) == 0)
                .fold(0, |m, o| m | 1 << o)
        });
        // Tables over pyramid slots, seven at a time, and stock places, eight at a time.
        let slot_chunks = |entry: &dyn Fn(usize) -> u32| -> [[u32; 128]; 4] {
            std::array::from_fn(|chunk| {
                by_sets(|bit| if chunk * 7 + bit < PYRAMID_CARDS { entry(chunk * 7 + bit) } else { 0 }, or)
            })
        };
        let on_slots = |t: &[[u32; 128]; 4], slots: u32| over_slots(t, slots, BitOr::bitor);
        let pyramid_card_chunks: [[u64; 128]; 4] =
            std::array::from_fn(|chunk| by_sets(|bit| cards[chunk * 7 + bit].bit(), |a, b| a | b));
        let pyramid_cards: Vec<u64> =
            configs.masks.iter().map(|&mask| over_slots(&pyramid_card_chunks, mask, BitOr::bitor)).collect();
        let stock_partner_chunks = slot_chunks(&|slot| stock_of_value[(13 - values[slot]) as usize]);
        let available_partner_places =
            configs.available.iter().map(|&available| on_slots(&stock_partner_chunks, available)).collect();
        let value_chunks = slot_chunks(&|slot| 1 << values[slot]);
        let places_of = |values: u32| bits(values as u64).fold(0, |m, v| m | stock_of_value[v as usize]);
        let inert_places = configs
            .masks
            .iter()
            .map(|&mask| {
                // Values v (1..=12) with neither v nor 13 − v left in the pyramid, and kings.
                let present = on_slots(&value_chunks, mask) as u16;
                let mirrored = (present.reverse_bits() >> 2) & 0x1ffe;
                places_of(((!(present | mirrored) & 0x1ffe) | 1 << 13) as u32)
            })
            .collect();
        let slot_partner_value_bits: [[u16; 128]; 4] = std::array::from_fn(|chunk| {
            by_sets(
                |bit| if chunk * 7 + bit < PYRAMID_CARDS { partner_bit(values[chunk * 7 + bit]) } else { 0 },
                |a, b| a | b,
            )
        });
        let slot_partner_counts: [[u64; 128]; 4] = std::array::from_fn(|chunk| {
            by_sets(
                |bit| match chunk * 7 + bit {
                    slot if slot < PYRAMID_CARDS && values[slot] != 13 => 1u64 << (4 * (13 - values[slot])),
                    _ => 0,
                },
                |a, b| a + b,
            )
        });
        let stock_cards: [[u64; 256]; 3] = std::array::from_fn(|chunk| {
            by_sets(|bit| cards[PYRAMID_CARDS + chunk * 8 + bit].bit(), |a, b| a | b)
        });
        let stock_value_counts: [[u64; 256]; 3] = std::array::from_fn(|chunk| {
            by_sets(|bit| 1u64 << (4 * stock_value(chunk * 8 + bit)), |a, b| a + b)
        });
        // The stock places of the partners of value v (none for a king).
        let partnering_places = |v: u8| if v == 13 { 0 } else { stock_of_value[13 - v as usize] };
        let partnering = |w: usize| if w < 13 { slots_of_value[13 - w] } else { 0 };
        let mut matchable = [[false; 256]; 6];
        let mut most_pairs = [[0u8; 256]; 6];
        for ((v, table), pairs) in (1..=6u8).zip(matchable.iter_mut()).zip(most_pairs.iter_mut()) {
            // The eight cards: suits of v, then suits of 13 - v, as places.
            let low = (v as usize - 1) * 4;
            let high = (12 - v as usize) * 4;
            let places: [usize; 8] =
                std::array::from_fn(|i| place_of[if i < 4 { low + i } else { high + i - 4 }] as usize);
            // compatible[a]: the cards of the other value that card a may pair with.
            let compatible: [u32; 8] = std::array::from_fn(|a| {
                let others = if a < 4 { 4..8 } else { 0..4 };
                others
                    .filter(|&b| {
                        let (pa, pb) = (places[a], places[b]);
                        pa >= PYRAMID_CARDS
                            || pb >= PYRAMID_CARDS
                            || (beneath_of[pa] & (1 << pb) == 0 && beneath_of[pb] & (1 << pa) == 0)
                    })
                    .fold(0, |m, b| m | 1 << b)
            });
            let in_stock = (0..8).filter(|&i| places[i] >= PYRAMID_CARDS).fold(0u32, |m, i| m | 1 << i);
            fill_matchable(table, in_stock, &compatible);
            fill_most_pairs(pairs, in_stock, &compatible);
        }
        let heuristic = removal_steps(&values, stock, &slots_of_value);
        // Read only by estimates, which stop before it at a configuration that cannot be
        // cleared.
        let config_pairing = pyramid_cards
            .iter()
            .zip(&configs.masks)
            .zip(&heuristic)
            .map(|((&cards, &mask), &removals): ((&u64, &u32), &u8)| {
                if removals >= UNREACHABLE {
                    return (0, 0);
                }
                let counts = over_slots(&slot_partner_counts, mask, Add::add);
                let limits = (1..=6u32).zip(&most_pairs).fold(0u64, |limits, (low, pairs)| {
                    let subset =
                        ((cards >> ((low - 1) * 4)) & 0xf) | (((cards >> ((12 - low) * 4)) & 0xf) << 4);
                    let most = pairs[subset as usize] as u64;
                    limits | most << (4 * low) | most << (4 * (13 - low))
                });
                (counts, limits)
            })
            .collect();
        Tables {
            stock_values: std::array::from_fn(|j| if j < STOCK_CARDS { stock_value(j) } else { 0 }),
            configs,
            cards: *cards,
            values,
            pyramid_cards,
            heuristic,
            stock_cards,
            matchable,
            stock_kings: stock_of_value[13],
            inert_places,
            available_partner_places,
            slots_of_value,
            stock_value_counts,
            slot_partner_counts,
            config_pairing,
            beneath_cards: std::array::from_fn(|slot| {
                bits(beneath_of[slot] as u64).fold(0, |m, s| m | cards[s as usize].bit())
            }),
            slots_beneath: beneath_of,
            slots_above: std::array::from_fn(|slot| {
                (0..PYRAMID_CARDS).filter(|&s| beneath_of[s] & (1 << slot) != 0).fold(0, |m, s| m | 1 << s)
            }),
            place_of,
            partnering_low: by_sets(|bit| partnering(bit + 1), or),
            partnering_high: by_sets(|bit| partnering(bit + 8), or),
            slot_partner_value_bits,
            slot_partner_places: slot_chunks(&|slot| partnering_places(values[slot])),
            stock_partner_places: std::array::from_fn(|j| {
                if j < STOCK_CARDS {
                    partnering_places(stock_value(j))
                } else {
                    0
                }
            }),
            stock_value_places: std::array::from_fn(|j| {
                if j < STOCK_CARDS {
                    stock_of_value[stock_value(j) as usize]
                } else {
                    0
                }
            }),
            stock_partner_place_chunks: std::array::from_fn(|chunk| {
                by_sets(|bit| partnering_places(stock_value(chunk * 8 + bit)), or)
            }),
            stock_value_place_chunks: std::array::from_fn(|chunk| {
                by_sets(|bit| stock_of_value[stock_value(chunk * 8 + bit) as usize], or)
            }),
            stock_partner_slots: std::array::from_fn(|chunk| {
                by_sets(|bit| partnering(stock_value(chunk * 8 + bit) as usize), or)
            }),
            pairable_chunks: std::array::from_fn(|chunk| {
                by_sets(|bit| pyramid_partners[1 + chunk * 9 + bit], or)
            }),
            first_relaxed: vec![std::cell::Cell::new(None); configs.masks.len()],
            pyramid_partner_slots: pyramid_partners,
            lonely: vec![std::cell::Cell::new((u32::MAX, 0)); configs.masks.len()],
            empty: configs.index[&0],
        }
    }

    pub(super) fn card_mask(&self, config: u16, stock: u32) -> u64 {
        self.pyramid_cards[config as usize] | over_places(&self.stock_cards, stock, BitOr::bitor)
    }

    /// A removal that must come at some point and may as well come now, if any: an available
    /// pyramid card with one partner left among the remaining `cards` (cards beneath it cannot
    /// be its partner), that partner available too (an uncovered pyramid card, or a stock
    /// place in `tops`: the stock or waste top). Returned as two places (pyramid slots, or 28 +
    /// a stock place). Taking it at once loses nothing: every solution removes the two
    /// together, and with both gone earlier each of its other steps stays legal (more cards
    /// are available) or becomes unnecessary (a draw or recycle that only moved the partner).
    pub(super) fn forced_removal(&self, available: u32, tops: u32, cards: u64) -> Option<(u32, u32)> {
        self.scan_single_partners::<true>(available, tops, cards).1
    }

    /// The available pyramid cards with one partner left among `cards`, in one pass: the stock
    /// places of those partners (where the walk must stop), and the first forced removal (see
    /// [`Tables::forced_removal`]) with the stock places `tops`.
    #[inline(always)]
    pub(super) fn single_partners(&self, available: u32, tops: u32, cards: u64) -> (u32, Option<(u32, u32)>) {
        self.scan_single_partners::<false>(available, tops, cards)
    }

    /// [`Tables::single_partners`], stopping at the forced removal if `STOP_AT_FORCED` (then
    /// the stock places are not all there).
    #[inline(always)]
    fn scan_single_partners<const STOP_AT_FORCED: bool>(
        &self,
        available: u32,
        tops: u32,
        cards: u64,
    ) -> (u32, Option<(u32, u32)>) {
        let mut forcing = 0u32;
        let mut forced = None;
        for slot in bits(available as u64) {
            let want = 13 - self.values[slot as usize];
            if want == 0 {
                continue;
            }
            let partners = cards & (0xf << ((want as u32 - 1) * 4)) & !self.beneath_cards[slot as usize];
            if partners != 0 && partners & (partners - 1) == 0 {
                let other = self.place_of[partners.trailing_zeros() as usize] as u32;
                if other >= PYRAMID_CARDS as u32 {
                    let place = other - PYRAMID_CARDS as u32;
                    forcing |= 1 << place;
                    if forced.is_none() && tops & (1 << place) != 0 {
                        forced = Some((slot, other));
                    }
                } else if forced.is_none() && available & (1 << other) != 0 {
                    forced = Some((slot.min(other), slot.max(other)));
                }
                if STOP_AT_FORCED && forced.is_some() {
                    break;
                }
            }
        }
        (forcing, forced)
    }

    /// For pyramid `slots`, how many cards of value 13 − w they hold, four bits at each w.
    pub(super) fn slot_partners(&self, slots: u32) -> u64 {
        over_slots(&self.slot_partner_counts, slots, Add::add)
    }

    pub(super) fn value_counts(&self, table: &[[u64; 256]; 3], places: u32) -> u64 {
        over_places(table, places, Add::add)
    }

    /// Whether every pyramid card of the rank pair containing value `v` can still get a
    /// distinct partner among `cards` (see [`Tables::matchable`]).
    pub(super) fn pair_feasible(&self, cards: u64, v: u8) -> bool {
        let low = v.min(13 - v);
        if low == 0 || low > 6 {
            return true;
        }
        let subset =
            ((cards >> ((low as u32 - 1) * 4)) & 0xf) | (((cards >> ((12 - low as u32) * 4)) & 0xf) << 4);
        self.matchable[low as usize - 1][subset as usize]
    }

    pub(super) fn all_feasible(&self, cards: u64) -> bool {
        (1..=6).all(|v| self.pair_feasible(cards, v))
    }

    /// The key after removing pyramid `slots` and stock places `stock_places` (cards of
    /// value `v` or kings) from `at` (configuration, stock mask and its card mask), or `None`
    /// if that leaves some card of the rank pair unpairable.
    pub(super) fn remove(
        &self,
        (config, stock, cards): (u16, u32, u64),
        slots: &[u32],
        stock_places: &[u32],
        v: u8,
    ) -> Option<(u16, u32)> {
        let mut new_config = config;
        let mut removed = 0u64;
        for &slot in slots {
            new_config = self.configs.next[new_config as usize][slot as usize];
            removed |= self.cards[slot as usize].bit();
        }
        let mut new_stock = stock;
        for &j in stock_places {
            new_stock &= !(1 << j);
            removed |= self.cards[PYRAMID_CARDS + j as usize].bit();
        }
        if v != 13 && !self.pair_feasible(cards & !removed, v) {
            return None;
        }
        Some((new_config, new_stock))
    }

    /// The reachability search's first key and rank for `state`: its stock without kings,
    /// and a canonical pointer. A stock king can go alone whenever it is the stock or waste top,
    /// so a line of the game with it can be played without it and the other way round (remove
    /// it as soon as it comes up): the two decide alike, and keys without kings are fewer.
    pub(super) fn reach_start(&self, state: u64) -> (u64, u8) {
        let (config, stock, pointer, recycles) = unpack(state);
        let stock = stock & !self.stock_kings;
        let start = pack(config, stock, canonical_pointer(stock, pointer as u32), recycles);
        (start & REACH_KEY, reach_rank(start))
    }

    /// `key` and `rank` in the relaxed game of the first reachability search: without the
    /// stock cards of rank pairs with no pyramid card left ([`Tables::inert_places`]), and
    /// with the pointer canonical again.
    ///
    /// Such a card can only ever go with another such card or alone (a king), so a line of the
    /// game maps onto a line of the relaxed game: leave out the moves of those cards (a
    /// recycle of a waste holding only such cards too: fewer recycles used is never worse).
    /// Every other move stays legal, the stock and waste tops being the same cards or the
    /// others absent. So if the relaxed game cannot be won, neither can the deck. The converse
    /// fails (such cards may block the waste), so a relaxed win leaves the verdict to the
    /// exact search.
    pub(super) fn relaxed_key(&self, key: u64, rank: u8) -> (u64, u8) {
        let (config, stock, ..) = unpack(key);
        let inert = stock & self.inert_places[config as usize];
        if inert == 0 {
            return (key, rank);
        }
        let stock = stock & !inert;
        let (pass, pointer) = (rank / 25, (rank % 25) as u32);
        (pack(config, stock, 0, 0), pass * 25 + canonical_pointer(stock, pointer))
    }

    /// Calls `visit(child, rank)` for the removals reachable from `key` (configuration and
    /// stock mask, no king in the stock: see [`Tables::reach_start`]) when its best pointer and
    /// recycles are `rank`: the pyramid pairs, then the removals with the stock or waste top at
    /// each pointer position reached by drawing and recycling, in the order a walk through the
    /// stock meets them, each child with the best rank it is reached at.
    ///
    /// The walk is not taken stop by stop: only the stock cards that can go there matter. Each
    /// stock card's removals with pyramid cards give the same keys wherever it is met, and the
    /// first meeting gives the best rank, so each card is tried once: a card at or above the
    /// pointer in this pass as the stock top, the waste top at once, and a card below it in the
    /// next pass (if a recycle is left). A stock-and-waste pair is two cards next to each other
    /// in the stock (none left between them), met when the later one is the stock top: in this
    /// pass if the earlier one is the waste top or above it, else in the next. Positions of a
    /// later pass that an earlier pass already visited give nothing new.
    pub(super) fn reach_children<F: FnMut(u64, u8)>(&self, key: u64, rank: u8, mut visit: F) {
        let (config, stock, ..) = unpack(key);
        let available = self.configs.available[config as usize];
        let next = &self.configs.next[config as usize];
        let cards = self.card_mask(config, stock);
        let at = (config, stock, cards);
        for slot in bits(available as u64) {
            if self.values[slot as usize] == 13 {
                visit(pack(next[slot as usize], stock, 0, 0), rank);
                return;
            }
        }
        if let Some((slot, other)) = self.forced_removal(available, 0, cards) {
            let v = self.values[slot as usize];
            if let Some((c, st)) = self.remove(at, &[slot, other], &[], v) {
                visit(pack(c, st, 0, 0), rank);
            }
            return;
        }
        for slot in bits(available as u64) {
            let want = 13 - self.values[slot as usize];
            for other in bits((available as u64) & !((2u64 << slot) - 1)) {
                if self.values[other as usize] == want {
                    if let Some((c, st)) = self.remove(at, &[slot, other], &[], 13 - want) {
                        visit(pack(c, st, 0, 0), rank);
                    }
                }
            }
        }
        // Ranks are canonical (see [`canonical_pointer`]): the waste top is just below the
        // pointer.
        let (pass, pointer) = (rank / 25, (rank % 25) as u32);
        let waste = stock & ((1u32 << pointer) - 1);
        let ahead = stock & !waste;
        let value_of = |j: u32| self.stock_values[j as usize & 31];
        // Stock cards that can go with an available pyramid card, and the later cards of
        // neighbouring pairs adding to 13.
        let partners = stock & self.available_partner_places[config as usize];
        let mut pair_tops = 0u32;
        let mut previous = NO_CARD;
        for j in bits(stock as u64) {
            if previous != NO_CARD && value_of(previous) + value_of(j) == 13 {
                pair_tops |= 1 << j;
            }
            previous = j;
        }
        let with_pyramid = |j: u32, pass: u8, visit: &mut F| {
            if partners & (1 << j) != 0 {
                let v = value_of(j);
                for slot in bits((available & self.slots_of_value[13 - v as usize]) as u64) {
                    if let Some((c, st)) = self.remove(at, &[slot], &[j], v) {
                        visit(pack(c, st, 0, 0), pass * 25 + canonical_pointer(st, j));
                    }
                }
            }
        };
        let with_waste = |j: u32, pass: u8, visit: &mut F| {
            if pair_tops & (1 << j) != 0 {
                let w = 31 - (stock & ((1u32 << j) - 1)).leading_zeros();
                if let Some((c, st)) = self.remove(at, &[], &[j, w], value_of(j)) {
                    visit(pack(c, st, 0, 0), pass * 25 + canonical_pointer(st, w));
                }
            }
        };
        let interesting = partners | pair_tops;
        let mut rest_of_pass = interesting & ahead;
        if waste != 0 {
            // The first stop: the stock top, then the waste top, then the two together.
            let w = 31 - waste.leading_zeros();
            if ahead != 0 {
                let s = ahead.trailing_zeros();
                with_pyramid(s, pass, &mut visit);
                with_pyramid(w, pass, &mut visit);
                with_waste(s, pass, &mut visit);
                rest_of_pass &= !(1 << s);
            } else {
                with_pyramid(w, pass, &mut visit);
            }
            for j in bits(rest_of_pass as u64) {
                with_pyramid(j, pass, &mut visit);
                with_waste(j, pass, &mut visit);
            }
            if pass < MAX_RECYCLES {
                for j in bits((interesting & waste) as u64) {
                    if j != w {
                        with_pyramid(j, pass + 1, &mut visit);
                    }
                    with_waste(j, pass + 1, &mut visit);
                }
            }
        } else {
            for j in bits(rest_of_pass as u64) {
                with_pyramid(j, pass, &mut visit);
                with_waste(j, pass, &mut visit);
            }
        }
    }

    /// [`Tables::estimate_with_recycles`] without the recycles (for the tests of the run).
    #[cfg(test)]
    pub(super) fn estimate(&self, state: u64, limit: u8) -> (u8, bool) {
        let (h, whole, _) = self.estimate_with_recycles(state, limit, MAX_RECYCLES);
        (h, whole)
    }

    /// An admissible estimate of the steps still needed: the removal steps that take a pyramid
    /// card (see [`removal_steps`], raised by [`Tables::removal_steps_given`]) plus the steps
    /// that take none (see [`Tables::passing_cost`]): the two count disjoint steps. [`UNREACHABLE`] if the pyramid
    /// cannot be cleared; and whether it is whole: past `limit` the run through the stock may
    /// stop short, giving the steps counted so far (a lower bound above `limit`, see
    /// [`Tables::passing_cost`]) and false. Also a lower bound on the recycles still needed:
    /// those the run counted. (The search asks [`Tables::estimate_line`].)
    ///
    /// Lines that recycle beyond pass `last_pass` (at most [`MAX_RECYCLES`]) are left out: the
    /// run stops with [`UNREACHABLE`] where it would need such a recycle, as it does at the
    /// game's last pass. Once a goal is found, the search wants only lines with fewer recycles
    /// than it, and the passes beyond are not run for nothing.
    pub(super) fn estimate_with_recycles(&self, state: u64, limit: u8, last_pass: u8) -> (u8, bool, u8) {
        let (config, stock, pointer, recycles) = unpack(state);
        let removals = self.heuristic[config as usize];
        if removals >= UNREACHABLE {
            return (UNREACHABLE, true, 0);
        }
        let mut recycled = 0;
        let (passing, whole, saved) = self.passing_cost(
            config,
            stock,
            pointer,
            recycles,
            last_pass,
            limit.saturating_sub(removals),
            &mut recycled,
        );
        if passing >= UNREACHABLE {
            return (UNREACHABLE, true, 0);
        }
        let removals = self.removal_steps_given(config, removals, saved);
        // At most 28 + 74: below UNREACHABLE for any deck the search can finish, but kept
        // below it so that a long line is never taken for a dead end.
        ((removals + passing).min(UNREACHABLE - 1), whole, recycled)
    }
}

/// For each configuration, the fewest removal steps that clear it in a relaxed game where any
/// stock card in `stock` is always at hand as a partner (and may be used more than once): an
/// available pyramid card goes alone (a king, or with a stock partner of its complement) or
/// with another available pyramid card adding to 13. Every real removal step is one of these,
/// and draws, recycles and stock-only removals leave the configuration as it is, so this is an
/// admissible and consistent estimate of the steps that remove pyramid cards.
/// Configurations are numbered breadth-first from the full pyramid, so every successor has a
/// higher number and a backward sweep sees it first. `slots_of_value`: the pyramid slots of each
/// value.
pub(super) fn removal_steps(values: &[u8; 52], stock: u32, slots_of_value: &[u32; 14]) -> Vec<u8> {
    let configs = configs();
    let mut stock_values = 0u16;
    for j in bits(stock as u64) {
        stock_values |= 1 << values[PYRAMID_CARDS + j as usize];
    }
    let mut steps = vec![UNREACHABLE; configs.masks.len()];
    for config in (0..configs.masks.len()).rev() {
        if configs.masks[config] == 0 {
            steps[config] = 0;
            continue;
        }
        let available = configs.available[config] as u64;
        let next = &configs.next[config];
        let mut best = UNREACHABLE;
        for slot in bits(available) {
            let v = values[slot as usize];
            let after = next[slot as usize] as usize;
            // Selected, not branched on (no value 0: a king has no stock partner bit).
            let alone = (v == 13) | (stock_values >> (13 - v) & 1 != 0);
            best = best.min(if alone { 1 + steps[after] } else { UNREACHABLE });
            // Only the later available slots of the partner value.
            let partners = available & slots_of_value[13 - v as usize] as u64 & !((2u64 << slot) - 1);
            for other in bits(partners) {
                best = best.min(1 + steps[configs.next[after][other as usize] as usize]);
            }
        }
        steps[config] = best;
    }
    steps
}

/// Fills `table[subset]` (bits 0..8; 0..4 one value, 4..8 the other) with whether every
/// non-stock card of `subset` can get a distinct compatible partner of the other value within
/// `subset`. `in_stock` marks the stock cards; `compatible[a]` the cards card a may pair with.
/// The lowest needy card must pair with one of its partners, which leaves a smaller subset, so
/// the table fills in increasing order.
fn fill_matchable(table: &mut [bool; 256], in_stock: u32, compatible: &[u32; 8]) {
    for subset in 0..256u32 {
        let needy = subset & !in_stock;
        table[subset as usize] = needy == 0 || {
            let card = needy.trailing_zeros();
            // The partner goes with the card, so it needs no partner of its own.
            bits((subset & compatible[card as usize]) as u64)
                .any(|partner| table[(subset & !(1 << card) & !(1 << partner)) as usize])
        };
    }
}

/// Fills `table[subset]` (as in [`fill_matchable`]) with the most disjoint pairs of compatible
/// non-stock cards of `subset`: the lowest such card is left out, or paired with one of its
/// non-stock partners, which leaves a smaller subset.
fn fill_most_pairs(table: &mut [u8; 256], in_stock: u32, compatible: &[u32; 8]) {
    for subset in 0..256u32 {
        let pyramid = subset & !in_stock;
        if pyramid == 0 {
            continue;
        }
        let card = pyramid.trailing_zeros();
        let rest = subset & !(1 << card);
        table[subset as usize] = bits((pyramid & compatible[card as usize]) as u64)
            .map(|partner| 1 + table[(rest & !(1 << partner)) as usize])
            .fold(table[rest as usize], u8::max);
    }
}
