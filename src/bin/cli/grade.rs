//! `deckhand <game> grade | winnable | day | grade-table` (issue 23): a deal's verdict and
//! difficulty, winnable seeds, the deal of the day, and the table of policy wins per tier.

use std::fmt::Write as _;
use std::time::Instant;

use deckhand::deal::DealNumber;
use deckhand::games::{freecell, klondike, pyramid};
use deckhand::grade::{
    deal_of_the_day, grade, policy, Date, DealSpec, Difficulty, Facts, GameKind, Grade, Grader, Verdict,
    Winnable,
};
use deckhand::limits::quote;

use crate::Failure;

/// The most seeds `winnable --count` prints.
pub const MAX_COUNT: u64 = 10_000;
/// The most seeds `grade-table --range` grades.
pub const MAX_RANGE: u64 = 1_000_000;

/// Options of the four subcommands.
struct Options<'a> {
    seed: Option<u64>,
    deck: Option<&'a str>,
    draw: Option<klondike::Draw>,
    json: bool,
    count: Option<u64>,
    from: Option<u64>,
    difficulty: Option<Difficulty>,
    date: Option<Date>,
    range: Option<(u64, u64)>,
    facts: Option<&'a str>,
}

fn number(text: &str, what: &str) -> Result<u64, Failure> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::input(format!("`{}` is not {what} (expected a whole number)", quote(text))));
    }
    text.parse().map_err(|_| Failure::input(format!("`{}` is too large for {what}", quote(text))))
}

/// A seed for `game`: FreeCell's are Microsoft deal numbers.
fn seed(game: GameKind, text: &str) -> Result<u64, Failure> {
    match game {
        GameKind::FreeCell => text.parse::<DealNumber>().map(DealNumber::get).map_err(Failure::input),
        _ => number(text, "a deal number"),
    }
}

fn parse<'a>(game: GameKind, command: &str, arguments: &[&'a str]) -> Result<Options<'a>, Failure> {
    let mut options = Options {
        seed: None,
        deck: None,
        draw: None,
        json: false,
        count: None,
        from: None,
        difficulty: None,
        date: None,
        range: None,
        facts: None,
    };
    let mut rest = arguments.iter();
    while let Some(&argument) = rest.next() {
        let mut value = |name: &str| {
            rest.next().copied().ok_or_else(|| Failure::usage(format!("`{name}` needs a value")))
        };
        match argument {
            "--json" => options.json = true,
            "--draw" if game == GameKind::Klondike => {
                options.draw = Some(crate::parse_draw(value("--draw")?)?);
            }
            "--deck" | "--board" => options.deck = Some(value(argument)?),
            "--count" => {
                let count = number(value("--count")?, "a count")?;
                if !(1..=MAX_COUNT).contains(&count) {
                    return Err(Failure::input(format!(
                        "`--count` takes 1 to {MAX_COUNT} seeds, not {count}"
                    )));
                }
                options.count = Some(count);
            }
            "--from" => options.from = Some(seed(game, value("--from")?)?),
            "--difficulty" => {
                options.difficulty = Some(value("--difficulty")?.parse().map_err(Failure::input)?);
            }
            "--range" => {
                let text = value("--range")?;
                let bad = || Failure::usage(format!("`--range {}`: expected A..B with A <= B", quote(text)));
                let (a, b) = text.split_once("..").ok_or_else(bad)?;
                let (a, b) = (seed(game, a)?, seed(game, b.trim_start_matches('='))?);
                if a > b {
                    return Err(bad());
                }
                if b - a >= MAX_RANGE {
                    return Err(Failure::input(format!("`--range` covers at most {MAX_RANGE} seeds")));
                }
                options.range = Some((a, b));
            }
            "--facts" => options.facts = Some(value("--facts")?),
            _ if argument.starts_with("--") => {
                return Err(Failure::usage(format!(
                    "unknown option `{}` for `{game} {command}`",
                    quote(argument)
                )))
            }
            _ if command == "day" && options.date.is_none() => {
                options.date = Some(argument.parse().map_err(Failure::input)?);
            }
            _ if command == "grade" && options.seed.is_none() => options.seed = Some(seed(game, argument)?),
            _ => {
                return Err(Failure::usage(format!(
                    "unexpected argument `{}` for `{game} {command}`",
                    quote(argument)
                )))
            }
        }
    }
    Ok(options)
}

/// The subcommands this file answers.
pub const COMMANDS: [&str; 4] = ["grade", "winnable", "day", "grade-table"];

/// `<game> grade|winnable|day|grade-table ...`; `None` for another subcommand.
pub fn run(game: GameKind, arguments: &[&str]) -> Option<Result<String, Failure>> {
    let (&command, rest) = arguments.split_first()?;
    let run = match command {
        "grade" => grade_one,
        "winnable" => winnable,
        "day" => day,
        "grade-table" => table,
        _ => return None,
    };
    Some(parse(game, command, rest).and_then(|options| run(game, &options)))
}

