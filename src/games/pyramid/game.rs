//! Pyramid on the shared card table: its deals, what each gesture means, how it is saved,
//! linked and judged by the optimal solver (see [`crate::games::Game`]).

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::rules::{covering, row_column, value};
use super::table::{click, intended_move, move_piles, Click, Pile};
use super::{grading, policy, Move, Options, Position, Solver, MAX_RECYCLES, PYRAMID_CARDS, ROWS};
use crate::cards::{Card, Deck, Rank};
use crate::deal::seeded_deck;
use crate::games::{Dealing, Grade, OneVariant, Place, Play, SolveMode, Solving, Spot, Tap};
use crate::search::Search;
use crate::session::{Start, Verdict};
use crate::share::{decode_deck, encode_deck, format_link_words, read_link_moves, LinkError, LinkMoves};

/// What a Pyramid game starts from: a deck, and the seed that shuffled it if it came from one.
#[derive(Clone, Debug, PartialEq)]
pub struct PyramidDeal {
    pub seed: Option<u64>,
    pub deck: Rc<Deck>,
}

impl PyramidDeal {
    /// The deal a seed stands for.
    pub fn seeded(seed: u64) -> PyramidDeal {
        PyramidDeal { seed: Some(seed), deck: Rc::new(seeded_deck(seed)) }
    }
}

impl Start<Position> for PyramidDeal {
    fn start(&self) -> Position {
        Position::new(&self.deck)
    }
}

/// The game in progress as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub seed: Option<u64>,
    /// The deck's link code.
    pub deck: String,
    /// The moves in link notation.
    pub moves: String,
}

/// Pyramid, as the table plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pyramid;

/// The cards still covering pyramid slot `index`, in words.
fn covered_by(position: &Position, index: usize) -> String {
    let names: Vec<String> = (0..PYRAMID_CARDS)
        .filter(|&other| covering(index) & (1 << other) != 0)
        .filter_map(|other| position.pyramid_card(other))
        .map(|card| format!("the {}", card.name()))
        .collect();
    names.join(" and ")
}

impl Play for Pyramid {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = ();

    const NAME: &'static str = "Pyramid";
    const KEY: &'static str = "pyramid";
    const SUMMARY: &'static str = "paste a deck and check it";

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse(name)
    }

    /// Any available card but the stock's (a click on the stock turns it).
    fn can_lift(position: &Position, pile: Pile, _depth: usize) -> bool {
        pile != Pile::Stock && pile.playable_card(position).is_some()
    }

    fn tap(position: &Position, pile: Pile, depth: usize) -> Tap<Move> {
        match click(position, None, pile) {
            Click::Play(mv) => Tap::Play(mv),
            Click::Pick(_) => Tap::Pick,
            Click::PutBack | Click::Nothing => Tap::Refuse(Pyramid::cannot_lift(position, pile, depth)),
        }
    }

    fn cannot_lift(position: &Position, pile: Pile, _depth: usize) -> String {
        match pile {
            Pile::Pyramid(index) => match position.pyramid_card(usize::from(index)) {
                None => "that card has already been removed".into(),
                Some(card) => {
                    format!("the {} is covered by {}", card.name(), covered_by(position, usize::from(index)))
                }
            },
            Pile::Waste => "the waste is empty".into(),
            Pile::Stock => "the stock is empty".into(),
        }
    }

    fn intended(position: &Position, from: Pile, _depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, to).map_err(|error| match (from.playable_card(position), error) {
            (None, _) => Pyramid::cannot_lift(position, from, 0),
            (Some(_), super::IntentError::NothingThere) => Pyramid::cannot_lift(position, to, 0),
            (Some(_), error) => error.to_string(),
        })
    }

    /// A king goes by itself.
    fn send_away(position: &Position, pile: Pile, _depth: usize) -> Option<Move> {
        let card = pile.playable_card(position)?;
        (card.rank() == Rank::King).then_some(Move::RemoveKing(card))
    }

    fn deal_move(position: &Position) -> Option<Move> {
        Some(if position.stock_top().is_some() { Move::Draw } else { Move::Recycle })
    }

    /// Removed cards leave the game: the deal is every card.
    fn cards(position: &Position) -> Vec<Card> {
        position.deal().to_vec()
    }

    fn carried(_position: &Position, mv: Move) -> Vec<Card> {
        mv.cards()
    }

    fn hint_spots(position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        match mv {
            Move::Draw | Move::Recycle => (vec![Spot { pile: Pile::Stock, depth: 0 }], None),
            _ => (move_piles(position, mv).into_iter().map(|pile| Spot { pile, depth: 0 }).collect(), None),
        }
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        let mut rows: Vec<Vec<Place<Pile>>> = vec![Vec::new(); ROWS];
        for index in 0..PYRAMID_CARDS {
            if position.pyramid_card(index).is_some() {
                let (row, column) = row_column(index);
                let x = column as f32 - row as f32 / 2.0;
                rows[row].push(Place { pile: Pile::Pyramid(index as u8), x, depths: 0..=0 });
            }
        }
        let bottom = -(ROWS as f32 - 1.0) / 2.0;
        rows.push(vec![
            Place { pile: Pile::Stock, x: bottom, depths: 0..=0 },
            Place { pile: Pile::Waste, x: bottom + 1.0, depths: 0..=0 },
        ]);
        rows.retain(|row| !row.is_empty());
        rows
    }

    fn pile_label(position: &Position, pile: Pile, _choosing: Option<usize>) -> String {
        let free = |card: Card| format!("{}, free", card.name());
        match pile {
            Pile::Pyramid(index) => match position.pyramid_card(usize::from(index)) {
                None => "removed".into(),
                Some(card) if position.is_uncovered(usize::from(index)) => free(card),
                Some(card) => format!("{}, covered", card.name()),
            },
            Pile::Stock => match position.stock_top() {
                Some(card) => format!("stock, {} cards: {}; Enter draws", position.stock().len(), free(card)),
                None if position.recycles_left() > 0 && !position.waste().is_empty() => {
                    "stock, empty: Enter turns the waste over".into()
                }
                None => "stock, empty".into(),
            },
            Pile::Waste => match position.waste_top() {
                Some(card) => format!("waste, {} cards: {}", position.waste().len(), free(card)),
                None => "waste, empty".into(),
            },
        }
    }

    fn score_extra(position: &Position) -> Option<String> {
        Some(format!("Recycles left: {}", position.recycles_left().min(MAX_RECYCLES)))
    }
}

