//! The dead-end check: [`is_dead_end`] shows that some card can never go home, whatever is
//! played (docs/RULES.md, "Dead ends", with rules 13 and 14).

use super::card_bits::{fit_on, ACES, ALL_CARDS, KINGS, KING_INDEX, NEXT_OTHER_COLOUR, RANKS_BELOW};
use super::talon::{any_card_any_time, reachable_bits};
use crate::cards::Suit;
use crate::games::klondike::rules::{Position, COLUMNS};

/// The work of a dead-end check (see [`WORK_PER_STATE`]).
pub(super) const WORK_PER_DEAD_END_CHECK: u64 = 2;

/// [`is_dead_end`], adding the check's work ([`WORK_PER_DEAD_END_CHECK`]) to `work`: the
/// depth-first passes and the best-first probes charge it alike.
pub(super) fn dead_end_charged(position: &Position, work: &mut u64) -> bool {
    *work += WORK_PER_DEAD_END_CHECK;
    is_dead_end(position)
}

/// Whether `position` is a dead end: some card can never go home, whatever is played.
///
/// A relaxation of the rules that keeps only what covers what: for every tableau card it
/// works out which of these events any line of play could ever bring about, as a least
/// fixed point (see docs/RULES.md, "Dead ends"):
/// - *open(c)*: nothing is on c (c has no card on it now, or the card on it has left);
/// - *left(c)*: c has left its place: a face-down card once it is open and it goes home
///   (its predecessor home), onto a possible target (one of the two cards of the other colour
///   and next rank, which must be open if it is in the tableau and placed if not), or it is
///   a king and a column can be empty; a face-up
///   card the same, except that it need not be open to move with the cards on it, unless it
///   goes home;
/// - *home(c)*: c has gone home: its predecessor has, and it is open if in the tableau;
/// - *placed(t)* (rule 13), for a talon or foundation card t: t has been put on a column,
///   onto an open tableau card or a placed card, or as a king into an empty column; only
///   then is t a target for others. A column can be empty once its bottom card has left,
///   which a king needs to leave its place other than home;
/// - *shown(t)* (rule 14), for a talon card t: t can be brought to the top of the waste, now
///   or once the next talon card or any earlier one has gone (home or placed); t is open,
///   goes home or is placed only once shown.
///
/// Every event of a real line has its conditions met earlier in that line, so all of them
/// are in the fixed point; if some card's *home* is not, no line wins.
pub fn is_dead_end(position: &Position) -> bool {
    // The same least fixed point as the card-by-card original (kept in the tests as
    // `is_dead_end_reference`, which checks that both agree), with the rules that concern all
    // cards alike (placing talon and foundation cards, sending cards home) applied to all 52
    // at once as bit operations. Any order of applying monotone rules until none adds a fact
    // reaches the same least fixed point, so the verdict is the same.
    let mut tableau = 0u64;
    let mut bottoms = 0u64;
    let mut empty_column = false;
    for column in 0..COLUMNS {
        let cards = position.column(column);
        for card in cards {
            tableau |= card.bit();
        }
        match cards.first() {
            Some(card) => bottoms |= card.bit(),
            None => empty_column = true,
        }
    }
    // Cards outside the tableau (talon, foundations) never block, but they are a target only
    // once *placed* on a column (rule 13), and a talon card does anything only once draws can
    // show it (rule 14).
    let outside = !tableau & ALL_CARDS;
    let (talon, _) = position.talon();
    // With draw 1 and unlimited passes every talon card is shown: nothing to track.
    let (in_talon, mut shown) = if any_card_any_time(position) {
        (0, 0)
    } else {
        (talon.iter().fold(0u64, |bits, card| bits | card.bit()), reachable_bits(position))
    };
    let mut open = outside & !in_talon | shown;
    let mut unleft: [usize; COLUMNS] = std::array::from_fn(|column| position.column(column).len());
    let mut last_gone = 0u64;
    let mut placed = 0u64;
    let mut left = 0u64;
    let mut home = 0u64;
    for suit in Suit::ALL {
        home |= RANKS_BELOW[position.foundation(suit) as usize] << suit.index();
    }
    loop {
        let before = (open, left, home, placed);
        // The cards outside the tableau that can take part so far (rule 14).
        let available = outside & !in_talon | shown;
        // A column can be empty: one is now, or some column's bottom card has left.
        let can_empty = empty_column || left & bottoms != 0;
        // Where a card may be put: an open tableau card or a placed talon or foundation card.
        let mut targets = open & tableau | placed;
        // A talon or foundation card is placed onto a target, or as a king into an empty
        // column; each round places the next card of every tower.
        let kings = if can_empty { KINGS } else { 0 };
        loop {
            let new = available & !placed & (fit_on(targets) | kings);
            if new == 0 {
                break;
            }
            placed |= new;
            targets |= new;
        }
        // Each suit goes home in order while its next card is open; each round sends every
        // suit's next card.
        loop {
            let new = open & !home & (home << 4 | ACES) & ALL_CARDS;
            if new == 0 {
                break;
            }
            home |= new;
        }
        if home == ALL_CARDS {
            return false;
        }
        // Rule 14: a talon card can be shown once the card after it has gone (it lay under
        // that card in the waste) or once any card before it has (its place changed).
        let gone = in_talon & (home | placed);
        if shown != in_talon && gone != last_gone {
            last_gone = gone;
            let mut earlier_gone = false;
            for (i, card) in talon.iter().enumerate() {
                if earlier_gone || talon.get(i + 1).is_some_and(|next| gone & next.bit() != 0) {
                    shown |= card.bit();
                }
                earlier_gone |= gone & card.bit() != 0;
            }
            open |= shown;
        }
        // Each column from the top down.
        for (column, unleft) in unleft.iter_mut().enumerate() {
            let cards = position.column(column);
            let down = position.face_down(column);
            // A king leaves for an empty column: another column must be empty or have lost
            // its bottom card.
            let king_fits =
                cards.first().is_some_and(|bottom| empty_column || left & bottoms & !bottom.bit() != 0);
            // The cards above `unleft` have all left (and so are open): nothing about them
            // changes, so the scan starts below them, at an open card.
            let mut is_open = true;
            let mut all_left = true;
            for i in (0..*unleft).rev() {
                let index = cards[i].index() as usize;
                let bit = 1u64 << index;
                if is_open {
                    open |= bit;
                    targets |= bit;
                }
                let moves = left & bit != 0 || {
                    let target_open =
                        if index >= KING_INDEX { king_fits } else { targets & NEXT_OTHER_COLOUR[index] != 0 };
                    (is_open || i >= down) && target_open || is_open && (home << 4 | ACES) & bit != 0
                };
                if moves {
                    left |= bit;
                    if all_left {
                        *unleft = i;
                    }
                } else {
                    all_left = false;
                    if i <= down {
                        // Nothing below a card that cannot move is ever open.
                        break;
                    }
                }
                is_open = moves;
            }
        }
        if (open, left, home, placed) == before {
            break;
        }
    }
    home != ALL_CARDS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::rules::{Draw, Rules};
    use crate::games::klondike::solver::card_bits::OTHER_COLOUR;
    use crate::games::klondike::solver::generate::{generate, Order};
    use crate::games::klondike::solver::step::apply_step;
    use crate::games::klondike::solver::talon::reachable;
    use crate::games::klondike::solver::testing::{plain_wins, random_positions};

    /// The card-by-card dead-end check that [`is_dead_end`] replaced, as the reference it
    /// must agree with; without `talon_order`, every talon card counts as shown (the check
    /// before rule 14).
    fn is_dead_end_reference(position: &Position, talon_order: bool) -> bool {
        const ALL: u64 = (1 << 52) - 1;
        let mut tableau = 0u64;
        for column in 0..COLUMNS {
            for card in position.column(column) {
                tableau |= card.bit();
            }
        }
        // Cards outside the tableau (talon, foundations) never block, but they are a target only
        // once *placed* on a column (rule 13), and a talon card counts only once shown (rule 14).
        let (talon, _) = position.talon();
        let reach = reachable(position);
        let mut shown: Vec<bool> = (0..talon.len())
            .map(|i| !talon_order || any_card_any_time(position) || reach[i + 1].is_some())
            .collect();
        let hidden = |shown: &[bool]| {
            talon
                .iter()
                .zip(shown)
                .filter(|(_, &shown)| !shown)
                .fold(0u64, |bits, (card, _)| bits | card.bit())
        };
        let mut open = !tableau & ALL & !hidden(&shown);
        let mut placed = 0u64;
        let mut left = 0u64;
        let mut bottoms = 0u64;
        let mut empty_column = false;
        for column in 0..COLUMNS {
            match position.column(column).first() {
                Some(card) => bottoms |= card.bit(),
                None => empty_column = true,
            }
        }
        let mut home = 0u64;
        let mut heights = [0u8; 4];
        for suit in Suit::ALL {
            heights[suit.index()] = position.foundation(suit);
            for rank in 0..position.foundation(suit) as usize {
                home |= 1 << (rank * 4 + suit.index());
            }
        }
        loop {
            let before = (open, left, home, placed);
            // A column can be empty: one is now, or some column's bottom card has left.
            let can_empty = empty_column || left & bottoms != 0;
            // Where a card may be put: an open tableau card or a placed talon or foundation card.
            let mut targets = open & tableau | placed;
            // A talon or foundation card is placed onto a target, or as a king into an empty column.
            // Highest rank first, so that one pass places a whole tower on what the tableau offers.
            let mut outside = !tableau & ALL & !placed & !hidden(&shown);
            while outside != 0 {
                let index = 63 - outside.leading_zeros() as usize;
                outside &= !(1 << index);
                let rank = index / 4 + 1;
                let fits = if rank == 13 {
                    can_empty
                } else {
                    targets & (OTHER_COLOUR[index % 4] << (rank * 4)) != 0
                };
                if fits {
                    placed |= 1 << index;
                    targets |= 1 << index;
                }
            }
            // Each suit goes home in order while its next card is open.
            for (suit, height) in heights.iter_mut().enumerate() {
                while *height < 13 {
                    let bit = 1u64 << (*height as usize * 4 + suit);
                    if open & bit == 0 {
                        break;
                    }
                    home |= bit;
                    *height += 1;
                }
            }
            if home == ALL {
                return false;
            }
            // A talon card is shown once the next one has left the talon or any earlier one
            // has.
            let gone = |i: usize| (home | placed) & talon[i].bit() != 0;
            for j in 0..talon.len() {
                if !shown[j] && (j + 1 < talon.len() && gone(j + 1) || (0..j).any(gone)) {
                    shown[j] = true;
                    open |= talon[j].bit();
                }
            }
            // Each column from the top down.
            for column in 0..COLUMNS {
                let cards = position.column(column);
                let down = position.face_down(column);
                let mut is_open = true;
                for i in (0..cards.len()).rev() {
                    let card = cards[i];
                    let bit = card.bit();
                    if is_open {
                        open |= bit;
                        targets |= bit;
                    }
                    let index = card.index() as usize;
                    let rank = index / 4 + 1;
                    let moves = left & bit != 0 || {
                        let predecessor_home = rank == 1 || home & (bit >> 4) != 0;
                        let target_open = if rank == 13 {
                            // A king moves into an empty column: another column must be empty or
                            // have lost its bottom card.
                            empty_column || left & bottoms & !cards[0].bit() != 0
                        } else {
                            targets & (OTHER_COLOUR[index % 4] << (rank * 4)) != 0
                        };
                        (is_open || i >= down) && target_open || is_open && predecessor_home
                    };
                    if moves {
                        left |= bit;
                    } else if i <= down {
                        // Nothing below a card that cannot move is ever open.
                        break;
                    }
                    is_open = moves;
                }
            }
            if (open, left, home, placed) == before {
                break;
            }
        }
        home != ALL
    }

    /// The bitwise dead-end check gives the card-by-card reference's verdict on positions from
    /// random play and on every child the search generates from them, dead ends or not.
    #[test]
    fn dead_end_check_agrees_with_the_reference() {
        let (mut steps, mut scored, mut uses) = (Vec::new(), Vec::new(), Vec::new());
        let (mut dead, mut alive) = (0, 0);
        for draw in [Draw::One, Draw::Three] {
            for start in random_positions(draw, 1..120, 200) {
                steps.clear();
                generate(&start, Order::Plain, &mut steps, &mut scored, &mut uses);
                let mut positions = vec![start];
                for &step in &steps {
                    let mut child = start;
                    apply_step(&mut child, step);
                    positions.push(child);
                }
                for position in positions {
                    let verdict = is_dead_end(&position);
                    assert_eq!(verdict, is_dead_end_reference(&position, true), "{position}");
                    if verdict {
                        dead += 1;
                    } else {
                        alive += 1;
                    }
                }
            }
        }
        assert!(dead > 200 && alive > 2000, "dead ends {dead}, others {alive}");
    }

    /// A dead end in draw 1 (unlimited passes) is one in draw 3, unlimited or with one pass,
    /// as the draw-1 checks (rule 18) rely on: only rule 14's talon order tells them apart,
    /// and it only removes events. Positions from random play in draw 3 and their children.
    #[test]
    fn draw_one_dead_ends_are_dead_ends_in_draw_three() {
        let (mut steps, mut scored, mut uses) = (Vec::new(), Vec::new(), Vec::new());
        let mut dead_in_draw_one = 0;
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        for start in random_positions(Draw::Three, 1..120, 200) {
            steps.clear();
            generate(&start, Order::Plain, &mut steps, &mut scored, &mut uses);
            let children = steps.iter().map(|&step| {
                let mut child = start;
                apply_step(&mut child, step);
                child
            });
            for position in std::iter::once(start).chain(children) {
                if !is_dead_end(&position.with_rules(Rules::new(Draw::One))) {
                    continue;
                }
                dead_in_draw_one += 1;
                assert!(is_dead_end(&position), "{position}");
                assert!(is_dead_end(&position.with_rules(one_pass)), "{position}");
            }
        }
        assert!(dead_in_draw_one > 100, "{dead_in_draw_one} draw-1 dead ends");
    }

    /// Rule 14: positions that are dead ends only because some talon card can never be shown
    /// (the check without rule 14 passes them) are lost for a plain exhaustive search, with
    /// unlimited passes and with one pass.
    #[test]
    fn talon_cards_never_shown_make_dead_ends() {
        let mut checked = [0; 2];
        for start in random_positions(Draw::Three, 1..40, 300) {
            if checked.iter().all(|&n| n >= 50) {
                break;
            }
            for (i, position) in
                [start, start.with_rules(Rules::new(Draw::Three).with_pass_limit(1))].into_iter().enumerate()
            {
                if !is_dead_end_reference(&position, true) || is_dead_end_reference(&position, false) {
                    continue;
                }
                let Some(won) = plain_wins(&position, 3_000) else { continue };
                assert!(!won, "a dead end by rule 14 that wins\n{position}");
                checked[i] += 1;
            }
        }
        eprintln!("rule-14 dead ends checked, unlimited / one pass: {checked:?}");
        assert!(checked.iter().all(|&n| n >= 50), "{checked:?}");
    }
}
