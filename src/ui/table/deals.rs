//! Deals that know themselves, alike for every solitaire: "New game" can deal only winnable
//! deals (of a difficulty, if the player asks), found by the worker while the page stays
//! live; each table shows its deal's difficulty and why; and each game has a deal of the day,
//! the same winnable deal for everyone on a UTC date, with the days played and won.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use super::GameView;
use crate::games::{read_variant, variant_index, Game};
use crate::grade::{daily_start_seed, Date, Difficulty, Grade, Verdict, WinnableProgress};
use crate::protocol::{grade_task, winnable_task, Answer};
use crate::share::Route;
use crate::ui::browser::{load, save};
use crate::ui::hooks::{use_solver, use_solver_quietly, Navigator, SolverHandle, SolverState};

/// What "New game" deals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NewDeals {
    /// Any shuffle, unchecked.
    #[default]
    Any,
    /// Only deals the solver has won.
    Winnable,
    /// Only winnable deals of this difficulty.
    Tier(Difficulty),
}

impl NewDeals {
    fn difficulty(self) -> Option<Difficulty> {
        match self {
            NewDeals::Tier(difficulty) => Some(difficulty),
            _ => None,
        }
    }
}

/// The storage key of a game's choice of new deals.
fn new_deals_key<G: Game>() -> String {
    format!("deckhand.{}.new-deals", G::KEY)
}

/// The player's choice of new deals, saved per game, and a way to change it.
#[hook]
pub fn use_new_deals<G: Game>() -> (NewDeals, Callback<NewDeals>) {
    let chosen = use_state(|| load::<NewDeals>(&new_deals_key::<G>()).unwrap_or_default());
    let choose = {
        let chosen = chosen.clone();
        Callback::from(move |deals: NewDeals| {
            save(&new_deals_key::<G>(), &deals);
            chosen.set(deals);
        })
    };
    (*chosen, choose)
}

/// The "Winnable deal" preference beside New game and, once it is on, the difficulty wanted.
pub fn new_deals_choice(chosen: NewDeals, choose: Callback<NewDeals>) -> Html {
    let on_winnable = {
        let choose = choose.clone();
        Callback::from(move |event: Event| {
            let input: web_sys::HtmlInputElement = event.target_unchecked_into();
            choose.emit(if input.checked() { NewDeals::Winnable } else { NewDeals::Any });
        })
    };
    let on_difficulty = Callback::from(move |event: Event| {
        let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
        let value = select.value();
        let tier = Difficulty::ALL.into_iter().find(|d| d.word() == value);
        choose.emit(tier.map_or(NewDeals::Winnable, NewDeals::Tier));
    });
    let tier = chosen.difficulty();
    html! {
        <>
            <label class="winnable-choice" title="New game deals only deals the solver has won">
                <input type="checkbox" checked={chosen != NewDeals::Any} onchange={on_winnable} />
                {"Winnable deal"}
            </label>
            if chosen != NewDeals::Any {
                <select aria-label="Difficulty of new deals" onchange={on_difficulty}>
                    <option value="" selected={tier.is_none()}>{"Any"}</option>
                    { for Difficulty::ALL.into_iter().map(|d| html! {
                        <option value={d.word()} selected={tier == Some(d)}>{d.word()}</option>
                    }) }
                </select>
            }
        </>
    }
}

/// A random seed to start a search from, among the game's random seeds (short links).
fn random_seed<G: Game>() -> u64 {
    let (low, high) = (*G::RANDOM_SEEDS.start(), *G::RANDOM_SEEDS.end());
    low.saturating_add((js_sys::Math::random() * (high - low + 1) as f64) as u64).min(high)
}

/// The variant with index `index` among the game's variants.
fn variant_at<G: Game>(index: u64) -> G::Variant {
    use crate::games::Variant;
    G::Variant::ALL.get(index as usize).copied().unwrap_or_default()
}

/// A search for a winnable deal as a table steers it.
#[derive(Clone)]
pub struct DealSearch {
    pub solver: SolverHandle,
    /// The variant of the search in flight, as its index among the game's variants.
    variant: Rc<Cell<u64>>,
    /// The seed the search in flight started from.
    from: Rc<Cell<u64>>,
}

