//! Klondike on the shared card table: its deals, what each gesture means, how it is saved,
//! linked and judged by the solver (see [`crate::games::Game`]).

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::table::{can_lift, finishing_moves, intended_move, move_piles_in, send_away, Pile};
use super::{
    deck_code, deck_from_code, grading, policy, Draw, Move, Options, Position, Rules, Solver, COLUMNS,
};
use crate::cards::{Card, Deck, Suit};
use crate::deal::seeded_deck;
use crate::games::{
    fanned_pile_words, foundation_words, Dealing, Grade, Place, Play, SolveMode, Solving, Spot, Tap, Variant,
};
use crate::search::Search;
use crate::session::Start;
use crate::share::{decode_deck, encode_deck, LinkError};

/// What a Klondike game starts from: a deck in dealing order, the seed that shuffled it (if
/// it came from one) and the draw.
#[derive(Clone, Debug, PartialEq)]
pub struct KlondikeDeal {
    pub seed: Option<u64>,
    pub deck: Rc<Deck>,
    pub draw: Draw,
}

impl KlondikeDeal {
    /// The deal a seed stands for.
    pub fn seeded(seed: u64, draw: Draw) -> KlondikeDeal {
        KlondikeDeal { seed: Some(seed), deck: Rc::new(seeded_deck(seed)), draw }
    }

    pub fn rules(&self) -> Rules {
        Rules::new(self.draw)
    }
}

impl Start<Position> for KlondikeDeal {
    fn start(&self) -> Position {
        Position::new(&self.deck, self.rules())
    }
}

/// The game in progress as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub seed: Option<u64>,
    /// The deck's link code.
    pub deck: String,
    pub draw: u8,
    pub moves: Vec<Move>,
}

/// Klondike, as the table plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Klondike;

/// "column 3".
fn column_name(column: u8) -> String {
    format!("column {}", u32::from(column) + 1)
}

/// The card a move takes first (the one that lands on its destination), if it moves a card.
fn moved_card(position: &Position, mv: Move) -> Option<Card> {
    match mv {
        Move::Draw | Move::Recycle => None,
        Move::WasteToTableau { .. } | Move::WasteToFoundation => position.waste_top(),
        Move::TableauToFoundation { from } => position.top(usize::from(from)),
        Move::TableauToTableau { from, count, .. } => {
            let column = position.column(usize::from(from));
            column.len().checked_sub(usize::from(count)).map(|depth| column[depth])
        }
        Move::FoundationToTableau { suit, .. } => position.foundation_top(suit),
    }
}

impl Variant for Draw {
    const PARAMETER: Option<&'static str> = Some("draw");
    const ALL: &'static [Draw] = &[Draw::One, Draw::Three];

    fn code(self) -> &'static str {
        match self {
            Draw::One => "1",
            Draw::Three => "3",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Draw::One => "Draw 1",
            Draw::Three => "Draw 3",
        }
    }
}

impl Play for Klondike {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = ();

