//! The Spider solver: it sees every card, face down or in the stock, and either finds a
//! winning line, proves that none exists, or gives up at a state budget.
//!
//! It searches in two phases, in slices through [`Search`]:
//! - **Guided**, to find wins fast, in attempts. Each attempt searches row by row: between two
//!   deals from the stock, a greedy best-first search by [`evaluate::score`] (face-down cards,
//!   breaks between runs of one suit, empty piles, runs cleared; newest first among equals)
//!   over the moves [`evaluate::guided_moves`] keeps (whole runs of one suit moved where they do
//!   some good), of at most a row's limit of positions. Of the positions it reached that the
//!   stock can deal on, the best few by their score after the deal (one per score) are dealt
//!   from, best first, each starting the same search one row further on; the next is tried when
//!   that search runs dry (a depth-first search over the rows). The last row, where the game is
//!   won, may search [`LAST_ROW_FACTOR`] times longer. An attempt ends after
//!   [`ATTEMPT_STATES`] positions; the next starts afresh with its weights shaken and its limits
//!   drawn anew (from a fixed seed, so runs repeat), so that it looks elsewhere. This phase
//!   leaves moves and positions out, so it proves nothing.
//! - **Exhaustive**, once the guided phase has spent 15/16 of the budget: a best-first search
//!   over every legal move, which proves the deal lost when it runs out of positions.
//!
//! Every position reached in a phase or attempt is remembered by its fingerprint
//! ([`key::fingerprint`]; once the stock is empty, positions that differ only by the piles'
//! order share one), so none is searched twice. A node keeps only the move that reached it and
//! its parent; a position is rebuilt from its parent's when that was the last one expanded (the
//! usual case in a greedy search), else from the nearest ancestor's packed snapshot. A move's
//! child is scored and fingerprinted from the two piles it changed. The only moves the
//! exhaustive phase leaves out, once the stock is empty, give a position it already has with
//! two piles' names swapped (to an empty pile but the first, a whole pile to an empty one);
//! while the stock holds rows it leaves none out, since pile `i` will be dealt the stock's
//! card `i`. Clears are forced by the rules. So its proofs are proofs, up to a fingerprint
//! collision (see [`key::fingerprint`]).

mod evaluate;
mod key;

use std::collections::BinaryHeap;

use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

use super::rules::{Move, Position, PILES};
pub use evaluate::Weights;
use evaluate::{cleared_score, guided_moves, pile_score, score};
use key::{fingerprint, pile_fingerprint, PileSum};

/// The default state budget (docs/BENCHMARKS.md, Spider): 8-13 s of CPU natively, the more the
/// more loaded the machine. Four-suit wins still come after 6,000,000 states, at a slowly
/// falling rate.
pub const DEFAULT_BUDGET: u64 = 9_000_000;

/// The most states any budget allows. Memory is bounded by the states kept at once: an
/// attempt's [`ATTEMPT_STATES`], or the exhaustive phase's 1/16 of the budget, each a 16-byte
/// slot in a table at most 3/4 full, 12 bytes of node, 8 of heap and a few of packed snapshots.
pub const MAX_STATES: u64 = 20_000_000;

/// The states each attempt of the guided phase may store before the next one starts afresh.
pub const ATTEMPT_STATES: u64 = 300_000;

/// How the solver runs: its budget, at most [`MAX_STATES`] states, and the guided phase's
/// first weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub budget: Budget,
    pub weights: Weights,
}

impl Default for Options {
    fn default() -> Options {
        Options { budget: Budget::states(DEFAULT_BUDGET), weights: Weights::default() }
    }
}

/// The expanded nodes whose positions are kept, packed: those at a depth that is a multiple of
/// this, so that any position is rebuilt from a kept one in fewer moves.
const SNAPSHOT_EVERY: u32 = 4;

/// How many times a row's expansions the last row's search may make, where the game is won.
const LAST_ROW_FACTOR: u64 = 4;

/// No parent: the root.
const ROOT: u32 = u32::MAX;

/// Which phase the search is in (see the module's docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Guided,
    Exhaustive,
}

/// How one attempt of the guided phase searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Attempt {
    weights: Weights,
    /// The positions a row's search expands before it deals (four times as many once the stock
    /// is empty, where the game is won).
    row_limit: u64,
    /// The candidates a row keeps to deal from.
    beam: usize,
    /// Whether runs may move between two cards one rank higher of other suits
    /// ([`guided_moves`]).
    lateral: bool,
}

