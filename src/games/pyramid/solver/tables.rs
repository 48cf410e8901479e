//! What the solver works out once per deal: the 1430 pyramid configurations, and the tables
//! of the heuristic (removal steps still needed, stock partners) and of the pruning
//! (matchability of each rank pair's remaining cards).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use super::{pack, reach_rank, unpack, INFEASIBLE, NO_CONFIG, REACH_KEY, UNREACHABLE};
use crate::cards::Card;
use crate::games::pyramid::rules::{
    canonical_pointer, covering, value, MAX_RECYCLES, PYRAMID_CARDS, STOCK_CARDS,
};

/// The 1430 pyramid configurations and how removals move between them.
pub(super) struct Configs {
    pub(super) masks: Vec<u32>,
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
        Configs { masks, available, next, index }
    })
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
    pub(super) cards: [Card; 52],
    pub(super) values: [u8; 52],
    /// Card mask (by card index) of the pyramid cards present in each configuration.
    pub(super) pyramid_cards: Vec<u64>,
    /// The heuristic of each configuration.
    pub(super) heuristic: Vec<u8>,
    /// Card masks of stock positions, a byte at a time.
    pub(super) stock_cards: [[u64; 256]; 3],
    /// For ranks v = 1..=6 and each subset of the eight cards of values v and 13 − v (bits
    /// 0..4 the suits of v, bits 4..8 those of 13 − v): the fewest stock cards needed as
    /// partners so that every pyramid card among them is paired, or `INFEASIBLE`.
    pub(super) need: [[u8; 256]; 6],
    /// For each configuration, the stock places whose cards would partner one of its pyramid
    /// cards (now or later: the pyramid only shrinks).
    pub(super) useful_places: Vec<u32>,
    /// The stock places of kings.
    pub(super) stock_kings: u32,
    /// For each configuration, the stock places of kings and of the rank pairs (values v and
    /// 13 − v) with no card left in its pyramid: cards that can never go with a pyramid card.
    pub(super) inert_places: Vec<u32>,
    /// For each configuration, the stock places whose cards partner one of its available
    /// pyramid cards.
    pub(super) available_partner_places: Vec<u32>,
    /// For each configuration, its pyramid cards other than kings with no possible pyramid
    /// partner left (they need one from the stock).
    pub(super) lonely: Vec<u32>,
    /// For each pyramid slot: the stock places whose cards could partner it.
    pub(super) stock_partners: [u32; PYRAMID_CARDS],
    /// For each value: the pyramid slots holding it.
    pub(super) slots_of_value: [u32; 14],
    /// For each pyramid slot: the slots it lies beneath (transitively covers), which can only
    /// go after it.
    pub(super) above: [u32; PYRAMID_CARDS],
    /// For sets of stock places, eight at a time: how many cards of each value w they hold
    /// (four bits each, w = 0..14).
    pub(super) stock_value_counts: [[u64; 256]; 3],
    /// The same, counting at w the cards of value 13 − w (their partners' value), kings not.
    pub(super) stock_partner_counts: [[u64; 256]; 3],
    /// For sets of pyramid slots, seven at a time: how many cards of value 13 − w they hold
    /// (four bits each, w = 1..13: the partners of stock cards of value w).
    pub(super) slot_partner_counts: [[u64; 128]; 4],
    /// For each pyramid slot: the card mask of the slots beneath it (which can never be its
    /// partners: they must go first).
    pub(super) beneath_cards: [u64; PYRAMID_CARDS],
    /// For each card index: where it was dealt.
    pub(super) place_of: [u8; 52],
    pub(super) empty: u16,
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
        let mut values = [0; 52];
        for (place, card) in cards.iter().enumerate() {
            values[place] = value(*card);
        }
        let mut pyramid_cards = Vec::with_capacity(configs.masks.len());
        for &mask in &configs.masks {
            let set = bits(mask as u64).fold(0u64, |set, slot| set | cards[slot as usize].bit());
            pyramid_cards.push(set);
        }
        let heuristic = removal_steps(&values, stock);
        let mut stock_cards = [[0u64; 256]; 3];
        for (chunk, table) in stock_cards.iter_mut().enumerate() {
            for (byte, entry) in table.iter_mut().enumerate() {
                for bit in bits(byte as u64) {
                    *entry |= cards[PYRAMID_CARDS + chunk * 8 + bit as usize].bit();
                }
            }
        }
        let mut place_of = [0usize; 52];
        for (place, card) in cards.iter().enumerate() {
            place_of[card.index() as usize] = place;
        }
        let beneath_of: [u32; PYRAMID_CARDS] = std::array::from_fn(beneath);
        let mut need = [[INFEASIBLE; 256]; 6];
        for (v, table) in (1..=6u8).zip(need.iter_mut()) {
            // The eight cards: suits of v, then suits of 13 - v, as places.
            let low = (v as usize - 1) * 4;
            let high = (12 - v as usize) * 4;
            let places: [usize; 8] =
                std::array::from_fn(|i| place_of[if i < 4 { low + i } else { high + i - 4 }]);
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
            fill_fewest_stock_partners(table, in_stock, &compatible);
        }
        let empty = configs.index[&0];
        let mut pyramid_partners = [0u32; PYRAMID_CARDS];
        let mut stock_partners = [0u32; PYRAMID_CARDS];
        let mut stock_of_value = [0u32; 14];
        for j in 0..STOCK_CARDS {
            stock_of_value[values[PYRAMID_CARDS + j] as usize] |= 1 << j;
        }
        for slot in 0..PYRAMID_CARDS {
            let want = 13 - values[slot];
            stock_partners[slot] = stock_of_value[want as usize];
            for (other, &other_value) in values.iter().enumerate().take(PYRAMID_CARDS) {
                if other_value == want
                    && beneath_of[slot] & (1 << other) == 0
                    && beneath_of[other] & (1 << slot) == 0
                {
                    pyramid_partners[slot] |= 1 << other;
                }
            }
        }
        let useful_places = configs
            .masks
            .iter()
            .map(|&mask| bits(mask as u64).fold(0u32, |m, slot| m | stock_partners[slot as usize]))
            .collect();
        let available_partner_places = configs
            .available
            .iter()
            .map(|&available| bits(available as u64).fold(0u32, |m, slot| m | stock_partners[slot as usize]))
            .collect();
        let inert_places = configs
            .masks
            .iter()
            .map(|&mask| {
                let values = bits(mask as u64).fold(0u16, |m, slot| m | 1 << values[slot as usize]);
                (1..=6usize)
                    .filter(|&v| values & (1 << v | 1 << (13 - v)) == 0)
                    .fold(stock_of_value[13], |m, v| m | stock_of_value[v] | stock_of_value[13 - v])
            })
            .collect();
        let mut slots_of_value = [0u32; 14];
        for slot in 0..PYRAMID_CARDS {
            slots_of_value[values[slot] as usize] |= 1 << slot;
        }
        let lonely = configs
            .masks
            .iter()
            .map(|&mask| {
                bits(mask as u64)
                    .filter(|&slot| {
                        values[slot as usize] != 13 && mask & pyramid_partners[slot as usize] == 0
                    })
                    .fold(0u32, |m, slot| m | 1 << slot)
            })
            .collect();
        let mut above = [0u32; PYRAMID_CARDS];
        for (slot, &covering_slots) in beneath_of.iter().enumerate() {
            for lower in bits(covering_slots as u64) {
                above[lower as usize] |= 1 << slot;
            }
        }
        let mut stock_value_counts = [[0u64; 256]; 3];
        for (chunk, table) in stock_value_counts.iter_mut().enumerate() {
            for (set, entry) in table.iter_mut().enumerate() {
                *entry = bits(set as u64)
                    .map(|bit| 1u64 << (4 * values[PYRAMID_CARDS + chunk * 8 + bit as usize]))
                    .sum();
            }
        }
        let mut stock_partner_counts = [[0u64; 256]; 3];
        for (chunk, table) in stock_partner_counts.iter_mut().enumerate() {
            for (set, entry) in table.iter_mut().enumerate() {
                *entry = bits(set as u64)
                    .map(|bit| values[PYRAMID_CARDS + chunk * 8 + bit as usize])
                    .filter(|&v| v != 13)
                    .map(|v| 1u64 << (4 * (13 - v)))
                    .sum();
            }
        }
        let mut slot_partner_counts = [[0u64; 128]; 4];
        for (chunk, table) in slot_partner_counts.iter_mut().enumerate() {
            for (set, entry) in table.iter_mut().enumerate() {
                *entry = bits(set as u64)
                    .filter(|&bit| values[chunk * 7 + bit as usize] != 13)
                    .map(|bit| 1u64 << (4 * (13 - values[chunk * 7 + bit as usize])))
                    .sum();
            }
        }
        let mut beneath_cards = [0u64; PYRAMID_CARDS];
        for (slot, mask) in beneath_cards.iter_mut().enumerate() {
            *mask = bits(beneath_of[slot] as u64).fold(0, |m, s| m | cards[s as usize].bit());
        }
        let mut place_bytes = [0u8; 52];
        for (card, &place) in place_bytes.iter_mut().zip(place_of.iter()) {
            *card = place as u8;
        }
        Tables {
            beneath_cards,
            place_of: place_bytes,
            cards: *cards,
            values,
            pyramid_cards,
            heuristic,
            stock_cards,
            need,
            useful_places,
            available_partner_places,
            stock_kings: stock_of_value[13],
            inert_places,
            lonely,
            stock_partners,
            above,
            slots_of_value,
            stock_value_counts,
            stock_partner_counts,
            slot_partner_counts,
            empty,
        }
    }

    pub(super) fn card_mask(&self, config: u16, stock: u32) -> u64 {
        self.pyramid_cards[config as usize]
            | self.stock_cards[0][(stock & 0xff) as usize]
            | self.stock_cards[1][((stock >> 8) & 0xff) as usize]
            | self.stock_cards[2][((stock >> 16) & 0xff) as usize]
    }

    /// A removal that must come at some point and may as well come now, if any: an available
    /// pyramid card with one partner left among the remaining `cards` (cards beneath it cannot
    /// be its partner), that partner available too (an uncovered pyramid card, or a stock
    /// place in `tops`: the stock or waste top). Returned as two places (pyramid slots, or 28 +
    /// a stock place). Taking it at once loses nothing: every solution removes the two
    /// together, and with both gone earlier each of its other steps stays legal (more cards
    /// are available) or becomes unnecessary (a draw or recycle that only moved the partner).
    pub(super) fn forced_removal(&self, available: u32, tops: u32, cards: u64) -> Option<(u32, u32)> {
        for slot in bits(available as u64) {
            let want = 13 - self.values[slot as usize];
            if want == 0 {
                continue;
            }
            let partners = cards & (0xf << ((want as u32 - 1) * 4)) & !self.beneath_cards[slot as usize];
            if partners.count_ones() == 1 {
                let other = self.place_of[partners.trailing_zeros() as usize] as u32;
                if other < PYRAMID_CARDS as u32 {
                    if available & (1 << other) != 0 {
                        return Some((slot.min(other), slot.max(other)));
                    }
                } else if tops & (1 << (other - PYRAMID_CARDS as u32)) != 0 {
                    return Some((slot, other));
                }
            }
        }
        None
    }

    /// How many of the stock cards at `places` cannot all be paired with distinct pyramid
    /// cards counted in `partners` (see [`Tables::slot_partners`]): for each value, the cards
    /// beyond the partners.
    pub(super) fn unmatched(&self, places: u32, partners: u64) -> u8 {
        excess(self.value_counts(&self.stock_value_counts, places), partners)
    }

    /// Whether each non-king card at `waste` (stock places) can be paired with a distinct
    /// partner among the pyramid cards counted in `partners` and the stock cards at
    /// `stock_side`.
    pub(super) fn waste_can_unwind(&self, waste: u32, partners: u64, stock_side: u32) -> bool {
        const KINGS: u64 = 0xf << (4 * 13);
        let cards = self.value_counts(&self.stock_value_counts, waste) & !KINGS;
        let partners = partners + self.value_counts(&self.stock_partner_counts, stock_side);
        excess(cards, partners) == 0
    }

    /// For pyramid `slots`, how many cards of value 13 − w they hold, four bits at each w.
    pub(super) fn slot_partners(&self, slots: u32) -> u64 {
        let t = &self.slot_partner_counts;
        t[0][(slots & 0x7f) as usize]
            + t[1][((slots >> 7) & 0x7f) as usize]
            + t[2][((slots >> 14) & 0x7f) as usize]
            + t[3][((slots >> 21) & 0x7f) as usize]
    }

    pub(super) fn value_counts(&self, table: &[[u64; 256]; 3], places: u32) -> u64 {
        table[0][(places & 0xff) as usize]
            + table[1][((places >> 8) & 0xff) as usize]
            + table[2][((places >> 16) & 0xff) as usize]
    }

    /// The fewest stock partners the rank pair containing value `v` needs in `cards`.
    pub(super) fn pair_need(&self, cards: u64, v: u8) -> u8 {
        let low = v.min(13 - v);
        if low == 0 || low > 6 {
            return 0;
        }
        let subset =
            ((cards >> ((low as u32 - 1) * 4)) & 0xf) | (((cards >> ((12 - low as u32) * 4)) & 0xf) << 4);
        self.need[low as usize - 1][subset as usize]
    }

    pub(super) fn pair_feasible(&self, cards: u64, v: u8) -> bool {
        self.pair_need(cards, v) != INFEASIBLE
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
            new_config = configs().next[new_config as usize][slot as usize];
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
        let available = configs().available[config as usize];
        let next = &configs().next[config as usize];
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
        let value_of = |j: u32| self.values[PYRAMID_CARDS + j as usize];
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

    /// An admissible estimate of the steps still needed: the removal steps that take a pyramid
    /// card (see [`removal_steps`]) plus the steps that remove no pyramid card (draws, recycles,
    /// stock-only removals) that must come before the stock partners some pyramid cards need
    /// can be reached (each such step takes at most one card off the stock side and one off
    /// the waste side).
    pub(super) fn estimate(&self, state: u64) -> u8 {
        let (config, stock, pointer, recycles) = unpack(state);
        let removals = self.heuristic[config as usize];
        let cards = self.card_mask(config, stock);
        let needed: u8 = (1..=6).map(|v| self.pair_need(cards, v)).fold(0, u8::saturating_add);
        if needed == 0 || needed == INFEASIBLE {
            return removals;
        }
        // Stock cards that partner no pyramid card (now or later: the pyramid only shrinks)
        // leave the stock or the waste only by steps that remove no pyramid card.
        let useful_places = self.useful_places[config as usize];
        let idle = stock & !useful_places;
        let low = (1u32 << pointer) - 1;
        let idle_above = (idle & !low).count_ones() as u8;
        // A pyramid card c with no possible pyramid partner left needs one from the stock, and
        // the stock cards in the way of its nearest one must leave first. A card in the way
        // leaves by a step that removes no pyramid card, one such step per card, unless it
        // pairs with a pyramid card removed before c (so not one that c covers), each of
        // which partners one card at most: the cards in the way beyond what those pyramid
        // cards can take (see [`Tables::unmatched`]) cost a step each.
        let mask = configs().masks[config as usize];
        let mut farthest = 0u8;
        for slot in bits(self.lonely[config as usize] as u64) {
            let slot = slot as usize;
            let partners = stock & self.stock_partners[slot];
            let ahead = partners & !low;
            // The cost is at most the cards in the way of the nearest partner ahead: a card
            // whose cost cannot exceed the largest so far is skipped (the maximum is the same).
            if ahead != 0
                && (stock & !low & ((1u32 << ahead.trailing_zeros()) - 1)).count_ones() as u8 <= farthest
            {
                continue;
            }
            let before = self.slot_partners(mask & !self.above[slot]);
            let mut cost = u8::MAX;
            if ahead != 0 {
                let j = ahead.trailing_zeros();
                cost = cost.min(self.unmatched(stock & !low & ((1u32 << j) - 1), before));
            }
            let behind = partners & low;
            if behind != 0 {
                let j = 31 - behind.leading_zeros();
                let in_way = stock & low & !((2u32 << j) - 1);
                // A waste card leaves the waste top only by a removal: a king alone, or with
                // a partner among the pyramid cards removable first or the stock side's cards
                // (each partner taken once). Without enough partners, the waste cannot be
                // unwound to it in this pass.
                if self.waste_can_unwind(in_way, before, stock & !low) {
                    cost = cost.min(self.unmatched(in_way, before));
                }
            }
            if partners != 0 && recycles < MAX_RECYCLES && cost > 1 {
                let j = partners.trailing_zeros();
                // One step may take a stock card and a waste card together.
                let rest_of_pass = self.unmatched(stock & !low, before);
                cost = cost.min(1 + rest_of_pass.max(self.unmatched(stock & ((1u32 << j) - 1), before)));
            }
            farthest = farthest.max(cost.min(UNREACHABLE));
        }
        // The stock partners term below is at most this bound (a recycle and every idle card
        // above the pointer, or, in the last pass with enough useful cards left, every idle
        // card): when the lonely cards' term reaches it, it cannot change the maximum.
        let through_recycle = if recycles < MAX_RECYCLES { idle_above.saturating_add(1) } else { u8::MAX };
        let bound = if through_recycle != u8::MAX {
            through_recycle
        } else if (stock & useful_places).count_ones() >= needed as u32 {
            idle.count_ones() as u8
        } else {
            u8::MAX
        };
        if farthest >= bound {
            return removals + farthest;
        }
        // cost_waste[b]: idle cards that must leave the waste, from its top down, before the
        // b-th useful card below the pointer can be reached (filled for b = 0..=below).
        let needed = needed as usize;
        let mut cost_waste = [u8::MAX; STOCK_CARDS + 1];
        cost_waste[0] = 0;
        let mut useful_below = stock & useful_places & low;
        let mut below = 0;
        while below < needed && useful_below != 0 {
            let j = 31 - useful_below.leading_zeros();
            useful_below &= !(1 << j);
            below += 1;
            cost_waste[below] = (idle & low & !((2u32 << j) - 1)).count_ones() as u8;
        }
        // Likewise on the stock side for the a-th useful card above the pointer, a = 0, 1, ...
        // That cost only grows with a, so the search stops once it reaches the best found.
        let mut best = through_recycle;
        let mut useful_above = stock & useful_places & !low;
        let mut stock_cost = 0u8;
        for a in 0..=needed {
            if a > 0 {
                if useful_above == 0 {
                    break;
                }
                let j = useful_above.trailing_zeros();
                useful_above &= useful_above - 1;
                stock_cost = (idle & !low & ((1u32 << j) - 1)).count_ones() as u8;
            }
            if stock_cost >= best {
                break;
            }
            if needed - a <= below {
                // One step (a stock-and-waste pair) may take an idle card off each side.
                best = best.min(stock_cost.max(cost_waste[needed - a]));
            }
        }
        if best == u8::MAX {
            // Not enough reachable partners in this pass and no recycle left: a dead end, but
            // the estimate stays finite and admissible-in-effect (nothing is reachable).
            best = UNREACHABLE;
        }
        removals + best.max(farthest)
    }
}

