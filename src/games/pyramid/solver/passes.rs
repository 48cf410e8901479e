//! A lower bound on the steps that remove no pyramid card (draws, recycles, stock-only
//! removals), from a relaxed run through the stock, pass by pass. It follows the experiment on
//! branch `pyramid-passing-bound-experiment`, without its joint test, with a fix (a card that
//! could have gone on top of the stock is not counted again in the next pass), and passing the
//! cards that change nothing together.
//!
//! Each stock card the stock top passes costs one such step (it is drawn, or removed on top of
//! the stock by a step that takes no pyramid card) unless it is removed there with a pyramid
//! card. So the run follows the stock in order and keeps, at each stop, the *relaxed
//! configuration*: the pyramid less every card that some real line can have removed by then. A
//! pyramid card leaves it once it is uncovered there and it is a king, or a card of its
//! partner value is at hand (the stock top, or a waste card the waste top can reach, see
//! below), or an *open* pyramid card of that value (uncovered there, or gone) that it does not
//! cover. Any partner of a real removal is one of these (partners are never used up here), so
//! by induction over the real line's steps the real pyramid always holds the relaxed one.
//!
//! The waste is a stack: a card in it is at hand only when every card above it can go (a
//! king, a partner value seen on top of the stock in this pass, an open pyramid partner, or a
//! *free* card: one that could have been removed on top of the stock instead of being drawn,
//! or may not be there at all). The relaxed stack holds every card passed in the pass (and, in
//! the first, the waste there is): each card above the real waste top is gone, so it was free
//! or could go, and every card the real waste top reaches is at hand here.
//!
//! A passed card costs a step unless an open pyramid partner is left for it: each pyramid card
//! saves one stock card at most (taken in stock order, which gives the most: the open cards
//! only grow). Any change at a stop needs its stock top (the values at hand there are those of
//! the stop before and the top's, or waste cards it lets through), so the top can only pair
//! with a pyramid card open before it: the saving is settled before the stop is. A card is not
//! counted if the relaxed pyramid is empty once it is on top (a line that clears the pyramid
//! there never passes it). If a pass ends with pyramid cards left, every real line must
//! recycle: one more step, and in the next pass only the cards that must still be there
//! count: those never free and never able to go from the waste. Without a recycle left, the
//! position is a dead end.
//!
//! Most stops change nothing: the relaxed configuration can change only at a stop whose top
//! has a value that takes an available card of it, or a value seen for the first time in the
//! pass that lets a waiting card of the stack go (a stock-and-waste pair). At any other stop
//! the values at hand are those of the last stop settled and of the cards passed since, none
//! of which takes anything. So the cards up to the next such stop are passed together: their
//! costs and savings counted per value, and marked free or able to go as if at the end of the
//! run (which only lets more through).
//!
//! A pyramid card with no pyramid partner left (every other card of its partner value is gone,
//! beneath it or above it) and one stock partner left *pins* that stock card: a line that
//! removes the stock card otherwise (with another pyramid card, or with the other of the stock
//! and waste tops) leaves the pyramid card with no partner, so on every line that clears the
//! pyramid the two go together. The pinned card can then go from the stack only while its
//! pyramid card is available, and so open in the run (the real pyramid holds the relaxed one):
//! until it is open the pinned card is neither free nor able to go, and it blocks the cards
//! beneath it like any card that cannot go; on top of the stock, no open pyramid card saves
//! it. (The apex always has no pyramid partner: every other card lies beneath it.)
//!
//! Likewise a pyramid card with one pyramid partner left and no stock partner but pinned
//! cards (which go with their own pyramid cards) is *pinned* to that card: a line that removes
//! the partner otherwise leaves the card with none, so on every line that clears the pyramid
//! the two go together, and neither takes a stock card.
//! The run lets neither go with a card at hand, nor save a stock card, nor let a waste card go
//! (the relaxed pair of the two stays: a pyramid card with an open partner may still go).
//! Two cards pinned to each other also show dead ends: the cards beneath either go before
//! them and those above either after them, so a card on one side with no stock partner left
//! and no pyramid partner but the two and the cards on the other side can never go, and the
//! position is a dead end.

