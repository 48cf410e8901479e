//! Klondike's drawing. Everything else (the deal number, the draw, a custom deck) is the
//! shared table's.

use yew::prelude::*;

use super::table::{GameView, TableView};
use crate::games::klondike::{Draw, Klondike, Pile, COLUMNS};

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
        html! {
            <>
                <div class="top-row">
                    <div class="talon">
                        {view.pile(Pile::Stock, classes!("slot"), &[], stock_cards)}
                        {view.pile(Pile::Waste, classes!("slot", "waste", fanned_out.then_some("fanned")), &[], waste_cards)}
                    </div>
                    {view.suit_foundations(Pile::Foundation, |suit| position.foundation_top(suit))}
                </div>
                {view.fanned_row((0..COLUMNS).map(|c| (Pile::Tableau(c as u8), position.column(c), position.face_down(c))))}
            </>
        }
    }
}
