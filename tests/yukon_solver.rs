//! The Yukon solver through the public API: every solution replays to a win through the
//! checked rules, and a loss it claims is a real one on a small layout whose every line can
//! be checked by hand.

use deckhand::deal::PysolNumber;
use deckhand::games::yukon::{pysol_deal, Move, Options, Position, Solver};
use deckhand::search::{run_to_end, Budget, Outcome, Search};

fn replay(start: &Position, moves: &[Move]) -> Position {
    let mut position = *start;
    for (i, &mv) in moves.iter().enumerate() {
        position =
            position.play(mv).unwrap_or_else(|e| panic!("move {} ({mv}) is illegal: {}", i + 1, e.reason));
    }
    position
}

#[test]
fn solutions_replay_to_a_win() {
    let mut solved = 0;
    for number in 1..=40 {
        let start = pysol_deal(PysolNumber::new(number).unwrap());
        let outcome = run_to_end(&mut Solver::new(&start, Options { budget: Budget::states(100_000) }), 4096);
        if let Outcome::Solved(moves) = outcome {
            assert!(replay(&start, &moves).is_won(), "game {number}");
            solved += 1;
        }
    }
    // Most Yukon deals are won, and quickly.
    assert!(solved >= 25, "{solved} of 40 solved");
}

/// Clubs and diamonds home, hearts to the ten, spades to the queen; the king of hearts face
/// down under the king of spades, the jack and queen of hearts on it. The jack of hearts can go
/// only home (both black queens are home) and the queen of hearts covers it; the queen can go
/// only on the king of spades under it (the king of clubs is home) or home after the jack. The
/// king of spades can only take them to an empty pile, which turns up the king of hearts,
/// which can only go to an empty pile too. So the game is lost.
#[test]
fn a_small_lost_layout_is_proven_lost() {
    let start = Position::from_piles(["<KH> KS JH QH", "", "", "", "", "", ""], [13, 13, 10, 12]).unwrap();
    let mut solver = Solver::new(&start, Options::default());
    assert_eq!(run_to_end(&mut solver, 1), Outcome::Unsolvable);
    assert!(solver.progress().states < 100);
    // One card different, the queen of spades still out under the king of hearts' run: won.
    let start = Position::from_piles(["<KH> KS JH QH", "QS", "", "", "", "", ""], [13, 13, 10, 11]).unwrap();
    let Outcome::Solved(moves) = run_to_end(&mut Solver::new(&start, Options::default()), 1) else {
        panic!("a won layout")
    };
    assert!(replay(&start, &moves).is_won());
}

#[test]
fn a_budget_gives_unknown_and_slices_give_the_same_answer() {
    let start = pysol_deal(PysolNumber::new(3).unwrap());
    let whole = run_to_end(&mut Solver::new(&start, Options { budget: Budget::states(30_000) }), 1 << 20);
    let sliced = run_to_end(&mut Solver::new(&start, Options { budget: Budget::states(30_000) }), 7);
    assert_eq!(whole, sliced);
    let tiny = run_to_end(&mut Solver::new(&start, Options { budget: Budget::states(2) }), 100);
    assert!(matches!(tiny, Outcome::Unknown(_) | Outcome::Solved(_)), "{tiny:?}");
}
