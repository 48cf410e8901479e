//! Baker's Game, Eight Off and Seahaven Towers as the table plays them, through the registry's
//! traits: pile names, links and saved games, every solver move as the drag that makes it,
//! refusals in words, grading.

use deckhand::deal::PysolNumber;
use deckhand::freecell::family::{
    BakersGame, EightOff, Family, FamilyDeal, Kind, Pile, Position, SeahavenTowers,
};
use deckhand::freecell::{Move, Source, Target};
use deckhand::games::{
    deal_code, read_deal_code, spots, Dealing, Difficulty, OneVariant, Play, SolveMode, Solving, Tap,
};
use deckhand::search::{run_to_end, Outcome};
use deckhand::session::{Start, Table};
use deckhand::{Card, Rank, Suit};

fn deal<K: Kind>(number: u64) -> FamilyDeal<K> {
    Family::<K>::seeded(number, OneVariant).expect("a PySolFC game number")
}

fn solve<K: Kind>(position: &Position) -> Outcome<Vec<Move>> {
    run_to_end(&mut Family::<K>::solver(position, SolveMode::Fast), 1 << 14)
}

/// Every pile of the layout reads back from its DOM name, and names past the game's piles do not.
fn pile_names_round_trip<K: Kind>() {
    let start = deal::<K>(1).start();
    let rules = K::VARIANT.rules();
    let piles: Vec<Pile> = spots(&Family::<K>::layout(&start)).map(|spot| spot.pile).collect();
    assert_eq!(piles.iter().filter(|p| matches!(p, Pile::Cascade(_))).count(), usize::from(rules.cascades));
    assert_eq!(piles.iter().filter(|p| matches!(p, Pile::Cell(_))).count(), usize::from(rules.cells));
    for pile in piles {
        assert_eq!(Family::<K>::parse_pile(&pile.to_string()), Some(pile), "{}", K::NAME);
    }
    let beyond = [format!("cascade-{}", rules.cascades + 1), format!("freecell-{}", rules.cells + 1)];
    for name in beyond.iter().map(String::as_str).chain(["foundation-5", "cascade-0", "tableau-1", "stock"]) {
        assert_eq!(Family::<K>::parse_pile(name), None, "{} {name}", K::NAME);
    }
}

#[test]
fn pile_names_round_trip_in_every_game() {
    pile_names_round_trip::<BakersGame>();
    pile_names_round_trip::<EightOff>();
    pile_names_round_trip::<SeahavenTowers>();
    assert_eq!(Family::<SeahavenTowers>::parse_pile("cascade-10"), Some(Pile::Cascade(9)));
    assert_eq!(Family::<EightOff>::parse_pile("freecell-8"), Some(Pile::Cell(7)));
}

/// Plays the solver's line for games `numbers`, checking each move is what dragging its cards
/// (from the hint's spot) to the hint's pile means, that the cards are all there, and that
/// links and saved games give the game back. Returns how many games were won.
fn solver_lines_are_drags<K: Kind>(numbers: std::ops::RangeInclusive<u64>) -> usize {
    let mut won = 0;
    for number in numbers {
        let deal = deal::<K>(number);
        let start = deal.start();
        let Outcome::Solved(moves) = solve::<K>(&start) else { continue };
        let mut position = start.clone();
        for &mv in &moves {
            let (from, to) = Family::<K>::hint_spots(&position, mv);
            let (from, to) = (from[0], to.expect("every move has a destination"));
            assert!(Family::<K>::can_lift(&position, from.pile, from.depth), "{} #{number}: {mv}", K::NAME);
            let dragged = Family::<K>::intended(&position, from.pile, from.depth, to);
            assert_eq!(dragged, Ok(mv), "{} #{number}", K::NAME);
            assert_eq!(Family::<K>::carried(&position, mv).len(), usize::from(mv.cards));
            position = position.after(mv).unwrap();
            let mut cards = Family::<K>::cards(&position);
            cards.sort_by_key(|c| c.index());
            cards.dedup();
            assert_eq!(cards.len(), 52, "every card once");
        }
        assert!(position.is_won(), "{} #{number}", K::NAME);
        // The link and the saved game give the same game back.
        let code = Family::<K>::moves_code(&deal, &moves);
        assert_eq!(Family::<K>::read_moves(&start, &code), Ok(moves.clone()), "{code}");
        assert_eq!(read_deal_code::<Family<K>>(&deal_code::<Family<K>>(&deal)), Ok(deal.clone()));
        assert_eq!(Family::<K>::restore(Family::<K>::save(&deal, &moves)), Some((deal, moves)));
        won += 1;
    }
    won
}

