use yew::prelude::*;
use yew_agent::worker::WorkerProvider;

use super::freecell_table::FreeCellTable;
use super::home::Home;
use super::hooks::{use_location_hash, Navigator};
use super::pyramid_check::PyramidCheck;
use crate::deal::{microsoft_freecell, DealNumber};
use crate::share::{LinkError, Route};
use crate::worker::SolverWorker;

/// A random deal among the first million (all but eight of them can be won).
fn random_deal() -> DealNumber {
    let number = (js_sys::Math::random() * 1_000_000.0) as u64 + 1;
    DealNumber::new(number.min(1_000_000)).expect("1..=1,000,000 is in range")
}

/// Where a bad link leads instead: a fresh table of the game it named, or the home page.
fn fallback_route(hash: &str) -> Route {
    let path = hash.trim_start_matches('#').trim_start_matches('/');
    match path.split(['/', '?']).next() {
        Some("freecell") => Route::FreeCell { deal: None, moves: None },
        Some("pyramid") => Route::Pyramid { deck: None, moves: None },
        _ => Route::Home,
    }
}

#[derive(Properties, PartialEq)]
struct LinkProblemProps {
    error: LinkError,
}

#[component]
fn LinkProblem(props: &LinkProblemProps) -> Html {
    html! {
        <div class="link-problem" role="alert" data-testid="link-error">
            <strong>{"This link could not be opened: "}</strong>{props.error.to_string()}
            {". Here is a fresh table instead."}
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct FreeCellPageProps {
    deal: Option<DealNumber>,
    navigator: Navigator,
}

#[component]
fn FreeCellPage(props: &FreeCellPageProps) -> Html {
    // Settle on a deal number first, so the address bar always names the deal on the table.
    {
        let navigator = props.navigator.clone();
        use_effect_with(props.deal, move |deal| {
            if deal.is_none() {
                navigator.replace(&Route::FreeCell { deal: Some(random_deal()), moves: None });
            }
        });
    }
    let Some(deal) = props.deal else {
        return html! { <p role="status">{"Dealing…"}</p> };
    };
    let cascades: Vec<_> = microsoft_freecell(deal).into_iter().collect();
    let on_new = {
        let navigator = props.navigator.clone();
        Callback::from(move |_| navigator.push(&Route::FreeCell { deal: Some(random_deal()), moves: None }))
    };
    let on_deal_change = {
        let navigator = props.navigator.clone();
        Callback::from(move |event: Event| {
            let input: web_sys::HtmlInputElement = event.target_unchecked_into();
            if let Ok(deal) = input.value().parse::<DealNumber>() {
                navigator.push(&Route::FreeCell { deal: Some(deal), moves: None });
            }
        })
    };
    html! {
        <section class="game">
            <div class="toolbar">
                <h1>{format!("FreeCell #{deal}")}</h1>
                <label>{"Deal "}
                    <input type="number" min="1" max="8589934591" value={deal.to_string()}
                        aria-label="Deal number" onchange={on_deal_change} />
                </label>
                <button onclick={on_new}>{"New game"}</button>
            </div>
            <FreeCellTable cascades={cascades} freecells={[None; 4]} foundations={[None; 4]} />
            <p role="status" class="status">{format!("Deal {deal}: 52 cards dealt.")}</p>
        </section>
    }
}

/// The app: hash routing over the game pages, all sharing one solver worker.
#[component]
pub fn App() -> Html {
    let (hash, navigator) = use_location_hash();
    let (route, problem) = match Route::parse(&hash) {
        Ok(route) => (route, None),
        Err(error) => (fallback_route(&hash), Some(error)),
    };
    let page = match route {
        Route::FreeCell { deal, .. } => html! { <FreeCellPage deal={deal} navigator={navigator.clone()} /> },
        Route::Pyramid { .. } | Route::PyramidDeal { .. } => html! { <PyramidCheck /> },
        _ => html! { <Home /> },
    };
    html! {
        <WorkerProvider<SolverWorker> path="worker.js">
            <nav class="top-nav">
                <a href="#/" class="brand">{"Deckhand"}</a>
                <a href="#/freecell">{"FreeCell"}</a>
                <a href="#/pyramid">{"Pyramid"}</a>
            </nav>
            <main>
                if let Some(error) = problem { <LinkProblem error={error} /> }
                {page}
            </main>
        </WorkerProvider<SolverWorker>>
    }
}
