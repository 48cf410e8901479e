//! Pyramid solver: every solution replays to a cleared pyramid, step counts match an
//! independent brute-force search (plain breadth-first search over whole positions through the
//! public rules, no pruning), and proofs of unsolvability agree with it.

use std::collections::{HashSet, VecDeque};

use deckhand::deal::seeded_deck;
use deckhand::games::pyramid::{Move, Options, Position, Solver};
use deckhand::search::{run_to_end, Outcome, Search, UnknownReason};

/// Fewest steps to clear the pyramid, `None` if impossible, or `Err` past `limit` positions.
fn brute_force(start: Position, limit: usize) -> Result<Option<usize>, ()> {
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some((position, steps)) = queue.pop_front() {
        if position.is_cleared() {
            return Ok(Some(steps));
        }
        for mv in position.legal_moves() {
            let next = position.play(mv).expect("legal moves are accepted");
            if seen.insert(next) {
                if seen.len() > limit {
                    return Err(());
                }
                queue.push_back((next, steps + 1));
            }
        }
    }
    Ok(None)
}

/// Replays a solution through the rules: every move legal, the pyramid cleared at the end.
fn solve_line_replays(start: &Position, moves: &[Move]) {
    let mut position = *start;
    for (i, &mv) in moves.iter().enumerate() {
        position = position.play(mv).unwrap_or_else(|e| panic!("move {} {mv}: {e}", i + 1));
    }
    assert!(position.is_cleared(), "solution does not clear the pyramid");
}

/// Solves in small slices (as the worker does) and replays any solution through the rules.
fn solve_checked(start: &Position) -> Option<usize> {
    match run_to_end(&mut Solver::new(start, Options::default()), 97) {
        Outcome::Solved(moves) => {
            solve_line_replays(start, &moves);
            Some(moves.len())
        }
        Outcome::Unsolvable => None,
        Outcome::Unknown(reason) => panic!("undecided: {reason:?}"),
    }
}

/// The committed answers for `tests/data/pyramid_decks.txt`, a line per deck: `solved STEPS
/// recycles RECYCLES` or `unsolvable`.
fn committed_answers() -> Vec<(deckhand::Deck, String)> {
    let significant = |text: &'static str| {
        text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'))
    };
    let decks: Vec<_> = significant(include_str!("data/pyramid_decks.txt"))
        .map(|line| deckhand::games::pyramid::parse_deck(line).expect("committed decks are valid"))
        .collect();
    let answers: Vec<_> = significant(include_str!("data/pyramid_answers.txt")).map(String::from).collect();
    assert_eq!(decks.len(), answers.len(), "a committed answer for every committed deck");
    decks.into_iter().zip(answers).collect()
}

/// Every tenth committed deck (100 decks, solved and unsolvable alike): the solver's step count
/// and, of the shortest lines, its recycle count match the file, and every solution replays.
/// The whole file is checked by `deckhand bench pyramid --expect` (docs/BENCHMARKS.md).
#[test]
fn every_tenth_committed_deck_matches_its_answer() {
    for (index, (deck, expected)) in committed_answers().into_iter().enumerate().skip(9).step_by(10) {
        let start = Position::new(&deck);
        let answer = match run_to_end(&mut Solver::new(&start, Options::default()), 1 << 12) {
            Outcome::Solved(moves) => {
                solve_line_replays(&start, &moves);
                let recycles = moves.iter().filter(|&&mv| mv == Move::Recycle).count();
                format!("solved {} recycles {recycles}", moves.len())
            }
            Outcome::Unsolvable => "unsolvable".to_string(),
            Outcome::Unknown(reason) => panic!("deck {}: undecided: {reason:?}", index + 1),
        };
        assert_eq!(answer, expected, "deck {} (line {} of the answers)", index + 1, index + 1);
    }
}

/// A tiny deterministic generator for constructed positions.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A random legal mid-game-shaped position: the top `rows` rows of the pyramid present
/// (minus some uncovered cards), `stock_cards` random stock cards left, random pointer
/// and recycles.
fn constructed(seed: u64, rows: usize, stock_cards: u32) -> Position {
    let mut mix = Mix(seed);
    let deck = seeded_deck(seed);
    let mut pyramid: u32 = (1 << (rows * (rows + 1) / 2)) - 1;
    for _ in 0..(mix.next() % 3) {
        // Drop a random uncovered card of the bottom present row.
        let bottom = (rows * (rows - 1) / 2) as u32;
        let pick = bottom + (mix.next() % rows as u64) as u32;
        pyramid &= !(1 << pick);
    }
    let mut stock = 0u32;
    while stock.count_ones() < stock_cards {
        stock |= 1 << (mix.next() % 24);
    }
    let turned = (mix.next() % 25) as u8;
    let recycles = (mix.next() % 3) as u8;
    Position::from_parts(&deck, pyramid, stock, turned, recycles).expect("consistent parts")
}

