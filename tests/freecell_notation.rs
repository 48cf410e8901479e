//! Standard notation, sequence expansion and single-card solution length.

use deckhand::deal::DealNumber;
use deckhand::games::freecell::{
    expand, expand_all, single_card_cost, solution_length, Notation, NotationError, Position, Source, Target,
};

#[test]
fn notation_parses_and_prints() {
    for text in ["3b", "ah", "81", "1h", "da", "18x3"] {
        let notation: Notation = text.parse().unwrap();
        assert_eq!(notation.to_string(), text);
    }
    let n: Notation = "3b".parse().unwrap();
    assert_eq!((n.from, n.to, n.cards), (Source::Cascade(2), Target::Cell(1), None));
    let n: Notation = "AH".parse().unwrap();
    assert_eq!((n.from, n.to), (Source::Cell(0), Target::Foundation));
    for bad in ["", "9a", "h1", "3", "3bx", "12x0", "1e", "e1"] {
        assert!(matches!(bad.parse::<Notation>(), Err(NotationError::Malformed(_))), "{bad}");
    }
}

#[test]
fn notation_to_move_checks_legality() {
    let position = Position::deal(DealNumber::new(1).unwrap());
    let mv = "8a".parse::<Notation>().unwrap().to_move(&position).unwrap();
    assert_eq!(mv.card.to_string(), "TC");
    assert!(matches!(
        "ah".parse::<Notation>().unwrap().to_move(&position),
        Err(NotationError::Illegal { .. })
    ));
    assert!("12".parse::<Notation>().unwrap().to_move(&position).is_err());
}

/// Walks pseudo-random games; every legal move survives notation and expands correctly.
#[test]
fn notation_round_trips_and_expansion_matches_cost() {
    let mut sequence_moves = 0;
    for deal in [1u64, 2, 3, 164, 617, 1941, 11982] {
        let mut position = Position::deal(DealNumber::new(deal).unwrap());
        let mut seed = deal;
        for _ in 0..120 {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            for &mv in &legal {
                let notation = Notation::of(&position, mv);
                let text = notation.to_string();
                let back = text.parse::<Notation>().unwrap().to_move(&position).unwrap();
                assert_eq!(back, mv, "{text} in\n{position}");
                let singles = expand(&position, mv).unwrap();
                let (cost, end) = solution_length(&position, &singles).unwrap();
                assert!(singles.iter().all(|m| m.cards == 1));
                assert_eq!(cost as usize, singles.len());
                assert_eq!(Some(cost), deckhand::games::freecell::notation::move_cost(&position, mv));
                assert_eq!(end, position.clone().play(mv).unwrap(), "expanding {mv}");
                if mv.cards > 1 {
                    sequence_moves += 1;
                }
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let pick = (seed >> 33) as usize % legal.len();
            position = position.play(legal.as_slice()[pick]).unwrap();
        }
    }
    assert!(sequence_moves > 20, "only {sequence_moves} sequence moves exercised");
}

#[test]
fn single_card_costs_follow_the_standard_procedure() {
    assert_eq!(single_card_cost(1, 0, 0), Some(1));
    assert_eq!(single_card_cost(3, 2, 0), Some(5));
    assert_eq!(single_card_cost(3, 1, 0), None);
    // Two cards with no cell and one empty cascade: park one, move one, bring it back.
    assert_eq!(single_card_cost(2, 0, 1), Some(3));
    // Four cards with one cell and one empty cascade: 2*c(2) + c(2) = 2*3 + 3.
    assert_eq!(single_card_cost(4, 1, 1), Some(9));
    assert_eq!(single_card_cost(5, 1, 1), None);
    assert_eq!(single_card_cost(13, 4, 0), None);
    assert_eq!(single_card_cost(5, 4, 0), Some(9));
}

#[test]
fn expand_all_keeps_the_game() {
    let start = Position::deal(DealNumber::new(1).unwrap());
    let deckhand::search::Outcome::Solved(moves) =
        deckhand::games::freecell::Solver::solve(&start, deckhand::games::freecell::Mode::Fast)
    else {
        panic!("deal 1 is solvable");
    };
    let singles = expand_all(&start, &moves).unwrap();
    let (length, end) = solution_length(&start, &moves).unwrap();
    assert_eq!(length as usize, singles.len());
    assert!(end.is_won());
    let (_, end) = solution_length(&start, &singles).unwrap();
    assert!(end.is_won());
}

#[test]
fn a_game_written_as_words_reads_back_move_for_move() {
    use deckhand::games::freecell::{notation_words, Mode, Solver};
    use deckhand::search::Outcome;
    let start = Position::deal(DealNumber::new(1).unwrap());
    let Outcome::Solved(moves) = Solver::solve(&start, Mode::Fast) else { panic!("deal 1 is solvable") };
    let words = notation_words(&start, &moves);
    assert_eq!(words.len(), moves.len());
    let mut position = start;
    for (word, &mv) in words.iter().zip(&moves) {
        assert_eq!(word.parse::<Notation>().unwrap().to_move(&position).unwrap(), mv, "{word}");
        position.play_unchecked(mv);
    }
}
