//! The deal most games start from: one 52-card deck in dealing order, from PySolFC's game
//! number (so that a player's game #N is the same layout here and in PySolFC) or pasted. A game
//! says how a deck is laid out ([`DeckDealt`]); these functions give it the rest of
//! [`Dealing`](super::Dealing): titles, links, pasting and saving.

use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

use crate::cards::{Card, Deck};
use crate::deal::{pysol_deal_order, PysolNumber, PYSOL_SUITS};
use crate::games::Variant;
use crate::session::Start;
use crate::share::{decode_deck, encode_deck, LinkError};

/// A game laid out from one 52-card deck.
pub trait DeckDealt: 'static {
    /// The position a deal starts from.
    type Position;
    /// The game's variant ([`super::OneVariant`] for most).
    type Variant: Variant;
    /// The game's name in titles ("Yukon").
    const TITLE: &'static str;
    /// Lays out `cards`, first dealt first (PySolFC's order), in `variant`.
    fn lay_out(cards: &[Card], variant: Self::Variant) -> Self::Position;
}

/// A deal of a [`DeckDealt`] game: the deck in dealing order (first dealt first), its PySolFC
/// game number if it came from one, and the variant.
pub struct DeckDeal<G: DeckDealt> {
    pub number: Option<PysolNumber>,
    pub deck: Rc<Deck>,
    pub variant: G::Variant,
    game: PhantomData<G>,
}

impl<G: DeckDealt> DeckDeal<G> {
    /// PySolFC's game `number`.
    pub fn numbered(number: PysolNumber, variant: G::Variant) -> DeckDeal<G> {
        let cards = pysol_deal_order(number, 1, &PYSOL_SUITS);
        let deck = Deck::from_cards(cards).expect("one whole deck");
        DeckDeal { number: Some(number), deck: Rc::new(deck), variant, game: PhantomData }
    }

    /// A deck given in dealing order.
    pub fn pasted(deck: Deck, variant: G::Variant) -> DeckDeal<G> {
        DeckDeal { number: None, deck: Rc::new(deck), variant, game: PhantomData }
    }

    /// The deal for a seed: PySolFC's game with that number (`None` for 0).
    pub fn seeded(seed: u64, variant: G::Variant) -> Option<DeckDeal<G>> {
        PysolNumber::new(u128::from(seed)).ok().map(|number| DeckDeal::numbered(number, variant))
    }

    /// The seed of a numbered deal that fits a `u64`.
    pub fn seed(&self) -> Option<u64> {
        self.number.and_then(|n| u64::try_from(n.get()).ok())
    }

    /// "Yukon #164", "Yukon (pasted deck)".
    pub fn title(&self) -> String {
        match self.number {
            Some(number) => format!("{} #{number}", G::TITLE),
            None => format!("{} (pasted deck)", G::TITLE),
        }
    }

    /// "deal 164", "this deck".
    pub fn describe(&self) -> String {
        match self.number {
            Some(number) => format!("deal {number}"),
            None => "this deck".into(),
        }
    }

    /// The link path: `164`, or `deck/<code>`.
    pub fn path(&self) -> String {
        match self.number {
            Some(number) => number.to_string(),
            None => format!("deck/{}", encode_deck(&self.deck)),
        }
    }

    /// A link path read back ([`DeckDeal::path`]); `Ok(None)` for an empty one.
    pub fn parse_path(segments: &[&str], variant: G::Variant) -> Result<Option<DeckDeal<G>>, LinkError> {
        match segments {
            [] => Ok(None),
            ["deck", code] => Ok(Some(DeckDeal::pasted(decode_deck(code)?, variant))),
            [number] => {
                number.parse::<PysolNumber>().map(|number| Some(DeckDeal::numbered(number, variant))).map_err(
                    |error| LinkError::BadContent { what: "deal number".into(), reason: error.to_string() },
                )
            }
            _ => Err(LinkError::UnknownPage { path: crate::limits::quote(&segments.join("/")) }),
        }
    }

    /// A pasted deck of 52 cards in dealing order; the error lists every problem.
    pub fn from_text(text: &str, variant: G::Variant) -> Result<DeckDeal<G>, String> {
        let deck = text.parse::<Deck>().map_err(|error| error.to_string())?;
        Ok(DeckDeal::pasted(deck, variant))
    }

    /// The deck as text, in dealing order.
    pub fn text(&self) -> String {
        self.deck.to_string()
    }
}

/// What [`DeckDealt`] games paste: a deck in dealing order.
pub const PASTE: &str = "A deck of 52 cards in dealing order, first dealt first (as PySolFC deals it)";

impl<G: DeckDealt> Start<G::Position> for DeckDeal<G> {
    fn start(&self) -> G::Position {
        G::lay_out(self.deck.cards(), self.variant)
    }
}

impl<G: DeckDealt> Clone for DeckDeal<G> {
    fn clone(&self) -> Self {
        DeckDeal { number: self.number, deck: self.deck.clone(), variant: self.variant, game: PhantomData }
    }
}

impl<G: DeckDealt> PartialEq for DeckDeal<G> {
    fn eq(&self, other: &Self) -> bool {
        self.number == other.number && self.deck == other.deck && self.variant == other.variant
    }
}

impl<G: DeckDealt> fmt::Debug for DeckDeal<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeckDeal")
            .field("game", &G::TITLE)
            .field("number", &self.number)
            .field("variant", &self.variant)
            .finish()
    }
}
