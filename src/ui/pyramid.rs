//! Pyramid's drawing and the controls only it has: the stock's Draw / Recycle button and the
//! paste box. Everything else is the shared table's.

use std::collections::HashSet;
use std::rc::Rc;

use yew::prelude::*;

use super::table::{GameView, TableContext, TableView};
use crate::cards::{line_tokens, Deck, DeckError, DeckSetup};
use crate::games::pyramid::{format_deck, row_column, Pile, Pyramid, PyramidDeal, PYRAMID_CARDS};
use crate::table::Action;

use crate::cards::MAX_PASTE_LEN;

/// How many problems of each kind a refused paste lists before "and N more".
const LISTED: usize = 6;

impl GameView for Pyramid {
    const CLASS: &'static str = "pyramid";

    fn draw(view: &TableView<Pyramid>) -> Html {
        let position = view.position;
        let slots = (0..PYRAMID_CARDS).map(|index| {
            let (row, column) = row_column(index);
            let pile = Pile::Pyramid(index as u8);
            match position.pyramid_card(index) {
                Some(card) => {
                    let covered = !position.is_uncovered(index);
                    let class = classes!("pyramid-slot", covered.then_some("covered"));
                    let place = [("data-row", row), ("data-col", column)];
                    view.pile(pile, class, &place, view.card(pile, 0, Some(card)))
                }
                None => html! {
                    <div class="pyramid-slot empty" data-pile={pile.to_string()}
                        data-row={row.to_string()} data-col={column.to_string()} />
                },
            }
        });
        let stock = position.stock_top().map(|card| view.card(Pile::Stock, 0, Some(card)));
        let waste = position.waste_top().map(|card| view.card(Pile::Waste, 0, Some(card)));
        html! {
            <div class="pyramid-rows">
                { for slots }
                <div class="stock-row">
                    {view.pile(Pile::Stock, classes!("slot"), &[], stock.unwrap_or_default())}
                    {view.pile(Pile::Waste, classes!("slot"), &[], waste.unwrap_or_default())}
                    <span class="stock-count">{format!("Stock {} · waste {}", position.stock().len(), position.waste().len())}</span>
                </div>
            </div>
        }
    }

    fn toolbar(table: &TableContext<Pyramid>) -> Html {
        let position = &table.state.current().position;
        let label = if position.stock_top().is_some() {
            Some("Draw")
        } else if position.recycles_left() > 0 && !position.waste().is_empty() {
            Some("Recycle")
        } else {
            None
        };
        match label {
            Some(label) => {
                html! { <button onclick={table.dispatch.reform(|_| Action::Deal)}>{label}</button> }
            }
            None => Html::default(),
        }
    }

    fn panels(table: &TableContext<Pyramid>) -> Html {
        let on_deck = table
            .dispatch
            .reform(|deck: Deck| Action::NewGame(PyramidDeal { seed: None, deck: Rc::new(deck) }));
        html! { <DeckPaste {on_deck} text={format_deck(&table.state.current().game.deck)} /> }
    }
}

/// `items` joined by ", ", at most `LISTED` of them, then "and N more".
fn listed(items: impl ExactSizeIterator<Item = String>) -> String {
    let total = items.len();
    let mut text: Vec<String> = items.take(LISTED).collect();
    if total > LISTED {
        text.push(format!("and {} more", total - LISTED));
    }
    text.join(", ")
}

/// The pasted text again, with every token that is not a card, and every copy of a
/// duplicated card, marked.
fn marked_text(text: &str, error: &DeckError) -> Html {
    let mut bad: HashSet<(usize, usize)> =
        error.malformed.iter().map(|m| (m.position.line, m.position.column)).collect();
    bad.extend(error.duplicated.iter().flat_map(|d| d.positions.iter().map(|p| (p.line, p.column))));
    let lines = text.lines().enumerate().map(|(index, line)| {
        let mut pieces = Vec::new();
        let mut shown = 0;
        for (column, range) in line_tokens(line) {
            if bad.contains(&(index + 1, column)) {
                pieces.push(html! { {&line[shown..range.start]} });
                pieces.push(html! { <mark class="bad-token">{&line[range.clone()]}</mark> });
                shown = range.end;
            }
        }
        pieces.push(html! { {&line[shown..]} });
        html! { <>{ for pieces }{"\n"}</> }
    });
    html! { <pre class="marked-deck" data-testid="marked-deck">{ for lines }</pre> }
}

