//! Tic-Tac-Toe: the 3×3 board, X moves first, three in a row wins, a full board without a
//! line is a draw (docs/RULES.md, "Tic-Tac-Toe").
//!
//! ```
//! use deckhand::games::tictactoe::{self, Position, Square};
//! use deckhand::search::twoplayer::Evaluation;
//!
//! let solution = tictactoe::solve().unwrap();
//! assert_eq!(solution.len(), 5478); // every legal position
//! assert_eq!(solution.evaluate(&Position::new()), Some(Evaluation::Draw));
//!
//! let position: Position = "XX./OO./...".parse().unwrap();
//! let moves = solution.evaluate_moves(&position).unwrap();
//! let (best, value) = moves.iter().max_by_key(|(_, value)| *value).unwrap();
//! assert_eq!(best.square, Square::new(2).unwrap());
//! assert_eq!(*value, Evaluation::Win { plies: 1 });
//! assert_eq!(best.to_string(), "X takes the top-right corner");
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::search::retrograde::{self, Solution};
use crate::search::twoplayer::{Game, Value};
use crate::search::UnknownReason;
use crate::share::{decode_position_code, encode_bytes, PositionCodeError};

/// The two players; X moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    X,
    O,
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::X => "X",
            Player::O => "O",
        })
    }
}

/// A square, numbered 0..=8 row by row from the top left (written 1..=9 in notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

const SQUARE_NAMES: [&str; 9] = [
    "top-left corner",
    "top edge",
    "top-right corner",
    "left edge",
    "centre",
    "right edge",
    "bottom-left corner",
    "bottom edge",
    "bottom-right corner",
];

impl Square {
    /// The square with this index (0..=8, row by row from the top left).
    pub fn new(index: u8) -> Option<Square> {
        (index < 9).then_some(Square(index))
    }

    pub fn index(self) -> u8 {
        self.0
    }

    pub fn all() -> impl DoubleEndedIterator<Item = Square> {
        (0..9).map(Square)
    }

    /// English name, as in "the centre".
    pub fn name(self) -> &'static str {
        SQUARE_NAMES[self.0 as usize]
    }

    fn bit(self) -> u16 {
        1 << self.0
    }
}

/// Notation: the digit 1..=9, row by row from the top left.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not a square: use a digit from 1 (top left) to 9 (bottom right)")]
pub struct SquareError {
    pub text: String,
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Square, SquareError> {
        match text.trim().as_bytes() {
            [digit @ b'1'..=b'9'] => Ok(Square(digit - b'1')),
            _ => Err(SquareError { text: crate::limits::quote(text) }),
        }
    }
}

/// A move: a player marks an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub player: Player,
    pub square: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} takes the {}", self.player, self.square.name())
    }
}

/// The eight lines, as square masks.
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
const FULL: u16 = 0o777;

fn has_line(marks: u16) -> bool {
    LINES.iter().any(|line| line & !marks == 0)
}

/// A legal position: the marks of both players (the side to move follows from the counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    x: u16,
    o: u16,
}

impl Position {
    /// The empty board, X to move.
    pub fn new() -> Position {
        Position::default()
    }

    /// Who is on `square`, if anyone.
    pub fn get(&self, square: Square) -> Option<Player> {
        if self.x & square.bit() != 0 {
            Some(Player::X)
        } else if self.o & square.bit() != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The player whose turn it is (even after the game is over).
    pub fn to_move(&self) -> Player {
        if self.x.count_ones() > self.o.count_ones() {
            Player::O
        } else {
            Player::X
        }
    }

    /// The player with three in a row, if any.
    pub fn winner(&self) -> Option<Player> {
        if has_line(self.x) {
            Some(Player::X)
        } else if has_line(self.o) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The winning line's squares, for highlighting.
    pub fn winning_line(&self) -> Option<[Square; 3]> {
        let marks = match self.winner()? {
            Player::X => self.x,
            Player::O => self.o,
        };
        let line = LINES.iter().find(|&&line| marks & line == line)?;
        let mut squares = Square::all().filter(|square| line & square.bit() != 0);
        Some([squares.next()?, squares.next()?, squares.next()?])
    }

    /// Over: a line or a full board.
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || (self.x | self.o) == FULL
    }

    /// Every legal move, square order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(9);
        TicTacToe.legal_moves(self, &mut moves);
        moves
    }

