//! Yukon on the shared card table: what each gesture means and how it is said, its deals
//! (PySolFC's game numbers, or a pasted deck), and how the solver judges and grades it (see
//! [`crate::games::Game`]). The worked example of docs/ADDING_A_GAME.md.

use serde::{Deserialize, Serialize};

use super::table::{can_lift, finishing_moves, intended_move, move_piles, send_away, Pile};
use super::{Move, Options, Position, Solver, PILES};
use crate::cards::{Card, Deck, Suit};
use crate::games::grading::{Difficulty, Grade, ReplayGrader};
use crate::games::{
    fanned_pile_words, foundation_cards, foundation_words, DeckDeal, DeckDealt, OneVariant, Place, Play,
    SolveMode, Solving, Spot,
};
use crate::search::Search;
use crate::session::Start;

/// Yukon, as the table plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Yukon;

/// A Yukon deal: PySolFC's game number, or a pasted deck.
pub type YukonDeal = DeckDeal<Yukon>;

impl DeckDealt for Yukon {
    type Variant = OneVariant;
    const DAILY_SALT: u64 = 8;

    fn lay_out(cards: &[Card], _variant: OneVariant) -> Position {
        Position::new(&Deck::from_cards(cards.to_vec()).expect("a deal is one whole deck"))
    }
}

/// "pile 3".
fn pile_name(pile: u8) -> String {
    format!("pile {}", u32::from(pile) + 1)
}

impl Play for Yukon {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = ();

    const NAME: &'static str = "Yukon";
    const KEY: &'static str = "yukon";
    const SUMMARY: &'static str =
        "move any face-up card with the cards on it, with a solver that sees every card";

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse(name)
    }

    fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
        can_lift(position, pile, depth)
    }

    fn cannot_lift(position: &Position, pile: Pile, depth: usize) -> String {
        match pile {
            Pile::Foundation(_) => "cards on the foundations stay there".into(),
            Pile::Tableau(p) if position.pile(usize::from(p)).is_empty() => {
                format!("{} is empty", pile_name(p))
            }
            Pile::Tableau(p) if depth < position.face_down(usize::from(p)) => {
                "face-down cards cannot be moved".into()
            }
            Pile::Tableau(p) => format!("there is no card there in {}", pile_name(p)),
        }
    }

    fn intended(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, depth, to).map_err(|error| error.to_string())
    }

    fn send_away(position: &Position, pile: Pile, depth: usize) -> Option<Move> {
        send_away(position, pile, depth)
    }

    fn finish(position: &Position) -> Option<Vec<Move>> {
        finishing_moves(position)
    }

    fn all_face_up(position: &Position) -> bool {
        position.all_face_up()
    }

    fn cards(position: &Position) -> Vec<Card> {
        let piles = (0..PILES).flat_map(|p| position.pile(p).iter().copied());
        piles.chain(foundation_cards(|suit| position.foundation(suit))).collect()
    }

    fn carried(position: &Position, mv: Move) -> Vec<Card> {
        match mv {
            Move::ToFoundation { card, .. } => vec![card],
            Move::ToPile { from, count, .. } => {
                let pile = position.pile(usize::from(from));
                pile[pile.len().saturating_sub(usize::from(count))..].to_vec()
            }
        }
    }

    fn hint_spots(position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        let (from, to) = move_piles(mv);
        let count = match mv {
            Move::ToFoundation { .. } => 1,
            Move::ToPile { count, .. } => usize::from(count),
        };
        let Pile::Tableau(pile) = from else { return (Vec::new(), Some(to)) };
        let depth = position.pile(usize::from(pile)).len().saturating_sub(count);
        (vec![Spot { pile: from, depth }], Some(to))
    }

    fn describe_move(position: &Position, mv: Move) -> String {
        match mv {
            Move::ToPile { to, .. } => {
                let onto = match position.top(usize::from(to)) {
                    Some(base) => format!(" (onto the {})", base.name()),
                    None => " (empty)".into(),
                };
                format!("{mv}{onto}")
            }
            Move::ToFoundation { .. } => mv.to_string(),
        }
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        let foundations = Suit::ALL
            .iter()
            .enumerate()
            .map(|(i, &suit)| Place { pile: Pile::Foundation(suit), x: (3 + i) as f32, depths: 0..=0 })
            .collect();
        let piles = (0..PILES)
            .map(|p| {
                let last = position.pile(p).len().saturating_sub(1);
                let first = position.face_down(p).min(last);
                Place { pile: Pile::Tableau(p as u8), x: p as f32, depths: first..=last }
            })
            .collect();
        vec![foundations, piles]
    }

    fn pile_label(position: &Position, pile: Pile, choosing: Option<usize>) -> String {
        match pile {
            Pile::Foundation(suit) => foundation_words(suit, position.foundation_top(suit)),
            Pile::Tableau(p) => fanned_pile_words(
                &pile_name(p),
                position.pile(usize::from(p)),
                position.face_down(usize::from(p)),
                choosing,
            ),
        }
    }
}

