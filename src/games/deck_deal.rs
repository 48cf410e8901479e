//! The deal most games start from: one 52-card deck in dealing order, from PySolFC's game
//! number (so that a player's game #N is the same layout here and in PySolFC) or pasted. A game
//! says how a deck is laid out and how its moves and board are written ([`DeckDealt`]); the
//! rest of its [`Dealing`] is here, once: titles, links, pasting and saving.

use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

use crate::cards::{Card, Deck};
use crate::deal::{pysol_deal_order, PysolNumber, PYSOL_SUITS};
use crate::games::{restore_deal, save_deal, Dealing, Play, SavedDeal, Variant};
use crate::session::Start;
use crate::share::{decode_deck, encode_deck, read_link_moves, LinkError, LinkMoves};

/// A game laid out from one 52-card deck. What it says here is all of its [`Dealing`]: the
/// rest (titles, links, pasting, saving, the deal of the day) is the same for every such game;
/// its moves are written in links by its position's [`LinkMoves`] and its board (PySolFC's
/// board text) by the position's `Display`.
pub trait DeckDealt: Play<Position: LinkMoves + fmt::Display> + 'static {
    /// The game's variant ([`super::OneVariant`] for most).
    type Variant: Variant;
    /// See [`Dealing::DAILY_SALT`].
    const DAILY_SALT: u64;
    /// Lays out `cards`, first dealt first (PySolFC's order), in `variant`.
    fn lay_out(cards: &[Card], variant: Self::Variant) -> Self::Position;
}

impl<G: DeckDealt> Dealing for G {
    type Deal = DeckDeal<G>;
    type Variant = <G as DeckDealt>::Variant;
    type Saved = SavedDeal;

    const DAILY_SALT: u64 = <G as DeckDealt>::DAILY_SALT;
    const PASTE: Option<&'static str> = Some(PASTE);

    fn title(deal: &DeckDeal<G>) -> String {
        deal.title()
    }

    fn describe_deal(deal: &DeckDeal<G>) -> String {
        deal.describe()
    }

    fn seeded(seed: u64, variant: Self::Variant) -> Option<DeckDeal<G>> {
        DeckDeal::seeded(seed, variant)
    }

    fn seed_of(deal: &DeckDeal<G>) -> Option<u64> {
        deal.seed()
    }

    /// Game numbers start at 1: after the last a `u64` holds, the search goes on from 1.
    fn next_seed(seed: u64) -> u64 {
        seed.checked_add(1).unwrap_or(1)
    }

    fn variant(deal: &DeckDeal<G>) -> Self::Variant {
        deal.variant
    }

    fn deal_path(deal: &DeckDeal<G>) -> String {
        deal.path()
    }

    fn parse_deal_path(segments: &[&str], variant: Self::Variant) -> Result<Option<DeckDeal<G>>, LinkError> {
        DeckDeal::parse_path(segments, variant)
    }

    fn moves_code(deal: &DeckDeal<G>, moves: &[G::Move]) -> String {
        deal.start().moves_text(moves)
    }

    fn read_moves(start: &G::Position, code: &str) -> Result<Vec<G::Move>, String> {
        read_link_moves(start, code)
    }

    fn board_text(position: &G::Position) -> Option<String> {
        Some(position.to_string())
    }

    fn deal_from_text(text: &str, variant: Self::Variant) -> Result<DeckDeal<G>, String> {
        DeckDeal::from_text(text, variant)
    }

    fn deal_text(deal: &DeckDeal<G>) -> Option<String> {
        Some(deal.text())
    }

    fn save(deal: &DeckDeal<G>, moves: &[G::Move]) -> SavedDeal {
        save_deal::<G>(deal, moves)
    }

    fn restore(saved: SavedDeal) -> Option<(DeckDeal<G>, Vec<G::Move>)> {
        restore_deal::<G>(saved)
    }
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
            Some(number) => format!("{} #{number}", G::NAME),
            None => format!("{} (pasted deck)", G::NAME),
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
            .field("game", &G::NAME)
            .field("number", &self.number)
            .field("variant", &self.variant)
            .finish()
    }
}
