//! Deal links: hash routes (`#/freecell/164`, `#/pyramid/<deck-code>` …) and the compact,
//! URL-safe, versioned codes inside them.
//!
//! A deck code is the version character `1` followed by 38 base64url digits holding the
//! deck's permutation number (its Lehmer code, 226 bits), so any of the 52! orders fits and
//! every code decodes to exactly one deck or to a clear error.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Deck};
use crate::deal::DealNumberError;
use crate::games::{read_variant, variant_parameter, Dealing, Game, Visit};
use crate::grade::Date;
use crate::limits::{check_length, quote, TooLong};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DECK_CODE_VERSION: char = '1';
const DECK_CODE_DIGITS: usize = 38;
/// The length of a deck code: the version and 38 digits.
pub const DECK_CODE_LEN: usize = DECK_CODE_DIGITS + 1;

/// The longest `moves=` list a link may hold, in characters: at most 32,768 moves. A whole
/// Klondike game solved by the solver is about 600 characters (150 moves); even a game that
/// goes through the stock fifty times stays under 7,000.
pub const MAX_MOVES_LEN: usize = 65_536;
/// The most moves a list may hold (a list of [`MAX_MOVES_LEN`] characters holds at most this
/// many one-character words); the worker takes no more either.
pub const MAX_MOVES: usize = MAX_MOVES_LEN / 2;
/// The longest link (location hash) [`Route::parse`] reads: a full list of moves and room for
/// the rest.
pub const MAX_LINK_LEN: usize = MAX_MOVES_LEN + 1_024;
/// The longest Tic-Tac-Toe or Fox and Hounds position code (theirs have 4 and 8 characters).
pub const MAX_POSITION_CODE_LEN: usize = 64;
/// The longest text [`decode_bytes`] reads.
pub const MAX_BYTES_CODE_LEN: usize = MAX_MOVES_LEN;

