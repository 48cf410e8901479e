//! `deckhand freecell solve` and `deckhand bench freecell` (DESIGN.md, "Command-line contract").

use std::time::Instant;

use deckhand::deal::DealNumber;
use deckhand::games::freecell::{
    solution_length, Budget, Mode, Move, MoveSet, Notation, Options, Position, Solver, Source, Target,
    Weights,
};
use deckhand::search::{run_to_end, Outcome, Search};

use crate::slowest::Slowest;
use crate::Failure;

fn parse_mode(text: &str) -> Result<Mode, Failure> {
    match text {
        "fast" => Ok(Mode::Fast),
        "short" => Ok(Mode::Short),
        _ => Err(Failure::usage(format!("unknown mode `{text}`: use fast or short"))),
    }
}

fn pile(source: Source) -> String {
    match source {
        Source::Cascade(i) => (u32::from(i) + 1).to_string(),
        Source::Cell(i) => {
            char::from_u32(u32::from(b'a') + u32::from(i)).map_or_else(|| format!("#{i}"), String::from)
        }
    }
}

fn target(to: Target) -> String {
    match to {
        Target::Cascade(i) => pile(Source::Cascade(i)),
        Target::Cell(i) => pile(Source::Cell(i)),
        Target::Foundation => "h".to_string(),
    }
}

/// `freecell solve N | --board FILE [--json] [--mode fast|short] [--budget STATES]`
pub fn solve(arguments: &[&str]) -> Result<String, Failure> {
    let mut deal: Option<DealNumber> = None;
    let mut board: Option<&str> = None;
    let mut json = false;
    let mut mode = Mode::Fast;
    let mut options = Options::default();
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        match argument {
            "--json" => json = true,
            "--board" => {
                board = Some(
                    rest.next().ok_or_else(|| Failure::usage("`--board` needs a file (or - for stdin)"))?,
                )
            }
            "--mode" => {
                mode = parse_mode(rest.next().ok_or_else(|| Failure::usage("`--mode` needs fast or short"))?)?
            }
            "--budget" => {
                let text =
                    rest.next().ok_or_else(|| Failure::usage("`--budget` needs a number of states"))?;
                let states: u64 = text
                    .parse()
                    .map_err(|_| Failure::usage(format!("`--budget {text}`: expected a number of states")))?;
                let phase_states = states.min(Options::PHASE_STATES);
                options = Options { budget: Budget::states(states), phase_states, ..options };
            }
            number if deal.is_none() && !number.starts_with("--") => {
                deal = Some(number.parse().map_err(Failure::input)?);
            }
            other => {
                return Err(Failure::usage(format!(
                    "unexpected argument `{}` for `freecell solve`",
                    deckhand::limits::quote(other)
                )))
            }
        }
    }
    let position = match (deal, board) {
        (Some(deal), None) => Position::deal(deal),
        (None, Some(file)) => {
            let text = crate::read_input(file, crate::MAX_BOARD_FILE, "a board file")?;
            text.parse::<Position>().map_err(|e| Failure::input(format!("bad board in `{file}`: {e}")))?
        }
        (Some(_), Some(_)) => return Err(Failure::usage("give a deal number or `--board FILE`, not both")),
        (None, None) => return Err(Failure::usage("`freecell solve` needs a deal number or `--board FILE`")),
    };
    let outcome = run_to_end(&mut Solver::new(&position, Options { mode, ..options }), 4096);
    let (result, moves) = match outcome {
        Outcome::Solved(moves) => ("solved", moves),
        Outcome::Unsolvable => ("unsolvable", Vec::new()),
        Outcome::Unknown(_) => ("unknown", Vec::new()),
    };
    if json {
        // Keys in the contract's order: deal, result, moves.
        let moves: Vec<String> = moves
            .iter()
            .map(|mv| {
                format!(
                    r#"{{"from": "{}", "to": "{}", "cards": {}}}"#,
                    pile(mv.from),
                    target(mv.to),
                    mv.cards
                )
            })
            .collect();
        let deal = deal.map_or("null".to_string(), |d| d.get().to_string());
        let object = format!(r#"{{"deal": {deal}, "result": "{result}", "moves": [{}]}}"#, moves.join(", "));
        Ok(format!("{object}\n"))
    } else {
        let mut output = format!("{result}\n");
        let mut replay = position.clone();
        for &mv in &moves {
            output.push_str(&format!("{:<5} {mv}\n", Notation::of(&replay, mv).to_string()));
            replay.play_unchecked(mv);
        }
        if !moves.is_empty() {
            if let Ok((length, _)) = solution_length(&position, &moves) {
                output.push_str(&format!("{} moves, {length} single-card moves\n", moves.len()));
            }
        }
        Ok(output)
    }
}

