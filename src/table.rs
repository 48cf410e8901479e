//! The state every solitaire table shares, and every change to it: the card table's reducer
//! wraps [`TableState::apply`]. It asks the game's rules ([`Game`]) and the session
//! ([`crate::session`]); it holds no rule of its own. Plain Rust, tested natively.

use std::rc::Rc;

use crate::games::{Game, Spot, Tap};
use crate::session::{Control, Replay, Session, Snapshot, Start, Stats, Table, Verdict};

/// A point of a table's timeline.
pub type GameSnapshot<G> = Snapshot<<G as crate::games::Dealing>::Deal, <G as crate::games::Play>::Position>;

/// The state of one table: the session, what the player has picked up and why the last
/// action was refused.
pub struct TableState<G: Game> {
    pub session: Session<G::Deal, G::Position>,
    pub settings: G::Settings,
    /// The card picked up by a click or the keyboard: its pile and depth.
    pub selection: Option<Spot<G::Pile>>,
    /// Why the last attempted action was refused, in words.
    pub refusal: Option<String>,
}

impl<G: Game> Clone for TableState<G> {
    fn clone(&self) -> Self {
        TableState {
            session: self.session.clone(),
            settings: self.settings,
            selection: self.selection,
            refusal: self.refusal.clone(),
        }
    }
}

impl<G: Game> PartialEq for TableState<G> {
    fn eq(&self, other: &Self) -> bool {
        self.session == other.session
            && self.settings == other.settings
            && self.selection == other.selection
            && self.refusal == other.refusal
    }
}

/// What a table can be asked to do.
pub enum Action<G: Game> {
    /// Undo, redo, hints, verdicts and replay, alike for every table.
    Control(Control<G::Move>),
    /// A click (or Enter) on the card at `depth` of a pile: pick it up, put the picked card
    /// down there, or play what a click there means (a king, the stock).
    Click(Spot<G::Pile>),
    /// Cards dragged from a spot and dropped on a pile.
    Drop {
        from: Spot<G::Pile>,
        to: G::Pile,
    },
    /// A double-click: send the card where it can go.
    SendAway(Spot<G::Pile>),
    /// The deal key (D): draw, or turn the waste over.
    Deal,
    /// A move chosen otherwise (notation keys).
    Play(G::Move),
    /// A move that could not be read or played, explained.
    Refuse(String),
    /// Put the picked card back.
    PutBack,
    NewGame(G::Deal),
    /// A new game with `moves` played from its start (a link opened on the same page), each
    /// move a point of the timeline.
    Open {
        deal: G::Deal,
        moves: Rc<Vec<G::Move>>,
    },
    Restart,
    SetSettings(G::Settings),
    /// Play the replay's next move.
    ReplayStep,
    /// Finish the game by itself (auto-complete).
    AutoComplete,
    /// Replay `moves` from the game's start (an imported game).
    ReplayFromStart(Rc<Vec<G::Move>>),
}

/// The moves auto-complete plays: the game's own forced finish, or, once every card is face
/// up ([`crate::games::Play::all_face_up`]), the solver's winning line from here. `None` while
/// a choice or a hidden card could still change the game, and once it is won.
pub fn finishing_line<G: Game>(session: &Session<G::Deal, G::Position>) -> Option<Rc<Vec<G::Move>>> {
    let position = &session.current().position;
    if position.is_won() {
        return None;
    }
    G::finish(position).map(Rc::new).or_else(|| match session.verdict() {
        Some(Verdict::Winnable(line)) if G::all_face_up(position) && !line.is_empty() => Some(line.clone()),
        _ => None,
    })
}

impl<G: Game> TableState<G> {
    /// The table at the start of `deal`, with `restored` moves (a saved game or a link's moves)
    /// played on top as far as they replay through the rules.
    pub fn new(deal: G::Deal, restored: &[G::Move], stats: Stats) -> TableState<G> {
        TableState {
            session: Session::resume(deal, restored, stats),
            settings: G::Settings::default(),
            selection: None,
            refusal: None,
        }
    }

