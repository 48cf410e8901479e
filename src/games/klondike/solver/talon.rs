//! The talon as the search sees it: the waste sizes, and so the cards, that draws (and at most
//! one recycle) can bring to the top of the waste.

use super::step::{Part, NO_TALON};
use crate::cards::Card;
use crate::games::klondike::rules::{Draw, Move, Position};

/// Draw 1 with unlimited passes: every talon card can be brought to the top of the waste at
/// any time, whatever else the talon holds.
pub(super) fn any_card_any_time(position: &Position) -> bool {
    position.rules().draw == Draw::One && position.rules().pass_limit.is_none()
}

/// The waste sizes (1..=n) that drawing, and at most one recycle, can reach, each with
/// whether it needs the recycle: the waste now, the sizes draws reach from it, then (if a
/// recycle is allowed) the sizes draws reach from an empty waste. A size can come twice, first
/// without the recycle.
pub(super) fn reachable_sizes(position: &Position) -> impl Iterator<Item = (usize, bool)> {
    let (talon, waste) = position.talon();
    let n = talon.len();
    let draw = position.rules().draw.count() as usize;
    let drawn_from = move |from: usize| {
        std::iter::successors(Some(from), move |&at| (at < n).then(|| (at + draw).min(n))).skip(1)
    };
    let recycle = n > 0 && position.rules().may_recycle(position.recycles());
    let without = (waste > 0).then_some(waste).into_iter().chain(drawn_from(waste));
    let with = recycle.then(|| drawn_from(0)).into_iter().flatten();
    without.map(|at| (at, false)).chain(with.map(|at| (at, true)))
}

/// The cards that drawing (and at most one recycle) can bring to the top of the waste: for
/// each reachable waste size `at` (1..=n), whether reaching it needs a recycle. The sizes of
/// [`reachable_sizes`], each kept the first time it comes, in plain loops: the search asks
/// this for most positions it generates moves for, and the chained iterators cost about five
/// times as much (a test compares the two).
pub(super) fn reachable(position: &Position) -> [Option<bool>; 25] {
    let mut reachable: [Option<bool>; 25] = [None; 25];
    let (talon, waste) = position.talon();
    let n = talon.len();
    let draw = position.rules().draw.count() as usize;
    // The waste now and the sizes draws reach from it, none of which needs a recycle.
    if waste > 0 {
        reachable[waste] = Some(false);
    }
    let mut at = waste;
    while at < n {
        at = (at + draw).min(n);
        reachable[at] = Some(false);
    }
    // After a recycle, the sizes draws reach from an empty waste.
    if n > 0 && position.rules().may_recycle(position.recycles()) {
        let mut at = 0;
        while at < n {
            at = (at + draw).min(n);
            reachable[at].get_or_insert(true);
        }
    }
    reachable
}

/// Where the talon's reachable cards are: for each card, the waste size that brings it to the
/// top and whether that needs a recycle (from [`reachable`]), so that the few cards that fit
/// a given place are looked up instead of scanning the talon. In draw 1 with unlimited passes
/// every talon card is within reach, at its own place, so nothing is worked out in advance:
/// the card is looked up in the talon of the position asked about (the one the reach is of).
pub(super) enum TalonReach {
    /// Draw 1 with unlimited passes: the talon card at place `i` shows at waste size `i + 1`,
    /// which needs a recycle when it is below the waste size now.
    AnyCard,
    /// By card index: the waste size that shows it, or `NO_TALON` if it cannot be shown, and
    /// whether that needs a recycle.
    Listed { at: [u8; 52], recycle: [bool; 52] },
}

impl TalonReach {
    /// No card within reach.
    pub(super) const EMPTY: TalonReach = TalonReach::Listed { at: [NO_TALON; 52], recycle: [false; 52] };

    pub(super) fn new(position: &Position) -> TalonReach {
        if any_card_any_time(position) {
            return TalonReach::AnyCard;
        }
        TalonReach::from_reachable(position, &reachable(position))
    }

    /// [`TalonReach::new`] from `reachable(position)`, for a caller that needs both.
    pub(super) fn from_reachable(position: &Position, reachable: &[Option<bool>; 25]) -> TalonReach {
        if any_card_any_time(position) {
            return TalonReach::AnyCard;
        }
        let (mut at, mut recycle) = ([NO_TALON; 52], [false; 52]);
        let (talon, _) = position.talon();
        for (size, needs_recycle) in reachable.iter().enumerate() {
            let Some(needs_recycle) = *needs_recycle else { continue };
            let index = talon[size - 1].index() as usize;
            at[index] = size as u8;
            recycle[index] = needs_recycle;
        }
        TalonReach::Listed { at, recycle }
    }

