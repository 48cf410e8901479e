//! The "thoughtful" Klondike solver: it sees every card, face down or in the stock, and either
//! finds a winning line, proves that none exists, or gives up at a state budget.
//!
//! Depth-first search over an explicit stack (so it runs in slices), with a transposition
//! table of exact packed states. Probes run first to find quick wins: four narrow ones (two
//! children per position, in different move orders, 36% of the budget in all), then six short
//! best-first ones (`best_first.rs`, 14%; in draw 3, or with a pass limit, half those shares).
//! Then, in draw 3 (or with a pass limit), a search of the same position in draw 1 with
//! unlimited passes (small probes, then exhaustive), whose loss proves this one's (rule 12);
//! then the exhaustive search. Every pass uses these reductions, each argued in
//! docs/RULES.md:
//! - the stock is a cycle of reachable cards: a *talon play* draws (and recycles if needed)
//!   exactly to a card that a real sequence of draws can expose, then plays it;
//! - a *safe* move, a column's top card of rank `r` to its foundation when every foundation
//!   holds at least `r - 1` cards, is played alone, without trying alternatives; in draw 1
//!   with unlimited passes so is such a card from the talon, and once every tableau card is
//!   face up the game is won;
//! - a card is never taken down from a foundation whose height is at most every other
//!   foundation's, nor an ace;
//! - among empty columns only the first is tried, and a king-headed run that already fills
//!   its column is never moved to another empty one;
//! - a card comes down from a foundation only together with a move that builds on it, and so
//!   does a card played from the waste to a column in draw 1 with unlimited passes;
//! - in draw 1 with unlimited passes a talon card that is not safe goes home only once the
//!   next card of its suit outside the talon is face up, and together with it when that is
//!   its successor on a column's top (rule 11);
//! - a position is abandoned when [`is_dead_end`] shows that some card can never go home
//!   (with rule 13: talon and foundation cards are targets only once placed on a column,
//!   and kings need a column that can be empty; with rule 14: a talon card counts only once
//!   draws can show it);
//! - in draw 3 with unlimited passes a position is dropped when one that differs only by a
//!   waste size that shows every card it shows has been seen (rule 16);
//! - the exhaustive search marks the positions of each strongly connected component it
//!   closes as lost, and drops a position when a seen one reaches it by one move that turns
//!   up no card (one of its column tops taken down from home, or in draw 1 played from the
//!   talon, or a run moved between columns): always if that one is lost, and if it is open
//!   only where a measure of winning lines shows it sound (rule 17);
//! - in the exhaustive search of a draw-3 (or pass-limited) deal whose draw-1 search of rule 12
//!   was won, a position is abandoned when a short draw-1 search of the same position, which
//!   keeps what earlier ones proved, shows it lost (rule 18).

use crate::cards::{Card, Rank, Suit};
use crate::search::{Outcome, Progress, Search, UnknownReason};

use super::rules::{builds_on, Draw, Move, Position, Rules, Undo, COLUMNS};

#[path = "best_first.rs"]
mod best_first;
use best_first::{BestFirst, Probe, Weights};

/// The default state budget, with [`WORK_PER_STATE`] times as much work: about 1.4-1.8 s of
/// search natively for the deals that run out, so that every deal is answered within about
/// 2 s (measured in docs/BENCHMARKS.md, Klondike).
pub const DEFAULT_BUDGET: u64 = 2_200_000;

/// The most states any budget allows, which bounds memory: the whole process measured at most
/// 231 MB with a budget of 3,000,000 states (draw 1 deals 562 and 756, before the work limit
/// of [`WORK_PER_STATE`]; 24-byte keys with 4-byte marks, padded to 32, and 1-byte
/// fingerprints in flat tables at most 3/4 full, 2^22 slots); the table's next growth, past
/// 3.1 million states, would pass 256 MB. Rule 18's table of draw-1 checks has its own cap
/// ([`CHECK_MAX_STATES`]: 2^21 slots, 69 MB), so both together stay under about 290 MB
/// (measured at most 222 MB: draw-3 deal 974 with a budget of 3,000,000).
pub const MAX_STATES: u64 = 3_000_000;

/// The probes run before the exhaustive search. A depth-first search that commits early to a
/// poor move can spend its whole budget below it; a narrow search first tries many different
/// lines cheaply and finds most wins quickly, and probes in different orders commit to
/// different early moves; best-first probes then come back to the most promising position
/// anywhere in the tree, which wins a few deals that every depth-first order misses (all
/// measured in docs/BENCHMARKS.md). The probes take 50% of the budget (25% in draw 3, see
/// [`RELAXED_PROBE_PERCENT`]): the hardest proofs of loss need the rest. A probe that runs
/// out proves nothing, so the next pass, and finally the exhaustive search, starts afresh.
const PROBES: &[Pass] = &[
    Pass::Narrow { width: 2, percent: 12, order: Order::Plain },
    Pass::Narrow { width: 2, percent: 8, order: Order::Reversed },
    Pass::Narrow { width: 2, percent: 8, order: Order::Shaken(4) },
    Pass::Narrow { width: 2, percent: 8, order: Order::Shaken(5) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 0, 0) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 20, 1) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 20, 3) },
    Pass::BestFirst { percent: 4, weights: Weights::progress(3, 0, 0) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 8, 5) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 5, 1) },
];

/// A probe before the exhaustive search.
#[derive(Clone, Copy, Debug)]
enum Pass {
    /// Depth-first, trying the first `width` children of each position in `order`.
    Narrow { width: usize, percent: u64, order: Order },
    /// Best-first (see [`best_first`]), scoring positions with `weights`.
    BestFirst { percent: u64, weights: Weights },
}

/// How a pass orders the children of a position. The exhaustive search uses the plain order;
/// the probes after the first use other orders, so that each tries different lines (measured
/// in docs/BENCHMARKS.md: several short, differently ordered probes find more wins than one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Best score first; among equal scores, the order of generation.
    Plain,
    /// Best score first; among equal scores, the reverse order of generation.
    Reversed,
    /// Scores shaken by a pseudo-random amount (see [`shake`]) drawn with this seed.
    Shaken(u64),
}

/// Rule 12: the percentage of the budget left after the probes that the draw-1
/// search of a draw-3 position may use. It mostly wins (and so ends) early when the draw-3
/// game is won too, and where it runs out the draw-3 search rarely decides either; 90% proved
/// the most losses on seeds 1..1000 (30%, 50%, 75%, 90%, 100% measured in docs/BENCHMARKS.md).
const RELAXED_PERCENT: u64 = 90;

/// Rule 12: the budget that the probes of the draw-1 search take their percentages of (so
/// they take at most half of it). Where the draw-3 deal is lost, they only delay the draw-1
/// proof a little; where draw 1 is won, a probe usually wins it within these few states,
/// whereas the exhaustive draw-1 search alone can miss the win for its whole share of the
/// budget, which the draw-3 exhaustive search then lacks (measured in docs/BENCHMARKS.md).
const RELAXED_PROBE_BUDGET: u64 = 50_000;

/// Where rule 12 applies (draw 3, or a pass limit): the percentage of the budget that the
/// probes' shares are of. The exhaustive search, whose draw-1 checks (rule 18) steer it away
/// from lost lines, wins the deals the smaller probes miss, and needs the states for its proofs
/// (measured in docs/BENCHMARKS.md).
const RELAXED_PROBE_PERCENT: u64 = 50;

/// The work a budget of one state allows: a pass ends when it has seen its share of the
/// budget's states, or done this many times as much work. Work counts each position tried
/// (transpositions too) and each position entered as 1, and each dead-end check as
/// [`WORK_PER_DEAD_END_CHECK`]: on the slowest deals of seeds 1..1000 that predicts the time
/// within about 10%, where distinct states alone are off by up to 40% (measured in
/// docs/BENCHMARKS.md), so a budget allows about the same time on every deal while cheap
/// deals see more states.
pub(super) const WORK_PER_STATE: u64 = 3;

/// The look-ups of other positions (rules 16 and 17) that count as one unit of work.
const LOOKUPS_PER_WORK: u64 = 3;

/// The work of a dead-end check (see [`WORK_PER_STATE`]).
pub(super) const WORK_PER_DEAD_END_CHECK: u64 = 2;

/// Rule 18: the new states one draw-1 check may add. Most checks that prove a loss need far
/// fewer, as they reuse what earlier checks proved; one that runs out is not repeated for the
/// same draw-1 position (150 to 2,000 measured in docs/BENCHMARKS.md; 600 since the chains of
/// rule 19 made draw-1 searches cheaper).
const CHECK_STATES: u64 = 600;

/// Rule 18: the most states the checks' table may hold, which bounds its memory: at most 3/4
/// of 2^21 slots (about 69 MB). The state budget counts only the search's own states.
const CHECK_MAX_STATES: u64 = 1_500_000;

/// Rule 18: the work all checks may take: [`CHECK_SHARE_PERCENT`] of the exhaustive search's
/// own work, plus [`CHECK_ALLOWANCE`], plus [`CHECK_CREDIT`] for every position a check proved
/// lost. Where checks keep proving losses they take most of the work (and decide deals the
/// search alone cannot); where they keep running out or finding wins, the search keeps almost
/// all of it (measured in docs/BENCHMARKS.md).
const CHECK_SHARE_PERCENT: u64 = 5;
const CHECK_ALLOWANCE: u64 = 100_000;
const CHECK_CREDIT: u64 = 1_000;

/// Rule 18: the work of setting up a check (beside its dead-end check), and of marking one
/// position of a won line.
const WORK_PER_CHECK: u64 = 4;
const WORK_PER_WON_MARK: u64 = 1;

/// What a search has spent: distinct states and work (see [`WORK_PER_STATE`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Spent {
    pub(super) states: u64,
    pub(super) work: u64,
}

const NO_TALON: u8 = u8::MAX;

/// A move of the search: an ordinary move, or (for waste moves) first bringing the waste to
/// `at` cards, recycling once on the way if `recycle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Part {
    mv: Move,
    at: u8,
    recycle: bool,
}

impl Part {
    const fn plain(mv: Move) -> Part {
        Part { mv, at: NO_TALON, recycle: false }
    }
}

/// A search step: one move, or a move together with the move that uses what it leaves (a
/// partial run and a use of the card it uncovers, rule 4; see [`generate`]), and where that
/// use is again such a move, its own use, and so on (rule 19), up to [`CHAIN`] moves more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    first: Part,
    second: Option<Part>,
    chain: [Option<Part>; CHAIN],
}

/// Rule 19: the most moves a step may add after its second.
const CHAIN: usize = 4;

impl Step {
    const fn plain(mv: Move) -> Step {
        Step::one(Part::plain(mv))
    }
    const fn one(part: Part) -> Step {
        Step { first: part, second: None, chain: [None; CHAIN] }
    }
    const fn pair(first: Part, second: Part) -> Step {
        Step { first, second: Some(second), chain: [None; CHAIN] }
    }
    /// Its moves, in order.
    fn parts(self) -> impl Iterator<Item = Part> {
        std::iter::once(self.first).chain(self.second).chain(self.chain.into_iter().flatten())
    }
}

/// How to take a part back.
#[derive(Clone, Copy, Debug)]
struct PartBack {
    undo: Undo,
    waste: u8,
    recycles: u8,
}

/// How to take a step back.
#[derive(Clone, Copy, Debug)]
struct Back {
    first: PartBack,
    second: Option<PartBack>,
    chain: [Option<PartBack>; CHAIN],
}

impl Back {
    /// How to take back each of its step's moves, in the order they were played.
    fn parts(self) -> impl Iterator<Item = PartBack> {
        std::iter::once(self.first).chain(self.second).chain(self.chain.into_iter().flatten())
    }
}

struct Frame {
    /// The children of this node: `steps[next..end]` are still to try.
    next: u32,
    end: u32,
    /// The step that led here and how to take it back (none at the root).
    via: Option<(Step, Back)>,
    /// Rule 17 (exhaustive search): this position's depth-first number, and the least number
    /// of an open position that it has been seen to lead to (Tarjan's low-link).
    number: Mark,
    low: Mark,
}

/// A transposition-table key: a whole position packed exactly into 192 bits.
type Key = [u64; 3];

/// What the exhaustive search knows of a seen position (rule 17): [`LOST`], or, while the
/// depth-first search has not closed its strongly connected component, its depth-first number
/// or that of a position it leads back to.
type Mark = u32;

/// The mark of a position proven lost.
const LOST: Mark = Mark::MAX;

/// Rule 18: the mark of a position that a draw-1 check found won (no number carries both
/// flags of a drop, so no other mark is this).
const WON: Mark = Mark::MAX - 1;

/// Beside a number, the flags of a position dropped by rule 17 for an open one, saying what
/// the moves it was dropped for owe: [`OWED`], free moves only (it may drop another, or
/// itself reached again, only after a step that sends a card home or moves cards between
/// columns); [`OWED_RUN`], a run's move between columns too (only after a step that sends a
/// card home).
const OWED: Mark = 1 << 31;
const OWED_RUN: Mark = 1 << 30;
const NUMBER: Mark = !(OWED | OWED_RUN);

/// Rule 17's measure of a step: its moves that send a card home, move cards between columns,
/// and the others (take-downs and waste plays to a column); draws and recycles are not moves.
#[derive(Clone, Copy, Debug, Default)]
struct Measure {
    home: u8,
    runs: u8,
    free: u8,
}

impl Measure {
    fn of(step: Step) -> Measure {
        let mut measure = Measure::default();
        for part in step.parts() {
            match part.mv {
                Move::TableauToFoundation { .. } | Move::WasteToFoundation => measure.home += 1,
                Move::TableauToTableau { .. } => measure.runs += 1,
                Move::FoundationToTableau { .. } | Move::WasteToTableau { .. } => measure.free += 1,
                Move::Draw | Move::Recycle => {}
            }
        }
        measure
    }

    /// Whether a seen position with `mark` may drop the position this step reached when it
    /// reaches it by one free move (`run` false) or one run's move between columns (`run`
    /// true), and the mark to store then.
    fn drops_for(self, mark: Mark, run: bool) -> Option<Mark> {
        if mark == LOST {
            return Some(LOST);
        }
        let owed_run = run || mark & OWED_RUN != 0;
        let allowed = if self.home > 0 {
            true
        } else if owed_run {
            // The debt is less than one move home: one run's move (and free ones).
            mark & (OWED | OWED_RUN) == 0 && (self.runs >= 2 || self.runs == 1 && self.free >= 1)
        } else if mark & OWED != 0 {
            self.runs > 0
        } else {
            self.runs > 0 || self.free >= 2
        };
        allowed.then_some(mark & NUMBER | if owed_run { OWED_RUN } else { OWED })
    }
}

/// Rule 18: whether a seen mark is true of the current search, whose numbers start at
/// `epoch`: not one that an earlier check left.
fn current(mark: Mark, epoch: Mark) -> bool {
    mark >= WON || mark & NUMBER >= epoch
}

/// A seen position's mark if it may drop the current one (reached again), reached by a step
/// of `measure`.
fn usable(mark: Mark, measure: Measure) -> Option<Mark> {
    let allowed = if mark == LOST || mark & (OWED | OWED_RUN) == 0 {
        true
    } else if mark & OWED_RUN != 0 {
        measure.home > 0
    } else {
        measure.home + measure.runs > 0
    };
    allowed.then_some(mark)
}

