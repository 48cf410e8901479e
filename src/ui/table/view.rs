//! What a game's drawing gets from the table: the position and everything around it, and two
//! builders, [`TableView::pile`] and [`TableView::card`], that give every pile and card the
//! same behaviour in every game — drag, click-then-click, double-click, keyboard focus and
//! names for screen readers. A game only lays its piles out.
//!
//! Nothing here writes a `style` attribute (the CSP allows none): the numbers a layout needs
//! are `data-` attributes that `www/layout.css` turns into CSS variables ([`Measure`]), and the
//! cards that follow the pointer are moved by the drag hook through the CSSOM.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::GameView;
use crate::cards::{Card, Suit};
use crate::games::Spot;
use crate::table::Action;
use crate::ui::card::card_face;
use crate::ui::hooks::{CardDrag, DragCallbacks};

/// A number a game's style sheet lays a pile out by, as (`"data-<name>"`, value): `www/layout.css`
/// (written by `scripts/layout-css.mjs`, which lists the names and their ranges) turns
/// `data-cards="9"` into the CSS variable `--cards: 9`. A card's depth needs none: every card
/// carries `data-depth`, which sets `--depth`.
pub type Measure = (&'static str, usize);

/// The table as a game's drawing sees it.
pub struct TableView<'a, G: GameView> {
    pub position: &'a G::Position,
    /// The card picked up by a click or the keyboard.
    pub selection: Option<Spot<G::Pile>>,
    /// The hinted move's cards and destination.
    pub hint_from: Vec<Spot<G::Pile>>,
    pub hint_to: Option<G::Pile>,
    /// The keyboard focus, kept inside the layout.
    pub focus: Option<Spot<G::Pile>>,
    /// The pile Tab reaches first.
    pub tab_pile: Option<G::Pile>,
    pub(super) drag: &'a CardDrag<G::Pile>,
    pub(super) drag_callbacks: &'a DragCallbacks<G::Pile>,
    pub(super) dispatch: Callback<Action<G>>,
    pub(super) on_key: Callback<(G::Pile, KeyboardEvent)>,
    pub(super) on_focus: Callback<G::Pile>,
}

