//! Board codes: any FreeCell position as a compact, URL-safe, versioned code, for links like
//! `#/freecell/board/<code>`.
//!
//! Version 1 is the character `1` followed by one base64url character per symbol:
//!
//! - a card is its dense index (`Card::index`, 0..52) as a base64url digit (`A` is the ace of
//!   clubs, `B` the ace of diamonds … `z` the king of spades);
//! - `-` is an empty free cell, `_` ends a section.
//!
//! The sections are the free cells in order (trailing empty cells may be left out), then the
//! cascades in order, each listed top card first (trailing empty cascades may be left out).
//! The foundations are not written: a card absent from the code is home, so the absent cards of
//! each suit must be its lowest ranks. The start of a deal takes 61 characters
//! (`1` + `_` + 52 cards + 7 `_`), and codes shrink as cards go home.
//!
//! ```
//! use deckhand::deal::DealNumber;
//! use deckhand::freecell::{board_code, Position};
//!
//! let start = Position::deal(DealNumber::new(1).unwrap());
//! let code = board_code::encode(&start);
//! assert_eq!(code.len(), 61);
//! assert_eq!(board_code::decode(&code).unwrap(), start);
//! ```

use thiserror::Error;

use super::rules::{Position, CASCADES, CELLS};
use super::setup::{Setup, SetupError};
use crate::cards::{Card, Rank, Suit};
use crate::limits::{check_length, Listed, TooLong};

/// The version character of the codes this module writes.
pub const VERSION: char = '1';

/// The longest board code read, in characters: codes written here take at most 64; written
/// out with every empty place, 70.
pub const MAX_CODE_LEN: usize = 256;

/// The same base64url digits as deck codes (`share.rs`): cards are the digits 0..52.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const EMPTY_CELL: char = '-';
const END_OF_SECTION: char = '_';

/// One thing wrong with a board code. Positions count characters from 1 (the version is 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardCodeProblem {
    /// The code is longer than [`MAX_CODE_LEN`], so it was not read.
    #[error(transparent)]
    TooLong(TooLong),
    #[error("the code is empty")]
    Empty,
    #[error("the code has version `{0}`, which this version of Deckhand does not know")]
    UnknownVersion(char),
    #[error("character {position}, `{character}`, is not allowed in codes")]
    BadCharacter { position: usize, character: char },
    #[error("character {position}, `{character}`, is not a card")]
    NotACard { position: usize, character: char },
    #[error("character {position}: more than {CELLS} free cells")]
    TooManyCells { position: usize },
    #[error("character {position}: more than {CASCADES} cascades")]
    TooManyCascades { position: usize },
    #[error("the {card} appears twice (characters {first} and {second})")]
    Duplicated { card: Card, first: usize, second: usize },
    /// Cards absent from the code although a lower card of their suit is in play (so they
    /// cannot be on its foundation).
    #[error(
        "missing {}: not on the foundation, since the {in_play} is in play (character {position})",
        .cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
    )]
    Missing { cards: Vec<Card>, in_play: Card, position: usize },
    /// The checks above are the setup's own; this would mean they disagree.
    #[error("the position is not consistent: {0}")]
    Inconsistent(SetupError),
}

/// Everything wrong with a board code, in the order found (its message lists the first few,
/// then "and N more").
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", Listed::new(.problems, "; "))]
pub struct BoardCodeError {
    pub problems: Vec<BoardCodeProblem>,
}

impl BoardCodeError {
    /// The first few problems as text, then "and N more": a bounded list to show.
    pub fn listed(&self) -> Vec<String> {
        crate::limits::listed(&self.problems)
    }
}

impl From<BoardCodeProblem> for BoardCodeError {
    fn from(problem: BoardCodeProblem) -> BoardCodeError {
        BoardCodeError { problems: vec![problem] }
    }
}

fn digit(value: u8) -> char {
    ALPHABET[usize::from(value)] as char
}

