//! Klondike's drawing and the controls only it has: the deal number, the draw and a custom
//! deck. Everything else is the shared table's.

use std::rc::Rc;

use yew::prelude::*;

use super::table::{GameView, TableContext, TableView};
use crate::cards::Suit;
use crate::games::klondike::{format_deck, parse_deck, Draw, Klondike, KlondikeDeal, Pile, COLUMNS};
use crate::table::Action;

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

    fn toolbar(table: &TableContext<Klondike>) -> Html {
        let deal = table.state.current().game.clone();
        let draw = deal.draw;
        let on_seed = table.dispatch.reform(move |event: Event| {
            let input: web_sys::HtmlInputElement = event.target_unchecked_into();
            match input.value().trim().parse::<u64>() {
                Ok(seed) => Action::NewGame(KlondikeDeal::seeded(seed, draw)),
                Err(_) => Action::Refuse("a deal number is a whole number".into()),
            }
        });
        let on_draw = table.dispatch.reform(move |event: Event| {
            let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
            let draw = if select.value() == "3" { Draw::Three } else { Draw::One };
            Action::NewGame(KlondikeDeal { draw, ..deal.clone() })
        });
        let seed = table.state.current().game.seed.map(|s| s.to_string()).unwrap_or_default();
        html! {
            <>
                <input type="number" min="0" value={seed} aria-label="Deal number" placeholder="Deal" onchange={on_seed} />
                <select aria-label="Draw" title="Draw" onchange={on_draw}>
                    <option value="1" selected={draw == Draw::One}>{"Draw 1"}</option>
                    <option value="3" selected={draw == Draw::Three}>{"Draw 3"}</option>
                </select>
            </>
        }
    }

    fn panels(table: &TableContext<Klondike>) -> Html {
        let deal = &table.state.current().game;
        let draw = deal.draw;
        let on_deck = table
            .dispatch
            .reform(move |deck| Action::NewGame(KlondikeDeal { seed: None, deck: Rc::new(deck), draw }));
        html! { <CustomDeck text={format_deck(&deal.deck)} {on_deck} /> }
    }
}

/// The longest custom deck text read.
const MAX_DECK_TEXT: usize = 4_096;

#[derive(Properties, PartialEq)]
struct CustomDeckProps {
    text: String,
    on_deck: Callback<crate::cards::Deck>,
}

/// A deck typed in dealing order; what is wrong with it is named, and the text kept.
#[component]
fn CustomDeck(props: &CustomDeckProps) -> Html {
    let text = use_node_ref();
    let problem = use_state(|| None::<String>);
    // The box shows the deck on the table when that changes, and otherwise keeps what the
    // player typed (a redraw of the table must not undo their edit).
    {
        let text = text.clone();
        use_effect_with(props.text.clone(), move |deck| {
            if let Some(area) = text.cast::<web_sys::HtmlTextAreaElement>() {
                area.set_value(deck);
            }
        });
    }
    let onclick = {
        let text = text.clone();
        let problem = problem.clone();
        let on_deck = props.on_deck.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(area) = text.cast::<web_sys::HtmlTextAreaElement>() else { return };
            // The length in UTF-16 units bounds the UTF-8 length from below: a paste over the
            // cap is refused without copying it out of the page.
            let units = area.text_length() as usize;
            let value = if units > MAX_DECK_TEXT { String::new() } else { area.value() };
            let length = units.max(value.len());
            if length > MAX_DECK_TEXT {
                problem.set(Some(format!(
                    "a deck is at most {MAX_DECK_TEXT} characters; this text has {length}"
                )));
                return;
            }
            match parse_deck(&value) {
                Ok(deck) => {
                    problem.set(None);
                    on_deck.emit(deck);
                }
                Err(error) => problem.set(Some(error.to_string())),
            }
        })
    };
    html! {
        <details class="deck-panel">
            <summary>{"Deal your own deck"}</summary>
            <label for="klondike-deck">{"A deck of 52 cards in dealing order: the 28 tableau cards row by row as a person deals (one to each of columns 1 to 7, then one to each of columns 2 to 7, and so on), then the stock from the top"}</label>
            <textarea id="klondike-deck" ref={text} rows="4" aria-label="Custom deck" />
            <button {onclick}>{"Deal this deck"}</button>
            if let Some(problem) = (*problem).clone() {
                <div class="refusal" role="alert" data-testid="deck-error">{problem}</div>
            }
        </details>
    }
}
