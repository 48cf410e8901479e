//! Best-first probes for the Klondike solver: the same moves, reductions, keys and dead-end
//! check as the depth-first search, but the open positions wait in a priority queue ordered
//! by a score of how far along the game is (face-down cards left, cards home, talon size,
//! columns clear of face-down cards). A depth-first probe commits to its first moves; this
//! one can always come back to the most promising position anywhere in the tree, which finds
//! wins that need a sacrifice early on. Like every probe it only ever answers "won" (with a
//! line the solver expands and the tests replay): running out of budget or of open positions
//! proves nothing.

use std::collections::BinaryHeap;

use super::dead_end::dead_end_charged;
use super::depth_first::finishes_alone;
use super::generate::{generate, Order, Scored};
use super::key::{key_parts, Key, KeyParts};
use super::step::{apply_step, only_sends_home, Part, Step};
use super::table::Seen;
use super::{Spent, WORK_PER_STATE};
use crate::cards::Suit;
use crate::games::klondike::rules::{Position, COLUMNS};

/// How a best-first probe scores a position (higher is more promising): per face-down card,
/// per square of a column's face-down count (columns nearly cleared first), per card home,
/// per card left in the talon, per column clear of face-down cards, and per move of the line
/// that reached it (preferring shorter lines, as in weighted A*: without it the probe sinks
/// into long shuffles of the talon and wins less). `noise` adds a pseudo-random 0..noise
/// drawn from the position's key and `seed`, so that probes with other seeds break near-ties
/// differently and win other deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Weights {
    pub face_down: i32,
    pub face_down_square: i32,
    pub home: i32,
    pub talon: i32,
    pub clear: i32,
    pub depth: i32,
    pub noise: i32,
    pub seed: u64,
}

impl Weights {
    /// The weights of the solver's probes: 10 per face-down card, 1 per square of a column's
    /// face-down count, 2 per card home, 1 per talon card, 3 per clear column, `depth` per
    /// move, and the given noise.
    pub(super) const fn progress(depth: i32, noise: i32, seed: u64) -> Weights {
        Weights { face_down: 10, face_down_square: 1, home: 2, talon: 1, clear: 3, depth, noise, seed }
    }

    fn score(&self, position: &Position, depth: u32) -> i32 {
        let mut face_down = 0;
        let mut square = 0;
        let mut clear = 0;
        for column in 0..COLUMNS {
            let down = position.face_down(column) as i32;
            face_down += down;
            square += down * down;
            clear += (down == 0) as i32;
        }
        let home: i32 = Suit::ALL.iter().map(|&suit| position.foundation(suit) as i32).sum();
        let talon = position.talon().0.len() as i32;
        -self.face_down * face_down - self.face_down_square * square + self.home * home - self.talon * talon
            + self.clear * clear
            - self.depth * depth as i32
    }
}

/// A position reached by the probe: how it was reached (the parent's index and the step).
struct Node {
    position: Position,
    parent: u32,
    via: Option<Step>,
    depth: u32,
}

/// What a slice of the probe came to.
pub(super) enum Probe {
    /// Still searching.
    Running,
    /// A winning line: the steps from the start.
    Won(Vec<Step>),
    /// Out of budget or of open positions, having spent this.
    Over(Spent),
}

/// A best-first probe from one start position.
pub(super) struct BestFirst {
    nodes: Vec<Node>,
    /// Open positions by (score, insertion number, node index): best score first, then the
    /// newest, so that ties go deep as in a depth-first search.
    open: BinaryHeap<(i32, u32, u32)>,
    seen: Seen,
    budget: u64,
    /// Work so far and the most allowed (see [`WORK_PER_STATE`]).
    work: u64,
    work_budget: u64,
    weights: Weights,
    talon_index: [u8; 52],
    pass_limit: bool,
    /// The children of the node being expanded, still to evaluate.
    pending: Vec<Step>,
    expanding: u32,
    scored: Vec<Scored>,
    uses: Vec<Part>,
    inserted: u32,
}

impl BestFirst {
    /// A probe from `start` (not won, not a dead end) that stops after `budget` distinct states
    /// or [`WORK_PER_STATE`] times as much work.
    pub(super) fn new(start: &Position, talon_index: [u8; 52], budget: u64, weights: Weights) -> BestFirst {
        let pass_limit = start.rules().pass_limit.is_some();
        let mut probe = BestFirst {
            nodes: vec![Node { position: *start, parent: u32::MAX, via: None, depth: 0 }],
            open: BinaryHeap::new(),
            seen: Seen::new(),
            budget,
            work: 0,
            work_budget: budget * WORK_PER_STATE,
            weights,
            talon_index,
            pass_limit,
            pending: Vec::new(),
            expanding: 0,
            scored: Vec::new(),
            uses: Vec::new(),
            inserted: 0,
        };
        let parts = probe.key_parts(start);
        probe.seen.insert(parts.hash(), parts.pack());
        probe.pending_of(0);
        probe
    }

    /// Distinct states so far.
    pub(super) fn states(&self) -> u64 {
        self.seen.len() as u64
    }

    /// What the probe has spent so far.
    pub(super) fn spent(&self) -> Spent {
        Spent { states: self.states(), work: self.work }
    }

    fn key_parts(&self, position: &Position) -> KeyParts {
        key_parts(position, &self.talon_index, self.pass_limit)
    }

