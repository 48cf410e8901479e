use std::collections::HashSet;
use std::rc::Rc;

use yew::prelude::*;

use super::browser::{copy_text, load, page_url};
use super::hooks::{
    use_game_address, use_game_clock, use_keydown, use_position_check, use_saved_game, Navigator,
};
use super::pyramid_state::{Action, PyramidDeal, PyramidState};
use super::pyramid_table::PyramidTable;
use super::table_parts::{
    check_activity, game_status, hint_line, use_replay_timer, ReplayControls, Scoreline,
};
use crate::cards::{line_tokens, Deck, DeckError, DeckSetup};
use crate::deal::seeded_deck;
use crate::games::pyramid::{format_deck, notation, Move};
use crate::protocol::{Answer, Task};
use crate::session::{Control, Start, Stats, Verdict};
use crate::share::{decode_deck, encode_deck, Route};

const STATS_KEY: &str = "deckhand.pyramid.stats";
const GAME_KEY: &str = "deckhand.pyramid.game";

/// The game in progress as saved in localStorage.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SavedGame {
    pub seed: Option<u64>,
    /// The deck's link code.
    pub deck: String,
    /// The moves in link notation.
    pub moves: String,
}

impl SavedGame {
    /// The saved deal and its moves, if they still read.
    pub fn game(&self) -> Option<(PyramidDeal, Vec<Move>)> {
        let deal = PyramidDeal { seed: self.seed, deck: Rc::new(decode_deck(&self.deck).ok()?) };
        let (_, moves) = notation::play_moves(&deal.start(), &self.moves).ok()?;
        Some((deal, moves))
    }

    /// The game in progress, as last saved.
    pub fn load() -> Option<SavedGame> {
        load(GAME_KEY)
    }
}

/// The deal a seed stands for.
pub fn seeded_deal(seed: u64) -> PyramidDeal {
    PyramidDeal { seed: Some(seed), deck: Rc::new(seeded_deck(seed)) }
}

/// A random seed for a new deal.
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 1_000_000.0) as u64 + 1
}

/// The pasted text again, with every token that is not a card, and every copy of a
/// duplicated card, marked.
fn marked_text(text: &str, error: &DeckError) -> Html {
    let mut bad: HashSet<(usize, usize)> =
        error.malformed.iter().map(|m| (m.position.line, m.position.column)).collect();
    bad.extend(error.duplicated.iter().flat_map(|d| d.positions.iter().map(|p| (p.line, p.column))));
    let lines = text.lines().enumerate().map(|(index, line)| {
        let mut pieces = Vec::new();
        let mut shown = 0;
        for (column, range) in line_tokens(line) {
            if bad.contains(&(index + 1, column)) {
                pieces.push(html! { {&line[shown..range.start]} });
                pieces.push(html! { <mark class="bad-token">{&line[range.clone()]}</mark> });
                shown = range.end;
            }
        }
        pieces.push(html! { {&line[shown..]} });
        html! { <>{ for pieces }{"\n"}</> }
    });
    html! { <pre class="marked-deck" data-testid="marked-deck">{ for lines }</pre> }
}

