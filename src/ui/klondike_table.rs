use std::rc::Rc;

use yew::prelude::*;

use super::card::card_face;
use super::card_motion::{use_card_motion, Motion};
use super::hooks::{use_card_drag, DragCallbacks};
use super::klondike_state::Selection;
use crate::cards::{Card, Suit};
use crate::games::klondike::{can_lift, move_piles_in, Move, Pile, Position, COLUMNS};

#[derive(Properties, PartialEq, Clone)]
pub struct KlondikeTableProps {
    pub position: Position,
    #[prop_or_default]
    pub selection: Option<Selection>,
    /// The hinted move: its cards and destination are highlighted.
    #[prop_or_default]
    pub hint: Option<Move>,
    /// Cards dragged, or picked then clicked, onto another pile: (from, depth, to).
    pub on_attempt: Callback<(Pile, usize, Pile)>,
    /// A card or an empty pile was clicked.
    pub on_click: Callback<(Pile, usize)>,
    /// A card was double-clicked: send it home.
    pub on_send_away: Callback<Pile>,
    /// The stock was clicked: draw, or turn the waste over.
    pub on_deal: Callback<()>,
    /// The cards that travel into the position shown (decoration only).
    pub motion: Rc<Motion>,
}

/// The depth (from the bottom of its pile) of the first card a move takes.
fn moved_depth(position: &Position, mv: Move) -> Option<(Pile, usize)> {
    let (from, _) = move_piles_in(position, mv);
    let depth = match mv {
        Move::TableauToTableau { from, count, .. } => position.column(from as usize).len() - count as usize,
        Move::TableauToFoundation { from } => position.column(from as usize).len().checked_sub(1)?,
        Move::WasteToTableau { .. } | Move::WasteToFoundation => position.waste().len().checked_sub(1)?,
        Move::FoundationToTableau { .. } => 0,
        Move::Draw | Move::Recycle => 0,
    };
    Some((from, depth))
}

