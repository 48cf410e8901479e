//! The Yew app's entry (wasm32 only; an empty program elsewhere).

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    deckhand::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
