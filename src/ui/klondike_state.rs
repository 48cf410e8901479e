//! The Klondike table's reducer: every change of the game goes through here. It asks the rules
//! engine and [`crate::session`]; it holds no rule of its own.

use std::rc::Rc;

use yew::prelude::*;

use crate::cards::{Card, Deck};
use crate::games::klondike::{finishing_moves, intended_move, send_away, Draw, Move, Pile, Position, Rules};
use crate::session::{Control, Replay, Session, Snapshot, Start, Stats};

/// What a Klondike game starts from: a deck in dealing order, the seed that shuffled it (if
/// it came from one) and the draw.
#[derive(Clone, Debug, PartialEq)]
pub struct KlondikeDeal {
    pub seed: Option<u64>,
    pub deck: Rc<Deck>,
    pub draw: Draw,
}

impl KlondikeDeal {
    pub fn rules(&self) -> Rules {
        Rules::new(self.draw)
    }
}

impl Start<Position> for KlondikeDeal {
    fn start(&self) -> Position {
        Position::new(&self.deck, self.rules())
    }
}

/// A picked-up card (click-then-click): its pile and depth in that pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub pile: Pile,
    pub depth: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct KlondikeState {
    pub session: Session<KlondikeDeal, Position>,
    pub selection: Option<Selection>,
    /// Why the last attempted move was refused.
    pub refusal: Option<String>,
}

pub enum Action {
    /// Undo, redo, hints, verdicts and replay, alike for every table.
    Control(Control<Move>),
    /// Take the cards at `depth` of `from` to `to`; a refused move explains itself.
    Attempt {
        from: Pile,
        depth: usize,
        to: Pile,
    },
    /// Send a card home, or onto another column.
    SendAway {
        from: Pile,
    },
    /// Draw from the stock, or turn the waste over when the stock is empty.
    Deal,
    Select(Option<Selection>),
    NewGame(KlondikeDeal),
    Restart,
    /// Send every card home once all are face up.
    AutoComplete,
    ReplayStep,
}

impl KlondikeState {
    /// The table at the start of `deal`, with `restored` moves (a saved game or a link's moves)
    /// played on top as far as they replay through the rules.
    pub fn new(deal: KlondikeDeal, restored: &[Move], stats: Stats) -> KlondikeState {
        KlondikeState { session: Session::resume(deal, restored, stats), selection: None, refusal: None }
    }

    pub fn current(&self) -> &Snapshot<KlondikeDeal, Position> {
        self.session.current()
    }

    fn after_change(&mut self) {
        self.selection = None;
        self.refusal = None;
    }

    /// Plays a player's move; once every card is face up the rest is sent home as a replay.
    fn play(&mut self, mv: Move) -> Result<(), String> {
        let position = self.current().position.play(mv).map_err(|error| error.reason.to_string())?;
        self.session.replay = None;
        self.session.advance(position, &[mv]);
        self.after_change();
        if let Some(finish) = finishing_moves(&position) {
            self.session.replay = Some(Replay::new(Rc::new(finish)));
        }
        Ok(())
    }

    fn refuse(&mut self, reason: String) {
        self.selection = None;
        self.refusal = Some(reason);
    }
}

impl Reducible for KlondikeState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            Action::Attempt { from, depth, to } => {
                state.selection = None;
                if from != to {
                    let outcome = intended_move(&state.current().position, from, depth, to)
                        .map_err(|error| error.to_string())
                        .and_then(|mv| state.play(mv));
                    if let Err(reason) = outcome {
                        state.refuse(reason);
                    }
                }
            }
            Action::SendAway { from } => match send_away(&state.current().position, from) {
                Some(mv) => {
                    let _ = state.play(mv);
                }
                None => state.refuse("that card has nowhere to go".into()),
            },
            Action::Deal => {
                let position = &state.current().position;
                let mv = if position.stock().is_empty() { Move::Recycle } else { Move::Draw };
                if let Err(reason) = state.play(mv) {
                    state.refuse(reason);
                }
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
            Action::NewGame(deal) => {
                state.session.new_game(deal);
                state.after_change();
            }
            Action::Restart => {
                state.session.restart();
                state.after_change();
            }
            Action::AutoComplete => {
                if let Some(finish) = finishing_moves(&state.current().position) {
                    state.session.replay = Some(Replay::new(Rc::new(finish)));
                }
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

/// The most moves between two shown positions that are still animated one after another.
const MOST_ANIMATED_MOVES: usize = 16;

/// The cards that travel when the table goes from showing `from` to showing `to`: one group
/// per move (a run moved together is one group), in the order they travel, or `None` when the
/// two are not one game a few moves apart. Cards coming off the stock start face down, so
/// draws and recycles travel nothing.
pub fn travelling_cards(
    from: &Snapshot<KlondikeDeal, Position>,
    to: &Snapshot<KlondikeDeal, Position>,
) -> Option<Vec<Vec<Card>>> {
    if from.game != to.game {
        return None;
    }
    let forward = to.moves.len() >= from.moves.len();
    let (before, after) = if forward { (from, to) } else { (to, from) };
    let extra = after.moves.len() - before.moves.len();
    if extra > MOST_ANIMATED_MOVES || !after.moves.starts_with(&before.moves) {
        return None;
    }
    let mut position = before.position;
    let mut groups = Vec::with_capacity(extra);
    for &mv in &after.moves[before.moves.len()..] {
        let cards = match mv {
            Move::Draw | Move::Recycle => Vec::new(),
            Move::WasteToTableau { .. } | Move::WasteToFoundation => {
                position.waste_top().into_iter().collect()
            }
            Move::TableauToFoundation { from } => position.top(from as usize).into_iter().collect(),
            Move::TableauToTableau { from, count, .. } => {
                let column = position.column(from as usize);
                column[column.len().saturating_sub(count as usize)..].to_vec()
            }
            Move::FoundationToTableau { suit, .. } => position.foundation_top(suit).into_iter().collect(),
        };
        position.apply(mv);
        groups.push(cards);
    }
    if !forward {
        groups.reverse();
    }
    Some(groups)
}