fn digit_value(character: char) -> Option<u8> {
    ALPHABET.iter().position(|&a| a as char == character).map(|p| p as u8)
}

/// The board code of a position (version 1, shortest form).
pub fn encode(position: &Position) -> String {
    let mut code = String::with_capacity(61);
    code.push(VERSION);
    let cells = position.cells();
    let used_cells = cells.iter().rposition(Option::is_some).map_or(0, |last| last + 1);
    for cell in &cells[..used_cells] {
        code.push(cell.map_or(EMPTY_CELL, |card| digit(card.index())));
    }
    code.push(END_OF_SECTION);
    let cascades = position.cascades();
    let used_cascades = cascades.iter().rposition(|c| !c.is_empty()).map_or(0, |last| last + 1);
    for (index, cascade) in cascades[..used_cascades].iter().enumerate() {
        if index > 0 {
            code.push(END_OF_SECTION);
        }
        code.extend(cascade.iter().map(|card| digit(card.index())));
    }
    code
}

/// Reads a board code, naming every problem and where it is; a code longer than
/// [`MAX_CODE_LEN`] is refused first.
pub fn decode(code: &str) -> Result<Position, BoardCodeError> {
    check_length(code, MAX_CODE_LEN, "board code").map_err(BoardCodeProblem::TooLong)?;
    let mut chars = code.chars();
    match chars.next() {
        None => return Err(BoardCodeProblem::Empty.into()),
        Some(VERSION) => {}
        Some(other) => return Err(BoardCodeProblem::UnknownVersion(other).into()),
    }
    let mut problems = Vec::new();
    let mut setup = Setup { cascades: vec![Vec::new()], cells: Vec::new(), foundations: [0; 4] };
    // Where each card was seen (its character position; 0 for nowhere).
    let mut seen = [0usize; 52];
    let mut in_cells = true;
    for (index, character) in chars.enumerate() {
        let position = index + 2;
        if character == END_OF_SECTION {
            if in_cells {
                in_cells = false;
            } else if setup.cascades.len() == CASCADES {
                problems.push(BoardCodeProblem::TooManyCascades { position });
                break;
            } else {
                setup.cascades.push(Vec::new());
            }
            continue;
        }
        if digit_value(character).is_none() {
            problems.push(BoardCodeProblem::BadCharacter { position, character });
            continue;
        }
        if in_cells && setup.cells.len() == CELLS {
            problems.push(BoardCodeProblem::TooManyCells { position });
            in_cells = false;
        }
        if in_cells && character == EMPTY_CELL {
            setup.cells.push(None);
            continue;
        }
        let Some(card) = digit_value(character).and_then(Card::from_index) else {
            problems.push(BoardCodeProblem::NotACard { position, character });
            continue;
        };
        let first = &mut seen[usize::from(card.index())];
        if *first != 0 {
            problems.push(BoardCodeProblem::Duplicated { card, first: *first, second: position });
            continue;
        }
        *first = position;
        match setup.cascades.last_mut() {
            Some(cascade) if !in_cells => cascade.push(card),
            _ => setup.cells.push(Some(card)),
        }
    }
    // Each suit's absent cards below its lowest card in play are home; an absent card above a
    // card in play cannot be.
    for suit in Suit::ALL {
        let mut lowest_in_play = None;
        let mut missing = Vec::new();
        for rank in Rank::ALL {
            let card = Card::new(rank, suit);
            match (seen[usize::from(card.index())], lowest_in_play) {
                (0, None) => setup.foundations[suit.index()] = rank.value(),
                (0, Some(_)) => missing.push(card),
                (position, None) => lowest_in_play = Some((card, position)),
                (_, Some(_)) => {}
            }
        }
        if let (Some((in_play, position)), false) = (lowest_in_play, missing.is_empty()) {
            problems.push(BoardCodeProblem::Missing { cards: missing, in_play, position });
        }
    }
    if !problems.is_empty() {
        return Err(BoardCodeError { problems });
    }
    Position::try_from(setup).map_err(|error| BoardCodeProblem::Inconsistent(error).into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::DealNumber;

    fn deal(n: u64) -> Position {
        Position::deal(DealNumber::new(n).unwrap())
    }

    fn problems(code: &str) -> Vec<BoardCodeProblem> {
        decode(code).unwrap_err().problems
    }

    #[test]
    fn deals_round_trip_in_61_characters() {
        for n in [1, 164, 617, 11982, 8_589_934_591] {
            let start = deal(n);
            let code = encode(&start);
            assert_eq!(code.len(), 61, "{code}");
            assert_eq!(decode(&code).unwrap(), start);
        }
        // Deal 1 starts JD KD 2S 4C 3S 6D 6S: dense indices 41 49 7 12 11 21 23.
        assert!(encode(&deal(1)).starts_with("1_pxHMLVX"), "{}", encode(&deal(1)));
    }

    #[test]
    fn empty_places_round_trip() {
        assert_eq!(encode(&Position::default()), "1_");
        assert_eq!(decode("1_").unwrap(), Position::default());
        assert_eq!(decode("1").unwrap(), Position::default());
        // An empty cell and empty cascades in the middle stay where they are; trailing ones
        // are left out. Everything not placed here is in cascade 5.
        let mut setup: Setup =
            "Foundations: H-A C-0 D-2 S-0\nFreecells: - 8H - -\nJD KD\n:\n2S 4C\n:\n".parse().unwrap();
        let placed: Vec<Card> =
            setup.cascades.iter().flatten().chain(setup.cells.iter().flatten()).copied().collect();
        let rest = Card::all()
            .filter(|c| !placed.contains(c) && c.rank().value() > setup.foundations[c.suit().index()])
            .collect();
        setup.cascades.push(rest);
        let position = Position::try_from(setup).unwrap();
        let code = encode(&position);
        let eight_of_hearts = digit(Card::new(Rank::Eight, Suit::Hearts).index());
        assert!(code.starts_with(&format!("1-{eight_of_hearts}_")), "{code}");
        assert_eq!(code.matches('_').count(), 5, "{code}");
        assert_eq!(decode(&code).unwrap(), position);
        // Trailing empty places written out are accepted too.
        assert_eq!(decode(&code.replacen('_', "--_", 1)).unwrap(), position);
        assert_eq!(decode(&format!("{code}___")).unwrap(), position);
    }

    #[test]
    fn bad_codes_say_what_and_where() {
        let good = encode(&deal(5));
        assert_eq!(problems(""), vec![BoardCodeProblem::Empty]);
        assert_eq!(problems(&format!("2{}", &good[1..])), vec![BoardCodeProblem::UnknownVersion('2')]);

        let starred = format!("{}*{}", &good[..4], &good[5..]);
        let found = problems(&starred);
        assert_eq!(found[0], BoardCodeProblem::BadCharacter { position: 5, character: '*' });
        // The card replaced by `*` is now absent, yet not home.
        let replaced = Card::from_index(digit_value(good.chars().nth(4).unwrap()).unwrap()).unwrap();
        assert!(
            replaced.rank() == Rank::Ace
                || found.iter().any(
                    |p| matches!(p, BoardCodeProblem::Missing { cards, .. } if cards.contains(&replaced))
                ),
            "{found:?}"
        );

        // `0` is digit 52: not a card.
        assert_eq!(
            problems(&format!("{good}0")),
            vec![BoardCodeProblem::NotACard { position: 62, character: '0' }]
        );
        let first = Card::from_index(digit_value(good.chars().nth(2).unwrap()).unwrap()).unwrap();
        assert_eq!(
            problems(&format!("{good}{}", &good[2..3])),
            vec![BoardCodeProblem::Duplicated { card: first, first: 3, second: 62 }]
        );

        let kings = "1_wxyz";
        assert_eq!(decode(kings).unwrap().home_count(), 48);
        assert_eq!(problems("1wxyzA_")[0], BoardCodeProblem::TooManyCells { position: 6 });
        assert_eq!(problems("1_w_x_y_z_____")[0], BoardCodeProblem::TooManyCascades { position: 14 });

        // The ace of hearts alone in play: the higher hearts cannot be home.
        let ace_of_hearts = digit(Card::new(Rank::Ace, Suit::Hearts).index());
        let lonely = format!("1_wxyz{ace_of_hearts}");
        assert_eq!(problems(&lonely).len(), 1);
        assert_eq!(
            decode(&lonely).unwrap_err().to_string(),
            "missing 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH: not on the foundation, since the AH is in play \
             (character 7)"
        );
    }

    #[test]
    fn long_codes_are_refused_first_and_errors_stay_short() {
        let huge = format!("1_{}", "z".repeat(200_000));
        let error = decode(&huge).unwrap_err();
        assert_eq!(error.problems.len(), 1);
        assert_eq!(error.to_string(), "a board code is at most 256 characters; this one has 200,002");
        // At the cap, every duplicate is found, but only the first five are told.
        let code = format!("1_{}", "z".repeat(MAX_CODE_LEN - 2));
        let error = decode(&code).unwrap_err();
        assert!(error.problems.len() > 200);
        let message = error.to_string();
        assert!(message.len() < 500, "{message}");
        assert!(message.contains("; and 2"), "{message}");
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use proptest::prelude::*;

    use super::*;
    use crate::deal::DealNumber;

    /// Any consistent position: foundations cut from each suit, the rest shuffled into the
    /// free cells (any slots) and the cascades (any lengths).
    fn any_position() -> impl Strategy<Value = Position> {
        let cards: Vec<Card> = Card::all().collect();
        (
            Just(cards).prop_shuffle(),
            proptest::array::uniform4(0u8..=13),
            proptest::array::uniform4(any::<bool>()),
            proptest::collection::vec(0usize..8, 52),
        )
            .prop_map(|(cards, foundations, cells_used, columns)| {
                let mut setup =
                    Setup { cascades: vec![Vec::new(); CASCADES], cells: vec![None; CELLS], foundations };
                let mut in_play =
                    cards.into_iter().filter(|c| c.rank().value() > foundations[c.suit().index()]);
                for (slot, used) in setup.cells.iter_mut().zip(cells_used) {
                    if used {
                        *slot = in_play.next();
                    }
                }
                for (card, column) in in_play.zip(columns) {
                    setup.cascades[column].push(card);
                }
                Position::try_from(setup).unwrap()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn any_position_round_trips(position in any_position()) {
            let code = encode(&position);
            // At most 1 (version) + 4 (cells, `-` for an empty one before a used one) + 1 (`_`)
            // + 51 cascade cards (52 only when no cell is written) + 7 (`_` between cascades).
            prop_assert!(code.len() <= 64, "{} characters: {code}", code.len());
            prop_assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            prop_assert_eq!(decode(&code).unwrap(), position);
        }

        #[test]
        fn positions_reached_in_play_round_trip(deal in 1u64..1_000_000, picks in proptest::collection::vec(any::<u16>(), 0..120)) {
            let mut position = Position::deal(DealNumber::new(deal).unwrap());
            for pick in picks {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves.as_slice()[usize::from(pick) % moves.len()]);
                prop_assert_eq!(decode(&encode(&position)).unwrap(), position.clone());
            }
        }

        #[test]
        fn any_text_decodes_or_explains(text in "1[A-Za-z0-9_*-]{0,70}") {
            // Never a panic; whatever decodes is a real position whose own code reads back.
            if let Ok(position) = decode(&text) {
                prop_assert_eq!(decode(&encode(&position)).unwrap(), position);
            }
        }
    }
}
