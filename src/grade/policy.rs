//! Simple fixed playing policies, one per game: deterministic, greedy, no search. They check
//! that the difficulty tiers mean something (a harder tier must be won less often by them;
//! docs/BENCHMARKS.md, "Difficulty tiers"). Each plays the first legal move of a fixed
//! priority order that leads to a position it has not seen in this game (so that it cannot
//! go round in circles), and gives up when there is none.

use std::collections::HashSet;

use crate::cards::{Deck, Rank};
use crate::games::{freecell, klondike, pyramid};

/// The most moves a policy makes before giving up (no game needs as many).
const MAX_MOVES: usize = 2_000;

/// FreeCell: safe autoplay; then the move whose result (after safe autoplay) scores best:
/// three points for each card not home, one for each card above the next card a foundation
/// needs, two for each occupied free cell, minus two for each empty cascade; ties go to the
/// rules' own move order. True if it wins.
pub fn play_freecell(start: &freecell::Position) -> bool {
    use freecell::Autoplay;
    let mut position = start.clone();
    position.autoplay(Autoplay::Safe);
    let mut seen = HashSet::new();
    for _ in 0..MAX_MOVES {
        if position.is_won() {
            return true;
        }
        seen.insert(position.clone());
        let mut best: Option<(i32, freecell::Position)> = None;
        for &mv in position.legal_moves().iter() {
            let mut after = position.clone();
            after.play_unchecked(mv);
            after.autoplay(Autoplay::Safe);
            let score = freecell_score(&after);
            if best.as_ref().is_none_or(|(s, _)| score < *s) && !seen.contains(&after) {
                best = Some((score, after));
            }
        }
        match best {
            Some((_, after)) => position = after,
            None => return false,
        }
    }
    false
}

fn freecell_score(position: &freecell::Position) -> i32 {
    let left = 52 - position.home_count() as i32;
    let mut above = 0;
    for cascade in position.cascades() {
        for (depth, &card) in cascade.iter().enumerate() {
            if position.foundation(card.suit()) + 1 == card.rank().value() {
                above += (cascade.len() - depth - 1) as i32;
            }
        }
    }
    let occupied = (freecell::CELLS - position.empty_cells()) as i32;
    3 * left + above + 2 * occupied - 2 * position.empty_cascades() as i32
}

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