#[test]
fn optimal_on_constructed_positions_against_brute_force() {
    let (mut solved, mut unsolvable) = (0, 0);
    for seed in 1..=400u64 {
        let rows = 2 + (seed % 3) as usize; // 3, 6 or 10 pyramid cards
        let stock_cards = 8 + (seed % 13) as u32;
        let start = constructed(seed, rows, stock_cards);
        let expected = brute_force(start, 2_000_000).expect("small enough for brute force");
        assert_eq!(solve_checked(&start), expected, "seed {seed}:\n{start}");
        match expected {
            Some(_) => solved += 1,
            None => unsolvable += 1,
        }
    }
    // Both kinds of answer were exercised.
    assert!(solved > 50 && unsolvable > 50, "solved {solved}, unsolvable {unsolvable}");
}

#[test]
fn optimal_on_fuller_positions_against_brute_force() {
    for seed in 500..=530u64 {
        let start = constructed(seed, 4 + (seed % 2) as usize, 10 + (seed % 5) as u32);
        let Ok(expected) = brute_force(start, 300_000) else { continue };
        assert_eq!(solve_checked(&start), expected, "seed {seed}:\n{start}");
    }
}

#[test]
fn a_cleared_pyramid_needs_no_moves() {
    let start = Position::from_parts(&seeded_deck(1), 0, 0xff, 3, 1).unwrap();
    assert_eq!(
        run_to_end(&mut Solver::new(&start, Options::default()), 10),
        Outcome::Solved(Vec::<Move>::new())
    );
}

#[test]
fn a_tiny_budget_answers_unknown_and_progress_grows() {
    let start = Position::new(&seeded_deck(2));
    let mut solver = Solver::with_budget(&start, 50);
    let outcome = run_to_end(&mut solver, 7);
    assert!(matches!(outcome, Outcome::Unknown(UnknownReason::StateBudget { .. })), "{outcome:?}");
    let mut solver = Solver::new(&start, Options::default());
    assert!(solver.step(5).is_none());
    let before = solver.progress().states;
    assert!(solver.step(5).is_none());
    assert!(solver.progress().states > before);
}

#[test]
fn the_slowest_published_deck_is_proven_unsolvable() {
    let deck = deckhand::games::pyramid::parse_deck(
        "Th 2h 4d 3h Qd 8h 9h 5d Jc Td 7c 4c Ts Ac 9c 8d 5s 2s 7h 6s 7s 2c 9d Qs 3d 5c 5h Ad 8s Js 6c \
         9s 4h Kh Jd 4s 2d 6d Ks Qc 3s 3c Kc 7d Tc Ah 6h Qh Kd 8c As Jh",
    )
    .expect("a valid deck");
    let start = Position::new(&deck);
    assert_eq!(run_to_end(&mut Solver::new(&start, Options::default()), 1 << 12), Outcome::Unsolvable);
}

/// Breadth-first search over whole dealt positions, packed into a `u64` (no pruning, moves
/// from the public rules): the fewest steps, `None` if impossible, `Err` past `limit` states.
fn brute_force_packed(deck: &deckhand::Deck, limit: usize) -> Result<Option<usize>, usize> {
    let pack = |p: &Position| {
        p.pyramid_mask() as u64
            | (p.stock_mask() as u64) << 28
            | (p.turned() as u64) << 52
            | (p.recycles() as u64) << 57
    };
    let unpack = |key: u64| {
        Position::from_parts(
            deck,
            (key & ((1 << 28) - 1)) as u32,
            ((key >> 28) & ((1 << 24) - 1)) as u32,
            ((key >> 52) & 31) as u8,
            ((key >> 57) & 3) as u8,
        )
        .expect("packed from a real position")
    };
    let start = Position::new(deck);
    let mut seen = HashSet::from([pack(&start)]);
    let mut layer = vec![pack(&start)];
    let mut steps = 0;
    while !layer.is_empty() {
        let mut next_layer = Vec::new();
        for &key in &layer {
            let position = unpack(key);
            if position.is_cleared() {
                return Ok(Some(steps));
            }
            for mv in position.legal_moves() {
                let next = pack(&position.play(mv).expect("legal moves are accepted"));
                if seen.insert(next) {
                    next_layer.push(next);
                }
            }
            if seen.len() > limit {
                return Err(seen.len());
            }
        }
        layer = next_layer;
        steps += 1;
    }
    Ok(None)
}

/// Whole deals against the brute force (slow: run in release with `--ignored`), decks from
/// the file named by `PYRAMID_BRUTE_DECKS` (one per line), else a few seeded ones. A deal
/// whose brute force passes 60 million positions (about 1 GB) is skipped, not failed.
#[test]
#[ignore]
fn optimal_on_whole_deals_against_brute_force() {
    let decks: Vec<deckhand::Deck> = match std::env::var("PYRAMID_BRUTE_DECKS") {
        Ok(path) => std::fs::read_to_string(path)
            .expect("readable deck file")
            .lines()
            .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
            .map(|line| deckhand::games::pyramid::parse_deck(line).expect("a valid deck"))
            .collect(),
        Err(_) => (1..=5).map(seeded_deck).collect(),
    };
    for deck in &decks {
        let start = Position::new(deck);
        let Ok(expected) = brute_force_packed(deck, 60_000_000) else {
            eprintln!("too big for the brute force: {deck}");
            continue;
        };
        assert_eq!(solve_checked(&start), expected, "{deck}");
        eprintln!("agrees ({expected:?}): {deck}");
    }
}
