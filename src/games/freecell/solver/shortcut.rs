//! Shortcut search on a found solution: from each state along it, a small uniform-cost search
//! of a few moves looks for a later state of the same solution reached for fewer single-card
//! moves than the solution spends between the two; the cheaper line is spliced in.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use super::generate::Gen;
use super::state::{State, NONE};
use super::table::PassThrough;
use super::MoveSet;
use crate::games::freecell::rules::{Move, Source, Target, CASCADES, CELLS};

type Map<V> = HashMap<u64, V, BuildHasherDefault<PassThrough>>;
type Set = HashSet<u64, BuildHasherDefault<PassThrough>>;

/// The single-card cost of `mv` here, moves home free (every solution sends each card home
/// once: only the other moves tell solutions apart).
#[inline]
fn cost(state: &State, mv: Move) -> u32 {
    match mv.to {
        Target::Foundation => 0,
        _ => state.move_cost(mv),
    }
}

/// A node of the search from one state of the solution: how it was reached (its state is
/// built only when it is expanded, or when it reaches a state of the solution).
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    mv: Move,
    /// Index in `states` once built, else [`Node::UNBUILT`].
    state: u32,
}

impl Node {
    const UNBUILT: u32 = u32::MAX;
}

/// Shortcut search with the reusable buffers.
pub(super) struct Shortcuts {
    /// States expanded from each state of the solution.
    expansions: usize,
    nodes: Vec<Node>,
    states: Vec<State>,
    seen: Set,
    /// Open nodes by cost.
    buckets: Vec<Vec<u32>>,
    gen: Box<Gen>,
}

/// The best shortcut found from one state: the node it ends at, and the solution's index of
/// the state it reaches.
struct Found {
    node: u32,
    to: usize,
    gain: u32,
}

impl Shortcuts {
    pub(super) fn new(expansions: usize) -> Shortcuts {
        Shortcuts {
            expansions,
            nodes: Vec::new(),
            states: Vec::new(),
            seen: Set::default(),
            buckets: Vec::new(),
            gen: Box::new(Gen::new()),
        }
    }

    /// Shortens a winning path of solver moves from `root` (each followed by safe autoplay):
    /// the returned path wins too, for no more single-card moves.
    pub(super) fn run(&mut self, root: State, mut path: Vec<Move>) -> Vec<Move> {
        if self.expansions == 0 {
            return path;
        }
        let (mut states, mut spent) = replay(root, &path);
        if !states.last().is_some_and(State::is_won) {
            return path;
        }
        let mut index = Map::default();
        let mut i = 0;
        while i < path.len() {
            index.clear();
            for (k, s) in states.iter().enumerate().skip(i + 2) {
                index.insert(s.hash, k);
            }
            let Some(found) = self.search(&states, &spent, i, &index) else {
                i += 1;
                continue;
            };
            // The shortcut's moves, then the rest of the solution in the shortcut's layout.
            let mut moves = Vec::new();
            let mut n = found.node as usize;
            while n != 0 {
                moves.push(self.nodes[n].mv);
                n = self.nodes[n].parent as usize;
            }
            moves.reverse();
            let end = self.build(found.node as usize);
            let (slots, cells) = relabel(&states[found.to], &end);
            let mut edited = path[..i].to_vec();
            edited.extend(moves);
            edited.extend(path[found.to..].iter().map(|&mv| renamed(mv, &slots, &cells)));
            let (s, c) = replay(root, &edited);
            let total = *c.last().unwrap_or(&0);
            let before = *spent.last().unwrap_or(&0);
            debug_assert!(s.last().is_some_and(State::is_won) && total + found.gain == before);
            if s.last().is_some_and(State::is_won) && total < before {
                (path, states, spent) = (edited, s, c);
            } else {
                i += 1;
            }
        }
        path
    }

