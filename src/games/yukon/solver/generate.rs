//! The solver's moves: safe moves to the foundations, played at once, and the other moves in
//! the order they are tried.

use crate::cards::{Rank, Suit};
use crate::search::FixedList;

use super::super::rules::{builds_on, Move, Position, MAX_MOVES, PILES};

/// The moves of a position in the order the search tries them.
pub(super) type Ordered = FixedList<Move, MAX_MOVES>;

/// A top card that can go home with nothing lost: its foundation takes it, and both cards
/// that could be built on it (one rank lower, the other colour) are home already, so nothing
/// can ever be built on it again (foundations give nothing back in Yukon). Moving it home
/// keeps every move the position had, bar moves of that card itself, whose only use would
/// be to cover another card (docs/RULES.md, Yukon).
pub(super) fn safe_move(position: &Position) -> Option<Move> {
    let f = position.foundations();
    // The lower of each colour's foundations: black (clubs, spades) and red (diamonds, hearts).
    let black = f[Suit::Clubs.index()].min(f[Suit::Spades.index()]);
    let red = f[Suit::Diamonds.index()].min(f[Suit::Hearts.index()]);
    (0..PILES).find_map(|from| {
        let card = position.top(from)?;
        if !position.fits_foundation(card) {
            return None;
        }
        let other = match card.suit() {
            Suit::Clubs | Suit::Spades => red,
            Suit::Diamonds | Suit::Hearts => black,
        };
        let value = card.rank().value();
        (value <= 2 || other + 1 >= value).then_some(Move::ToFoundation { from: from as u8, card })
    })
}

/// The moves worth trying, best first. Left out, as they can do nothing the others cannot:
/// a pile's whole content moved to an empty pile (the same position with piles renamed), and
/// moves to any empty pile but the first.
pub(super) fn ordered_moves(position: &Position) -> Ordered {
    let mut scored: FixedList<(i32, u8), MAX_MOVES> = FixedList::new((0, 0));
    let legal = position.legal_moves();
    let first_empty = (0..PILES).find(|&p| position.pile(p).is_empty());
    for (i, &mv) in legal.iter().enumerate() {
        let score = match mv {
            Move::ToFoundation { from, .. } => {
                let from = from as usize;
                let turns =
                    position.face_down(from) > 0 && position.pile(from).len() == position.face_down(from) + 1;
                100 + if turns { 50 + position.face_down(from) as i32 * 4 } else { 0 }
            }
            Move::ToPile { from, to, card, count } => {
                let (from, to) = (from as usize, to as usize);
                let pile = position.pile(from);
                let depth = pile.len() - count as usize;
                let down = position.face_down(from);
                if position.pile(to).is_empty() {
                    if Some(to) != first_empty || (depth == 0 && down == 0) {
                        continue;
                    }
                }
                let mut score = 0;
                if depth == down && down > 0 {
                    // Turns up a face-down card.
                    score += 60 + down as i32 * 4;
                } else if depth == 0 {
                    // Empties a pile.
                    score += 40;
                } else if builds_on(card, pile[depth - 1]) {
                    // Takes a run off a card it was already built on.
                    score -= 40;
                } else {
                    // Moves a card off a card it does not build on.
                    score += 20;
                }
                // Covering face-down cards costs.
                score -= position.face_down(to) as i32 * 2;
                if card.rank() == Rank::King {
                    score += 5;
                }
                score
            }
        };
        scored.push((score, i as u8));
    }
    let mut order: Vec<(i32, u8)> = scored.as_slice().to_vec();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut moves =
        Ordered::new(legal.as_slice().first().copied().unwrap_or(Move::ToFoundation {
            from: 0,
            card: crate::cards::Card::new(Rank::Ace, Suit::Clubs),
        }));
    for (_, i) in order {
        moves.push(legal.as_slice()[i as usize]);
    }
    moves
}
