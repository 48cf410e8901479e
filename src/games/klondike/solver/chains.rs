//! The uses that complete a step (rules 4, 5, 8, 9 and 19): after a run moved off a face-up
//! card, a use of that card, or a king into the column it emptied; after a card put on a column
//! from a foundation (or from the talon in draw 1 with unlimited passes), a move that builds on
//! it; each use extended by its own use in turn, up to [`CHAIN`](super::step::CHAIN) moves, except
//! the use of a take-down and a card moved alone off the card a run was lifted from.

use super::card_bits::builders;
use super::generate::{may_take_down, Scored};
use super::step::{apply_part, Part, Step};
use super::talon::{any_card_any_time, TalonReach};
use crate::cards::{Card, Rank, Suit};
use crate::games::klondike::rules::{builds_on, Move, Position, COLUMNS};

/// The moves that *use* the top card of column `column` right after it was uncovered by a
/// partial-run move: it goes home, a card or run is put on it, or it moves itself. `moved` is
/// the head of the run just moved off it (putting it straight back is never useful). With
/// `covers_only`, just the moves that put a card or run on it (after it came down from a
/// foundation).
pub(super) fn uses_of(
    position: &Position,
    reach: &TalonReach,
    column: usize,
    moved: Option<Card>,
    covers_only: bool,
    out: &mut Vec<Part>,
) {
    let Some(x) = position.top(column) else { return };
    if !covers_only && position.fits_foundation(x) {
        out.push(Part::plain(Move::TableauToFoundation { from: column as u8 }));
    }
    // Only a king goes into an empty column (the first one).
    let first_empty =
        if x.rank() == Rank::King { (0..COLUMNS).find(|&c| position.top(c).is_none()) } else { None };
    for other in 0..COLUMNS {
        if other == column {
            continue;
        }
        // A run from `other` onto x.
        let run = position.face_up(other);
        if let Some(&deepest) = run.first() {
            let index = deepest.rank().value() as i32 - (x.rank().value() as i32 - 1);
            if index >= 0 && (index as usize) < run.len() {
                let card = run[index as usize];
                if builds_on(card, x) && Some(card) != moved {
                    let count = (run.len() - index as usize) as u8;
                    let mv = Move::TableauToTableau { from: other as u8, to: column as u8, count };
                    out.push(Part::plain(mv));
                }
            }
        }
        // x itself onto `other`.
        let fits = match position.top(other) {
            Some(target) => builds_on(x, target),
            None => Some(other) == first_empty,
        };
        if fits && !covers_only {
            out.push(Part::plain(Move::TableauToTableau { from: column as u8, to: other as u8, count: 1 }));
        }
    }
    reach.push_parts(position, builders(x), Move::WasteToTableau { to: column as u8 }, out);
    // The foundation tops that build on x: its builders (in suit order) that are on top there.
    for builder in builders(x).into_iter().flatten() {
        let suit = builder.suit();
        if position.foundation(suit) == builder.rank().value() && may_take_down(position, suit) {
            out.push(Part::plain(Move::FoundationToTableau { suit, to: column as u8 }));
        }
    }
}

