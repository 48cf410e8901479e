//! Pyramid rules and deck text: every move kind, legal and illegal; parse errors; JSON moves.

use deckhand::deal::seeded_deck;
use deckhand::games::pyramid::{
    covering, format_deck, parse_deck, slot, IllegalMove, Location, Move, Position, Setup, MAX_RECYCLES,
};
use deckhand::share::{decode_deck, encode_deck, Route};
use deckhand::{Card, Deck};
use proptest::prelude::*;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// A deck with the given pyramid (28 cards, or empty to fill it with unused cards) and the
/// given first stock cards; the remaining cards complete the stock.
fn deck(pyramid: &str, stock_start: &str) -> Deck {
    let mut pyramid: Vec<Card> = pyramid.split_whitespace().map(card).collect();
    let stock: Vec<Card> = stock_start.split_whitespace().map(card).collect();
    let unused = |used: &[Card]| Card::all().filter(|c| !used.contains(c)).collect::<Vec<_>>();
    if pyramid.is_empty() {
        pyramid = unused(&stock)[..28].to_vec();
    }
    let mut cards = pyramid;
    cards.extend(stock);
    cards.extend(unused(&cards));
    Deck::from_cards(cards).unwrap()
}

/// Bottom row: 2C JD KH 6S 7S AC QC (slots 21..28); stock starts KD 5H 8D.
fn sample() -> Position {
    Position::new(&deck(
        "TH  2H 4D  3H QD 8H  9H 5D JC TD  7C 4C TS AH 9C  8S 5S 2S 7H 6H 7D  2C JD KH 6S 7S AC QC",
        "KD 5H 8D",
    ))
}

const SLOW: &str =
    "Th 2h 4d 3h Qd 8h 9h 5d Jc Td 7c 4c Ts Ac 9c 8d 5s 2s 7h 6s 7s 2c 9d Qs 3d 5c 5h Ad 8s Js \
                    6c 9s 4h Kh Jd 4s 2d 6d Ks Qc 3s 3c Kc 7d Tc Ah 6h Qh Kd 8c As Jh";

#[test]
fn geometry() {
    assert_eq!(slot(0, 0), 0);
    assert_eq!(slot(6, 6), 27);
    assert_eq!(covering(0), 0b110);
    assert_eq!(covering(4), (1 << 7) | (1 << 8));
    assert_eq!(covering(21), 0);
}

#[test]
fn start_position_shows_bottom_row_and_stock_top() {
    let position = sample();
    assert_eq!(position.pyramid_left(), 28);
    assert_eq!(position.stock_top(), Some(card("KD")));
    assert_eq!(position.waste_top(), None);
    assert_eq!(position.recycles_left(), MAX_RECYCLES);
    let available: Vec<String> = position.available().iter().map(Card::to_string).collect();
    assert_eq!(available, ["2C", "JD", "KH", "6S", "7S", "AC", "QC", "KD"]);
    assert_eq!(position.locate(card("TH")), Location::Pyramid(0));
    assert_eq!(position.locate(card("5H")), Location::Stock);
    assert!(!position.is_available(card("TH")));
}

#[test]
fn kings_go_alone_from_pyramid_and_stock() {
    let position = sample();
    let after = position.play(Move::RemoveKing(card("KH"))).unwrap();
    assert_eq!(after.locate(card("KH")), Location::Removed);
    let after = after.play(Move::RemoveKing(card("KD"))).unwrap();
    assert_eq!(after.stock_top(), Some(card("5H")));
    // Not a king, or covered.
    let error = position.play(Move::RemoveKing(card("QC"))).unwrap_err();
    assert_eq!(error.reason, IllegalMove::NotAKing(card("QC")));
    assert_eq!(error.position, position);
    assert_eq!(
        error.reason.to_string(),
        "the queen of clubs is not a king; other cards are removed in pairs adding up to 13"
    );
    let covered = position.play(Move::RemoveKing(card("KS"))).unwrap_err();
    assert_eq!(covered.reason, IllegalMove::NotAvailable(card("KS")));
}