use std::ops::BitOr;

use super::tables::{bits, over_lower_slots, over_places, over_slots, Configs, Tables};
use super::UNREACHABLE;

const EIGHTS: u64 = 0x8888_8888_8888_8888;

/// Four-bit counts (each at most 7): max(0, a − b) at each.
pub(super) fn saturating_sub(a: u64, b: u64) -> u64 {
    let biased = (a | EIGHTS) - b;
    let keep = ((biased & EIGHTS) >> 3) * 0xf;
    (biased ^ EIGHTS) & keep
}

/// The sum of four-bit counts.
pub(super) fn total(counts: u64) -> u8 {
    let bytes = (counts & 0x0f0f_0f0f_0f0f_0f0f) + ((counts >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

/// The nibbles of `counts` with bit 0 set (bits 4w), as a set of values (bit w).
fn nibble_flags(counts: u64) -> u16 {
    let flags = counts & 0x1111_1111_1111_1111;
    let pairs = (flags | flags >> 3) & 0x0303_0303_0303_0303;
    let fours = (pairs | pairs >> 6) & 0x000f_000f_000f_000f;
    let eights = (fours | fours >> 12) & 0x0000_00ff_0000_00ff;
    (eights | eights >> 24) as u16
}

impl Tables {
    /// The pyramid slots whose partner value is among `values` (bit v for value v).
    fn slots_partnering(&self, values: u16) -> u32 {
        self.partnering_low[((values >> 1) & 0x7f) as usize]
            | self.partnering_high[(values >> 8) as usize & 0x3f]
    }

    /// For pyramid `slots`: the values w (bit w) of the stock cards they can partner.
    pub(super) fn slot_partner_values(&self, slots: u32) -> u16 {
        over_slots(&self.slot_partner_value_bits, slots, BitOr::bitor)
    }

    /// The stock places of kings and of the cards that pyramid `slots` partner.
    fn takeable(&self, slots: u32) -> u32 {
        self.stock_kings | self.partner_places(slots)
    }

    /// The stock places of the cards that partner those at stock `places`.
    fn partners_of_places(&self, places: u32) -> u32 {
        over_places(&self.stock_partner_place_chunks, places, BitOr::bitor)
    }

    /// The stock places of the cards of the values of those at stock `places`.
    fn same_value_places(&self, places: u32) -> u32 {
        over_places(&self.stock_value_place_chunks, places, BitOr::bitor)
    }

    /// The pyramid slots that the cards at stock `places` partner.
    fn slots_partnering_places(&self, places: u32) -> u32 {
        over_places(&self.stock_partner_slots, places, BitOr::bitor)
    }

    /// The stock places of the cards that pyramid `slots` partner.
    fn partner_places(&self, slots: u32) -> u32 {
        over_slots(&self.slot_partner_places, slots, BitOr::bitor)
    }

    /// The slots with a possible pyramid partner among `slots` (see `pyramid_partners`).
    fn pairable(&self, slots: u32) -> u32 {
        over_lower_slots(&self.pairable_chunks, slots)
    }

    /// A lower bound on the steps that remove no pyramid card before the pyramid is cleared,
    /// or [`UNREACHABLE`] if it cannot be (see the module comment), and true. The run stops as
    /// soon as its count exceeds `limit`, giving the count so far and false: the count only
    /// grows, so that is a lower bound too (the search then only needs to know that the state
    /// lies well beyond its f layer). Also gives how many stock cards of each value w (four
    /// bits at w) it counted as saved by a pyramid partner (see
    /// [`Tables::removal_steps_given`]). Adds to `recycled` the recycles the count holds: each
    /// one every line that clears the pyramid must make (a pass ended with pyramid cards left),
    /// so they are a lower bound on the line's recycles too. No pass after `last_pass` is run
    /// (without one left, the position is a dead end for the lines wanted).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn passing_cost(
        &self,
        config: u16,
        stock: u32,
        pointer: u8,
        recycles: u8,
        last_pass: u8,
        limit: u8,
        recycled: &mut u8,
    ) -> (u8, bool, u64) {
        let empty = self.empty;
        if config == empty {
            return (0, true, 0);
        }
        let mut run = Run::start(self, config);
        if run.relaxed.slots == 0 {
            return (0, true, 0);
        }
        if !run.pin(config, stock) {
            return (UNREACHABLE, true, 0);
        }
        // Pyramid partners already counted as saving a stock card, at nibble w as in
        // `Run::partners`.
        let mut used = 0u64;
        let mut cost = 0u8;
        let low = (1u32 << pointer) - 1;
        run.stack = stock & low;
        let mut certain = stock;
        let mut order = stock & !low;
        let mut passes_left = last_pass.saturating_sub(recycles);
        let value_of = |j: u32| self.stock_values[j as usize & 31];
        loop {
            run.seen_partner_places = 0;
            run.seen_value_places = 0;
            run.may_go = 0;
            run.free = 0;
            let mut at_hand_partners = run.settle(0);
            if run.relaxed.slots == 0 {
                return (cost, true, used);
            }
            let mut rest = order;
            while rest != 0 {
                // Only a card at the stop of a value that takes an available card, or that
                // lets a waiting card of the stack go (seen for the first time, its partner
                // waiting), can change the relaxed configuration: at other stops the values at
                // hand are those before and the cards passed since, none of which takes
                // anything. The cards before the next such card are passed together.
                let waiting = self.partners_of_places(run.stack & !run.may_go & !run.pin_blocked);
                let events = rest & (run.relaxed.needed | (waiting & !run.seen_value_places));
                // The cards below the first event (all of them if none).
                let passed = rest & events.wrapping_sub(1) & !events;
                if passed != 0 {
                    let here = passed & certain;
                    let counts = self.value_counts(&self.stock_value_counts, here);
                    // A pinned card goes only with its pyramid card: none saves it while that
                    // is not open.
                    // Not branched on: whether a pinned card is among them is hard to predict.
                    let saveable = self.value_counts(&self.stock_value_counts, here & !run.pin_blocked);
                    let saved = saveable - saturating_sub(saveable, run.relaxed.partners - used);
                    used += saved;
                    cost += total(counts - saved);
                    if cost > limit {
                        return (cost, false, used);
                    }
                    // Free: not surely there, or a partner open, or one at hand (the values at
                    // hand during the run are among those before it and the run's). Able to
                    // go: free, or a partner seen (by the end of the run: more than enough).
                    let partners = self.partners_of_places(passed);
                    run.seen_partner_places |= partners;
                    run.seen_value_places |= self.same_value_places(passed);
                    at_hand_partners |= partners;
                    let can_go = (run.relaxed.takeable | at_hand_partners) & !run.pin_blocked;
                    run.free |= passed & (!certain | can_go);
                    run.may_go |= passed & (run.free | (run.seen_partner_places & !run.pin_blocked));
                    run.stack |= passed;
                    rest &= !passed;
                }
                if events == 0 {
                    break;
                }
                let j = events.trailing_zeros();
                rest &= !(1 << j);
                let v = value_of(j);
                let here = certain & (1 << j) != 0;
                // A king, or an open card partners it.
                let partner_open = run.relaxed.takeable & (1 << j) != 0;
                let pin_blocked = run.pin_blocked & (1 << j) != 0;
                // Open partners not counted yet (`used` never exceeds them at any value).
                let saved = here && !pin_blocked && ((run.relaxed.partners - used) >> (4 * v)) & 0xf != 0;
                // Added rather than branched on: whether it is saved is not predictable.
                let saving = (saved as u64) << (4 * v);
                used += saving;
                run.seen_partner_places |= self.stock_partner_places[j as usize & 31];
                run.seen_value_places |= self.stock_value_places[j as usize & 31];
                at_hand_partners = run.settle(1u32 << j);
                if run.relaxed.slots == 0 {
                    // The card is not passed: it saves nothing.
                    return (cost, true, used - saving);
                }
                if here && !saved {
                    cost += 1;
                    if cost > limit {
                        return (cost, false, used);
                    }
                }
                run.stack |= 1 << j;
                if !here || (!pin_blocked && (partner_open || at_hand_partners & (1 << j) != 0)) {
                    run.free |= 1 << j;
                }
            }
            // The cards the stack lets through at the end of the pass (they may be gone).
            run.settle(0);
            if run.relaxed.slots == 0 {
                return (cost, true, used);
            }
            if passes_left == 0 {
                return (UNREACHABLE, true, used);
            }
            passes_left -= 1;
            *recycled += 1;
            cost += 1;
            if cost > limit {
                return (cost, false, used);
            }
            certain &= run.stack & !run.may_go & !run.free;
            run.stack = 0;
            order = stock;
        }
    }
}

/// Four-bit counts at w = 1..12 moved to 13 − w (nibble 0 and 13..16 must be empty).
fn mirror_counts(counts: u64) -> u64 {
    let reversed = counts.swap_bytes();
    let reversed = ((reversed >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((reversed & 0x0f0f_0f0f_0f0f_0f0f) << 4);
    reversed >> 8
}

impl Tables {
    /// The removal steps that take pyramid cards from `config` (at least `removals`, see
    /// [`removal_steps`](super::tables::removal_steps)), on a line whose steps that take none
    /// are bounded by a run of [`Tables::passing_cost`] that counted `saved` (at nibble w) of
    /// the stock cards of value w it passed as saved by a pyramid partner.
    ///
    /// With P pyramid cards, a line whose removal steps pair pp pyramid cards with each other
    /// takes P − pp removal steps. For a rank pair (a, b), a + b = 13, with P_a and P_b pyramid
    /// cards and pp_ab pyramid pairs among them, at most P_a − pp_ab stock cards of value b can
    /// be removed with a pyramid card, so the run's saving of `saved[b]` overstates the line's
    /// by at least saved[b] − (P_a − pp_ab), and each such card costs the line one more step
    /// than the run counted. The line's steps are then at least P − Σ pp_ab + passing cost +
    /// Σ max(0, saved[b] − P_a + pp_ab) + max(0, saved[a] − P_b + pp_ab). For each pair that
    /// falls by one per pyramid pair only while pp_ab ≤ L_ab = min(P_a − saved[b], P_b −
    /// saved[a]) (then it stays or grows), pp_ab is at most the pairs the pair's pyramid cards
    /// can make with each other, and Σ pp_ab ≤ P − `removals` (a line has at least
    /// `removals` removal steps), so every line takes at least P − min(P − removals, Σ L_ab)
    /// removal steps beyond the run's count (L_ab capped by those pairs): at least
    /// `removals`, more when the run's savings leave too few pyramid cards to pair.
    pub(super) fn removal_steps_given(&self, config: u16, removals: u8, saved: u64) -> u8 {
        let pyramid = self.configs.sizes[config as usize];
        // At nibble w: the pyramid cards of value 13 − w not needed for the savings
        // (saved[w] is at most the open ones, see `Relaxed::partners`).
        let (counts, limits) = self.config_pairing[config as usize];
        let left = counts - saved;
        let mirrored = mirror_counts(left);
        let each = left - saturating_sub(left, mirrored);
        // No more than its cards can make with each other; each rank pair counted twice,
        // once at each of its values.
        let pairable = total(each - saturating_sub(each, limits)) / 2;
        pyramid - (pyramid - removals).min(pairable)
    }
}

/// The relaxed configuration of a run of [`Tables::passing_cost`] and what its open slots
/// give; kept for each configuration as it is before any stock card.
#[derive(Clone, Copy, Default)]
pub(super) struct Relaxed {
    /// The relaxed configuration's slots.
    slots: u32,
    /// Its available slots.
    available: u32,
    /// Its open slots (uncovered there, or gone from it).
    open: u32,
    /// The slots with an open pyramid partner (not beneath or above them).
    pairable: u32,
    /// At nibble w: how many open cards partner a stock card of value w.
    partners: u64,
    /// The stock places of kings and of those values w: the cards that can go with an open
    /// card (kept as places: the run asks for them at every stop).
    takeable: u32,
    /// The stock places of the cards that would take an available card: none other changes
    /// anything (the relaxed configuration is always closed under the removals of kings and
    /// open pyramid pairs).
    needed: u32,
}

/// The state of the relaxed run of [`Tables::passing_cost`] at a stop.
struct Run<'a> {
    tables: &'a Tables,
    configs: &'static Configs,
    /// The real configuration's slots.
    mask: u32,
    /// The relaxed configuration and what its open slots give.
    relaxed: Relaxed,
    /// The stack of passed cards (stock places; in the first pass with the waste there was).
    stack: u32,
    /// The stock places of the partners of the values seen on top of the stock in this pass.
    seen_partner_places: u32,
    /// Those values v (bit v, kings too).
    seen_value_places: u32,
    /// Cards of the stack known to be able to go (once they can, they always can).
    may_go: u32,
    /// Cards of the stack that never block.
    free: u32,
    /// The slots of the pyramid cards with no partner left but one stock card, which is then
    /// *pinned*: it can go only with that pyramid card (else the pyramid card is left with
    /// none), and that card only with it.
    pinned_slots: u32,
    /// The stock places (to find the pinned cards).
    stock: u32,
    /// The slots of the real configuration with no stock partner but pinned ones (each goes
    /// with its own pyramid card), kings too.
    stock_unpartnered: u32,
    /// The stock places of pinned cards whose pyramid card is not open.
    pin_blocked: u32,
    /// The slots of pyramid cards pinned to each other: a card with no partner left but one
    /// pyramid card (and pinned stock cards), and that card (see [`Run::pin`]). Neither takes
    /// a stock card.
    paired_pins: u32,
}

impl<'a> Run<'a> {
    /// The run before any stock card: the relaxed configuration of `config` with no card at
    /// hand (kept for each configuration in [`Tables::first_relaxed`]).
    #[inline(always)]
    fn start(tables: &'a Tables, config: u16) -> Run<'a> {
        let configs = tables.configs;
        let mut run = Run {
            tables,
            configs,
            mask: configs.masks[config as usize],
            relaxed: Relaxed::default(),
            stack: 0,
            seen_partner_places: 0,
            seen_value_places: 0,
            may_go: 0,
            free: 0,
            pinned_slots: 0,
            stock: 0,
            stock_unpartnered: 0,
            pin_blocked: 0,
            paired_pins: 0,
        };
        if let Some(first) = tables.first_relaxed[config as usize].get() {
            run.relaxed = first;
        } else {
            let available = configs.available[config as usize];
            run.relaxed = Relaxed {
                slots: run.mask,
                available,
                open: available,
                pairable: tables.pairable(available),
                partners: tables.slot_partners(available),
                takeable: tables.takeable(available),
                needed: 0,
            };
            run.clear(0);
            tables.first_relaxed[config as usize].set(Some(run.relaxed));
        }
        run
    }

    /// Finds the pinned cards of `config` with `stock` (see [`Run::pinned_slots`] and
    /// [`Run::paired_pins`]).
    ///
    /// False if two cards pinned to each other make the pyramid impossible to clear (see
    /// [`Run::pair_can_go`]).
    fn pin(&mut self, config: u16, stock: u32) -> bool {
        let tables = self.tables;
        let cell = &tables.lonely[config as usize];
        let (mut unpaired, mut single) = cell.get();
        if unpaired == u32::MAX {
            (unpaired, single) = (0, 0);
            for slot in bits((self.mask & !tables.slots_of_value[13]) as u64) {
                let partners = tables.pyramid_partner_slots[slot as usize] & self.mask;
                if partners == 0 {
                    unpaired |= 1 << slot;
                } else if partners & (partners - 1) == 0 {
                    single |= 1 << slot;
                }
            }
            cell.set((unpaired, single));
        }
        if unpaired | single == 0 {
            return true;
        }
        // Worked out by value rather than slot by slot: a slot's stock partners are the stock
        // cards of its partner value.
        self.stock = stock;
        let counts = tables.value_counts(&tables.stock_value_counts, stock);
        // At most four cards of a value: three bits.
        let present = nibble_flags(counts | counts >> 1 | counts >> 2);
        let one = nibble_flags(counts & !(counts >> 1) & !(counts >> 2));
        // The values of the pinned cards: each the one stock card of its value, partner of a
        // card with no pyramid partner.
        let pinned_values = one & tables.slot_partner_values(unpaired);
        self.pinned_slots = unpaired & tables.slots_partnering(pinned_values);
        self.stock_unpartnered = self.mask & !tables.slots_partnering(present & !pinned_values);
        for slot in bits((single & self.stock_unpartnered) as u64) {
            let pair = 1 << slot | (tables.pyramid_partner_slots[slot as usize] & self.mask);
            if self.paired_pins & pair != pair && !self.pair_can_go(pair) {
                return false;
            }
            self.paired_pins |= pair;
        }
        self.pin_blocked = self.pinned_places(self.pinned_slots & !self.relaxed.open);
        if self.paired_pins != 0 {
            let relaxed = &mut self.relaxed;
            let takers = relaxed.open & !self.paired_pins;
            relaxed.partners = tables.slot_partners(takers);
            relaxed.takeable = tables.takeable(takers);
            relaxed.needed = tables.partner_places(relaxed.available & !self.paired_pins);
        }
        true
    }

    /// Whether the two pyramid cards `pair`, pinned to each other, can go together on some
    /// line for all their neighbours need: false if a card beneath them (gone before the pair
    /// goes) has no stock partner left and no pyramid partner but the pair and the cards
    /// above them (gone after it), or a card above them has none but the pair and the cards
    /// beneath them. A card with no stock partner (but pinned ones, which go with their own
    /// pyramid cards) goes with a pyramid partner at the same step, so either would have to go
    /// both before and after the pair.
    fn pair_can_go(&self, pair: u32) -> bool {
        let tables = self.tables;
        let (mut before, mut after) = (0, 0);
        for slot in bits(pair as u64) {
            before |= tables.slots_beneath[slot as usize];
            after |= tables.slots_above[slot as usize];
        }
        let kings = tables.slots_of_value[13];
        let (before, after) = (before & self.mask & !kings, after & self.mask & !kings);
        // The cards that go only with a pyramid partner: no stock partner but pinned ones, not
        // pinned themselves.
        let needy = self.stock_unpartnered & !self.pinned_slots;
        let stranded = |cards: u32, elsewhere: u32| {
            bits((cards & needy) as u64)
                .any(|slot| tables.pyramid_partner_slots[slot as usize] & self.mask & !elsewhere == 0)
        };
        !stranded(before, after | pair) && !stranded(after, before | pair)
    }

    /// The stock places of the cards pinned by pyramid `slots` (see [`Run::pinned_slots`]):
    /// those of their partner values, one card each.
    fn pinned_places(&self, slots: u32) -> u32 {
        self.stock & self.tables.partner_places(slots)
    }

    /// Removes what can go with the stock cards at `at_hand` (stock places; slots with a
    /// partner among them, kings, open pyramid pairs), and again with what that opens.
    ///
    /// Of the slots that may go (`goers`: kings, partners of the cards at hand, slots with an
    /// open pyramid partner), every one with no other slot beneath it left goes, one row after
    /// another, at once: those with a slot beneath that may not go stay. Only a card opened on
    /// the way adds to the slots that may go, and then the rest is taken again. (This is the
    /// same fixed point as removing the available slots that may go until none is left, in far
    /// fewer rounds: each round's lookups lay on the chain of the next.)
    #[inline(always)]
    fn clear(&mut self, at_hand: u32) {
        let (tables, configs) = (self.tables, self.configs);
        let by_value =
            tables.slots_of_value[13] | (tables.slots_partnering_places(at_hand) & !self.paired_pins);
        let relaxed = &mut self.relaxed;
        let mut open = relaxed.open;
        while relaxed.available & (by_value | relaxed.pairable) != 0 {
            let goers = by_value | relaxed.pairable;
            let stays = relaxed.slots & !goers;
            relaxed.slots &= !goers | configs.above(stays);
            let covered = configs.covered(relaxed.slots);
            relaxed.available = relaxed.slots & !covered;
            let opened = self.mask & !covered & !open;
            if opened == 0 {
                break;
            }
            relaxed.pairable |= tables.pairable(opened);
            open |= opened;
        }
        let pins_opened = open & !relaxed.open & self.pinned_slots;
        if open != relaxed.open {
            relaxed.open = open;
            let takers = open & !self.paired_pins;
            relaxed.partners = tables.slot_partners(takers);
            relaxed.takeable = tables.takeable(takers);
        }
        relaxed.needed = tables.partner_places(relaxed.available & !self.paired_pins);
        if pins_opened != 0 {
            self.pin_blocked &= !self.pinned_places(pins_opened);
        }
    }

    /// Settles the relaxed configuration with the reachable part of the stack and the stock
    /// top at hand (`top`: stock places); gives the stock places of the partners of the cards
    /// at hand.
    #[inline(always)]
    fn settle(&mut self, top: u32) -> u32 {
        let tables = self.tables;
        loop {
            // The highest card of the stack that is not free and whose value cannot go ends
            // the reach: it and the cards above it are at hand, and those above it can go.
            let waiting = self.stack & !self.may_go;
            let can_go = self.relaxed.takeable | self.seen_partner_places;
            let blocking = waiting & !self.free & !(can_go & !self.pin_blocked);
            // The place above the highest blocking card, 0 if none: a shift, not a branch
            // (whether a card blocks is not predictable). The cards from there can go, and
            // those at hand start one lower, at the blocking card (bit 31 is no place).
            let above = 31 - (blocking << 1 | 1).leading_zeros();
            self.may_go |= waiting & u32::MAX << above;
            let segment = self.stack & (u32::MAX << above) >> 1;
            let at_hand = segment | top;
            if at_hand & self.relaxed.needed == 0 {
                return tables.partners_of_places(at_hand);
            }
            self.clear(at_hand);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::small_positions::{exact_steps_and_recycles, random_starts, state_of};
    use super::super::Tables;

    /// On small random positions, the estimate of every position reachable from them is at
    /// most its exact distance to a cleared pyramid (and a position estimated unreachable is).
    #[test]
    fn the_estimate_never_exceeds_the_exact_distance() {
        let mut checked = 0;
        for (seed, start) in random_starts(0x2545_f491_4f6c_dd1d, 1..=400, true) {
            let tables = Tables::new(start.deal(), start.stock_mask());
            for (position, exact) in exact_steps_and_recycles(start) {
                let state = state_of(&position);
                let (estimate, whole) = tables.estimate(state, u8::MAX);
                assert!(whole);
                // A run cut short gives no more than the whole one.
                let limit = (checked % 8) as u8;
                let (cut_short, whole) = tables.estimate(state, limit);
                assert!(cut_short <= estimate && (cut_short == estimate || (cut_short > limit && !whole)));
                if let Some((d, _)) = exact {
                    assert!(estimate as u32 <= d, "seed {seed}: estimate {estimate} > {d}\n{position}");
                }
                checked += 1;
            }
        }
        assert!(checked > 100_000, "only {checked} positions");
    }
}
