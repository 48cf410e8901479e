//! The optimal Pyramid solver: A* over packed states with a bucket queue, run side by side
//! with a reachability search that proves unsolvable decks.
//!
//! A state packs into 42 bits of a `u64`: the pyramid configuration as an index among the
//! 1430 sets of slots that can remain (a removed card never has a present card below it),
//! the 24-bit mask of stock cards not yet removed, the canonical stock pointer (5 bits) and
//! the recycles used (2 bits).
//!
//! Draws and recycles never change the pyramid, so A* stores only the start and the positions
//! right after a removal: one of its moves is a walk of draws and recycles followed by a
//! removal, and costs the walk's turns plus one (see [`Solver::removals`]). A walk goes only
//! as far as A*'s current bound can use (plus a little), and the rest is taken up again when
//! the bound reaches it. Of two states of one (configuration, stock) key, one that can draw
//! to the other's pointer and still be there in no more steps dominates it, and the dominated
//! one is dropped (see [`Marks`]). The search has an admissible heuristic in two parts that
//! count disjoint steps:
//! - the removal steps still needed, exact for a relaxed game where every stock card is
//!   always at hand: computed once per deal for all 1430 configurations by a backward sweep
//!   (kings alone, pairs of available pyramid cards, or one available card with a stock
//!   partner), so it knows which cards can never pair because one covers the other;
//! - the draws, recycles and stock-only removals needed, from a relaxed run through the
//!   stock pass by pass: the stock cards passed before the pyramid can be cleared, less those
//!   an open pyramid card could take on top of the stock, and a recycle for every pass that
//!   ends with pyramid cards left, where a stock card that is the one partner left of a
//!   pyramid card waits for it (see [`passes`]).
//!
//! The two are taken jointly: a stock card the run counts as saved by a pyramid card takes
//! that card from the pyramid pairs, so when the run's savings leave too few pyramid cards of
//! a rank pair to pair with each other, the removal steps count more (see
//! [`Tables::removal_steps_given`]). Where the run clears the pyramid in the current pass, a
//! waste that buries a needed partner shows that every line recycles first (see
//! [`last_pass`]). The recycles the run counts also bound a line's recycles, which lets the
//! search for the fewest recycles skip states (see [`Solver::buckets`]).
//!
//! The reachability search that proves decks unsolvable also searches a relaxed game without
//! the stock kings and the stock cards of rank pairs with no pyramid card left (a loss there
//! is a proof), and the exact game to the end only when the relaxed one is won (see
//! [`Deciding`]).
//!
//! A state queued beyond the f layer being searched is queued under a cheaper lower bound (its
//! removal steps, or its parent's estimate less the move's steps) and estimated only if it
//! comes up: many never do. For the same reason an estimate stops a few layers beyond the one
//! searched, and the state is queued under the steps counted so far.
//!
//! Pruning, all of it sound (it never loses the optimum):
//! - a king uncovered in the pyramid is removed at once (removing it later is never better:
//!   cards only ever become more available, and draws and recycles do not depend on it);
//! - a state is dropped when some pyramid card can no longer get a partner: for each pair of
//!   ranks, the remaining pyramid cards must be matchable to distinct remaining partners, where
//!   two pyramid cards cannot pair if one lies beneath the other (it must go first). The
//!   matchability of each of the 256 subsets of the eight cards of each rank pair is
//!   tabulated once per deal;
//! - the estimate shows a dead end when two pyramid cards pinned to each other leave a card
//!   beneath or above them with no partner it can go with (see [`passes`]).
//!
//! The solution is rebuilt from the goal backwards: the table keeps each state's parent, and
//! the walk from the parent is taken again to find the draws and recycles before the removal.

use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

use super::rules::{canonical_pointer, Move, Position, MAX_RECYCLES, PYRAMID_CARDS, STOCK_CARDS};

mod growth;
mod last_pass;
mod passes;
#[cfg(test)]
mod small_positions;
mod tables;

use growth::occupied_to_front;
pub use tables::configuration_count;
use tables::{bits, configs, stock_count, Place, Step, Tables, NO_CARD};

/// The default state budget: about 100 MB of tables at most.
pub const DEFAULT_BUDGET: u64 = 6_000_000;

/// How the solver runs: its budget of stored states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { budget: Budget::states(DEFAULT_BUDGET) }
    }
}

pub(super) const CONFIG_BITS: u32 = 11;
pub(super) const STOCK_SHIFT: u32 = CONFIG_BITS;
pub(super) const POINTER_SHIFT: u32 = STOCK_SHIFT + STOCK_CARDS as u32;
pub(super) const RECYCLE_SHIFT: u32 = POINTER_SHIFT + 5;
pub(super) const STATE_MASK: u64 = (1 << (RECYCLE_SHIFT + 2)) - 1;
pub(super) const G_SHIFT: u32 = 48;
pub(super) const OCCUPIED: u64 = 1 << 63;
/// Where a queue entry keeps the turns of the walk already taken (see [`Solver::removals`]).
const RESUME_SHIFT: u32 = 56;
/// Marks a queue entry filed under its estimate; one without it is filed under a cheaper lower
/// bound and is estimated only when it comes up (see [`Solver::reach`]).
const ESTIMATED: u64 = 1 << 47;
/// How many f layers beyond the current one a new state's estimate goes before it may be cut
/// short, and a state's estimated again when it comes up under a lower bound. Cut at the layer
/// itself, states far beyond it would be estimated again at each layer (the figures for other
/// margins are in git history).
const CUT_AFTER_LAYERS: u8 = 3;
const CUT_AFTER_LAYERS_AGAIN: u8 = 4;
/// Where a queue entry keeps the recycles every line through its state makes at least (see
/// [`Solver::buckets`]).
const LEAST_RECYCLES_SHIFT: u32 = 45;
pub(super) const NO_CONFIG: u16 = u16::MAX;
/// Where a key's rank sits in the reachability search's stack entries.
pub(super) const RANK_SHIFT: u32 = 56;
/// An estimate for states from which the pyramid cannot be cleared: far above any real count,
/// but small enough that adding to it cannot overflow.
pub(super) const UNREACHABLE: u8 = 100;
/// The part of a state that keys the reachability search: configuration and stock mask.
pub(super) const REACH_KEY: u64 = (1 << POINTER_SHIFT) - 1;

