use std::rc::Rc;

use yew::prelude::*;

use super::browser::{copy_text, load, page_url};
use super::card_motion::use_snapshot_motion;
use super::freecell_state::{travelling_cards, Action, FreeCellState, Origin, Selection, Snapshot};
use super::freecell_table::FreeCellTable;
use super::hooks::{
    use_game_address, use_game_clock, use_keydown, use_position_check, use_saved_game, Navigator,
};
use super::table_parts::{
    check_activity, game_status, hint_line, use_replay_timer, ReplayControls, Scoreline,
};
use crate::deal::DealNumber;
use crate::games::freecell::{
    board_code, can_lift, notation_words, Autoplay, Move, Notation, Pile, Position,
};
use crate::protocol::{Answer, SolveMode, Task};
use crate::session::{Control, Start, Stats, Verdict};
use crate::share::Route;

const STATS_KEY: &str = "deckhand.freecell.stats";
const GAME_KEY: &str = "deckhand.freecell.game";

/// The game in progress as saved in localStorage: its deal, or the board code of its starting
/// position, and its moves.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SavedGame {
    #[serde(default)]
    deal: Option<u64>,
    #[serde(default)]
    board: Option<String>,
    moves: Vec<Move>,
}

impl SavedGame {
    fn of(snapshot: &Snapshot) -> SavedGame {
        let (deal, board) = match &snapshot.game {
            Origin::Deal(deal) => (Some(deal.get()), None),
            Origin::Board(position) => (None, Some(board_code::encode(position))),
        };
        SavedGame { deal, board, moves: snapshot.moves.clone() }
    }

    /// The game in progress, as last saved.
    pub fn load() -> Option<SavedGame> {
        load(GAME_KEY)
    }

    pub fn origin(&self) -> Option<Origin> {
        match (self.deal, &self.board) {
            (Some(deal), None) => DealNumber::new(deal).ok().map(Origin::Deal),
            (None, Some(code)) => board_code::decode(code).ok().map(|p| Origin::Board(Rc::new(p))),
            _ => None,
        }
    }
}

/// Moves of a link (`moves=8a.81.3h`, standard notation joined by dots) replayed from `start`.
pub fn moves_from_link(start: &Position, code: &str) -> Result<Vec<Move>, String> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for (index, word) in code.split('.').filter(|w| !w.is_empty()).enumerate() {
        let notation: Notation =
            word.parse().map_err(|error| format!("move {} `{word}` is not a move: {error}", index + 1))?;
        let mv = notation
            .to_move(&position)
            .map_err(|error| format!("move {} `{word}` cannot be played: {error}", index + 1))?;
        position.play_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}

pub fn random_deal() -> DealNumber {
    let number = (js_sys::Math::random() * 1_000_000.0) as u64 + 1;
    DealNumber::new(number.min(1_000_000)).expect("1..=1,000,000 is in range")
}

