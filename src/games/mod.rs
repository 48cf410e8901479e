//! One folder per game: rules (state, `Move` enum, legal moves, apply, undo), deal, notation,
//! its solver and its grading; the traits a solitaire implements for the shared card table
//! ([`Play`], [`Dealing`], [`Solving`]); and THE registry of solitaires ([`games!`]), from
//! which the worker, grading, links, the home page, the command line and the tests take their
//! list. Adding a game: docs/ADDING_A_GAME.md.
//!
//! Nothing here imports the layers that serve the games (protocol, grade, table, ui, worker).

pub mod deck_deal;
pub mod freecell;
pub mod golf;
pub mod grading;
pub mod klondike;
pub mod pyramid;

pub mod foxhounds;
pub mod spider;
pub mod tictactoe;
pub mod tripeaks;
pub mod yukon;

use std::fmt::{Debug, Display};
use std::ops::RangeInclusive;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::search::Search;
use crate::session::{Start, Table, Verdict};
use crate::share::LinkError;

pub use deck_deal::{DeckDeal, DeckDealt};
pub use grading::{Difficulty, DifficultyError, Grade};

/// The registry: every solitaire, one line each, as `key: type`. Every list of games (the
/// worker's, grading's, the links', the home page's, the command line's, the fuzzer's and the
/// contract tests') is made from it: `games!(callback)` calls `callback! { Type, ... }`.
/// The key is the game's [`Play::KEY`], written here and nowhere else.
#[macro_export]
macro_rules! games {
    ($callback:ident) => {
        $callback! {
            $crate::games::freecell::FreeCell,
            $crate::games::klondike::Klondike,
            $crate::games::pyramid::Pyramid,
            $crate::games::freecell::family::Family<$crate::games::freecell::family::BakersGame>,
            $crate::games::freecell::family::Family<$crate::games::freecell::family::EightOff>,
            $crate::games::freecell::family::Family<$crate::games::freecell::family::SeahavenTowers>,
            $crate::games::yukon::Yukon,
            $crate::games::golf::Golf,
            $crate::games::tripeaks::TriPeaks,
            $crate::games::spider::Spider,
        }
    };
}

/// Runs `visitor` on the registered game with `key`; `None` if no game has it.
pub fn visit<V: Visit>(key: &str, visitor: V) -> Option<V::Output> {
    macro_rules! by_key {
        ($($game:ty),* $(,)?) => {
            $(if key == <$game as Play>::KEY { return Some(visitor.visit::<$game>()); })*
        };
    }
    games!(by_key);
    None
}

/// Runs `visitor` on every registered game, in the registry's order.
pub fn each<V: VisitEach>(visitor: &mut V) {
    macro_rules! all {
        ($($game:ty),* $(,)?) => { $(visitor.visit::<$game>();)* };
    }
    games!(all);
}

/// The registered games' keys, in the registry's order.
pub fn keys() -> Vec<&'static str> {
    struct Keys(Vec<&'static str>);
    impl VisitEach for Keys {
        fn visit<G: Game>(&mut self) {
            self.0.push(G::KEY);
        }
    }
    let mut keys = Keys(Vec::new());
    each(&mut keys);
    keys.0
}

/// Something done with one game, chosen by its key at run time ([`visit`]).
pub trait Visit {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// Something done with every game in turn ([`each`]).
pub trait VisitEach {
    fn visit<G: Game>(&mut self);
}

/// What a click (a tap, Enter on a focused pile) does with nothing picked up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap<M> {
    /// Plays a move at once (a Pyramid king, a click on the stock).
    Play(M),
    /// Picks the card up, to be put down by the next click.
    Pick,
    /// Does nothing, and says why in words.
    Refuse(String),
}

/// One place the keyboard focus can be: a pile and, where a pile holds a run to choose from,
/// the card the run starts at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot<P> {
    pub pile: P,
    pub depth: usize,
}

