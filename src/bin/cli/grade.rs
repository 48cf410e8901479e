//! `deckhand <game> grade | winnable | day | grade-table` (issue 23): a deal's verdict and
//! difficulty, winnable seeds, the deal of the day, and the table of policy wins per tier.

use std::fmt::Write as _;
use std::time::Instant;

use deckhand::games::{read_variant, Game, Variant, Visit};
use deckhand::grade::{deal_of_the_day, grade, Date, Difficulty, Grade, Verdict, Winnable};
use deckhand::limits::quote;

use crate::Failure;

/// The most seeds `winnable --count` prints.
pub const MAX_COUNT: u64 = 10_000;
/// The most seeds `grade-table --range` grades.
pub const MAX_RANGE: u64 = 1_000_000;

/// Options of the four subcommands.
struct Options<'a, G: Game> {
    seed: Option<u64>,
    deck: Option<&'a str>,
    variant: G::Variant,
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

/// A seed the game deals (FreeCell's are Microsoft deal numbers, 1..8589934591).
fn seed<G: Game>(text: &str) -> Result<u64, Failure> {
    let seed = number(text, "a deal number")?;
    match G::seeded(seed, G::Variant::default()) {
        Some(_) => Ok(seed),
        None => Err(Failure::input(format!("deal {seed} is out of range for {}", G::NAME))),
    }
}

fn parse<'a, G: Game>(command: &str, arguments: &[&'a str]) -> Result<Options<'a, G>, Failure> {
    let game = G::KEY;
    let mut options = Options::<G> {
        seed: None,
        deck: None,
        variant: G::Variant::default(),
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
            _ if G::Variant::PARAMETER.is_some_and(|p| argument.strip_prefix("--") == Some(p)) => {
                let text = value(argument)?;
                options.variant = read_variant::<G>(Some(text)).map_err(|_| {
                    Failure::usage(format!("`{argument} {}`: use {}", quote(text), G::Variant::expected()))
                })?;
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
            "--from" => options.from = Some(seed::<G>(value("--from")?)?),
            "--difficulty" => {
                options.difficulty = Some(value("--difficulty")?.parse().map_err(Failure::input)?);
            }
            "--range" => {
                let text = value("--range")?;
                let bad = || Failure::usage(format!("`--range {}`: expected A..B with A <= B", quote(text)));
                let (a, b) = text.split_once("..").ok_or_else(bad)?;
                let (a, b) = (seed::<G>(a)?, seed::<G>(b.trim_start_matches('='))?);
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
            _ if command == "grade" && options.seed.is_none() => options.seed = Some(seed::<G>(argument)?),
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

/// `<game> grade|winnable|day|grade-table ...`; `None` for another subcommand or game.
pub fn run(game: &str, arguments: &[&str]) -> Option<Result<String, Failure>> {
    deckhand::games::visit(game, Command { arguments })?
}

struct Command<'a> {
    arguments: &'a [&'a str],
}

impl Visit for Command<'_> {
    type Output = Option<Result<String, Failure>>;

    fn visit<G: Game>(self) -> Self::Output {
        let (&command, rest) = self.arguments.split_first()?;
        let run = match command {
            "grade" => grade_one::<G>,
            "winnable" => winnable::<G>,
            "day" => day::<G>,
            "grade-table" => table::<G>,
            _ => return None,
        };
        Some(parse::<G>(command, rest).and_then(|options| run(&options)))
    }
}

fn deal_from_file<G: Game>(file: &str, variant: G::Variant) -> Result<G::Deal, Failure> {
    if G::PASTE.is_none() {
        return Err(Failure::usage(format!("{} takes no deal from a file", G::NAME)));
    }
    let text = crate::read_input(file, 4 * G::MAX_PASTE_LEN, "a deal file")?;
    G::deal_from_text(&text, variant)
        .map_err(|e| Failure::input(format!("bad {} deal in `{}`: {e}", G::NAME, quote(file))))
}

fn spec<G: Game>(seed: u64, variant: G::Variant) -> Result<G::Deal, Failure> {
    G::seeded(seed, variant)
        .ok_or_else(|| Failure::input(format!("deal {seed} is out of range for {}", G::NAME)))
}

/// The variant in words for a title (" draw 3"), empty for a game without variants.
fn variant_words<G: Game>(variant: G::Variant) -> String {
    match G::Variant::PARAMETER {
        Some(parameter) => format!(" {parameter} {}", variant.code()),
        None => String::new(),
    }
}

