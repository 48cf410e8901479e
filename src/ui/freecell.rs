//! FreeCell's drawing and the controls only it has: the deal number, autoplay, typing a
//! position and the game in standard notation. Everything else is the shared table's.

use std::rc::Rc;

use yew::prelude::*;

use super::card::card_face;
use super::table::{GameView, TableContext, TableView};
use crate::cards::Suit;
use crate::games::freecell::{
    notation_words, Autoplay, FreeCell, Notation, Origin, Pile, Position, CASCADES, CELLS,
};
use crate::games::Place;
use crate::session::Start;
use crate::table::Action;

impl GameView for FreeCell {
    const CLASS: &'static str = "freecell";
    const SHARE_TITLE: &'static str = "Share and notation";

    fn draw(view: &TableView<FreeCell>) -> Html {
        let position = view.position;
        // The longest cascade (at least the deal's 7): the fan closes up to fit it.
        let longest = (0..CASCADES).map(|i| position.cascade(i).len()).max().unwrap_or(0).max(7);
        let top = |pile: Pile, mark: Html, card: Html| {
            view.pile(pile, classes!("slot"), &[], html! { <>{mark}{card}</> })
        };
        html! {
            <>
                <div class="top-row">
                    <div class="cells">
                        { for (0..CELLS as u8).map(|i| {
                            let card = position.cell(usize::from(i)).map(|card| view.card(Pile::Cell(i), 0, Some(card)));
                            top(Pile::Cell(i), Html::default(), card.unwrap_or_default())
                        }) }
                    </div>
                    <div class="foundations">
                        { for Suit::ALL.iter().map(|&suit| {
                            let pile = Pile::Foundation(suit.index() as u8);
                            let mark = html! { <span class="suit-mark" aria-hidden="true">{suit.symbol()}</span> };
                            let card = position.foundation_top(suit).map(|card| card_face(Some(card), Classes::new()));
                            top(pile, mark, card.unwrap_or_default())
                        }) }
                    </div>
                </div>
                <div class="cascades" data-longest={longest.to_string()}>
                    { for (0..CASCADES as u8).map(|i| {
                        let pile = Pile::Cascade(i);
                        let cascade = position.cascade(usize::from(i));
                        let cards = html! { <>{ for cascade.iter().enumerate().map(|(depth, &card)|
                            view.card(pile, depth, Some(card))) }</> };
                        view.pile(pile, classes!("cascade"), &[("data-cards", cascade.len())], cards)
                    }) }
                </div>
            </>
        }
    }

    fn first_focus(_layout: &[Vec<Place<Pile>>]) -> Option<Pile> {
        Some(Pile::Cascade(0))
    }

    fn key_pile(key: &str) -> Option<Pile> {
        let mut chars = key.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        match c {
            '1'..='8' => Some(Pile::Cascade(c as u8 - b'1')),
            'a'..='d' => Some(Pile::Cell(c as u8 - b'a')),
            'h' => Some(Pile::Foundation(0)),
            _ => None,
        }
    }

    fn toolbar(table: &TableContext<FreeCell>) -> Html {
        let on_autoplay = table.dispatch.reform(|event: Event| {
            let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
            Action::SetSettings(match select.value().as_str() {
                "off" => Autoplay::Off,
                "all" => Autoplay::All,
                _ => Autoplay::Safe,
            })
        });
        let autoplay = table.state.settings;
        html! {
            <>
                <select aria-label="Autoplay" title="Autoplay" onchange={on_autoplay}>
                    <option value="safe" selected={autoplay == Autoplay::Safe}>{"Autoplay: safe"}</option>
                    <option value="all" selected={autoplay == Autoplay::All}>{"Autoplay: all"}</option>
                    <option value="off" selected={autoplay == Autoplay::Off}>{"Autoplay: off"}</option>
                </select>
            </>
        }
    }

    fn panels(table: &TableContext<FreeCell>) -> Html {
        let board = table.state.current().position.to_string();
        html! { <PositionPanel {board} on_open={table.dispatch.reform(|position| Action::NewGame(Origin::Board(Rc::new(position))))} /> }
    }

