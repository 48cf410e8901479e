//! FreeCell board text: one line per cascade (top card first, an optional leading `:`), and
//! optional `Freecells:` and `Foundations:` lines, as Freecell Solver and PySolFC write them:
//!
//! ```text
//! Foundations: H-A C-0 D-2 S-0
//! Freecells: 8H - - 3C
//! JD KD 2S 4C 3S 6D 6S
//! ...
//! ```
//!
//! An empty cascade is a line holding only `:`; blank lines are ignored and missing cascade
//! lines are empty cascades. An empty free cell is `-`. A foundation is `<suit>-<top rank>`
//! with `0` for none (`H-A`, `S-10`, `D-K`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::rules::{Position, CASCADES, CELLS};
use crate::cards::{Card, CardError, Rank, Suit};
use crate::limits::{check_length, quote, Listed, TooLong};

/// The longest board text read, in characters. A whole deal takes about 200 (Freecell
/// Solver's and PySolFC's layouts, with labels and padding, under 1,000).
pub const MAX_BOARD_TEXT_LEN: usize = 8_192;

/// An unvalidated position: whatever the text said. It becomes a [`Position`] only through
/// [`Position::try_from`], whose error lists every problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Cascades, top card first (more than 8 is an error).
    pub cascades: Vec<Vec<Card>>,
    /// Free cells in order (more than 4 is an error).
    pub cells: Vec<Option<Card>>,
    /// Cards home per suit, by `Suit::index` (more than 13 is an error).
    pub foundations: [u8; 4],
}

/// One thing wrong with a board or setup.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupProblem {
    /// The text is longer than [`MAX_BOARD_TEXT_LEN`], so it was not read.
    #[error(transparent)]
    TooLong(TooLong),
    #[error("line {line}, column {column}: {error}")]
    Malformed { line: usize, column: usize, error: CardError },
    #[error(
        "line {line}, column {column}: `{token}` is not a foundation (write it like `H-A`, `C-0` or `S-10`)"
    )]
    BadFoundation { line: usize, column: usize, token: String },
    #[error("{found} cascades given, at most 8")]
    TooManyCascades { found: usize },
    #[error("{found} free cells given, at most 4")]
    TooManyCells { found: usize },
    #[error("the foundation of {suit} holds {count} cards, at most 13")]
    FoundationTooHigh { suit: &'static str, count: u8 },
    #[error("the {0} appears more than once")]
    Duplicated(Card),
    #[error("the {0} is in play although its foundation says it is home")]
    AlreadyHome(Card),
    #[error("missing cards: {}", .0.iter().map(Card::to_string).collect::<Vec<_>>().join(" "))]
    Missing(Vec<Card>),
}

/// Everything wrong with a board, all at once (its message lists the first few, then
/// "and N more").
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", Listed::new(.problems, "; "))]
pub struct SetupError {
    pub problems: Vec<SetupProblem>,
}

impl SetupError {
    /// The first few problems as text, then "and N more": a bounded list to show.
    pub fn listed(&self) -> Vec<String> {
        crate::limits::listed(&self.problems)
    }
}

/// Refuses a text longer than [`MAX_BOARD_TEXT_LEN`] before it is read.
fn check_board_length(text: &str) -> Result<(), SetupError> {
    check_length(text, MAX_BOARD_TEXT_LEN, "board text")
        .map_err(|too_long| SetupError { problems: vec![SetupProblem::TooLong(too_long)] })
}

fn strip_label<'a>(line: &'a str, label: &str) -> Option<&'a str> {
    let head = line.get(..label.len())?;
    head.eq_ignore_ascii_case(label).then(|| &line[label.len()..])
}

/// Whitespace-separated tokens with their 1-based character column.
fn tokens(line: &str, offset_chars: usize) -> impl Iterator<Item = (usize, &str)> {
    let mut column = offset_chars;
    let mut start: Option<(usize, usize)> = None;
    let mut out = Vec::new();
    for (byte, c) in line.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((b, col)) = start.take() {
                out.push((col, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, col)) = start {
        out.push((col, &line[b..]));
    }
    out.into_iter()
}

fn parse_foundation(token: &str) -> Option<(Suit, u8)> {
    let (suit, value) = token.split_once('-')?;
    let suit = Suit::parse(suit)?;
    let count = match value {
        "0" => 0,
        _ => Rank::parse(value)?.value(),
    };
    Some((suit, count))
}

impl Setup {
    /// Reads board text, returning the setup read so far and every syntax problem.
    fn read(text: &str) -> (Setup, Vec<SetupProblem>) {
        let mut setup = Setup::default();
        let mut problems = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line_number = index + 1;
            let line = raw.trim_end();
            let lead = line.len() - line.trim_start().len();
            let trimmed = line.trim_start();
            let lead_chars = line[..lead].chars().count();
            if let Some(rest) = strip_label(trimmed, "foundations:") {
                let offset = lead_chars + "foundations:".len();
                for (column, token) in tokens(rest, offset) {
                    match parse_foundation(token) {
                        Some((suit, count)) => setup.foundations[suit.index()] = count,
                        None => problems.push(SetupProblem::BadFoundation {
                            line: line_number,
                            column,
                            token: quote(token),
                        }),
                    }
                }
            } else if let Some(rest) = strip_label(trimmed, "freecells:") {
                let offset = lead_chars + "freecells:".len();
                for (column, token) in tokens(rest, offset) {
                    if token.chars().all(|c| c == '-') {
                        setup.cells.push(None);
                    } else {
                        match token.parse::<Card>() {
                            Ok(card) => setup.cells.push(Some(card)),
                            Err(error) => {
                                problems.push(SetupProblem::Malformed { line: line_number, column, error })
                            }
                        }
                    }
                }
            } else if !trimmed.is_empty() {
                let (body, offset) = match trimmed.strip_prefix(':') {
                    Some(rest) => (rest, lead_chars + 1),
                    None => (trimmed, lead_chars),
                };
                let mut cascade = Vec::new();
                for (column, token) in tokens(body, offset) {
                    match token.parse::<Card>() {
                        Ok(card) => cascade.push(card),
                        Err(error) => {
                            problems.push(SetupProblem::Malformed { line: line_number, column, error })
                        }
                    }
                }
                setup.cascades.push(cascade);
            }
        }
        (setup, problems)
    }

    /// Every problem with the cards of this setup (placement and counts), in a stable order.
    fn check(&self, problems: &mut Vec<SetupProblem>) {
        if self.cascades.len() > CASCADES {
            problems.push(SetupProblem::TooManyCascades { found: self.cascades.len() });
        }
        if self.cells.len() > CELLS {
            problems.push(SetupProblem::TooManyCells { found: self.cells.len() });
        }
        for suit in Suit::ALL {
            let count = self.foundations[suit.index()];
            if count > 13 {
                problems.push(SetupProblem::FoundationTooHigh { suit: suit.name(), count });
            }
        }
        let mut seen = [0u8; 52];
        let in_play = self.cascades.iter().flatten().copied().chain(self.cells.iter().flatten().copied());
        for card in in_play {
            seen[usize::from(card.index())] = seen[usize::from(card.index())].saturating_add(1);
        }
        let mut missing = Vec::new();
        for card in Card::all() {
            let home = card.rank().value() <= self.foundations[card.suit().index()];
            match (seen[usize::from(card.index())], home) {
                (0, false) => missing.push(card),
                (0, true) | (1, false) => {}
                (1, true) => problems.push(SetupProblem::AlreadyHome(card)),
                (_, _) => problems.push(SetupProblem::Duplicated(card)),
            }
        }
        if !missing.is_empty() {
            problems.push(SetupProblem::Missing(missing));
        }
    }
}

