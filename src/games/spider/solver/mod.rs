//! The Spider solver: it sees every card, face down or in the stock, and either finds a
//! winning line, proves that none exists, or gives up at a state budget.
//!
//! It searches in two phases, in slices through [`Search`]:
//! - **Staged**, to find wins fast: between two deals from the stock, a greedy best-first search
//!   by [`score`] over the [`promising`] moves, of at most [`LEVEL_EXPANSIONS`] positions; of the
//!   positions it reached where the stock can deal, the [`BEAM`] best are dealt from, best first,
//!   each starting the same search one row further on, and the next one is tried when that
//!   search runs dry (a depth-first search over the deals). This phase leaves moves and
//!   positions out, so it proves nothing.
//! - **Exhaustive**, if the staged phase runs dry without a win: a best-first search over every
//!   move, which proves the deal lost when it runs out of positions.
//!
//! Every position reached is remembered by a 128-bit fingerprint of its piles, so no position is
//! searched twice in a phase; a node keeps only the move that reached it and its parent, and a
//! position is rebuilt by replaying its line from the start. The only moves the exhaustive phase
//! leaves out give the same position with two piles' names swapped (to any empty pile but the
//! first, a whole pile to an empty one), and clears are forced by the rules, so its proofs are
//! proofs (up to a fingerprint collision, about one chance in 2^80 at the largest budget).

use std::collections::BinaryHeap;

use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

use super::rules::{continues_run, Move, Position, PILES};

/// The default state budget: about 2-3 s of search natively for the deals that run out
/// (docs/BENCHMARKS.md, Spider).
pub const DEFAULT_BUDGET: u64 = 400_000;

/// The most states any budget allows, which bounds memory: a state takes a 32-byte slot in a
/// table at most 3/4 full, 8 bytes of node and 8 of heap.
pub const MAX_STATES: u64 = 5_000_000;

/// The positions the staged phase expands between two deals.
pub const LEVEL_EXPANSIONS: u64 = 5_000;

/// The positions the staged phase deals from after each search between deals, best first.
pub const BEAM: usize = 4;

/// How the solver runs: its budget, at most [`MAX_STATES`] states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { budget: Budget::states(DEFAULT_BUDGET) }
    }
}

/// No parent: the root.
const ROOT: u32 = u32::MAX;

/// Which phase the search is in (see the module's docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Staged,
    Exhaustive,
}

/// A Spider search, run in slices through [`Search`]. A unit of [`Search::step`]'s work is one
/// position expanded (all its moves tried); [`Search::progress`] counts the distinct positions
/// stored, which the budget bounds.
pub struct Solver {
    start: Position,
    seen: crate::search::Table<u128, ()>,
    parents: Vec<u32>,
    moves: Vec<Move>,
    open: BinaryHeap<(i32, u32)>,
    budget: u64,
    states: u64,
    phase: Phase,
    /// The staged phase's positions still to deal from, one list per row dealt, best last.
    levels: Vec<Vec<u32>>,
    /// The positions expanded since the last deal, and those among them the stock can deal on.
    level_expanded: u64,
    level_candidates: Vec<(i32, u32)>,
    done: Option<Outcome<Vec<Move>>>,
}

impl Solver {
    pub fn new(start: &Position, options: Options) -> Solver {
        let mut solver = Solver {
            start: *start,
            seen: crate::search::Table::with_slots(1 << 12),
            parents: Vec::new(),
            moves: Vec::new(),
            open: BinaryHeap::new(),
            budget: options.budget.states.min(MAX_STATES),
            states: 0,
            phase: Phase::Staged,
            levels: Vec::new(),
            level_expanded: 0,
            level_candidates: Vec::new(),
            done: None,
        };
        let mut root = *start;
        let mut forced = Vec::new();
        play_clears(&mut root, &mut forced);
        if root.is_won() {
            solver.done = Some(Outcome::Solved(forced));
        } else {
            solver.begin();
        }
        solver
    }

    /// A solver with the default options but a budget of `states`.
    pub fn with_budget(start: &Position, states: u64) -> Solver {
        Solver::new(start, Options { budget: Budget::states(states) })
    }

    /// Starts a phase from the root, forgetting the positions of any earlier one (but not the
    /// states it spent).
    fn begin(&mut self) {
        let mut root = self.start;
        clear_all(&mut root);
        self.seen = crate::search::Table::with_slots(1 << 12);
        self.parents.clear();
        self.moves.clear();
        self.open.clear();
        self.levels.clear();
        self.level_candidates.clear();
        self.level_expanded = 0;
        let key = fingerprint(&root);
        self.seen.insert(key as u64, key);
        self.states += 1;
        self.parents.push(ROOT);
        self.moves.push(Move::Deal);
        self.open.push((score(&root), 0));
    }