#[test]
fn pairs_must_add_to_13_and_be_available() {
    let position = sample();
    let after = position.play(Move::RemovePair(card("6S"), card("7S"))).unwrap();
    // 6S and 7S gone: 7H (slot 18... row 5) is now uncovered.
    assert!(after.is_available(card("7H")));
    assert!(!position.is_available(card("7H")));
    assert_eq!(position.play(Move::RemovePair(card("AC"), card("QC"))).unwrap().pyramid_left(), 26);
    assert_eq!(
        position.play(Move::RemovePair(card("6S"), card("AC"))).unwrap_err().reason,
        IllegalMove::WrongSum(card("6S"), card("AC"))
    );
    assert_eq!(
        position.play(Move::RemovePair(card("6S"), card("6S"))).unwrap_err().reason,
        IllegalMove::SameCard(card("6S"))
    );
    // 6H is covered by 6S and 7S.
    assert_eq!(
        position.play(Move::RemovePair(card("6H"), card("7S"))).unwrap_err().reason,
        IllegalMove::NotAvailable(card("6H"))
    );
    // The second card in the stock is not available.
    assert_eq!(
        position.play(Move::RemovePair(card("5H"), card("8D"))).unwrap_err().reason,
        IllegalMove::NotAvailable(card("5H"))
    );
}

#[test]
fn stock_top_and_waste_top_pair_with_each_other() {
    // Stock: 5H 8D ...: draw 5H, then 8D is the stock top and 5H the waste top.
    let position = Position::new(&deck("", "5H 8D"));
    let drawn = position.play(Move::Draw).unwrap();
    assert_eq!(drawn.waste_top(), Some(card("5H")));
    assert_eq!(drawn.stock_top(), Some(card("8D")));
    let after = drawn.play(Move::RemovePair(card("8D"), card("5H"))).unwrap();
    assert_eq!(after.waste_top(), None);
    assert_eq!(after.stock().len(), 22);
}

#[test]
fn draw_recycle_and_three_passes() {
    let mut position = sample();
    let deal_stock: Vec<Card> = position.stock();
    for _ in 0..24 {
        position = position.play(Move::Draw).unwrap();
    }
    assert_eq!(position.stock_top(), None);
    assert_eq!(position.waste(), deal_stock);
    assert_eq!(position.play(Move::Draw).unwrap_err().reason, IllegalMove::StockEmpty);
    for pass in 1..=MAX_RECYCLES {
        position = position.play(Move::Recycle).unwrap();
        assert_eq!(position.recycles(), pass);
        assert_eq!(position.stock(), deal_stock, "the same order again");
        assert_eq!(position.play(Move::Recycle).unwrap_err().reason, IllegalMove::StockNotEmpty);
        for _ in 0..24 {
            position = position.play(Move::Draw).unwrap();
        }
    }
    assert_eq!(position.play(Move::Recycle).unwrap_err().reason, IllegalMove::NoRecyclesLeft);
    assert!(position.legal_moves().iter().all(|mv| !matches!(mv, Move::Draw | Move::Recycle)));
}

#[test]
fn recycling_an_empty_waste_is_refused() {
    let position = Position::from_parts(&seeded_deck(3), (1 << 28) - 1, 0, 0, 0).unwrap();
    assert_eq!(position.play(Move::Recycle).unwrap_err().reason, IllegalMove::WasteEmpty);
}

