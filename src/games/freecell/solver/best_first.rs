//! Weighted best-first search over canonical states, with a bucket queue for its open list.

use super::features::Features;
use super::generate::Gen;
use super::shortcut::Shortcuts;
use super::shorten::{is_line_of, shorten};
use super::state::{card, State};
use super::table::{HashOnlySet, KeySet, Seen};
use super::MoveSet;
use crate::games::freecell::rules::{Move, Position, Source, Target};
use crate::search::{Outcome, Progress, Search, UnknownReason};
use std::cell::Cell;

/// Weights of the best-first evaluation `f = g*path + h`, all in hundredths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub path: u32,
    pub left: u32,
    pub misplaced: u32,
    pub depth: u32,
    pub cells: u32,
    pub empty: u32,
    /// Per pair of adjacent cascade cards where the upper does not stack on the lower.
    pub breaks: u32,
}

impl Weights {
    /// First try for hints: cards left, free cells and empty cascades weigh most, path length
    /// little, and cascade cards that do not stack on the card below them (breaks) some:
    /// [`Weights::SHORT_GREEDY`] with path 30, misplaced 60 and breaks 30 (deals 1..32000:
    /// 21.4M states rather than 23.2M, 7.4% fewer instructions, mean length 109.4 rather than
    /// 108.1; breaks 20 with misplaced 70 and path 25: 21.9M at 109.3; breaks in the second
    /// try, `MISPLACED`, cost states: more deals go on to later tries). Weights with a common
    /// divisor (here 10) keep the open list's span of scores small.
    pub const GREEDY: Weights =
        Weights { path: 30, left: 300, misplaced: 60, depth: 30, cells: 110, empty: 110, breaks: 30 };
    /// Short mode's greedy try (for the few deals its short tries leave), fast mode's before
    /// breaks counted: path 25, cells and empty 110 rather than 15 and 120 (deals 1..32000
    /// took 108.1 single-card moves on average in fast mode rather than 111.8, for 4.5% more
    /// states). Weights with a common divisor of 5 keep the open list's span of scores (path
    /// 21 gave 109.1 for 2% more states, but with a divisor of 1 the larger bucket array cost
    /// 10% more instructions).
    pub const SHORT_GREEDY: Weights =
        Weights { path: 25, left: 300, misplaced: 100, depth: 30, cells: 110, empty: 110, breaks: 0 };
    /// Fast hints: the last of the first four tries.
    pub const FAST: Weights =
        Weights { path: 20, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60, breaks: 0 };
    /// Free cells weigh more: the third try (with [`MoveSet::KeepRuns`], it solves most of the
    /// deals the first two leave in a few thousand states), and again with every move.
    pub const CELLS: Weights =
        Weights { path: 10, left: 100, misplaced: 100, depth: 30, cells: 150, empty: 60, breaks: 0 };
    /// Closer to A* (solves deals the greedy weights wander on, such as 21554).
    pub const STEADY: Weights =
        Weights { path: 60, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60, breaks: 0 };
    /// Misplaced cards weigh double, cards left half: the second try of the fast portfolio
    /// (with [`MoveSet::KeepRuns`]; most deals the greedy weights leave), and again late with
    /// every move (solves 496564 in 11k states, which the others leave undecided).
    pub const MISPLACED: Weights =
        Weights { path: 40, left: 50, misplaced: 200, depth: 30, cells: 60, empty: 60, breaks: 0 };
    /// Last try with sequence moves: deep cards and free space weigh more (solves 410635,
    /// 687716, 766073 and 827554, which the others leave undecided).
    pub const BROAD: Weights =
        Weights { path: 40, left: 100, misplaced: 100, depth: 100, cells: 100, empty: 100, breaks: 0 };
    /// Deep cards and free space weigh as much as cards left, path length next to nothing:
    /// short mode's search for the hard deals (with [`MoveSet::KeepRuns`]).
    pub const DEEP: Weights =
        Weights { path: 5, left: 100, misplaced: 100, depth: 100, cells: 100, empty: 100, breaks: 0 };
    /// Shorter solutions: path length weighs `path` (the more, the shorter the solutions, and
    /// the more states they take).
    pub const fn short(path: u32) -> Weights {
        Weights { path, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60, breaks: 0 }
    }
    /// The exhaustive single-card fallback.
    pub const EXHAUSTIVE: Weights =
        Weights { path: 20, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60, breaks: 0 };

