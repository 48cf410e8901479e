//! The transposition table of seen keys, each with a [`Mark`].

use super::key::Key;
use super::marks::Mark;

/// The set of seen keys, each with a [`Mark`]: open addressing with linear probing. Beside
/// the full keys, a parallel array holds an 8-bit fingerprint of each key's hash (0 marks an
/// empty slot), so a probe sequence is scanned in the small fingerprint array (64 slots to a
/// cache line) and a full key is read only when its fingerprint matches: a new key costs one
/// read of fingerprints and one write of the key. Equality is still decided on the full keys.
/// (8-bit fingerprints measured a little faster than 16-bit ones: the array is half the size.)
/// Hashes come from key parts ([`KeyParts::hash`]), not from packed keys, so a position that
/// is only looked up is packed only if its fingerprint matches.
pub(super) struct Seen {
    pub(super) tags: Vec<u8>,
    pub(super) slots: Vec<Slot>,
    pub(super) len: usize,
}

/// Where a key is in [`Seen`], or the empty slot where it would go (with the key's tag).
#[derive(Clone, Copy)]
pub(super) enum Place {
    At(usize),
    Vacant { index: usize, tag: u8 },
}

/// A key, its mark and the low half of its hash (to place it again when the table grows),
/// side by side so that they share a cache line.
#[derive(Clone, Copy)]
pub(super) struct Slot {
    pub(super) key: Key,
    pub(super) mark: Mark,
    pub(super) hash: u32,
}

impl Seen {
    pub(super) const EMPTY_TAG: u8 = 0;

    pub(super) fn new() -> Seen {
        Seen::with_slots(1 << 12)
    }

    pub(super) fn with_slots(slots: usize) -> Seen {
        Seen {
            tags: vec![Seen::EMPTY_TAG; slots],
            slots: vec![Slot { key: [0; 3], mark: 0, hash: 0 }; slots],
            len: 0,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Whether the first slot a key with `hash` would take is empty (then the key was never
    /// added).
    pub(super) fn vacant_at_first(&self, hash: u64) -> bool {
        self.tags[hash as usize & (self.tags.len() - 1)] == Seen::EMPTY_TAG
    }

    /// The fingerprint of a hash, never [`Seen::EMPTY_TAG`].
    pub(super) fn tag(hash: u64) -> u8 {
        ((hash >> 56) as u8).max(1)
    }

    /// Where the key made by `key` is, or the empty slot where it would go, given the key's
    /// `hash`: the key is made only if a fingerprint matches, and at most once.
    pub(super) fn place_lazy(&self, hash: u64, key: impl Fn() -> Key) -> Place {
        let tag = Seen::tag(hash);
        let mask = self.tags.len() - 1;
        let mut index = hash as usize & mask;
        let mut made = None;
        loop {
            let slot_tag = self.tags[index];
            if slot_tag == Seen::EMPTY_TAG {
                return Place::Vacant { index, tag };
            }
            if slot_tag == tag && self.slots[index].key == *made.get_or_insert_with(&key) {
                return Place::At(index);
            }
            index = (index + 1) & mask;
        }
    }

    /// Where `key`, with `hash`, is, or the empty slot where it would go.
    pub(super) fn place(&self, hash: u64, key: &Key) -> Place {
        self.place_lazy(hash, || *key)
    }

    /// Adds `key`, with `hash`; says whether it was new.
    pub(super) fn insert(&mut self, hash: u64, key: Key) -> bool {
        match self.place(hash, &key) {
            Place::At(_) => false,
            vacant => {
                self.put(vacant, hash, key, 0);
                true
            }
        }
    }

    /// Puts `key` with `mark` at `place`, which [`Seen::place`] gave for it with no change
    /// since; gives where it is now.
    pub(super) fn put(&mut self, place: Place, hash: u64, key: Key, mark: Mark) -> usize {
        let (index, tag) = match place {
            Place::At(index) => {
                self.slots[index].mark = mark;
                return index;
            }
            Place::Vacant { index, tag } => (index, tag),
        };
        self.tags[index] = tag;
        self.slots[index] = Slot { key, mark, hash: hash as u32 };
        self.len += 1;
        // At most 3/4 full, so probes stay short.
        if self.len * 4 <= self.tags.len() * 3 {
            return index;
        }
        self.grow();
        match self.place(hash, &key) {
            Place::At(index) => index,
            Place::Vacant { .. } => unreachable!("a grown table keeps its keys"),
        }
    }

    /// The mark of the key that `key` makes, with `hash`, if it was added (the key is made
    /// only if needed, see [`Seen::place_lazy`]).
    pub(super) fn mark(&self, hash: u64, key: impl Fn() -> Key) -> Option<Mark> {
        match self.place_lazy(hash, key) {
            Place::At(index) => Some(self.slots[index].mark),
            Place::Vacant { .. } => None,
        }
    }

    /// The mark of the key at `index` (a place [`Seen::place`] found).
    pub(super) fn mark_at(&self, index: usize) -> Mark {
        self.slots[index].mark
    }

    /// Gives the key at `index` the mark `mark`.
    pub(super) fn remark_at(&mut self, index: usize, mark: Mark) {
        self.slots[index].mark = mark;
    }

    /// Gives an added `key`, with `hash`, the mark `mark`; returns the one it had.
    pub(super) fn remark(&mut self, hash: u64, key: &Key, mark: Mark) -> Option<Mark> {
        match self.place(hash, key) {
            Place::At(index) => Some(std::mem::replace(&mut self.slots[index].mark, mark)),
            Place::Vacant { .. } => None,
        }
    }

    pub(super) fn grow(&mut self) {
        let bigger = Seen::with_slots(self.tags.len() * 2);
        let old = std::mem::replace(self, Seen { len: self.len, ..bigger });
        let mask = self.tags.len() - 1;
        for (&tag, slot) in old.tags.iter().zip(&old.slots) {
            if tag == Seen::EMPTY_TAG {
                continue;
            }
            // Tables stay far below 2^32 slots, so the low half of the hash places a key.
            let mut index = slot.hash as usize & mask;
            while self.tags[index] != Seen::EMPTY_TAG {
                index = (index + 1) & mask;
            }
            self.tags[index] = tag;
            self.slots[index] = *slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seen set agrees with a standard set through many growths, on keys that differ in
    /// a single bit as well as random ones (so fingerprints often match without keys matching
    /// when the table is small).
    #[test]
    fn seen_agrees_with_a_hash_set() {
        let mut seen = Seen::new();
        let mut reference = std::collections::HashSet::new();
        let mut random = crate::deal::SplitMix64::new(7);
        for round in 0..60_000u64 {
            let key: Key = if round % 3 == 0 {
                [1 << (round % 64), (round / 64) % 3, 0]
            } else {
                [random.below(5_000) + 1, random.below(3), random.below(2)]
            };
            // Any hash that is a function of the key will do; this one leaves many equal
            // fingerprints, to test that keys are compared.
            let hash = key[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ key[1] << 60 ^ key[2] << 63;
            assert_eq!(seen.insert(hash, key), reference.insert(key), "key {key:?}");
            assert_eq!(seen.len(), reference.len());
        }
        assert!(seen.tags.len() > 1 << 12, "the table never grew");
        let tags = seen.tags.iter().filter(|&&tag| tag != Seen::EMPTY_TAG).count();
        assert_eq!(tags, reference.len());
    }
}
