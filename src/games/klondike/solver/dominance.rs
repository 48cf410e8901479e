//! Rule 17: the positions that reach the current one by one move that turns up no card (one of
//! its column tops taken down from home, or in draw 1 played from the talon, or a run moved
//! between columns), as key parts made from the current one's, so that the search can look
//! them up without building them.

use super::card_bits::builder_bits;
use super::key::{move_run_code, without_top, KeyParts};
use super::talon::any_card_any_time;
use crate::cards::{Card, Rank};
#[cfg(test)]
use crate::games::klondike::rules::Move;
use crate::games::klondike::rules::{Position, COLUMNS};

/// Rule 17: calls `each` with the key parts of each of the positions that reach `position` by
/// one free move, because they differ only by one card that is a column's top here, on a
/// face-up card it builds on or a king alone in its column: that card is home there (it can be
/// taken down again to where it is here), or, in draw 1 with unlimited passes, back in the
/// talon if it came from there (`talon_cards`: it can be drawn to and played again). The keys
/// are made from `parts`, `position`'s key parts, not by packing each position (the tests
/// check them against the positions themselves, see `any_dominator`).
pub(super) fn dominator_keys(
    position: &Position,
    parts: &KeyParts,
    talon_cards: u64,
    talon_index: &[u8; 52],
    mut each: impl FnMut(&KeyParts),
) {
    let back_to_talon = any_card_any_time(position);
    for column in 0..COLUMNS {
        let Some(card) = loose_top(position, column) else { continue };
        let home = position.fits_foundation(card);
        let from_talon = back_to_talon && talon_cards & card.bit() != 0;
        if !home && !from_talon {
            continue;
        }
        let mut other = *parts;
        other.codes[column] = without_top(other.codes[column]);
        if home {
            let mut home = other;
            home.foundations += 1 << (4 * card.suit().index());
            each(&home);
        }
        if from_talon {
            // In draw 1 with unlimited passes the waste size is not in the key.
            other.talon_mask |= 1 << talon_index[card.index() as usize];
            each(&other);
        }
    }
}

/// Rule 17: the top card of `column` if a position without it there can do all this one can
/// (see [`dominator_keys`]): it lies on a face-up card, which it builds on, or it is a king
/// alone in its column.
pub(super) fn loose_top(position: &Position, column: usize) -> Option<Card> {
    let cards = position.column(column);
    let &card = cards.last()?;
    let down = position.face_down(column);
    let on_face_up = cards.len() >= down + 2;
    (on_face_up || down == 0 && card.rank() == Rank::King).then_some(card)
}

/// Rule 17, position by position: whether `found` holds for one of the positions whose keys
/// [`dominator_keys`] makes. `position` is each of them in turn while `found` looks, and is
/// itself again afterwards.
#[cfg(test)]
pub(super) fn any_dominator(
    position: &mut Position,
    talon_cards: u64,
    talon_index: &[u8; 52],
    mut found: impl FnMut(&Position) -> bool,
) -> bool {
    let back_to_talon = any_card_any_time(position);
    for column in 0..COLUMNS {
        let Some(card) = loose_top(position, column) else { continue };
        if position.fits_foundation(card) {
            let undo = position.apply(Move::TableauToFoundation { from: column as u8 });
            let lost = found(position);
            position.undo(undo);
            if lost {
                return true;
            }
        }
        if back_to_talon && talon_cards & card.bit() != 0 {
            let index = talon_index[card.index() as usize];
            let talon = position.talon().0;
            let before = talon.iter().filter(|c| talon_index[c.index() as usize] < index).count();
            position.put_back_in_talon(column, before);
            let lost = found(position);
            position.take_from_talon(column, before);
            if lost {
                return true;
            }
        }
    }
    false
}

/// Rule 17: calls `each(from, to, count)`, until it gives `Some`, for every run of `position`
/// (the top `count` cards of column `from`) that lies on a face-up card and builds on the top
/// of column `to`: moved there, it makes a position that reaches this one back by one move of
/// a run between columns that turns up no card and fills no empty column.
pub(super) fn runs_back<T>(
    position: &Position,
    mut each: impl FnMut(usize, usize, usize) -> Option<T>,
) -> Option<T> {
    // The cards of each column that lie on a face-up card, as card bits, so that most pairs
    // of columns are ruled out without reading cards.
    let mut lying = [0u64; COLUMNS];
    for (from, lying) in lying.iter_mut().enumerate() {
        let down = position.face_down(from);
        *lying = position.column(from).iter().skip(down + 1).fold(0, |bits, card| bits | card.bit());
    }
    let all_lying = lying.iter().fold(0, |all, &bits| all | bits);
    for to in 0..COLUMNS {
        let Some(target) = position.top(to) else { continue };
        let builders = builder_bits(target);
        if all_lying & builders == 0 {
            continue;
        }
        for (from, &lying) in lying.iter().enumerate() {
            if lying & builders == 0 {
                continue;
            }
            // The card that builds on the target, lying on a face-up card.
            let cards = position.column(from);
            let Some(at) = cards.iter().rposition(|card| builders & card.bit() != 0) else { continue };
            if let Some(found) = each(from, to, cards.len() - at) {
                return Some(found);
            }
        }
    }
    None
}

