//! Shortening a solution found by best-first search: detours are edited out while the
//! edited solution still replays to a win for fewer single-card moves.

use super::state::State;
use crate::games::freecell::rules::{Move, Source, Target};

/// Shortens a winning path of solver moves from `root` (each followed by safe autoplay).
/// Best-first search leaves detours: cards parked in a free cell or an empty cascade and moved
/// on later, moves that turn out not to matter. Each candidate edit (merge a park and its
/// later move into one move, drop both when the card comes straight back, or drop a move) is
/// kept when the edited path still replays
/// legally to a win for fewer single-card moves.
pub(super) fn shorten(root: State, mut path: Vec<Move>) -> Vec<Move> {
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
        // The total cost with `suffix` after move `i - 1`, if it wins for less; `aligned` gives
        // the move of `path` each move of `suffix` stands for (once the edited line reaches the
        // same state as `path` after it, the rest is known).
        let cheaper = |suffix: &[Move], aligned: &dyn Fn(usize) -> usize| {
            replay_cost_aligned(start, suffix, &states, aligned)
                .map(|cost| spent + cost)
                .filter(|&c| c < best)
        };
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
                let cost = if target_of(park.from) == Some(later.to) {
                    edited.remove(j - i - 1);
                    cheaper(&edited, &|t| if t + i + 1 < j { t + i + 1 } else { t + i + 2 })
                } else {
                    edited[j - i - 1] = Move { from: park.from, ..later };
                    cheaper(&edited, &|t| t + i + 1)
                };
                accepted = cost.map(|cost| (edited, cost));
            }
        }
        // Else drop move `i`.
        if accepted.is_none() {
            accepted = cheaper(&path[i + 1..], &|t| t + i + 1).map(|cost| (path[i + 1..].to_vec(), cost));
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
pub(super) fn target_of(from: Source) -> Option<Target> {
    match from {
        Source::Cascade(i) => Some(Target::Cascade(i)),
        Source::Cell(i) => Some(Target::Cell(i)),
    }
}

/// The single-card cost of `suffix` from `start`, if every move is legal and it ends won, where
/// `original` holds the state before each move of a winning line and the cost spent to get
/// there (its last entry: the end), and move `t` of `suffix` stands for move `aligned(t)` of
/// that line: once the two reach the same state (the same cards in the same slots and cells),
/// the rest is the line's own, its cost known without replaying it.
fn replay_cost_aligned(
    start: State,
    suffix: &[Move],
    original: &[(State, u32)],
    aligned: &dyn Fn(usize) -> usize,
) -> Option<u32> {
    let total = original.last()?.1;
    let mut state = start;
    let mut cost = 0;
    for (t, &mv) in suffix.iter().enumerate() {
        if !state.is_legal(mv) {
            return None;
        }
        cost += state.move_cost(mv);
        state.apply(mv);
        state.settle();
        if let Some(&(same, spent)) = original.get(aligned(t) + 1) {
            if state.hash == same.hash
                && state.below == same.below
                && state.tops == same.tops
                && state.cells == same.cells
            {
                return Some(cost + (total - spent));
            }
        }
    }
    state.is_won().then_some(cost)
}
