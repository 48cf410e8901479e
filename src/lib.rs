//! Deckhand: solitaire rules and solvers, shared by the native command line and the
//! WebAssembly card table.
//!
//! A tour: deal Microsoft FreeCell deal #1 and read its first cascade.
//!
//! ```
//! use deckhand::deal::{microsoft_freecell, DealNumber};
//!
//! let cascades = microsoft_freecell(DealNumber::new(1).unwrap());
//! let first: Vec<String> = cascades[0].iter().map(|card| card.to_string()).collect();
//! assert_eq!(first.join(" "), "JD KD 2S 4C 3S 6D 6S");
//! ```
//!
//! Cards parse from any common spelling and always print upper case:
//!
//! ```
//! use deckhand::{Card, Rank, Suit};
//!
//! let card: Card = "10♥".parse().unwrap();
//! assert_eq!(card, Card::new(Rank::Ten, Suit::Hearts));
//! assert_eq!(card.to_string(), "TH");
//! assert_eq!(card.name(), "ten of hearts");
//! ```
#![forbid(unsafe_code)]

pub mod cards;
pub mod deal;
pub mod games;
pub mod grade;
pub mod limits;
pub mod protocol;
pub mod search;
pub mod session;
pub mod share;
pub mod table;

pub use cards::{Card, CardError, CardSet, Color, Deck, DeckError, DeckSetup, Duplicate, Rank, Suit};
pub use games::{foxhounds, freecell, klondike, pyramid, tictactoe};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod ui;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod worker;
