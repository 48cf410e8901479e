//! A game session as a card table keeps it: an undoable timeline of positions (new games and
//! restarts included), what the solver said about each, the move that lost a lost game, a
//! solution being replayed, and the player's statistics.
//!
//! Plain Rust with no browser in sight, so the tables' logic is tested natively; the Yew
//! reducers only wrap it.

use std::collections::HashMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

/// A position a session can hold.
pub trait Table: Clone + PartialEq {
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// Why a move is refused.
    type Illegal: std::fmt::Display;

    fn is_won(&self) -> bool;

    /// The position after `mv`, or why the rules refuse it.
    fn after(&self, mv: Self::Move) -> Result<Self, Self::Illegal>;
}

/// A game's position as a [`Table`], written once for every game: by the position's own
/// `$won` test and its `play`, which takes the position by value and returns the next one or an
/// error whose `reason` says why the rules refuse the move.
#[macro_export]
macro_rules! table_by_rules {
    ($position:ty, $move:ty, $illegal:ty, $won:ident) => {
        impl $crate::session::Table for $position {
            type Move = $move;
            type Illegal = $illegal;

            fn is_won(&self) -> bool {
                <$position>::$won(self)
            }

            fn after(&self, mv: $move) -> Result<$position, $illegal> {
                <$position>::play(Clone::clone(self), mv).map_err(|error| error.reason)
            }
        }
    };
}

/// What a game starts from (a deal, a deck, a linked position).
pub trait Start<P> {
    fn start(&self) -> P;
}

/// One point of the timeline: a position, the game it belongs to and every move since its start.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot<G, P: Table> {
    /// Unique within the session, so a solver answer finds the position it was about.
    pub id: u64,
    /// What the game started from (a deal, a deck, a linked position).
    pub game: G,
    pub position: P,
    /// Every move since the game's start.
    pub moves: Vec<P::Move>,
}

/// What the solver said about a snapshot.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict<M> {
    /// A winning line from the snapshot.
    Winnable(Rc<Vec<M>>),
    /// Proven lost.
    Lost,
    /// The solver gave up within its budget.
    Unknown,
}

impl<M> From<crate::search::Outcome<Vec<M>>> for Verdict<M> {
    /// A solver's answer: a line is a win, a proof is a loss, a give-up is unknown.
    fn from(outcome: crate::search::Outcome<Vec<M>>) -> Verdict<M> {
        match outcome {
            crate::search::Outcome::Solved(moves) => Verdict::Winnable(Rc::new(moves)),
            crate::search::Outcome::Unsolvable => Verdict::Lost,
            crate::search::Outcome::Unknown(_) => Verdict::Unknown,
        }
    }
}

/// A solution being replayed on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay<M> {
    pub moves: Rc<Vec<M>>,
    /// Index of the next move to play.
    pub next: usize,
    pub playing: bool,
}

impl<M: Copy> Replay<M> {
    pub fn new(moves: Rc<Vec<M>>) -> Replay<M> {
        Replay { moves, next: 0, playing: true }
    }

    pub fn next_move(&self) -> Option<M> {
        self.moves.get(self.next).copied()
    }

    pub fn is_finished(&self) -> bool {
        self.next >= self.moves.len()
    }
}

/// The hint the player asked for, as the table shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Hint<M> {
    #[default]
    NotAsked,
    /// Asked before the solver had answered: shown when it does.
    Pending,
    /// The first move of the solver's winning line.
    Shown(M),
    /// Asked where the solver has no winning line.
    Missing,
}

impl<M: Copy> Hint<M> {
    pub fn shown(&self) -> Option<M> {
        match *self {
            Hint::Shown(mv) => Some(mv),
            _ => None,
        }
    }
}

/// What every table asks of its session, whatever the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Control<M> {
    Undo,
    Redo,
    /// Go back to a point of the timeline (to before the losing move).
    GoTo(usize),
    /// A solver's answer about a snapshot.
    Verdict {
        snapshot: u64,
        verdict: Verdict<M>,
    },
    AskHint,
    /// Replay the solver's line from here.
    Solve,
    ReplayPlay,
    ReplayPause,
}

