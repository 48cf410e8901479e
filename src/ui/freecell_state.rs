//! The FreeCell table's reducer: every change of the game goes through here. It calls the rules
//! engine and holds no rule of its own. The view is a pure function of this state.

use std::collections::HashMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::cards::Card;
use crate::deal::DealNumber;
use crate::games::freecell::{board_code, Autoplay, Move, Notation, Position, Source, Target};
use crate::share::Route;

/// Where a game starts: a numbered deal, or any position (a board link, a typed position).
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    Deal(DealNumber),
    Board(Rc<Position>),
}

impl Origin {
    pub fn position(&self) -> Position {
        match self {
            Origin::Deal(deal) => Position::deal(*deal),
            Origin::Board(position) => (**position).clone(),
        }
    }

    /// The link to this starting point, with `moves` (standard notation joined by dots).
    pub fn route(&self, moves: Option<String>) -> Route {
        match self {
            Origin::Deal(deal) => Route::FreeCell { deal: Some(*deal), moves },
            Origin::Board(position) => Route::FreeCellBoard { code: board_code::encode(position), moves },
        }
    }

    /// "deal 164" or "this position", for messages.
    pub fn describe(&self) -> String {
        match self {
            Origin::Deal(deal) => format!("deal {deal}"),
            Origin::Board(_) => "this position".into(),
        }
    }
}

/// One point of the game's timeline: a position and every move since the game's start.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// Unique per snapshot, so solver answers can be matched to the position they were for.
    pub id: u64,
    pub origin: Origin,
    pub position: Position,
    /// Every move since the start, autoplay moves included.
    pub moves: Vec<Move>,
}

/// What the solver said about a snapshot.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Winnable(Rc<Vec<Move>>),
    Lost,
    Unknown,
}

/// A solution being replayed on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub moves: Rc<Vec<Move>>,
    /// Index of the next move to play.
    pub next: usize,
    pub playing: bool,
}

/// A pile on the table, as the DOM names it (`cascade-3`, `freecell-1`, `foundation-2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    Cascade(u8),
    Cell(u8),
    Foundation(u8),
}

impl Pile {
    pub fn parse(name: &str) -> Option<Pile> {
        let (kind, number) = name.rsplit_once('-')?;
        let index = number.parse::<u8>().ok()?.checked_sub(1)?;
        match kind {
            "cascade" if index < 8 => Some(Pile::Cascade(index)),
            "freecell" if index < 4 => Some(Pile::Cell(index)),
            "foundation" if index < 4 => Some(Pile::Foundation(index)),
            _ => None,
        }
    }

    pub fn source(self) -> Option<Source> {
        match self {
            Pile::Cascade(i) => Some(Source::Cascade(i)),
            Pile::Cell(i) => Some(Source::Cell(i)),
            Pile::Foundation(_) => None,
        }
    }

    pub fn target(self) -> Target {
        match self {
            Pile::Cascade(i) => Target::Cascade(i),
            Pile::Cell(i) => Target::Cell(i),
            Pile::Foundation(_) => Target::Foundation,
        }
    }
}

/// A picked-up card (click-then-click, keyboard): its pile and depth in that pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub pile: Pile,
    pub depth: usize,
}

/// Game statistics kept across sessions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub played: u32,
    pub won: u32,
    pub streak: u32,
    pub best_streak: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FreeCellState {
    pub timeline: Vec<Snapshot>,
    pub cursor: usize,
    next_id: u64,
    pub autoplay: Autoplay,
    pub selection: Option<Selection>,
    pub hint: Option<Move>,
    /// The user asked for a hint before the solver had answered.
    pub hint_pending: bool,
    /// Why the last attempted move was refused.
    pub refusal: Option<String>,
    pub verdicts: HashMap<u64, Verdict>,
    pub replay: Option<Replay>,
    pub stats: Stats,
    /// Snapshot ids of deals already counted in the statistics (played / won).
    counted_played: Option<u64>,
    counted_won: Option<u64>,
}

