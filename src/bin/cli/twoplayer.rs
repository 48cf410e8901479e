//! `deckhand tictactoe …`, `deckhand foxhounds …` and `deckhand bench foxhounds`: solve the
//! two-player games, evaluate a position's moves, time the full Fox and Hounds solution.

use std::time::Instant;

use deckhand::games::foxhounds::{self, FoxAndHounds, FoxGoal, Position as FoxPosition, Side, Square};
use deckhand::games::tictactoe::{self, Position as TicTacToePosition};
use deckhand::search::retrograde::{Retrograde, Solution};
use deckhand::search::twoplayer::Evaluation;
use deckhand::search::{Outcome, Search};

use crate::Failure;

/// `tictactoe solve | evaluate [POSITION]`
pub fn tictactoe(arguments: &[&str]) -> Result<String, Failure> {
    let solution = tictactoe::solve().map_err(|reason| Failure::input(format!("{reason:?}")))?;
    match arguments {
        ["solve"] => {
            let counts = solution.counts();
            let start = describe(solution.evaluate(&TicTacToePosition::new()));
            Ok(format!(
                "positions: {} (side to move wins {}, draws {}, loses {})\nempty board: {start}\n",
                solution.len(),
                counts.wins,
                counts.draws,
                counts.losses
            ))
        }
        ["evaluate", rest @ ..] => {
            let position = match rest {
                [] => TicTacToePosition::new(),
                [text] => text.parse().map_err(Failure::input)?,
                _ => return Err(Failure::usage("`tictactoe evaluate` takes one position, like XO./.X./...")),
            };
            let mut output = format!(
                "{position}  code {}  {} to move: {}\n",
                position.to_code(),
                position.to_move(),
                describe(solution.evaluate(&position))
            );
            for (mv, evaluation) in solution.evaluate_moves(&position).unwrap_or_default() {
                output.push_str(&format!("{}  {mv}: {evaluation}\n", mv.square));
            }
            Ok(output)
        }
        _ => Err(Failure::usage(format!("unknown command `tictactoe {}`", arguments.join(" ")))),
    }
}

fn describe(evaluation: Option<Evaluation>) -> String {
    evaluation.map_or_else(|| "not reachable from the start".to_string(), |e| e.to_string())
}

/// Options shared by the Fox and Hounds commands.
struct FoxOptions {
    game: FoxAndHounds,
    start: FoxPosition,
    json: bool,
    runs: usize,
    rest: Vec<String>,
}

fn fox_options(arguments: &[&str]) -> Result<FoxOptions, Failure> {
    let mut options = FoxOptions {
        game: FoxAndHounds::default(),
        start: FoxPosition::start(),
        json: false,
        runs: 5,
        rest: Vec::new(),
    };
    let (mut fox, mut first) = (options.start.fox(), Side::Fox);
    let mut iter = arguments.iter();
    while let Some(&argument) = iter.next() {
        let mut value = |name: &str| {
            iter.next().copied().ok_or_else(|| Failure::usage(format!("`{name}` needs a value")))
        };
        match argument {
            "--json" => options.json = true,
            "--hounds-first" => first = Side::Hounds,
            "--fox" => fox = value("--fox")?.parse::<Square>().map_err(Failure::input)?,
            "--goal" => {
                options.game.goal = match value("--goal")? {
                    "hounds-row" => FoxGoal::HoundsRow,
                    "past-hounds" => FoxGoal::PastHounds,
                    "hounds-stuck" => FoxGoal::HoundsStuck,
                    other => {
                        return Err(Failure::usage(format!(
                            "unknown goal `{other}`: use hounds-row, past-hounds or hounds-stuck"
                        )))
                    }
                }
            }
            "--runs" => {
                let text = value("--runs")?;
                options.runs =
                    text.parse().ok().filter(|&runs| runs > 0).ok_or_else(|| {
                        Failure::input(format!("`{text}` is not a number of runs (1 or more)"))
                    })?;
            }
            other if other.starts_with("--") => {
                return Err(Failure::usage(format!("unknown option `{other}`")))
            }
            other => options.rest.push(other.to_string()),
        }
    }
    options.start = FoxPosition::start_with(fox, first);
    Ok(options)
}

fn goal_name(goal: FoxGoal) -> &'static str {
    match goal {
        FoxGoal::HoundsRow => "hounds-row",
        FoxGoal::PastHounds => "past-hounds",
        FoxGoal::HoundsStuck => "hounds-stuck",
    }
}

fn solve_fox(options: &FoxOptions) -> Result<Solution<FoxAndHounds>, Failure> {
    foxhounds::solve(options.game, options.start).map_err(|reason| Failure::input(format!("{reason:?}")))
}

/// The winner and plies from the start, from the side to move's evaluation.
fn fox_result(start: &FoxPosition, evaluation: Option<Evaluation>) -> (&'static str, Option<u32>) {
    match evaluation {
        Some(Evaluation::Win { plies }) => (side_name(start.to_move()), Some(plies)),
        Some(Evaluation::Loss { plies }) => (side_name(start.to_move().opponent()), Some(plies)),
        Some(Evaluation::Draw) | None => ("draw", None),
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Fox => "fox",
        Side::Hounds => "hounds",
    }
}

