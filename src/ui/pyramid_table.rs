use yew::prelude::*;

use super::card::card_face;
use super::hooks::{use_card_drag, DragCallbacks};
use crate::cards::Card;
use crate::games::pyramid::{move_piles, row_column, Move, Pile, Position, PYRAMID_CARDS};

#[derive(Properties, PartialEq, Clone)]
pub struct PyramidTableProps {
    pub position: Position,
    /// A card picked up by a click, waiting for its partner.
    #[prop_or_default]
    pub picked: Option<Card>,
    /// The hinted move: its cards (or the stock, for a draw) are highlighted.
    #[prop_or_default]
    pub hint: Option<Move>,
    /// A pile's card (or the stock) was clicked.
    pub on_click: Callback<Pile>,
    /// The card of one pile was dragged onto the card of another: (from, to).
    pub on_attempt: Callback<(Pile, Pile)>,
}

/// The Pyramid layout, interactive: 28 cards in seven overlapping rows, the stock and the
/// waste. Available cards are clicked (a king goes at once, two cards making 13 go together)
/// or dragged onto their partner; a click on the stock turns it.
#[component]
pub fn PyramidTable(props: &PyramidTableProps) -> Html {
    let drag = use_card_drag(Pile::parse);
    let position = &props.position;
    let callbacks = DragCallbacks {
        on_drop: props.on_attempt.reform(|(from, _, to): (Pile, usize, Pile)| (from, to)),
        on_click: props.on_click.reform(|(pile, _): (Pile, usize)| pile),
        before_drop: None,
    };
    let hinted: Vec<Pile> = match props.hint {
        Some(Move::Draw | Move::Recycle) => vec![Pile::Stock],
        Some(mv) => move_piles(position, mv),
        None => Vec::new(),
    };
    let card_view = |pile: Pile, card: Card| {
        let available = pile.playable_card(position) == Some(card);
        // Anything on the stock is a click (turn it, or pair its card); the rest drag as well.
        let handlers = drag.handlers(pile, 0, available && pile != Pile::Stock, &callbacks);
        let classes = classes!(
            (props.picked == Some(card)).then_some("selected"),
            drag.carries(pile, 0).then_some("dragging"),
            hinted.contains(&pile).then_some("hint"),
            (available && pile != Pile::Stock).then_some("movable")
        );
        html! {
            <div class="card-slot" onpointerdown={handlers.onpointerdown} onpointermove={handlers.onpointermove}
                onpointerup={handlers.onpointerup} onpointercancel={handlers.onpointercancel}
                style={drag.follow_style(pile, 0)}>
                {card_face(Some(card), classes)}
            </div>
        }
    };
    let on_stock = {
        let on_click = props.on_click.clone();
        Callback::from(move |event: MouseEvent| {
            // Only clicks on the empty stock itself; its card is handled by the pointer handlers.
            if event.target() == event.current_target() {
                on_click.emit(Pile::Stock);
            }
        })
    };
    let stock_label = format!(
        "stock: {} cards{}",
        position.stock().len(),
        position.stock_top().map(|card| format!(", {} on top", card.name())).unwrap_or_default()
    );
    html! {
        <div class="table pyramid-table" role="group" aria-label="Pyramid table">
            <div class="pyramid-rows">
                { for (0..PYRAMID_CARDS).map(|index| {
                    let (row, column) = row_column(index);
                    let pile = Pile::Pyramid(index as u8);
                    let style = format!("--row: {row}; --col: {column}");
                    match position.pyramid_card(index) {
                        Some(card) => html! {
                            <div class={classes!("pyramid-slot", (!position.is_uncovered(index)).then_some("covered"))}
                                data-pile={pile.to_string()} style={style}>
                                {card_view(pile, card)}
                            </div>
                        },
                        None => html! { <div class="pyramid-slot empty" data-pile={pile.to_string()} style={style} /> },
                    }
                }) }
                <div class="stock-row">
                    <div class={classes!("slot", hinted.contains(&Pile::Stock).then_some("hint-to"))}
                        data-pile="stock" aria-label={stock_label} onclick={on_stock}>
                        if let Some(card) = position.stock_top() { {card_view(Pile::Stock, card)} }
                    </div>
                    <div class="slot" data-pile="waste" aria-label={format!("waste: {} cards", position.waste().len())}>
                        if let Some(card) = position.waste_top() { {card_view(Pile::Waste, card)} }
                    </div>
                    <span class="stock-count">{format!("Stock {} · waste {}",
                        position.stock().len(), position.waste().len())}</span>
                </div>
            </div>
        </div>
    }
}