/// Statistics kept across visits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub played: u32,
    pub won: u32,
    pub streak: u32,
    pub best_streak: u32,
}

/// The timeline of a table and what is known about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Session<G, P: Table> {
    timeline: Vec<Snapshot<G, P>>,
    cursor: usize,
    next_id: u64,
    verdicts: HashMap<u64, Verdict<P::Move>>,
    pub replay: Option<Replay<P::Move>>,
    pub stats: Stats,
    /// The hint asked for at the current snapshot.
    pub hint: Hint<P::Move>,
    /// The first snapshot ids of games already counted as played / won.
    counted_played: Option<u64>,
    counted_won: Option<u64>,
    /// The first snapshot id of a game the solver played for the player: winning it is not
    /// the player's win.
    assisted: Option<u64>,
}

impl<G: Clone + PartialEq, P: Table> Session<G, P> {
    /// A session at the start of `game`; `restored` (a position reached from it and the moves
    /// that reached it) is put on top, as a game in progress, so undo goes back to the start.
    pub fn new(game: G, start: P, restored: Option<(P, Vec<P::Move>)>, stats: Stats) -> Session<G, P> {
        let mut session = Session {
            timeline: Vec::new(),
            cursor: 0,
            next_id: 1,
            verdicts: HashMap::new(),
            replay: None,
            stats,
            hint: Hint::NotAsked,
            counted_played: None,
            counted_won: None,
            assisted: None,
        };
        let first = session.snapshot(game.clone(), start, Vec::new());
        session.timeline.push(first);
        if let Some((position, moves)) = restored.filter(|(_, moves)| !moves.is_empty()) {
            // Counted as played when it was first played, before the reload.
            session.counted_played = Some(session.timeline[0].id);
            let restored = session.snapshot(game, position, moves);
            session.timeline.push(restored);
            session.cursor = 1;
        }
        session
    }

    fn snapshot(&mut self, game: G, position: P, moves: Vec<P::Move>) -> Snapshot<G, P> {
        let id = self.next_id;
        self.next_id += 1;
        Snapshot { id, game, position, moves }
    }

    pub fn current(&self) -> &Snapshot<G, P> {
        &self.timeline[self.cursor]
    }