    fn share_extra(table: &TableContext<FreeCell>) -> Html {
        let current = table.state.current();
        let start = current.game.start();
        let notation = notation_words(&start, &current.moves).join(" ");
        let position_route =
            crate::share::Route::table::<FreeCell>(&Origin::Board(Rc::new(current.position.clone())), &[]);
        html! {
            <>
                <input readonly=true aria-label="Position link" value={super::browser::page_url(&position_route)} />
                <label for="notation">{"The game so far in standard notation"}</label>
                <textarea id="notation" readonly=true rows="3" aria-label="Game notation" value={notation} />
                <ImportNotation start={Rc::new(start)} on_moves={table.dispatch.reform(Action::ReplayFromStart)}
                    on_problem={table.dispatch.reform(Action::Refuse)} />
            </>
        }
    }
}

#[derive(Properties, PartialEq)]
struct ImportNotationProps {
    start: Rc<Position>,
    on_moves: Callback<Rc<Vec<crate::games::freecell::Move>>>,
    on_problem: Callback<String>,
}

/// Moves typed in standard notation, replayed from the start; the first bad one is named.
#[component]
fn ImportNotation(props: &ImportNotationProps) -> Html {
    let text = use_node_ref();
    let onclick = {
        let text = text.clone();
        let start = props.start.clone();
        let on_moves = props.on_moves.clone();
        let on_problem = props.on_problem.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(area) = text.cast::<web_sys::HtmlTextAreaElement>() else { return };
            let value = area.value();
            if value.len() > super::table::MAX_LINK_MOVES_LEN {
                on_problem.emit(format!(
                    "at most {} characters of moves are read",
                    super::table::MAX_LINK_MOVES_LEN
                ));
                return;
            }
            let mut position = (*start).clone();
            let mut moves = Vec::new();
            for (index, word) in value.split_whitespace().enumerate() {
                let parsed = word.parse::<Notation>().and_then(|notation| notation.to_move(&position));
                match parsed {
                    Ok(mv) => {
                        position.play_unchecked(mv);
                        moves.push(mv);
                    }
                    Err(reason) => {
                        on_problem.emit(format!("move {} cannot be played: {reason}", index + 1));
                        return;
                    }
                }
            }
            on_moves.emit(Rc::new(moves));
        })
    };
    html! {
        <>
            <label for="import">{"Replay moves in standard notation from the start"}</label>
            <textarea id="import" ref={text} rows="3" aria-label="Import notation" />
            <button {onclick}>{"Import and replay"}</button>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct PositionPanelProps {
    /// The position on the table, as board text: where typing starts.
    board: String,
    on_open: Callback<Position>,
}

/// "Position…": open a typed position (board text), whose problems are listed all at once.
#[component]
fn PositionPanel(props: &PositionPanelProps) -> Html {
    let draft = use_state(|| None::<String>);
    let problems = use_state(Vec::<String>::new);
    let on_toggle = {
        let draft = draft.clone();
        let problems = problems.clone();
        let board = props.board.clone();
        Callback::from(move |_: MouseEvent| {
            problems.set(Vec::new());
            draft.set(match *draft {
                Some(_) => None,
                None => Some(board.clone()),
            });
        })
    };
    let on_input = {
        let draft = draft.clone();
        Callback::from(move |event: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = event.target_unchecked_into();
            draft.set(Some(area.value()));
        })
    };
    let on_open = {
        let draft = draft.clone();
        let problems = problems.clone();
        let on_open = props.on_open.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(text) = (*draft).clone() else { return };
            match text.parse::<Position>() {
                Ok(position) => {
                    problems.set(Vec::new());
                    draft.set(None);
                    on_open.emit(position);
                }
                Err(error) => problems.set(error.problems.iter().map(ToString::to_string).collect()),
            }
        })
    };
    html! {
        <div class="position-panel">
            <button onclick={on_toggle.clone()} aria-expanded={draft.is_some().to_string()}>{"Position…"}</button>
            if let Some(text) = (*draft).clone() {
                <div class="position-import">
                    <label for="position-text">{"A position in board text: one line per cascade, top card \
                        first (a line holding only \":\" is an empty cascade), and optional \"Freecells:\" \
                        and \"Foundations:\" lines (\"-\" is an empty free cell, \"H-5\" five hearts home)"}</label>
                    <textarea id="position-text" rows="11" spellcheck="false" aria-label="Position text"
                        value={text} oninput={on_input} />
                    <p>
                        <button onclick={on_open}>{"Open position"}</button>
                        <button onclick={on_toggle}>{"Cancel"}</button>
                    </p>
                    if !problems.is_empty() {
                        <ul class="problems" role="alert" data-testid="position-problems">
                            { for problems.iter().map(|problem| html! { <li>{problem}</li> }) }
                        </ul>
                    }
                </div>
            }
        </div>
    }
}
