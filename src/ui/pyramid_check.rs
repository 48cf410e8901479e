use yew::prelude::*;

use super::hooks::{use_solver, SolverState};
use crate::cards::{Card, DeckError};
use crate::protocol::{Answer, Task};

fn card_list(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(", ")
}

fn deck_problems(error: &DeckError) -> Html {
    html! {
        <ul class="problems">
            <li>{format!("Found {} cards; a deck has 52.", error.found)}</li>
            if !error.missing.is_empty() {
                <li data-testid="missing">{format!("Missing: {}", card_list(&error.missing))}</li>
            }
            if !error.duplicated.is_empty() {
                <li data-testid="duplicated">{format!("Duplicated: {}", card_list(&error.duplicated))}</li>
            }
            { for error.malformed.iter().map(|token| html! { <li class="malformed">{token.to_string()}</li> }) }
        </ul>
    }
}

/// The Pyramid paste box: the worker checks the deck and says what is wrong with it.
#[component]
pub fn PyramidCheck() -> Html {
    let solver = use_solver();
    let text = use_node_ref();
    let on_check = {
        let solver = solver.clone();
        let text = text.clone();
        Callback::from(move |_| {
            if let Some(area) = text.cast::<web_sys::HtmlTextAreaElement>() {
                solver.start(Task::CheckDeck { text: area.value() });
            }
        })
    };
    let on_cancel = {
        let solver = solver.clone();
        Callback::from(move |_| solver.cancel())
    };
    let status = match &*solver.state {
        SolverState::Idle => {
            html! { {"Paste 52 cards: the 28 pyramid cards from the apex, then the stock."} }
        }
        SolverState::Working { progress, .. } => {
            html! { {format!("Checking… ({} states)", progress.states)} }
        }
        SolverState::Cancelled { .. } => html! { {"Cancelled."} },
        SolverState::Done { answer: Answer::DeckChecked(Ok(cards)), .. } => {
            html! { <span data-testid="deck-ok">{format!("The deck is complete: {} cards.", cards.len())}</span> }
        }
        SolverState::Done { answer: Answer::DeckChecked(Err(error)), .. } => html! {
            <div data-testid="deck-error"><p>{"This is not a full deck:"}</p>{deck_problems(error)}</div>
        },
        SolverState::Done { answer, .. } => {
            html! { {format!("Unexpected answer from the worker: {answer:?}")} }
        }
    };
    html! {
        <section class="pyramid-check">
            <h1>{"Pyramid"}</h1>
            <label for="deck">{"Pyramid deck"}</label>
            <textarea id="deck" ref={text} rows="8" spellcheck="false"
                placeholder="Th 2h 4d 3h Qd 8h 9h …" aria-label="Pyramid deck" />
            <div class="controls">
                <button onclick={on_check}>{"Check"}</button>
                if solver.is_working() { <button onclick={on_cancel}>{"Cancel"}</button> }
            </div>
            <div role="status" aria-live="polite" class="status">{status}</div>
        </section>
    }
}