/// `foxhounds solve [--fox SQUARE] [--hounds-first] [--goal G] [--json]`,
/// `foxhounds evaluate [CODE] [--fox SQUARE] [--hounds-first] [--goal G]` (the start when no code)
pub fn foxhounds(arguments: &[&str]) -> Result<String, Failure> {
    let (command, rest) =
        arguments.split_first().ok_or_else(|| Failure::usage("`foxhounds` needs a command"))?;
    let options = fox_options(rest)?;
    match (*command, options.rest.as_slice()) {
        ("solve", []) => {
            let solution = solve_fox(&options)?;
            let (winner, plies) = fox_result(&options.start, solution.evaluate(&options.start));
            let counts = solution.counts();
            let line: Vec<String> =
                solution.principal_line(&options.start, 200).iter().map(|mv| mv.notation()).collect();
            if options.json {
                let value = serde_json::json!({
                    "fox": options.start.fox().to_string(),
                    "first": side_name(options.start.to_move()),
                    "goal": goal_name(options.game.goal),
                    "positions": solution.len(),
                    "winner": winner,
                    "plies": plies,
                    "line": line,
                });
                return Ok(format!("{value}\n"));
            }
            Ok(format!(
                "start: fox {}, {} first; fox goal {}\nreachable positions: {} (side to move wins {}, draws {}, loses {})\nperfect play: {winner} win{}\nline: {}\n",
                options.start.fox(),
                side_name(options.start.to_move()),
                goal_name(options.game.goal),
                solution.len(),
                counts.wins,
                counts.draws,
                counts.losses,
                plies.map(|p| format!(" in {p} plies")).unwrap_or_default(),
                line.join(" ")
            ))
        }
        ("evaluate", rest) if rest.len() <= 1 => {
            let position = match rest.first() {
                Some(code) => FoxPosition::from_code(code).map_err(Failure::input)?,
                None => options.start,
            };
            let solution =
                foxhounds::solve(options.game, position).map_err(|r| Failure::input(format!("{r:?}")))?;
            let mut output = format!(
                "{position}\ncode {}: {}\n",
                position.to_code(),
                describe(solution.evaluate(&position))
            );
            for (mv, evaluation) in solution.evaluate_moves(&position).unwrap_or_default() {
                output.push_str(&format!("{}  {mv}: {evaluation}\n", mv.notation()));
            }
            Ok(output)
        }
        _ => Err(Failure::usage(format!("unknown command `foxhounds {}`", arguments.join(" ")))),
    }
}

/// The answers the benchmark checks before it reports a time: reachable positions and the
/// start's value under Deckhand's rules (fox on d8, fox first, fox heading for rank 1).
const EXPECTED_POSITIONS: usize = 895_280;
const EXPECTED_START: Evaluation = Evaluation::Loss { plies: 44 };

/// `bench foxhounds [--runs N] [--slice WORK]`: the full solution, timed in one go and in
/// worker-sized slices, each answer checked.
pub fn bench(arguments: &[&str]) -> Result<String, Failure> {
    let options = fox_options(arguments)?;
    let slice = match options.rest.as_slice() {
        [] => 50_000,
        _ => return Err(Failure::usage("`bench foxhounds` takes only --runs N")),
    };
    let start = FoxPosition::start();
    let game = FoxAndHounds::default();
    let mut whole = Vec::new();
    let mut sliced = Vec::new();
    let mut slices = 0;
    for _ in 0..options.runs {
        let clock = Instant::now();
        let solution = foxhounds::solve(game, start).map_err(|r| Failure::input(format!("{r:?}")))?;
        whole.push(clock.elapsed().as_secs_f64() * 1000.0);
        check(&solution, &start)?;

        let clock = Instant::now();
        let mut solver = Retrograde::new(game, [start]);
        slices = 0;
        let solution = loop {
            slices += 1;
            match solver.step(slice) {
                None => continue,
                Some(Outcome::Solved(solution)) => break solution,
                Some(other) => {
                    return Err(Failure::input(format!("the sliced solve stopped: {:?}", other.map(|_| ()))))
                }
            }
        };
        sliced.push(clock.elapsed().as_secs_f64() * 1000.0);
        check(&solution, &start)?;
    }
    let summary = |times: &mut Vec<f64>| {
        times.sort_by(f64::total_cmp);
        format!("median {:.1} ms, min {:.1} ms", times[times.len() / 2], times[0])
    };
    let solution = foxhounds::solve(game, start).map_err(|r| Failure::input(format!("{r:?}")))?;
    Ok(format!(
        "foxhounds: {} positions, start {} (checked); {} runs\n  whole solve: {}\n  sliced ({slices} slices of {slice}): {}\n",
        solution.len(),
        describe(solution.evaluate(&start)),
        options.runs,
        summary(&mut whole),
        summary(&mut sliced),
    ))
}

fn check(solution: &Solution<FoxAndHounds>, start: &FoxPosition) -> Result<(), Failure> {
    let value = solution.evaluate(start);
    if solution.len() != EXPECTED_POSITIONS || value != Some(EXPECTED_START) {
        return Err(Failure::input(format!(
            "wrong answer: {} positions (expected {EXPECTED_POSITIONS}), start {} (expected {EXPECTED_START})",
            solution.len(),
            describe(value)
        )));
    }
    Ok(())
}
