use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Cards being dragged: the pile and depth they were taken from, where the pointer went down,
/// and whether it has moved far enough to make a drag.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag<P> {
    pub pile: P,
    pub depth: usize,
    start: (i32, i32),
    moved: bool,
    pointer: i32,
}

impl<P> Drag<P> {
    /// A press becomes a drag once the pointer has moved a few pixels; less is a click.
    pub fn moved(&self) -> bool {
        self.moved
    }

    /// How far `event`'s pointer is from where it went down.
    fn offset(&self, event: &PointerEvent) -> (i32, i32) {
        (event.client_x() - self.start.0, event.client_y() - self.start.1)
    }
}

/// Whether a pointer `offset` pixels away from where it went down makes a drag.
fn far_enough(offset: (i32, i32)) -> bool {
    offset.0.abs() + offset.1.abs() > 6
}

/// The pile of the card pressed by `event`: the `data-pile` ancestor of its target (Yew
/// delegates events, so the current target is the app's root).
fn pile_element(event: &PointerEvent) -> Option<web_sys::HtmlElement> {
    let card = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    card.closest("[data-pile]").ok()??.dyn_into().ok()
}

/// Moves the dragged cards: their slots (class `carried`) are translated by the CSS variables
/// `--drag-x` and `--drag-y` of their pile, set here through the CSSOM (a style attribute
/// would need 'unsafe-inline' in the CSP; a property set by script does not).
fn follow(pile: &web_sys::HtmlElement, offset: Option<(i32, i32)>) {
    let style = pile.style();
    match offset {
        Some((x, y)) => {
            let _ = style.set_property("--drag-x", &format!("{x}px"));
            let _ = style.set_property("--drag-y", &format!("{y}px"));
        }
        None => {
            let _ = style.remove_property("--drag-x");
            let _ = style.remove_property("--drag-y");
        }
    }
}

/// What a pressed card reports when it is let go.
#[derive(Clone, PartialEq)]
pub struct DragCallbacks<P: 'static> {
    /// Dropped on another pile: (from, depth, to). Dropped elsewhere, the cards snap back.
    pub on_drop: Callback<(P, usize, P)>,
    /// Pressed and released without moving: (pile, depth).
    pub on_click: Callback<(P, usize)>,
    /// Let go after moving, just before `on_drop`, while the cards are still drawn under the
    /// pointer (for the move's animation to start there).
    pub before_drop: Option<Callback<(P, usize)>>,
}

/// Pointer handlers for one card.
pub struct CardHandlers {
    pub onpointerdown: Callback<PointerEvent>,
    pub onpointermove: Callback<PointerEvent>,
    pub onpointerup: Callback<PointerEvent>,
    pub onpointercancel: Callback<PointerEvent>,
}

/// Drag and drop of cards by Pointer Events (mouse, pen and touch alike). Piles are found in
/// the DOM by their `data-pile` name, read back with `parse`. The table is drawn again only
/// when a press becomes a drag or stops being one; the pointer's moves in between only set
/// the pile's `--drag-x` and `--drag-y` ([`follow`]).
#[derive(Clone)]
pub struct CardDrag<P: 'static> {
    state: UseStateHandle<Option<Drag<P>>>,
    parse: fn(&str) -> Option<P>,
    /// The element of the pile the cards are taken from, while the pointer is down.
    held: Rc<RefCell<Option<web_sys::HtmlElement>>>,
}

impl<P: Copy + PartialEq + 'static> CardDrag<P> {
    pub fn current(&self) -> Option<Drag<P>> {
        *self.state
    }

    /// Whether the card at `depth` of `pile` is being dragged (it and every card on it).
    pub fn carries(&self, pile: P, depth: usize) -> bool {
        self.state.map(|d| d.pile == pile && depth >= d.depth && d.moved()).unwrap_or(false)
    }

    /// The handlers of the card at `depth` of `pile`; `can_pick` says whether it may be lifted.
    pub fn handlers(
        &self,
        pile: P,
        depth: usize,
        can_pick: bool,
        callbacks: &DragCallbacks<P>,
    ) -> CardHandlers {
        let onpointerdown = {
            let state = self.state.clone();
            let held = self.held.clone();
            let on_click = callbacks.on_click.clone();
            Callback::from(move |event: PointerEvent| {
                if event.button() != 0 {
                    return;
                }
                if !can_pick {
                    // Not liftable, but still a click (the stock, a face-down card).
                    on_click.emit((pile, depth));
                    return;
                }
                if let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    let _ = target.set_pointer_capture(event.pointer_id());
                }
                let element = pile_element(&event);
                if let Some(element) = &element {
                    follow(element, Some((0, 0)));
                }
                *held.borrow_mut() = element;
                state.set(Some(Drag {
                    pile,
                    depth,
                    start: (event.client_x(), event.client_y()),
                    moved: false,
                    pointer: event.pointer_id(),
                }));
            })
        };
        let onpointermove = {
            let state = self.state.clone();
            let held = self.held.clone();
            Callback::from(move |event: PointerEvent| {
                let Some(d) = *state else { return };
                if d.pointer != event.pointer_id() {
                    return;
                }
                let offset = d.offset(&event);
                if let Some(element) = &*held.borrow() {
                    follow(element, Some(offset));
                }
                if far_enough(offset) != d.moved {
                    state.set(Some(Drag { moved: far_enough(offset), ..d }));
                }
            })
        };
        let onpointerup = {
            let state = self.state.clone();
            let held = self.held.clone();
            let callbacks = callbacks.clone();
            let parse = self.parse;
            Callback::from(move |event: PointerEvent| {
                let Some(d) = *state else { return };
                state.set(None);
                if far_enough(d.offset(&event)) {
                    if let Some(to) = pile_at(event.client_x(), event.client_y(), d.pile, parse) {
                        if let Some(before_drop) = &callbacks.before_drop {
                            before_drop.emit((d.pile, d.depth));
                        }
                        callbacks.on_drop.emit((d.pile, d.depth, to));
                    }
                } else {
                    callbacks.on_click.emit((d.pile, d.depth));
                }
                // After `before_drop` read where the cards were drawn under the pointer.
                if let Some(element) = held.borrow_mut().take() {
                    follow(&element, None);
                }
            })
        };
        let onpointercancel = {
            let state = self.state.clone();
            let held = self.held.clone();
            Callback::from(move |_: PointerEvent| {
                state.set(None);
                if let Some(element) = held.borrow_mut().take() {
                    follow(&element, None);
                }
            })
        };
        CardHandlers { onpointerdown, onpointermove, onpointerup, onpointercancel }
    }
}

/// The pile under the pointer, ignoring the cards being dragged and the pile they came from.
fn pile_at<P: PartialEq>(x: i32, y: i32, dragged: P, parse: fn(&str) -> Option<P>) -> Option<P> {
    let document = web_sys::window()?.document()?;
    for element in document.elements_from_point(x as f32, y as f32).iter() {
        let Ok(element) = element.dyn_into::<web_sys::Element>() else { continue };
        if element.class_list().contains("dragging") {
            continue;
        }
        if let Ok(Some(pile)) = element.closest("[data-pile]") {
            if let Some(found) = pile.get_attribute("data-pile").and_then(|name| parse(&name)) {
                if found != dragged {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// Card dragging state for a table whose piles `parse` reads from their `data-pile` names.
#[hook]
pub fn use_card_drag<P: Copy + PartialEq + 'static>(parse: fn(&str) -> Option<P>) -> CardDrag<P> {
    let state = use_state(|| None::<Drag<P>>);
    let held = use_mut_ref(|| None);
    CardDrag { state, parse, held }
}