/// Everything wrong with a pasted deck, listed, with the text marked.
fn deck_problems(text: &str, error: &DeckError) -> Html {
    let list = |cards: Vec<String>| cards.join(", ");
    html! {
        <div class="refusal" role="alert" data-testid="deck-error">
            <p>{"This is not a full deck:"}</p>
            <ul class="problems">
                <li>{format!("Found {} cards; a deck has 52.", error.found)}</li>
                if !error.missing.is_empty() {
                    <li data-testid="missing">{format!("Missing: {}", list(error.missing.iter().map(ToString::to_string).collect()))}</li>
                }
                { for error.duplicated.iter().map(|d| html! {
                    <li data-testid="duplicated">{format!("Duplicated: {} at {}", d.card,
                        d.positions.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))}</li>
                }) }
                { for error.malformed.iter().map(|token| html! { <li class="malformed">{token.to_string()}</li> }) }
            </ul>
            {marked_text(text, error)}
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct DeckPasteProps {
    /// A full deck was pasted and checked.
    pub on_deck: Callback<Deck>,
    /// Open at first (no game on the table yet).
    #[prop_or_default]
    pub open: bool,
    /// The text the box starts with.
    #[prop_or_default]
    pub text: AttrValue,
}

/// The paste box: a deck is read at once (it is quick), and what is wrong with it is named and
/// marked without touching the game on the table.
#[component]
pub fn DeckPaste(props: &DeckPasteProps) -> Html {
    let area = use_node_ref();
    let problem = use_state(|| None::<(String, DeckError)>);
    let on_check = {
        let area = area.clone();
        let problem = problem.clone();
        let on_deck = props.on_deck.clone();
        Callback::from(move |_| {
            let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>() else { return };
            let text = area.value();
            match DeckSetup::parse(&text).deck() {
                Ok(deck) => {
                    problem.set(None);
                    on_deck.emit(deck);
                }
                Err(error) => problem.set(Some((text, error))),
            }
        })
    };
    html! {
        <details class="paste" open={props.open}>
            <summary>{"Paste a deck"}</summary>
            <label for="deck">{"52 cards: the 28 pyramid cards row by row from the apex, then the stock from the top. \
                Any separators or layout; upper or lower case."}</label>
            <textarea id="deck" ref={area} rows="6" spellcheck="false" value={props.text.clone()}
                placeholder="Th 2h 4d 3h Qd 8h 9h …" aria-label="Pyramid deck" />
            <div class="controls">
                <button onclick={on_check}>{"Check"}</button>
                <a href={Route::PyramidDeal { seed: random_seed(), moves: None }.to_string()}>{"Random deal"}</a>
            </div>
            if let Some((text, error)) = &*problem { {deck_problems(text, error)} }
        </details>
    }
}

#[derive(Properties, PartialEq)]
pub struct PyramidGameProps {
    pub deal: PyramidDeal,
    /// Moves from a link or a saved game, played from the deal as far as they are legal.
    #[prop_or_default]
    pub moves: Option<Rc<Vec<Move>>>,
    pub navigator: Navigator,
}

/// Pyramid: the table, whether the deal and the game so far can be cleared and in how few
/// steps (the optimal solver, in the worker), hints, replay, play by hand, saving and sharing.
#[component]
pub fn PyramidGame(props: &PyramidGameProps) -> Html {
    let state = {
        let deal = props.deal.clone();
        let moves = props.moves.clone();
        use_reducer(move || {
            let stats = load::<Stats>(STATS_KEY).unwrap_or_default();
            PyramidState::new(deal, moves.as_deref().map(Vec::as_slice).unwrap_or_default(), stats)
        })
    };
    let current = state.current().clone();
    let dispatch = state.dispatcher();

    // A deal the address asks for becomes an undoable new game; the address always names the
    // deal on the table.
    {
        let dispatch = dispatch.clone();
        let new_game = Callback::from(move |deal| dispatch.dispatch(Action::NewGame(deal)));
        let route = |deal: &PyramidDeal| deal.route(None);
        use_game_address(props.deal.clone(), current.game.clone(), new_game, route, props.navigator.clone());
    }
    // Persistence: the game in progress and the statistics, after every change.
    {
        let saved = SavedGame {
            seed: current.game.seed,
            deck: encode_deck(&current.game.deck),
            moves: notation::format_moves(&current.moves),
        };
        use_saved_game(GAME_KEY, STATS_KEY, current.id, saved, state.session.stats);
    }
    // The optimal solver looks at each new position in the background: can it still be
    // cleared, and in how few steps?
    let check = {
        let wanted = state.session.wanted_check().map(|snapshot| {
            let task = Task::SolvePyramidGame {
                deck: encode_deck(&snapshot.game.deck),
                moves: snapshot.moves.clone(),
            };
            (snapshot.id, task)
        });
        let verdict_of = |answer: &Answer| match answer {
            Answer::PyramidSolved { outcome, .. } => Verdict::from(outcome.clone()),
            _ => Verdict::Unknown,
        };
        let dispatch = dispatch.clone();
        let on_verdict = Callback::from(move |(snapshot, verdict)| {
            dispatch.dispatch(Action::Control(Control::Verdict { snapshot, verdict }))
        });
        use_position_check(wanted, verdict_of, on_verdict)
    };
    let speed_ms = {
        let dispatch = dispatch.clone();
        let playing = state.session.replay.as_ref().is_some_and(|r| r.playing);
        use_replay_timer(playing, Callback::from(move |_| dispatch.dispatch(Action::ReplayStep)))
    };
    let won = current.position.is_cleared();
    let moved = !current.moves.is_empty();
    let seconds = use_game_clock(state.session.game_id(), moved, moved && !won);
    // Keyboard: Ctrl+Z / Ctrl+Y, D to turn the stock, Escape to put a picked card back.
    {
        let dispatch = dispatch.clone();
        use_keydown(Callback::from(move |event: KeyboardEvent| {
            let command = event.ctrl_key() || event.meta_key();
            let action = match event.key().to_lowercase().as_str() {
                "z" if command && event.shift_key() => Action::Control(Control::Redo),
                "z" if command => Action::Control(Control::Undo),
                "y" if command => Action::Control(Control::Redo),
                "d" if !command => Action::Deal,
                "escape" => Action::PutBack,
                _ => return,
            };
            event.prevent_default();
            dispatch.dispatch(action);
        }));
    }

    let on_click = {
        let dispatch = dispatch.clone();
        Callback::from(move |pile| dispatch.dispatch(Action::Click(pile)))
    };
    let on_attempt = {
        let dispatch = dispatch.clone();
        Callback::from(move |(from, to)| dispatch.dispatch(Action::Attempt { from, to }))
    };
    let on_deck = {
        let dispatch = dispatch.clone();
        Callback::from(move |deck: Deck| {
            dispatch.dispatch(Action::NewGame(PyramidDeal { seed: None, deck: Rc::new(deck) }))
        })
    };
    let on_new = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::NewGame(seeded_deal(random_seed()))))
    };
    let button = |label: &'static str, action: fn() -> Action, enabled: bool| {
        let dispatch = dispatch.clone();
        html! { <button disabled={!enabled} onclick={Callback::from(move |_| dispatch.dispatch(action()))}>{label}</button> }
    };
    let control = |control: Control<Move>| {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::Control(control.clone())))
    };
    let on_deal = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::Deal))
    };
    let replay_step = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::ReplayStep))
    };

    // The deal's own answer: solvable in how many steps, or not at all.
    let deal_result = match state.session.start_verdict() {
        Some(Verdict::Winnable(line)) => {
            Some(format!("Solvable: the pyramid clears in {} steps at the fewest.", line.len()))
        }
        Some(Verdict::Lost) => Some("No solution: this pyramid cannot be cleared.".to_string()),
        Some(Verdict::Unknown) => Some("The solver gave up within its budget: unknown.".to_string()),
        None => None,
    };
    let status = {
        let dispatch = dispatch.clone();
        let on_go_to = Callback::from(move |index| dispatch.dispatch(Action::Control(Control::GoTo(index))));
        game_status(
            &state.session,
            state.refusal.as_deref(),
            &current.game.describe(),
            check.is_stopped(),
            on_go_to,
        )
    };
    let can_solve = matches!(state.session.verdict(), Some(Verdict::Winnable(_))) && !won;
    let replay = state.session.replay.clone();
    let share = current.game.route(None);
    let share_with_moves = current.game.route(moved.then(|| notation::format_moves(&current.moves)));
    let copy = |route: &Route| {
        let url = page_url(route);
        Callback::from(move |_| copy_text(&url))
    };
    let title = match current.game.seed {
        Some(seed) => format!("Pyramid #{seed}"),
        None => "Pyramid (pasted deck)".to_string(),
    };

    html! {
        <section class="game pyramid">
            <div class="toolbar">
                <h1>{title}</h1>
                <button onclick={on_new}>{"New game"}</button>
                {button("Restart", || Action::Restart, moved)}
                {button("Undo", || Action::Control(Control::Undo), state.session.can_undo())}
                {button("Redo", || Action::Control(Control::Redo), state.session.can_redo())}
                {button("Hint", || Action::Control(Control::AskHint), !won)}
                {button("Solve", || Action::Control(Control::Solve), can_solve)}
                if replay.is_none() {
                    {button("Play", || Action::Control(Control::ReplayPlay), can_solve)}
                }
                <button onclick={on_deal}>
                    {if current.position.stock_top().is_some() { "Draw" } else { "Recycle" }}</button>
            </div>
            <Scoreline moves={current.moves.len()} {seconds} stats={state.session.stats}>
                <span>{format!("Recycles left: {}", current.position.recycles_left())}</span>
            </Scoreline>
            <PyramidTable position={current.position} picked={state.picked} hint={state.session.hint.shown()}
                {on_click} {on_attempt} />
            <div role="status" aria-live="polite" class="status">
                if let Some(result) = deal_result { <div data-testid="pyramid-result">{result}</div> }
                <div>{status}</div>
                {check_activity(&check)}
                {hint_line(state.session.hint, check.is_stopped())}
            </div>
            if let Some(replay) = replay {
                <ReplayControls next={replay.next} total={replay.moves.len()} playing={replay.playing}
                    can_step_back={state.session.can_undo()} speed_ms={*speed_ms}
                    on_play={control(Control::ReplayPlay)} on_pause={control(Control::ReplayPause)}
                    on_step_back={control(Control::Undo)} on_step={replay_step}
                    on_speed={Callback::from(move |ms| speed_ms.set(ms))} />
            }
            <DeckPaste {on_deck} text={format_deck(&current.game.deck)} />
            <details class="share">
                <summary>{"Share"}</summary>
                <p>
                    <button onclick={copy(&share)}>{"Copy link"}</button>
                    <button onclick={copy(&share_with_moves)}>{"Copy link with moves"}</button>
                </p>
                <input readonly=true aria-label="Share link" value={page_url(&share_with_moves)} />
            </details>
        </section>
    }
}
