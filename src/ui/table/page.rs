//! Opening a table from an address, alike for every solitaire: the deal the link names (or
//! the game in progress, or a fresh deal when it names none), the link's moves played from its
//! start, and a bad link explained above a fresh table.

use std::rc::Rc;

use yew::prelude::*;

use super::shell::{game_key, GameTable};
use super::GameView;
use crate::session::Start;
use crate::share::{Route, VariantParameter};
use crate::ui::browser::load;
use crate::ui::hooks::Navigator;

/// The longest `moves=` list a link may carry, checked before it is read.
pub const MAX_LINK_MOVES_LEN: usize = crate::share::MAX_MOVES_LEN;

/// The longest explanation shown (the engine's errors already quote only the start of a bad
/// input; this bounds what they say around it).
const QUOTED: usize = 400;

/// The start of `text`, shortened to `QUOTED` characters.
pub fn shortened(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[derive(Properties, PartialEq)]
pub struct LinkProblemProps {
    /// What went wrong and what the page shows instead, in a player's words ("This link
    /// doesn't name a Klondike deal. Here is a new one.").
    pub headline: AttrValue,
    /// What exactly is wrong with the link, for whoever made it: behind a "Details" fold.
    pub details: AttrValue,
}

/// A bad link explained, above what the page shows instead.
#[component]
pub fn LinkProblem(props: &LinkProblemProps) -> Html {
    html! {
        <div class="link-problem" role="alert" data-testid="link-error">
            <strong>{props.headline.clone()}</strong>
            <details>
                <summary>{"Details"}</summary>
                <p data-testid="link-error-details">{props.details.clone()}</p>
            </details>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct GamePageProps {
    /// The deal's path in the link (`164`, `deck/<code>`), already read once when the route
    /// was; empty when the link names none (the game in progress reopens, or a new deal).
    pub deal: AttrValue,
    /// The link's variant parameter (Klondike's draw), if any.
    pub variant: VariantParameter,
    /// The link's `moves=` list, unread.
    pub moves: Option<String>,
    pub navigator: Navigator,
}

/// The moves a link lists, read from `deal`'s start: capped in length before anything else.
fn link_moves<G: GameView>(deal: &G::Deal, code: &str) -> Result<Vec<G::Move>, String> {
    if code.len() > MAX_LINK_MOVES_LEN {
        return Err(format!(
            "its list of moves is {} characters long; at most {MAX_LINK_MOVES_LEN} are read",
            code.len()
        ));
    }
    G::read_moves(&deal.start(), code)
        .map_err(|reason| format!("in its list of moves, {}", shortened(&reason)))
}

/// A solitaire's page: its table at the deal the address names, with the link's moves.
#[component]
pub fn GamePage<G: GameView>(props: &GamePageProps) -> Html {
    let named = Route::deal::<G>(&props.deal, &props.variant).ok();
    let named_deal = named.as_ref().and_then(|(deal, _)| deal.clone());
    let variant = named.map(|(_, variant)| variant).unwrap_or_default();
    let opened = use_memo((named_deal.clone(), props.moves.clone()), move |(deal, moves)| {
        let saved = load::<G::Saved>(&game_key::<G>()).and_then(G::restore);
        let deal = match (deal, &saved) {
            (Some(deal), _) => deal.clone(),
            (None, Some((saved, _))) => saved.clone(),
            (None, None) => G::random_deal(variant, js_sys::Math::random()),
        };
        let restored = match moves {
            Some(code) => link_moves::<G>(&deal, code),
            None => Ok(saved.filter(|(saved, _)| *saved == deal).map(|(_, moves)| moves).unwrap_or_default()),
        };
        (deal, restored)
    });
    let (deal, restored) = &*opened;
    // The explanation outlives the page settling its address (which drops `moves=`).
    let problem = use_state(|| None::<String>);
    {
        let problem = problem.clone();
        let error = restored.as_ref().err().cloned();
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
        let named = named_deal.is_some();
        use_effect_with((opened.clone(), named), move |(opened, named)| {
            if !named {
                navigator.replace(&Route::table::<G>(&opened.0, &[]));
            }
        });
    }
    let moves = restored.as_ref().ok().cloned().map(Rc::new);
    html! {
        <>
            if let Some(message) = (*problem).clone() {
                <LinkProblem details={message}
                    headline={format!("The moves in this link don't play on this {} deal. Here is the deal from its start.", G::NAME)} />
            }
            <GameTable<G> deal={deal.clone()} {moves} from_link={props.moves.is_some()}
                navigator={props.navigator.clone()} />
        </>
    }
}