fn deal_from_file(game: GameKind, file: &str, draw: Option<klondike::Draw>) -> Result<DealSpec, Failure> {
    Ok(match game {
        GameKind::FreeCell => {
            let text = crate::read_input(file, crate::MAX_BOARD_FILE, "a board file")?;
            let position = text
                .parse::<freecell::Position>()
                .map_err(|e| Failure::input(format!("bad board in `{}`: {e}", quote(file))))?;
            DealSpec::FreeCell(position)
        }
        GameKind::Pyramid => {
            let text = crate::read_input(file, crate::MAX_DECK_FILE, "a deck file")?;
            let deck =
                pyramid::parse_deck(&text).map_err(|e| Failure::input(format!("bad Pyramid deck: {e}")))?;
            DealSpec::Pyramid(deck)
        }
        GameKind::Klondike => {
            let text = crate::read_input(file, crate::MAX_DECK_FILE, "a deck file")?;
            let deck = klondike::parse_deck(&text)
                .map_err(|e| Failure::input(format!("`{}` is not a Klondike deck: {e}", quote(file))))?;
            DealSpec::Klondike(deck, draw.unwrap_or(klondike::Draw::One))
        }
    })
}

fn spec(game: GameKind, seed: u64, draw: Option<klondike::Draw>) -> Result<DealSpec, Failure> {
    DealSpec::seed(game, seed, draw).map_err(Failure::input)
}

/// A JSON object with its keys in the order given (the contract's order).
fn object(fields: &[(&str, serde_json::Value)]) -> String {
    let fields: Vec<String> = fields.iter().map(|(key, value)| format!("\"{key}\": {value}")).collect();
    format!("{{{}}}", fields.join(", "))
}

/// A grade's JSON fields: result, difficulty, reason, then the game's facts.
fn grade_fields(grade: &Grade) -> Vec<(&'static str, serde_json::Value)> {
    let mut fields: Vec<(&str, serde_json::Value)> = vec![
        ("result", grade.verdict.word().into()),
        ("difficulty", grade.difficulty.map(|d| d.word()).into()),
        ("reason", grade.reason.clone().into()),
    ];
    match grade.facts {
        Some(Facts::FreeCell { cells, cells_proven, length }) => {
            fields.extend([
                ("cells", cells.into()),
                ("cells_proven", cells_proven.into()),
                ("length", length.into()),
            ]);
        }
        Some(Facts::Pyramid { steps, recycles }) => {
            fields.extend([("steps", steps.into()), ("recycles", recycles.into())]);
        }
        Some(Facts::Klondike { draw, draw_three_wins, passes, passes_proven, moves, empties }) => {
            fields.extend([
                ("draw", draw.into()),
                ("draw_three_wins", draw_three_wins.into()),
                ("passes", passes.into()),
                ("passes_proven", passes_proven.into()),
                ("moves", moves.into()),
                ("empties", empties.into()),
            ]);
        }
        None => {}
    }
    fields
}

/// `{"deal": N, "result": …, "difficulty": …, "reason": …, facts…}`.
fn grade_json(deal: Option<u64>, grade: &Grade) -> String {
    let mut fields = vec![("deal", deal.into())];
    fields.extend(grade_fields(grade));
    object(&fields)
}

fn grade_text(grade: &Grade) -> String {
    match grade.difficulty {
        Some(difficulty) => format!("{}: {difficulty}. {}\n", grade.verdict.word(), grade.reason),
        None => format!("{}: {}\n", grade.verdict.word(), grade.reason),
    }
}

/// `<game> grade N | --deck FILE [--json] [--draw 1|3]`
fn grade_one(game: GameKind, options: &Options) -> Result<String, Failure> {
    let deal = match (options.seed, options.deck) {
        (Some(seed), None) => spec(game, seed, options.draw)?,
        (None, Some(file)) => deal_from_file(game, file, options.draw)?,
        (Some(_), Some(_)) => return Err(Failure::usage("give a deal number or `--deck FILE`, not both")),
        (None, None) => {
            return Err(Failure::usage(format!("`{game} grade` needs a deal number or `--deck FILE`")))
        }
    };
    let grade = grade(&deal);
    Ok(if options.json { format!("{}\n", grade_json(options.seed, &grade)) } else { grade_text(&grade) })
}

