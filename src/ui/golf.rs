//! Golf's drawing: the stock and the waste above seven fanned piles, all face up. Everything
//! else (deal number, pasted decks, hints, replay, keyboard) is the shared table's.

use yew::prelude::*;

use super::table::{GameView, TableView};
use crate::games::golf::{Golf, Pile, PILES};

impl GameView for Golf {
    const CLASS: &'static str = "klondike golf";

    fn draw(view: &TableView<Golf>) -> Html {
        let position = view.position;
        let stock = position.stock();
        let stock_cards = if stock.is_empty() {
            html! {}
        } else {
            html! { <>{view.card(Pile::Stock, 0, None)}<span class="count" aria-hidden="true">{stock.len()}</span></> }
        };
        // The waste's top card, and the one under it while the top card moves.
        let waste = position.waste();
        let shown = waste.iter().enumerate().skip(waste.len().saturating_sub(2));
        let waste_cards =
            html! { <>{ for shown.map(|(depth, &card)| view.card(Pile::Waste, depth, Some(card))) }</> };
        html! {
            <>
                <div class="top-row">
                    <div class="talon">
                        {view.pile(Pile::Stock, classes!("slot"), &[], stock_cards)}
                        {view.pile(Pile::Waste, classes!("slot", "waste"), &[], waste_cards)}
                    </div>
                </div>
                {view.fanned_row((0..PILES).map(|p| (Pile::Tableau(p as u8), position.pile(p), 0)))}
            </>
        }
    }
}
