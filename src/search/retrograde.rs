//! Retrograde analysis: every position reachable from the start positions, labelled win,
//! loss or draw for the side to move, with the distance to the end in plies.
//!
//! Two stages, both run in slices through [`Search::step`] so a worker can report progress
//! and give up between slices:
//!
//! 1. Enumerate: a breadth-first walk from the roots numbers every reachable position and
//!    records the move graph (positions with a [`terminal`](Game::terminal) value are not
//!    expanded). One unit of work is one position expanded.
//! 2. Label: starting from the finished games, labels flow backwards along the graph in
//!    order of distance. A position with a move to a lost position is won, one ply further
//!    than its fastest such move; a position whose moves all lead to won positions is lost,
//!    one ply further than its slowest. Whatever is never labelled is a draw (this also
//!    covers repetitions, so the game graph may have cycles). One unit is one labelled
//!    position taken from the queue.
//!
//! The answer is a [`Solution`]: the table the player-facing pages ask for move values and
//! for the opponent's moves.

use std::collections::HashMap;

use super::twoplayer::{choose_best, BuildPositionHasher, Evaluation, Game, Value};
use super::{Outcome, Progress, Search, UnknownReason};
use crate::deal::SplitMix64;

/// Labels, one `u32` per position: undecided (a draw at the end), a terminal draw, or a win
/// or loss with its distance in the upper bits.
const UNDECIDED: u32 = 0;
const DRAW: u32 = 1;
const WIN: u32 = 2;
const LOSS: u32 = 3;
/// Distances above this are not representable (and no small game comes near).
const MAX_PLIES: u32 = u32::MAX >> 2;

fn encode(evaluation: Evaluation) -> u32 {
    match evaluation {
        Evaluation::Win { plies } => (plies.min(MAX_PLIES) << 2) | WIN,
        Evaluation::Draw => DRAW,
        Evaluation::Loss { plies } => (plies.min(MAX_PLIES) << 2) | LOSS,
    }
}

fn decode(label: u32) -> Evaluation {
    match label & 3 {
        WIN => Evaluation::Win { plies: label >> 2 },
        LOSS => Evaluation::Loss { plies: label >> 2 },
        _ => Evaluation::Draw,
    }
}

/// Position numbers: by the game's dense index when it has one, else by hashing.
enum Numbering<P> {
    Hashed(HashMap<P, u32, BuildPositionHasher>),
    /// The number of each dense index, `u32::MAX` while unseen.
    Dense(Vec<u32>),
}

impl<P: Copy + Eq + std::hash::Hash> Numbering<P> {
    fn new<G: Game<Position = P>>(game: &G) -> Numbering<P> {
        match game.index_space() {
            Some(size) => Numbering::Dense(vec![u32::MAX; size]),
            None => Numbering::Hashed(HashMap::default()),
        }
    }

    fn get<G: Game<Position = P>>(&self, game: &G, position: &P) -> Option<u32> {
        match self {
            Numbering::Hashed(map) => map.get(position).copied(),
            Numbering::Dense(numbers) => {
                numbers.get(game.index(position)).copied().filter(|&n| n != u32::MAX)
            }
        }
    }