    /// The timeline point at `index`, if there is one.
    pub fn at(&self, index: usize) -> Option<&Snapshot<G, P>> {
        self.timeline.get(index)
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn verdict(&self) -> Option<&Verdict<P::Move>> {
        self.verdicts.get(&self.current().id)
    }

    /// What the solver said about the current game's start (the deal itself).
    pub fn start_verdict(&self) -> Option<&Verdict<P::Move>> {
        self.verdicts.get(&self.game_id())
    }

    /// The first move of the solver's line from here, when it has one.
    pub fn solver_move(&self) -> Option<P::Move> {
        match self.verdict() {
            Some(Verdict::Winnable(moves)) => moves.first().copied(),
            _ => None,
        }
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.cursor + 1 < self.timeline.len()
    }

    /// Pushes a new point on the timeline (dropping any redo branch) and counts statistics.
    pub fn push(&mut self, game: G, position: P, moves: Vec<P::Move>) {
        self.timeline.truncate(self.cursor + 1);
        let snapshot = self.snapshot(game, position, moves);
        self.timeline.push(snapshot);
        self.cursor += 1;
        self.hint = Hint::NotAsked;
        self.count_stats();
    }

    /// Plays on from the current position: `position` after `played` more moves.
    pub fn advance(&mut self, position: P, played: &[P::Move]) {
        let current = self.current();
        let mut moves = current.moves.clone();
        moves.extend_from_slice(played);
        let game = current.game.clone();
        self.push(game, position, moves);
    }

    /// One step back; a replay steps back with it and pauses.
    pub fn undo(&mut self) {
        if let Some(replay) = self.replay.as_mut() {
            replay.playing = false;
        }
        if self.can_undo() {
            self.cursor -= 1;
            self.hint = Hint::NotAsked;
            if let Some(replay) = self.replay.as_mut() {
                replay.next = replay.next.saturating_sub(1);
            }
        }
    }

    pub fn redo(&mut self) {
        if self.can_redo() {
            self.cursor += 1;
            self.hint = Hint::NotAsked;
        }
    }

    /// Jumps to a point of the timeline (to go back before a losing move); ends any replay.
    pub fn go_to(&mut self, index: usize) {
        if index < self.timeline.len() {
            self.cursor = index;
            self.replay = None;
            self.hint = Hint::NotAsked;
        }
    }

    /// Index in the timeline where the current game starts.
    fn game_start(&self) -> usize {
        let mut start = self.cursor;
        while start > 0
            && self.timeline[start - 1].game == self.timeline[start].game
            && self.timeline[start - 1].moves.len() < self.timeline[start].moves.len()
        {
            start -= 1;
        }
        start
    }

    fn count_stats(&mut self) {
        let start_id = self.timeline[self.game_start()].id;
        let current = self.current();
        let (moved, won) = (!current.moves.is_empty(), current.position.is_won());
        if moved && self.counted_played != Some(start_id) {
            self.counted_played = Some(start_id);
            self.stats.played += 1;
        }
        if won && self.counted_won != Some(start_id) {
            self.counted_won = Some(start_id);
            if self.assisted == Some(start_id) {
                self.stats.streak = 0;
                return;
            }
            self.stats.won += 1;
            self.stats.streak += 1;
            self.stats.best_streak = self.stats.best_streak.max(self.stats.streak);
        }
    }

    /// The id of the current game's first snapshot: it changes with a new game or a restart.
    pub fn game_id(&self) -> u64 {
        self.timeline[self.game_start()].id
    }

    /// Whether the solver has played for the player in the current game.
    pub fn is_assisted(&self) -> bool {
        self.assisted.is_some() && self.assisted == Some(self.timeline[self.game_start()].id)
    }

    /// Keeps a solver's answer; a hint awaiting it is shown.
    pub fn record_verdict(&mut self, snapshot: u64, verdict: Verdict<P::Move>) {
        self.verdicts.insert(snapshot, verdict);
        if self.hint == Hint::Pending && snapshot == self.current().id {
            self.ask_hint();
        }
    }

    /// Shows the solver's next move, or waits for its answer.
    pub fn ask_hint(&mut self) {
        self.hint = match (self.verdict(), self.solver_move()) {
            (None, _) => Hint::Pending,
            (Some(_), Some(mv)) => Hint::Shown(mv),
            (Some(_), None) => Hint::Missing,
        };
    }

    /// Plays the replay's next move: true when a move was played. The replay pauses at its
    /// end, and stops at a move the rules refuse, whose reason is returned.
    pub fn step_replay(&mut self) -> Result<bool, P::Illegal> {
        let Some(replay) = self.replay.as_mut() else { return Ok(false) };
        let Some(mv) = replay.next_move() else {
            replay.playing = false;
            return Ok(false);
        };
        let played = self.current().position.after(mv);
        let mut replay = self.replay.take().expect("checked above");
        let position = played?;
        self.advance(position, &[mv]);
        replay.next += 1;
        replay.playing &= !replay.is_finished();
        self.replay = Some(replay);
        Ok(true)
    }

    /// Carries out what every table asks alike; true when the table now shows another
    /// snapshot (so what the player had picked up is dropped).
    pub fn control(&mut self, control: Control<P::Move>) -> bool {
        let before = self.current().id;
        match control {
            Control::Undo => self.undo(),
            Control::Redo => self.redo(),
            Control::GoTo(index) => self.go_to(index),
            Control::Verdict { snapshot, verdict } => self.record_verdict(snapshot, verdict),
            Control::AskHint => self.ask_hint(),
            Control::Solve => {
                if self.start_replay() {
                    self.hint = Hint::NotAsked;
                }
            }
            Control::ReplayPlay => match self.replay.as_mut() {
                Some(replay) => replay.playing = true,
                None => {
                    self.start_replay();
                }
            },
            Control::ReplayPause => {
                if let Some(replay) = self.replay.as_mut() {
                    replay.playing = false;
                }
            }
        }
        self.current().id != before
    }

    /// When the current position is lost: the timeline index of the snapshot the losing move
    /// led to (the first lost one after a winnable one), once the solver has said enough.
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

    /// The move that lost the game, with the timeline index of the position before it.
    pub fn losing_move(&self) -> Option<(usize, P::Move)> {
        let index = self.losing_point()?;
        let before = self.timeline[index - 1].moves.len();
        self.timeline[index].moves.get(before).map(|&mv| (index - 1, mv))
    }

    /// The snapshot the solver should look at next: the current one, or, when it is lost,
    /// earlier ones until the losing move is found; then the game's start, if a restored game
    /// never had it checked (so the table can say what the deal itself allows).
    pub fn wanted_check(&self) -> Option<&Snapshot<G, P>> {
        let current = self.current();
        if current.position.is_won() {
            return None;
        }
        if !self.verdicts.contains_key(&current.id) {
            return Some(current);
        }
        let start = &self.timeline[self.game_start()];
        let earlier = self.losing_check();
        if earlier.is_none() && !self.verdicts.contains_key(&start.id) {
            return Some(start);
        }
        earlier
    }

    /// While the current position is lost and the losing move is not yet known: the next
    /// earlier snapshot to check.
    fn losing_check(&self) -> Option<&Snapshot<G, P>> {
        if matches!(self.verdict(), Some(Verdict::Lost)) && self.losing_point().is_none() {
            let start = self.game_start();
            let mut index = self.cursor;
            while index > start {
                let previous = &self.timeline[index - 1];
                match self.verdicts.get(&previous.id) {
                    None => return Some(previous),
                    Some(Verdict::Lost) => index -= 1,
                    Some(_) => return None,
                }
            }
        }
        None
    }

    /// Starts replaying the solver's line from the current position, if it has one. A game
    /// the solver finishes is not counted as won.
    pub fn start_replay(&mut self) -> bool {
        match self.verdict() {
            Some(Verdict::Winnable(moves)) => {
                self.replay = Some(Replay::new(moves.clone()));
                self.assisted = Some(self.timeline[self.game_start()].id);
                true
            }
            _ => false,
        }
    }
}

impl<G: Clone + PartialEq + Start<P>, P: Table> Session<G, P> {
    /// A session at the start of `game` with `moves` (a saved game, a link's moves) played on
    /// top as far as the rules accept them, one point of the timeline per move: undo takes
    /// them back one by one, and the losing move is found among them as if played by hand.
    pub fn resume(game: G, moves: &[P::Move], stats: Stats) -> Session<G, P> {
        let start = game.start();
        let mut session = Session::new(game.clone(), start.clone(), None, stats);
        let mut position = start;
        let mut played = Vec::new();
        for &mv in moves {
            let Ok(next) = position.after(mv) else { break };
            position = next;
            played.push(mv);
            let snapshot = session.snapshot(game.clone(), position.clone(), played.clone());
            session.timeline.push(snapshot);
        }
        session.cursor = session.timeline.len() - 1;
        if session.cursor > 0 {
            // Counted as played when it was first played, before the reload.
            session.counted_played = Some(session.timeline[0].id);
        }
        session
    }

