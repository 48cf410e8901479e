//! The transposition sets: whole keys for the single-card searches (which may prove a deal
//! unsolvable), 32 bits of a 64-bit hash only for the searches with supermoves.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::state::State;
use super::MoveSet;

/// The canonical key: what every card rests on, plus its Zobrist hash (64 bytes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    pub(super) hash: u64,
    pub(super) below: [u8; 52],
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Passes the precomputed Zobrist hash straight through.
#[derive(Default)]
pub(super) struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

pub(super) type KeySet = HashSet<Key, BuildHasherDefault<PassThrough>>;

/// A set of 64-bit Zobrist hashes kept as their upper 32 bits: open addressing, linear
/// probing, at most half full. The hashes are already well mixed, so the kept bits index the
/// table too; a probe is a load and a compare or two, and 4 bytes a slot keep the table small
/// (a search of `n` states hides about `n * n / 2^33` of them behind a shared fingerprint:
/// harmless, as only heuristic searches use this set).
pub(super) struct HashOnlySet {
    /// 0 marks an empty slot (a fingerprint of 0 is stored as 1).
    pub(super) slots: Vec<u32>,
    pub(super) len: usize,
    /// The slots filled, while the table has at most [`HashOnlySet::KEPT_SLOTS`]: emptying it
    /// clears these rather than every slot (most searches fill a few hundred).
    filled: Vec<u16>,
}

impl HashOnlySet {
    /// Slots of a set made for the default first capacity (see [`Seen::new`]).
    pub(super) const FIRST_SLOTS: usize = 4096;
    /// The largest table left to the next search, emptied (256 KB): a table grown for one
    /// search of a range serves the later ones without growing again (each doubling rehashes
    /// and zeroes; 1..32000: about 8% less CPU than keeping only the first size). Larger
    /// ones, of the few long searches, would slow every small search after them (a sparse
    /// table far larger than the caches).
    pub(super) const KEPT_SLOTS: usize = 65_536;

    pub(super) fn with_capacity(capacity: usize) -> HashOnlySet {
        let slots = vec![0; (capacity * 2).next_power_of_two().max(64)];
        // (At most half the slots fill before the table grows.)
        let filled =
            if slots.len() <= Self::KEPT_SLOTS { Vec::with_capacity(slots.len() / 2) } else { Vec::new() };
        HashOnlySet { slots, len: 0, filled }
    }

    /// Adds `hash`; false if it (or another hash with the same upper half) was there already.
    #[inline]
    pub(super) fn insert(&mut self, hash: u64) -> bool {
        let print = ((hash >> 32) as u32).max(1);
        let mask = self.slots.len() - 1;
        let mut i = print as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == print {
                return false;
            }
            if slot == 0 {
                break;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = print;
        if self.slots.len() <= Self::KEPT_SLOTS {
            self.filled.push(i as u16);
        }
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow();
        }
        true
    }

    #[cold]
    pub(super) fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        let track = self.slots.len() <= Self::KEPT_SLOTS;
        self.filled.clear();
        for print in old.into_iter().filter(|&h| h != 0) {
            let mut i = print as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = print;
            if track {
                self.filled.push(i as u16);
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The set emptied, if it has at most [`HashOnlySet::KEPT_SLOTS`] (its filled slots zeroed
    /// in place: no new allocation).
    pub(super) fn emptied(mut self) -> Option<HashOnlySet> {
        if self.slots.len() > Self::KEPT_SLOTS {
            return None;
        }
        for &i in &self.filled {
            self.slots[usize::from(i)] = 0;
        }
        self.filled.clear();
        self.len = 0;
        debug_assert!(self.slots.iter().all(|&slot| slot == 0));
        Some(self)
    }
}

/// The transposition set. The single-card searches, which may prove a deal unsolvable, keep
/// whole keys (a hash collision could otherwise hide a state and make a false proof). The
/// sequence-move searches keep only the upper 32 bits of the hash: a collision there can only
/// hide a state from a heuristic search (any solution found is still replayed from real
/// moves), and the set is sixteen times smaller.
pub(super) enum Seen {
    Keys(KeySet),
    Hashes(HashOnlySet),
}

impl Seen {
    pub(super) fn new(moves: MoveSet, capacity: usize) -> Seen {
        let hasher = BuildHasherDefault::<PassThrough>::default();
        match moves {
            MoveSet::SingleCards => Seen::Keys(KeySet::with_capacity_and_hasher(capacity, hasher)),
            // Most searches end within a thousand states: a small table to start (it is
            // zeroed), doubled as it fills.
            MoveSet::Sequences | MoveSet::KeepRuns => {
                Seen::Hashes(HashOnlySet::with_capacity(capacity.min(HashOnlySet::FIRST_SLOTS / 2)))
            }
        }
    }

    /// Adds the state; false if it was there already.
    #[inline]
    pub(super) fn insert(&mut self, state: &State) -> bool {
        match self {
            Seen::Keys(set) => set.insert(state.key()),
            Seen::Hashes(set) => set.insert(state.hash),
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Seen::Keys(set) => set.len(),
            Seen::Hashes(set) => set.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Well-mixed 64-bit hashes (splitmix64), distinct in their upper halves for these counts.
    fn hashes(n: usize, seed: u64) -> Vec<u64> {
        let mut state = seed;
        (0..n)
            .map(|_| {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect()
    }

    /// A set grown past its first size is left to the next search empty, keeping its table,
    /// and then holds exactly what is inserted anew; one grown past the kept size is not kept.
    #[test]
    fn an_emptied_set_keeps_its_table_up_to_the_kept_size_and_forgets_its_hashes() {
        let mut set = HashOnlySet::with_capacity(HashOnlySet::FIRST_SLOTS / 2);
        let first = hashes(10_000, 1);
        assert!(first.iter().all(|&h| set.insert(h)));
        assert!(first.iter().all(|&h| !set.insert(h)));
        let slots = set.slots.len();
        assert!(slots > HashOnlySet::FIRST_SLOTS && slots <= HashOnlySet::KEPT_SLOTS);
        let mut set = set.emptied().expect("kept");
        assert_eq!((set.len(), set.slots.len()), (0, slots));
        assert!(set.slots.iter().all(|&slot| slot == 0));
        let second = hashes(500, 2);
        assert!(second.iter().all(|&h| set.insert(h)));
        assert_eq!(set.len(), 500);
        assert!(first.iter().take(500).all(|&h| set.insert(h)), "the first search's hashes are gone");

        let mut large = HashOnlySet::with_capacity(HashOnlySet::FIRST_SLOTS / 2);
        for h in hashes(HashOnlySet::KEPT_SLOTS / 2 + 1, 3) {
            large.insert(h);
        }
        assert!(large.slots.len() > HashOnlySet::KEPT_SLOTS);
        assert!(large.emptied().is_none());
    }
}
