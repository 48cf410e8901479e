//! FreeCell with fewer free cells: the solver always plays with four, so grading searches the
//! same deal with `k` cells itself (docs/RULES.md, "Difficulty").
//!
//! A best-first search over the rules' own moves, keeping only those a `k`-cell game allows:
//! a card into a free cell only while fewer than `k` are occupied, and a sequence move only
//! within the capacity `(k - occupied + 1) * 2^(empty cascades)`. Safe autoplay is collapsed
//! into every move (it never throws a win away, see the solver's docs). Seen positions are
//! kept whole, up to the order of cascades and cells, so running out of positions to try is
//! a proof that no `k`-cell win exists; running out of budget proves nothing. A win found is
//! checked by [`super::grading::cells_needed`] before it counts.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use crate::games::freecell::{capacity, Autoplay, Move, Position, Source, Target, CELLS};
use crate::search::{Outcome, Progress, UnknownReason};

/// A search for a win of `start` with `cells` free cells.
pub struct FewerCells {
    start: Position,
    cells: usize,
    budget: u64,
    /// Per node: its parent and the moves that led to it from there.
    nodes: Vec<(u32, Vec<Move>)>,
    open: BinaryHeap<Reverse<(u32, u32)>>,
    positions: Vec<Option<Position>>,
    seen: HashSet<Vec<u8>>,
    done: Option<Outcome<Vec<Move>>>,
}

impl FewerCells {
    pub fn new(start: &Position, cells: usize, budget: u64) -> FewerCells {
        let mut root = start.clone();
        let autoplay = root.autoplay(Autoplay::Safe);
        let mut search = FewerCells {
            start: start.clone(),
            cells: cells.min(CELLS),
            budget,
            nodes: Vec::new(),
            open: BinaryHeap::new(),
            positions: Vec::new(),
            seen: HashSet::new(),
            done: None,
        };
        let occupied = CELLS - start.empty_cells();
        if occupied > search.cells {
            // More cards in cells than the game has cells: not a position of that game.
            search.done = Some(Outcome::Unsolvable);
            return search;
        }
        search.add(u32::MAX, autoplay, root);
        search
    }

    fn add(&mut self, parent: u32, moves: Vec<Move>, position: Position) {
        if !self.seen.insert(key(&position)) {
            return;
        }
        let node = self.nodes.len() as u32;
        self.open.push(Reverse((estimate(&position), node)));
        self.nodes.push((parent, moves));
        self.positions.push(Some(position));
    }

    fn line(&self, mut node: u32) -> Vec<Move> {
        let mut parts = Vec::new();
        while node != u32::MAX {
            let (parent, moves) = &self.nodes[node as usize];
            parts.push(moves.clone());
            node = *parent;
        }
        parts.into_iter().rev().flatten().collect()
    }

    /// The moves a `k`-cell game allows (free-cell moves to the first empty cell only).
    fn moves(&self, position: &Position) -> Vec<Move> {
        let occupied = CELLS - position.empty_cells();
        let free = self.cells - occupied;
        let first_empty = (0..CELLS as u8).find(|&i| position.cell(usize::from(i)).is_none());
        position
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| match (mv.from, mv.to) {
                (_, Target::Cell(i)) => free > 0 && Some(i) == first_empty,
                (Source::Cascade(_), Target::Cascade(to)) if mv.cards > 1 => {
                    let to_empty = position.cascade(usize::from(to)).is_empty();
                    let empty = position.empty_cascades() - usize::from(to_empty);
                    usize::from(mv.cards) <= capacity(free, empty)
                }
                _ => true,
            })
            .collect()
    }

    /// Expands about `work` positions; the outcome once known.
    pub fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(done) = &self.done {
            return Some(done.clone());
        }
        for _ in 0..work {
            let Some(Reverse((_, node))) = self.open.pop() else {
                self.done = Some(Outcome::Unsolvable);
                return self.done.clone();
            };
            let Some(position) = self.positions[node as usize].take() else { continue };
            if position.is_won() {
                let line = self.line(node);
                let checked = super::grading::cells_needed(&self.start, &line)
                    .is_some_and(|k| usize::from(k) <= self.cells);
                // A line the check refuses would be a bug here: never claim it.
                self.done = Some(if checked {
                    Outcome::Solved(line)
                } else {
                    Outcome::Unknown(UnknownReason::StateBudget { states: self.seen.len() as u64 })
                });
                return self.done.clone();
            }
            if self.seen.len() as u64 >= self.budget {
                self.done =
                    Some(Outcome::Unknown(UnknownReason::StateBudget { states: self.seen.len() as u64 }));
                return self.done.clone();
            }
            for mv in self.moves(&position) {
                let mut child = position.clone();
                child.play_unchecked(mv);
                let mut moves = vec![mv];
                moves.extend(child.autoplay(Autoplay::Safe));
                self.add(node, moves, child);
            }
        }
        None
    }

    pub fn progress(&self) -> Progress {
        Progress { states: self.seen.len() as u64 }
    }
}

/// The position up to the order of cascades and of free cells.
fn key(position: &Position) -> Vec<u8> {
    let mut cascades: Vec<&Vec<crate::Card>> = position.cascades().iter().collect();
    cascades.sort();
    let mut cells: Vec<u8> = position.cells().iter().flatten().map(|c| c.index()).collect();
    cells.sort_unstable();
    let mut key = Vec::with_capacity(64);
    for cascade in cascades {
        key.extend(cascade.iter().map(|c| c.index()));
        key.push(u8::MAX);
    }
    key.extend(cells);
    key
}

/// Lower is closer to a win: cards not home (three each), cards above the next card each
/// foundation needs, and occupied cells.
fn estimate(position: &Position) -> u32 {
    let left = 52 - position.home_count() as u32;
    let mut above = 0;
    for cascade in position.cascades() {
        if let Some(depth) = cascade.iter().position(|&card| position.fits_foundation(card)) {
            above += (cascade.len() - depth - 1) as u32;
        }
    }
    let occupied = (CELLS - position.empty_cells()) as u32;
    3 * left + above + occupied
}