    /// Plays a move, or says why it is illegal (the position comes back in the error).
    pub fn play(self, mv: Move) -> Result<Position, IllegalMove> {
        let reason = if self.is_over() {
            Some(MoveError::GameOver)
        } else if mv.player != self.to_move() {
            Some(MoveError::NotYourTurn { player: mv.player })
        } else {
            self.get(mv.square).map(|owner| MoveError::Occupied { square: mv.square, owner })
        };
        match reason {
            Some(reason) => Err(IllegalMove { position: self, mv, reason }),
            None => Ok(self.play_unchecked(mv)),
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]).
    pub fn play_unchecked(self, mv: Move) -> Position {
        match mv.player {
            Player::X => Position { x: self.x | mv.square.bit(), ..self },
            Player::O => Position { o: self.o | mv.square.bit(), ..self },
        }
    }

    /// The link code: `1` version byte and the board as a base-3 number, base64url (4 characters).
    pub fn to_code(&self) -> String {
        let number = Square::all().rev().fold(0u16, |acc, square| {
            acc * 3
                + match self.get(square) {
                    None => 0,
                    Some(Player::X) => 1,
                    Some(Player::O) => 2,
                }
        });
        let [high, low] = number.to_be_bytes();
        encode_bytes(&[CODE_VERSION, high, low])
    }

    /// Reads a link code, explaining what is wrong with a bad one.
    pub fn from_code(code: &str) -> Result<Position, CodeError> {
        let [high, low] = decode_position_code(code, CODE_VERSION)?;
        let mut number = u16::from_be_bytes([high, low]);
        if number >= 19683 {
            return Err(CodeError::OutOfRange { code: crate::limits::quote(code) });
        }
        let mut cells = [None; 9];
        for cell in &mut cells {
            *cell = match number % 3 {
                0 => None,
                1 => Some(Player::X),
                _ => Some(Player::O),
            };
            number /= 3;
        }
        Setup { cells }.try_into().map_err(CodeError::Position)
    }
}

const CODE_VERSION: u8 = 1;

/// Rows top to bottom separated by `/`: `X`, `O` or `.` for each square (`XO./.X./..O`).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for square in Square::all() {
            if square.0 > 0 && square.0 % 3 == 0 {
                f.write_str("/")?;
            }
            match self.get(square) {
                Some(player) => write!(f, "{player}")?,
                None => f.write_str(".")?,
            }
        }
        Ok(())
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not {player}'s turn")]
    NotYourTurn { player: Player },
    #[error("square {square} is already taken by {owner}")]
    Occupied { square: Square, owner: Player },
}

/// An illegal move, with the position it was tried on (unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{mv} is not allowed: {reason}")]
pub struct IllegalMove {
    pub position: Position,
    pub mv: Move,
    pub reason: MoveError,
}

/// An unvalidated board: what a text or a link says, before the rules have checked it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    /// Squares row by row from the top left.
    pub cells: [Option<Player>; 9],
}

/// One thing wrong with a board text or setup.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Problem {
    /// The text is longer than [`MAX_BOARD_TEXT_LEN`], so it was not read.
    #[error(transparent)]
    TooLong(crate::limits::TooLong),
    #[error("`{character}` at position {position} is not X, O or `.`")]
    BadCharacter { character: char, position: usize },
    #[error("the board has {found} squares, not 9")]
    WrongSize { found: usize },
    #[error("X has {x} marks and O has {o}: X moves first, so X has as many as O or one more")]
    MarkCount { x: u32, o: u32 },
    #[error("both X and O have three in a row")]
    BothWin,
    #[error("{winner} has three in a row but play went on after it")]
    PlayedOn { winner: Player },
}

/// Every problem found in a board text or setup (never empty).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a legal Tic-Tac-Toe position: {}", crate::limits::Listed::new(.problems, "; "))]
pub struct PositionError {
    pub problems: Vec<Problem>,
}

impl FromStr for Setup {
    type Err = PositionError;

