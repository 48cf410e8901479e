//! Fox and Hounds on the 32 dark squares of a draughts board (docs/RULES.md, "Fox and
//! Hounds"): four hounds start on a1 c1 e1 g1 and move one square diagonally forward; the
//! fox starts on rank 8 and moves one square diagonally either way; nobody captures or
//! jumps. The hounds win when the fox cannot move; the fox wins on reaching rank 1 (the
//! hounds' starting row) or when the hounds cannot move. The fox moves first.
//!
//! ```
//! use deckhand::games::foxhounds::{self, FoxAndHounds, Position};
//! use deckhand::search::twoplayer::Evaluation;
//!
//! let solution = foxhounds::solve(FoxAndHounds::default(), Position::start()).unwrap();
//! // The fox, to move at the start, loses in 44 plies against perfect hounds.
//! assert_eq!(solution.evaluate(&Position::start()), Some(Evaluation::Loss { plies: 44 }));
//! ```

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use thiserror::Error;

use crate::search::retrograde::{self, Solution};
use crate::search::twoplayer::{Game, Value};
use crate::search::UnknownReason;
use crate::share::{decode_position_code, encode_bytes, PositionCodeError};

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Fox,
    Hounds,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::Fox => Side::Hounds,
            Side::Hounds => Side::Fox,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Fox => "the fox",
            Side::Hounds => "the hounds",
        })
    }
}

/// A dark square, numbered 0..=31 rank by rank from a1 (a1 c1 e1 g1 b2 d2 … h8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub fn new(index: u8) -> Option<Square> {
        (index < 32).then_some(Square(index))
    }

    /// The dark square on `file` (0 = a) and `rank` (0 = rank 1), if it is dark.
    pub fn at(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8 && (file + rank) % 2 == 0).then_some(Square(rank * 4 + file / 2))
    }

    pub fn index(self) -> u8 {
        self.0
    }

    /// 0 for rank 1 (the hounds' starting row) up to 7 for rank 8.
    pub fn rank(self) -> u8 {
        self.0 / 4
    }

    /// 0 for file a up to 7 for file h.
    pub fn file(self) -> u8 {
        2 * (self.0 % 4) + self.rank() % 2
    }

    pub fn all() -> impl DoubleEndedIterator<Item = Square> {
        (0..32).map(Square)
    }

    fn bit(self) -> u32 {
        1 << self.0
    }
}

/// Algebraic: file letter then rank digit (`d8`).
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a text is not a dark square.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SquareError {
    #[error("`{text}` is not a square: write a file a-h then a rank 1-8, like d8")]
    Malformed { text: String },
    #[error("{text} is a light square; pieces stand on the dark squares (a1, c1, … h8)")]
    Light { text: String },
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Square, SquareError> {
        let trimmed = text.trim();
        match trimmed.as_bytes() {
            [file @ (b'a'..=b'h' | b'A'..=b'H'), rank @ b'1'..=b'8'] => {
                Square::at(file.to_ascii_lowercase() - b'a', rank - b'1')
                    .ok_or_else(|| SquareError::Light { text: trimmed.to_string() })
            }
            _ => Err(SquareError::Malformed { text: crate::limits::quote(text) }),
        }
    }
}

/// Diagonal neighbours one rank up (towards rank 8) and one rank down, as square masks.
const fn neighbours(up: bool) -> [u32; 32] {
    let mut table = [0u32; 32];
    let mut index: usize = 0;
    while index < 32 {
        let rank = index / 4;
        let file = 2 * (index % 4) + rank % 2;
        let target = if up { rank + 1 } else { rank.wrapping_sub(1) };
        if target < 8 {
            if file > 0 {
                table[index] |= 1 << (target * 4 + (file - 1) / 2);
            }
            if file < 7 {
                table[index] |= 1 << (target * 4 + file.div_ceil(2));
            }
        }
        index += 1;
    }
    table
}

const UP: [u32; 32] = neighbours(true);
const DOWN: [u32; 32] = neighbours(false);
/// Rank 1, where the hounds start and the fox is heading.
const HOUNDS_ROW: u32 = 0xF;

/// `BINOMIAL[n][k]` = n choose k, for numbering sets of four hounds.
const BINOMIAL: [[u32; 5]; 32] = {
    let mut table = [[0u32; 5]; 32];
    let mut n = 0;
    while n < 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 5 {
            table[n][k] = if n == 0 { 0 } else { table[n - 1][k - 1] + table[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    table
};

/// Sets of four hounds among 32 squares: 32 choose 4.
const HOUND_SETS: usize = 35_960;

/// The squares of a mask, from a1 upwards.
fn squares(mask: u32) -> Squares {
    Squares(mask)
}

struct Squares(u32);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(index))
    }
}

