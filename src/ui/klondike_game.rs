use std::rc::Rc;

use yew::prelude::*;

use super::browser::{copy_text, load, page_url};
use super::card_motion::use_snapshot_motion;
use super::hooks::{
    use_game_address, use_game_clock, use_keydown, use_position_check, use_saved_game, Navigator,
};
use super::klondike_state::{travelling_cards, Action, KlondikeDeal, KlondikeState, Selection};
use super::klondike_table::KlondikeTable;
use super::table_parts::{
    check_activity, game_status, hint_line, use_replay_timer, ReplayControls, Scoreline,
};
use crate::deal::seeded_deck;
use crate::games::klondike::{self, deck_code, format_moves, Draw, Move, Pile};
use crate::protocol::{Answer, Task};
use crate::session::{Control, Stats, Verdict};
use crate::share::Route;

const STATS_KEY: &str = "deckhand.klondike.stats";
const GAME_KEY: &str = "deckhand.klondike.game";

/// The game in progress as saved in localStorage.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SavedGame {
    pub seed: Option<u64>,
    /// The deck's link code.
    pub deck: String,
    pub draw: u8,
    pub moves: Vec<Move>,
}

impl SavedGame {
    /// The saved deal, if it still reads.
    pub fn deal(&self) -> Option<KlondikeDeal> {
        let deck = klondike::deck_from_code(&self.deck).ok()?;
        Some(KlondikeDeal { seed: self.seed, deck: Rc::new(deck), draw: Draw::from_count(self.draw)? })
    }

    /// The game in progress, as last saved.
    pub fn load() -> Option<SavedGame> {
        load(GAME_KEY)
    }
}

/// A random seed for a new deal.
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 1_000_000.0) as u64 + 1
}

/// The deal a seed stands for.
pub fn seeded_deal(seed: u64, draw: Draw) -> KlondikeDeal {
    KlondikeDeal { seed: Some(seed), deck: Rc::new(seeded_deck(seed)), draw }
}

/// The link to a deal, with `moves` if any.
pub fn deal_route(deal: &KlondikeDeal, moves: &[Move]) -> Route {
    let draw = deal.draw.count();
    let moves = (!moves.is_empty()).then(|| format_moves(moves));
    match deal.seed {
        Some(seed) => Route::Klondike { seed: Some(seed), draw, moves },
        None => Route::KlondikeDeck { deck: (*deal.deck).clone(), draw, moves },
    }
}

#[derive(Properties, PartialEq)]
pub struct KlondikeGameProps {
    pub deal: KlondikeDeal,
    /// Moves from a link or a saved game, played from the deal as far as they are legal.
    #[prop_or_default]
    pub moves: Option<Rc<Vec<Move>>>,
    pub navigator: Navigator,
}

