//! One module per game: rules (state, `Move` enum, legal moves, apply, undo), notation and
//! its solver; and [`Game`], what a solitaire tells the shared card table about itself.
pub mod pyramid;

pub mod foxhounds;
pub mod freecell;
pub mod klondike;
pub mod tictactoe;
pub mod yukon;

use std::fmt::{Debug, Display};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::cards::Card;
use crate::grade::GameKind;
use crate::protocol::{Answer, DealRef, Task};
use crate::session::{Start, Table, Verdict};
use crate::share::Route;

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

/// A solitaire as the shared card table plays it: its rules answer what every gesture means,
/// and the table layer (session, reducer, drag, keyboard, saving, links, solver checks) does
/// the rest alike for every game. Plain Rust, tested natively.
pub trait Game: Sized + 'static {
    type Position: Table<Move = Self::Move> + Debug;
    type Move: Copy + PartialEq + Debug + Display + Serialize + DeserializeOwned + 'static;
    /// A pile on the table; `Display` is its DOM name (`cascade-3`).
    type Pile: Copy + PartialEq + Eq + Debug + Display + 'static;
    /// What a game starts from: a numbered deal, a deck, a position.
    type Deal: Clone + PartialEq + Debug + Start<Self::Position> + 'static;
    /// The player's choices that change how moves play (FreeCell's autoplay).
    type Settings: Copy + PartialEq + Debug + Default + 'static;
    /// The game in progress as it is saved in the browser.
    type Saved: Serialize + DeserializeOwned;

    /// The game's name, as titles say it ("FreeCell").
    const NAME: &'static str;
    /// The lower-case name used in storage keys and routes (`freecell`).
    const KEY: &'static str;

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

    /// The cards `mv` carries from where they lie in `position` (for the animation).
    fn carried(position: &Self::Position, mv: Self::Move) -> Vec<Card>;

    /// The piles a move takes cards from (with the depth the cards start at) and the pile it
    /// puts them on, for a hint's highlight.
    fn hint_spots(position: &Self::Position, mv: Self::Move) -> (Vec<Spot<Self::Pile>>, Option<Self::Pile>);

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

    /// The deal in a title ("FreeCell #164", "Pyramid (pasted deck)").
    fn title(deal: &Self::Deal) -> String;

    /// The deal in a sentence ("deal 164", "this position").
    fn describe_deal(deal: &Self::Deal) -> String;

    /// A new random deal of the same kind as `like` (same draw, say).
    fn random_deal(like: Option<&Self::Deal>, random: f64) -> Self::Deal;

    /// The game as grading and the winnable search know it (docs/RULES.md, "Difficulty").
    const GRADED: GameKind;

    /// The deal as a [`Task::Grade`] names it.
    fn grade_ref(deal: &Self::Deal) -> DealRef;

    /// Klondike's draw of `deal`, which grading and the winnable search deal in; `None` for
    /// the games without one.
    fn draw_of(_deal: &Self::Deal) -> Option<crate::games::klondike::Draw> {
        None
    }

    /// The deal a seed stands for (Klondike: in `draw`, draw 1 if `None`); `None` for
    /// a seed out of the game's range.
    fn seeded(seed: u64, draw: Option<crate::games::klondike::Draw>) -> Option<Self::Deal>;

    /// The seed `deal` was dealt from, if it was.
    fn seed_of(deal: &Self::Deal) -> Option<u64>;

    /// The task that grades `deal`.
    fn grade_task(deal: &Self::Deal) -> Task {
        Task::Grade { game: Self::GRADED, deal: Self::grade_ref(deal), draw: Self::draw_of(deal) }
    }

    /// The link to `deal`, with `moves` played from its start if any.
    fn route(deal: &Self::Deal, moves: &[Self::Move]) -> Route;

    /// A link's `moves=` list, played from `start`; the error says which move is wrong and why.
    fn link_moves(start: &Self::Position, code: &str) -> Result<Vec<Self::Move>, String>;

    /// The saved form of a game in progress.
    fn save(deal: &Self::Deal, moves: &[Self::Move]) -> Self::Saved;

    /// A saved game read back, if it still reads.
    fn restore(saved: Self::Saved) -> Option<(Self::Deal, Vec<Self::Move>)>;

    /// The worker task that judges a position: `moves` played from `deal` reach `position`.
    fn check_task(deal: &Self::Deal, position: &Self::Position, moves: &[Self::Move]) -> Task;

    /// The verdict in the worker's answer to [`Game::check_task`].
    fn verdict(answer: &Answer) -> Verdict<Self::Move>;

    /// What the status says of a position the solver can still win with `steps` more moves.
    fn still_winnable(steps: usize) -> String {
        format!("Still winnable: the solver finds a win in {steps} moves.")
    }

    /// The deal's own answer, shown beside the game's (Pyramid: solvable in how few steps).
    fn deal_result(_verdict: &Verdict<Self::Move>) -> Option<String> {
        None
    }

    /// A line the game adds to the score line (Klondike's passes, Pyramid's recycles left).
    fn score_extra(_position: &Self::Position) -> Option<String> {
        None
    }
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
