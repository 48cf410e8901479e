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
fn wins_in_more_suits_replay() {
    let mut won = 0;
    for (number, suits) in [(1, Suits::Two), (2, Suits::Two), (4, Suits::Two), (6, Suits::Two)] {
        let start = pysol_deal(PysolNumber::new(number).unwrap(), suits);
        if let Outcome::Solved(moves) = run_to_end(&mut Solver::with_budget(&start, 400_000), 1 << 12) {
            assert!(replays(&start, &moves), "game {number}");
            won += 1;
        }
    }
    assert!(won >= 1, "no 2-suit deal won: nothing replayed");
}

#[test]
fn a_spent_budget_is_unknown_and_slices_report_progress() {
    let start = pysol_deal(PysolNumber::new(1).unwrap(), Suits::Four);
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
