//! FreeCell rules: every move kind legal and illegal, capacity edge cases, autoplay, undo,
//! board text.

use deckhand::deal::DealNumber;
use deckhand::games::freecell::{
    capacity, Autoplay, IllegalMove, Move, Position, SetupProblem, Source, Target, UndoError,
};
use deckhand::{Card, Suit};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// A board with all foundations at `home`, the given cascades and cells, and every other card
/// dealt round-robin into cascades `fill_from..fill_to` (0-based, exclusive).
fn board(home: u8, cascades: &[&str], cells: &[&str], fill_from: usize, fill_to: usize) -> Position {
    let mut columns: Vec<Vec<Card>> = vec![Vec::new(); 8];
    let mut used = Vec::new();
    for (i, text) in cascades.iter().enumerate() {
        columns[i] = text.split_whitespace().map(card).collect();
        used.extend(columns[i].iter().copied());
    }
    let cells: Vec<Option<Card>> =
        cells.iter().map(|t| if *t == "-" { None } else { Some(card(t)) }).collect();
    used.extend(cells.iter().flatten().copied());
    let rest: Vec<Card> = Card::all().filter(|c| c.rank().value() > home && !used.contains(c)).collect();
    for (k, c) in rest.into_iter().enumerate() {
        columns[fill_from + k % (fill_to - fill_from)].push(c);
    }
    let mut text = format!("Foundations: H-{h} C-{h} D-{h} S-{h}\nFreecells:", h = home);
    for cell in &cells {
        match cell {
            Some(c) => text.push_str(&format!(" {c}")),
            None => text.push_str(" -"),
        }
    }
    text.push('\n');
    for column in &columns {
        let names: Vec<String> = column.iter().map(Card::to_string).collect();
        text.push_str(&format!(": {}\n", names.join(" ")));
    }
    text.parse().unwrap_or_else(|e| panic!("bad test board: {e}\n{text}"))
}

const RUN: &str = "KS QH JC TD 9S 8H 7C 6D";

#[test]
fn deal_one_board_text_round_trips() {
    let position = Position::deal(DealNumber::new(1).unwrap());
    let text = position.to_string();
    assert!(text.contains("JD KD 2S 4C 3S 6D 6S"));
    assert_eq!(text.parse::<Position>().unwrap(), position);
}

#[test]
fn board_text_reads_fc_solve_style_lines() {
    let text = "Foundations: H-A C-0 D-2 S-0\nFreecells: 8H - 3C\n";
    let mut full = String::from(text);
    let placed = ["AH", "AD", "2D", "8H", "3C"];
    let rest: Vec<String> =
        Card::all().map(|c| c.to_string()).filter(|c| !placed.contains(&c.as_str())).collect();
    for chunk in rest.chunks(7) {
        full.push_str(&format!(": {}\n", chunk.join(" ")));
    }
    let position: Position = full.parse().unwrap();
    assert_eq!(position.foundation(Suit::Hearts), 1);
    assert_eq!(position.foundation(Suit::Diamonds), 2);
    assert_eq!(position.cell(0), Some(card("8H")));
    assert_eq!(position.cell(1), None);
    assert_eq!(position.cell(2), Some(card("3C")));
    assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
}

#[test]
fn board_errors_list_every_problem() {
    let text = "Foundations: H-A X-9\nFreecells: 8H 8H ZZ\nAH KD\nKD 1X\n";
    let error = text.parse::<Position>().unwrap_err();
    let problems = &error.problems;
    assert!(problems.iter().any(|p| matches!(p, SetupProblem::BadFoundation { line: 1, .. })));
    assert!(problems.iter().any(|p| matches!(p, SetupProblem::Malformed { line: 2, .. })));
    assert!(problems.iter().any(|p| matches!(p, SetupProblem::Malformed { line: 4, .. })));
    assert!(problems.contains(&SetupProblem::Duplicated(card("8H"))));
    assert!(problems.contains(&SetupProblem::Duplicated(card("KD"))));
    assert!(problems.contains(&SetupProblem::AlreadyHome(card("AH"))));
    assert!(problems
        .iter()
        .any(|p| matches!(p, SetupProblem::Missing(cards) if cards.contains(&card("QS")))));
    let message = error.to_string();
    assert!(message.contains("line 4"), "{message}");
    let nine = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    let error = nine.parse::<Position>().unwrap_err();
    assert!(error.problems.contains(&SetupProblem::TooManyCascades { found: 9 }), "{error:?}");
    // The error keeps every problem; its message tells the first five, then how many more.
    let message = error.to_string();
    assert!(message.ends_with(&format!("; and {} more", error.problems.len() - 5)), "{message}");
}