/// The pile a notation key names; named keys ("ArrowUp", "Enter") name none.
fn pile_key(key: &str) -> Option<Pile> {
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

#[derive(Properties, PartialEq)]
pub struct FreeCellGameProps {
    /// The deal or position the address names.
    pub origin: Origin,
    /// Moves from the link, already checked.
    #[prop_or_default]
    pub link_moves: Option<Rc<Vec<Move>>>,
    pub navigator: Navigator,
}

/// The FreeCell game: table, controls, solver checks, replay, persistence and sharing.
#[component]
pub fn FreeCellGame(props: &FreeCellGameProps) -> Html {
    let state = {
        let origin = props.origin.clone();
        let link_moves = props.link_moves.clone();
        use_reducer(move || {
            let stats = load::<Stats>(STATS_KEY).unwrap_or_default();
            let moves = match link_moves {
                Some(moves) => (*moves).clone(),
                None => load::<SavedGame>(GAME_KEY)
                    .filter(|saved| saved.origin().as_ref() == Some(&origin))
                    .map(|saved| saved.moves)
                    .unwrap_or_default(),
            };
            FreeCellState::new(origin, &moves, stats)
        })
    };
    let pending_key = use_mut_ref(|| None::<Pile>);

    let current = state.current().clone();

    // A deal or position the address asks for becomes an undoable new game; the address
    // always names the deal or starting position on the table.
    {
        let dispatch = state.dispatcher();
        let new_game = Callback::from(move |origin| dispatch.dispatch(Action::NewGame(origin)));
        let route = |origin: &Origin| origin.route(None);
        use_game_address(
            props.origin.clone(),
            current.game.clone(),
            new_game,
            route,
            props.navigator.clone(),
        );
    }
    // The cards that travel since the last position shown.
    let motion = use_snapshot_motion(current.clone(), travelling_cards);
    // Persistence: the game in progress and the statistics, after every change.
    use_saved_game(GAME_KEY, STATS_KEY, current.id, SavedGame::of(&current), state.session.stats);
    // The solver looks at each new position in the background ("still winnable?", hints).
    let check = {
        let wanted = state.session.wanted_check().map(|snapshot| {
            let task =
                Task::SolveFreeCell { board: snapshot.position.setup().to_string(), mode: SolveMode::Fast };
            (snapshot.id, task)
        });
        let verdict_of = |answer: &Answer| match answer {
            Answer::FreeCellSolved(outcome) => Verdict::from(outcome.clone()),
            _ => Verdict::Unknown,
        };
        let dispatch = state.dispatcher();
        let on_verdict = Callback::from(move |(snapshot, verdict)| {
            dispatch.dispatch(Action::Control(Control::Verdict { snapshot, verdict }))
        });
        use_position_check(wanted, verdict_of, on_verdict)
    };
    // Replay: one move per tick while playing.
    let speed_ms = {
        let dispatch = state.dispatcher();
        let playing = state.session.replay.as_ref().is_some_and(|r| r.playing);
        use_replay_timer(playing, Callback::from(move |_| dispatch.dispatch(Action::ReplayStep)))
    };
    // The timer runs from the game's first move until it is won.
    let moved = !current.moves.is_empty();
    let seconds = use_game_clock(state.session.game_id(), moved, moved && !current.position.is_won());
    // Keyboard: standard notation (`3` then `b`), Escape, Ctrl+Z / Ctrl+Y.
    {
        let dispatch = state.dispatcher();
        let pending_key = pending_key.clone();
        use_keydown(Callback::from(move |event: KeyboardEvent| {
            let key = event.key().to_lowercase();
            if event.ctrl_key() || event.meta_key() {
                match key.as_str() {
                    "z" if event.shift_key() => dispatch.dispatch(Action::Control(Control::Redo)),
                    "z" => dispatch.dispatch(Action::Control(Control::Undo)),
                    "y" => dispatch.dispatch(Action::Control(Control::Redo)),
                    _ => return,
                }
                event.prevent_default();
                return;
            }
            if key == "escape" {
                *pending_key.borrow_mut() = None;
                dispatch.dispatch(Action::Select(None));
                return;
            }
            let Some(pile) = pile_key(&key) else { return };
            let first = pending_key.borrow_mut().take();
            match first.map(Pile::source) {
                None if !matches!(pile, Pile::Foundation(_)) => {
                    *pending_key.borrow_mut() = Some(pile);
                    dispatch.dispatch(Action::Select(Some(Selection { pile, depth: usize::MAX })));
                }
                Some(Some(from)) => {
                    dispatch.dispatch(Action::PlayNotation(Notation { from, to: pile.target(), cards: None }))
                }
                _ => {}
            }
        }));
    }

    let dispatch = state.dispatcher();
    let on_attempt = {
        let dispatch = dispatch.clone();
        Callback::from(move |(from, depth, to): (Pile, usize, Pile)| {
            dispatch.dispatch(Action::Attempt { from, depth, to })
        })
    };
    let on_click = {
        let dispatch = dispatch.clone();
        let selection = state.selection;
        let position = current.position.clone();
        Callback::from(move |(pile, depth): (Pile, usize)| match selection {
            Some(selected) if selected.pile != pile => {
                dispatch.dispatch(Action::Attempt { from: selected.pile, depth: selected.depth, to: pile })
            }
            Some(_) => dispatch.dispatch(Action::Select(None)),
            None => {
                let liftable = can_lift(&position, pile, depth);
                if liftable {
                    dispatch.dispatch(Action::Select(Some(Selection { pile, depth })));
                }
            }
        })
    };
    let on_send_away = {
        let dispatch = dispatch.clone();
        Callback::from(move |pile| dispatch.dispatch(Action::SendAway { from: pile }))
    };
    let button = |label: &'static str, action: fn() -> Action, enabled: bool| {
        let dispatch = dispatch.clone();
        html! { <button disabled={!enabled} onclick={Callback::from(move |_| dispatch.dispatch(action()))}>{label}</button> }
    };
    let on_new = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::NewGame(Origin::Deal(random_deal()))))
    };
    let on_deal_change = {
        let dispatch = dispatch.clone();
        Callback::from(move |event: Event| {
            let input: web_sys::HtmlInputElement = event.target_unchecked_into();
            if let Ok(deal) = input.value().parse::<DealNumber>() {
                dispatch.dispatch(Action::NewGame(Origin::Deal(deal)));
            }
        })
    };
    let on_autoplay = {
        let dispatch = dispatch.clone();
        Callback::from(move |event: Event| {
            let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
            let mode = match select.value().as_str() {
                "off" => Autoplay::Off,
                "all" => Autoplay::All,
                _ => Autoplay::Safe,
            };
            dispatch.dispatch(Action::SetAutoplay(mode));
        })
    };
    // "Copy link" names what is on the table now: the deal at its start, else the position.
    let share_route = if current.moves.is_empty() {
        current.game.route(None)
    } else {
        Origin::Board(Rc::new(current.position.clone())).route(None)
    };
    let share_with_moves = current.game.route(
        (!current.moves.is_empty()).then(|| notation_words(&current.game.start(), &current.moves).join(".")),
    );
    let copy = |route: Route| {
        let url = page_url(&route);
        Callback::from(move |_| copy_text(&url))
    };
    let import_text = use_node_ref();
    let on_import = {
        let dispatch = dispatch.clone();
        let import_text = import_text.clone();
        Callback::from(move |_| {
            if let Some(area) = import_text.cast::<web_sys::HtmlTextAreaElement>() {
                dispatch.dispatch(Action::Import(area.value()));
            }
        })
    };

    // "Position…": open a typed position (board text), whose problems are listed all at once.
    let position_draft = use_state(|| None::<String>);
    let position_problems = use_state(Vec::<String>::new);
    let position_text = use_node_ref();
    let on_position_toggle = {
        let position_draft = position_draft.clone();
        let position_problems = position_problems.clone();
        let board_text = current.position.to_string();
        Callback::from(move |_| {
            position_problems.set(Vec::new());
            position_draft.set(match *position_draft {
                Some(_) => None,
                None => Some(board_text.clone()),
            });
        })
    };
    let on_open_position = {
        let dispatch = dispatch.clone();
        let position_text = position_text.clone();
        let position_draft = position_draft.clone();
        let position_problems = position_problems.clone();
        Callback::from(move |_| {
            let Some(area) = position_text.cast::<web_sys::HtmlTextAreaElement>() else { return };
            match area.value().parse::<Position>() {
                Ok(position) => {
                    position_problems.set(Vec::new());
                    position_draft.set(None);
                    dispatch.dispatch(Action::NewGame(Origin::Board(Rc::new(position))));
                }
                Err(error) => position_problems.set(error.problems.iter().map(ToString::to_string).collect()),
            }
        })
    };

    let won = current.position.is_won();
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
    let deal_box = match &current.game {
        Origin::Deal(deal) => deal.to_string(),
        Origin::Board(_) => String::new(),
    };
    let replay = state.session.replay.clone();
    let can_solve = matches!(state.session.verdict(), Some(Verdict::Winnable(_))) && !won;

    let control = |control: Control<Move>| {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::Control(control.clone())))
    };
    let replay_step = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.dispatch(Action::ReplayStep))
    };
    html! {
        <section class="game">
            <div class="toolbar">
                <h1>{match &current.game {
                    Origin::Deal(deal) => format!("FreeCell #{deal}"),
                    Origin::Board(_) => "FreeCell: a position".to_string(),
                }}</h1>
                <label>{"Deal "}
                    <input type="number" min="1" max="8589934591" value={deal_box}
                        aria-label="Deal number" onchange={on_deal_change} />
                </label>
                <button onclick={on_new}>{"New game"}</button>
                <button onclick={on_position_toggle.clone()} aria-expanded={position_draft.is_some().to_string()}>
                    {"Position…"}</button>
                {button("Restart", || Action::Restart, !current.moves.is_empty())}
                {button("Undo", || Action::Control(Control::Undo), state.session.can_undo())}
                {button("Redo", || Action::Control(Control::Redo), state.session.can_redo())}
                {button("Hint", || Action::Control(Control::AskHint), !won)}
                {button("Solve", || Action::Control(Control::Solve), can_solve)}
                <label>{"Autoplay "}
                    <select aria-label="Autoplay" onchange={on_autoplay}>
                        <option value="safe" selected={state.autoplay == Autoplay::Safe}>{"safe"}</option>
                        <option value="all" selected={state.autoplay == Autoplay::All}>{"all"}</option>
                        <option value="off" selected={state.autoplay == Autoplay::Off}>{"off"}</option>
                    </select>
                </label>
            </div>
            <Scoreline moves={current.moves.len()} {seconds} stats={state.session.stats}></Scoreline>
            if let Some(draft) = (*position_draft).clone() {
                <div class="position-import">
                    <label for="position-text">{"A position in board text: one line per cascade, top card \
                        first (a line holding only \":\" is an empty cascade), and optional \"Freecells:\" \
                        and \"Foundations:\" lines (\"-\" is an empty free cell, \"H-5\" five hearts home)"}</label>
                    <textarea id="position-text" ref={position_text} rows="11" spellcheck="false"
                        aria-label="Position text" value={draft} />
                    <p>
                        <button onclick={on_open_position}>{"Open position"}</button>
                        <button onclick={on_position_toggle.clone()}>{"Cancel"}</button>
                    </p>
                    if !position_problems.is_empty() {
                        <ul class="problems" role="alert" data-testid="position-problems">
                            { for position_problems.iter().map(|problem| html! { <li>{problem}</li> }) }
                        </ul>
                    }
                </div>
            }
            <FreeCellTable position={current.position.clone()} selection={state.selection} hint={state.session.hint.shown()}
                motion={motion} {on_attempt} {on_click} {on_send_away} />
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
                <summary>{"Share and notation"}</summary>
                <p>
                    <button onclick={copy(share_route.clone())}>{"Copy link"}</button>
                    <button onclick={copy(share_with_moves.clone())}>{"Copy link with moves"}</button>
                </p>
                <input readonly=true aria-label="Share link" value={page_url(&share_with_moves)} />
                <input readonly=true aria-label="Position link" value={page_url(&share_route)} />
                <label for="notation">{"The game so far in standard notation"}</label>
                <textarea id="notation" readonly=true rows="3" aria-label="Game notation" value={state.notation()} />
                <label for="import">{"Replay moves in standard notation from the start"}</label>
                <textarea id="import" ref={import_text} rows="3" aria-label="Import notation" />
                <button onclick={on_import}>{"Import and replay"}</button>
            </details>
        </section>
    }
}
