use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::foxhounds_page::FoxHoundsPage;
use super::home::Home;
use super::hooks::{use_location_hash, Navigator, SolverProvider};
use super::table::{shortened, DayPage, GamePage, LinkProblem};
use super::tictactoe_page::TicTacToePage;
use crate::games::Play;
use crate::share::Route;

/// Where a bad link leads instead: a fresh table of the game it named, or the home page.
fn fallback_route(hash: &str) -> Route {
    let path = hash.trim_start_matches('#').trim_start_matches('/');
    match path.split(['/', '?']).next() {
        Some("tictactoe") => Route::TicTacToe { position: None },
        Some("foxhounds") => Route::FoxHounds { position: None },
        Some(key) => match crate::games::keys().into_iter().find(|k| *k == key) {
            Some(game) => Route::Table { game, deal: String::new(), variant: None, moves: None },
            None => Route::Home,
        },
        None => Route::Home,
    }
}

/// The name of the registered solitaire with `key`.
fn game_name(key: &str) -> Option<&'static str> {
    macro_rules! names {
        ($($game:ty),* $(,)?) => {
            $(if key == <$game as Play>::KEY { return Some(<$game as Play>::NAME); })*
        };
    }
    crate::games!(names);
    None
}

/// Whether a game of `key` is saved in this browser (what a table opened without a deal shows).
fn saved_game(key: &str) -> bool {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    storage.and_then(|s| s.get_item(&format!("deckhand.{key}.game")).ok().flatten()).is_some()
}

/// A bad link's explanation in a player's words: what it failed to name and what the page
/// shows instead (`route`, where the link leads instead).
fn link_headline(route: &Route) -> String {
    match route {
        Route::Table { game, .. } => {
            let name = game_name(game).unwrap_or("solitaire");
            let instead =
                if saved_game(game) { "Here is your game in progress." } else { "Here is a new one." };
            format!("This link doesn't name a {name} deal. {instead}")
        }
        Route::TicTacToe { .. } => {
            "This link doesn't name a Tic-Tac-Toe position. Here is a new game.".into()
        }
        Route::FoxHounds { .. } => {
            "This link doesn't name a Fox and Hounds position. Here is a new game.".into()
        }
        _ => "This link doesn't name a game or a page of Deckhand. Here are the games.".into(),
    }
}

/// A solitaire's page for a route, chosen by the game's key from the registry.
fn solitaire_page(route: Route, navigator: Navigator) -> Html {
    macro_rules! pages {
        ($($game:ty),* $(,)?) => {
            match route {
                $(Route::Table { game, deal, variant, moves } if game == <$game as Play>::KEY => {
                    html! { <GamePage<$game> deal={deal} {variant} {moves} {navigator} /> }
                })*
                $(Route::Day { game, date, variant } if game == <$game as Play>::KEY => {
                    let variant = variant.map(|(_, value)| value);
                    html! { <DayPage<$game> {date} {variant} {navigator} /> }
                })*
                _ => html! { <Home /> },
            }
        };
    }
    crate::games!(pages)
}

/// The navigation: every registered solitaire, then the two-player games.
fn navigation() -> Html {
    macro_rules! links {
        ($($game:ty),* $(,)?) => {
            html! { <>$(<a href={format!("#/{}", <$game as Play>::KEY)}>{<$game as Play>::NAME}</a>)*</> }
        };
    }
    html! {
        <nav class="top-nav">
            <a href="#/" class="brand">{"Deckhand"}</a>
            {crate::games!(links)}
            <a href="#/tictactoe">{"Tic-Tac-Toe"}</a>
            <a href="#/foxhounds">{"Fox and Hounds"}</a>
        </nav>
    }
}

/// The first stop of the Tab order: a link that takes the keyboard straight to the table's
/// piles (the pile Tab would reach there), past the navigation and the toolbar. Seen only when
/// focused.
fn skip_to_table() -> Html {
    let onclick = Callback::from(|event: MouseEvent| {
        event.prevent_default();
        let document = web_sys::window().and_then(|w| w.document());
        let target = document.and_then(|d| {
            d.query_selector(".table [data-pile][tabindex=\"0\"]")
                .ok()
                .flatten()
                .or(d.query_selector("main").ok().flatten())
        });
        if let Some(target) = target.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = target.focus();
        }
    });
    html! { <a class="skip-link" href="#/" {onclick}>{"Skip to the table"}</a> }
}

/// The app: hash routing over the game pages, all sharing one solver worker.
#[component]
pub fn App() -> Html {
    let (hash, navigator) = use_location_hash();
    let parsed = Route::parse(&hash);
    // A bad link's explanation stays while the page settles on a fresh table (which replaces
    // the address); the user's next navigation clears it. Kept as the bad address renders, not
    // in an effect: the page's settling re-renders before that render's effects would run.
    // The explanation is worded once, when the bad address arrives: what it says of a game in
    // progress must not change once the fresh table saves its own.
    let problem = use_mut_ref(|| None::<(crate::share::LinkError, String, String)>);
    match &parsed {
        Err(error) if problem.borrow().as_ref().is_some_and(|(shown, _, _)| shown == error) => {}
        Err(error) => {
            let headline = link_headline(&fallback_route(&hash));
            *problem.borrow_mut() = Some((error.clone(), headline, shortened(&error.to_string())));
        }
        Ok(_) if !navigator.was_replaced() => *problem.borrow_mut() = None,
        Ok(_) => {}
    }
    let problem = problem.borrow().clone().map(|(_, headline, details)| (headline, details));
    let route = parsed.unwrap_or_else(|_| fallback_route(&hash));
    let navigator = navigator.clone();
    let page = match route {
        Route::TicTacToe { position } => html! { <TicTacToePage {position} {navigator} /> },
        Route::FoxHounds { position } => html! { <FoxHoundsPage {position} {navigator} /> },
        Route::Home => html! { <Home /> },
        solitaire => solitaire_page(solitaire, navigator),
    };
    html! {
        <SolverProvider>
            {skip_to_table()}
            {navigation()}
            <main>
                if let Some((headline, details)) = problem { <LinkProblem {headline} {details} /> }
                {page}
            </main>
        </SolverProvider>
    }
}
