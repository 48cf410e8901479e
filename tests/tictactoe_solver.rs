//! Tic-Tac-Toe: known facts reproduced by the solvers, the opponent, notation and link codes.

use std::sync::OnceLock;

use deckhand::deal::SplitMix64;
use deckhand::games::tictactoe::{
    self, CodeError, MoveError, Player, Position, PositionError, Problem, Setup, Square, TicTacToe,
};
use deckhand::search::negamax::Negamax;
use deckhand::search::retrograde::Solution;
use deckhand::search::twoplayer::{Evaluation, Value};
use proptest::prelude::*;

fn solution() -> &'static Solution<TicTacToe> {
    static SOLUTION: OnceLock<Solution<TicTacToe>> = OnceLock::new();
    SOLUTION.get_or_init(|| tictactoe::solve().expect("5,478 positions fit any budget"))
}

fn position(text: &str) -> Position {
    text.parse().unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// Every board of X, O and empty squares, as a setup.
fn all_setups() -> impl Iterator<Item = Setup> {
    (0..3u32.pow(9)).map(|mut number| {
        let mut setup = Setup::default();
        for cell in &mut setup.cells {
            *cell = [None, Some(Player::X), Some(Player::O)][(number % 3) as usize];
            number /= 3;
        }
        setup
    })
}

#[test]
fn there_are_5478_legal_positions_and_play_reaches_exactly_them() {
    assert_eq!(solution().len(), 5478);
    let legal: Vec<Position> = all_setups().filter_map(|setup| Position::try_from(setup).ok()).collect();
    assert_eq!(legal.len(), 5478);
    for position in &legal {
        assert!(solution().evaluate(position).is_some(), "{position} is legal but not reached");
    }
}

#[test]
fn the_empty_board_is_a_draw() {
    assert_eq!(solution().evaluate(&Position::new()), Some(Evaluation::Draw));
    let moves = solution().evaluate_moves(&Position::new()).unwrap();
    assert_eq!(moves.len(), 9);
    assert!(moves.iter().all(|(_, evaluation)| *evaluation == Evaluation::Draw), "{moves:?}");
}

/// The squares whose moves have `value` for the player to move in `text`.
fn squares_with(text: &str, value: Value) -> Vec<u8> {
    let moves = solution().evaluate_moves(&position(text)).unwrap();
    moves.iter().filter(|(_, e)| e.value() == value).map(|(mv, _)| mv.square.index() + 1).collect()
}

#[test]
fn known_replies_to_each_opening() {
    // After a corner, only the centre holds the draw.
    assert_eq!(squares_with("X../.../...", Value::Draw), vec![5]);
    // After the centre, the corners draw and the edges lose.
    assert_eq!(squares_with(".../.X./...", Value::Draw), vec![1, 3, 7, 9]);
    assert_eq!(squares_with(".../.X./...", Value::Loss), vec![2, 4, 6, 8]);
    // After an edge: the neighbouring corners, the centre and the opposite edge draw.
    assert_eq!(squares_with(".X./.../...", Value::Draw), vec![1, 3, 5, 8]);
    // Opposite corners around O's centre: O must take an edge, a corner loses.
    assert_eq!(squares_with("X../.O./..X", Value::Draw), vec![2, 4, 6, 8]);
    assert_eq!(squares_with("X../.O./..X", Value::Loss), vec![3, 7]);
}

#[test]
fn given_positions_have_known_values() {
    let cases = [
        ("XX./OO./...", Evaluation::Win { plies: 1 }),
        ("XX./OO./X..", Evaluation::Win { plies: 1 }),
        ("XXX/OO./...", Evaluation::Loss { plies: 0 }),
        ("XOX/XOO/OXX", Evaluation::Draw),
        // X has a fork: two threats, O can stop one.
        ("X../.O./..X", Evaluation::Draw),
        ("X.X/.O./O.X", Evaluation::Loss { plies: 2 }),
        ("X../.../..O", Evaluation::Win { plies: 5 }),
        ("XO./.../...", Evaluation::Win { plies: 5 }),
    ];
    for (text, expected) in cases {
        assert_eq!(solution().evaluate(&position(text)), Some(expected), "{text}");
    }
    let best = solution().evaluate_moves(&position("XX./OO./...")).unwrap();
    let winning: Vec<String> = best
        .iter()
        .filter(|(_, e)| *e == Evaluation::Win { plies: 1 })
        .map(|(mv, _)| mv.to_string())
        .collect();
    assert_eq!(winning, ["X takes the top-right corner"]);
}

#[test]
fn negamax_agrees_with_retrograde_analysis_everywhere() {
    let mut search = Negamax::new(TicTacToe);
    for (position, evaluation) in solution().iter() {
        assert_eq!(search.evaluate(&position), evaluation, "{position}");
        if let Some(moves) = solution().evaluate_moves(&position) {
            assert_eq!(search.evaluate_moves(&position), moves, "{position}");
        }
    }
    assert_eq!(search.evaluate(&Position::new()), Evaluation::Draw);
}

#[test]
fn the_opponent_never_loses_and_varies_its_games() {
    let mut random = SplitMix64::new(2024);
    let mut games = std::collections::HashSet::new();
    for game in 0..300 {
        let mut at = Position::new();
        let opponent = if game % 2 == 0 { Player::O } else { Player::X };
        let mut history = Vec::new();
        while !at.is_over() {
            let mv = if at.to_move() == opponent {
                solution().choose_move(&at, &mut random).unwrap()
            } else {
                let moves = at.legal_moves();
                moves[random.below(moves.len() as u64) as usize]
            };
            history.push(mv.square.index());
            at = at.play(mv).unwrap();
        }
        assert_ne!(at.winner(), Some(opponent.opponent()), "the opponent lost: {at}");
        games.insert(history);
    }
    // Perfect self-play also varies, and always draws.
    for seed in 0..20 {
        let mut random = SplitMix64::new(seed);
        let mut at = Position::new();
        let mut history = Vec::new();
        while let Some(mv) = solution().choose_move(&at, &mut random) {
            history.push(mv.square.index());
            at = at.play(mv).unwrap();
        }
        assert_eq!(at.winner(), None, "{at}");
        games.insert(history);
    }
    assert!(games.len() > 200, "only {} different games", games.len());
}

#[test]
fn codes_round_trip_and_bad_codes_explain_themselves() {
    for (position, _) in solution().iter() {
        let code = position.to_code();
        assert_eq!(code.len(), 4);
        assert_eq!(Position::from_code(&code), Ok(position), "{code}");
    }
    assert!(matches!(Position::from_code("AQ*A"), Err(CodeError::Link(_))));
    assert!(matches!(Position::from_code("AQ"), Err(CodeError::WrongLength { found: 1, .. })));
    assert!(matches!(Position::from_code("AgAA"), Err(CodeError::UnknownVersion { version: 2, .. })));
    assert!(matches!(Position::from_code("Af__"), Err(CodeError::OutOfRange { .. })));
    // Two X marks and no O: a board, but not a legal position.
    let bad = {
        let mut setup = Setup::default();
        setup.cells[0] = Some(Player::X);
        setup.cells[1] = Some(Player::X);
        setup
    };
    assert!(Position::try_from(bad).is_err());
    assert!(matches!(Position::from_code("AQAE"), Err(CodeError::Position(_))));
}

#[test]
fn board_text_errors_list_every_problem() {
    let error = "XX?/XXX/.O".parse::<Position>().unwrap_err();
    assert_eq!(
        error,
        PositionError {
            problems: vec![
                Problem::BadCharacter { character: '?', position: 3 },
                Problem::WrongSize { found: 7 }
            ]
        }
    );
    let error = "XXX/OOO/X..".parse::<Position>().unwrap_err();
    assert_eq!(error.problems, vec![Problem::BothWin]);
    let error = "XXX/OO./O..".parse::<Position>().unwrap_err();
    assert_eq!(error.problems, vec![Problem::PlayedOn { winner: Player::X }]);
    let error = "XXX/XO./...".parse::<Position>().unwrap_err();
    assert_eq!(
        error.problems,
        vec![Problem::MarkCount { x: 4, o: 1 }, Problem::PlayedOn { winner: Player::X }]
    );
    assert!(error.to_string().contains("X has 4 marks and O has 1"), "{error}");
    assert_eq!(position("x o . / . X . / o . .").to_string(), "XO./.X./O..");
    assert_eq!("5".parse::<Square>().unwrap().name(), "centre");
    assert!("0".parse::<Square>().is_err() && "10".parse::<Square>().is_err());
}

#[test]
fn illegal_moves_come_back_with_the_position() {
    let at = position("X../.../...");
    let taken = tictactoe::Move { player: Player::O, square: Square::new(0).unwrap() };
    let error = at.play(taken).unwrap_err();
    assert_eq!(error.position, at);
    assert_eq!(error.reason, MoveError::Occupied { square: Square::new(0).unwrap(), owner: Player::X });
    let wrong_turn = tictactoe::Move { player: Player::X, square: Square::new(4).unwrap() };
    assert_eq!(at.play(wrong_turn).unwrap_err().reason, MoveError::NotYourTurn { player: Player::X });
    let over = position("XXX/OO./...");
    let late = tictactoe::Move { player: Player::O, square: Square::new(5).unwrap() };
    assert_eq!(over.play(late).unwrap_err().reason, MoveError::GameOver);
    assert!(over.legal_moves().is_empty());
    assert_eq!(over.winning_line().map(|line| line.map(Square::index)), Some([0, 1, 2]));
}

proptest! {
    /// A move is accepted exactly when it is in the legal-move list, along any game.
    #[test]
    fn legal_list_matches_checked_play(choices in proptest::collection::vec(0usize..9, 0..9)) {
        let mut at = Position::new();
        for choice in choices {
            let legal = at.legal_moves();
            for square in Square::all() {
                for player in [Player::X, Player::O] {
                    let mv = tictactoe::Move { player, square };
                    prop_assert_eq!(legal.contains(&mv), at.play(mv).is_ok());
                }
            }
            if legal.is_empty() {
                break;
            }
            at = at.play(legal[choice % legal.len()]).unwrap();
            prop_assert_eq!(Position::from_code(&at.to_code()), Ok(at));
            prop_assert_eq!(at.to_string().parse::<Position>(), Ok(at));
        }
    }
}
