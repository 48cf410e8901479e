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

/// The app: hash routing over the game pages, all sharing one solver worker.
#[component]
pub fn App() -> Html {
    let (hash, navigator) = use_location_hash();
    let parsed = Route::parse(&hash);
    // A bad link's explanation stays while the page settles on a fresh table (which replaces
    // the address); the user's next navigation clears it. Kept as the bad address renders, not
    // in an effect: the page's settling re-renders before that render's effects would run.
    let problem = use_mut_ref(|| None::<crate::share::LinkError>);
    match &parsed {
        Err(error) => *problem.borrow_mut() = Some(error.clone()),
        Ok(_) if !navigator.was_replaced() => *problem.borrow_mut() = None,
        Ok(_) => {}
    }
    let shown = problem.borrow().clone();
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
            {navigation()}
            <main>
                if let Some(error) = shown { <LinkProblem message={shortened(&error.to_string())} /> }
                {page}
            </main>
        </SolverProvider>
    }
}
