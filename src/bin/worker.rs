//! The worker's entry (wasm32 only; an empty program elsewhere): registers the solver agent.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    deckhand::worker::register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
