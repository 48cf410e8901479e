use yew::prelude::*;
use yew_agent::worker::WorkerProvider;

use std::rc::Rc;

use super::foxhounds_page::FoxHoundsPage;
use super::freecell_game::{moves_from_link, random_deal, FreeCellGame, SavedGame as SavedFreeCell};
use super::freecell_state::Origin;
use super::home::Home;
use super::hooks::{use_location_hash, Navigator};
use super::klondike_game::{deal_route, random_seed, seeded_deal, KlondikeGame, SavedGame};
use super::klondike_state::KlondikeDeal;
use super::pyramid_game::{seeded_deal as seeded_pyramid, DeckPaste, PyramidGame, SavedGame as SavedPyramid};
use super::pyramid_state::PyramidDeal;
use super::tictactoe_page::TicTacToePage;
use crate::games::freecell::board_code;
use crate::games::klondike::{self, Draw};
use crate::games::pyramid;
use crate::session::Start;
use crate::share::{LinkError, Route};
use crate::worker::{JsonCodec, SolverWorker};

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

#[derive(Properties, PartialEq)]
struct LinkProblemProps {
    error: LinkError,
    /// What the page shows instead.
    #[prop_or(AttrValue::Static("Here is your game in progress, or a new deal, instead."))]
    instead: AttrValue,
}

