//! FreeCell on the shared card table: what its deals are, what each gesture means, how it is
//! saved, linked and judged by the solver (see [`crate::games::Game`]).

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::table::{can_lift, intended_move, move_piles, send_away, Pile};
use super::{board_code, Autoplay, Move, Position, Source, CASCADES, CELLS};
use crate::cards::{Card, Suit};
use crate::deal::DealNumber;
use crate::games::{choosing_words, Game, Place, Spot};
use crate::grade::GameKind;
use crate::protocol::{Answer, DealRef, SolveMode, Task};
use crate::session::{Start, Verdict};
use crate::share::Route;

/// Where a game starts: a numbered deal, or any position (a board link, a typed position).
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    Deal(DealNumber),
    Board(Rc<Position>),
}

impl Start<Position> for Origin {
    fn start(&self) -> Position {
        match self {
            Origin::Deal(deal) => Position::deal(*deal),
            Origin::Board(position) => (**position).clone(),
        }
    }
}

/// The game in progress as saved: its deal, or the board code of its start, and its moves.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    #[serde(default)]
    pub deal: Option<u64>,
    #[serde(default)]
    pub board: Option<String>,
    pub moves: Vec<Move>,
}

/// FreeCell, as the table plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FreeCell;

/// The first card of a cascade's movable run (its exposed end), or 0 for an empty pile.
fn movable_from(position: &Position, cascade: usize) -> usize {
    position.cascade(cascade).len() - position.run_length(cascade)
}

fn cell_letter(cell: u8) -> char {
    (b'a' + cell) as char
}

impl Game for FreeCell {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Deal = Origin;
    type Settings = Autoplay;
    type Saved = SavedGame;