/// Why a link or code cannot be opened. Quoted input (`code`, `path`, `value` …) is
/// shortened ([`crate::limits::quote`]).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum LinkError {
    #[error(transparent)]
    TooLong(#[from] TooLong),
    #[error("unknown page `{path}`")]
    UnknownPage { path: String },
    #[error("bad deal number in the link: {0}")]
    DealNumber(#[from] DealNumberError),
    #[error("the code `{code}` has version `{version}`, which this version of Deckhand does not know")]
    UnknownVersion { code: String, version: String },
    #[error("the code `{code}` should be {expected} characters long, not {found}")]
    WrongLength { code: String, expected: usize, found: usize },
    #[error("the code `{code}` has `{character}` at position {position}, which is not allowed in codes")]
    BadCharacter { code: String, character: char, position: usize },
    #[error("the code `{code}` does not describe a deck (it is out of range)")]
    OutOfRange { code: String },
    #[error("`{value}` is not a valid value for `{key}` (expected {expected})")]
    BadParameter { key: String, value: String, expected: String },
    #[error("the link's {what} is not valid: {reason}")]
    BadContent { what: String, reason: String },
}

/// A little-endian multi-limb unsigned integer, just enough for permutation numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct BigNumber([u64; 4]);

impl BigNumber {
    fn zero() -> BigNumber {
        BigNumber([0; 4])
    }

    /// self = self * factor + addend; returns the carry out of the top limb.
    fn mul_add(&mut self, factor: u64, addend: u64) -> u64 {
        let mut carry = addend as u128;
        for limb in &mut self.0 {
            let value = *limb as u128 * factor as u128 + carry;
            *limb = value as u64;
            carry = value >> 64;
        }
        carry as u64
    }

    /// self = self / divisor; returns the remainder.
    fn div_rem(&mut self, divisor: u64) -> u64 {
        let mut remainder = 0u128;
        for limb in self.0.iter_mut().rev() {
            let value = (remainder << 64) | *limb as u128;
            *limb = (value / divisor as u128) as u64;
            remainder = value % divisor as u128;
        }
        remainder as u64
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }
}

/// Encodes a deck as a deck code (`1` + 38 base64url characters).
pub fn encode_deck(deck: &Deck) -> String {
    // Lehmer code: digit i is the position of card i among the cards not yet used.
    let mut remaining: Vec<Card> = Card::all().collect();
    let mut number = BigNumber::zero();
    for (i, card) in deck.cards().iter().enumerate() {
        let position = remaining.iter().position(|c| c == card).expect("a deck holds each card once");
        remaining.remove(position);
        number.mul_add(52 - i as u64, position as u64);
    }
    let mut digits = [0u8; DECK_CODE_DIGITS];
    for digit in digits.iter_mut().rev() {
        *digit = ALPHABET[number.div_rem(64) as usize];
    }
    let mut code = String::with_capacity(DECK_CODE_DIGITS + 1);
    code.push(DECK_CODE_VERSION);
    code.extend(digits.iter().map(|&d| d as char));
    code
}

/// Decodes a deck code, explaining exactly what is wrong with a bad one.
pub fn decode_deck(code: &str) -> Result<Deck, LinkError> {
    let mut chars = code.chars();
    match chars.next() {
        Some(DECK_CODE_VERSION) => {}
        Some(other) => {
            return Err(LinkError::UnknownVersion { code: quote(code), version: other.to_string() })
        }
        None => {
            return Err(LinkError::WrongLength { code: String::new(), expected: DECK_CODE_LEN, found: 0 })
        }
    }
    let found = code.chars().count();
    if found != DECK_CODE_LEN {
        return Err(LinkError::WrongLength { code: quote(code), expected: DECK_CODE_LEN, found });
    }
    let mut number = BigNumber::zero();
    for (index, character) in chars.enumerate() {
        let value = base64_value(character).ok_or_else(|| LinkError::BadCharacter {
            code: quote(code),
            character,
            position: index + 2,
        })?;
        if number.mul_add(64, value) != 0 {
            return Err(LinkError::OutOfRange { code: quote(code) });
        }
    }
    let mut positions = [0usize; 52];
    for i in (0..52).rev() {
        positions[i] = number.div_rem(52 - i as u64) as usize;
    }
    if !number.is_zero() {
        return Err(LinkError::OutOfRange { code: quote(code) });
    }
    let mut remaining: Vec<Card> = Card::all().collect();
    let cards = positions.iter().map(|&p| remaining.remove(p)).collect();
    Ok(Deck::from_cards(cards).expect("a permutation holds each card once"))
}

fn base64_value(character: char) -> Option<u64> {
    ALPHABET.iter().position(|&a| a as char == character).map(|p| p as u64)
}

/// Encodes bytes as unpadded base64url (for move lists and positions in links).
pub fn encode_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let value = chunk.iter().enumerate().fold(0u32, |acc, (i, &b)| acc | (b as u32) << (16 - 8 * i));
        let digits = chunk.len() + 1;
        for i in 0..digits {
            out.push(ALPHABET[((value >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes unpadded base64url (at most [`MAX_BYTES_CODE_LEN`] characters), naming the first
/// bad character. Linear: the error, built only once, quotes the start of the code.
pub fn decode_bytes(code: &str) -> Result<Vec<u8>, LinkError> {
    check_length(code, MAX_BYTES_CODE_LEN, "code")?;
    let mut values = Vec::with_capacity(code.len());
    for (index, character) in code.chars().enumerate() {
        match base64_value(character) {
            Some(value) => values.push(value),
            None => {
                return Err(LinkError::BadCharacter { code: quote(code), character, position: index + 1 })
            }
        }
    }
    if values.len() % 4 == 1 {
        return Err(LinkError::WrongLength {
            code: quote(code),
            expected: values.len() - 1,
            found: values.len(),
        });
    }
    let mut bytes = Vec::with_capacity(values.len() * 3 / 4);
    for chunk in values.chunks(4) {
        let value = chunk.iter().enumerate().fold(0u64, |acc, (i, &v)| acc | v << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            bytes.push((value >> (16 - 8 * i)) as u8);
        }
    }
    Ok(bytes)
}

/// Why a link's list of moves (`moves=…`: words joined by dots) cannot be read or played; `I`
/// is the game's reason for refusing a move. `word` is quoted shortened.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MovesError<I: std::error::Error + 'static> {
    #[error(transparent)]
    TooLong(TooLong),
    #[error("move {index} `{word}` is not a move (expected {expected})")]
    Malformed { index: usize, word: String, expected: &'static str },
    #[error("move {index} `{word}` cannot be played: {reason}")]
    Illegal { index: usize, word: String, reason: I },
}

/// A link's moves as played: the position they reach and the moves.
pub type PlayedMoves<P> = (P, Vec<<P as crate::session::Table>::Move>);

/// A move as one word of a link's `moves=` list (`25th`): URL-safe, read back by
/// [`LinkWord::parse_word`] without knowing the position.
pub trait LinkWord: Copy {
    /// What a word looks like, for errors ("a pile 1-7, ... : 25th, 3fah").
    const EXPECTED: &'static str;
    /// Writes the move's word.
    fn write_word(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Reads one word; `None` when it is not in the notation.
    fn parse_word(word: &str) -> Option<Self>;

    /// The move's word.
    fn word(&self) -> String {
        Word(*self).to_string()
    }
}

/// A [`LinkWord`] move shown as its word.
struct Word<M>(M);

impl<M: LinkWord> fmt::Display for Word<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_word(f)
    }
}

/// How a game's moves are written in a link's `moves=` list, and read back and played from the
/// position they start from. Games whose moves are [`LinkWord`]s get it as words joined by
/// dots; a game whose words depend on the position writes its own.
pub trait LinkMoves: crate::session::Table {
    type Error: std::error::Error + 'static;
    /// `moves`, played from `self`, as a link's list.
    fn moves_text(&self, moves: &[Self::Move]) -> String;
    /// Reads a link's list and plays it from `self` through the rules, saying which move is
    /// wrong and why. A list longer than [`MAX_MOVES_LEN`] is refused before anything is read.
    fn play_moves_text(&self, text: &str) -> Result<PlayedMoves<Self>, Self::Error>;
}

impl<P> LinkMoves for P
where
    P: crate::session::Table,
    P::Move: LinkWord,
    P::Illegal: std::error::Error + 'static,
{
    type Error = MovesError<P::Illegal>;

    fn moves_text(&self, moves: &[P::Move]) -> String {
        format_link_words(moves)
    }

    fn play_moves_text(&self, text: &str) -> Result<PlayedMoves<P>, MovesError<P::Illegal>> {
        check_length(text, MAX_MOVES_LEN, "list of moves").map_err(MovesError::TooLong)?;
        let mut position = self.clone();
        let mut moves = Vec::new();
        for (index, word) in text.split('.').filter(|w| !w.is_empty()).enumerate() {
            let index = index + 1;
            let Some(mv) = P::Move::parse_word(word) else {
                return Err(MovesError::Malformed { index, word: quote(word), expected: P::Move::EXPECTED });
            };
            position = position.after(mv).map_err(|reason| MovesError::Illegal {
                index,
                word: quote(word),
                reason,
            })?;
            moves.push(mv);
        }
        Ok((position, moves))
    }
}

/// A link's list of moves read and played from `start`, or what is wrong with it in words.
pub fn read_link_moves<P: LinkMoves>(start: &P, text: &str) -> Result<Vec<P::Move>, String> {
    start.play_moves_text(text).map(|(_, moves)| moves).map_err(|error| error.to_string())
}

/// `moves` as a link's list: their words joined by dots.
pub fn format_link_words<M: LinkWord>(moves: &[M]) -> String {
    use fmt::Write;
    let mut text = String::with_capacity(moves.len() * 5);
    for (i, mv) in moves.iter().enumerate() {
        let dot = if i == 0 { "" } else { "." };
        write!(text, "{dot}{}", Word(*mv)).expect("writing to a String does not fail");
    }
    text
}

/// Why a versioned position code (Tic-Tac-Toe, Fox and Hounds) does not open a position; `E`
/// says what is wrong with a position that decodes but breaks the game's rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionCodeError<E: std::error::Error + 'static> {
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error("the position code `{code}` holds {found} bytes, not {expected}")]
    WrongLength { code: String, found: usize, expected: usize },
    #[error(
        "the position code `{code}` has version {version}, which this version of Deckhand does not know"
    )]
    UnknownVersion { code: String, version: u8 },
    #[error("the position code `{code}` is out of range")]
    OutOfRange { code: String },
    #[error(transparent)]
    Position(E),
}

/// The `N` payload bytes of a position code whose first byte must be `version`; a code longer
/// than [`MAX_POSITION_CODE_LEN`] is refused first.
pub fn decode_position_code<const N: usize, E: std::error::Error + 'static>(
    code: &str,
    version: u8,
) -> Result<[u8; N], PositionCodeError<E>> {
    check_length(code, MAX_POSITION_CODE_LEN, "position code").map_err(LinkError::from)?;
    let bytes = decode_bytes(code)?;
    let Some((&found_version, payload)) = bytes.split_first().filter(|(_, payload)| payload.len() == N)
    else {
        return Err(PositionCodeError::WrongLength {
            code: quote(code),
            found: bytes.len(),
            expected: N + 1,
        });
    };
    if found_version != version {
        return Err(PositionCodeError::UnknownVersion { code: quote(code), version: found_version });
    }
    Ok(payload.try_into().expect("the length was checked"))
}

