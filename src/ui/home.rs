use yew::prelude::*;

use super::table::today_route;
use crate::games::{Dealing, Play, Variant};

/// The list of games, each with its deal of the day (one per variant).
#[component]
pub fn Home() -> Html {
    macro_rules! entries {
        ($($game:ty),* $(,)?) => {
            html! { <>$(
                <li>
                    <a href={format!("#/{}", <$game as Play>::KEY)}>{<$game as Play>::NAME}</a>
                    {" — "}{<$game as Play>::SUMMARY}
                    { for <<$game as Dealing>::Variant as Variant>::ALL.iter().map(|&variant| {
                        let words = match variant.words() {
                            "" => format!("{} deal of the day", <$game as Play>::NAME),
                            words => format!("{} deal of the day ({})", <$game as Play>::NAME, words.to_lowercase()),
                        };
                        html! { <>{" · "}<a href={today_route::<$game>(variant).to_string()} class="day-link">{words}</a></> }
                    }) }
                </li>
            )*</> }
        };
    }
    html! {
        <section class="home">
            <h1>{"Deckhand"}</h1>
            <p>{"Solitaire with real solvers, entirely in your browser."}</p>
            <ul class="games">
                {crate::games!(entries)}
                <li><a href="#/tictactoe">{"Tic-Tac-Toe"}</a>{" — against an opponent that never errs"}</li>
                <li><a href="#/foxhounds">{"Fox and Hounds"}</a>{" — solved: 895,280 positions"}</li>
            </ul>
        </section>
    }
}
