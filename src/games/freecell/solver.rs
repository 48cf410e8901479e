//! FreeCell solvers, resumable in slices through [`Search`].
//!
//! The solver state is dense: for every card, what it rests on (another card, the bottom of
//! a cascade, a free cell or the foundation). That array alone is canonical — it does not
//! depend on which cascade or free cell holds what — so it is the key of the transposition
//! set (64 bytes with its hash, hashed by an incrementally updated Zobrist hash). Alongside, the
//! state keeps the player's layout (top card per cascade slot, card per free cell), so every
//! solver move is a legal player [`Move`] as it stands.
//!
//! Safe autoplay (see [`Position::is_safe_home`]) is collapsed into every move. It never
//! throws away a win: a card goes home only when both opposite-colour cards one rank lower are
//! home, so no card can ever be placed on it again; any solution that keeps it out can drop its
//! moves of that card and stays legal (it only ever frees space), and is no longer.
//!
//! [`Solver`] runs a portfolio of phases, each a weighted best-first search with its own state
//! budget: greedy over sequence moves; a first single-card search (which also proves the
//! impossible deals quickly, their single-card space being small); two more sequence-move
//! searches with other weights; and last the single-card search with the full budget. A
//! sequence-move phase that runs out of states to try (not of budget) jumps to the last phase.
//! Only a single-card phase that runs out of states to try answers `Unsolvable`; a budget
//! running out answers `Unknown`.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
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
    matches!(c % 4, 1 | 2)
}
#[inline]
fn stacks(c: u8, base: u8) -> bool {
    rank(c) + 1 == rank(base) && red(c) != red(base)
}
#[inline]
fn card(c: u8) -> Card {
    CARDS[usize::from(c % 52)]
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

/// Dense solver state with the player's layout.
#[derive(Clone, Copy)]
pub(crate) struct State {
    below: [u8; 52],
    tops: [u8; CASCADES],
    cells: [u8; CELLS],
    home: [u8; 4],
    hash: u64,
}

impl State {
    pub(crate) fn new(position: &Position) -> State {
        let mut state =
            State { below: [HOME; 52], tops: [NONE; CASCADES], cells: [NONE; CELLS], home: [0; 4], hash: 0 };
        for (slot, cascade) in position.cascades().iter().enumerate() {
            let mut under = BOTTOM;
            for c in cascade {
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

    /// Plays a legal move (sequence moves move only the base card's link).
    pub(crate) fn apply(&mut self, mv: Move) {
        let c = mv.card.index();
        let under = self.below[usize::from(c % 52)];
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
        let f = self.empty_cells();
        let e = self.empty_cascades();
        let free_cell = self.cells.iter().position(|&c| c == NONE);
        let free_cascade = self.tops.iter().position(|&c| c == NONE);
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
            for (j, &t) in self.tops.iter().enumerate() {
                if t != NONE && stacks(c, t) {
                    list.push(Move::single(card(c), Source::Cell(i as u8), Target::Cascade(j as u8)), 1);
                }
            }
            if let Some(j) = free_cascade {
                list.push(Move::single(card(c), Source::Cell(i as u8), Target::Cascade(j as u8)), 1);
            }
        }
        for (i, &top) in self.tops.iter().enumerate() {
            if top == NONE {
                continue;
            }
            let mut run = [top; 13];
            let mut n = 1;
            while n < 13 {
                let b = self.below[usize::from(run[n - 1])];
                if b < 52 && stacks(run[n - 1], b) {
                    run[n] = b;
                    n += 1;
                } else {
                    break;
                }
            }
            let whole = self.below[usize::from(run[n - 1])] == BOTTOM;
            let most = if single { 1 } else { n };
            let from = Source::Cascade(i as u8);
            for (j, &t) in self.tops.iter().enumerate() {
                if j == i || t == NONE || rank(t) < rank(top) + 1 {
                    continue;
                }
                let k = usize::from(rank(t) - 1 - rank(top));
                if k < most && stacks(run[k], t) && k < capacity(f, e) {
                    let cost = single_card_cost(k + 1, f, e).unwrap_or(1);
                    list.push(
                        Move { card: card(run[k]), from, to: Target::Cascade(j as u8), cards: k as u8 + 1 },
                        cost,
                    );
                }
            }
            if let Some(j) = free_cascade {
                let cap = capacity(f, e - 1);
                for count in 1..=most.min(cap) {
                    if count == n && whole {
                        continue;
                    }
                    let cost = single_card_cost(count, f, e - 1).unwrap_or(1);
                    let mv = Move {
                        card: card(run[count - 1]),
                        from,
                        to: Target::Cascade(j as u8),
                        cards: count as u8,
                    };
                    list.push(mv, cost);
                }
            }
            if let Some(j) = free_cell {
                list.push(Move::single(card(top), from, Target::Cell(j as u8)), 1);
            }
        }
    }

    /// Heuristic features: cards not home, cards resting above a lower card of their cascade,
    /// cards above the next card each foundation needs, occupied cells, empty cascades.
    fn features(&self) -> Features {
        let mut misplaced = 0;
        let mut depth = 0;
        let mut buf = [0u8; 52];
        for &top in &self.tops {
            let mut c = top;
            let mut len = 0;
            while c < 52 && len < 52 {
                buf[len] = c;
                len += 1;
                c = self.below[usize::from(c)];
            }
            let mut min = 14;
            for k in (0..len).rev() {
                let r = rank(buf[k]);
                if r > min {
                    misplaced += 1;
                } else {
                    min = r;
                }
            }
            for (k, &c) in buf[..len].iter().enumerate() {
                if self.fits_home(c) {
                    depth += k as u32;
                }
            }
        }
        Features {
            left: 52 - self.home.iter().map(|&h| u32::from(h)).sum::<u32>(),
            misplaced,
            depth,
            cells: (CELLS - self.empty_cells()) as u32,
            empty: self.empty_cascades() as u32,
        }
    }
}

struct Features {
    left: u32,
    misplaced: u32,
    depth: u32,
    cells: u32,
    empty: u32,
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
    /// Fast hints.
    pub const FAST: Weights =
        Weights { path: 20, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };
    /// Second try: free cells weigh more.
    pub const CELLS: Weights =
        Weights { path: 10, left: 100, misplaced: 100, depth: 30, cells: 150, empty: 60 };
    /// Third try: closer to A* (solves deals the greedy weights wander on, such as 21554).
    pub const STEADY: Weights =
        Weights { path: 60, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };
    /// Shorter solutions.
    pub const SHORT: Weights =
        Weights { path: 60, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };
    /// The exhaustive single-card fallback.
    pub const EXHAUSTIVE: Weights =
        Weights { path: 20, left: 100, misplaced: 100, depth: 30, cells: 60, empty: 60 };

    fn score(&self, g: u32, s: &State) -> u32 {
        let x = s.features();
        let plus = self.path * g
            + self.left * x.left
            + self.misplaced * x.misplaced
            + self.depth * x.depth
            + self.cells * x.cells;
        (plus + 10_000).saturating_sub(self.empty * x.empty)
    }
}

struct Node {
    state: State,
    parent: u32,
    g: u32,
    mv: Move,
}

/// Weighted best-first search over canonical states. With an unlimited budget and the full
/// move set it is exhaustive: an empty open list is a proof that no solution exists.
pub struct BestFirst {
    nodes: Vec<Node>,
    seen: KeySet,
    open: BinaryHeap<Reverse<u64>>,
    weights: Weights,
    moves: MoveSet,
    budget: u64,
    expanded: u64,
    root_moves: Vec<Move>,
    gen: Box<Gen>,
    done: bool,
}

impl BestFirst {
    /// A search from `position` that gives up (unknown) after `budget` distinct states.
    pub fn new(position: &Position, weights: Weights, moves: MoveSet, budget: u64) -> BestFirst {
        let mut root = State::new(position);
        let mut root_moves = Vec::new();
        root.autoplay(|mv| root_moves.push(mv));
        let mut search = BestFirst {
            nodes: Vec::new(),
            seen: KeySet::default(),
            open: BinaryHeap::new(),
            weights,
            moves,
            budget,
            expanded: 0,
            root_moves,
            gen: Box::new(Gen::new()),
            done: false,
        };
        search.seen.insert(root.key());
        let filler = Move::single(card(0), Source::Cell(0), Target::Foundation);
        search.nodes.push(Node { state: root, parent: 0, g: 0, mv: filler });
        search.push_open(weights.score(0, &root), 0);
        search
    }

    fn push_open(&mut self, f: u32, index: u32) {
        self.open.push(Reverse((u64::from(f) << 32) | u64::from(u32::MAX - index)));
    }

    fn solution(&self, leaf: usize) -> Vec<Move> {
        let mut path = Vec::new();
        let mut i = leaf;
        while i != 0 {
            path.push(self.nodes[i].mv);
            i = self.nodes[i].parent as usize;
        }
        path.reverse();
        let mut moves = self.root_moves.clone();
        let mut state = self.nodes[0].state;
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
        if self.nodes[0].state.is_won() {
            self.done = true;
            return Some(Outcome::Solved(self.root_moves.clone()));
        }
        for _ in 0..work {
            let Some(Reverse(entry)) = self.open.pop() else {
                self.done = true;
                return Some(Outcome::Unsolvable);
            };
            let index = (u32::MAX - entry as u32) as usize;
            let state = self.nodes[index].state;
            let g = self.nodes[index].g;
            state.generate(self.moves, &mut self.gen);
            self.expanded += 1;
            for k in 0..self.gen.len {
                let (mv, cost) = self.gen.moves[k];
                let mut child = state;
                child.apply(mv);
                child.autoplay(|_| {});
                if !self.seen.insert(child.key()) {
                    continue;
                }
                let child_index = self.nodes.len();
                self.nodes.push(Node { state: child, parent: index as u32, g: g + cost, mv });
                if child.is_won() {
                    self.done = true;
                    return Some(Outcome::Solved(self.solution(child_index)));
                }
                let f = self.weights.score(g + cost, &child);
                self.push_open(f, child_index as u32);
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
/// entry, growth slack): the defaults stay under 256 MB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// For each sequence-move phase.
    pub first: u64,
    /// For the exhaustive single-card phase.
    pub exhaustive: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { first: 250_000, exhaustive: 600_000 }
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
        // Different weights get stuck on different deals: a small portfolio, greedy first.
        portfolio.push((Weights::FAST, MoveSet::Sequences, cap(30_000)));
        // Single-card moves find some solutions the sequence-move searches wander past, and
        // prove the impossible deals quickly (their single-card space is small).
        portfolio.push((Weights::EXHAUSTIVE, MoveSet::SingleCards, cap(Solver::EARLY_PROOF_STATES)));
        portfolio.push((Weights::CELLS, MoveSet::Sequences, cap(60_000)));
        portfolio.push((Weights::STEADY, MoveSet::Sequences, cap(250_000)));
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
                // A sequence-move phase that ran out of states to try (not of budget) has seen
                // the whole space: the other weights would too. Go straight to the proof.
                self.phase =
                    if other == Outcome::Unsolvable { self.phases.len() - 1 } else { self.phase + 1 };
                let (w, single, b) = self.phases[self.phase];
                self.current = BestFirst::new(&self.position, w, single, b);
                None
            }
        }
    }

    fn progress(&self) -> Progress {
        Progress { states: self.done_states + self.current.progress().states }
    }
}