/// A pile in the keyboard layout: where it sits across its row (in card widths, any origin)
/// and the depths the focus can choose from in it (a cascade's movable run; one depth for most).
#[derive(Clone, Debug, PartialEq)]
pub struct Place<P> {
    pub pile: P,
    pub x: f32,
    pub depths: std::ops::RangeInclusive<usize>,
}

/// A move as the command line's JSON lists it: `{"from": PILE, "to": PILE, "cards": n}`, with
/// `cards` left out for a move that names none (Spider's deal, `{"from": "stock", "to":
/// "tableau"}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub from: Option<String>,
    pub to: Option<String>,
    pub cards: Option<usize>,
}

impl MoveRecord {
    /// `mv` by its source and destination piles (DOM names), as its hint shows them, and the
    /// cards it carries.
    pub fn of<G: Play>(position: &G::Position, mv: G::Move) -> MoveRecord {
        let (from, to) = G::hint_spots(position, mv);
        MoveRecord {
            from: from.first().map(|spot| spot.pile.to_string()),
            to: to.map(|pile| pile.to_string()),
            cards: Some(G::carried(position, mv).len().max(1)),
        }
    }

    /// The same without the count, for a game whose every move carries one card (Golf,
    /// TriPeaks: `{"from": "tableau-3", "to": "waste"}`).
    pub fn one_card<G: Play>(position: &G::Position, mv: G::Move) -> MoveRecord {
        MoveRecord { cards: None, ..MoveRecord::of::<G>(position, mv) }
    }
}

/// How a solver should trade speed for solution length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolveMode {
    /// Quick answers (hints, background checks).
    #[default]
    Fast,
    /// Shorter solutions for a little more time (replays).
    Short,
}

/// A choice that makes one game several (Klondike's draw; Spider's suits): named in links by
/// a parameter (`?draw=3`), offered by the table, graded and searched for apart.
pub trait Variant: Copy + PartialEq + Eq + Debug + Default + Serialize + DeserializeOwned + 'static {
    /// The link parameter naming the variant (`draw`), or `None` for a game without one.
    const PARAMETER: Option<&'static str>;
    /// Every variant, in the order the table offers them.
    const ALL: &'static [Self];
    /// The variant's value in links (`3`).
    fn code(self) -> &'static str;
    /// The variant in words, for menus and titles ("Draw 3").
    fn words(self) -> &'static str;
    /// The variant a link's value names.
    fn from_code(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.code() == code)
    }
    /// What a link parameter may be, for errors ("1 or 3").
    fn expected() -> String {
        let codes: Vec<&str> = Self::ALL.iter().map(|v| v.code()).collect();
        match codes.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => codes.join(""),
        }
    }
}

/// The variant of a game that has only one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OneVariant;

impl Variant for OneVariant {
    const PARAMETER: Option<&'static str> = None;
    const ALL: &'static [OneVariant] = &[OneVariant];
    fn code(self) -> &'static str {
        ""
    }
    fn words(self) -> &'static str {
        ""
    }
}