impl Attempt {
    /// The first attempt: the given weights and middling limits.
    fn first(weights: Weights) -> Attempt {
        Attempt { weights, row_limit: 5_000, beam: 4, lateral: false }
    }

    /// A later attempt: the weights shaken by up to 80% each, the limits drawn afresh, so that
    /// it looks elsewhere than the attempts before it. (Shaken by up to 40%, the attempts
    /// looked too much alike: on four-suit games 1..300 not won by the first attempt, 80% won
    /// more of them within the budget, in fewer states.)
    fn shaken(weights: Weights, random: &mut crate::deal::SplitMix64) -> Attempt {
        let mut shake = |weight: i32| weight * (20 + random.below(161) as i32) / 100;
        let weights = Weights {
            cleared: shake(weights.cleared),
            empty_pile: shake(weights.empty_pile),
            face_down: shake(weights.face_down),
            base: shake(weights.base),
            off_suit: shake(weights.off_suit),
            unbuilt: shake(weights.unbuilt),
        };
        let row_limit = [1_000, 3_000, 10_000, 30_000][random.below(4) as usize];
        let beam = [2, 3, 4, 6][random.below(4) as usize];
        let lateral = random.below(2) == 0;
        Attempt { weights, row_limit, beam, lateral }
    }
}

/// A Spider search, run in slices through [`Search`]. A unit of [`Search::step`]'s work is one
/// position expanded (all its moves tried); [`Search::progress`] counts the distinct positions
/// stored, which the budget bounds.
pub struct Solver {
    start: Position,
    /// The start with its forced clears played: the position of node 0.
    root: Position,
    weights: Weights,
    attempt: Attempt,
    /// The states stored when the current attempt began.
    attempt_began: u64,
    random: crate::deal::SplitMix64,
    seen: crate::search::Table<u64, ()>,
    parents: Vec<u32>,
    moves: Vec<Move>,
    depths: Vec<u32>,
    /// Packed positions ([`Position::pack`]) of the expanded nodes at a depth that is a multiple
    /// of [`SNAPSHOT_EVERY`], by node: where each starts in `packed`.
    snapshots: std::collections::HashMap<u32, u32>,
    packed: Vec<u8>,
    open: BinaryHeap<(i32, u32)>,
    budget: u64,
    states: u64,
    phase: Phase,
    /// The last node expanded, whose position `last_position` holds: its children are rebuilt
    /// from it cheaply. (One box, reused, rather than one allocated per expansion; taken out
    /// only while a node is expanded, which rebuilds its position in it.)
    last: Option<u32>,
    last_position: Option<Box<Position>>,
    /// The last expanded position's piles' fingerprints and scores: a child's differ only in
    /// the two piles its move changed.
    last_piles: PileFigures,
    /// The moves of the node being expanded; kept to spare an allocation or a large list's
    /// initialisation per expansion.
    move_buffer: Vec<Move>,
    /// The guided phase's candidates to deal from, one list per row dealt, best last.
    rows: Vec<Vec<(i32, u32)>>,
    /// The positions expanded in the current row's search, and those the stock can deal on,
    /// each with its score after the deal.
    row_expanded: u64,
    row_limit: u64,
    row_candidates: Vec<(i32, u32)>,
    done: Option<Outcome<Vec<Move>>>,
}

impl Solver {
    pub fn new(start: &Position, options: Options) -> Solver {
        let mut root = *start;
        let mut forced = Vec::new();
        play_clears(&mut root, &mut forced);
        let mut solver = Solver {
            start: *start,
            root,
            weights: options.weights,
            attempt: Attempt::first(options.weights),
            attempt_began: 0,
            random: crate::deal::SplitMix64::new(0x5EED),
            seen: crate::search::Table::with_slots(1 << 12),
            parents: Vec::new(),
            moves: Vec::new(),
            depths: Vec::new(),
            snapshots: std::collections::HashMap::new(),
            packed: Vec::new(),
            open: BinaryHeap::new(),
            budget: options.budget.states.min(MAX_STATES),
            states: 0,
            phase: Phase::Guided,
            last: None,
            last_position: Some(Box::new(root)),
            last_piles: PileFigures::default(),
            move_buffer: Vec::new(),
            rows: Vec::new(),
            row_expanded: 0,
            row_limit: 0,
            row_candidates: Vec::new(),
            done: None,
        };
        if root.is_won() {
            solver.done = Some(Outcome::Solved(forced));
        } else {
            solver.begin();
        }
        solver
    }