/// For each configuration, the fewest removal steps that clear it in a relaxed game where any
/// stock card in `stock` is always at hand as a partner (and may be used more than once): an
/// available pyramid card goes alone (a king, or with a stock partner of its complement) or
/// with another available pyramid card adding to 13. Every real removal step is one of these,
/// and draws, recycles and stock-only removals leave the configuration as it is, so this is an
/// admissible and consistent estimate of the steps that remove pyramid cards.
/// Configurations are numbered breadth-first from the full pyramid, so every successor has a
/// higher number and a backward sweep sees it first.
pub(super) fn removal_steps(values: &[u8; 52], stock: u32) -> Vec<u8> {
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
            if v == 13 || stock_values & (1 << (13 - v)) != 0 {
                best = best.min(1 + steps[after]);
            }
            for other in bits(available & !((2u64 << slot) - 1)) {
                if values[other as usize] + v == 13 {
                    best = best.min(1 + steps[configs.next[after][other as usize] as usize]);
                }
            }
        }
        steps[config] = best;
    }
    steps
}

/// Fills `table[subset]` (bits 0..8; 0..4 one value, 4..8 the other) with the fewest stock
/// partners with which every non-stock card of `subset` gets a distinct compatible partner of
/// the other value within `subset`, or `INFEASIBLE`. `in_stock` marks the stock cards;
/// `compatible[a]` the cards card a may pair with. Pairing the lowest needy card with a
/// partner leaves a smaller subset, so the table fills in increasing order.
pub(super) fn fill_fewest_stock_partners(table: &mut [u8; 256], in_stock: u32, compatible: &[u32; 8]) {
    for subset in 0..256u32 {
        let needy = subset & !in_stock;
        if needy == 0 {
            table[subset as usize] = 0;
            continue;
        }
        let card = needy.trailing_zeros();
        let mut best = INFEASIBLE;
        for partner in bits((subset & compatible[card as usize]) as u64) {
            // The partner goes with the card, so it needs no partner of its own.
            let later = table[(subset & !(1 << card) & !(1 << partner)) as usize];
            if later != INFEASIBLE {
                best = best.min(later + u8::from(in_stock & (1 << partner) != 0));
            }
        }
        table[subset as usize] = best;
    }
}

/// The sum over four-bit counts (each at most 4) of max(0, cards − partners).
pub(super) fn excess(cards: u64, partners: u64) -> u8 {
    // 8 + cards − partners stays within 4..=12: no borrows across counts.
    const EIGHTS: u64 = 0x8888_8888_8888_8888;
    let biased = (cards | EIGHTS) - partners;
    let keep = ((biased & EIGHTS) >> 3) * 0xf;
    let over = (biased ^ EIGHTS) & keep;
    let bytes = (over & 0x0f0f_0f0f_0f0f_0f0f) + ((over >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}
