//! Golf's solver: every verdict on PySolFC's games 1..1000 equals black-hole-solver's
//! (`black-hole-solve --game golf --queens-on-kings`, committed in
//! `tests/data/golf-verdicts.txt` by `scripts/golf-vs-black-hole.py`), every win replays
//! through the rules, and no deal is left undecided.

use deckhand::deal::PysolNumber;
use deckhand::games::golf::{pysol_deal, solve, Move};
use deckhand::search::Outcome;

#[test]
fn every_verdict_equals_black_hole_solvers_and_every_win_replays() {
    let text = include_str!("data/golf-verdicts.txt");
    let (mut won, mut checked) = (0, 0);
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let (number, verdict) = line.split_once(' ').expect("`N verdict`");
        let start = pysol_deal(number.parse::<PysolNumber>().unwrap());
        match (solve(&start), verdict) {
            (Outcome::Solved(moves), "solved") => {
                let end = moves.iter().try_fold(start, |position, &mv| position.play(mv));
                let end = end.unwrap_or_else(|error| panic!("game {number}: {error}"));
                assert!(end.is_won(), "game {number}: the line does not win");
                assert!(moves.len() >= 35 && moves.len() <= 51, "game {number}: {} moves", moves.len());
                assert!(moves.iter().filter(|m| **m == Move::Deal).count() <= 16);
                won += 1;
            }
            (Outcome::Unsolvable, "unsolvable") => {}
            (other, verdict) => panic!("game {number}: ours {other:?}, black-hole-solver {verdict}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 1000);
    // The published share is 45.1% (Blake & Gent, 10^7 deals).
    assert!((400..=500).contains(&won), "{won} of 1000 won");
}