impl<G: GameView> TableView<'_, G> {
    /// Whether the card at `depth` of `pile` is hinted: the card the hinted move takes (for a
    /// run, its base, the card that lands).
    fn hinted(&self, pile: G::Pile, depth: usize) -> bool {
        self.hint_from.iter().any(|spot| spot.pile == pile && depth == spot.depth)
    }

    /// A pile's element: its DOM name, its name for screen readers, its place in the tab order
    /// and its keyboard, a click on its empty part (a click on a card is the card's), and the
    /// hint's outline, and the numbers its layout needs. `children` are its cards, drawn with
    /// [`TableView::card`].
    pub fn pile(&self, pile: G::Pile, class: Classes, measures: &[Measure], children: Html) -> Html {
        let choosing = self.focus.filter(|focus| focus.pile == pile).map(|focus| focus.depth);
        let mut label = G::pile_label(self.position, pile, choosing);
        if self.selection.is_some_and(|picked| picked.pile == pile) {
            label.push_str("; picked up");
        }
        let onclick = {
            let dispatch = self.dispatch.clone();
            Callback::from(move |event: MouseEvent| {
                let on_card = event
                    .target()
                    .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
                    .and_then(|target| target.closest(".card-slot").ok().flatten())
                    .is_some();
                if !on_card {
                    dispatch.emit(Action::Click(Spot { pile, depth: 0 }));
                }
            })
        };
        let onkeydown = self.on_key.reform(move |event: KeyboardEvent| (pile, event));
        let onfocus = self.on_focus.reform(move |_: FocusEvent| pile);
        let tabindex = if self.tab_pile == Some(pile) { "0" } else { "-1" };
        let hint_from = self.hint_from.iter().any(|spot| spot.pile == pile);
        let class = classes!(
            class,
            (self.hint_to == Some(pile)).then_some("hint-to"),
            hint_from.then_some("hint-from")
        );
        let mut element = html! {
            <div {class} data-pile={pile.to_string()} role="group" aria-label={label} {tabindex}
                {onclick} {onkeydown} {onfocus}>
                {children}
            </div>
        };
        if let Html::VTag(tag) = &mut element {
            let tag = std::rc::Rc::make_mut(tag);
            for &(name, value) in measures {
                tag.add_attribute(name, value.to_string());
            }
        }
        element
    }

    /// The card at `depth` of `pile` (`None`: face down), with its drag and click handlers
    /// and its marks: picked up, dragged, hinted, focused, movable. Its `data-depth` places it
    /// in a fanned pile (`--depth`); while dragged, its slot is `carried` and follows the
    /// pointer (`--drag-x`, `--drag-y`, set on the pile by the drag hook).
    pub fn card(&self, pile: G::Pile, depth: usize, card: Option<Card>) -> Html {
        let can_lift = card.is_some() && G::can_lift(self.position, pile, depth);
        let picked = self.selection.is_some_and(|s| s.pile == pile && depth >= s.depth);
        let focused = self.focus.is_some_and(|f| f.pile == pile && depth >= f.depth);
        let dragging = self.drag.carries(pile, depth);
        let handlers = self.drag.handlers(pile, depth, can_lift, self.drag_callbacks);
        let ondblclick = {
            let dispatch = self.dispatch.clone();
            Callback::from(move |_: MouseEvent| dispatch.emit(Action::SendAway(Spot { pile, depth })))
        };
        let classes = classes!(
            picked.then_some("selected"),
            dragging.then_some("dragging"),
            (card.is_some() && self.hinted(pile, depth)).then_some("hint"),
            focused.then_some("in-focus"),
            can_lift.then_some("movable")
        );
        html! {
            <div class={classes!("card-slot", dragging.then_some("carried"))} data-depth={depth.to_string()}
                onpointerdown={handlers.onpointerdown} onpointermove={handlers.onpointermove}
                onpointerup={handlers.onpointerup} onpointercancel={handlers.onpointercancel} {ondblclick}>
                {card_face(card, classes)}
            </div>
        }
    }

    /// A row of fanned piles, each given as its pile, its cards from the bottom and how many
    /// of them lie face down: the tableau of Klondike, Yukon and their kin. The row carries the
    /// pile that needs the most room at full fan (`data-worst-down`, `data-worst-up`), so that
    /// www/style.css closes the fans up when they would not fit.
    pub fn fanned_row<'c>(&self, piles: impl IntoIterator<Item = (G::Pile, &'c [Card], usize)>) -> Html {
        let piles: Vec<(G::Pile, &[Card], usize)> = piles.into_iter().collect();
        let (worst_down, worst_up) = piles
            .iter()
            .map(|&(_, cards, down)| (down, cards.len() - down))
            .max_by_key(|&(down, up)| down * 10 + up.saturating_sub(1) * 24)
            .unwrap_or((0, 1));
        html! {
            <div class="tableau" data-worst-down={worst_down.to_string()} data-worst-up={worst_up.to_string()}>
                { for piles.into_iter().map(|(pile, cards, down)| {
                    let drawn = html! { <>{ for cards.iter().enumerate().map(|(depth, &card)|
                        self.card(pile, depth, (depth >= down).then_some(card))) }</> };
                    self.pile(pile, classes!("column"), &[("data-down", down), ("data-up", cards.len() - down)], drawn)
                }) }
            </div>
        }
    }

    /// The four foundations built by suit, each showing its top card over its suit's mark.
    pub fn suit_foundations(
        &self,
        pile: impl Fn(Suit) -> G::Pile,
        top: impl Fn(Suit) -> Option<Card>,
    ) -> Html {
        html! {
            <div class="foundations">
                { for Suit::ALL.iter().map(|&suit| {
                    let pile = pile(suit);
                    let card = top(suit).map(|card| self.card(pile, 0, Some(card)));
                    let cards = html! { <><span class="suit-mark" aria-hidden="true">{suit.symbol()}</span>{card.unwrap_or_default()}</> };
                    self.pile(pile, classes!("slot"), &[], cards)
                }) }
            </div>
        }
    }
}