    /// Makes node `index` the one being expanded.
    fn pending_of(&mut self, index: u32) {
        self.expanding = index;
        self.pending.clear();
        let position = self.nodes[index as usize].position;
        self.work += generate(&position, Order::Plain, &mut self.pending, &mut self.scored, &mut self.uses);
        // Taken from the back; keep the generation order (best first) among equal scores.
        self.pending.reverse();
    }

    /// The steps from the start to node `index`.
    fn line(&self, mut index: u32) -> Vec<Step> {
        let mut steps = Vec::new();
        while let Some(step) = self.nodes[index as usize].via {
            steps.push(step);
            index = self.nodes[index as usize].parent;
        }
        steps.reverse();
        steps
    }

    /// Tries up to `work` children (at least one).
    pub(super) fn step(&mut self, work: u64) -> Probe {
        if self.nodes.len() == 1 && finishes_alone(&self.nodes[0].position) {
            return Probe::Won(Vec::new());
        }
        for _ in 0..work.max(1) {
            let Some(step) = self.pending.pop() else {
                let Some((_, _, index)) = self.open.pop() else {
                    return Probe::Over(self.spent());
                };
                self.pending_of(index);
                continue;
            };
            let parent = &self.nodes[self.expanding as usize];
            let depth = parent.depth + 1;
            let mut position = parent.position;
            apply_step(&mut position, step);
            self.work += 1;
            if position.is_won() || finishes_alone(&position) {
                let mut line = self.line(self.expanding);
                line.push(step);
                return Probe::Won(line);
            }
            let parts = self.key_parts(&position);
            let key = parts.pack();
            if !self.seen.insert(parts.hash(), key) {
                continue;
            }
            if self.states() >= self.budget || self.work >= self.work_budget {
                return Probe::Over(self.spent());
            }
            if !only_sends_home(step) && dead_end_charged(&position, &mut self.work) {
                continue;
            }
            let mut score = self.weights.score(&position, depth);
            if self.weights.noise > 0 {
                score += noise(&key, self.weights.seed, self.weights.noise);
            }
            let index = self.nodes.len() as u32;
            self.nodes.push(Node { position, parent: self.expanding, via: Some(step), depth });
            self.inserted += 1;
            self.work += 1;
            self.open.push((score, self.inserted, index));
        }
        Probe::Running
    }
}

/// A pseudo-random amount in `0..amplitude` drawn from a key and a seed.
fn noise(key: &Key, seed: u64, amplitude: i32) -> i32 {
    let mut z =
        key[0] ^ key[1].rotate_left(17) ^ key[2].rotate_left(41) ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ z >> 31) % amplitude as u64) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::{is_dead_end, Draw, Move, Rules};

    const WEIGHTS: Weights = Weights::progress(2, 0, 0);

    fn run(start: &Position, budget: u64, weights: Weights) -> Probe {
        let mut index = [0u8; 52];
        for (i, card) in start.talon().0.iter().enumerate() {
            index[card.index() as usize] = i as u8;
        }
        let mut probe = BestFirst::new(start, index, budget, weights);
        loop {
            match probe.step(1000) {
                Probe::Running => {}
                done => return done,
            }
        }
    }

    /// The steps of a won probe, expanded by the solver into moves, replay to a win.
    #[test]
    fn won_lines_replay() {
        let mut won = 0;
        for seed in 1..30 {
            for draw in [Draw::One, Draw::Three] {
                let start = Position::new(&seeded_deck(seed), Rules::new(draw));
                if is_dead_end(&start) {
                    continue;
                }
                let Probe::Won(steps) = run(&start, 20_000, WEIGHTS) else { continue };
                let moves = crate::games::klondike::solver::step::solution(&start, steps);
                let mut position = start;
                for mv in moves {
                    position = position.play(mv).unwrap_or_else(|e| panic!("deal {seed}: {e:?}"));
                }
                assert!(position.is_won(), "deal {seed}");
                won += 1;
            }
        }
        assert!(won >= 30, "only {won} of 58 won");
    }

    /// The probe stops at its budget and counts its states.
    #[test]
    fn stops_at_the_budget() {
        // Deal 18 in draw 1 is not won within small budgets.
        let start = Position::new(&seeded_deck(18), Rules::new(Draw::One));
        match run(&start, 500, WEIGHTS) {
            Probe::Over(spent) => {
                assert!(spent.states <= 500 && (spent.states == 500 || spent.work >= 500 * WORK_PER_STATE))
            }
            Probe::Won(_) => panic!("deal 18 won in 500 states"),
            Probe::Running => unreachable!(),
        }
    }

    /// Fewer face-down cards, more cards home, a smaller talon and a shorter line score higher.
    #[test]
    fn scores_prefer_progress() {
        let weights = Weights::progress(1, 0, 0);
        let start = Position::new(&seeded_deck(1), Rules::new(Draw::One));
        assert!(weights.score(&start, 0) > weights.score(&start, 3));
        // Drawing changes nothing the score sees.
        let drawn = start.play(Move::Draw).unwrap();
        assert_eq!(weights.score(&start, 0), weights.score(&drawn, 0));
        // A card from the talon to a column shrinks the talon.
        let mut position = start;
        for _ in 0..24 {
            if let Ok(played) = position.play(Move::WasteToTableau { to: 0 }) {
                position = played;
                break;
            }
            position = position.play(Move::Draw).unwrap();
        }
        if position.talon().0.len() < 24 {
            assert_eq!(weights.score(&position, 0), weights.score(&start, 0) + 1);
        }
    }
}
