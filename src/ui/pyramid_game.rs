use std::rc::Rc;

use yew::prelude::*;

use super::card::CardView;
use super::hooks::{use_interval, use_solver, Navigator, SolverState};
use crate::cards::{Card, Deck, Rank};
use crate::deal::seeded_deck;
use crate::games::pyramid::{row_column, value, Move, Position, SetupError, PYRAMID_CARDS};
use crate::protocol::{Answer, Task};
use crate::search::Outcome;
use crate::share::{encode_deck, Route};

/// The Pyramid table's state: the deck's positions so far (undo/redo), the solver's answer
/// and the replay. Rules come from the engine only.
#[derive(Clone, PartialEq)]
pub struct PyramidState {
    pub history: Vec<Position>,
    pub cursor: usize,
    pub selected: Option<Card>,
    pub solution: Option<Rc<Vec<Move>>>,
    /// Next solution move to replay, and whether it plays by itself.
    pub replay: Option<(usize, bool)>,
    pub refusal: Option<String>,
}

pub enum PyramidAction {
    NewDeck { deck: Deck, solution: Option<Rc<Vec<Move>>> },
    Click(Card),
    ClickStock,
    Undo,
    Redo,
    Play,
    Pause,
    Step,
}

impl PyramidState {
    fn new(deck: &Deck) -> PyramidState {
        PyramidState {
            history: vec![Position::new(deck)],
            cursor: 0,
            selected: None,
            solution: None,
            replay: None,
            refusal: None,
        }
    }

    pub fn position(&self) -> Position {
        self.history[self.cursor]
    }

    fn play(&mut self, mv: Move) -> bool {
        match self.position().play(mv) {
            Ok(next) => {
                self.history.truncate(self.cursor + 1);
                self.history.push(next);
                self.cursor += 1;
                self.selected = None;
                self.refusal = None;
                true
            }
            Err(error) => {
                self.refusal = Some(error.to_string());
                self.selected = None;
                false
            }
        }
    }
}

impl Reducible for PyramidState {
    type Action = PyramidAction;

    fn reduce(self: Rc<Self>, action: PyramidAction) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            PyramidAction::NewDeck { deck, solution } => {
                state = PyramidState::new(&deck);
                state.solution = solution;
            }
            PyramidAction::Click(card) => {
                state.replay = None;
                if card.rank() == Rank::King {
                    state.play(Move::RemoveKing(card));
                } else {
                    match state.selected {
                        None => state.selected = Some(card),
                        Some(first) if first == card => state.selected = None,
                        Some(first) => {
                            if value(first) + value(card) == 13 {
                                state.play(Move::RemovePair(first, card));
                            } else {
                                state.selected = Some(card);
                            }
                        }
                    }
                }
            }
            PyramidAction::ClickStock => {
                state.replay = None;
                let position = state.position();
                let mv = if position.stock_top().is_some() { Move::Draw } else { Move::Recycle };
                state.play(mv);
            }
            PyramidAction::Undo => {
                if state.cursor > 0 {
                    state.cursor -= 1;
                    if let Some((next, _)) = state.replay {
                        state.replay = Some((next.saturating_sub(1), false));
                    }
                }
                state.selected = None;
            }
            PyramidAction::Redo => {
                if state.cursor + 1 < state.history.len() {
                    state.cursor += 1;
                }
            }
            PyramidAction::Play => {
                if state.solution.is_some() {
                    if state.replay.is_none() {
                        // A replay starts from the deal.
                        state.cursor = 0;
                        state.history.truncate(1);
                    }
                    let next = state.replay.map(|(next, _)| next).unwrap_or(0);
                    state.replay = Some((next, true));
                }
            }
            PyramidAction::Pause => {
                if let Some((next, _)) = state.replay {
                    state.replay = Some((next, false));
                }
            }
            PyramidAction::Step => {
                let Some(solution) = state.solution.clone() else { return self };
                if state.replay.is_none() {
                    state.cursor = 0;
                    state.history.truncate(1);
                    state.replay = Some((0, false));
                }
                let (next, playing) = state.replay.unwrap_or((0, false));
                match solution.get(next) {
                    Some(&mv) if state.play(mv) => {
                        state.replay = Some((next + 1, playing && next + 1 < solution.len()));
                    }
                    _ => state.replay = Some((next, false)),
                }
            }
        }
        Rc::new(state)
    }
}