/// A move, from one square to a neighbouring one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Fox { from: Square, to: Square },
    Hound { from: Square, to: Square },
}

impl Move {
    pub fn from(self) -> Square {
        match self {
            Move::Fox { from, .. } | Move::Hound { from, .. } => from,
        }
    }

    pub fn to(self) -> Square {
        match self {
            Move::Fox { to, .. } | Move::Hound { to, .. } => to,
        }
    }

    pub fn side(self) -> Side {
        match self {
            Move::Fox { .. } => Side::Fox,
            Move::Hound { .. } => Side::Hounds,
        }
    }

    /// Notation: `d8-c7`.
    pub fn notation(self) -> String {
        format!("{}-{}", self.from(), self.to())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Fox { from, to } => write!(f, "Move the fox from {from} to {to}"),
            Move::Hound { from, to } => write!(f, "Move the hound from {from} to {to}"),
        }
    }
}

/// A position: the fox's square, the hounds' squares (a set: hounds are alike) and the
/// side to move. Valid by construction: four hounds, the fox on none of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    hounds: u32,
    fox: Square,
    fox_to_move: bool,
}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.packed());
    }
}

impl Position {
    /// The standard start: hounds on a1 c1 e1 g1, the fox on d8, the fox to move.
    pub fn start() -> Position {
        Position::start_with(Square(29), Side::Fox)
    }

    /// The hounds on a1 c1 e1 g1, the fox on `fox` (a square of rank 8 in the standard
    /// game), `first` to move.
    pub fn start_with(fox: Square, first: Side) -> Position {
        let hounds = if HOUNDS_ROW & fox.bit() == 0 { HOUNDS_ROW } else { 0xF0 };
        Position { hounds, fox, fox_to_move: first == Side::Fox }
    }

    pub fn fox(&self) -> Square {
        self.fox
    }

    /// The hounds' squares, from a1 upwards.
    pub fn hounds(&self) -> impl Iterator<Item = Square> {
        squares(self.hounds)
    }

    pub fn hound_mask(&self) -> u32 {
        self.hounds
    }

    pub fn to_move(&self) -> Side {
        if self.fox_to_move {
            Side::Fox
        } else {
            Side::Hounds
        }
    }

    /// The whole position in 38 bits: hounds (bits 0..32), fox (32..37), fox to move (37).
    pub fn packed(&self) -> u64 {
        u64::from(self.hounds) | u64::from(self.fox.0) << 32 | u64::from(self.fox_to_move) << 37
    }

    fn empty(&self) -> u32 {
        !(self.hounds | self.fox.bit())
    }

    fn fox_targets(&self) -> u32 {
        (UP[self.fox.0 as usize] | DOWN[self.fox.0 as usize]) & self.empty()
    }

    fn hounds_can_move(&self) -> bool {
        let empty = self.empty();
        squares(self.hounds).any(|hound| UP[hound.0 as usize] & empty != 0)
    }

