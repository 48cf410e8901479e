//! Yukon's drawing: the foundations above seven fanned piles. Everything else (deal number,
//! pasted decks, hints, replay, keyboard) is the shared table's.

use yew::prelude::*;

use super::table::{GameView, TableView};
use crate::games::yukon::{Pile, Yukon, PILES};

impl GameView for Yukon {
    const CLASS: &'static str = "klondike yukon";

    fn draw(view: &TableView<Yukon>) -> Html {
        let position = view.position;
        html! {
            <>
                <div class="top-row">
                    <div class="talon" aria-hidden="true"></div>
                    {view.suit_foundations(Pile::Foundation, |suit| position.foundation_top(suit))}
                </div>
                {view.fanned_row((0..PILES).map(|p| (Pile::Tableau(p as u8), position.pile(p), position.face_down(p))))}
            </>
        }
    }
}
