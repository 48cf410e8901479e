//! Positions that cannot be cleared without another recycle: with none, the waste is a stack
//! that is never turned over again, so a waste card is at hand again only once every card above
//! it is gone.
//!
//! Without a recycle the waste cards never come back to the stock, so two of them can never be
//! removed together (a pair with the waste top needs the stock top): each card above a waste
//! card goes alone (a king) or with a distinct partner from the pyramid or from the stock still
//! ahead. So once the waste cards of one value above a card outnumber the partners of that
//! value left in the pyramid and ahead in the stock, the card and those beneath it can never
//! be at hand again. With those cards left out, each rank pair's pyramid cards must still find
//! distinct partners (see [`Tables::all_feasible`]); if one cannot, no line clears the pyramid
//! without recycling. The relaxed run of the passing bound misses this: it lets a waste card go
//! whenever some card of its partner value is left, however many others want the same partner.

use super::passes::{saturating_sub, total};
use super::tables::Tables;
use super::{unpack, UNREACHABLE};
use crate::games::pyramid::rules::MAX_RECYCLES;

impl Tables {
    /// [`Tables::estimate_with_recycles`] for `state`, with the recycles given as the least a
    /// line through it makes (those used and those still needed), raised when the waste shows
    /// that no line clears the pyramid in this pass though the run counted on it.
    ///
    /// Such a line passes every card the run counted in this pass (its pyramid is not cleared
    /// there, and the real pyramid holds the run's), then recycles: one step and one recycle
    /// more than the run counted, or a dead end with no recycle left.
    ///
    /// Past `limit` the estimate may be cut short (see [`Tables::estimate_with_recycles`];
    /// false): the state then lies well beyond the f layer being searched, and the search
    /// queues it under that lower bound and estimates it again if it comes up (many never do).
    ///
    /// Only lines that end in pass `last_pass` or earlier are counted (see
    /// [`Tables::estimate_with_recycles`]): [`UNREACHABLE`] if every line needs more recycles.
    pub(super) fn estimate_line(&self, state: u64, limit: u8, last_pass: u8) -> (u8, bool, u8) {
        let (config, stock, pointer, recycles) = unpack(state);
        let (h, whole, recycled) = self.estimate_with_recycles(state, limit, last_pass);
        if recycled == 0 && h < UNREACHABLE && self.waste_buries_a_partner(config, stock, pointer) {
            if recycles >= last_pass {
                return (UNREACHABLE, true, 0);
            }
            // Before the recycle the line passes every card ahead in the stock: a step each,
            // unless it goes with a pyramid card of its partner value (one each), besides the
            // removal steps.
            let low = (1u32 << pointer) - 1;
            let ahead = self.value_counts(&self.stock_value_counts, stock & !low);
            let unsaved = total(saturating_sub(ahead, self.config_pairing[config as usize].0));
            let through = self.heuristic[config as usize] + unsaved;
            return (h.max(through) + 1, whole, recycles + 1);
        }
        (h, whole, recycles + recycled)
    }

    /// Whether the estimate shows that no line from the reachability search's `key` at `rank`
    /// (pointer and recycles used) clears the pyramid: [`Tables::estimate_line`] gives
    /// [`UNREACHABLE`] only for positions that cannot be cleared (checked against exact
    /// distances by the tests of `passes` and of this module). Its arguments hold for any
    /// stock of the deal's stock places (the tables are per place, and the removal steps of
    /// [`removal_steps`](super::tables::removal_steps), worked out with every stock value at
    /// hand, only understate with fewer), so also for the keys of the reachability search,
    /// which leave out the stock kings and, in the relaxed game, the inert cards (positions of
    /// a smaller stock that decide as the deck does, or win if it does; see
    /// [`Tables::reach_start`] and [`Tables::relaxed_key`]). A dead end at the best rank is
    /// one at every worse rank, whose states the best one reaches.
    pub(super) fn dead_end(&self, key: u64, rank: u8) -> bool {
        let (config, stock, ..) = unpack(key);
        let state = super::pack(config, stock, rank % 25, rank / 25);
        self.estimate_line(state, u8::MAX, MAX_RECYCLES).0 >= UNREACHABLE
    }