#[test]
fn removing_the_waste_top_uncovers_the_card_below() {
    let position = Position::new(&deck("", "5H 8D 3C TD"));
    let position = position.play(Move::Draw).unwrap().play(Move::Draw).unwrap().play(Move::Draw).unwrap();
    assert_eq!(position.waste(), vec![card("5H"), card("8D"), card("3C")]);
    assert_eq!(position.locate(card("8D")), Location::Waste);
    assert_eq!(position.stock_top(), Some(card("TD")));
    let position = position.play(Move::RemovePair(card("3C"), card("TD"))).unwrap();
    assert_eq!(position.waste_top(), Some(card("8D")));
    assert_eq!(position.locate(card("8D")), Location::WasteTop);
    assert_eq!(position.turned(), 2);
    assert_eq!(position.stock_top(), Some(deck("", "5H 8D 3C TD").cards()[32]));
    let position = position.play(Move::RemovePair(card("8D"), card("5H"))).unwrap_err().position;
    assert_eq!(position.waste_top(), Some(card("8D")), "5H is under 8D");
}

#[test]
fn goal_is_an_empty_pyramid() {
    let deck = seeded_deck(5);
    let cleared = Position::from_parts(&deck, 0, (1 << 24) - 1, 3, 1).unwrap();
    assert!(cleared.is_cleared());
    assert!(!Position::new(&deck).is_cleared());
    // A removed card cannot be covered by a present one.
    assert!(Position::from_parts(&deck, (1 << 28) - 2, 0, 0, 0).is_none());
    assert!(Position::from_parts(&deck, 0, 0, 25, 0).is_none());
    assert!(Position::from_parts(&deck, 0, 0, 0, 3).is_none());
}