/// Lower is better: fewer recycles used, then an earlier pointer.
pub(super) fn reach_rank(state: u64) -> u8 {
    let (_, _, pointer, recycles) = unpack(state);
    recycles * 25 + pointer
}

pub(super) fn pack(config: u16, stock: u32, pointer: u8, recycles: u8) -> u64 {
    config as u64
        | (stock as u64) << STOCK_SHIFT
        | (pointer as u64) << POINTER_SHIFT
        | (recycles as u64) << RECYCLE_SHIFT
}

pub(super) fn unpack(state: u64) -> (u16, u32, u8, u8) {
    (
        (state & ((1 << CONFIG_BITS) - 1)) as u16,
        ((state >> STOCK_SHIFT) & ((1 << STOCK_CARDS) - 1)) as u32,
        ((state >> POINTER_SHIFT) & 31) as u8,
        ((state >> RECYCLE_SHIFT) & 3) as u8,
    )
}

/// An open-addressing set of packed states with their distances and, if kept, the state each
/// was last reached from.
pub(super) struct StateTable {
    pub(super) slots: Vec<u64>,
    /// Beside each slot: its state's parent (empty when parents are not kept).
    parents: Vec<u64>,
    pub(super) len: usize,
}

/// The parent of the start state.
pub(super) const NO_PARENT: u64 = u64::MAX;

impl StateTable {
    pub(super) fn new() -> StateTable {
        StateTable { slots: vec![0; 1 << 12], parents: Vec::new(), len: 0 }
    }

    /// A table that keeps parents. A parent is written with its state and read only for a
    /// recorded state, so the free slots' parents are left zero (zeroed memory is cheapest).
    pub(super) fn with_parents() -> StateTable {
        // A*'s tables start larger than the reachability search's: most solvable decks fill
        // them past a few thousand states, and each growth rehashes and zeroes anew.
        StateTable { slots: vec![0; 1 << 14], parents: vec![0; 1 << 14], len: 0 }
    }

    #[inline]
    fn find(&self, state: u64) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut at = Self::home(state, mask);
        loop {
            // One branch a probe: whether the state is there is decided after.
            let slot = self.slots[at];
            if (slot == 0) | (slot & STATE_MASK == state) {
                return (slot != 0).then_some(at);
            }
            at = (at + 1) & mask;
        }
    }

    /// The state `state` was last reached from, if parents are kept.
    pub(super) fn parent(&self, state: u64) -> Option<u64> {
        self.find(state).and_then(|at| self.parents.get(at).copied())
    }

    /// [`StateTable::offer`], keeping `parent` as the state's parent when it is recorded.
    pub(super) fn offer_from(&mut self, state: u64, g: u8, parent: u64) -> bool {
        match self.offer_slot(state, g) {
            Some(at) => {
                self.parents[at] = parent;
                true
            }
            None => false,
        }
    }

    pub(super) fn home(state: u64, mask: usize) -> usize {
        (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 29) as usize & mask
    }

    pub(super) fn get(&self, state: u64) -> Option<u8> {
        self.find(state).map(|at| (self.slots[at] >> G_SHIFT) as u8)
    }

    /// Reads the home slots of `states` (which may then be cached for [`StateTable::offer`]).
    pub(super) fn touch(&self, states: impl Iterator<Item = u64>) {
        let mask = self.slots.len() - 1;
        let mut sum = 0u64;
        for state in states {
            sum = sum.wrapping_add(self.slots[Self::home(state, mask)]);
        }
        std::hint::black_box(sum);
    }

    /// Records `state` at distance `g`; true if it is new or `g` improves on the record.
    pub(super) fn offer(&mut self, state: u64, g: u8) -> bool {
        self.offer_slot(state, g).is_some()
    }

    /// [`StateTable::offer`], giving the slot of a recorded state.
    #[inline]
    fn offer_slot(&mut self, state: u64, g: u8) -> Option<usize> {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = Self::home(state, mask);
        let entry = OCCUPIED | (g as u64) << G_SHIFT | state;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                self.slots[at] = entry;
                self.len += 1;
                return Some(at);
            }
            if slot & STATE_MASK == state {
                if ((slot >> G_SHIFT) as u8) > g {
                    self.slots[at] = entry;
                    return Some(at);
                }
                return None;
            }
            at = (at + 1) & mask;
        }
    }

    /// Doubles the table. Kept out of line: inlined, it made the probing paths that call it
    /// slower.
    #[inline(never)]
    pub(super) fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let mut old = std::mem::replace(&mut self.slots, doubled);
        let keep_parents = !self.parents.is_empty();
        let mut old_parents = std::mem::replace(
            &mut self.parents,
            if keep_parents { vec![0; self.slots.len()] } else { Vec::new() },
        );
        let kept = occupied_to_front(&mut old, &mut old_parents);
        let mask = self.slots.len() - 1;
        for (index, &slot) in old[..kept].iter().enumerate() {
            let mut at = Self::home(slot & STATE_MASK, mask);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
            if keep_parents {
                self.parents[at] = old_parents[index];
            }
        }
    }

    pub(super) fn bytes(&self) -> usize {
        (self.slots.len() + self.parents.len()) * 8
    }
}

/// Where A* has been with each (configuration, stock mask) key, to drop dominated states.
///
/// With a key's stock of n cards, number the stops of the draws and recycles on one line:
/// pass r, pointer with k of the cards below it, is stop t = r (n + 1) + k. From stop t one
/// reaches every later stop u by u − t draws and recycles. So a state at stop t reached in g
/// steps dominates one of the same key at stop u ≥ t reached in h steps if g + (u − t) ≤ h,
/// that is, if t ≤ u and g − t ≤ h − u: it can draw to the other's position and play on as it
/// would, at no more steps. Each key keeps up to two marks (stop, g − stop) of recorded states,
/// and a state dominated by one is dropped before it is recorded. A mark's state may later be
/// reached in fewer steps: its mark then only understates how good it is.
struct Marks {
    /// Keys plus one (0 = empty), open addressing.
    keys: Vec<u64>,
    /// Beside each key: two marks, each (stop << 8 | (g − stop + 128)), or `NO_MARK`.
    marks: Vec<[u16; 2]>,
    len: usize,
}

