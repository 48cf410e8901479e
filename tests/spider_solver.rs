//! The Spider solver through the public API: every win replayed through the rules; one suit
//! won on every deal of a range; "unknown" when a budget runs out, never a false "unsolvable".

use deckhand::deal::PysolNumber;
use deckhand::games::spider::{pysol_deal, Move, Position, Solver, Suits};
use deckhand::search::{run_to_end, Outcome, Search, UnknownReason};

fn replays(start: &Position, moves: &[Move]) -> bool {
    let mut position = *start;
    for &mv in moves {
        match position.play(mv) {
            Ok(next) => position = next,
            Err(_) => return false,
        }
    }
    position.is_won()
}

#[test]
fn one_suit_deals_are_won_and_every_win_replays() {
    for number in 1..=12 {
        let start = pysol_deal(PysolNumber::new(number).unwrap(), Suits::One);
        match run_to_end(&mut Solver::with_budget(&start, 400_000), 1 << 12) {
            Outcome::Solved(moves) => assert!(replays(&start, &moves), "game {number}"),
            other => panic!("1-suit game {number}: {other:?}"),
        }
    }
}

#[test]
fn two_and_four_suit_deals_are_won_and_every_win_replays() {
    // Deals this solver wins within a few thousand positions (docs/BENCHMARKS.md, Spider), so
    // that the test stays quick in the dev profile.
    for (number, suits) in
        [(1, Suits::Two), (2, Suits::Two), (3, Suits::Two), (1, Suits::Four), (3, Suits::Four)]
    {
        let start = pysol_deal(PysolNumber::new(number).unwrap(), suits);
        match run_to_end(&mut Solver::with_budget(&start, 1_000_000), 1 << 12) {
            Outcome::Solved(moves) => assert!(replays(&start, &moves), "{suits:?} game {number}"),
            other => panic!("{suits:?} game {number}: {other:?}"),
        }
    }
}

#[test]
fn a_search_repeats_itself() {
    // The guided phase's later attempts draw their weights from a fixed seed: the same deal
    // gets the same line, so a shared link's solution and the deal of the day never change
    // from one run to the next.
    let start = pysol_deal(PysolNumber::new(3).unwrap(), Suits::Four);
    let first = run_to_end(&mut Solver::with_budget(&start, 1_000_000), 1 << 10);
    let again = run_to_end(&mut Solver::with_budget(&start, 1_000_000), 1 << 12);
    assert!(matches!(first, Outcome::Solved(_)), "{first:?}");
    assert_eq!(first, again);
}

#[test]
fn a_spent_budget_is_unknown_and_slices_report_progress() {
    // Four-suit game 2 is not won within the default budget (docs/BENCHMARKS.md), let alone 2,000.
    let start = pysol_deal(PysolNumber::new(2).unwrap(), Suits::Four);
    let mut solver = Solver::with_budget(&start, 2_000);
    let mut last = 0;
    let outcome = loop {
        if let Some(outcome) = solver.step(10) {
            break outcome;
        }
        let states = solver.progress().states;
        assert!(states >= last);
        last = states;
    };
    assert_eq!(outcome, Outcome::Unknown(UnknownReason::StateBudget { states: 2_000 }));
}
