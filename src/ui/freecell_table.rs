use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::card::CardView;
use super::freecell_state::{Pile, Selection};
use crate::cards::{Card, Suit};
use crate::games::freecell::{Move, Position, Source, Target};

#[derive(Properties, PartialEq, Clone)]
pub struct FreeCellTableProps {
    pub position: Position,
    #[prop_or_default]
    pub selection: Option<Selection>,
    /// The hinted move: its source and destination are highlighted.
    #[prop_or_default]
    pub hint: Option<Move>,
    /// A drag or a click-then-click ended on another pile.
    pub on_attempt: Callback<(Pile, usize, Pile)>,
    /// A card or pile was clicked (select or complete a click-then-click move).
    pub on_click: Callback<(Pile, usize)>,
    /// A card was double-clicked (send it home or to the best free spot).
    pub on_send_away: Callback<Pile>,
}

/// A card being dragged: where it came from and how far the pointer has moved.
#[derive(Clone, Copy, PartialEq)]
struct Drag {
    pile: Pile,
    depth: usize,
    start: (i32, i32),
    offset: (i32, i32),
    pointer: i32,
}

impl Drag {
    fn moved(&self) -> bool {
        self.offset.0.abs() + self.offset.1.abs() > 6
    }
}

fn pile_name(pile: Pile) -> String {
    match pile {
        Pile::Cascade(i) => format!("cascade-{}", i + 1),
        Pile::Cell(i) => format!("freecell-{}", i + 1),
        Pile::Foundation(i) => format!("foundation-{}", i + 1),
    }
}

/// The pile under the pointer, ignoring the cards being dragged.
fn pile_at(x: i32, y: i32, dragged: Pile) -> Option<Pile> {
    let document = web_sys::window()?.document()?;
    let elements = document.elements_from_point(x as f32, y as f32);
    for element in elements.iter() {
        let Ok(element) = element.dyn_into::<web_sys::Element>() else { continue };
        if element.class_list().contains("dragging") {
            continue;
        }
        if let Ok(Some(pile)) = element.closest("[data-pile]") {
            if let Some(found) = pile.get_attribute("data-pile").and_then(|name| Pile::parse(&name)) {
                if found != dragged {
                    return Some(found);
                }
            }
        }
    }
    None
}

fn source_pile(source: Source) -> Pile {
    match source {
        Source::Cascade(i) => Pile::Cascade(i),
        Source::Cell(i) => Pile::Cell(i),
    }
}