const NO_MARK: u16 = u16::MAX;

impl Marks {
    fn new() -> Marks {
        // A key's marks are written with it and read only for a recorded key, so the free
        // slots' marks are left zero (zeroed memory is cheapest).
        // As large as A*'s state table to start (see [`StateTable::with_parents`]).
        Marks { keys: vec![0; 1 << 14], marks: vec![[0; 2]; 1 << 14], len: 0 }
    }

    fn mark(state: u64, g: u8) -> u16 {
        let (_, stock, pointer, recycles) = unpack(state);
        let below = stock_count(stock & ((1u32 << pointer) - 1));
        let stop = recycles as u32 * (stock_count(stock) + 1) + below;
        stop as u16 * 256 + (g as u16 + 128 - stop as u16)
    }

    fn dominates(known: u16, mark: u16) -> bool {
        known != NO_MARK && known >> 8 <= mark >> 8 && known & 0xff <= mark & 0xff
    }

    fn slot(&self, key: u64) -> (usize, bool) {
        let mask = self.keys.len() - 1;
        let mut at = StateTable::home(key, mask);
        loop {
            // One branch a probe: whether the key is there is left to the caller.
            let k = self.keys[at];
            if (k == 0) | (k == key + 1) {
                return (at, k != 0);
            }
            at = (at + 1) & mask;
        }
    }

    /// Where `key` is or would go, or `None` if one of its marks dominates `mark`.
    fn undominated(&self, key: u64, mark: u16) -> Option<(usize, bool)> {
        let (at, found) = self.slot(key);
        if found && self.marks[at].iter().any(|&known| Self::dominates(known, mark)) {
            return None;
        }
        Some((at, found))
    }

    /// Keeps `mark` for `key` (not dominated by its marks), which is or would go at `slot`
    /// (see [`Marks::undominated`]): in place of marks it dominates, else in a free place,
    /// else in place of the mark with the larger g − stop if its own is smaller.
    fn record(&mut self, key: u64, mark: u16, slot: (usize, bool)) {
        let (at, found) = if !slot.1 && (self.len + 1) * 4 > self.keys.len() * 3 {
            self.grow();
            self.slot(key)
        } else {
            slot
        };
        if !found {
            self.keys[at] = key + 1;
            self.marks[at] = [mark, NO_MARK];
            self.len += 1;
            return;
        }
        let marks = &mut self.marks[at];
        for known in marks.iter_mut() {
            if *known != NO_MARK && Self::dominates(mark, *known) {
                *known = NO_MARK;
            }
        }
        if let Some(free) = marks.iter_mut().find(|known| **known == NO_MARK) {
            *free = mark;
            return;
        }
        let worse = if marks[0] & 0xff >= marks[1] & 0xff { 0 } else { 1 };
        if mark & 0xff < marks[worse] & 0xff {
            marks[worse] = mark;
        }
    }

    /// Doubles the table, out of line as [`StateTable::grow`].
    #[inline(never)]
    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        let mut keys = std::mem::replace(&mut self.keys, vec![0; size]);
        let mut marks = std::mem::replace(&mut self.marks, vec![[0; 2]; size]);
        let kept = occupied_to_front(&mut keys, &mut marks);
        for (&key, &pair) in keys[..kept].iter().zip(&marks) {
            let (at, _) = self.slot(key - 1);
            self.keys[at] = key;
            self.marks[at] = pair;
        }
    }

    fn bytes(&self) -> usize {
        self.keys.len() * 12
    }
}

/// The reachability search that decides solvability, depth first over (configuration, stock
/// mask) keys. Of two states that differ only in pointer and recycles, the one with fewer
/// recycles used, or as many and an earlier pointer, reaches everything the other reaches (by
/// drawing and recycling), so each key keeps the best rank (see [`reach_rank`]) it was
/// reached with and is expanded again whenever a better one turns up: the search is complete
/// (an empty stack proves the deck unsolvable). Depth first, it finds a solvable deck's goal
/// quickly (on the committed decks after a median of 27 keys, at most 41 k), where a search
/// layer by layer had to explore nearly every key first (the A* search then ran at a third
/// of its speed to the end). A search still running after [`RANK_ORDER_AFTER`] keys is most
/// likely proving a deck unsolvable, where every key must be expanded anyway: it then takes
/// the keys with the best rank first, so that fewer are expanded twice. Unsolvable decks are
/// mostly proved by a search of a relaxed game with far fewer keys (see [`Phase`]). A key that
/// the A* estimate shows a dead end at its best rank is not expanded: no line through the key
/// at that rank or a worse one clears the pyramid (see [`Tables::dead_end`]).
struct Deciding {
    /// The best rank found for each key.
    table: StateTable,
    /// Keys still to expand, each packed with its rank from bit [`RANK_SHIFT`] on.
    stack: Vec<u64>,
    /// Once the search has stored [`RANK_ORDER_AFTER`] keys: the keys still to expand by rank
    /// (the stack emptied into it), the best first.
    by_rank: Vec<Vec<u64>>,
    /// The lowest rank in `by_rank` that may hold keys.
    lowest: usize,
    /// The children of the key being expanded, packed the same way.
    children: Vec<u64>,
    phase: Phase,
    /// The exact search's first key and rank.
    exact_start: (u64, u8),
    /// Keys stored by the searches of earlier phases (they still count as stored).
    retired_states: usize,
}

/// The searches the reachability search runs in turn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The exact search, for at most [`PROBE_KEYS`] keys: on most solvable decks it finds a
    /// goal by then.
    Probe,
    /// A search of a relaxed game, over keys without the stock cards that no longer matter
    /// (see [`Tables::relaxed_key`]), which is won if the deck is: a loss proves the deck
    /// unsolvable (on the committed decks 75,685 keys for 331,855 exact ones on deck 675).
    Relaxed,
    /// The exact search to the end, if the relaxed game is won.
    Exact,
}