    const NAME: &'static str = "FreeCell";
    const KEY: &'static str = "freecell";

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse(name)
    }

    fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
        can_lift(position, pile, depth)
    }

    fn cannot_lift(position: &Position, pile: Pile, depth: usize) -> String {
        match pile {
            Pile::Foundation(_) => "cards on the foundations stay there".into(),
            Pile::Cell(_) => "that free cell is empty".into(),
            Pile::Cascade(i) => match position.cascade(usize::from(i)).get(depth) {
                None => format!("cascade {} is empty", i + 1),
                Some(card) => {
                    format!("the cards on the {} are not a run that can move together", card.name())
                }
            },
        }
    }

    fn intended(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, depth, to).map_err(|error| error.to_string())
    }

    fn send_away(position: &Position, pile: Pile, _depth: usize) -> Option<Move> {
        send_away(position, pile)
    }

    fn follow_up(position: &mut Position, autoplay: Autoplay) -> Vec<Move> {
        position.autoplay(autoplay)
    }

    fn carried(position: &Position, mv: Move) -> Vec<Card> {
        match mv.from {
            Source::Cascade(i) => {
                let cascade = position.cascade(usize::from(i));
                cascade[cascade.len().saturating_sub(usize::from(mv.cards))..].to_vec()
            }
            Source::Cell(_) => vec![mv.card],
        }
    }

    fn hint_spots(position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        let (from, to) = move_piles(mv);
        let depth = match mv.from {
            Source::Cascade(i) => {
                position.cascade(usize::from(i)).len().saturating_sub(usize::from(mv.cards))
            }
            Source::Cell(_) => 0,
        };
        (vec![Spot { pile: from, depth }], Some(to))
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        let single = |pile, x: usize| Place { pile, x: x as f32, depths: 0..=0 };
        let mut top: Vec<Place<Pile>> =
            (0..CELLS as u8).map(|i| single(Pile::Cell(i), usize::from(i))).collect();
        top.extend((0..4u8).map(|i| single(Pile::Foundation(i), 4 + usize::from(i))));
        let cascades = (0..CASCADES)
            .map(|i| {
                let last = position.cascade(i).len().saturating_sub(1);
                let first = movable_from(position, i).min(last);
                Place { pile: Pile::Cascade(i as u8), x: i as f32, depths: first..=last }
            })
            .collect();
        vec![top, cascades]
    }

    fn pile_label(position: &Position, pile: Pile, choosing: Option<usize>) -> String {
        let mut text = match pile {
            Pile::Cascade(i) => {
                let cards = position.cascade(usize::from(i));
                match cards.last() {
                    None => format!("cascade {}, empty", i + 1),
                    Some(top) => {
                        format!("cascade {}, {} cards, the {} on top", i + 1, cards.len(), top.name())
                    }
                }
            }
            Pile::Cell(i) => match position.cell(usize::from(i)) {
                None => format!("free cell {}, empty", cell_letter(i)),
                Some(card) => format!("free cell {}, the {}, free", cell_letter(i), card.name()),
            },
            Pile::Foundation(i) => {
                let Some(suit) = Suit::from_index(usize::from(i)) else { return "foundation".into() };
                match position.foundation_top(suit) {
                    None => format!("foundation of {}, empty", suit.name()),
                    Some(card) => format!("foundation of {}, up to the {}", suit.name(), card.name()),
                }
            }
        };
        if let (Some(depth), Pile::Cascade(i)) = (choosing, pile) {
            text.push_str(&choosing_words(position.cascade(usize::from(i)), depth));
        }
        text
    }

    fn title(deal: &Origin) -> String {
        match deal {
            Origin::Deal(deal) => format!("FreeCell #{deal}"),
            Origin::Board(_) => "FreeCell: a position".into(),
        }
    }

    fn describe_deal(deal: &Origin) -> String {
        match deal {
            Origin::Deal(deal) => format!("deal {deal}"),
            Origin::Board(_) => "this position".into(),
        }
    }

    fn random_deal(_like: Option<&Origin>, random: f64) -> Origin {
        let number = ((random * 1_000_000.0) as u64 + 1).clamp(1, 1_000_000);
        Origin::Deal(DealNumber::new(number).expect("1..=1,000,000 is in range"))
    }

    const GRADED: GameKind = GameKind::FreeCell;

    fn grade_ref(deal: &Origin) -> DealRef {
        match deal {
            Origin::Deal(number) => DealRef::Seed(number.get()),
            Origin::Board(position) => DealRef::Code(position.setup().to_string()),
        }
    }

    fn seeded(seed: u64, _draw: Option<crate::games::klondike::Draw>) -> Option<Origin> {
        DealNumber::new(seed).ok().map(Origin::Deal)
    }

    fn seed_of(deal: &Origin) -> Option<u64> {
        match deal {
            Origin::Deal(number) => Some(number.get()),
            Origin::Board(_) => None,
        }
    }

    fn route(deal: &Origin, moves: &[Move]) -> Route {
        let moves = (!moves.is_empty()).then(|| super::notation_words(&deal.start(), moves).join("."));
        match deal {
            Origin::Deal(deal) => Route::FreeCell { deal: Some(*deal), moves },
            Origin::Board(position) => Route::FreeCellBoard { code: board_code::encode(position), moves },
        }
    }

    fn link_moves(start: &Position, code: &str) -> Result<Vec<Move>, String> {
        super::play_moves(start, code).map(|(_, moves)| moves).map_err(|error| error.to_string())
    }

    fn save(deal: &Origin, moves: &[Move]) -> SavedGame {
        let (deal, board) = match deal {
            Origin::Deal(deal) => (Some(deal.get()), None),
            Origin::Board(position) => (None, Some(board_code::encode(position))),
        };
        SavedGame { deal, board, moves: moves.to_vec() }
    }

    fn restore(saved: SavedGame) -> Option<(Origin, Vec<Move>)> {
        let origin = match (saved.deal, &saved.board) {
            (Some(deal), None) => Origin::Deal(DealNumber::new(deal).ok()?),
            (None, Some(code)) => Origin::Board(Rc::new(board_code::decode(code).ok()?)),
            _ => return None,
        };
        Some((origin, saved.moves))
    }

    fn check_task(_deal: &Origin, position: &Position, _moves: &[Move]) -> Task {
        Task::SolveFreeCell { board: position.setup().to_string(), mode: SolveMode::Fast }
    }

    fn verdict(answer: &Answer) -> Verdict<Move> {
        match answer {
            Answer::FreeCellSolved(outcome) => Verdict::from(outcome.clone()),
            _ => Verdict::Unknown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{spots, step_focus, Direction, Tap};

    fn deal(number: u64) -> Origin {
        Origin::Deal(DealNumber::new(number).unwrap())
    }

    #[test]
    fn links_and_saved_games_round_trip() {
        let origin = deal(1);
        let start = origin.start();
        let moves = FreeCell::link_moves(&start, "1a.2b.3c.4d").unwrap();
        assert_eq!(moves.len(), 4);
        let route = FreeCell::route(&origin, &moves);
        assert_eq!(route.to_string(), "#/freecell/1?moves=1a.2b.3c.4d");
        let saved = FreeCell::save(&origin, &moves);
        assert_eq!(FreeCell::restore(saved), Some((origin, moves)));
        let error = FreeCell::link_moves(&start, "1a.zz").unwrap_err();
        assert!(error.starts_with("move 2 `zz` is not a move"), "{error}");
        assert_eq!(error.matches("zz").count(), 1, "the bad move is quoted once: {error}");
    }

    #[test]
    fn a_click_on_a_covered_card_says_why_and_an_exposed_one_picks_up() {
        let start = deal(1).start();
        assert_eq!(FreeCell::tap(&start, Pile::Cascade(0), 6), Tap::Pick);
        match FreeCell::tap(&start, Pile::Cascade(0), 0) {
            Tap::Refuse(reason) => assert!(reason.contains("jack of diamonds"), "{reason}"),
            other => panic!("{other:?}"),
        }
        let refused = FreeCell::intended(&start, Pile::Cascade(7), 5, Pile::Cascade(0)).unwrap_err();
        assert!(refused.contains("ten of clubs") && refused.contains("six of spades"), "{refused}");
    }

    #[test]
    fn the_keyboard_reaches_every_pile_and_the_labels_say_what_is_free() {
        let start = deal(1).start();
        let layout = FreeCell::layout(&start);
        assert_eq!(spots(&layout).count(), 16, "one spot per pile: no runs at the start of deal 1");
        let from = Spot { pile: Pile::Cell(1), depth: 0 };
        assert_eq!(
            step_focus(&layout, from, Direction::Down),
            Some(Spot { pile: Pile::Cascade(1), depth: 6 })
        );
        let label = FreeCell::pile_label(&start, Pile::Cascade(0), Some(6));
        assert_eq!(label, "cascade 1, 7 cards, the six of spades on top; the six of spades is free");
    }
}