impl PartialEq for DealSearch {
    fn eq(&self, other: &DealSearch) -> bool {
        self.solver == other.solver
    }
}

impl DealSearch {
    /// Starts looking from a random seed for a winnable deal (of `deals`' difficulty).
    pub fn start<G: Game>(&self, deals: NewDeals, variant: G::Variant) {
        self.from::<G>(random_seed::<G>(), deals.difficulty(), variant);
    }

    /// Starts looking from `seed` on.
    pub fn from<G: Game>(&self, seed: u64, difficulty: Option<Difficulty>, variant: G::Variant) {
        self.variant.set(variant_index::<G>(variant));
        self.from.set(seed);
        self.solver.start(winnable_task::<G>(seed, difficulty, variant));
    }

    /// How far the search has got, while it runs.
    pub fn progress(&self) -> Option<WinnableProgress> {
        match &*self.solver.state {
            SolverState::Searching { progress, .. } => Some(*progress),
            SolverState::Working { .. } => {
                Some(WinnableProgress { seed: self.from.get(), ..Default::default() })
            }
            _ => None,
        }
    }

    /// What went wrong, if the worker could not search.
    pub fn failure(&self) -> Option<String> {
        match &*self.solver.state {
            SolverState::Done { answer: Answer::InvalidInput(reason), .. } => Some(reason.clone()),
            _ => None,
        }
    }
}

/// A search for winnable deals; `on_found` gets each seed found and its grade (which is
/// remembered, so the table shows it at once).
#[hook]
pub fn use_deal_search<G: Game>(on_found: Callback<(u64, Grade)>) -> DealSearch {
    let solver = use_solver();
    let variant = (*use_memo((), |_| Rc::new(Cell::new(0u64)))).clone();
    let from = (*use_memo((), |_| Rc::new(Cell::new(0)))).clone();
    let search = DealSearch { solver: solver.clone(), variant: variant.clone(), from };
    use_effect_with((*solver.state).clone(), move |state| {
        if let SolverState::Done { answer: Answer::Winnable { seed, grade }, .. } = state {
            if let Some(deal) = G::seeded(*seed, variant_at::<G>(variant.get())) {
                remember_grade(grade_key::<G>(&deal), grade.clone());
            }
            on_found.emit((*seed, grade.clone()));
        }
    });
    search
}

/// The line the status region shows while a search runs, with Skip (play the deal being
/// tried, unchecked) and Cancel (keep the game on the table).
pub fn search_line(search: &DealSearch, what: &str, on_skip: Option<Callback<u64>>) -> Html {
    if let Some(reason) = search.failure() {
        return html! { <div class="progress" data-testid="finding-deal-failed">{format!("Could not find a deal: {reason}")}</div> };
    }
    let Some(progress) = search.progress() else { return Html::default() };
    let tried = match progress.tried {
        0 => String::new(),
        1 => " 1 deal tried.".to_string(),
        n => format!(" {n} deals tried."),
    };
    let skip = on_skip.map(|on_skip| {
        let seed = progress.seed;
        let onclick = Callback::from(move |_: MouseEvent| on_skip.emit(seed));
        html! { <button {onclick} title="Play the deal being tried, unchecked">{"Skip"}</button> }
    });
    let cancel = {
        let solver = search.solver.clone();
        Callback::from(move |_: MouseEvent| solver.cancel())
    };
    html! {
        <div class="progress" data-testid="finding-deal">
            {format!("Finding {what}…{tried} ")}
            {skip.unwrap_or_default()}
            <button onclick={cancel}>{"Cancel"}</button>
        </div>
    }
}

thread_local! {
    /// Grades already known, by the deal's link: a deal is graded once per visit.
    static GRADES: RefCell<HashMap<String, Grade>> = RefCell::new(HashMap::new());
}

/// At most this many grades are kept; then the memory starts again.
const MAX_GRADES: usize = 500;

fn grade_key<G: Game>(deal: &G::Deal) -> String {
    Route::table::<G>(deal, &[]).to_string()
}

