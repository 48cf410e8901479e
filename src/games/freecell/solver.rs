//! FreeCell solvers, resumable in slices through [`Search`].
//!
//! The solver state is dense: for every card, what it rests on (another card, the bottom of
//! a cascade, a free cell or the foundation). That array alone is canonical — it does not
//! depend on which cascade or free cell holds what — and it has an incrementally updated
//! Zobrist hash. The single-card searches (which may prove a deal unsolvable) keep the whole
//! array in their transposition set; the sequence-move searches keep only the 64-bit hash
//! (in an open-addressing table of their own).
//! Alongside, the state keeps the player's layout (top card per cascade slot, card per free
//! cell), so every solver move is a legal player [`Move`] as it stands.
//!
//! Expanding a state is cheap: most of its children were seen already (transpositions), and
//! their hash (and key) is computed from the move alone, before any copy. New children are
//! scored without walking any cascade, and unless a card goes home, without being built: the
//! state keeps, per card in a cascade, what the heuristic needs of it and the cards below it,
//! so the child's features follow from the parent's and the move. A search node is 24 bytes
//! (parent, path cost, move, features); the state itself is kept only for expanded nodes
//! (about half the nodes), rebuilt from the parent's state when the node is expanded. The
//! open list is a bucket queue on the (small integer) score.
//!
//! Safe autoplay (see [`Position::is_safe_home`]) is collapsed into every move. It never
//! throws away a win: a card goes home only when both opposite-colour cards one rank lower are
//! home, so no card can ever be placed on it again; any solution that keeps it out can drop its
//! moves of that card and stays legal (it only ever frees space), and is no longer.
//!
//! [`Solver`] runs a portfolio of phases, each a weighted best-first search with its own state
//! budget: four sequence-move searches with different weights (greedy first), each with a
//! small budget and without the rarely useful moves that split a natural run to park its
//! upper part in a free cell or an empty cascade ([`MoveSet::KeepRuns`]); a first single-card search (which also proves the
//! impossible deals quickly, their single-card space being small); four more sequence-move
//! searches with every move and other weights (the last two for the few deals of the first
//! million the others leave undecided); and last the single-card search with the full budget.
//! A phase with every sequence move that runs out of states to try (not of budget) jumps to
//! the last phase. Only a
//! single-card phase that runs out of states to try answers `Unsolvable`; a budget running out
//! answers `Unknown`. A solution found is then shortened: detours (a card parked and later
//! moved on, moves that turn out not to matter) are edited out when the edited solution still
//! replays to a win for fewer single-card moves.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::notation::single_card_cost;
use super::position::{capacity, Move, Position, Source, Target, CASCADES, CELLS};
use crate::cards::{Card, Rank, Suit};
use crate::search::{Outcome, Progress, Search, UnknownReason};

const BOTTOM: u8 = 52;
const IN_CELL: u8 = 53;
const HOME: u8 = 54;
const NONE: u8 = 255;

const fn zobrist() -> [[u64; 55]; 52] {
    let mut table = [[0u64; 55]; 52];
    let mut state: u64 = 0x5EED_F00D_CAFE_F1E1;
    let mut card = 0;
    while card < 52 {
        let mut place = 0;
        while place < 55 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[card][place] = z ^ (z >> 31);
            place += 1;
        }
        card += 1;
    }
    table
}

static ZOBRIST: [[u64; 55]; 52] = zobrist();

const fn all_cards() -> [Card; 52] {
    let mut cards = [Card::new(Rank::Ace, Suit::Clubs); 52];
    let mut i = 0;
    while i < 52 {
        cards[i] = Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]);
        i += 1;
    }
    cards
}

static CARDS: [Card; 52] = all_cards();

#[inline]
fn rank(c: u8) -> u8 {
    c / 4 + 1
}
#[inline]
fn suit(c: u8) -> usize {
    usize::from(c % 4)
}
#[inline]
fn red(c: u8) -> bool {
    (0b0110 >> (c % 4)) & 1 != 0
}

/// Per card, a bit for each card it stacks on (the next higher rank, the other colour).
const fn stack_bases() -> [u64; 52] {
    let mut bases = [0u64; 52];
    let mut c = 0;
    while c < 48 {
        let red = matches!(c % 4, 1 | 2);
        let higher = (c / 4 + 1) * 4;
        let (a, b) = if red { (0, 3) } else { (1, 2) };
        bases[c] = 1 << (higher + a) | 1 << (higher + b);
        c += 1;
    }
    bases
}

static STACK_BASES: [u64; 52] = stack_bases();

/// Per card, the two cards that stack on it (52, no card, for an ace).
const fn stacked_on() -> [[u8; 2]; 52] {
    let mut lower = [[52u8; 2]; 52];
    let mut t = 4;
    while t < 52 {
        let red = matches!(t % 4, 1 | 2);
        let base = (t / 4 - 1) * 4;
        let (a, b) = if red { (0, 3) } else { (1, 2) };
        lower[t] = [(base + a) as u8, (base + b) as u8];
        t += 1;
    }
    lower
}

static STACKED_ON: [[u8; 2]; 52] = stacked_on();

/// True if card `c` stacks on `base` (any place below 64: `BOTTOM`, `IN_CELL` and `HOME` are
/// no card, so false).
#[inline]
fn stacks(c: u8, base: u8) -> bool {
    (STACK_BASES[usize::from(c)] >> (base % 64)) & 1 != 0
}
#[inline]
fn card(c: u8) -> Card {
    CARDS[usize::from(c)]
}

/// The canonical key: what every card rests on, plus its Zobrist hash (64 bytes).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    hash: u64,
    below: [u8; 52],
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Passes the precomputed Zobrist hash straight through.
#[derive(Default)]
struct PassThrough(u64);

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

type KeySet = HashSet<Key, BuildHasherDefault<PassThrough>>;

/// A set of 64-bit Zobrist hashes: open addressing, linear probing, at most half full. The
/// hashes are already well mixed, so their low bits index the table; a probe is a load and a
/// compare or two (a general hash set does several times the work for each insert).
struct HashOnlySet {
    /// 0 marks an empty slot (a hash of 0 is stored as 1).
    slots: Vec<u64>,
    len: usize,
}

impl HashOnlySet {
    fn with_capacity(capacity: usize) -> HashOnlySet {
        HashOnlySet { slots: vec![0; (capacity * 2).next_power_of_two().max(64)], len: 0 }
    }

    /// Adds `hash`; false if it was there already.
    #[inline]
    fn insert(&mut self, hash: u64) -> bool {
        let hash = hash.max(1);
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == hash {
                return false;
            }
            if slot == 0 {
                break;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = hash;
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow();
        }
        true
    }

    #[cold]
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for hash in old.into_iter().filter(|&h| h != 0) {
            let mut i = hash as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = hash;
        }
    }

    fn len(&self) -> usize {
        self.len
    }
}

/// The transposition set. The single-card searches, which may prove a deal unsolvable, keep
/// whole keys (a hash collision could otherwise hide a state and make a false proof). The
/// sequence-move searches keep only the 64-bit hash: a collision there can only hide a state
/// from a heuristic search (any solution found is still replayed from real moves), and the
/// set is eight times smaller.
enum Seen {
    Keys(KeySet),
    Hashes(HashOnlySet),
}

