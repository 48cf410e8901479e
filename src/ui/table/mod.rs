//! The card table every solitaire shares: the page (opening a link or the saved game), the
//! shell around the table (toolbar, score line, status region, replay bar, share panel), the
//! reducer wrapping [`TableState`], and the hooks for drag, click-then-click, keyboard focus
//! and keys, the background position check, saving and the address. A game supplies its rules
//! ([`Game`]) and its drawing ([`GameView`]), nothing more.

mod choices;
mod deals;
mod page;
mod parts;
mod shell;
mod view;
mod win;

use std::rc::Rc;

use yew::prelude::*;

pub use choices::{deal_choices, PastePanel};
pub use deals::{today_route, DayPage};
pub use page::{shortened, GamePage, LinkProblem, MAX_LINK_MOVES_LEN};
pub use parts::{check_activity, REPLAY_SPEEDS};
pub use shell::GameTable;
pub use view::TableView;

use crate::games::{Game, Place};
use crate::table::{Action, TableState};

impl<G: Game> Reducible for TableState<G> {
    type Action = Action<G>;

    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        let mut state = (*self).clone();
        state.apply(action);
        Rc::new(state)
    }
}

/// What a game's page can reach: the table's state and a way to change it.
pub struct TableContext<'a, G: Game> {
    pub state: &'a TableState<G>,
    pub dispatch: Callback<Action<G>>,
}

/// A game's drawing and the controls only it has.
pub trait GameView: Game {
    /// The class of the game's section (`freecell`, `klondike pyramid`).
    const CLASS: &'static str;

    /// The share panel's summary.
    const SHARE_TITLE: &'static str = "Share";

    /// Lays the piles out, each drawn with [`TableView::pile`] and its cards with
    /// [`TableView::card`].
    fn draw(view: &TableView<Self>) -> Html;

    /// Controls the game adds to the toolbar (FreeCell's autoplay; the deal number and the
    /// variant are the shared table's).
    fn toolbar(_table: &TableContext<Self>) -> Html {
        Html::default()
    }

    /// Panels the game adds below the share panel: by default the shared panel that deals a
    /// pasted deal, for a game that takes one ([`crate::games::Dealing::PASTE`]).
    fn panels(table: &TableContext<Self>) -> Html {
        if Self::PASTE.is_none() {
            return Html::default();
        }
        let deal = table.state.current().game.clone();
        let on_deal = table.dispatch.reform(Action::NewGame);
        html! { <PastePanel<Self> {deal} {on_deal} /> }
    }

    /// The pile Tab reaches first.
    fn first_focus(layout: &[Vec<Place<Self::Pile>>]) -> Option<Self::Pile> {
        layout.first()?.first().map(|place| place.pile)
    }

    /// The pile a single key names (FreeCell's notation keys: `3` then `b`).
    fn key_pile(_key: &str) -> Option<Self::Pile> {
        None
    }

    /// What the share panel adds (FreeCell: the game in standard notation).
    fn share_extra(_table: &TableContext<Self>) -> Html {
        Html::default()
    }
}
