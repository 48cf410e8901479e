use yew::prelude::*;

use super::table::today_route;
use crate::games::freecell::FreeCell;
use crate::games::klondike::{Draw, Klondike};
use crate::games::pyramid::Pyramid;

/// The list of games, each with its deal of the day.
#[component]
pub fn Home() -> Html {
    let day = |route: crate::share::Route, label: &'static str| {
        html! { <>{" · "}<a href={route.to_string()} class="day-link">{label}</a></> }
    };
    html! {
        <section class="home">
            <h1>{"Deckhand"}</h1>
            <p>{"Solitaire with real solvers, entirely in your browser."}</p>
            <ul class="games">
                <li><a href="#/freecell">{"FreeCell"}</a>{" — Microsoft deals 1 to 8,589,934,591"}
                    {day(today_route::<FreeCell>(None), "FreeCell deal of the day")}</li>
                <li><a href="#/klondike">{"Klondike"}</a>{" — draw 1 or 3, with a solver that sees every card"}
                    {day(today_route::<Klondike>(Some(Draw::One)), "Klondike deal of the day (draw 1)")}
                    {day(today_route::<Klondike>(Some(Draw::Three)), "draw 3")}</li>
                <li><a href="#/pyramid">{"Pyramid"}</a>{" — paste a deck and check it"}
                    {day(today_route::<Pyramid>(None), "Pyramid deal of the day")}</li>
                <li><a href="#/tictactoe">{"Tic-Tac-Toe"}</a>{" — against an opponent that never errs"}</li>
                <li><a href="#/foxhounds">{"Fox and Hounds"}</a>{" — solved: 895,280 positions"}</li>
            </ul>
        </section>
    }
}