impl Seen {
    fn new(moves: MoveSet, capacity: usize) -> Seen {
        let hasher = BuildHasherDefault::<PassThrough>::default();
        match moves {
            MoveSet::SingleCards => Seen::Keys(KeySet::with_capacity_and_hasher(capacity, hasher)),
            // Most searches end within a thousand states: a small table to start (it is
            // zeroed), doubled as it fills.
            MoveSet::Sequences | MoveSet::KeepRuns => {
                Seen::Hashes(HashOnlySet::with_capacity(capacity.min(1024)))
            }
        }
    }

    /// Adds the state; false if it was there already.
    #[inline]
    fn insert(&mut self, state: &State) -> bool {
        match self {
            Seen::Keys(set) => set.insert(state.key()),
            Seen::Hashes(set) => set.insert(state.hash),
        }
    }

    fn len(&self) -> usize {
        match self {
            Seen::Keys(set) => set.len(),
            Seen::Hashes(set) => set.len(),
        }
    }
}

/// Dense solver state with the player's layout.
#[derive(Clone, Copy)]
pub(crate) struct State {
    below: [u8; 52],
    tops: [u8; CASCADES],
    cells: [u8; CELLS],
    home: [u8; 4],
    hash: u64,
    /// Per card in a cascade, what the heuristic needs to know of it and the cards below it
    /// (stale for the other cards): kept up as cards move, so that scoring a state walks no
    /// cascade.
    stack: [Stacked; 52],
}

/// A card in a cascade, as far as it and the cards below it go: this does not change while
/// cards come and go above it. Three bytes (states are copied often).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Stacked {
    /// Cards below it.
    height: u8,
    /// Cards among it and the cards below it that rest above a lower card.
    misplaced: u8,
    /// Its cascade slot (high four bits) and the lowest rank among it and the cards below
    /// it (low four bits).
    slot_lowest: u8,
}

impl Stacked {
    /// Card `c` put in cascade `slot` on a card stacked so (`None`: at the bottom).
    #[inline]
    fn on(c: u8, slot: u8, base: Option<Stacked>) -> Stacked {
        let r = rank(c);
        match base {
            None => Stacked { height: 0, misplaced: 0, slot_lowest: slot << 4 | r },
            Some(b) => Stacked {
                height: b.height + 1,
                misplaced: b.misplaced + u8::from(r > b.lowest()),
                slot_lowest: slot << 4 | b.lowest().min(r),
            },
        }
    }

    #[inline]
    fn slot(self) -> usize {
        usize::from(self.slot_lowest >> 4)
    }

    #[inline]
    fn lowest(self) -> u8 {
        self.slot_lowest & 15
    }
}

impl State {
    pub(crate) fn new(position: &Position) -> State {
        let mut state = State {
            below: [HOME; 52],
            tops: [NONE; CASCADES],
            cells: [NONE; CELLS],
            home: [0; 4],
            hash: 0,
            stack: [Stacked::default(); 52],
        };
        for (slot, cascade) in position.cascades().iter().enumerate() {
            let mut under = BOTTOM;
            for c in cascade {
                let base = (under != BOTTOM).then(|| state.stack[usize::from(under)]);
                state.stack[usize::from(c.index())] = Stacked::on(c.index(), slot as u8, base);
                state.below[usize::from(c.index())] = under;
                under = c.index();
            }
            if under != BOTTOM {
                state.tops[slot] = under;
            }
        }
        for (slot, cell) in position.cells().iter().enumerate() {
            if let Some(c) = cell {
                state.below[usize::from(c.index())] = IN_CELL;
                state.cells[slot] = c.index();
            }
        }
        for s in Suit::ALL {
            state.home[s.index()] = position.foundation(s);
        }
        state.hash = (0..52).fold(0, |h, c| h ^ ZOBRIST[c][usize::from(state.below[c])]);
        state
    }

    #[inline]
    fn set(&mut self, c: u8, place: u8) {
        let c = usize::from(c);
        self.hash ^= ZOBRIST[c][usize::from(self.below[c])] ^ ZOBRIST[c][usize::from(place)];
        self.below[c] = place;
    }

    fn key(&self) -> Key {
        Key { hash: self.hash, below: self.below }
    }

    fn is_won(&self) -> bool {
        self.home == [13; 4]
    }

    #[inline]
    fn fits_home(&self, c: u8) -> bool {
        self.home[suit(c)] + 1 == rank(c)
    }

    #[inline]
    fn safe_home(&self, c: u8) -> bool {
        let (a, b) = if red(c) { (0, 3) } else { (1, 2) };
        self.fits_home(c) && self.home[a] + 1 >= rank(c) && self.home[b] + 1 >= rank(c)
    }

    fn empty_cells(&self) -> usize {
        self.cells.iter().filter(|&&c| c == NONE).count()
    }

    fn empty_cascades(&self) -> usize {
        self.tops.iter().filter(|&&c| c == NONE).count()
    }

    /// True if `mv` is legal here (the solver's own moves always are; edited ones may not be).
    fn is_legal(&self, mv: Move) -> bool {
        let c = mv.card.index() % 52;
        let n = usize::from(mv.cards);
        if n == 0 {
            return false;
        }
        // The moved card is exposed under a run of `n - 1` cards.
        match mv.from {
            Source::Cell(i) => {
                if n != 1 || self.cells.get(usize::from(i)) != Some(&c) {
                    return false;
                }
            }
            Source::Cascade(i) => {
                let Some(&top) = self.tops.get(usize::from(i)) else { return false };
                let mut x = top;
                for _ in 1..n {
                    let b = self.below[usize::from(x % 52)];
                    if x >= 52 || b >= 52 || !stacks(x, b) {
                        return false;
                    }
                    x = b;
                }
                if x != c {
                    return false;
                }
            }
        }
        match mv.to {
            Target::Foundation => n == 1 && self.fits_home(c),
            Target::Cell(j) => {
                n == 1 && mv.from != Source::Cell(j) && self.cells.get(usize::from(j)) == Some(&NONE)
            }
            Target::Cascade(j) => {
                let Some(&top) = self.tops.get(usize::from(j)) else { return false };
                if mv.from == Source::Cascade(j) {
                    return false;
                }
                let empty = self.empty_cascades() - usize::from(top == NONE);
                (top == NONE || stacks(c, top)) && n <= capacity(self.empty_cells(), empty)
            }
        }
    }

    /// The single-card cost of a legal move here.
    fn move_cost(&self, mv: Move) -> u32 {
        match (mv.from, mv.to) {
            (Source::Cascade(_), Target::Cascade(j)) if mv.cards > 1 => {
                let to_empty = self.tops[usize::from(j) % CASCADES] == NONE;
                let empty = self.empty_cascades() - usize::from(to_empty);
                single_card_cost(usize::from(mv.cards), self.empty_cells(), empty).unwrap_or(1)
            }
            _ => 1,
        }
    }

