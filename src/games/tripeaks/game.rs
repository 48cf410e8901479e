//! TriPeaks on the shared card table: what each gesture means and how it is said, its deals
//! (PySolFC's game numbers, or a pasted deck), and how the solver judges and grades it (see
//! [`crate::games::Game`]).

use serde::{Deserialize, Serialize};

use super::rules::{row_column, Move, Position, PEAK_CARDS};
use super::table::{can_lift, cannot_lift, fits_waste, intended_move, move_piles, tapped_move, Pile};
use super::{Options, Solver};
use crate::cards::Card;
use crate::games::grading::{Difficulty, Grade, ReplayGrader};
use crate::games::{DeckDeal, DeckDealt, MoveRecord, OneVariant, Place, Play, SolveMode, Solving, Spot, Tap};
use crate::search::Search;
use crate::session::Start;

/// TriPeaks, as the table plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriPeaks;

/// A TriPeaks deal: PySolFC's game number, or a pasted deck.
pub type TriPeaksDeal = DeckDeal<TriPeaks>;

impl DeckDealt for TriPeaks {
    type Variant = OneVariant;
    const DAILY_SALT: u64 = 10;

    fn lay_out(cards: &[Card], _variant: OneVariant) -> Position {
        Position::new(cards.try_into().expect("a deal is one whole deck"))
    }
}

impl Play for TriPeaks {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = ();

    const NAME: &'static str = "TriPeaks";
    const KEY: &'static str = "tripeaks";
    const SUMMARY: &'static str =
        "clear three peaks one rank up or down, with a solver that decides every deal at once";

    fn move_record(position: &Position, mv: Move) -> MoveRecord {
        MoveRecord::one_card::<Self>(position, mv)
    }

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse(name)
    }

    fn can_lift(position: &Position, pile: Pile, _depth: usize) -> bool {
        can_lift(position, pile)
    }

    /// A click plays at once: a free peak card that fits goes to the waste, the stock deals.
    fn tap(position: &Position, pile: Pile, _depth: usize) -> Tap<Move> {
        match tapped_move(position, pile) {
            Ok(mv) => Tap::Play(mv),
            Err(reason) => Tap::Refuse(reason),
        }
    }

    fn cannot_lift(position: &Position, pile: Pile, _depth: usize) -> String {
        cannot_lift(position, pile)
    }

    fn intended(position: &Position, from: Pile, _depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, to)
    }

    fn send_away(position: &Position, pile: Pile, _depth: usize) -> Option<Move> {
        tapped_move(position, pile).ok()
    }

    fn deal_move(position: &Position) -> Option<Move> {
        (!position.stock().is_empty()).then_some(Move::Draw)
    }

    fn cards(position: &Position) -> Vec<Card> {
        position.cards().collect()
    }

    fn carried(_position: &Position, mv: Move) -> Vec<Card> {
        match mv {
            Move::ToWaste { card, .. } => vec![card],
            // The drawn card is not shown before it lands.
            Move::Draw => Vec::new(),
        }
    }

    fn hint_spots(_position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        let (from, to) = move_piles(mv);
        (vec![Spot { pile: from, depth: 0 }], Some(to))
    }

    fn describe_move(position: &Position, mv: Move) -> String {
        match mv {
            Move::ToWaste { .. } => format!("{mv} (onto the {})", position.waste_top().name()),
            Move::Draw => mv.to_string(),
        }
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        let mut rows: Vec<Vec<Place<Pile>>> = vec![Vec::new(); 4];
        for slot in 0..PEAK_CARDS {
            if position.peak(slot).is_some() {
                let x = super::rules::half_widths(slot) as f32 / 2.0;
                rows[row_column(slot).0].push(Place { pile: Pile::Peak(slot as u8), x, depths: 0..=0 });
            }
        }
        rows.push(vec![
            Place { pile: Pile::Stock, x: 0.0, depths: 0..=0 },
            Place { pile: Pile::Waste, x: 1.0, depths: 0..=0 },
        ]);
        rows.retain(|row| !row.is_empty());
        rows
    }

    fn pile_label(position: &Position, pile: Pile, _choosing: Option<usize>) -> String {
        match pile {
            Pile::Peak(slot) => {
                let index = usize::from(slot);
                match position.peak(index) {
                    None => format!("peak card {slot}, played"),
                    Some(_) if !position.is_face_up(index) => format!("peak card {slot}, face down"),
                    Some(card) if fits_waste(position, index) => {
                        format!("{}, free, fits the waste", card.name())
                    }
                    Some(card) => format!("{}, free", card.name()),
                }
            }
            Pile::Stock => match position.stock().len() {
                0 => "stock, empty".into(),
                1 => "stock, 1 card".into(),
                count => format!("stock, {count} cards"),
            },
            Pile::Waste => format!("waste, the {} on top", position.waste_top().name()),
        }
    }

    fn score_extra(position: &Position) -> Option<String> {
        Some(format!("Score {} · streak {}", position.score(), position.streak()))
    }
}

