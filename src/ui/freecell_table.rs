use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::card::card_face;
use super::card_motion::{use_card_motion, Motion};
use super::freecell_state::Selection;
use super::hooks::{use_card_drag, DragCallbacks};
use crate::cards::{Card, Suit};
use crate::games::freecell::{can_lift, move_piles, Move, Pile, Position};

#[derive(Properties, PartialEq, Clone)]
pub struct FreeCellTableProps {
    pub position: Position,
    #[prop_or_default]
    pub selection: Option<Selection>,
    /// The hinted move: its source and destination are highlighted.
    #[prop_or_default]
    pub hint: Option<Move>,
    /// The cards that travel into this position (animation only).
    #[prop_or_default]
    pub motion: Rc<Motion>,
    /// A drag or a click-then-click ended on another pile.
    pub on_attempt: Callback<(Pile, usize, Pile)>,
    /// A card or pile was clicked (select or complete a click-then-click move).
    pub on_click: Callback<(Pile, usize)>,
    /// A card was double-clicked (send it home or to the best free spot).
    pub on_send_away: Callback<Pile>,
}

/// The keyboard focus: a pile and, in a cascade, the card from which a run is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Focus {
    pile: Pile,
    depth: usize,
}

/// The top row's piles left to right (free cells, then foundations); column `i` sits above
/// cascade `i`.
const TOP_ROW: [Pile; 8] = [
    Pile::Cell(0),
    Pile::Cell(1),
    Pile::Cell(2),
    Pile::Cell(3),
    Pile::Foundation(0),
    Pile::Foundation(1),
    Pile::Foundation(2),
    Pile::Foundation(3),
];

fn column(pile: Pile) -> usize {
    match pile {
        Pile::Cascade(i) | Pile::Cell(i) => usize::from(i),
        Pile::Foundation(i) => 4 + usize::from(i),
    }
}

/// The first card of a cascade's movable run (its exposed end), or 0 for an empty pile.
fn movable_from(position: &Position, pile: Pile) -> usize {
    match pile {
        Pile::Cascade(i) => {
            let cascade = position.cascade(usize::from(i));
            cascade.len() - position.run_length(usize::from(i))
        }
        _ => 0,
    }
}

/// A focus kept inside what the pile holds now: in a cascade, within its movable run.
fn clamp(position: &Position, focus: Focus) -> Focus {
    match focus.pile {
        Pile::Cascade(i) => {
            let last = position.cascade(usize::from(i)).len().saturating_sub(1);
            Focus { depth: focus.depth.clamp(movable_from(position, focus.pile), last), ..focus }
        }
        _ => Focus { depth: 0, ..focus },
    }
}

/// A cascade's focus at its exposed card.
fn at_end(position: &Position, pile: Pile) -> Focus {
    clamp(position, Focus { pile, depth: usize::MAX })
}

/// Where an arrow key takes the focus: left and right along a row, up and down between the rows
/// and, in a cascade, along its movable run (up takes more cards, down fewer).
fn step(position: &Position, focus: Focus, key: &str) -> Option<Focus> {
    let top_row = !matches!(focus.pile, Pile::Cascade(_));
    let along = |delta: isize| {
        let next = (column(focus.pile) as isize + delta).rem_euclid(8) as usize;
        if top_row {
            Focus { pile: TOP_ROW[next], depth: 0 }
        } else {
            at_end(position, Pile::Cascade(next as u8))
        }
    };
    let next = match key {
        "ArrowLeft" => along(-1),
        "ArrowRight" => along(1),
        "ArrowUp" if top_row => return None,
        "ArrowUp" if focus.depth > movable_from(position, focus.pile) => {
            Focus { depth: focus.depth - 1, ..focus }
        }
        "ArrowUp" => Focus { pile: TOP_ROW[column(focus.pile)], depth: 0 },
        "ArrowDown" if top_row => at_end(position, Pile::Cascade(column(focus.pile) as u8)),
        "ArrowDown" => clamp(position, Focus { depth: focus.depth + 1, ..focus }),
        _ => return None,
    };
    Some(next)
}