#[test]
fn every_solver_move_is_its_drag_and_replays_to_a_win() {
    assert!(solver_lines_are_drags::<BakersGame>(1..=12) >= 6);
    assert!(solver_lines_are_drags::<EightOff>(1..=12) >= 11);
    assert!(solver_lines_are_drags::<SeahavenTowers>(1..=12) >= 9);
    // Numbers from Python's Mersenne Twister too.
    assert!(solver_lines_are_drags::<SeahavenTowers>(32_000..=32_003) >= 2);
}

#[test]
fn a_numbered_deal_is_pysolfc_s_and_a_pasted_deck_lays_out_alike() {
    type Seahaven = Family<SeahavenTowers>;
    let numbered = deal::<SeahavenTowers>(1);
    let start = numbered.start();
    assert_eq!(start, Position::deal(SeahavenTowers::VARIANT, PysolNumber::new(1).unwrap()));
    assert_eq!(Seahaven::board_text(&start).unwrap().lines().next(), Some("Freecells: - 2H 6H"));
    let pasted = Seahaven::deal_from_text(&Seahaven::deal_text(&numbered).unwrap(), OneVariant).unwrap();
    assert_eq!(pasted.start(), start);
    assert_eq!(Seahaven::title(&pasted), "Seahaven Towers (pasted deck)");
    let code = deal_code::<Seahaven>(&pasted);
    assert_eq!(read_deal_code::<Seahaven>(&code), Ok(pasted.clone()));
    let moves = match solve::<SeahavenTowers>(&start) {
        Outcome::Solved(moves) => moves[..10].to_vec(),
        other => panic!("game 1 is won: {other:?}"),
    };
    assert_eq!(Seahaven::restore(Seahaven::save(&pasted, &moves)), Some((pasted, moves)));
    let problem = Seahaven::deal_from_text("AS 2S", OneVariant).unwrap_err();
    assert!(problem.contains("missing") || problem.contains("52"), "{problem}");
}