/// The FreeCell layout, interactive: free cells and foundations above eight cascades. Cards
/// move by pointer drag (mouse, pen, touch), click-then-click and double-click.
#[component]
pub fn FreeCellTable(props: &FreeCellTableProps) -> Html {
    let drag = use_state(|| None::<Drag>);
    let position = &props.position;

    let hint_from = props.hint.map(|mv| source_pile(mv.from));
    let hint_to = props.hint.map(|mv| match mv.to {
        Target::Cascade(i) => Pile::Cascade(i),
        Target::Cell(i) => Pile::Cell(i),
        Target::Foundation => Pile::Foundation(mv.card.suit().index() as u8),
    });

    // Which cards a pointer-down may pick up: a cell's card, or a cascade's movable run.
    let movable_from = |pile: Pile| -> usize {
        match pile {
            Pile::Cascade(i) => {
                let cascade = position.cascade(usize::from(i));
                cascade.len() - position.run_length(usize::from(i))
            }
            _ => 0,
        }
    };

    let card_view = |pile: Pile, depth: usize, card: Card, style: String| {
        let picked = props.selection.map(|s| s.pile == pile && depth >= s.depth).unwrap_or(false);
        let dragging = drag.map(|d| d.pile == pile && depth >= d.depth && d.moved()).unwrap_or(false);
        let hinted = props.hint.map(|mv| hint_from == Some(pile) && card == mv.card).unwrap_or(false);
        let mut style = style;
        if let Some(d) = *drag {
            if dragging {
                style.push_str(&format!("; transform: translate({}px, {}px)", d.offset.0, d.offset.1));
            }
        }
        let can_pick = matches!(pile, Pile::Cell(_)) || depth >= movable_from(pile);
        let onpointerdown = {
            let drag = drag.clone();
            Callback::from(move |event: PointerEvent| {
                if !can_pick || event.button() != 0 {
                    return;
                }
                if let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    let _ = target.set_pointer_capture(event.pointer_id());
                }
                drag.set(Some(Drag {
                    pile,
                    depth,
                    start: (event.client_x(), event.client_y()),
                    offset: (0, 0),
                    pointer: event.pointer_id(),
                }));
            })
        };
        let onpointermove = {
            let drag = drag.clone();
            Callback::from(move |event: PointerEvent| {
                if let Some(mut d) = *drag {
                    if d.pointer == event.pointer_id() {
                        d.offset = (event.client_x() - d.start.0, event.client_y() - d.start.1);
                        drag.set(Some(d));
                    }
                }
            })
        };
        let onpointerup = {
            let drag = drag.clone();
            let on_attempt = props.on_attempt.clone();
            let on_click = props.on_click.clone();
            Callback::from(move |event: PointerEvent| {
                let Some(d) = *drag else { return };
                drag.set(None);
                if d.moved() {
                    // Dropped off any pile, the cards snap back.
                    if let Some(to) = pile_at(event.client_x(), event.client_y(), d.pile) {
                        on_attempt.emit((d.pile, d.depth, to));
                    }
                } else {
                    on_click.emit((pile, depth));
                }
            })
        };
        let onpointercancel = {
            let drag = drag.clone();
            Callback::from(move |_: PointerEvent| drag.set(None))
        };
        let ondblclick = {
            let on_send_away = props.on_send_away.clone();
            Callback::from(move |_: MouseEvent| on_send_away.emit(pile))
        };
        let classes = classes!(
            picked.then_some("selected"),
            dragging.then_some("dragging"),
            hinted.then_some("hint"),
            can_pick.then_some("movable")
        );
        html! {
            <div class="card-slot" {onpointerdown} {onpointermove} {onpointerup} {onpointercancel} {ondblclick}
                style={style} data-depth={depth.to_string()}>
                <CardView card={Some(card)} class={classes} />
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
    let pile_classes = |pile: Pile| {
        classes!(
            "slot",
            (hint_to == Some(pile)).then_some("hint-to"),
            (hint_from == Some(pile)).then_some("hint-from")
        )
    };

    html! {
        <div class="table freecell">
            <div class="top-row">
                <div class="cells">
                    { for (0..4u8).map(|i| {
                        let pile = Pile::Cell(i);
                        html! {
                            <div class={pile_classes(pile)} data-pile={pile_name(pile)}
                                aria-label={format!("free cell {}", (b'a' + i) as char)} onclick={empty_click(pile)}>
                                if let Some(card) = position.cell(usize::from(i)) { {card_view(pile, 0, card, String::new())} }
                            </div>
                        }
                    }) }
                </div>
                <div class="foundations">
                    { for Suit::ALL.iter().map(|&suit| {
                        let pile = Pile::Foundation(suit.index() as u8);
                        html! {
                            <div class={pile_classes(pile)} data-pile={pile_name(pile)}
                                aria-label={format!("foundation of {}", suit.name())} onclick={empty_click(pile)}>
                                <span class="suit-mark" aria-hidden="true">{suit.symbol()}</span>
                                if let Some(card) = position.foundation_top(suit) { <CardView card={Some(card)} /> }
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
                            data-pile={pile_name(pile)} aria-label={format!("cascade {}", i + 1)}
                            style={format!("--cards: {}", cascade.len())} onclick={empty_click(pile)}>
                            { for cascade.iter().enumerate().map(|(depth, card)|
                                card_view(pile, depth, *card, format!("--depth: {depth}"))) }
                        </div>
                    }
                }) }
            </div>
        </div>
    }
}
