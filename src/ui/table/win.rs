//! The win, said once for every solitaire: a short celebration the player can skip (none when
//! motion is reduced: www/style.css leaves it out), and a dialog with the game's summary and
//! what to play next. The focus moves into the dialog, which screen readers announce by its
//! title and summary.

use yew::prelude::*;

use crate::session::Stats;

#[derive(Properties, PartialEq)]
pub struct WinDialogProps {
    /// "You won FreeCell #617!", or a win the solver finished.
    pub title: AttrValue,
    pub moves: usize,
    pub seconds: u64,
    /// The length of the solver's line from the deal's start, when it found one.
    pub solver_moves: Option<usize>,
    pub stats: Stats,
    pub on_new: Callback<()>,
    pub on_winnable: Callback<()>,
    pub on_replay: Callback<()>,
    pub on_close: Callback<()>,
}

/// Suit marks that fall across the table for a moment: the celebration.
const CONFETTI: [&str; 12] = ["♠", "♥", "♦", "♣", "♥", "♠", "♣", "♦", "♠", "♦", "♥", "♣"];

/// How long the celebration lasts (www/style.css: the marks fall for 2.4 s, the last starting
/// at 0.7 s).
const CELEBRATION_MS: i32 = 3200;

/// `seconds` as minutes and seconds: 3:07.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The celebration and the summary of a won game.
#[component]
pub fn WinDialog(props: &WinDialogProps) -> Html {
    let first = use_node_ref();
    let celebrating = use_state(|| true);
    {
        let first = first.clone();
        use_effect_with((), move |_| {
            if let Some(button) = first.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    // The celebration ends by itself: the marks have fallen by then.
    {
        let celebrating = celebrating.clone();
        use_effect_with((), move |_| {
            let end = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || celebrating.set(false));
            let window = web_sys::window().expect("a window");
            let id = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(
                    wasm_bindgen::JsCast::unchecked_ref(end.as_ref()),
                    CELEBRATION_MS,
                )
                .unwrap_or(0);
            move || {
                window.clear_timeout_with_handle(id);
                drop(end);
            }
        });
    }
    let skip = {
        let celebrating = celebrating.clone();
        Callback::from(move |_: MouseEvent| celebrating.set(false))
    };
    let onkeydown = {
        let celebrating = celebrating.clone();
        let on_close = props.on_close.clone();
        Callback::from(move |event: KeyboardEvent| {
            celebrating.set(false);
            if event.key() == "Escape" {
                event.prevent_default();
                event.stop_propagation();
                on_close.emit(());
            }
        })
    };
    let Stats { won, played, streak, best_streak } = props.stats;
    let solver = match props.solver_moves {
        Some(moves) => format!("{moves} moves"),
        None => "not known".to_string(),
    };
    let button = |label: &'static str, callback: &Callback<()>| {
        let onclick = callback.reform(|_: MouseEvent| ());
        html! { <button {onclick}>{label}</button> }
    };
    html! {
        <div class="win-layer">
            if *celebrating {
                <div class="celebration" aria-hidden="true" onclick={skip} data-testid="celebration">
                    { for CONFETTI.iter().map(|mark| html! { <span>{*mark}</span> }) }
                </div>
            }
            <div class="win-dialog" role="dialog" aria-modal="true" aria-labelledby="win-title"
                aria-describedby="win-summary" data-testid="win-dialog" {onkeydown}>
                <h2 id="win-title">{props.title.clone()}</h2>
                <dl id="win-summary" class="win-summary">
                    <div><dt>{"Moves"}</dt><dd data-testid="win-moves">{props.moves}</dd></div>
                    <div><dt>{"Time"}</dt><dd data-testid="win-time">{clock(props.seconds)}</dd></div>
                    <div><dt>{"The solver's line"}</dt><dd data-testid="win-solver">{solver}</dd></div>
                    <div><dt>{"Streak"}</dt><dd data-testid="win-streak">{streak}</dd></div>
                    <div><dt>{"Best streak"}</dt><dd data-testid="win-record">{best_streak}</dd></div>
                    <div><dt>{"Won"}</dt><dd>{format!("{won} of {played}")}</dd></div>
                </dl>
                <div class="win-buttons">
                    <button ref={first} onclick={props.on_new.reform(|_: MouseEvent| ())}>{"New game"}</button>
                    {button("Winnable deal", &props.on_winnable)}
                    {button("Replay this deal", &props.on_replay)}
                    {button("Close", &props.on_close)}
                </div>
            </div>
        </div>
    }
}