    /// The best shortcut from `states[i]` within the expansion budget, if any.
    fn search(&mut self, states: &[State], spent: &[u32], i: usize, index: &Map<usize>) -> Option<Found> {
        let start = states[i];
        let ahead = spent[spent.len() - 1] - spent[i];
        self.nodes.clear();
        self.states.clear();
        self.seen.clear();
        for b in &mut self.buckets {
            b.clear();
        }
        self.seen.insert(start.hash);
        let filler = Move::single(super::state::card(0), Source::Cell(0), Target::Foundation);
        self.nodes.push(Node { parent: 0, mv: filler, state: 0 });
        self.states.push(start);
        self.push(0, 0);
        let mut best: Option<Found> = None;
        let mut expanded = 0;
        let mut c = 0;
        while expanded < self.expansions {
            // The cheapest open node.
            while c < self.buckets.len() && self.buckets[c].is_empty() {
                c += 1;
            }
            let Some(at) = self.buckets.get_mut(c).and_then(Vec::pop) else { break };
            // No shortcut through a node this dear can beat the best found.
            if c as u32 + best.as_ref().map_or(1, |b| b.gain + 1) > ahead {
                break;
            }
            expanded += 1;
            let state = self.build(at as usize);
            state.generate(MoveSet::Sequences, &mut self.gen);
            for k in 0..self.gen.len {
                let mv = self.gen.moves[k].0;
                let g = c as u32 + cost(&state, mv);
                // The child's hash from the move alone, unless autoplay follows it.
                let (hash, child) = match state.quick_hash(mv) {
                    Some(hash) => (hash, None),
                    None => {
                        let mut child = state;
                        child.apply(mv);
                        child.settle();
                        (child.hash, Some(child))
                    }
                };
                if !self.seen.insert(hash) {
                    continue;
                }
                let node = self.nodes.len() as u32;
                self.nodes.push(Node { parent: at, mv, state: Node::UNBUILT });
                if let Some(child) = child {
                    self.nodes[node as usize].state = self.states.len() as u32;
                    self.states.push(child);
                }
                if let Some(&j) = index.get(&hash) {
                    let gain = (spent[j] - spent[i]).saturating_sub(g);
                    if gain > best.as_ref().map_or(0, |b| b.gain)
                        && states[j].below == self.build(node as usize).below
                    {
                        best = Some(Found { node, to: j, gain });
                    }
                }
                self.push(g as usize, node);
            }
        }
        best
    }

    /// The state of node `n`, built from its parent's if need be (the parent was expanded, so
    /// it is built).
    fn build(&mut self, n: usize) -> State {
        let node = self.nodes[n];
        if node.state != Node::UNBUILT {
            return self.states[node.state as usize];
        }
        let mut state = self.states[self.nodes[node.parent as usize].state as usize];
        state.apply(node.mv);
        state.settle();
        self.nodes[n].state = self.states.len() as u32;
        self.states.push(state);
        state
    }

    fn push(&mut self, cost: usize, node: u32) {
        if cost >= self.buckets.len() {
            self.buckets.resize_with(cost + 1, Vec::new);
        }
        self.buckets[cost].push(node);
    }
}

/// The settled states along `path` from `root` (the root first) and the cost spent to reach
/// each, while its moves are legal.
fn replay(root: State, path: &[Move]) -> (Vec<State>, Vec<u32>) {
    let mut states = Vec::with_capacity(path.len() + 1);
    let mut spent = Vec::with_capacity(path.len() + 1);
    let (mut state, mut total) = (root, 0);
    states.push(state);
    spent.push(0);
    for &mv in path {
        if !state.is_legal(mv) {
            // Not a win: the caller keeps what it had.
            states.push(state);
            spent.push(u32::MAX / 2);
            break;
        }
        total += cost(&state, mv);
        state.apply(mv);
        state.settle();
        states.push(state);
        spent.push(total);
    }
    (states, spent)
}

/// For two states with the same cards in the same places (up to which cascade slot and which
/// free cell holds what), where each slot and cell of `old` is in `new`.
fn relabel(old: &State, new: &State) -> ([u8; CASCADES], [u8; CELLS]) {
    fn pair<const N: usize>(old: &[u8; N], new: &[u8; N]) -> [u8; N] {
        let mut map = [0u8; N];
        let mut taken = [false; N];
        for (k, &c) in old.iter().enumerate() {
            if c != NONE {
                let to = new.iter().position(|&x| x == c).unwrap_or(k);
                map[k] = to as u8;
                taken[to] = true;
            }
        }
        // The empty ones in order.
        let mut free = (0..N).filter(|&k| new[k] == NONE);
        for (k, &c) in old.iter().enumerate() {
            if c == NONE {
                let to = free.find(|&t| !taken[t]).unwrap_or(k);
                map[k] = to as u8;
            }
        }
        map
    }
    (pair(&old.tops, &new.tops), pair(&old.cells, &new.cells))
}

