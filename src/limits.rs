//! Bounds on input and on what errors say about it.
//!
//! Every parser and decoder checks its input's length against a cap of its own (a `pub const`
//! next to it, such as [`crate::cards::MAX_PASTE_LEN`]) before doing anything else, and
//! answers an over-long input with a [`TooLong`] that names the limit. Errors quote at most
//! the start of a bad input ([`quote`]) and list at most the first [`MAX_LISTED`] problems,
//! then "and N more" ([`Listed`]).
//!
//! ```
//! use deckhand::limits::{check_length, quote};
//!
//! let long = "x".repeat(1_048_576);
//! let error = check_length(&long, 4096, "deck paste").unwrap_err();
//! assert_eq!(error.to_string(), "a deck paste is at most 4,096 characters; this one has 1,048,576");
//! assert_eq!(quote(&long).chars().count(), 41); // 40 characters and an ellipsis
//! ```

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How many problems an error lists before "and N more".
pub const MAX_LISTED: usize = 5;

/// How many characters of an input an error quotes before an ellipsis.
pub const MAX_QUOTED: usize = 40;

/// An input longer than its cap: what it is, the cap and its length, in characters.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{} {what} is at most {} characters; this one has {}", article(what), Thousands(*limit), Thousands(*found))]
pub struct TooLong {
    /// What the input is ("deck paste", "board code", "list of moves" …).
    pub what: Cow<'static, str>,
    pub limit: usize,
    pub found: usize,
}

fn article(what: &str) -> &'static str {
    match what.as_bytes().first() {
        Some(b'a' | b'e' | b'i' | b'o' | b'u') => "an",
        _ => "a",
    }
}

/// Checks that `text` has at most `limit` characters. Costs nothing for a text of at most
/// `limit` bytes; a longer one is counted once (linear, no allocation).
pub fn check_length(text: &str, limit: usize, what: &'static str) -> Result<(), TooLong> {
    if text.len() <= limit {
        return Ok(());
    }
    let found = text.chars().count();
    if found <= limit {
        Ok(())
    } else {
        Err(TooLong { what: Cow::Borrowed(what), limit, found })
    }
}

/// `text` for quoting in an error: at most [`MAX_QUOTED`] characters, then `…` if cut.
/// Linear in the quoted part only, whatever the length of `text`.
pub fn quote(text: &str) -> String {
    shorten(text, MAX_QUOTED)
}

/// At most `max` characters of `text`, then `…` if cut (for messages from elsewhere, such as
/// a JSON reader's, which may quote their input whole).
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

/// A number with thousands separators (`1,048,576`).
#[derive(Clone, Copy, Debug)]
pub struct Thousands(pub usize);

impl fmt::Display for Thousands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.to_string();
        for (index, digit) in digits.chars().enumerate() {
            if index > 0 && (digits.len() - index) % 3 == 0 {
                f.write_str(",")?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

/// Displays a list with `separator` between items: the first [`MAX_LISTED`], then
/// "and N more" when there are more.
pub struct Listed<'a, T> {
    pub items: &'a [T],
    pub separator: &'a str,
}

impl<'a, T> Listed<'a, T> {
    pub fn new(items: &'a [T], separator: &'a str) -> Listed<'a, T> {
        Listed { items, separator }
    }
}

impl<T: fmt::Display> fmt::Display for Listed<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, item) in self.items.iter().take(MAX_LISTED).enumerate() {
            if index > 0 {
                f.write_str(self.separator)?;
            }
            write!(f, "{item}")?;
        }
        if self.items.len() > MAX_LISTED {
            write!(f, "{}and {} more", self.separator, Thousands(self.items.len() - MAX_LISTED))?;
        }
        Ok(())
    }
}

/// The first [`MAX_LISTED`] items as text, then "and N more" as one more line: a bounded list
/// for a page to show item by item.
pub fn listed<T: fmt::Display>(items: &[T]) -> Vec<String> {
    let mut lines: Vec<String> = items.iter().take(MAX_LISTED).map(ToString::to_string).collect();
    if items.len() > MAX_LISTED {
        lines.push(format!("and {} more", Thousands(items.len() - MAX_LISTED)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_checked_in_characters() {
        assert_eq!(check_length("abc", 3, "code"), Ok(()));
        assert_eq!(check_length("abcd", 3, "code"), Err(TooLong { what: "code".into(), limit: 3, found: 4 }));
        // Three characters of three bytes each: within a cap of 3 characters.
        assert_eq!(check_length("♥♥♥", 3, "code"), Ok(()));
        assert_eq!(
            check_length("♥♥♥♥", 3, "list of moves").unwrap_err().to_string(),
            "a list of moves is at most 3 characters; this one has 4"
        );
        assert_eq!(
            check_length(&"x".repeat(1_048_576), 4096, "input").unwrap_err().to_string(),
            "an input is at most 4,096 characters; this one has 1,048,576"
        );
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("short"), "short");
        assert_eq!(quote(&"a".repeat(40)), "a".repeat(40));
        assert_eq!(quote(&"a".repeat(41)), format!("{}…", "a".repeat(40)));
        assert_eq!(quote(&"♥".repeat(1000)), format!("{}…", "♥".repeat(40)));
    }

    #[test]
    fn thousands() {
        for (n, text) in
            [(0, "0"), (999, "999"), (1000, "1,000"), (123456, "123,456"), (1234567, "1,234,567")]
        {
            assert_eq!(Thousands(n).to_string(), text);
        }
    }

    #[test]
    fn lists_stop_after_the_first_few() {
        let items: Vec<u32> = (1..=1000).collect();
        assert_eq!(Listed::new(&items, "; ").to_string(), "1; 2; 3; 4; 5; and 995 more");
        assert_eq!(Listed::new(&items[..5], ", ").to_string(), "1, 2, 3, 4, 5");
        assert_eq!(listed(&items), ["1", "2", "3", "4", "5", "and 995 more"]);
        assert_eq!(listed(&items[..2]), ["1", "2"]);
    }
}