/// What a screen reader says about a pile: its name, what it holds, and what the keyboard
/// has chosen or picked up there.
fn describe(position: &Position, pile: Pile, focus: Option<Focus>, selection: Option<Selection>) -> String {
    let mut text = match pile {
        Pile::Cascade(i) => {
            let cards = position.cascade(usize::from(i));
            match cards.last() {
                None => format!("cascade {}, empty", i + 1),
                Some(top) => format!("cascade {}, {} cards, the {} on top", i + 1, cards.len(), top.name()),
            }
        }
        Pile::Cell(i) => match position.cell(usize::from(i)) {
            None => format!("free cell {}, empty", (b'a' + i) as char),
            Some(card) => format!("free cell {}, the {}", (b'a' + i) as char, card.name()),
        },
        Pile::Foundation(i) => {
            let Some(suit) = Suit::from_index(usize::from(i)) else { return "foundation".into() };
            match position.foundation_top(suit) {
                None => format!("foundation of {}, empty", suit.name()),
                Some(card) => format!("foundation of {}, up to the {}", suit.name(), card.name()),
            }
        }
    };
    if let (Some(focus), Pile::Cascade(i)) = (focus.filter(|f| f.pile == pile), pile) {
        let cards = position.cascade(usize::from(i));
        let count = cards.len().saturating_sub(focus.depth);
        if count > 1 {
            text.push_str(&format!(
                "; choosing the {} and the {} below it",
                cards[focus.depth].name(),
                count - 1
            ));
        }
    }
    if selection.is_some_and(|s| s.pile == pile) {
        text.push_str("; picked up");
    }
    text
}

