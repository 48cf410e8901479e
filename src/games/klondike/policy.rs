//! Klondike's fixed playing policy: deterministic, greedy, no search. It checks that the
//! difficulty tiers mean something (docs/BENCHMARKS.md, "Difficulty tiers"). It plays the
//! first legal move of a fixed priority order that leads to a position it has not seen in
//! this game (so that it cannot go round in circles), and gives up when there is none.

use std::collections::HashSet;

/// The most moves a policy makes before giving up (no game needs as many).
const MAX_MOVES: usize = 2_000;

use crate::cards::{Deck, Rank};
use crate::games::klondike;

/// Klondike, the classic priority list: a card home (from a column, then the waste); a
/// column's whole face-up run onto another column when that turns up a face-down card (or a
/// king's run into an empty column from over face-down cards), from the column with the most
/// face-down cards first; part of a run onto another column when the card it leaves on top
/// goes home next; the waste's card onto a column; draw, and recycle when the stock is empty.
/// Cards never come down from the foundations. True if it wins.
pub fn play_klondike(deck: &Deck, rules: klondike::Rules) -> bool {
    use klondike::Move;
    /// Moves the policy never makes.
    const NEVER: usize = usize::MAX;
    let mut position = klondike::Position::new(deck, rules);
    let mut seen = HashSet::new();
    for _ in 0..MAX_MOVES {
        if position.is_won() {
            return true;
        }
        seen.insert(position);
        let moves = position.legal_moves();
        // Lower goes first; a whole run that turns up a card ranks by the face-down cards
        // under it (at most 6), most first.
        let priority = |mv: &Move| match *mv {
            Move::TableauToFoundation { .. } => 0,
            Move::WasteToFoundation => 1,
            Move::TableauToTableau { from, to, count } => {
                let from = usize::from(from);
                let run = position.face_up(from);
                let down = position.face_down(from);
                let to_empty = position.column(usize::from(to)).is_empty();
                let whole_run = usize::from(count) == run.len();
                let king_home = to_empty && run.first().is_some_and(|c| c.rank() == Rank::King);
                if whole_run && down > 0 && (king_home || !to_empty) {
                    10 - down
                } else if !whole_run
                    && !to_empty
                    && position.fits_foundation(run[run.len() - usize::from(count) - 1])
                {
                    11
                } else {
                    NEVER
                }
            }
            Move::WasteToTableau { .. } => 12,
            Move::Draw | Move::Recycle => 13,
            Move::FoundationToTableau { .. } => NEVER,
        };
        let mut candidates: Vec<Move> = moves.iter().copied().filter(|mv| priority(mv) != NEVER).collect();
        candidates.sort_by_key(priority);
        let next = candidates.into_iter().find(|&mv| {
            let mut after = position;
            after.apply(mv);
            !seen.contains(&after)
        });
        match next {
            Some(mv) => {
                position.apply(mv);
            }
            None => return false,
        }
    }
    false
}