#[component]
fn LinkProblem(props: &LinkProblemProps) -> Html {
    html! {
        <div class="link-problem" role="alert" data-testid="link-error">
            <strong>{"This link could not be opened: "}</strong>{props.error.to_string()}
            {". "}{props.instead.clone()}
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct FreeCellPageProps {
    /// The deal or position the link names; none for a random deal.
    origin: Option<Origin>,
    moves: Option<String>,
    navigator: Navigator,
}

/// Opens a deal or position (the saved game, or a random deal, when the link names none) with
/// the link's moves.
#[component]
fn FreeCellPage(props: &FreeCellPageProps) -> Html {
    // `#/freecell` reopens the game in progress, if any, rather than losing it to a new deal.
    let origin = use_memo(props.origin.clone(), |origin| {
        origin
            .clone()
            .or_else(|| SavedFreeCell::load().and_then(|saved| saved.origin()))
            .unwrap_or_else(|| Origin::Deal(random_deal()))
    });
    // An address that named no deal (`#/freecell`, a bad link) is settled on the game shown.
    {
        let navigator = props.navigator.clone();
        let named = props.origin.is_some();
        use_effect_with((origin.clone(), named), move |(origin, named)| {
            if !named {
                navigator.replace(&origin.route(None));
            }
        });
    }
    let link_moves = use_memo(((*origin).clone(), props.moves.clone()), |(origin, moves)| {
        moves.as_ref().map(|code| moves_from_link(&origin.start(), code).map(Rc::new))
    });
    let moves = match &*link_moves {
        Some(Ok(moves)) => Some(moves.clone()),
        _ => None,
    };
    // The explanation outlives the page settling its address (which drops `moves=`).
    let problem = use_state(|| None::<LinkError>);
    {
        let problem = problem.clone();
        let error = match &*link_moves {
            Some(Err(reason)) => {
                Some(LinkError::BadContent { what: "list of moves".into(), reason: reason.clone() })
            }
            _ => None,
        };
        let replaced = props.navigator.was_replaced();
        use_effect_with(link_moves.clone(), move |_| match error {
            Some(error) => problem.set(Some(error)),
            None if !replaced => problem.set(None),
            None => {}
        });
    }
    let problem = (*problem).clone();
    html! {
        <>
            if let Some(error) = problem { <LinkProblem error={error} instead="Here is the game from its start instead." /> }
            <FreeCellGame origin={(*origin).clone()} link_moves={moves} navigator={props.navigator.clone()} />
        </>
    }
}

#[derive(Properties, PartialEq)]
struct KlondikePageProps {
    /// The deal the link names; `None` for `#/klondike`, which reopens the saved game.
    deal: Option<KlondikeDeal>,
    draw: Draw,
    moves: Option<String>,
    navigator: Navigator,
}

/// Opens a Klondike deal (the saved game, or a random deal, when the link names none) with
/// the link's moves, if any; a bad list of moves is explained.
#[component]
fn KlondikePage(props: &KlondikePageProps) -> Html {
    let opened = use_memo((props.deal.clone(), props.draw, props.moves.clone()), |(deal, draw, moves)| {
        let saved = SavedGame::load();
        let deal = match deal {
            Some(deal) => deal.clone(),
            None => {
                saved.as_ref().and_then(SavedGame::deal).unwrap_or_else(|| seeded_deal(random_seed(), *draw))
            }
        };
        let restored = match moves {
            Some(code) => klondike::play_moves(&deal.start(), code).map(|(_, moves)| moves),
            None => Ok(saved
                .filter(|saved| saved.deal().as_ref() == Some(&deal))
                .map(|saved| saved.moves)
                .unwrap_or_default()),
        };
        (deal, restored)
    });
    let (deal, restored) = &*opened;
    let problem = use_state(|| None::<LinkError>);
    {
        let problem = problem.clone();
        let error = restored
            .as_ref()
            .err()
            .map(|error| LinkError::BadContent { what: "list of moves".into(), reason: error.to_string() });
        let replaced = props.navigator.was_replaced();
        use_effect_with(opened.clone(), move |_| match error {
            Some(error) => problem.set(Some(error)),
            None if !replaced => problem.set(None),
            None => {}
        });
    }
    // An address that named no deal (`#/klondike`, a bad link) is settled on the deal shown.
    {
        let navigator = props.navigator.clone();
        let named = props.deal.is_some();
        use_effect_with((opened.clone(), named), move |(opened, named)| {
            if !named {
                navigator.replace(&deal_route(&opened.0, &[]));
            }
        });
    }
    let moves = restored.as_ref().ok().cloned().map(Rc::new);
    html! {
        <>
            if let Some(error) = (*problem).clone() { <LinkProblem error={error} instead="Here is the deal from its start instead." /> }
            <KlondikeGame deal={deal.clone()} moves={moves} navigator={props.navigator.clone()} />
        </>
    }
}

#[derive(Properties, PartialEq)]
struct PyramidPageProps {
    /// The deal the link names; `None` for `#/pyramid`, which reopens the saved game.
    deal: Option<PyramidDeal>,
    moves: Option<String>,
    navigator: Navigator,
}

/// Opens a Pyramid deal with the link's moves, if any (a bad list is explained), or the saved
/// game; with neither, the paste box alone.
#[component]
fn PyramidPage(props: &PyramidPageProps) -> Html {
    let opened = use_memo((props.deal.clone(), props.moves.clone()), |(deal, moves)| {
        let saved = SavedPyramid::load().and_then(|saved| saved.game());
        let (deal, saved_moves) = match (deal, saved) {
            (Some(deal), Some((saved_deal, moves))) if *deal == saved_deal => (deal.clone(), moves),
            (Some(deal), _) => (deal.clone(), Vec::new()),
            (None, Some((deal, moves))) => (deal, moves),
            (None, None) => return None,
        };
        let restored = match moves {
            Some(code) => pyramid::notation::play_moves(&deal.start(), code).map(|(_, moves)| moves),
            None => Ok(saved_moves),
        };
        Some((deal, restored))
    });
    let problem = use_state(|| None::<LinkError>);
    {
        let problem = problem.clone();
        let error =
            opened.as_ref().as_ref().and_then(|(_, restored)| restored.as_ref().err()).map(|error| {
                LinkError::BadContent { what: "list of moves".into(), reason: error.to_string() }
            });
        let replaced = props.navigator.was_replaced();
        use_effect_with(opened.clone(), move |_| match error {
            Some(error) => problem.set(Some(error)),
            None if !replaced => problem.set(None),
            None => {}
        });
    }
    let Some((deal, restored)) = &*opened else {
        // Nothing to reopen: the paste box, and a pasted deck opens at its own address.
        let navigator = props.navigator.clone();
        let on_deck = Callback::from(move |deck| {
            navigator.push(&Route::Pyramid { deck: Some(deck), moves: None });
        });
        return html! {
            <section class="game pyramid">
                <div class="toolbar"><h1>{"Pyramid"}</h1></div>
                <p>{"Paste a deck to learn at once whether its pyramid can be cleared, and in how few steps,                     or open a random deal."}</p>
                <DeckPaste {on_deck} open=true />
            </section>
        };
    };
    let moves = restored.as_ref().ok().cloned().map(Rc::new);
    html! {
        <>
            if let Some(error) = (*problem).clone() { <LinkProblem error={error} instead="Here is the deal from its start instead." /> }
            <PyramidGame deal={deal.clone()} moves={moves} navigator={props.navigator.clone()} />
        </>
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
    let page = match route {
        Route::FreeCell { deal, moves } => {
            html! { <FreeCellPage origin={deal.map(Origin::Deal)} moves={moves} navigator={navigator.clone()} /> }
        }
        Route::FreeCellBoard { code, moves } => {
            let origin = board_code::decode(&code).ok().map(|position| Origin::Board(Rc::new(position)));
            html! { <FreeCellPage origin={origin} moves={moves} navigator={navigator.clone()} /> }
        }
        Route::TicTacToe { position } => {
            html! { <TicTacToePage position={position} navigator={navigator.clone()} /> }
        }
        Route::FoxHounds { position } => {
            html! { <FoxHoundsPage position={position} navigator={navigator.clone()} /> }
        }
        Route::Pyramid { deck, moves } => {
            let deal = deck.map(|deck| PyramidDeal { seed: None, deck: Rc::new(deck) });
            html! { <PyramidPage deal={deal} moves={moves} navigator={navigator.clone()} /> }
        }
        Route::Klondike { seed, draw, moves } => {
            let draw = Draw::from_count(draw).unwrap_or(Draw::One);
            let deal = seed.map(|seed| seeded_deal(seed, draw));
            html! { <KlondikePage deal={deal} draw={draw} moves={moves} navigator={navigator.clone()} /> }
        }
        Route::KlondikeDeck { deck, draw, moves } => {
            let draw = Draw::from_count(draw).unwrap_or(Draw::One);
            let deal = Some(KlondikeDeal { seed: None, deck: Rc::new(deck), draw });
            html! { <KlondikePage deal={deal} draw={draw} moves={moves} navigator={navigator.clone()} /> }
        }
        Route::PyramidDeal { seed, moves } => {
            html! { <PyramidPage deal={Some(seeded_pyramid(seed))} moves={moves} navigator={navigator.clone()} /> }
        }
        _ => html! { <Home /> },
    };
    html! {
        <WorkerProvider<SolverWorker, JsonCodec> path="worker.js">
            <nav class="top-nav">
                <a href="#/" class="brand">{"Deckhand"}</a>
                <a href="#/freecell">{"FreeCell"}</a>
                <a href="#/klondike">{"Klondike"}</a>
                <a href="#/pyramid">{"Pyramid"}</a>
                <a href="#/tictactoe">{"Tic-Tac-Toe"}</a>
                <a href="#/foxhounds">{"Fox and Hounds"}</a>
            </nav>
            <main>
                if let Some(error) = shown { <LinkProblem error={error} /> }
                {page}
            </main>
        </WorkerProvider<SolverWorker, JsonCodec>>
    }
}
