//! A step written with cards instead of pile numbers, so that it can be played again in any
//! order of the piles: for each of its (one or two) moves the card moved (6 bits) and where it
//! goes (6 bits: a card's index to go on that card, 52 an empty pile, 53 the foundation).

use crate::cards::Card;

use super::super::rules::{Move, Position, PILES};
use super::generate::Step;

const EMPTY: u32 = 52;
const HOME: u32 = 53;
/// Set when the step has a second move.
const TWO: u32 = 1 << 24;

fn encode_move(position: &Position, mv: Move) -> u32 {
    let target = match mv {
        Move::ToFoundation { .. } => HOME,
        Move::ToPile { to, .. } => position.top(to as usize).map_or(EMPTY, |card| u32::from(card.index())),
    };
    u32::from(mv.card().index()) | target << 6
}

/// The code of `step` played from `position`.
pub(super) fn encode(position: &Position, step: Step) -> u32 {
    let first = encode_move(position, step.first);
    match step.then {
        None => first,
        Some(then) => {
            let mut after = *position;
            after.apply(step.first);
            first | encode_move(&after, then) << 12 | TWO
        }
    }
}

fn decode_move(position: &Position, code: u32) -> Option<Move> {
    let card = Card::from_index((code & 63) as u8)?;
    let (from, depth) = position.find(card)?;
    let target = (code >> 6) & 63;
    let from8 = from as u8;
    if target == HOME {
        return Some(Move::ToFoundation { from: from8, card });
    }
    let count = (position.pile(from).len() - depth) as u8;
    let to = if target == EMPTY {
        (0..PILES).find(|&p| position.pile(p).is_empty())?
    } else {
        let on = Card::from_index(target as u8)?;
        (0..PILES).find(|&p| position.top(p) == Some(on))?
    };
    Some(Move::ToPile { from: from8, to: to as u8, card, count })
}

/// The moves of a step's `code` in `position` (equal to the one it was made in, up to the
/// order of the piles), or `None` for a code that does not fit it.
pub(super) fn decode(position: &Position, code: u32) -> [Option<Move>; 2] {
    let first = decode_move(position, code & 0xFFF);
    let then = if code & TWO != 0 {
        first.and_then(|first| {
            let mut after = *position;
            after.apply(first);
            decode_move(&after, (code >> 12) & 0xFFF)
        })
    } else {
        None
    };
    [first, then]
}