/// Rule 17: calls `each` with the key parts of each of the positions [`runs_back`] makes,
/// made from `position`'s key parts (the tests check them against the positions, see
/// `run_dominators`).
pub(super) fn run_dominator_keys(position: &Position, parts: &KeyParts, mut each: impl FnMut(&KeyParts)) {
    runs_back(position, |from, to, count| {
        let mut other = *parts;
        (other.codes[from], other.codes[to]) =
            move_run_code(parts.codes[from], parts.codes[to], count as u64);
        each(&other);
        None::<()>
    });
}

/// Rule 17, position by position: the positions of [`runs_back`], given to `found` in the
/// same order.
#[cfg(test)]
pub(super) fn run_dominators(position: &Position, mut found: impl FnMut(&Position)) {
    runs_back(position, |from, to, count| {
        let mut other = *position;
        other.apply(Move::TableauToTableau { from: from as u8, to: to as u8, count: count as u8 });
        found(&other);
        None::<()>
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::rules::{Draw, Rules};
    use crate::games::klondike::solver::key::{key_parts, StartTalon};
    use crate::games::klondike::solver::solve;
    use crate::games::klondike::solver::testing::{plain_wins, random_lines};
    use crate::search::Outcome;

    /// Rule 17: a position that differs from another only by one of its column tops being
    /// home, or in draw 1 back in the talon, wins whenever the other does (plain exhaustive
    /// searches of both), so a loss of the first proves the second lost. Positions late in the
    /// solver's wins (won), and from random play (mostly lost) in draw 1 and in draw 3 with one
    /// pass.
    #[test]
    fn dominators_win_whenever_the_positions_they_dominate_do() {
        // Pairs where the dominated position wins, and where it is lost.
        let mut checked = [0; 2];
        let mut check = |start: &Position, position: &Position| {
            let Some(won) = plain_wins(position, 2_000) else { return };
            let talon = StartTalon::of(start);
            let mut dominated = *position;
            any_dominator(&mut dominated, talon.cards, &talon.index, |dominator| {
                if let Some(dominator_won) = plain_wins(dominator, 10_000) {
                    assert!(dominator_won || !won, "{position}\nwins, but not\n{dominator}");
                    checked[usize::from(!won)] += 1;
                }
                false
            });
        };
        for draw in [Draw::One, Draw::Three] {
            for seed in 1..=4 {
                let start = Position::new(&seeded_deck(seed), Rules::new(draw));
                let Outcome::Solved(moves) = solve(&start) else { continue };
                let mut position = start;
                for (i, &mv) in moves.iter().enumerate() {
                    position.apply(mv);
                    if i + 40 >= moves.len() && i % 4 == 0 {
                        check(&start, &position);
                    }
                }
            }
        }
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        for (start, position) in random_lines(Draw::One, 1..16, 200) {
            check(&start, &position);
            check(&start.with_rules(one_pass), &position.with_rules(one_pass));
        }
        eprintln!("rule-17 pairs checked, dominated won / lost: {checked:?}");
        assert!(checked.iter().all(|&n| n >= 30), "{checked:?}");
    }

    /// Rule 17: the keys the solver makes from key parts are the keys of the positions
    /// themselves, in the same order, and looking leaves the position as it was.
    #[test]
    fn dominator_keys_are_the_keys_of_the_dominators() {
        let (mut compared, mut runs) = (0, 0);
        for draw in [Draw::One, Draw::Three] {
            for (start, position) in random_lines(draw, 1..30, 200) {
                let talon = StartTalon::of(&start);
                let one_pass = Rules::new(draw).with_pass_limit(1);
                for position in [position, position.with_rules(one_pass)] {
                    let pass_limit = position.rules().pass_limit.is_some();
                    let mut from_positions = Vec::new();
                    let mut looked_at = position;
                    let key_and_hash = |other: &Position| {
                        let parts = key_parts(other, &talon.index, pass_limit);
                        (parts.pack(), parts.hash())
                    };
                    any_dominator(&mut looked_at, talon.cards, &talon.index, |other| {
                        from_positions.push(key_and_hash(other));
                        false
                    });
                    assert_eq!(looked_at, position);
                    let mut from_parts = Vec::new();
                    let parts = key_parts(&position, &talon.index, pass_limit);
                    dominator_keys(&position, &parts, talon.cards, &talon.index, |other| {
                        from_parts.push((other.pack(), other.hash()));
                    });
                    assert_eq!(from_parts, from_positions, "{position}");
                    compared += from_parts.len();
                    let mut from_positions = Vec::new();
                    run_dominators(&position, |other| {
                        runs += 1;
                        from_positions.push(key_and_hash(other));
                    });
                    let mut from_parts = Vec::new();
                    run_dominator_keys(&position, &parts, |other| {
                        from_parts.push((other.pack(), other.hash()))
                    });
                    assert_eq!(from_parts, from_positions, "{position}");
                    compared += from_parts.len();
                }
            }
        }
        assert!(compared >= 500 && runs >= 500, "{compared} keys compared, {runs} of runs");
    }
}