#[test]
fn moves_read_and_write_as_design_json() {
    let moves = vec![
        Move::Draw,
        Move::Recycle,
        Move::RemoveKing(card("KD")),
        Move::RemovePair(card("6H"), card("7C")),
    ];
    let json = serde_json::to_string(&moves).unwrap();
    assert_eq!(json, r#"["draw","recycle",["KD"],["6H","7C"]]"#);
    assert_eq!(serde_json::from_str::<Vec<Move>>(&json).unwrap(), moves);
    assert!(serde_json::from_str::<Move>(r#""jump""#).is_err());
    assert!(serde_json::from_str::<Move>(r#"["6H","7C","KD"]"#).is_err());
    assert!(serde_json::from_str::<Move>(r#"["6X"]"#).is_err());
}

#[test]
fn moves_read_as_english() {
    assert_eq!(Move::RemoveKing(card("KD")).to_string(), "Remove the king of diamonds");
    assert_eq!(
        Move::RemovePair(card("6H"), card("7C")).to_string(),
        "Remove the six of hearts and the seven of clubs"
    );
    assert_eq!(Move::Draw.to_string(), "Draw a card from the stock");
}

#[test]
fn slow_deck_parses_in_community_case() {
    let deck = parse_deck(SLOW).unwrap();
    assert_eq!(deck.cards()[0], card("TH"));
    assert_eq!(deck.cards()[51], card("JH"));
}

#[test]
fn pasted_pyramid_pictures_parse() {
    let deck = seeded_deck(9);
    let text = format_deck(&deck);
    assert_eq!(parse_deck(&text).unwrap(), deck);
    let noisy = text.replace("  ", " , ").replace('\n', " |\n");
    assert_eq!(parse_deck(&noisy).unwrap(), deck);
    assert_eq!(parse_deck(&text.to_lowercase()).unwrap(), deck);
    assert_eq!(parse_deck(&text.replace("T", "10")).unwrap(), deck);
}

#[test]
fn parse_errors_name_every_problem() {
    // Drop AS, duplicate KD, and add a malformed token on line 2.
    let mut cards: Vec<String> = seeded_deck(4).cards().iter().map(Card::to_string).collect();
    let ace = cards.iter().position(|c| c == "AS").unwrap();
    cards[ace] = "KD".to_string();
    let text = format!("{}\n{} ZZ", cards[..28].join(" "), cards[28..].join(" "));
    let error = parse_deck(&text).unwrap_err();
    assert_eq!(error.found, 52);
    assert_eq!(error.missing, vec![card("AS")]);
    assert_eq!(error.duplicated.len(), 1);
    assert_eq!(error.duplicated[0].card, card("KD"));
    assert_eq!(error.duplicated[0].positions.len(), 2);
    assert_eq!(error.malformed.len(), 1);
    assert_eq!(error.malformed[0].position.line, 2);
    assert_eq!(error.malformed[0].position.token, 53);
    let message = error.to_string();
    assert!(message.contains("found 52 cards, expected 52"), "{message}");
    assert!(message.contains("missing AS"), "{message}");
    assert!(message.contains("KD appears 2 times"), "{message}");
    assert!(message.contains("`ZZ`"), "{message}");

    let short = parse_deck("AS 2S 3S").unwrap_err();
    assert_eq!(short.found, 3);
    assert_eq!(short.missing.len(), 49);
    assert!(short.to_string().starts_with("found 3 cards, expected 52"));
    let empty = Setup::parse("").deck().unwrap_err();
    assert_eq!(empty.found, 0);
    assert!("garbage".parse::<Position>().is_err());
}

#[test]
fn deck_codes_round_trip_pyramid_decks() {
    for seed in [1, 2, 1000] {
        let deck = seeded_deck(seed);
        assert_eq!(decode_deck(&encode_deck(&deck)).unwrap(), deck);
        let deal = deckhand::pyramid::PyramidDeal { seed: None, deck: std::rc::Rc::new(deck.clone()) };
        let route = Route::table::<deckhand::pyramid::Pyramid>(&deal, &[]);
        let link = route.to_string();
        assert_eq!(link, format!("#/pyramid/{}", encode_deck(&deck)));
        assert_eq!(Route::parse(&link).unwrap(), route);
        assert_eq!(Position::new(&decode_deck(&encode_deck(&deck)).unwrap()), Position::new(&deck));
    }
    let slow = parse_deck(SLOW).unwrap();
    assert_eq!(decode_deck(&encode_deck(&slow)).unwrap(), slow);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random playouts: legal moves are exactly the accepted ones, positions stay consistent.
    #[test]
    fn random_playouts_keep_invariants(seed in 1u64..100_000, picks in proptest::collection::vec(0usize..1000, 0..120)) {
        let deck = seeded_deck(seed);
        let mut position = Position::new(&deck);
        let candidates: Vec<Move> = {
            let mut all = vec![Move::Draw, Move::Recycle];
            for a in Card::all() {
                all.push(Move::RemoveKing(a));
                for b in Card::all() {
                    if a < b && deckhand::games::pyramid::value(a) + deckhand::games::pyramid::value(b) == 13 {
                        all.push(Move::RemovePair(a, b));
                    }
                }
            }
            all
        };
        let mut removed = 0;
        for pick in picks {
            let legal = position.legal_moves();
            for &mv in &candidates {
                let accepted = position.play(mv).is_ok();
                let swapped = match mv { Move::RemovePair(a, b) => legal.contains(&Move::RemovePair(b, a)), _ => false };
                prop_assert_eq!(accepted, legal.contains(&mv) || swapped, "{:?}", mv);
            }
            if legal.is_empty() { break; }
            let mv = legal[pick % legal.len()];
            let next = position.play(mv).unwrap();
            prop_assert_eq!(next, position.play_unchecked(mv));
            removed += mv.cards().len();
            let gone = next.deal().iter().filter(|&&c| next.locate(c) == Location::Removed).count();
            prop_assert_eq!(gone, removed);
            prop_assert_eq!(next.stock().len() + next.waste().len() + next.pyramid_left() as usize + removed, 52);
            position = next;
        }
    }

    #[test]
    fn deck_text_round_trips(seed in 1u64..1_000_000) {
        let deck = seeded_deck(seed);
        prop_assert_eq!(parse_deck(&format_deck(&deck)).unwrap(), deck.clone());
        prop_assert_eq!(parse_deck(&deck.to_string()).unwrap(), deck);
    }
}
