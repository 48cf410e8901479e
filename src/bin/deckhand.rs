//! Deckhand's command line: deals, solves and benchmarks (see DESIGN.md, "Command-line contract").
//!
//! Exit codes: 0 success, 2 bad usage or input (with a message on stderr naming what is wrong),
//! 1 output that could not be written.
//!
//! Benchmarks and outside tools run this once a deal, and then start-up is most of a typical
//! call (about 1 ms of CPU). On Linux with glibc, Rust's own entry point spends about a tenth
//! of that reading `/proc/self/maps` to guard the main thread's stack, which nothing here
//! needs (the solvers keep their own stacks), so the binary has a plain C `main` there
//! instead. It keeps what the entry point did that matters: the arguments (`std::env::args`
//! gets them from glibc either way) and stdout flushed before exit. SIGPIPE keeps its
//! default: output into a closed pipe ends the process quietly, as for other Unix tools.
//! (The unit tests keep the normal `main`, which the test harness replaces with its own.)
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

use std::io::{Read, Write};

use deckhand::deal::{microsoft_freecell, DealNumber};
use deckhand::games::{freecell::FreeCell, klondike::Klondike, pyramid::Pyramid, Play};
use deckhand::limits::{quote, Thousands};

#[path = "cli/freecell.rs"]
mod freecell_cli;

#[path = "cli/pyramid.rs"]
mod pyramid;

#[path = "cli/twoplayer.rs"]
mod twoplayer;

#[path = "cli/klondike.rs"]
mod klondike;

#[path = "cli/grade.rs"]
mod grade;

#[path = "cli/family.rs"]
mod family;

#[path = "cli/games.rs"]
mod games;

#[path = "cli/slowest.rs"]
mod slowest;

// Each game's subcommands live in their own file under src/bin/cli/, as
// `pub fn run(arguments: &[&str]) -> Result<String, Failure>` (and `bench` for benchmarks).

const USAGE: &str = "usage:
  deckhand freecell deal N      print Microsoft FreeCell deal N (1..8589934591), one cascade a line
  deckhand pyramid solve FILE [--json] [--budget STATES]
                                fewest-steps Pyramid solution of a deck (FILE or - for stdin)
  deckhand pyramid deal N | decks FROM TO
                                print seeded Pyramid deck N, or decks FROM..TO one a line
  deckhand bench pyramid --decks FILE|--seeds A..B [--expect FILE] [--budget STATES]
                                solve decks, replay every solution, check answers, print figures
                                (--range A..B is --seeds A..B)
  deckhand freecell solve N|--board FILE [--json] [--mode fast|short] [--budget STATES]
                                solve a deal or a board (FILE or - for stdin)
  deckhand bench freecell --range A..B [--mode fast|short] [--threads N] [--times FILE]
                                solve deals A..B, check every solution, print figures
  deckhand tictactoe solve | evaluate [POSITION]
                                solve Tic-Tac-Toe; evaluate every move of a position (XO./.X./...)
  deckhand foxhounds solve [--fox SQUARE] [--hounds-first] [--goal hounds-row|past-hounds|hounds-stuck] [--json]
                                solve Fox and Hounds: positions, result, a perfect line
  deckhand foxhounds evaluate CODE [--goal G]
                                evaluate every move of a position given by its link code
  deckhand bench foxhounds [--runs N]
                                time the Fox and Hounds solution (whole and in slices)
  deckhand klondike deal N|--deck FILE [--draw 1|3]
                                print a Klondike layout, its deck in dealing order and its link code
  deckhand klondike solve N|--deck FILE [--draw 1|3] [--passes P] [--json] [--budget STATES]
                                thoughtful Klondike solve (FILE or - for stdin; draw 1 by default)
  deckhand klondike answers --seeds A..B [--draw 1|3]
                                one line per seeded deal: won, lost or unknown
  deckhand bench klondike --draw 1|3 --seeds A..B [--passes P] [--budget STATES] [--answers FILE]
                                solve seeded deals, replay every solution, print figures
  deckhand games                the registered games' keys (GAME), one a line
  deckhand GAME deal N | solve N [--json] [--suits 1|2|4]
                                PySolFC's game N (1..10^20-1): its board text, or a solution
                                (--suits: Spider's, the game's variant option)
  deckhand bench GAME --range A..B [--list] [--suits 1|2|4]
                                solve deals A..B, replay every solution; --list: a verdict a line
                                (--budget STATES for the FreeCell family's games)
  deckhand bench GAME ... --slowest K
                                every bench above: also the K slowest deals with their times
                                (on stderr with --list); klondike takes --range for --seeds
  deckhand GAME grade N|--deck FILE | winnable --count K [--difficulty D]
    [--from S] | day YYYY-MM-DD | grade-table --range A..B [--facts FILE]   [--draw 1|3 | --suits 1|2|4] [--json]
                                difficulty and why; proven-winnable seeds; deal of the day; tiers";

/// A failed command: what to print on stderr, and the exit code.
struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    fn usage(message: impl Into<String>) -> Failure {
        Failure { message: format!("{}\n{USAGE}", message.into()), code: 2 }
    }
    fn input(message: impl std::fmt::Display) -> Failure {
        Failure { message: message.to_string(), code: 2 }
    }
}

/// The value of `--draw`: 1 or 3; anything else is a usage error that quotes it short.
fn parse_draw(text: &str) -> Result<deckhand::games::klondike::Draw, Failure> {
    let draw = text.parse().ok().and_then(deckhand::games::klondike::Draw::from_count);
    draw.ok_or_else(|| Failure::usage(format!("`--draw {}`: use 1 or 3", quote(text))))
}