/// The set of seen keys, each with a [`Mark`]: open addressing with linear probing. Beside
/// the full keys, a parallel array holds an 8-bit fingerprint of each key's hash (0 marks an
/// empty slot), so a probe sequence is scanned in the small fingerprint array (64 slots to a
/// cache line) and a full key is read only when its fingerprint matches: a new key costs one
/// read of fingerprints and one write of the key. Equality is still decided on the full keys.
/// (8-bit fingerprints measured a little faster than 16-bit ones: the array is half the size.)
/// Hashes come from key parts ([`KeyParts::hash`]), not from packed keys, so a position that
/// is only looked up is packed only if its fingerprint matches.
struct Seen {
    tags: Vec<u8>,
    slots: Vec<Slot>,
    len: usize,
}

/// Where a key is in [`Seen`], or the empty slot where it would go (with the key's tag).
#[derive(Clone, Copy)]
enum Place {
    At(usize),
    Vacant { index: usize, tag: u8 },
}

/// A key, its mark and the low half of its hash (to place it again when the table grows),
/// side by side so that they share a cache line.
#[derive(Clone, Copy)]
struct Slot {
    key: Key,
    mark: Mark,
    hash: u32,
}

impl Seen {
    const EMPTY_TAG: u8 = 0;

    fn new() -> Seen {
        Seen::with_slots(1 << 12)
    }