/// A deal number in a link (any `u64`), or an error that says what is wrong with it.
pub fn parse_seed(text: &str) -> Result<u64, LinkError> {
    text.parse::<u64>().map_err(|_| LinkError::BadParameter {
        key: "deal".into(),
        value: quote(text),
        expected: "a whole number from 0 to 18446744073709551615".into(),
    })
}

/// A link's variant parameter: its name (`draw`) and value (`3`).
pub type VariantParameter = Option<(&'static str, String)>;

/// A page of the app, as named by the hash part of its URL. A solitaire's pages name the game
/// by its registered key ([`crate::games::Play::KEY`]) and leave the deal to the game
/// ([`Dealing::parse_deal_path`]), which has already read it once when the route was parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    /// A solitaire's table: the deal's path after the key (`164`, `deck/<code>`; empty when
    /// the link names no deal), the variant parameter, and the link's `moves=` list, unread.
    Table {
        game: &'static str,
        deal: String,
        variant: VariantParameter,
        moves: Option<String>,
    },
    /// `#/<game>/day/<date>`: that day's deal of the day.
    Day {
        game: &'static str,
        date: Date,
        variant: VariantParameter,
    },
    TicTacToe {
        position: Option<String>,
    },
    FoxHounds {
        position: Option<String>,
    },
}