pub enum Action {
    /// Try to move from a pile (at a depth) to another pile; refused moves explain themselves.
    Attempt {
        from: Pile,
        depth: usize,
        to: Pile,
    },
    /// Send a card home, or to the best free spot.
    SendAway {
        from: Pile,
    },
    /// A move typed in standard notation (keyboard play).
    PlayNotation(Notation),
    Select(Option<Selection>),
    Undo,
    Redo,
    /// Go back to a point of the timeline (for "undo back to the losing move").
    GoTo(usize),
    /// A new game from a deal or a position.
    NewGame(Origin),
    Restart,
    SetAutoplay(Autoplay),
    /// A solver answer for a snapshot.
    Verdict {
        snapshot: u64,
        verdict: Verdict,
    },
    AskHint,
    /// Start replaying the solver's solution from here.
    Solve,
    ReplayPlay,
    ReplayPause,
    /// Play the replay's next move.
    ReplayStep,
    /// Replay moves given in standard notation from the start (import); errors are reported.
    Import(String),
}

impl FreeCellState {
    pub fn new(origin: Origin, moves: &[Move], stats: Stats) -> FreeCellState {
        let mut state = FreeCellState {
            timeline: Vec::new(),
            cursor: 0,
            next_id: 1,
            autoplay: Autoplay::Safe,
            selection: None,
            hint: None,
            hint_pending: false,
            refusal: None,
            verdicts: HashMap::new(),
            replay: None,
            stats,
            counted_played: None,
            counted_won: None,
        };
        let start = state.snapshot(origin.clone(), origin.position(), Vec::new());
        state.timeline.push(start);
        // Restore moves that still replay through the rules; stop at the first that does not.
        let mut position = origin.position();
        let mut played = Vec::new();
        for &mv in moves {
            match position.clone().play(mv) {
                Ok(next) => {
                    position = next;
                    played.push(mv);
                }
                Err(_) => break,
            }
        }
        if !played.is_empty() {
            let restored = state.snapshot(origin, position, played);
            state.timeline.push(restored);
            state.cursor = 1;
            state.counted_played = Some(state.timeline[0].id);
        }
        state
    }

    fn snapshot(&mut self, origin: Origin, position: Position, moves: Vec<Move>) -> Snapshot {
        let id = self.next_id;
        self.next_id += 1;
        Snapshot { id, origin, position, moves }
    }

