//! The engine compiled to wasm32 and run by wasm-bindgen-test (in Node): the same code the
//! worker runs gives the same answers as natively.
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use deckhand::deal::{microsoft_freecell, seeded_deck, DealNumber};
use deckhand::games::pyramid;
use deckhand::protocol::{check_task, Answer, Dispatcher, Request, Response, SolveMode};
use deckhand::search::Outcome;
use deckhand::share::{decode_deck, encode_deck};
use deckhand::Card;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn microsoft_deal_1_in_wasm() {
    let cascades = microsoft_freecell(DealNumber::new(1).unwrap());
    let first: Vec<String> = cascades[0].iter().map(Card::to_string).collect();
    assert_eq!(first.join(" "), "JD KD 2S 4C 3S 6D 6S");
}

#[wasm_bindgen_test]
fn extended_deals_use_64_bit_arithmetic_in_wasm() {
    let cascades = microsoft_freecell(DealNumber::new(8_589_934_591).unwrap());
    let first: Vec<String> = cascades[0].iter().map(Card::to_string).collect();
    assert_eq!(first.join(" "), "TC 8S 8C 6C 5H 5C 9C");
}

#[wasm_bindgen_test]
fn deck_codes_round_trip_in_wasm() {
    let deck = seeded_deck(42);
    assert_eq!(decode_deck(&encode_deck(&deck)).unwrap(), deck);
}

#[wasm_bindgen_test]
fn dispatcher_solves_a_pyramid_deck_in_wasm() {
    let deck = seeded_deck(2);
    let mut dispatcher = Dispatcher::new();
    let deal = pyramid::PyramidDeal { seed: None, deck: std::rc::Rc::new(deck.clone()) };
    let task = check_task::<pyramid::Pyramid>(&deal, &[], SolveMode::Fast);
    dispatcher.receive(Request::Start { id: 1, task });
    let answer = loop {
        if let [Response::Finished { answer, .. }] = &dispatcher.run_slice(50.0, &|| 0.0)[..] {
            break answer.clone();
        }
    };
    let Answer::Solved(outcome) = answer else { panic!("unexpected {answer:?}") };
    match outcome.map(|moves| serde_json::from_value::<Vec<pyramid::Move>>(moves).unwrap()) {
        Outcome::Solved(moves) => {
            let end = moves.iter().try_fold(pyramid::Position::new(&deck), |p, &m| p.play(m)).unwrap();
            assert!(end.is_cleared());
        }
        Outcome::Unsolvable => {}
        Outcome::Unknown(reason) => panic!("undecided: {reason:?}"),
    }
}

mod worker_boundary {
    use deckhand::cards::Card;
    use deckhand::deal::seeded_deck;
    use deckhand::games::{klondike, pyramid};
    use deckhand::protocol::{Answer, Request, Response, Task};
    use deckhand::search::Outcome;
    use deckhand::worker::{JsonCodec, ValueCodec};
    use serde::{Deserialize, Serialize};
    use wasm_bindgen::JsValue;
    use wasm_bindgen_test::{console_log, wasm_bindgen_test};
    use yew_agent::Codec;

