//! Property tests: cards are conserved, undo restores, legal moves are accepted, board text
//! round-trips, and every solver move maps back to a legal player move.

use deckhand::deal::DealNumber;
use deckhand::games::freecell::{Position, Source, Target};
use deckhand::Card;
use proptest::prelude::*;

fn census(position: &Position) -> Vec<Card> {
    let mut cards: Vec<Card> = position.cascades().iter().flatten().copied().collect();
    cards.extend(position.cells().iter().flatten());
    for card in Card::all() {
        if card.rank().value() <= position.foundation(card.suit()) {
            cards.push(card);
        }
    }
    cards.sort();
    cards
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_the_invariants(deal in 1u64..1_000_000, picks in proptest::collection::vec(any::<u16>(), 1..150)) {
        let mut position = Position::deal(DealNumber::new(deal).unwrap());
        let all: Vec<Card> = Card::all().collect();
        for pick in picks {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal.as_slice()[usize::from(pick) % legal.len()];
            let before = position.clone();
            let after = position.clone().play(mv).unwrap();
            prop_assert_eq!(census(&after), all.clone());
            let mut undone = after.clone();
            undone.undo(mv).unwrap();
            prop_assert_eq!(&undone, &before);
            let text = after.to_string();
            prop_assert_eq!(text.parse::<Position>().unwrap(), after.clone());
            if let (Source::Cascade(_), Target::Cascade(_)) = (mv.from, mv.to) {
                prop_assert!(mv.cards >= 1);
            } else {
                prop_assert_eq!(mv.cards, 1);
            }
            position = after;
        }
    }

    #[test]
    fn arbitrary_board_text_never_panics(text in "[A-Za-z0-9:\\- \\n]{0,200}") {
        let _ = text.parse::<Position>();
    }
}