    pub fn current(&self) -> &Snapshot {
        &self.timeline[self.cursor]
    }

    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdicts.get(&self.current().id)
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.cursor + 1 < self.timeline.len()
    }

    /// Index in the timeline where the current game starts.
    fn game_start(&self) -> usize {
        let current = self.current();
        let mut start = self.cursor;
        while start > 0
            && self.timeline[start - 1].origin == current.origin
            && self.timeline[start - 1].moves.len() < self.timeline[start].moves.len()
        {
            start -= 1;
        }
        start
    }

    /// When the current position is lost: the timeline index of the move that lost it (the
    /// first lost snapshot after a winnable one), or `None` while that is not yet known.
    pub fn losing_point(&self) -> Option<usize> {
        if !matches!(self.verdict(), Some(Verdict::Lost)) {
            return None;
        }
        let start = self.game_start();
        let mut index = self.cursor;
        while index > start {
            match self.verdicts.get(&self.timeline[index - 1].id) {
                Some(Verdict::Winnable(_)) => return Some(index),
                Some(Verdict::Lost) => index -= 1,
                _ => return None,
            }
        }
        None
    }

    /// The snapshot the solver should look at next: the current one, or, when it is lost,
    /// earlier ones until the losing move is found.
    pub fn wanted_check(&self) -> Option<(u64, Position)> {
        let current = self.current();
        if current.position.is_won() {
            return None;
        }
        if !self.verdicts.contains_key(&current.id) {
            return Some((current.id, current.position.clone()));
        }
        if matches!(self.verdict(), Some(Verdict::Lost)) && self.losing_point().is_none() {
            let start = self.game_start();
            let mut index = self.cursor;
            while index > start {
                let previous = &self.timeline[index - 1];
                match self.verdicts.get(&previous.id) {
                    None => return Some((previous.id, previous.position.clone())),
                    Some(Verdict::Lost) => index -= 1,
                    Some(_) => return None,
                }
            }
        }
        None
    }

    /// The game so far in standard notation.
    pub fn notation(&self) -> String {
        let current = self.current();
        let mut position = current.origin.position();
        let mut words = Vec::with_capacity(current.moves.len());
        for &mv in &current.moves {
            words.push(Notation::of(&position, mv).to_string());
            position.play_unchecked(mv);
        }
        words.join(" ")
    }

    /// Pushes a new point on the timeline, dropping any redo branch.
    fn push(&mut self, position: Position, moves: Vec<Move>, origin: Origin) {
        self.timeline.truncate(self.cursor + 1);
        let snapshot = self.snapshot(origin, position, moves);
        self.timeline.push(snapshot);
        self.cursor += 1;
        self.selection = None;
        self.hint = None;
        self.hint_pending = false;
        self.refusal = None;
        self.count_stats();
    }

    fn count_stats(&mut self) {
        let start_id = self.timeline[self.game_start()].id;
        let (moved, won) = (!self.current().moves.is_empty(), self.current().position.is_won());
        if moved && self.counted_played != Some(start_id) {
            self.counted_played = Some(start_id);
            self.stats.played += 1;
        }
        if won && self.counted_won != Some(start_id) {
            self.counted_won = Some(start_id);
            self.stats.won += 1;
            self.stats.streak += 1;
            self.stats.best_streak = self.stats.best_streak.max(self.stats.streak);
        }
    }

    /// Plays `mv` (checked) and, if `autoplay`, the autoplay moves after it, as one step.
    fn play(&mut self, mv: Move, autoplay: bool) -> Result<(), String> {
        let current = self.current();
        let mut position = current.position.clone().play(mv).map_err(|error| error.to_string())?;
        let mut moves = current.moves.clone();
        moves.push(mv);
        if autoplay {
            moves.extend(position.autoplay(self.autoplay));
        }
        let origin = current.origin.clone();
        self.push(position, moves, origin);
        Ok(())
    }

    /// The move meant by dragging or clicking from `from` (at `depth`) to `to`.
    fn intended_move(&self, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
        let position = &self.current().position;
        let source = from.source().ok_or("cards on the foundations stay there")?;
        let target = to.target();
        match (source, target) {
            (Source::Cascade(i), Target::Cascade(j)) => {
                let cards = position.cascade(usize::from(i));
                let Some(&top) = cards.last() else { return Err("that cascade is empty".into()) };
                let dest = position.cascade(usize::from(j));
                // Onto a card, the run's card that fits decides the count; onto an empty
                // cascade, the cards from the one picked up.
                let count = match dest.last() {
                    Some(&base) => (1..=position.run_length(usize::from(i)))
                        .find(|&n| crate::games::freecell::stacks_on(cards[cards.len() - n], base))
                        .unwrap_or(cards.len().saturating_sub(depth).max(1)),
                    None => cards.len().saturating_sub(depth).max(1),
                };
                let count = count.min(cards.len());
                let card = cards[cards.len() - count];
                let _ = top;
                Ok(Move { card, from: source, to: target, cards: count as u8 })
            }
            (Source::Cascade(i), _) => {
                let card = *position.cascade(usize::from(i)).last().ok_or("that cascade is empty")?;
                Ok(Move::single(card, source, target))
            }
            (Source::Cell(i), _) => {
                let card = position.cell(usize::from(i)).ok_or("that free cell is empty")?;
                Ok(Move::single(card, source, target))
            }
        }
    }

    /// Home if possible, else onto a cascade, else an empty cascade, else a free cell.
    fn send_away(&self, from: Pile) -> Option<Move> {
        let position = &self.current().position;
        let source = from.source()?;
        let card = match source {
            Source::Cascade(i) => *position.cascade(usize::from(i)).last()?,
            Source::Cell(i) => position.cell(usize::from(i))?,
        };
        let home = Move::single(card, source, Target::Foundation);
        if position.is_legal(home) {
            return Some(home);
        }
        let onto = |empty: bool| {
            (0..8u8).map(Target::Cascade).find_map(|target| {
                let Target::Cascade(j) = target else { return None };
                if position.cascade(usize::from(j)).is_empty() != empty || Source::Cascade(j) == source {
                    return None;
                }
                let mv = Move::single(card, source, target);
                position.is_legal(mv).then_some(mv)
            })
        };
        onto(false).or_else(|| if matches!(source, Source::Cell(_)) { onto(true) } else { None }).or_else(
            || {
                if matches!(source, Source::Cell(_)) {
                    return None;
                }
                (0..4u8)
                    .map(|c| Move::single(card, source, Target::Cell(c)))
                    .find(|&mv| position.is_legal(mv))
            },
        )
    }
}