impl Solving for TriPeaks {
    type Solver = Solver;

    fn solver(position: &Position, _mode: SolveMode) -> Solver {
        Solver::new(position, Options::default())
    }

    fn grader(deal: &TriPeaksDeal) -> Box<dyn Search<Solution = Grade>> {
        let start = deal.start();
        Box::new(ReplayGrader::new(start, Solver::new(&start, Options::default()), grade_win))
    }
}

/// What the solver measured of a winnable TriPeaks deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The positions the solver searched before its win: how many lines looked right and
    /// ran dry before one cleared the peaks.
    pub states: u64,
    /// The stock cards the solver's win leaves unused: how much room the deal gives.
    pub spare: u32,
}

/// The tiers by the positions searched (docs/RULES.md, "Difficulty"). A line that wins at the
/// first try searches a position a move, about 30 to 50; on PySolFC's games 1..200 the quartiles
/// of the deals the solver wins fall at 46, 51 and 851 positions
/// (`deckhand tripeaks grade N --json`, field `states`).
pub const EASY_STATES: u64 = 48;
pub const MEDIUM_STATES: u64 = 70;
pub const HARD_STATES: u64 = 1_500;

/// The tier and reason of a winnable deal.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let tier = Difficulty::by_bounds(facts.states, [EASY_STATES, MEDIUM_STATES, HARD_STATES]);
    let spare = match facts.spare {
        1 => "1 stock card".to_string(),
        n => format!("{n} stock cards"),
    };
    let reason =
        format!("The solver searched {} positions to find its win, with {spare} to spare", facts.states);
    (tier, reason)
}

/// The grade of a won deal from its replayed line.
fn grade_win(states: u64, _start: &Position, _line: &[Move], end: &Position) -> Grade {
    let facts = Facts { states, spare: end.stock().len() as u32 };
    let (difficulty, reason) = difficulty_of(&facts);
    Grade::solved(difficulty, reason, &facts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::grading::Verdict;
    use crate::games::Dealing;
    use crate::search::Outcome;

    #[test]
    fn tiers_follow_the_positions_searched() {
        let tier = |states| difficulty_of(&Facts { states, spare: 3 }).0;
        assert_eq!(
            [
                tier(1),
                tier(EASY_STATES),
                tier(EASY_STATES + 1),
                tier(MEDIUM_STATES + 1),
                tier(HARD_STATES + 1)
            ],
            [Difficulty::Easy, Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert]
        );
        assert_eq!(
            difficulty_of(&Facts { states: 42, spare: 1 }).1,
            "The solver searched 42 positions to find its win, with 1 stock card to spare"
        );
    }

    #[test]
    fn a_won_deal_is_graded_from_its_replayed_line() {
        let deal = TriPeaks::seeded(1, OneVariant).unwrap();
        let grade = crate::search::run_to_end(&mut *TriPeaks::grader(&deal), 1 << 16);
        let Outcome::Solved(grade) = grade else { panic!("{grade:?}") };
        if grade.verdict == Verdict::Solved {
            let facts: Facts = grade.facts_as().unwrap();
            assert_eq!(grade.difficulty, Some(difficulty_of(&facts).0));
            assert!(facts.states > 0 && facts.spare <= 23, "{facts:?}");
        } else {
            assert_eq!(grade.verdict, Verdict::Unsolvable, "{grade:?}");
        }
    }
}