#[test]
fn refusals_name_the_cards() {
    type Eight = Family<EightOff>;
    let start = deal::<EightOff>(1).start();
    // A card onto one it does not fit.
    let (i, j) = (0..8u8)
        .flat_map(|i| (0..8u8).map(move |j| (i, j)))
        .find(|&(i, j)| {
            let (a, b) = (start.cascade(usize::from(i)), start.cascade(usize::from(j)));
            i != j && !start.rules().stacks_on(*a.last().unwrap(), *b.last().unwrap())
        })
        .unwrap();
    let (card, base) =
        (*start.cascade(usize::from(i)).last().unwrap(), *start.cascade(usize::from(j)).last().unwrap());
    let refused = Eight::intended(&start, Pile::Cascade(i), 5, Pile::Cascade(j)).unwrap_err();
    assert!(
        refused.starts_with(&format!("the {} does not go on the {}", card.name(), base.name())),
        "{refused}"
    );
    // A covered card cannot be picked up, and the click says which.
    match Eight::tap(&start, Pile::Cascade(0), 0) {
        Tap::Refuse(reason) => assert!(reason.contains(&start.cascade(0)[0].name()), "{reason}"),
        other => panic!("{other:?}"),
    }
    // A card that cannot go home yet names the one that goes first.
    let not_ace = (0..8u8).find(|&c| {
        let top = *start.cascade(usize::from(c)).last().unwrap();
        top.rank() != Rank::Ace && top.rank() != Rank::Two
    });
    let column = not_ace.unwrap();
    let top = *start.cascade(usize::from(column)).last().unwrap();
    let refused = Eight::intended(&start, Pile::Cascade(column), 5, Pile::Foundation(0)).unwrap_err();
    assert!(
        refused.starts_with(&format!("the {} cannot go to the foundation yet: the ace of", top.name())),
        "{refused}"
    );
    // Only kings fill an empty cascade in Eight Off.
    let queen = Card::new(Rank::Queen, Suit::Hearts);
    let mut cascades: Vec<Vec<Card>> = vec![Vec::new(); 8];
    let others: Vec<Card> = Card::all().filter(|c| c.rank() != Rank::Ace && *c != queen).collect();
    for (k, card) in others.into_iter().enumerate() {
        cascades[1 + k % 7].push(card);
    }
    cascades[1].push(queen);
    let position = Position::from_parts(EightOff::VARIANT, &cascades, &[None; 8], [1; 4]).unwrap();
    let refused = Eight::intended(&position, Pile::Cascade(1), 7, Pile::Cascade(0)).unwrap_err();
    assert_eq!(refused, "only a king may fill an empty cascade, not the queen of hearts");
    // A bad link move is named.
    let error = Eight::read_moves(&start, "1b.2b").unwrap_err();
    let parked = start.cascade(0).last().unwrap().name();
    assert_eq!(error, format!("move 2 `2b` cannot be played: free cell b already holds the {parked}"));
}

#[test]
fn a_move_is_said_in_words() {
    type Bakers = Family<BakersGame>;
    let start = deal::<BakersGame>(1).start();
    let card = *start.cascade(2).last().unwrap();
    let to_cell = Move::single(card, Source::Cascade(2), Target::Cell(1));
    assert_eq!(
        Bakers::describe_move(&start, to_cell),
        format!("Move the {} from cascade 3 to free cell b", card.name())
    );
    let base = *start.cascade(0).last().unwrap();
    let onto = Move::single(card, Source::Cascade(2), Target::Cascade(0));
    assert_eq!(
        Bakers::describe_move(&start, onto),
        format!("Move the {} from cascade 3 to cascade 1 (onto the {})", card.name(), base.name())
    );
}

fn grades_give_tiers<K: Kind>() {
    let mut tiers = Vec::new();
    for number in 1..=6 {
        let outcome = run_to_end(&mut *Family::<K>::grader(&deal::<K>(number)), 1 << 14);
        let Outcome::Solved(grade) = outcome else { panic!("a grader always answers") };
        match grade.verdict {
            deckhand::games::grading::Verdict::Solved => {
                let tier = grade.difficulty.expect("a won deal has a tier");
                assert!(
                    grade.reason.starts_with("The solver found a win after looking at"),
                    "{}",
                    grade.reason
                );
                tiers.push(tier);
            }
            _ => assert_eq!(grade.difficulty, None),
        }
    }
    assert!(!tiers.is_empty(), "{}: some of games 1..6 are won", K::NAME);
    assert!(tiers.iter().all(|t| Difficulty::ALL.contains(t)));
}

#[test]
fn grading_gives_a_tier() {
    grades_give_tiers::<BakersGame>();
    grades_give_tiers::<EightOff>();
    grades_give_tiers::<SeahavenTowers>();
}

#[test]
fn the_registry_lists_the_three_games() {
    let keys = deckhand::games::keys();
    for key in ["bakers-game", "eight-off", "seahaven-towers"] {
        assert!(keys.contains(&key), "{keys:?}");
    }
    let salts = [BakersGame::DAILY_SALT, EightOff::DAILY_SALT, SeahavenTowers::DAILY_SALT];
    assert_eq!(salts, [5, 6, 7]);
}