fn problems(error: &SetupError) -> Html {
    let list = |cards: Vec<Card>| cards.iter().map(Card::to_string).collect::<Vec<_>>().join(", ");
    html! {
        <ul class="problems">
            <li>{format!("Found {} cards; a deck has 52.", error.found)}</li>
            if !error.missing.is_empty() {
                <li data-testid="missing">{format!("Missing: {}", list(error.missing.clone()))}</li>
            }
            if !error.duplicated.is_empty() {
                <li data-testid="duplicated">
                    {format!("Duplicated: {}", list(error.duplicated.iter().map(|d| d.card).collect()))}
                </li>
            }
            { for error.malformed.iter().map(|token| html! { <li class="malformed">{token.to_string()}</li> }) }
        </ul>
    }
}

#[derive(Properties, PartialEq)]
pub struct PyramidGameProps {
    /// The deck named by the link, if any.
    pub deck: Option<Deck>,
    pub navigator: Navigator,
}

/// Pyramid: paste a deck, learn at once whether it can be cleared (shortest solution from the
/// worker), replay it or play by hand.
#[component]
pub fn PyramidGame(props: &PyramidGameProps) -> Html {
    let state = {
        let deck = props.deck.clone();
        use_reducer(move || PyramidState::new(&deck.unwrap_or_else(|| seeded_deck(1))))
    };
    let has_deck = use_state(|| props.deck.is_some());
    let solver = use_solver();
    let text = use_node_ref();
    let speed_ms = 500u32;

    // A linked deck is solved at once.
    {
        let solver = solver.clone();
        use_effect_with(props.deck.clone(), move |deck| {
            if let Some(deck) = deck {
                solver.start(Task::SolvePyramid { text: deck.to_string() });
            }
        });
    }
    // The worker's answer sets up the table (with the deck as read) and the link.
    {
        let dispatch = state.dispatcher();
        let navigator = props.navigator.clone();
        let has_deck = has_deck.clone();
        use_effect_with((*solver.state).clone(), move |answer| {
            if let SolverState::Done { answer: Answer::PyramidSolved { deck, outcome }, .. } = answer {
                if let Ok(deck) = Deck::from_cards(deck.clone()) {
                    let solution = match outcome {
                        Outcome::Solved(moves) => Some(Rc::new(moves.clone())),
                        _ => None,
                    };
                    navigator.replace(&Route::Pyramid { deck: Some(deck.clone()), moves: None });
                    dispatch.dispatch(PyramidAction::NewDeck { deck, solution });
                    has_deck.set(true);
                }
            }
        });
    }
    {
        let dispatch = state.dispatcher();
        let playing = state.replay.map(|(_, playing)| playing).unwrap_or(false);
        use_interval(speed_ms, playing, Callback::from(move |_| dispatch.dispatch(PyramidAction::Step)));
    }

    let on_check = {
        let solver = solver.clone();
        let text = text.clone();
        Callback::from(move |_| {
            if let Some(area) = text.cast::<web_sys::HtmlTextAreaElement>() {
                solver.start(Task::SolvePyramid { text: area.value() });
            }
        })
    };
    let on_cancel = {
        let solver = solver.clone();
        Callback::from(move |_| solver.cancel())
    };
    let result = match &*solver.state {
        SolverState::Idle => {
            html! { {"Paste 52 cards: the 28 pyramid cards row by row from the apex, then the stock from the top."} }
        }
        SolverState::Working { progress, .. } => {
            html! { {format!("Solving… {} states so far.", progress.states)} }
        }
        SolverState::Cancelled { .. } => html! { {"Cancelled."} },
        SolverState::Done { answer: Answer::PyramidSolved { outcome, .. }, .. } => match outcome {
            Outcome::Solved(moves) => html! {
                <span data-testid="pyramid-result">{format!("Solvable: the pyramid clears in {} steps.", moves.len())}</span>
            },
            Outcome::Unsolvable => html! {
                <span data-testid="pyramid-result">{"No solution: this pyramid cannot be cleared."}</span>
            },
            Outcome::Unknown(_) => html! {
                <span data-testid="pyramid-result">{"The solver gave up within its budget: unknown."}</span>
            },
        },
        SolverState::Done { answer: Answer::PyramidDeckInvalid(error), .. } => html! {
            <div data-testid="deck-error"><p>{"This is not a full deck:"}</p>{problems(error)}</div>
        },
        SolverState::Done { answer, .. } => {
            html! { {format!("Unexpected answer from the worker: {answer:?}")} }
        }
    };

    let position = state.position();
    let dispatch = state.dispatcher();
    let button = |label: &'static str, action: fn() -> PyramidAction, enabled: bool| {
        let dispatch = dispatch.clone();
        html! { <button disabled={!enabled} onclick={Callback::from(move |_| dispatch.dispatch(action()))}>{label}</button> }
    };
    let click = |card: Card| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(PyramidAction::Click(card)))
    };
    let on_stock = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(PyramidAction::ClickStock))
    };
    let selected = |card: Card| classes!((state.selected == Some(card)).then_some("selected"));
    let cleared = position.is_cleared();
    let link = Route::Pyramid {
        deck: Some(Deck::from_cards(position.deal().to_vec()).expect("a dealt deck")),
        moves: None,
    };
    let copy_link = {
        let url = link.to_string();
        Callback::from(move |_| {
            if let Some(window) = web_sys::window() {
                let href = window.location().href().unwrap_or_default();
                let base = href.split('#').next().unwrap_or_default().to_string();
                let _ = window.navigator().clipboard().write_text(&format!("{base}{url}"));
            }
        })
    };
    let replay_at = state.replay.map(|(next, _)| next);
    let solution_len = state.solution.as_ref().map(|s| s.len());

    html! {
        <section class="game pyramid">
            <div class="toolbar">
                <h1>{"Pyramid"}</h1>
                {button("Undo", || PyramidAction::Undo, state.cursor > 0)}
                {button("Redo", || PyramidAction::Redo, state.cursor + 1 < state.history.len())}
                {button("Play", || PyramidAction::Play, solution_len.is_some() && !state.replay.map(|r| r.1).unwrap_or(false))}
                {button("Pause", || PyramidAction::Pause, state.replay.map(|r| r.1).unwrap_or(false))}
                {button("Step", || PyramidAction::Step, solution_len.map(|n| replay_at.unwrap_or(0) < n).unwrap_or(false))}
                <button onclick={copy_link}>{"Copy link"}</button>
            </div>
            if *has_deck {
                <div class="table pyramid-table">
                    <div class="pyramid-rows">
                        { for (0..PYRAMID_CARDS).map(|index| {
                            let (row, column) = row_column(index);
                            let style = format!("--row: {row}; --col: {column}");
                            match position.pyramid_card(index) {
                                Some(card) => html! {
                                    <div class="pyramid-slot" data-pile={format!("pyramid-{index}")} style={style}
                                        onclick={position.is_uncovered(index).then(|| click(card))}>
                                        <CardView card={Some(card)} class={selected(card)} />
                                    </div>
                                },
                                None => html! { <div class="pyramid-slot empty" data-pile={format!("pyramid-{index}")} style={style} /> },
                            }
                        }) }
                    </div>
                    <div class="stock-row">
                        <div class="slot" data-pile="stock" aria-label="stock" onclick={on_stock.clone()}>
                            if let Some(card) = position.stock_top() {
                                <div onclick={click(card)}><CardView card={Some(card)} class={selected(card)} /></div>
                            }
                        </div>
                        <button onclick={on_stock}>{if position.stock_top().is_some() { "Draw" } else { "Recycle" }}</button>
                        <div class="slot" data-pile="waste" aria-label="waste">
                            if let Some(card) = position.waste_top() {
                                <div onclick={click(card)}><CardView card={Some(card)} class={selected(card)} /></div>
                            }
                        </div>
                        <span>{format!("Stock {} · waste {} · recycles left {}", position.stock().len(), position.waste().len(), position.recycles_left())}</span>
                    </div>
                </div>
            }
            <div role="status" aria-live="polite" class="status">
                {result}
                if cleared { <div data-testid="won">{format!("Cleared in {} steps!", state.cursor)}</div> }
                if let Some(reason) = &state.refusal { <div class="refusal">{format!("Not allowed: {reason}.")}</div> }
                if let (Some(next), Some(total)) = (replay_at, solution_len) { <div>{format!("Replay: step {next} of {total}")}</div> }
            </div>
            <details class="paste" open={!*has_deck}>
                <summary>{"Paste a deck"}</summary>
                <label for="deck">{"Pyramid deck"}</label>
                <textarea id="deck" ref={text} rows="6" spellcheck="false"
                    placeholder="Th 2h 4d 3h Qd 8h 9h …" aria-label="Pyramid deck" />
                <div class="controls">
                    <button onclick={on_check}>{"Check"}</button>
                    if solver.is_working() { <button onclick={on_cancel}>{"Cancel"}</button> }
                    <a href={Route::PyramidDeal { seed: (js_sys::Math::random() * 1e6) as u64, moves: None }.to_string()}>{"Random deal"}</a>
                    <span class="code">{encode_deck(&Deck::from_cards(position.deal().to_vec()).expect("a dealt deck"))}</span>
                </div>
            </details>
        </section>
    }
}