    const NAME: &'static str = "Klondike";
    const KEY: &'static str = "klondike";
    const SUMMARY: &'static str = "draw 1 or 3, with a solver that sees every card";

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse(name)
    }

    fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
        can_lift(position, pile, depth)
    }

    fn tap(position: &Position, pile: Pile, depth: usize) -> Tap<Move> {
        match pile {
            Pile::Stock => Tap::Play(Klondike::deal_move(position).unwrap_or(Move::Draw)),
            _ if can_lift(position, pile, depth) => Tap::Pick,
            _ => Tap::Refuse(Klondike::cannot_lift(position, pile, depth)),
        }
    }

    fn cannot_lift(position: &Position, pile: Pile, depth: usize) -> String {
        match pile {
            Pile::Stock => "the stock's cards are drawn, not moved".into(),
            Pile::Waste if position.waste().is_empty() => "the waste is empty".into(),
            Pile::Waste => "only the waste's top card can be played".into(),
            Pile::Foundation(suit) => format!("the {} foundation is empty", suit.name()),
            Pile::Tableau(column) if position.column(usize::from(column)).is_empty() => {
                format!("{} is empty", column_name(column))
            }
            Pile::Tableau(column) if depth < position.face_down(usize::from(column)) => {
                "face-down cards cannot be moved".into()
            }
            Pile::Tableau(column) => format!("there is no card there in {}", column_name(column)),
        }
    }

    fn intended(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, depth, to).map_err(|error| error.to_string())
    }

    fn send_away(position: &Position, pile: Pile, _depth: usize) -> Option<Move> {
        send_away(position, pile)
    }

    fn deal_move(position: &Position) -> Option<Move> {
        Some(if position.stock().is_empty() { Move::Recycle } else { Move::Draw })
    }

    fn finish(position: &Position) -> Option<Vec<Move>> {
        finishing_moves(position)
    }

    fn all_face_up(position: &Position) -> bool {
        (0..COLUMNS).all(|column| position.face_down(column) == 0)
    }

    fn cards(position: &Position) -> Vec<Card> {
        let columns = (0..COLUMNS).flat_map(|c| position.column(c).iter().copied());
        let talon = position.stock().iter().chain(position.waste()).copied();
        columns.chain(talon).chain(crate::games::foundation_cards(|suit| position.foundation(suit))).collect()
    }

    fn carried(position: &Position, mv: Move) -> Vec<Card> {
        match mv {
            Move::TableauToTableau { from, count, .. } => {
                let column = position.column(usize::from(from));
                column[column.len().saturating_sub(usize::from(count))..].to_vec()
            }
            // Cards coming off the stock start face down: they travel nothing.
            other => moved_card(position, other).into_iter().collect(),
        }
    }

    fn hint_spots(position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        let (from, to) = move_piles_in(position, mv);
        let depth = match mv {
            Move::TableauToTableau { from, count, .. } => {
                position.column(usize::from(from)).len().saturating_sub(usize::from(count))
            }
            Move::TableauToFoundation { from } => position.column(usize::from(from)).len().saturating_sub(1),
            Move::WasteToTableau { .. } | Move::WasteToFoundation => position.waste().len().saturating_sub(1),
            Move::FoundationToTableau { .. } | Move::Draw | Move::Recycle => 0,
        };
        match mv {
            Move::Draw | Move::Recycle => (vec![Spot { pile: Pile::Stock, depth: 0 }], None),
            _ => (vec![Spot { pile: from, depth }], Some(to)),
        }
    }

    fn describe_move(position: &Position, mv: Move) -> String {
        let Some(card) = moved_card(position, mv) else { return mv.to_string() };
        let onto = |to: u8| match position.top(usize::from(to)) {
            Some(base) => format!("{} (onto the {})", column_name(to), base.name()),
            None => format!("{} (empty)", column_name(to)),
        };
        match mv {
            Move::WasteToTableau { to } => format!("Move the {} from the waste to {}", card.name(), onto(to)),
            Move::WasteToFoundation => format!("Move the {} from the waste to the foundation", card.name()),
            Move::TableauToFoundation { from } => {
                format!("Move the {} from {} to the foundation", card.name(), column_name(from))
            }
            Move::TableauToTableau { from, to, count } => {
                let rest = match count {
                    1 => String::new(),
                    2 => " and the card on it".into(),
                    n => format!(" and the {} cards on it", n - 1),
                };
                format!("Move the {}{rest} from {} to {}", card.name(), column_name(from), onto(to))
            }
            Move::FoundationToTableau { to, .. } => {
                format!("Move the {} from the foundation to {}", card.name(), onto(to))
            }
            Move::Draw | Move::Recycle => mv.to_string(),
        }
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        let single = |pile, x: usize| Place { pile, x: x as f32, depths: 0..=0 };
        let waste_top = position.waste().len().saturating_sub(1);
        let mut top =
            vec![single(Pile::Stock, 0), Place { pile: Pile::Waste, x: 1.0, depths: waste_top..=waste_top }];
        top.extend(Suit::ALL.iter().enumerate().map(|(i, &suit)| single(Pile::Foundation(suit), 3 + i)));
        let columns = (0..COLUMNS)
            .map(|column| {
                let last = position.column(column).len().saturating_sub(1);
                let first = position.face_down(column).min(last);
                Place { pile: Pile::Tableau(column as u8), x: column as f32, depths: first..=last }
            })
            .collect();
        vec![top, columns]
    }

    fn pile_label(position: &Position, pile: Pile, choosing: Option<usize>) -> String {
        match pile {
            Pile::Stock => match position.stock().len() {
                0 if position.waste().is_empty() => "stock, empty".into(),
                0 => "stock, empty: Enter turns the waste over".into(),
                n => format!("stock, {n} cards: Enter draws"),
            },
            Pile::Waste => match position.waste_top() {
                None => "waste, empty".into(),
                Some(card) => {
                    format!("waste, {} cards, the {} on top, free", position.waste().len(), card.name())
                }
            },
            Pile::Foundation(suit) => foundation_words(suit, position.foundation_top(suit)),
            Pile::Tableau(column) => fanned_pile_words(
                &column_name(column),
                position.column(usize::from(column)),
                position.face_down(usize::from(column)),
                choosing,
            ),
        }
    }

    fn score_extra(position: &Position) -> Option<String> {
        Some(format!("Passes: {}", position.recycles() + 1))
    }
}

impl Dealing for Klondike {
    type Deal = KlondikeDeal;
    type Variant = Draw;
    type Saved = SavedGame;

    const DAILY_SALT: u64 = 3;

    fn variant(deal: &KlondikeDeal) -> Draw {
        deal.draw
    }

    fn title(deal: &KlondikeDeal) -> String {
        match deal.seed {
            Some(seed) => format!("Klondike #{seed}"),
            None => "Klondike (custom deck)".into(),
        }
    }

    fn describe_deal(deal: &KlondikeDeal) -> String {
        match deal.seed {
            Some(seed) => format!("deal {seed}"),
            None => "this deck".into(),
        }
    }

    fn seeded(seed: u64, draw: Draw) -> Option<KlondikeDeal> {
        Some(KlondikeDeal::seeded(seed, draw))
    }

