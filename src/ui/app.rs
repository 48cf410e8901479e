use yew::prelude::*;

use std::rc::Rc;

use super::foxhounds_page::FoxHoundsPage;
use super::home::Home;
use super::hooks::{use_location_hash, SolverProvider};
use super::table::{shortened, DayPage, GamePage, LinkProblem};
use super::tictactoe_page::TicTacToePage;
use crate::games::freecell::{board_code, FreeCell, Origin};
use crate::games::klondike::{Draw, Klondike, KlondikeDeal};
use crate::games::pyramid::{Pyramid, PyramidDeal};
use crate::grade::GameKind;
use crate::share::{LinkError, Route};

/// Where a bad link leads instead: a fresh table of the game it named, or the home page.
fn fallback_route(hash: &str) -> Route {
    let path = hash.trim_start_matches('#').trim_start_matches('/');
    match path.split(['/', '?']).next() {
        Some("freecell") => Route::FreeCell { deal: None, moves: None },
        Some("pyramid") => Route::Pyramid { deck: None, moves: None },
        Some("klondike") => Route::Klondike { seed: None, draw: 1, moves: None },
        Some("tictactoe") => Route::TicTacToe { position: None },
        Some("foxhounds") => Route::FoxHounds { position: None },
        _ => Route::Home,
    }
}

/// The app: hash routing over the game pages, all sharing one solver worker.
#[component]
pub fn App() -> Html {
    let (hash, navigator) = use_location_hash();
    // A board link's code is checked with the route, so a bad one is explained like any bad link.
    let parsed = Route::parse(&hash).and_then(|route| match &route {
        Route::FreeCellBoard { code, .. } => {
            board_code::decode(code).map(|_| route.clone()).map_err(|error| LinkError::BadContent {
                what: "position code".into(),
                reason: error.to_string(),
            })
        }
        _ => Ok(route),
    });
    // A bad link's explanation stays while the page settles on a fresh table (which replaces
    // the address); the user's next navigation clears it. Kept as the bad address renders, not
    // in an effect: the page's settling re-renders before that render's effects would run.
    let problem = use_mut_ref(|| None::<LinkError>);
    match &parsed {
        Err(error) => *problem.borrow_mut() = Some(error.clone()),
        Ok(_) if !navigator.was_replaced() => *problem.borrow_mut() = None,
        Ok(_) => {}
    }
    let shown = problem.borrow().clone();
    let route = parsed.unwrap_or_else(|_| fallback_route(&hash));
    let navigator = navigator.clone();
    let page = match route {
        Route::FreeCell { deal, moves } => {
            html! { <GamePage<FreeCell> deal={deal.map(Origin::Deal)} {moves} {navigator} /> }
        }
        Route::FreeCellBoard { code, moves } => {
            let deal = board_code::decode(&code).ok().map(|position| Origin::Board(Rc::new(position)));
            html! { <GamePage<FreeCell> {deal} {moves} {navigator} /> }
        }
        Route::TicTacToe { position } => html! { <TicTacToePage {position} {navigator} /> },
        Route::FoxHounds { position } => html! { <FoxHoundsPage {position} {navigator} /> },
        Route::Pyramid { deck, moves } => {
            let deal = deck.map(|deck| PyramidDeal { seed: None, deck: Rc::new(deck) });
            html! { <GamePage<Pyramid> {deal} {moves} {navigator} /> }
        }
        Route::PyramidDeal { seed, moves } => {
            html! { <GamePage<Pyramid> deal={Some(PyramidDeal::seeded(seed))} {moves} {navigator} /> }
        }
        Route::Klondike { seed, draw, moves } => {
            let draw = Draw::from_count(draw).unwrap_or(Draw::One);
            let deal = seed.map(|seed| KlondikeDeal::seeded(seed, draw));
            html! { <GamePage<Klondike> {deal} {moves} {navigator} /> }
        }
        Route::KlondikeDeck { deck, draw, moves } => {
            let draw = Draw::from_count(draw).unwrap_or(Draw::One);
            let deal = Some(KlondikeDeal { seed: None, deck: Rc::new(deck), draw });
            html! { <GamePage<Klondike> {deal} {moves} {navigator} /> }
        }
        Route::Day { game, date, draw } => match game {
            GameKind::FreeCell => html! { <DayPage<FreeCell> {date} {draw} {navigator} /> },
            GameKind::Pyramid => html! { <DayPage<Pyramid> {date} {draw} {navigator} /> },
            GameKind::Klondike => html! { <DayPage<Klondike> {date} {draw} {navigator} /> },
        },
        Route::Home => html! { <Home /> },
    };
    html! {
        <SolverProvider>
            <nav class="top-nav">
                <a href="#/" class="brand">{"Deckhand"}</a>
                <a href="#/freecell">{"FreeCell"}</a>
                <a href="#/klondike">{"Klondike"}</a>
                <a href="#/pyramid">{"Pyramid"}</a>
                <a href="#/tictactoe">{"Tic-Tac-Toe"}</a>
                <a href="#/foxhounds">{"Fox and Hounds"}</a>
            </nav>
            <main>
                if let Some(error) = shown { <LinkProblem message={shortened(&error.to_string())} /> }
                {page}
            </main>
        </SolverProvider>
    }
}
