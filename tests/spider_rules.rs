//! Spider rules through the public API: PySolFC's layouts in 1, 2 and 4 suits, every move kind
//! legal and illegal against an oracle written apart from the rules, the stock refusing while a
//! pile is empty, forced clears, face-down cards turning up, 104 cards conserved, links.

use deckhand::deal::{PysolNumber, SplitMix64};
use deckhand::games::spider::{
    pysol_deal, IllegalMove, Move, Pile, Position, Solver, Spider, Suits, PILES, RUN,
};
use deckhand::games::{Play, Tap};
use deckhand::search::{run_to_end, Outcome};
use deckhand::share::{format_link_words, LinkMoves};

fn suits(count: &str) -> Suits {
    Suits::from_count(count.parse().unwrap()).unwrap()
}

#[test]
fn layouts_match_pysolfc() {
    let text = include_str!("data/spider-deals.txt");
    let mut checked = 0;
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    while let Some(header) = lines.next() {
        let words: Vec<&str> = header.split_whitespace().collect();
        let ["game", number, "suits", count] = words.as_slice() else { panic!("a game line: {header}") };
        let number: PysolNumber = number.parse().unwrap();
        let expected: Vec<&str> = lines.by_ref().take(PILES + 1).collect();
        let position = pysol_deal(number, suits(count));
        let printed = position.to_string();
        assert_eq!(printed.lines().collect::<Vec<_>>(), expected, "game {number}, {count} suits");
        checked += 1;
    }
    assert_eq!(checked, 36);
}

/// Whether `mv` is legal, by the rules as docs/RULES.md words them, computed apart from
/// `Position::check`.
fn oracle(position: &Position, mv: Move) -> bool {
    let complete = |pile: usize| {
        let cards = position.pile(pile);
        let up = &cards[position.face_down(pile)..];
        up.len() >= RUN && {
            let run = &up[up.len() - RUN..];
            run.iter()
                .enumerate()
                .all(|(i, c)| c.suit() == run[0].suit() && c.rank().value() as usize == RUN - i)
        }
    };
    let due = (0..PILES).any(complete);
    match mv {
        Move::Clear { from } => complete(from as usize),
        _ if due => false,
        Move::Deal => !position.stock().is_empty() && (0..PILES).all(|p| !position.pile(p).is_empty()),
        Move::ToPile { from, to, count } => {
            let (from, to, count) = (from as usize, to as usize, count as usize);
            let cards = position.pile(from);
            if from == to || count == 0 || count > cards.len() - position.face_down(from) {
                return false;
            }
            let moved = &cards[cards.len() - count..];
            let one_suit_run = moved
                .windows(2)
                .all(|w| w[0].suit() == w[1].suit() && w[0].rank().value() == w[1].rank().value() + 1);
            let lands = match position.top(to) {
                None => true,
                Some(top) => top.rank().value() == moved[0].rank().value() + 1,
            };
            one_suit_run && lands
        }
    }
}

fn every_move() -> Vec<Move> {
    let mut moves = vec![Move::Deal];
    for from in 0..PILES as u8 {
        moves.push(Move::Clear { from });
        for to in 0..PILES as u8 {
            for count in 1..=RUN as u8 {
                moves.push(Move::ToPile { from, to, count });
            }
        }
    }
    moves
}

#[test]
fn every_move_is_legal_exactly_when_the_rules_say() {
    let all = every_move();
    for (seed, count) in [(1, "1"), (2, "2"), (3, "4"), (4, "4")] {
        let mut position = pysol_deal(PysolNumber::new(seed).unwrap(), suits(count));
        let mut random = SplitMix64::new(seed as u64);
        for _ in 0..150 {
            let legal = position.legal_moves();
            for &mv in &all {
                let expected = oracle(&position, mv);
                assert_eq!(position.check(mv).is_ok(), expected, "{mv} in {position:?}");
                assert_eq!(legal.contains(&mv), expected, "{mv} listed in {position:?}");
            }
            if legal.is_empty() {
                break;
            }
            let mv = legal.as_slice()[random.below(legal.len() as u64) as usize];
            let before: usize = (0..PILES).map(|p| position.face_down(p)).sum();
            position = position.play(mv).unwrap();
            assert_eq!(position.card_count(), 104);
            for pile in 0..PILES {
                // A face-down card never lies on top.
                assert!(
                    position.pile(pile).is_empty() || position.face_down(pile) < position.pile(pile).len()
                );
            }
            let after: usize = (0..PILES).map(|p| position.face_down(p)).sum();
            assert!(after <= before);
        }
    }
}

