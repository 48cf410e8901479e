//! Small wrappers over the browser: saved state in localStorage, the page's address, the
//! clipboard.

use crate::share::Route;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// A value saved under `key`, if there is one and it still reads.
pub fn load<T: serde::de::DeserializeOwned>(key: &str) -> Option<T> {
    serde_json::from_str(&storage()?.get_item(key).ok()??).ok()
}

/// Saves `value` under `key` (silently skipped when storage is unavailable or full).
pub fn save<T: serde::Serialize>(key: &str, value: &T) {
    if let (Some(storage), Ok(text)) = (storage(), serde_json::to_string(value)) {
        let _ = storage.set_item(key, &text);
    }
}

/// The page's address with `route` as its hash.
pub fn page_url(route: &Route) -> String {
    let location = web_sys::window().map(|w| w.location());
    let base = location
        .and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?)))
        .unwrap_or_default();
    format!("{base}{route}")
}

/// Puts `text` on the clipboard.
pub fn copy_text(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}
