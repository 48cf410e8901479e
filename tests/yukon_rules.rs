//! Yukon rules through the public API: PySolFC's layouts, every move kind legal and illegal,
//! kings-only empty piles, face-down cards turning up, undo, 52 cards conserved.

use deckhand::deal::{seeded_deck, PysolNumber};
use deckhand::games::yukon::{
    finishing_moves, intended_move, is_forced, pysol_deal, IllegalMove, IntentError, Move, Pile, Position,
    PILES,
};
use deckhand::share::{format_link_words, LinkMoves};
use deckhand::{Card, Deck, Suit};
use proptest::prelude::*;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// A position from piles written bottom first (`<XX>` face down) and foundation heights; the
/// cards named nowhere go face down at the bottom of pile 7, under what it lists.
fn position(piles: [&str; 7], foundations: [u8; 4]) -> Position {
    let named: Vec<Card> = piles
        .iter()
        .flat_map(|pile| pile.split_whitespace())
        .map(|word| card(word.trim_start_matches('<').trim_end_matches('>')))
        .collect();
    let rest: Vec<String> = Card::all()
        .filter(|c| c.rank().value() > foundations[c.suit().index()] && !named.contains(c))
        .map(|c| format!("<{c}>"))
        .collect();
    let seventh = format!("{} {}", rest.join(" "), piles[6]);
    let mut all = piles;
    all[6] = &seventh;
    Position::from_piles(all, foundations).expect("a valid test layout")
}

#[test]
fn layouts_match_pysolfc() {
    let text = include_str!("data/yukon-deals.txt");
    let mut checked = 0;
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    while let Some(header) = lines.next() {
        let number: PysolNumber = header.strip_prefix("game ").expect("a game line").parse().unwrap();
        let expected: Vec<&str> = (0..7).map(|_| lines.next().unwrap()).collect();
        let shown = pysol_deal(number).to_string();
        let got: Vec<&str> = shown.lines().collect();
        assert_eq!(got, expected, "game {}", number.get());
        checked += 1;
    }
    assert_eq!(checked, 34);
}

#[test]
fn every_move_kind_legal_and_illegal() {
    let p = position(["KS QH", "<2C> 5D 4S", "<3C> 6C", "<4C> AH", "<5C> 7H 9D", "", "2H QD"], [0, 0, 0, 0]);
    // The top card to its foundation.
    let home = Move::ToFoundation { from: 3, card: card("AH") };
    let after = p.play(home).unwrap();
    assert_eq!(after.foundation(Suit::Hearts), 1);
    // Turning up: the 4 of clubs under the ace is face up now.
    assert_eq!(after.face_down(3), 0);
    assert_eq!(after.face_up(3), &[card("4C")]);
    // Not the next card of its foundation.
    assert_eq!(
        p.check(Move::ToFoundation { from: 6, card: card("QD") }),
        Err(IllegalMove::NotNextOnFoundation { card: card("QD"), height: 0 })
    );
    // Covered cards do not go home.
    assert_eq!(
        p.check(Move::ToFoundation { from: 6, card: card("2H") }),
        Err(IllegalMove::Covered(card("2H")))
    );
    // A card with the cards on it onto a card one higher of the other colour: the five of
    // diamonds and the four of spades onto the six of clubs.
    let mv = Move::ToPile { from: 1, to: 2, card: card("5D"), count: 2 };
    let after = p.play(mv).unwrap();
    assert_eq!(after.face_up(2), &[card("6C"), card("5D"), card("4S")]);
    assert_eq!(after.face_down(1), 0, "the two of clubs turned up");
    assert_eq!(mv.to_string(), "Move the five of diamonds and the card on it from pile 2 to pile 3");
    // Any face-up card moves, in sequence or not: the seven of hearts and the nine of
    // diamonds on it are no run, yet they move together... onto an eight of the other colour
    // only; there is none on top, so it is refused.
    assert!(matches!(
        p.check(Move::ToPile { from: 4, to: 2, card: card("7H"), count: 2 }),
        Err(IllegalMove::DoesNotBuild { .. })
    ));
    // Wrong colour, wrong rank.
    assert!(matches!(
        p.check(Move::ToPile { from: 1, to: 6, card: card("4S"), count: 1 }),
        Err(IllegalMove::DoesNotBuild { .. })
    ));
    // Face-down cards do not move.
    assert_eq!(
        p.check(Move::ToPile { from: 2, to: 5, card: card("3C"), count: 2 }),
        Err(IllegalMove::FaceDown(card("3C")))
    );
    // The count must be the card and every card on it.
    assert!(matches!(
        p.check(Move::ToPile { from: 1, to: 2, card: card("5D"), count: 1 }),
        Err(IllegalMove::WrongCount { .. })
    ));
    // A card not where the move says.
    assert!(matches!(
        p.check(Move::ToPile { from: 0, to: 2, card: card("5D"), count: 2 }),
        Err(IllegalMove::NotInPile { .. })
    ));
    assert_eq!(
        p.check(Move::ToPile { from: 1, to: 1, card: card("4S"), count: 1 }),
        Err(IllegalMove::SamePile)
    );
    assert_eq!(
        p.check(Move::ToPile { from: 9, to: 1, card: card("4S"), count: 1 }),
        Err(IllegalMove::NoSuchPile(10))
    );
}