impl Dealing for Pyramid {
    type Deal = PyramidDeal;
    type Variant = OneVariant;
    type Saved = SavedGame;

    const DAILY_SALT: u64 = 2;

    fn title(deal: &PyramidDeal) -> String {
        match deal.seed {
            Some(seed) => format!("Pyramid #{seed}"),
            None => "Pyramid (pasted deck)".into(),
        }
    }

    fn describe_deal(deal: &PyramidDeal) -> String {
        match deal.seed {
            Some(seed) => format!("deal {seed}"),
            None => "this deck".into(),
        }
    }

    fn seeded(seed: u64, _variant: OneVariant) -> Option<PyramidDeal> {
        Some(PyramidDeal::seeded(seed))
    }

    fn seed_of(deal: &PyramidDeal) -> Option<u64> {
        deal.seed
    }

    fn deal_path(deal: &PyramidDeal) -> String {
        match deal.seed {
            Some(seed) => format!("deal/{seed}"),
            None => encode_deck(&deal.deck),
        }
    }

    fn parse_deal_path(segments: &[&str], _variant: OneVariant) -> Result<Option<PyramidDeal>, LinkError> {
        match segments {
            [] => Ok(None),
            ["deal", number] => Ok(Some(PyramidDeal::seeded(crate::share::parse_seed(number)?))),
            [code] => Ok(Some(PyramidDeal { seed: None, deck: Rc::new(decode_deck(code)?) })),
            _ => Err(LinkError::UnknownPage { path: crate::limits::quote(&segments.join("/")) }),
        }
    }

    fn number_of(deal: &PyramidDeal) -> Option<String> {
        deal.seed.map(|seed| seed.to_string())
    }

    /// A number is a seeded deck (`deal/N` in links; a bare path is a deck code).
    fn numbered(number: &str, _variant: OneVariant) -> Result<PyramidDeal, LinkError> {
        Ok(PyramidDeal::seeded(crate::share::parse_seed(number)?))
    }

    fn moves_code(_deal: &PyramidDeal, moves: &[Move]) -> String {
        format_link_words(moves)
    }

    fn read_moves(start: &Position, code: &str) -> Result<Vec<Move>, String> {
        read_link_moves(start, code)
    }

