//! What the guided search looks at: how promising a position is ([`score`]) and which moves
//! are worth trying ([`guided_moves`]).

use super::super::rules::{Move, Position, PILES};

/// How much each feature of a position weighs in [`score`]. Scores are compared only between
/// positions with as many rows dealt, so the rows left carry no weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each run cleared to the foundation.
    pub cleared: i32,
    /// Each empty pile.
    pub empty_pile: i32,
    /// Each face-down card.
    pub face_down: i32,
    /// Each pile's lowest face-up run, unless it is a king's on an otherwise empty pile.
    pub base: i32,
    /// Each card on a card one rank higher of another suit (a run of one suit is broken there).
    pub off_suit: i32,
    /// Each card on a card it does not build on.
    pub unbuilt: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights { cleared: 100, empty_pile: 60, face_down: 30, base: 10, off_suit: 4, unbuilt: 20 }
    }
}

/// How promising a position looks, higher being better: the runs cleared, empty piles, and
/// against them the face-down cards and the breaks between runs of one suit. It is the sum of
/// [`cleared_score`] and each pile's [`pile_score`], so a move's child is scored by redoing
/// only the piles it changed.
pub(super) fn score(position: &Position, weights: &Weights) -> i32 {
    cleared_score(position, weights) + (0..PILES).map(|pile| pile_score(position, pile, weights)).sum::<i32>()
}

/// The score's part for the runs cleared.
pub(super) fn cleared_score(position: &Position, weights: &Weights) -> i32 {
    weights.cleared * position.cleared().len() as i32
}

/// The score's part for pile `pile`.
pub(super) fn pile_score(position: &Position, pile: usize, weights: &Weights) -> i32 {
    let cards = position.pile(pile);
    let down = position.face_down(pile);
    let Some(&lowest) = cards.get(down) else {
        return weights.empty_pile;
    };
    let mut score = -weights.face_down * down as i32;
    if down > 0 || lowest.rank().value() != 13 {
        score -= weights.base;
    }
    for pair in cards[down..].windows(2) {
        let (under, card) = (pair[0], pair[1]);
        if card.index() + 4 == under.index() {
            continue;
        }
        score -=
            if card.rank().value() + 1 == under.rank().value() { weights.off_suit } else { weights.unbuilt };
    }
    score
}

/// The top run of one suit of each pile: its lowest card's depth in the pile and that card
/// (`None` for an empty pile).
fn top_runs(position: &Position) -> [Option<(usize, crate::cards::Card)>; PILES] {
    let mut runs = [None; PILES];
    for (pile, run) in runs.iter_mut().enumerate() {
        let length = position.run_length(pile);
        if length > 0 {
            let cards = position.pile(pile);
            let depth = cards.len() - length;
            *run = Some((depth, cards[depth]));
        }
    }
    runs
}

/// The moves the guided search tries, with no clear due: a whole top run of one suit onto a
/// card one rank higher, or to the first empty pile if it leaves something behind; and the
/// deal. Left out: part of a run moved (it only swaps a run's tail with its twin's, or breaks a
/// run), a run moved to an empty pile other than the first or from an otherwise empty pile,
/// and, unless `lateral`, a run moved from a card one rank higher of another suit to another
/// such card unless a run of the first card's suit, one rank lower, waits to take its place.
/// The guided search proves nothing: the exhaustive one tries every move.
pub(super) fn guided_moves(position: &Position, lateral: bool, moves: &mut Vec<Move>) {
    let runs = top_runs(position);
    let first_empty = position.empty_pile();
    for from in 0..PILES {
        let Some((depth, card)) = runs[from] else { continue };
        let cards = position.pile(from);
        let under = (depth > position.face_down(from)).then(|| cards[depth - 1]);
        let on_natural = under.is_some_and(|under| under.rank().value() == card.rank().value() + 1);
        // Whether another run could take this run's place on its card one rank higher.
        let twin_waits = || {
            under.is_some_and(|under| {
                runs.iter().enumerate().any(|(other, run)| {
                    other != from && run.is_some_and(|(_, bottom)| bottom.index() + 4 == under.index())
                })
            })
        };
        let count = (cards.len() - depth) as u8;
        for to in 0..PILES {
            if to == from {
                continue;
            }
            let worth = match position.top(to) {
                Some(top) if top.rank().value() == card.rank().value() + 1 => {
                    card.index() + 4 == top.index() || !on_natural || twin_waits() || lateral
                }
                Some(_) => false,
                None => Some(to) == first_empty && depth > 0,
            };
            if worth {
                moves.push(Move::ToPile { from: from as u8, to: to as u8, count });
            }
        }
    }
    if position.rows_left() > 0 && first_empty.is_none() {
        moves.push(Move::Deal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{PysolNumber, SplitMix64};
    use crate::games::spider::{pysol_deal, Suits};

    #[test]
    fn guided_moves_are_legal_and_the_score_sums_its_piles() {
        let weights = Weights::default();
        for suits in [Suits::One, Suits::Two, Suits::Four] {
            let mut position = pysol_deal(PysolNumber::new(7).unwrap(), suits);
            let mut random = SplitMix64::new(3);
            for _ in 0..200 {
                let mut moves = Vec::new();
                guided_moves(&position, true, &mut moves);
                let legal = position.legal_moves();
                for &mv in moves.iter() {
                    assert!(legal.contains(&mv), "{mv} in\n{position}");
                }
                let piles: i32 = (0..PILES).map(|pile| pile_score(&position, pile, &weights)).sum();
                assert_eq!(score(&position, &weights), cleared_score(&position, &weights) + piles);
                if legal.is_empty() {
                    break;
                }
                position.apply(legal.as_slice()[random.below(legal.len() as u64) as usize]);
            }
        }
    }
}