/// `mv` with its slots and cells renamed.
fn renamed(mv: Move, slots: &[u8; CASCADES], cells: &[u8; CELLS]) -> Move {
    let from = match mv.from {
        Source::Cascade(i) => Source::Cascade(slots[usize::from(i) % CASCADES]),
        Source::Cell(i) => Source::Cell(cells[usize::from(i) % CELLS]),
    };
    let to = match mv.to {
        Target::Cascade(i) => Target::Cascade(slots[usize::from(i) % CASCADES]),
        Target::Cell(i) => Target::Cell(cells[usize::from(i) % CELLS]),
        Target::Foundation => Target::Foundation,
    };
    Move { from, to, ..mv }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::DealNumber;
    use crate::games::freecell::rules::Position;
    use crate::games::freecell::solver::state::HOME;
    use crate::games::freecell::solver::{Mode, Solver};
    use crate::search::Outcome;

    /// Deal `deal`'s settled start and its fast solution as solver moves (autoplay left out).
    fn solver_path(deal: u64) -> (State, Vec<Move>) {
        let position = Position::deal(DealNumber::new(deal).unwrap());
        let Outcome::Solved(moves) = Solver::solve(&position, Mode::Fast) else { panic!("deal {deal}") };
        let mut root = State::new(&position);
        root.settle();
        let mut state = root;
        let mut path = Vec::new();
        for mv in moves {
            if state.below[usize::from(mv.card.index())] == HOME {
                continue;
            }
            assert!(state.is_legal(mv), "deal {deal}: {mv:?}");
            state.apply(mv);
            state.settle();
            path.push(mv);
        }
        assert!(state.is_won());
        (root, path)
    }

    fn total(root: State, path: &[Move]) -> Option<u32> {
        let (states, spent) = replay(root, path);
        states.last().is_some_and(State::is_won).then(|| *spent.last().unwrap())
    }

    /// Every shortcut kept replays to a win, never for more single-card moves, and some are
    /// found along the fast solutions of deals 1..20.
    #[test]
    fn shortcuts_keep_a_win_and_shorten_some_solutions() {
        let mut shortcuts = Shortcuts::new(50);
        let (mut before, mut after) = (0, 0);
        for deal in 1..=20 {
            let (root, path) = solver_path(deal);
            let cost = total(root, &path).unwrap();
            let shorter = shortcuts.run(root, path);
            let new_cost = total(root, &shorter).unwrap_or_else(|| panic!("deal {deal}: no longer a win"));
            assert!(new_cost <= cost, "deal {deal}: {new_cost} > {cost}");
            before += cost;
            after += new_cost;
        }
        assert!(after < before, "{after} vs {before}");
    }

    /// A detour that leaves a card in another free cell than the direct move would (the rest of
    /// the solution naming that cell) is cut, the rest renamed to the shortcut's layout.
    #[test]
    fn a_shortcut_to_another_layout_renames_the_rest() {
        let mut checked = 0;
        for deal in 1..=10 {
            let (root, path) = solver_path(deal);
            let cost = total(root, &path).unwrap();
            let (states, _) = replay(root, &path);
            // The first move into a free cell with another free cell beside it.
            let Some((i, f, g)) = path.iter().enumerate().find_map(|(i, mv)| match (mv.from, mv.to) {
                (Source::Cascade(_), Target::Cell(f)) => {
                    let g = (0..CELLS as u8).find(|&g| g != f && states[i].cells[usize::from(g)] == NONE)?;
                    Some((i, f, g))
                }
                _ => None,
            }) else {
                continue;
            };
            // Park the card in cell `f`, move it on to cell `g`, and swap the two cells in
            // every later move.
            let mut swap = [0, 1, 2, 3];
            swap.swap(usize::from(f), usize::from(g));
            let mut detour = path[..=i].to_vec();
            detour.push(Move::single(path[i].card, Source::Cell(f), Target::Cell(g)));
            detour.extend(path[i + 1..].iter().map(|&mv| renamed(mv, &[0, 1, 2, 3, 4, 5, 6, 7], &swap)));
            assert_eq!(total(root, &detour), Some(cost + 1), "deal {deal}");
            let shorter = Shortcuts::new(5).run(root, detour);
            // (It may find more than the detour.)
            let new_cost = total(root, &shorter).unwrap_or_else(|| panic!("deal {deal}: no longer a win"));
            assert!(new_cost <= cost, "deal {deal}: {new_cost} > {cost}");
            checked += 1;
        }
        assert!(checked >= 5, "{checked} deals");
    }
}