    /// The waste size that shows `card` in `position` (the position this is the reach of), and
    /// whether reaching it needs a recycle; `None` if draws cannot show it.
    pub(super) fn place(&self, position: &Position, card: Card) -> Option<(u8, bool)> {
        match self {
            TalonReach::AnyCard => {
                let (talon, waste) = position.talon();
                let at = talon.iter().position(|&c| c == card)? + 1;
                Some((at as u8, at < waste))
            }
            TalonReach::Listed { at, recycle } => {
                let index = card.index() as usize;
                (at[index] != NO_TALON).then(|| (at[index], recycle[index]))
            }
        }
    }

    /// Playing `card` from the talon of `position` with `mv`, if draws can show it.
    pub(super) fn part(&self, position: &Position, card: Card, mv: Move) -> Option<Part> {
        self.place(position, card).map(|(at, recycle)| Part { mv, at, recycle })
    }

    /// Plays with `mv` of those of `cards` that draws can show in `position`, in talon order.
    pub(super) fn push_parts<const N: usize>(
        &self,
        position: &Position,
        cards: [Option<Card>; N],
        mv: Move,
        out: &mut Vec<Part>,
    ) {
        let start = out.len();
        for card in cards.into_iter().flatten() {
            let Some(part) = self.part(position, card, mv) else { continue };
            // Insertion in talon order (at most four cards).
            out.push(part);
            let mut i = out.len() - 1;
            while i > start && out[i - 1].at > part.at {
                out[i] = out[i - 1];
                i -= 1;
            }
            out[i] = part;
        }
    }
}

/// The talon cards that draws (and recycles) can show now, as card bits: the tops of the
/// waste sizes [`reachable_sizes`] gives, without [`reachable`]'s table, as the dead-end check
/// asks this for every position it tries.
pub(super) fn reachable_bits(position: &Position) -> u64 {
    let (talon, _) = position.talon();
    reachable_sizes(position).fold(0, |bits, (at, _)| bits | talon[at - 1].bit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::rules::Rules;
    use crate::games::klondike::solver::testing::random_positions;

    /// The talon cards the dead-end check takes as shown are the tops of the waste sizes
    /// that [`reachable`] lists, in both draws, with unlimited passes and with one pass.
    #[test]
    fn reachable_bits_are_the_cards_reachable_lists() {
        let mut compared = 0;
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 1..20, 120) {
                for position in [position, position.with_rules(Rules::new(draw).with_pass_limit(1))] {
                    let (talon, _) = position.talon();
                    let listed = reachable(&position)
                        .iter()
                        .enumerate()
                        .filter(|(_, reach)| reach.is_some())
                        .fold(0u64, |bits, (at, _)| bits | talon[at - 1].bit());
                    assert_eq!(reachable_bits(&position), listed, "{position}");
                    compared += 1;
                }
            }
        }
        assert!(compared >= 500, "{compared} positions");
    }

    /// [`reachable`]'s loops give each size of [`reachable_sizes`] with the recycle flag of
    /// its first coming, in both draws, with unlimited passes and with one pass, at every
    /// waste size and after 0, 1 or 2 recycles.
    #[test]
    fn reachable_keeps_the_first_coming_of_each_size() {
        let mut compared = 0;
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 1..20, 60) {
                for mut position in [position, position.with_rules(Rules::new(draw).with_pass_limit(1))] {
                    for (waste, recycles) in
                        (0..=position.talon().0.len()).flat_map(|w| (0..3).map(move |r| (w, r)))
                    {
                        position.set_pointer(waste as u8, recycles);
                        let mut expected: [Option<bool>; 25] = [None; 25];
                        for (at, recycle) in reachable_sizes(&position) {
                            expected[at].get_or_insert(recycle);
                        }
                        assert_eq!(reachable(&position), expected, "{position}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared >= 2000, "{compared} positions");
    }

    /// Rule 16: wherever the search skips a draw-3 position for a seen one that differs only by
    /// the waste size, the seen one's draws show every talon card that the skipped one's show.
    #[test]
    fn a_dominating_waste_size_shows_every_card() {
        let mut pairs = 0;
        for mut position in random_positions(Draw::Three, 1..40, 120) {
            let n = position.talon().0.len();
            let shown = |position: &mut Position, size: usize| {
                position.set_pointer(size as u8, 0);
                reachable_bits(position)
            };
            for skipped in 0..=n {
                for seen in 1..n {
                    let canonical = skipped % 3 == 0 || skipped == n;
                    let dominates = seen % 3 != 0
                        && if canonical { true } else { seen < skipped && seen % 3 == skipped % 3 };
                    if !dominates {
                        continue;
                    }
                    let (by_seen, by_skipped) = (shown(&mut position, seen), shown(&mut position, skipped));
                    assert_eq!(by_skipped & !by_seen, 0, "waste {seen} against {skipped}\n{position}");
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 10_000, "{pairs}");
    }
}