/// Keys the exact search stores before the relaxed one takes over (on the committed
/// decks, the exact search finds a solvable deck's goal after a median of 27 keys).
const PROBE_KEYS: usize = 300;

/// Keys stored before the reachability search takes keys by rank instead of depth first.
/// Depth first finds a solvable deck's goal soon, but a key first reached late in a pass is
/// often reached again with a better rank and expanded again (on unsolvable decks 20-35% of
/// the expansions); by rank, few keys get a better rank after they are expanded.
const RANK_ORDER_AFTER: usize = 50_000;

impl Deciding {
    /// Starts `phase` from `key` at `rank`, dropping the keys of the phase before.
    fn restart(&mut self, phase: Phase, (key, rank): (u64, u8)) {
        self.phase = phase;
        self.retired_states += self.table.len;
        self.table = StateTable::new();
        self.table.offer(key, rank);
        self.stack = vec![key | (rank as u64) << RANK_SHIFT];
        self.by_rank = Vec::new();
    }

    fn push(&mut self, entry: u64) {
        if self.by_rank.is_empty() {
            self.stack.push(entry);
        } else {
            let rank = (entry >> RANK_SHIFT) as usize;
            self.by_rank[rank].push(entry);
            self.lowest = self.lowest.min(rank);
        }
    }

    fn pop(&mut self) -> Option<u64> {
        if self.by_rank.is_empty() {
            if self.table.len < RANK_ORDER_AFTER {
                return self.stack.pop();
            }
            self.by_rank = vec![Vec::new(); (MAX_RECYCLES as usize + 1) * 25];
            self.lowest = 0;
            for entry in std::mem::take(&mut self.stack) {
                self.by_rank[(entry >> RANK_SHIFT) as usize].push(entry);
            }
        }
        while self.lowest < self.by_rank.len() {
            if let Some(entry) = self.by_rank[self.lowest].pop() {
                return Some(entry);
            }
            self.lowest += 1;
        }
        None
    }
}

/// What a slice of the reachability search found.
enum Reach {
    Running,
    Solvable,
    Unsolvable,
}

/// A resumable optimal Pyramid search. Progress counts distinct states stored.
///
/// Two searches run side by side, sharing each slice: A* for the fewest steps, and a
/// reachability search over the much smaller space of (configuration, stock mask) keys that
/// proves unsolvable decks quickly. On an unsolvable deck A* would have to exhaust every
/// pointer and recycle count, and on a solvable one the reachability search ends when it
/// finds a goal (usually within a few dozen keys), so whichever answers first decides: the
/// reachability search stops once it finds the deck solvable, and A* alone finishes the job.
/// Each slice goes to the reachability search while it runs: its work ends early on solvable
/// decks (a median of 27 keys) and decides unsolvable ones, where A*'s work would be lost.
pub struct Solver {
    tables: Tables,
    /// The position searched from (the solution is replayed from it).
    start: Position,
    /// For dominance between states of one key (see [`Marks`]).
    marks: Marks,
    /// The keys the reachability search stored, once it has found the deck solvable (they
    /// still count as stored, so that progress never goes back).
    decided_states: usize,
    /// The goal with the fewest recycles found so far (in the last layer).
    found: Option<u64>,
    /// Only lines with fewer recycles than this are wanted: one more than the most allowed
    /// until a goal is found, then the goal's.
    recycles_below: u8,
    /// Only lines of at most these steps are wanted: once a goal is found, its steps (the
    /// fewest: it is found in the first f layer with one).
    steps_at_most: usize,
    table: StateTable,
    /// Open states by f = g + h, then by h, each packed with its g and the recycles every line
    /// through it makes at least. Among states of equal f, those nearest the goal (smallest h,
    /// largest g) go first, so the last f finishes soon after it starts. Once a goal is found
    /// there, only the states of that layer whose lines may make fewer recycles are expanded
    /// (a line of its steps with fewer recycles is wanted). The recycles are those used plus
    /// those the estimate's run through the stock counts (see [`Tables::estimate_line`]),
    /// known when a state is queued. (Buckets by recycles within each h cost more
    /// instructions for the same expansions.)
    buckets: Vec<Vec<Vec<u64>>>,
    /// Emptied queue buckets, kept for their capacity (a bucket grown from nothing for every
    /// (f, h) cost a reallocation each doubling).
    spare: Vec<Vec<u64>>,
    /// The lowest f and, within it, the lowest h that may hold open states.
    f: usize,
    h: usize,
    budget: u64,
    expanded: u64,
    /// While solvability is open: the reachability search.
    deciding: Option<Deciding>,
    done: Option<Outcome<Vec<Move>>>,
    /// The children of the state A* is expanding.
    children: Vec<u64>,
}

impl Solver {
    /// A search from `position` that gives up ("unknown") after storing `options.budget`
    /// states.
    pub fn new(position: &Position, options: Options) -> Solver {
        let budget = options.budget.states;
        let tables = Tables::new(position.deal(), position.stock_mask());
        let config = configs().index.get(&position.pyramid_mask()).copied().unwrap_or(0);
        let stock = position.stock_mask();
        let start =
            pack(config, stock, canonical_pointer(stock, position.turned() as u32), position.recycles());
        let mut solver = Solver {
            tables,
            table: StateTable::with_parents(),
            buckets: Vec::new(),
            spare: Vec::new(),
            start: *position,
            marks: Marks::new(),
            decided_states: 0,
            found: None,
            recycles_below: MAX_RECYCLES + 1,
            steps_at_most: usize::MAX,
            f: 0,
            h: 0,
            budget,
            expanded: 0,
            deciding: None,
            done: None,
            children: Vec::new(),
        };
        let cards = solver.tables.card_mask(config, position.stock_mask());
        if !solver.tables.all_feasible(cards) || solver.tables.heuristic[config as usize] >= UNREACHABLE {
            solver.done = Some(Outcome::Unsolvable);
        } else {
            solver.table.offer_from(start, 0, NO_PARENT);
            let (key, mark) = (start & REACH_KEY, Marks::mark(start, 0));
            solver.marks.record(key, mark, solver.marks.slot(key));
            solver.push(start, 0, 0);
            if config == solver.tables.empty {
                // Already won: A* finds it at once.
                return solver;
            }
            let exact_start = solver.tables.reach_start(start);
            let (key, rank) = exact_start;
            let mut table = StateTable::new();
            table.offer(key, rank);
            let stack = vec![key | (rank as u64) << RANK_SHIFT];
            solver.deciding = Some(Deciding {
                table,
                stack,
                by_rank: Vec::new(),
                lowest: 0,
                children: Vec::new(),
                phase: Phase::Probe,
                exact_start,
                retired_states: 0,
            });
        }
        solver
    }