    /// A solver with the default options but a budget of `states`.
    pub fn with_budget(start: &Position, states: u64) -> Solver {
        Solver::new(start, Options { budget: Budget::states(states), ..Options::default() })
    }

    /// Starts an attempt or a phase from the root, forgetting the positions of any earlier one
    /// (but not the states it spent).
    fn begin(&mut self) {
        self.seen = crate::search::Table::with_slots(1 << 12);
        self.parents.clear();
        self.moves.clear();
        self.depths.clear();
        self.snapshots.clear();
        self.packed.clear();
        self.open.clear();
        self.rows.clear();
        self.row_candidates.clear();
        self.row_expanded = 0;
        self.last = None;
        self.attempt_began = self.states;
        let (key, hash) = fingerprint(&self.root);
        self.seen.insert(hash, key);
        self.states += 1;
        self.parents.push(ROOT);
        self.moves.push(Move::Deal);
        self.depths.push(0);
        self.row_limit = self.row_limit_at(&self.root);
        self.open.push((self.score(&self.root), 0));
    }

    fn score(&self, position: &Position) -> i32 {
        score(position, &self.attempt.weights)
    }

    /// The expansions a row's search may make from `position`, the row's first.
    fn row_limit_at(&self, position: &Position) -> u64 {
        if position.rows_left() == 0 {
            self.attempt.row_limit * LAST_ROW_FACTOR
        } else {
            self.attempt.row_limit
        }
    }

    /// The moves from the root to `node`, oldest first (the root has none).
    fn line(&self, node: u32) -> Vec<Move> {
        let mut chain = Vec::new();
        let mut at = node;
        while self.parents[at as usize] != ROOT {
            chain.push(self.moves[at as usize]);
            at = self.parents[at as usize];
        }
        chain.reverse();
        chain
    }

    /// The position of `node`: from its parent's if that was the last expanded, else from the
    /// nearest ancestor's packed snapshot.
    fn position(&self, node: u32) -> Position {
        let mut position = **self.last_position.as_ref().expect("kept outside an expansion");
        self.rebuild(node, &mut position);
        position
    }