    /// Plays a legal move (sequence moves move only the base card's link).
    pub(crate) fn apply(&mut self, mv: Move) {
        let c = mv.card.index();
        let under = self.below[usize::from(c)];
        let moved_top = match mv.from {
            Source::Cascade(i) => {
                let slot = usize::from(i) % CASCADES;
                let top = self.tops[slot];
                self.tops[slot] = if under == BOTTOM { NONE } else { under };
                top
            }
            Source::Cell(i) => {
                let slot = usize::from(i) % CELLS;
                self.cells[slot] = NONE;
                c
            }
        };
        match mv.to {
            Target::Foundation => {
                self.set(c, HOME);
                self.home[suit(c)] += 1;
            }
            Target::Cell(j) => {
                self.set(c, IN_CELL);
                self.cells[usize::from(j) % CELLS] = c;
            }
            Target::Cascade(j) => {
                let slot = usize::from(j) % CASCADES;
                let base = if self.tops[slot] == NONE { BOTTOM } else { self.tops[slot] };
                self.set(c, base);
                self.tops[slot] = moved_top;
                // The moved cards, top first, then restacked from the base card up.
                let mut run = [c; 13];
                let (mut n, mut x) = (0, moved_top);
                while x != c && x < 52 && n < 12 {
                    run[n] = x;
                    n += 1;
                    x = self.below[usize::from(x)];
                }
                run[n] = c;
                let mut under = (base != BOTTOM).then(|| self.stack[usize::from(base)]);
                for &m in run[..=n].iter().rev() {
                    let info = Stacked::on(m, slot as u8, under);
                    self.stack[usize::from(m)] = info;
                    under = Some(info);
                }
            }
        }
    }

    /// The next safe autoplay move, in the same order as [`Position::autoplay_move`].
    fn next_autoplay(&self) -> Option<Move> {
        for (i, &c) in self.cells.iter().enumerate() {
            if c != NONE && self.safe_home(c) {
                return Some(Move::single(card(c), Source::Cell(i as u8), Target::Foundation));
            }
        }
        for (i, &c) in self.tops.iter().enumerate() {
            if c != NONE && self.safe_home(c) {
                return Some(Move::single(card(c), Source::Cascade(i as u8), Target::Foundation));
            }
        }
        None
    }

    /// The hash of the child `mv` leads to, if no autoplay follows it (this state being
    /// settled, only the card `mv` uncovers or a card sent home can start autoplay).
    #[inline(always)]
    fn quick_hash(&self, mv: Move) -> Option<u64> {
        let c = usize::from(mv.card.index());
        let old = self.below[c];
        let new = match mv.to {
            Target::Foundation => return None,
            Target::Cell(_) => IN_CELL,
            Target::Cascade(j) => match self.tops[usize::from(j) % CASCADES] {
                NONE => BOTTOM,
                top => top,
            },
        };
        if old < 52 && self.safe_home(old) {
            return None;
        }
        Some(self.hash ^ ZOBRIST[c][usize::from(old)] ^ ZOBRIST[c][usize::from(new)])
    }

    /// The key of the child `mv` leads to, given its [`State::quick_hash`] (no autoplay
    /// follows it: only the moved card's place changes).
    #[inline]
    fn quick_key(&self, mv: Move, hash: u64) -> Key {
        let mut below = self.below;
        below[usize::from(mv.card.index())] = match mv.to {
            Target::Foundation => HOME,
            Target::Cell(_) => IN_CELL,
            Target::Cascade(j) => match self.tops[usize::from(j) % CASCADES] {
                NONE => BOTTOM,
                top => top,
            },
        };
        Key { hash, below }
    }

    /// Plays every safe autoplay move, like [`State::autoplay`] but without recording them.
    /// The end state is the same whatever the order: a card that is safe and exposed stays so
    /// until it goes home.
    #[inline]
    fn settle(&mut self) {
        // Round the suits until four in a row send nothing home.
        let (mut s, mut idle) = (0, 0);
        while idle < 4 {
            idle = if self.send_home(s) { 0 } else { idle + 1 };
            s = (s + 1) % 4;
        }
    }

    /// Sends the next card of suit `s` home if that is safe and the card is exposed.
    #[inline]
    fn send_home(&mut self, s: usize) -> bool {
        let h = self.home[s];
        // Safe: both suits of the other colour are as far (see `safe_home`: one rank lower
        // than the card).
        let (a, b) = if matches!(s, 1 | 2) { (0, 3) } else { (1, 2) };
        if h >= 13 || self.home[a] < h || self.home[b] < h {
            return false;
        }
        let c = h * 4 + s as u8;
        let under = self.below[usize::from(c)];
        if under == IN_CELL {
            if let Some(slot) = self.cells.iter().position(|&x| x == c) {
                self.cells[slot] = NONE;
            }
        } else {
            // In a cascade (not home: it fits home): exposed if it tops its slot.
            let slot = self.stack[usize::from(c)].slot() % CASCADES;
            if self.tops[slot] != c {
                return false;
            }
            self.tops[slot] = if under == BOTTOM { NONE } else { under };
        }
        self.set(c, HOME);
        self.home[s] += 1;
        true
    }

    fn autoplay(&mut self, mut record: impl FnMut(Move)) {
        while let Some(mv) = self.next_autoplay() {
            self.apply(mv);
            record(mv);
        }
    }