impl Reducible for FreeCellState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            Action::Attempt { from, depth, to } => {
                state.replay = None;
                state.selection = None;
                if from == to {
                    return Rc::new(state);
                }
                let outcome = state.intended_move(from, depth, to).and_then(|mv| state.play(mv, true));
                if let Err(reason) = outcome {
                    state.refusal = Some(reason);
                }
            }
            Action::SendAway { from } => {
                state.replay = None;
                state.selection = None;
                match state.send_away(from) {
                    Some(mv) => {
                        let _ = state.play(mv, true);
                    }
                    None => state.refusal = Some("that card has nowhere to go".into()),
                }
            }
            Action::PlayNotation(notation) => {
                state.replay = None;
                state.selection = None;
                let outcome = notation
                    .to_move(&state.current().position)
                    .map_err(|error| error.to_string())
                    .and_then(|mv| state.play(mv, true));
                if let Err(reason) = outcome {
                    state.refusal = Some(reason);
                }
            }
            Action::Select(selection) => {
                state.selection = selection;
                state.refusal = None;
            }
            Action::Undo => {
                if let Some(replay) = state.replay.as_mut() {
                    replay.playing = false;
                }
                if state.can_undo() {
                    state.cursor -= 1;
                    if let Some(replay) = state.replay.as_mut() {
                        replay.next = replay.next.saturating_sub(1);
                    }
                }
                state.selection = None;
                state.hint = None;
            }
            Action::Redo => {
                if state.can_redo() {
                    state.cursor += 1;
                }
                state.selection = None;
                state.hint = None;
            }
            Action::GoTo(index) => {
                if index < state.timeline.len() {
                    state.cursor = index;
                    state.replay = None;
                    state.selection = None;
                    state.hint = None;
                }
            }
            Action::NewGame(origin) => {
                // A game given up counts as lost: the streak ends.
                let current = state.current();
                if !current.moves.is_empty() && !current.position.is_won() {
                    state.stats.streak = 0;
                }
                state.replay = None;
                state.push(origin.position(), Vec::new(), origin);
            }
            Action::Restart => {
                let origin = state.current().origin.clone();
                state.replay = None;
                state.push(origin.position(), Vec::new(), origin);
            }
            Action::SetAutoplay(mode) => {
                state.autoplay = mode;
                // Switching autoplay on sends home what it would have sent already.
                let current = state.current();
                let mut position = current.position.clone();
                let extra = position.autoplay(mode);
                if !extra.is_empty() {
                    let mut moves = current.moves.clone();
                    moves.extend(extra);
                    let origin = current.origin.clone();
                    state.push(position, moves, origin);
                }
            }
            Action::Verdict { snapshot, verdict } => {
                state.verdicts.insert(snapshot, verdict);
                if state.hint_pending && snapshot == state.current().id {
                    state.hint_pending = false;
                    state.hint = match state.verdict() {
                        Some(Verdict::Winnable(moves)) => moves.first().copied(),
                        _ => None,
                    };
                }
            }
            Action::AskHint => match state.verdict() {
                Some(Verdict::Winnable(moves)) => state.hint = moves.first().copied(),
                Some(_) => state.hint = None,
                None => state.hint_pending = true,
            },
            Action::Solve => {
                if let Some(Verdict::Winnable(moves)) = state.verdict() {
                    state.replay = Some(Replay { moves: moves.clone(), next: 0, playing: true });
                    state.hint = None;
                }
            }
            Action::ReplayPlay => {
                if let Some(replay) = state.replay.as_mut() {
                    replay.playing = true;
                } else if let Some(Verdict::Winnable(moves)) = state.verdict() {
                    state.replay = Some(Replay { moves: moves.clone(), next: 0, playing: true });
                }
            }
            Action::ReplayPause => {
                if let Some(replay) = state.replay.as_mut() {
                    replay.playing = false;
                }
            }
            Action::ReplayStep => {
                let Some(mut replay) = state.replay.clone() else { return self };
                match replay.moves.get(replay.next).copied() {
                    Some(mv) => {
                        // The solution lists autoplay moves itself: no autoplay in between.
                        match state.play(mv, false) {
                            Ok(()) => {
                                replay.next += 1;
                                if replay.next == replay.moves.len() {
                                    replay.playing = false;
                                }
                                state.replay = Some(replay);
                            }
                            Err(reason) => {
                                state.replay = None;
                                state.refusal = Some(format!("the replay stopped: {reason}"));
                            }
                        }
                    }
                    None => {
                        replay.playing = false;
                        state.replay = Some(replay);
                    }
                }
            }
            Action::Import(text) => {
                let origin = state.current().origin.clone();
                let mut position = origin.position();
                let mut moves = Vec::new();
                for (index, word) in text.split_whitespace().enumerate() {
                    let parsed = word
                        .parse::<Notation>()
                        .map_err(|e| e.to_string())
                        .and_then(|notation| notation.to_move(&position).map_err(|e| e.to_string()));
                    match parsed {
                        Ok(mv) => {
                            position.play_unchecked(mv);
                            moves.push(mv);
                        }
                        Err(reason) => {
                            state.refusal =
                                Some(format!("move {} (`{word}`) cannot be played: {reason}", index + 1));
                            return Rc::new(state);
                        }
                    }
                }
                // Replay the imported moves from the start.
                state.replay = None;
                state.push(origin.position(), Vec::new(), origin);
                state.replay = Some(Replay { moves: Rc::new(moves), next: 0, playing: true });
            }
        }
        Rc::new(state)
    }
}

