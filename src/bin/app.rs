//! The Yew app's entry (wasm32 only; an empty program elsewhere).

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    console_error_panic_hook::set_once();
    deckhand::ui::start();
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() {}
