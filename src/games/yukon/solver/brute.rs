//! Test oracle: small Yukon positions, and whether they can be won by trying every legal move
//! of the checked rules, with none of the solver's reductions, keys or proofs.

use std::collections::HashSet;

use crate::cards::{Card, Rank, Suit};
use crate::deal::SplitMix64;

use super::super::rules::{Position, FACE_DOWN_DEALT, PILES};

/// A random position with few cards out: each foundation at a random height (at least
/// `13 - most_per_suit`), the other cards dealt to random piles among the first 2..=7 (fewer
/// piles bury more, so more positions are lost), some face down under the face-up ones: with
/// `as_dealt`, in pile *p* (from 0) at most *p*, as in a deal, which the solver's keys count
/// on; else any number.
pub(super) fn random_small(seed: u64, most_per_suit: u8, as_dealt: bool) -> Position {
    let mut random = SplitMix64::new(seed);
    let mut foundations = [0u8; 4];
    let mut out = Vec::new();
    for suit in Suit::ALL {
        let height = 13 - random.below(u64::from(most_per_suit) + 1) as u8;
        foundations[suit.index()] = height;
        for value in height + 1..=13 {
            out.push(Card::new(Rank::from_value(value).expect("a rank"), suit));
        }
    }
    // Fisher-Yates, then each card to a random pile.
    for i in (1..out.len()).rev() {
        let j = random.below(i as u64 + 1) as usize;
        out.swap(i, j);
    }
    let mut piles: Vec<Vec<Card>> = vec![Vec::new(); PILES];
    let used = 2 + random.below(PILES as u64 - 1);
    for card in out {
        piles[random.below(used) as usize].push(card);
    }
    let texts: Vec<String> = piles
        .iter()
        .enumerate()
        .map(|(index, pile)| {
            let cap = if as_dealt { FACE_DOWN_DEALT[index] as usize } else { PILES };
            let most = pile.len().saturating_sub(1).min(cap);
            let down = random.below(most as u64 + 1) as usize;
            pile.iter()
                .enumerate()
                .map(|(depth, card)| if depth < down { format!("<{card}>") } else { card.to_string() })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let texts: [&str; PILES] = std::array::from_fn(|pile| texts[pile].as_str());
    Position::from_piles(texts, foundations).expect("a whole deck")
}

/// Whether `start` can be won, by a search of every position reachable through
/// `legal_moves` (piles compared as a set); `None` past `most` positions.
pub(super) fn winnable(start: &Position, most: usize) -> Option<bool> {
    fn shape(position: &Position) -> (Vec<(usize, Vec<Card>)>, [u8; 4]) {
        let mut piles: Vec<(usize, Vec<Card>)> =
            (0..PILES).map(|p| (position.face_down(p), position.pile(p).to_vec())).collect();
        piles.sort();
        (piles, position.foundations())
    }
    let mut seen = HashSet::new();
    let mut stack = vec![*start];
    seen.insert(shape(start));
    while let Some(position) = stack.pop() {
        if position.is_won() {
            return Some(true);
        }
        for &mv in position.legal_moves().iter() {
            let next = position.play(mv).expect("a legal move plays");
            if seen.insert(shape(&next)) {
                if seen.len() > most {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(false)
}