impl FromStr for Setup {
    type Err = SetupError;

    /// Reads board text; syntax problems only (card placement is checked by
    /// [`Position::try_from`]).
    fn from_str(text: &str) -> Result<Setup, SetupError> {
        check_board_length(text)?;
        let (setup, problems) = Setup::read(text);
        if problems.is_empty() {
            Ok(setup)
        } else {
            Err(SetupError { problems })
        }
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let mut problems = Vec::new();
        setup.check(&mut problems);
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let mut position =
            Position { cascades: Default::default(), cells: [None; CELLS], foundations: [0; 4] };
        for (slot, cascade) in position.cascades.iter_mut().zip(setup.cascades) {
            *slot = cascade;
        }
        for (slot, cell) in position.cells.iter_mut().zip(setup.cells) {
            *slot = cell;
        }
        position.foundations = setup.foundations;
        Ok(position)
    }
}

impl FromStr for Position {
    type Err = SetupError;

    /// Reads board text, reporting syntax and placement problems together.
    fn from_str(text: &str) -> Result<Position, SetupError> {
        check_board_length(text)?;
        let (setup, mut problems) = Setup::read(text);
        setup.check(&mut problems);
        if problems.is_empty() {
            Position::try_from(setup)
        } else {
            Err(SetupError { problems })
        }
    }
}

impl Position {
    /// The setup describing this position.
    pub fn setup(&self) -> Setup {
        Setup { cascades: self.cascades.to_vec(), cells: self.cells.to_vec(), foundations: self.foundations }
    }
}

/// Board text, which [`Position::from_str`] reads back.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Foundations:")?;
        for suit in [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades] {
            match Rank::from_value(self.foundations[suit.index()]) {
                Some(rank) => write!(f, " {suit}-{rank}")?,
                None => write!(f, " {suit}-0")?,
            }
        }
        write!(f, "\nFreecells:")?;
        for cell in &self.cells {
            match cell {
                Some(card) => write!(f, " {card}")?,
                None => write!(f, " -")?,
            }
        }
        writeln!(f)?;
        for cascade in &self.cascades {
            if cascade.is_empty() {
                writeln!(f, ":")?;
            } else {
                let cards: Vec<String> = cascade.iter().map(Card::to_string).collect();
                writeln!(f, "{}", cards.join(" "))?;
            }
        }
        Ok(())
    }
}

/// Board text (see [`Setup`]).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.setup(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_board_texts_are_refused_first() {
        let text = "KH ".repeat(1 << 18);
        for error in [text.parse::<Position>().unwrap_err(), text.parse::<Setup>().unwrap_err()] {
            assert_eq!(error.problems.len(), 1, "{error}");
            assert!(matches!(&error.problems[0], SetupProblem::TooLong(t) if t.limit == MAX_BOARD_TEXT_LEN));
            assert_eq!(error.to_string(), "a board text is at most 8,192 characters; this one has 786,432");
        }
    }

    #[test]
    fn board_errors_list_the_first_few_problems() {
        // Under the cap, but every token bad: the message stays short.
        let text = "ZZ ".repeat(MAX_BOARD_TEXT_LEN / 3);
        let error = text.parse::<Position>().unwrap_err();
        assert!(error.problems.len() > 2000);
        let message = error.to_string();
        assert!(message.len() < 500 && message.ends_with("; and 2,726 more"), "{message}");
        assert_eq!(error.listed().len(), 6);
        assert_eq!(error.listed()[5], "and 2,726 more");
        let text = format!("Foundations: {}", "x".repeat(5000));
        let message = text.parse::<Position>().unwrap_err().to_string();
        assert!(message.len() < 400, "{message}");
    }
}