/// A 1-suit deal won by the solver, and its line.
fn won_line(number: u128) -> (Position, Vec<Move>) {
    let start = pysol_deal(PysolNumber::new(number).unwrap(), Suits::One);
    match run_to_end(&mut Solver::with_budget(&start, 400_000), 1 << 12) {
        Outcome::Solved(moves) => (start, moves),
        other => panic!("1-suit game {number}: {other:?}"),
    }
}

#[test]
fn the_stock_refuses_while_a_pile_is_empty_and_says_so() {
    let mut found = false;
    for number in 1..20 {
        let (mut position, moves) = won_line(number);
        for mv in moves {
            if let Some(empty) = position.empty_pile() {
                if !position.stock().is_empty() && position.pending_clear().is_none() {
                    assert_eq!(position.check(Move::Deal), Err(IllegalMove::EmptyPile(empty as u16 + 1)));
                    let Tap::Refuse(words) = Spider::tap(&position, Pile::Stock, 0) else { panic!("dealt") };
                    assert_eq!(
                        words,
                        format!(
                            "The stock cannot deal: the stock cannot deal while pile {} is empty",
                            empty + 1
                        )
                    );
                    found = true;
                }
            }
            position = position.play(mv).unwrap();
        }
        assert!(position.is_won());
        if found {
            return;
        }
    }
    panic!("no line passed an empty pile with the stock left");
}

#[test]
fn complete_runs_clear_at_once_and_uncover_cards() {
    let (mut position, moves) = won_line(1);
    let mut clears = 0;
    for mv in moves {
        if let Move::Clear { from } = mv {
            clears += 1;
            // The clear is the only legal move, and nothing else may be played first.
            assert_eq!(position.legal_moves().as_slice(), &[mv]);
            assert_eq!(position.check(Move::Deal), Err(IllegalMove::ClearFirst(from as u16 + 1)));
            let before = position.pile(from as usize).len();
            let cleared = position.cleared().len();
            position = position.play(mv).unwrap();
            assert_eq!(position.pile(from as usize).len(), before - RUN);
            assert_eq!(position.cleared().len(), cleared + 1);
            let pile = from as usize;
            assert!(position.pile(pile).is_empty() || position.face_down(pile) < position.pile(pile).len());
            // Spider's follow-up on the table plays the same clears.
        } else {
            let mut after = position.play(mv).unwrap();
            let mut table = after;
            let follow = Spider::follow_up(&mut table, ());
            assert!(follow.iter().all(|m| matches!(m, Move::Clear { .. })));
            assert_eq!(follow.is_empty(), after.pending_clear().is_none());
            std::mem::swap(&mut after, &mut position);
        }
    }
    assert_eq!(clears, 8);
    assert!(position.is_won());
}

#[test]
fn illegal_moves_say_why() {
    let start = pysol_deal(PysolNumber::new(1).unwrap(), Suits::Four);
    let error = start.play(Move::ToPile { from: 0, to: 0, count: 1 }).unwrap_err();
    assert_eq!(error.reason, IllegalMove::SamePile);
    let error = start.play(Move::ToPile { from: 0, to: 1, count: 2 }).unwrap_err();
    assert_eq!(error.reason.to_string(), "pile 1 has fewer than 2 face-up cards");
    let error = start.play(Move::Clear { from: 3 }).unwrap_err();
    assert_eq!(error.reason.to_string(), "pile 4 has no complete run of one suit, king to ace, on top");
    // Deal 1 in four suits: the eight of hearts (pile 1) onto the ten of hearts (pile 2).
    let words = Spider::intended(&start, Pile::Tableau(0), 5, Pile::Tableau(1)).unwrap_err();
    assert_eq!(words, "the eight of hearts does not go on the ten of hearts: build down by one rank");
}

#[test]
fn won_lines_round_trip_through_links() {
    let (start, moves) = won_line(2);
    let code = format_link_words(&moves);
    let (end, read) = start.play_moves_text(&code).unwrap();
    assert_eq!(read, moves);
    assert!(end.is_won());
    let error = start.play_moves_text("s.zz").unwrap_err();
    assert_eq!(error.to_string(), "move 2 `zz` is not a move (expected piles a-j: `ab` or `ab3` for 3 cards, `s` to deal, `xa` to clear)");
}
