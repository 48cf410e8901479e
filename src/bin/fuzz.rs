//! A deterministic random-and-mutation fuzzer over every parser and decoder and the worker's
//! requests (cargo-fuzz needs a nightly toolchain, which cannot be installed here).
//!
//! Each input goes to one target in turn. Inputs are valid texts formatted from real
//! positions (deals, games played at random, codes, links, worker requests), then mutated
//! (byte flips, insertions, deletions, splices with another input, long repetitions,
//! truncations), or random bytes. A target must never panic, and whatever it accepts must
//! round-trip: `parse(format(x)) == x`. A panic is caught, reported, and its input saved to
//! `fuzz-failures/<target>-<n>.txt`; the run then exits with status 1.
//!
//! `FUZZ_INPUTS` (default 100,000) sets the number of inputs, `FUZZ_SEED` (default 1) the
//! random seed, `FUZZ_OUT` the folder for failures. `make fuzz` runs a long run, `make
//! test-fuzz` a short one.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() -> std::process::ExitCode {
    driver::main()
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod driver {
    use std::cell::RefCell;
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::process::ExitCode;
    use std::time::{Duration, Instant};

    use deckhand::cards::{Card, Deck, DeckSetup};
    use deckhand::deal::{seeded_deck, DealNumber, SplitMix64};
    use deckhand::games::{deal_code, read_deal_code, Game, Play, SolveMode, Variant, VisitEach};
    use deckhand::games::{foxhounds, freecell, klondike, pyramid, tictactoe};
    use deckhand::protocol::{read_request, Dispatcher, Request, Task};
    use deckhand::search::{run_to_end, Outcome};
    use deckhand::session::Start;
    use deckhand::share::{self, format_link_words, LinkMoves, Route};

    /// A target: reads the input and checks what it accepts; `Ok(true)` when accepted.
    type Check = fn(&str) -> Result<bool, String>;

    struct Target {
        name: &'static str,
        check: Check,
        /// Valid inputs to mutate.
        corpus: Vec<String>,
        /// Characters random inputs are drawn from (besides raw bytes).
        alphabet: &'static [u8],
        inputs: u64,
        accepted: u64,
        slowest: (Duration, usize),
    }

    fn ok<T>(accepted: bool, _: T) -> Result<bool, String> {
        Ok(accepted)
    }

    fn same<T: PartialEq + std::fmt::Debug>(what: &str, a: T, b: T) -> Result<(), String> {
        if a == b {
            Ok(())
        } else {
            Err(format!("{what} does not round-trip: {a:?} became {b:?}"))
        }
    }

    fn freecell_start() -> freecell::Position {
        freecell::Position::deal(DealNumber::new(1).expect("deal 1 exists"))
    }

    fn klondike_start() -> klondike::Position {
        klondike::Position::new(&seeded_deck(1), klondike::Rules::new(klondike::Draw::Three))
    }

    fn pyramid_start() -> pyramid::Position {
        pyramid::Position::new(&seeded_deck(1))
    }

    // ---- the targets -------------------------------------------------------------------

    fn card(text: &str) -> Result<bool, String> {
        let Ok(card) = text.parse::<Card>() else { return Ok(false) };
        same("a card", Ok(card), card.to_string().parse::<Card>())?;
        ok(true, ())
    }

    fn deck_paste(text: &str) -> Result<bool, String> {
        let setup = DeckSetup::parse(text);
        let Ok(deck) = setup.deck() else { return Ok(false) };
        same("a deck", Ok(&deck), deck.to_string().parse::<Deck>().as_ref())?;
        same("a Pyramid deck", Ok(&deck), pyramid::parse_deck(&pyramid::format_deck(&deck)).as_ref())?;
        same("a Klondike deck", Ok(&deck), klondike::parse_deck(&klondike::format_deck(&deck)).as_ref())?;
        ok(true, ())
    }

    fn freecell_board(text: &str) -> Result<bool, String> {
        let _ = text.parse::<freecell::Setup>();
        let Ok(position) = text.parse::<freecell::Position>() else { return Ok(false) };
        same("a board", Ok(&position), position.to_string().parse::<freecell::Position>().as_ref())?;
        same(
            "a board code",
            Ok(&position),
            freecell::board_code::decode(&freecell::board_code::encode(&position)).as_ref(),
        )?;
        ok(true, ())
    }

    fn freecell_code(text: &str) -> Result<bool, String> {
        let Ok(position) = freecell::board_code::decode(text) else { return Ok(false) };
        let code = freecell::board_code::encode(&position);
        same("a board code", Ok(&position), freecell::board_code::decode(&code).as_ref())?;
        same("a board", Ok(&position), position.to_string().parse::<freecell::Position>().as_ref())?;
        ok(true, ())
    }

    fn freecell_notation(text: &str) -> Result<bool, String> {
        let Ok(notation) = text.parse::<freecell::Notation>() else { return Ok(false) };
        same("a FreeCell move", Ok(notation), notation.to_string().parse::<freecell::Notation>())?;
        // Whatever it names, asking a position about it must not panic.
        let _ = notation.to_move(&freecell_start()).map(|mv| mv.to_string());
        ok(true, ())
    }

    fn route(text: &str) -> Result<bool, String> {
        let Ok(route) = Route::parse(text) else { return Ok(false) };
        let printed = route.to_string();
        same("a route", Ok(&route), Route::parse(&printed).as_ref())?;
        ok(true, ())
    }

    fn deck_code(text: &str) -> Result<bool, String> {
        let Ok(deck) = share::decode_deck(text) else { return Ok(false) };
        same("a deck code", text, &share::encode_deck(&deck))?;
        ok(true, ())
    }

    fn deal_number(text: &str) -> Result<bool, String> {
        let Ok(number) = text.parse::<DealNumber>() else { return Ok(false) };
        same("a deal number", Ok(number), number.to_string().parse::<DealNumber>())?;
        ok(true, ())
    }

    fn bytes_code(text: &str) -> Result<bool, String> {
        let Ok(bytes) = share::decode_bytes(text) else { return Ok(false) };
        same("bytes", Ok(&bytes), share::decode_bytes(&share::encode_bytes(&bytes)).as_ref())?;
        ok(true, ())
    }

    fn tictactoe_code(text: &str) -> Result<bool, String> {
        let Ok(position) = tictactoe::Position::from_code(text) else { return Ok(false) };
        same("a Tic-Tac-Toe code", Ok(position), tictactoe::Position::from_code(&position.to_code()))?;
        same("a Tic-Tac-Toe board", Ok(position), position.to_string().parse::<tictactoe::Position>())?;
        ok(true, ())
    }

    fn tictactoe_board(text: &str) -> Result<bool, String> {
        let _ = text.parse::<tictactoe::Square>();
        let Ok(position) = text.parse::<tictactoe::Position>() else { return Ok(false) };
        same("a Tic-Tac-Toe board", Ok(position), position.to_string().parse::<tictactoe::Position>())?;
        ok(true, ())
    }

    fn foxhounds_code(text: &str) -> Result<bool, String> {
        let _ = foxhounds::Position::start().parse_move(text);
        let Ok(position) = foxhounds::Position::from_code(text) else { return Ok(false) };
        same("a Fox and Hounds code", Ok(position), foxhounds::Position::from_code(&position.to_code()))?;
        for mv in position.moves() {
            same("a Fox and Hounds move", Ok(mv), position.parse_move(&mv.notation()))?;
        }
        ok(true, ())
    }

    thread_local! {
        static DISPATCHER: RefCell<Dispatcher> = RefCell::new(Dispatcher::new());
    }

    /// A JSON message through the worker's reader and dispatcher: never a panic; a request
    /// that reads round-trips through JSON; the dispatcher takes it and answers (bad input at
    /// once; a real task is cancelled after it starts, so that no search runs here).
    fn worker_request(text: &str) -> Result<bool, String> {
        let request = read_request(text);
        let accepted = !matches!(request, Request::Unreadable { .. });
        if accepted {
            let json = serde_json::to_string(&request).map_err(|e| e.to_string())?;
            same("a request", &request, &read_request(&json))?;
        }
        DISPATCHER.with(|dispatcher| {
            let mut dispatcher = dispatcher.borrow_mut();
            let _ = dispatcher.receive(request.clone());
            if let Request::Start { id, task } = &request {
                // Bad input answers within one step; a valid task is stopped before it searches.
                if task.validate().is_err() {
                    let _ = dispatcher.run_slice(0.0, &|| f64::INFINITY);
                }
                let _ = dispatcher.receive(Request::Cancel { id: *id });
            }
        });
        ok(accepted, ())
    }

    // ---- the corpus ---------------------------------------------------------------------

    fn random_freecell_game(
        random: &mut SplitMix64,
        deal: u64,
        length: usize,
    ) -> (freecell::Position, Vec<freecell::Move>) {
        let start = freecell::Position::deal(DealNumber::new(deal).expect("small deals exist"));
        let mut position = start.clone();
        let mut moves = Vec::new();
        for _ in 0..length {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal.as_slice()[random.below(legal.len() as u64) as usize];
            position.play_unchecked(mv);
            moves.push(mv);
        }
        (position, moves)
    }

    fn corpus(random: &mut SplitMix64) -> Vec<Target> {
        let decks: Vec<Deck> = (0..20).map(seeded_deck).collect();
        let mut boards = Vec::new();
        let mut codes = Vec::new();
        let mut freecell_lists = Vec::new();
        let mut notations = Vec::new();
        for deal in 1..=12 {
            let length = random.below(80) as usize;
            let (position, moves) = random_freecell_game(random, deal, length);
            boards.push(position.to_string());
            boards.push(freecell::Position::deal(DealNumber::new(deal).expect("exists")).to_string());
            codes.push(freecell::board_code::encode(&position));
            let start = freecell::Position::deal(DealNumber::new(deal).expect("exists"));
            let words = freecell::notation_words(&start, &moves);
            if deal == 1 {
                freecell_lists.push(words.join("."));
            }
            notations.extend(words);
        }
        for length in [5, 30, 120] {
            let (_, moves) = random_freecell_game(random, 1, length);
            freecell_lists.push(freecell::notation_words(&freecell_start(), &moves).join("."));
        }
        let mut klondike_lists = Vec::new();
        for length in [5, 40, 200, 600] {
            let mut position = klondike_start();
            let mut moves = Vec::new();
            for _ in 0..length {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal.as_slice()[random.below(legal.len() as u64) as usize];
                position.apply(mv);
                moves.push(mv);
            }
            klondike_lists.push(format_link_words(&moves));
        }
        let mut pyramid_lists = Vec::new();
        for length in [3, 20, 60] {
            let mut position = pyramid_start();
            let mut moves = Vec::new();
            for _ in 0..length {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[random.below(legal.len() as u64) as usize];
                position = position.play_unchecked(mv);
                moves.push(mv);
            }
            pyramid_lists.push(format_link_words(&moves));
        }
        let deck_codes: Vec<String> = decks.iter().map(share::encode_deck).collect();
        let mut tictactoe_codes = Vec::new();
        let mut tictactoe_boards = Vec::new();
        let mut position = tictactoe::Position::new();
        while !position.is_over() {
            tictactoe_codes.push(position.to_code());
            tictactoe_boards.push(position.to_string());
            let legal = position.legal_moves();
            position = position.play_unchecked(legal[random.below(legal.len() as u64) as usize]);
        }
        let mut foxhounds_codes = Vec::new();
        let mut position = foxhounds::Position::start();
        for _ in 0..30 {
            foxhounds_codes.push(position.to_code());
            foxhounds_codes.push(position.moves().first().map(|mv| mv.notation()).unwrap_or_default());
            let legal = position.moves();
            if legal.is_empty() {
                break;
            }
            position = position.play_unchecked(legal[random.below(legal.len() as u64) as usize]);
        }
        let mut routes = vec![
            "#/".to_string(),
            "#/freecell".into(),
            "#/freecell/164".into(),
            "#/pyramid".into(),
            "#/pyramid/deal/12".into(),
            "#/klondike/5?draw=3".into(),
            "#/tictactoe".into(),
        ];
        routes.push(format!("#/freecell/1?moves={}", freecell_lists[1]));
        routes.push(format!("#/freecell/board/{}", codes[0]));
        routes.push(format!("#/pyramid/{}?moves={}", deck_codes[1], pyramid_lists[1]));
        routes.push(format!("#/klondike/deck/{}?draw=1&moves={}", deck_codes[2], klondike_lists[1]));
        routes.push(format!("#/tictactoe?position={}", tictactoe_codes[2]));
        routes.push(format!("#/foxhounds?position={}", foxhounds_codes[2]));
        let byte_codes: Vec<String> = (0..10)
            .map(|n| share::encode_bytes(&(0..n * 3).map(|i| (i * 37 + n) as u8).collect::<Vec<_>>()))
            .collect();
        let klondike_played: Vec<klondike::Move> =
            klondike_start().play_moves_text(&klondike_lists[1]).map(|(_, moves)| moves).unwrap_or_default();
        let pyramid_played: Vec<pyramid::Move> =
            pyramid_start().play_moves_text(&pyramid_lists[1]).map(|(_, moves)| moves).unwrap_or_default();
        let requests: Vec<String> = [
            Request::Start {
                id: 1,
                task: Task::Solve {
                    game: freecell::FreeCell::KEY.into(),
                    deal: format!("board/{}", codes[0]),
                    moves: serde_json::json!([]),
                    mode: SolveMode::Fast,
                },
            },
            Request::Start { id: 2, task: Task::SolveFoxHounds { position: foxhounds_codes[0].clone() } },
            Request::Start {
                id: 3,
                task: Task::Solve {
                    game: klondike::Klondike::KEY.into(),
                    deal: format!("deck/{}?draw=3", deck_codes[1]),
                    moves: serde_json::to_value(&klondike_played).expect("moves serialize"),
                    mode: SolveMode::Fast,
                },
            },
            Request::Start {
                id: 4,
                task: Task::Solve {
                    game: pyramid::Pyramid::KEY.into(),
                    deal: deck_codes[1].clone(),
                    moves: serde_json::to_value(&pyramid_played).expect("moves serialize"),
                    mode: SolveMode::Short,
                },
            },
            Request::Start {
                id: 6,
                task: Task::Grade { game: klondike::Klondike::KEY.into(), deal: "7?draw=3".into() },
            },
            Request::Cancel { id: 5 },
        ]
        .iter()
        .map(|request| serde_json::to_string(request).expect("requests serialize"))
        .collect();
        let card_texts: Vec<String> = Card::all()
            .map(|c| c.to_string())
            .chain(["10h".into(), "T♥".into(), "q♤".into(), "As".into()])
            .collect();
        let deck_texts: Vec<String> = decks
            .iter()
            .flat_map(|deck| [deck.to_string(), pyramid::format_deck(deck), klondike::format_deck(deck)])
            .collect();
        let deal_numbers =
            vec!["1".to_string(), "164".into(), "8589934591".into(), " 617 ".into(), "0".into()];

        const CARDS: &[u8] = b"A23456789TJQKCDHS10achdsx ";
        const BOARD: &[u8] = b"A23456789TJQKCDHS :-\nFoundations:Freecells";
        const CODE: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_1";
        const MOVES: &[u8] = b"12345678abcdhx.";
        const ROUTE: &[u8] = b"#/?&=freclpyamidkotxhunsbv0123456789ABC_-.";
        const DIGITS: &[u8] = b"0123456789 +-";
        const TICTACTOE: &[u8] = b"XOxo.-_/|, 123456789";
        const JSON: &[u8] =
            b"{}[]\":,0123456789StartCancelidtaskSolveFreeCellboardmodeFastKlondikeDrawtruenull";

        let target = |name, check: Check, corpus: Vec<String>, alphabet| Target {
            name,
            check,
            corpus,
            alphabet,
            inputs: 0,
            accepted: 0,
            slowest: (Duration::ZERO, 0),
        };
        // Every registered game's deal codes (links, saved games and worker messages name
        // deals by them).
        struct DealCodes(Vec<Target>);
        impl VisitEach for DealCodes {
            fn visit<G: Game>(&mut self) {
                let corpus = G::Variant::ALL
                    .iter()
                    .flat_map(|&variant| {
                        [1, 2, 617].into_iter().filter_map(move |seed| G::seeded(seed, variant))
                    })
                    .map(|deal| deal_code::<G>(&deal))
                    .collect();
                let name: &'static str = Box::leak(format!("{}-deal-code", G::KEY).into_boxed_str());
                self.0.push(Target {
                    name,
                    check: game_deal_code::<G>,
                    corpus,
                    alphabet: CODE_AND_PATH,
                    inputs: 0,
                    accepted: 0,
                    slowest: (Duration::ZERO, 0),
                });
                // The game's link move lists, from its first deal: a solver line's prefixes.
                let deal = first_deal::<G>();
                let line = match run_to_end(&mut G::solver(&deal.start(), SolveMode::Fast), 1 << 16) {
                    Outcome::Solved(moves) => moves,
                    _ => Vec::new(),
                };
                let corpus = [0, line.len() / 4, line.len() / 2, line.len()]
                    .into_iter()
                    .map(|end| G::moves_code(&deal, &line[..end]))
                    .collect();
                // Random inputs draw on the characters the game's own lists use.
                let mut alphabet = G::moves_code(&deal, &line).into_bytes();
                alphabet.extend_from_slice(b".x0123456789");
                let alphabet: &'static [u8] = Box::leak(alphabet.into_boxed_slice());
                let name: &'static str = Box::leak(format!("{}-moves", G::KEY).into_boxed_str());
                self.0.push(Target {
                    name,
                    check: game_moves::<G>,
                    corpus,
                    alphabet,
                    inputs: 0,
                    accepted: 0,
                    slowest: (Duration::ZERO, 0),
                });
            }
        }
        let mut deal_codes = DealCodes(Vec::new());
        deckhand::games::each(&mut deal_codes);
        let mut targets = vec![
            target("card", card, card_texts, CARDS),
            target("deck-paste", deck_paste, deck_texts, CARDS),
            target("freecell-board", freecell_board, boards, BOARD),
            target("freecell-code", freecell_code, codes, CODE),
            target("freecell-notation", freecell_notation, notations, MOVES),
            target("route", route, routes, ROUTE),
            target("deck-code", deck_code, deck_codes, CODE),
            target("deal-number", deal_number, deal_numbers, DIGITS),
            target("bytes-code", bytes_code, byte_codes, CODE),
            target("tictactoe-code", tictactoe_code, tictactoe_codes.clone(), CODE),
            target("tictactoe-board", tictactoe_board, tictactoe_boards, TICTACTOE),
            target("foxhounds-code", foxhounds_code, foxhounds_codes, CODE),
            target("worker-request", worker_request, requests, JSON),
        ];
        targets.extend(deal_codes.0);
        targets
    }

    const CODE_AND_PATH: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_1/?=&draw";

    fn first_deal<G: Game>() -> G::Deal {
        G::seeded(*G::RANDOM_SEEDS.start(), Default::default()).expect("every game deals its first seed")
    }

    /// A game's link move list from its first deal: never a panic; an accepted list prints
    /// back to one that reads as the same moves.
    fn game_moves<G: Game>(text: &str) -> Result<bool, String> {
        let deal = first_deal::<G>();
        let start = deal.start();
        let Ok(moves) = G::read_moves(&start, text) else { return Ok(false) };
        let again = G::moves_code(&deal, &moves);
        same("a move list", Ok(&moves), G::read_moves(&start, &again).as_ref())?;
        ok(true, ())
    }

    /// A game's deal code: read in bounded time, never a panic; an accepted code prints back
    /// to a code that reads as the same deal.
    fn game_deal_code<G: Game>(text: &str) -> Result<bool, String> {
        let Ok(deal) = read_deal_code::<G>(text) else { return Ok(false) };
        let again = deal_code::<G>(&deal);
        same("a deal code", Ok(&deal), read_deal_code::<G>(&again).as_ref().map_err(|e| e.to_string()))?;
        ok(true, ())
    }

    // ---- inputs -------------------------------------------------------------------------

    /// Texts that matter to some parser, spliced in by mutation.
    const TOKENS: &[&str] = &[
        ".",
        "..",
        "?",
        "&",
        "=",
        "#/",
        "moves=",
        "position=",
        "draw=3",
        "x",
        "x13",
        "x255",
        "10",
        "♥",
        "♤",
        "\n",
        ":",
        "-",
        "_",
        "Foundations:",
        "Freecells:",
        "H-K",
        "S-0",
        "255",
        "4294967296",
        "18446744073709551616",
        "{\"to\":255}",
        "\"WasteToTableau\"",
        "\"TableauToTableau\":{\"from\":6,\"to\":200,\"count\":0}",
        "\"Draw\"",
        "null",
        "[]",
        "é",
        "\u{0}",
        "\u{feff}",
        "💥",
    ];

    fn mutate(random: &mut SplitMix64, input: &mut Vec<u8>, other: &[u8], alphabet: &[u8]) {
        let rounds = 1 + random.below(4);
        for _ in 0..rounds {
            let len = input.len() as u64;
            match random.below(10) {
                0 if len > 0 => {
                    let i = random.below(len) as usize;
                    input[i] ^= 1 << random.below(8);
                }
                1 => {
                    let i = random.below(len + 1) as usize;
                    input.insert(i, alphabet[random.below(alphabet.len() as u64) as usize]);
                }
                2 if len > 0 => {
                    let i = random.below(len) as usize;
                    let n = (random.below(8) as usize + 1).min(input.len() - i);
                    input.drain(i..i + n);
                }
                3 => {
                    // Splice: a piece of another input.
                    let i = random.below(len + 1) as usize;
                    let a = random.below(other.len() as u64 + 1) as usize;
                    let b = a + random.below((other.len() - a) as u64 + 1) as usize;
                    input.splice(i..i, other[a..b].iter().copied());
                }
                4 => {
                    // A long repetition of a short piece (caps, linearity).
                    let i = random.below(len + 1) as usize;
                    let piece: Vec<u8> = if len > 0 && random.below(2) == 0 {
                        let a = random.below(len) as usize;
                        input[a..(a + 1 + random.below(6) as usize).min(input.len())].to_vec()
                    } else {
                        TOKENS[random.below(TOKENS.len() as u64) as usize].as_bytes().to_vec()
                    };
                    let times = match random.below(8) {
                        0 => 1 + random.below(40_000) as usize,
                        _ => 1 + random.below(64) as usize,
                    };
                    let long: Vec<u8> = piece.iter().copied().cycle().take(piece.len() * times).collect();
                    input.splice(i..i, long);
                }
                5 if len > 0 => input.truncate(random.below(len) as usize),
                6 => {
                    let i = random.below(len + 1) as usize;
                    let token = TOKENS[random.below(TOKENS.len() as u64) as usize];
                    input.splice(i..i, token.bytes());
                }
                7 if len > 1 => {
                    let i = random.below(len) as usize;
                    let j = random.below(len) as usize;
                    input.swap(i, j);
                }
                8 if len > 0 => {
                    let i = random.below(len) as usize;
                    input[i] = alphabet[random.below(alphabet.len() as u64) as usize];
                }
                _ => {
                    let i = random.below(len + 1) as usize;
                    input.insert(i, random.below(256) as u8);
                }
            }
        }
    }

    fn random_input(random: &mut SplitMix64, alphabet: &[u8]) -> Vec<u8> {
        let len = match random.below(16) {
            0 => random.below(100_000),
            1..=3 => random.below(400),
            _ => random.below(40),
        } as usize;
        if random.below(4) == 0 {
            (0..len).map(|_| random.below(256) as u8).collect()
        } else {
            (0..len).map(|_| alphabet[random.below(alphabet.len() as u64) as usize]).collect()
        }
    }

    fn input_for(random: &mut SplitMix64, target: &Target) -> Vec<u8> {
        let pick = |random: &mut SplitMix64| {
            target.corpus[random.below(target.corpus.len() as u64) as usize].as_bytes()
        };
        match random.below(8) {
            0 => pick(random).to_vec(),
            1 => random_input(random, target.alphabet),
            _ => {
                let mut input = pick(random).to_vec();
                let other = pick(random).to_vec();
                mutate(random, &mut input, &other, target.alphabet);
                input
            }
        }
    }

    // ---- the run ------------------------------------------------------------------------

    fn setting(name: &str, default: u64) -> u64 {
        std::env::var(name).ok().and_then(|v| v.replace(['_', ','], "").parse().ok()).unwrap_or(default)
    }

    pub fn main() -> ExitCode {
        let inputs = setting("FUZZ_INPUTS", 100_000);
        let seed = setting("FUZZ_SEED", 1);
        let out = std::env::var("FUZZ_OUT").unwrap_or_else(|_| "fuzz-failures".into());
        let mut random = SplitMix64::new(seed);
        let mut targets = corpus(&mut random);
        // Panics are caught and reported below, with their input; keep the default noise off.
        let last_panic = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        {
            let last_panic = last_panic.clone();
            std::panic::set_hook(Box::new(move |info| {
                if let Ok(mut text) = last_panic.lock() {
                    *text = info.to_string();
                }
            }));
        }
        let overflow_checks = {
            let probe = std::hint::black_box(u8::MAX);
            catch_unwind(|| probe + std::hint::black_box(1)).is_err()
        };
        println!(
            "fuzz: {inputs} inputs, seed {seed}, {} targets, overflow checks {}",
            targets.len(),
            if overflow_checks { "on" } else { "off" }
        );
        let started = Instant::now();
        let mut failures = 0u64;
        let mut next_report = Instant::now() + Duration::from_secs(30);
        for n in 0..inputs {
            let index = (n % targets.len() as u64) as usize;
            let input = input_for(&mut random, &targets[index]);
            let text = String::from_utf8_lossy(&input);
            let target = &mut targets[index];
            let began = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(|| (target.check)(&text)));
            let took = began.elapsed();
            target.inputs += 1;
            if took > target.slowest.0 {
                target.slowest = (took, text.len());
            }
            let problem = match result {
                Ok(Ok(accepted)) => {
                    target.accepted += u64::from(accepted);
                    None
                }
                Ok(Err(round_trip)) => Some(format!("round trip failed: {round_trip}")),
                Err(_) => {
                    Some(format!("panic: {}", last_panic.lock().map(|t| t.clone()).unwrap_or_default()))
                }
            };
            if let Some(problem) = problem {
                failures += 1;
                let _ = std::fs::create_dir_all(&out);
                let file = format!("{out}/{}-{n}.txt", target.name);
                let _ = std::fs::write(&file, text.as_bytes());
                eprintln!(
                    "fuzz: {} input {n} ({} bytes, saved to {file}): {problem}",
                    target.name,
                    text.len()
                );
                if failures >= 20 {
                    eprintln!("fuzz: stopping after 20 failures");
                    break;
                }
            }
            if Instant::now() >= next_report {
                next_report += Duration::from_secs(30);
                println!("fuzz: {} inputs in {:.0} s", n + 1, started.elapsed().as_secs_f64());
            }
        }
        let elapsed = started.elapsed().as_secs_f64();
        let total: u64 = targets.iter().map(|t| t.inputs).sum();
        println!("{:<18} {:>11} {:>10} {:>12}", "target", "inputs", "accepted", "slowest");
        for target in &targets {
            println!(
                "{:<18} {:>11} {:>10} {:>9.2} ms ({} bytes)",
                target.name,
                target.inputs,
                target.accepted,
                target.slowest.0.as_secs_f64() * 1e3,
                target.slowest.1
            );
        }
        println!(
            "fuzz: {total} inputs in {elapsed:.1} s ({:.0}/s), {failures} failures (panics or round trips), overflow checks {}",
            total as f64 / elapsed.max(1e-9),
            if overflow_checks { "on" } else { "off" }
        );
        if failures == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}
