//! The deal choices every table shares: the deal-number box, the variant (Klondike's draw),
//! and the panel that deals a pasted deal. A game gets them from what its rules say of its
//! deals ([`crate::games::Dealing`]): nothing here is written per game.

use yew::prelude::*;

use super::{GameView, TableContext};
use crate::games::Variant;
use crate::table::Action;

/// The longest deal number read from the box (PySolFC's run to 10^20 − 1).
const MAX_NUMBER_LEN: usize = 24;

#[derive(Properties)]
pub struct DealNumberProps<G: GameView> {
    /// The deal on the table.
    pub deal: G::Deal,
    pub on_deal: Callback<Action<G>>,
}

impl<G: GameView> PartialEq for DealNumberProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.deal == other.deal && self.on_deal == other.on_deal
    }
}

/// The deal-number box. It shows the deal on the table when that changes, and otherwise keeps
/// what the player types (a redraw of the table, every second with the clock, must not undo it).
#[component]
pub fn DealNumber<G: GameView>(props: &DealNumberProps<G>) -> Html {
    let input = use_node_ref();
    {
        let input = input.clone();
        use_effect_with(G::number_of(&props.deal).unwrap_or_default(), move |number| {
            if let Some(input) = input.cast::<web_sys::HtmlInputElement>() {
                input.set_value(number);
            }
        });
    }
    let variant = G::variant(&props.deal);
    let onchange = props.on_deal.reform(move |event: Event| {
        let input: web_sys::HtmlInputElement = event.target_unchecked_into();
        let text = input.value();
        let text = text.trim();
        if text.is_empty() || text.len() > MAX_NUMBER_LEN || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Action::Refuse(format!(
                "a deal number is a whole number of at most {MAX_NUMBER_LEN} digits"
            ));
        }
        match G::numbered(text, variant) {
            Ok(deal) => Action::NewGame(deal),
            Err(error) => Action::Refuse(error.to_string()),
        }
    });
    html! {
        <input ref={input} type="text" inputmode="numeric" aria-label="Deal number" placeholder="Deal"
            size="8" {onchange} />
    }
}

/// The deal-number box and, for a game with variants, their choice.
pub fn deal_choices<G: GameView>(table: &TableContext<G>) -> Html {
    let deal = table.state.current().game.clone();
    let variant = G::variant(&deal);
    let variants = match G::Variant::PARAMETER {
        Some(parameter) if G::Variant::ALL.len() > 1 => {
            let label = capitalized(parameter);
            let on_variant = table.dispatch.reform(move |event: Event| {
                let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
                let chosen = G::Variant::from_code(&select.value()).unwrap_or_default();
                let same = G::seed_of(&deal).and_then(|seed| G::seeded(seed, chosen));
                Action::NewGame(same.unwrap_or_else(|| G::random_deal(chosen, js_sys::Math::random())))
            });
            html! {
                <select aria-label={label.clone()} title={label} onchange={on_variant}>
                    { for G::Variant::ALL.iter().map(|v| html! {
                        <option value={v.code()} selected={*v == variant}>{v.words()}</option>
                    }) }
                </select>
            }
        }
        _ => Html::default(),
    };
    html! {
        <>
            <DealNumber<G> deal={table.state.current().game.clone()} on_deal={table.dispatch.clone()} />
            {variants}
        </>
    }
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[derive(Properties)]
pub struct PastePanelProps<G: GameView> {
    /// The deal on the table, shown in the box until the player edits it.
    pub deal: G::Deal,
    pub on_deal: Callback<G::Deal>,
}

impl<G: GameView> PartialEq for PastePanelProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.deal == other.deal && self.on_deal == other.on_deal
    }
}

/// A deal typed or pasted ([`crate::games::Dealing::PASTE`] says what); what is wrong with it is named in
/// words, and the text is kept.
#[component]
pub fn PastePanel<G: GameView>(props: &PastePanelProps<G>) -> Html {
    let text = use_node_ref();
    let problem = use_state(|| None::<String>);
    let shown = G::deal_text(&props.deal).unwrap_or_default();
    // The box shows the deal on the table when that changes, and otherwise keeps what the
    // player typed (a redraw of the table must not undo their edit).
    {
        let text = text.clone();
        use_effect_with(shown, move |deal| {
            if let Some(area) = text.cast::<web_sys::HtmlTextAreaElement>() {
                area.set_value(deal);
            }
        });
    }
    let onclick = {
        let text = text.clone();
        let problem = problem.clone();
        let on_deal = props.on_deal.clone();
        let variant = G::variant(&props.deal);
        Callback::from(move |_: MouseEvent| {
            let Some(area) = text.cast::<web_sys::HtmlTextAreaElement>() else { return };
            // The length in UTF-16 units bounds the UTF-8 length from below: a paste over the
            // cap is refused without copying it out of the page.
            let units = area.text_length() as usize;
            let value = if units > G::MAX_PASTE_LEN { String::new() } else { area.value() };
            let length = units.max(value.len());
            if length > G::MAX_PASTE_LEN {
                problem.set(Some(format!(
                    "a deal is at most {} characters; this text has {length}",
                    G::MAX_PASTE_LEN
                )));
                return;
            }
            match G::deal_from_text(&value, variant) {
                Ok(deal) => {
                    problem.set(None);
                    on_deal.emit(deal);
                }
                Err(error) => problem.set(Some(error)),
            }
        })
    };
    let id = format!("{}-deck", G::KEY);
    let invalid = problem.is_some().then_some("true");
    html! {
        <details class="deck-panel">
            <summary>{"Deal your own deck"}</summary>
            <label for={id.clone()}>{G::PASTE.unwrap_or_default()}</label>
            <textarea id={id} ref={text} rows="4" aria-label="Custom deck" aria-invalid={invalid}
                aria-describedby={problem.is_some().then_some("deck-error")} />
            <button {onclick}>{"Deal this deck"}</button>
            if let Some(problem) = (*problem).clone() {
                <div id="deck-error" class="refusal" role="alert" data-testid="deck-error">{problem}</div>
            }
        </details>
    }
}
