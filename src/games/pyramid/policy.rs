//! Pyramid's fixed playing policy: deterministic, greedy, no search. It checks that the
//! difficulty tiers mean something (docs/BENCHMARKS.md, "Difficulty tiers").

/// The most moves a policy makes before giving up (no game needs as many).
const MAX_MOVES: usize = 2_000;

use crate::cards::Deck;
use crate::games::pyramid;

/// Pyramid: remove a king; else a pair of two pyramid cards, then of one pyramid card and
/// one from the stock or waste, then any pair; else draw; else recycle. True if it clears
/// the pyramid.
pub fn play_pyramid(deck: &Deck) -> bool {
    use pyramid::{Location, Move};
    let mut position = pyramid::Position::new(deck);
    let in_pyramid = |p: &pyramid::Position, card| matches!(p.locate(card), Location::Pyramid(_));
    for _ in 0..MAX_MOVES {
        if position.is_cleared() {
            return true;
        }
        let moves = position.legal_moves();
        let priority = |mv: &Move| match *mv {
            Move::RemoveKing(_) => 0,
            Move::RemovePair(a, b) => {
                3 - u8::from(in_pyramid(&position, a)) - u8::from(in_pyramid(&position, b))
            }
            Move::Draw => 4,
            Move::Recycle => 5,
        };
        match moves.iter().copied().min_by_key(priority) {
            Some(mv) => position = position.play_unchecked(mv),
            None => return false,
        }
    }
    false
}