    /// `Solver::new` with a budget of `states` (see [`Options`]).
    pub fn with_budget(position: &Position, states: u64) -> Solver {
        Solver::new(position, Options { budget: Budget::states(states) })
    }

    /// One slice (`left` expansions) of the reachability search that decides solvability.
    fn decide(&mut self, mut left: u64) -> Reach {
        let Some(deciding) = self.deciding.as_mut() else {
            return Reach::Solvable;
        };
        let tables = &self.tables;
        let empty = tables.empty;
        while left > 0 {
            let Some(entry) = deciding.pop() else {
                return Reach::Unsolvable;
            };
            let (key, rank) = (entry & STATE_MASK, (entry >> RANK_SHIFT) as u8);
            if deciding.table.get(key) != Some(rank) {
                // A better rank was found for this key after it was stacked.
                continue;
            }
            left -= 1;
            self.expanded += 1;
            let mut solvable = false;
            let mut children = std::mem::take(&mut deciding.children);
            children.clear();
            let relaxed = deciding.phase == Phase::Relaxed;
            tables.reach_children(key, rank, |child, child_rank| {
                let (config, ..) = unpack(child);
                if config == empty {
                    solvable = true;
                } else if tables.heuristic[config as usize] < UNREACHABLE {
                    let (child, child_rank) =
                        if relaxed { tables.relaxed_key(child, child_rank) } else { (child, child_rank) };
                    children.push(child | (child_rank as u64) << RANK_SHIFT);
                }
            });
            if solvable && relaxed {
                // The relaxed game can be won, which the deck may still not be: the exact
                // search decides.
                deciding.restart(Phase::Exact, deciding.exact_start);
                deciding.children = children;
                continue;
            }
            if solvable {
                self.decided_states = deciding.retired_states + deciding.table.len;
                self.deciding = None;
                return Reach::Solvable;
            }
            // Children are stacked in reverse so the first generated (pyramid pairs, then
            // the stock cards nearest the pointer) is expanded first. Their table slots are
            // read once beforehand so that the cache misses overlap.
            deciding.table.touch(children.iter().map(|&child| child & STATE_MASK));
            for &child in children.iter().rev() {
                // A key the estimate shows a dead end at its best rank is recorded but not
                // expanded (see [`Tables::dead_end`]); a better rank found later is tried again.
                let (key, rank) = (child & STATE_MASK, (child >> RANK_SHIFT) as u8);
                if deciding.table.offer(key, rank) && !tables.dead_end(key, rank) {
                    deciding.push(child);
                }
            }
            deciding.children = children;
            if deciding.phase == Phase::Probe && deciding.table.len >= PROBE_KEYS {
                let (key, rank) = deciding.exact_start;
                deciding.restart(Phase::Relaxed, tables.relaxed_key(key, rank));
            }
            if (deciding.retired_states + deciding.table.len + self.table.len) as u64 > self.budget {
                return Reach::Running;
            }
        }
        Reach::Running
    }

    fn give_up(&mut self) -> Outcome<Vec<Move>> {
        let states = self.states();
        self.buckets = Vec::new();
        self.spare = Vec::new();
        self.deciding = None;
        self.table = StateTable::new();
        Outcome::Unknown(UnknownReason::StateBudget { states })
    }

    /// States expanded so far (by both searches).
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Distinct states stored so far (by both searches).
    pub fn states(&self) -> u64 {
        (self.table.len
            + self.deciding.as_ref().map_or(self.decided_states, |d| d.retired_states + d.table.len))
            as u64
    }

    /// Approximate bytes held by the search tables.
    pub fn memory(&self) -> usize {
        self.table.bytes()
            + self.marks.bytes()
            + self.buckets.iter().flatten().chain(&self.spare).map(|b| b.capacity() * 8).sum::<usize>()
            + self.deciding.as_ref().map_or(0, |d| {
                d.table.bytes()
                    + (d.stack.capacity() + d.by_rank.iter().map(Vec::capacity).sum::<usize>()) * 8
            })
    }

    /// Records `state`, reached from `parent` in `g` steps, and queues it unless it is known
    /// at no more steps.
    ///
    /// It is queued under `lower`, a lower bound on its steps left, and `least_recycles`, on
    /// the recycles of a line through it (its parent's: every line through it passes its
    /// parent), and estimated only when it comes up (many states are queued beyond the last
    /// layer and never come up).
    fn reach(&mut self, state: u64, g: u8, parent: u64, lower: u8, least_recycles: u8) {
        let (config, _, _, recycles) = unpack(state);
        let lower = lower.max(self.tables.heuristic[config as usize]);
        let least_recycles = least_recycles.max(recycles);
        if !self.wanted(g + lower, least_recycles) {
            return;
        }
        let (key, mark) = (state & REACH_KEY, Marks::mark(state, g));
        let Some(slot) = self.marks.undominated(key, mark) else {
            return;
        };
        if self.table.offer_from(state, g, parent) {
            self.marks.record(key, mark, slot);
            if (g + lower) as usize > self.f {
                self.file(state | (g as u64) << G_SHIFT, g + lower, least_recycles, lower);
            } else {
                self.push(state, g, least_recycles);
            }
        }
    }