/// The Klondike layout, interactive: stock, waste and foundations above seven columns. Cards
/// move by pointer drag (mouse, pen, touch), click-then-click and double-click.
#[component]
pub fn KlondikeTable(props: &KlondikeTableProps) -> Html {
    let drag = use_card_drag(Pile::parse);
    let table_ref = use_node_ref();
    let drops = use_card_motion(table_ref.clone(), props.motion.clone());
    let position = &props.position;
    let before_drop = {
        let position = *position;
        let table_ref = table_ref.clone();
        Callback::from(move |(pile, depth): (Pile, usize)| {
            let cards: Vec<Card> = match pile {
                Pile::Tableau(column) => {
                    position.column(column as usize).iter().skip(depth).copied().collect()
                }
                Pile::Waste => position.waste_top().into_iter().collect(),
                Pile::Foundation(suit) => position.foundation_top(suit).into_iter().collect(),
                Pile::Stock => Vec::new(),
            };
            if let Some(table) = table_ref.cast::<web_sys::Element>() {
                drops.borrow_mut().record(&table, &cards);
            }
        })
    };
    let callbacks = DragCallbacks {
        on_drop: props.on_attempt.clone(),
        on_click: props.on_click.clone(),
        before_drop: Some(before_drop),
    };
    let hint_from = props.hint.and_then(|mv| moved_depth(position, mv));
    let hint_to = props.hint.map(|mv| move_piles_in(position, mv).1);

    let card_view = |pile: Pile, depth: usize, card: Option<Card>, style: String| {
        let can_pick = can_lift(position, pile, depth);
        let picked = props.selection.map(|s| s.pile == pile && depth >= s.depth).unwrap_or(false);
        let hinted = hint_from.map(|(p, d)| p == pile && depth >= d).unwrap_or(false) && card.is_some();
        let dragging = drag.carries(pile, depth);
        let handlers = drag.handlers(pile, depth, can_pick, &callbacks);
        let ondblclick = {
            let on_send_away = props.on_send_away.clone();
            Callback::from(move |_: MouseEvent| on_send_away.emit(pile))
        };
        let style = format!("{style}; {}", drag.follow_style(pile, depth));
        let classes = classes!(
            picked.then_some("selected"),
            dragging.then_some("dragging"),
            hinted.then_some("hint"),
            can_pick.then_some("movable")
        );
        html! {
            <div class="card-slot" onpointerdown={handlers.onpointerdown} onpointermove={handlers.onpointermove}
                onpointerup={handlers.onpointerup} onpointercancel={handlers.onpointercancel} {ondblclick}
                style={style} data-depth={depth.to_string()}>
                {card_face(card, classes)}
            </div>
        }
    };
    let empty_click = |pile: Pile| {
        let on_click = props.on_click.clone();
        Callback::from(move |event: MouseEvent| {
            // Only clicks on the pile itself; card clicks are handled by the pointer handlers.
            if event.target() == event.current_target() {
                on_click.emit((pile, 0));
            }
        })
    };
    let pile_classes = |pile: Pile, base: &'static str| {
        classes!(
            base,
            (hint_to == Some(pile)).then_some("hint-to"),
            (hint_from.map(|(p, _)| p) == Some(pile) && pile == Pile::Stock).then_some("hint-from")
        )
    };

    let stock = position.stock();
    let on_stock = {
        let on_deal = props.on_deal.clone();
        Callback::from(move |_: MouseEvent| on_deal.emit(()))
    };
    let waste = position.waste();
    let shown = if position.rules().draw.count() == 3 { 3 } else { 2 };
    let fanned = &waste[waste.len().saturating_sub(shown)..];
    let waste_first = waste.len() - fanned.len();
    let fanned_out = position.rules().draw.count() == 3;

    html! {
        <div class="table klondike" ref={table_ref} role="group" aria-label="Klondike table">
            <div class="top-row">
                <div class="talon">
                    <div class={pile_classes(Pile::Stock, "slot")} data-pile="stock" onclick={on_stock}
                        role="button" aria-label={if stock.is_empty() { "stock: empty, click to turn the waste over".to_string() } else { format!("stock: {} cards, click to draw", stock.len()) }}>
                        if stock.is_empty() {
                            <span class="recycle-mark" aria-hidden="true">{"↻"}</span>
                        } else {
                            {card_face(None, Classes::new())}
                            <span class="count" aria-hidden="true">{stock.len()}</span>
                        }
                    </div>
                    <div class={pile_classes(Pile::Waste, "slot waste")} data-pile="waste"
                        aria-label={format!("waste: {} cards", waste.len())}>
                        { for fanned.iter().enumerate().map(|(i, &card)| {
                            let depth = waste_first + i;
                            let offset = if fanned_out { i } else { 0 };
                            card_view(Pile::Waste, depth, Some(card), format!("--fan-x: {offset}"))
                        }) }
                    </div>
                </div>
                <div class="foundations">
                    { for Suit::ALL.iter().map(|&suit| {
                        let pile = Pile::Foundation(suit);
                        html! {
                            <div class={pile_classes(pile, "slot")} data-pile={pile.to_string()}
                                aria-label={format!("foundation of {}", suit.name())} onclick={empty_click(pile)}>
                                <span class="suit-mark" aria-hidden="true">{suit.symbol()}</span>
                                if let Some(card) = position.foundation_top(suit) {
                                    {card_view(pile, 0, Some(card), String::new())}
                                }
                            </div>
                        }
                    }) }
                </div>
            </div>
            <div class="tableau">
                { for (0..COLUMNS).map(|column| {
                    let pile = Pile::Tableau(column as u8);
                    let cards = position.column(column);
                    let down = position.face_down(column);
                    html! {
                        <div class={pile_classes(pile, "column")} data-pile={pile.to_string()}
                            aria-label={format!("column {}", column + 1)} onclick={empty_click(pile)}
                            style={format!("--down: {down}; --up: {}", cards.len() - down)}>
                            { for cards.iter().enumerate().map(|(depth, &card)| {
                                let face_up = depth >= down;
                                let style = format!("--d: {}; --u: {}", depth.min(down), depth.saturating_sub(down));
                                card_view(pile, depth, face_up.then_some(card), style)
                            }) }
                        </div>
                    }
                }) }
            </div>
        </div>
    }
}
