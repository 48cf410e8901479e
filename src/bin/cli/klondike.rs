//! `deckhand klondike ...` and `deckhand bench klondike` (issue 6, DESIGN.md "Command-line
//! contract").

use std::fmt::Write as _;
use std::time::Instant;

use deckhand::deal::seeded_deck;
use deckhand::games::klondike::{deck_code, format_deck, parse_deck, Draw, Move, Position, Rules, Solver};
use deckhand::search::{run_to_end, Outcome};
use deckhand::Deck;

use crate::slowest::Slowest;
use crate::Failure;

/// Options shared by the subcommands.
struct Options<'a> {
    seed: Option<u64>,
    deck_file: Option<&'a str>,
    seeds: Option<(u64, u64)>,
    rules: Rules,
    json: bool,
    budget: u64,
    answers: Option<&'a str>,
    /// `--slowest K` (benchmarks): how many of the slowest deals to list.
    slowest: usize,
}

fn parse_seed(text: &str) -> Result<u64, Failure> {
    text.parse().map_err(|_| Failure::input(format!("`{text}` is not a deal number (0..2^64-1)")))
}

fn parse_range(text: &str) -> Result<(u64, u64), Failure> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| Failure::usage(format!("`{text}` is not a seed range like 1..1000")))?;
    let (a, b) = (parse_seed(a)?, parse_seed(b.trim_start_matches('='))?);
    if a > b {
        return Err(Failure::input(format!("the seed range {text} is empty")));
    }
    Ok((a, b))
}

fn parse_options<'a>(arguments: &[&'a str]) -> Result<Options<'a>, Failure> {
    let mut options = Options {
        seed: None,
        deck_file: None,
        seeds: None,
        rules: Rules::new(Draw::One),
        json: false,
        budget: deckhand::games::klondike::DEFAULT_BUDGET,
        answers: None,
        slowest: 0,
    };
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        let mut value = |name: &str| {
            rest.next().copied().ok_or_else(|| Failure::usage(format!("`{name}` needs a value")))
        };
        match argument {
            "--json" => options.json = true,
            "--draw" => {
                options.rules.draw = crate::parse_draw(value("--draw")?)?;
            }
            "--passes" => {
                let text = value("--passes")?;
                let passes: u8 = text
                    .parse()
                    .ok()
                    .filter(|&p| p > 0)
                    .ok_or_else(|| Failure::usage(format!("`--passes {text}`: use a number 1..255")))?;
                options.rules = options.rules.with_pass_limit(passes);
            }
            "--budget" => {
                let text = value("--budget")?;
                options.budget = text
                    .parse()
                    .map_err(|_| Failure::usage(format!("`--budget {text}` is not a number of states")))?;
            }
            "--deck" => options.deck_file = Some(value("--deck")?),
            // `--range` as every other bench names it.
            "--seeds" | "--range" => options.seeds = Some(parse_range(value(argument)?)?),
            "--slowest" => options.slowest = crate::slowest::parse(Some(&value("--slowest")?))?,
            "--answers" => options.answers = Some(value("--answers")?),
            _ if argument.starts_with("--") => {
                return Err(Failure::usage(format!("unknown option `{argument}`")));
            }
            _ if options.seed.is_none() => options.seed = Some(parse_seed(argument)?),
            _ => return Err(Failure::usage(format!("unexpected argument `{argument}`"))),
        }
    }
    Ok(options)
}

fn read_deck(file: &str) -> Result<Deck, Failure> {
    let text = crate::read_input(file, crate::MAX_DECK_FILE, "a deck file")?;
    parse_deck(&text).map_err(|e| Failure::input(format!("`{file}` is not a Klondike deck: {e}")))
}

fn the_deck(options: &Options) -> Result<Deck, Failure> {
    match (options.seed, options.deck_file) {
        (Some(seed), None) => Ok(seeded_deck(seed)),
        (None, Some(file)) => read_deck(file),
        (Some(_), Some(_)) => Err(Failure::usage("give a deal number or `--deck FILE`, not both")),
        (None, None) => Err(Failure::usage("give a deal number or `--deck FILE`")),
    }
}