    /// Every legal move for the side to move (whether or not the game is already over by
    /// [`FoxAndHounds::winner`]), fox moves in square order, hound moves by hound then target.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(8);
        self.push_moves(&mut moves);
        moves
    }

    fn push_moves(&self, moves: &mut Vec<Move>) {
        let from = self.fox;
        if self.fox_to_move {
            moves.extend(squares(self.fox_targets()).map(|to| Move::Fox { from, to }));
        } else {
            let empty = self.empty();
            for from in squares(self.hounds) {
                moves.extend(squares(UP[from.0 as usize] & empty).map(|to| Move::Hound { from, to }));
            }
        }
    }

    /// Plays a move known to be legal (from [`Position::moves`]).
    pub fn play_unchecked(self, mv: Move) -> Position {
        match mv {
            Move::Fox { to, .. } => Position { fox: to, fox_to_move: false, ..self },
            Move::Hound { from, to } => {
                Position { hounds: self.hounds & !from.bit() | to.bit(), fox_to_move: true, ..self }
            }
        }
    }

    /// Plays a move under `game`'s rules, or says why it is illegal (the position comes
    /// back in the error).
    pub fn play(self, game: &FoxAndHounds, mv: Move) -> Result<Position, IllegalMove> {
        let reason = if let Some(winner) = game.winner(&self) {
            Some(MoveError::GameOver { winner })
        } else if mv.side() != self.to_move() {
            Some(MoveError::NotYourTurn { side: mv.side() })
        } else if !self.moves().contains(&mv) {
            Some(MoveError::NotAllowed)
        } else {
            None
        };
        match reason {
            Some(reason) => Err(IllegalMove { position: self, mv, reason }),
            None => Ok(self.play_unchecked(mv)),
        }
    }

    /// The legal move written `d8-c7` (or `d8c7`, `d8 c7`).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        let malformed = || MoveParseError::Malformed { text: crate::limits::quote(text) };
        if text.len() > MAX_MOVE_LEN {
            return Err(malformed());
        }
        let compact: String = text.chars().filter(|c| !matches!(c, '-' | ' ' | 'x')).collect();
        if compact.len() != 4 || !compact.is_ascii() {
            return Err(malformed());
        }
        let from: Square = compact[..2].parse()?;
        let to: Square = compact[2..].parse()?;
        self.moves()
            .into_iter()
            .find(|mv| mv.from() == from && mv.to() == to)
            .ok_or_else(|| MoveParseError::Illegal { text: crate::limits::quote(text) })
    }

    /// The link code: version byte 1, the fox's square with the side to move (bit 5 set when
    /// the hounds move) and the hounds as a 32-bit mask, base64url (8 characters).
    pub fn to_code(&self) -> String {
        let mut bytes = vec![CODE_VERSION, self.fox.0 | u8::from(!self.fox_to_move) << 5];
        bytes.extend_from_slice(&self.hounds.to_le_bytes());
        encode_bytes(&bytes)
    }

    /// Reads a link code, explaining what is wrong with a bad one.
    pub fn from_code(code: &str) -> Result<Position, CodeError> {
        let [fox, h0, h1, h2, h3] = decode_position_code(code, CODE_VERSION)?;
        if fox >= 64 {
            return Err(CodeError::OutOfRange { code: crate::limits::quote(code) });
        }
        let setup = Setup {
            fox: Square::new(fox & 31),
            hounds: squares(u32::from_le_bytes([h0, h1, h2, h3])).collect(),
            to_move: if fox & 32 == 0 { Side::Fox } else { Side::Hounds },
        };
        setup.try_into().map_err(CodeError::Position)
    }
}

const CODE_VERSION: u8 = 1;

/// The longest move text [`Position::parse_move`] reads (`d8-c7` is 5 characters).
pub const MAX_MOVE_LEN: usize = 64;

/// A diagram, rank 8 first: `F` fox, `H` hound, `.` empty dark square, ` ` light square;
/// then who is to move.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let symbol = match Square::at(file, rank) {
                    None => ' ',
                    Some(square) if square == self.fox => 'F',
                    Some(square) if self.hounds & square.bit() != 0 => 'H',
                    Some(_) => '.',
                };
                write!(f, "{symbol}")?;
            }
            writeln!(f)?;
        }
        let side = if self.fox_to_move { "fox" } else { "hounds" };
        write!(f, "{side} to move")
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("the game is over: {winner} won")]
    GameOver { winner: Side },
    #[error("it is not {side}'s turn")]
    NotYourTurn { side: Side },
    #[error("that piece cannot go there (one square diagonally onto an empty square; hounds only forward)")]
    NotAllowed,
}

/// An illegal move, with the position it was tried on (unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{mv} is not allowed: {reason}")]
pub struct IllegalMove {
    pub position: Position,
    pub mv: Move,
    pub reason: MoveError,
}

/// Why a text is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveParseError {
    #[error("`{text}` is not a move: write two squares, like d8-c7")]
    Malformed { text: String },
    #[error(transparent)]
    Square(#[from] SquareError),
    #[error("`{text}` is not a legal move in this position")]
    Illegal { text: String },
}

/// An unvalidated position, as a link or a form describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub fox: Option<Square>,
    pub hounds: Vec<Square>,
    pub to_move: Side,
}

/// One thing wrong with a setup.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Problem {
    #[error("there is no fox")]
    NoFox,
    #[error("there are {found} hounds, not 4")]
    HoundCount { found: usize },
    #[error("two hounds on {square}")]
    DuplicateHound { square: Square },
    #[error("the fox and a hound share {square}")]
    FoxOnHound { square: Square },
}