    /// Turns `position`, the last expanded node's (`last`), into the position of `node`: in
    /// place when `node` is its child, else from the root or the nearest snapshot.
    fn rebuild(&self, node: u32, position: &mut Position) {
        let parent = self.parents[node as usize];
        if parent == ROOT {
            *position = self.root;
            return;
        }
        if self.last == Some(parent) {
            position.apply(self.moves[node as usize]);
            clear_all(position);
            return;
        }
        let mut chain = vec![self.moves[node as usize]];
        let mut at = parent;
        *position = self.root;
        loop {
            if let Some(&offset) = self.snapshots.get(&at) {
                position.unpack(&self.packed[offset as usize..]);
                break;
            }
            if self.parents[at as usize] == ROOT {
                break;
            }
            chain.push(self.moves[at as usize]);
            at = self.parents[at as usize];
        }
        for &mv in chain.iter().rev() {
            position.apply(mv);
            clear_all(position);
        }
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
    fn add(
        &mut self,
        node: u32,
        mv: Move,
        (key, hash): (u64, u64),
    ) -> Result<Option<u32>, Outcome<Vec<Move>>> {
        if !self.seen.insert(hash, key) {
            return Ok(None);
        }
        self.states += 1;
        if self.states >= self.budget {
            return Err(Outcome::Unknown(UnknownReason::StateBudget { states: self.states }));
        }
        let index = self.parents.len() as u32;
        self.parents.push(node);
        self.moves.push(mv);
        self.depths.push(self.depths[node as usize] + 1);
        Ok(Some(index))
    }

    /// Expands `node`: every child is stored and queued; `Err` ends the search (a win, or the
    /// budget spent). In the guided phase the deal is not among the moves: a position the stock
    /// can deal on becomes a candidate to deal from when its row's search ends.
    fn expand(&mut self, node: u32) -> Result<(), Outcome<Vec<Move>>> {
        // Rebuilt in the last expanded position's box, which it then stays in (two copies of
        // the whole position fewer than rebuilding a copy and storing it back).
        let mut position = self.last_position.take().expect("kept outside an expansion");
        self.rebuild(node, &mut position);
        let piles = match self.moves[node as usize] {
            Move::ToPile { from, to, .. } if self.last == Some(self.parents[node as usize]) => {
                let mut piles = self.last_piles;
                piles.update(&position, &self.attempt.weights, [from as usize, to as usize]);
                piles
            }
            _ => PileFigures::of(&position, &self.attempt.weights),
        };
        debug_assert_eq!(piles, PileFigures::of(&position, &self.attempt.weights));
        if self.depths[node as usize] % SNAPSHOT_EVERY == 0 {
            self.snapshots.insert(node, self.packed.len() as u32);
            position.pack(&mut self.packed);
        }
        let mut moves = std::mem::take(&mut self.move_buffer);
        moves.clear();
        match self.phase {
            Phase::Guided => guided_moves(&position, self.attempt.lateral, &mut moves),
            Phase::Exhaustive => every_distinct_move(&position, &mut moves),
        }
        let outcome = self.expand_moves(node, &position, &piles, &moves);
        self.move_buffer = moves;
        self.last_position = Some(position);
        self.last_piles = piles;
        self.last = Some(node);
        outcome?;
        self.row_expanded += 1;
        Ok(())
    }

    /// Stores and queues the children of `node` (at `position`) by `moves`.
    fn expand_moves(
        &mut self,
        node: u32,
        position: &Position,
        piles: &PileFigures,
        moves: &[Move],
    ) -> Result<(), Outcome<Vec<Move>>> {
        let weights = self.attempt.weights;
        let mut key_sum = PileSum::default();
        piles.keys.iter().for_each(|&key| key_sum.add(key));
        let score_sum: i32 = piles.scores.iter().sum();
        // One child at a time in one copy, brought back to `position` after each (see
        // `take_back`): copying the whole position per child was most of the work.
        let mut child = *position;
        for &mv in moves {
            child.apply(mv);
            let (key, score) = match mv {
                Move::ToPile { from, to, .. } => {
                    // Only the two piles changed: rescore and refingerprint just them.
                    let (from, to) = (from as usize, to as usize);
                    clear_pile(&mut child, to);
                    clear_pile(&mut child, from);
                    let mut sum = key_sum;
                    let mut score = score_sum + cleared_score(&child, &weights);
                    for pile in [from, to] {
                        sum.remove(piles.keys[pile]);
                        sum.add(pile_fingerprint(&child, pile));
                        score += pile_score(&child, pile, &weights) - piles.scores[pile];
                    }
                    (sum.finish(&child), score)
                }
                _ => {
                    clear_all(&mut child);
                    (fingerprint(&child), self.score(&child))
                }
            };
            debug_assert_eq!((key, score), (fingerprint(&child), self.score(&child)), "{mv}");
            if child.is_won() {
                let mut line = self.line(node);
                line.push(mv);
                return Err(Outcome::Solved(self.solution(&line)));
            }
            take_back(&mut child, position, mv);
            if self.phase == Phase::Guided && mv == Move::Deal {
                self.row_candidates.push((score, node));
                continue;
            }
            if let Some(index) = self.add(node, mv, key)? {
                self.open.push((score, index));
            }
        }
        Ok(())
    }

    /// Ends a row's search: keeps its best candidates to deal from, and deals from the next
    /// candidate (backing up a row when a row's are all tried). `Ok(false)` when none is left.
    fn next_row(&mut self) -> Result<bool, Outcome<Vec<Move>>> {
        self.open.clear();
        let mut candidates = std::mem::take(&mut self.row_candidates);
        candidates.sort_unstable();
        // Candidates of equal score after the deal are most often one position reached by
        // moves in another order, or with a swap that changes nothing: keep one of each.
        candidates.dedup_by_key(|candidate| candidate.0);
        let keep = candidates.len().saturating_sub(self.attempt.beam);
        self.rows.push(candidates.split_off(keep));
        self.row_expanded = 0;
        loop {
            let Some(row) = self.rows.last_mut() else { return Ok(false) };
            let Some((_, node)) = row.pop() else {
                self.rows.pop();
                continue;
            };
            let mut child = self.position(node);
            child.apply(Move::Deal);
            clear_all(&mut child);
            if child.is_won() {
                let mut line = self.line(node);
                line.push(Move::Deal);
                return Err(Outcome::Solved(self.solution(&line)));
            }
            if let Some(index) = self.add(node, Move::Deal, fingerprint(&child))? {
                self.row_limit = self.row_limit_at(&child);
                self.open.push((self.score(&child), index));
                return Ok(true);
            }
        }
    }

    /// Ends a guided attempt: starts the next one, or the exhaustive phase once the guided
    /// phase has had its share of the budget.
    fn next_attempt(&mut self) {
        if self.states >= self.budget / 16 * 15 {
            self.phase = Phase::Exhaustive;
        } else {
            self.attempt = Attempt::shaken(self.weights, &mut self.random);
        }
        self.begin();
    }

    fn work(&mut self) -> Result<(), Outcome<Vec<Move>>> {
        if self.phase == Phase::Exhaustive {
            return match self.open.pop() {
                Some((_, node)) => self.expand(node),
                None => Err(Outcome::Unsolvable),
            };
        }
        if self.states - self.attempt_began >= ATTEMPT_STATES {
            self.next_attempt();
            return Ok(());
        }
        if self.row_expanded >= self.row_limit {
            self.open.clear();
        }
        match self.open.pop() {
            Some((_, node)) => self.expand(node),
            None => {
                if !self.next_row()? {
                    self.next_attempt();
                }
                Ok(())
            }
        }
    }
}

/// Each pile's fingerprint ([`pile_fingerprint`]) and score ([`pile_score`]) in a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PileFigures {
    keys: [(u64, u64); PILES],
    scores: [i32; PILES],
}