    /// The number of `position`, giving it `next` if it has none; `None` if the game's
    /// index is out of range.
    fn get_or_insert<G: Game<Position = P>>(&mut self, game: &G, position: P, next: u32) -> Option<u32> {
        match self {
            Numbering::Hashed(map) => Some(*map.entry(position).or_insert(next)),
            Numbering::Dense(numbers) => {
                let slot = numbers.get_mut(game.index(&position))?;
                if *slot == u32::MAX {
                    *slot = next;
                }
                Some(*slot)
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Enumerate,
    Label,
    Finished,
}

/// A retrograde solver in progress. Create it with [`Retrograde::new`], then call
/// [`Search::step`] until it returns the [`Solution`] (or use [`solve`]).
///
/// Once it has returned an outcome the solver is spent: a further `step` answers
/// `Unknown(Cancelled)`.
pub struct Retrograde<G: Game> {
    game: Option<G>,
    stage: Stage,
    budget: u64,
    index: Numbering<G::Position>,
    positions: Vec<G::Position>,
    labels: Vec<u32>,
    /// Enumerate: the moves of position i lead to `children[first_child[i]..first_child[i + 1]]`.
    first_child: Vec<u32>,
    children: Vec<u32>,
    moves: Vec<G::Move>,
    /// Label: moves of position i not yet known to lead to a won position.
    open_moves: Vec<u32>,
    /// Label: the positions with a move to position i are `parents[first_parent[i]..first_parent[i + 1]]`.
    first_parent: Vec<u32>,
    parents: Vec<u32>,
    queue: Vec<u32>,
    queue_head: usize,
}

impl<G: Game> Retrograde<G> {
    /// A solver for every position reachable from `roots` (duplicates are ignored).
    pub fn new(game: G, roots: impl IntoIterator<Item = G::Position>) -> Retrograde<G> {
        let mut solver = Retrograde {
            index: Numbering::new(&game),
            game: Some(game),
            stage: Stage::Enumerate,
            budget: u64::from(u32::MAX - 1),
            positions: Vec::new(),
            labels: Vec::new(),
            first_child: vec![0],
            children: Vec::new(),
            moves: Vec::new(),
            open_moves: Vec::new(),
            first_parent: Vec::new(),
            parents: Vec::new(),
            queue: Vec::new(),
            queue_head: 0,
        };
        if let Some(game) = solver.game.take() {
            for root in roots {
                solver.intern(&game, root);
            }
            solver.game = Some(game);
        }
        solver
    }

    /// Gives up with `Unknown(StateBudget)` once more than `positions` positions are found.
    pub fn with_budget(mut self, positions: u64) -> Retrograde<G> {
        self.budget = positions.min(u64::from(u32::MAX - 1));
        self
    }

    /// The number of `position`, numbering it if it is new (`u32::MAX` for a position
    /// outside the game's dense index, which is then left out).
    fn intern(&mut self, game: &G, position: G::Position) -> u32 {
        let next = self.positions.len() as u32;
        match self.index.get_or_insert(game, position, next) {
            Some(number) if number == next => {
                self.positions.push(position);
                self.labels.push(UNDECIDED);
                number
            }
            Some(number) => number,
            None => u32::MAX,
        }
    }

    /// Expands up to `work` positions; returns how many it expanded.
    fn enumerate(&mut self, game: &G, work: u64) -> Result<u64, UnknownReason> {
        let mut done = 0;
        let mut moves = std::mem::take(&mut self.moves);
        while done < work {
            let expanded = self.first_child.len() - 1;
            let Some(&position) = self.positions.get(expanded) else {
                self.start_labelling();
                break;
            };
            done += 1;
            if let Some(value) = game.terminal(&position) {
                self.labels[expanded] = encode(Evaluation::terminal(value));
            } else {
                moves.clear();
                game.legal_moves(&position, &mut moves);
                if moves.is_empty() {
                    self.labels[expanded] = encode(Evaluation::terminal(Value::Loss));
                }
                for &mv in &moves {
                    let child = self.intern(game, game.play(&position, mv));
                    if child != u32::MAX {
                        self.children.push(child);
                    }
                }
            }
            self.first_child.push(self.children.len() as u32);
            if self.positions.len() as u64 > self.budget {
                self.moves = moves;
                return Err(UnknownReason::StateBudget { states: self.positions.len() as u64 });
            }
        }
        self.moves = moves;
        Ok(done)
    }

    /// Turns the move graph around and queues the finished games.
    fn start_labelling(&mut self) {
        let count = self.positions.len();
        self.open_moves = self.first_child.windows(2).map(|w| w[1] - w[0]).collect();
        let mut first_parent = vec![0u32; count + 1];
        for &child in &self.children {
            first_parent[child as usize + 1] += 1;
        }
        for i in 0..count {
            first_parent[i + 1] += first_parent[i];
        }
        let mut fill = first_parent.clone();
        let mut parents = vec![0u32; self.children.len()];
        for (parent, window) in self.first_child.windows(2).enumerate() {
            for &child in &self.children[window[0] as usize..window[1] as usize] {
                parents[fill[child as usize] as usize] = parent as u32;
                fill[child as usize] += 1;
            }
        }
        self.first_parent = first_parent;
        self.parents = parents;
        self.children = Vec::new();
        self.first_child = Vec::new();
        self.queue =
            (0..count as u32).filter(|&i| matches!(self.labels[i as usize] & 3, WIN | LOSS)).collect();
        self.queue_head = 0;
        self.stage = Stage::Label;
    }

    /// Takes up to `work` labelled positions from the queue; returns how many it took.
    fn label(&mut self, work: u64) -> u64 {
        let mut done = 0;
        while done < work {
            let Some(&child) = self.queue.get(self.queue_head) else {
                self.stage = Stage::Finished;
                break;
            };
            self.queue_head += 1;
            done += 1;
            let evaluation = decode(self.labels[child as usize]);
            let (start, end) =
                (self.first_parent[child as usize] as usize, self.first_parent[child as usize + 1] as usize);
            for &parent in &self.parents[start..end] {
                let parent = parent as usize;
                if self.labels[parent] != UNDECIDED {
                    continue;
                }
                match evaluation {
                    // The queue runs in order of distance: the first lost child found is
                    // the fastest win, the last won child the slowest loss.
                    Evaluation::Loss { .. } => {
                        self.labels[parent] = encode(evaluation.for_mover());
                        self.queue.push(parent as u32);
                    }
                    Evaluation::Win { .. } => {
                        self.open_moves[parent] -= 1;
                        if self.open_moves[parent] == 0 {
                            self.labels[parent] = encode(evaluation.for_mover());
                            self.queue.push(parent as u32);
                        }
                    }
                    Evaluation::Draw => {}
                }
            }
        }
        done
    }

    fn finish(&mut self) -> Option<Solution<G>> {
        let game = self.game.take()?;
        Some(Solution {
            game,
            index: std::mem::replace(&mut self.index, Numbering::Hashed(HashMap::default())),
            positions: std::mem::take(&mut self.positions),
            labels: std::mem::take(&mut self.labels),
        })
    }
}

impl<G: Game> Search for Retrograde<G> {
    type Solution = Solution<G>;

    fn step(&mut self, work: u64) -> Option<Outcome<Solution<G>>> {
        let Some(game) = self.game.take() else {
            return Some(Outcome::Unknown(UnknownReason::Cancelled));
        };
        let mut left = work.max(1);
        loop {
            match self.stage {
                Stage::Enumerate => match self.enumerate(&game, left) {
                    Ok(done) => left -= done,
                    Err(reason) => {
                        self.stage = Stage::Finished;
                        return Some(Outcome::Unknown(reason));
                    }
                },
                Stage::Label => left -= self.label(left),
                Stage::Finished => break,
            }
            if left == 0 {
                break;
            }
        }
        self.game = Some(game);
        if self.stage == Stage::Finished {
            return self.finish().map(Outcome::Solved);
        }
        None
    }

    /// Positions found while enumerating, plus positions labelled since.
    fn progress(&self) -> Progress {
        Progress { states: self.positions.len() as u64 + self.queue_head as u64 }
    }
}

/// Solves every position reachable from `roots` in one go (native callers and tests). It
/// fails only past four billion positions.
pub fn solve<G: Game>(
    game: G,
    roots: impl IntoIterator<Item = G::Position>,
) -> Result<Solution<G>, UnknownReason> {
    match super::run_to_end(&mut Retrograde::new(game, roots), 1 << 20) {
        Outcome::Solved(solution) => Ok(solution),
        Outcome::Unsolvable => Err(UnknownReason::Cancelled),
        Outcome::Unknown(reason) => Err(reason),
    }
}

/// How many positions of a solution are wins, draws and losses for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Counts {
    pub fn total(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// Every position reachable from the roots, solved.
pub struct Solution<G: Game> {
    game: G,
    index: Numbering<G::Position>,
    positions: Vec<G::Position>,
    labels: Vec<u32>,
}

impl<G: Game> std::fmt::Debug for Solution<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solution")
            .field("positions", &self.positions.len())
            .field("counts", &self.counts())
            .finish()
    }
}

/// Two solutions are equal when they hold the same positions with the same labels.
impl<G: Game> PartialEq for Solution<G> {
    fn eq(&self, other: &Solution<G>) -> bool {
        self.labels == other.labels && self.positions == other.positions
    }
}

impl<G: Game> Solution<G> {
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The number of positions solved (every reachable position, finished games included).
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The evaluation for the side to move, or `None` for a position the roots cannot reach.
    pub fn evaluate(&self, position: &G::Position) -> Option<Evaluation> {
        let number = self.index.get(&self.game, position)?;
        self.labels.get(number as usize).map(|&label| decode(label))
    }

    /// Every legal move of `position` with its evaluation for the player making it, in the
    /// game's move order; empty when the game is over, `None` for an unknown position.
    pub fn evaluate_moves(&self, position: &G::Position) -> Option<Vec<(G::Move, Evaluation)>> {
        self.index.get(&self.game, position)?;
        if self.game.terminal(position).is_some() {
            return Some(Vec::new());
        }
        let mut moves = Vec::new();
        self.game.legal_moves(position, &mut moves);
        moves
            .into_iter()
            .map(|mv| self.evaluate(&self.game.play(position, mv)).map(|e| (mv, e.for_mover())))
            .collect()
    }

    /// One of the best moves (fastest win, else a draw, else slowest loss), picked at random
    /// among equals; `None` when the game is over or the position is unknown.
    pub fn choose_move(&self, position: &G::Position, random: &mut SplitMix64) -> Option<G::Move> {
        choose_best(&self.evaluate_moves(position)?, random)
    }

    /// A perfect game from `position` to its end (the first best move each time), or as far
    /// as a draw goes within `limit` plies.
    pub fn principal_line(&self, position: &G::Position, limit: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut at = *position;
        while line.len() < limit {
            let Some(evaluated) = self.evaluate_moves(&at) else { break };
            let Some(&mv) = super::twoplayer::best_moves(&evaluated).first() else { break };
            line.push(mv);
            at = self.game.play(&at, mv);
        }
        line
    }

    /// Every solved position with its evaluation, in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = (G::Position, Evaluation)> + '_ {
        self.positions.iter().zip(&self.labels).map(|(&position, &label)| (position, decode(label)))
    }

    /// Wins, draws and losses for the side to move over all solved positions.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &label in &self.labels {
            match label & 3 {
                WIN => counts.wins += 1,
                LOSS => counts.losses += 1,
                _ => counts.draws += 1,
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 from a pile; whoever cannot move loses. Positions with
    /// a multiple of 3 are lost. A "loop" variant adds a move from 4 back to 5 to make cycles.
    #[derive(Clone, Copy)]
    struct Take {
        cycle: bool,
    }

    impl Game for Take {
        type Position = u32;
        type Move = u32;
        fn legal_moves(&self, position: &u32, moves: &mut Vec<u32>) {
            moves.extend((1..=2).filter(|&take| take <= *position));
            if self.cycle && *position == 4 {
                moves.push(0);
            }
        }
        fn play(&self, position: &u32, mv: u32) -> u32 {
            if mv == 0 {
                position + 1
            } else {
                position - mv
            }
        }
        fn terminal(&self, _: &u32) -> Option<Value> {
            None
        }
    }

    fn solved(game: Take, root: u32) -> Solution<Take> {
        solve(game, [root]).unwrap()
    }

    #[test]
    fn subtraction_game_multiples_of_three_lose() {
        let solution = solved(Take { cycle: false }, 20);
        assert_eq!(solution.len(), 21);
        for n in 0..=20 {
            let expected = if n % 3 == 0 {
                Evaluation::Loss { plies: 2 * (n / 3) }
            } else {
                Evaluation::Win { plies: 2 * (n / 3) + 1 }
            };
            assert_eq!(solution.evaluate(&n), Some(expected), "pile {n}");
        }
        assert_eq!(solution.principal_line(&20, 100).len(), 13);
        assert_eq!(solution.evaluate(&21), None);
        let counts = solution.counts();
        assert_eq!((counts.wins, counts.losses, counts.draws), (14, 7, 0));
    }

    /// A game given by its graph: position i moves to each of `GRAPH[i]`; position 9 is a
    /// finished game lost by the side to move.
    const GRAPH: [&[u8]; 10] = [&[1, 9], &[2], &[3], &[0], &[5], &[6], &[4], &[4, 0], &[], &[]];

    #[derive(Clone, Copy)]
    struct Graph;

    impl Game for Graph {
        type Position = u8;
        type Move = u8;
        fn legal_moves(&self, position: &u8, moves: &mut Vec<u8>) {
            moves.extend_from_slice(GRAPH.get(*position as usize).copied().unwrap_or(&[]));
        }
        fn play(&self, _: &u8, mv: u8) -> u8 {
            mv
        }
        fn terminal(&self, position: &u8) -> Option<Value> {
            (*position == 9).then_some(Value::Loss)
        }
    }

    #[test]
    fn cycles_are_draws_unless_someone_can_leave_them_for_a_win() {
        let solution = solve(Graph, [7, 8]).unwrap();
        // 0 -> 9 wins at once; 3 must go to 0; 2 must go to 3; 1 must go to 2.
        assert_eq!(solution.evaluate(&0), Some(Evaluation::Win { plies: 1 }));
        assert_eq!(solution.evaluate(&3), Some(Evaluation::Loss { plies: 2 }));
        assert_eq!(solution.evaluate(&2), Some(Evaluation::Win { plies: 3 }));
        assert_eq!(solution.evaluate(&1), Some(Evaluation::Loss { plies: 4 }));
        // 4 -> 5 -> 6 -> 4 never ends; from 7 the mover prefers that draw to losing at 0.
        for n in [4, 5, 6, 7] {
            assert_eq!(solution.evaluate(&n), Some(Evaluation::Draw), "position {n}");
        }
        // 8 has no moves and no terminal value: lost.
        assert_eq!(solution.evaluate(&8), Some(Evaluation::Loss { plies: 0 }));
        assert_eq!(solution.len(), 10);
        assert_eq!(
            solution.evaluate_moves(&7),
            Some(vec![(4, Evaluation::Draw), (0, Evaluation::Loss { plies: 2 })])
        );
    }

    #[test]
    fn slices_and_budgets() {
        let mut solver = Retrograde::new(Take { cycle: false }, [50]);
        let mut steps = 0;
        let solution = loop {
            steps += 1;
            if let Some(outcome) = solver.step(3) {
                break outcome;
            }
        };
        assert!(steps > 10);
        assert!(matches!(solution, Outcome::Solved(ref s) if s.len() == 51));
        assert_eq!(solver.step(10), Some(Outcome::Unknown(UnknownReason::Cancelled)));
        let mut small = Retrograde::new(Take { cycle: false }, [50]).with_budget(10);
        assert!(matches!(
            crate::search::run_to_end(&mut small, 4),
            Outcome::Unknown(UnknownReason::StateBudget { states: 11 })
        ));
    }
}
