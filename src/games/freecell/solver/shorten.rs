//! Shortening a solution found by best-first search: detours are edited out while the
//! edited solution still replays to a win for fewer single-card moves.

use super::state::State;
use crate::games::freecell::rules::{Move, Source, Target};

/// The state before each move of `path` from `root` (each move followed by safe autoplay) and
/// the single-card cost spent to get there, the end state last.
pub(super) fn replay_line(root: State, path: &[Move]) -> Vec<(State, u32)> {
    let mut line = Vec::with_capacity(path.len() + 1);
    line.push((root, 0));
    replay_from(path, &mut line, 0, path.len());
    line
}

/// Whether `line` holds the states along `path` from its first state and the costs spent to
/// get there, as [`replay_line`] gives them (the check behind lines kept without a replay).
pub(super) fn is_line_of(line: &[(State, u32)], path: &[Move]) -> bool {
    let replayed = replay_line(line[0].0, path);
    line.len() == replayed.len()
        && line
            .iter()
            .zip(&replayed)
            .all(|(a, b)| a.0.hash == b.0.hash && a.0.below == b.0.below && a.1 == b.1)
}

/// Replaces what follows entry `from` of `line` by the states before moves `from + 1 ..= to`
/// of `path` and after move `to - 1` (`line[from]` being the state before move `from`).
fn replay_from(path: &[Move], line: &mut Vec<(State, u32)>, from: usize, to: usize) {
    line.truncate(from + 1);
    let (mut state, mut spent) = line[from];
    for &mv in &path[from..to] {
        spent += state.move_cost(mv);
        state.apply(mv);
        state.settle();
        line.push((state, spent));
    }
}

/// Shortens a winning path of solver moves, given its `line` ([`replay_line`]: the states
/// along it). Best-first search leaves detours: cards parked in a free cell or an empty
/// cascade and moved on later, moves that turn out not to matter. Each candidate edit (merge a
/// park and its later move into one move, drop both when the card comes straight back, or
/// drop a move when no later move takes its card on from where it put it) is kept when the
/// edited path still replays legally to a win for fewer single-card moves.
pub(super) fn shorten(mut line: Vec<(State, u32)>, mut path: Vec<Move>) -> Vec<Move> {
    if line.len() != path.len() + 1 || !line[path.len()].0.is_won() {
        return path;
    }
    let mut best = line[path.len()].1;
    let mut i = 0;
    while i < path.len() {
        let (start, spent) = (&line[i].0, line[i].1);
        // The total cost with `suffix` after move `i - 1`, if it wins for less, and where it
        // rejoins the line (the edited line's state and the line's); `aligned` gives the move
        // of `path` each move of `suffix` stands for (once the edited line reaches the same
        // state as `path` after it, the rest is known).
        let cheaper = |suffix: &[Move], aligned: &dyn Fn(usize) -> usize| {
            replay_cost_aligned(start, suffix, &line, aligned)
                .map(|(cost, rejoin)| (spent + cost, rejoin.map(|(t, at)| (i + t + 1, at))))
                .filter(|&(c, _)| c < best)
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
        let moved_on = parked_at
            .and_then(|at| (i + 1..path.len()).find(|&j| path[j].card == park.card && path[j].from == at));
        if let Some(j) = moved_on {
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
        // Else drop move `i`, unless its card is moved on later from where it put it: without
        // move `i` the card is not there then (only a sequence move carrying it along from
        // its old place to that very slot would put it there), so the replay would fail at
        // that move, after replaying every move before it.
        if accepted.is_none() && moved_on.is_none() {
            accepted = cheaper(&path[i + 1..], &|t| t + i + 1).map(|cost| (path[i + 1..].to_vec(), cost));
        }
        match accepted {
            Some((suffix, (cost, rejoin))) => {
                path.truncate(i);
                path.extend(suffix);
                best = cost;
                match rejoin {
                    // The edited path reaches the line's state `old` after its move
                    // `rejoined - 1`, and follows the line from there: replay it to there,
                    // and keep the line's later states (moved down: the path is shorter),
                    // their costs less by what the edit saved.
                    Some((rejoined, old)) => {
                        let was = line[old].1;
                        let (mut state, mut spent) = line[i];
                        for (k, &mv) in path[i..rejoined].iter().enumerate() {
                            spent += state.move_cost(mv);
                            state.apply(mv);
                            state.settle();
                            line[i + 1 + k] = (state, spent);
                        }
                        line.copy_within(old + 1.., rejoined + 1);
                        line.truncate(line.len() - (old - rejoined));
                        for entry in &mut line[rejoined + 1..] {
                            entry.1 = entry.1 - was + spent;
                        }
                        debug_assert!(is_line_of(&line, &path));
                    }
                    None => replay_from(&path, &mut line, i, path.len()),
                }
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
/// the rest is the line's own, its cost known without replaying it. With the cost, where the
/// two meet: after move `t` of `suffix`, the line's state `aligned(t) + 1`.
fn replay_cost_aligned(
    start: &State,
    suffix: &[Move],
    original: &[(State, u32)],
    aligned: &dyn Fn(usize) -> usize,
) -> Option<(u32, Option<(usize, usize)>)> {
    let total = original.last()?.1;
    // Most edits fail at their first move: checked before the state is copied.
    if !suffix.first().is_none_or(|&mv| start.is_legal(mv)) {
        return None;
    }
    let mut state = *start;
    let mut cost = 0;
    for (t, &mv) in suffix.iter().enumerate() {
        if t > 0 && !state.is_legal(mv) {
            return None;
        }
        cost += state.move_cost(mv);
        state.apply(mv);
        state.settle();
        let at = aligned(t) + 1;
        if let Some((same, spent)) = original.get(at) {
            if state.hash == same.hash
                && state.below == same.below
                && state.tops == same.tops
                && state.cells == same.cells
            {
                return Some((cost + (total - spent), Some((t, at))));
            }
        }
    }
    state.is_won().then_some((cost, None))
}
