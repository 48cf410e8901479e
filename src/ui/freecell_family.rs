//! The drawing of FreeCell's family (Baker's Game, Eight Off, Seahaven Towers): free cells and
//! foundations on top, 8 or 10 cascades below, in FreeCell's classes. The widest row sets the
//! card size (`data-wide`, and `data-narrow` on a phone, where the foundations go below the
//! cells: www/style.css). Everything else is the shared table's.

use yew::prelude::*;

use super::card::card_face;
use super::table::{GameView, TableView};
use crate::cards::{Card, Rank, Suit};
use crate::games::freecell::family::{Family, Kind, Pile};
use crate::games::Place;

impl<K: Kind> GameView for Family<K> {
    const CLASS: &'static str = "freecell family";

    fn draw(view: &TableView<Self>) -> Html {
        let position = view.position;
        let rules = position.rules();
        let (cascades, cells) = (rules.cascades, rules.cells);
        // The longest cascade (at least the deal's): the fan closes up to fit it.
        let dealt = usize::from(rules.cascade_cards).div_ceil(usize::from(cascades));
        let longest = position.cascades().iter().map(Vec::len).max().unwrap_or(0).max(dealt);
        // Cards across the widest row: the cascades, or the cells beside the foundations (on a
        // phone the foundations go below the cells).
        let wide = usize::from(cascades).max(usize::from(cells) + 4);
        let narrow = usize::from(cascades).max(usize::from(cells));
        let top = |pile: Pile, mark: Html, card: Html| {
            view.pile(pile, classes!("slot"), &[], html! { <>{mark}{card}</> })
        };
        html! {
            <div class="family-table" data-wide={wide.to_string()} data-narrow={narrow.to_string()}>
                <div class="top-row">
                    <div class="cells">
                        { for (0..cells).map(|i| {
                            let card = position.cell(usize::from(i)).map(|card| view.card(Pile::Cell(i), 0, Some(card)));
                            top(Pile::Cell(i), Html::default(), card.unwrap_or_default())
                        }) }
                    </div>
                    <div class="foundations">
                        { for Suit::ALL.iter().map(|&suit| {
                            let pile = Pile::Foundation(suit.index() as u8);
                            let mark = html! { <span class="suit-mark" aria-hidden="true">{suit.symbol()}</span> };
                            let home = Rank::from_value(position.foundation(suit)).map(|rank| Card::new(rank, suit));
                            let card = home.map(|card| card_face(Some(card), Classes::new()));
                            top(pile, mark, card.unwrap_or_default())
                        }) }
                    </div>
                </div>
                <div class="cascades" data-longest={longest.to_string()}>
                    { for (0..cascades).map(|i| {
                        let pile = Pile::Cascade(i);
                        let cascade = position.cascade(usize::from(i));
                        let cards = html! { <>{ for cascade.iter().enumerate().map(|(depth, &card)|
                            view.card(pile, depth, Some(card))) }</> };
                        view.pile(pile, classes!("cascade"), &[("data-cards", cascade.len())], cards)
                    }) }
                </div>
            </div>
        }
    }

    fn first_focus(_layout: &[Vec<Place<Pile>>]) -> Option<Pile> {
        Some(Pile::Cascade(0))
    }

    /// The link notation's keys: `1`-`9` and `0` the cascades, `a`-`h` the free cells, `x` (or
    /// `h` where there is no eighth cell) the foundation.
    fn key_pile(key: &str) -> Option<Pile> {
        let rules = K::VARIANT.rules();
        let &[c] = key.as_bytes() else { return None };
        match c {
            b'1'..=b'9' if c - b'1' < rules.cascades => Some(Pile::Cascade(c - b'1')),
            b'0' if rules.cascades >= 10 => Some(Pile::Cascade(9)),
            b'a'..=b'h' if c - b'a' < rules.cells => Some(Pile::Cell(c - b'a')),
            b'x' | b'h' => Some(Pile::Foundation(0)),
            _ => None,
        }
    }
}
