//! Fox and Hounds: the known result (the hounds win, 44 plies with the fox moving first),
//! the count of reachable positions under stated counting rules, the rule variants behind
//! other figures, and the rules, notation and link codes.
//!
//! Counting rules: a position is the fox's square, the set of hound squares (hounds are
//! alike) and the side to move; every position reachable from the start by legal moves is
//! counted once, the start and the finished games included, nothing beyond a finished game.

use std::sync::OnceLock;

use deckhand::deal::SplitMix64;
use deckhand::games::foxhounds::{
    self, CodeError, FoxAndHounds, FoxGoal, Move, MoveError, Position, Problem, Setup, Side, Square,
};
use deckhand::search::negamax::Negamax;
use deckhand::search::retrograde::{Retrograde, Solution};
use deckhand::search::twoplayer::{best_moves, Evaluation};
use deckhand::search::{Outcome, Search};

fn solution() -> &'static Solution<FoxAndHounds> {
    static SOLUTION: OnceLock<Solution<FoxAndHounds>> = OnceLock::new();
    SOLUTION.get_or_init(|| foxhounds::solve(FoxAndHounds::default(), Position::start()).unwrap())
}

fn square(text: &str) -> Square {
    text.parse().unwrap()
}

#[test]
fn the_hounds_win_in_44_plies_with_the_fox_moving_first() {
    let start = Position::start();
    assert_eq!(start.fox(), square("d8"));
    assert_eq!(start.hounds().map(|s| s.to_string()).collect::<Vec<_>>(), ["a1", "c1", "e1", "g1"]);
    assert_eq!(start.to_move(), Side::Fox);
    assert_eq!(solution().evaluate(&start), Some(Evaluation::Loss { plies: 44 }));

    // The perfect line replays through the checked rules and ends with the fox trapped.
    let game = FoxAndHounds::default();
    let line = solution().principal_line(&start, 100);
    assert_eq!(line.len(), 44);
    let mut at = start;
    for mv in line {
        at = at.play(&game, mv).unwrap();
    }
    assert_eq!(game.winner(&at), Some(Side::Hounds));
    assert_eq!(at.to_move(), Side::Fox);
    assert!(at.moves().is_empty());
}

#[test]
fn reachable_positions_are_counted() {
    let counts = solution().counts();
    assert_eq!(solution().len(), 895_280);
    assert_eq!((counts.wins, counts.draws, counts.losses), (439_003, 0, 456_277));
}

/// (fox square, first to move, fox goal) -> (reachable positions, plies the hounds need).
#[test]
fn rule_variants_and_their_figures() {
    let cases = [
        ("d8", Side::Hounds, FoxGoal::HoundsRow, 892_689, 43),
        ("b8", Side::Fox, FoxGoal::HoundsRow, 894_341, 44),
        ("h8", Side::Fox, FoxGoal::HoundsRow, 892_699, 44),
        ("d8", Side::Fox, FoxGoal::PastHounds, 841_928, 44),
        ("d8", Side::Fox, FoxGoal::HoundsStuck, 957_529, 44),
    ];
    for (fox, first, goal, positions, plies) in cases {
        let start = Position::start_with(square(fox), first);
        let solution = foxhounds::solve(FoxAndHounds { goal }, start).unwrap();
        assert_eq!(solution.len(), positions, "{fox} {first:?} {goal:?}");
        let expected =
            if first == Side::Fox { Evaluation::Loss { plies } } else { Evaluation::Win { plies } };
        assert_eq!(solution.evaluate(&start), Some(expected), "{fox} {first:?} {goal:?}");
    }
}

#[test]
fn move_values_are_consistent_and_match_negamax() {
    let mut search = Negamax::new(FoxAndHounds::default());
    let mut checked = 0;
    // Every 997th position, from the end of the enumeration (deep positions) backwards.
    let sample: Vec<(Position, Evaluation)> = solution().iter().step_by(997).collect();
    for &(position, evaluation) in sample.iter().rev() {
        let moves = solution().evaluate_moves(&position).unwrap();
        match moves.iter().map(|(_, e)| *e).max() {
            Some(best) => assert_eq!(best, evaluation, "{position}"),
            None => {
                assert!(matches!(evaluation, Evaluation::Loss { plies: 0 } | Evaluation::Win { plies: 0 }))
            }
        }
        if checked < 300 {
            assert_eq!(search.evaluate(&position), evaluation, "{position}");
            checked += 1;
        }
    }
    assert_eq!(checked, 300);
}

