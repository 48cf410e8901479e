//! Cards, ranks, suits and colours; parsing and formatting of card text; the 52-card deck check.
//!
//! A card is written rank then suit (`TH`, `10h`, `A♠`). Parsing is case-insensitive;
//! formatting is always upper case with `T` for ten.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{check_length, quote, Listed, TooLong};

/// The longest deck paste [`DeckSetup::parse`] reads, in characters. A deck written out
/// card by card takes about 160; with symbols, commas, brackets and a pyramid's indentation
/// under 1,000.
pub const MAX_PASTE_LEN: usize = 8_192;

/// A card's rank, Ace low (value 1) to King (value 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// All ranks from Ace to King.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The face value: Ace 1 … King 13.
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank whose value is `value` (1..=13).
    pub const fn from_value(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank::ALL[value as usize - 1])
        } else {
            None
        }
    }

    /// The next higher rank, if any.
    pub const fn succ(self) -> Option<Rank> {
        Rank::from_value(self.value() + 1)
    }

    /// The next lower rank, if any.
    pub const fn pred(self) -> Option<Rank> {
        Rank::from_value(self.value() - 1)
    }

    /// The one-character symbol used in card text (`A 2 … 9 T J Q K`).
    pub const fn char(self) -> char {
        b"A23456789TJQK"[self as usize - 1] as char
    }

    /// The English name ("ace", "ten", "king").
    pub const fn name(self) -> &'static str {
        [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
            "king",
        ][self as usize - 1]
    }

    /// Parses the rank part of a card token (case-insensitive; `10` and `T` both mean ten).
    pub fn parse(text: &str) -> Option<Rank> {
        if text.len() > 2 {
            return None;
        }
        let rank = match text.to_ascii_uppercase().as_str() {
            "A" | "1" => Rank::Ace,
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "T" | "10" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            _ => return None,
        };
        Some(rank)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A card's suit, in the order Microsoft's FreeCell deals use: clubs, diamonds, hearts, spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Suit {
    Clubs = 0,
    Diamonds,
    Hearts,
    Spades,
}

/// A suit's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    Black,
    Red,
}

impl Suit {
    /// All suits in deal order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// 0 for clubs … 3 for spades.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit at `index` (0..4).
    pub const fn from_index(index: usize) -> Option<Suit> {
        if index < 4 {
            Some(Suit::ALL[index])
        } else {
            None
        }
    }

    pub const fn color(self) -> Color {
        match self {
            Suit::Clubs | Suit::Spades => Color::Black,
            Suit::Diamonds | Suit::Hearts => Color::Red,
        }
    }

    /// The letter used in card text (`C D H S`).
    pub const fn char(self) -> char {
        b"CDHS"[self as usize] as char
    }