    /// The moves from the root to `node`, oldest first (the root has none).
    fn line(&self, node: u32) -> Vec<Move> {
        let mut chain = Vec::new();
        let mut at = node;
        while at != ROOT && self.parents[at as usize] != ROOT {
            chain.push(self.moves[at as usize]);
            at = self.parents[at as usize];
        }
        chain.reverse();
        chain
    }

    /// The position of `node`, replayed from the start.
    fn position(&self, line: &[Move]) -> Position {
        let mut position = self.start;
        clear_all(&mut position);
        for &mv in line {
            position.apply(mv);
            clear_all(&mut position);
        }
        position
    }

    /// The whole game's moves for `line` (steps from the root), the forced clears written out.
    fn solution(&self, line: &[Move]) -> Vec<Move> {
        let mut position = self.start;
        let mut moves = Vec::new();
        play_clears(&mut position, &mut moves);
        for &mv in line {
            position.apply(mv);
            moves.push(mv);
            play_clears(&mut position, &mut moves);
        }
        moves
    }

    /// Stores `child`, reached from `node` by `mv`, if it is new: its node, or `None` if it was
    /// seen. Ends the search when the budget runs out.
    fn add(&mut self, node: u32, mv: Move, child: &Position) -> Result<Option<u32>, Outcome<Vec<Move>>> {
        let key = fingerprint(child);
        if !self.seen.insert(key as u64, key) {
            return Ok(None);
        }
        self.states += 1;
        if self.states >= self.budget {
            return Err(Outcome::Unknown(UnknownReason::StateBudget { states: self.states }));
        }
        let index = self.parents.len() as u32;
        self.parents.push(node);
        self.moves.push(mv);
        Ok(Some(index))
    }

    /// Expands `node`: every child is stored and queued; `Err` ends the search (a win, or the
    /// budget spent).
    fn expand(&mut self, node: u32) -> Result<(), Outcome<Vec<Move>>> {
        let line = self.line(node);
        let position = self.position(&line);
        let staged = self.phase == Phase::Staged;
        if staged && position.check(Move::Deal).is_ok() {
            self.level_candidates.push((score(&position), node));
        }
        let first_empty = position.empty_pile();
        for &mv in position.legal_moves().iter() {
            if renames_piles(&position, mv, first_empty)
                || (staged && (mv == Move::Deal || !promising(&position, mv)))
            {
                continue;
            }
            let mut child = position;
            child.apply(mv);
            clear_all(&mut child);
            if child.is_won() {
                let mut whole = line;
                whole.push(mv);
                return Err(Outcome::Solved(self.solution(&whole)));
            }
            if let Some(index) = self.add(node, mv, &child)? {
                self.open.push((score(&child), index));
            }
        }
        Ok(())
    }

    /// Ends a search between deals: keeps its best positions to deal from, and deals from the
    /// next one (backing up a row when a row's are all tried). `Ok(false)` when none is left.
    fn next_level(&mut self) -> Result<bool, Outcome<Vec<Move>>> {
        self.open.clear();
        let mut candidates = std::mem::take(&mut self.level_candidates);
        candidates.sort_unstable();
        let keep = candidates.len().saturating_sub(BEAM);
        self.levels.push(candidates[keep..].iter().map(|&(_, node)| node).collect());
        self.level_expanded = 0;
        loop {
            let Some(level) = self.levels.last_mut() else { return Ok(false) };
            let Some(node) = level.pop() else {
                self.levels.pop();
                continue;
            };
            let line = self.line(node);
            let mut child = self.position(&line);
            child.apply(Move::Deal);
            clear_all(&mut child);
            if child.is_won() {
                let mut whole = line;
                whole.push(Move::Deal);
                return Err(Outcome::Solved(self.solution(&whole)));
            }
            if let Some(index) = self.add(node, Move::Deal, &child)? {
                self.open.push((score(&child), index));
                return Ok(true);
            }
        }
    }

    fn work(&mut self) -> Result<(), Outcome<Vec<Move>>> {
        if self.phase == Phase::Staged && self.level_expanded >= LEVEL_EXPANSIONS {
            self.open.clear();
        }
        match self.open.pop() {
            Some((_, node)) => {
                self.level_expanded += 1;
                self.expand(node)
            }
            None if self.phase == Phase::Staged => {
                if !self.next_level()? {
                    // The staged phase proves nothing: search again with every move.
                    self.phase = Phase::Exhaustive;
                    self.begin();
                }
                Ok(())
            }
            None => Err(Outcome::Unsolvable),
        }
    }
}

