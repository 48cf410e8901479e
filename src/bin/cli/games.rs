//! `deckhand KEY deal N`, `deckhand KEY solve N [--json]` and `deckhand bench KEY --range A..B
//! [--list]` for every registered game (DESIGN.md, "Command-line contract"): the game's own
//! deal numbers (PySolFC's for the games added after the first three), its board text, its
//! solver, and every move named by the DOM's pile names.

use std::time::Instant;

use deckhand::games::{read_variant, Game, SolveMode, Variant, Visit};
use deckhand::limits::quote;
use deckhand::search::{run_to_end, Outcome};
use deckhand::session::{Start, Table};

use crate::slowest::Slowest;
use crate::Failure;

/// The most deals one `bench` runs.
const MAX_RANGE: u64 = 1_000_000;

/// `KEY deal N | solve N [--json]`; `None` for a key no game has.
pub fn run(key: &str, arguments: &[&str]) -> Option<Result<String, Failure>> {
    deckhand::games::visit(key, Command { arguments, bench: false })
}

/// `bench KEY --range A..B [--list] [--slowest K]`; `None` for a key no game has.
pub fn bench(key: &str, arguments: &[&str]) -> Option<Result<String, Failure>> {
    deckhand::games::visit(key, Command { arguments, bench: true })
}

struct Command<'a> {
    arguments: &'a [&'a str],
    bench: bool,
}

impl Visit for Command<'_> {
    type Output = Result<String, Failure>;

    fn visit<G: Game>(self) -> Self::Output {
        let (variant, arguments) = take_variant::<G>(self.arguments)?;
        if self.bench {
            return bench_games::<G>(&arguments, variant);
        }
        match arguments.as_slice() {
            ["deal", number] => {
                let start = deal::<G>(number, variant)?.start();
                G::board_text(&start).ok_or_else(|| Failure::usage(format!("{} has no board text", G::NAME)))
            }
            ["solve", number, rest @ ..] => {
                let json = match rest {
                    [] => false,
                    ["--json"] => true,
                    _ => return Err(Failure::usage(format!("unknown option `{}`", quote(&rest.join(" "))))),
                };
                solve::<G>(number, variant, json)
            }
            _ => Err(Failure::usage(format!(
                "unknown command `{} {}`",
                G::KEY,
                quote(&self.arguments.join(" "))
            ))),
        }
    }
}

/// The game's variant option (`--suits 4` for Spider: `--` and its link parameter) taken out of
/// `arguments`, wherever it stands; the game's default variant when it is not given.
fn take_variant<'a, G: Game>(arguments: &[&'a str]) -> Result<(G::Variant, Vec<&'a str>), Failure> {
    let Some(parameter) = G::Variant::PARAMETER else {
        return Ok((G::Variant::default(), arguments.to_vec()));
    };
    let option = format!("--{parameter}");
    let Some(at) = arguments.iter().position(|&a| a == option) else {
        return Ok((G::Variant::default(), arguments.to_vec()));
    };
    let value = arguments
        .get(at + 1)
        .ok_or_else(|| Failure::usage(format!("`{option}` needs a value: {}", G::Variant::expected())))?;
    let variant = read_variant::<G>(Some(value)).map_err(|_| {
        Failure::usage(format!("`{option} {}`: expected {}", quote(value), G::Variant::expected()))
    })?;
    let mut rest = arguments.to_vec();
    rest.drain(at..at + 2);
    Ok((variant, rest))
}

/// The deal a number names in `variant`, read as a link names it (PySolFC's numbers run to
/// 10^20 − 1).
fn deal<G: Game>(number: &str, variant: G::Variant) -> Result<G::Deal, Failure> {
    G::numbered(number, variant).map_err(Failure::input)
}

/// What the solver found for `deal`, its line replayed through the rules first: a line that
/// does not replay to a win is an error, never a result.
fn solved<G: Game>(deal: &G::Deal, name: &str) -> Result<Outcome<Vec<G::Move>>, Failure> {
    let start = deal.start();
    let outcome = run_to_end(&mut G::solver(&start, SolveMode::Fast), 1 << 16);
    if let Outcome::Solved(moves) = &outcome {
        let mut position = start;
        for (index, &mv) in moves.iter().enumerate() {
            position = position.after(mv).map_err(|error| {
                Failure::input(format!(
                    "{} {name}: the solver's move {} does not replay: {error}",
                    G::NAME,
                    index + 1
                ))
            })?;
        }
        if !position.is_won() {
            return Err(Failure::input(format!("{} {name}: the solver's line does not win", G::NAME)));
        }
    }
    Ok(outcome)
}

fn verdict<S>(outcome: &Outcome<S>) -> &'static str {
    deckhand::grade::Verdict::of(outcome).word()
}

