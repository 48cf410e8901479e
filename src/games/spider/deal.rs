//! PySolFC's Spider game #N: two decks built deck by deck, suit by suit in the variant's suit
//! list (PySolFC's order), ace to king; shuffled by PySolFC's generator (Microsoft's below
//! 32000, the Mersenne Twister from 32000; a 104-card deck gets no Microsoft re-ordering); and
//! dealt from the end of the shuffled list ([`crate::deal::pysol_deal_order`]).

use crate::deal::{pysol_deal_order, PysolNumber};
use crate::session::Start;
use crate::share::LinkError;

use super::rules::{Position, Suits, CARDS};

/// The 104 cards of PySolFC's Spider game `number` in `suits`, first dealt first.
pub fn pysol_cards(number: PysolNumber, suits: Suits) -> [crate::cards::Card; CARDS] {
    let cards = pysol_deal_order(number, 2, &suits.deck_suits());
    cards.try_into().unwrap_or_else(|cards: Vec<_>| panic!("two decks hold 104 cards, not {}", cards.len()))
}

/// PySolFC's Spider game `number` in `suits`, as dealt.
pub fn pysol_deal(number: PysolNumber, suits: Suits) -> Position {
    Position::new(&pysol_cards(number, suits), suits)
}

/// A Spider deal: PySolFC's game number and the suits it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpiderDeal {
    pub number: PysolNumber,
    pub suits: Suits,
}

impl SpiderDeal {
    /// The deal a link's path names (`164`), in `suits`; `Ok(None)` for an empty path.
    pub fn parse_path(segments: &[&str], suits: Suits) -> Result<Option<SpiderDeal>, LinkError> {
        match segments {
            [] => Ok(None),
            [number] => {
                number.parse::<PysolNumber>().map(|number| Some(SpiderDeal { number, suits })).map_err(
                    |error| LinkError::BadContent { what: "deal number".into(), reason: error.to_string() },
                )
            }
            _ => Err(LinkError::UnknownPage { path: crate::limits::quote(&segments.join("/")) }),
        }
    }
}

impl Start<Position> for SpiderDeal {
    fn start(&self) -> Position {
        pysol_deal(self.number, self.suits)
    }
}
