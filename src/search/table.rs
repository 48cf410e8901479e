//! A hash table for search states: open addressing with linear probing and 8-bit
//! fingerprints, keyed by caller-made hashes (see [`Table`]).

/// A set of keys, each with a mark: open addressing with linear probing. Beside
/// the full keys, a parallel array holds an 8-bit fingerprint of each key's hash (0 marks an
/// empty slot), so a probe sequence is scanned in the small fingerprint array (64 slots to a
/// cache line) and a full key is read only when its fingerprint matches: a new key costs one
/// read of fingerprints and one write of the key. Equality is still decided on the full keys.
/// (8-bit fingerprints measured a little faster than 16-bit ones: the array is half the size.)
/// The caller gives each key's hash (a good one: its low bits choose the slot, its top 8 bits
/// the fingerprint), and may make a key only once a fingerprint matches
/// ([`Table::place_lazy`]): the Klondike solver hashes a position's parts and packs its key
/// only then. At most 3/4 full, doubling as it grows.
pub struct Table<K, M> {
    tags: Vec<u8>,
    slots: Vec<Slot<K, M>>,
    len: usize,
}

/// Where a key is in a [`Table`], or the empty slot where it would go (with the key's tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    At(usize),
    Vacant { index: usize, tag: u8 },
}

/// A key, its mark and the low half of its hash (to place it again when the table grows),
/// side by side so that they share a cache line.
#[derive(Clone, Copy)]
struct Slot<K, M> {
    key: K,
    mark: M,
    hash: u32,
}

impl<K: Copy + Eq + Default, M: Copy + Default> Default for Table<K, M> {
    fn default() -> Self {
        Table::new()
    }
}

impl<K: Copy + Eq + Default, M: Copy + Default> Table<K, M> {
    const EMPTY_TAG: u8 = 0;

    /// An empty table of 256 slots (8 KB of them for Klondike's 32-byte slots): most searches
    /// of an easy deal see a few hundred positions, and a bigger first table cost a whole
    /// `deckhand klondike solve` process its page faults (it doubles as it fills).
    pub fn new() -> Self {
        Table::with_slots(1 << 8)
    }

    pub fn with_slots(slots: usize) -> Self {
        Table {
            tags: vec![Self::EMPTY_TAG; slots],
            slots: vec![Slot { key: K::default(), mark: M::default(), hash: 0 }; slots],
            len: 0,
        }
    }

    /// Whether no key was added.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Each key added, with its mark, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = (K, M)> + '_ {
        self.tags
            .iter()
            .zip(&self.slots)
            .filter(|(&tag, _)| tag != Self::EMPTY_TAG)
            .map(|(_, s)| (s.key, s.mark))
    }

    /// How many slots it has now (a power of two).
    pub fn slots(&self) -> usize {
        self.tags.len()
    }

    /// How many keys were added.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the first slot a key with `hash` would take is empty (then the key was never
    /// added).
    pub fn vacant_at_first(&self, hash: u64) -> bool {
        self.tags[hash as usize & (self.tags.len() - 1)] == Self::EMPTY_TAG
    }

    /// The fingerprint of a hash, never [`Self::EMPTY_TAG`].
    fn tag(hash: u64) -> u8 {
        ((hash >> 56) as u8).max(1)
    }

    /// Where the key made by `key` is, or the empty slot where it would go, given the key's
    /// `hash`: the key is made only if a fingerprint matches, and at most once.
    pub fn place_lazy(&self, hash: u64, key: impl Fn() -> K) -> Place {
        let tag = Self::tag(hash);
        let mask = self.tags.len() - 1;
        let mut index = hash as usize & mask;
        let mut made = None;
        loop {
            let slot_tag = self.tags[index];
            if slot_tag == Self::EMPTY_TAG {
                return Place::Vacant { index, tag };
            }
            if slot_tag == tag && self.slots[index].key == *made.get_or_insert_with(&key) {
                return Place::At(index);
            }
            index = (index + 1) & mask;
        }
    }

    /// Where `key`, with `hash`, is, or the empty slot where it would go.
    pub fn place(&self, hash: u64, key: &K) -> Place {
        self.place_lazy(hash, || *key)
    }

    /// Adds `key`, with `hash`; says whether it was new.
    pub fn insert(&mut self, hash: u64, key: K) -> bool {
        match self.place(hash, &key) {
            Place::At(_) => false,
            vacant => {
                self.put(vacant, hash, key, M::default());
                true
            }
        }
    }

    /// Puts `key` with `mark` at `place`, which [`Self::place`] gave for it with no change
    /// since; gives where it is now.
    pub fn put(&mut self, place: Place, hash: u64, key: K, mark: M) -> usize {
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
    /// only if needed, see [`Self::place_lazy`]).
    pub fn mark(&self, hash: u64, key: impl Fn() -> K) -> Option<M> {
        match self.place_lazy(hash, key) {
            Place::At(index) => Some(self.slots[index].mark),
            Place::Vacant { .. } => None,
        }
    }

    /// The mark of the key at `index` (a place [`Self::place`] found).
    pub fn mark_at(&self, index: usize) -> M {
        self.slots[index].mark
    }

    /// Gives the key at `index` the mark `mark`.
    pub fn remark_at(&mut self, index: usize, mark: M) {
        self.slots[index].mark = mark;
    }

    /// Gives an added `key`, with `hash`, the mark `mark`; returns the one it had.
    pub fn remark(&mut self, hash: u64, key: &K, mark: M) -> Option<M> {
        match self.place(hash, key) {
            Place::At(index) => Some(std::mem::replace(&mut self.slots[index].mark, mark)),
            Place::Vacant { .. } => None,
        }
    }

    fn grow(&mut self) {
        let bigger = Self::with_slots(self.tags.len() * 2);
        let old = std::mem::replace(self, Table { len: self.len, ..bigger });
        let mask = self.tags.len() - 1;
        for (&tag, slot) in old.tags.iter().zip(&old.slots) {
            if tag == Self::EMPTY_TAG {
                continue;
            }
            // Tables stay far below 2^32 slots, so the low half of the hash places a key.
            let mut index = slot.hash as usize & mask;
            while self.tags[index] != Self::EMPTY_TAG {
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

    /// The table agrees with a standard set through many growths, on keys that differ in a
    /// single bit as well as random ones (so fingerprints often match without keys matching
    /// when the table is small).
    #[test]
    fn agrees_with_a_hash_set() {
        let mut table: Table<[u64; 3], u32> = Table::new();
        let mut reference = std::collections::HashSet::new();
        let mut random = crate::deal::SplitMix64::new(7);
        for round in 0..60_000u64 {
            let key = if round % 3 == 0 {
                [1 << (round % 64), (round / 64) % 3, 0]
            } else {
                [random.below(5_000) + 1, random.below(3), random.below(2)]
            };
            // Any hash that is a function of the key will do; this one leaves many equal
            // fingerprints, to test that keys are compared.
            let hash = key[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ key[1] << 60 ^ key[2] << 63;
            assert_eq!(table.insert(hash, key), reference.insert(key), "key {key:?}");
            assert_eq!(table.len(), reference.len());
        }
        assert!(table.slots() > 1 << 12, "the table never grew");
        assert_eq!(table.iter().count(), reference.len());
        assert!(table.iter().all(|(key, _)| reference.contains(&key)));
    }
}