/// Plays every clear the rules force, noting them in `moves`.
fn play_clears(position: &mut Position, moves: &mut Vec<Move>) {
    while let Some(pile) = position.pending_clear() {
        let mv = Move::Clear { from: pile as u8 };
        position.apply(mv);
        moves.push(mv);
    }
}

/// Plays every clear the rules force.
fn clear_all(position: &mut Position) {
    while let Some(pile) = position.pending_clear() {
        position.apply(Move::Clear { from: pile as u8 });
    }
}

/// A 128-bit fingerprint of a position reached from a given start: its piles in order with
/// their face-down counts, and the rows dealt (which say what the stock holds).
fn fingerprint(position: &Position) -> u128 {
    let mut a: u64 = 0x243F_6A88_85A3_08D3 ^ position.rows_left() as u64;
    let mut b: u64 = 0x1319_8A2E_0370_7344 ^ (position.rows_left() as u64) << 7;
    for pile in 0..PILES {
        let cards = position.pile(pile);
        let head = (pile as u64) << 16 | (position.face_down(pile) as u64) << 8 | cards.len() as u64;
        a = (a ^ head).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        b = (b ^ head).rotate_left(23).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        for card in cards {
            let c = u64::from(card.index()) + 1;
            a = (a ^ c).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            b = (b.rotate_left(17) ^ c).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        }
    }
    a ^= a >> 29;
    b ^= b >> 31;
    u128::from(a) << 64 | u128::from(b)
}

/// How promising a position looks (higher is better): runs cleared weigh most, then face-down
/// cards (fewer is better), the runs of one suit the face-up cards form (fewer, longer runs are
/// better) and empty piles.
fn score(position: &Position) -> i32 {
    let mut score = 1_000 * position.cleared().len() as i32;
    for pile in 0..PILES {
        let cards = position.pile(pile);
        let down = position.face_down(pile);
        if cards.is_empty() {
            score += EMPTY_PILE;
            continue;
        }
        score -= FACE_DOWN * down as i32 + RUN_COST;
        for depth in down + 1..cards.len() {
            let (card, under) = (cards[depth], cards[depth - 1]);
            if !continues_run(card, under) {
                score -= RUN_COST;
                if card.rank().value() + 1 == under.rank().value() {
                    score += BUILT;
                }
            }
        }
    }
    score
}

const EMPTY_PILE: i32 = 30;
const FACE_DOWN: i32 = 25;
const RUN_COST: i32 = 12;
const BUILT: i32 = 4;

/// Whether a move is worth trying in the first, pruned search: one that puts a card on the next
/// higher card of its suit, or moves a whole run of one suit off what it does not build on (a
/// face-down card, nothing, or a card it does not build on; to an empty pile, not off nothing).
/// Left out: a run split off a run of one suit, and a run moved from a card it builds on to
/// another of another suit. The search without them proves nothing, so the solver searches again
/// with every move when it runs dry.
fn promising(position: &Position, mv: Move) -> bool {
    let Move::ToPile { from, to, count } = mv else { return true };
    let (from, to, count) = (from as usize, to as usize, count as usize);
    let cards = position.pile(from);
    let depth = cards.len() - count;
    let card = cards[depth];
    let target = position.top(to);
    if target.is_some_and(|top| continues_run(card, top)) {
        return true;
    }
    if count < position.run_length(from) {
        return false;
    }
    let built =
        depth > position.face_down(from) && cards[depth - 1].rank().value() == card.rank().value() + 1;
    !built && (target.is_some() || depth > 0)
}

/// Whether `mv` only renames piles or repeats another move's position with piles renamed: a
/// move to an empty pile other than the first, or of a whole pile to an empty one.
fn renames_piles(position: &Position, mv: Move, first_empty: Option<usize>) -> bool {
    let Move::ToPile { from, to, count } = mv else { return false };
    let (from, to) = (from as usize, to as usize);
    position.pile(to).is_empty() && (Some(to) != first_empty || position.pile(from).len() == count as usize)
}

impl Search for Solver {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(done) = &self.done {
            return Some(done.clone());
        }
        for _ in 0..work.max(1) {
            if let Err(outcome) = self.work() {
                self.done = Some(outcome);
                return self.done.clone();
            }
        }
        None
    }

    fn progress(&self) -> Progress {
        Progress { states: self.states }
    }
}

/// Solves `start` with the default budget.
pub fn solve(start: &Position) -> Outcome<Vec<Move>> {
    crate::search::run_to_end(&mut Solver::new(start, Options::default()), 1 << 12)
}