    /// Starts another game, undoably. Leaving a game that was played but not won ends the
    /// winning streak.
    pub fn new_game(&mut self, game: G) {
        let current = self.current();
        if !current.moves.is_empty() && !current.position.is_won() {
            self.stats.streak = 0;
        }
        self.replay = None;
        let start = game.start();
        self.push(game, start, Vec::new());
    }

    /// Starts the current game again, undoably.
    pub fn restart(&mut self) {
        let game = self.current().game.clone();
        self.replay = None;
        let start = game.start();
        self.push(game, start, Vec::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter to be brought to 3; below 0 it is lost.
    #[derive(Clone, Debug, PartialEq)]
    struct Counter(i32);

    impl Table for Counter {
        type Move = i32;
        type Illegal = &'static str;
        fn is_won(&self) -> bool {
            self.0 == 3
        }
        fn after(&self, mv: i32) -> Result<Counter, &'static str> {
            if mv == 0 {
                Err("a move changes the count")
            } else {
                Ok(Counter(self.0 + mv))
            }
        }
    }

    impl Start<Counter> for &'static str {
        fn start(&self) -> Counter {
            Counter(0)
        }
    }

    fn session() -> Session<&'static str, Counter> {
        Session::new("game", Counter(0), None, Stats::default())
    }

