//! Negamax with alpha-beta pruning and a transposition table, searched to the end of the
//! game (no depth limit, no heuristic): every answer is exact.
//!
//! Scores count distance, so the winner takes the fastest win and the loser the slowest
//! loss. The transposition table stores each position's score relative to that position
//! (win in k plies from it), with whether the score is exact or a bound, so it stays valid
//! whichever path reached the position.
//!
//! The search recurses once per ply, so it suits games whose lines end (Tic-Tac-Toe, Fox
//! and Hounds). For games with repetitions use [`retrograde`](super::retrograde) analysis.

use std::collections::HashMap;

use super::twoplayer::{choose_best, BuildPositionHasher, Evaluation, Game, Value};
use crate::deal::SplitMix64;

/// A win now scores `MATE`; a win in k plies scores `MATE - k`. Losses are negative.
const MATE: i32 = 1 << 24;
const INFINITY: i32 = MATE + 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The score is at least this.
    Lower,
    /// The score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    score: i32,
    bound: Bound,
}

fn score_of(value: Value) -> i32 {
    match value {
        Value::Win => MATE,
        Value::Draw => 0,
        Value::Loss => -MATE,
    }
}

fn evaluation_of(score: i32) -> Evaluation {
    match score {
        0 => Evaluation::Draw,
        s if s > 0 => Evaluation::Win { plies: (MATE - s) as u32 },
        s => Evaluation::Loss { plies: (MATE + s) as u32 },
    }
}

/// The score, for the mover, of a move into a position the opponent holds with `score`.
fn for_mover(score: i32) -> i32 {
    -(score - score.signum())
}

/// The opponent's score that a mover's score `bound` corresponds to (the inverse of
/// [`for_mover`]); it turns the mover's window into the opponent's.
fn for_opponent(bound: i32) -> i32 {
    -bound - bound.signum()
}

/// An exact two-player search with a transposition table that persists between calls, so
/// evaluating the moves of one position after another reuses earlier work.
pub struct Negamax<G: Game> {
    game: G,
    table: HashMap<G::Position, Entry, BuildPositionHasher>,
    buffers: Vec<Vec<G::Move>>,
    nodes: u64,
}

impl<G: Game> Negamax<G> {
    pub fn new(game: G) -> Negamax<G> {
        Negamax { game, table: HashMap::default(), buffers: Vec::new(), nodes: 0 }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// Positions searched so far (transposition-table hits included).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions stored in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact evaluation of `position` for the side to move.
    pub fn evaluate(&mut self, position: &G::Position) -> Evaluation {
        evaluation_of(self.search(position, -INFINITY, INFINITY, 0))
    }

    /// Every legal move with its exact evaluation for the player making it, in the game's
    /// move order (empty once the game is over).
    pub fn evaluate_moves(&mut self, position: &G::Position) -> Vec<(G::Move, Evaluation)> {
        if self.game.terminal(position).is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.game.legal_moves(position, &mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let child = self.game.play(position, mv);
                (mv, self.evaluate(&child).for_mover())
            })
            .collect()
    }

    /// One of the best moves, picked at random among equals; `None` once the game is over.
    pub fn choose_move(&mut self, position: &G::Position, random: &mut SplitMix64) -> Option<G::Move> {
        choose_best(&self.evaluate_moves(position), random)
    }

    /// Fail-soft alpha-beta: the result is exact inside (alpha, beta), an upper bound at or
    /// below alpha and a lower bound at or above beta.
    fn search(&mut self, position: &G::Position, mut alpha: i32, mut beta: i32, depth: usize) -> i32 {
        self.nodes += 1;
        if let Some(value) = self.game.terminal(position) {
            return score_of(value);
        }
        if let Some(entry) = self.table.get(position) {
            match entry.bound {
                Bound::Exact => return entry.score,
                Bound::Lower => alpha = alpha.max(entry.score),
                Bound::Upper => beta = beta.min(entry.score),
            }
            if alpha >= beta {
                return entry.score;
            }
        }
        let original_alpha = alpha;
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[depth]);
        moves.clear();
        self.game.legal_moves(position, &mut moves);
        let mut best = -INFINITY;
        if moves.is_empty() {
            best = score_of(Value::Loss);
        }
        for &mv in &moves {
            let child = self.game.play(position, mv);
            let score = for_mover(self.search(&child, for_opponent(beta), for_opponent(alpha), depth + 1));
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[depth] = moves;
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(*position, Entry { score: best, bound });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_conversions_are_inverse_and_count_plies() {
        for score in [MATE, MATE - 5, 0, -MATE, -MATE + 8] {
            assert_eq!(for_opponent(for_mover(score)), score, "{score}");
        }
        assert_eq!(evaluation_of(for_mover(-MATE)), Evaluation::Win { plies: 1 });
        assert_eq!(evaluation_of(for_mover(MATE - 3)), Evaluation::Loss { plies: 4 });
        for window in [-INFINITY, -MATE + 2, -1, 0, 1, MATE - 7, INFINITY] {
            for score in [MATE - 2, MATE - 9, 0, -MATE + 4, -MATE] {
                assert_eq!(for_mover(score) > window, score < for_opponent(window), "{score} {window}");
            }
        }
    }

    /// Take 1, 2 or 3 from a pile; taking the last one wins (the player left with 0 lost).
    struct Take;

    impl Game for Take {
        type Position = u32;
        type Move = u32;
        fn legal_moves(&self, position: &u32, moves: &mut Vec<u32>) {
            moves.extend((1..=3).filter(|&take| take <= *position));
        }
        fn play(&self, position: &u32, mv: u32) -> u32 {
            position - mv
        }
        fn terminal(&self, position: &u32) -> Option<Value> {
            (*position == 0).then_some(Value::Loss)
        }
    }

    #[test]
    fn subtraction_game_agrees_with_theory() {
        let mut search = Negamax::new(Take);
        for n in 0..40 {
            let expected = if n % 4 == 0 {
                Evaluation::Loss { plies: 2 * (n / 4) }
            } else {
                Evaluation::Win { plies: 2 * (n / 4) + 1 }
            };
            assert_eq!(search.evaluate(&n), expected, "pile {n}");
        }
        let moves = search.evaluate_moves(&6);
        assert_eq!(
            moves,
            vec![
                (1, Evaluation::Loss { plies: 4 }),
                (2, Evaluation::Win { plies: 3 }),
                (3, Evaluation::Loss { plies: 2 })
            ]
        );
        assert_eq!(search.choose_move(&6, &mut SplitMix64::new(1)), Some(2));
        assert_eq!(search.choose_move(&0, &mut SplitMix64::new(1)), None);
    }
}
