//! Klondike's drawing. Everything else (the deal number, the draw, a custom deck) is the
//! shared table's.

use yew::prelude::*;

use super::table::{GameView, TableView};
use crate::cards::Suit;
use crate::games::klondike::{Draw, Klondike, Pile, COLUMNS};

/// The column that needs the most room at full fan: its face-down and face-up cards, so the
/// fan can close up when it would not fit.
fn worst_column(position: &crate::games::klondike::Position) -> (usize, usize) {
    (0..COLUMNS)
        .map(|c| (position.face_down(c), position.column(c).len() - position.face_down(c)))
        .max_by_key(|&(down, up)| down * 10 + up.saturating_sub(1) * 24)
        .unwrap_or((0, 1))
}

impl GameView for Klondike {
    const CLASS: &'static str = "klondike";

    fn draw(view: &TableView<Klondike>) -> Html {
        let position = view.position;
        let stock = position.stock();
        let stock_cards = if stock.is_empty() {
            html! { <span class="recycle-mark" aria-hidden="true">{"↻"}</span> }
        } else {
            html! { <>{view.card(Pile::Stock, 0, None)}<span class="count" aria-hidden="true">{stock.len()}</span></> }
        };
        let waste = position.waste();
        let fanned_out = position.rules().draw == Draw::Three;
        // The waste's top cards (three fan out in draw three: www/style.css, `.waste.fanned`).
        let first = waste.len().saturating_sub(if fanned_out { 3 } else { 2 });
        let shown = waste.iter().enumerate().skip(first);
        let waste_cards =
            html! { <>{ for shown.map(|(depth, &card)| view.card(Pile::Waste, depth, Some(card))) }</> };
        let (worst_down, worst_up) = worst_column(position);
        html! {
            <>
                <div class="top-row">
                    <div class="talon">
                        {view.pile(Pile::Stock, classes!("slot"), &[], stock_cards)}
                        {view.pile(Pile::Waste, classes!("slot", "waste", fanned_out.then_some("fanned")), &[], waste_cards)}
                    </div>
                    <div class="foundations">
                        { for Suit::ALL.iter().map(|&suit| {
                            let pile = Pile::Foundation(suit);
                            let card = position.foundation_top(suit).map(|card| view.card(pile, 0, Some(card)));
                            let cards = html! { <><span class="suit-mark" aria-hidden="true">{suit.symbol()}</span>{card.unwrap_or_default()}</> };
                            view.pile(pile, classes!("slot"), &[], cards)
                        }) }
                    </div>
                </div>
                <div class="tableau" data-worst-down={worst_down.to_string()} data-worst-up={worst_up.to_string()}>
                    { for (0..COLUMNS).map(|column| {
                        let pile = Pile::Tableau(column as u8);
                        let cards = position.column(column);
                        let down = position.face_down(column);
                        let drawn = html! { <>{ for cards.iter().enumerate().map(|(depth, &card)|
                            view.card(pile, depth, (depth >= down).then_some(card))) }</> };
                        view.pile(pile, classes!("column"), &[("data-down", down), ("data-up", cards.len() - down)], drawn)
                    }) }
                </div>
            </>
        }
    }
}