    /// Nine squares row by row: `X`/`x`, `O`/`o`, or `.`/`-`/`_` for empty; spaces, `/`,
    /// `|` and `,` between them are ignored.
    fn from_str(text: &str) -> Result<Setup, PositionError> {
        crate::limits::check_length(text, MAX_BOARD_TEXT_LEN, "board text")
            .map_err(|too_long| PositionError { problems: vec![Problem::TooLong(too_long)] })?;
        let mut cells = Vec::new();
        let mut problems = Vec::new();
        for (index, character) in text.chars().enumerate() {
            match character {
                'X' | 'x' => cells.push(Some(Player::X)),
                'O' | 'o' => cells.push(Some(Player::O)),
                '.' | '-' | '_' => cells.push(None),
                '/' | '|' | ',' => {}
                c if c.is_whitespace() => {}
                c => problems.push(Problem::BadCharacter { character: c, position: index + 1 }),
            }
        }
        if cells.len() != 9 {
            problems.push(Problem::WrongSize { found: cells.len() });
        }
        match <[Option<Player>; 9]>::try_from(cells) {
            Ok(cells) if problems.is_empty() => Ok(Setup { cells }),
            _ => Err(PositionError { problems }),
        }
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        let mut position = Position::new();
        for (square, cell) in Square::all().zip(setup.cells) {
            match cell {
                Some(Player::X) => position.x |= square.bit(),
                Some(Player::O) => position.o |= square.bit(),
                None => {}
            }
        }
        let (x, o) = (position.x.count_ones(), position.o.count_ones());
        let mut problems = Vec::new();
        if x != o && x != o + 1 {
            problems.push(Problem::MarkCount { x, o });
        }
        match (has_line(position.x), has_line(position.o)) {
            (true, true) => problems.push(Problem::BothWin),
            (true, false) if x != o + 1 => problems.push(Problem::PlayedOn { winner: Player::X }),
            (false, true) if x != o => problems.push(Problem::PlayedOn { winner: Player::O }),
            _ => {}
        }
        if problems.is_empty() {
            Ok(position)
        } else {
            Err(PositionError { problems })
        }
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        text.parse::<Setup>()?.try_into()
    }
}

/// Why a link code does not open a position.
pub type CodeError = PositionCodeError<PositionError>;

/// The longest board text read (`XX./OO./...` is 11 characters; a spaced-out grid under 60).
pub const MAX_BOARD_TEXT_LEN: usize = 256;

/// The game, for the solvers in [`crate::search`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe;

impl Game for TicTacToe {
    type Position = Position;
    type Move = Move;

    fn legal_moves(&self, position: &Position, moves: &mut Vec<Move>) {
        if position.is_over() {
            return;
        }
        let player = position.to_move();
        let empty = !(position.x | position.o) & FULL;
        moves.extend(
            Square::all().filter(|square| empty & square.bit() != 0).map(|square| Move { player, square }),
        );
    }

    fn play(&self, position: &Position, mv: Move) -> Position {
        position.play_unchecked(mv)
    }

    /// A line means the player who just moved won; a full board without one is a draw.
    fn terminal(&self, position: &Position) -> Option<Value> {
        if position.winner().is_some() {
            Some(Value::Loss)
        } else if (position.x | position.o) == FULL {
            Some(Value::Draw)
        } else {
            None
        }
    }
}

/// Every legal position, solved by retrograde analysis from the empty board. (The solver
/// only gives up past four billion positions; Tic-Tac-Toe has 5,478.)
pub fn solve() -> Result<Solution<TicTacToe>, UnknownReason> {
    retrograde::solve(TicTacToe, [Position::new()])
}

#[cfg(test)]
mod bounds {
    use super::*;

    #[test]
    fn long_texts_and_codes_are_refused_with_short_errors() {
        let error = "z".repeat(100_000).parse::<Setup>().unwrap_err();
        assert_eq!(error.problems.len(), 1);
        assert_eq!(
            error.to_string(),
            "not a legal Tic-Tac-Toe position: a board text is at most 256 characters; this one has 100,000"
        );
        let error = "z".repeat(MAX_BOARD_TEXT_LEN).parse::<Setup>().unwrap_err();
        assert!(error.problems.len() > 200);
        assert!(error.to_string().len() < 300, "{error}");
        let error = Position::from_code(&"A".repeat(300_000)).unwrap_err();
        assert!(error.to_string().len() < 150, "{error}");
        let error = "7".repeat(100_000).parse::<Square>().unwrap_err();
        assert!(error.to_string().len() < 150, "{error}");
    }
}
