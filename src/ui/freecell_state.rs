//! The FreeCell table's reducer: every change of the game goes through here. It calls the rules
//! engine and holds no rule of its own. The view is a pure function of this state.

use std::rc::Rc;

use yew::prelude::*;

use crate::cards::Card;
use crate::deal::DealNumber;
use crate::games::freecell::{
    board_code, intended_move, notation_words, send_away, Autoplay, Move, Notation, Pile, Position, Source,
};
use crate::session::{Control, Replay, Session, Start, Stats};
use crate::share::Route;

/// Where a game starts: a numbered deal, or any position (a board link, a typed position).
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    Deal(DealNumber),
    Board(Rc<Position>),
}

impl Start<Position> for Origin {
    fn start(&self) -> Position {
        match self {
            Origin::Deal(deal) => Position::deal(*deal),
            Origin::Board(position) => (**position).clone(),
        }
    }
}

impl Origin {
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

/// A picked-up card (click-then-click, keyboard): its pile and depth in that pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub pile: Pile,
    pub depth: usize,
}

/// A point of the FreeCell timeline.
pub type Snapshot = crate::session::Snapshot<Origin, Position>;

#[derive(Clone, Debug, PartialEq)]
pub struct FreeCellState {
    pub session: Session<Origin, Position>,
    pub autoplay: Autoplay,
    pub selection: Option<Selection>,
    /// Why the last attempted move was refused.
    pub refusal: Option<String>,
}

pub enum Action {
    /// Undo, redo, hints, verdicts and replay, alike for every table.
    Control(Control<Move>),
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
    /// A new game from a deal or a position.
    NewGame(Origin),
    Restart,
    SetAutoplay(Autoplay),
    /// Play the replay's next move.
    ReplayStep,
    /// Replay moves given in standard notation from the start (import); errors are reported.
    Import(String),
}

impl FreeCellState {
    /// The table at the start of `origin`, with `restored` moves (a saved game or a link's
    /// moves) played on top as far as they replay through the rules.
    pub fn new(origin: Origin, restored: &[Move], stats: Stats) -> FreeCellState {
        FreeCellState {
            session: Session::resume(origin, restored, stats),
            autoplay: Autoplay::Safe,
            selection: None,
            refusal: None,
        }
    }

    pub fn current(&self) -> &Snapshot {
        self.session.current()
    }

    /// The game so far in standard notation.
    pub fn notation(&self) -> String {
        let current = self.current();
        notation_words(&current.game.start(), &current.moves).join(" ")
    }

    /// What a new point of the timeline, or a step along it, clears.
    fn after_change(&mut self) {
        self.selection = None;
        self.refusal = None;
    }

    /// Plays `mv` (checked) and the autoplay moves after it, as one step.
    fn play(&mut self, mv: Move) -> Result<(), String> {
        let mut position =
            self.current().position.clone().play(mv).map_err(|error| error.reason.to_string())?;
        let mut played = vec![mv];
        played.extend(position.autoplay(self.autoplay));
        self.session.advance(position, &played);
        self.after_change();
        Ok(())
    }

    /// Leaves whatever was being replayed and plays a player's move.
    fn play_by_hand(&mut self, mv: Result<Move, String>) {
        self.session.replay = None;
        self.selection = None;
        if let Err(reason) = mv.and_then(|mv| self.play(mv)) {
            self.refusal = Some(reason);
        }
    }
}

impl Reducible for FreeCellState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            Action::Attempt { from, depth, to } => {
                if from == to {
                    state.selection = None;
                } else {
                    let mv =
                        intended_move(&state.current().position, from, depth, to).map_err(|e| e.to_string());
                    state.play_by_hand(mv);
                }
            }
            Action::SendAway { from } => {
                let mv =
                    send_away(&state.current().position, from).ok_or("that card has nowhere to go".into());
                state.play_by_hand(mv);
            }
            Action::PlayNotation(notation) => {
                let mv = notation.to_move(&state.current().position).map_err(|error| error.to_string());
                state.play_by_hand(mv);
            }
            Action::Select(selection) => {
                state.selection = selection;
                state.refusal = None;
            }
            Action::Control(control) => {
                if state.session.control(control) {
                    state.after_change();
                }
            }
            Action::NewGame(origin) => {
                state.session.new_game(origin);
                state.after_change();
            }
            Action::Restart => {
                state.session.restart();
                state.after_change();
            }
            Action::SetAutoplay(mode) => {
                state.autoplay = mode;
                // Switching autoplay on sends home what it would have sent already.
                let mut position = state.current().position.clone();
                let extra = position.autoplay(mode);
                if !extra.is_empty() {
                    state.session.advance(position, &extra);
                    state.after_change();
                }
            }
            Action::ReplayStep => match state.session.step_replay() {
                Ok(true) => state.after_change(),
                Ok(false) => {}
                Err(reason) => state.refusal = Some(format!("the replay stopped: {reason}")),
            },
            Action::Import(text) => {
                let origin = state.current().game.clone();
                let start = origin.start();
                let mut position = start.clone();
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
                // Replay the imported moves from the start: the player's own game, not the
                // solver's, so it is not marked as assisted.
                state.session.replay = None;
                state.session.push(origin, start, Vec::new());
                state.after_change();
                state.session.replay = Some(Replay::new(Rc::new(moves)));
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
    if from.game != to.game {
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
