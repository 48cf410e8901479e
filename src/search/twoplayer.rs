//! The small contract two-player perfect-play solvers work over, and the values they return.
//!
//! A [`Game`] says which moves a position allows, what a move leads to and when the game is
//! over. Both [`negamax`](super::negamax) and [`retrograde`](super::retrograde) analysis
//! answer with an [`Evaluation`] for the side to move: win or loss with the number of plies
//! (single moves) to the end under perfect play, or draw.
//!
//! Perfect play here means the winner takes the fastest win and the loser the slowest loss.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::deal::SplitMix64;

/// A two-player game with alternating moves and perfect information.
///
/// Contract, shared by every solver here: a position with a [`terminal`](Game::terminal)
/// value is over (its moves are never asked for); a position that is not terminal and has
/// no legal move is lost by the side to move.
pub trait Game {
    /// A whole position, side to move included. Small and cheap to hash.
    type Position: Copy + Eq + Hash;
    /// A move, as [`legal_moves`](Game::legal_moves) lists it.
    type Move: Copy;

    /// Appends every legal move of `position` to `moves` (which the caller has cleared).
    fn legal_moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// The position after `mv`, which came from [`legal_moves`](Game::legal_moves).
    fn play(&self, position: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The result for the side to move if the game is over, or `None` while it goes on.
    fn terminal(&self, position: &Self::Position) -> Option<Value>;

    /// An optional dense numbering of positions: `Some(n)` promises that
    /// [`index`](Game::index) maps distinct positions to distinct numbers below `n`, so
    /// solvers can keep arrays instead of hash tables. `None` (the default) means hashing.
    fn index_space(&self) -> Option<usize> {
        None
    }

    /// The position's number below [`index_space`](Game::index_space) (only asked when that
    /// is `Some`; a number out of range is treated as an unknown position).
    fn index(&self, _position: &Self::Position) -> usize {
        0
    }
}

/// A result for the side to move, without distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win,
    Draw,
    Loss,
}

/// A solved position for the side to move: who wins and in how many plies (single moves,
/// counting both sides') with perfect play, the winner hurrying and the loser holding out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Evaluation {
    Win { plies: u32 },
    Draw,
    Loss { plies: u32 },
}

impl Evaluation {
    /// The value without its distance.
    pub fn value(self) -> Value {
        match self {
            Evaluation::Win { .. } => Value::Win,
            Evaluation::Draw => Value::Draw,
            Evaluation::Loss { .. } => Value::Loss,
        }
    }

    /// Plies to the end, or `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            Evaluation::Win { plies } | Evaluation::Loss { plies } => Some(plies),
            Evaluation::Draw => None,
        }
    }

    /// The evaluation, for the player who just moved, of a move leading to a position that
    /// the opponent (now to move) holds with this evaluation: one ply further, sides swapped.
    pub fn for_mover(self) -> Evaluation {
        match self {
            Evaluation::Win { plies } => Evaluation::Loss { plies: plies.saturating_add(1) },
            Evaluation::Draw => Evaluation::Draw,
            Evaluation::Loss { plies } => Evaluation::Win { plies: plies.saturating_add(1) },
        }
    }

    /// The evaluation of a game that is over.
    pub fn terminal(value: Value) -> Evaluation {
        match value {
            Value::Win => Evaluation::Win { plies: 0 },
            Value::Draw => Evaluation::Draw,
            Value::Loss => Evaluation::Loss { plies: 0 },
        }
    }

    /// A number that orders evaluations from the mover's point of view: faster wins
    /// first, then draws, then slower losses.
    fn rank(self) -> i64 {
        match self {
            Evaluation::Win { plies } => (1 << 40) - i64::from(plies),
            Evaluation::Draw => 0,
            Evaluation::Loss { plies } => i64::from(plies) - (1 << 40),
        }
    }
}

impl PartialOrd for Evaluation {
    fn partial_cmp(&self, other: &Evaluation) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Better is greater: a win beats a draw beats a loss, a faster win beats a slower one and a
/// slower loss beats a faster one.
impl Ord for Evaluation {
    fn cmp(&self, other: &Evaluation) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = |plies: u32| if plies == 1 { "ply" } else { "plies" };
        match *self {
            Evaluation::Win { plies } => write!(f, "win in {plies} {}", unit(plies)),
            Evaluation::Draw => write!(f, "draw"),
            Evaluation::Loss { plies } => write!(f, "loss in {plies} {}", unit(plies)),
        }
    }
}

/// The moves with the best evaluation (for the player making them), in the given order.
pub fn best_moves<M: Copy>(evaluated: &[(M, Evaluation)]) -> Vec<M> {
    let Some(best) = evaluated.iter().map(|(_, evaluation)| *evaluation).max() else {
        return Vec::new();
    };
    evaluated.iter().filter(|(_, evaluation)| *evaluation == best).map(|(mv, _)| *mv).collect()
}

/// One of the best moves, picked uniformly with `random`; `None` when there is no move.
pub fn choose_best<M: Copy>(evaluated: &[(M, Evaluation)], random: &mut SplitMix64) -> Option<M> {
    let best = best_moves(evaluated);
    match best.len() {
        0 => None,
        1 => Some(best[0]),
        n => best.get(random.below(n as u64) as usize).copied(),
    }
}

/// A fast, deterministic hasher for packed positions (an FxHash-style multiply, finished
/// with a mix so the low bits hash tables use are spread well).
#[derive(Clone, Copy, Debug, Default)]
pub struct PositionHasher(u64);

const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_u16(&mut self, value: u16) {
        self.write_u64(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(MULTIPLIER);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 32;
        x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        x ^ (x >> 32)
    }
}

/// Builds [`PositionHasher`]s for `HashMap`s keyed by positions.
pub type BuildPositionHasher = BuildHasherDefault<PositionHasher>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_order_by_what_a_player_prefers() {
        let ordered = [
            Evaluation::Loss { plies: 1 },
            Evaluation::Loss { plies: 5 },
            Evaluation::Draw,
            Evaluation::Win { plies: 7 },
            Evaluation::Win { plies: 2 },
        ];
        for pair in ordered.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        assert_eq!(Evaluation::Win { plies: 3 }.for_mover(), Evaluation::Loss { plies: 4 });
        assert_eq!(Evaluation::Loss { plies: 0 }.for_mover(), Evaluation::Win { plies: 1 });
        assert_eq!(Evaluation::Draw.for_mover(), Evaluation::Draw);
        assert_eq!(Evaluation::Win { plies: 1 }.to_string(), "win in 1 ply");
        assert_eq!(Evaluation::Loss { plies: 4 }.to_string(), "loss in 4 plies");
    }

    #[test]
    fn choose_best_picks_only_among_equals_and_varies() {
        let evaluated = [
            ('a', Evaluation::Win { plies: 3 }),
            ('b', Evaluation::Win { plies: 1 }),
            ('c', Evaluation::Draw),
            ('d', Evaluation::Win { plies: 1 }),
        ];
        assert_eq!(best_moves(&evaluated), vec!['b', 'd']);
        let mut random = SplitMix64::new(7);
        let picks: Vec<char> = (0..64).filter_map(|_| choose_best(&evaluated, &mut random)).collect();
        assert!(picks.iter().all(|&c| c == 'b' || c == 'd'));
        assert!(picks.contains(&'b') && picks.contains(&'d'));
        assert_eq!(choose_best::<char>(&[], &mut random), None);
    }
}