    fn with_slots(slots: usize) -> Seen {
        Seen {
            tags: vec![Seen::EMPTY_TAG; slots],
            slots: vec![Slot { key: [0; 3], mark: 0, hash: 0 }; slots],
            len: 0,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// Whether the first slot a key with `hash` would take is empty (then the key was never
    /// added).
    fn vacant_at_first(&self, hash: u64) -> bool {
        self.tags[hash as usize & (self.tags.len() - 1)] == Seen::EMPTY_TAG
    }

    /// The fingerprint of a hash, never [`Seen::EMPTY_TAG`].
    fn tag(hash: u64) -> u8 {
        ((hash >> 56) as u8).max(1)
    }

    /// Where the key made by `key` is, or the empty slot where it would go, given the key's
    /// `hash`: the key is made only if a fingerprint matches, and at most once.
    fn place_lazy(&self, hash: u64, key: impl Fn() -> Key) -> Place {
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
    fn place(&self, hash: u64, key: &Key) -> Place {
        self.place_lazy(hash, || *key)
    }

    /// Adds `key`, with `hash`; says whether it was new.
    fn insert(&mut self, hash: u64, key: Key) -> bool {
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
    fn put(&mut self, place: Place, hash: u64, key: Key, mark: Mark) -> usize {
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
    fn mark(&self, hash: u64, key: impl Fn() -> Key) -> Option<Mark> {
        match self.place_lazy(hash, key) {
            Place::At(index) => Some(self.slots[index].mark),
            Place::Vacant { .. } => None,
        }
    }

    /// The mark of the key at `index` (a place [`Seen::place`] found).
    fn mark_at(&self, index: usize) -> Mark {
        self.slots[index].mark
    }

    /// Gives the key at `index` the mark `mark`.
    fn remark_at(&mut self, index: usize, mark: Mark) {
        self.slots[index].mark = mark;
    }

    /// Gives an added `key`, with `hash`, the mark `mark`; returns the one it had.
    fn remark(&mut self, hash: u64, key: &Key, mark: Mark) -> Option<Mark> {
        match self.place(hash, key) {
            Place::At(index) => Some(std::mem::replace(&mut self.slots[index].mark, mark)),
            Place::Vacant { .. } => None,
        }
    }

    fn grow(&mut self) {
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

/// A key written as a stream of bit fields, low bits first: `current` collects fields until
/// a whole word is full, so each field costs a shift and an or, and a spill twice a key.
#[derive(Default)]
struct Bits {
    words: Key,
    current: u64,
    /// Bits used in `current` (always below 64).
    filled: u32,
    /// Words already written to `words`.
    full: usize,
}

impl Bits {
    /// Appends the low `width` bits of `value` (`width` at most 32, `value` below 2^width).
    fn put(&mut self, value: u64, width: u32) {
        self.current |= value << self.filled;
        self.filled += width;
        if self.filled >= 64 {
            if self.full < 3 {
                self.words[self.full] = self.current;
            }
            self.full += 1;
            self.filled -= 64;
            // The bits of `value` that did not fit (none if it ended the word exactly, as
            // `value` is below 2^width).
            self.current = value >> (width - self.filled);
        }
    }

    fn finish(mut self) -> Key {
        if self.full < 3 {
            self.words[self.full] = self.current;
        }
        self.words
    }
}

/// One column as a code, which also fixes its width (see [`column_width`]): face-down count
/// (3 bits), face-up length (4 bits), then the deepest face-up card (6 bits) and one bit per
/// further card saying which suit of its colour it is (the rank and colour follow from the
/// building rule).
fn column_code(position: &Position, column: usize) -> u64 {
    let face_down = position.face_down(column);
    let cards = position.column(column);
    let face_up = cards.len() - face_down;
    let code = face_down as u64 | (face_up as u64) << 3;
    let Some(first) = cards.get(face_down) else { return code };
    // The suit bits of the cards above the first face-up one (none above the top).
    let suit_bits = position.high_suits(column) as u64 >> (face_down + 1);
    code | (first.index() as u64) << 7 | suit_bits << 13
}

/// The width in bits of a column code: 7 for an empty face-up run, else 13 and one per
/// face-up card after the first (at most 25).
fn column_width(code: u64) -> u32 {
    let face_up = (code >> 3 & 0xF) as u32;
    if face_up == 0 {
        7
    } else {
        12 + face_up
    }
}

/// Where a key's waste size starts: after the foundation heights (16 bits) and the talon mask
/// (24 bits), in the first word.
const WASTE_SHIFT: u32 = 40;

/// What a key is packed from: the fields before the columns, and each column's code.
#[derive(Clone, Copy)]
struct KeyParts {
    /// Foundation heights, 4 bits by suit index.
    foundations: u64,
    /// The talon cards by their place in the start's talon.
    talon_mask: u64,
    /// The waste size, 0 where it is canonical (see [`key_parts`]).
    waste: u64,
    /// With a pass limit, the recycles so far.
    recycles: Option<u64>,
    codes: [u64; COLUMNS],
}

/// The parts of `position`'s key.
fn key_parts(position: &Position, talon_index: &[u8; 52], pass_limit: bool) -> KeyParts {
    let foundations = Suit::ALL
        .iter()
        .enumerate()
        .fold(0u64, |all, (i, &suit)| all | (position.foundation(suit) as u64) << (4 * i));
    let (talon, waste) = position.talon();
    let talon_mask = talon.iter().fold(0u64, |mask, card| mask | 1 << talon_index[card.index() as usize]);
    // With unlimited passes the waste sizes 0, d, 2d, …, n are all reachable from one
    // another by drawing and recycling, so they are one state (in draw 1 that is every size).
    let canonical = !pass_limit
        && match position.rules().draw {
            Draw::One => true,
            Draw::Three => waste % 3 == 0 || waste == talon.len(),
        };
    let mut codes = [0u64; COLUMNS];
    for (column, code) in codes.iter_mut().enumerate() {
        *code = column_code(position, column);
    }
    KeyParts {
        foundations,
        talon_mask,
        waste: if canonical { 0 } else { waste as u64 },
        recycles: pass_limit.then(|| position.recycles() as u64),
        codes,
    }
}

impl KeyParts {
    /// The hash of the key ([`KeyParts::pack`]), made without packing it: the columns without
    /// face-down cards, which the key sorts, are added in any order, the others with their
    /// place, so parts that make the same key have the same hash.
    fn hash(&self) -> u64 {
        /// Spreads the bits of `value` over a word (a multiply, then the high bits folded
        /// back into the low ones, which choose the slot).
        fn spread(value: u64, factor: u64) -> u64 {
            let product = value.wrapping_mul(factor);
            product ^ product >> 29
        }
        let head = self.foundations
            | self.talon_mask << 16
            | self.waste << WASTE_SHIFT
            | self.recycles.unwrap_or(0) << (WASTE_SHIFT + 5);
        let mut sum = spread(head, 0x9E37_79B9_7F4A_7C15);
        for (column, &code) in self.codes.iter().enumerate() {
            // Codes use at most 25 bits; a column with face-down cards adds its place above.
            let placed = if code & 7 == 0 { code } else { code | (column as u64 + 1) << 32 };
            sum = sum.wrapping_add(spread(placed, 0xBF58_476D_1CE4_E5B9));
        }
        // A final mix, so that the fingerprint (the top 8 bits) depends on every part.
        sum ^= sum >> 33;
        sum = sum.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        sum ^= sum >> 33;
        sum = sum.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        sum ^ sum >> 33
    }

    /// The key. Columns without face-down cards are interchangeable, so they are written in a
    /// canonical (sorted) order. At most 189 bits are used.
    fn pack(&self) -> Key {
        let mut bits = Bits::default();
        bits.put(self.foundations, 16);
        bits.put(self.talon_mask, 24);
        debug_assert_eq!(bits.filled, WASTE_SHIFT);
        bits.put(self.waste, 5);
        if let Some(recycles) = self.recycles {
            bits.put(recycles, 8);
        }
        // Columns with face-down cards in place; the others, sorted, fill the free places in
        // order. Face-down counts are in the low bits, so a free column's code is a multiple
        // of 8.
        let mut free = [0u64; COLUMNS];
        let mut free_count = 0;
        for &code in &self.codes {
            if code & 7 == 0 {
                // Insertion into the sorted free codes (at most seven).
                let mut at = free_count;
                while at > 0 && free[at - 1] > code {
                    free[at] = free[at - 1];
                    at -= 1;
                }
                free[at] = code;
                free_count += 1;
            }
        }
        let mut next_free = 0;
        for &code in &self.codes {
            let code = if code & 7 == 0 {
                next_free += 1;
                free[next_free - 1]
            } else {
                code
            };
            bits.put(code, column_width(code));
        }
        bits.finish()
    }
}

/// A column's code (see [`column_code`]) once its top card, which is face up, has gone.
fn without_top(code: u64) -> u64 {
    let face_up = code >> 3 & 0xF;
    if face_up <= 1 {
        return code & 7;
    }
    // One face-up card fewer, and the top card's suit bit cleared.
    let code = code - (1 << 3);
    code & !(1 << (13 + face_up - 2))
}

/// The thoughtful solver. Its solution is the full list of moves, draws and recycles included.
pub struct Solver {
    start: Position,
    position: Position,
    talon_index: [u8; 52],
    seen: Seen,
    steps: Vec<Step>,
    scored: Vec<Scored>,
    uses: Vec<Part>,
    frames: Vec<Frame>,
    budget: u64,
    /// The budget the probes' percentages are of: `budget` in draw 1 with unlimited passes,
    /// else [`RELAXED_PROBE_PERCENT`] of it, and in rule 12's draw-1 search
    /// [`RELAXED_PROBE_BUDGET`].
    probe_budget: u64,
    /// How many children of each position the current pass tries: a few in the probe, all in
    /// the exhaustive search.
    width: usize,
    /// The move order of the current pass.
    order: Order,
    /// The states the current pass may add to `seen`, and the work it may do.
    pass_budget: u64,
    pass_work: u64,
    /// The current depth-first pass's work so far.
    work: u64,
    /// What the passes that are over spent.
    spent: Spent,
    /// How many probes are over.
    probes_done: usize,
    /// The current pass when it is a best-first probe.
    best_first: Option<BestFirst>,
    /// Rule 12: the draw-1 search of the start that runs between the probes and
    /// the exhaustive search of a position with draw 3 (or a pass limit), while it runs.
    relaxed: Option<Box<Solver>>,
    /// Whether that draw-1 search is over (or not wanted).
    relaxed_done: bool,
    /// The start's talon cards, as card bits.
    talon_cards: u64,
    /// Rule 17: how many positions the current pass has numbered, and the keys of the open
    /// positions of the exhaustive search (entered, their component not yet closed), in the
    /// order they were entered (Tarjan's stack).
    numbered: Mark,
    open: Vec<(Key, u64)>,
    /// Rule 17: whether positions may be dropped for open ones (the tests compare), and how
    /// many were.
    drop_for_open: bool,
    dropped_for_open: u64,
    /// Look-ups of other positions not yet counted as work.
    lookups: u64,
    /// Rules 16 and 17: the positions to look up for the current one, with their hashes
    /// (scratch space).
    candidates: Vec<(u64, KeyParts)>,
    done: Option<Outcome<Vec<Move>>>,
    /// Rule 12: whether the draw-1 search of the start found a win (then the exhaustive
    /// search checks positions in draw 1, rule 18).
    relaxed_won: bool,
    /// Rule 18: the draw-1 checks of the exhaustive search, in draw 3 (or with a pass limit).
    checks: Option<Box<Checks>>,
    /// Rule 18, in the draw-1 search that makes the checks: marks numbered below this were
    /// left by earlier checks and are stale (only lost and won marks stay true).
    epoch: Mark,
    /// Whether this is that search: a win needs no solution then.
    checking: bool,
}

impl Solver {
    /// A solver for `start` with the default state budget.
    pub fn new(start: &Position) -> Solver {
        Solver::with_budget(start, DEFAULT_BUDGET)
    }

    /// A solver that answers "unknown" after `budget` distinct states (at most
    /// [`MAX_STATES`], which bounds its memory) or [`WORK_PER_STATE`] times as much work.
    pub fn with_budget(start: &Position, budget: u64) -> Solver {
        let mut solver = Solver::unstarted(start, budget);
        solver.relaxed_done = any_card_any_time(start);
        if !solver.relaxed_done {
            solver.probe_budget = solver.budget * RELAXED_PROBE_PERCENT / 100;
        }
        solver.launch();
        solver
    }

    /// Rule 12's draw-1 search: the probes, sized for [`RELAXED_PROBE_BUDGET`] states, then
    /// the exhaustive search, with no relaxation.
    fn relaxation(start: &Position, budget: u64) -> Solver {
        let mut solver = Solver::unstarted(start, budget);
        solver.probe_budget = RELAXED_PROBE_BUDGET.min(solver.budget);
        solver.relaxed_done = true;
        solver.launch();
        solver
    }

    /// An exhaustive search with no probes and no relaxation first.
    #[cfg(test)]
    fn exhaustive(start: &Position, budget: u64) -> Solver {
        let mut solver = Solver::unstarted(start, budget);
        solver.probes_done = PROBES.len();
        solver.relaxed_done = true;
        solver.launch();
        solver
    }

    /// Answers at once if the start is a dead end, else begins the first pass.
    fn launch(&mut self) {
        if is_dead_end(&self.start) {
            self.done = Some(Outcome::Unsolvable);
        } else {
            self.next_pass();
        }
    }

    fn unstarted(start: &Position, budget: u64) -> Solver {
        let budget = budget.min(MAX_STATES);
        let mut talon_index = [0u8; 52];
        let mut talon_cards = 0;
        for (i, card) in start.talon().0.iter().enumerate() {
            talon_index[card.index() as usize] = i as u8;
            talon_cards |= card.bit();
        }
        Solver {
            start: *start,
            position: *start,
            talon_index,
            seen: Seen::new(),
            steps: Vec::new(),
            scored: Vec::new(),
            uses: Vec::new(),
            frames: Vec::new(),
            budget,
            probe_budget: budget,
            width: usize::MAX,
            order: Order::Plain,
            pass_budget: 0,
            pass_work: 0,
            work: 0,
            spent: Spent::default(),
            probes_done: 0,
            best_first: None,
            relaxed: None,
            relaxed_done: false,
            talon_cards,
            numbered: 0,
            open: Vec::new(),
            drop_for_open: true,
            dropped_for_open: 0,
            lookups: 0,
            candidates: Vec::new(),
            done: None,
            relaxed_won: false,
            checks: None,
            epoch: 0,
            checking: false,
        }
    }

    /// Rule 12: before the exhaustive search of a draw-3 (or pass-limited) position, a draw-1
    /// search (small probes, then exhaustive) of the same position with unlimited passes gets
    /// most of the budget that is left ([`RELAXED_PERCENT`]); draw 1 reaches every talon card
    /// a draw-3 line reaches, so if the draw-1 game is lost, so is this one. Says whether that
    /// search was started.
    fn start_relaxation(&mut self) -> bool {
        if self.relaxed_done {
            return false;
        }
        self.relaxed_done = true;
        // The last probe's table is counted in `spent`; free it while the draw-1 search runs.
        self.seen = Seen::new();
        self.frames.clear();
        self.steps.clear();
        let relaxed = self.start.with_rules(Rules::new(Draw::One));
        let budget = self.budget_left() * RELAXED_PERCENT / 100;
        self.relaxed = Some(Box::new(Solver::relaxation(&relaxed, budget)));
        true
    }

    /// Runs `work` units of the draw-1 search of rule 12; when it ends, a proven loss is the
    /// answer and anything else hands the rest of the budget to the exhaustive search.
    fn step_relaxation(&mut self, work: u64) {
        let Some(relaxed) = self.relaxed.as_mut() else { return };
        let Some(outcome) = relaxed.step(work) else { return };
        let spent = relaxed.spent_in_all();
        self.relaxed = None;
        self.relaxed_won = matches!(outcome, Outcome::Solved(_));
        if outcome == Outcome::Unsolvable {
            self.done = Some(Outcome::Unsolvable);
        } else {
            self.charge(spent);
            self.next_pass();
        }
    }

    /// Adds what a pass that is over spent.
    fn charge(&mut self, spent: Spent) {
        self.spent.states += spent.states;
        self.spent.work += spent.work;
    }

    /// The states of the budget left, counting work left as [`WORK_PER_STATE`] a state.
    fn budget_left(&self) -> u64 {
        let states = self.budget.saturating_sub(self.spent.states);
        let work = (self.budget * WORK_PER_STATE).saturating_sub(self.spent.work);
        states.min(work / WORK_PER_STATE)
    }

    /// What this search has spent, the current pass included (a draw-1 search of rule 12
    /// is over before it is counted).
    fn spent_in_all(&self) -> Spent {
        let probe = self.best_first.as_ref().map_or(Spent::default(), BestFirst::spent);
        Spent {
            states: self.spent.states + probe.states + self.seen.len() as u64,
            work: self.spent.work + probe.work + self.work,
        }
    }

    /// Sets up the next probe, or the exhaustive search after the last, and begins it.
    fn next_pass(&mut self) {
        self.best_first = None;
        if let Some(&Pass::BestFirst { percent, weights }) = PROBES.get(self.probes_done) {
            self.seen = Seen::new();
            self.frames.clear();
            self.steps.clear();
            let budget = self.probe_budget * percent / 100;
            self.best_first = Some(BestFirst::new(&self.start, self.talon_index, budget, weights));
            return;
        }
        if let Some(&Pass::Narrow { width, percent, order }) = PROBES.get(self.probes_done) {
            self.order = order;
            self.width = width;
            self.pass_budget = self.probe_budget * percent / 100;
            self.pass_work = self.pass_budget * WORK_PER_STATE;
        } else {
            if self.start_relaxation() {
                return;
            }
            self.width = usize::MAX;
            self.order = Order::Plain;
            // Rule 18: where the draw-1 search ran out, draw-1 positions of this deal are hard,
            // and checks mostly run out too (measured in docs/BENCHMARKS.md).
            if self.relaxed_won {
                self.checks = Some(Box::new(Checks::new(&self.start)));
            }
            self.pass_budget = self.budget.saturating_sub(self.spent.states);
            self.pass_work = (self.budget * WORK_PER_STATE).saturating_sub(self.spent.work);
        }
        self.begin();
    }

    /// Starts a pass from the start position.
    fn begin(&mut self) {
        self.position = self.start;
        self.frames.clear();
        self.steps.clear();
        self.seen = Seen::new();
        self.work = 0;
        self.lookups = 0;
        self.numbered = 0;
        self.open.clear();
        let parts = self.key_parts();
        let (hash, key) = (parts.hash(), parts.pack());
        self.seen.insert(hash, key);
        self.open.push((key, hash));
        self.enter(None);
    }

    /// Ends the current pass without a win: after the probe the exhaustive search begins;
    /// after that, `outcome`.
    fn end_pass(&mut self, outcome: Outcome<Vec<Move>>) {
        if self.width == usize::MAX {
            self.done = Some(outcome);
        } else {
            self.charge(Spent { states: self.seen.len() as u64, work: self.work });
            self.probes_done += 1;
            self.next_pass();
        }
    }

    /// Rule 16: with draw 3 and unlimited passes, whether a position has been seen that differs
    /// from the current one (whose key parts are `parts`) only by the waste size, and whose
    /// draws show every talon card this one's show. From waste size w draws show the sizes w, w + 3, …
    /// up to the whole talon, and after a recycle 3, 6, …; so a waste that is a multiple of 3
    /// (or the whole talon) shows no more than any other, and a smaller waste of the same
    /// size modulo 3 shows at least as much. A talon play leads to the same position from
    /// both, and a column move to two that differ only so again: the seen position can do
    /// all that this one can. Gives the seen position's mark.
    fn dominated(&mut self, parts: &KeyParts) -> Option<Mark> {
        if self.position.rules().draw != Draw::Three || self.position.rules().pass_limit.is_some() {
            return None;
        }
        let (talon, waste) = self.position.talon();
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        let mut add = |size: usize| {
            let other = KeyParts { waste: size as u64, ..*parts };
            candidates.push((other.hash(), other));
        };
        if waste % 3 == 0 || waste >= talon.len() {
            (1..talon.len()).filter(|size| size % 3 != 0).for_each(&mut add);
        } else {
            (1..waste).filter(|size| size % 3 == waste % 3).for_each(&mut add);
        }
        let mark = self.first_seen(&candidates, Some);
        self.candidates = candidates;
        mark
    }

    /// Rule 17: the mark to store for the current position, reached by a step of `measure`,
    /// if a seen position that reaches it by one move (see [`dominator_keys`] and
    /// [`run_dominator_keys`]) may drop it: one proven lost always, an open one as
    /// [`Measure::drops_for`] allows.
    fn outdone(&mut self, measure: Measure, parts: &KeyParts) -> Option<Mark> {
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        dominator_keys(&self.position, parts, self.talon_cards, &self.talon_index, |other| {
            candidates.push((other.hash(), *other));
        });
        let mut mark = self.first_drop(&candidates, measure, false);
        if mark.is_none() && (measure.home > 0 || measure.runs >= 1) {
            candidates.clear();
            run_dominator_keys(&self.position, parts, |other| candidates.push((other.hash(), *other)));
            mark = self.first_drop(&candidates, measure, true);
        }
        self.candidates = candidates;
        mark
    }

    /// Rule 17: the mark to store for the current position, reached by a step of `measure`,
    /// for the first of the seen positions among `candidates` that may drop it, which reach
    /// it by a run's move (`run`) or a free move.
    fn first_drop(&mut self, candidates: &[(u64, KeyParts)], measure: Measure, run: bool) -> Option<Mark> {
        let drop_for_open = self.drop_for_open;
        let epoch = self.epoch;
        self.first_seen(candidates, |seen| match seen {
            LOST => Some(LOST),
            WON => None,
            _ if !current(seen, epoch) => None,
            _ if drop_for_open => measure.drops_for(seen, run),
            _ => None,
        })
    }

    /// What `accept` gives for the mark of the first of `candidates` (hashes and key parts of
    /// other positions) that was seen and that it takes; counts the look-ups up to that one.
    fn first_seen(
        &mut self,
        candidates: &[(u64, KeyParts)],
        mut accept: impl FnMut(Mark) -> Option<Mark>,
    ) -> Option<Mark> {
        // Most candidates were never seen, which the first slot they would take, if empty,
        // shows; reading all of those slots first (for up to 64) lets the memory reads overlap.
        let unseen = candidates
            .iter()
            .take(64)
            .enumerate()
            .fold(0u64, |unseen, (i, &(hash, _))| unseen | (self.seen.vacant_at_first(hash) as u64) << i);
        let mut looked_up = 0;
        let mut mark = None;
        for (i, (hash, other)) in candidates.iter().enumerate() {
            looked_up += 1;
            if i < 64 && unseen >> i & 1 != 0 {
                continue;
            }
            mark = self.seen.mark(*hash, || other.pack()).and_then(&mut accept);
            if mark.is_some() {
                break;
            }
        }
        self.charge_lookups(looked_up);
        mark
    }

    /// Counts `looked_up` look-ups of other positions (rules 16 and 17) as work.
    fn charge_lookups(&mut self, looked_up: u64) {
        self.lookups += looked_up;
        self.work += self.lookups / LOOKUPS_PER_WORK;
        self.lookups %= LOOKUPS_PER_WORK;
    }

    /// Whether the current position is a dead end, counting the check's work.
    fn dead_end(&mut self) -> bool {
        dead_end_charged(&self.position, &mut self.work)
    }

    /// Lowers the current position's low-link to `mark`, a position it leads to (rule 17).
    fn leads_to(&mut self, mark: Mark) {
        if mark == LOST {
            return;
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.low = frame.low.min(mark & NUMBER);
        }
    }

    /// Rule 17: the exhaustive search leaves `frame`'s position. If it leads back to no open
    /// position entered before it, it closes a strongly connected component: every position
    /// that any of them leads to has been searched without a win, so all are marked lost.
    /// Otherwise the position it leads back to is passed on to the one it was reached from.
    fn leave(&mut self, frame: &Frame) {
        if frame.low != frame.number {
            self.leads_to(frame.low);
            return;
        }
        while let Some((key, hash)) = self.open.pop() {
            if self.seen.remark(hash, &key, LOST) == Some(frame.number) {
                break;
            }
        }
    }

    fn key_parts(&self) -> KeyParts {
        key_parts(&self.position, &self.talon_index, self.pass_limit())
    }

    /// Rule 18: whether a draw-1 check proves the current position, reached by the step that
    /// `back` takes back and with key parts `parts`, lost. A check is spent only after a step
    /// that plays a talon card or turns up a card: other steps can mostly be undone, so the
    /// position is lost in draw 1 about when the one before it is (measured in
    /// docs/BENCHMARKS.md).
    fn lost_in_draw_one(&mut self, parts: &KeyParts, back: &Back) -> bool {
        let Some(checks) = self.checks.as_mut() else { return false };
        let commits = back.parts().any(|part| {
            part.undo.turned()
                || matches!(part.undo.mv, Move::WasteToFoundation | Move::WasteToTableau { .. })
        });
        let own_work = self.work - checks.work;
        let (lost, work) = checks.lost(&self.position, parts, commits, own_work);
        self.work += work;
        lost
    }

    /// Rule 18, in the draw-1 search of [`Checks`]: searches `start` (a draw-1 position of
    /// this search's deal, with `hash` and `key`, at `place` in the table, where it holds no
    /// lost or won mark) for at most `budget` new states, on the table of the earlier checks,
    /// whose lost and won marks stay true and whose other marks are stale. Its work is in
    /// `self.work`.
    fn check(&mut self, start: &Position, place: Place, hash: u64, key: Key, budget: u64) -> Verdict {
        self.start = *start;
        self.position = *start;
        self.frames.clear();
        self.steps.clear();
        self.open.clear();
        self.done = None;
        self.work = WORK_PER_CHECK;
        self.lookups = 0;
        self.epoch = self.numbered;
        self.pass_budget = self.seen.len() as u64 + budget;
        self.pass_work = budget * WORK_PER_STATE;
        if dead_end_charged(start, &mut self.work) {
            self.seen.put(place, hash, key, LOST);
            return Verdict::Lost;
        }
        self.seen.put(place, hash, key, self.numbered);
        self.open.push((key, hash));
        self.enter(None);
        loop {
            match self.step(1 << 12) {
                None => {}
                Some(Outcome::Solved(_)) => {
                    self.mark_line_won();
                    return Verdict::Won;
                }
                Some(Outcome::Unsolvable) => return Verdict::Lost,
                Some(Outcome::Unknown(_)) => return Verdict::RanOut,
            }
        }
    }

    /// Rule 18: marks every position of the current line won (each reaches the win by the
    /// line's real moves), so that later checks that reach one stop there.
    fn mark_line_won(&mut self) {
        self.work += self.frames.len() as u64 * WORK_PER_WON_MARK;
        let mut position = self.start;
        for frame in &self.frames {
            if let Some((step, _)) = frame.via {
                apply_step(&mut position, step);
            }
            let parts = key_parts(&position, &self.talon_index, self.pass_limit());
            let (hash, key) = (parts.hash(), parts.pack());
            let place = self.seen.place(hash, &key);
            self.seen.put(place, hash, key, WON);
        }
    }

    /// Whether the game has a pass limit (then keys hold the waste size and the recycles).
    fn pass_limit(&self) -> bool {
        self.start.rules().pass_limit.is_some()
    }

    /// The solution along `steps` from the start (a best-first probe's win): the frames are
    /// rebuilt along it, so that [`Solver::solution`] expands it like a depth-first line.
    fn solution_along(&mut self, steps: &[Step]) -> Outcome<Vec<Move>> {
        self.position = self.start;
        self.frames.clear();
        for &step in steps {
            let back = apply_step(&mut self.position, step);
            self.frames.push(Frame { next: 0, end: 0, via: Some((step, back)), number: 0, low: 0 });
        }
        self.solution()
    }

    /// Pushes a frame for the current position (reached by `via`), or finishes if it is won.
    fn enter(&mut self, via: Option<(Step, Back)>) {
        let first = self.steps.len() as u32;
        let number = self.numbered;
        self.numbered += 1;
        self.work += 1;
        self.frames.push(Frame { next: first, end: first, via, number, low: number });
        if finishes_alone(&self.position) {
            self.done = Some(self.won());
            return;
        }
        self.work += generate(&self.position, self.order, &mut self.steps, &mut self.scored, &mut self.uses);
        let end = (self.steps.len() as u32).min(first.saturating_add(self.width as u32));
        self.steps.truncate(end as usize);
        if let Some(frame) = self.frames.last_mut() {
            frame.end = end;
        }
    }

    /// The answer once the current line wins: its solution, or for a check (rule 18) none.
    fn won(&self) -> Outcome<Vec<Move>> {
        if self.checking {
            Outcome::Solved(Vec::new())
        } else {
            self.solution()
        }
    }

    /// The moves from the start to the current position, expanded into player moves and
    /// followed by the foundation moves that finish the game.
    fn solution(&self) -> Outcome<Vec<Move>> {
        let mut position = self.start;
        let mut moves = Vec::new();
        for frame in &self.frames {
            let Some((step, _)) = frame.via else { continue };
            for part in step.parts() {
                if part.at != NO_TALON {
                    let mut guard = 0;
                    while position.talon().1 != part.at as usize && guard < 64 {
                        let mv = if position.stock().is_empty() { Move::Recycle } else { Move::Draw };
                        position.apply(mv);
                        moves.push(mv);
                        guard += 1;
                    }
                }
                position.apply(part.mv);
                moves.push(part.mv);
            }
        }
        // Foundation moves from the columns, else from the waste, else a draw or a recycle
        // (see `finishes_alone`: in draw 1 this reaches every talon card).
        let mut guard = 0;
        while !position.is_won() && guard < 2_000 {
            guard += 1;
            let from =
                (0..COLUMNS).find(|&c| position.top(c).is_some_and(|card| position.fits_foundation(card)));
            let mv = match from {
                Some(from) => Move::TableauToFoundation { from: from as u8 },
                None if position.waste_top().is_some_and(|card| position.fits_foundation(card)) => {
                    Move::WasteToFoundation
                }
                None if !position.stock().is_empty() => Move::Draw,
                None if position.check(Move::Recycle).is_ok() => Move::Recycle,
                None => break,
            };
            position.apply(mv);
            moves.push(mv);
        }
        Outcome::Solved(moves)
    }
}

/// Rule 18: what a draw-1 check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Lost,
    Won,
    RanOut,
}

/// Rule 18: the draw-1 checks of the exhaustive search of a draw-3 (or pass-limited) deal.
struct Checks {
    /// The draw-1 search that makes them: its table keeps what every check proved.
    solver: Solver,
    /// The draw-1 positions whose check ran out: they are not checked again.
    ran_out: Seen,
    /// The work of all checks so far, and how many proved a position lost.
    work: u64,
    lost: u64,
}

impl Checks {
    /// The checks of positions of the deal `start`.
    fn new(start: &Position) -> Checks {
        let draw_one = start.with_rules(Rules::new(Draw::One));
        let mut solver = Solver::unstarted(&draw_one, MAX_STATES);
        solver.checking = true;
        Checks { solver, ran_out: Seen::new(), work: 0, lost: 0 }
    }

    /// Whether `position` (with key parts `parts`) is lost in draw 1 with unlimited passes,
    /// as far as the table shows or, if `check` and the checks' share of the work allows
    /// (the search's own work is `own_work`), a check finds; and the work that took.
    fn lost(&mut self, position: &Position, parts: &KeyParts, check: bool, own_work: u64) -> (bool, u64) {
        // The same position in draw 1 with unlimited passes: its key has no waste size.
        let draw_one = KeyParts { waste: 0, recycles: None, ..*parts };
        let hash = draw_one.hash();
        let place = self.solver.seen.place_lazy(hash, || draw_one.pack());
        if let Place::At(index) = place {
            match self.solver.seen.mark_at(index) {
                LOST => return (true, 0),
                WON => return (false, 0),
                _ => {}
            }
        }
        let allowed = own_work * CHECK_SHARE_PERCENT / 100 + CHECK_ALLOWANCE + CHECK_CREDIT * self.lost;
        let full = self.solver.seen.len() as u64 + CHECK_STATES > CHECK_MAX_STATES;
        if !check || full || self.work > allowed {
            return (false, 0);
        }
        let key = draw_one.pack();
        let ran_out = self.ran_out.place(hash, &key);
        if matches!(ran_out, Place::At(_)) {
            return (false, 0);
        }
        let start = position.with_rules(Rules::new(Draw::One));
        let verdict = self.solver.check(&start, place, hash, key, CHECK_STATES);
        let work = self.solver.work;
        self.work += work;
        match verdict {
            Verdict::Lost => self.lost += 1,
            Verdict::RanOut => {
                self.ran_out.put(ran_out, hash, key, 0);
            }
            Verdict::Won => {}
        }
        (verdict == Verdict::Lost, work)
    }
}

/// Whether foundation moves, draws and recycles alone win from `position`: every card is face
/// up and the talon is empty, or, in draw 1 with unlimited passes, every tableau card is face
/// up. Then the lowest card not home is free: in a column nothing can lie on it (a face-up run
/// builds down, and every lower card is home), and in draw 1 any talon card can be drawn to.
fn finishes_alone(position: &Position) -> bool {
    position.is_trivially_won()
        || any_card_any_time(position) && (0..COLUMNS).all(|c| position.face_down(c) == 0)
}

/// Draw 1 with unlimited passes: every talon card can be brought to the top of the waste at
/// any time, whatever else the talon holds.
fn any_card_any_time(position: &Position) -> bool {
    position.rules().draw == Draw::One && position.rules().pass_limit.is_none()
}

/// Rule 17: calls `each` with the key parts of each of the positions that reach `position` by
/// one free move, because they differ only by one card that is a column's top here, on a
/// face-up card it builds on or a king alone in its column: that card is home there (it can be
/// taken down again to where it is here), or, in draw 1 with unlimited passes, back in the
/// talon if it came from there (`talon_cards`: it can be drawn to and played again). The keys
/// are made from `parts`, `position`'s key parts, not by packing each position (the tests
/// check them against the positions themselves, see `any_dominator`).
fn dominator_keys(
    position: &Position,
    parts: &KeyParts,
    talon_cards: u64,
    talon_index: &[u8; 52],
    mut each: impl FnMut(&KeyParts),
) {
    let back_to_talon = any_card_any_time(position);
    for column in 0..COLUMNS {
        let Some(card) = loose_top(position, column) else { continue };
        let home = position.fits_foundation(card);
        let from_talon = back_to_talon && talon_cards & card.bit() != 0;
        if !home && !from_talon {
            continue;
        }
        let mut other = *parts;
        other.codes[column] = without_top(other.codes[column]);
        if home {
            let mut home = other;
            home.foundations += 1 << (4 * card.suit().index());
            each(&home);
        }
        if from_talon {
            // In draw 1 with unlimited passes the waste size is not in the key.
            other.talon_mask |= 1 << talon_index[card.index() as usize];
            each(&other);
        }
    }
}

/// Rule 17: the top card of `column` if a position without it there can do all this one can
/// (see [`dominator_keys`]): it lies on a face-up card, which it builds on, or it is a king
/// alone in its column.
fn loose_top(position: &Position, column: usize) -> Option<Card> {
    let cards = position.column(column);
    let &card = cards.last()?;
    let down = position.face_down(column);
    let on_face_up = cards.len() >= down + 2;
    (on_face_up || down == 0 && card.rank() == Rank::King).then_some(card)
}

/// Rule 17, position by position: whether `found` holds for one of the positions whose keys
/// [`dominator_keys`] makes. `position` is each of them in turn while `found` looks, and is
/// itself again afterwards.
#[cfg(test)]
fn any_dominator(
    position: &mut Position,
    talon_cards: u64,
    talon_index: &[u8; 52],
    mut found: impl FnMut(&Position) -> bool,
) -> bool {
    let back_to_talon = any_card_any_time(position);
    for column in 0..COLUMNS {
        let Some(card) = loose_top(position, column) else { continue };
        if position.fits_foundation(card) {
            let undo = position.apply(Move::TableauToFoundation { from: column as u8 });
            let lost = found(position);
            position.undo(undo);
            if lost {
                return true;
            }
        }
        if back_to_talon && talon_cards & card.bit() != 0 {
            let index = talon_index[card.index() as usize];
            let talon = position.talon().0;
            let before = talon.iter().filter(|c| talon_index[c.index() as usize] < index).count();
            position.put_back_in_talon(column, before);
            let lost = found(position);
            position.take_from_talon(column, before);
            if lost {
                return true;
            }
        }
    }
    false
}

/// Whether a step only sends cards home: that never makes a dead end of a position that was
/// not one (fewer cards cover others, more are home).
fn only_sends_home(step: Step) -> bool {
    let home = |part: Part| matches!(part.mv, Move::TableauToFoundation { .. } | Move::WasteToFoundation);
    step.parts().all(home)
}

/// Rule 17: calls `each(from, to, count)`, until it gives `Some`, for every run of `position`
/// (the top `count` cards of column `from`) that lies on a face-up card and builds on the top
/// of column `to`: moved there, it makes a position that reaches this one back by one move of
/// a run between columns that turns up no card and fills no empty column.
fn runs_back<T>(position: &Position, mut each: impl FnMut(usize, usize, usize) -> Option<T>) -> Option<T> {
    // The cards of each column that lie on a face-up card, as card bits, so that most pairs
    // of columns are ruled out without reading cards.
    let mut lying = [0u64; COLUMNS];
    for (from, lying) in lying.iter_mut().enumerate() {
        let down = position.face_down(from);
        *lying = position.column(from).iter().skip(down + 1).fold(0, |bits, card| bits | card.bit());
    }
    let all_lying = lying.iter().fold(0, |all, &bits| all | bits);
    for to in 0..COLUMNS {
        let Some(target) = position.top(to) else { continue };
        let builders = builder_bits(target);
        if all_lying & builders == 0 {
            continue;
        }
        for (from, &lying) in lying.iter().enumerate() {
            if lying & builders == 0 {
                continue;
            }
            // The card that builds on the target, lying on a face-up card.
            let cards = position.column(from);
            let Some(at) = cards.iter().rposition(|card| builders & card.bit() != 0) else { continue };
            if let Some(found) = each(from, to, cards.len() - at) {
                return Some(found);
            }
        }
    }
    None
}

/// The cards that build on `card` (the next lower rank, other colour), as card bits: none
/// for an ace. Card bits are `4 * (rank - 1) + suit`, so they are the other colour's suits one
/// rank below.
fn builder_bits(card: Card) -> u64 {
    let index = card.index() as u32;
    if index < 4 {
        return 0;
    }
    OTHER_COLOUR[(index & 3) as usize] << ((index / 4 - 1) * 4)
}

/// Rule 17: calls `each` with the key parts of each of the positions [`runs_back`] makes,
/// made from `position`'s key parts (the tests check them against the positions, see
/// `run_dominators`).
fn run_dominator_keys(position: &Position, parts: &KeyParts, mut each: impl FnMut(&KeyParts)) {
    runs_back(position, |from, to, count| {
        let mut other = *parts;
        (other.codes[from], other.codes[to]) =
            move_run_code(parts.codes[from], parts.codes[to], count as u64);
        each(&other);
        None::<()>
    });
}

/// The codes of two columns (see [`column_code`]) once the top `count` cards of the first,
/// which leave at least one face-up card, have moved onto the second, which has a face-up top.
fn move_run_code(from: u64, to: u64, count: u64) -> (u64, u64) {
    const FACE_UP: u64 = 0xF << 3;
    const HEAD: u64 = (1 << 13) - 1;
    let (from_up, to_up) = (from >> 3 & 0xF, to >> 3 & 0xF);
    let (from_bits, to_bits) = (from >> 13, to >> 13);
    let keep = from_up - count;
    let moved = from_bits >> (keep - 1) & ((1 << count) - 1);
    let from = from & HEAD & !FACE_UP | keep << 3 | (from_bits & ((1 << (keep - 1)) - 1)) << 13;
    let to = to & HEAD & !FACE_UP | (to_up + count) << 3 | (to_bits | moved << (to_up - 1)) << 13;
    (from, to)
}

/// Rule 17, position by position: the positions of [`runs_back`], given to `found` in the
/// same order.
#[cfg(test)]
fn run_dominators(position: &Position, mut found: impl FnMut(&Position)) {
    runs_back(position, |from, to, count| {
        let mut other = *position;
        other.apply(Move::TableauToTableau { from: from as u8, to: to as u8, count: count as u8 });
        found(&other);
        None::<()>
    });
}

fn apply_part(position: &mut Position, part: Part) -> PartBack {
    let (_, waste) = position.talon();
    let recycles = position.recycles();
    if part.at != NO_TALON {
        position.set_pointer(part.at, recycles + part.recycle as u8);
    }
    let undo = position.apply(part.mv);
    PartBack { undo, waste: waste as u8, recycles }
}

fn undo_part(position: &mut Position, back: PartBack) {
    position.undo(back.undo);
    position.set_pointer(back.waste, back.recycles);
}

fn apply_step(position: &mut Position, step: Step) -> Back {
    let first = apply_part(position, step.first);
    let second = step.second.map(|part| apply_part(position, part));
    let chain = step.chain.map(|part| part.map(|part| apply_part(position, part)));
    Back { first, second, chain }
}

fn undo_step(position: &mut Position, back: Back) {
    for part in back.chain.into_iter().rev().flatten() {
        undo_part(position, part);
    }
    if let Some(second) = back.second {
        undo_part(position, second);
    }
    undo_part(position, back.first);
}

impl Search for Solver {
    type Solution = Vec<Move>;

    /// One unit of work is one move tried or taken back; progress counts distinct states.
    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(probe) = &mut self.best_first {
            match probe.step(work) {
                Probe::Running => {}
                Probe::Won(steps) => self.done = Some(self.solution_along(&steps)),
                Probe::Over(spent) => {
                    self.charge(spent);
                    self.probes_done += 1;
                    self.next_pass();
                }
            }
            return self.done.clone();
        }
        if self.relaxed.is_some() {
            self.step_relaxation(work);
            return self.done.clone();
        }
        for _ in 0..work.max(1) {
            if let Some(done) = &self.done {
                return Some(done.clone());
            }
            if self.best_first.is_some() || self.relaxed.is_some() {
                // The pass just ended and a best-first probe or rule 12's draw-1 search
                // takes over at the next call.
                break;
            }
            let exhaustive = self.width == usize::MAX;
            let Some(frame) = self.frames.last_mut() else {
                self.end_pass(Outcome::Unsolvable);
                continue;
            };
            if frame.next < frame.end {
                let step = self.steps[frame.next as usize];
                frame.next += 1;
                let back = apply_step(&mut self.position, step);
                self.work += 1;
                let parts = key_parts(&self.position, &self.talon_index, self.pass_limit());
                let (hash, key) = (parts.hash(), parts.pack());
                let place = self.seen.place(hash, &key);
                let seen = match place {
                    Place::At(index) => {
                        Some(self.seen.mark_at(index)).filter(|&mark| current(mark, self.epoch))
                    }
                    Place::Vacant { .. } => None,
                };
                let measure = Measure::of(step);
                if self.position.is_won() || seen == Some(WON) {
                    self.frames.push(Frame { next: 0, end: 0, via: Some((step, back)), number: 0, low: 0 });
                    self.done = Some(self.won());
                } else if let Some(mark) = seen.and_then(|mark| usable(mark, measure)) {
                    self.leads_to(mark);
                    undo_step(&mut self.position, back);
                } else {
                    // Rule 16 (the dropped position leads to the seen one), else rule 17, which
                    // the narrow probes use too: they only look for wins, and it lets them
                    // cover more lines within their share.
                    let dropped = match self.dominated(&parts).and_then(|mark| usable(mark, measure)) {
                        Some(mark) => Some(mark),
                        None => self.outdone(measure, &parts),
                    };
                    // Rules 16 and 17 only read the table, so `place` still holds.
                    let index = self.seen.put(place, hash, key, dropped.unwrap_or(self.numbered));
                    if self.seen.len() as u64 >= self.pass_budget || self.work >= self.pass_work {
                        let states = self.spent.states + self.seen.len() as u64;
                        self.end_pass(Outcome::Unknown(UnknownReason::StateBudget { states }));
                    } else if let Some(mark) = dropped {
                        self.dropped_for_open += (mark != LOST && mark & (OWED | OWED_RUN) != 0) as u64;
                        self.leads_to(mark);
                        undo_step(&mut self.position, back);
                    } else if !only_sends_home(step) && self.dead_end()
                        || self.lost_in_draw_one(&parts, &back)
                    {
                        self.seen.remark_at(index, LOST);
                        undo_step(&mut self.position, back);
                    } else {
                        if exhaustive {
                            self.open.push((key, hash));
                        }
                        self.enter(Some((step, back)));
                    }
                }
            } else {
                let frame = self.frames.pop();
                if let Some(frame) = &frame {
                    if exhaustive {
                        self.leave(frame);
                    }
                }
                if let Some(Frame { via: Some((_, back)), .. }) = frame {
                    undo_step(&mut self.position, back);
                }
                // Children of the popped frame sit at the end of `steps`.
                let keep = self.frames.last().map_or(0, |f| f.end as usize);
                self.steps.truncate(keep);
            }
        }
        self.done.clone()
    }

    fn progress(&self) -> Progress {
        let relaxed = self.relaxed.as_ref().map_or(0, |relaxed| relaxed.progress().states);
        // Rule 18's checks look at positions too, in a table of their own.
        let checked = self.checks.as_ref().map_or(0, |checks| checks.solver.seen.len() as u64);
        Progress { states: self.spent_in_all().states + relaxed + checked }
    }
}

/// Solves `start` with the default budget.
pub fn solve(start: &Position) -> Outcome<Vec<Move>> {
    crate::search::run_to_end(&mut Solver::new(start), 1 << 16)
}

/// A scored step for ordering.
#[derive(Clone, Copy)]
struct Scored {
    score: i32,
    step: Step,
}

/// The waste sizes (1..=n) that drawing, and at most one recycle, can reach, each with
/// whether it needs the recycle: the waste now, the sizes draws reach from it, then (if a
/// recycle is allowed) the sizes draws reach from an empty waste. A size can come twice, first
/// without the recycle.
fn reachable_sizes(position: &Position) -> impl Iterator<Item = (usize, bool)> {
    let (talon, waste) = position.talon();
    let n = talon.len();
    let draw = position.rules().draw.count() as usize;
    let drawn_from = move |from: usize| {
        std::iter::successors(Some(from), move |&at| (at < n).then(|| (at + draw).min(n))).skip(1)
    };
    let recycle = n > 0 && position.rules().may_recycle(position.recycles());
    let without = (waste > 0).then_some(waste).into_iter().chain(drawn_from(waste));
    let with = recycle.then(|| drawn_from(0)).into_iter().flatten();
    without.map(|at| (at, false)).chain(with.map(|at| (at, true)))
}

/// The cards that drawing (and at most one recycle) can bring to the top of the waste: for
/// each reachable waste size `at` (1..=n), whether reaching it needs a recycle.
fn reachable(position: &Position) -> [Option<bool>; 25] {
    let mut reachable: [Option<bool>; 25] = [None; 25];
    for (at, recycle) in reachable_sizes(position) {
        reachable[at].get_or_insert(recycle);
    }
    reachable
}

/// Where the talon's reachable cards are: for each card, the waste size that brings it to the
/// top and whether that needs a recycle (from [`reachable`]), so that the few cards that fit
/// a given place are looked up instead of scanning the talon.
struct TalonReach {
    /// By card index: the waste size that shows it, or `NO_TALON` if it cannot be shown.
    at: [u8; 52],
    recycle: [bool; 52],
}

impl TalonReach {
    /// No card within reach.
    const EMPTY: TalonReach = TalonReach { at: [NO_TALON; 52], recycle: [false; 52] };

    fn new(position: &Position) -> TalonReach {
        TalonReach::from_reachable(position, &reachable(position))
    }

    /// [`TalonReach::new`] from `reachable(position)`, for a caller that needs both.
    fn from_reachable(position: &Position, reachable: &[Option<bool>; 25]) -> TalonReach {
        let mut reach = TalonReach { at: [NO_TALON; 52], recycle: [false; 52] };
        let (talon, _) = position.talon();
        for (at, recycle) in reachable.iter().enumerate() {
            let Some(recycle) = *recycle else { continue };
            let index = talon[at - 1].index() as usize;
            reach.at[index] = at as u8;
            reach.recycle[index] = recycle;
        }
        reach
    }

    /// Playing `card` from the talon with `mv`, if draws can show it.
    fn part(&self, card: Card, mv: Move) -> Option<Part> {
        let index = card.index() as usize;
        (self.at[index] != NO_TALON).then(|| Part { mv, at: self.at[index], recycle: self.recycle[index] })
    }

    /// Plays with `mv` of those of `cards` that draws can show, in talon order.
    fn push_parts<const N: usize>(&self, cards: [Option<Card>; N], mv: Move, out: &mut Vec<Part>) {
        let start = out.len();
        out.extend(cards.into_iter().flatten().filter_map(|card| self.part(card, mv)));
        out[start..].sort_unstable_by_key(|part| part.at);
    }
}

/// Rule 11 (draw 1, unlimited passes; docs/RULES.md): whether talon card `card`, which fits
/// its foundation and is not safe, may go home now, and how. A talon card can be drawn to at
/// any time, so its trip home is postponed until just before the next card of its suit that is
/// not in the talon (`next`) goes home; `next` is face up then. `None`: not now (`next` is
/// face down, or every higher card of the suit is in the talon: then the game finishes by
/// rule 7 before they are needed). `Some(Some(from))`: `next` is the successor and the top of
/// column `from`, so both go home as one step. `Some(None)`: the card goes home alone (a
/// talon chain below `next`, or `next` under a run that a partial-run move will lift).
fn postponed_home(position: &Position, reach: &TalonReach, card: Card) -> Option<Option<u8>> {
    let suit = card.suit();
    let mut rank = card.rank().value() + 1;
    let next = loop {
        let next = Card::new(Rank::from_value(rank)?, suit);
        if reach.at[next.index() as usize] == NO_TALON {
            break next;
        }
        rank += 1;
    };
    for column in 0..COLUMNS {
        let run = position.face_up(column);
        if let Some(at) = run.iter().position(|&c| c == next) {
            let successor = rank == card.rank().value() + 1;
            return Some((successor && at + 1 == run.len()).then_some(column as u8));
        }
    }
    None
}

/// The two cards that build on `card` (the next lower rank, other colour), if it is not an
/// ace, in suit order (see [`builder_bits`]).
fn builders(card: Card) -> [Option<Card>; 2] {
    let bits = builder_bits(card);
    if bits == 0 {
        return [None, None];
    }
    [Card::from_index(bits.trailing_zeros() as u8), Card::from_index(63 - bits.leading_zeros() as u8)]
}

/// Whether a foundation's top card may be taken down (see the module notes).
fn may_take_down(position: &Position, suit: Suit) -> bool {
    let height = position.foundation(suit);
    height > position.min_foundation() && height > 1
}

/// The moves that *use* the top card of column `column` right after it was uncovered by a
/// partial-run move: it goes home, a card or run is put on it, or it moves itself. `moved` is
/// the head of the run just moved off it (putting it straight back is never useful). With
/// `covers_only`, just the moves that put a card or run on it (after it came down from a
/// foundation).
fn uses_of(
    position: &Position,
    reach: &TalonReach,
    column: usize,
    moved: Option<Card>,
    covers_only: bool,
    out: &mut Vec<Part>,
) {
    let Some(x) = position.top(column) else { return };
    if !covers_only && position.fits_foundation(x) {
        out.push(Part::plain(Move::TableauToFoundation { from: column as u8 }));
    }
    let first_empty = (0..COLUMNS).find(|&c| position.top(c).is_none());
    for other in 0..COLUMNS {
        if other == column {
            continue;
        }
        // A run from `other` onto x.
        let run = position.face_up(other);
        if let Some(&deepest) = run.first() {
            let index = deepest.rank().value() as i32 - (x.rank().value() as i32 - 1);
            if index >= 0 && (index as usize) < run.len() {
                let card = run[index as usize];
                if builds_on(card, x) && Some(card) != moved {
                    let count = (run.len() - index as usize) as u8;
                    let mv = Move::TableauToTableau { from: other as u8, to: column as u8, count };
                    out.push(Part::plain(mv));
                }
            }
        }
        // x itself onto `other`.
        let fits = match position.top(other) {
            Some(target) => builds_on(x, target),
            None => x.rank() == Rank::King && Some(other) == first_empty,
        };
        if fits && !covers_only {
            out.push(Part::plain(Move::TableauToTableau { from: column as u8, to: other as u8, count: 1 }));
        }
    }
    reach.push_parts(builders(x), Move::WasteToTableau { to: column as u8 }, out);
    for suit in Suit::ALL {
        if let Some(card) = position.foundation_top(suit) {
            if builds_on(card, x) && may_take_down(position, suit) {
                out.push(Part::plain(Move::FoundationToTableau { suit, to: column as u8 }));
            }
        }
    }
}

/// Rule 19: pushes `step`, with `score`, extended by the use of what its last move leaves,
/// where rules 4, 5, 8 or 9 pair that move with one: after a run moved off a face-up card
/// (turning up no card), a use of that card, or a king into the column it emptied; after a
/// card put on a column from a foundation, or from the talon in draw 1 with unlimited passes,
/// a move that puts something on it, or (a foundation card) one that takes the card under it
/// down. Each extension is extended again in turn, up to [`CHAIN`] moves more; a step with no
/// room left, or whose last move needs no use, is pushed as it is. `before` is the position
/// before the last move and `reach` the talon's reach there, if known; `extended` counts the
/// extensions, for the work.
fn push_chains(
    before: &Position,
    reach: Option<&TalonReach>,
    step: Step,
    score: i32,
    scored: &mut Vec<Scored>,
    extended: &mut u64,
) {
    let last = step.parts().last().unwrap_or(step.first);
    let Some(slot) = step.chain.iter().position(Option::is_none) else {
        scored.push(Scored { score, step });
        return;
    };
    let mut after = *before;
    // Lists of uses are kept for reuse: this runs for many steps of every position.
    let mut uses = USES.with(|pool| pool.borrow_mut().pop()).unwrap_or_default();
    uses.clear();
    // The talon's reach after `last`, where known: only a talon play changes it, and it is
    // worked out only where a card that builds on the one just put down is in the talon.
    let own: TalonReach;
    let reach_after: Option<&TalonReach>;
    match last.mv {
        Move::WasteToTableau { to } | Move::FoundationToTableau { to, .. }
            if any_card_any_time(before) || matches!(last.mv, Move::FoundationToTableau { .. }) =>
        {
            apply_part(&mut after, last);
            let to = to as usize;
            let card = after.top(to).expect("a card was just put there");
            let talon_unchanged = matches!(last.mv, Move::FoundationToTableau { .. });
            reach_after = match reach {
                Some(reach) if talon_unchanged => Some(reach),
                _ if builders(card).into_iter().flatten().any(|b| after.talon().0.contains(&b)) => {
                    own = TalonReach::new(&after);
                    Some(&own)
                }
                _ => None,
            };
            uses_of(&after, reach_after.unwrap_or(&TalonReach::EMPTY), to, None, true, &mut uses);
            if let Move::FoundationToTableau { suit, .. } = last.mv {
                next_down(&after, suit, &mut uses);
            }
        }
        Move::TableauToTableau { from, count, .. } => {
            let run = before.face_up(from as usize);
            let head = run[run.len() - count as usize];
            let back = apply_part(&mut after, last);
            if back.undo.turned() {
                scored.push(Scored { score, step });
                USES.with(|pool| pool.borrow_mut().push(uses));
                return;
            }
            let reach = match reach {
                Some(reach) => reach,
                None => {
                    own = TalonReach::new(&after);
                    &own
                }
            };
            match after.top(from as usize) {
                None => kings_into(&after, reach, from as usize, &mut uses),
                Some(_) => uses_of(&after, reach, from as usize, Some(head), false, &mut uses),
            }
            reach_after = Some(reach);
        }
        _ => {
            scored.push(Scored { score, step });
            USES.with(|pool| pool.borrow_mut().push(uses));
            return;
        }
    }
    *extended += 1;
    for &next in &uses {
        let mut longer = step;
        longer.chain[slot] = Some(next);
        push_chains(&after, reach_after, longer, score, scored, extended);
    }
    USES.with(|pool| pool.borrow_mut().push(uses));
}

thread_local! {
    /// [`push_chains`]'s lists of uses, for reuse.
    static USES: std::cell::RefCell<Vec<Vec<Part>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Rule 8: after a card of `suit` came down from its foundation, the moves that take the next
/// card of the suit down too, onto any column it builds on (which needed the first one off).
fn next_down(position: &Position, suit: Suit, out: &mut Vec<Part>) {
    let Some(card) = position.foundation_top(suit) else { return };
    if !may_take_down(position, suit) {
        return;
    }
    for to in 0..COLUMNS {
        if position.top(to).is_some_and(|target| builds_on(card, target)) {
            out.push(Part::plain(Move::FoundationToTableau { suit, to: to as u8 }));
        }
    }
}

/// The moves that fill the empty column `column` right after it was emptied: a king-headed
/// run from a column with face-down cards, a king from the talon or from a foundation.
fn kings_into(position: &Position, reach: &TalonReach, column: usize, out: &mut Vec<Part>) {
    for other in 0..COLUMNS {
        let run = position.face_up(other);
        if other != column
            && position.face_down(other) > 0
            && run.first().is_some_and(|c| c.rank() == Rank::King)
        {
            let mv = Move::TableauToTableau { from: other as u8, to: column as u8, count: run.len() as u8 };
            out.push(Part::plain(mv));
        }
    }
    let kings = Suit::ALL.map(|suit| Some(Card::new(Rank::King, suit)));
    reach.push_parts(kings, Move::WasteToTableau { to: column as u8 }, out);
    for suit in Suit::ALL {
        if position.foundation(suit) == 13 && may_take_down(position, suit) {
            out.push(Part::plain(Move::FoundationToTableau { suit, to: column as u8 }));
        }
    }
}

/// A pseudo-random amount (0 to 45) added to a move's score in a shaken order, drawn from the
/// seed, the move and a little of the position, so that the same position always orders its
/// moves the same way within a pass.
fn shake(seed: u64, scored: &Scored, position: &Position) -> i32 {
    let from = match scored.step.first.mv {
        Move::TableauToTableau { from, .. } | Move::TableauToFoundation { from } => from as u64,
        _ => 9,
    };
    let parts = [
        seed.wrapping_mul(0x51_7CC1_B727_220A),
        (scored.score as u64).wrapping_mul(31),
        scored.step.first.at as u64 * 7,
        from * 131,
        position.talon().0.len() as u64 * 17,
        position.foundation(Suit::Hearts) as u64,
    ];
    let mut z =
        parts.iter().fold(0u64, |sum, &part| sum.wrapping_add(part)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ z >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (z >> 60) as i32 * 3
}

/// Generates the search's moves at `position`, best first by `order`, onto `out`, and gives
/// the work that took beyond trying them: one unit for each extension of a chain (rule 19),
/// which plays a move and lists the uses of a card, about what trying a position costs. `scored` and `uses` are scratch
/// space, kept between calls to save allocations.
fn generate(
    position: &Position,
    order: Order,
    out: &mut Vec<Step>,
    scored: &mut Vec<Scored>,
    uses: &mut Vec<Part>,
) -> u64 {
    let min = position.min_foundation();
    // A safe move is played alone.
    for from in 0..COLUMNS {
        if let Some(card) = position.top(from) {
            if position.fits_foundation(card) && card.rank().value() <= min + 1 {
                out.push(Step::plain(Move::TableauToFoundation { from: from as u8 }));
                return 0;
            }
        }
    }
    // So is a safe talon card when any talon card can be drawn to at any time.
    let reachable = reachable(position);
    let reach = TalonReach::from_reachable(position, &reachable);
    if any_card_any_time(position) {
        for suit in Suit::ALL {
            let height = position.foundation(suit);
            let Some(rank) = Rank::from_value(height + 1) else { continue };
            if height <= min {
                if let Some(part) = reach.part(Card::new(rank, suit), Move::WasteToFoundation) {
                    out.push(Step::one(part));
                    return 0;
                }
            }
        }
    }
    scored.clear();
    // Rule 19's chains: how many steps were extended, for the work count.
    let mut extended = 0;
    let first_empty = (0..COLUMNS).find(|&c| position.top(c).is_none());
    let targets = |card: Card, scored: &mut Vec<Scored>, score: i32, make: &dyn Fn(u8) -> Step| {
        for to in 0..COLUMNS {
            let fits = match position.top(to) {
                Some(target) => builds_on(card, target),
                None => card.rank() == Rank::King && Some(to) == first_empty,
            };
            if fits {
                scored.push(Scored { score, step: make(to as u8) });
            }
        }
    };
    // Column moves.
    for from in 0..COLUMNS {
        let run = position.face_up(from);
        let Some(&deepest) = run.first() else { continue };
        let down = position.face_down(from) as i32;
        let top = run[run.len() - 1];
        if position.fits_foundation(top) {
            let reveals = run.len() == 1 && down > 0;
            let score = if reveals { 95 + down } else { 40 };
            scored.push(Scored { score, step: Step::plain(Move::TableauToFoundation { from: from as u8 }) });
        }
        for to in 0..COLUMNS {
            if to == from {
                continue;
            }
            let (index, count) = match position.top(to) {
                Some(target) => {
                    let need = target.rank().value() as i32 - 1;
                    let index = deepest.rank().value() as i32 - need;
                    if index < 0 || index as usize >= run.len() || !builds_on(run[index as usize], target) {
                        continue;
                    }
                    (index as usize, run.len() - index as usize)
                }
                None => {
                    if deepest.rank() != Rank::King || down == 0 || Some(to) != first_empty {
                        continue;
                    }
                    (0, run.len())
                }
            };
            let mv = Move::TableauToTableau { from: from as u8, to: to as u8, count: count as u8 };
            if index == 0 && down > 0 {
                scored.push(Scored { score: 100 + down, step: Step::plain(mv) });
                continue;
            }
            if index == 0 {
                // Emptying a column: only together with a king-headed run moving into it.
                let mut after = *position;
                after.apply(mv);
                uses.clear();
                kings_into(&after, &reach, from, uses);
                for &second in uses.iter() {
                    push_chains(
                        &after,
                        Some(&reach),
                        Step::pair(Part::plain(mv), second),
                        20,
                        scored,
                        &mut extended,
                    );
                }
                continue;
            }
            // A partial run: only together with a use of the card it uncovers.
            let mut after = *position;
            after.apply(mv);
            uses.clear();
            uses_of(&after, &reach, from, Some(run[index]), false, uses);
            for &second in uses.iter() {
                let score = if matches!(second.mv, Move::TableauToFoundation { .. }) { 70 } else { 15 };
                push_chains(
                    &after,
                    Some(&reach),
                    Step::pair(Part::plain(mv), second),
                    score,
                    scored,
                    &mut extended,
                );
            }
        }
    }
    // Talon plays: every card a sequence of draws (and at most one recycle) can expose. In
    // draw 1 with unlimited passes every talon card can be brought up at any time. Plays to a
    // column come after column cards going home (score 40): that order won a few more deals
    // within a fixed budget (docs/BENCHMARKS.md).
    let any_card_any_time = any_card_any_time(position);
    let (talon, _) = position.talon();
    for (at, recycle) in reachable.iter().enumerate() {
        let Some(recycle) = *recycle else { continue };
        let card = talon[at - 1];
        let penalty = recycle as i32;
        let talon_step = |mv: Move| Step::one(Part { mv, at: at as u8, recycle });
        if position.fits_foundation(card) {
            let home = talon_step(Move::WasteToFoundation);
            // Rule 11: in draw 1 a talon card goes home only when the next card of its suit
            // that is not in the talon lies face up in a column; if that card is the
            // successor and a column's top, both go home together.
            let step = if !any_card_any_time {
                Some(home)
            } else {
                postponed_home(position, &reach, card).map(|with| match with {
                    Some(from) => Step::pair(home.first, Part::plain(Move::TableauToFoundation { from })),
                    None => home,
                })
            };
            if let Some(step) = step {
                scored.push(Scored { score: 60 - penalty, step });
            }
        }
        if !any_card_any_time {
            targets(card, scored, 30 - penalty, &|to| talon_step(Move::WasteToTableau { to }));
            continue;
        }
        // Every talon card stays within reach, so one is played to a column only together
        // with a move that builds on it.
        let mut reach_after: Option<TalonReach> = None;
        for to in 0..COLUMNS {
            let fits = match position.top(to) {
                Some(target) => builds_on(card, target),
                None => card.rank() == Rank::King && Some(to) == first_empty,
            };
            if !fits {
                continue;
            }
            let part = Part { mv: Move::WasteToTableau { to: to as u8 }, at: at as u8, recycle };
            let mut after = *position;
            apply_part(&mut after, part);
            // Where the talon's cards are once `card` has left it: the same whatever column it
            // went to, and read only for the cards that build on `card`, so worked out once and
            // only if one of those is in the talon (here every talon card is within reach).
            let reach_after = reach_after.get_or_insert_with(|| {
                let talon_builders = builders(card).into_iter().flatten();
                if talon_builders.clone().any(|builder| reach.at[builder.index() as usize] != NO_TALON) {
                    TalonReach::new(&after)
                } else {
                    TalonReach::EMPTY
                }
            });
            uses.clear();
            uses_of(&after, reach_after, to, None, true, uses);
            for &second in uses.iter() {
                push_chains(&after, None, Step::pair(part, second), 30 - penalty, scored, &mut extended);
            }
        }
    }
    // Foundation to column, except cards that no winning line needs to take down, and only
    // together with a move that puts something on the card.
    for suit in Suit::ALL {
        if !may_take_down(position, suit) {
            continue;
        }
        let Some(card) = position.foundation_top(suit) else { continue };
        for to in 0..COLUMNS {
            let fits = match position.top(to) {
                Some(target) => builds_on(card, target),
                None => card.rank() == Rank::King && Some(to) == first_empty,
            };
            if !fits {
                continue;
            }
            let mv = Move::FoundationToTableau { suit, to: to as u8 };
            let mut after = *position;
            after.apply(mv);
            uses.clear();
            uses_of(&after, &reach, to, None, true, uses);
            next_down(&after, suit, uses);
            for &second in uses.iter() {
                push_chains(
                    &after,
                    Some(&reach),
                    Step::pair(Part::plain(mv), second),
                    5,
                    scored,
                    &mut extended,
                );
            }
        }
    }
    // Best first; the DFS takes children from the front.
    match order {
        Order::Plain => {}
        Order::Reversed => scored.reverse(),
        Order::Shaken(seed) => {
            for scored in scored.iter_mut() {
                scored.score += shake(seed, scored, position);
            }
        }
    }
    scored.sort_by_key(|s| std::cmp::Reverse(s.score));
    out.extend(scored.iter().map(|s| s.step));
    extended
}

/// [`is_dead_end`], adding the check's work ([`WORK_PER_DEAD_END_CHECK`]) to `work`: the
/// depth-first passes and the best-first probes charge it alike.
fn dead_end_charged(position: &Position, work: &mut u64) -> bool {
    *work += WORK_PER_DEAD_END_CHECK;
    is_dead_end(position)
}

/// Whether `position` is a dead end: some card can never go home, whatever is played.
///
/// A relaxation of the rules that keeps only what covers what: for every tableau card it
/// works out which of these events any line of play could ever bring about, as a least
/// fixed point (see docs/RULES.md, "Dead ends"):
/// - *open(c)*: nothing is on c (c has no card on it now, or the card on it has left);
/// - *left(c)*: c has left its place: a face-down card once it is open and it goes home
///   (its predecessor home), onto a possible target (one of the two cards of the other colour
///   and next rank, which must be open if it is in the tableau and placed if not), or it is
///   a king and a column can be empty; a face-up
///   card the same, except that it need not be open to move with the cards on it, unless it
///   goes home;
/// - *home(c)*: c has gone home: its predecessor has, and it is open if in the tableau;
/// - *placed(t)* (rule 13), for a talon or foundation card t: t has been put on a column,
///   onto an open tableau card or a placed card, or as a king into an empty column; only
///   then is t a target for others. A column can be empty once its bottom card has left,
///   which a king needs to leave its place other than home;
/// - *shown(t)* (rule 14), for a talon card t: t can be brought to the top of the waste, now
///   or once the next talon card or any earlier one has gone (home or placed); t is open,
///   goes home or is placed only once shown.
///
/// Every event of a real line has its conditions met earlier in that line, so all of them
/// are in the fixed point; if some card's *home* is not, no line wins.
pub fn is_dead_end(position: &Position) -> bool {
    // The same least fixed point as the card-by-card original (kept in the tests as
    // `is_dead_end_reference`, which checks that both agree), with the rules that concern all
    // cards alike (placing talon and foundation cards, sending cards home) applied to all 52
    // at once as bit operations. Any order of applying monotone rules until none adds a fact
    // reaches the same least fixed point, so the verdict is the same.
    let mut tableau = 0u64;
    let mut bottoms = 0u64;
    let mut empty_column = false;
    for column in 0..COLUMNS {
        let cards = position.column(column);
        for card in cards {
            tableau |= card.bit();
        }
        match cards.first() {
            Some(card) => bottoms |= card.bit(),
            None => empty_column = true,
        }
    }
    // Cards outside the tableau (talon, foundations) never block, but they are a target only
    // once *placed* on a column (rule 13), and a talon card does anything only once draws can
    // show it (rule 14).
    let outside = !tableau & ALL_CARDS;
    let (talon, _) = position.talon();
    // With draw 1 and unlimited passes every talon card is shown: nothing to track.
    let (in_talon, mut shown) = if any_card_any_time(position) {
        (0, 0)
    } else {
        (talon.iter().fold(0u64, |bits, card| bits | card.bit()), reachable_bits(position))
    };
    let mut open = outside & !in_talon | shown;
    let mut unleft: [usize; COLUMNS] = std::array::from_fn(|column| position.column(column).len());
    let mut last_gone = 0u64;
    let mut placed = 0u64;
    let mut left = 0u64;
    let mut home = 0u64;
    for suit in Suit::ALL {
        home |= RANKS_BELOW[position.foundation(suit) as usize] << suit.index();
    }
    loop {
        let before = (open, left, home, placed);
        // The cards outside the tableau that can take part so far (rule 14).
        let available = outside & !in_talon | shown;
        // A column can be empty: one is now, or some column's bottom card has left.
        let can_empty = empty_column || left & bottoms != 0;
        // Where a card may be put: an open tableau card or a placed talon or foundation card.
        let mut targets = open & tableau | placed;
        // A talon or foundation card is placed onto a target, or as a king into an empty
        // column; each round places the next card of every tower.
        let kings = if can_empty { KINGS } else { 0 };
        loop {
            let new = available & !placed & (fit_on(targets) | kings);
            if new == 0 {
                break;
            }
            placed |= new;
            targets |= new;
        }
        // Each suit goes home in order while its next card is open; each round sends every
        // suit's next card.
        loop {
            let new = open & !home & (home << 4 | ACES) & ALL_CARDS;
            if new == 0 {
                break;
            }
            home |= new;
        }
        if home == ALL_CARDS {
            return false;
        }
        // Rule 14: a talon card can be shown once the card after it has gone (it lay under
        // that card in the waste) or once any card before it has (its place changed).
        let gone = in_talon & (home | placed);
        if shown != in_talon && gone != last_gone {
            last_gone = gone;
            let mut earlier_gone = false;
            for (i, card) in talon.iter().enumerate() {
                if earlier_gone || talon.get(i + 1).is_some_and(|next| gone & next.bit() != 0) {
                    shown |= card.bit();
                }
                earlier_gone |= gone & card.bit() != 0;
            }
            open |= shown;
        }
        // Each column from the top down.
        for (column, unleft) in unleft.iter_mut().enumerate() {
            let cards = position.column(column);
            let down = position.face_down(column);
            // A king leaves for an empty column: another column must be empty or have lost
            // its bottom card.
            let king_fits =
                cards.first().is_some_and(|bottom| empty_column || left & bottoms & !bottom.bit() != 0);
            // The cards above `unleft` have all left (and so are open): nothing about them
            // changes, so the scan starts below them, at an open card.
            let mut is_open = true;
            let mut all_left = true;
            for i in (0..*unleft).rev() {
                let index = cards[i].index() as usize;
                let bit = 1u64 << index;
                if is_open {
                    open |= bit;
                    targets |= bit;
                }
                let moves = left & bit != 0 || {
                    let target_open =
                        if index >= KING_INDEX { king_fits } else { targets & NEXT_OTHER_COLOUR[index] != 0 };
                    (is_open || i >= down) && target_open || is_open && (home << 4 | ACES) & bit != 0
                };
                if moves {
                    left |= bit;
                    if all_left {
                        *unleft = i;
                    }
                } else {
                    all_left = false;
                    if i <= down {
                        // Nothing below a card that cannot move is ever open.
                        break;
                    }
                }
                is_open = moves;
            }
        }
        if (open, left, home, placed) == before {
            break;
        }
    }
    home != ALL_CARDS
}

/// The talon cards that draws (and recycles) can show now, as card bits: the tops of the
/// waste sizes [`reachable_sizes`] gives, without [`reachable`]'s table, as the dead-end check
/// asks this for every position it tries.
fn reachable_bits(position: &Position) -> u64 {
    let (talon, _) = position.talon();
    reachable_sizes(position).fold(0, |bits, (at, _)| bits | talon[at - 1].bit())
}

/// Every card, by [`Card::bit`] (bit `4 * (rank - 1) + suit`).
const ALL_CARDS: u64 = (1 << 52) - 1;
/// The four aces and the four kings.
const ACES: u64 = 0b1111;
const KINGS: u64 = 0b1111 << 48;
/// The lowest card index of a king.
const KING_INDEX: usize = 48;
/// Bit 0 of each rank's four bits.
const CLUBS: u64 = 0x1_1111_1111_1111;

/// By height h, the bits of the clubs of ranks 1..=h (shift by a suit's index for its cards).
const RANKS_BELOW: [u64; 14] = {
    let mut table = [0u64; 14];
    let mut h = 1;
    while h < 14 {
        table[h] = table[h - 1] | 1 << (4 * (h - 1));
        h += 1;
    }
    table
};

/// By card index, the cards it builds on (next rank, other colour); none for a king.
const NEXT_OTHER_COLOUR: [u64; 52] = {
    let mut table = [0u64; 52];
    let mut index = 0;
    while index < KING_INDEX {
        table[index] = OTHER_COLOUR[index % 4] << ((index / 4 + 1) * 4);
        index += 1;
    }
    table
};

/// The cards (kings aside) that build on some card of `targets`: a red card when a black card
/// of the next rank is there, a black one when a red one is.
fn fit_on(targets: u64) -> u64 {
    // Bit 0 of a rank's four bits: a club or spade (black) / a diamond or heart (red) of it.
    let black = (targets | targets >> 3) & CLUBS;
    let red = (targets >> 1 | targets >> 2) & CLUBS;
    // One rank down; spread to the two suits of the other colour (no carries between ranks).
    ((black >> 4) * 0b0110) | ((red >> 4) * 0b1001)
}

/// The suits of the other colour, as a 4-bit mask, by suit index.
const OTHER_COLOUR: [u64; 4] = [0b0110, 0b1001, 0b1001, 0b0110];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::{Draw, Rules};

    /// The card-by-card dead-end check that [`is_dead_end`] replaced, as the reference it
    /// must agree with; without `talon_order`, every talon card counts as shown (the check
    /// before rule 14).
    fn is_dead_end_reference(position: &Position, talon_order: bool) -> bool {
        const ALL: u64 = (1 << 52) - 1;
        let mut tableau = 0u64;
        for column in 0..COLUMNS {
            for card in position.column(column) {
                tableau |= card.bit();
            }
        }
        // Cards outside the tableau (talon, foundations) never block, but they are a target only
        // once *placed* on a column (rule 13), and a talon card counts only once shown (rule 14).
        let (talon, _) = position.talon();
        let reach = reachable(position);
        let mut shown: Vec<bool> = (0..talon.len())
            .map(|i| !talon_order || any_card_any_time(position) || reach[i + 1].is_some())
            .collect();
        let hidden = |shown: &[bool]| {
            talon
                .iter()
                .zip(shown)
                .filter(|(_, &shown)| !shown)
                .fold(0u64, |bits, (card, _)| bits | card.bit())
        };
        let mut open = !tableau & ALL & !hidden(&shown);
        let mut placed = 0u64;
        let mut left = 0u64;
        let mut bottoms = 0u64;
        let mut empty_column = false;
        for column in 0..COLUMNS {
            match position.column(column).first() {
                Some(card) => bottoms |= card.bit(),
                None => empty_column = true,
            }
        }
        let mut home = 0u64;
        let mut heights = [0u8; 4];
        for suit in Suit::ALL {
            heights[suit.index()] = position.foundation(suit);
            for rank in 0..position.foundation(suit) as usize {
                home |= 1 << (rank * 4 + suit.index());
            }
        }
        loop {
            let before = (open, left, home, placed);
            // A column can be empty: one is now, or some column's bottom card has left.
            let can_empty = empty_column || left & bottoms != 0;
            // Where a card may be put: an open tableau card or a placed talon or foundation card.
            let mut targets = open & tableau | placed;
            // A talon or foundation card is placed onto a target, or as a king into an empty column.
            // Highest rank first, so that one pass places a whole tower on what the tableau offers.
            let mut outside = !tableau & ALL & !placed & !hidden(&shown);
            while outside != 0 {
                let index = 63 - outside.leading_zeros() as usize;
                outside &= !(1 << index);
                let rank = index / 4 + 1;
                let fits = if rank == 13 {
                    can_empty
                } else {
                    targets & (OTHER_COLOUR[index % 4] << (rank * 4)) != 0
                };
                if fits {
                    placed |= 1 << index;
                    targets |= 1 << index;
                }
            }
            // Each suit goes home in order while its next card is open.
            for (suit, height) in heights.iter_mut().enumerate() {
                while *height < 13 {
                    let bit = 1u64 << (*height as usize * 4 + suit);
                    if open & bit == 0 {
                        break;
                    }
                    home |= bit;
                    *height += 1;
                }
            }
            if home == ALL {
                return false;
            }
            // A talon card is shown once the next one has left the talon or any earlier one
            // has.
            let gone = |i: usize| (home | placed) & talon[i].bit() != 0;
            for j in 0..talon.len() {
                if !shown[j] && (j + 1 < talon.len() && gone(j + 1) || (0..j).any(gone)) {
                    shown[j] = true;
                    open |= talon[j].bit();
                }
            }
            // Each column from the top down.
            for column in 0..COLUMNS {
                let cards = position.column(column);
                let down = position.face_down(column);
                let mut is_open = true;
                for i in (0..cards.len()).rev() {
                    let card = cards[i];
                    let bit = card.bit();
                    if is_open {
                        open |= bit;
                        targets |= bit;
                    }
                    let index = card.index() as usize;
                    let rank = index / 4 + 1;
                    let moves = left & bit != 0 || {
                        let predecessor_home = rank == 1 || home & (bit >> 4) != 0;
                        let target_open = if rank == 13 {
                            // A king moves into an empty column: another column must be empty or
                            // have lost its bottom card.
                            empty_column || left & bottoms & !cards[0].bit() != 0
                        } else {
                            targets & (OTHER_COLOUR[index % 4] << (rank * 4)) != 0
                        };
                        (is_open || i >= down) && target_open || is_open && predecessor_home
                    };
                    if moves {
                        left |= bit;
                    } else if i <= down {
                        // Nothing below a card that cannot move is ever open.
                        break;
                    }
                    is_open = moves;
                }
            }
            if (open, left, home, placed) == before {
                break;
            }
        }
        home != ALL
    }

    /// What a key must capture: everything, up to the order of columns without face-down
    /// cards and waste sizes that are mutually reachable.
    fn description(position: &Position) -> Vec<Vec<u8>> {
        let (talon, waste) = position.talon();
        let canonical = waste % position.rules().draw.count() as usize == 0 || waste == talon.len();
        let mut head = vec![if canonical { 0 } else { waste as u8 }];
        head.extend(talon.iter().map(|c| c.index()));
        head.extend(Suit::ALL.iter().map(|&s| position.foundation(s)));
        let column = |c: usize| {
            let mut v = vec![position.face_down(c) as u8];
            v.extend(position.column(c).iter().map(|card| card.index()));
            v
        };
        let mut free: Vec<Vec<u8>> =
            (0..COLUMNS).filter(|&c| position.face_down(c) == 0).map(column).collect();
        free.sort();
        let mut out = vec![head];
        out.extend((0..COLUMNS).filter(|&c| position.face_down(c) > 0).map(|c| {
            let mut v = vec![c as u8];
            v.extend(column(c));
            v
        }));
        out.extend(free);
        out
    }

    /// A plain exhaustive search over the full rules with no reductions (every legal move, one
    /// at a time): whether `start` can be won, or `None` past `limit` positions.
    fn plain_wins(start: &Position, limit: usize) -> Option<bool> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![*start];
        seen.insert(*start);
        while let Some(position) = stack.pop() {
            if position.is_won() {
                return Some(true);
            }
            // Reversed, so that the first legal moves (foundation moves) are tried first.
            for &mv in position.legal_moves().as_slice().iter().rev() {
                let mut next = position;
                next.apply(mv);
                if seen.insert(next) {
                    if seen.len() > limit {
                        return None;
                    }
                    stack.push(next);
                }
            }
        }
        Some(false)
    }

    /// Positions from random play that favours foundation moves, so that many cards go home.
    fn random_positions(draw: Draw, seeds: std::ops::Range<u64>, plies: usize) -> Vec<Position> {
        random_lines(draw, seeds, plies).into_iter().map(|(_, position)| position).collect()
    }

    /// [`random_positions`], each with the deal it was played from.
    fn random_lines(draw: Draw, seeds: std::ops::Range<u64>, plies: usize) -> Vec<(Position, Position)> {
        let mut out = Vec::new();
        for seed in seeds {
            let start = Position::new(&seeded_deck(seed), Rules::new(draw));
            let mut position = start;
            let mut random = crate::deal::SplitMix64::new(seed * 7 + 3);
            for ply in 0..plies {
                let moves = position.legal_moves();
                let moves = moves.as_slice();
                if moves.is_empty() || position.is_won() {
                    break;
                }
                let home: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|mv| matches!(mv, Move::TableauToFoundation { .. } | Move::WasteToFoundation))
                    .collect();
                let mv = if !home.is_empty() && random.below(2) == 0 {
                    home[random.below(home.len() as u64) as usize]
                } else {
                    moves[random.below(moves.len() as u64) as usize]
                };
                position.apply(mv);
                if ply % 5 == 4 {
                    out.push((start, position));
                }
            }
        }
        out
    }

    /// The bitwise dead-end check gives the card-by-card reference's verdict on positions from
    /// random play and on every child the search generates from them, dead ends or not.
    #[test]
    fn dead_end_check_agrees_with_the_reference() {
        let (mut steps, mut scored, mut uses) = (Vec::new(), Vec::new(), Vec::new());
        let (mut dead, mut alive) = (0, 0);
        for draw in [Draw::One, Draw::Three] {
            for start in random_positions(draw, 1..120, 200) {
                steps.clear();
                generate(&start, Order::Plain, &mut steps, &mut scored, &mut uses);
                let mut positions = vec![start];
                for &step in &steps {
                    let mut child = start;
                    apply_step(&mut child, step);
                    positions.push(child);
                }
                for position in positions {
                    let verdict = is_dead_end(&position);
                    assert_eq!(verdict, is_dead_end_reference(&position, true), "{position}");
                    if verdict {
                        dead += 1;
                    } else {
                        alive += 1;
                    }
                }
            }
        }
        assert!(dead > 200 && alive > 2000, "dead ends {dead}, others {alive}");
    }

    /// The builders the solver looks up are exactly the cards that the rules let build on a
    /// card, in suit order.
    #[test]
    fn builders_are_the_cards_that_build_on_a_card() {
        for card in Card::all() {
            let expected: Vec<Card> = Card::all().filter(|&other| builds_on(other, card)).collect();
            let found: Vec<Card> = builders(card).into_iter().flatten().collect();
            assert_eq!(found, expected, "{card:?}");
            assert_eq!(builder_bits(card), expected.iter().fold(0, |bits, c| bits | c.bit()), "{card:?}");
        }
    }

    /// The talon cards the dead-end check takes as shown are the tops of the waste sizes
    /// that [`reachable`] lists, in both draws, with unlimited passes and with one pass.
    #[test]
    fn reachable_bits_are_the_cards_reachable_lists() {
        let mut compared = 0;
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 1..20, 120) {
                for position in [position, position.with_rules(Rules::new(draw).with_pass_limit(1))] {
                    let (talon, _) = position.talon();
                    let listed = reachable(&position)
                        .iter()
                        .enumerate()
                        .filter(|(_, reach)| reach.is_some())
                        .fold(0u64, |bits, (at, _)| bits | talon[at - 1].bit());
                    assert_eq!(reachable_bits(&position), listed, "{position}");
                    compared += 1;
                }
            }
        }
        assert!(compared >= 500, "{compared} positions");
    }

    /// Rule 14: positions that are dead ends only because some talon card can never be shown
    /// (the check without rule 14 passes them) are lost for a plain exhaustive search, with
    /// unlimited passes and with one pass.
    #[test]
    fn talon_cards_never_shown_make_dead_ends() {
        let mut checked = [0; 2];
        for start in random_positions(Draw::Three, 1..40, 300) {
            if checked.iter().all(|&n| n >= 50) {
                break;
            }
            for (i, position) in
                [start, start.with_rules(Rules::new(Draw::Three).with_pass_limit(1))].into_iter().enumerate()
            {
                if !is_dead_end_reference(&position, true) || is_dead_end_reference(&position, false) {
                    continue;
                }
                let Some(won) = plain_wins(&position, 3_000) else { continue };
                assert!(!won, "a dead end by rule 14 that wins\n{position}");
                checked[i] += 1;
            }
        }
        eprintln!("rule-14 dead ends checked, unlimited / one pass: {checked:?}");
        assert!(checked.iter().all(|&n| n >= 50), "{checked:?}");
    }

    /// Rule 17: a position that differs from another only by one of its column tops being
    /// home, or in draw 1 back in the talon, wins whenever the other does (plain exhaustive
    /// searches of both), so a loss of the first proves the second lost. Positions late in the
    /// solver's wins (won), and from random play (mostly lost) in draw 1 and in draw 3 with one
    /// pass.
    #[test]
    fn dominators_win_whenever_the_positions_they_dominate_do() {
        // Pairs where the dominated position wins, and where it is lost.
        let mut checked = [0; 2];
        let mut check = |start: &Position, position: &Position| {
            let Some(won) = plain_wins(position, 2_000) else { return };
            let solver = Solver::unstarted(start, 1);
            let mut dominated = *position;
            any_dominator(&mut dominated, solver.talon_cards, &solver.talon_index, |dominator| {
                if let Some(dominator_won) = plain_wins(dominator, 10_000) {
                    assert!(dominator_won || !won, "{position}\nwins, but not\n{dominator}");
                    checked[usize::from(!won)] += 1;
                }
                false
            });
        };
        for draw in [Draw::One, Draw::Three] {
            for seed in 1..=4 {
                let start = Position::new(&seeded_deck(seed), Rules::new(draw));
                let Outcome::Solved(moves) = solve(&start) else { continue };
                let mut position = start;
                for (i, &mv) in moves.iter().enumerate() {
                    position.apply(mv);
                    if i + 40 >= moves.len() && i % 4 == 0 {
                        check(&start, &position);
                    }
                }
            }
        }
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        for (start, position) in random_lines(Draw::One, 1..16, 200) {
            check(&start, &position);
            check(&start.with_rules(one_pass), &position.with_rules(one_pass));
        }
        eprintln!("rule-17 pairs checked, dominated won / lost: {checked:?}");
        assert!(checked.iter().all(|&n| n >= 30), "{checked:?}");
    }

    /// Rule 17: the keys the solver makes from key parts are the keys of the positions
    /// themselves, in the same order, and looking leaves the position as it was.
    #[test]
    fn dominator_keys_are_the_keys_of_the_dominators() {
        let (mut compared, mut runs) = (0, 0);
        for draw in [Draw::One, Draw::Three] {
            for (start, position) in random_lines(draw, 1..30, 200) {
                let solver = Solver::unstarted(&start, 1);
                let one_pass = Rules::new(draw).with_pass_limit(1);
                for position in [position, position.with_rules(one_pass)] {
                    let pass_limit = position.rules().pass_limit.is_some();
                    let mut from_positions = Vec::new();
                    let mut looked_at = position;
                    let key_and_hash = |other: &Position| {
                        let parts = key_parts(other, &solver.talon_index, pass_limit);
                        (parts.pack(), parts.hash())
                    };
                    any_dominator(&mut looked_at, solver.talon_cards, &solver.talon_index, |other| {
                        from_positions.push(key_and_hash(other));
                        false
                    });
                    assert_eq!(looked_at, position);
                    let mut from_parts = Vec::new();
                    let parts = key_parts(&position, &solver.talon_index, pass_limit);
                    dominator_keys(&position, &parts, solver.talon_cards, &solver.talon_index, |other| {
                        from_parts.push((other.pack(), other.hash()));
                    });
                    assert_eq!(from_parts, from_positions, "{position}");
                    compared += from_parts.len();
                    let mut from_positions = Vec::new();
                    run_dominators(&position, |other| {
                        runs += 1;
                        from_positions.push(key_and_hash(other));
                    });
                    let mut from_parts = Vec::new();
                    run_dominator_keys(&position, &parts, |other| {
                        from_parts.push((other.pack(), other.hash()))
                    });
                    assert_eq!(from_parts, from_positions, "{position}");
                    compared += from_parts.len();
                }
            }
        }
        assert!(compared >= 500 && runs >= 500, "{compared} keys compared, {runs} of runs");
    }

    /// Rule 17: an exhaustive search that ends without a win has closed every component, so
    /// every position it saw is marked lost.
    #[test]
    fn a_finished_search_marks_what_it_saw_lost() {
        let mut finished = 0;
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        for position in random_positions(Draw::One, 1..30, 200) {
            for position in [position, position.with_rules(one_pass)] {
                let mut solver = Solver::exhaustive(&position, 20_000);
                if crate::search::run_to_end(&mut solver, 1 << 12) != Outcome::Unsolvable {
                    continue;
                }
                let seen = &solver.seen;
                let mut slots = seen.tags.iter().zip(&seen.slots).filter(|(&tag, _)| tag != Seen::EMPTY_TAG);
                // Positions dropped for an open one (rule 17) keep its number: they were
                // never entered.
                assert!(
                    slots.all(|(_, slot)| slot.mark == LOST || slot.mark & (OWED | OWED_RUN) != 0),
                    "{position}"
                );
                assert!(solver.open.is_empty());
                finished += 1;
            }
        }
        assert!(finished >= 20, "{finished} finished searches");
    }

    /// Rule 17's drops for open positions keep every answer: on positions from random play
    /// in draw 1 and draw 3 (unlimited, and one pass) the exhaustive search gives the answer of
    /// a plain exhaustive search, and on whole deals that of the same search without those
    /// drops; and it makes many of them in proofs.
    #[test]
    fn dropping_for_open_positions_keeps_the_answer() {
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        let exhaustive = |position: &Position, budget: u64, drop_for_open: bool| {
            let mut solver = Solver::exhaustive(position, budget);
            solver.drop_for_open = drop_for_open;
            let outcome = crate::search::run_to_end(&mut solver, 1 << 12);
            (outcome, solver.dropped_for_open)
        };
        let won = |outcome: &Outcome<Vec<Move>>| match outcome {
            Outcome::Solved(_) => Some(true),
            Outcome::Unsolvable => Some(false),
            Outcome::Unknown(_) => None,
        };
        let (mut compared, mut lost_with_drops, mut drops) = (0, 0, 0);
        let mut count = |won: bool, dropped: u64| {
            compared += 1;
            drops += dropped;
            lost_with_drops += (!won && dropped > 0) as u32;
        };
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 1..5, 120) {
                for position in [position, position.with_rules(one_pass)] {
                    let (outcome, dropped) = exhaustive(&position, 20_000, true);
                    let Some(won) = won(&outcome) else { continue };
                    let Some(plain) = plain_wins(&position, 20_000) else { continue };
                    assert_eq!(won, plain, "{position}");
                    count(won, dropped);
                }
            }
            // Deal 283 (draw 1): a lost deal whose proof drops thousands of open positions
            // (since rule 19's chains, proofs of the first deals rarely drop any).
            for (seed, budget) in (1..40).map(|seed| (seed, 60_000)).chain([(283, 1_000_000)]) {
                let start = Position::new(&seeded_deck(seed), Rules::new(draw));
                let (outcome, dropped) = exhaustive(&start, budget, true);
                let (Some(with), Some(without)) = (won(&outcome), won(&exhaustive(&start, budget, false).0))
                else {
                    continue;
                };
                assert_eq!(with, without, "deal {seed}, draw {draw:?}");
                count(with, dropped);
            }
        }
        eprintln!("{compared} compared, {lost_with_drops} proofs with drops, {drops} drops");
        assert!(compared >= 150, "{compared} compared");
        assert!(lost_with_drops >= 1 && drops >= 5000, "{lost_with_drops} proofs with drops, {drops} drops");
    }