#[test]
fn capacity_formula() {
    assert_eq!(capacity(0, 0), 1);
    assert_eq!(capacity(4, 0), 5);
    assert_eq!(capacity(0, 1), 2);
    assert_eq!(capacity(1, 1), 4);
    assert_eq!(capacity(4, 3), 40);
}

fn run_move(n: u8, from: u8, to: u8, base: &str) -> Move {
    Move { card: card(base), from: Source::Cascade(from), to: Target::Cascade(to), cards: n }
}

#[test]
fn sequence_move_within_capacity() {
    // 8H 7C 6D onto 9C: three cards need capacity 3.
    let two_cells = board(5, &[RUN, "9C"], &["-", "-", "TH", "TS"], 2, 8);
    assert_eq!(two_cells.capacity_to(1), 3);
    let after = two_cells.clone().play(run_move(3, 0, 1, "8H")).unwrap();
    assert_eq!(after.cascade(1), &[card("9C"), card("8H"), card("7C"), card("6D")]);
    assert_eq!(after.run_length(0), 5);

    let one_cell = board(5, &[RUN, "9C"], &["-", "JH", "TH", "TS"], 2, 8);
    assert_eq!(
        one_cell.check(run_move(3, 0, 1, "8H")),
        Err(IllegalMove::OverCapacity { cards: 3, capacity: 2 })
    );
    assert!(!one_cell.is_legal(run_move(2, 0, 1, "7C")), "7C does not go on 9C");

    // No free cell but one empty cascade (not the destination): capacity 2.
    let empty = board(5, &[RUN, "9C"], &["JH", "JD", "TH", "TS"], 2, 7);
    assert_eq!(empty.capacity_to(1), 2);
    assert!(empty.check(run_move(3, 0, 1, "8H")).is_err());
    // One cell and one empty cascade: capacity 4.
    let both = board(5, &[RUN, "9C"], &["-", "JD", "TH", "TS"], 2, 7);
    assert_eq!(both.capacity_to(1), 4);
    assert!(both.is_legal(run_move(3, 0, 1, "8H")));
    // To the empty cascade itself it does not count: capacity 2 there.
    assert_eq!(both.capacity_to(7), 2);
    assert!(both.is_legal(run_move(2, 0, 7, "7C")));
    assert_eq!(both.check(run_move(3, 0, 7, "8H")), Err(IllegalMove::OverCapacity { cards: 3, capacity: 2 }));
}

#[test]
fn illegal_moves_are_typed() {
    let position = board(5, &[RUN, "9C", ""], &["-", "JD", "TH", "TS"], 3, 8);
    // Wrong base card, not a sequence, does not fit, occupied cell, foundation order.
    assert!(matches!(position.check(run_move(2, 0, 1, "8H")), Err(IllegalMove::WrongCard { .. })));
    let bad = Move::single(card("9C"), Source::Cascade(1), Target::Cascade(0));
    assert_eq!(position.check(bad), Err(IllegalMove::DoesNotFit { card: card("9C"), base: card("6D") }));
    let to_cell = Move::single(card("6D"), Source::Cascade(0), Target::Cell(1));
    assert_eq!(position.check(to_cell), Err(IllegalMove::CellOccupied(Target::Cell(1))));
    let home = Move::single(card("6D"), Source::Cascade(0), Target::Foundation);
    assert!(position.is_legal(home));
    let not_home = Move::single(card("JD"), Source::Cell(1), Target::Foundation);
    assert_eq!(position.check(not_home), Err(IllegalMove::NotNextOnFoundation { card: card("JD") }));
    let empty_source = Move::single(card("6D"), Source::Cascade(2), Target::Cell(0));
    assert_eq!(position.check(empty_source), Err(IllegalMove::EmptySource(Source::Cascade(2))));
    let same = Move::single(card("6D"), Source::Cascade(0), Target::Cascade(0));
    assert_eq!(position.check(same), Err(IllegalMove::SamePlace));
    let many_to_cell = Move { card: card("7C"), from: Source::Cascade(0), to: Target::Cell(0), cards: 2 };
    assert_eq!(position.check(many_to_cell), Err(IllegalMove::TooManyForTarget));
    let no_cards = Move { cards: 0, ..home };
    assert_eq!(position.check(no_cards), Err(IllegalMove::NoCards));
    let nowhere = Move::single(card("6D"), Source::Cascade(0), Target::Cascade(9));
    assert_eq!(position.check(nowhere), Err(IllegalMove::NoSuchTarget(Target::Cascade(9))));
    // The checked play hands back the unchanged position.
    let error = position.clone().play(bad).unwrap_err();
    assert_eq!(*error.position, position);
    assert!(error.to_string().contains("does not go on"));
}