    /// Queues `state`, reached in `g` steps on lines of at least `least_recycles` recycles,
    /// unless the estimate shows it a dead end. The estimate is cut short
    /// [`CUT_AFTER_LAYERS`] f layers beyond the current one (see [`Tables::estimate_line`]).
    fn push(&mut self, state: u64, g: u8, least_recycles: u8) {
        let limit = self.wanted_within(g, (self.f as u8).saturating_sub(g) + CUT_AFTER_LAYERS);
        let (h, whole, least) = self.tables.estimate_line(state, limit, self.recycles_below - 1);
        let least_recycles = least_recycles.max(least);
        if h >= UNREACHABLE || !self.wanted(g + h, least_recycles) {
            return;
        }
        let estimated = if whole { ESTIMATED } else { 0 };
        self.file(state | (g as u64) << G_SHIFT | estimated, g + h, least_recycles, h);
    }

    /// Whether a line of at least `steps` steps and `least_recycles` recycles may still be
    /// wanted: once a goal is found, one of its steps and fewer recycles (its steps are the
    /// fewest).
    fn wanted(&self, steps: u8, least_recycles: u8) -> bool {
        steps as usize <= self.steps_at_most && least_recycles < self.recycles_below
    }

    /// `limit` for the estimate of a state reached in `g` steps, or less once a goal is found:
    /// a state estimated beyond the goal's steps is dropped, however far.
    fn wanted_within(&self, g: u8, limit: u8) -> u8 {
        limit.min(self.steps_at_most.saturating_sub(g as usize).min(u8::MAX as usize) as u8)
    }