fn remember_grade(key: String, grade: Grade) {
    GRADES.with(|grades| {
        let mut grades = grades.borrow_mut();
        if grades.len() >= MAX_GRADES {
            grades.clear();
        }
        grades.insert(key, grade);
    });
}

fn known_grade(key: &str) -> Option<Grade> {
    GRADES.with(|grades| grades.borrow().get(key).cloned())
}

/// The grade of the deal on the table (`None` while the worker grades it, in the background:
/// the position checks go first).
#[hook]
pub fn use_deal_grade<G: Game>(deal: &G::Deal) -> Option<Grade> {
    let solver = use_solver_quietly();
    let key = grade_key::<G>(deal);
    let asked = use_mut_ref(|| None::<String>);
    {
        let solver = solver.clone();
        let deal = deal.clone();
        let asked = asked.clone();
        use_effect_with(key.clone(), move |key| {
            if known_grade(key).is_none() {
                *asked.borrow_mut() = Some(key.clone());
                solver.start(grade_task::<G>(&deal));
            } else {
                solver.cancel();
            }
        });
    }
    if let Some(grade) = known_grade(&key) {
        return Some(grade);
    }
    match &*solver.state {
        SolverState::Done { answer: Answer::Graded(grade), .. }
            if asked.borrow().as_deref() == Some(&key) =>
        {
            remember_grade(key, grade.clone());
            Some(grade.clone())
        }
        SolverState::Done { answer: Answer::InvalidInput(reason), .. } => Some(Grade {
            verdict: Verdict::Unknown,
            difficulty: None,
            reason: format!("Could not grade this deal: {reason}"),
            facts: None,
        }),
        _ => None,
    }
}

/// The deal's difficulty and why, as the table shows it.
pub fn grade_line(grade: Option<&Grade>) -> Html {
    match grade {
        None => html! { <span class="grade" data-testid="grading">{"Difficulty: grading…"}</span> },
        Some(grade) => {
            let word = match (grade.difficulty, grade.verdict) {
                (Some(difficulty), _) => difficulty.word(),
                (None, Verdict::Unsolvable) => "Not winnable",
                (None, _) => "Undecided",
            };
            html! {
                <span class="grade" title={grade.reason.clone()}>
                    <strong data-testid="difficulty">{word}</strong>{": "}{grade.reason.clone()}{"."}
                </span>
            }
        }
    }
}

/// Today's date in UTC.
pub fn today() -> Date {
    let now = js_sys::Date::new_0();
    let (year, month, day) = (now.get_utc_full_year(), now.get_utc_month() + 1, now.get_utc_date());
    let fallback = Date::new(2000, 1, 1).expect("a date");
    match (u16::try_from(year), u8::try_from(month), u8::try_from(day)) {
        (Ok(year), Ok(month), Ok(day)) => Date::new(year, month, day).unwrap_or(fallback),
        _ => fallback,
    }
}

/// The link to the game's deal of the day today, in `variant`.
pub fn today_route<G: Game>(variant: G::Variant) -> Route {
    Route::day::<G>(today(), variant)
}

/// The deals of the day a game has found, and the days played and won, saved per game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Days {
    /// (date, draw, seed) of each deal of the day found, newest last.
    found: Vec<(String, u8, u64)>,
    /// The dates whose deal was played (a move made), and won.
    played: Vec<String>,
    won: Vec<String>,
}

/// At most this many days are kept in each list (a year and a little).
const MAX_DAYS: usize = 400;

/// A variant as the days' lists tag it: its link value as a number (Klondike's draw, Spider's
/// suits), 1 for a game with one variant, as earlier builds saved it.
fn day_tag<G: Game>(variant: G::Variant) -> u8 {
    use crate::games::Variant;
    variant.code().parse().unwrap_or(1)
}

fn days_key<G: Game>() -> String {
    format!("deckhand.{}.days", G::KEY)
}

impl Days {
    pub fn load<G: Game>() -> Days {
        let mut days = load::<Days>(&days_key::<G>()).unwrap_or_default();
        for list in [&mut days.played, &mut days.won] {
            list.retain(|date| date.parse::<Date>().is_ok());
        }
        days.found.retain(|(date, _, _)| date.parse::<Date>().is_ok());
        days
    }