#[test]
fn every_move_kind_plays_and_undoes() {
    let position = board(5, &[RUN, "9C", ""], &["-", "JD", "TH", "-"], 3, 8);
    let moves = [
        Move::single(card("6D"), Source::Cascade(0), Target::Foundation),
        Move::single(card("6D"), Source::Cascade(0), Target::Cell(0)),
        Move::single(card("6D"), Source::Cascade(0), Target::Cascade(2)),
        run_move(3, 0, 1, "8H"),
        Move::single(card("JD"), Source::Cell(1), Target::Cascade(2)),
        Move::single(card("JD"), Source::Cell(1), Target::Cell(3)),
        Move::single(card("TH"), Source::Cell(2), Target::Cascade(2)),
    ];
    let legal = position.legal_moves();
    for mv in moves {
        assert!(legal.contains(&mv), "{mv} should be listed");
        let mut after = position.clone().play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        assert_ne!(after, position);
        after.undo(mv).unwrap();
        assert_eq!(after, position, "undo of {mv}");
    }
    let mut unchanged = position.clone();
    let never_played = Move::single(card("JD"), Source::Cell(1), Target::Cell(3));
    assert_eq!(unchanged.undo(never_played), Err(UndoError(never_played)));
    assert_eq!(unchanged, position);
}

#[test]
fn english_move_text() {
    let mv = Move::single(card("5H"), Source::Cascade(2), Target::Foundation);
    assert_eq!(mv.to_string(), "Move the five of hearts from cascade 3 to the foundation");
    let run = run_move(3, 0, 1, "8H");
    assert_eq!(run.to_string(), "Move the eight of hearts and the 2 cards on it from cascade 1 to cascade 2");
    let cell = Move::single(card("TD"), Source::Cell(1), Target::Cell(3));
    assert_eq!(cell.to_string(), "Move the ten of diamonds from free cell b to free cell d");
}

#[test]
fn autoplay_safe_versus_all() {
    // 3H is playable (2H home) but the black twos are not home: only "all" sends it.
    let text_for = |clubs: u8| {
        let mut position = board(1, &["2C 2S 3H"], &[], 1, 8);
        let mut setup = position.setup();
        setup.foundations = [clubs, 2, 2, clubs];
        for cascade in &mut setup.cascades {
            cascade.retain(|c| c.rank().value() > setup.foundations[c.suit().index()]);
        }
        position = Position::try_from(setup).unwrap();
        position
    };
    let position = text_for(1);
    let mut safe = position.clone();
    let played = safe.autoplay(Autoplay::Safe);
    assert!(played.iter().all(|m| m.card != card("3H")), "{played:?}");
    let mut all = position.clone();
    let played = all.autoplay(Autoplay::All);
    assert!(played.iter().any(|m| m.card == card("3H")));
    let mut off = position.clone();
    assert!(off.autoplay(Autoplay::Off).is_empty());
    // With both black twos home, the three of hearts is safe.
    let position = text_for(2);
    assert!(position.is_safe_home(card("3H")));
    // Aces are always safe.
    let deal = Position::deal(DealNumber::new(1).unwrap());
    assert!(deal.autoplay_move(Autoplay::Safe).is_none());
}

#[test]
fn legal_moves_agree_with_check() {
    let mut position = Position::deal(DealNumber::new(617).unwrap());
    for step in 0..60 {
        let legal = position.legal_moves();
        for mv in &legal {
            assert!(position.is_legal(*mv), "{mv} listed but refused");
        }
        // Every move the checker accepts among a broad candidate set is listed.
        for from in (0..8).map(Source::Cascade).chain((0..4).map(Source::Cell)) {
            let targets =
                (0..8).map(Target::Cascade).chain((0..4).map(Target::Cell)).chain([Target::Foundation]);
            for to in targets {
                for cards in 1..=13u8 {
                    for c in Card::all() {
                        let mv = Move { card: c, from, to, cards };
                        if position.is_legal(mv) {
                            assert!(legal.contains(&mv), "{mv} legal but not listed");
                        }
                    }
                }
            }
        }
        let Some(&mv) = legal.iter().nth(step * 7 % legal.len().max(1)) else { break };
        position = position.play(mv).unwrap();
    }
}

#[test]
fn move_list_holds_a_crowded_position() {
    // Four full 13-card runs, four empty cascades, four empty cells: 228 legal moves.
    let text = "Freecells: - - - -\n\
        KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS\n\
        KH QS JD TC 9H 8S 7D 6C 5H 4S 3D 2C AH\n\
        KC QD JS TH 9C 8D 7S 6H 5C 4D 3S 2H AC\n\
        KD QC JH TS 9D 8C 7H 6S 5D 4C 3H 2S AD\n";
    let position: Position = text.parse().unwrap();
    let legal = position.legal_moves();
    assert_eq!(legal.len(), 4 * 4 * 13 + 4 * 4 + 4);
    assert!(legal.len() < deckhand::games::freecell::MoveList::CAPACITY);
    for mv in &legal {
        assert!(position.is_legal(*mv));
    }
}
