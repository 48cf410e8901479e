//! `deckhand pyramid ...` and `deckhand bench pyramid ...`.

use std::fmt::Write as _;
use std::time::Instant;

use deckhand::deal::seeded_deck;
use deckhand::games::pyramid::{format_deck, parse_deck, Move, Position, Solver, DEFAULT_BUDGET};
use deckhand::search::{run_to_end, Outcome, Search, UnknownReason};
use deckhand::Deck;

use crate::slowest::Slowest;
use crate::Failure;

const SLICE: u64 = 1 << 14;

/// `pyramid solve FILE [--json] [--budget N]`, `pyramid deal N`, `pyramid decks FROM TO`.
pub fn run(arguments: &[&str]) -> Result<String, Failure> {
    match arguments {
        ["solve", rest @ ..] => solve(rest),
        ["deal", seed] => Ok(format_deck(&seeded_deck(number(seed, "seed")?))),
        ["decks", from, to] => {
            let (from, to) = (number(from, "first seed")?, number(to, "last seed")?);
            if from > to {
                return Err(Failure::usage("`pyramid decks FROM TO` needs FROM <= TO"));
            }
            let mut output = String::new();
            for seed in from..=to {
                let _ = writeln!(output, "{}", seeded_deck(seed));
            }
            Ok(output)
        }
        _ => Err(Failure::usage(format!("unknown pyramid command `{}`", arguments.join(" ")))),
    }
}

fn number(text: &str, what: &str) -> Result<u64, Failure> {
    text.parse()
        .map_err(|_| Failure::usage(format!("`{text}` is not a valid {what} (expected a whole number)")))
}

fn solve(arguments: &[&str]) -> Result<String, Failure> {
    let mut json = false;
    let mut budget = DEFAULT_BUDGET;
    let mut file = None;
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        match argument {
            "--json" => json = true,
            "--budget" => {
                let value =
                    rest.next().ok_or_else(|| Failure::usage("`--budget` needs a number of states"))?;
                budget = number(value, "state budget")?;
            }
            flag if flag.starts_with("--") => return Err(Failure::usage(format!("unknown option `{flag}`"))),
            path if file.is_none() => file = Some(path),
            extra => return Err(Failure::usage(format!("unexpected argument `{extra}`"))),
        }
    }
    let file = file.ok_or_else(|| Failure::usage("`pyramid solve` needs a deck file (or `-` for stdin)"))?;
    let deck = parse_deck(&crate::read_input(file, crate::MAX_DECK_FILE, "a deck file")?)
        .map_err(|error| Failure::input(format!("bad Pyramid deck: {error}")))?;
    let start = Position::new(&deck);
    let outcome = run_to_end(&mut Solver::with_budget(&start, budget), SLICE);
    if let Outcome::Solved(moves) = &outcome {
        replay(&start, moves).map_err(Failure::input)?;
    }
    Ok(if json { json_report(&outcome) } else { text_report(&start, &outcome) })
}

/// Plays `moves` through the rules and checks that they clear the pyramid.
fn replay(start: &Position, moves: &[Move]) -> Result<(), String> {
    let mut position = *start;
    for (number, &mv) in moves.iter().enumerate() {
        position = position.play(mv).map_err(|error| {
            format!("internal error: solver move {} ({mv}) is illegal: {error}", number + 1)
        })?;
    }
    if position.is_cleared() {
        Ok(())
    } else {
        Err("internal error: the solver's moves do not clear the pyramid".to_string())
    }
}

fn json_report(outcome: &Outcome<Vec<Move>>) -> String {
    let value = match outcome {
        Outcome::Solved(moves) => {
            serde_json::json!({"result": "solved", "steps": moves.len(), "moves": moves})
        }
        Outcome::Unsolvable => serde_json::json!({"result": "unsolvable", "steps": 0, "moves": []}),
        Outcome::Unknown(reason) => {
            let reason = match reason {
                UnknownReason::StateBudget { states } => {
                    format!("state budget ran out after {states} states")
                }
                UnknownReason::Cancelled => "cancelled".to_string(),
            };
            serde_json::json!({"result": "unknown", "reason": reason, "moves": []})
        }
    };
    format!("{value}\n")
}

fn text_report(start: &Position, outcome: &Outcome<Vec<Move>>) -> String {
    let mut output = String::new();
    match outcome {
        Outcome::Solved(moves) => {
            let _ = writeln!(output, "Solved in {} steps (the fewest possible):", moves.len());
            for (number, mv) in moves.iter().enumerate() {
                let _ = writeln!(output, "{:>3}. {mv}", number + 1);
            }
        }
        Outcome::Unsolvable => {
            let _ = writeln!(output, "No solution: the pyramid cannot be cleared.\n{start}");
        }
        Outcome::Unknown(UnknownReason::StateBudget { states }) => {
            let _ =
                writeln!(output, "Unknown: the state budget ran out after {states} states (try --budget).");
        }
        Outcome::Unknown(UnknownReason::Cancelled) => {
            let _ = writeln!(output, "Unknown: cancelled.");
        }
    }
    output
}