    /// The suit symbol (♣ ♦ ♥ ♠).
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// The English plural name ("hearts").
    pub const fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }

    /// Parses a suit letter (either case) or symbol (filled or outline).
    pub fn parse(text: &str) -> Option<Suit> {
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        let suit = match c {
            'c' | 'C' | '♣' | '♧' => Suit::Clubs,
            'd' | 'D' | '♦' | '♢' => Suit::Diamonds,
            'h' | 'H' | '♥' | '♡' => Suit::Hearts,
            's' | 'S' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        };
        Some(suit)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A playing card, stored densely as `(rank - 1) * 4 + suit` (0..52), the order of
/// Microsoft's deal generator, so card sets fit in a `u64` bit mask.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank as u8 - 1) * 4 + suit as u8)
    }

    /// The card with dense index `index` (0..52).
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The dense index 0..52: `(rank - 1) * 4 + suit`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// This card's bit in a 52-bit card set.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    pub const fn rank(self) -> Rank {
        // `Rank::ALL[index / 4]` (an index is below 52), as a match that the compiler turns
        // into `index / 4 + 1`, with no table to read and no bounds to check: the solvers ask
        // this in their inner loops.
        match self.0 / 4 {
            0 => Rank::Ace,
            1 => Rank::Two,
            2 => Rank::Three,
            3 => Rank::Four,
            4 => Rank::Five,
            5 => Rank::Six,
            6 => Rank::Seven,
            7 => Rank::Eight,
            8 => Rank::Nine,
            9 => Rank::Ten,
            10 => Rank::Jack,
            11 => Rank::Queen,
            _ => Rank::King,
        }
    }

    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 % 4) as usize]
    }

    pub const fn color(self) -> Color {
        self.suit().color()
    }

    /// All 52 cards in index order (A♣ A♦ A♥ A♠ 2♣ …).
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// The accessible English name, "ten of hearts".
    pub fn name(self) -> String {
        format!("{} of {}", self.rank().name(), self.suit().name())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a token is not a card. The token is quoted shortened ([`crate::limits::quote`]).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum CardError {
    #[error("empty card text")]
    Empty,
    #[error("`{token}` has no suit: a card ends with one of C D H S or ♣ ♦ ♥ ♠")]
    MissingSuit { token: String },
    #[error("`{token}` has an unknown suit `{suit}` (expected C D H S or ♣ ♦ ♥ ♠)")]
    UnknownSuit { token: String, suit: String },
    #[error("`{token}` has an unknown rank `{rank}` (expected A 2-9 T/10 J Q K)")]
    UnknownRank { token: String, rank: String },
}

impl FromStr for Card {
    type Err = CardError;

    fn from_str(token: &str) -> Result<Card, CardError> {
        let token = token.trim();
        let Some(last) = token.chars().last() else {
            return Err(CardError::Empty);
        };
        let split = token.len() - last.len_utf8();
        let (rank_text, suit_text) = token.split_at(split);
        if rank_text.is_empty() {
            return Err(CardError::MissingSuit { token: quote(token) });
        }
        let Some(suit) = Suit::parse(suit_text) else {
            if Rank::parse(token).is_some() {
                return Err(CardError::MissingSuit { token: quote(token) });
            }
            return Err(CardError::UnknownSuit { token: quote(token), suit: suit_text.to_string() });
        };
        let Some(rank) = Rank::parse(rank_text) else {
            return Err(CardError::UnknownRank { token: quote(token), rank: quote(rank_text) });
        };
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards as a 52-bit mask.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const FULL: CardSet = CardSet((1 << 52) - 1);

    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }
    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.bit();
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The cards in index order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |card| self.contains(*card))
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// Where a token stands in pasted text: its 1-based number among the tokens, line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenPosition {
    pub token: usize,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for TokenPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            0 => write!(f, "card {}", self.token),
            _ => write!(f, "token {} (line {}, column {})", self.token, self.line, self.column),
        }
    }
}

/// A token that is not a card, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{error} at {position}")]
pub struct MalformedToken {
    pub position: TokenPosition,
    pub error: CardError,
}

/// The cards read from free text, in order, with each token's position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedCards {
    pub cards: Vec<(Card, TokenPosition)>,
    pub malformed: Vec<MalformedToken>,
}

fn is_token_char(c: char) -> bool {
    c.is_alphanumeric() || "♣♦♥♠♧♢♡♤".contains(c)
}

/// The tokens of one line of free text: each token's 1-based character column and its byte
/// range. Anything that is not a letter, digit or suit symbol separates tokens, so commas,
/// brackets and pyramid-shaped layouts all work.
pub fn line_tokens(line: &str) -> Vec<(usize, std::ops::Range<usize>)> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (column, (offset, c)) in line.char_indices().enumerate() {
        if is_token_char(c) {
            start.get_or_insert((offset, column + 1));
        } else if let Some((begin, first)) = start.take() {
            tokens.push((first, begin..offset));
        }
    }
    if let Some((begin, first)) = start {
        tokens.push((first, begin..line.len()));
    }
    tokens
}

/// Reads every card token from free text (see [`line_tokens`]).
pub fn parse_cards(text: &str) -> ParsedCards {
    let mut parsed = ParsedCards::default();
    let mut count = 0;
    for (line_index, line) in text.lines().enumerate() {
        for (column, range) in line_tokens(line) {
            count += 1;
            let position = TokenPosition { token: count, line: line_index + 1, column };
            match line[range].parse::<Card>() {
                Ok(card) => parsed.cards.push((card, position)),
                Err(error) => parsed.malformed.push(MalformedToken { position, error }),
            }
        }
    }
    parsed
}

/// A card that appears more than once, with where each copy stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicate {
    pub card: Card,
    pub positions: Vec<TokenPosition>,
}

