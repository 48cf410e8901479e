//! Yukon's drawing: the foundations above seven fanned piles. Everything else (deal number,
//! pasted decks, hints, replay, keyboard) is the shared table's.

use yew::prelude::*;

use super::table::{GameView, TableView};
use crate::cards::Suit;
use crate::games::yukon::{Pile, Yukon, PILES};

impl GameView for Yukon {
    const CLASS: &'static str = "klondike yukon";

    fn draw(view: &TableView<Yukon>) -> Html {
        let position = view.position;
        // The pile that needs the most room at full fan, so the fan closes up when it would
        // not fit (www/style.css reads these as for Klondike).
        let (worst_down, worst_up) = (0..PILES)
            .map(|p| (position.face_down(p), position.pile(p).len() - position.face_down(p)))
            .max_by_key(|&(down, up)| down * 10 + up.saturating_sub(1) * 24)
            .unwrap_or((0, 1));
        html! {
            <>
                <div class="top-row">
                    <div class="talon" aria-hidden="true"></div>
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
                    { for (0..PILES).map(|p| {
                        let pile = Pile::Tableau(p as u8);
                        let cards = position.pile(p);
                        let down = position.face_down(p);
                        let drawn = html! { <>{ for cards.iter().enumerate().map(|(depth, &card)|
                            view.card(pile, depth, (depth >= down).then_some(card))) }</> };
                        view.pile(pile, classes!("column"), &[("data-down", down), ("data-up", cards.len() - down)], drawn)
                    }) }
                </div>
            </>
        }
    }
}