/// A solitaire's gestures and words: what every gesture means on its table and how its
/// piles, cards and moves are said. The table layer (session, reducer, drag, keyboard) does
/// the rest alike for every game. Plain Rust, tested natively.
pub trait Play: Sized + 'static {
    type Position: Table<Move = Self::Move> + Debug;
    type Move: Copy + PartialEq + Debug + Display + Serialize + DeserializeOwned + 'static;
    /// A pile on the table; `Display` is its DOM name (`cascade-3`).
    type Pile: Copy + PartialEq + Eq + Debug + Display + 'static;
    /// The player's choices that change how moves play (FreeCell's autoplay).
    type Settings: Copy + PartialEq + Debug + Default + 'static;

    /// The game's name, as titles say it ("FreeCell").
    const NAME: &'static str;
    /// The lower-case name used in storage keys, routes, worker messages and the command line
    /// (`freecell`): written here and nowhere else.
    const KEY: &'static str;
    /// One line for the home page ("Microsoft deals 1 to 8,589,934,591").
    const SUMMARY: &'static str;

    /// The pile a DOM name stands for.
    fn parse_pile(name: &str) -> Option<Self::Pile>;

    /// Whether the card at `depth` of `pile` can be picked up (dragged, or clicked to pick up).
    fn can_lift(position: &Self::Position, pile: Self::Pile, depth: usize) -> bool;

    /// What a click on the card at `depth` of `pile` does when nothing is picked up.
    fn tap(position: &Self::Position, pile: Self::Pile, depth: usize) -> Tap<Self::Move> {
        if Self::can_lift(position, pile, depth) {
            Tap::Pick
        } else {
            Tap::Refuse(Self::cannot_lift(position, pile, depth))
        }
    }

    /// Why the card at `depth` of `pile` cannot be picked up, in words.
    fn cannot_lift(position: &Self::Position, pile: Self::Pile, depth: usize) -> String;

    /// The legal move meant by taking the card at `depth` of `from` to `to`, or why there is
    /// none, naming the cards in words.
    fn intended(
        position: &Self::Position,
        from: Self::Pile,
        depth: usize,
        to: Self::Pile,
    ) -> Result<Self::Move, String>;

    /// Where a double-click sends the card at `depth` of `pile`.
    fn send_away(position: &Self::Position, pile: Self::Pile, depth: usize) -> Option<Self::Move>;

    /// The move of the "deal" key (D): draw from the stock or turn the waste over.
    fn deal_move(_position: &Self::Position) -> Option<Self::Move> {
        None
    }

    /// Moves that follow a player's move by themselves (FreeCell's autoplay), played on
    /// `position` as they are listed.
    fn follow_up(_position: &mut Self::Position, _settings: Self::Settings) -> Vec<Self::Move> {
        Vec::new()
    }

    /// Once nothing is left to decide, the moves that finish the game (auto-complete).
    fn finish(_position: &Self::Position) -> Option<Vec<Self::Move>> {
        None
    }

    /// Whether no card the game deals face down is still face down in the tableau (Klondike
    /// with every column turned, whatever its stock holds). Nothing hidden is left to change
    /// the game, so once the solver finds a win from here the table offers to finish it by
    /// playing that line. A game without face-down cards keeps `false` (its [`Play::finish`]
    /// says when the rest is forced).
    fn all_face_up(_position: &Self::Position) -> bool {
        false
    }

    /// Every card of the game where it lies now, face-down ones included: piles, cells,
    /// stock, waste and foundations (a game whose removed cards leave the table lists its
    /// deal). The contract tests check that a deal holds each card exactly once.
    fn cards(position: &Self::Position) -> Vec<Card>;

    /// The cards `mv` carries from where they lie in `position` (for the animation).
    fn carried(position: &Self::Position, mv: Self::Move) -> Vec<Card>;

    /// The piles a move takes cards from (with the depth the cards start at) and the pile it
    /// puts them on, for a hint's highlight.
    fn hint_spots(position: &Self::Position, mv: Self::Move) -> (Vec<Spot<Self::Pile>>, Option<Self::Pile>);

    /// How the command line's JSON names `mv` played from `position` (DESIGN.md, "Command-line
    /// contract"): by default its source and destination piles (DOM names) and the cards it
    /// carries, as its hint shows them.
    fn move_record(position: &Self::Position, mv: Self::Move) -> MoveRecord {
        MoveRecord::of::<Self>(position, mv)
    }

    /// `mv` in words, as played from `position` ("Move the five of hearts from cascade 3 to the
    /// foundation"); the move's own `Display` where that already names its cards.
    fn describe_move(_position: &Self::Position, mv: Self::Move) -> String {
        mv.to_string()
    }

    /// The keyboard layout: rows of piles, top to bottom.
    fn layout(position: &Self::Position) -> Vec<Vec<Place<Self::Pile>>>;

    /// What a screen reader says of a pile: its name, what it holds and whether its card can be
    /// played; `choosing` is the depth the keyboard has chosen in it, if focused.
    fn pile_label(position: &Self::Position, pile: Self::Pile, choosing: Option<usize>) -> String;

    /// A line the game adds to the score line (Klondike's passes, Pyramid's recycles left).
    fn score_extra(_position: &Self::Position) -> Option<String> {
        None
    }
}

