use super::*;
use crate::deal::{seeded_deck, DealNumber};
use crate::games::klondike::grading::{
    difficulty_of as klondike_difficulty, empties as klondike_empties, Facts as KlondikeFacts, Tiers,
    DRAW_ONE_TIERS, PASS_LIMITS,
};
use crate::games::{freecell, klondike, pyramid, OneVariant};
use freecell::grading::{cells_needed, difficulty_of as freecell_difficulty, Facts as FreeCellFacts};
use freecell::FreeCell;
use klondike::Klondike;
use pyramid::grading::Facts as PyramidFacts;
use pyramid::Pyramid;

#[test]
fn difficulties_read_and_print_as_words() {
    for d in Difficulty::ALL {
        assert_eq!(d.to_string().parse::<Difficulty>(), Ok(d));
        assert_eq!(d.word().to_lowercase().parse::<Difficulty>(), Ok(d));
    }
    assert_eq!(Difficulty::Easy.to_string(), "Easy");
    assert!(Difficulty::Easy < Difficulty::Expert);
    let error = "brutal".parse::<Difficulty>().unwrap_err().to_string();
    assert_eq!(error, "`brutal` is not a difficulty: use easy, medium, hard or expert");
}

#[test]
fn freecell_deals_are_graded_from_the_short_line() {
    let grade = grade::<FreeCell>(&FreeCell::seeded(1, OneVariant).unwrap());
    assert_eq!(grade.verdict, Verdict::Solved);
    let Some(FreeCellFacts { cells, length, .. }) = grade.facts_as() else { panic!("{grade:?}") };
    assert!(cells <= 4 && length > 52, "{grade:?}");
    assert_eq!(grade.difficulty, Some(freecell_difficulty(&grade.facts_as().unwrap()).0));
    assert!(
        grade.reason.contains(&format!("the short solution is {length} moves counted card by card")),
        "{}",
        grade.reason
    );
    // The one impossible deal of the first 32,000.
    let grade = super::grade::<FreeCell>(&FreeCell::seeded(11982, OneVariant).unwrap());
    assert_eq!((grade.verdict, grade.difficulty, grade.facts), (Verdict::Unsolvable, None, None));
}

#[test]
fn cells_needed_counts_cells_in_use_and_what_runs_need() {
    use freecell::{Move, Source, Target};
    let start = freecell::Position::deal(DealNumber::new(1).unwrap());
    assert_eq!(cells_needed(&start, &[]), Some(0));
    // Deal 1: "8a" parks the ten of clubs, then "8b" parks the next card.
    let first = start.cascade(7).last().copied().unwrap();
    let one = Move::single(first, Source::Cascade(7), Target::Cell(0));
    assert_eq!(cells_needed(&start, &[one]), Some(1));
    let mut after = start.clone();
    after.play_unchecked(one);
    let second = after.cascade(7).last().copied().unwrap();
    let two = Move::single(second, Source::Cascade(7), Target::Cell(1));
    assert_eq!(cells_needed(&start, &[one, two]), Some(2));
    // An illegal move: no answer.
    assert_eq!(cells_needed(&start, &[two]), None);
}

#[test]
fn pyramid_decks_are_graded_by_their_optimal_line() {
    // Seed 2 is cleared (the protocol tests use it too).
    let grade = grade::<Pyramid>(&Pyramid::seeded(2, OneVariant).unwrap());
    match grade.facts_as() {
        Some(PyramidFacts { steps, recycles }) => {
            assert!(steps >= 28 && recycles <= 2, "{grade:?}");
            assert!(grade.reason.starts_with(&format!("Clears in {steps} steps at best")));
        }
        _ => assert_eq!(grade.verdict, Verdict::Unsolvable),
    }
}

#[test]
fn klondike_deals_learn_draw_three_and_passes() {
    let deal = Klondike::seeded(2, klondike::Draw::One).unwrap();
    let grade = grade::<Klondike>(&deal);
    assert_eq!(grade.verdict, Verdict::Solved, "{grade:?}");
    let Some(KlondikeFacts { draw, passes, passes_proven, .. }) = grade.facts_as() else {
        panic!("{grade:?}")
    };
    assert_eq!(draw, 1);
    assert!(passes >= 1);
    assert!(passes_proven || passes > PASS_LIMITS, "{grade:?}");
    let Some(KlondikeFacts { moves, .. }) = grade.facts_as() else { unreachable!() };
    assert!(grade.reason.contains(&format!("; the solution is {moves} moves; draw 3 ")), "{}", grade.reason);
    // The same deck in draw 3: its line's emptied columns are counted by replaying it.
    let deal = Klondike::seeded(2, klondike::Draw::Three).unwrap();
    let grade = super::grade::<Klondike>(&deal);
    let Some(KlondikeFacts { draw: 3, empties, .. }) = grade.facts_as() else { panic!("{grade:?}") };
    assert_eq!(grade.difficulty, Some(klondike_difficulty(&grade.facts_as().unwrap()).0));
    assert!(grade.reason.contains("empties a column") == (empties > 0), "{}", grade.reason);
}