    /// Moves for the search with their single-card cost. Symmetric duplicates are left out
    /// (only the first empty free cell and the first empty cascade are destinations), and so
    /// is moving a whole cascade into an empty one. See [`MoveSet`] for the others.
    fn generate(&self, moves: MoveSet, list: &mut Gen) {
        let single = moves == MoveSet::SingleCards;

        list.len = 0;
        // One pass over the cells and one over the cascades: the empty ones (counted, and
        // the first), and which cascades (a bit each) each card could be placed on. (Entry
        // 52, no card, collects what aces accept: nothing asks for it.)
        let (mut f, mut free_cell) = (0, None);
        for (i, &c) in self.cells.iter().enumerate().rev() {
            if c == NONE {
                f += 1;
                free_cell = Some(i);
            }
        }
        let (mut e, mut free_cascade) = (0, None);
        let mut accepts = [0u8; 53];
        for (j, &t) in self.tops.iter().enumerate().rev() {
            if t == NONE {
                e += 1;
                free_cascade = Some(j);
            } else {
                let [a, b] = STACKED_ON[usize::from(t)];
                accepts[usize::from(a)] |= 1 << j;
                accepts[usize::from(b)] |= 1 << j;
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if c != NONE && self.fits_home(c) {
                list.push(Move::single(card(c), Source::Cell(i as u8), Target::Foundation), 1);
            }
        }
        for (i, &c) in self.tops.iter().enumerate() {
            if c != NONE && self.fits_home(c) {
                list.push(Move::single(card(c), Source::Cascade(i as u8), Target::Foundation), 1);
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if c == NONE {
                continue;
            }
            let mut bits = accepts[usize::from(c)];
            while bits != 0 {
                let j = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                list.push(Move::single(card(c), Source::Cell(i as u8), Target::Cascade(j)), 1);
            }
            if let Some(j) = free_cascade {
                list.push(Move::single(card(c), Source::Cell(i as u8), Target::Cascade(j as u8)), 1);
            }
        }
        for (i, &top) in self.tops.iter().enumerate() {
            if top == NONE {
                continue;
            }
            // Down the natural run on top (`n` cards, `bottom` the last), noting the run card
            // (if any) each other cascade takes: at most one per cascade, among the first
            // `reach` (as many as one move can carry).
            let reach = if single { 1 } else { capacity(f, e) };
            let mut lands = [0u8; CASCADES];
            let mut land_cards = [0u8; CASCADES];
            let mut any = 0u8;
            let (mut bottom, mut n) = (top, 1);
            loop {
                if n <= reach {
                    let bits = accepts[usize::from(bottom)] & !(1 << i);
                    any |= bits;
                    let mut b = bits;
                    while b != 0 {
                        let j = b.trailing_zeros() as usize;
                        lands[j] = n as u8 - 1;
                        land_cards[j] = bottom;
                        b &= b - 1;
                    }
                }
                let b = self.below[usize::from(bottom)];
                if n == 13 || !stacks(bottom, b) {
                    break;
                }
                bottom = b;
                n += 1;
            }
            let whole = self.below[usize::from(bottom)] == BOTTOM;
            let most = if single { 1 } else { n };
            let from = Source::Cascade(i as u8);
            while any != 0 {
                let j = any.trailing_zeros() as usize;
                any &= any - 1;
                let k = usize::from(lands[j]);
                // (One card costs one move: no table look-up for most moves.)
                let cost = if k == 0 { 1 } else { single_card_cost(k + 1, f, e).unwrap_or(1) };
                list.push(
                    Move {
                        card: card(land_cards[j]),
                        from,
                        to: Target::Cascade(j as u8),
                        cards: k as u8 + 1,
                    },
                    cost,
                );
            }
            if let Some(j) = free_cascade {
                let cap = capacity(f, e - 1);
                // The card `count` cards down the run.
                let mut base = top;
                for count in 1..=most.min(cap) {
                    if count > 1 {
                        base = self.below[usize::from(base)];
                    }
                    if count == n && whole {
                        continue;
                    }
                    // Part of a run off its natural run: see `MoveSet::KeepRuns`.
                    if count < n && moves == MoveSet::KeepRuns {
                        continue;
                    }
                    let cost = if count == 1 { 1 } else { single_card_cost(count, f, e - 1).unwrap_or(1) };
                    let mv =
                        Move { card: card(base), from, to: Target::Cascade(j as u8), cards: count as u8 };
                    list.push(mv, cost);
                }
            }
            if let Some(j) = free_cell.filter(|_| n == 1 || moves != MoveSet::KeepRuns) {
                list.push(Move::single(card(top), from, Target::Cell(j as u8)), 1);
            }
        }
    }

    /// Heuristic features: cards not home, cards resting above a lower card of their cascade,
    /// cards above the next card each foundation needs, occupied cells, empty cascades.
    #[inline]
    fn features(&self) -> Features {
        let (mut misplaced, mut empty) = (0, 0);
        for &top in &self.tops {
            if top < 52 {
                misplaced += self.stack[usize::from(top)].misplaced;
            } else {
                empty += 1;
            }
        }
        let mut depth = 0;
        for s in 0..4 {
            let h = self.home[s];
            if h >= 13 {
                continue;
            }
            let next = usize::from(h) * 4 + s;
            let under = self.below[next];
            if under < 52 || under == BOTTOM {
                let at = self.stack[next];
                let top = self.tops[at.slot() % CASCADES];
                depth += self.stack[usize::from(top)].height - at.height;
            }
        }
        let cells = self.cells.iter().filter(|&&c| c != NONE).count() as u8;
        let left = 52 - self.home.iter().sum::<u8>();
        Features { left, misplaced, depth, cells, empty }
    }

    /// The features of the child `mv` leads to, from this state's `features`, when no card goes
    /// home (`mv` is not to the foundation and no autoplay follows it: see
    /// [`State::quick_hash`]). Most new children are never expanded: scoring them this way
    /// spares building them.
    #[inline]
    fn child_features(&self, features: &Features, mv: Move, next_heights: &[u64; CASCADES]) -> Features {
        let c = mv.card.index();
        let n = mv.cards;
        let mut child = *features;
        // The next cards each foundation needs: the moved cards leave from above those below
        // them, and land above those of the target cascade (the moved cards keep what lies
        // above their own).
        match mv.from {
            Source::Cell(_) => child.cells -= 1,
            Source::Cascade(i) => {
                let from = usize::from(i) % CASCADES;
                child.misplaced -= self.stack[usize::from(self.tops[from])].misplaced;
                let under = self.below[usize::from(c)];
                if under == BOTTOM {
                    child.empty += 1;
                } else {
                    child.misplaced += self.stack[usize::from(under)].misplaced;
                }
                let moved_height = self.stack[usize::from(c)].height;
                let below_moved = next_heights[from] & ((1u64 << moved_height) - 1);
                child.depth -= n * below_moved.count_ones() as u8;
            }
        }
        match mv.to {
            Target::Cell(_) => child.cells += 1,
            Target::Cascade(j) => {
                let top = self.tops[usize::from(j) % CASCADES];
                if top == NONE {
                    // A natural run (or one card) at the bottom: nothing misplaced.
                    child.empty -= 1;
                } else {
                    // The moved cards are a natural run down from `c`: those above the lowest
                    // rank of the target cascade rest above a lower card.
                    let lowest = self.stack[usize::from(top)].lowest();
                    child.misplaced += rank(c).saturating_sub(lowest).min(n);
                    child.depth += n * next_heights[usize::from(j) % CASCADES].count_ones() as u8;
                }
            }
            Target::Foundation => unreachable!("a move home changes more than its cascades"),
        }
        child
    }

    /// Per cascade slot, a bit at the height of each next card a foundation needs lying there.
    #[inline]
    fn next_heights(&self) -> [u64; CASCADES] {
        let mut heights = [0u64; CASCADES];
        for s in 0..4 {
            let h = self.home[s];
            if h >= 13 {
                continue;
            }
            let next = usize::from(h) * 4 + s;
            let under = self.below[next];
            if under < 52 || under == BOTTOM {
                let at = self.stack[next];
                heights[at.slot() % CASCADES] |= 1 << (at.height % 64);
            }
        }
        heights
    }

    /// [`State::features`] from scratch, every cascade walked (checks the kept `stack`).
    fn walked_features(&self) -> Features {
        let (mut misplaced, mut depth) = (0u32, 0u32);
        for &top in &self.tops {
            let mut cards = Vec::new();
            let mut c = top;
            while c < 52 && cards.len() < 52 {
                cards.push(c);
                c = self.below[usize::from(c)];
            }
            let mut lowest = 14;
            for &c in cards.iter().rev() {
                if rank(c) > lowest {
                    misplaced += 1;
                } else {
                    lowest = rank(c);
                }
            }
            for (above, &c) in cards.iter().enumerate() {
                if self.fits_home(c) {
                    depth += above as u32;
                }
            }
        }
        Features {
            left: 52 - self.home.iter().sum::<u8>(),
            misplaced: misplaced as u8,
            depth: depth as u8,
            cells: self.cells.iter().filter(|&&c| c != NONE).count() as u8,
            empty: self.empty_cascades() as u8,
        }
    }
}

/// Shortens a winning path of solver moves from `root` (each followed by safe autoplay).
/// Best-first search leaves detours: cards parked in a free cell or an empty cascade and moved
/// on later, moves that turn out not to matter. Each candidate edit (merge a park and its
/// later move into one move, drop both when the card comes straight back, or drop a move) is
/// kept when the edited path still replays
/// legally to a win for fewer single-card moves.
fn shorten(root: State, mut path: Vec<Move>) -> Vec<Move> {
    // The state before each move, and the cost spent to get there, from move `from` on
    // (the states before it are kept).
    let prefix = |path: &[Move], out: &mut Vec<(State, u32)>, from: usize| {
        out.truncate(from + 1);
        let (mut state, mut spent) = out[from];
        for &mv in &path[from..] {
            spent += state.move_cost(mv);
            state.apply(mv);
            state.settle();
            out.push((state, spent));
        }
    };
    let mut states = Vec::with_capacity(path.len() + 1);
    states.push((root, 0));
    prefix(&path, &mut states, 0);
    let mut best = states[path.len()].1;
    if !states[path.len()].0.is_won() {
        return path;
    }
    let mut i = 0;
    while i < path.len() {
        let (start, spent) = states[i];
        // The total cost with `suffix` after move `i - 1`, if it wins for less.
        let cheaper =
            |suffix: &[Move]| replay_cost(start, suffix).map(|cost| spent + cost).filter(|&c| c < best);
        let mut accepted = None;
        let park = path[i];
        // A card parked, then moved on from there: move it there directly, at the later time
        // (or drop both moves when it comes straight back).
        let parked_at = match park.to {
            Target::Cell(c) => Some(Source::Cell(c)),
            Target::Cascade(c) => Some(Source::Cascade(c)),
            Target::Foundation => None,
        };
        if let Some(j) = parked_at
            .and_then(|at| (i + 1..path.len()).find(|&j| path[j].card == park.card && path[j].from == at))
        {
            let later = path[j];
            if later.cards == park.cards {
                let mut edited = path[i + 1..].to_vec();
                if target_of(park.from) == Some(later.to) {
                    edited.remove(j - i - 1);
                } else {
                    edited[j - i - 1] = Move { from: park.from, ..later };
                }
                accepted = cheaper(&edited).map(|cost| (edited, cost));
            }
        }
        // Else drop move `i`.
        if accepted.is_none() {
            accepted = cheaper(&path[i + 1..]).map(|cost| (path[i + 1..].to_vec(), cost));
        }
        match accepted {
            Some((suffix, cost)) => {
                path.truncate(i);
                path.extend(suffix);
                best = cost;
                prefix(&path, &mut states, i);
                // An earlier move may have become redundant too.
                i = i.saturating_sub(1);
            }
            None => i += 1,
        }
    }
    path
}

/// Where a card taken from `from` could be put back.
fn target_of(from: Source) -> Option<Target> {
    match from {
        Source::Cascade(i) => Some(Target::Cascade(i)),
        Source::Cell(i) => Some(Target::Cell(i)),
    }
}

/// The single-card cost of `path` from `root`, if every move is legal and it ends won.
fn replay_cost(root: State, path: &[Move]) -> Option<u32> {
    let mut state = root;
    let mut cost = 0;
    for &mv in path {
        if !state.is_legal(mv) {
            return None;
        }
        cost += state.move_cost(mv);
        state.apply(mv);
        state.settle();
    }
    state.is_won().then_some(cost)
}

/// Heuristic features of a state (each fits a byte: the depth, the largest, is at most
/// 4 * 51).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Features {
    left: u8,
    misplaced: u8,
    depth: u8,
    cells: u8,
    empty: u8,
}

/// A move buffer for the search (no allocation in the hot loop).
struct Gen {
    moves: [(Move, u32); Gen::CAPACITY],
    len: usize,
}

impl Gen {
    const CAPACITY: usize = 256;