/// A solitaire's deals, links and saving: what a game starts from, how a link or the worker
/// names it, and how a game in progress is kept.
pub trait Dealing: Play {
    /// What a game starts from: a numbered deal, a deck, a position.
    type Deal: Clone + PartialEq + Debug + Start<Self::Position> + 'static;
    /// Klondike's draw, Spider's suits; [`OneVariant`] for most games.
    type Variant: Variant;
    /// The game in progress as it is saved in the browser.
    type Saved: Serialize + DeserializeOwned;

    /// Mixed into the deal of the day's start seed with the variant's index: distinct for every
    /// game (FreeCell 1, Pyramid 2, Klondike 3 and 4, then one past the highest in use).
    const DAILY_SALT: u64;

    /// The seeds random deals and winnable searches are drawn from (short links).
    const RANDOM_SEEDS: RangeInclusive<u64> = 1..=1_000_000;

    /// Every card a deal holds, as often as it holds it: one 52-card deck by default (Spider's
    /// two decks in one, two or four suits). The contract tests check a deal against it.
    fn deck(_deal: &Self::Deal) -> Vec<Card> {
        Card::all().collect()
    }

    /// The deal's variant.
    fn variant(_deal: &Self::Deal) -> Self::Variant {
        Self::Variant::default()
    }

    /// The deal in a title ("FreeCell #164", "Pyramid (pasted deck)").
    fn title(deal: &Self::Deal) -> String;

    /// The deal in a sentence ("deal 164", "this position").
    fn describe_deal(deal: &Self::Deal) -> String;

    /// The deal a seed (deal number) stands for in `variant`; `None` out of the game's range.
    fn seeded(seed: u64, variant: Self::Variant) -> Option<Self::Deal>;

    /// The seed `deal` was dealt from, if it was.
    fn seed_of(deal: &Self::Deal) -> Option<u64>;

    /// The seed after `seed` in a search for winnable deals (wrapping within the game's range).
    fn next_seed(seed: u64) -> u64 {
        seed.wrapping_add(1)
    }

    /// A new random deal in `variant`; `random` is uniform in [0, 1).
    fn random_deal(variant: Self::Variant, random: f64) -> Self::Deal {
        let (low, high) = (*Self::RANDOM_SEEDS.start(), *Self::RANDOM_SEEDS.end());
        let seed = low.saturating_add((random * (high - low + 1) as f64) as u64).min(high);
        Self::seeded(seed, variant).expect("the random seeds are the game's own")
    }

    /// The deal's part of a link, after the game's key and before any parameter: `164`,
    /// `board/<code>`, `deck/<code>`. The variant goes in its parameter, not here.
    fn deal_path(deal: &Self::Deal) -> String;

    /// The deal a link's path names (the segments after the key), in `variant`; `Ok(None)`
    /// when the link names none (`#/klondike`). The error says what is wrong.
    fn parse_deal_path(segments: &[&str], variant: Self::Variant) -> Result<Option<Self::Deal>, LinkError>;

    /// The deal's number as the deal-number box shows it (`164`), if it has one.
    fn number_of(deal: &Self::Deal) -> Option<String> {
        let path = Self::deal_path(deal);
        (!path.is_empty() && path.bytes().all(|b| b.is_ascii_digit())).then_some(path)
    }

    /// The deal a typed number names (the deal-number box, the command line's `KEY deal N`);
    /// the error says what is wrong. By default a number is read as a link's path.
    fn numbered(number: &str, variant: Self::Variant) -> Result<Self::Deal, LinkError> {
        Self::parse_deal_path(&[number], variant)?.ok_or_else(|| LinkError::BadContent {
            what: "deal number".into(),
            reason: "it names no deal".into(),
        })
    }

    /// `moves` played from `deal`'s start as a link's `moves=` list.
    fn moves_code(deal: &Self::Deal, moves: &[Self::Move]) -> String;

