//! Move generation: the steps the search tries at a position, best first, with the safe moves
//! played alone (see the [solver's notes](super)).

use super::card_bits::builders;
use super::chains::{kings_into, next_down, push_chains, uses_of};
use super::step::{apply_part, Part, Step};
use super::talon::{any_card_any_time, reachable, TalonReach};
use crate::cards::{Card, Rank, Suit};
use crate::games::klondike::rules::{builds_on, Move, Position, COLUMNS};

/// How a pass orders the children of a position. The exhaustive search uses the plain order;
/// the probes after the first use other orders, so that each tries different lines (measured
/// in docs/BENCHMARKS.md: several short, differently ordered probes find more wins than one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// Best score first; among equal scores, the order of generation.
    Plain,
    /// Best score first; among equal scores, the reverse order of generation.
    Reversed,
    /// Scores shaken by a pseudo-random amount (see [`shake`]) drawn with this seed.
    Shaken(u64),
}

/// A scored step for ordering.
#[derive(Clone, Copy)]
pub(super) struct Scored {
    pub(super) score: i32,
    pub(super) step: Step,
}

/// A step found at a position, ordered before rule 19 extends it: a narrow search takes its
/// children from the front, so only the steps it reaches are extended (an extension plays a
/// move and lists uses, most of the work of an easy deal).
#[derive(Clone, Copy)]
struct Pending {
    score: i32,
    step: Step,
    /// For a step that [`push_chains`] extends: the position before its last move, and
    /// whether the talon's reach there is the position's own (else it is worked out there).
    extend: Option<(Position, bool)>,
}

impl Pending {
    fn done(score: i32, step: Step) -> Pending {
        Pending { score, step, extend: None }
    }
}

