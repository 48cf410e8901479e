//! The Yew card table (wasm32 only). Components wrap the engine; no rule lives here.

mod app;
mod browser;
mod card;
mod card_motion;
mod foxhounds_page;
mod freecell;
mod freecell_family;
mod golf;
mod home;
pub mod hooks;
mod klondike;
mod pyramid;
mod spider;
pub mod table;
mod tictactoe_page;
mod tripeaks;
mod twoplayer_view;
mod yukon;

pub use app::App;
pub use card::card_face;

/// Mounts the app on the page's `#app` element (or the body).
pub fn start() {
    let document = gloo_document();
    match document.get_element_by_id("app") {
        Some(root) => yew::Renderer::<App>::with_root(root).render(),
        None => yew::Renderer::<App>::new().render(),
    };
}

fn gloo_document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("the app runs in a page with a document")
}