    /// A `moves=` list played from `start`; the error says which move is wrong and why.
    /// Capped in length before it is read, and read in linear time.
    fn read_moves(start: &Self::Position, code: &str) -> Result<Vec<Self::Move>, String>;

    /// The position as PySolFC's board text (`deckhand KEY deal N`): one line per pile, first
    /// dealt card first, face-down cards as `<XX>`; `None` for a game that has none.
    fn board_text(_position: &Self::Position) -> Option<String> {
        None
    }

    /// What a pasted deal is, for the shared paste panel and the command line's `--deck FILE`
    /// ("A deck of 52 cards: the 28 pyramid cards row by row, then the stock"); `None` for a
    /// game that takes no pasted deals.
    const PASTE: Option<&'static str> = None;

    /// The longest pasted text read (checked before anything else).
    const MAX_PASTE_LEN: usize = crate::cards::MAX_PASTE_LEN;

    /// A deal from pasted text ([`Dealing::PASTE`]) in `variant`; the error lists what is
    /// wrong (missing cards, duplicates, malformed tokens with their positions).
    fn deal_from_text(_text: &str, _variant: Self::Variant) -> Result<Self::Deal, String> {
        Err(format!("{} takes no pasted deal", Self::NAME))
    }

    /// The deal as pasted text, to show in the paste panel; `None` if it has none.
    fn deal_text(_deal: &Self::Deal) -> Option<String> {
        None
    }

    /// The saved form of a game in progress.
    fn save(deal: &Self::Deal, moves: &[Self::Move]) -> Self::Saved;

    /// A saved game read back, if it still reads.
    fn restore(saved: Self::Saved) -> Option<(Self::Deal, Vec<Self::Move>)>;
}

/// A solitaire's solving and grading: the solver behind hints, "still winnable?" and Solve,
/// and the grader behind difficulty, winnable deals and the deal of the day.
pub trait Solving: Dealing {
    /// The solver the worker runs in slices, with progress and cancel.
    type Solver: Search<Solution = Vec<Self::Move>> + 'static;

    /// A solver for `position`, with the game's default budget.
    fn solver(position: &Self::Position, mode: SolveMode) -> Self::Solver;

    /// A grader for `deal`, with fixed budgets (states, never time), so that a build grades a
    /// deal the same way everywhere.
    fn grader(deal: &Self::Deal) -> Box<dyn Search<Solution = Grade>>;

    /// What the status says of a position the solver can still win with `steps` more moves.
    fn still_winnable(steps: usize) -> String {
        format!("Still winnable: the solver finds a win in {steps} moves.")
    }

    /// The deal's own answer, shown beside the game's (Pyramid: solvable in how few steps).
    fn deal_result(_verdict: &Verdict<Self::Move>) -> Option<String> {
        None
    }

    /// Whether the game's fixed greedy policy wins `deal` (`None` for a game without one): it
    /// checks that the difficulty tiers mean something (docs/BENCHMARKS.md, "Difficulty tiers").
    fn policy_wins(_deal: &Self::Deal) -> Option<bool> {
        None
    }
}

/// A solitaire the card table plays: gestures and words, deals and links, solving and
/// grading. Implemented for every type that implements the three.
pub trait Game: Solving {}

impl<G: Solving> Game for G {}

/// The deal as a worker message or a saved game carries it: its link path, and its variant as
/// the link parameter (`164`, `11?draw=3`). Read back by [`read_deal_code`].
pub fn deal_code<G: Dealing>(deal: &G::Deal) -> String {
    let path = G::deal_path(deal);
    match variant_parameter::<G>(G::variant(deal)) {
        Some((key, value)) => format!("{path}?{key}={value}"),
        None => path,
    }
}

/// The longest deal code read (a board code or a deck code with its variant fits many times).
pub const MAX_DEAL_CODE_LEN: usize = 1_024;

