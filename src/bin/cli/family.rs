//! `deckhand KEY deal N`, `deckhand KEY solve N [--json]` and `deckhand bench KEY --range A..B
//! [--list]` for FreeCell's family: `bakers-game`, `eight-off` and `seahaven-towers`
//! (DESIGN.md, "Command-line contract"; games numbered as PySolFC numbers them).

use std::time::Instant;

use deckhand::deal::PysolNumber;
use deckhand::freecell::family::{FamilySolver, Position, Variant};
use deckhand::freecell::{Budget, Move, Source, Target};
use deckhand::limits::quote;
use deckhand::search::{run_to_end, Outcome};

use crate::slowest::Slowest;
use crate::Failure;

/// The family games with their own subcommands (FreeCell keeps its own).
pub const KEYS: [&str; 3] = ["bakers-game", "eight-off", "seahaven-towers"];

/// The variant for a key of [`KEYS`].
pub fn variant(key: &str) -> Option<Variant> {
    Variant::from_key(key).filter(|v| *v != Variant::FreeCell)
}

/// A pile's DOM name (`cascade-1`, `freecell-1`, `foundation`).
fn pile_from(source: Source) -> String {
    match source {
        Source::Cascade(i) => format!("cascade-{}", u32::from(i) + 1),
        Source::Cell(i) => format!("freecell-{}", u32::from(i) + 1),
    }
}

fn pile_to(target: Target) -> String {
    match target {
        Target::Cascade(i) => pile_from(Source::Cascade(i)),
        Target::Cell(i) => pile_from(Source::Cell(i)),
        Target::Foundation => "foundation".to_string(),
    }
}

fn parse_number(text: &str) -> Result<PysolNumber, Failure> {
    text.parse().map_err(Failure::input)
}

fn parse_budget(text: Option<&&str>) -> Result<Budget, Failure> {
    let text = text.ok_or_else(|| Failure::usage("`--budget` needs a number of states"))?;
    let states = text
        .parse()
        .map_err(|_| Failure::usage(format!("`--budget {}`: expected a number of states", quote(text))))?;
    Ok(Budget::states(states))
}

/// `KEY deal N | solve N [--json] [--budget STATES]`
pub fn run(variant: Variant, arguments: &[&str]) -> Result<String, Failure> {
    let key = variant.key();
    match arguments {
        ["deal", number] => Ok(Position::deal(variant, parse_number(number)?).to_string()),
        ["deal", ..] => Err(Failure::usage(format!("`{key} deal` needs one game number"))),
        ["solve", rest @ ..] => solve(variant, rest),
        _ => Err(Failure::usage(format!("unknown command `{key} {}`", quote(&arguments.join(" "))))),
    }
}

fn solve(variant: Variant, arguments: &[&str]) -> Result<String, Failure> {
    let key = variant.key();
    let (mut number, mut json, mut budget) = (None, false, FamilySolver::BUDGET);
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        match argument {
            "--json" => json = true,
            "--budget" => budget = parse_budget(rest.next())?,
            text if number.is_none() && !text.starts_with("--") => number = Some(parse_number(text)?),
            other => {
                return Err(Failure::usage(format!(
                    "unexpected argument `{}` for `{key} solve`",
                    quote(other)
                )))
            }
        }
    }
    let number = number.ok_or_else(|| Failure::usage(format!("`{key} solve` needs a game number")))?;
    let position = Position::deal(variant, number);
    let outcome = run_to_end(&mut FamilySolver::new(&position, budget), 1 << 16);
    if let Outcome::Solved(moves) = &outcome {
        replay(&position, moves, number)?;
    }
    let (result, moves) = match outcome {
        Outcome::Solved(moves) => ("solved", moves),
        Outcome::Unsolvable => ("unsolvable", Vec::new()),
        Outcome::Unknown(_) => ("unknown", Vec::new()),
    };
    if json {
        let moves: Vec<serde_json::Value> = moves
            .iter()
            .map(|m| serde_json::json!({"from": pile_from(m.from), "to": pile_to(m.to), "cards": m.cards}))
            .collect();
        // The number as a JSON number when it fits one exactly, else as digits.
        let deal = match u64::try_from(number.get()) {
            Ok(n) => serde_json::Value::from(n),
            Err(_) => serde_json::Value::from(number.to_string()),
        };
        let object = serde_json::json!({"game": key, "deal": deal, "result": result, "moves": moves});
        return Ok(format!("{object}\n"));
    }
    let mut output = format!("{} game {number}: {result}", variant.name());
    if result == "solved" {
        output.push_str(&format!(" in {} moves\n", moves.len()));
        for mv in &moves {
            output.push_str(&format!("{mv}\n"));
        }
    } else {
        output.push('\n');
    }
    Ok(output)
}