    pub fn current(&self) -> &GameSnapshot<G> {
        self.session.current()
    }

    /// What a new point of the timeline, or a step along it, clears.
    fn after_change(&mut self) {
        self.selection = None;
        self.refusal = None;
    }

    fn refuse(&mut self, reason: String) {
        self.selection = None;
        self.refusal = Some(reason);
    }

    /// Plays a player's move and what follows it by itself, as one step, leaving any replay;
    /// once nothing is left to decide, the rest is played as a replay (auto-complete).
    fn play(&mut self, mv: G::Move) {
        let mut position = match self.current().position.after(mv) {
            Ok(position) => position,
            Err(reason) => return self.refuse(reason.to_string()),
        };
        let mut played = vec![mv];
        played.extend(G::follow_up(&mut position, self.settings));
        self.session.replay = None;
        self.session.advance(position, &played);
        self.after_change();
        if let Some(finish) = G::finish(&self.current().position) {
            self.session.replay = Some(Replay::new(Rc::new(finish)));
        }
    }

    fn attempt(&mut self, from: Spot<G::Pile>, to: G::Pile) {
        match G::intended(&self.current().position, from.pile, from.depth, to) {
            Ok(mv) => self.play(mv),
            Err(reason) => self.refuse(reason),
        }
    }

    fn click(&mut self, spot: Spot<G::Pile>) {
        let position = &self.current().position;
        match (self.selection, G::tap(position, spot.pile, spot.depth)) {
            (Some(picked), _) if picked.pile == spot.pile => self.selection = None,
            (Some(picked), tap) => match G::intended(position, picked.pile, picked.depth, spot.pile) {
                Ok(mv) => self.play(mv),
                // A click that plays by itself (a king, the stock) still does.
                Err(_) if matches!(tap, Tap::Play(_)) => {
                    let Tap::Play(mv) = tap else { unreachable!() };
                    self.play(mv)
                }
                Err(reason) => self.refuse(reason),
            },
            (None, Tap::Play(mv)) => self.play(mv),
            (None, Tap::Pick) => {
                self.selection = Some(spot);
                self.refusal = None;
            }
            (None, Tap::Refuse(reason)) => self.refuse(reason),
        }
    }
}

impl<G: Game> TableState<G> {
    /// Carries out `action`.
    pub fn apply(&mut self, action: Action<G>) {
        let state = self;
        match action {
            Action::Control(control) => {
                // A hint asked for replaces a refusal in the status's one message.
                if matches!(control, Control::AskHint) {
                    state.refusal = None;
                }
                if state.session.control(control) {
                    state.after_change();
                }
            }
            Action::Click(spot) => state.click(spot),
            Action::Drop { from, to } => {
                state.selection = None;
                if from.pile != to {
                    state.attempt(from, to);
                }
            }
            Action::SendAway(spot) => match G::send_away(&state.current().position, spot.pile, spot.depth) {
                Some(mv) => state.play(mv),
                None => state.refuse("that card has nowhere to go".into()),
            },
            Action::Deal => {
                if let Some(mv) = G::deal_move(&state.current().position) {
                    state.play(mv);
                }
            }
            Action::Play(mv) => state.play(mv),
            Action::Refuse(reason) => state.refuse(reason),
            Action::PutBack => state.selection = None,
            Action::NewGame(deal) => {
                state.session.new_game(deal);
                state.after_change();
            }
            Action::Open { deal, moves } => {
                state.session.new_game(deal);
                for &mv in moves.iter() {
                    let Ok(position) = state.current().position.after(mv) else { break };
                    state.session.advance(position, &[mv]);
                }
                state.after_change();
            }
            Action::Restart => {
                state.session.restart();
                state.after_change();
            }
            Action::SetSettings(settings) => {
                state.settings = settings;
                // A setting that plays by itself (autoplay) plays what it would have already.
                let mut position = state.current().position.clone();
                let extra = G::follow_up(&mut position, settings);
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
            Action::AutoComplete => {
                if let Some(finish) = finishing_line::<G>(&state.session) {
                    state.session.replay = Some(Replay::new(finish));
                }
            }
            Action::ReplayFromStart(moves) => {
                // The player's own game replayed, not the solver's: not marked as assisted.
                let deal = state.current().game.clone();
                let start = deal.start();
                state.session.replay = None;
                state.session.push(deal, start, Vec::new());
                state.after_change();
                state.session.replay = Some(Replay::new(moves));
            }
        }
    }
}

/// The most moves between two shown positions that are still animated one after another.
const MOST_ANIMATED_MOVES: usize = 16;

/// The cards that travel when the table goes from showing `from` to showing `to`: one group
/// per move (a run moved together is one group), in the order they travel (moves taken back,
/// last first), or `None` when the two are not one game a few moves apart.
pub fn travelling_cards<G: Game>(
    from: &GameSnapshot<G>,
    to: &GameSnapshot<G>,
) -> Option<Vec<Vec<crate::cards::Card>>> {
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
        groups.push(G::carried(&position, mv));
        position = position.after(mv).ok()?;
    }
    if !forward {
        groups.reverse();
    }
    Some(groups)
}

