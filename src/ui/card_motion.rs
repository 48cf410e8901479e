//! Cards travelling on a card table (the FLIP technique): after the table shows a new
//! position, each card that changed place is drawn back where it was and eased into its new
//! place with the Web Animations API. This only decorates: the DOM already shows the new
//! position when an animation starts, and the game's state is the reducer's alone, so input
//! during an animation (which cancels it) can never leave the table inconsistent.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;
use yew::prelude::*;

use crate::cards::Card;
use crate::session::{Snapshot, Table};

/// How long one move's cards travel.
const TRAVEL_MS: f64 = 180.0;
/// How long after one move's cards the next move's set off (autoplay, undo of several moves).
const STAGGER_MS: f64 = 90.0;
/// A drop point recorded at the end of a drag is the starting place of the move it makes if the
/// table changes within this time (a refused drop leaves the table unchanged, and its drop
/// point then expires).
const DROP_VALID_MS: f64 = 500.0;

/// The cards that travel into their new places after a change of position: one group per move
/// (a sequence move's run travels as one), in the order they set off.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Motion {
    /// The timeline snapshot this motion leads to; a new id means a new position to animate to.
    pub id: u64,
    pub groups: Vec<Vec<Card>>,
}

/// Where each card is drawn: its top-left corner relative to the table (so scrolling between two
/// positions does not matter).
type Places = HashMap<Card, (f64, f64)>;

/// Drop points of dragged cards, and when they were recorded.
#[derive(Default)]
pub struct DropPoints {
    at: f64,
    places: Places,
}

impl DropPoints {
    /// Records where the dragged cards are now drawn (under the pointer, before the table
    /// changes), so a move made by this drop starts from there and not from the cards' old pile.
    pub fn record(&mut self, table: &Element, cards: &[Card]) {
        let origin = table.get_bounding_client_rect();
        self.places.clear();
        for &card in cards {
            if let Some(element) = card_element(table, card) {
                let rect = element.get_bounding_client_rect();
                self.places.insert(card, (rect.x() - origin.x(), rect.y() - origin.y()));
            }
        }
        self.at = js_sys::Date::now();
    }

    fn take_fresh(&mut self) -> Places {
        let fresh = js_sys::Date::now() - self.at <= DROP_VALID_MS;
        let places = std::mem::take(&mut self.places);
        if fresh {
            places
        } else {
            Places::new()
        }
    }
}

fn card_element(table: &Element, card: Card) -> Option<Element> {
    table.query_selector(&format!("[data-card=\"{card}\"]")).ok().flatten()
}

/// Where every card is drawn. A card home but covered by a higher one is placed on its
/// foundation, so taking it back travels from there.
fn measure(table: &Element) -> Places {
    let origin = table.get_bounding_client_rect();
    let corner = |element: &Element| {
        let rect = element.get_bounding_client_rect();
        (rect.x() - origin.x(), rect.y() - origin.y())
    };
    let mut places = Places::new();
    for card in Card::all() {
        if let Some(element) = card_element(table, card) {
            places.insert(card, corner(&element));
        }
    }
    for foundation in 1..=4 {
        let Ok(Some(pile)) = table.query_selector(&format!("[data-pile=\"foundation-{foundation}\"]")) else {
            continue;
        };
        let top = pile.query_selector("[data-card]").ok().flatten();
        let Some(top) = top.and_then(|t| t.get_attribute("data-card")?.parse::<Card>().ok()) else {
            continue;
        };
        let place = corner(&pile);
        for lower in Card::all().filter(|c| c.suit() == top.suit() && c.rank() < top.rank()) {
            places.insert(lower, place);
        }
    }
    places
}

/// Calls `target.name(arguments…)` for browser methods web-sys is not built with here.
fn call(target: &JsValue, name: &str, arguments: &[JsValue]) -> Option<JsValue> {
    let method = Reflect::get(target, &JsValue::from_str(name)).ok()?.dyn_into::<Function>().ok()?;
    let arguments: Array = arguments.iter().collect();
    method.apply(target, &arguments).ok()
}

