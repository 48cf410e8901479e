//! FreeCell on the shared card table: what its deals are, what each gesture means, how it is
//! saved, linked and judged by the solver (see [`crate::games::Game`]).

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::table::{self, can_lift, intended_move, send_away, Pile};
use super::{board_code, grading, policy, Autoplay, Mode, Move, Options, Position, Solver};
use crate::cards::Card;
use crate::deal::DealNumber;
use crate::games::{Dealing, Grade, OneVariant, Place, Play, SolveMode, Solving, Spot};
use crate::search::Search;
use crate::session::Start;
use crate::share::LinkError;

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

impl Play for FreeCell {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = Autoplay;

    const NAME: &'static str = "FreeCell";
    const KEY: &'static str = "freecell";
    const SUMMARY: &'static str = "Microsoft deals 1 to 8,589,934,591";

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

    fn cards(position: &Position) -> Vec<Card> {
        table::cards(position)
    }

    fn carried(position: &Position, mv: Move) -> Vec<Card> {
        table::carried(position, mv)
    }

    fn hint_spots(position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        table::hint_spots(position, mv)
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        table::layout(position)
    }

    fn pile_label(position: &Position, pile: Pile, choosing: Option<usize>) -> String {
        table::pile_label(position, pile, choosing)
    }
}

impl Dealing for FreeCell {
    type Deal = Origin;
    type Variant = OneVariant;
    type Saved = SavedGame;

    const DAILY_SALT: u64 = 1;

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

    fn seeded(seed: u64, _variant: OneVariant) -> Option<Origin> {
        DealNumber::new(seed).ok().map(Origin::Deal)
    }

    fn seed_of(deal: &Origin) -> Option<u64> {
        match deal {
            Origin::Deal(number) => Some(number.get()),
            Origin::Board(_) => None,
        }
    }

    /// Microsoft's deal numbers run out at 8,589,934,591; the search goes on from 1.
    fn next_seed(seed: u64) -> u64 {
        if seed >= DealNumber::MAX {
            DealNumber::MIN
        } else {
            seed + 1
        }
    }

    fn deal_path(deal: &Origin) -> String {
        match deal {
            Origin::Deal(deal) => deal.to_string(),
            Origin::Board(position) => format!("board/{}", board_code::encode(position)),
        }
    }

    fn parse_deal_path(segments: &[&str], _variant: OneVariant) -> Result<Option<Origin>, LinkError> {
        match segments {
            [] => Ok(None),
            ["board", code] => {
                board_code::decode(code).map(|position| Some(Origin::Board(Rc::new(position)))).map_err(
                    |error| LinkError::BadContent { what: "position code".into(), reason: error.to_string() },
                )
            }
            [number] => Ok(Some(Origin::Deal(number.parse()?))),
            _ => Err(LinkError::UnknownPage { path: crate::limits::quote(&segments.join("/")) }),
        }
    }

    fn moves_code(deal: &Origin, moves: &[Move]) -> String {
        super::notation_words(&deal.start(), moves).join(".")
    }

    fn read_moves(start: &Position, code: &str) -> Result<Vec<Move>, String> {
        super::play_moves(start, code).map(|(_, moves)| moves).map_err(|error| error.to_string())
    }

    const PASTE: Option<&'static str> = Some("A position as board text: one line per cascade, top card first, with optional `Freecells:` and `Foundations:` lines");
    const MAX_PASTE_LEN: usize = super::setup::MAX_BOARD_TEXT_LEN;

    fn deal_from_text(text: &str, _variant: OneVariant) -> Result<Origin, String> {
        text.parse::<Position>()
            .map(|position| Origin::Board(Rc::new(position)))
            .map_err(|error| error.to_string())
    }

    fn deal_text(deal: &Origin) -> Option<String> {
        Some(deal.start().setup().to_string())
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
}

impl Solving for FreeCell {
    type Solver = Solver;

    fn solver(position: &Position, mode: SolveMode) -> Solver {
        let mode = match mode {
            SolveMode::Fast => Mode::Fast,
            SolveMode::Short => Mode::Short,
        };
        Solver::new(position, Options { mode, ..Default::default() })
    }

    fn grader(deal: &Origin) -> Box<dyn Search<Solution = Grade>> {
        Box::new(grading::Grader::new(&deal.start()))
    }

    fn policy_wins(deal: &Origin) -> Option<bool> {
        Some(policy::play_freecell(&deal.start()))
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
        let moves = FreeCell::read_moves(&start, "1a.2b.3c.4d").unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(FreeCell::moves_code(&origin, &moves), "1a.2b.3c.4d");
        assert_eq!(crate::games::deal_code::<FreeCell>(&origin), "1");
        let saved = FreeCell::save(&origin, &moves);
        assert_eq!(FreeCell::restore(saved), Some((origin, moves)));
        let error = FreeCell::read_moves(&start, "1a.zz").unwrap_err();
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