/// The FreeCell layout, interactive: free cells and foundations above eight cascades. Cards
/// move by pointer drag (mouse, pen, touch), click-then-click, double-click and the keyboard
/// (arrow keys move a focus between piles and along a cascade's run, Enter or Space picks up
/// and drops); moves are animated.
#[component]
pub fn FreeCellTable(props: &FreeCellTableProps) -> Html {
    let drag = use_card_drag(Pile::parse);
    let focus = use_state(|| None::<Focus>);
    let table_ref = use_node_ref();
    let drops = use_card_motion(table_ref.clone(), props.motion.clone());
    let position = &props.position;
    let focus_now = focus.map(|f| clamp(position, f));

    let (hint_from, hint_to) = match props.hint.map(move_piles) {
        Some((from, to)) => (Some(from), Some(to)),
        None => (None, None),
    };
    // A move made by a drop starts where the cards were let go.
    let before_drop = {
        let position = position.clone();
        let table_ref = table_ref.clone();
        Callback::from(move |(pile, depth): (Pile, usize)| {
            let cards: Vec<Card> = match pile {
                Pile::Cascade(i) => position.cascade(usize::from(i)).iter().skip(depth).copied().collect(),
                Pile::Cell(i) => position.cell(usize::from(i)).into_iter().collect(),
                Pile::Foundation(_) => Vec::new(),
            };
            if let Some(table) = table_ref.cast::<web_sys::Element>() {
                drops.borrow_mut().record(&table, &cards);
            }
        })
    };
    let callbacks = DragCallbacks {
        on_drop: props.on_attempt.clone(),
        on_click: props.on_click.clone(),
        before_drop: Some(before_drop),
    };

    let card_view = |pile: Pile, depth: usize, card: Card, style: String| {
        let picked = props.selection.map(|s| s.pile == pile && depth >= s.depth).unwrap_or(false);
        let dragging = drag.carries(pile, depth);
        let hinted = props.hint.map(|mv| hint_from == Some(pile) && card == mv.card).unwrap_or(false);
        let focused = focus_now.is_some_and(|f| f.pile == pile && depth >= f.depth);
        let can_pick = can_lift(position, pile, depth);
        let handlers = drag.handlers(pile, depth, can_pick, &callbacks);
        let ondblclick = {
            let on_send_away = props.on_send_away.clone();
            Callback::from(move |_: MouseEvent| on_send_away.emit(pile))
        };
        let style = format!("{style}; {}", drag.follow_style(pile, depth));
        let classes = classes!(
            picked.then_some("selected"),
            dragging.then_some("dragging"),
            hinted.then_some("hint"),
            focused.then_some("in-focus"),
            can_pick.then_some("movable")
        );
        html! {
            <div class="card-slot" onpointerdown={handlers.onpointerdown} onpointermove={handlers.onpointermove}
                onpointerup={handlers.onpointerup} onpointercancel={handlers.onpointercancel} {ondblclick}
                style={style} data-depth={depth.to_string()}>
                {card_face(Some(card), classes)}
            </div>
        }
    };

    let empty_click = |pile: Pile| {
        let on_click = props.on_click.clone();
        Callback::from(move |event: MouseEvent| {
            // Only clicks on the empty pile itself; card clicks are handled by pointer-up.
            if event.target() == event.current_target() {
                on_click.emit((pile, 0));
            }
        })
    };
    // Keyboard: the focused pile takes the arrow keys, Enter and Space (Escape and the
    // notation keys are the game's, on the whole page).
    let onkeydown = |pile: Pile| {
        let focus = focus.clone();
        let on_click = props.on_click.clone();
        let table_ref = table_ref.clone();
        let position = position.clone();
        Callback::from(move |event: KeyboardEvent| {
            let current = focus.map(|f| clamp(&position, f)).filter(|f| f.pile == pile);
            let current = current.unwrap_or_else(|| at_end(&position, pile));
            let key = event.key();
            match key.as_str() {
                "Enter" | " " => on_click.emit((pile, current.depth)),
                _ => {
                    let Some(next) = step(&position, current, &key) else { return };
                    focus.set(Some(next));
                    if next.pile != pile {
                        let selector = format!("[data-pile=\"{}\"]", next.pile);
                        let element = table_ref
                            .cast::<web_sys::Element>()
                            .and_then(|t| t.query_selector(&selector).ok().flatten());
                        if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                        {
                            let _ = element.focus();
                        }
                    }
                }
            }
            event.prevent_default();
        })
    };
    // Focus arriving by Tab or a click starts at the pile's exposed card.
    let onfocus = |pile: Pile| {
        let focus = focus.clone();
        let position = position.clone();
        Callback::from(move |_: FocusEvent| {
            if focus.map(|f| f.pile) != Some(pile) {
                focus.set(Some(at_end(&position, pile)));
            }
        })
    };
    // One pile in the tab order at a time (the focused one, else cascade 1).
    let tabindex = |pile: Pile| {
        let current = focus_now.map(|f| f.pile).unwrap_or(Pile::Cascade(0));
        if current == pile {
            "0"
        } else {
            "-1"
        }
    };
    let label = |pile: Pile| describe(position, pile, focus_now, props.selection);
    let pile_classes = |pile: Pile| {
        classes!(
            "slot",
            (hint_to == Some(pile)).then_some("hint-to"),
            (hint_from == Some(pile)).then_some("hint-from")
        )
    };

    html! {
        <div class="table freecell" ref={table_ref.clone()} role="group" aria-label="FreeCell table"
            aria-describedby="freecell-keys">
            <p id="freecell-keys" class="visually-hidden">
                {"Arrow keys move between the piles, and up and down along a cascade's run; Enter or \
                  Space picks up the chosen cards and puts them down; Escape puts them back. Keys 1 to \
                  8, a to d and h name the piles as in standard notation."}
            </p>
            <div class="top-row">
                <div class="cells">
                    { for (0..4u8).map(|i| {
                        let pile = Pile::Cell(i);
                        html! {
                            <div class={pile_classes(pile)} data-pile={pile.to_string()} role="group"
                                aria-label={label(pile)} tabindex={tabindex(pile)} onclick={empty_click(pile)}
                                onkeydown={onkeydown(pile)} onfocus={onfocus(pile)}>
                                if let Some(card) = position.cell(usize::from(i)) { {card_view(pile, 0, card, String::new())} }
                            </div>
                        }
                    }) }
                </div>
                <div class="foundations">
                    { for Suit::ALL.iter().map(|&suit| {
                        let pile = Pile::Foundation(suit.index() as u8);
                        html! {
                            <div class={pile_classes(pile)} data-pile={pile.to_string()} role="group"
                                aria-label={label(pile)} tabindex={tabindex(pile)} onclick={empty_click(pile)}
                                onkeydown={onkeydown(pile)} onfocus={onfocus(pile)}>
                                <span class="suit-mark" aria-hidden="true">{suit.symbol()}</span>
                                if let Some(card) = position.foundation_top(suit) { {card_face(Some(card), Classes::new())} }
                            </div>
                        }
                    }) }
                </div>
            </div>
            <div class="cascades">
                { for (0..8u8).map(|i| {
                    let pile = Pile::Cascade(i);
                    let cascade = position.cascade(usize::from(i));
                    html! {
                        <div class={classes!("cascade", (hint_to == Some(pile)).then_some("hint-to"))}
                            data-pile={pile.to_string()} role="group" aria-label={label(pile)}
                            tabindex={tabindex(pile)} style={format!("--cards: {}", cascade.len())}
                            onclick={empty_click(pile)} onkeydown={onkeydown(pile)} onfocus={onfocus(pile)}>
                            { for cascade.iter().enumerate().map(|(depth, card)|
                                card_view(pile, depth, *card, format!("--depth: {depth}"))) }
                        </div>
                    }
                }) }
            </div>
        </div>
    }
}