/// Every problem found in a setup (never empty).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a Fox and Hounds position: {}", crate::limits::Listed::new(.problems, "; "))]
pub struct PositionError {
    pub problems: Vec<Problem>,
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut hounds = 0u32;
        for &square in &setup.hounds {
            if hounds & square.bit() != 0 {
                problems.push(Problem::DuplicateHound { square });
            }
            hounds |= square.bit();
        }
        if setup.hounds.len() != 4 {
            problems.push(Problem::HoundCount { found: setup.hounds.len() });
        }
        match setup.fox {
            None => problems.push(Problem::NoFox),
            Some(square) if hounds & square.bit() != 0 => problems.push(Problem::FoxOnHound { square }),
            Some(_) => {}
        }
        match setup.fox {
            Some(fox) if problems.is_empty() => {
                Ok(Position { hounds, fox, fox_to_move: setup.to_move == Side::Fox })
            }
            _ => Err(PositionError { problems }),
        }
    }
}

/// Why a link code does not open a position.
pub type CodeError = PositionCodeError<PositionError>;

/// When the fox has won, besides the hounds having no move. Deckhand plays
/// [`FoxGoal::HoundsRow`]; the others exist to compare published figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FoxGoal {
    /// The fox wins on reaching rank 1, the hounds' starting row.
    #[default]
    HoundsRow,
    /// The fox wins on reaching rank 1 or once it stands below every hound (no hound can
    /// ever get behind it again).
    PastHounds,
    /// The fox wins only when the hounds cannot move.
    HoundsStuck,
}

/// The game with its rules, for the solvers in [`crate::search`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FoxAndHounds {
    pub goal: FoxGoal,
}

impl FoxAndHounds {
    /// The winner if the game is over: the side to move loses when it cannot move, and the
    /// fox wins when it reaches its goal.
    pub fn winner(&self, position: &Position) -> Option<Side> {
        let fox_home = position.fox.bit() & HOUNDS_ROW != 0;
        let fox_escaped = match self.goal {
            FoxGoal::HoundsRow => fox_home,
            FoxGoal::PastHounds => {
                let at_or_below = 4 * (u32::from(position.fox.rank()) + 1);
                fox_home || (at_or_below < 32 && position.hounds & ((1 << at_or_below) - 1) == 0)
            }
            FoxGoal::HoundsStuck => false,
        };
        if fox_escaped {
            Some(Side::Fox)
        } else if position.fox_to_move && position.fox_targets() == 0 {
            Some(Side::Hounds)
        } else if !position.fox_to_move && !position.hounds_can_move() {
            Some(Side::Fox)
        } else {
            None
        }
    }
}

impl Game for FoxAndHounds {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, position: &Position, moves: &mut Vec<Move>) {
        position.push_moves(moves);
    }

    fn play(&self, position: &Position, mv: Move) -> Position {
        position.play_unchecked(mv)
    }

    fn terminal(&self, position: &Position) -> Option<Value> {
        let winner = self.winner(position)?;
        Some(if winner == position.to_move() { Value::Win } else { Value::Loss })
    }

    /// Hound set (its rank among the 35,960 sets of four squares) × fox square × side.
    fn index_space(&self) -> Option<usize> {
        Some(HOUND_SETS * 32 * 2)
    }

    fn index(&self, position: &Position) -> usize {
        let mut rank = 0;
        let mut mask = position.hounds;
        let mut k = 1;
        while mask != 0 && k < 5 {
            rank += BINOMIAL[mask.trailing_zeros() as usize][k] as usize;
            mask &= mask - 1;
            k += 1;
        }
        (rank * 32 + usize::from(position.fox.0)) * 2 + usize::from(position.fox_to_move)
    }
}

/// Every position reachable from `start` under `game`'s rules, solved by retrograde
/// analysis (it fails only past four billion positions).
pub fn solve(game: FoxAndHounds, start: Position) -> Result<Solution<FoxAndHounds>, UnknownReason> {
    retrograde::solve(game, [start])
}

#[cfg(test)]
mod bounds {
    use super::*;

    #[test]
    fn long_texts_and_codes_are_refused_with_short_errors() {
        let start = Position::start();
        for text in ["d8-c7".repeat(100_000), "x".repeat(100_000), "-".repeat(100_000)] {
            let error = start.parse_move(&text).unwrap_err();
            assert!(error.to_string().len() < 150, "{error}");
        }
        let error = Position::from_code(&"A".repeat(300_000)).unwrap_err();
        assert!(error.to_string().len() < 150, "{error}");
        let error = "q".repeat(100_000).parse::<Square>().unwrap_err();
        assert!(error.to_string().len() < 150, "{error}");
        // A setup with many hounds lists the first few problems.
        let square = Square::new(3).unwrap();
        let setup = Setup { fox: None, hounds: vec![square; 1000], to_move: Side::Fox };
        let error = Position::try_from(setup).unwrap_err();
        assert!(error.to_string().len() < 300, "{error}");
    }
}
