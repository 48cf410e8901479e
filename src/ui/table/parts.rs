//! The parts every table shows alike: what the solver says about the game, the hint,
//! the score line and the replay controls.

use yew::prelude::*;

use crate::games::Game;
use crate::session::{Hint, Session, Stats, Table, Verdict};
use crate::ui::hooks::{use_interval, PositionCheck, SolverState};

/// The status line: a win (the player's, or finished by the solver), or what the solver says
/// about the game ("still winnable", the move that lost it with a way back). A refused action
/// is said beside it, not instead. `stopped` says the player stopped the check.
pub fn game_status<G: Game>(
    session: &Session<G::Deal, G::Position>,
    stopped: bool,
    on_go_to: Callback<usize>,
) -> Html {
    let current = session.current();
    let moves = current.moves.len();
    let game = G::describe_deal(&current.game);
    let verdict = if current.position.is_won() {
        let text = if session.is_assisted() {
            format!("Won {game} in {moves} moves, the last of them played by the solver.")
        } else {
            format!("You won {game} in {moves} moves!")
        };
        html! { <span data-testid="won">{text}</span> }
    } else {
        match session.verdict() {
            Some(Verdict::Lost) => match session.losing_move() {
                Some((before, mv)) => {
                    let back = Callback::from(move |_| on_go_to.emit(before));
                    let played_from =
                        &session.at(before).expect("the losing move's start is on the timeline").position;
                    html! { <span data-testid="unwinnable">
                        {format!("This game can no longer be won. The losing move: {}. ", G::describe_move(played_from, mv))}
                        <button onclick={back}>{"Undo to before it"}</button>
                    </span> }
                }
                None if moves == 0 => {
                    html! { <span data-testid="unwinnable">{"This deal cannot be won, whatever you play."}</span> }
                }
                None => html! { <span data-testid="unwinnable">{"This game can no longer be won."}</span> },
            },
            // The deal's own answer, where the game shows one, already says this at the start.
            Some(Verdict::Winnable(_))
                if moves == 0 && session.start_verdict().and_then(G::deal_result).is_some() =>
            {
                Html::default()
            }
            Some(Verdict::Winnable(line)) => html! {
                <span data-testid="winnable">{G::still_winnable(line.len())}</span>
            },
            Some(Verdict::Unknown) => html! { {"The solver could not decide this one within its budget."} },
            None if stopped => html! { {"Not checked: the solver was stopped."} },
            None => html! { {"Checking whether this game can still be won…"} },
        }
    };
    verdict
}

/// The hint asked for, as the status area shows it; a pending hint waits for the check, which
/// the player may have `stopped`.
pub fn hint_line<G: Game>(position: &G::Position, hint: Hint<G::Move>, stopped: bool) -> Html {
    match hint {
        Hint::NotAsked => Html::default(),
        Hint::Pending if stopped => {
            html! { <div class="hint-text">{"The hint waits for the solver, which was stopped."}</div> }
        }
        Hint::Pending => html! { <div class="hint-text">{"Looking for a hint…"}</div> },
        Hint::Shown(mv) => {
            html! { <div class="hint-text" data-testid="hint">{format!("Hint: {}.", G::describe_move(position, mv))}</div> }
        }
        Hint::Missing => {
            html! { <div class="hint-text">{"No hint: the solver has no winning line from here."}</div> }
        }
    }
}

/// `n` with its digits in groups of three: 301,657.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The background check while it runs (positions looked at, and a Stop button), or once the
/// player stopped it (a Check again button). Nothing for checks that end within one slice.
pub fn check_activity(check: &PositionCheck) -> Html {
    match &*check.solver.state {
        SolverState::Working { progress, .. } if progress.states > 0 => {
            let onclick = check.stop.reform(|_: MouseEvent| ());
            html! {
                <div class="progress" data-testid="solver-progress">
                    {format!("Solver: {} positions looked at. ", grouped(progress.states))}
                    <button {onclick}>{"Stop"}</button>
                </div>
            }
        }
        SolverState::Cancelled { .. } => {
            let onclick = check.again.reform(|_: MouseEvent| ());
            html! {
                <div class="progress" data-testid="solver-stopped">
                    {"Stopped before the solver decided. "}
                    <button {onclick}>{"Check again"}</button>
                </div>
            }
        }
        _ => Html::default(),
    }
}

#[derive(Properties, PartialEq)]
pub struct ScorelineProps {
    pub moves: usize,
    pub seconds: u64,
    pub stats: Stats,
    /// Anything the game adds (Klondike's passes).
    #[prop_or_default]
    pub children: Html,
}

/// Moves, time and statistics.
#[component]
pub fn Scoreline(props: &ScorelineProps) -> Html {
    let Stats { won, played, streak, .. } = props.stats;
    html! {
        <div class="scoreline">
            <span data-testid="move-count">{format!("Moves: {}", props.moves)}</span>
            <span data-testid="timer">{format!("Time: {}:{:02}", props.seconds / 60, props.seconds % 60)}</span>
            {props.children.clone()}
            <span>{format!("Won {won} of {played} · streak {streak}")}</span>
        </div>
    }
}

/// Replay speeds offered, slow to fast: milliseconds between moves.
pub const REPLAY_SPEEDS: [(u32, &str); 3] = [(700, "slow"), (350, "normal"), (100, "fast")];
/// The speed a replay starts at.
pub const DEFAULT_REPLAY_MS: u32 = REPLAY_SPEEDS[1].0;

#[derive(Properties, PartialEq)]
pub struct ReplayControlsProps {
    /// Moves played of the replay, and its length.
    pub next: usize,
    pub total: usize,
    pub playing: bool,
    pub can_step_back: bool,
    pub speed_ms: u32,
    pub on_play: Callback<()>,
    pub on_pause: Callback<()>,
    pub on_step_back: Callback<()>,
    pub on_step: Callback<()>,
    pub on_speed: Callback<u32>,
}

/// Play, Pause, Step back, Step and the speed of a replay.
#[component]
pub fn ReplayControls(props: &ReplayControlsProps) -> Html {
    let finished = props.next >= props.total;
    let button = |label: &'static str, callback: &Callback<()>, enabled: bool| {
        let onclick = callback.reform(|_: MouseEvent| ());
        html! { <button disabled={!enabled} {onclick}>{label}</button> }
    };
    let onchange = props.on_speed.reform(|event: Event| {
        let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
        select.value().parse().unwrap_or(DEFAULT_REPLAY_MS)
    });
    html! {
        <div class="replay" aria-label="Replay controls">
            <span>{format!("Replay: move {} of {}", props.next, props.total)}</span>
            {button("Play", &props.on_play, !props.playing && !finished)}
            {button("Pause", &props.on_pause, props.playing)}
            {button("Step back", &props.on_step_back, props.can_step_back)}
            {button("Step", &props.on_step, !finished)}
            <label>{"Speed "}
                <select aria-label="Replay speed" {onchange}>
                    { for REPLAY_SPEEDS.iter().map(|&(ms, name)| html! {
                        <option value={ms.to_string()} selected={props.speed_ms == ms}>{name}</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// The speed of a replay, with one `on_tick` per move while `playing`.
#[hook]
pub fn use_replay_timer(playing: bool, on_tick: Callback<()>) -> UseStateHandle<u32> {
    let speed_ms = use_state(|| DEFAULT_REPLAY_MS);
    use_interval(*speed_ms, playing, on_tick);
    speed_ms
}
