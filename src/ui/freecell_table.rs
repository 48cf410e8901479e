use yew::prelude::*;

use super::card::CardView;
use crate::cards::Card;

#[derive(Properties, PartialEq, Clone)]
pub struct FreeCellTableProps {
    /// Eight cascades, each top card first (the last card is the one that can move).
    pub cascades: Vec<Vec<Card>>,
    pub freecells: [Option<Card>; 4],
    /// The top card of each foundation.
    pub foundations: [Option<Card>; 4],
}

/// The FreeCell layout: free cells and foundations above eight cascades.
#[component]
pub fn FreeCellTable(props: &FreeCellTableProps) -> Html {
    let slot = |pile: String, label: String, card: Option<Card>| {
        html! {
            <div class="slot" data-pile={pile} aria-label={label}>
                if let Some(card) = card { <CardView card={Some(card)} /> }
            </div>
        }
    };
    html! {
        <div class="table freecell">
            <div class="top-row">
                <div class="cells">
                    { for props.freecells.iter().enumerate().map(|(i, card)|
                        slot(format!("freecell-{}", i + 1), format!("free cell {}", i + 1), *card)) }
                </div>
                <div class="foundations">
                    { for props.foundations.iter().enumerate().map(|(i, card)|
                        slot(format!("foundation-{}", i + 1), format!("foundation {}", i + 1), *card)) }
                </div>
            </div>
            <div class="cascades">
                { for props.cascades.iter().enumerate().map(|(i, cascade)| html! {
                    <div class="cascade" data-pile={format!("cascade-{}", i + 1)}
                        aria-label={format!("cascade {}", i + 1)}
                        style={format!("--cards: {}", cascade.len())}>
                        { for cascade.iter().enumerate().map(|(depth, card)| html! {
                            <CardView card={Some(*card)} style={format!("--depth: {depth}")} />
                        }) }
                    </div>
                }) }
            </div>
        </div>
    }
}