#[test]
fn only_kings_go_to_an_empty_pile() {
    let p = position(["KS QH", "<2C> 5D 4S", "<3C> 6C", "<4C> AH", "<5C> 7H 9D", "", "KD QC"], [0; 4]);
    assert_eq!(
        p.check(Move::ToPile { from: 4, to: 5, card: card("7H"), count: 2 }),
        Err(IllegalMove::NotAKing(card("7H")))
    );
    let king = Move::ToPile { from: 6, to: 5, card: card("KD"), count: 2 };
    let after = p.play(king).unwrap();
    assert_eq!(after.pile(5), &[card("KD"), card("QC")]);
    assert_eq!(after.face_down(6), p.face_down(6) - 1);
    assert_eq!(after.face_up(6).len(), 1);
    // And through a drag, the refusal names the card.
    let refused = intended_move(&p, Pile::Tableau(4), 1, Pile::Tableau(5)).unwrap_err();
    assert_eq!(refused, IntentError::Illegal(IllegalMove::NotAKing(card("7H"))));
    assert_eq!(refused.to_string(), "only a king can go to an empty pile, not the seven of hearts");
}

#[test]
fn the_forced_end_is_finished() {
    let p = Position::from_piles(["KS QH", "KH QC", "QS", "KC", "", "", ""], [11, 13, 11, 11]).unwrap();
    assert!(is_forced(&p));
    let moves = finishing_moves(&p).unwrap();
    let mut q = p;
    for mv in &moves {
        q = q.play(*mv).unwrap();
    }
    assert!(q.is_won());
    let deal = Position::new(&seeded_deck(1));
    assert!(!is_forced(&deal));
    assert_eq!(finishing_moves(&deal), None);
}

#[test]
fn bad_layouts_are_refused() {
    let error = Position::from_piles(["KS <QH>", "<2C>", "KS", "ZZ", "", "", ""], [0, 0, 0, 14]).unwrap_err();
    let text = error.to_string();
    for part in ["face-down card above", "no face-up card", "king of spades is there twice", "`ZZ`", "not 14"]
    {
        assert!(text.contains(part), "{text}");
    }
    let error = Position::from_piles(["KS", "", "", "", "", "", ""], [0; 4]).unwrap_err();
    assert_eq!(error.to_string(), "not a Yukon layout: 51 cards are missing");
}

fn random_walk(seed: u64, steps: usize, picks: &[u8]) -> (Position, Vec<Move>) {
    let start = Position::new(&seeded_deck(seed));
    let mut p = start;
    let mut moves = Vec::new();
    for i in 0..steps {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal.as_slice()[picks[i % picks.len()] as usize % legal.len()];
        p = p.play(mv).unwrap();
        moves.push(mv);
    }
    (p, moves)
}

proptest! {
    #[test]
    fn walks_conserve_cards_and_undo_restores(seed in 0u64..10_000, picks in proptest::collection::vec(any::<u8>(), 1..40)) {
        let start = Position::new(&seeded_deck(seed));
        let mut p = start;
        let mut undos = Vec::new();
        for &pick in &picks {
            let legal = p.legal_moves();
            if legal.is_empty() { break; }
            let mv = legal.as_slice()[pick as usize % legal.len()];
            prop_assert_eq!(p.check(mv), Ok(()));
            let before = p;
            undos.push((before, p.apply(mv)));
            // Every card once: in a pile or under a foundation top.
            let mut seen = deckhand::CardSet::EMPTY;
            for pile in 0..PILES {
                for &c in p.pile(pile) {
                    prop_assert!(!seen.contains(c));
                    seen.insert(c);
                }
            }
            for suit in Suit::ALL {
                for c in Card::all().filter(|c| c.suit() == suit && c.rank().value() <= p.foundation(suit)) {
                    prop_assert!(!seen.contains(c));
                    seen.insert(c);
                }
            }
            prop_assert_eq!(seen.len(), 52);
            // Face-down cards lie only under face-up ones.
            for pile in 0..PILES {
                prop_assert!(p.face_down(pile) == 0 || p.face_down(pile) < p.pile(pile).len());
            }
        }
        while let Some((before, undo)) = undos.pop() {
            p.undo(undo);
            prop_assert_eq!(p, before);
        }
        prop_assert_eq!(p, start);
    }

    #[test]
    fn links_round_trip(seed in 0u64..10_000, picks in proptest::collection::vec(any::<u8>(), 1..40)) {
        let (end, moves) = random_walk(seed, picks.len(), &picks);
        let start = Position::new(&seeded_deck(seed));
        let (read_end, read) = start.play_moves_text(&format_link_words(&moves)).unwrap();
        prop_assert_eq!(read, moves);
        prop_assert_eq!(read_end, end);
    }
}

#[test]
fn decks_deal_in_order() {
    let deck: Deck = seeded_deck(5);
    let p = Position::new(&deck);
    // Rounds of face-down cards to piles 2..7, 3..7, ..., 7.
    assert_eq!(p.pile(1)[0], deck.cards()[0]);
    assert_eq!(p.pile(6)[0], deck.cards()[5]);
    assert_eq!(p.pile(2)[1], deck.cards()[6]);
    // The last row: one face-up card to each pile, pile 1 first.
    assert_eq!(p.pile(0), &[deck.cards()[45]]);
}
