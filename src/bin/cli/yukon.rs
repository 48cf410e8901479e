//! `deckhand yukon deal N`, `deckhand yukon solve N [--json]` and `deckhand bench yukon
//! --range A..B [--list]` (issue 37, DESIGN.md "Command-line contract"). N is PySolFC's game
//! number.

use std::fmt::Write as _;
use std::time::Instant;

use deckhand::deal::PysolNumber;
use deckhand::games::yukon::{move_piles, Move, Position, Solver, DEFAULT_BUDGET};
use deckhand::search::{run_to_end, Outcome};

use crate::Failure;

/// Options shared by the subcommands.
struct Options {
    number: Option<u128>,
    range: Option<(u128, u128)>,
    json: bool,
    list: bool,
    budget: u64,
}

fn parse_number(text: &str) -> Result<u128, Failure> {
    let number: PysolNumber = text.parse().map_err(Failure::input)?;
    Ok(number.get())
}

fn parse_range(text: &str) -> Result<(u128, u128), Failure> {
    let (a, b) = text.split_once("..").ok_or_else(|| {
        Failure::usage(format!("`{}` is not a range like 1..1000", deckhand::limits::quote(text)))
    })?;
    let (a, b) = (parse_number(a)?, parse_number(b.trim_start_matches('='))?);
    if a > b {
        return Err(Failure::input(format!("the range {a}..{b} is empty")));
    }
    Ok((a, b))
}

fn parse_options(arguments: &[&str]) -> Result<Options, Failure> {
    let mut options = Options { number: None, range: None, json: false, list: false, budget: DEFAULT_BUDGET };
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        let mut value = |name: &str| {
            rest.next().copied().ok_or_else(|| Failure::usage(format!("`{name}` needs a value")))
        };
        match argument {
            "--json" => options.json = true,
            "--list" => options.list = true,
            "--budget" => {
                let text = value("--budget")?;
                options.budget = text.parse().map_err(|_| {
                    Failure::usage(format!(
                        "`--budget {}` is not a number of states",
                        deckhand::limits::quote(text)
                    ))
                })?;
            }
            "--range" => options.range = Some(parse_range(value("--range")?)?),
            _ if argument.starts_with("--") => {
                return Err(Failure::usage(format!(
                    "unknown option `{}`",
                    deckhand::limits::quote(argument)
                )));
            }
            _ if options.number.is_none() => options.number = Some(parse_number(argument)?),
            _ => {
                return Err(Failure::usage(format!(
                    "unexpected argument `{}`",
                    deckhand::limits::quote(argument)
                )))
            }
        }
    }
    Ok(options)
}

/// PySolFC's game `number` of Yukon.
fn deal(number: u128) -> Result<Position, Failure> {
    let number = PysolNumber::new(number).map_err(Failure::input)?;
    Ok(deckhand::games::yukon::pysol_deal(number))
}

/// `yukon deal N`, `yukon solve N [--json] [--budget STATES]`.
pub fn run(arguments: &[&str]) -> Result<String, Failure> {
    match arguments {
        ["deal", rest @ ..] => {
            let options = parse_options(rest)?;
            let number = options.number.ok_or_else(|| Failure::usage("`yukon deal` needs a game number"))?;
            Ok(deal(number)?.to_string())
        }
        ["solve", rest @ ..] => solve(&parse_options(rest)?),
        _ => Err(Failure::usage("use `yukon deal N` or `yukon solve N`")),
    }
}

/// A move as the JSON contract writes it: DOM pile names and the number of cards.
fn move_json(mv: Move) -> String {
    let (from, to) = move_piles(mv);
    format!("{{\"from\": \"{from}\", \"to\": \"{to}\", \"cards\": {}}}", mv.count())
}

/// Replays `moves` from `start` through the checked rules; the final position must be won.
fn replay(start: &Position, moves: &[Move]) -> Result<(), String> {
    let mut position = *start;
    for (i, &mv) in moves.iter().enumerate() {
        position =
            position.play(mv).map_err(|e| format!("move {} ({mv}) is illegal: {}", i + 1, e.reason))?;
    }
    if position.is_won() {
        Ok(())
    } else {
        Err("the moves do not win".to_string())
    }
}

/// The answer's word in the contract.
fn word(outcome: &Outcome<Vec<Move>>) -> &'static str {
    match outcome {
        Outcome::Solved(_) => "solved",
        Outcome::Unsolvable => "unsolvable",
        Outcome::Unknown(_) => "unknown",
    }
}