    /// Rule 16: wherever the search skips a draw-3 position for a seen one that differs only by
    /// the waste size, the seen one's draws show every talon card that the skipped one's show.
    #[test]
    fn a_dominating_waste_size_shows_every_card() {
        let mut pairs = 0;
        for mut position in random_positions(Draw::Three, 1..40, 120) {
            let n = position.talon().0.len();
            let shown = |position: &mut Position, size: usize| {
                position.set_pointer(size as u8, 0);
                reachable_bits(position)
            };
            for skipped in 0..=n {
                for seen in 1..n {
                    let canonical = skipped % 3 == 0 || skipped == n;
                    let dominates = seen % 3 != 0
                        && if canonical { true } else { seen < skipped && seen % 3 == skipped % 3 };
                    if !dominates {
                        continue;
                    }
                    let (by_seen, by_skipped) = (shown(&mut position, seen), shown(&mut position, skipped));
                    assert_eq!(by_skipped & !by_seen, 0, "waste {seen} against {skipped}\n{position}");
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 10_000, "{pairs}");
    }

    /// Rule 11: in draw 1 with unlimited passes a fitting talon card that is not safe goes
    /// home only when the next card of its suit outside the talon is face up, and together
    /// with it when that is its successor on a column's top; other fitting talon cards are
    /// still played home in draw 3.
    #[test]
    fn talon_cards_go_home_only_when_their_suit_needs_them() {
        let (mut scored, mut uses) = (Vec::new(), Vec::new());
        let (mut postponed, mut paired, mut alone) = (0, 0, 0);
        for position in random_positions(Draw::One, 1..40, 150) {
            let mut steps = Vec::new();
            generate(&position, Order::Plain, &mut steps, &mut scored, &mut uses);
            if steps.len() == 1 && only_sends_home(steps[0]) {
                continue; // a safe move, played alone
            }
            let reach = TalonReach::new(&position);
            for &card in position.talon().0 {
                if !position.fits_foundation(card) {
                    continue;
                }
                let at = reach.at[card.index() as usize];
                let home: Vec<&Step> = steps
                    .iter()
                    .filter(|s| s.first.mv == Move::WasteToFoundation && s.first.at == at)
                    .collect();
                match postponed_home(&position, &reach, card) {
                    None => {
                        assert!(home.is_empty(), "{card} goes home early\n{position}");
                        postponed += 1;
                    }
                    Some(Some(from)) => {
                        assert_eq!(home.len(), 1);
                        let second = home[0].second.expect("paired");
                        assert_eq!(second.mv, Move::TableauToFoundation { from });
                        let next = position.top(from as usize).unwrap();
                        assert_eq!(
                            (next.suit(), next.rank().value()),
                            (card.suit(), card.rank().value() + 1)
                        );
                        paired += 1;
                    }
                    Some(None) => {
                        assert_eq!(home.len(), 1);
                        assert!(home[0].second.is_none());
                        alone += 1;
                    }
                }
            }
        }
        eprintln!("postponed {postponed}, paired {paired}, alone {alone}");
        assert!(postponed >= 20 && paired >= 5 && alone >= 5, "{postponed} {paired} {alone}");
    }

    /// Rule 12: whenever an exhaustive draw-1 search (unlimited passes) proves a position lost,
    /// the plain search with no reductions finds no win of the same position in draw 3 (single
    /// pass, so that it finishes); and the draw-1 search does prove some of them lost.
    #[test]
    fn draw_one_losses_are_draw_three_losses() {
        let mut proven = 0;
        for position in random_positions(Draw::Three, 1..60, 60) {
            let draw_one = position.with_rules(Rules::new(Draw::One));
            let mut solver = Solver::exhaustive(&draw_one, 20_000);
            if crate::search::run_to_end(&mut solver, 4096) != Outcome::Unsolvable {
                continue;
            }
            let single_pass = position.with_rules(Rules::new(Draw::Three).with_pass_limit(1));
            let Some(won) = plain_wins(&single_pass, 20_000) else { continue };
            assert!(!won, "draw 1 lost, draw 3 won\n{position}");
            proven += 1;
        }
        eprintln!("draw-1 losses checked in draw 3: {proven}");
        assert!(proven >= 20, "{proven}");
    }

    /// Rule 18: draw-1 checks that share one table give the verdicts of fresh searches. On
    /// positions from random play in draw 3 (unlimited, and one pass), checked in the order
    /// they were played with the table of the checks before them (lost and won marks kept,
    /// the rest stale), every position the checks call lost is lost in a fresh exhaustive
    /// draw-1 search, and every one they mark won is won there.
    #[test]
    fn draw_one_checks_agree_with_fresh_searches() {
        let mut compared = [0usize; 2];
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        for seed in 1..25 {
            let line = random_lines(Draw::Three, seed..seed + 1, 150);
            let Some(&(deal, _)) = line.first() else { continue };
            for rules in [Rules::new(Draw::Three), one_pass] {
                let mut checks = Checks::new(&deal.with_rules(rules));
                let talon_index = checks.solver.talon_index;
                for &(_, position) in &line {
                    let position = position.with_rules(rules);
                    let parts = key_parts(&position, &talon_index, rules.pass_limit.is_some());
                    let (lost, _) = checks.lost(&position, &parts, true, u64::MAX / 1000);
                    let draw_one = position.with_rules(Rules::new(Draw::One));
                    let one = key_parts(&draw_one, &talon_index, false);
                    let won = checks.solver.seen.mark(one.hash(), || one.pack()) == Some(WON);
                    if !lost && !won {
                        continue;
                    }
                    let fresh = crate::search::run_to_end(&mut Solver::exhaustive(&draw_one, 20_000), 4096);
                    match fresh {
                        Outcome::Unsolvable => assert!(lost, "checked won, lost afresh\n{position}"),
                        Outcome::Solved(_) => assert!(won, "checked lost, won afresh\n{position}"),
                        Outcome::Unknown(_) => continue,
                    }
                    compared[won as usize] += 1;
                }
            }
        }
        eprintln!("checks compared lost/won: {compared:?}");
        assert!(compared[0] >= 30 && compared[1] >= 30, "{compared:?}");
    }

    /// The progress a search reports (the positions looked at, shown on the table) never goes
    /// back, and it counts the positions of rule 18's checks as well as the search's own.
    #[test]
    fn progress_counts_the_positions_of_the_checks() {
        let mut checked_at_most = 0;
        for seed in [168, 315] {
            let start = Position::new(&seeded_deck(seed), Rules::new(Draw::Three));
            let mut solver = Solver::with_budget(&start, 100_000);
            let mut last = 0;
            while solver.step(2_000).is_none() {
                let states = solver.progress().states;
                assert!(states >= last, "deal {seed}: progress went back from {last} to {states}");
                last = states;
                if let Some(checks) = &solver.checks {
                    let checked = checks.solver.seen.len() as u64;
                    assert!(states >= solver.spent_in_all().states + checked, "deal {seed}");
                    checked_at_most = checked_at_most.max(checked);
                }
            }
        }
        assert!(checked_at_most >= 1_000, "{checked_at_most} positions checked");
    }

    /// Rule 19: no step the search makes ends with a move that wants a use (a card put on a
    /// column from a foundation, or from the talon in draw 1; a run moved off a face-up card
    /// without turning one up) unless its chain is full; and every step is legal, move by move.
    #[test]
    fn steps_end_with_the_uses_their_moves_want() {
        let (mut scored, mut uses) = (Vec::new(), Vec::new());
        let mut extended = 0;
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 1..20, 120) {
                let mut steps = Vec::new();
                extended += generate(&position, Order::Plain, &mut steps, &mut scored, &mut uses);
                for step in steps {
                    let mut after = position;
                    let mut last = None;
                    for part in step.parts() {
                        let before = after;
                        apply_part(&mut after, part);
                        last = Some((before, part));
                    }
                    let (before, part) = last.expect("a step has a move");
                    let wants_use = match part.mv {
                        Move::FoundationToTableau { .. } => true,
                        Move::WasteToTableau { .. } => any_card_any_time(&before),
                        Move::TableauToTableau { from, .. } => {
                            after.face_down(from as usize) == before.face_down(from as usize)
                        }
                        _ => false,
                    };
                    let full = step.chain.iter().all(Option::is_some);
                    assert!(!wants_use || full, "{step:?} leaves a move without its use\n{position}");
                }
            }
        }
        assert!(extended >= 1_000, "{extended} chain extensions");
    }