    fn new() -> Gen {
        let filler = Move::single(card(0), Source::Cell(0), Target::Foundation);
        Gen { moves: [(filler, 0); Gen::CAPACITY], len: 0 }
    }

    #[inline]
    fn push(&mut self, mv: Move, cost: u32) {
        if self.len < Gen::CAPACITY {
            self.moves[self.len] = (mv, cost);
            self.len += 1;
        }
    }
}

/// Which moves a search tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSet {
    /// Single-card moves only: the exhaustive search behind every "unsolvable".
    SingleCards,
    /// Single-card and sequence moves (a superset of the single-card moves).
    Sequences,
    /// Sequence moves, but no natural run (cards each on the next higher rank of the other
    /// colour) split to park its upper part: no card taken off its natural run into a free
    /// cell, and no part of a run (short of the whole run) moved into an empty cascade. Such
    /// moves are rarely needed; the greedy first phases skip them, as they then wander less
    /// (the later phases try them).
    KeepRuns,
}

/// Weights of the best-first evaluation `f = g*path + h`, all in hundredths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub path: u32,
    pub left: u32,
    pub misplaced: u32,
    pub depth: u32,
    pub cells: u32,
    pub empty: u32,
}

impl Weights {
    /// First try for hints: free cells and empty cascades weigh most, path length little.
    pub const GREEDY: Weights =
        Weights { path: 15, left: 300, misplaced: 100, depth: 30, cells: 120, empty: 120 };
    /// Fast hints: the last of the first four tries.
    pub const FAST: Weights =
        Weights { path: 20, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };
    /// Free cells weigh more: the third try (with [`MoveSet::KeepRuns`], it solves most of the
    /// deals the first two leave in a few thousand states), and again with every move.
    pub const CELLS: Weights =
        Weights { path: 10, left: 100, misplaced: 100, depth: 30, cells: 150, empty: 60 };
    /// Closer to A* (solves deals the greedy weights wander on, such as 21554).
    pub const STEADY: Weights =
        Weights { path: 60, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };
    /// Misplaced cards weigh double, cards left half: the second try of the fast portfolio
    /// (with [`MoveSet::KeepRuns`]; most deals the greedy weights leave), and again late with
    /// every move (solves 496564 in 11k states, which the others leave undecided).
    pub const MISPLACED: Weights =
        Weights { path: 40, left: 50, misplaced: 200, depth: 30, cells: 60, empty: 60 };
    /// Last try with sequence moves: deep cards and free space weigh more (solves 410635,
    /// 687716, 766073 and 827554, which the others leave undecided).
    pub const BROAD: Weights =
        Weights { path: 40, left: 100, misplaced: 100, depth: 100, cells: 100, empty: 100 };
    /// Shorter solutions (with the shortening pass after it, path weight 40 is enough).
    pub const SHORT: Weights =
        Weights { path: 40, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };
    /// The exhaustive single-card fallback.
    pub const EXHAUSTIVE: Weights =
        Weights { path: 20, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };

    #[inline]
    /// The largest number every score is a multiple of (the scores divided by it keep their
    /// order, and span fewer buckets of the open list).
    fn grain(&self) -> u32 {
        fn gcd(a: u32, b: u32) -> u32 {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        [self.path, self.left, self.misplaced, self.depth, self.cells, self.empty]
            .into_iter()
            .fold(10_000, gcd)
    }

    fn score_features(&self, g: u32, x: &Features) -> u32 {
        let plus = self.path * g
            + self.left * u32::from(x.left)
            + self.misplaced * u32::from(x.misplaced)
            + self.depth * u32::from(x.depth)
            + self.cells * u32::from(x.cells);
        (plus + 10_000).saturating_sub(self.empty * u32::from(x.empty))
    }
}

/// A search node: how it was reached and its features, 24 bytes. Most nodes are never
/// expanded, so the state itself is kept only once a node is expanded (in
/// [`BestFirst::states`]), rebuilt then from its parent's state and its move.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    g: u32,
    /// Index in `states` once expanded, else [`Node::UNEXPANDED`].
    state: u32,
    mv: Move,
    /// The state's heuristic features (its children are scored from them).
    features: Features,
}

impl Node {
    const UNEXPANDED: u32 = u32::MAX;
}

/// The open list: a bucket queue on `f` (a small integer), last in first out within a bucket,
/// which pops exactly what a binary heap on `(f, newest first)` would, for less work. Each
/// bucket is a linked list through `next`, indexed by node; a bit per bucket finds the lowest.
/// Buckets start at `base`, as the scores of one search span some thousands of values from
/// about 10,000 up.
struct OpenList {
    /// The score of bucket 0 (a multiple of 64).
    base: usize,
    /// First node of each bucket, plus one (0: empty).
    heads: Vec<u32>,
    /// The next node in the same bucket, plus one (0: none), per node.
    next: Vec<u32>,
    /// A bit per bucket, set when it holds a node.
    occupied: Vec<u64>,
    /// No occupied bucket lies below word `lowest` of `occupied`.
    lowest: usize,
    len: usize,
}

impl OpenList {
    /// Scores above this share its bucket (none come close in practice: f is about 10,000
    /// plus the weighted path length).
    const MAX_F: u32 = 1 << 20;
    /// Buckets added beyond the score that needs them, each way.
    const MARGIN: usize = 512;

    fn new() -> OpenList {
        OpenList {
            base: 0,
            heads: Vec::new(),
            next: Vec::with_capacity(4096),
            occupied: Vec::new(),
            lowest: 0,
            len: 0,
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn push(&mut self, f: u32, node: u32) {
        let f = f.min(Self::MAX_F) as usize;
        if f < self.base || f - self.base >= self.heads.len() {
            self.make_room(f);
        }
        let f = f - self.base;
        let n = node as usize;
        if n == self.next.len() {
            // The usual case: nodes come in order.
            self.next.push(0);
        } else if n > self.next.len() {
            self.next.resize(n + 1, 0);
        }
        self.next[n] = self.heads[f];
        self.heads[f] = node + 1;
        self.occupied[f / 64] |= 1 << (f % 64);
        self.lowest = self.lowest.min(f / 64);
        self.len += 1;
    }

    /// Buckets for score `f` (kept out of line: rare).
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, f: usize) {
        if self.heads.is_empty() {
            self.base = f.saturating_sub(Self::MARGIN) / 64 * 64;
        } else if f < self.base {
            // More room below (scores fall as cards go home): shift every bucket up, at
            // least doubling the room.
            let base =
                f.saturating_sub(Self::MARGIN).min(self.base.saturating_sub(self.heads.len())) / 64 * 64;
            let shift = self.base - base;
            let mut heads = vec![0; shift + self.heads.len()];
            heads[shift..].copy_from_slice(&self.heads);
            self.heads = heads;
            let mut occupied = vec![0; shift / 64 + self.occupied.len()];
            occupied[shift / 64..].copy_from_slice(&self.occupied);
            self.occupied = occupied;
            self.lowest += shift / 64;
            self.base = base;
        }
        let f = f - self.base;
        if f >= self.heads.len() {
            self.heads.resize((f + Self::MARGIN).div_ceil(64) * 64, 0);
            self.occupied.resize(self.heads.len() / 64, 0);
        }
    }

    /// The node with the lowest `f`, the newest among equals.
    fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        while self.occupied[self.lowest] == 0 {
            self.lowest += 1;
        }
        // The lowest occupied bucket (counted from `base`).
        let f = self.lowest * 64 + self.occupied[self.lowest].trailing_zeros() as usize;
        let node = self.heads[f] - 1;
        self.heads[f] = self.next[node as usize];
        if self.heads[f] == 0 {
            self.occupied[f / 64] &= !(1 << (f % 64));
        }
        self.len -= 1;
        Some(node)
    }
}

/// Weighted best-first search over canonical states. It answers `Unsolvable` when its open list
/// runs empty; that is a proof that no solution exists only with an unlimited budget and
/// [`MoveSet::SingleCards`] (whole keys, every single-card move), and [`Solver`] treats it so.
pub struct BestFirst {
    nodes: Vec<Node>,
    /// The states of the expanded nodes (the root first).
    states: Vec<State>,
    seen: Seen,
    open: OpenList,
    weights: Weights,
    /// What every score is a multiple of ([`Weights::grain`]).
    grain: u32,
    moves: MoveSet,
    budget: u64,
    expanded: u64,
    root_moves: Vec<Move>,
    gen: Box<Gen>,
    done: bool,
}

impl BestFirst {
    /// Room reserved up front for nodes (half as much for expanded states): most searches need
    /// fewer, and growing a vector copies it (the 1..32000 bench: 1.4% fewer instructions, peak
    /// RSS 43 MB -> 62 MB).
    const INITIAL_CAPACITY: usize = 16_384;

    /// A search from `position` that gives up (unknown) after `budget` distinct states.
    pub fn new(position: &Position, weights: Weights, moves: MoveSet, budget: u64) -> BestFirst {
        let mut root = State::new(position);
        let mut root_moves = Vec::new();
        root.autoplay(|mv| root_moves.push(mv));
        let mut search = BestFirst {
            nodes: Vec::with_capacity(Self::INITIAL_CAPACITY.min(budget as usize)),
            states: Vec::with_capacity(Self::INITIAL_CAPACITY.min(budget as usize) / 2),
            seen: Seen::new(moves, Self::INITIAL_CAPACITY.min(budget as usize)),
            open: OpenList::new(),
            weights,
            grain: weights.grain().max(1),
            moves,
            budget,
            expanded: 0,
            root_moves,
            gen: Box::new(Gen::new()),
            done: false,
        };
        search.seen.insert(&root);
        let filler = Move::single(card(0), Source::Cell(0), Target::Foundation);
        let features = root.features();
        search.states.push(root);
        search.nodes.push(Node { parent: 0, g: 0, state: 0, mv: filler, features });
        search.open.push(search.weights.score_features(0, &features) / search.grain, 0);
        search
    }