impl Route {
    /// The link to `deal` of game `G`, with `moves` played from its start if any.
    pub fn table<G: Dealing>(deal: &G::Deal, moves: &[G::Move]) -> Route {
        let moves = (!moves.is_empty()).then(|| G::moves_code(deal, moves));
        let variant = variant_parameter::<G>(G::variant(deal)).map(|(k, v)| (k, v.to_string()));
        Route::Table { game: G::KEY, deal: G::deal_path(deal), variant, moves }
    }

    /// The link to a fresh table of game `G` in `variant` (a deal is chosen there).
    pub fn fresh<G: Dealing>(variant: G::Variant) -> Route {
        let variant = variant_parameter::<G>(variant).map(|(k, v)| (k, v.to_string()));
        Route::Table { game: G::KEY, deal: String::new(), variant, moves: None }
    }

    /// The link to game `G`'s deal of the day on `date` in `variant`.
    pub fn day<G: Dealing>(date: Date, variant: G::Variant) -> Route {
        let variant = variant_parameter::<G>(variant).map(|(k, v)| (k, v.to_string()));
        Route::Day { game: G::KEY, date, variant }
    }

    /// The deal a table route names for game `G` (`Ok(None)`: none named) and its variant.
    pub fn deal<G: Dealing>(
        deal: &str,
        variant: &VariantParameter,
    ) -> Result<(Option<G::Deal>, G::Variant), LinkError> {
        let variant = read_variant::<G>(variant.as_ref().map(|(_, v)| v.as_str()))?;
        let segments: Vec<&str> = deal.split('/').filter(|s| !s.is_empty()).collect();
        Ok((G::parse_deal_path(&segments, variant)?, variant))
    }

