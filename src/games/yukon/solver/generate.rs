//! The solver's steps: safe moves to the foundations, played at once, and the other moves in
//! the order they are tried; in the phases that only look for wins, a move that takes a run
//! off a face-up card (or only a sideways one) always followed by a use of the card it
//! uncovers.

use crate::cards::{Card, Rank, Suit};
use crate::search::FixedList;

use super::super::rules::{builds_on, Move, Position, PILES};

/// Which moves come alone and which only with a use of the card they uncover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pairing {
    /// Every move is a step of its own: the search keeps every line of play.
    None,
    /// A move that takes a run off a face-up card comes only together with a use of that
    /// card. This loses some wins (two such moves can wait on one use), so a search with it
    /// only looks for wins, and proves nothing when it ends without one.
    Uncovering,
    /// Only a *sideways* move, a run from one face-up card it builds on to the other one,
    /// comes together with a use of the card it uncovers. No proof that this keeps a win
    /// either (docs/RULES.md, Yukon), so it too only looks for wins.
    Sideways,
}

/// One edge of the search: a move, and for a paired move the use that goes with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) first: Move,
    pub(super) then: Option<Move>,
}

/// The most steps of a position: at most 7 moves home and 28 between piles, each of those
/// with at most [`USES`] uses.
pub(super) const MAX_STEPS: usize = 7 + 28 * USES;

/// The most uses of an uncovered card: home, onto either card it builds on (or an empty
/// pile), either card that builds on it, either card under it onto the run just moved.
const USES: usize = 7;

/// The steps of a position in the order the search tries them.
pub(super) type Steps = FixedList<Step, MAX_STEPS>;

const FILLER: Step =
    Step { first: Move::ToFoundation { from: 0, card: Card::new(Rank::Ace, Suit::Clubs) }, then: None };

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
        // Not every two: a black ace carrying cards may still need a red two to land on, to
        // uncover the card under it (`a_two_waits_for_the_aces_of_the_other_colour`).
        (other + 1 >= value).then_some(Move::ToFoundation { from: from as u8, card })
    })
}

/// Whether `mv` takes a run off a face-up card: useful only for the card it uncovers.
fn is_uncovering(position: &Position, mv: Move) -> bool {
    let Move::ToPile { from, count, .. } = mv else { return false };
    let from = from as usize;
    let pile = position.pile(from);
    let depth = pile.len() - count as usize;
    depth > position.face_down(from)
}

/// After a move of a run from pile `from` onto pile `to` in `after`, the moves that use the
/// card it uncovered: home, alone onto a card it builds on (or an empty pile), a card under it
/// (carrying it) onto the run, or a card that builds on it onto it. Such a move can often wait
/// until just before the first use of that card, but not always (docs/RULES.md, Yukon), so
/// these pairs serve only to look for wins.
fn uses(after: &Position, from: usize, to: usize, moved: Card, out: &mut FixedList<Move, USES>) {
    let Some(uncovered) = after.top(from) else { return };
    let from8 = from as u8;
    if after.fits_foundation(uncovered) {
        out.push(Move::ToFoundation { from: from8, card: uncovered });
    }
    let mut empty_tried = false;
    for to in 0..PILES {
        if to == from {
            continue;
        }
        match after.top(to) {
            Some(target) if builds_on(uncovered, target) => {
                out.push(Move::ToPile { from: from8, to: to as u8, card: uncovered, count: 1 });
            }
            None if uncovered.rank() == Rank::King
                && !empty_tried
                && after.pile(from).len() > 1 + after.face_down(from) =>
            {
                empty_tried = true;
                out.push(Move::ToPile { from: from8, to: to as u8, card: uncovered, count: 1 });
            }
            _ => {}
        }
    }
    // A card under it (so carrying it) onto the top of the pile the run went to.
    if let Some(target) = after.top(to) {
        let pile = after.pile(from);
        for depth in after.face_down(from)..pile.len() - 1 {
            if builds_on(pile[depth], target) {
                let count = (pile.len() - depth) as u8;
                out.push(Move::ToPile { from: from8, to: to as u8, card: pile[depth], count });
            }
        }
    }
    // The cards that build on it, but the one that just left it.
    if uncovered.rank() != Rank::Ace {
        let lower = uncovered.index() / 4 * 4 - 4;
        let suits: [u8; 2] = if matches!(uncovered.index() & 3, 0 | 3) { [1, 2] } else { [0, 3] };
        for suit in suits {
            let Some(child) = Card::from_index(lower + suit) else { continue };
            if child == moved {
                continue;
            }
            if let Some((pile, depth)) = after.find(child) {
                if pile != from && depth >= after.face_down(pile) {
                    let count = (after.pile(pile).len() - depth) as u8;
                    out.push(Move::ToPile { from: pile as u8, to: from8, card: child, count });
                }
            }
        }
    }
}

/// The steps worth trying, best first. Left out, as they can do nothing the others cannot:
/// a pile's whole content moved to an empty pile (the same position with piles renamed) and
/// moves to any empty pile but the first; and as `pairing` says, moves off a face-up card (or
/// sideways ones) without a use of it.
pub(super) fn ordered_steps(position: &Position, pairing: Pairing) -> Steps {
    // Scored steps, sorted in place below (no second copy of the list).
    let mut items = [(0, FILLER); MAX_STEPS];
    let mut n = 0;
    let mut scored = |item: (i32, Step)| {
        items[n] = item;
        n += 1;
    };
    let legal = position.legal_moves();
    let first_empty = (0..PILES).find(|&p| position.pile(p).is_empty());
    for &mv in legal.iter() {
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
                if position.pile(to).is_empty() && (Some(to) != first_empty || (depth == 0 && down == 0)) {
                    continue;
                }
                let paired = match pairing {
                    Pairing::None => false,
                    Pairing::Uncovering => is_uncovering(position, mv),
                    Pairing::Sideways => {
                        is_uncovering(position, mv)
                            && builds_on(card, pile[depth - 1])
                            && !position.pile(to).is_empty()
                    }
                };
                if paired {
                    let mut after = *position;
                    after.apply(mv);
                    let mut then = FixedList::<Move, USES>::new(mv);
                    uses(&after, from, to, card, &mut then);
                    for &use_ in then.iter() {
                        let score = match use_ {
                            Move::ToFoundation { .. } => 30,
                            _ => -30,
                        };
                        scored((score, Step { first: mv, then: Some(use_) }));
                    }
                    continue;
                }
                let mut score = 0;
                if depth == down && down > 0 {
                    // Turns up a face-down card.
                    score += 60 + down as i32 * 4;
                } else if depth == 0 {
                    // Empties a pile.
                    score += 40;
                } else if builds_on(card, pile[depth - 1]) {
                    // Moves a run sideways, from one card it builds on to the other.
                    score -= 20;
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
        scored((score, Step { first: mv, then: None }));
    }
    // Insertion sort, best first, keeping the generation order among equals.
    for i in 1..n {
        let mut j = i;
        while j > 0 && items[j - 1].0 < items[j].0 {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut steps = Steps::new(FILLER);
    for &(_, step) in &items[..n] {
        steps.push(step);
    }
    steps
}