#[test]
fn the_opponent_picks_only_best_moves_and_varies() {
    let game = FoxAndHounds::default();
    let mut random = SplitMix64::new(11);
    let mut games = std::collections::HashSet::new();
    for _ in 0..30 {
        let mut at = Position::start();
        let mut history = Vec::new();
        // A random fox against the perfect hounds: the hounds always win.
        while game.winner(&at).is_none() {
            let mv = if at.to_move() == Side::Hounds {
                let chosen = solution().choose_move(&at, &mut random).unwrap();
                let evaluated = solution().evaluate_moves(&at).unwrap();
                assert!(best_moves(&evaluated).contains(&chosen));
                chosen
            } else {
                let moves = at.moves();
                moves[random.below(moves.len() as u64) as usize]
            };
            history.push(mv);
            at = at.play(&game, mv).unwrap();
        }
        assert_eq!(game.winner(&at), Some(Side::Hounds), "{at}");
        games.insert(history);
    }
    assert_eq!(games.len(), 30);
}

#[test]
fn slices_give_the_same_solution() {
    let mut solver = Retrograde::new(FoxAndHounds::default(), [Position::start()]);
    let mut slices = 0;
    let sliced = loop {
        slices += 1;
        if let Some(outcome) = solver.step(100_000) {
            break outcome;
        }
    };
    assert!(slices > 10, "{slices}");
    match sliced {
        Outcome::Solved(sliced) => assert!(sliced == *solution()),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn moves_follow_the_rules() {
    let game = FoxAndHounds::default();
    let start = Position::start();
    let fox_moves: Vec<String> = start.moves().iter().map(|mv| mv.notation()).collect();
    assert_eq!(fox_moves, ["d8-c7", "d8-e7"]);
    let fox = start.parse_move("d8-c7").unwrap();
    assert_eq!(fox.to_string(), "Move the fox from d8 to c7");
    let after = start.play(&game, fox).unwrap();
    let hound_moves: Vec<String> = after.moves().iter().map(|mv| mv.notation()).collect();
    assert_eq!(hound_moves, ["a1-b2", "c1-b2", "c1-d2", "e1-d2", "e1-f2", "g1-f2", "g1-h2"]);
    assert_eq!(after.parse_move("c1d2").unwrap().to_string(), "Move the hound from c1 to d2");

    // Wrong side, backwards hound, a square too far, a light square.
    let hound = Move::Hound { from: square("a1"), to: square("b2") };
    let error = start.play(&game, hound).unwrap_err();
    assert_eq!((error.position, error.reason), (start, MoveError::NotYourTurn { side: Side::Hounds }));
    let moved = after.play(&game, hound).unwrap();
    let back = Move::Hound { from: square("b2"), to: square("a1") };
    let moved = moved.play(&game, moved.moves()[0]).unwrap();
    assert_eq!(moved.play(&game, back).unwrap_err().reason, MoveError::NotAllowed);
    assert!(after.parse_move("a1-c3").is_err());
    assert!(matches!("a2".parse::<Square>(), Err(foxhounds::SquareError::Light { .. })));
    assert!(matches!("i9".parse::<Square>(), Err(foxhounds::SquareError::Malformed { .. })));

    // The fox wins on reaching rank 1.
    let setup = Setup {
        fox: Some(square("b2")),
        hounds: ["c3", "e3", "g3", "h4"].map(square).to_vec(),
        to_move: Side::Fox,
    };
    let near = Position::try_from(setup).unwrap();
    let home = near.play(&game, near.parse_move("b2-a1").unwrap()).unwrap();
    assert_eq!(game.winner(&home), Some(Side::Fox));
    assert!(home.play(&game, home.moves()[0]).is_err());
}

#[test]
fn codes_round_trip_and_bad_codes_explain_themselves() {
    for (position, _) in solution().iter().step_by(101) {
        let code = position.to_code();
        assert_eq!(code.len(), 8);
        assert_eq!(Position::from_code(&code), Ok(position), "{code}");
    }
    let start = Position::start().to_code();
    assert_eq!(Position::from_code(&start), Ok(Position::start()));
    assert!(matches!(Position::from_code("AR0*AAAA"), Err(CodeError::Link(_))));
    assert!(matches!(Position::from_code("AR0"), Err(CodeError::WrongLength { found: 2, .. })));
    let mut bytes = deckhand::share::decode_bytes(&start).unwrap();
    bytes[0] = 9;
    let unknown = deckhand::share::encode_bytes(&bytes);
    assert!(matches!(Position::from_code(&unknown), Err(CodeError::UnknownVersion { version: 9, .. })));
    // Fox on a1 among the hounds, and only three other hounds... every problem is named.
    let bad = Setup {
        fox: Some(square("a1")),
        hounds: ["a1", "c1", "c1"].map(square).to_vec(),
        to_move: Side::Fox,
    };
    let error = Position::try_from(bad).unwrap_err();
    assert_eq!(
        error.problems,
        vec![
            Problem::DuplicateHound { square: square("c1") },
            Problem::HoundCount { found: 3 },
            Problem::FoxOnHound { square: square("a1") }
        ]
    );
    bytes[0] = 1;
    bytes[1] = 0; // fox on a1, where a hound stands
    assert!(matches!(
        Position::from_code(&deckhand::share::encode_bytes(&bytes)),
        Err(CodeError::Position(_))
    ));
}