/// The most bytes read from a file of one deck or one board: four bytes for each character
/// the parser takes ([`deckhand::cards::MAX_PASTE_LEN`],
/// [`deckhand::freecell::setup::MAX_BOARD_TEXT_LEN`]), so any text it takes fits.
const MAX_DECK_FILE: usize = 4 * deckhand::cards::MAX_PASTE_LEN;
const MAX_BOARD_FILE: usize = 4 * deckhand::freecell::setup::MAX_BOARD_TEXT_LEN;
/// The most bytes read from a list file for benchmarks (a deck a line, expected answers):
/// 100,000 decks take about 16 MB.
const MAX_LIST_FILE: usize = 64 << 20;

/// Reads `path` (`-` for standard input) as UTF-8 text of at most `limit` bytes, reading no
/// more than `limit + 1` bytes whatever the input's size. `what` names the input for errors.
fn read_input(path: &str, limit: usize, what: &str) -> Result<String, Failure> {
    let name = if path == "-" { "standard input".to_string() } else { format!("`{}`", quote(path)) };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().lock().take(limit as u64 + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(limit as u64 + 1).read_to_end(&mut bytes))
    };
    read.map_err(|error| Failure::input(format!("cannot read {name}: {error}")))?;
    if bytes.len() > limit {
        let size = std::fs::metadata(path).ok().filter(|_| path != "-").map(|m| m.len());
        let found = match size {
            Some(size) => format!("{} has {} bytes", name, Thousands(size as usize)),
            None => format!("{name} has more"),
        };
        return Err(Failure::input(format!("{what} is at most {} bytes; {found}", Thousands(limit))));
    }
    String::from_utf8(bytes).map_err(|error| {
        Failure::input(format!(
            "{name} is not UTF-8 text (byte {} is not)",
            error.utf8_error().valid_up_to() + 1
        ))
    })
}

/// The C entry point on Linux (see the top of this file): the process's exit status.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[no_mangle]
extern "C" fn main(_argc: std::ffi::c_int, _argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
    std::ffi::c_int::from(command_line())
}

#[cfg(any(test, not(all(target_os = "linux", target_env = "gnu"))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(command_line())
}

/// Runs the command the arguments give, prints its output or its failure, and returns the
/// exit status.
fn command_line() -> u8 {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
    match run(&arguments) {
        Ok(output) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => 0,
                Err(error) => {
                    eprintln!("deckhand: cannot write the output: {error}");
                    1
                }
            }
        }
        Err(failure) => {
            eprintln!("deckhand: {}", failure.message);
            failure.code
        }
    }
}

fn run(arguments: &[&str]) -> Result<String, Failure> {
    match arguments {
        [key, "deal", number] if *key == FreeCell::KEY => freecell_deal(number),
        [key, "deal"] if *key == FreeCell::KEY => Err(Failure::usage("`freecell deal` needs a deal number")),
        // Grades, winnable seeds, the deal of the day, for every registered game
        // (src/bin/cli/grade.rs).
        [game, rest @ ..]
            if rest.first().is_some_and(|command| grade::COMMANDS.contains(command))
                && deckhand::games::keys().contains(game) =>
        {
            grade::run(game, rest).unwrap_or_else(|| Err(Failure::usage("unknown command")))
        }
        // Game subcommands (one arm per game, dispatching to src/bin/cli/<game>.rs).
        [key, rest @ ..] if *key == Pyramid::KEY => pyramid::run(rest),
        ["bench", key, rest @ ..] if *key == Pyramid::KEY => pyramid::bench(rest),
        [key, "solve", rest @ ..] if *key == FreeCell::KEY => freecell_cli::solve(rest),
        ["bench", key, rest @ ..] if *key == FreeCell::KEY => freecell_cli::bench(rest),
        ["tictactoe", rest @ ..] => twoplayer::tictactoe(rest),
        ["foxhounds", rest @ ..] => twoplayer::foxhounds(rest),
        ["bench", "foxhounds", rest @ ..] => twoplayer::bench(rest),
        [key, rest @ ..] if *key == Klondike::KEY => klondike::run(rest),
        ["bench", key, rest @ ..] if *key == Klondike::KEY => klondike::bench(rest),
        // FreeCell's family (src/bin/cli/family.rs).
        [key, rest @ ..] if family::KEYS.contains(key) => {
            family::run(family::variant(key).expect("a family key"), rest)
        }
        ["bench", key, rest @ ..] if family::KEYS.contains(key) => {
            family::bench(family::variant(key).expect("a family key"), rest)
        }
        // Every other registered game (src/bin/cli/games.rs).
        ["games"] => Ok(games::list()),
        ["bench", key, rest @ ..] if deckhand::games::keys().contains(key) => {
            games::bench(key, rest).expect("a registered key")
        }
        [key, rest @ ..] if deckhand::games::keys().contains(key) => {
            games::run(key, rest).expect("a registered key")
        }
        ["--help" | "-h" | "help"] => Ok(format!("{USAGE}\n")),
        [] => Err(Failure::usage("no command given")),
        _ => Err(Failure::usage(format!("unknown command `{}`", quote(&arguments.join(" "))))),
    }
}

fn freecell_deal(number: &str) -> Result<String, Failure> {
    let deal: DealNumber = number.parse().map_err(Failure::input)?;
    let mut output = String::new();
    for cascade in microsoft_freecell(deal) {
        let cards: Vec<String> = cascade.iter().map(ToString::to_string).collect();
        output.push_str(&cards.join(" "));
        output.push('\n');
    }
    Ok(output)
}