/// Everything wrong with a would-be 52-card deck, all at once.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{}", self.describe())]
pub struct DeckError {
    /// How many cards were read (malformed tokens not counted).
    pub found: usize,
    /// Cards of the full deck that do not appear, in index order.
    pub missing: Vec<Card>,
    /// Cards that appear more than once, in index order, with every position.
    pub duplicated: Vec<Duplicate>,
    /// Tokens that are not cards, with their positions.
    pub malformed: Vec<MalformedToken>,
    /// Set when the text was longer than [`MAX_PASTE_LEN`] and so was not read at all (the
    /// lists above are then empty).
    #[serde(default)]
    pub too_long: Option<TooLong>,
}

fn card_list(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Duplicate {
    /// "KS appears 3 times: card 1, card 9, card 52", at most the first few places listed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} appears {} times: {}",
            self.card,
            self.positions.len(),
            Listed::new(&self.positions, ", ")
        )
    }
}

/// One problem of a [`DeckError`], for a bounded listing.
enum DeckProblem<'a> {
    Missing(&'a [Card]),
    Duplicated(&'a Duplicate),
    Malformed(&'a MalformedToken),
}

impl fmt::Display for DeckProblem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeckProblem::Missing(cards) => write!(f, "missing {}", card_list(cards)),
            DeckProblem::Duplicated(duplicate) => write!(f, "{duplicate}"),
            DeckProblem::Malformed(token) => write!(f, "{token}"),
        }
    }
}

impl DeckError {
    /// The error for a text longer than [`MAX_PASTE_LEN`].
    pub fn too_long(too_long: TooLong) -> DeckError {
        DeckError {
            found: 0,
            missing: Vec::new(),
            duplicated: Vec::new(),
            malformed: Vec::new(),
            too_long: Some(too_long),
        }
    }

    /// At most the first few problems, then "and N more".
    fn describe(&self) -> String {
        if let Some(too_long) = &self.too_long {
            return too_long.to_string();
        }
        let mut problems = Vec::new();
        if !self.missing.is_empty() {
            problems.push(DeckProblem::Missing(&self.missing));
        }
        problems.extend(self.duplicated.iter().map(DeckProblem::Duplicated));
        problems.extend(self.malformed.iter().map(DeckProblem::Malformed));
        let found = format!("found {} cards, expected 52", self.found);
        if problems.is_empty() {
            found
        } else {
            format!("{found}; {}", Listed::new(&problems, "; "))
        }
    }
}

/// A pasted deck, read but not yet checked: the card tokens in order with their positions and
/// the tokens that are not cards. It becomes a [`Deck`] only through [`DeckSetup::deck`],
/// whose error lists every problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeckSetup {
    pub cards: Vec<(Card, TokenPosition)>,
    pub malformed: Vec<MalformedToken>,
    /// Set when the text was longer than [`MAX_PASTE_LEN`]: then nothing was read.
    pub too_long: Option<TooLong>,
}

impl DeckSetup {
    /// Reads card tokens from free text (any separators, either case, `10` or `T`). A text
    /// longer than [`MAX_PASTE_LEN`] is not read: [`DeckSetup::deck`] then says so.
    pub fn parse(text: &str) -> DeckSetup {
        if let Err(too_long) = check_length(text, MAX_PASTE_LEN, "deck paste") {
            return DeckSetup { too_long: Some(too_long), ..DeckSetup::default() };
        }
        let parsed = parse_cards(text);
        DeckSetup { cards: parsed.cards, malformed: parsed.malformed, too_long: None }
    }

    /// Checks for exactly the 52 cards, each once, and nothing else.
    pub fn deck(&self) -> Result<Deck, DeckError> {
        if let Some(too_long) = &self.too_long {
            return Err(DeckError::too_long(too_long.clone()));
        }
        let mut positions: Vec<Vec<TokenPosition>> = vec![Vec::new(); 52];
        for &(card, position) in &self.cards {
            positions[card.index() as usize].push(position);
        }
        let missing: Vec<Card> = Card::all().filter(|c| positions[c.index() as usize].is_empty()).collect();
        let duplicated: Vec<Duplicate> = Card::all()
            .filter(|c| positions[c.index() as usize].len() > 1)
            .map(|card| Duplicate { card, positions: positions[card.index() as usize].clone() })
            .collect();
        if self.cards.len() == 52 && missing.is_empty() && self.malformed.is_empty() {
            Ok(Deck(self.cards.iter().map(|&(card, _)| card).collect()))
        } else {
            Err(DeckError {
                found: self.cards.len(),
                missing,
                duplicated,
                malformed: self.malformed.clone(),
                too_long: None,
            })
        }
    }
}

