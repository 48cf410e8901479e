use yew::prelude::*;

/// The list of games.
#[component]
pub fn Home() -> Html {
    html! {
        <section class="home">
            <h1>{"Deckhand"}</h1>
            <p>{"Solitaire with real solvers, entirely in your browser."}</p>
            <ul class="games">
                <li><a href="#/freecell">{"FreeCell"}</a>{" — Microsoft deals 1 to 8,589,934,591"}</li>
                <li><a href="#/klondike">{"Klondike"}</a>{" — draw 1 or 3, with a solver that sees every card"}</li>
                <li><a href="#/pyramid">{"Pyramid"}</a>{" — paste a deck and check it"}</li>
                <li><a href="#/tictactoe">{"Tic-Tac-Toe"}</a>{" — against an opponent that never errs"}</li>
                <li><a href="#/foxhounds">{"Fox and Hounds"}</a>{" — solved: 895,280 positions"}</li>
            </ul>
        </section>
    }
}
