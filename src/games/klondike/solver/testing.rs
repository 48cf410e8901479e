//! Helpers of the solver's tests: positions from random play, and a plain exhaustive search
//! with none of the solver's reductions.

use crate::deal::seeded_deck;
use crate::games::klondike::rules::{Draw, Move, Position, Rules};

/// A plain exhaustive search over the full rules with no reductions (every legal move, one
/// at a time): whether `start` can be won, or `None` past `limit` positions.
pub(super) fn plain_wins(start: &Position, limit: usize) -> Option<bool> {
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
pub(super) fn random_positions(draw: Draw, seeds: std::ops::Range<u64>, plies: usize) -> Vec<Position> {
    random_lines(draw, seeds, plies).into_iter().map(|(_, position)| position).collect()
}

/// [`random_positions`], each with the deal it was played from.
pub(super) fn random_lines(
    draw: Draw,
    seeds: std::ops::Range<u64>,
    plies: usize,
) -> Vec<(Position, Position)> {
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