    #[inline]
    /// The largest number every score is a multiple of (the scores divided by it keep their
    /// order, and span fewer buckets of the open list).
    pub(super) fn grain(&self) -> u32 {
        fn gcd(a: u32, b: u32) -> u32 {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        [self.path, self.left, self.misplaced, self.depth, self.cells, self.empty, self.breaks]
            .into_iter()
            .fold(10_000, gcd)
    }

    /// These weights divided by `grain`, a divisor of each (and of 10,000): with
    /// `score_from(10_000 / grain, ..)` they give the score divided by `grain`, with no
    /// division per child.
    pub(super) fn divided(&self, grain: u32) -> Weights {
        let [path, left, misplaced, depth, cells, empty, breaks] =
            [self.path, self.left, self.misplaced, self.depth, self.cells, self.empty, self.breaks]
                .map(|w| w / grain);
        Weights { path, left, misplaced, depth, cells, empty, breaks }
    }

    /// The score `f` of a node at path cost `g` with features `x`: `base` (10,000 for the
    /// weights themselves) plus the weighted path and features, less the empty cascades'.
    #[inline]
    pub(super) fn score_from(&self, base: u32, g: u32, x: &Features) -> u32 {
        let plus = self.path * g
            + self.left * u32::from(x.left)
            + self.misplaced * u32::from(x.misplaced)
            + self.depth * u32::from(x.depth)
            + self.cells * u32::from(x.cells)
            + self.breaks * u32::from(x.breaks);
        (plus + base).saturating_sub(self.empty * u32::from(x.empty))
    }
}

/// A search node: how it was reached and its features, 24 bytes. Most nodes are never
/// expanded, so the state itself is kept only once a node is expanded (in
/// [`BestFirst::states`]), rebuilt then from its parent's state and its move.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) parent: u32,
    pub(super) g: u32,
    /// Index in `states` once expanded, else [`Node::UNEXPANDED`].
    pub(super) state: u32,
    pub(super) mv: Move,
    /// The state's heuristic features (its children are scored from them).
    pub(super) features: Features,
}

impl Node {
    pub(super) const UNEXPANDED: u32 = u32::MAX;
}

/// The open list: a bucket queue on `f` (a small integer), last in first out within a bucket,
/// which pops exactly what a binary heap on `(f, newest first)` would, for less work. Each
/// bucket is a linked list through `next`, indexed by node; a bit per bucket finds the lowest.
/// Buckets start at `base`, as the scores of one search span some thousands of values from
/// about 10,000 up.
pub(super) struct OpenList {
    /// The score of bucket 0 (a multiple of 64).
    pub(super) base: usize,
    /// First node of each bucket, plus one (0: empty).
    pub(super) heads: Vec<u32>,
    /// The next node in the same bucket, plus one (0: none), per node.
    pub(super) next: Vec<u32>,
    /// A bit per bucket, set when it holds a node.
    pub(super) occupied: Vec<u64>,
    /// No occupied bucket lies below word `lowest` of `occupied`.
    pub(super) lowest: usize,
    pub(super) len: usize,
}

impl OpenList {
    /// Scores above this share its bucket (none come close in practice: f is about 10,000
    /// plus the weighted path length).
    pub(super) const MAX_F: u32 = 1 << 20;
    /// Buckets added beyond the score that needs them, each way.
    pub(super) const MARGIN: usize = 512;