impl Solving for Yukon {
    type Solver = Solver;

    fn solver(position: &Position, _mode: SolveMode) -> Solver {
        Solver::new(position, Options::default())
    }

    fn grader(deal: &YukonDeal) -> Box<dyn Search<Solution = Grade>> {
        let start = deal.start();
        Box::new(ReplayGrader::new(start, Solver::new(&start, Options::default()), grade_win))
    }
}

/// What the solver measured of a winnable Yukon deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The positions the solver searched before its win: how hard the deal was to find a
    /// way through.
    pub states: u64,
    /// The moves of the solver's winning line (not a minimum).
    pub moves: u32,
    /// The moves of that line that carry cards between piles.
    pub shifts: u32,
}

/// The tiers by the positions searched (docs/RULES.md, "Difficulty"): on PySolFC's games 1..150
/// the solver wins (`deckhand yukon grade-table --range 1..150 --facts FILE`) the quartiles fall
/// at 171, 209 and 444 positions, and one in ten needs more than 45,000.
pub const EASY_STATES: u64 = 170;
pub const MEDIUM_STATES: u64 = 210;
pub const HARD_STATES: u64 = 450;

/// The tier and reason of a winnable deal.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let tier = Difficulty::by_bounds(facts.states, [EASY_STATES, MEDIUM_STATES, HARD_STATES]);
    let reason = format!(
        "The solver searched {} positions to find its win of {} moves ({} between piles)",
        facts.states, facts.moves, facts.shifts
    );
    (tier, reason)
}

/// The grade of a won deal from its replayed line.
fn grade_win(states: u64, _start: &Position, line: &[Move], _end: &Position) -> Grade {
    let shifts = line.iter().filter(|m| matches!(m, Move::ToPile { .. })).count() as u32;
    let facts = Facts { states, moves: line.len() as u32, shifts };
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
        let tier = |states| difficulty_of(&Facts { states, moves: 100, shifts: 50 }).0;
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
        let reason = difficulty_of(&Facts { states: 230, moves: 111, shifts: 60 }).1;
        assert_eq!(
            reason,
            "The solver searched 230 positions to find its win of 111 moves (60 between piles)"
        );
    }

    #[test]
    fn a_won_deal_is_graded_from_its_replayed_line() {
        let deal = Yukon::seeded(1, OneVariant).unwrap();
        let grade = crate::search::run_to_end(&mut *Yukon::grader(&deal), 1 << 16);
        let Outcome::Solved(grade) = grade else { panic!("{grade:?}") };
        assert_eq!(grade.verdict, Verdict::Solved, "{grade:?}");
        let facts: Facts = grade.facts_as().unwrap();
        assert_eq!(grade.difficulty, Some(difficulty_of(&facts).0));
        assert!(facts.moves >= 52 && facts.states > 0, "{facts:?}");
    }
}