    /// Whether no line from the position of `config`, `stock` and canonical `pointer` clears
    /// the pyramid without recycling, because the waste buries a partner that some pyramid card
    /// cannot do without (see the module comment).
    pub(super) fn waste_buries_a_partner(&self, config: u16, stock: u32, pointer: u8) -> bool {
        let low = (1u32 << pointer) - 1;
        let mut waste = stock & low;
        if waste == 0 {
            return false;
        }
        // At nibble w: the partners (value 13 − w) of a waste card of value w, in the pyramid
        // and ahead in the stock. Each count is at most 4 (no nibble overflows).
        let ahead = self.value_counts(&self.stock_value_counts, stock & !low);
        let partners = self.config_pairing[config as usize].0 + mirror(ahead);
        // Kings (nibble 13) go alone. Only the values whose waste cards outnumber their
        // partners can bury a card: most often none.
        let counts = self.value_counts(&self.stock_value_counts, waste) & NOT_KINGS;
        if saturating_sub(counts, partners) == 0 {
            return false;
        }
        let mut above = 0u64;
        // From the top of the waste down.
        while waste != 0 {
            let j = 31 - waste.leading_zeros();
            waste &= !(1 << j);
            let v = self.stock_values[j as usize];
            if v == 13 {
                continue;
            }
            above += 1 << (4 * v);
            if (above >> (4 * v)) & 0xf > (partners >> (4 * v)) & 0xf {
                // This card cannot go with the others above it: those beneath it are buried.
                return waste != 0 && !self.all_feasible(self.card_mask(config, stock & !waste));
            }
        }
        false
    }
}

/// Four-bit counts at values 1..=12.
const NOT_KINGS: u64 = 0x000f_ffff_ffff_fff0;

/// Four-bit counts at w = 1..12 moved to 13 − w (others dropped).
fn mirror(counts: u64) -> u64 {
    let reversed = (counts & NOT_KINGS).swap_bytes();
    let reversed = ((reversed >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((reversed & 0x0f0f_0f0f_0f0f_0f0f) << 4);
    reversed >> 8
}

#[cfg(test)]
mod tests {
    use super::super::small_positions::{exact_steps_and_recycles, random_starts, state_of};
    use super::super::Tables;
    use crate::games::pyramid::rules::MAX_RECYCLES;

    /// On small random positions: the estimate of every position reachable from them is at
    /// most its exact distance to a cleared pyramid (a position estimated unreachable cannot
    /// be cleared), and the recycles it gives at most those used and the fewest on any line
    /// that clears it.
    #[test]
    fn the_line_estimate_never_exceeds_the_exact_steps_or_recycles() {
        let mut checked = 0;
        for (seed, start) in random_starts(0x9e37_79b9_7f4a_7c15, 1..=300, false) {
            let tables = Tables::new(start.deal(), start.stock_mask());
            for (position, exact) in exact_steps_and_recycles(start) {
                let state = state_of(&position);
                let (estimate, whole, least_recycles) = tables.estimate_line(state, u8::MAX, MAX_RECYCLES);
                assert!(whole);
                if let Some((steps, recycles)) = exact {
                    assert!(
                        estimate as u32 <= steps,
                        "seed {seed}: estimate {estimate} > {steps}\n{position}"
                    );
                    let used = position.recycles() as u32;
                    assert!(
                        least_recycles as u32 <= used + recycles,
                        "seed {seed}: {least_recycles} recycles > {used} + {recycles}\n{position}"
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 100_000, "only {checked} positions");
    }

    /// On small random positions: no position that can be cleared is a dead end for the
    /// reachability search, as its key without the stock kings or without the inert cards too
    /// (the keys of the exact and the relaxed search).
    #[test]
    fn a_position_that_can_be_cleared_is_no_dead_end_as_a_key() {
        let (mut checked, mut dead_ends) = (0, 0);
        for (seed, start) in random_starts(0x51ed_270b_2c4e_9a3f, 1..=1200, true) {
            let tables = Tables::new(start.deal(), start.stock_mask());
            for (position, exact) in exact_steps_and_recycles(start) {
                let (key, rank) = tables.reach_start(state_of(&position));
                if exact.is_none() {
                    dead_ends += tables.dead_end(key, rank) as u32;
                    continue;
                }
                assert!(!tables.dead_end(key, rank), "seed {seed}: exact key a dead end\n{position}");
                let (key, rank) = tables.relaxed_key(key, rank);
                assert!(!tables.dead_end(key, rank), "seed {seed}: relaxed key a dead end\n{position}");
                checked += 1;
            }
        }
        assert!(checked > 50_000, "only {checked} positions");
        // The test has teeth: many positions that cannot be cleared are dead ends.
        assert!(dead_ends > 1_000, "only {dead_ends} dead ends");
    }
}
