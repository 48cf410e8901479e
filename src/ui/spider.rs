//! Spider's drawing: the stock and eight foundations above ten fanned piles. Face-down cards
//! fan tight and the face-up ones close up to fit the longest pile (Klondike's fanned row), so
//! long piles fit the screen without scrolling. Everything else (deal number, the suits menu,
//! hints, replay, keyboard) is the shared table's; a click on the stock deals a row, or says in
//! the status why it cannot.

use yew::prelude::*;

use super::table::{GameView, TableView};
use crate::cards::{Card, Rank};
use crate::games::spider::{Pile, Spider, PILES, RUNS};

impl GameView for Spider {
    const CLASS: &'static str = "klondike spider";

    fn draw(view: &TableView<Spider>) -> Html {
        let position = view.position;
        let rows = position.rows_left();
        let stock_cards = if rows == 0 {
            Html::default()
        } else {
            html! { <>{view.card(Pile::Stock, 0, None)}<span class="count" aria-hidden="true">{rows}</span></> }
        };
        let foundations = (0..RUNS).map(|index| {
            let king = position.cleared().get(index).map(|&suit| Card::new(Rank::King, suit));
            let card = king.map(|king| view.card(Pile::Foundation(index as u8), 0, Some(king)));
            view.pile(Pile::Foundation(index as u8), classes!("slot"), &[], card.unwrap_or_default())
        });
        html! {
            <>
                <div class="top-row">
                    <div class="talon">
                        {view.pile(Pile::Stock, classes!("slot"), &[], stock_cards)}
                    </div>
                    <div class="foundations">{ for foundations }</div>
                </div>
                {view.fanned_row((0..PILES).map(|p| (Pile::Tableau(p as u8), position.pile(p), position.face_down(p))))}
            </>
        }
    }
}
