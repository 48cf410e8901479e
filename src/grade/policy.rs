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

/// FreeCell: safe autoplay; then, in order, a card home; a run (the longest first) onto a
/// non-empty cascade; a free-cell card onto a non-empty cascade; a run into an empty cascade
/// from a cascade it does not fill; the exposed card of the lowest rank into a free cell; a
/// free-cell card into an empty cascade. True if it wins.
pub fn play_freecell(start: &freecell::Position) -> bool {
    use freecell::{Autoplay, Source, Target};
    let mut position = start.clone();
    let mut seen = HashSet::new();
    for _ in 0..MAX_MOVES {
        position.autoplay(Autoplay::Safe);
        if position.is_won() {
            return true;
        }
        seen.insert(position.clone());
        let moves = position.legal_moves();
        let priority = |mv: &freecell::Move| -> (u8, i32) {
            let filled = |to: u8| !position.cascade(usize::from(to)).is_empty();
            match (mv.from, mv.to) {
                (_, Target::Foundation) => (0, 0),
                (Source::Cascade(_), Target::Cascade(to)) if filled(to) => (1, -i32::from(mv.cards)),
                (Source::Cell(_), Target::Cascade(to)) if filled(to) => (2, 0),
                (Source::Cascade(from), Target::Cascade(_))
                    if position.cascade(usize::from(from)).len() > usize::from(mv.cards) =>
                {
                    (3, -i32::from(mv.cards))
                }
                (Source::Cascade(_), Target::Cell(_)) => (4, i32::from(mv.card.rank().value())),
                (Source::Cell(_), Target::Cascade(_)) => (5, 0),
                _ => (9, 0),
            }
        };
        let mut candidates: Vec<freecell::Move> =
            moves.iter().copied().filter(|mv| priority(mv).0 < 9).collect();
        // Stable: among equals, the rules' own move order.
        candidates.sort_by_key(priority);
        let next = candidates.into_iter().find_map(|mv| {
            let mut after = position.clone();
            after.play_unchecked(mv);
            after.autoplay(Autoplay::Safe);
            (!seen.contains(&after)).then_some(mv)
        });
        match next {
            Some(mv) => position.play_unchecked(mv),
            None => return false,
        }
    }
    false
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
/// king's run into an empty column from over face-down cards); the waste's card onto a
/// column; draw, and recycle when the stock is empty. Cards never come down from the
/// foundations. True if it wins.
pub fn play_klondike(deck: &Deck, rules: klondike::Rules) -> bool {
    use klondike::Move;
    let mut position = klondike::Position::new(deck, rules);
    let mut seen = HashSet::new();
    for _ in 0..MAX_MOVES {
        if position.is_won() {
            return true;
        }
        seen.insert(position);
        let moves = position.legal_moves();
        let priority = |mv: &Move| match *mv {
            Move::TableauToFoundation { .. } => 0,
            Move::WasteToFoundation => 1,
            Move::TableauToTableau { from, to, count } => {
                let from = usize::from(from);
                let whole_run = usize::from(count) == position.face_up(from).len();
                let uncovers = whole_run && position.face_down(from) > 0;
                let king_home = position.column(usize::from(to)).is_empty()
                    && position.face_up(from).first().is_some_and(|c| c.rank() == Rank::King);
                if uncovers && (king_home || !position.column(usize::from(to)).is_empty()) {
                    2
                } else {
                    9
                }
            }
            Move::WasteToTableau { .. } => 3,
            Move::Draw | Move::Recycle => 4,
            Move::FoundationToTableau { .. } => 9,
        };
        let mut candidates: Vec<Move> = moves.iter().copied().filter(|mv| priority(mv) < 9).collect();
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