thread_local! {
    /// [`generate_first`]'s lists of pending steps, for reuse.
    static PENDING: std::cell::RefCell<Vec<Vec<Pending>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Rule 11 (draw 1, unlimited passes; docs/RULES.md): whether talon card `card`, which fits
/// its foundation and is not safe, may go home now, and how. A talon card can be drawn to at
/// any time, so its trip home is postponed until just before the next card of its suit that is
/// not in the talon (`next`) goes home; `next` is face up then. `None`: not now (`next` is
/// face down, or every higher card of the suit is in the talon: then the game finishes by
/// rule 7 before they are needed). `Some(Some(from))`: `next` is the successor and the top of
/// column `from`, so both go home as one step. `Some(None)`: the card goes home alone (a
/// talon chain below `next`, or `next` under a run that a partial-run move will lift).
pub(super) fn postponed_home(position: &Position, reach: &TalonReach, card: Card) -> Option<Option<u8>> {
    let suit = card.suit();
    let mut rank = card.rank().value() + 1;
    let next = loop {
        let next = Card::new(Rank::from_value(rank)?, suit);
        if reach.place(position, next).is_none() {
            break next;
        }
        rank += 1;
    };
    for column in 0..COLUMNS {
        let run = position.face_up(column);
        if let Some(at) = run.iter().position(|&c| c == next) {
            let successor = rank == card.rank().value() + 1;
            return Some((successor && at + 1 == run.len()).then_some(column as u8));
        }
    }
    None
}

/// Whether a foundation's top card may be taken down (see the module notes).
pub(super) fn may_take_down(position: &Position, suit: Suit) -> bool {
    let height = position.foundation(suit);
    height > position.min_foundation() && height > 1
}

/// A pseudo-random amount (0 to 45) added to a move's score in a shaken order, drawn from the
/// seed, the move and a little of the position, so that the same position always orders its
/// moves the same way within a pass.
pub(super) fn shake(seed: u64, scored: &Scored, position: &Position) -> i32 {
    let from = match scored.step.first.mv {
        Move::TableauToTableau { from, .. } | Move::TableauToFoundation { from } => from as u64,
        _ => 9,
    };
    let parts = [
        seed.wrapping_mul(0x51_7CC1_B727_220A),
        (scored.score as u64).wrapping_mul(31),
        scored.step.first.at as u64 * 7,
        from * 131,
        position.talon().0.len() as u64 * 17,
        position.foundation(Suit::Hearts) as u64,
    ];
    let mut z =
        parts.iter().fold(0u64, |sum, &part| sum.wrapping_add(part)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ z >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (z >> 60) as i32 * 3
}

/// Generates the search's moves at `position`, best first by `order`, onto `out`, and gives
/// the work that took beyond trying them: one unit for each extension of a chain (rule 19),
/// which plays a move and lists the uses of a card, about what trying a position costs.
/// `scored` and `uses` are scratch space, kept between calls to save allocations.
pub(super) fn generate(
    position: &Position,
    order: Order,
    out: &mut Vec<Step>,
    scored: &mut Vec<Scored>,
    uses: &mut Vec<Part>,
) -> u64 {
    generate_first(position, order, usize::MAX, out, scored, uses)
}

/// [`generate`], but only the first `width` steps (at least; the caller cuts the rest): the
/// same steps in the same order as the first `width` of [`generate`]'s, since a step's
/// extensions share its score and follow one another (rule 19 extends only those, so the work
/// is less).
pub(super) fn generate_first(
    position: &Position,
    order: Order,
    width: usize,
    out: &mut Vec<Step>,
    scored: &mut Vec<Scored>,
    uses: &mut Vec<Part>,
) -> u64 {
    let min = position.min_foundation();
    // A safe move is played alone.
    for from in 0..COLUMNS {
        if let Some(card) = position.top(from) {
            if position.fits_foundation(card) && card.rank().value() <= min + 1 {
                out.push(Step::plain(Move::TableauToFoundation { from: from as u8 }));
                return 0;
            }
        }
    }
    // So is a safe talon card when any talon card can be drawn to at any time.
    let reachable = reachable(position);
    let reach = TalonReach::from_reachable(position, &reachable);
    if any_card_any_time(position) {
        for suit in Suit::ALL {
            let height = position.foundation(suit);
            let Some(rank) = Rank::from_value(height + 1) else { continue };
            if height <= min {
                if let Some(part) = reach.part(position, Card::new(rank, suit), Move::WasteToFoundation) {
                    out.push(Step::one(part));
                    return 0;
                }
            }
        }
    }
    let mut pending = PENDING.with(|pool| pool.borrow_mut().pop()).unwrap_or_default();
    pending.clear();
    // Rule 19's chains: how many steps were extended, for the work count.
    let mut extended = 0;
    let first_empty = (0..COLUMNS).find(|&c| position.top(c).is_none());
    let targets = |card: Card, pending: &mut Vec<Pending>, score: i32, make: &dyn Fn(u8) -> Step| {
        for to in 0..COLUMNS {
            let fits = match position.top(to) {
                Some(target) => builds_on(card, target),
                None => card.rank() == Rank::King && Some(to) == first_empty,
            };
            if fits {
                pending.push(Pending::done(score, make(to as u8)));
            }
        }
    };
    // Column moves.
    for from in 0..COLUMNS {
        let run = position.face_up(from);
        let Some(&deepest) = run.first() else { continue };
        let down = position.face_down(from) as i32;
        let top = run[run.len() - 1];
        if position.fits_foundation(top) {
            let reveals = run.len() == 1 && down > 0;
            let score = if reveals { 95 + down } else { 40 };
            pending.push(Pending::done(score, Step::plain(Move::TableauToFoundation { from: from as u8 })));
        }
        for to in 0..COLUMNS {
            if to == from {
                continue;
            }
            let (index, count) = match position.top(to) {
                Some(target) => {
                    let need = target.rank().value() as i32 - 1;
                    let index = deepest.rank().value() as i32 - need;
                    if index < 0 || index as usize >= run.len() || !builds_on(run[index as usize], target) {
                        continue;
                    }
                    (index as usize, run.len() - index as usize)
                }
                None => {
                    if deepest.rank() != Rank::King || down == 0 || Some(to) != first_empty {
                        continue;
                    }
                    (0, run.len())
                }
            };
            let mv = Move::TableauToTableau { from: from as u8, to: to as u8, count: count as u8 };
            if index == 0 && down > 0 {
                pending.push(Pending::done(100 + down, Step::plain(mv)));
                continue;
            }
            if index == 0 {
                // Emptying a column: only together with a king-headed run moving into it.
                let mut after = *position;
                after.apply(mv);
                uses.clear();
                kings_into(&after, &reach, from, uses);
                for &second in uses.iter() {
                    let step = Step::pair(Part::plain(mv), second);
                    pending.push(Pending { score: 20, step, extend: Some((after, true)) });
                }
                continue;
            }
            // A partial run: only together with a use of the card it uncovers.
            let mut after = *position;
            after.apply(mv);
            uses.clear();
            uses_of(&after, &reach, from, Some(run[index]), false, uses);
            for &second in uses.iter() {
                let score = if matches!(second.mv, Move::TableauToFoundation { .. }) { 70 } else { 15 };
                let step = Step::pair(Part::plain(mv), second);
                pending.push(Pending { score, step, extend: Some((after, true)) });
            }
        }
    }
    // Talon plays: every card a sequence of draws (and at most one recycle) can expose. In
    // draw 1 with unlimited passes every talon card can be brought up at any time. Plays to a
    // column come after column cards going home (score 40): that order won a few more deals
    // within a fixed budget (docs/BENCHMARKS.md).
    let any_card_any_time = any_card_any_time(position);
    let (talon, _) = position.talon();
    for (at, recycle) in reachable.iter().enumerate() {
        let Some(recycle) = *recycle else { continue };
        let card = talon[at - 1];
        let penalty = recycle as i32;
        let talon_step = |mv: Move| Step::one(Part { mv, at: at as u8, recycle });
        if position.fits_foundation(card) {
            let home = talon_step(Move::WasteToFoundation);
            // Rule 11: in draw 1 a talon card goes home only when the next card of its suit
            // that is not in the talon lies face up in a column; if that card is the
            // successor and a column's top, both go home together.
            let step = if !any_card_any_time {
                Some(home)
            } else {
                postponed_home(position, &reach, card).map(|with| match with {
                    Some(from) => Step::pair(home.first, Part::plain(Move::TableauToFoundation { from })),
                    None => home,
                })
            };
            if let Some(step) = step {
                pending.push(Pending::done(60 - penalty, step));
            }
        }
        if !any_card_any_time {
            targets(card, &mut pending, 30 - penalty, &|to| talon_step(Move::WasteToTableau { to }));
            continue;
        }
        // Every talon card stays within reach, so one is played to a column only together
        // with a move that builds on it.
        let mut reach_after: Option<TalonReach> = None;
        for to in 0..COLUMNS {
            let fits = match position.top(to) {
                Some(target) => builds_on(card, target),
                None => card.rank() == Rank::King && Some(to) == first_empty,
            };
            if !fits {
                continue;
            }
            let part = Part { mv: Move::WasteToTableau { to: to as u8 }, at: at as u8, recycle };
            let mut after = *position;
            apply_part(&mut after, part);
            // Where the talon's cards are once `card` has left it: the same whatever column it
            // went to, and read only for the cards that build on `card`, so worked out once and
            // only if one of those is in the talon (here every talon card is within reach).
            let reach_after = reach_after.get_or_insert_with(|| {
                let talon_builders = builders(card).into_iter().flatten();
                if talon_builders.clone().any(|builder| reach.place(position, builder).is_some()) {
                    TalonReach::new(&after)
                } else {
                    TalonReach::EMPTY
                }
            });
            uses.clear();
            uses_of(&after, reach_after, to, None, true, uses);
            for &second in uses.iter() {
                let step = Step::pair(part, second);
                pending.push(Pending { score: 30 - penalty, step, extend: Some((after, false)) });
            }
        }
    }
    // Foundation to column, except cards that no winning line needs to take down, and only
    // together with a move that puts something on the card.
    for suit in Suit::ALL {
        if !may_take_down(position, suit) {
            continue;
        }
        let Some(card) = position.foundation_top(suit) else { continue };
        for to in 0..COLUMNS {
            let fits = match position.top(to) {
                Some(target) => builds_on(card, target),
                None => card.rank() == Rank::King && Some(to) == first_empty,
            };
            if !fits {
                continue;
            }
            let mv = Move::FoundationToTableau { suit, to: to as u8 };
            let mut after = *position;
            after.apply(mv);
            uses.clear();
            uses_of(&after, &reach, to, None, true, uses);
            next_down(&after, suit, uses);
            for &second in uses.iter() {
                let step = Step::pair(Part::plain(mv), second);
                pending.push(Pending { score: 5, step, extend: Some((after, true)) });
            }
        }
    }
    // Best first; the DFS takes children from the front. A step's extensions share its score
    // (and its shake, which reads only the first move), so ordering the steps before they are
    // extended orders the extensions as a whole list would be: the sort is stable.
    match order {
        Order::Plain => {}
        Order::Reversed => pending.reverse(),
        Order::Shaken(seed) => {
            for step in pending.iter_mut() {
                step.score += shake(seed, &Scored { score: step.score, step: step.step }, position);
            }
        }
    }
    pending.sort_by_key(|s| std::cmp::Reverse(s.score));
    let start = out.len();
    for step in pending.iter() {
        if out.len() - start >= width {
            break;
        }
        match step.extend {
            None => out.push(step.step),
            Some((before, own_reach)) => {
                scored.clear();
                let reach = own_reach.then_some(&reach);
                push_chains(&before, reach, step.step, step.score, scored, &mut extended);
                if order == Order::Reversed {
                    scored.reverse();
                }
                out.extend(scored.iter().map(|s| s.step));
            }
        }
    }
    PENDING.with(|pool| pool.borrow_mut().push(pending));
    extended
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::rules::{Draw, Rules};
    use crate::games::klondike::solver::chains::leaves_a_second_use;
    use crate::games::klondike::solver::step::{only_sends_home, NO_TALON};
    use crate::games::klondike::solver::testing::random_positions;

    /// Rule 11: in draw 1 with unlimited passes a fitting talon card that is not safe goes
    /// home only when the next card of its suit outside the talon is face up, and together
    /// with it when that is its successor on a column's top; other fitting talon cards are
    /// still played home in draw 3.
    #[test]
    fn talon_cards_go_home_only_when_their_suit_needs_them() {
        let (mut scored, mut uses) = (Vec::new(), Vec::new());
        let (mut postponed, mut paired, mut alone) = (0, 0, 0);
        for position in random_positions(Draw::One, 1..40, 150) {
            let mut steps = Vec::new();
            generate(&position, Order::Plain, &mut steps, &mut scored, &mut uses);
            if steps.len() == 1 && only_sends_home(steps[0]) {
                continue; // a safe move, played alone
            }
            let reach = TalonReach::new(&position);
            for &card in position.talon().0 {
                if !position.fits_foundation(card) {
                    continue;
                }
                let at = reach.place(&position, card).map_or(NO_TALON, |(at, _)| at);
                let home: Vec<&Step> = steps
                    .iter()
                    .filter(|s| s.first.mv == Move::WasteToFoundation && s.first.at == at)
                    .collect();
                match postponed_home(&position, &reach, card) {
                    None => {
                        assert!(home.is_empty(), "{card} goes home early\n{position}");
                        postponed += 1;
                    }
                    Some(Some(from)) => {
                        assert_eq!(home.len(), 1);
                        let second = home[0].second.expect("paired");
                        assert_eq!(second.mv, Move::TableauToFoundation { from });
                        let next = position.top(from as usize).unwrap();
                        assert_eq!(
                            (next.suit(), next.rank().value()),
                            (card.suit(), card.rank().value() + 1)
                        );
                        paired += 1;
                    }
                    Some(None) => {
                        assert_eq!(home.len(), 1);
                        assert!(home[0].second.is_none());
                        alone += 1;
                    }
                }
            }
        }
        eprintln!("postponed {postponed}, paired {paired}, alone {alone}");
        assert!(postponed >= 20 && paired >= 5 && alone >= 5, "{postponed} {paired} {alone}");
    }

    /// Rule 19: no step the search makes ends with a move that wants a use (a card put on a
    /// column from a foundation, or from the talon in draw 1; a run moved off a face-up card
    /// without turning one up) unless its chain is full or ends at an exception (the use of a
    /// take-down, a card moved alone off the card a run was lifted from); and every step is
    /// legal, move by move.
    #[test]
    fn steps_end_with_the_uses_their_moves_want() {
        let (mut scored, mut uses) = (Vec::new(), Vec::new());
        let (mut extended, mut exceptions) = (0, 0);
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 1..20, 120) {
                let mut steps = Vec::new();
                extended += generate(&position, Order::Plain, &mut steps, &mut scored, &mut uses);
                for step in steps {
                    let mut after = position;
                    let (mut previous, mut last) = (None, None);
                    for part in step.parts() {
                        let before = after;
                        apply_part(&mut after, part);
                        previous = last.map(|(_, part): (Position, Part)| part);
                        last = Some((before, part));
                    }
                    let (before, part) = last.expect("a step has a move");
                    let wants_use = match part.mv {
                        Move::FoundationToTableau { .. } => true,
                        Move::WasteToTableau { .. } => any_card_any_time(&before),
                        Move::TableauToTableau { from, .. } => {
                            after.face_down(from as usize) == before.face_down(from as usize)
                        }
                        _ => false,
                    };
                    let full = step.chain.iter().all(Option::is_some);
                    let exception =
                        previous.is_some_and(|previous| leaves_a_second_use(previous.mv, part.mv));
                    exceptions += (wants_use && exception) as usize;
                    assert!(
                        !wants_use || full || exception,
                        "{step:?} leaves a move without its use\n{position}"
                    );
                }
            }
        }
        assert!(extended >= 1_000, "{extended} chain extensions");
        assert!(exceptions > 0, "no chain ends at an exception");
    }

    /// Every order only rearranges the same moves: a probe never tries a move the exhaustive
    /// search would not.
    #[test]
    fn orders_generate_the_same_moves() {
        let orders = [Order::Plain, Order::Reversed, Order::Shaken(4), Order::Shaken(5)];
        let (mut scored, mut uses) = (Vec::new(), Vec::new());
        let mut reordered = 0;
        for seed in 0..10 {
            for draw in [Draw::One, Draw::Three] {
                let mut position = Position::new(&seeded_deck(seed), Rules::new(draw));
                let mut random = crate::deal::SplitMix64::new(seed);
                for _ in 0..100 {
                    let mut plain = Vec::new();
                    generate(&position, Order::Plain, &mut plain, &mut scored, &mut uses);
                    for order in orders {
                        let mut other = Vec::new();
                        generate(&position, order, &mut other, &mut scored, &mut uses);
                        assert_eq!(other.len(), plain.len());
                        reordered += (other != plain) as usize;
                        assert!(plain.iter().all(|step| {
                            plain.iter().filter(|s| *s == step).count()
                                == other.iter().filter(|s| *s == step).count()
                        }));
                    }
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position.apply(moves.as_slice()[random.below(moves.len() as u64) as usize]);
                }
            }
        }
        assert!(reordered > 0, "the other orders never differ from the plain one");
    }

    /// A narrow search's first steps are those of the whole list, in the same order, in every
    /// order, for less work (their extensions only).
    #[test]
    fn the_first_steps_are_the_front_of_the_whole_list() {
        let orders = [Order::Plain, Order::Reversed, Order::Shaken(4), Order::Shaken(5)];
        let (mut scored, mut uses) = (Vec::new(), Vec::new());
        let (mut compared, mut saved) = (0, 0);
        for draw in [Draw::One, Draw::Three] {
            for position in random_positions(draw, 0..40, 60) {
                for order in orders {
                    let mut all = Vec::new();
                    let whole = generate(&position, order, &mut all, &mut scored, &mut uses);
                    for width in 1..=3 {
                        let mut first = Vec::new();
                        let work =
                            generate_first(&position, order, width, &mut first, &mut scored, &mut uses);
                        let n = width.min(all.len());
                        assert!(first.len() >= n, "{order:?} {width}\n{position}");
                        assert_eq!(first[..n], all[..n], "{order:?} {width}\n{position}");
                        assert!(work <= whole);
                        compared += 1;
                        saved += (work < whole) as usize;
                    }
                }
            }
        }
        assert!(saved > compared / 10, "{saved} of {compared}");
    }
}
