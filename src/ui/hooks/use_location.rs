use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::share::Route;

/// Changes the page's hash route.
#[derive(Clone)]
pub struct Navigator {
    hash: UseStateHandle<String>,
    /// True when the latest change of address was the page settling its own address.
    replaced: Rc<Cell<bool>>,
}

impl PartialEq for Navigator {
    fn eq(&self, other: &Navigator) -> bool {
        *self.hash == *other.hash
    }
}

impl Navigator {
    /// Goes to `route` as a new history entry.
    pub fn push(&self, route: &Route) {
        let hash = route.to_string();
        if let Some(window) = web_sys::window() {
            let _ = window.location().set_hash(&hash);
        }
        self.replaced.set(false);
        self.hash.set(hash);
    }

    /// Replaces the current entry with `route` (used when a page settles on a random deal).
    pub fn replace(&self, route: &Route) {
        let hash = route.to_string();
        if let Some(window) = web_sys::window() {
            if let Ok(history) = window.history() {
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&hash));
            }
        }
        if *self.hash != hash {
            self.replaced.set(true);
        }
        self.hash.set(hash);
    }

    /// True when the current address was set by [`Navigator::replace`], not by the user.
    pub fn was_replaced(&self) -> bool {
        self.replaced.get()
    }
}

fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The location hash, kept up to date on `hashchange`, with a navigator to change it.
#[hook]
pub fn use_location_hash() -> (String, Navigator) {
    let hash = use_state(current_hash);
    let replaced = use_memo((), |_| Rc::new(Cell::new(false)));
    let replaced: Rc<Cell<bool>> = (*replaced).clone();
    {
        let hash = hash.clone();
        let replaced = replaced.clone();
        use_effect_with((), move |_| {
            let listener = Rc::new(Closure::<dyn Fn()>::new(move || {
                replaced.set(false);
                hash.set(current_hash());
            }));
            let window = web_sys::window().expect("a window");
            let _ = window
                .add_event_listener_with_callback("hashchange", listener.as_ref().as_ref().unchecked_ref());
            move || {
                let _ = window.remove_event_listener_with_callback(
                    "hashchange",
                    listener.as_ref().as_ref().unchecked_ref(),
                );
            }
        });
    }
    ((*hash).clone(), Navigator { hash, replaced })
}