#[test]
fn klondike_empties_counts_moves_that_clear_a_column_onto_another() {
    use klondike::Move;
    let rules = klondike::Rules::new(klondike::Draw::One);
    // Column 1 is dealt one face-up card with nothing under it: moving it empties the column;
    // a run moved off face-down cards does not.
    let mut from_first = 0;
    for seed in 1..=40 {
        let deck = seeded_deck(seed);
        for &mv in klondike::Position::new(&deck, rules).legal_moves().iter() {
            let expected = u32::from(matches!(mv, Move::TableauToTableau { from: 0, .. }));
            from_first += expected;
            assert_eq!(klondike_empties(&deck, rules, &[mv]), expected, "{seed} {mv:?}");
        }
    }
    assert!(from_first > 0);
    let deck = seeded_deck(4);
    assert_eq!(klondike_empties(&deck, rules, &[]), 0);
}

#[test]
fn klondike_tiers_follow_passes_then_the_length_or_the_emptied_columns() {
    use Difficulty::*;
    let facts = |draw, passes, moves, empties| KlondikeFacts {
        draw,
        draw_three_wins: Some(true),
        passes,
        passes_proven: true,
        moves,
        empties,
    };
    let tier = |draw, passes, moves, empties| klondike_difficulty(&facts(draw, passes, moves, empties)).0;
    // Draw 1: more than two passes is Expert; otherwise up to 190 moves Easy, up to 220 Medium.
    assert_eq!(DRAW_ONE_TIERS, Tiers { passes: 2, easy_moves: 190, medium_moves: 220 });
    assert_eq!(
        [tier(1, 1, 150, 5), tier(1, 2, 190, 0), tier(1, 2, 191, 0), tier(1, 1, 220, 3)],
        [Easy, Easy, Medium, Medium]
    );
    assert_eq!(
        [tier(1, 1, 221, 0), tier(1, 2, 300, 0), tier(1, 3, 150, 0), tier(1, 9, 250, 0)],
        [Hard, Hard, Expert, Expert]
    );
    // Draw 3: more than three passes, or three emptied columns, is Expert; otherwise none
    // Easy, one Medium, two Hard (the length does not count).
    assert_eq!(
        [tier(3, 3, 300, 0), tier(3, 1, 100, 1), tier(3, 2, 100, 2), tier(3, 1, 100, 3)],
        [Easy, Medium, Hard, Expert]
    );
    assert_eq!([tier(3, 4, 100, 0), tier(3, 12, 160, 1)], [Expert, Expert]);

    let reason = |draw, draw_three_wins, passes, passes_proven, moves, empties| {
        klondike_difficulty(&KlondikeFacts { draw, draw_three_wins, passes, passes_proven, moves, empties }).1
    };
    assert_eq!(
        reason(1, Some(true), 2, true, 212, 1),
        "Needs 2 passes through the stock; the solution is 212 moves; draw 3 also wins"
    );
    assert_eq!(
        reason(1, Some(false), 1, true, 180, 0),
        "Wins in one pass through the stock; the solution is 180 moves; draw 3 cannot win it"
    );
    assert_eq!(
        reason(1, None, 7, false, 240, 2),
        "The solver's win takes 7 passes through the stock; the solution is 240 moves; draw 3 undecided"
    );
    assert_eq!(
        reason(3, Some(true), 3, true, 140, 0),
        "Needs 3 passes through the stock; the solution never empties a column"
    );
    assert_eq!(
        reason(3, Some(true), 2, true, 140, 2),
        "Needs 2 passes through the stock; the solution empties a column twice"
    );
    assert_eq!(
        reason(3, Some(true), 5, false, 140, 4),
        "The solver's win takes 5 passes through the stock; the solution empties a column 4 times"
    );
}

#[test]
fn winnable_searches_skip_what_is_not_proven() {
    // FreeCell from deal 11982 (proven unsolvable) moves on to 11983.
    let mut search = Winnable::<FreeCell>::new(11982, None, OneVariant);
    let found = loop {
        if let Some(found) = search.step(1 << 12) {
            break found;
        }
    };
    assert_eq!(found.0, 11983);
    assert_eq!(found.1.verdict, Verdict::Solved);
    assert_eq!(search.progress().tried, 2);
    // A wanted tier is honoured.
    let (seed, grade) = Winnable::<FreeCell>::new(1, Some(Difficulty::Expert), OneVariant).run_to_end();
    assert_eq!(grade.difficulty, Some(Difficulty::Expert));
    assert_eq!(super::grade::<FreeCell>(&FreeCell::seeded(seed, OneVariant).unwrap()), grade);
}

#[test]
fn policies_play_by_the_rules() {
    // They are only measured, not asserted to win; here they must run and answer.
    let deck = seeded_deck(3);
    let _ = pyramid::policy::play_pyramid(&deck);
    let _ = klondike::policy::play_klondike(&deck, klondike::Rules::new(klondike::Draw::One));
    let _ = freecell::policy::play_freecell(&freecell::Position::deal(DealNumber::new(1).unwrap()));
}
