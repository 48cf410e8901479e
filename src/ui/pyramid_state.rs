//! The Pyramid table's reducer: every change of the game goes through here. It asks the rules
//! engine ([`crate::games::pyramid`]) and [`crate::session`]; it holds no rule of its own.

use std::rc::Rc;

use yew::prelude::*;

use crate::cards::{Card, Deck};
use crate::games::pyramid::{click, intended_move, Click, Move, Pile, Position};
use crate::session::{Control, Session, Snapshot, Start, Stats};
use crate::share::Route;

/// What a Pyramid game starts from: a deck, and the seed that shuffled it if it came from one.
#[derive(Clone, Debug, PartialEq)]
pub struct PyramidDeal {
    pub seed: Option<u64>,
    pub deck: Rc<Deck>,
}

impl Start<Position> for PyramidDeal {
    fn start(&self) -> Position {
        Position::new(&self.deck)
    }
}

impl PyramidDeal {
    /// The link to this deal, with `moves` in link notation if any.
    pub fn route(&self, moves: Option<String>) -> Route {
        match self.seed {
            Some(seed) => Route::PyramidDeal { seed, moves },
            None => Route::Pyramid { deck: Some((*self.deck).clone()), moves },
        }
    }

    /// "deal 3" or "this deck", for messages.
    pub fn describe(&self) -> String {
        match self.seed {
            Some(seed) => format!("deal {seed}"),
            None => "this deck".into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PyramidState {
    pub session: Session<PyramidDeal, Position>,
    /// A card picked up by a click, waiting for its partner.
    pub picked: Option<Card>,
    /// Why the last attempted move was refused.
    pub refusal: Option<String>,
}

pub enum Action {
    /// Undo, redo, hints, verdicts and replay, alike for every table.
    Control(Control<Move>),
    /// A click on the card of a pile: pick it up, pair it with the picked card, or remove a king.
    Click(Pile),
    /// The card of `from` dragged onto the card of `to`: remove the pair.
    Attempt {
        from: Pile,
        to: Pile,
    },
    /// Draw from the stock, or turn the waste over when the stock is empty.
    Deal,
    /// Put a picked card back.
    PutBack,
    NewGame(PyramidDeal),
    Restart,
    ReplayStep,
}

impl PyramidState {
    /// The table at the start of `deal`, with `restored` moves (a saved game or a link's moves)
    /// played on top as far as they replay through the rules.
    pub fn new(deal: PyramidDeal, restored: &[Move], stats: Stats) -> PyramidState {
        PyramidState { session: Session::resume(deal, restored, stats), picked: None, refusal: None }
    }

    pub fn current(&self) -> &Snapshot<PyramidDeal, Position> {
        self.session.current()
    }

    fn after_change(&mut self) {
        self.picked = None;
        self.refusal = None;
    }

    /// Plays a player's move, leaving any replay.
    fn play(&mut self, mv: Move) {
        match self.current().position.play(mv) {
            Ok(position) => {
                self.session.replay = None;
                self.session.advance(position, &[mv]);
                self.after_change();
            }
            Err(error) => {
                self.picked = None;
                self.refusal = Some(error.reason.to_string());
            }
        }
    }
}

impl Reducible for PyramidState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            Action::Control(control) => {
                if state.session.control(control) {
                    state.after_change();
                }
            }
            Action::Click(pile) => {
                state.refusal = None;
                match click(&state.current().position, state.picked, pile) {
                    Click::Play(mv) => state.play(mv),
                    Click::Pick(card) => state.picked = Some(card),
                    Click::PutBack => state.picked = None,
                    Click::Nothing => {}
                }
            }
            Action::Attempt { from, to } => match intended_move(&state.current().position, from, to) {
                Ok(mv) => state.play(mv),
                Err(error) => {
                    state.picked = None;
                    state.refusal = Some(error.to_string());
                }
            },
            Action::Deal => {
                let position = &state.current().position;
                let mv = if position.stock_top().is_some() { Move::Draw } else { Move::Recycle };
                state.play(mv);
            }
            Action::PutBack => state.picked = None,
            Action::NewGame(deal) => {
                state.session.new_game(deal);
                state.after_change();
            }
            Action::Restart => {
                state.session.restart();
                state.after_change();
            }
            Action::ReplayStep => match state.session.step_replay() {
                Ok(true) => state.after_change(),
                Ok(false) => {}
                Err(reason) => state.refusal = Some(format!("the replay stopped: {reason}")),
            },
        }
        Rc::new(state)
    }
}