    fn save<G: Game>(&self) {
        save(&days_key::<G>(), self);
    }

    /// The seed of `date`'s deal in `draw`, if it was found before.
    pub fn seed(&self, date: Date, draw: u8) -> Option<u64> {
        let date = date.to_string();
        self.found.iter().find(|(d, w, _)| *d == date && *w == draw).map(|(_, _, seed)| *seed)
    }

    /// The date whose deal of the day `deal` is, if it is one.
    pub fn day_of<G: Game>(&self, deal: &G::Deal) -> Option<Date> {
        let seed = G::seed_of(deal)?;
        let draw = day_tag::<G>(G::variant(deal));
        self.found
            .iter()
            .rev()
            .find(|(_, w, s)| *s == seed && *w == draw)
            .and_then(|(date, _, _)| date.parse().ok())
    }

    pub fn played(&self) -> usize {
        self.played.len()
    }

    pub fn won(&self) -> usize {
        self.won.len()
    }

    fn remember<G: Game>(date: Date, draw: u8, seed: u64) {
        let mut days = Days::load::<G>();
        if days.seed(date, draw).is_none() {
            days.found.push((date.to_string(), draw, seed));
            trim(&mut days.found);
            days.save::<G>();
        }
    }

    /// Counts `date`'s deal as played (and won).
    pub fn mark<G: Game>(date: Date, won: bool) -> Days {
        let mut days = Days::load::<G>();
        let date = date.to_string();
        let mut changed = false;
        for (list, wanted) in [(&mut days.played, true), (&mut days.won, won)] {
            if wanted && !list.contains(&date) {
                list.push(date.clone());
                trim(list);
                changed = true;
            }
        }
        if changed {
            days.save::<G>();
        }
        days
    }
}

fn trim<T>(list: &mut Vec<T>) {
    if list.len() > MAX_DAYS {
        list.drain(..list.len() - MAX_DAYS);
    }
}

#[derive(Properties, PartialEq)]
pub struct DayPageProps {
    pub date: Date,
    /// The link's variant parameter's value (Klondike's draw), if any; read when the route was.
    pub variant: Option<String>,
    pub navigator: Navigator,
}

/// `#/<game>/day/<date>`: finds that day's deal (the first seed from the day's start seed that
/// the solver wins: the same for everyone), then opens it as an ordinary deal link.
#[component]
pub fn DayPage<G: GameView>(props: &DayPageProps) -> Html {
    let variant = read_variant::<G>(props.variant.as_deref()).unwrap_or_default();
    let draw_count = day_tag::<G>(variant);
    let date = props.date;
    let open = {
        let navigator = props.navigator.clone();
        Callback::from(move |seed: u64| {
            if let Some(deal) = G::seeded(seed, variant) {
                navigator.replace(&Route::table::<G>(&deal, &[]));
            }
        })
    };
    let on_found = {
        let open = open.clone();
        Callback::from(move |(seed, _grade): (u64, Grade)| {
            Days::remember::<G>(date, draw_count, seed);
            open.emit(seed);
        })
    };
    let search = use_deal_search::<G>(on_found);
    {
        let search = search.clone();
        use_effect_with((date, draw_count), move |_| match Days::load::<G>().seed(date, draw_count) {
            Some(seed) => open.emit(seed),
            None => {
                let start = daily_start_seed::<G>(variant, date);
                search.from::<G>(start, None, variant);
            }
        });
    }
    let cancelled = matches!(*search.solver.state, SolverState::Cancelled { .. });
    html! {
        <section class={classes!("game", G::CLASS)}>
            <div class="toolbar"><h1>{format!("{}: deal of the day, {date}", G::NAME)}</h1></div>
            <div role="status" aria-live="polite" class="status">
                {search_line(&search, "the deal of the day", None)}
                if cancelled {
                    <div>{"Stopped. "}<a href={format!("#/{}", G::KEY)}>{"Play another deal"}</a></div>
                }
            </div>
        </section>
    }
}