/// The Klondike game: table, controls, solver checks, replay, persistence and sharing.
#[component]
pub fn KlondikeGame(props: &KlondikeGameProps) -> Html {
    let state = {
        let deal = props.deal.clone();
        let moves = props.moves.clone();
        use_reducer(move || {
            let stats = load::<Stats>(STATS_KEY).unwrap_or_default();
            KlondikeState::new(deal, moves.as_deref().map(Vec::as_slice).unwrap_or_default(), stats)
        })
    };
    let deck_problem = use_state(|| None::<String>);
    let current = state.current().clone();
    let dispatch = state.dispatcher();

    // A deal the address asks for becomes an undoable new game; the address always names the
    // deal on the table.
    {
        let dispatch = dispatch.clone();
        let new_game = Callback::from(move |deal| dispatch.dispatch(Action::NewGame(deal)));
        let route = |deal: &KlondikeDeal| deal_route(deal, &[]);
        use_game_address(props.deal.clone(), current.game.clone(), new_game, route, props.navigator.clone());
    }
    // The cards that travel since the last position shown.
    let motion = use_snapshot_motion(current.clone(), travelling_cards);
    // Persistence: the game in progress and the statistics, after every change.
    {
        let saved = SavedGame {
            seed: current.game.seed,
            deck: deck_code(&current.game.deck),
            draw: current.game.draw.count(),
            moves: current.moves.clone(),
        };
        use_saved_game(GAME_KEY, STATS_KEY, current.id, saved, state.session.stats);
    }
    // The solver looks at each new position in the background ("still winnable?", hints).
    let check = {
        let wanted = state.session.wanted_check().map(|snapshot| {
            let task = Task::SolveKlondike {
                deck: deck_code(&snapshot.game.deck),
                rules: snapshot.game.rules(),
                moves: snapshot.moves.clone(),
            };
            (snapshot.id, task)
        });
        let verdict_of = |answer: &Answer| match answer {
            Answer::KlondikeSolved(outcome) => Verdict::from(outcome.clone()),
            _ => Verdict::Unknown,
        };
        let dispatch = dispatch.clone();
        let on_verdict = Callback::from(move |(snapshot, verdict)| {
            dispatch.dispatch(Action::Control(Control::Verdict { snapshot, verdict }))
        });
        use_position_check(wanted, verdict_of, on_verdict)
    };
    // Replay and auto-complete: one move per tick while playing.
    let speed_ms = {
        let dispatch = dispatch.clone();
        let playing = state.session.replay.as_ref().is_some_and(|r| r.playing);
        use_replay_timer(playing, Callback::from(move |_| dispatch.dispatch(Action::ReplayStep)))
    };
    let won = current.position.is_won();
    let seconds =
        use_game_clock(state.session.game_id(), !current.moves.is_empty(), !current.moves.is_empty() && !won);
    // Keyboard: Ctrl+Z / Ctrl+Y, D to draw, Escape to put a picked card back.
    {
        let dispatch = dispatch.clone();
        use_keydown(Callback::from(move |event: KeyboardEvent| {
            let key = event.key().to_lowercase();
            let action = match key.as_str() {
                "z" if (event.ctrl_key() || event.meta_key()) && event.shift_key() => {
                    Action::Control(Control::Redo)
                }
                "z" if event.ctrl_key() || event.meta_key() => Action::Control(Control::Undo),
                "y" if event.ctrl_key() || event.meta_key() => Action::Control(Control::Redo),
                "d" if !event.ctrl_key() && !event.meta_key() => Action::Deal,
                "escape" => Action::Select(None),
                _ => return,
            };
            event.prevent_default();
            dispatch.dispatch(action);
        }));
    }

    let on_attempt = {
        let dispatch = dispatch.clone();
        Callback::from(move |(from, depth, to): (Pile, usize, Pile)| {
            dispatch.dispatch(Action::Attempt { from, depth, to })
        })
    };
    let on_click = {
        let dispatch = dispatch.clone();
        let selection = state.selection;
        let position = current.position;
        Callback::from(move |(pile, depth): (Pile, usize)| match selection {
            Some(selected) if selected.pile != pile => {
                dispatch.dispatch(Action::Attempt { from: selected.pile, depth: selected.depth, to: pile })
            }
            Some(_) => dispatch.dispatch(Action::Select(None)),
            None => {
                let liftable = klondike::can_lift(&position, pile, depth);
                if liftable {
                    dispatch.dispatch(Action::Select(Some(Selection { pile, depth })));
                }
            }
        })
    };
    let on_send_away = {
        let dispatch = dispatch.clone();
        Callback::from(move |from| dispatch.dispatch(Action::SendAway { from }))
    };
    let on_deal = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::Deal))
    };
    let button = |label: &'static str, action: fn() -> Action, enabled: bool| {
        let dispatch = dispatch.clone();
        html! { <button disabled={!enabled} onclick={Callback::from(move |_| dispatch.dispatch(action()))}>{label}</button> }
    };
    let on_new = {
        let dispatch = dispatch.clone();
        let draw = current.game.draw;
        Callback::from(move |_| dispatch.dispatch(Action::NewGame(seeded_deal(random_seed(), draw))))
    };
    let on_seed = {
        let dispatch = dispatch.clone();
        let draw = current.game.draw;
        Callback::from(move |event: Event| {
            let input: web_sys::HtmlInputElement = event.target_unchecked_into();
            if let Ok(seed) = input.value().trim().parse::<u64>() {
                dispatch.dispatch(Action::NewGame(seeded_deal(seed, draw)));
            }
        })
    };
    let on_draw = {
        let dispatch = dispatch.clone();
        let deal = current.game.clone();
        Callback::from(move |event: Event| {
            let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
            let draw = if select.value() == "3" { Draw::Three } else { Draw::One };
            dispatch.dispatch(Action::NewGame(KlondikeDeal { draw, ..deal.clone() }));
        })
    };
    let deck_text = use_node_ref();
    let on_custom_deck = {
        let dispatch = dispatch.clone();
        let deck_text = deck_text.clone();
        let deck_problem = deck_problem.clone();
        let draw = current.game.draw;
        Callback::from(move |_| {
            let Some(area) = deck_text.cast::<web_sys::HtmlTextAreaElement>() else { return };
            match klondike::parse_deck(&area.value()) {
                Ok(deck) => {
                    deck_problem.set(None);
                    dispatch.dispatch(Action::NewGame(KlondikeDeal {
                        seed: None,
                        deck: Rc::new(deck),
                        draw,
                    }));
                }
                Err(error) => deck_problem.set(Some(error.to_string())),
            }
        })
    };
    let share = deal_route(&current.game, &[]);
    let share_with_moves = deal_route(&current.game, &current.moves);
    let copy = |route: &Route| {
        let url = page_url(route);
        Callback::from(move |_| copy_text(&url))
    };

    let status = {
        let dispatch = dispatch.clone();
        let on_go_to = Callback::from(move |index| dispatch.dispatch(Action::Control(Control::GoTo(index))));
        game_status(&state.session, state.refusal.as_deref(), "this deal", check.is_stopped(), on_go_to)
    };
    let replay = state.session.replay.clone();
    let can_solve = matches!(state.session.verdict(), Some(Verdict::Winnable(_))) && !won;
    let title = match current.game.seed {
        Some(seed) => format!("Klondike #{seed}"),
        None => "Klondike (custom deck)".to_string(),
    };

    let control = |control: Control<Move>| {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::Control(control.clone())))
    };
    let replay_step = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::ReplayStep))
    };
    html! {
        <section class="game klondike">
            <div class="toolbar">
                <h1>{title}</h1>
                <label>{"Deal "}
                    <input type="number" min="0" value={current.game.seed.map(|s| s.to_string()).unwrap_or_default()}
                        aria-label="Deal number" onchange={on_seed} />
                </label>
                <label>{"Draw "}
                    <select aria-label="Draw" onchange={on_draw}>
                        <option value="1" selected={current.game.draw == Draw::One}>{"1"}</option>
                        <option value="3" selected={current.game.draw == Draw::Three}>{"3"}</option>
                    </select>
                </label>
                <button onclick={on_new}>{"New game"}</button>
                {button("Restart", || Action::Restart, !current.moves.is_empty())}
                {button("Undo", || Action::Control(Control::Undo), state.session.can_undo())}
                {button("Redo", || Action::Control(Control::Redo), state.session.can_redo())}
                {button("Hint", || Action::Control(Control::AskHint), !won)}
                {button("Solve", || Action::Control(Control::Solve), can_solve)}
                if klondike::finishing_moves(&current.position).is_some() && replay.is_none() {
                    {button("Auto-complete", || Action::AutoComplete, true)}
                }
            </div>
            <Scoreline moves={current.moves.len()} {seconds} stats={state.session.stats}>
                <span>{format!("Passes: {}", current.position.recycles() + 1)}</span>
            </Scoreline>
            <KlondikeTable position={current.position} selection={state.selection} hint={state.session.hint.shown()}
                {on_attempt} {on_click} {on_send_away} {on_deal} {motion} />
            <div role="status" aria-live="polite" class="status">
                {status}
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
            <details class="share">
                <summary>{"Share, or deal your own deck"}</summary>
                <p>
                    <button onclick={copy(&share)}>{"Copy link"}</button>
                    <button onclick={copy(&share_with_moves)}>{"Copy link with moves"}</button>
                </p>
                <input readonly=true aria-label="Share link" value={page_url(&share_with_moves)} />
                <label for="klondike-deck">{"A deck of 52 cards in dealing order: the 28 tableau cards row by row as a person deals (one to each of columns 1 to 7, then one to each of columns 2 to 7, and so on), then the stock from the top"}</label>
                <textarea id="klondike-deck" ref={deck_text} rows="4" aria-label="Custom deck"
                    value={klondike::format_deck(&current.game.deck)} />
                <button onclick={on_custom_deck}>{"Deal this deck"}</button>
                if let Some(problem) = (*deck_problem).clone() {
                    <div class="refusal" role="alert" data-testid="deck-error">{problem}</div>
                }
            </details>
        </section>
    }
}