fn solve(options: &Options) -> Result<String, Failure> {
    let number = options.number.ok_or_else(|| Failure::usage("`yukon solve` needs a game number"))?;
    let start = deal(number)?;
    let outcome = run_to_end(&mut Solver::with_budget(&start, options.budget), 1 << 16);
    let moves: &[Move] = match &outcome {
        Outcome::Solved(moves) => {
            replay(&start, moves)
                .map_err(|e| Failure::input(format!("internal error: solution rejected: {e}")))?;
            moves
        }
        _ => &[],
    };
    let result = word(&outcome);
    let mut out = String::with_capacity(64 + 48 * moves.len());
    if options.json {
        let _ =
            write!(out, "{{\"game\": \"yukon\", \"deal\": {number}, \"result\": \"{result}\", \"moves\": [");
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&move_json(mv));
        }
        out.push_str("]}\n");
    } else {
        out.push_str(result);
        if let Outcome::Solved(moves) = &outcome {
            let _ = writeln!(out, " in {} moves", moves.len());
            for (i, &mv) in moves.iter().enumerate() {
                let _ = writeln!(out, "{:4}. {mv}", i + 1);
            }
        } else {
            out.push('\n');
        }
    }
    Ok(out)
}

/// One deal's answer and time.
struct Answer {
    number: u128,
    result: &'static str,
    seconds: f64,
    states: u64,
}

/// `bench yukon --range A..B [--list] [--budget STATES]`: solves every deal, replays every
/// solution (one that does not replay is an error), and prints figures, or with `--list` one
/// line a deal.
pub fn bench(arguments: &[&str]) -> Result<String, Failure> {
    use deckhand::search::Search as _;
    let options = parse_options(arguments)?;
    let (a, b) = options.range.ok_or_else(|| Failure::usage("`bench yukon` needs `--range A..B`"))?;
    let mut answers = Vec::new();
    for number in a..=b {
        let start = deal(number)?;
        let clock = Instant::now();
        let mut solver = Solver::with_budget(&start, options.budget);
        let outcome = run_to_end(&mut solver, 1 << 16);
        let seconds = clock.elapsed().as_secs_f64();
        if let Outcome::Solved(moves) = &outcome {
            replay(&start, moves)
                .map_err(|e| Failure::input(format!("deal {number}: solution rejected: {e}")))?;
        }
        answers.push(Answer { number, result: word(&outcome), seconds, states: solver.progress().states });
    }
    let mut out = String::new();
    if options.list {
        for answer in &answers {
            let _ = writeln!(out, "{} {}", answer.number, answer.result);
        }
        return Ok(out);
    }
    let count = |result: &str| answers.iter().filter(|a| a.result == result).count();
    let (won, lost, unknown) = (count("solved"), count("unsolvable"), count("unknown"));
    let mut times: Vec<f64> = answers.iter().map(|a| a.seconds * 1000.0).collect();
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let pick = |q: f64| times[((q * n as f64).ceil() as usize).clamp(1, n) - 1];
    let mean = times.iter().sum::<f64>() / n as f64;
    let decided_fast = answers.iter().filter(|a| a.result != "unknown" && a.seconds <= 2.0).count();
    let _ = writeln!(out, "yukon deals {a}..{b}: {n} deals, budget {} states", options.budget);
    let _ = writeln!(
        out,
        "decided {} ({:.2}%), within 2 s {decided_fast} ({:.2}%)",
        won + lost,
        100.0 * (won + lost) as f64 / n as f64,
        100.0 * decided_fast as f64 / n as f64
    );
    let _ =
        writeln!(out, "solved {won} unsolvable {lost} unknown {unknown} (every solution replayed to a win)");
    let _ = writeln!(
        out,
        "winnable {:.2}% of decided; {:.2}%..{:.2}% counting unknowns either way",
        100.0 * won as f64 / (won + lost).max(1) as f64,
        100.0 * won as f64 / n as f64,
        100.0 * (won + unknown) as f64 / n as f64
    );
    let _ = writeln!(
        out,
        "time ms (in process): median {:.2} mean {:.2} p99 {:.1} max {:.1}",
        pick(0.5),
        mean,
        pick(0.99),
        times[n - 1]
    );
    let mut slowest: Vec<&Answer> =
        answers.iter().filter(|a| a.seconds > 0.5 || a.result == "unknown").collect();
    slowest.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    if !slowest.is_empty() {
        let listed: Vec<String> = slowest
            .iter()
            .take(20)
            .map(|a| format!("{} {} {:.0} ms {} states", a.number, a.result, a.seconds * 1000.0, a.states))
            .collect();
        let _ = writeln!(out, "slowest (over 0.5 s or unknown): {}", listed.join(", "));
    }
    Ok(out)
}