    const PASTE: Option<&'static str> = Some(
        "A deck of 52 cards: the 28 pyramid cards row by row from the apex, then the stock from the top",
    );

    fn deal_from_text(text: &str, _variant: OneVariant) -> Result<PyramidDeal, String> {
        let deck = super::parse_deck(text).map_err(|error| error.to_string())?;
        Ok(PyramidDeal { seed: None, deck: Rc::new(deck) })
    }

    fn deal_text(deal: &PyramidDeal) -> Option<String> {
        Some(super::format_deck(&deal.deck))
    }

    fn save(deal: &PyramidDeal, moves: &[Move]) -> SavedGame {
        SavedGame { seed: deal.seed, deck: encode_deck(&deal.deck), moves: format_link_words(moves) }
    }

    fn restore(saved: SavedGame) -> Option<(PyramidDeal, Vec<Move>)> {
        let deal = PyramidDeal { seed: saved.seed, deck: Rc::new(decode_deck(&saved.deck).ok()?) };
        let (_, moves) = deal.start().play_moves_text(&saved.moves).ok()?;
        Some((deal, moves))
    }
}

impl Solving for Pyramid {
    type Solver = Solver;

    fn solver(position: &Position, _mode: SolveMode) -> Solver {
        Solver::new(position, Options::default())
    }

    fn grader(deal: &PyramidDeal) -> Box<dyn Search<Solution = Grade>> {
        Box::new(grading::Grader::new(&deal.deck))
    }

    fn policy_wins(deal: &PyramidDeal) -> Option<bool> {
        Some(policy::play_pyramid(&deal.deck))
    }

    fn still_winnable(steps: usize) -> String {
        format!("Still winnable: {steps} more steps at the fewest.")
    }

    fn deal_result(verdict: &Verdict<Move>) -> Option<String> {
        Some(match verdict {
            Verdict::Winnable(line) => {
                format!("Solvable: the pyramid clears in {} steps at the fewest.", line.len())
            }
            Verdict::Lost => "No solution: this pyramid cannot be cleared.".into(),
            Verdict::Unknown => "The solver gave up within its budget: unknown.".into(),
        })
    }
}

/// The pair two cards would make, for words: their values' sum.
pub fn pair_sum(first: Card, second: Card) -> u8 {
    value(first) + value(second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{spots, step_focus, Direction};

    #[test]
    fn covered_cards_say_so_and_refusals_name_the_cards() {
        let deal = PyramidDeal::seeded(2);
        let start = deal.start();
        let apex = start.pyramid_card(0).unwrap();
        assert_eq!(Pyramid::pile_label(&start, Pile::Pyramid(0), None), format!("{}, covered", apex.name()));
        match Pyramid::tap(&start, Pile::Pyramid(0), 0) {
            Tap::Refuse(reason) => {
                assert!(reason.starts_with(&format!("the {} is covered by the ", apex.name())), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        let card = |slot: u8| start.pyramid_card(usize::from(slot)).unwrap();
        let (a, b) = (21..28u8)
            .flat_map(|a| (a + 1..28).map(move |b| (a, b)))
            .find(|&(a, b)| pair_sum(card(a), card(b)) != 13 && card(a).rank() != Rank::King)
            .unwrap();
        let refused = Pyramid::intended(&start, Pile::Pyramid(a), 0, Pile::Pyramid(b)).unwrap_err();
        assert!(refused.contains(&card(a).name()) && refused.contains("not 13"), "{refused}");
    }

    #[test]
    fn the_keyboard_walks_the_rows_and_reaches_the_stock() {
        let start = PyramidDeal::seeded(2).start();
        let layout = Pyramid::layout(&start);
        assert_eq!(spots(&layout).count(), 30);
        let apex = Spot { pile: Pile::Pyramid(0), depth: 0 };
        assert_eq!(
            step_focus(&layout, apex, Direction::Down),
            Some(Spot { pile: Pile::Pyramid(1), depth: 0 })
        );
        let bottom_left = Spot { pile: Pile::Pyramid(21), depth: 0 };
        assert_eq!(
            step_focus(&layout, bottom_left, Direction::Down),
            Some(Spot { pile: Pile::Stock, depth: 0 })
        );
    }

    #[test]
    fn links_and_saved_games_round_trip() {
        let deal = PyramidDeal::seeded(5);
        let moves = vec![Move::Draw];
        assert_eq!(Pyramid::restore(Pyramid::save(&deal, &moves)), Some((deal.clone(), moves.clone())));
        assert_eq!(Pyramid::read_moves(&deal.start(), &format_link_words(&moves)), Ok(moves));
    }
}