    fn play(session: &mut Session<&'static str, Counter>, step: i32) {
        let next = Counter(session.current().position.0 + step);
        session.advance(next, &[step]);
    }

    #[test]
    fn undo_redo_and_a_new_branch() {
        let mut s = session();
        play(&mut s, 1);
        play(&mut s, 1);
        s.undo();
        assert_eq!(s.current().position, Counter(1));
        assert!(s.can_redo());
        s.redo();
        assert_eq!(s.current().moves, vec![1, 1]);
        s.undo();
        play(&mut s, -1);
        assert!(!s.can_redo(), "a new move drops the redo branch");
        assert_eq!(s.current().moves, vec![1, -1]);
    }

    #[test]
    fn statistics_count_each_game_once() {
        let mut s = session();
        play(&mut s, 1);
        play(&mut s, 1);
        assert_eq!(s.stats.played, 1);
        play(&mut s, 1);
        assert_eq!((s.stats.won, s.stats.streak), (1, 1));
        s.undo();
        s.redo();
        assert_eq!((s.stats.played, s.stats.won), (1, 1), "undo and redo count nothing again");
        s.new_game("other");
        play(&mut s, 1);
        s.new_game("third");
        assert_eq!((s.stats.played, s.stats.won, s.stats.streak, s.stats.best_streak), (2, 1, 0, 1));
        s.undo();
        assert_eq!(s.current().game, "other", "a new game is undoable");
    }

    #[test]
    fn a_resumed_game_plays_its_moves_as_far_as_they_go_and_restarts() {
        let mut s = Session::resume("game", &[1, 1, 0, 1], Stats::default());
        assert_eq!(s.current().moves, vec![1, 1], "the refused move and all after it are dropped");
        assert_eq!(s.current().position, Counter(2));
        assert_eq!(s.stats.played, 0, "a resumed game was counted when first played");
        s.restart();
        assert_eq!((s.current().position.clone(), s.cursor()), (Counter(0), 3));
        s.undo();
        assert_eq!(s.current().position, Counter(2), "a restart is undoable");
        s.undo();
        assert_eq!(s.current().position, Counter(1), "resumed moves are taken back one by one");
    }

    #[test]
    fn the_losing_move_of_a_resumed_game_is_the_one_that_lost_it() {
        // Counts below zero are lost: the third move (to -1) loses, not the first.
        let mut s = Session::resume("game", &[1, -1, -1, 1], Stats::default());
        assert_eq!(s.current().moves.len(), 4);
        let verdicts =
            [(4, Verdict::Lost), (3, Verdict::Lost), (2, Verdict::Winnable(Rc::new(vec![1, 1, 1])))];
        for (index, verdict) in verdicts {
            let wanted = s.wanted_check().map(|c| c.id);
            assert_eq!(wanted, Some(s.at(index).unwrap().id));
            s.record_verdict(s.at(index).unwrap().id, verdict);
        }
        assert_eq!(s.losing_move(), Some((2, -1)), "the move from the winnable count 0 to -1");
    }

    #[test]
    fn a_restored_game_is_not_counted_again_and_undoes_to_its_start() {
        let mut s = Session::new("game", Counter(0), Some((Counter(2), vec![1, 1])), Stats::default());
        assert_eq!(s.current().position, Counter(2));
        play(&mut s, 1);
        assert_eq!((s.stats.played, s.stats.won), (0, 1));
        s.go_to(0);
        assert_eq!(s.current().moves, Vec::<i32>::new());
    }

    #[test]
    fn a_restored_game_checks_where_it_stands_then_its_start() {
        let mut s = Session::new("game", Counter(0), Some((Counter(2), vec![1, 1])), Stats::default());
        let (start, now) = (s.at(0).unwrap().id, s.current().id);
        assert_eq!(s.wanted_check().map(|c| c.id), Some(now));
        s.record_verdict(now, Verdict::Winnable(Rc::new(vec![1])));
        assert_eq!(s.wanted_check().map(|c| c.id), Some(start));
        assert_eq!(s.start_verdict(), None);
        s.record_verdict(start, Verdict::Winnable(Rc::new(vec![1, 1, 1])));
        assert_eq!(s.wanted_check().map(|c| c.id), None);
        assert!(matches!(s.start_verdict(), Some(Verdict::Winnable(line)) if line.len() == 3));
    }