    /// Files a queue entry under `f` and, within it, `h`, with `least_recycles`.
    fn file(&mut self, entry: u64, f: u8, least_recycles: u8, h: u8) {
        let entry = entry & !(3 << LEAST_RECYCLES_SHIFT) | (least_recycles as u64) << LEAST_RECYCLES_SHIFT;
        let (f, h) = (f as usize, h as usize);
        if self.buckets.len() <= f {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        let layer = &mut self.buckets[f];
        if layer.len() <= h {
            layer.resize_with(h + 1, Vec::new);
        }
        let bucket = &mut layer[h];
        if bucket.capacity() == 0 {
            if let Some(spare) = self.spare.pop() {
                *bucket = spare;
            }
        }
        bucket.push(entry);
        if (f, h) < (self.f, self.h) {
            (self.f, self.h) = (f, h);
        }
    }

    /// Calls `visit(child, turns, step)` for every removal reachable from `state` by first
    /// drawing or recycling `turns` times (a move of `turns + 1` steps), pruned as below.
    ///
    /// Draws and recycles alone never change the configuration, so A* stores only the
    /// positions right after a removal: from each it walks the stock and waste tops through
    /// the passes left, once round, and emits the removals met on the way. Pyramid pairs come
    /// only before the first draw (the same pair after drawing leads to the same cards at a
    /// later pointer, which the earlier pair reaches by the same draws), and each stock card
    /// only where it is first met (meeting it again costs more steps for the same cards and
    /// at best the same pointer, with no fewer recycles used). The pruning of the one-step
    /// moves holds at each stop of the walk: an uncovered pyramid king goes at once, a forced
    /// removal (see [`Tables::forced_removal`]) is the only move where it is possible, and a
    /// king on top of the stock is removed rather than drawn.
    ///
    /// Only the removals after `skip` or more turns are emitted, and the walk stops before a
    /// stop of more than `upto` turns, returning its turns (A* takes the rest of the walk up
    /// again when its bound reaches it).
    fn removals(
        &self,
        state: u64,
        skip: u8,
        upto: u8,
        last_pass: u8,
        mut visit: impl FnMut(u64, u8, Step),
    ) -> Option<u8> {
        let t = &self.tables;
        let (config, stock, pointer, recycles) = unpack(state);
        let available = t.configs.available[config as usize];
        let next = &t.configs.next[config as usize];
        if let Some(slot) = bits((available & t.slots_of_value[13]) as u64).next() {
            if skip == 0 {
                visit(pack(next[slot as usize], stock, pointer, recycles), 0, Step::King(slot as u8));
            }
            return None;
        }
        let cards = t.card_mask(config, stock);
        let at = (config, stock, cards);
        let place = |j: u32| (PYRAMID_CARDS as u32 + j) as u8;
        let value_of = |j: u32| t.stock_values[j as usize & 31];
        let child = |slots: &[u32], stock_places: &[u32], v: u8, q: u32, pass: u8| {
            t.remove(at, slots, stock_places, v).map(|(c, st)| pack(c, st, canonical_pointer(st, q), pass))
        };
        let ahead = stock & !((1u32 << pointer) - 1);
        let below = stock & ((1u32 << pointer) - 1);
        let waste = (below != 0).then(|| 31 - below.leading_zeros());
        let tops = |rest: u32, waste: Option<u32>| {
            let top = if rest != 0 { rest & rest.wrapping_neg() } else { 0 };
            top | waste.map_or(0, |w| 1 << w)
        };
        // Stock places that are the one partner left of an available pyramid card; and at the
        // first stop, the forced removal.
        let first_tops = if skip == 0 { tops(ahead, waste) } else { 0 };
        let (forcing, forced) = t.single_partners(available, first_tops, cards);
        let forced = if skip == 0 { forced } else { None };
        if let Some((slot, other)) = forced {
            let v = t.values[slot as usize];
            let removed = if other < PYRAMID_CARDS as u32 {
                child(&[slot, other], &[], v, pointer as u32, recycles)
            } else {
                child(&[slot], &[other - PYRAMID_CARDS as u32], v, pointer as u32, recycles)
            };
            if let Some(removed) = removed {
                visit(removed, 0, Step::Pair(slot as u8, other as u8));
            }
            return None;
        }
        for slot in bits(if skip == 0 { available } else { 0 } as u64) {
            let v = t.values[slot as usize];
            let later = (available & t.slots_of_value[13 - v as usize]) as u64 & !((2u64 << slot) - 1);
            for other in bits(later) {
                if let Some(removed) = child(&[slot, other], &[], v, pointer as u32, recycles) {
                    visit(removed, 0, Step::Pair(slot as u8, other as u8));
                }
            }
        }
        // The walk, stop by stop, visits the stock tops in order: this pass's cards at or above
        // the pointer, the stop with the stock empty, then after a recycle (if one is left and
        // the pointer is not at the start) the next pass's cards up to the old waste top.
        // Only the stops whose top is a king, a partner of an available pyramid card, the
        // later card of a pair with the waste top, or a forcing card do anything there, so
        // the walk jumps from one to the next, counting the turns of the stops between.
        // (The pointer is canonical: the waste top is just below it.)
        let drawn = stock_count(ahead) as u8;
        let kings = stock & t.stock_kings;
        let partners = stock & t.available_partner_places[config as usize];
        // The removals with the stock top `j` (first met here) and with it and the waste top.
        let at_top =
            |j: u32, turns: u8, pass: u8, first_meeting: bool, visit: &mut dyn FnMut(u64, u8, Step)| {
                if first_meeting && kings & (1 << j) != 0 {
                    if let Some(removed) = child(&[], &[j], 13, j, pass) {
                        visit(removed, turns, Step::King(place(j)));
                    }
                } else if first_meeting && partners & (1 << j) != 0 {
                    let v = value_of(j);
                    for slot in bits((available & t.slots_of_value[13 - v as usize]) as u64) {
                        if let Some(removed) = child(&[slot], &[j], v, j, pass) {
                            visit(removed, turns, Step::Pair(slot as u8, place(j)));
                        }
                    }
                }
            };
        let stock_pair = |j: u32, w: u32, turns: u8, pass: u8, visit: &mut dyn FnMut(u64, u8, Step)| {
            if value_of(j) + value_of(w) == 13 {
                if let Some(removed) = child(&[], &[j, w], value_of(j), j, pass) {
                    visit(removed, turns, Step::Pair(place(j), place(w)));
                }
            }
        };
        // The first stop: the stock top, then the waste top (met here first), then the two.
        if skip == 0 {
            let top = (ahead != 0).then(|| ahead.trailing_zeros());
            if let Some(s) = top {
                at_top(s, 0, recycles, true, &mut visit);
            }
            if let Some(w) = waste {
                if kings & (1 << w) != 0 {
                    if let Some(removed) = child(&[], &[w], 13, pointer as u32, recycles) {
                        visit(removed, 0, Step::King(place(w)));
                    }
                } else if partners & (1 << w) != 0 {
                    let v = value_of(w);
                    for slot in bits((available & t.slots_of_value[13 - v as usize]) as u64) {
                        if let Some(removed) = child(&[slot], &[w], v, pointer as u32, recycles) {
                            visit(removed, 0, Step::Pair(slot as u8, place(w)));
                        }
                    }
                }
            }
            if let Some(s) = top {
                if let Some(w) = waste {
                    stock_pair(s, w, 0, recycles, &mut visit);
                }
                if kings & (1 << s) != 0 {
                    return None;
                }
            }
        }
        let interesting = kings | partners | forcing;
        // This pass, after the first stop; then the next pass, whose cards below the old
        // pointer were not met yet (the old waste top was, at the first stop).
        let next_pass = if recycles < last_pass { below } else { 0 };
        let first = if ahead != 0 { ahead.trailing_zeros() } else { NO_CARD };
        let stops = [
            (ahead & ahead.wrapping_sub(1), recycles, 1u8, first),
            (next_pass, recycles + 1, drawn + 1, NO_CARD),
        ];
        for (cards_met, pass, mut turns, mut previous) in stops {
            for j in bits(cards_met as u64) {
                if turns > upto {
                    return Some(upto + 1);
                }
                let paired = previous != NO_CARD && value_of(previous) + value_of(j) == 13;
                if turns >= skip && (paired || interesting & (1 << j) != 0) {
                    if forcing & (1 << j) != 0 {
                        let w = (previous != NO_CARD).then_some(previous);
                        if let Some((slot, other)) = t.forced_removal(available, tops(1 << j, w), cards) {
                            let removed = child(
                                &[slot],
                                &[other - PYRAMID_CARDS as u32],
                                t.values[slot as usize],
                                j,
                                pass,
                            );
                            if let Some(removed) = removed {
                                visit(removed, turns, Step::Pair(slot as u8, other as u8));
                            }
                            return None;
                        }
                    }
                    at_top(j, turns, pass, Some(j) != waste, &mut visit);
                    if paired {
                        stock_pair(j, previous, turns, pass, &mut visit);
                    }
                    if kings & (1 << j) != 0 {
                        return None;
                    }
                }
                previous = j;
                turns += 1;
            }
        }
        // The walk's last stop: the stock empty in this pass, or the old waste top in the next.
        let last = if next_pass == 0 || pointer == 0 { drawn } else { stock_count(stock) as u8 };
        (last > upto).then(|| upto + 1)
    }

    fn to_move(&self, step: Step) -> Move {
        let card = |place: Place| self.tables.cards[place as usize];
        match step {
            Step::King(place) => Move::RemoveKing(card(place)),
            Step::Pair(a, b) => Move::RemovePair(card(a), card(b)),
        }
    }

    /// The moves from the start to `goal`, along the recorded parents: each link is a removal
    /// after some draws and recycles, found again by walking from the parent.
    fn rebuild(&self, goal: u64) -> Vec<Move> {
        let mut chain = vec![goal];
        while let Some(parent) = self.table.parent(chain[chain.len() - 1]).filter(|&p| p != NO_PARENT) {
            chain.push(parent);
        }
        chain.reverse();
        let mut position = self.start;
        let mut moves = Vec::new();
        for link in chain.windows(2) {
            let mut found: Option<(u8, Step)> = None;
            self.removals(link[0], 0, u8::MAX, MAX_RECYCLES, |child, turns, step| {
                if child == link[1] && found.is_none_or(|(fewest, _)| turns < fewest) {
                    found = Some((turns, step));
                }
            });
            let Some((turns, step)) = found else {
                // Cannot happen: every recorded parent has its child among its removals.
                return Vec::new();
            };
            for _ in 0..turns {
                let mv = if position.stock_top().is_some() { Move::Draw } else { Move::Recycle };
                moves.push(mv);
                position = position.play_unchecked(mv);
            }
            let mv = self.to_move(step);
            moves.push(mv);
            position = position.play_unchecked(mv);
        }
        moves
    }
}

impl Search for Solver {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(done) = &self.done {
            return Some(done.clone());
        }
        let mut left = work.max(2);
        if self.deciding.is_some() {
            // The whole slice: A* waits until the deck is known to be solvable.
            let share = std::mem::take(&mut left);
            match self.decide(share) {
                Reach::Running | Reach::Solvable => {}
                Reach::Unsolvable => {
                    self.done = Some(Outcome::Unsolvable);
                    return self.done.clone();
                }
            }
            if self.states() > self.budget {
                self.done = Some(self.give_up());
                return self.done.clone();
            }
        }
        loop {
            while self.f < self.buckets.len() {
                let layer = &mut self.buckets[self.f];
                while self.h < layer.len() && layer[self.h].is_empty() {
                    let emptied = std::mem::take(&mut layer[self.h]);
                    if emptied.capacity() > 0 {
                        self.spare.push(emptied);
                    }
                    self.h += 1;
                }
                if self.h < layer.len() {
                    break;
                }
                self.buckets[self.f] = Vec::new();
                self.f += 1;
                self.h = 0;
            }
            let finished = self.f >= self.buckets.len() || self.f > self.steps_at_most;
            if finished {
                self.done = Some(match self.found {
                    Some(goal) => Outcome::Solved(self.rebuild(goal)),
                    None => Outcome::Unsolvable,
                });
                return self.done.clone();
            }
            if left == 0 {
                return None;
            }
            let entry = self.buckets[self.f][self.h].pop().unwrap_or(0);
            let state = entry & STATE_MASK;
            let g = (entry >> G_SHIFT) as u8;
            let skip = (entry >> RESUME_SHIFT) as u8;
            let mut least_recycles = ((entry >> LEAST_RECYCLES_SHIFT) & 3) as u8;
            let (config, _, _, recycles) = unpack(state);
            // Once a goal is found, only a line of its steps with fewer recycles is wanted.
            if least_recycles >= self.recycles_below {
                continue;
            }
            if self.table.get(state) != Some(g) {
                continue;
            }
            if config == self.tables.empty {
                // The fewest steps. Of those lines, one with the fewest recycles is wanted
                // (the grade says how many a deck needs): the rest of this layer whose lines
                // may make fewer recycles is searched for one before the line is given.
                self.found = Some(state);
                self.recycles_below = recycles;
                self.steps_at_most = self.f;
                if recycles == self.start.recycles() {
                    self.done = Some(Outcome::Solved(self.rebuild(state)));
                    return self.done.clone();
                }
                continue;
            }
            let here = self.h as u8;
            if entry & ESTIMATED == 0 {
                // Queued under lower bounds: estimated now, and queued again if that puts it
                // later (the larger of two lower bounds is one too).
                let limit = self.wanted_within(g, here + CUT_AFTER_LAYERS_AGAIN);
                let (h, whole, least) = self.tables.estimate_line(state, limit, self.recycles_below - 1);
                least_recycles = least_recycles.max(least);
                if h >= UNREACHABLE || !self.wanted(g + h, least_recycles) {
                    continue;
                }
                if h > here {
                    let entry = if whole { entry | ESTIMATED } else { entry & !ESTIMATED };
                    self.file(entry, g + h, least_recycles, h);
                    continue;
                }
            }
            left -= 1;
            self.expanded += 1;
            // The children are gathered first (the table cannot change while they are
            // generated), in a buffer kept from one expansion to the next.
            let mut children = std::mem::take(&mut self.children);
            children.clear();
            // Children whose f must exceed this layer's wait: each removal takes off at
            // most one removal step of the estimate, so one after `turns` turns has f at least
            // g + turns + the removal steps here. The walk goes a little further (later layers
            // take it up without walking again), but once a goal is found, no further than its
            // steps, and within the passes that fewer recycles than its leave.
            let removal_steps = self.tables.heuristic[config as usize];
            let margin = if self.found.is_some() { 0 } else { 3 };
            let upto = (self.f as u8).saturating_sub(g + removal_steps).saturating_add(margin);
            let rest = self.removals(state, skip, upto, self.recycles_below - 1, |child, turns, _| {
                children.push(child | (turns as u64) << G_SHIFT)
            });
            if let Some(turns) = rest {
                let h = turns + removal_steps;
                if self.wanted(g + h, least_recycles) {
                    let entry = state | (g as u64) << G_SHIFT | (turns as u64) << RESUME_SHIFT | ESTIMATED;
                    self.file(entry, g + h, least_recycles, h);
                }
            }
            // A child after `turns` turns has at least the steps left here, less the move's
            // turns + 1 (the steps left here are at most that move plus the child's).
            let here = if skip == 0 { here } else { 0 };
            for &child in &children {
                let turns = (child >> G_SHIFT) as u8;
                let lower = here.saturating_sub(turns + 1);
                self.reach(child & STATE_MASK, g + 1 + turns, state, lower, least_recycles);
            }
            self.children = children;
            if self.states() > self.budget {
                self.done = Some(self.give_up());
                return self.done.clone();
            }
        }
    }

    fn progress(&self) -> Progress {
        Progress { states: self.states() }
    }
}

/// Solves `position` to the end with the default budget.
pub fn solve(position: &Position) -> Outcome<Vec<Move>> {
    crate::search::run_to_end(&mut Solver::new(position, Options::default()), 1 << 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_1430_configurations() {
        assert_eq!(configuration_count(), 1430);
    }

    #[test]
    fn packing_round_trips() {
        let state = pack(1429, 0xabcdef, 24, 2);
        assert_eq!(unpack(state), (1429, 0xabcdef, 24, 2));
        assert_eq!(state & !STATE_MASK, 0);
    }
}