/// A JSON object with its keys in the order given (the contract's order).
fn object(fields: &[(&str, serde_json::Value)]) -> String {
    let fields: Vec<String> = fields.iter().map(|(key, value)| format!("\"{key}\": {value}")).collect();
    format!("{{{}}}", fields.join(", "))
}

/// A grade's JSON fields: result, difficulty, reason, then the game's facts.
fn grade_fields(grade: &Grade) -> Vec<(&str, serde_json::Value)> {
    let mut fields: Vec<(&str, serde_json::Value)> = vec![
        ("result", grade.verdict.word().into()),
        ("difficulty", grade.difficulty.map(|d| d.word()).into()),
        ("reason", grade.reason.clone().into()),
    ];
    if let Some(serde_json::Value::Object(facts)) = &grade.facts {
        fields.extend(facts.iter().map(|(key, value)| (key.as_str(), value.clone())));
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
fn grade_one<G: Game>(options: &Options<G>) -> Result<String, Failure> {
    let game = G::KEY;
    let deal = match (options.seed, options.deck) {
        (Some(seed), None) => spec::<G>(seed, options.variant)?,
        (None, Some(file)) => deal_from_file::<G>(file, options.variant)?,
        (Some(_), Some(_)) => return Err(Failure::usage("give a deal number or `--deck FILE`, not both")),
        (None, None) => {
            return Err(Failure::usage(format!("`{game} grade` needs a deal number or `--deck FILE`")))
        }
    };
    let grade = grade::<G>(&deal);
    Ok(if options.json { format!("{}\n", grade_json(options.seed, &grade)) } else { grade_text(&grade) })
}

/// `<game> winnable --count K [--difficulty D] [--from S] [--draw 1|3] [--json]`
fn winnable<G: Game>(options: &Options<G>) -> Result<String, Failure> {
    let game = G::KEY;
    let count =
        options.count.ok_or_else(|| Failure::usage(format!("`{game} winnable` needs `--count K`")))?;
    let mut from = options.from.unwrap_or(1);
    let mut found = Vec::new();
    for _ in 0..count {
        let (seed, grade) = Winnable::<G>::new(from, options.difficulty, options.variant).run_to_end();
        from = G::next_seed(seed);
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
fn day<G: Game>(options: &Options<G>) -> Result<String, Failure> {
    let game = G::KEY;
    let date =
        options.date.ok_or_else(|| Failure::usage(format!("`{game} day` needs a date, YYYY-MM-DD")))?;
    let (seed, grade) = deal_of_the_day::<G>(options.variant, date);
    if options.json {
        let mut fields = vec![("date", date.to_string().into()), ("deal", seed.into())];
        fields.extend(grade_fields(&grade));
        Ok(format!("{}\n", object(&fields)))
    } else {
        let draw = variant_words::<G>(options.variant);
        let difficulty = grade.difficulty.map_or(String::new(), |d| format!("{d}. "));
        Ok(format!("{date} {game}{draw}: deal {seed}. {difficulty}{}\n", grade.reason))
    }
}

/// `<game> grade-table --range A..B [--draw 1|3] [--facts FILE]`: grades every seed, plays
/// the game's fixed policy on each winnable one, and prints deals and policy wins per tier.
fn table<G: Game>(options: &Options<G>) -> Result<String, Failure> {
    let game = G::KEY;
    let (a, b) =
        options.range.ok_or_else(|| Failure::usage(format!("`{game} grade-table` needs `--range A..B`")))?;
    let started = Instant::now();
    let mut rows = [(0u64, 0u64); 4];
    let (mut unsolvable, mut unknown) = (0, 0);
    let mut facts = String::from("seed\tresult\tdifficulty\tpolicy\tfacts\n");
    for seed in a..=b {
        let deal = spec::<G>(seed, options.variant)?;
        let grade = grade::<G>(&deal);
        let won = match grade.verdict {
            Verdict::Solved => G::policy_wins(&deal).unwrap_or(false),
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
            grade.facts.as_ref().map_or("-".to_string(), |f| serde_json::to_string(f).unwrap_or_default())
        );
    }
    if let Some(file) = options.facts {
        std::fs::write(file, facts)
            .map_err(|e| Failure::input(format!("cannot write `{}`: {e}", quote(file))))?;
    }
    let draw = variant_words::<G>(options.variant);
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