/// Everything wrong with a pasted deck, listed (the first few of each kind), with the text marked.
fn deck_problems(text: &str, error: &DeckError) -> Html {
    let duplicated = error.duplicated.iter().map(|d| {
        format!(
            "{} at {}",
            d.card,
            d.positions.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ")
        )
    });
    let malformed = error.malformed.iter().map(ToString::to_string);
    html! {
        <div class="refusal" role="alert" data-testid="deck-error">
            <p>{"This is not a full deck:"}</p>
            <ul class="problems">
                <li>{format!("Found {} cards; a deck has 52.", error.found)}</li>
                if !error.missing.is_empty() {
                    <li data-testid="missing">{format!("Missing: {}", listed(error.missing.iter().map(ToString::to_string)))}</li>
                }
                if !error.duplicated.is_empty() {
                    <li data-testid="duplicated">{format!("Duplicated: {}", listed(duplicated))}</li>
                }
                if !error.malformed.is_empty() {
                    <li class="malformed">{listed(malformed)}</li>
                }
            </ul>
            {marked_text(text, error)}
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct DeckPasteProps {
    /// A full deck was pasted and checked.
    pub on_deck: Callback<Deck>,
    /// The deck on the table, written out: what the box shows until the player types.
    pub text: AttrValue,
}

/// What went wrong with the last paste checked.
#[derive(Clone, PartialEq)]
enum PasteProblem {
    TooLong(usize),
    Deck(String, DeckError),
}

/// The paste box: a deck is read at once (it is short: longer pastes are refused before
/// reading), and what is wrong with it is named and marked without touching the game on the
/// table or the text in the box (the box is not redrawn from state while typing, so a paste
/// of any size costs nothing until Check). It stays open for the next deck.
#[component]
pub fn DeckPaste(props: &DeckPasteProps) -> Html {
    let area = use_node_ref();
    let open = use_state(|| false);
    let problem = use_state(|| None::<PasteProblem>);
    // The box shows the table's deck when the deck changes, and is never redrawn from state
    // otherwise: what the player typed stays, also after a refused Check.
    {
        let area = area.clone();
        use_effect_with(props.text.clone(), move |text| {
            if let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>() {
                area.set_value(text);
            }
        });
    }
    let onclick = {
        let area = area.clone();
        let problem = problem.clone();
        let open = open.clone();
        let on_deck = props.on_deck.clone();
        Callback::from(move |_: MouseEvent| {
            open.set(true);
            let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>() else { return };
            // The length in UTF-16 units bounds the UTF-8 length from below: a paste over the
            // cap is refused without copying it out of the page.
            let length = area.text_length() as usize;
            if length > MAX_PASTE_LEN {
                problem.set(Some(PasteProblem::TooLong(length)));
                return;
            }
            let text = area.value();
            if text.len() > MAX_PASTE_LEN {
                problem.set(Some(PasteProblem::TooLong(text.len())));
                return;
            }
            match DeckSetup::parse(&text).deck() {
                Ok(deck) => {
                    problem.set(None);
                    on_deck.emit(deck);
                }
                Err(error) => problem.set(Some(PasteProblem::Deck(text, error))),
            }
        })
    };
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |event: Event| {
            let details: web_sys::HtmlElement = event.target_unchecked_into();
            open.set(details.has_attribute("open"));
        })
    };
    html! {
        <details class="paste" open={*open} {ontoggle}>
            <summary>{"Paste a deck"}</summary>
            <label for="deck">{"52 cards: the 28 pyramid cards row by row from the apex, then the stock from the top. \
                Any separators or layout; upper or lower case."}</label>
            <textarea id="deck" ref={area} rows="6" spellcheck="false"
                placeholder="Th 2h 4d 3h Qd 8h 9h …" aria-label="Pyramid deck" />
            <div class="controls">
                <button {onclick}>{"Check"}</button>
            </div>
            { match &*problem {
                Some(PasteProblem::TooLong(length)) => html! {
                    <div class="refusal" role="alert" data-testid="deck-error">
                        {format!("This paste is {} characters long; a deck is read from at most {}.",
                            crate::limits::Thousands(*length), crate::limits::Thousands(MAX_PASTE_LEN))}
                    </div>
                },
                Some(PasteProblem::Deck(text, error)) => deck_problems(text, error),
                None => Html::default(),
            } }
        </details>
    }
}