impl PileFigures {
    fn of(position: &Position, weights: &Weights) -> PileFigures {
        PileFigures {
            keys: std::array::from_fn(|pile| pile_fingerprint(position, pile)),
            scores: std::array::from_fn(|pile| pile_score(position, pile, weights)),
        }
    }

    /// Refigures `piles` of `position`, the only ones that changed since these figures.
    fn update(&mut self, position: &Position, weights: &Weights, piles: [usize; 2]) {
        for pile in piles {
            self.keys[pile] = pile_fingerprint(position, pile);
            self.scores[pile] = pile_score(position, pile, weights);
        }
    }
}

/// Every legal move (no clear is due) but those that, once the stock is empty, only rename
/// piles: a move to an empty pile other than the first, or of a whole pile to an empty one.
/// While the stock holds rows, piles differ by the cards they will be dealt, so every move stays.
fn every_distinct_move(position: &Position, moves: &mut Vec<Move>) {
    let first_empty = position.empty_pile();
    let stock_empty = position.rows_left() == 0;
    for &mv in position.legal_moves().iter() {
        let renames = match mv {
            Move::ToPile { from, to, count } => {
                let (from, to) = (from as usize, to as usize);
                stock_empty
                    && position.pile(to).is_empty()
                    && (Some(to) != first_empty || position.pile(from).len() == count as usize)
            }
            _ => false,
        };
        if !renames {
            moves.push(mv);
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

/// Plays every clear the rules force on pile `pile`.
fn clear_pile(position: &mut Position, pile: usize) {
    while position.has_complete_run(pile) {
        position.apply(Move::Clear { from: pile as u8 });
    }
}

/// Brings `child`, which is `position` after `mv` and the clears it forced, back to
/// `position`: by the reverse move when that restores every pile (no card was turned up and no
/// run cleared; the cards it leaves past the end of the target pile are never read), else by a
/// copy.
fn take_back(child: &mut Position, position: &Position, mv: Move) {
    match mv {
        Move::ToPile { from, to, count }
            if child.face_down(from as usize) == position.face_down(from as usize)
                && child.cleared().len() == position.cleared().len() =>
        {
            child.apply(Move::ToPile { from: to, to: from, count });
        }
        _ => *child = *position,
    }
    debug_assert!(
        (0..PILES).all(|pile| child.pile(pile) == position.pile(pile)
            && child.face_down(pile) == position.face_down(pile))
            && child.cleared() == position.cleared()
            && child.stock() == position.stock()
            && child.rows_left() == position.rows_left(),
        "{mv}"
    );
}

/// Plays every clear the rules force.
fn clear_all(position: &mut Position) {
    while let Some(pile) = position.pending_clear() {
        position.apply(Move::Clear { from: pile as u8 });
    }
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