/// A deal code ([`deal_code`]) read back; capped in length first.
pub fn read_deal_code<G: Dealing>(code: &str) -> Result<G::Deal, LinkError> {
    crate::limits::check_length(code, MAX_DEAL_CODE_LEN, "deal code")?;
    let (path, query) = code.split_once('?').unwrap_or((code, ""));
    let parameters: Vec<(&str, &str)> =
        query.split('&').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or((p, ""))).collect();
    let variant = read_variant::<G>(
        parameters.iter().find(|(k, _)| Some(*k) == G::Variant::PARAMETER).map(|(_, v)| *v),
    )?;
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    G::parse_deal_path(&segments, variant)?
        .ok_or_else(|| LinkError::BadContent { what: "deal code".into(), reason: "it names no deal".into() })
}

/// A variant as its link parameter, if the game has one.
pub fn variant_parameter<G: Dealing>(variant: G::Variant) -> Option<(&'static str, &'static str)> {
    G::Variant::PARAMETER.map(|key| (key, variant.code()))
}

/// The variant a link parameter's value names (the default when absent).
pub fn read_variant<G: Dealing>(value: Option<&str>) -> Result<G::Variant, LinkError> {
    match (value, G::Variant::PARAMETER) {
        (None, _) | (_, None) => Ok(G::Variant::default()),
        (Some(value), Some(key)) => G::Variant::from_code(value).ok_or_else(|| LinkError::BadParameter {
            key: key.into(),
            value: crate::limits::quote(value),
            expected: G::Variant::expected(),
        }),
    }
}

/// The index of `variant` among the game's variants (0 for the first).
pub fn variant_index<G: Dealing>(variant: G::Variant) -> u64 {
    G::Variant::ALL.iter().position(|v| *v == variant).unwrap_or(0) as u64
}

/// The cards of foundations built up by suit from the ace, each to its `height`.
pub fn foundation_cards(height: impl Fn(crate::cards::Suit) -> u8) -> impl Iterator<Item = Card> {
    crate::cards::Suit::ALL.into_iter().flat_map(move |suit| {
        (1..=height(suit))
            .filter_map(move |value| crate::cards::Rank::from_value(value).map(|rank| Card::new(rank, suit)))
    })
}

/// A game in progress as most games save it: its deal code and its moves as a link lists
/// them. ([`save_deal`] and [`restore_deal`] implement [`Dealing::save`] and
/// [`Dealing::restore`] with it.)
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedDeal {
    pub deal: String,
    pub moves: String,
}

pub fn save_deal<G: Dealing>(deal: &G::Deal, moves: &[G::Move]) -> SavedDeal {
    SavedDeal { deal: deal_code::<G>(deal), moves: G::moves_code(deal, moves) }
}

pub fn restore_deal<G: Dealing>(saved: SavedDeal) -> Option<(G::Deal, Vec<G::Move>)> {
    let deal = read_deal_code::<G>(&saved.deal).ok()?;
    let moves = G::read_moves(&deal.start(), &saved.moves).ok()?;
    Some((deal, moves))
}

/// What the keyboard has chosen in a fanned pile, for its spoken name: "; the five of hearts is
/// free" or "; choosing the five of hearts and the 2 below it, free" (nothing past the end).
pub fn choosing_words(cards: &[Card], depth: usize) -> String {
    match cards.len().saturating_sub(depth) {
        0 => String::new(),
        1 => format!("; the {} is free", cards[depth].name()),
        count => format!("; choosing the {} and the {} below it, free", cards[depth].name(), count - 1),
    }
}

/// A fanned pile's spoken name: "pile 3, 6 cards (2 face down), the seven of hearts on top",
/// with what the keyboard is choosing from the face-up cards.
pub fn fanned_pile_words(name: &str, cards: &[Card], face_down: usize, choosing: Option<usize>) -> String {
    let Some(top) = cards.last() else { return format!("{name}, empty") };
    let mut text = format!("{name}, {} cards", cards.len());
    if face_down > 0 {
        text.push_str(&format!(" ({face_down} face down)"));
    }
    text.push_str(&format!(", the {} on top", top.name()));
    if let Some(depth) = choosing.filter(|&depth| depth >= face_down) {
        text.push_str(&choosing_words(cards, depth));
    }
    text
}

