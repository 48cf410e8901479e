//! The worker's entry (wasm32 only; an empty program elsewhere): registers the solver agent.

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    console_error_panic_hook::set_once();
    deckhand::worker::register();
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() {}