/// Plays `moves` from `position` through the rules: an error unless they are legal and win.
fn replay(position: &Position, moves: &[Move], number: PysolNumber) -> Result<(), Failure> {
    let end = moves.iter().try_fold(position.clone(), |p, &m| p.play(m)).map_err(|error| Failure {
        message: format!("game {number}: the solver's solution does not replay: {error}"),
        code: 1,
    })?;
    if end.is_won() {
        Ok(())
    } else {
        Err(Failure { message: format!("game {number}: the solver's solution does not win"), code: 1 })
    }
}

fn parse_range(text: &str) -> Result<(u128, u128), Failure> {
    let bad = || {
        Failure::usage(format!("`--range {}`: expected A..B with 1 <= A <= B (both included)", quote(text)))
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: PysolNumber = a.parse().map_err(|_| bad())?;
    let b: PysolNumber = b.parse().map_err(|_| bad())?;
    if a > b {
        return Err(bad());
    }
    Ok((a.get(), b.get()))
}

/// `bench KEY --range A..B [--list] [--budget STATES] [--slowest K]`: solves every game of the
/// range, replays every solution through the rules, prints figures and the K slowest games
/// (with `--list`, one line per game: `N solved|unsolvable|unknown`, and the figures on
/// standard error).
pub fn bench(variant: Variant, arguments: &[&str]) -> Result<String, Failure> {
    let key = variant.key();
    let (mut range, mut list, mut budget) = (None, false, FamilySolver::BUDGET);
    let mut slowest_games = Slowest::new(0);
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        match argument {
            "--slowest" => slowest_games = Slowest::new(crate::slowest::parse(rest.next())?),
            "--range" => {
                range = Some(parse_range(rest.next().ok_or_else(|| Failure::usage("`--range` needs A..B"))?)?)
            }
            "--list" => list = true,
            "--budget" => budget = parse_budget(rest.next())?,
            other => {
                return Err(Failure::usage(format!(
                    "unexpected argument `{}` for `bench {key}`",
                    quote(other)
                )))
            }
        }
    }
    let (first, last) = range.ok_or_else(|| Failure::usage(format!("`bench {key}` needs `--range A..B`")))?;
    let mut output = String::new();
    let (mut solved, mut unsolvable, mut unknown, mut states, mut moves) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut times = Vec::new();
    let (mut slowest, mut slowest_game) = (0.0f64, first);
    let started = Instant::now();
    for n in first..=last {
        let number = PysolNumber::new(n).map_err(Failure::input)?;
        let position = Position::deal(variant, number);
        let clock = Instant::now();
        let mut solver = FamilySolver::new(&position, budget);
        let outcome = run_to_end(&mut solver, 1 << 16);
        let seconds = clock.elapsed().as_secs_f64();
        states += deckhand::search::Search::progress(&solver).states;
        times.push(seconds);
        if seconds > slowest {
            (slowest, slowest_game) = (seconds, n);
        }
        let word = match &outcome {
            Outcome::Solved(solution) => {
                replay(&position, solution, number)?;
                solved += 1;
                moves += solution.len() as u64;
                "solved"
            }
            Outcome::Unsolvable => {
                unsolvable += 1;
                "unsolvable"
            }
            Outcome::Unknown(_) => {
                unknown += 1;
                "unknown"
            }
        };
        slowest_games.offer(seconds, format!("{n} {word}"));
        if list {
            output.push_str(&format!("{n} {word}\n"));
        }
    }
    let total = started.elapsed().as_secs_f64();
    let count = times.len() as f64;
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let mut figures = format!(
            "{name} games {first}..{last}: {solved} solved ({share:.2}%), {unsolvable} unsolvable, {unknown} unknown\n\
             every solution replayed to a win; mean {mean_moves:.1} moves\n\
             time {total:.2} s in all, mean {mean:.2} ms, median {median:.2} ms, slowest {slowest:.0} ms (game {slowest_game}); {states} states\n",
            name = variant.name(),
            share = 100.0 * solved as f64 / count,
            mean_moves = moves as f64 / (solved.max(1)) as f64,
            mean = 1000.0 * total / count,
            median = 1000.0 * median,
            slowest = 1000.0 * slowest,
    );
    figures.push_str(&slowest_games.report("game, verdict"));
    // With `--list` the figures go to standard error, so standard output is one line a game.
    if list {
        eprint!("{figures}");
    } else {
        output.push_str(&figures);
    }
    Ok(output)
}