    /// An open list for scores from `floor` up (lower ones are taken too, for more work).
    #[cfg(test)]
    pub(super) fn new(floor: u32) -> OpenList {
        OpenList::with_buffers(floor, Vec::new(), Vec::with_capacity(4096), Vec::new())
    }

    /// [`OpenList::new`] in a finished list's buffers: `heads` and `occupied` all zero (as
    /// many buckets as they hold, from any base), `next` empty.
    fn with_buffers(floor: u32, heads: Vec<u32>, next: Vec<u32>, occupied: Vec<u64>) -> OpenList {
        debug_assert!(heads.len() == occupied.len() * 64 && next.is_empty());
        OpenList { base: floor as usize / 64 * 64, heads, next, occupied, lowest: 0, len: 0 }
    }

    /// Its buffers, emptied for [`OpenList::with_buffers`]: only the buckets still holding
    /// nodes are cleared (a pop leaves an emptied bucket's head 0).
    fn into_buffers(mut self) -> (Vec<u32>, Vec<u32>, Vec<u64>) {
        for (word, bits) in self.occupied.iter_mut().enumerate() {
            while *bits != 0 {
                self.heads[word * 64 + bits.trailing_zeros() as usize] = 0;
                *bits &= *bits - 1;
            }
        }
        self.next.clear();
        (self.heads, self.next, self.occupied)
    }

    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub(super) fn push(&mut self, f: u32, node: u32) {
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
    pub(super) fn make_room(&mut self, f: usize) {
        // (Buffers reused from a finished list keep their buckets, all empty: any base below
        // every score indexes them.)
        if self.heads.is_empty() {
            // The buckets start at the floor (scores fall as cards go home: room for all of
            // them up front spares copying the buckets as they fall).
            self.base = self.base.min(f.saturating_sub(Self::MARGIN) / 64 * 64);
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
    pub(super) fn pop(&mut self) -> Option<u32> {
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
/// [`MoveSet::SingleCards`] (whole keys, every single-card move), and [`Solver`](super::Solver) treats it so.
pub struct BestFirst {
    pub(super) nodes: Vec<Node>,
    /// The states of the expanded nodes (the root first).
    pub(super) states: Vec<State>,
    pub(super) seen: Seen,
    pub(super) open: OpenList,
    /// The weights divided by what every score is a multiple of ([`Weights::grain`]), and
    /// 10,000 divided by it: the open list's scores.
    pub(super) unit: Weights,
    pub(super) unit_base: u32,
    pub(super) moves: MoveSet,
    pub(super) budget: u64,
    pub(super) expanded: u64,
    pub(super) root_moves: Vec<Move>,
    pub(super) gen: Box<Gen>,
    pub(super) done: bool,
    /// States the shortcut search expands from each state of a solution found.
    pub(super) polish: usize,
    /// The answer, once known (given again if the search is stepped after it).
    outcome: Option<Outcome<Vec<Move>>>,
    /// Give up (unknown) once this many states were stored since `best_at` (0: never).
    pub(super) patience: u64,
    /// The fewest cards left of any node expanded so far, and the states stored then.
    best_left: u8,
    best_at: u64,
}

impl BestFirst {
    /// Room reserved up front for nodes (half as much for expanded states): most searches need
    /// fewer, and growing a vector copies it (the 1..32000 bench: 1.4% fewer instructions, peak
    /// RSS 43 MB -> 62 MB).
    pub(super) const INITIAL_CAPACITY: usize = 16_384;

    /// A search from `position` that gives up (unknown) after `budget` distinct states.
    pub fn new(position: &Position, weights: Weights, moves: MoveSet, budget: u64) -> BestFirst {
        let mut root = State::new(position);
        let mut root_moves = Vec::new();
        root.autoplay(|mv| root_moves.push(mv));
        let capacity = Self::INITIAL_CAPACITY.min(budget as usize);
        let spare = SPARE.take().unwrap_or_else(|| Spare {
            nodes: Vec::with_capacity(capacity),
            states: Vec::with_capacity(capacity / 2),
            heads: Vec::new(),
            next: Vec::with_capacity(4096),
            occupied: Vec::new(),
            set: None,
        });
        let seen = match (moves, spare.set) {
            (MoveSet::Sequences | MoveSet::KeepRuns, Some(set)) => Seen::Hashes(set),
            _ => Seen::new(moves, capacity),
        };
        // No score falls below the empty cascades' most (see `Weights::score_from`).
        let floor = 10_000u32.saturating_sub(weights.empty * 8) / weights.grain().max(1);
        let mut search = BestFirst {
            nodes: spare.nodes,
            states: spare.states,
            seen,
            open: OpenList::with_buffers(floor, spare.heads, spare.next, spare.occupied),
            unit: weights.divided(weights.grain().max(1)),
            unit_base: 10_000 / weights.grain().max(1),
            moves,
            budget,
            expanded: 0,
            root_moves,
            gen: Box::new(Gen::new()),
            done: false,
            polish: 0,
            outcome: None,
            patience: 0,
            best_left: 255,
            best_at: 0,
        };
        search.seen.insert(&root);
        let filler = Move::single(card(0), Source::Cell(0), Target::Foundation);
        let features = root.features();
        search.states.push(root);
        search.nodes.push(Node { parent: 0, g: 0, state: 0, mv: filler, features });
        search.open.push(search.unit.score_from(search.unit_base, 0, &features), 0);
        search
    }

    /// States expanded so far (their moves generated).
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    pub(super) fn solution(&self, leaf: usize) -> Vec<Move> {
        // The path's nodes, root first: all expanded but the leaf.
        // (Room for a usual solution up front: these vectors would otherwise grow a few times.)
        let mut nodes = Vec::with_capacity(128);
        let mut i = leaf;
        while i != 0 {
            nodes.push(i);
            i = self.nodes[i].parent as usize;
        }
        nodes.reverse();
        let path: Vec<Move> = nodes.iter().map(|&i| self.nodes[i].mv).collect();
        // The states along it are the expanded ones (the leaf's built from its parent's).
        let mut line = Vec::with_capacity(path.len() + 1);
        let (mut state, mut spent) = (self.states[0], 0);
        for (k, &mv) in path.iter().enumerate() {
            line.push((state, spent));
            spent += state.move_cost(mv);
            match nodes.get(k).map(|&i| self.nodes[i].state).filter(|&s| s != Node::UNEXPANDED) {
                Some(at) => state = self.states[at as usize],
                None => {
                    state.apply(mv);
                    state.settle();
                }
            }
        }
        line.push((state, spent));
        debug_assert!(is_line_of(&line, &path));
        let path = shorten(line, path);
        let path = match self.polish {
            0 => path,
            expansions => Shortcuts::new(expansions).run(self.states[0], path),
        };
        let mut moves = Vec::with_capacity(192);
        moves.extend_from_slice(&self.root_moves);
        let mut state = self.states[0];
        for mv in path {
            state.apply(mv);
            moves.push(mv);
            state.autoplay(|m| moves.push(m));
        }
        moves
    }
}

/// A finished search's buffers, emptied, for the next search on the same thread: a range of
/// deals runs thousands of small searches, and each would otherwise allocate its vectors and
/// zero its buckets afresh (1..2000: 1,712.6M -> 1,667.7M instructions); and a hard deal runs
/// phase after phase of large ones, each of which would otherwise fault in fresh pages (about
/// a third of such a process's CPU time went to the kernel). The vectors are kept whatever
/// their size (a thread holds at most its largest search's); the supermove set up to a size
/// (see [`HashOnlySet::KEPT_SLOTS`]).
struct Spare {
    nodes: Vec<Node>,
    states: Vec<State>,
    heads: Vec<u32>,
    next: Vec<u32>,
    occupied: Vec<u64>,
    /// The supermove searches' set, empty (at most [`HashOnlySet::KEPT_SLOTS`]).
    set: Option<HashOnlySet>,
}

thread_local! {
    static SPARE: Cell<Option<Spare>> = const { Cell::new(None) };
}

impl BestFirst {
    /// Leaves its buffers, emptied, to the next search on this thread ([`Spare`]); it is of no
    /// further use (its answer, if any, was given). Called when it is dropped, and by the
    /// solver before its next phase starts, so the next phase takes these buffers.
    pub(super) fn recycle(&mut self) {
        if self.nodes.capacity() == 0 {
            // Recycled already.
            return;
        }
        let set = match std::mem::replace(&mut self.seen, Seen::Keys(KeySet::default())) {
            Seen::Hashes(set) => set.emptied(),
            Seen::Keys(_) => None,
        };
        let open =
            std::mem::replace(&mut self.open, OpenList::with_buffers(0, Vec::new(), Vec::new(), Vec::new()));
        let (heads, next, occupied) = open.into_buffers();
        let (mut nodes, mut states) = (std::mem::take(&mut self.nodes), std::mem::take(&mut self.states));
        nodes.clear();
        states.clear();
        SPARE.set(Some(Spare { nodes, states, heads, next, occupied, set }));
    }
}

impl Drop for BestFirst {
    fn drop(&mut self) {
        self.recycle();
    }
}

impl Search for BestFirst {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if self.done {
            return self.outcome.clone();
        }
        let outcome = self.search(work);
        self.outcome.clone_from(&outcome);
        outcome
    }

    fn progress(&self) -> Progress {
        Progress { states: self.seen.len() as u64 }
    }
}

impl BestFirst {
    /// Expands up to `work` states; the answer once known.
    fn search(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
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
                // Rebuilt from the parent's state (expanded, as it generated this node), copied
                // straight to its place.
                let parent = self.nodes[node.parent as usize].state as usize;
                let at = self.states.len();
                self.states.extend_from_within(parent..=parent);
                let state = &mut self.states[at];
                // (Without a quick hash, autoplay may follow the move.)
                let settled = state.settled_after(node.mv);
                debug_assert_eq!(settled, state.quick_hash(node.mv).is_some());
                state.apply(node.mv);
                if !settled {
                    state.settle();
                }
                self.nodes[index].state = at as u32;
                at
            } else {
                node.state as usize
            };
            // Progress is a node with fewer cards left than any before; without it for
            // `patience` states, the search is stuck.
            if node.features.left < self.best_left {
                self.best_left = node.features.left;
                self.best_at = self.seen.len() as u64;
            } else if self.patience > 0 && self.seen.len() as u64 - self.best_at > self.patience {
                self.done = true;
                return Some(Outcome::Unknown(UnknownReason::StateBudget { states: self.seen.len() as u64 }));
            }
            let state = &self.states[at];
            let g = node.g;
            state.generate(self.moves, &mut self.gen);
            self.expanded += 1;
            let parent_features = node.features;
            debug_assert_eq!(parent_features, state.features());
            let next = state.next_cards();
            for k in 0..self.gen.len {
                let (mv, cost) = self.gen.moves[k];
                // Most children were seen already: the hash from the move alone finds them
                // before any copy. Without autoplay after the move, nothing needs settling,
                // and the child is scored from the move alone, without building it.
                let quick = state.child_hash(mv, &next);
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
                        features = state.child_features(&parent_features, mv, &next);
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
                let f = self.unit.score_from(self.unit_base, g + cost, &features);
                self.open.push(f, child_index as u32);
            }
            if self.seen.len() as u64 > self.budget {
                self.done = true;
                return Some(Outcome::Unknown(UnknownReason::StateBudget { states: self.seen.len() as u64 }));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// The bucket queue pops what a binary heap on `(f, newest first)` pops, through pushes
    /// and pops mixed, with scores far apart (new buckets above, room made below).
    #[test]
    fn open_list_pops_like_a_heap_newest_first() {
        let mut open = OpenList::new(u32::MAX);
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
}