/// Rule 19: pushes `step`, with `score`, extended by the use of what its last move leaves,
/// where rules 4, 5, 8 or 9 pair that move with one: after a run moved off a face-up card
/// (turning up no card), a use of that card, or a king into the column it emptied; after a
/// card put on a column from a foundation, or from the talon in draw 1 with unlimited passes,
/// a move that puts something on it, or (a foundation card) one that takes the card under it
/// down. Each extension is extended again in turn, up to [`CHAIN`](super::step::CHAIN) moves more; a step with no
/// room left, whose last move needs no use, or whose last move may not be put off until its
/// use (see [`leaves_a_second_use`]), is pushed as it is. `before` is the position
/// before the last move and `reach` the talon's reach there, if known; `extended` counts the
/// extensions, for the work.
pub(super) fn push_chains(
    before: &Position,
    reach: Option<&TalonReach>,
    step: Step,
    score: i32,
    scored: &mut Vec<Scored>,
    extended: &mut u64,
) {
    let Some(slot) = step.chain.iter().position(Option::is_none) else {
        scored.push(Scored { score, step });
        return;
    };
    // The chain fills its slots in order, and only after a second move.
    let (previous, last) = match slot {
        0 => (step.second.map(|_| step.first), step.second.unwrap_or(step.first)),
        1 => (step.second, step.chain[0].unwrap_or(step.first)),
        _ => (step.chain[slot - 2], step.chain[slot - 1].unwrap_or(step.first)),
    };
    if previous.is_some_and(|previous| leaves_a_second_use(previous.mv, last.mv)) {
        scored.push(Scored { score, step });
        return;
    }
    // A move that wants no use ends the chain: anything but a card put on a column from a
    // foundation or (draw 1) the talon, or a run moved off a face-up card that stays.
    let wants_use = match last.mv {
        Move::FoundationToTableau { .. } => true,
        Move::WasteToTableau { .. } => any_card_any_time(before),
        Move::TableauToTableau { from, count, .. } => {
            let from = from as usize;
            before.face_up(from).len() > count as usize || before.face_down(from) == 0
        }
        _ => false,
    };
    if !wants_use {
        scored.push(Scored { score, step });
        return;
    }
    let mut after = *before;
    // Lists of uses are kept for reuse: this runs for many steps of every position.
    let mut uses = USES.with(|pool| pool.borrow_mut().pop()).unwrap_or_default();
    uses.clear();
    // The talon's reach after `last`, where known: only a talon play changes it, and it is
    // worked out only where a card that builds on the one just put down is in the talon.
    let own: TalonReach;
    let reach_after: Option<&TalonReach>;
    match last.mv {
        Move::WasteToTableau { to } | Move::FoundationToTableau { to, .. }
            if any_card_any_time(before) || matches!(last.mv, Move::FoundationToTableau { .. }) =>
        {
            apply_part(&mut after, last);
            let to = to as usize;
            let card = after.top(to).expect("a card was just put there");
            let talon_unchanged = matches!(last.mv, Move::FoundationToTableau { .. });
            reach_after = match reach {
                Some(reach) if talon_unchanged => Some(reach),
                _ if builders(card).into_iter().flatten().any(|b| after.talon().0.contains(&b)) => {
                    own = TalonReach::new(&after);
                    Some(&own)
                }
                _ => None,
            };
            uses_of(&after, reach_after.unwrap_or(&TalonReach::EMPTY), to, None, true, &mut uses);
            if let Move::FoundationToTableau { suit, .. } = last.mv {
                next_down(&after, suit, &mut uses);
            }
        }
        Move::TableauToTableau { from, count, .. } => {
            let run = before.face_up(from as usize);
            let head = run[run.len() - count as usize];
            // It turns up no card (see `wants_use`).
            apply_part(&mut after, last);
            let reach = match reach {
                Some(reach) => reach,
                None => {
                    own = TalonReach::new(&after);
                    &own
                }
            };
            match after.top(from as usize) {
                None => kings_into(&after, reach, from as usize, &mut uses),
                Some(_) => uses_of(&after, reach, from as usize, Some(head), false, &mut uses),
            }
            reach_after = Some(reach);
        }
        // Ruled out by `wants_use`.
        _ => {
            scored.push(Scored { score, step });
            USES.with(|pool| pool.borrow_mut().push(uses));
            return;
        }
    }
    *extended += 1;
    for &next in &uses {
        let mut longer = step;
        longer.chain[slot] = Some(next);
        push_chains(&after, reach_after, longer, score, scored, extended);
    }
    USES.with(|pool| pool.borrow_mut().push(uses));
}

/// Rule 19: whether `previous`, used by `last`, leaves something else that a later move may
/// use, so that `last` cannot be put off until its own use (the chain ends with `last`). A
/// card taken down from a foundation leaves two things to use, the card and the one under it
/// on the foundation: whichever `last` uses, a move before `last`'s own use may need the
/// other. A card moved alone off the card a run was lifted from (`last` moving from the
/// column `previous` moved from) stays free at its new place, where a move before the use of
/// the card it uncovered may put something on it.
pub(super) fn leaves_a_second_use(previous: Move, last: Move) -> bool {
    match (previous, last) {
        (Move::FoundationToTableau { .. }, _) => true,
        (Move::TableauToTableau { from, .. }, Move::TableauToTableau { from: moved_from, .. }) => {
            from == moved_from
        }
        _ => false,
    }
}

thread_local! {
    /// [`push_chains`]'s lists of uses, for reuse.
    static USES: std::cell::RefCell<Vec<Vec<Part>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Rule 8: after a card of `suit` came down from its foundation, the moves that take the next
/// card of the suit down too, onto any column it builds on (which needed the first one off).
pub(super) fn next_down(position: &Position, suit: Suit, out: &mut Vec<Part>) {
    let Some(card) = position.foundation_top(suit) else { return };
    if !may_take_down(position, suit) {
        return;
    }
    for to in 0..COLUMNS {
        if position.top(to).is_some_and(|target| builds_on(card, target)) {
            out.push(Part::plain(Move::FoundationToTableau { suit, to: to as u8 }));
        }
    }
}

/// The moves that fill the empty column `column` right after it was emptied: a king-headed
/// run from a column with face-down cards, a king from the talon or from a foundation.
pub(super) fn kings_into(position: &Position, reach: &TalonReach, column: usize, out: &mut Vec<Part>) {
    for other in 0..COLUMNS {
        let run = position.face_up(other);
        if other != column
            && position.face_down(other) > 0
            && run.first().is_some_and(|c| c.rank() == Rank::King)
        {
            let mv = Move::TableauToTableau { from: other as u8, to: column as u8, count: run.len() as u8 };
            out.push(Part::plain(mv));
        }
    }
    let kings = Suit::ALL.map(|suit| Some(Card::new(Rank::King, suit)));
    reach.push_parts(position, kings, Move::WasteToTableau { to: column as u8 }, out);
    for suit in Suit::ALL {
        if position.foundation(suit) == 13 && may_take_down(position, suit) {
            out.push(Part::plain(Move::FoundationToTableau { suit, to: column as u8 }));
        }
    }
}