    /// Every order only rearranges the same moves: a probe never tries a move the exhaustive
    /// search would not.
    #[test]
    fn orders_generate_the_same_moves() {
        let orders = [Order::Plain, Order::Reversed, Order::Shaken(4), Order::Shaken(5)];
        let (mut scored, mut uses) = (Vec::new(), Vec::new());
        let mut reordered = 0;
        for seed in 0..10 {
            for draw in [Draw::One, Draw::Three] {
                let mut position = Position::new(&seeded_deck(seed), Rules::new(draw));
                let mut random = crate::deal::SplitMix64::new(seed);
                for _ in 0..100 {
                    let mut plain = Vec::new();
                    generate(&position, Order::Plain, &mut plain, &mut scored, &mut uses);
                    for order in orders {
                        let mut other = Vec::new();
                        generate(&position, order, &mut other, &mut scored, &mut uses);
                        assert_eq!(other.len(), plain.len());
                        reordered += (other != plain) as usize;
                        assert!(plain.iter().all(|step| {
                            plain.iter().filter(|s| *s == step).count()
                                == other.iter().filter(|s| *s == step).count()
                        }));
                    }
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position.apply(moves.as_slice()[random.below(moves.len() as u64) as usize]);
                }
            }
        }
        assert!(reordered > 0, "the other orders never differ from the plain one");
    }

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

