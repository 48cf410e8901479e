//! TriPeaks' drawing: three overlapping peaks, each card half a card from its neighbours and
//! half a card below the cards it lies under (`data-row`, `data-half`), and the stock and the
//! waste below them. Everything else is the shared table's.

use yew::prelude::*;

use super::table::{GameView, TableView};
use crate::games::tripeaks::{half_widths, row_column, Pile, TriPeaks, PEAK_CARDS};

impl GameView for TriPeaks {
    const CLASS: &'static str = "tripeaks";

    fn draw(view: &TableView<TriPeaks>) -> Html {
        let position = view.position;
        let slots = (0..PEAK_CARDS).map(|slot| {
            let pile = Pile::Peak(slot as u8);
            let (row, half) = (row_column(slot).0, half_widths(slot));
            match position.peak(slot) {
                Some(card) => {
                    let up = position.is_face_up(slot);
                    let class = classes!("peak-slot", (!up).then_some("covered"));
                    let place = [("data-row", row), ("data-half", half)];
                    view.pile(pile, class, &place, view.card(pile, 0, up.then_some(card)))
                }
                None => html! {
                    <div class="peak-slot empty" data-pile={pile.to_string()}
                        data-row={row.to_string()} data-half={half.to_string()} />
                },
            }
        });
        let stock = position.stock();
        let stock_cards = if stock.is_empty() {
            Html::default()
        } else {
            html! { <>{view.card(Pile::Stock, 0, None)}<span class="count" aria-hidden="true">{stock.len()}</span></> }
        };
        let waste = view.card(Pile::Waste, 0, Some(position.waste_top()));
        html! {
            <>
                <div class="peaks">{ for slots }</div>
                <div class="talon">
                    {view.pile(Pile::Stock, classes!("slot"), &[], stock_cards)}
                    {view.pile(Pile::Waste, classes!("slot"), &[], waste)}
                </div>
            </>
        }
    }
}