    /// The agent's envelope to the worker (gloo-worker's `ToWorker`, which is private), the
    /// same serde shape: what the codec decodes on the worker's side.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum ToWorker {
        Connected(u32),
        ProcessInput(u32, Request),
        Disconnected(u32),
        Destroy,
    }

    /// The envelope back (`FromWorker`).
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum FromWorker {
        WorkerLoaded,
        ProcessOutput(u32, Response),
    }

    /// A Klondike answer of 150 moves, as the worker sends a solution.
    fn klondike_answer() -> Response {
        let shapes = [
            klondike::Move::Draw,
            klondike::Move::WasteToTableau { to: 3 },
            klondike::Move::TableauToTableau { from: 1, to: 5, count: 3 },
            klondike::Move::TableauToFoundation { from: 6 },
            klondike::Move::WasteToFoundation,
            klondike::Move::FoundationToTableau { suit: deckhand::Suit::Hearts, to: 2 },
        ];
        let moves = (0..150).map(|i| shapes[i % shapes.len()]).collect();
        let moves = serde_json::to_value::<Vec<klondike::Move>>(moves).unwrap();
        Response::Finished { id: 41, answer: Answer::Solved(Outcome::Solved(moves)) }
    }

    /// A Pyramid answer: a 60-step solution.
    fn pyramid_answer() -> Response {
        let deck = seeded_deck(7);
        let cards: Vec<Card> = deck.cards().to_vec();
        let moves: Vec<pyramid::Move> = (0..60)
            .map(|i| match i % 4 {
                0 => pyramid::Move::Draw,
                1 => pyramid::Move::RemoveKing(cards[i % 52]),
                2 => pyramid::Move::RemovePair(cards[i % 52], cards[(i + 7) % 52]),
                _ => pyramid::Move::Recycle,
            })
            .collect();
        Response::Finished {
            id: 42,
            answer: Answer::Solved(Outcome::Solved(serde_json::to_value(moves).unwrap())),
        }
    }

    /// Milliseconds per message for encoding then decoding `message` with codec `C`.
    fn time_round_trip<C: Codec>(message: &Response, rounds: u32) -> f64 {
        let decoded: Response = C::decode(C::encode(message));
        assert_eq!(&decoded, message);
        let start = js_sys::Date::now();
        for _ in 0..rounds {
            let value = C::encode(message);
            let decoded: Response = C::decode(value);
            assert!(matches!(decoded, Response::Finished { .. }));
        }
        (js_sys::Date::now() - start) / f64::from(rounds)
    }

    /// The measurement behind the choice of codec (docs/BENCHMARKS.md, "Worker messages"):
    /// each message encoded and decoded 2,000 times by each codec, best of three.
    #[wasm_bindgen_test]
    fn json_text_against_js_values() {
        for (name, message) in
            [("klondike 150 moves", klondike_answer()), ("pyramid deck + 60 steps", pyramid_answer())]
        {
            let best = |f: &dyn Fn() -> f64| (0..3).map(|_| f()).fold(f64::INFINITY, f64::min);
            let json = best(&|| time_round_trip::<JsonCodec>(&message, 2000));
            let value = best(&|| time_round_trip::<ValueCodec>(&message, 2000));
            let size = serde_json::to_string(&message).unwrap().len();
            console_log!(
                "worker message {name} ({size} bytes of JSON): JSON text {:.1} µs, serde-wasm-bindgen {:.1} µs per encode+decode",
                json * 1000.0,
                value * 1000.0
            );
        }
    }

    #[wasm_bindgen_test]
    fn unreadable_requests_get_an_answer_not_a_panic() {
        fn check<C: Codec>(garbage: JsValue) {
            let decoded: ToWorker = C::decode(garbage);
            match decoded {
                ToWorker::ProcessInput(7, Request::Unreadable { id: 3, reason }) => {
                    assert!(!reason.is_empty())
                }
                other => panic!("{other:?}"),
            }
        }
        check::<JsonCodec>(JsValue::from_str(
            r#"{"ProcessInput":[7,{"Start":{"id":3,"task":{"Teleport":1}}}]}"#,
        ));
        let bad_column = r#"{"ProcessInput":[7,{"Start":{"id":3,"task":{"SolveKlondike":{"deck":"x","rules":{"draw":"One","pass_limit":null},"moves":[{"WasteToTableau":{"to":255}}]}}}}]}"#;
        check::<JsonCodec>(JsValue::from_str(bad_column));
        let value: serde_json::Value = serde_json::from_str(bad_column).unwrap();
        check::<ValueCodec>(value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap());
        // Envelopes that name no one to answer become a message with no effect.
        for garbage in
            [JsValue::from_str("{"), JsValue::NULL, JsValue::from_f64(3.0), js_sys::Object::new().into()]
        {
            let decoded: ToWorker = JsonCodec::decode(garbage.clone());
            assert_eq!(decoded, ToWorker::Disconnected(u32::MAX));
            let decoded: ToWorker = ValueCodec::decode(garbage);
            assert_eq!(decoded, ToWorker::Disconnected(u32::MAX));
        }
        // The app's side: a damaged answer becomes an explained one for the same request.
        let decoded: FromWorker = JsonCodec::decode(JsValue::from_str(
            r#"{"ProcessOutput":[1,{"Finished":{"id":9,"answer":{"Nope":0}}}]}"#,
        ));
        match decoded {
            FromWorker::ProcessOutput(
                1,
                Response::Finished { id: 9, answer: Answer::InvalidInput(reason) },
            ) => {
                assert!(reason.starts_with("the worker's answer could not be read"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        let decoded: FromWorker = ValueCodec::decode(JsValue::UNDEFINED);
        assert_eq!(decoded, FromWorker::WorkerLoaded);
        // Good messages pass through both.
        let request = Request::Start { id: 5, task: Task::SolveFoxHounds { position: "AQAAAAA".into() } };
        let envelope = ToWorker::ProcessInput(2, request);
        let decoded: ToWorker = JsonCodec::decode(JsonCodec::encode(&envelope));
        assert_eq!(decoded, envelope);
        let decoded: ToWorker = ValueCodec::decode(ValueCodec::encode(&envelope));
        assert_eq!(decoded, envelope);
    }
}