/// The most moves between two shown positions that are still animated one after another.
const MOST_ANIMATED_MOVES: usize = 16;

/// The cards that travel when the table goes from showing `from` to showing `to`: one group
/// per move (a sequence move's run is one group), in the order they travel — the moves played
/// since, or those taken back, last first. `None` when the two are not one game a few moves
/// apart (a new game, a restart from far away): the table then changes without animation.
pub fn travelling_cards(from: &Snapshot, to: &Snapshot) -> Option<Vec<Vec<Card>>> {
    if from.origin != to.origin {
        return None;
    }
    let forward = to.moves.len() >= from.moves.len();
    let (before, after) = if forward { (from, to) } else { (to, from) };
    let extra = after.moves.len() - before.moves.len();
    if extra > MOST_ANIMATED_MOVES || !after.moves.starts_with(&before.moves) {
        return None;
    }
    let mut position = before.position.clone();
    let mut groups = Vec::with_capacity(extra);
    for &mv in &after.moves[before.moves.len()..] {
        let cards = match mv.from {
            Source::Cascade(i) => {
                let cascade = position.cascade(usize::from(i));
                cascade[cascade.len().saturating_sub(usize::from(mv.cards))..].to_vec()
            }
            Source::Cell(_) => vec![mv.card],
        };
        position.play_unchecked(mv);
        groups.push(cards);
    }
    if !forward {
        groups.reverse();
    }
    Some(groups)
}