/// `<game> winnable --count K [--difficulty D] [--from S] [--draw 1|3] [--json]`
fn winnable(game: GameKind, options: &Options) -> Result<String, Failure> {
    let count =
        options.count.ok_or_else(|| Failure::usage(format!("`{game} winnable` needs `--count K`")))?;
    let mut from = options.from.unwrap_or(1);
    let mut found = Vec::new();
    for _ in 0..count {
        let (seed, grade) = Winnable::new(game, from, options.difficulty, options.draw).run_to_end();
        from = game.next_seed(seed);
        found.push((seed, grade));
    }
    if options.json {
        let seeds: Vec<String> = found.iter().map(|(seed, grade)| grade_json(Some(*seed), grade)).collect();
        Ok(format!("[{}]\n", seeds.join(", ")))
    } else {
        Ok(found.iter().map(|(seed, _)| format!("{seed}\n")).collect())
    }
}

/// `<game> day YYYY-MM-DD [--draw 1|3] [--json]`
fn day(game: GameKind, options: &Options) -> Result<String, Failure> {
    let date =
        options.date.ok_or_else(|| Failure::usage(format!("`{game} day` needs a date, YYYY-MM-DD")))?;
    let draw = options.draw.unwrap_or(klondike::Draw::One);
    let (seed, grade) = deal_of_the_day(game, draw, date);
    if options.json {
        let mut fields = vec![("date", date.to_string().into()), ("deal", seed.into())];
        fields.extend(grade_fields(&grade));
        Ok(format!("{}\n", object(&fields)))
    } else {
        let draw = if game == GameKind::Klondike { format!(" draw {}", draw.count()) } else { String::new() };
        let difficulty = grade.difficulty.map_or(String::new(), |d| format!("{d}. "));
        Ok(format!("{date} {game}{draw}: deal {seed}. {difficulty}{}\n", grade.reason))
    }
}

/// `<game> grade-table --range A..B [--draw 1|3] [--facts FILE]`: grades every seed, plays
/// the game's fixed policy on each winnable one, and prints deals and policy wins per tier.
fn table(game: GameKind, options: &Options) -> Result<String, Failure> {
    let (a, b) =
        options.range.ok_or_else(|| Failure::usage(format!("`{game} grade-table` needs `--range A..B`")))?;
    let draw = options.draw.unwrap_or(klondike::Draw::One);
    let started = Instant::now();
    let mut rows = [(0u64, 0u64); 4];
    let (mut unsolvable, mut unknown) = (0, 0);
    let mut facts = String::from("seed\tresult\tdifficulty\tpolicy\tfacts\n");
    for seed in a..=b {
        let deal = spec(game, seed, Some(draw))?;
        let grade = Grader::new(deal.clone()).run_to_end();
        let won = match grade.verdict {
            Verdict::Solved => match &deal {
                DealSpec::FreeCell(position) => policy::play_freecell(position),
                DealSpec::Pyramid(deck) => policy::play_pyramid(deck),
                DealSpec::Klondike(deck, draw) => policy::play_klondike(deck, klondike::Rules::new(*draw)),
            },
            Verdict::Unsolvable => {
                unsolvable += 1;
                false
            }
            Verdict::Unknown => {
                unknown += 1;
                false
            }
        };
        if let Some(difficulty) = grade.difficulty {
            let row = &mut rows[difficulty as usize];
            row.0 += 1;
            row.1 += u64::from(won);
        }
        let _ = writeln!(
            facts,
            "{seed}\t{}\t{}\t{}\t{}",
            grade.verdict.word(),
            grade.difficulty.map_or("-", |d| d.word()),
            if won { "won" } else { "lost" },
            grade.facts.map_or("-".to_string(), |f| serde_json::to_string(&f).unwrap_or_default())
        );
    }
    if let Some(file) = options.facts {
        std::fs::write(file, facts)
            .map_err(|e| Failure::input(format!("cannot write `{}`: {e}", quote(file))))?;
    }
    let draw = if game == GameKind::Klondike { format!(" draw {}", draw.count()) } else { String::new() };
    let winnable: u64 = rows.iter().map(|r| r.0).sum();
    let mut out = format!(
        "{game}{draw} seeds {a}..{b}: {winnable} winnable, {unsolvable} unsolvable, {unknown} unknown ({:.1} s)\n",
        started.elapsed().as_secs_f64()
    );
    out.push_str("| tier | deals | policy wins | win rate |\n|---|---|---|---|\n");
    for (difficulty, (deals, wins)) in Difficulty::ALL.iter().zip(rows) {
        let rate =
            if deals == 0 { "-".to_string() } else { format!("{:.1}%", 100.0 * wins as f64 / deals as f64) };
        let _ = writeln!(out, "| {difficulty} | {deals} | {wins} | {rate} |");
    }
    let wins: u64 = rows.iter().map(|r| r.1).sum();
    let _ =
        writeln!(out, "| all | {winnable} | {wins} | {:.1}% |", 100.0 * wins as f64 / winnable.max(1) as f64);
    Ok(out)
}