fn parse_range(text: &str) -> Result<(u64, u64), Failure> {
    let bad = || Failure::usage(format!("`--range {text}`: expected A..B with 1 <= A <= B (both included)"));
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: DealNumber = a.parse().map_err(|_| bad())?;
    let b: DealNumber = b.trim_start_matches('=').parse().map_err(|_| bad())?;
    if a > b {
        return Err(bad());
    }
    Ok((a.get(), b.get()))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// `bench freecell --range A..B [--mode fast|short] [--threads N] [--times FILE] [--slowest K]`:
/// solves every deal, replays every solution through the rules (a wrong answer fails the run),
/// and prints times and lengths, and the K slowest deals; `--times` also writes one line a deal (deal, phase that answered, states,
/// microseconds, result) as tab-separated values.
pub fn bench(arguments: &[&str]) -> Result<String, Failure> {
    let mut range = None;
    let mut mode = Mode::Fast;
    let mut weights = None;
    let mut threads = 1u64;
    let mut times_file: Option<&str> = None;
    let mut slowest_deals = Slowest::new(0);
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        match argument {
            "--slowest" => slowest_deals = Slowest::new(crate::slowest::parse(rest.next())?),
            "--weights" => {
                let text = rest.next().ok_or_else(|| Failure::usage("`--weights` needs six numbers"))?;
                let mut portfolio = Vec::new();
                for phase in text.split(';') {
                    // A leading `k`: without run-splitting parks (`MoveSet::KeepRuns`).
                    // A leading `s`: single-card moves only (`MoveSet::SingleCards`).
                    let (moves, phase) = match (phase.strip_prefix('k'), phase.strip_prefix('s')) {
                        (Some(rest), _) => (MoveSet::KeepRuns, rest),
                        (_, Some(rest)) => (MoveSet::SingleCards, rest),
                        _ => (MoveSet::Sequences, phase),
                    };
                    let w: Vec<u64> = phase.split([',', ':']).filter_map(|x| x.parse().ok()).collect();
                    // (The breaks weight is optional: 0 if left out.)
                    let (path, left, misplaced, depth, cells, empty, breaks, states) = match w[..] {
                        [p, l, m, d, c, e, states] => (p, l, m, d, c, e, 0, states),
                        [p, l, m, d, c, e, b, states] => (p, l, m, d, c, e, b, states),
                        _ => return Err(Failure::usage(
                            "`--weights` needs phases of seven or eight numbers: [k|s]p,l,m,d,c,e[,b]:states",
                        )),
                    };
                    let [path, left, misplaced, depth, cells, empty, breaks] =
                        [path, left, misplaced, depth, cells, empty, breaks].map(|x| x as u32);
                    let weights = Weights { path, left, misplaced, depth, cells, empty, breaks };
                    portfolio.push((weights, moves, states));
                }
                weights = Some(portfolio);
            }
            "--threads" => {
                let text = rest.next().ok_or_else(|| Failure::usage("`--threads` needs a number"))?;
                threads = text
                    .parse()
                    .map_err(|_| Failure::usage(format!("`--threads {text}`: expected a number")))?;
            }
            "--times" => {
                times_file = Some(rest.next().ok_or_else(|| Failure::usage("`--times` needs a file"))?);
            }
            "--range" => {
                range = Some(parse_range(rest.next().ok_or_else(|| Failure::usage("`--range` needs A..B"))?)?)
            }
            "--mode" => {
                mode = parse_mode(rest.next().ok_or_else(|| Failure::usage("`--mode` needs fast or short"))?)?
            }
            other => {
                return Err(Failure::usage(format!("unexpected argument `{other}` for `bench freecell`")))
            }
        }
    }
    let (first, last) = range.ok_or_else(|| Failure::usage("`bench freecell` needs `--range A..B`"))?;
    let mut times = Vec::new();
    let mut lengths = Vec::new();
    let mut unsolvable = Vec::new();
    let mut unknown = Vec::new();
    let mut slowest = (0.0, first);
    let mut states = 0u64;
    let started = Instant::now();
    let solve_one = |number: u64| -> Result<Record, Failure> {
        let deal = DealNumber::new(number).map_err(Failure::input)?;
        let position = Position::deal(deal);
        let clock = Instant::now();
        let mut solver = match weights {
            Some(ref portfolio) => Solver::with_portfolio(&position, portfolio, Options::default()),
            None => Solver::new(&position, Options { mode, ..Options::default() }),
        };
        let outcome = run_to_end(&mut solver, 4096);
        let seconds = clock.elapsed().as_secs_f64();
        let length = match &outcome {
            Outcome::Solved(moves) => Some(check(&position, moves, number)?),
            _ => None,
        };
        let (states, phase) = (solver.progress().states, solver.phase());
        Ok(Record { number, seconds, states, phase, outcome: outcome.map(|_| ()), length })
    };
    // Deals are shared out round-robin over the threads (native only; wasm runs on one).
    let threads = if cfg!(target_arch = "wasm32") { 1 } else { threads.max(1) };
    let records: Vec<Result<Record, Failure>> = if threads == 1 {
        (first..=last).map(solve_one).collect()
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let solve_one = &solve_one;
                    scope.spawn(move || {
                        (first + t..=last).step_by(threads as usize).map(solve_one).collect::<Vec<_>>()
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
        })
    };
    // One line a deal: deal, phase that answered, states, microseconds, result, length.
    let mut table = String::from("deal\tphase\tstates\tmicros\tresult\tlength\n");
    for record in records {
        let record = record?;
        let result = match record.outcome {
            Outcome::Solved(()) => "solved",
            Outcome::Unsolvable => "unsolvable",
            Outcome::Unknown(_) => "unknown",
        };
        table.push_str(&format!(
            "{}\t{}\t{}\t{:.0}\t{result}\t{}\n",
            record.number,
            record.phase,
            record.states,
            record.seconds * 1e6,
            record.length.map_or(String::from("-"), |l| l.to_string())
        ));
        states += record.states;
        times.push(record.seconds);
        slowest_deals.offer(record.seconds, format!("{} {result}", record.number));
        if record.seconds > slowest.0 {
            slowest = (record.seconds, record.number);
        }
        match record.outcome {
            Outcome::Solved(()) => lengths.extend(record.length),
            Outcome::Unsolvable => unsolvable.push(record.number),
            Outcome::Unknown(_) => unknown.push(record.number),
        }
    }
    if let Some(file) = times_file {
        std::fs::write(file, table).map_err(|e| Failure::input(format!("cannot write `{file}`: {e}")))?;
    }
    unsolvable.sort_unstable();
    unknown.sort_unstable();
    let wall = started.elapsed().as_secs_f64();
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    lengths.sort_unstable();
    let count = times.len() as f64;
    let mean_length = if lengths.is_empty() {
        0.0
    } else {
        lengths.iter().map(|&l| f64::from(l)).sum::<f64>() / lengths.len() as f64
    };
    let median_length = lengths.get(lengths.len() / 2).copied().unwrap_or(0);
    let max_length = lengths.last().copied().unwrap_or(0);
    let list = |deals: &[u64]| deals.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let report = format!(
        "freecell deals {first}..{last}, mode {mode:?}\n\
         solved {} of {}, unsolvable {} [{}], unknown {} [{}]\n\
         time: total {total:.3} s (wall {wall:.3} s), mean {:.3} ms, median {:.3} ms, p99 {:.3} ms, max {:.3} ms (deal {})\n\
         length (single-card moves): mean {mean_length:.1}, median {median_length}, max {max_length}\n\
         states: {states} in all, {:.0} per deal\n",
        lengths.len(),
        times.len(),
        unsolvable.len(),
        list(&unsolvable),
        unknown.len(),
        list(&unknown),
        total / count * 1e3,
        percentile(&times, 0.5) * 1e3,
        percentile(&times, 0.99) * 1e3,
        slowest.0 * 1e3,
        slowest.1,
        states as f64 / count,
    );
    Ok(report + &slowest_deals.report("deal, verdict"))
}

/// One deal's result in a benchmark.
struct Record {
    number: u64,
    seconds: f64,
    states: u64,
    /// The solver phase that answered (from 0).
    phase: usize,
    outcome: Outcome<()>,
    length: Option<u32>,
}

/// Replays a solution through the checked rules; its length in single-card moves.
fn check(position: &Position, moves: &[Move], deal: u64) -> Result<u32, Failure> {
    let (length, end) = solution_length(position, moves)
        .map_err(|e| Failure::input(format!("deal {deal}: wrong solution: {e}")))?;
    if !end.is_won() {
        return Err(Failure::input(format!("deal {deal}: the solution does not end with 52 cards home")));
    }
    Ok(length)
}
