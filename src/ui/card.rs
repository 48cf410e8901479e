use yew::prelude::*;

use crate::cards::{Card, Color, Rank};

fn rank_label(rank: Rank) -> String {
    match rank {
        Rank::Ten => "10".to_string(),
        other => other.char().to_string(),
    }
}

/// One card (`None`: face down), drawn with CSS: corner indices and a large centre suit.
/// Carries `data-card` and an accessible name as the DOM contract requires. A plain function,
/// not a component: a table draws 52 of them at once, and a component each would cost a scope
/// and a scheduled render apiece when the table opens.
pub fn card_face(card: Option<Card>, class: Classes) -> Html {
    let Some(card) = card else {
        return html! {
            <div class={classes!("card", "back", class)} data-card="back" role="img" aria-label="face-down card" />
        };
    };
    let colour = match card.color() {
        Color::Red => "red",
        Color::Black => "black",
    };
    let rank = rank_label(card.rank());
    let suit = card.suit().symbol().to_string();
    html! {
        <div class={classes!("card", colour, class)} data-card={card.to_string()}
            role="img" aria-label={card.name()}>
            <span class="index top" aria-hidden="true"><b>{rank.clone()}</b><i>{suit.clone()}</i></span>
            <span class="pip" aria-hidden="true">{suit.clone()}</span>
            <span class="index bottom" aria-hidden="true"><b>{rank}</b><i>{suit}</i></span>
        </div>
    }
}
