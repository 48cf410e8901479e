use yew::prelude::*;

use crate::cards::{Card, Color, Rank};

#[derive(Properties, PartialEq, Clone)]
pub struct CardViewProps {
    /// The card, or `None` for a face-down card.
    pub card: Option<Card>,
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub style: AttrValue,
}

fn rank_label(rank: Rank) -> String {
    match rank {
        Rank::Ten => "10".to_string(),
        other => other.char().to_string(),
    }
}

/// One card, drawn with CSS: corner indices and a large centre suit. Carries `data-card` and
/// an accessible name as the DOM contract requires.
#[component]
pub fn CardView(props: &CardViewProps) -> Html {
    let Some(card) = props.card else {
        return html! {
            <div class={classes!("card", "back", props.class.clone())} data-card="back"
                role="img" aria-label="face-down card" style={props.style.clone()} />
        };
    };
    let colour = match card.color() {
        Color::Red => "red",
        Color::Black => "black",
    };
    let rank = rank_label(card.rank());
    let suit = card.suit().symbol().to_string();
    html! {
        <div class={classes!("card", colour, props.class.clone())} data-card={card.to_string()}
            role="img" aria-label={card.name()} style={props.style.clone()}>
            <span class="index top" aria-hidden="true"><b>{rank.clone()}</b><i>{suit.clone()}</i></span>
            <span class="pip" aria-hidden="true">{suit.clone()}</span>
            <span class="index bottom" aria-hidden="true"><b>{rank}</b><i>{suit}</i></span>
        </div>
    }
}
