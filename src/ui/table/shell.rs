//! The shell around every solitaire table, written once: the toolbar, the score line, the
//! status region (verdict, refusal, last move, solver activity, hint), the replay bar, the
//! share panel, and behind them the reducer, saving, the address, the background position
//! check, the replay timer, the clock, drag, click-then-click and the keyboard.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::deals::{
    grade_line, new_deals_choice, search_line, today_route, use_deal_grade, use_deal_search, use_new_deals,
    Days, NewDeals,
};
use super::parts::{check_activity, game_status, hint_line, use_replay_timer, ReplayControls, Scoreline};
use super::view::TableView;
use super::win::WinDialog;
use super::{GameView, TableContext};
use crate::games::{spots, step_focus, Direction, Game, Place, SolveMode, Spot};
use crate::protocol::{check_task, verdict};
use crate::session::{Control, Stats, Table, Verdict};
use crate::share::Route;
use crate::table::{announcement, finishing_line, travelling_cards, Action, GameSnapshot, TableState};
use crate::ui::browser::{copy_text, load, page_url};
use crate::ui::card_motion::{use_card_motion, use_snapshot_motion};
use crate::ui::hooks::{
    use_card_drag, use_game_clock, use_keydown, use_position_check, use_saved_game, DragCallbacks, Navigator,
};

#[derive(Properties)]
pub struct GameTableProps<G: GameView> {
    /// The deal the address names.
    pub deal: G::Deal,
    /// Moves from a link or the saved game, played from the deal as far as they are legal.
    #[prop_or_default]
    pub moves: Option<Rc<Vec<G::Move>>>,
    /// The moves are a link's (to be played again when the link changes), not the saved game's.
    #[prop_or_default]
    pub from_link: bool,
    pub navigator: Navigator,
}

impl<G: GameView> PartialEq for GameTableProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.deal == other.deal
            && self.moves == other.moves
            && self.from_link == other.from_link
            && self.navigator == other.navigator
    }
}

/// The table's share links as full addresses: the deal alone, and the deal with its moves.
struct ShareLinks {
    deal: String,
    with_moves: String,
}

/// The storage key of a game's statistics.
pub fn stats_key<G: Game>() -> String {
    format!("deckhand.{}.stats", G::KEY)
}

/// The storage key of a game in progress.
pub fn game_key<G: Game>() -> String {
    format!("deckhand.{}.game", G::KEY)
}

/// The last step's announcement, worked out once per snapshot shown.
#[hook]
fn use_announcement<G: Game>(current: GameSnapshot<G>) -> Option<String> {
    let shown = use_mut_ref(|| None::<(GameSnapshot<G>, Option<String>)>);
    let mut shown = shown.borrow_mut();
    match &*shown {
        Some((snapshot, said)) if snapshot.id == current.id => said.clone(),
        previous => {
            let said = previous.as_ref().and_then(|(from, _)| announcement::<G>(from, &current));
            *shown = Some((current, said.clone()));
            said
        }
    }
}

/// Moves the browser's focus to the element of `pile` inside `table`.
fn focus_pile(table: &NodeRef, pile: impl std::fmt::Display) {
    let selector = format!("[data-pile=\"{pile}\"]");
    let element = table.cast::<web_sys::Element>().and_then(|t| t.query_selector(&selector).ok().flatten());
    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// Whether the browser's focus is on `table` or inside it.
fn holds_focus(table: &NodeRef) -> bool {
    let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    match (table.cast::<web_sys::Node>(), active) {
        (Some(table), Some(active)) => table.contains(Some(&active)),
        _ => false,
    }
}

/// The row and x of `pile` in `layout`.
fn place_of<P: PartialEq>(layout: &[Vec<Place<P>>], pile: P) -> Option<(usize, f32)> {
    layout
        .iter()
        .enumerate()
        .find_map(|(row, places)| places.iter().find(|place| place.pile == pile).map(|place| (row, place.x)))
}

/// The place of `layout` nearest to where a pile was drawn (`row`, `x`): the same row first.
fn nearest_place<P>(layout: &[Vec<Place<P>>], (row, x): (usize, f32)) -> Option<&Place<P>> {
    let distance = |r: usize, place: &Place<P>| {
        let rows = r.abs_diff(row) as f32;
        rows * rows * 4.0 + (place.x - x) * (place.x - x)
    };
    layout
        .iter()
        .enumerate()
        .flat_map(|(r, places)| places.iter().map(move |place| (distance(r, place), place)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, place)| place)
}

/// The cards drawn under the pointer while dragged, read off the table.
fn dragged_cards(table: &web_sys::Element) -> Vec<crate::cards::Card> {
    let Ok(list) = table.query_selector_all("[data-card].dragging") else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| {
            list.item(i)?.dyn_into::<web_sys::Element>().ok()?.get_attribute("data-card")?.parse().ok()
        })
        .collect()
}