    /// Reads a URL's hash part (`#/freecell/164?moves=…`); an error says what is wrong.
    pub fn parse(hash: &str) -> Result<Route, LinkError> {
        check_length(hash, MAX_LINK_LEN, "link")?;
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let parameters: Vec<(&str, &str)> = query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| p.split_once('=').unwrap_or((p, "")))
            .collect();
        let parameter = |key: &str| parameters.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string());
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let route = match segments.as_slice() {
            [] => Route::Home,
            ["tictactoe"] => Route::TicTacToe { position: parameter("position") },
            ["foxhounds"] => Route::FoxHounds { position: parameter("position") },
            [key, rest @ ..] => {
                let read = ReadTable { rest, parameter: &parameter };
                match crate::games::visit(key, read) {
                    Some(route) => route?,
                    None => return Err(LinkError::UnknownPage { path: quote(path) }),
                }
            }
        };
        Ok(route)
    }
}

/// Reads a solitaire's route once the game is known by its key.
struct ReadTable<'a, F: Fn(&str) -> Option<String>> {
    rest: &'a [&'a str],
    parameter: &'a F,
}

impl<F: Fn(&str) -> Option<String>> Visit for ReadTable<'_, F> {
    type Output = Result<Route, LinkError>;

    fn visit<G: Game>(self) -> Result<Route, LinkError> {
        let variant = <G::Variant as crate::games::Variant>::PARAMETER
            .and_then(|key| (self.parameter)(key).map(|value| (key, value)));
        let chosen = read_variant::<G>(variant.as_ref().map(|(_, v)| v.as_str()))?;
        match self.rest {
            ["day", date] => {
                let date = date.parse::<Date>().map_err(|error| LinkError::BadContent {
                    what: "date".into(),
                    reason: error.to_string(),
                })?;
                Ok(Route::Day { game: G::KEY, date, variant })
            }
            rest => {
                G::parse_deal_path(rest, chosen)?;
                Ok(Route::Table {
                    game: G::KEY,
                    deal: rest.join("/"),
                    variant,
                    moves: (self.parameter)("moves"),
                })
            }
        }
    }
}

impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let query = |f: &mut fmt::Formatter<'_>, pairs: &[Option<(&str, &str)>]| -> fmt::Result {
            for (index, (key, value)) in pairs.iter().flatten().enumerate() {
                write!(f, "{}{key}={value}", if index == 0 { '?' } else { '&' })?;
            }
            Ok(())
        };
        fn variant(v: &VariantParameter) -> Option<(&str, &str)> {
            v.as_ref().map(|(k, v)| (*k, v.as_str()))
        }
        match self {
            Route::Home => write!(f, "#/"),
            Route::Table { game, deal, variant: v, moves } => {
                write!(f, "#/{game}")?;
                if !deal.is_empty() {
                    write!(f, "/{deal}")?;
                }
                query(f, &[variant(v), moves.as_deref().map(|m| ("moves", m))])
            }
            Route::Day { game, date, variant: v } => {
                write!(f, "#/{game}/day/{date}")?;
                query(f, &[variant(v)])
            }
            Route::TicTacToe { position } => {
                write!(f, "#/tictactoe")?;
                query(f, &[position.as_deref().map(|p| ("position", p))])
            }
            Route::FoxHounds { position } => {
                write!(f, "#/foxhounds")?;
                query(f, &[position.as_deref().map(|p| ("position", p))])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    #[test]
    fn deck_codes_round_trip() {
        for seed in 0..200 {
            let deck = seeded_deck(seed);
            let code = encode_deck(&deck);
            assert_eq!(code.len(), 39);
            assert_eq!(decode_deck(&code).unwrap(), deck);
        }
        let ordered = Deck::ordered();
        assert_eq!(encode_deck(&ordered), format!("1{}", "A".repeat(38)));
        let reversed = Deck::from_cards(ordered.cards().iter().rev().copied().collect()).unwrap();
        assert_eq!(decode_deck(&encode_deck(&reversed)).unwrap(), reversed);
    }

    #[test]
    fn bad_deck_codes_explain_themselves() {
        let good = encode_deck(&seeded_deck(3));
        assert!(matches!(decode_deck(""), Err(LinkError::WrongLength { found: 0, .. })));
        assert!(matches!(decode_deck(&good[..20]), Err(LinkError::WrongLength { found: 20, .. })));
        assert!(matches!(decode_deck(&format!("9{}", &good[1..])), Err(LinkError::UnknownVersion { .. })));
        let bad = format!("{}*{}", &good[..5], &good[6..]);
        assert!(matches!(
            decode_deck(&bad),
            Err(LinkError::BadCharacter { character: '*', position: 6, .. })
        ));
        assert!(matches!(decode_deck(&format!("1{}", "_".repeat(38))), Err(LinkError::OutOfRange { .. })));
    }

    #[test]
    fn bytes_round_trip() {
        for length in 0..20 {
            let bytes: Vec<u8> = (0..length).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(decode_bytes(&encode_bytes(&bytes)).unwrap(), bytes);
        }
        assert!(decode_bytes("ab*d").is_err());
        assert!(decode_bytes("abcde").is_err());
    }

    #[test]
    fn routes_parse_and_print() {
        let cases = [
            "#/",
            "#/freecell",
            "#/freecell/164",
            "#/freecell/164?moves=abc",
            "#/pyramid",
            "#/pyramid/deal/12",
            "#/klondike/5?draw=3",
            "#/klondike?draw=1",
            "#/freecell/day/2026-11-26",
            "#/pyramid/day/2000-01-01",
            "#/klondike/day/2024-02-29?draw=3",
            "#/tictactoe",
            "#/foxhounds?position=abc",
        ];
        for hash in cases {
            let route = Route::parse(hash).unwrap();
            assert_eq!(route.to_string(), hash, "{route:?}");
        }
        let board = crate::freecell::board_code::encode(&crate::freecell::Position::deal(
            crate::deal::DealNumber::new(5).unwrap(),
        ));
        let hash = format!("#/freecell/board/{board}?moves=1a");
        assert_eq!(Route::parse(&hash).unwrap().to_string(), hash);
        assert!(matches!(Route::parse("#/freecell/board/xyz"), Err(LinkError::BadContent { .. })));
        let deck = std::rc::Rc::new(seeded_deck(9));
        let deal = crate::pyramid::PyramidDeal { seed: None, deck: deck.clone() };
        let route = Route::table::<crate::pyramid::Pyramid>(&deal, &[]);
        assert_eq!(Route::parse(&route.to_string()).unwrap(), route);
        let deal = crate::klondike::KlondikeDeal { seed: None, deck, draw: crate::klondike::Draw::Three };
        let moves = [crate::klondike::Move::Draw];
        let route = Route::table::<crate::klondike::Klondike>(&deal, &moves);
        assert_eq!(Route::parse(&route.to_string()).unwrap(), route);
        assert!(route.to_string().contains("?draw=3&moves=d"), "{route}");
        assert_eq!(Route::parse("").unwrap(), Route::Home);
    }

    #[test]
    fn bad_routes_say_what_is_wrong() {
        assert!(matches!(Route::parse("#/freecell/0"), Err(LinkError::DealNumber(_))));
        assert!(matches!(Route::parse("#/freecell/abc"), Err(LinkError::DealNumber(_))));
        assert!(matches!(Route::parse("#/nonsense"), Err(LinkError::UnknownPage { .. })));
        assert!(matches!(Route::parse("#/klondike/4?draw=2"), Err(LinkError::BadParameter { .. })));
        assert!(matches!(Route::parse("#/klondike/deck/zzz"), Err(LinkError::UnknownVersion { .. })));
        assert!(matches!(Route::parse("#/klondike/4/5"), Err(LinkError::UnknownPage { .. })));
        assert!(matches!(Route::parse("#/pyramid/zzz"), Err(LinkError::UnknownVersion { .. })));
        let message = Route::parse("#/freecell/day/2023-02-29").unwrap_err().to_string();
        assert!(message.contains("date") && message.contains("2023-02-29 is not a day"), "{message}");
        assert!(matches!(
            Route::parse("#/klondike/day/2026-11-26?draw=2"),
            Err(LinkError::BadParameter { .. })
        ));
        let message = Route::parse("#/freecell/99999999999").unwrap_err().to_string();
        assert!(message.contains("out of range"), "{message}");
    }

    /// A bad character near the end of a long code: the error is built once (the old decoder
    /// built one, copying the whole code, for every character before it) and quotes only the
    /// code's start.
    #[test]
    fn long_bad_codes_are_refused_with_short_errors() {
        let mut code = "A".repeat(MAX_BYTES_CODE_LEN - 1);
        code.push('*');
        let error = decode_bytes(&code).unwrap_err();
        let LinkError::BadCharacter { code: quoted, character: '*', position } = &error else {
            panic!("{error:?}")
        };
        assert_eq!(*position, MAX_BYTES_CODE_LEN);
        assert_eq!(quoted.chars().count(), crate::limits::MAX_QUOTED + 1);
        assert!(error.to_string().len() < 200, "{error}");
        // Over the cap: refused before any character is looked at.
        let huge = "*".repeat(1 << 20);
        assert_eq!(
            decode_bytes(&huge),
            Err(LinkError::TooLong(TooLong {
                what: "code".into(),
                limit: MAX_BYTES_CODE_LEN,
                found: 1 << 20
            }))
        );
        let message = decode_bytes(&huge).unwrap_err().to_string();
        assert_eq!(message, "a code is at most 65,536 characters; this one has 1,048,576");
        // The wrong-length error of a long code quotes it shortened too.
        let error = decode_bytes(&"A".repeat(MAX_BYTES_CODE_LEN - 3)).unwrap_err();
        assert!(matches!(&error, LinkError::WrongLength { code, .. } if code.ends_with('…')), "{error:?}");
    }

    #[test]
    fn long_deck_codes_and_links_say_little() {
        let long = format!("1{}", "A".repeat(300_000));
        let error = decode_deck(&long).unwrap_err();
        assert!(matches!(error, LinkError::WrongLength { found: 300_001, .. }), "{error:?}");
        assert!(error.to_string().len() < 200, "{error}");
        let error = decode_deck(&format!("9{}", "x".repeat(300_000))).unwrap_err();
        assert!(error.to_string().len() < 200, "{error}");

        let hash = format!("#/tictactoe?position={}", "A".repeat(300_000));
        let error = Route::parse(&hash).unwrap_err();
        assert!(matches!(&error, LinkError::TooLong(t) if t.limit == MAX_LINK_LEN), "{error:?}");
        let error = Route::parse(&format!("#/{}", "x".repeat(60_000))).unwrap_err();
        assert!(matches!(&error, LinkError::UnknownPage { path } if path.chars().count() == 41), "{error:?}");
        let error = Route::parse(&format!("#/klondike/{}", "9".repeat(60_000))).unwrap_err();
        assert!(error.to_string().len() < 200, "{error}");
        let error = Route::parse(&format!("#/freecell/{}", "9".repeat(60_000))).unwrap_err();
        assert!(error.to_string().len() < 200, "{error}");
        // A link with a full list of moves is still read.
        let moves = vec!["d"; MAX_MOVES].join(".");
        assert!(Route::parse(&format!("#/klondike/5?draw=3&moves={moves}")).is_ok());
    }

    #[test]
    fn position_codes_are_capped() {
        let code = "A".repeat(MAX_POSITION_CODE_LEN + 1);
        let error = decode_position_code::<2, crate::tictactoe::PositionError>(&code, 1).unwrap_err();
        assert!(matches!(error, PositionCodeError::Link(LinkError::TooLong(_))), "{error:?}");
        let code = "A".repeat(MAX_POSITION_CODE_LEN);
        let error = decode_position_code::<2, crate::tictactoe::PositionError>(&code, 1).unwrap_err();
        assert!(
            matches!(&error, PositionCodeError::WrongLength { code, found: 48, .. } if code.ends_with('…'))
        );
    }
}