    /// States expanded so far (their moves generated).
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    fn solution(&self, leaf: usize) -> Vec<Move> {
        let mut path = Vec::new();
        let mut i = leaf;
        while i != 0 {
            path.push(self.nodes[i].mv);
            i = self.nodes[i].parent as usize;
        }
        path.reverse();
        let path = shorten(self.states[0], path);
        let mut moves = self.root_moves.clone();
        let mut state = self.states[0];
        for mv in path {
            state.apply(mv);
            moves.push(mv);
            state.autoplay(|m| moves.push(m));
        }
        moves
    }
}

impl Search for BestFirst {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if self.done {
            return Some(Outcome::Unknown(UnknownReason::Cancelled));
        }
        if self.states[0].is_won() {
            self.done = true;
            return Some(Outcome::Solved(self.root_moves.clone()));
        }
        for _ in 0..work {
            let Some(index) = self.open.pop() else {
                self.done = true;
                return Some(Outcome::Unsolvable);
            };
            let index = index as usize;
            let node = self.nodes[index];
            let at = if node.state == Node::UNEXPANDED {
                // Rebuilt from the parent's state (expanded, as it generated this node).
                let mut state = self.states[self.nodes[node.parent as usize].state as usize];
                // (Without a quick hash, autoplay may follow the move.)
                let settled = state.quick_hash(node.mv).is_some();
                state.apply(node.mv);
                if !settled {
                    state.settle();
                }
                self.nodes[index].state = self.states.len() as u32;
                self.states.push(state);
                self.states.len() - 1
            } else {
                node.state as usize
            };
            let state = &self.states[at];
            let g = node.g;
            state.generate(self.moves, &mut self.gen);
            self.expanded += 1;
            let parent_features = node.features;
            debug_assert_eq!(parent_features, state.features());
            let next_heights = state.next_heights();
            for k in 0..self.gen.len {
                let (mv, cost) = self.gen.moves[k];
                // Most children were seen already: the hash from the move alone finds them
                // before any copy. Without autoplay after the move, nothing needs settling,
                // and the child is scored from the move alone, without building it.
                let quick = state.quick_hash(mv);
                let features;
                match (&mut self.seen, quick) {
                    (seen, Some(hash)) => {
                        let new = match seen {
                            Seen::Hashes(set) => set.insert(hash),
                            // The whole key: the parent's with the moved card's one change.
                            Seen::Keys(set) => set.insert(state.quick_key(mv, hash)),
                        };
                        if !new {
                            continue;
                        }
                        features = state.child_features(&parent_features, mv, &next_heights);
                        #[cfg(debug_assertions)]
                        {
                            let mut child = *state;
                            child.apply(mv);
                            debug_assert!(hash == child.hash && child.next_autoplay().is_none());
                            debug_assert!(state.quick_key(mv, hash) == child.key());
                            debug_assert_eq!(features, child.walked_features(), "{mv:?}");
                        }
                    }
                    (_, None) => {
                        let mut child = *state;
                        child.apply(mv);
                        child.settle();
                        if !self.seen.insert(&child) {
                            continue;
                        }
                        features = child.features();
                        debug_assert_eq!(features, child.walked_features());
                        if child.is_won() {
                            let child_index = self.nodes.len();
                            let parent = index as u32;
                            self.nodes.push(Node {
                                parent,
                                g: g + cost,
                                state: Node::UNEXPANDED,
                                mv,
                                features,
                            });
                            self.done = true;
                            return Some(Outcome::Solved(self.solution(child_index)));
                        }
                    }
                }
                let child_index = self.nodes.len();
                let parent = index as u32;
                self.nodes.push(Node { parent, g: g + cost, state: Node::UNEXPANDED, mv, features });
                let f = self.weights.score_features(g + cost, &features);
                self.open.push(f / self.grain, child_index as u32);
            }
            if self.seen.len() as u64 > self.budget {
                self.done = true;
                return Some(Outcome::Unknown(UnknownReason::StateBudget { states: self.seen.len() as u64 }));
            }
        }
        None
    }

    fn progress(&self) -> Progress {
        Progress { states: self.seen.len() as u64 }
    }
}

/// Solver modes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Quick answers for hints.
    #[default]
    Fast,
    /// Shorter solutions for a little more time.
    Short,
}

/// Budgets in distinct states. At most about 350 bytes a state at peak (node, key, queue
/// link, the state of an expanded node, growth slack): the defaults stay under 256 MB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most states of any one sequence-move phase.
    pub first: u64,
    /// For the exhaustive single-card phase.
    pub exhaustive: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { first: 400_000, exhaustive: 600_000 }
    }
}

/// The FreeCell solver: sequence-move best-first search, then the exhaustive single-card
/// fallback. `Unsolvable` comes only from the exhaustive phase running out of states to try.
/// Solutions list every move explicitly, safe autoplay moves included.
pub struct Solver {
    position: Position,
    budget: Budget,
    phase: usize,
    phases: Vec<(Weights, MoveSet, u64)>,
    current: BestFirst,
    done_states: u64,
    finished: bool,
}

impl Solver {
    pub fn new(position: &Position, mode: Mode, budget: Budget) -> Solver {
        let cap = |states: u64| states.min(budget.first);
        let mut portfolio = Vec::new();
        if mode == Mode::Short {
            // Short solutions while they come cheaply, else the fast portfolio.
            portfolio.push((Weights::SHORT, MoveSet::Sequences, cap(Solver::SHORT_STATES)));
        }
        // Different weights get stuck on different deals: a small portfolio, greedy first. The
        // first four skip taking cards off natural runs into free cells (`KeepRuns`), so they
        // wander less; the later ones try every move. In short mode the greedy phase gets more
        // room, as the short phase has already spent some (deal 285 then takes 24k states,
        // not 66k).
        let greedy_states = if mode == Mode::Short { 20_000 } else { 10_000 };
        portfolio.push((Weights::GREEDY, MoveSet::KeepRuns, cap(greedy_states)));
        portfolio.push((Weights::MISPLACED, MoveSet::KeepRuns, cap(20_000)));
        portfolio.push((Weights::CELLS, MoveSet::KeepRuns, cap(30_000)));
        portfolio.push((Weights::FAST, MoveSet::KeepRuns, cap(20_000)));
        // Single-card moves find some solutions the sequence-move searches wander past, and
        // prove the impossible deals quickly (their single-card space is small).
        portfolio.push((Weights::EXHAUSTIVE, MoveSet::SingleCards, cap(Solver::EARLY_PROOF_STATES)));
        portfolio.push((Weights::CELLS, MoveSet::Sequences, cap(50_000)));
        portfolio.push((Weights::STEADY, MoveSet::Sequences, cap(250_000)));
        portfolio.push((Weights::MISPLACED, MoveSet::Sequences, cap(20_000)));
        portfolio.push((Weights::BROAD, MoveSet::Sequences, cap(400_000)));
        portfolio.push((Weights::EXHAUSTIVE, MoveSet::SingleCards, budget.exhaustive));
        Solver::with_phases(position, portfolio, budget)
    }

    /// States for the first single-card attempt.
    pub const EARLY_PROOF_STATES: u64 = 100_000;

    /// States the short phase may use before the fast ones take over.
    pub const SHORT_STATES: u64 = 8_000;

    /// A solver whose first phase uses `first` (for tuning).
    pub fn with_weights(position: &Position, first: Weights, budget: Budget) -> Solver {
        Solver::with_portfolio(position, &[(first, MoveSet::Sequences, budget.first)], budget)
    }

