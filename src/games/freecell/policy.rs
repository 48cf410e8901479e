//! FreeCell's fixed playing policy: deterministic, greedy, no search. It checks that the
//! difficulty tiers mean something (a harder tier must be won less often by it;
//! docs/BENCHMARKS.md, "Difficulty tiers").

use std::collections::HashSet;

/// The most moves a policy makes before giving up (no game needs as many).
const MAX_MOVES: usize = 2_000;

use crate::games::freecell;

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