    #[test]
    fn the_losing_move_is_found_by_checking_backwards() {
        let mut s = session();
        play(&mut s, 1); // index 1
        play(&mut s, -1); // index 2
        play(&mut s, -1); // index 3: the position below zero is lost
        let id = |s: &Session<&str, Counter>, i: usize| s.at(i).unwrap().id;
        assert_eq!(s.wanted_check().map(|c| c.id), Some(id(&s, 3)));
        s.record_verdict(id(&s, 3), Verdict::Lost);
        assert_eq!(s.losing_point(), None, "not known until earlier positions are checked");
        assert_eq!(s.wanted_check().map(|c| c.id), Some(id(&s, 2)));
        s.record_verdict(id(&s, 2), Verdict::Lost);
        assert_eq!(s.wanted_check().map(|c| c.id), Some(id(&s, 1)));
        s.record_verdict(id(&s, 1), Verdict::Winnable(Rc::new(vec![1, 1])));
        assert_eq!(s.losing_point(), Some(2));
        assert_eq!(s.losing_move(), Some((1, -1)));
        assert_eq!(s.wanted_check().map(|c| c.id), Some(id(&s, 0)), "last, the deal itself");
        s.record_verdict(id(&s, 0), Verdict::Winnable(Rc::new(vec![1, 1, 1])));
        assert_eq!(s.wanted_check().map(|c| c.id), None);
    }

    #[test]
    fn solver_outcomes_become_verdicts() {
        use crate::search::{Outcome, UnknownReason};
        assert_eq!(Verdict::from(Outcome::Solved(vec![1, 2])), Verdict::Winnable(Rc::new(vec![1, 2])));
        assert_eq!(Verdict::<i32>::from(Outcome::Unsolvable), Verdict::Lost);
        let unknown = Outcome::Unknown(UnknownReason::StateBudget { states: 5 });
        assert_eq!(Verdict::<i32>::from(unknown), Verdict::Unknown);
    }

    #[test]
    fn a_hint_asked_early_shows_when_the_answer_comes_and_goes_with_a_move() {
        let mut s = session();
        assert!(!s.control(Control::AskHint));
        assert_eq!(s.hint, Hint::Pending);
        let id = s.current().id;
        s.control(Control::Verdict { snapshot: id, verdict: Verdict::Winnable(Rc::new(vec![1, 1, 1])) });
        assert_eq!(s.hint, Hint::Shown(1));
        play(&mut s, -1);
        assert_eq!(s.hint, Hint::NotAsked, "a move takes the hint away");
        let id = s.current().id;
        s.control(Control::Verdict { snapshot: id, verdict: Verdict::Lost });
        s.control(Control::AskHint);
        assert_eq!(s.hint, Hint::Missing);
        assert!(s.control(Control::Undo));
        assert_eq!(s.hint, Hint::NotAsked);
        assert!(!s.control(Control::ReplayPlay), "playing the replay does not move by itself");
        assert!(s.replay.as_ref().is_some_and(|r| r.playing));
    }

    #[test]
    fn hints_and_replays_follow_the_verdict() {
        let mut s = session();
        assert!(!s.start_replay());
        let id = s.current().id;
        s.record_verdict(id, Verdict::Winnable(Rc::new(vec![1, 1, 1])));
        assert_eq!(s.solver_move(), Some(1));
        assert!(s.start_replay());
        for _ in 0..3 {
            assert_eq!(s.step_replay(), Ok(true));
        }
        assert_eq!(s.step_replay(), Ok(false), "nothing left to replay");
        assert!(s.current().position.is_won());
        assert_eq!((s.stats.played, s.stats.won), (1, 0), "a game the solver finished is no win");
        assert!(s.is_assisted());
        s.undo();
        let replay = s.replay.as_ref().unwrap();
        assert_eq!((replay.next, replay.playing), (2, false), "undo steps the replay back and pauses it");
        s.replay = Some(Replay::new(Rc::new(vec![0])));
        assert_eq!(s.step_replay(), Err("a move changes the count"));
        assert_eq!(s.replay, None, "a refused move ends the replay");
    }
}
