//! Pieces shared by the two-player pages (Tic-Tac-Toe, Fox and Hounds): the list of moves
//! with their solved values, the share box and the bad-link notice.

use yew::prelude::*;

use super::browser::{copy_text, page_url};
use crate::deal::SplitMix64;
use crate::search::twoplayer::{choose_best, Evaluation};
use crate::share::{LinkError, Route};

/// `win`, `draw` or `loss`: the CSS class and `data-value` of an evaluation.
pub fn value_word(evaluation: Evaluation) -> &'static str {
    match evaluation {
        Evaluation::Win { .. } => "win",
        Evaluation::Draw => "draw",
        Evaluation::Loss { .. } => "loss",
    }
}

/// A square's value for a screen reader: "win in 5", "draw", "loss in 3".
pub fn spoken_value(evaluation: Evaluation) -> String {
    match evaluation {
        Evaluation::Win { plies } => format!("win in {plies}"),
        Evaluation::Draw => "draw".into(),
        Evaluation::Loss { plies } => format!("loss in {plies}"),
    }
}

/// A compact mark for a square: `W3`, `D`, `L4`.
pub fn short_value(evaluation: Evaluation) -> String {
    match evaluation {
        Evaluation::Win { plies } => format!("W{plies}"),
        Evaluation::Draw => "D".into(),
        Evaluation::Loss { plies } => format!("L{plies}"),
    }
}

/// One of the best moves, picked at random (the opponent varies its games).
pub fn pick_best<M: Copy>(evaluated: &[(M, Evaluation)]) -> Option<M> {
    let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    choose_best(evaluated, &mut SplitMix64::new(seed))
}

/// One evaluated move: what it is called and its value for the side making it.
#[derive(Clone, PartialEq)]
pub struct EvaluatedMove {
    /// Short notation (`d8-c7`, `5`), in `data-move`.
    pub notation: String,
    /// Screen-reader text ("Move the fox from d8 to c7").
    pub text: String,
    pub value: Evaluation,
}

#[derive(Properties, PartialEq)]
pub struct EvaluationListProps {
    /// Who is choosing ("X", "the fox").
    pub mover: AttrValue,
    pub moves: Vec<EvaluatedMove>,
}

/// Every legal move marked win, draw or loss with the plies to the end, best first.
#[component]
pub fn EvaluationList(props: &EvaluationListProps) -> Html {
    let mut moves = props.moves.clone();
    moves.sort_by_key(|m| std::cmp::Reverse(m.value));
    html! {
        <div class="move-evaluations">
            <p>{format!("Every move for {}, with perfect play afterwards:", props.mover)}</p>
            <ol data-testid="move-evaluations">
                { for moves.iter().map(|mv| html! {
                    <li class={classes!("evaluation", value_word(mv.value))} data-move={mv.notation.clone()}
                        data-value={value_word(mv.value)}
                        data-plies={mv.value.plies().map(|p| p.to_string()).unwrap_or_default()}>
                        <span class="move-text">{&mv.text}</span>{": "}<strong>{mv.value.to_string()}</strong>
                    </li>
                }) }
            </ol>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ShareBoxProps {
    pub route: Route,
}

/// A Copy link button and the link itself.
#[component]
pub fn ShareBox(props: &ShareBoxProps) -> Html {
    let url = page_url(&props.route);
    let copied = use_state(|| false);
    let onclick = {
        let url = url.clone();
        let copied = copied.clone();
        Callback::from(move |_| {
            copy_text(&url);
            copied.set(true);
        })
    };
    html! {
        <p class="share-position">
            <button {onclick}>{"Copy link"}</button>
            <input readonly=true aria-label="Share link" value={url} />
            if *copied { <span class="copied">{"Copied."}</span> }
        </p>
    }
}

/// Explains a `position=` code that could not be opened.
pub fn link_problem(error: &LinkError) -> Html {
    html! {
        <div class="link-problem" role="alert" data-testid="link-error">
            <strong>{"This link could not be opened: "}</strong>{error.to_string()}
            {". Here is a fresh game instead."}
        </div>
    }
}

/// What perfect play from here gives the player.
pub fn outlook(value: Evaluation) -> Html {
    html! {
        <p class="outlook" data-testid="position-value" data-value={value_word(value)}>
            {format!("With perfect play from here: a {value} for you.")}
        </p>
    }
}

#[derive(Properties, PartialEq)]
pub struct TwoPlayerToolbarProps {
    pub title: AttrValue,
    /// The sides to choose from, as (value, label), and the value of the side played.
    pub sides: Vec<(AttrValue, AttrValue)>,
    pub side: AttrValue,
    pub on_side: Callback<String>,
    pub on_new: Callback<()>,
    pub on_undo: Callback<()>,
    pub can_undo: bool,
    pub show_values: bool,
    pub on_values: Callback<()>,
}

/// The title, the side played, New game, Undo and the move values switch.
#[component]
pub fn TwoPlayerToolbar(props: &TwoPlayerToolbarProps) -> Html {
    let on_side = props.on_side.reform(|event: Event| {
        let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
        select.value()
    });
    html! {
        <div class="toolbar">
            <h1>{props.title.clone()}</h1>
            <label>{"You play "}
                <select aria-label="Your side" onchange={on_side}>
                    { for props.sides.iter().map(|(value, label)| html! {
                        <option value={value.clone()} selected={*value == props.side}>{label.clone()}</option>
                    }) }
                </select>
            </label>
            <button onclick={props.on_new.reform(|_| ())}>{"New game"}</button>
            <button onclick={props.on_undo.reform(|_| ())} disabled={!props.can_undo}>{"Undo"}</button>
            <button onclick={props.on_values.reform(|_| ())} aria-pressed={props.show_values.to_string()}>
                {if props.show_values { "Hide move values" } else { "Show move values" }}
            </button>
        </div>
    }
}
