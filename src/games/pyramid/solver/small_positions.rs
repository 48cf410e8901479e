//! Small random Pyramid positions and their exact answers, for the tests that check the
//! estimate's bounds against the truth (see `passes` and `last_pass`).

use std::collections::HashMap;

use super::{pack, tables::configs};
use crate::deal::seeded_deck;
use crate::games::pyramid::rules::{canonical_pointer, Move, Position};

/// One start for each seed of `seeds`: a pyramid of 2 to 5 rows of the seeded deck (with one
/// bottom card missing half the time if `drop_bottom_card`), 6 to 16 of its stock cards, a
/// random pointer and recycles used. `mix` seeds the choices.
pub(super) fn random_starts(
    mix: u64,
    seeds: std::ops::RangeInclusive<u64>,
    drop_bottom_card: bool,
) -> Vec<(u64, Position)> {
    let mut mix = mix;
    let mut next = move || {
        mix ^= mix << 13;
        mix ^= mix >> 7;
        mix ^= mix << 17;
        mix
    };
    seeds
        .map(|seed| {
            let deck = seeded_deck(seed);
            let rows = 2 + (seed % 4) as usize;
            let mut pyramid: u32 = (1 << (rows * (rows + 1) / 2)) - 1;
            if drop_bottom_card && next() % 2 == 0 {
                let bottom = (rows * (rows - 1) / 2) as u32;
                pyramid &= !(1 << (bottom + (next() % rows as u64) as u32));
            }
            let cards = 6 + (next() % 11) as u32;
            let mut stock = 0u32;
            while stock.count_ones() < cards {
                stock |= 1 << (next() % 24);
            }
            let (turned, recycles) = ((next() % 25) as u8, (next() % 3) as u8);
            (seed, Position::from_parts(&deck, pyramid, stock, turned, recycles).unwrap())
        })
        .collect()
}

/// The solver's packed state of `position`.
pub(super) fn state_of(position: &Position) -> u64 {
    let config = configs().index[&position.pyramid_mask()];
    let stock = position.stock_mask();
    let pointer = canonical_pointer(stock, position.turned() as u32);
    pack(config, stock, pointer, position.recycles())
}

/// For each position reachable from `start`: the fewest steps to a cleared pyramid and the
/// fewest recycles on any line to one (none if it cannot be cleared), by a plain search
/// through the rules. Every move removes a card, draws or recycles, so the positions form no
/// cycle and are settled from the last found back.
pub(super) fn exact_steps_and_recycles(start: Position) -> HashMap<Position, Option<(u32, u32)>> {
    let mut index = HashMap::from([(start, 0usize)]);
    let mut positions = vec![start];
    let mut edges: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut at = 0;
    while at < positions.len() {
        let position = positions[at];
        let mut out = Vec::new();
        for mv in position.legal_moves() {
            let next = position.play(mv).expect("legal moves are accepted");
            let id = *index.entry(next).or_insert_with(|| {
                positions.push(next);
                positions.len() - 1
            });
            out.push((id, mv == Move::Recycle));
        }
        edges.push(out);
        at += 1;
    }
    // Settled in an order where every move's target comes first (depth-first post-order).
    let mut best: Vec<Option<(u32, u32)>> = vec![None; positions.len()];
    let mut settled = vec![false; positions.len()];
    let mut stack = vec![(0usize, false)];
    while let Some((id, expanded)) = stack.pop() {
        if settled[id] {
            continue;
        }
        if !expanded {
            stack.push((id, true));
            stack.extend(edges[id].iter().filter(|&&(to, _)| !settled[to]).map(|&(to, _)| (to, false)));
            continue;
        }
        let mut steps: Option<u32> = None;
        let mut recycles: Option<u32> = None;
        if positions[id].is_cleared() {
            (steps, recycles) = (Some(0), Some(0));
        }
        for &(to, recycle) in &edges[id] {
            if let Some((s, r)) = best[to] {
                steps = Some(steps.map_or(s + 1, |old| old.min(s + 1)));
                let r = r + recycle as u32;
                recycles = Some(recycles.map_or(r, |old| old.min(r)));
            }
        }
        best[id] = steps.zip(recycles);
        settled[id] = true;
    }
    positions.into_iter().zip(best).collect()
}