/// `klondike deal N | --deck FILE`, `klondike solve ...`, `klondike answers --seeds A..B`.
pub fn run(arguments: &[&str]) -> Result<String, Failure> {
    match arguments {
        ["deal", rest @ ..] => {
            let options = parse_options(rest)?;
            let deck = the_deck(&options)?;
            let position = Position::new(&deck, options.rules);
            Ok(format!("{position}deck (dealing order):\n{}code: {}\n", format_deck(&deck), deck_code(&deck)))
        }
        ["solve", rest @ ..] => solve(&parse_options(rest)?),
        ["answers", rest @ ..] => answers(&parse_options(rest)?),
        _ => Err(Failure::usage("use `klondike deal`, `klondike solve` or `klondike answers`")),
    }
}

fn pile_json(mv: Move, position: &Position) -> String {
    let foundation = |card: Option<deckhand::Card>| card.map_or(0, |c| c.suit().index() + 1);
    let (from, to, cards) = match mv {
        Move::Draw => return "\"draw\"".to_string(),
        Move::Recycle => return "\"recycle\"".to_string(),
        Move::WasteToTableau { to } => ("waste".to_string(), format!("t{}", to + 1), 1),
        Move::WasteToFoundation => ("waste".to_string(), format!("f{}", foundation(position.waste_top())), 1),
        Move::TableauToFoundation { from } => {
            (format!("t{}", from + 1), format!("f{}", foundation(position.top(from as usize))), 1)
        }
        Move::TableauToTableau { from, to, count } => {
            (format!("t{}", from + 1), format!("t{}", to + 1), count)
        }
        Move::FoundationToTableau { suit, to } => {
            (format!("f{}", suit.index() + 1), format!("t{}", to + 1), 1)
        }
    };
    format!("{{\"from\": \"{from}\", \"to\": \"{to}\", \"cards\": {cards}}}")
}

/// Replays `moves` from `start` through the checked rules; the final position must be won.
fn replay(start: &Position, moves: &[Move]) -> Result<Position, String> {
    let mut position = *start;
    for (i, &mv) in moves.iter().enumerate() {
        position =
            position.play(mv).map_err(|e| format!("move {} ({mv}) is illegal: {}", i + 1, e.reason))?;
    }
    if position.is_won() {
        Ok(position)
    } else {
        Err("the moves do not win".to_string())
    }
}

fn solve(options: &Options) -> Result<String, Failure> {
    let deck = the_deck(options)?;
    let start = Position::new(&deck, options.rules);
    let outcome = run_to_end(&mut Solver::with_budget(&start, options.budget), 1 << 16);
    let (result, moves) = match &outcome {
        Outcome::Solved(moves) => ("solved", moves.as_slice()),
        Outcome::Unsolvable => ("unsolvable", &[][..]),
        Outcome::Unknown(_) => ("unknown", &[][..]),
    };
    if let Outcome::Solved(moves) = &outcome {
        replay(&start, moves)
            .map_err(|e| Failure::input(format!("internal error: solution rejected: {e}")))?;
    }
    // One string, written in place and sized up front: on an easy deal, allocating a string
    // for each move cost about a fifth of the whole process (docs/BENCHMARKS.md, Klondike).
    let mut out = String::with_capacity(64 + 64 * moves.len());
    let mut position = start;
    if options.json {
        let _ = write!(out, "{{\"result\": \"{result}\", \"moves\": [");
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&pile_json(mv, &position));
            position.apply(mv);
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
    seed: u64,
    result: &'static str,
    seconds: f64,
}

fn solve_seed(seed: u64, rules: Rules, budget: u64) -> Result<Answer, Failure> {
    let start = Position::new(&seeded_deck(seed), rules);
    let clock = Instant::now();
    let outcome = run_to_end(&mut Solver::with_budget(&start, budget), 1 << 16);
    let seconds = clock.elapsed().as_secs_f64();
    let result = match outcome {
        Outcome::Solved(moves) => {
            replay(&start, &moves)
                .map_err(|e| Failure::input(format!("deal {seed}: solution rejected: {e}")))?;
            "won"
        }
        Outcome::Unsolvable => "lost",
        Outcome::Unknown(_) => "unknown",
    };
    Ok(Answer { seed, result, seconds })
}