/// One solitaire's table and everything around it.
#[component]
pub fn GameTable<G: GameView>(props: &GameTableProps<G>) -> Html {
    let state = {
        let deal = props.deal.clone();
        let moves = props.moves.clone();
        use_reducer(move || {
            let stats = load::<Stats>(&stats_key::<G>()).unwrap_or_default();
            TableState::<G>::new(deal, moves.as_deref().map(Vec::as_slice).unwrap_or_default(), stats)
        })
    };
    let dispatch: Callback<Action<G>> = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action| dispatcher.dispatch(action))
    };
    let current = state.current().clone();
    // The most copies of one card the deal holds (1 for one deck; Spider's two decks in one suit
    // hold 8), for the browser tests' "no card more often than its deal holds it".
    let copies = {
        let mut counts = std::collections::HashMap::new();
        G::deck(&current.game)
            .into_iter()
            .map(|card| *counts.entry(card).and_modify(|n| *n += 1).or_insert(1usize))
            .max()
            .unwrap_or(1)
            .to_string()
    };
    let position = &current.position;

    // A deal the address asks for becomes an undoable new game; the address always names the
    // deal on the table.
    {
        let dispatch = dispatch.clone();
        let (shown_deal, shown_moves) = (current.game.clone(), current.moves.clone());
        let asked = (props.deal.clone(), props.moves.clone(), props.from_link);
        use_effect_with(asked, move |(deal, moves, from_link)| {
            let other_moves = *from_link && moves.as_deref().is_some_and(|moves| *moves != shown_moves);
            if *deal != shown_deal || other_moves {
                dispatch.emit(Action::Open { deal: deal.clone(), moves: moves.clone().unwrap_or_default() });
            }
        });
        let navigator = props.navigator.clone();
        use_effect_with(current.game.clone(), move |deal| navigator.replace(&Route::table::<G>(deal, &[])));
    }
    let table_ref = use_node_ref();
    let motion = use_snapshot_motion(current.clone(), travelling_cards::<G>);
    let drops = use_card_motion(table_ref.clone(), motion);
    let announced = use_announcement::<G>(current.clone());
    // Persistence: the game in progress and the statistics, after every change.
    {
        let shown = current.clone();
        let saved = move || G::save(&shown.game, &shown.moves);
        use_saved_game(game_key::<G>(), stats_key::<G>(), current.id, saved, state.session.stats);
    }
    // The solver looks at each new position in the background ("still winnable?", hints).
    let check = {
        let wanted = state
            .session
            .wanted_check()
            .map(|snapshot| (snapshot.id, check_task::<G>(&snapshot.game, &snapshot.moves, SolveMode::Fast)));
        let on_verdict =
            dispatch.reform(|(snapshot, verdict)| Action::Control(Control::Verdict { snapshot, verdict }));
        use_position_check(wanted, verdict::<G>, on_verdict)
    };
    // Replay and auto-complete: one move per tick while playing.
    let speed_ms = {
        let playing = state.session.replay.as_ref().is_some_and(|r| r.playing);
        use_replay_timer(playing, dispatch.reform(|_| Action::ReplayStep))
    };
    let won = current.position.is_won();
    let moved = !current.moves.is_empty();
    let seconds = use_game_clock(state.session.game_id(), moved, moved && !won);

    // Keyboard focus: a spot of the layout, kept inside what the piles hold now.
    let focus = use_state(|| None::<Spot<G::Pile>>);
    let layout = G::layout(position);
    // Where the focused pile was drawn (its row and x in the layout): when a move takes that
    // pile away (a Pyramid pair), the focus goes to the nearest pile left.
    let focused_place = use_mut_ref(|| None::<(usize, f32)>);
    let focus_now = focus.and_then(|f| match layout.iter().flatten().find(|place| place.pile == f.pile) {
        Some(place) => {
            let depth = f.depth.clamp(*place.depths.start(), *place.depths.end());
            Some(Spot { pile: f.pile, depth })
        }
        None => {
            let place = nearest_place(&layout, (*focused_place.borrow())?)?;
            Some(Spot { pile: place.pile, depth: *place.depths.end() })
        }
    });
    if let Some(place) = focus_now.and_then(|f| place_of(&layout, f.pile)) {
        *focused_place.borrow_mut() = Some(place);
    }
    let tab_pile = focus_now.map(|f| f.pile).or_else(|| G::first_focus(&layout));
    // After a move the focus rests on its pile's exposed card, as when Tab arrives there.
    {
        let focus = focus.clone();
        let ends: Vec<Spot<G::Pile>> =
            layout.iter().flatten().map(|p| Spot { pile: p.pile, depth: *p.depths.end() }).collect();
        use_effect_with(current.id, move |_| {
            if let Some(now) = focus_now {
                let end = ends.iter().copied().find(|end| end.pile == now.pile);
                if end.is_some_and(|end| end != now) {
                    focus.set(end);
                }
            }
        });
    }
    // Focus stays on the table after a move, by any input: while the table holds the focus,
    // a redraw that took the focused element away (a pile emptied, a pair removed) puts it
    // on the pile that Tab would reach now.
    let table_focused = use_mut_ref(|| false);
    {
        let table_ref = table_ref.clone();
        let table_focused = table_focused.clone();
        use_effect(move || {
            if *table_focused.borrow() && !holds_focus(&table_ref) {
                if let Some(pile) = tab_pile {
                    focus_pile(&table_ref, pile);
                }
            }
        });
    }
    let on_focus_in = {
        let table_focused = table_focused.clone();
        Callback::from(move |_: FocusEvent| *table_focused.borrow_mut() = true)
    };
    // Focus leaving for another element (a button, the next Tab stop) ends it; focus lost with
    // no element to go to (the focused one was taken away) does not.
    let on_focus_out = {
        let table_ref = table_ref.clone();
        Callback::from(move |event: FocusEvent| {
            let table = table_ref.cast::<web_sys::Node>();
            let to = event.related_target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
            if let (Some(table), Some(to)) = (table, to) {
                *table_focused.borrow_mut() = table.contains(Some(&to));
            }
        })
    };
    // Page-wide keys: Ctrl+Z / Ctrl+Y, D to deal, Escape, and the game's pile keys (a first
    // key picks a pile's cards up, a second puts them down: click-then-click by name).
    {
        let dispatch = dispatch.clone();
        let ends: Vec<Spot<G::Pile>> =
            layout.iter().flatten().map(|p| Spot { pile: p.pile, depth: *p.depths.end() }).collect();
        let can_deal = G::deal_move(position).is_some();
        let picked = state.selection.is_some();
        use_keydown(Callback::from(move |event: KeyboardEvent| {
            let key = event.key().to_lowercase();
            let command = event.ctrl_key() || event.meta_key();
            let action = match key.as_str() {
                "z" if command && event.shift_key() => Action::Control(Control::Redo),
                "z" if command => Action::Control(Control::Undo),
                "y" if command => Action::Control(Control::Redo),
                "escape" => Action::PutBack,
                _ if command || event.alt_key() => return,
                key => match G::key_pile(key) {
                    Some(pile) if picked => Action::Click(Spot { pile, depth: 0 }),
                    Some(pile) => Action::Click(
                        ends.iter().copied().find(|s| s.pile == pile).unwrap_or(Spot { pile, depth: 0 }),
                    ),
                    None if key == "d" && can_deal => Action::Deal,
                    None => return,
                },
            };
            event.prevent_default();
            dispatch.emit(action);
        }));
    }
    let on_key = {
        let focus = focus.clone();
        let dispatch = dispatch.clone();
        let table_ref = table_ref.clone();
        let layout = layout.clone();
        Callback::from(move |(pile, event): (G::Pile, KeyboardEvent)| {
            let here = focus_now.filter(|f| f.pile == pile).unwrap_or_else(|| {
                spots(&layout).filter(|spot| spot.pile == pile).last().unwrap_or(Spot { pile, depth: 0 })
            });
            let direction = match event.key().as_str() {
                "Enter" | " " => {
                    event.prevent_default();
                    dispatch.emit(Action::Click(here));
                    return;
                }
                "ArrowLeft" => Direction::Left,
                "ArrowRight" => Direction::Right,
                "ArrowUp" => Direction::Up,
                "ArrowDown" => Direction::Down,
                _ => return,
            };
            event.prevent_default();
            if let Some(next) = step_focus(&layout, here, direction) {
                focus.set(Some(next));
                if next.pile != pile {
                    focus_pile(&table_ref, next.pile);
                }
            }
        })
    };
    // Focus arriving by Tab or a click starts at the pile's exposed card.
    let on_focus = {
        let focus = focus.clone();
        let ends: Vec<Spot<G::Pile>> =
            layout.iter().flatten().map(|p| Spot { pile: p.pile, depth: *p.depths.end() }).collect();
        Callback::from(move |pile: G::Pile| {
            if focus.map(|f| f.pile) != Some(pile) {
                focus.set(ends.iter().copied().find(|s| s.pile == pile));
            }
        })
    };
    let drag = use_card_drag(G::parse_pile as fn(&str) -> Option<G::Pile>);
    let drag_callbacks = {
        let table_ref = table_ref.clone();
        DragCallbacks {
            on_drop: dispatch.reform(|(pile, depth, to)| Action::Drop { from: Spot { pile, depth }, to }),
            on_click: dispatch.reform(|(pile, depth)| Action::Click(Spot { pile, depth })),
            // A move made by a drop starts where the cards were let go.
            before_drop: Some(Callback::from(move |_| {
                if let Some(table) = table_ref.cast::<web_sys::Element>() {
                    let cards = dragged_cards(&table);
                    drops.borrow_mut().record(&table, &cards);
                }
            })),
        }
    };
    let (hint_from, hint_to) = match state.session.hint.shown() {
        Some(mv) => G::hint_spots(position, mv),
        None => (Vec::new(), None),
    };
    let view = TableView::<G> {
        position,
        selection: state.selection,
        hint_from,
        hint_to,
        focus: focus_now,
        tab_pile,
        drag: &drag,
        drag_callbacks: &drag_callbacks,
        dispatch: dispatch.clone(),
        on_key,
        on_focus,
    };
    let table = G::draw(&view);

    let button = |label: &'static str, action: fn() -> Action<G>, enabled: bool| {
        let onclick = dispatch.reform(move |_: MouseEvent| action());
        html! { <button disabled={!enabled} {onclick}>{label}</button> }
    };
    // New games: any shuffle, or a winnable one (of a difficulty) found by the worker.
    let variant = G::variant(&current.game);
    let (new_deals, on_new_deals) = use_new_deals::<G>();
    let open_seed = {
        let dispatch = dispatch.clone();
        Callback::from(move |seed: u64| {
            if let Some(deal) = G::seeded(seed, variant) {
                dispatch.emit(Action::NewGame(deal));
            }
        })
    };
    let search = use_deal_search::<G>(open_seed.reform(|(seed, _grade)| seed));
    let on_skip = {
        let search = search.clone();
        Callback::from(move |seed: u64| {
            search.solver.cancel();
            open_seed.emit(seed);
        })
    };
    let new_game = {
        let dispatch = dispatch.clone();
        let search = search.clone();
        Callback::from(move |_: ()| match new_deals {
            NewDeals::Any => dispatch.emit(Action::NewGame(G::random_deal(variant, js_sys::Math::random()))),
            deals => search.start::<G>(deals, variant),
        })
    };
    let on_new = new_game.reform(|_: MouseEvent| ());
    let grade = use_deal_grade::<G>(&current.game);
    // The deal of the day: which day the deal on the table is, and the days played and won.
    let day = use_memo(current.game.clone(), |deal| Days::load::<G>().day_of::<G>(deal));
    // Marked in an effect, not while drawing: storage is written once per change.
    let days = use_state(|| None::<Days>);
    {
        let days = days.clone();
        use_effect_with((*day, moved, won), move |&(day, moved, won)| {
            days.set(match day {
                Some(date) if moved => Some(Days::mark::<G>(date, won)),
                Some(_) => Some(Days::load::<G>()),
                None => None,
            })
        });
    }
    let verdict = game_status::<G>(
        &state.session,
        check.is_stopped(),
        dispatch.reform(|index| Action::Control(Control::GoTo(index))),
    );
    let deal_result = state.session.start_verdict().and_then(G::deal_result);
    let replay = state.session.replay.clone();
    let can_solve = matches!(state.session.verdict(), Some(Verdict::Winnable(_))) && !won;
    let can_finish = replay.is_none() && finishing_line::<G>(&state.session).is_some();
    let control = |control: Control<G::Move>| dispatch.reform(move |_| Action::Control(control.clone()));
    // The links change only with the snapshot: made once for it, not on every redraw.
    let links = {
        let shown = current.clone();
        use_memo(current.id, move |_| ShareLinks {
            deal: page_url(&Route::table::<G>(&shown.game, &[])),
            with_moves: page_url(&Route::table::<G>(&shown.game, &shown.moves)),
        })
    };
    let copy = |url: &String| {
        let url = url.clone();
        Callback::from(move |_: MouseEvent| copy_text(&url))
    };
    let context = TableContext { state: &state, dispatch: dispatch.clone() };
    // The win's dialog, until the player closes it or plays on (a new game, a restart).
    let closed_win = use_state(|| None::<u64>);
    let game_id = state.session.game_id();
    let win_dialog = (won && *closed_win != Some(game_id)).then(|| {
        let game = G::describe_deal(&current.game);
        let title = if state.session.is_assisted() {
            format!("Won {game}, the last moves played by the solver")
        } else {
            format!("You won {game}!")
        };
        let solver_moves = match state.session.start_verdict() {
            Some(Verdict::Winnable(line)) => Some(line.len()),
            _ => None,
        };
        let on_winnable = {
            let search = search.clone();
            Callback::from(move |_: ()| search.start::<G>(NewDeals::Winnable, variant))
        };
        let closed_win = closed_win.clone();
        html! {
            <WinDialog {title} moves={current.moves.len()} {seconds} {solver_moves} stats={state.session.stats}
                on_new={new_game.clone()} {on_winnable} on_replay={dispatch.reform(|_| Action::Restart)}
                on_close={Callback::from(move |_| closed_win.set(Some(game_id)))} />
        }
    });
    // While the dialog is open the table behind it is hidden from screen readers.
    let behind = win_dialog.is_some().then_some("true");

    // The one message under the verdict, most pressing first: a deal being searched for, a
    // refused move, the hint asked for, else the last move in words.
    let message = if search.failure().is_some() || search.progress().is_some() {
        search_line(&search, "a winnable deal", Some(on_skip))
    } else if let Some(reason) = state.refusal.as_deref() {
        html! { <div class="refusal" data-testid="refusal">{format!("Not allowed: {reason}.")}</div> }
    } else if !matches!(state.session.hint, crate::session::Hint::NotAsked) {
        hint_line::<G>(position, state.session.hint, check.is_stopped())
    } else if let Some(said) = announced {
        html! { <div class="announce" data-testid="last-move">{said}</div> }
    } else {
        Html::default()
    };
    html! {
        <section class={classes!("game", G::CLASS)}>
            <div class="toolbar" aria-hidden={behind}>
                <h1>{G::title(&current.game)}
                    if let Some(date) = *day { <span class="day-badge">{format!(" · deal of the day {date}")}</span> }
                </h1>
                <div class="controls">
                    {super::deal_choices::<G>(&context)}
                    {G::toolbar(&context)}
                    <button onclick={on_new}>{"New game"}</button>
                    {new_deals_choice(new_deals, on_new_deals)}
                    {button("Restart", || Action::Restart, moved)}
                    {button("Undo", || Action::Control(Control::Undo), state.session.can_undo())}
                    {button("Redo", || Action::Control(Control::Redo), state.session.can_redo())}
                    {button("Hint", || Action::Control(Control::AskHint), !won)}
                    {button("Solve", || Action::Control(Control::Solve), can_solve)}
                </div>
            </div>
            <div class="bar" aria-hidden={behind}>
                <Scoreline moves={current.moves.len()} {seconds} stats={state.session.stats}>
                    if let Some(extra) = G::score_extra(position) { <span>{extra}</span> }
                    if let Some(days) = &*days {
                        <span data-testid="days">{format!("Days played {}, won {}", days.played(), days.won())}</span>
                    }
                </Scoreline>
                <div class="deal-facts">
                    {grade_line(grade.as_ref())}
                    <a class="day-link" href={today_route::<G>(variant).to_string()}>{"Deal of the day"}</a>
                </div>
            </div>
            <div class={classes!("table", G::CLASS)} ref={table_ref} role="group"
                aria-label={format!("{} table", G::NAME)} aria-describedby="table-keys"
                data-copies={copies} onfocusin={on_focus_in} onfocusout={on_focus_out}>
                <p id="table-keys" class="visually-hidden">
                    {"Arrow keys move between the piles, and up and down along a pile's cards; Enter or \
                      Space picks up the chosen cards and puts them down, or plays the card; Escape puts \
                      them back; D deals from the stock."}
                </p>
                {table}
            </div>
            // Two lines that keep their place: the game's state (the deal's answer, the verdict
            // and the solver at work), then one message, which the next replaces.
            <div role="status" aria-live="polite" class="status">
                <div class="verdict">
                    if let Some(result) = deal_result { <div data-testid="deal-result">{result}</div> }
                    {verdict}
                    {check_activity(&check)}
                </div>
                <div class="message">{message}</div>
            </div>
            // The replay's controls and the offer to finish float over the table's foot: they
            // come and go without moving a pile.
            if replay.is_some() || can_finish {
                <div class="dock">
                    if let Some(replay) = replay {
                        <ReplayControls next={replay.next} total={replay.moves.len()} playing={replay.playing}
                            can_step_back={state.session.can_undo()} speed_ms={*speed_ms}
                            on_play={control(Control::ReplayPlay)} on_pause={control(Control::ReplayPause)}
                            on_step_back={control(Control::Undo)} on_step={dispatch.reform(|_| Action::ReplayStep)}
                            on_speed={Callback::from(move |ms| speed_ms.set(ms))} />
                    } else {
                        {button("Auto-complete", || Action::AutoComplete, true)}
                    }
                </div>
            }
            {win_dialog.unwrap_or_default()}
            <div class="panels">
            {G::panels(&context)}
            <details class="share">
                <summary>{G::SHARE_TITLE}</summary>
                <p>
                    <button onclick={copy(&links.deal)}>{"Copy link"}</button>
                    <button onclick={copy(&links.with_moves)}>{"Copy link with moves"}</button>
                </p>
                <input readonly=true aria-label="Share link" value={links.with_moves.clone()} />
                {G::share_extra(&context)}
            </details>
            </div>
        </section>
    }
}