fn object(entries: &[(&str, JsValue)]) -> Object {
    let object = Object::new();
    for (key, value) in entries {
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    object
}

/// True when the user asked the system for less motion.
fn reduced_motion() -> bool {
    let Some(window) = web_sys::window() else { return true };
    call(&window, "matchMedia", &[JsValue::from_str("(prefers-reduced-motion: reduce)")])
        .and_then(|query| Reflect::get(&query, &JsValue::from_str("matches")).ok())
        .and_then(|matches| matches.as_bool())
        .unwrap_or(false)
}

/// Ends every animation running on the table's cards (they jump to where they belong).
fn finish_all(table: &Element) {
    let options = object(&[("subtree", JsValue::TRUE)]);
    if let Some(running) = call(table, "getAnimations", &[options.into()]) {
        for animation in Array::from(&running).iter() {
            call(&animation, "cancel", &[]);
        }
    }
}

/// Draws `element` shifted by `(dx, dy)` and eases it to its place after `delay` ms.
fn travel(element: &Element, dx: f64, dy: f64, delay: f64) {
    let frame = |transform: String| {
        JsValue::from(object(&[
            ("transform", JsValue::from_str(&transform)),
            ("zIndex", JsValue::from_str("100")),
        ]))
    };
    let keyframes: Array =
        [frame(format!("translate({dx}px, {dy}px)")), frame("translate(0px, 0px)".into())].iter().collect();
    let options = object(&[
        ("duration", JsValue::from_f64(TRAVEL_MS)),
        ("delay", JsValue::from_f64(delay)),
        ("easing", JsValue::from_str("ease-out")),
        // Shown at the starting place while waiting for its turn.
        ("fill", JsValue::from_str("backwards")),
    ]);
    call(element, "animate", &[keyframes.into(), options.into()]);
}

/// Animates the table (`table`) into each new position it shows; `motion` says which cards
/// travel and in what order. Returns the drop points a drag records before making its move.
#[hook]
pub fn use_card_motion(table: NodeRef, motion: Rc<Motion>) -> Rc<RefCell<DropPoints>> {
    let places = use_mut_ref(Places::new);
    let drops = use_mut_ref(DropPoints::default);
    {
        let drops = drops.clone();
        let places = places.clone();
        let table = table.clone();
        use_effect_with(motion, move |motion| {
            let Some(table) = table.cast::<Element>() else { return };
            finish_all(&table);
            let before = std::mem::replace(&mut *places.borrow_mut(), measure(&table));
            let dropped = drops.borrow_mut().take_fresh();
            if reduced_motion() {
                return;
            }
            let after = places.borrow();
            for (index, group) in motion.groups.iter().enumerate() {
                let delay = index as f64 * STAGGER_MS;
                for card in group {
                    let from = dropped.get(card).or_else(|| before.get(card));
                    let (Some(from), Some(to)) = (from, after.get(card)) else { continue };
                    let (dx, dy) = (from.0 - to.0, from.1 - to.1);
                    if dx.abs() + dy.abs() < 1.0 {
                        continue;
                    }
                    if let Some(element) = card_element(&table, *card) {
                        travel(&element, dx, dy, delay);
                    }
                }
            }
        });
    }
    // Places go stale when the layout changes size; measure again then.
    {
        let places = places.clone();
        let table = table.clone();
        use_effect_with((), move |_| {
            let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
                if let Some(table) = table.cast::<Element>() {
                    *places.borrow_mut() = measure(&table);
                }
            });
            let window = web_sys::window().expect("a window");
            let _ = window.add_event_listener_with_callback("resize", listener.as_ref().unchecked_ref());
            move || {
                let _ =
                    window.remove_event_listener_with_callback("resize", listener.as_ref().unchecked_ref());
            }
        });
    }
    drops
}

/// What travels between two snapshots of a table's timeline (`None`: not animated).
pub type Travelling<G, P> = fn(&Snapshot<G, P>, &Snapshot<G, P>) -> Option<Vec<Vec<Card>>>;

/// The cards that travel into `current` since the snapshot shown before it, computed once per
/// snapshot (decoration only: the table's animation reads it, never the game).
#[hook]
pub fn use_snapshot_motion<G, P>(current: Snapshot<G, P>, travelling: Travelling<G, P>) -> Rc<Motion>
where
    G: Clone + PartialEq + 'static,
    P: Table + 'static,
{
    let shown = use_mut_ref(|| None::<(Snapshot<G, P>, Rc<Motion>)>);
    let mut shown = shown.borrow_mut();
    match &*shown {
        Some((snapshot, motion)) if snapshot.id == current.id => motion.clone(),
        previous => {
            let groups = previous.as_ref().and_then(|(from, _)| travelling(from, &current));
            let motion = Rc::new(Motion { id: current.id, groups: groups.unwrap_or_default() });
            *shown = Some((current, motion.clone()));
            motion
        }
    }
}