fn answers(options: &Options) -> Result<String, Failure> {
    let (a, b) = options.seeds.ok_or_else(|| Failure::usage("`klondike answers` needs `--seeds A..B`"))?;
    let mut out =
        format!("# deckhand klondike answers --draw {} --seeds {a}..{b}\n", options.rules.draw.count());
    for seed in a..=b {
        let answer = solve_seed(seed, options.rules, options.budget)?;
        out.push_str(&format!("{} {}\n", answer.seed, answer.result));
    }
    Ok(out)
}

/// Wilson score interval for `k` successes in `n` trials at 95%.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

/// `bench klondike --draw 1|3 --seeds A..B [--budget STATES] [--passes P] [--answers FILE]
/// [--slowest K]`
pub fn bench(arguments: &[&str]) -> Result<String, Failure> {
    let options = parse_options(arguments)?;
    let (a, b) = options.seeds.ok_or_else(|| Failure::usage("`bench klondike` needs `--seeds A..B`"))?;
    let mut answers = Vec::new();
    for seed in a..=b {
        answers.push(solve_seed(seed, options.rules, options.budget)?);
    }
    if let Some(file) = options.answers {
        let mut text = format!(
            "# deckhand bench klondike --draw {} --seeds {a}..{b} --budget {}: seed answer\n",
            options.rules.draw.count(),
            options.budget
        );
        for answer in &answers {
            text.push_str(&format!("{} {}\n", answer.seed, answer.result));
        }
        std::fs::write(file, text).map_err(|e| Failure::input(format!("cannot write `{file}`: {e}")))?;
    }
    let count = |result: &str| answers.iter().filter(|a| a.result == result).count();
    let (won, lost, unknown) = (count("won"), count("lost"), count("unknown"));
    let mut times: Vec<f64> = answers.iter().map(|a| a.seconds * 1000.0).collect();
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let pick = |q: f64| times[((q * n as f64).ceil() as usize).clamp(1, n) - 1];
    let mean = times.iter().sum::<f64>() / n as f64;
    let slow = answers.iter().filter(|a| a.seconds > 2.0).count();
    let decided_fast = answers.iter().filter(|a| a.result != "unknown" && a.seconds <= 2.0).count();
    let (low, high) = wilson(won, won + lost);
    let mut out = String::new();
    out.push_str(&format!(
        "klondike draw {} passes {} seeds {a}..{b}: {n} deals\n",
        options.rules.draw.count(),
        options.rules.pass_limit.map_or("unlimited".to_string(), |p| p.to_string())
    ));
    out.push_str(&format!(
        "decided {} ({:.1}%), within 2 s {decided_fast} ({:.1}%), over 2 s {slow}\n",
        won + lost,
        100.0 * (won + lost) as f64 / n as f64,
        100.0 * decided_fast as f64 / n as f64
    ));
    out.push_str(&format!("won {won} lost {lost} unknown {unknown} (every solution replayed to a win)\n"));
    out.push_str(&format!(
        "winnable {:.1}% of decided, 95% CI {:.1}%..{:.1}% (Wilson); {:.1}%..{:.1}% counting unknowns either way\n",
        100.0 * won as f64 / (won + lost).max(1) as f64,
        100.0 * low,
        100.0 * high,
        100.0 * won as f64 / n as f64,
        100.0 * (won + unknown) as f64 / n as f64
    ));
    out.push_str(&format!(
        "time ms: median {:.1} mean {:.1} p99 {:.1} max {:.1}\n",
        pick(0.5),
        mean,
        pick(0.99),
        times[n - 1]
    ));
    // The deals over 1 s, slowest first: the ones that "within 2 s" depends on.
    let mut slowest: Vec<&Answer> = answers.iter().filter(|a| a.seconds > 1.0).collect();
    slowest.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    if !slowest.is_empty() {
        let listed: Vec<String> =
            slowest.iter().map(|a| format!("{} {} {:.0}", a.seed, a.result, a.seconds * 1000.0)).collect();
        out.push_str(&format!("over 1 s (seed answer ms): {}\n", listed.join(", ")));
    }
    let mut slowest_seeds = Slowest::new(options.slowest);
    for answer in &answers {
        slowest_seeds.offer(answer.seconds, format!("{} {}", answer.seed, answer.result));
    }
    out.push_str(&slowest_seeds.report("seed, answer"));
    Ok(out)
}