/// `{"from": PILE, "to": PILE, "cards": n}` for each move, piles by their DOM names, keys in
/// the contract's order (`{"from": PILE, "to": PILE}` for a game whose moves carry one card).
fn moves_json<G: Game>(deal: &G::Deal, moves: &[G::Move]) -> Vec<String> {
    let mut position = deal.start();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        let record = G::move_record(&position, mv);
        let (from, to) = (serde_json::Value::from(record.from), serde_json::Value::from(record.to));
        out.push(match record.cards {
            Some(cards) => format!("{{\"from\": {from}, \"to\": {to}, \"cards\": {cards}}}"),
            None => format!("{{\"from\": {from}, \"to\": {to}}}"),
        });
        match position.after(mv) {
            Ok(next) => position = next,
            Err(_) => break,
        }
    }
    out
}

fn solve<G: Game>(number: &str, variant: G::Variant, json: bool) -> Result<String, Failure> {
    let deal = deal::<G>(number, variant)?;
    let outcome = solved::<G>(&deal, number)?;
    let moves = match &outcome {
        Outcome::Solved(moves) => moves.clone(),
        _ => Vec::new(),
    };
    if json {
        let deal_number: serde_json::Value =
            number.parse::<u64>().map(Into::into).unwrap_or_else(|_| number.to_string().into());
        Ok(format!(
            "{{\"game\": {}, \"deal\": {deal_number}, \"result\": \"{}\", \"moves\": [{}]}}\n",
            serde_json::Value::from(G::KEY),
            verdict(&outcome),
            moves_json::<G>(&deal, &moves).join(", ")
        ))
    } else {
        let mut position = deal.start();
        let mut text = format!("{}: {}\n", G::title(&deal), verdict(&outcome));
        for &mv in &moves {
            text.push_str(&G::describe_move(&position, mv));
            text.push('\n');
            position = position.after(mv).map_err(|error| Failure::input(error.to_string()))?;
        }
        Ok(text)
    }
}

/// `--range A..B [--list] [--slowest K]`: every deal solved and replayed; figures (and the K
/// slowest deals), or a verdict a line with the figures on standard error.
fn bench_games<G: Game>(arguments: &[&str], variant: G::Variant) -> Result<String, Failure> {
    let mut range = None;
    let mut list = false;
    let mut slowest_deals = Slowest::new(0);
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        match argument {
            "--list" => list = true,
            "--slowest" => slowest_deals = Slowest::new(crate::slowest::parse(rest.next())?),
            "--range" => {
                let text = rest.next().ok_or_else(|| Failure::usage("`--range` needs A..B"))?;
                let bad = || Failure::usage(format!("`--range {}`: expected A..B with A <= B", quote(text)));
                let (a, b) = text.split_once("..").ok_or_else(bad)?;
                let (a, b): (u64, u64) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
                if a > b || b - a >= MAX_RANGE {
                    return Err(bad());
                }
                range = Some((a, b));
            }
            _ => {
                return Err(Failure::usage(format!(
                    "unknown option `{}` for `bench {}`",
                    quote(argument),
                    G::KEY
                )))
            }
        }
    }
    let (a, b) = range.ok_or_else(|| Failure::usage(format!("`bench {}` needs `--range A..B`", G::KEY)))?;
    let mut lines = String::new();
    let mut times = Vec::new();
    let (mut won, mut lost, mut unknown) = (0, 0, 0);
    let started = Instant::now();
    for number in a..=b {
        let deal = deal::<G>(&number.to_string(), variant)?;
        let clock = Instant::now();
        let outcome = solved::<G>(&deal, &number.to_string())?;
        let seconds = clock.elapsed().as_secs_f64();
        times.push(seconds);
        slowest_deals.offer(seconds, format!("{number} {}", verdict(&outcome)));
        match outcome {
            Outcome::Solved(_) => won += 1,
            Outcome::Unsolvable => lost += 1,
            Outcome::Unknown(_) => unknown += 1,
        }
        if list {
            lines.push_str(&format!("{number} {}\n", verdict(&outcome)));
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let slowest = times.last().copied().unwrap_or_default();
    let mut figures = format!(
        "{}{} deals {a}..{b}: {won} solved, {lost} unsolvable, {unknown} unknown ({:.2}% won); median {:.1} ms, slowest {:.1} ms, {:.1} s in all; every solution replayed\n",
        G::NAME,
        G::Variant::PARAMETER.map(|_| format!(" ({})", variant.words())).unwrap_or_default(),
        100.0 * won as f64 / times.len() as f64,
        median * 1e3,
        slowest * 1e3,
        started.elapsed().as_secs_f64()
    );
    figures.push_str(&slowest_deals.report("deal, verdict"));
    if list {
        eprint!("{figures}");
        Ok(lines)
    } else {
        Ok(figures)
    }
}

/// `deckhand games`: the registered games' keys, one a line.
pub fn list() -> String {
    deckhand::games::keys().iter().map(|key| format!("{key}\n")).collect()
}