    /// Fields written with `Bits::put` read back from the key, across word boundaries and
    /// with fields that end a word exactly.
    #[test]
    fn bits_read_back_what_was_put() {
        let mut random = crate::deal::SplitMix64::new(3);
        for _ in 0..2_000 {
            let mut bits = Bits::default();
            let mut fields = Vec::new();
            let mut total = 0;
            loop {
                let width = if random.below(4) == 0 { 64 - total % 64 } else { random.below(25) as u32 + 1 };
                if width > 32 || total + width > 192 {
                    if total + 7 > 192 {
                        break;
                    }
                    continue;
                }
                let value = random.below(1 << width);
                bits.put(value, width);
                fields.push((value, width));
                total += width;
            }
            let key = bits.finish();
            let mut at = 0;
            for (value, width) in fields {
                let read = (0..width).fold(0u64, |read, i| {
                    let bit = at + i;
                    read | (key[bit as usize / 64] >> (bit % 64) & 1) << i
                });
                assert_eq!(read, value, "field of width {width} at bit {at}");
                at += width;
            }
        }
    }

    #[test]
    fn keys_are_equal_exactly_when_descriptions_are() {
        let mut keys = std::collections::HashMap::new();
        for seed in 0..20 {
            for draw in [Draw::One, Draw::Three] {
                let start = Position::new(&seeded_deck(seed), Rules::new(draw));
                let mut index = [0u8; 52];
                for (i, card) in start.talon().0.iter().enumerate() {
                    index[card.index() as usize] = i as u8;
                }
                let mut position = start;
                let mut random = crate::deal::SplitMix64::new(seed);
                for _ in 0..300 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves.as_slice()[random.below(moves.len() as u64) as usize];
                    position.apply(mv);
                    let parts = key_parts(&position, &index, false);
                    let key = (seed, draw, parts.pack());
                    let described = description(&position);
                    if let Some((previous, hash)) = keys.insert(key, (described.clone(), parts.hash())) {
                        assert_eq!(previous, described);
                        assert_eq!(hash, parts.hash(), "equal keys, different hashes: {position}");
                    }
                }
            }
        }
        // And distinct descriptions never share a key (checked the other way round).
        let mut by_description = std::collections::HashMap::new();
        for ((seed, draw, key), (described, _)) in keys {
            if let Some(previous) = by_description.insert((seed, draw, described), key) {
                assert_eq!(previous, key);
            }
        }
    }
}