/// A full deck: each of the 52 cards exactly once, in a given order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Deck(Vec<Card>);

impl Deck {
    /// The 52 cards in index order.
    pub fn ordered() -> Deck {
        Deck(Card::all().collect())
    }

    /// Checks that `cards` holds each card exactly once (positions count cards from 1).
    pub fn from_cards(cards: Vec<Card>) -> Result<Deck, DeckError> {
        let cards = cards
            .into_iter()
            .enumerate()
            .map(|(i, card)| (card, TokenPosition { token: i + 1, line: 1, column: 0 }))
            .collect();
        DeckSetup { cards, malformed: Vec::new(), too_long: None }.deck()
    }

    pub fn cards(&self) -> &[Card] {
        &self.0
    }
}

impl FromStr for Deck {
    type Err = DeckError;

    /// Reads a deck from free text: 52 card tokens, any separators.
    fn from_str(text: &str) -> Result<Deck, DeckError> {
        DeckSetup::parse(text).deck()
    }
}

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&card_list(&self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn parses_every_spelling() {
        let ten_of_hearts = Card::new(Rank::Ten, Suit::Hearts);
        for text in ["TH", "th", "Th", "10h", "10H", "T♥", "10♥", "t♡", " TH "] {
            assert_eq!(card(text), ten_of_hearts, "{text}");
        }
        assert_eq!(card("as"), Card::new(Rank::Ace, Suit::Spades));
        assert_eq!(card("Kc"), Card::new(Rank::King, Suit::Clubs));
        assert_eq!(card("2♦"), Card::new(Rank::Two, Suit::Diamonds));
    }

    #[test]
    fn formats_upper_case_with_t() {
        assert_eq!(card("10h").to_string(), "TH");
        assert_eq!(card("a♠").to_string(), "AS");
        assert_eq!(card("qd").name(), "queen of diamonds");
    }

    #[test]
    fn every_card_round_trips() {
        for c in Card::all() {
            assert_eq!(card(&c.to_string()), c);
            assert_eq!(Card::from_index(c.index()), Some(c));
            assert_eq!(Card::new(c.rank(), c.suit()), c);
        }
        assert_eq!(Card::all().count(), 52);
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn index_follows_microsoft_order() {
        assert_eq!(card("AC").index(), 0);
        assert_eq!(card("AD").index(), 1);
        assert_eq!(card("2C").index(), 4);
        assert_eq!(card("KS").index(), 51);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!("".parse::<Card>(), Err(CardError::Empty));
        assert!(matches!("1x".parse::<Card>(), Err(CardError::UnknownSuit { .. })));
        assert!(matches!("ZH".parse::<Card>(), Err(CardError::UnknownRank { .. })));
        assert!(matches!("11H".parse::<Card>(), Err(CardError::UnknownRank { .. })));
        assert!(matches!("K".parse::<Card>(), Err(CardError::MissingSuit { .. })));
        assert!(matches!("H".parse::<Card>(), Err(CardError::MissingSuit { .. })));
        let message = "ZH".parse::<Card>().unwrap_err().to_string();
        assert!(message.contains("`ZH`") && message.contains("`Z`"), "{message}");
    }

    #[test]
    fn colours() {
        assert_eq!(card("TH").color(), Color::Red);
        assert_eq!(card("TD").color(), Color::Red);
        assert_eq!(card("TC").color(), Color::Black);
        assert_eq!(card("TS").color(), Color::Black);
    }

    #[test]
    fn rank_steps() {
        assert_eq!(Rank::Ace.pred(), None);
        assert_eq!(Rank::King.succ(), None);
        assert_eq!(Rank::Nine.succ(), Some(Rank::Ten));
        assert_eq!(Rank::from_value(0), None);
        assert_eq!(Rank::from_value(14), None);
    }

    #[test]
    fn parse_cards_reports_positions() {
        let parsed = parse_cards("  AH\n 2s, Xq [10d]");
        let cards: Vec<String> = parsed.cards.iter().map(|(c, _)| c.to_string()).collect();
        assert_eq!(cards, ["AH", "2S", "TD"]);
        assert_eq!(parsed.malformed.len(), 1);
        let bad = &parsed.malformed[0];
        assert_eq!(bad.position, TokenPosition { token: 3, line: 2, column: 6 });
        assert!(bad.to_string().contains("token 3 (line 2, column 6)"), "{bad}");
    }

    #[test]
    fn deck_check_lists_missing_and_duplicates() {
        let full = Deck::ordered();
        assert_eq!(Deck::from_cards(full.cards().to_vec()).unwrap(), full);
        let mut cards = full.cards().to_vec();
        cards[0] = card("KS"); // AC replaced by a second KS
        let error = Deck::from_cards(cards).unwrap_err();
        assert_eq!(error.found, 52);
        assert_eq!(error.missing, vec![card("AC")]);
        assert_eq!(error.duplicated.len(), 1);
        assert_eq!(error.duplicated[0].card, card("KS"));
        assert_eq!(error.duplicated[0].positions.iter().map(|p| p.token).collect::<Vec<_>>(), [1, 52]);
        let message = error.to_string();
        assert!(
            message.contains("missing AC") && message.contains("KS appears 2 times: card 1, card 52"),
            "{message}"
        );
    }

    #[test]
    fn deck_from_text_reports_everything() {
        let text = Deck::ordered().to_string().replacen("AC", "1X", 1) + " QQ";
        let error = text.parse::<Deck>().unwrap_err();
        assert_eq!(error.found, 51);
        assert_eq!(error.missing, vec![card("AC")]);
        assert_eq!(error.malformed.len(), 2);
        assert_eq!(error.malformed[0].position.token, 1);
        assert_eq!(error.malformed[1].position.token, 53);
    }

    #[test]
    fn long_pastes_are_refused_first() {
        let text = "KS ".repeat(349_526); // 1,048,578 characters
        let error = text.parse::<Deck>().unwrap_err();
        assert_eq!(error.too_long.as_ref().map(|t| (t.limit, t.found)), Some((MAX_PASTE_LEN, text.len())));
        assert_eq!(error.found, 0);
        assert!(error.duplicated.is_empty() && error.malformed.is_empty() && error.missing.is_empty());
        assert_eq!(error.to_string(), "a deck paste is at most 8,192 characters; this one has 1,048,578");
        // Just under the cap: read, and the problems listed at most five, then "and N more".
        let text = "KS ".repeat(MAX_PASTE_LEN / 3);
        let error = text.parse::<Deck>().unwrap_err();
        assert_eq!(error.duplicated[0].positions.len(), MAX_PASTE_LEN / 3);
        let message = error.to_string();
        assert!(message.len() < 600, "{} bytes: {message}", message.len());
        assert!(message
            .contains("KS appears 2730 times: token 1 (line 1, column 1), token 2 (line 1, column 4), "));
        assert!(message.contains("token 5 (line 1, column 13), and 2,725 more"), "{message}");
        let text = "ZZ ".repeat(MAX_PASTE_LEN / 3);
        let message = text.parse::<Deck>().unwrap_err().to_string();
        assert!(message.len() < 1000 && message.ends_with("and 2,726 more"), "{message}");
    }

    #[test]
    fn long_tokens_are_quoted_short() {
        let token = format!("{}H", "Q".repeat(100_000));
        let error = token.parse::<Card>().unwrap_err();
        assert!(
            matches!(&error, CardError::UnknownRank { token, rank } if token.ends_with('…') && rank.ends_with('…'))
        );
        assert!(error.to_string().len() < 200, "{error}");
        let error = "x".repeat(100_000).parse::<Card>().unwrap_err();
        assert!(error.to_string().len() < 200, "{error}");
    }

    #[test]
    fn card_set_basics() {
        let mut set = CardSet::EMPTY;
        set.insert(card("TH"));
        set.insert(card("AC"));
        assert!(set.contains(card("TH")));
        assert_eq!(set.len(), 2);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![card("AC"), card("TH")]);
        set.remove(card("TH"));
        assert_eq!(set.len(), 1);
        assert_eq!(CardSet::FULL.len(), 52);
    }
}