/// What the last step did, for the live region: the move played (and what followed by
/// itself), or the moves taken back.
pub fn announcement<G: Game>(from: &GameSnapshot<G>, to: &GameSnapshot<G>) -> Option<String> {
    if from.game != to.game || from.id == to.id {
        return None;
    }
    let forward = to.moves.len() > from.moves.len() && to.moves.starts_with(&from.moves);
    let back = from.moves.len() > to.moves.len() && from.moves.starts_with(&to.moves);
    let describe = |snapshot: &GameSnapshot<G>, extra: &[G::Move]| {
        let first = G::describe_move(&snapshot.position, extra[0]);
        match extra.len() {
            1 => first,
            2 => format!("{first}, and one more move by itself"),
            n => format!("{first}, and {} more moves by themselves", n - 1),
        }
    };
    if forward {
        Some(format!("Played: {}.", describe(from, &to.moves[from.moves.len()..])))
    } else if back {
        let taken = from.moves.len() - to.moves.len();
        Some(match taken {
            1 => "Took back one move.".to_string(),
            n => format!("Took back {n} moves."),
        })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::deal::DealNumber;
    use crate::games::freecell::{FreeCell, Origin, Pile};
    use crate::games::pyramid::{Pile as PyramidPile, Pyramid, PyramidDeal};

    fn freecell(deal: u64, moves: &[crate::games::freecell::Move]) -> TableState<FreeCell> {
        TableState::new(Origin::Deal(DealNumber::new(deal).unwrap()), moves, Stats::default())
    }

    /// The cascade whose exposed card is `card`, and its depth.
    fn exposed(state: &TableState<FreeCell>, card: &str) -> Spot<Pile> {
        let card = card.parse().unwrap();
        let position = &state.current().position;
        (0..8u8)
            .find_map(|i| {
                let cascade = position.cascade(usize::from(i));
                (cascade.last() == Some(&card))
                    .then(|| Spot { pile: Pile::Cascade(i), depth: cascade.len() - 1 })
            })
            .expect("the card is exposed")
    }

    #[test]
    fn click_a_card_then_an_empty_free_cell_moves_it_there() {
        let mut state = freecell(617, &[]);
        let jack = exposed(&state, "JD");
        state.apply(Action::Click(jack));
        assert_eq!(state.selection, Some(jack));
        state.apply(Action::Click(Spot { pile: Pile::Cell(1), depth: 0 }));
        assert_eq!(state.current().position.cell(1), Some("JD".parse().unwrap()), "{:?}", state.refusal);
        assert_eq!(state.selection, None);
    }

    #[test]
    fn click_an_ace_then_any_empty_foundation_sends_it_home() {
        let (mut state, ace) = (1..200)
            .find_map(|deal| {
                let state = freecell(deal, &[]);
                let position = &state.current().position;
                let ace = (0..8u8).find(|&i| {
                    position.cascade(usize::from(i)).last().is_some_and(|card| card.rank() == Rank::Ace)
                })?;
                let depth = position.cascade(usize::from(ace)).len() - 1;
                Some((state, Spot { pile: Pile::Cascade(ace), depth }))
            })
            .expect("some early deal shows an ace");
        let mut settings_off = state.clone();
        settings_off.settings = crate::games::freecell::Autoplay::Off;
        state = settings_off;
        state.apply(Action::Click(ace));
        state.apply(Action::Click(Spot { pile: Pile::Foundation(3), depth: 0 }));
        assert_eq!(state.current().position.home_count(), 1, "{:?}", state.refusal);
    }

    #[test]
    fn refusals_name_the_cards_and_keep_the_game() {
        let mut state = freecell(1, &[]);
        let ten = exposed(&state, "TC");
        state.apply(Action::Click(ten));
        state.apply(Action::Click(Spot { pile: Pile::Cascade(0), depth: 6 }));
        let refusal = state.refusal.clone().unwrap();
        assert!(refusal.contains("the ten of clubs does not go on the six of spades"), "{refusal}");
        assert!(state.current().moves.is_empty());
    }

    #[test]
    fn pyramid_refuses_pairs_that_do_not_make_13_and_covered_cards_in_words() {
        let mut state: TableState<Pyramid> = TableState::new(PyramidDeal::seeded(2), &[], Stats::default());
        state.apply(Action::Click(Spot { pile: PyramidPile::Pyramid(0), depth: 0 }));
        assert!(state.refusal.as_deref().is_some_and(|r| r.contains("is covered by")), "{:?}", state.refusal);
        let position = state.current().position;
        let card = |slot: u8| position.pyramid_card(usize::from(slot)).unwrap();
        let (a, b) = (21..28u8)
            .flat_map(|a| (a + 1..28).map(move |b| (a, b)))
            .find(|&(a, b)| {
                crate::games::pyramid::pair_sum(card(a), card(b)) != 13
                    && card(a).rank() != Rank::King
                    && card(b).rank() != Rank::King
            })
            .unwrap();
        state.apply(Action::Click(Spot { pile: PyramidPile::Pyramid(a), depth: 0 }));
        assert_eq!(state.refusal, None, "picking up clears the refusal");
        state.apply(Action::Click(Spot { pile: PyramidPile::Pyramid(b), depth: 0 }));
        assert!(state.refusal.as_deref().is_some_and(|r| r.contains("not 13")), "{:?}", state.refusal);
    }

    #[test]
    fn the_live_region_says_what_a_step_did() {
        let mut state = freecell(1, &[]);
        let ten = exposed(&state, "TC");
        state.apply(Action::Drop { from: ten, to: Pile::Cell(0) });
        let (before, after) = (state.session.at(0).unwrap().clone(), state.current().clone());
        let said = announcement::<FreeCell>(&before, &after).unwrap();
        assert_eq!(said, "Played: Move the ten of clubs from cascade 8 to free cell a.");
        assert_eq!(announcement::<FreeCell>(&after, &before).as_deref(), Some("Took back one move."));
        assert_eq!(announcement::<FreeCell>(&after, &after), None);
    }

    #[test]
    fn cards_travel_with_their_moves_forward_and_back() {
        let mut state = freecell(1, &[]);
        let ten = exposed(&state, "TC");
        state.apply(Action::Drop { from: ten, to: Pile::Cell(0) });
        let (before, after) = (state.session.at(0).unwrap().clone(), state.current().clone());
        let forward = travelling_cards::<FreeCell>(&before, &after).unwrap();
        assert_eq!(forward[0], vec!["TC".parse().unwrap()]);
        assert_eq!(travelling_cards::<FreeCell>(&after, &before).unwrap()[0], forward[0]);
    }
}