/// `bench pyramid (--decks FILE | --seeds FROM..TO) [--budget N] [--expect FILE] [--slowest K]`
/// (`--range` is `--seeds`, as every other bench names it).
pub fn bench(arguments: &[&str]) -> Result<String, Failure> {
    let mut decks: Vec<(String, Deck)> = Vec::new();
    let mut budget = DEFAULT_BUDGET;
    let mut expect: Option<Vec<String>> = None;
    let mut slowest_decks = Slowest::new(0);
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        let mut value =
            || rest.next().copied().ok_or_else(|| Failure::usage(format!("`{argument}` needs a value")));
        match argument {
            "--decks" => {
                let path = value()?;
                for (line_number, line) in
                    crate::read_input(path, crate::MAX_LIST_FILE, "a list of decks")?.lines().enumerate()
                {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    let deck = parse_deck(line).map_err(|error| {
                        Failure::input(format!("{path} line {}: bad deck: {error}", line_number + 1))
                    })?;
                    decks.push((format!("{path}:{}", line_number + 1), deck));
                }
            }
            "--slowest" => slowest_decks = Slowest::new(crate::slowest::parse(Some(&value()?))?),
            "--seeds" | "--range" => {
                let range = value()?;
                let (from, to) = range
                    .split_once("..")
                    .ok_or_else(|| Failure::usage(format!("`{argument} {range}`: expected FROM..TO")))?;
                for seed in number(from, "first seed")?..=number(to, "last seed")? {
                    decks.push((format!("seed {seed}"), seeded_deck(seed)));
                }
            }
            "--budget" => budget = number(value()?, "state budget")?,
            "--expect" => {
                let text = crate::read_input(value()?, crate::MAX_LIST_FILE, "a list of answers")?;
                expect = Some(
                    text.lines()
                        .map(str::trim)
                        .filter(|line| !line.is_empty() && !line.starts_with('#'))
                        .map(String::from)
                        .collect(),
                );
            }
            other => return Err(Failure::usage(format!("unknown bench option `{other}`"))),
        }
    }
    if decks.is_empty() {
        return Err(Failure::usage("`bench pyramid` needs --decks FILE or --seeds FROM..TO"));
    }
    if let Some(expect) = &expect {
        if expect.len() != decks.len() {
            return Err(Failure::input(format!(
                "--expect lists {} answers for {} decks",
                expect.len(),
                decks.len()
            )));
        }
    }
    let mut times = Vec::with_capacity(decks.len());
    let (mut solved, mut unsolvable, mut unknown) = (0, 0, 0);
    let (mut max_states, mut max_expanded, mut max_memory) = (0u64, 0u64, 0usize);
    let mut slowest = (0.0f64, String::new());
    let mut answers = String::new();
    let mut failures = Vec::new();
    for (index, (name, deck)) in decks.iter().enumerate() {
        let start = Position::new(deck);
        let clock = Instant::now();
        let mut solver = Solver::with_budget(&start, budget);
        let outcome = run_to_end(&mut solver, SLICE);
        let seconds = clock.elapsed().as_secs_f64();
        max_states = max_states.max(solver.progress().states);
        max_expanded = max_expanded.max(solver.expanded());
        max_memory = max_memory.max(solver.memory());
        if seconds > slowest.0 {
            slowest = (seconds, name.clone());
        }
        times.push(seconds);
        let answer = match &outcome {
            Outcome::Solved(moves) => {
                solved += 1;
                if let Err(error) = replay(&start, moves) {
                    failures.push(format!("{name}: {error}"));
                }
                let recycles = moves.iter().filter(|&&mv| mv == Move::Recycle).count();
                format!("solved {} recycles {recycles}", moves.len())
            }
            Outcome::Unsolvable => {
                unsolvable += 1;
                "unsolvable".to_string()
            }
            Outcome::Unknown(_) => {
                unknown += 1;
                "unknown".to_string()
            }
        };
        if let Some(expect) = &expect {
            if expect[index] != answer {
                failures.push(format!("{name}: expected `{}`, got `{answer}`", expect[index]));
            }
        }
        slowest_decks.offer(seconds, format!("{name}: {answer}"));
        let _ = writeln!(answers, "{answer}");
        if std::env::var_os("DECKHAND_BENCH_VERBOSE").is_some() {
            eprintln!("{name}\t{answer}\t{:.3} ms\t{} states", seconds * 1000.0, solver.progress().states);
        }
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let percentile = |p: f64| sorted[((sorted.len() - 1) as f64 * p).round() as usize] * 1000.0;
    let mean = times.iter().sum::<f64>() / times.len() as f64 * 1000.0;
    let mut output = String::new();
    let _ = writeln!(output, "decks: {}", decks.len());
    let _ = writeln!(output, "solved: {solved}, unsolvable: {unsolvable}, unknown: {unknown}");
    let _ = writeln!(
        output,
        "time ms: median {:.3}, mean {:.3}, p99 {:.3}, max {:.3} ({})",
        percentile(0.5),
        mean,
        percentile(0.99),
        percentile(1.0),
        slowest.1
    );
    let _ = writeln!(
        output,
        "max states stored: {max_states}, max expanded: {max_expanded}, max table bytes: {max_memory}"
    );
    if expect.is_some() && failures.is_empty() {
        let _ = writeln!(output, "answers checked against --expect: all {} match", decks.len());
    }
    output.push_str(&slowest_decks.report("deck: answer"));
    if std::env::var_os("DECKHAND_BENCH_ANSWERS").is_some() {
        output.push_str(&answers);
    }
    if failures.is_empty() {
        Ok(output)
    } else {
        Err(Failure::input(format!("{output}FAILED:\n{}", failures.join("\n"))))
    }
}
