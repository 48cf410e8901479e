use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Calls `callback` for every key pressed on the page, except while typing in a form field.
/// The latest callback is always used.
#[hook]
pub fn use_keydown(callback: Callback<KeyboardEvent>) {
    let latest = use_mut_ref(|| callback.clone());
    *latest.borrow_mut() = callback;
    use_effect_with((), move |_| {
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |event: KeyboardEvent| {
            let typing = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|target| matches!(target.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
            if !typing {
                latest.borrow().emit(event);
            }
        });
        let document = web_sys::window().and_then(|w| w.document()).expect("a document");
        let _ = document.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        move || {
            let _ =
                document.remove_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
    });
}
