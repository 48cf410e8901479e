use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A running interval: its id and the closure the browser calls.
type RunningInterval = Rc<RefCell<Option<(i32, Closure<dyn Fn()>)>>>;

/// Calls `callback` every `period_ms` while `active`; the latest callback is always used.
#[hook]
pub fn use_interval(period_ms: u32, active: bool, callback: Callback<()>) {
    let latest = use_mut_ref(|| callback.clone());
    *latest.borrow_mut() = callback;
    use_effect_with((period_ms, active), move |&(period_ms, active)| {
        let window = web_sys::window().expect("a window");
        let handle: RunningInterval = Rc::new(RefCell::new(None));
        if active {
            let tick = Closure::<dyn Fn()>::new(move || latest.borrow().emit(()));
            let id = window
                .set_interval_with_callback_and_timeout_and_arguments_0(
                    tick.as_ref().unchecked_ref(),
                    period_ms as i32,
                )
                .unwrap_or(0);
            *handle.borrow_mut() = Some((id, tick));
        }
        move || {
            if let Some((id, _tick)) = handle.borrow_mut().take() {
                window.clear_interval_with_handle(id);
            }
        }
    });
}