/// A foundation's spoken name: "foundation of hearts, up to the seven of hearts".
pub fn foundation_words(suit: crate::cards::Suit, top: Option<Card>) -> String {
    match top {
        None => format!("foundation of {}, empty", suit.name()),
        Some(card) => format!("foundation of {}, up to the {}", suit.name(), card.name()),
    }
}

/// Every position the keyboard can reach in `layout`, row by row.
pub fn spots<P: Copy>(layout: &[Vec<Place<P>>]) -> impl Iterator<Item = Spot<P>> + '_ {
    layout
        .iter()
        .flatten()
        .flat_map(|place| place.depths.clone().map(move |depth| Spot { pile: place.pile, depth }))
}

/// An arrow key's direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Left,
    Right,
    Up,
    Down,
}

/// Where an arrow key takes the keyboard focus: left and right along a row (round), up and
/// down along a pile's choosable depths (up takes more cards), then to the nearest pile of the
/// row above or below. `None` when there is nowhere to go.
pub fn step_focus<P: Copy + PartialEq>(
    layout: &[Vec<Place<P>>],
    focus: Spot<P>,
    direction: Direction,
) -> Option<Spot<P>> {
    let (row, column) = layout
        .iter()
        .enumerate()
        .find_map(|(r, places)| places.iter().position(|p| p.pile == focus.pile).map(|c| (r, c)))?;
    let place = &layout[row][column];
    let at_end = |place: &Place<P>| Spot { pile: place.pile, depth: *place.depths.end() };
    let nearest = |row: &Vec<Place<P>>, x: f32| {
        row.iter().min_by(|a, b| (a.x - x).abs().total_cmp(&(b.x - x).abs())).map(at_end)
    };
    match direction {
        Direction::Left | Direction::Right => {
            let places = &layout[row];
            let next = match direction {
                Direction::Left => (column + places.len() - 1) % places.len(),
                _ => (column + 1) % places.len(),
            };
            Some(at_end(&places[next]))
        }
        Direction::Up if focus.depth > *place.depths.start() && place.depths.contains(&focus.depth) => {
            Some(Spot { depth: focus.depth - 1, ..focus })
        }
        Direction::Down if focus.depth < *place.depths.end() => {
            Some(Spot { depth: (focus.depth + 1).max(*place.depths.start()), ..focus })
        }
        Direction::Up => layout[..row].iter().rev().find(|r| !r.is_empty()).and_then(|r| nearest(r, place.x)),
        Direction::Down => layout[row + 1..].iter().find(|r| !r.is_empty()).and_then(|r| nearest(r, place.x)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(pile: u8, x: f32, depths: std::ops::RangeInclusive<usize>) -> Place<u8> {
        Place { pile, x, depths }
    }

    #[test]
    fn arrows_walk_rows_runs_and_columns() {
        let layout = vec![
            vec![place(0, 0.0, 0..=0), place(1, 1.0, 0..=0)],
            vec![place(2, 0.0, 3..=5), place(3, 1.0, 0..=0)],
        ];
        let at = |pile, depth| Spot { pile, depth };
        assert_eq!(step_focus(&layout, at(0, 0), Direction::Right), Some(at(1, 0)));
        assert_eq!(step_focus(&layout, at(1, 0), Direction::Right), Some(at(0, 0)), "rows wrap round");
        assert_eq!(step_focus(&layout, at(0, 0), Direction::Down), Some(at(2, 5)), "to the exposed card");
        assert_eq!(step_focus(&layout, at(2, 5), Direction::Up), Some(at(2, 4)), "up takes more of the run");
        assert_eq!(
            step_focus(&layout, at(2, 3), Direction::Up),
            Some(at(0, 0)),
            "past the run, the row above"
        );
        assert_eq!(step_focus(&layout, at(2, 4), Direction::Down), Some(at(2, 5)));
        assert_eq!(step_focus(&layout, at(3, 0), Direction::Down), None, "nothing below the last row");
        assert_eq!(step_focus(&layout, at(9, 0), Direction::Down), None, "a pile not in the layout");
        assert_eq!(spots(&layout).count(), 6);
    }
}