    /// A solver that tries each `(weights, moves, states)` search in turn, then the
    /// exhaustive single-card search with `budget.exhaustive` states.
    pub fn with_portfolio(
        position: &Position,
        portfolio: &[(Weights, MoveSet, u64)],
        budget: Budget,
    ) -> Solver {
        let mut phases = portfolio.to_vec();
        phases.push((Weights::EXHAUSTIVE, MoveSet::SingleCards, budget.exhaustive));
        Solver::with_phases(position, phases, budget)
    }

    /// Phases `(weights, moves, states)`, tried in turn.
    fn with_phases(position: &Position, phases: Vec<(Weights, MoveSet, u64)>, budget: Budget) -> Solver {
        let (w, single, b) = phases[0];
        Solver {
            position: position.clone(),
            budget,
            phase: 0,
            current: BestFirst::new(position, w, single, b),
            phases,
            done_states: 0,
            finished: false,
        }
    }

    /// Solves to the end (native callers).
    pub fn solve(position: &Position, mode: Mode) -> Outcome<Vec<Move>> {
        crate::search::run_to_end(&mut Solver::new(position, mode, Budget::default()), 4096)
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The phase running now (after the end: the phase that answered), counted from 0.
    pub fn phase(&self) -> usize {
        self.phase
    }
}

impl Search for Solver {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if self.finished {
            return Some(Outcome::Unknown(UnknownReason::Cancelled));
        }
        let outcome = self.current.step(work)?;
        let last = self.phase + 1 == self.phases.len();
        match outcome {
            Outcome::Solved(moves) => {
                self.finished = true;
                Some(Outcome::Solved(moves))
            }
            Outcome::Unsolvable if self.current.moves == MoveSet::SingleCards => {
                self.finished = true;
                Some(Outcome::Unsolvable)
            }
            other if last => {
                self.finished = true;
                Some(other)
            }
            other => {
                self.done_states += self.current.progress().states;
                // A phase with every sequence move that ran out of states to try (not of budget)
                // has seen the whole space: the other weights would too. Go straight to the
                // proof. (A `KeepRuns` phase has not: it left some moves out.)
                let whole_space = other == Outcome::Unsolvable && self.current.moves == MoveSet::Sequences;
                self.phase = if whole_space { self.phases.len() - 1 } else { self.phase + 1 };
                let (w, moves, b) = self.phases[self.phase];
                self.current = BestFirst::new(&self.position, w, moves, b);
                None
            }
        }
    }

    fn progress(&self) -> Progress {
        Progress { states: self.done_states + self.current.progress().states }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::DealNumber;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// The heuristic features kept up move by move (`State::stack`) equal those walked from
    /// scratch, in every child of every position along the solutions of deals 1..30 (with
    /// sequence moves, autoplay, cells and empty cascades).
    #[test]
    fn kept_features_match_walked_features() {
        let mut gen = Gen::new();
        let mut children = 0;
        for deal in 1..=30 {
            let position = Position::deal(DealNumber::new(deal).unwrap());
            let Outcome::Solved(solution) = Solver::solve(&position, Mode::Fast) else {
                panic!("deal {deal} is solvable")
            };
            let mut state = State::new(&position);
            assert_eq!(state.features(), state.walked_features(), "deal {deal} start");
            for mv in solution {
                for set in [MoveSet::Sequences, MoveSet::SingleCards] {
                    state.generate(set, &mut gen);
                    for &(child_move, _) in &gen.moves[..gen.len] {
                        let mut child = state;
                        child.apply(child_move);
                        child.settle();
                        assert_eq!(child.features(), child.walked_features(), "deal {deal}: {child_move:?}");
                        children += 1;
                    }
                }
                state.apply(mv);
                assert_eq!(state.features(), state.walked_features(), "deal {deal}: {mv:?}");
            }
            assert!(state.is_won());
        }
        assert!(children > 10_000, "{children} children checked");
    }

    /// The bucket queue pops what a binary heap on `(f, newest first)` pops, through pushes
    /// and pops mixed, with scores far apart (new buckets above, room made below).
    #[test]
    fn open_list_pops_like_a_heap_newest_first() {
        let mut open = OpenList::new();
        let mut heap = BinaryHeap::new();
        let mut seed = 12345u64;
        let mut random = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut node = 0u32;
        for round in 0..20_000 {
            if random(3) > 0 {
                // Mostly near 12,000, sometimes far below or above.
                let f = match random(50) {
                    0 => random(3000) as u32,
                    1 => 40_000 + random(20_000) as u32,
                    _ => 12_000 + random(400) as u32,
                };
                open.push(f, node);
                heap.push(Reverse((u64::from(f) << 32) | u64::from(u32::MAX - node)));
                node += 1;
            } else {
                let expected = heap.pop().map(|Reverse(e)| u32::MAX - e as u32);
                assert_eq!(open.pop(), expected, "round {round}");
            }
            assert_eq!(open.len(), heap.len());
        }
        while let Some(Reverse(e)) = heap.pop() {
            assert_eq!(open.pop(), Some(u32::MAX - e as u32));
        }
        assert_eq!(open.pop(), None);
    }

    /// `KeepRuns` leaves out exactly the moves that split a natural run to park its upper
    /// part (into a free cell or an empty cascade), checked in every position along the
    /// solutions of deals 1..20.
    #[test]
    fn keep_runs_leaves_out_only_run_breaking_cell_moves() {
        let (mut all, mut kept) = (Gen::new(), Gen::new());
        let (mut to_cells, mut to_empty) = (0, 0);
        for deal in 1..=20 {
            let position = Position::deal(DealNumber::new(deal).unwrap());
            let Outcome::Solved(solution) = Solver::solve(&position, Mode::Fast) else {
                panic!("deal {deal} is solvable")
            };
            let mut state = State::new(&position);
            for mv in solution {
                state.generate(MoveSet::Sequences, &mut all);
                state.generate(MoveSet::KeepRuns, &mut kept);
                let every: Vec<Move> = all.moves[..all.len].iter().map(|&(m, _)| m).collect();
                let fewer: Vec<Move> = kept.moves[..kept.len].iter().map(|&(m, _)| m).collect();
                assert!(fewer.iter().all(|m| every.contains(m)), "deal {deal}");
                for m in every.iter().filter(|m| !fewer.contains(m)) {
                    let c = m.card.index();
                    let below = state.below[usize::from(c)];
                    assert!(below < 52 && stacks(c, below), "deal {deal}: {m:?} splits no natural run");
                    match (m.from, m.to) {
                        (Source::Cascade(_), Target::Cell(_)) if m.cards == 1 => to_cells += 1,
                        (Source::Cascade(_), Target::Cascade(j)) if state.tops[usize::from(j)] == NONE => {
                            to_empty += 1
                        }
                        _ => panic!("deal {deal}: {m:?} parks nothing"),
                    }
                }
                state.apply(mv);
            }
        }
        assert!(
            to_cells > 0 && to_empty > 0,
            "left out {to_cells} moves to cells, {to_empty} to empty cascades"
        );
    }
}