    fn seed_of(deal: &KlondikeDeal) -> Option<u64> {
        deal.seed
    }

    fn deal_path(deal: &KlondikeDeal) -> String {
        match deal.seed {
            Some(seed) => seed.to_string(),
            None => format!("deck/{}", encode_deck(&deal.deck)),
        }
    }

    fn parse_deal_path(segments: &[&str], draw: Draw) -> Result<Option<KlondikeDeal>, LinkError> {
        match segments {
            [] => Ok(None),
            ["deck", code] => Ok(Some(KlondikeDeal { seed: None, deck: Rc::new(decode_deck(code)?), draw })),
            [number] => Ok(Some(KlondikeDeal::seeded(crate::share::parse_seed(number)?, draw))),
            _ => Err(LinkError::UnknownPage { path: crate::limits::quote(&segments.join("/")) }),
        }
    }

    fn moves_code(_deal: &KlondikeDeal, moves: &[Move]) -> String {
        crate::share::format_link_words(moves)
    }

    fn read_moves(start: &Position, code: &str) -> Result<Vec<Move>, String> {
        crate::share::read_link_moves(start, code)
    }

    const PASTE: Option<&'static str> = Some("A deck of 52 cards in dealing order: the 28 tableau cards row by row as a person deals (one to each of columns 1 to 7, then one to each of columns 2 to 7, and so on), then the stock from the top");

    fn deal_from_text(text: &str, draw: Draw) -> Result<KlondikeDeal, String> {
        let deck = super::parse_deck(text).map_err(|error| error.to_string())?;
        Ok(KlondikeDeal { seed: None, deck: Rc::new(deck), draw })
    }

    fn deal_text(deal: &KlondikeDeal) -> Option<String> {
        Some(super::format_deck(&deal.deck))
    }

    fn save(deal: &KlondikeDeal, moves: &[Move]) -> SavedGame {
        SavedGame {
            seed: deal.seed,
            deck: deck_code(&deal.deck),
            draw: deal.draw.count(),
            moves: moves.to_vec(),
        }
    }

    fn restore(saved: SavedGame) -> Option<(KlondikeDeal, Vec<Move>)> {
        let deck = deck_from_code(&saved.deck).ok()?;
        let deal =
            KlondikeDeal { seed: saved.seed, deck: Rc::new(deck), draw: Draw::from_count(saved.draw)? };
        Some((deal, saved.moves))
    }
}

impl Solving for Klondike {
    type Solver = Solver;

    fn solver(position: &Position, _mode: SolveMode) -> Solver {
        Solver::new(position, Options::default())
    }

    fn grader(deal: &KlondikeDeal) -> Box<dyn Search<Solution = Grade>> {
        Box::new(grading::Grader::new(&deal.deck, deal.draw))
    }

    fn policy_wins(deal: &KlondikeDeal) -> Option<bool> {
        Some(policy::play_klondike(&deal.deck, deal.rules()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{spots, step_focus, Direction};

    #[test]
    fn a_hint_names_its_card_and_the_stock_is_a_tap() {
        let deal = KlondikeDeal::seeded(7, Draw::One);
        let start = deal.start();
        assert_eq!(Klondike::tap(&start, Pile::Stock, 0), Tap::Play(Move::Draw));
        let top = start.top(4).unwrap();
        let text = Klondike::describe_move(&start, Move::TableauToFoundation { from: 4 });
        assert_eq!(text, format!("Move the {} from column 5 to the foundation", top.name()));
        assert!(
            matches!(Klondike::tap(&start, Pile::Tableau(6), 0), Tap::Refuse(r) if r.contains("face-down"))
        );
    }

    #[test]
    fn the_keyboard_reaches_the_stock_and_every_column() {
        let start = KlondikeDeal::seeded(7, Draw::Three).start();
        let layout = Klondike::layout(&start);
        let piles: Vec<Pile> = spots(&layout).map(|spot| spot.pile).collect();
        assert!(piles.contains(&Pile::Stock) && piles.contains(&Pile::Tableau(6)));
        let down = step_focus(&layout, Spot { pile: Pile::Stock, depth: 0 }, Direction::Down);
        assert_eq!(down, Some(Spot { pile: Pile::Tableau(0), depth: 0 }));
        let up = step_focus(&layout, Spot { pile: Pile::Tableau(6), depth: 6 }, Direction::Up);
        assert_eq!(
            up,
            Some(Spot { pile: Pile::Foundation(Suit::Spades), depth: 0 }),
            "column 7 is under spades"
        );
    }

    #[test]
    fn links_and_saved_games_round_trip() {
        let deal = KlondikeDeal::seeded(11, Draw::Three);
        let moves = vec![Move::Draw, Move::Draw];
        assert_eq!(Klondike::read_moves(&deal.start(), "d.d"), Ok(moves.clone()));
        assert_eq!(crate::games::deal_code::<Klondike>(&deal), "11?draw=3");
        assert_eq!(crate::games::read_deal_code::<Klondike>("11?draw=3"), Ok(deal.clone()));
        assert_eq!(Klondike::restore(Klondike::save(&deal, &moves)), Some((deal, moves)));
    }
}
