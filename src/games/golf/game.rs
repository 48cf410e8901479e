//! Golf on the shared card table: what each gesture means and how it is said, its deals
//! (PySolFC's game numbers, or a pasted deck), and how the solver judges and grades it (see
//! [`crate::games::Game`]).

use serde::{Deserialize, Serialize};

use super::table::{can_lift, intended_move, send_away, Pile};
use super::{Move, Position, Solver, DEFAULT_BUDGET, PILES};
use crate::cards::Card;
use crate::games::grading::{Difficulty, Grade, ReplayGrader};
use crate::games::{DeckDeal, DeckDealt, MoveRecord, OneVariant, Place, Play, SolveMode, Solving, Spot, Tap};
use crate::search::Search;
use crate::session::Start;

/// Golf, as the table plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Golf;

/// A Golf deal: PySolFC's game number, or a pasted deck.
pub type GolfDeal = DeckDeal<Golf>;

impl DeckDealt for Golf {
    type Variant = OneVariant;
    const DAILY_SALT: u64 = 9;

    fn lay_out(cards: &[Card], _variant: OneVariant) -> Position {
        Position::from_cards(cards)
    }
}

/// "pile 3".
fn pile_name(pile: u8) -> String {
    format!("pile {}", u16::from(pile) + 1)
}

impl Play for Golf {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = ();

    const NAME: &'static str = "Golf";
    const KEY: &'static str = "golf";
    const SUMMARY: &'static str =
        "clear seven piles onto the waste one rank up or down, every deal decided before the first card";

    fn move_record(position: &Position, mv: Move) -> MoveRecord {
        MoveRecord::one_card::<Self>(position, mv)
    }

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse(name)
    }

    fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
        can_lift(position, pile, depth)
    }

    /// A click plays at once: the stock deals, a pile's top card goes to the waste when it
    /// can, and anything else says why not.
    fn tap(position: &Position, pile: Pile, depth: usize) -> Tap<Move> {
        match intended_move(position, pile, depth, Pile::Waste) {
            Ok(mv) => Tap::Play(mv),
            Err(_) if pile == Pile::Waste => Tap::Refuse(Golf::cannot_lift(position, pile, depth)),
            Err(reason) => Tap::Refuse(reason.to_string()),
        }
    }

    fn cannot_lift(position: &Position, pile: Pile, depth: usize) -> String {
        match pile {
            Pile::Waste => "cards on the waste stay there".into(),
            Pile::Stock => "the stock is empty".into(),
            Pile::Tableau(p) if position.pile(usize::from(p)).is_empty() => {
                format!("{} is empty", pile_name(p))
            }
            Pile::Tableau(p) => match position.pile(usize::from(p)).get(depth) {
                Some(card) => format!("the {} has cards on it", card.name()),
                None => format!("there is no card there in {}", pile_name(p)),
            },
        }
    }

    fn intended(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, depth, to).map_err(|error| error.to_string())
    }

    fn send_away(position: &Position, pile: Pile, depth: usize) -> Option<Move> {
        send_away(position, pile, depth)
    }

    fn deal_move(position: &Position) -> Option<Move> {
        (!position.stock().is_empty()).then_some(Move::Deal)
    }

    fn cards(position: &Position) -> Vec<Card> {
        position.all_cards()
    }

    fn carried(position: &Position, mv: Move) -> Vec<Card> {
        match mv {
            Move::ToWaste { card, .. } => vec![card],
            Move::Deal => position.stock().first().copied().into_iter().collect(),
        }
    }

    fn hint_spots(position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        let spot = match mv {
            Move::ToWaste { from, .. } => Spot {
                pile: Pile::Tableau(from),
                depth: position.pile(usize::from(from)).len().saturating_sub(1),
            },
            Move::Deal => Spot { pile: Pile::Stock, depth: 0 },
        };
        (vec![spot], Some(Pile::Waste))
    }

    fn describe_move(position: &Position, mv: Move) -> String {
        let waste = position.waste_top().name();
        match mv {
            Move::ToWaste { .. } => format!("{mv} (onto the {waste})"),
            Move::Deal => match position.stock().first() {
                Some(card) => format!("Deal the {} from the stock onto the {waste}", card.name()),
                None => mv.to_string(),
            },
        }
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        let talon = vec![
            Place { pile: Pile::Stock, x: 0.0, depths: 0..=0 },
            Place { pile: Pile::Waste, x: 1.0, depths: 0..=0 },
        ];
        let piles = (0..PILES)
            .map(|p| {
                let top = position.pile(p).len().saturating_sub(1);
                Place { pile: Pile::Tableau(p as u8), x: p as f32, depths: top..=top }
            })
            .collect();
        vec![talon, piles]
    }

    fn pile_label(position: &Position, pile: Pile, _choosing: Option<usize>) -> String {
        let waste = position.waste_top();
        match pile {
            Pile::Stock => match position.stock().len() {
                0 => "stock, empty".into(),
                1 => "stock, 1 card".into(),
                n => format!("stock, {n} cards"),
            },
            Pile::Waste => format!("waste, the {} on top", waste.name()),
            Pile::Tableau(p) => {
                let cards = position.pile(usize::from(p));
                let Some(&top) = cards.last() else { return format!("{}, empty", pile_name(p)) };
                let playable = if super::goes_on(top, waste) { "playable" } else { "not playable" };
                format!("{}, {} cards, the {} on top, {playable}", pile_name(p), cards.len(), top.name())
            }
        }
    }

    fn score_extra(position: &Position) -> Option<String> {
        Some(format!(
            "{} cards left in the piles, {} in the stock",
            position.cards_left(),
            position.stock().len()
        ))
    }
}

impl Solving for Golf {
    type Solver = Solver;

    fn solver(position: &Position, _mode: SolveMode) -> Solver {
        Solver::new(position, DEFAULT_BUDGET)
    }

    fn grader(deal: &GolfDeal) -> Box<dyn Search<Solution = Grade>> {
        let start = deal.start();
        Box::new(ReplayGrader::new(start, Solver::new(&start, DEFAULT_BUDGET), grade_win))
    }

    fn policy_wins(deal: &GolfDeal) -> Option<bool> {
        Some(greedy_wins(&deal.start()))
    }
}

/// What the solver measured of a winnable Golf deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The positions the solver reached before its win: how narrow the way through is.
    pub states: u64,
    /// The moves of the solver's winning line.
    pub moves: u32,
    /// The stock cards that line deals (of 16).
    pub deals: u32,
}

/// The tiers by the positions reached (docs/RULES.md, "Difficulty"): on the 463 winnable deals
/// among PySolFC's games 1..1000 the quartiles fall at 590, 5,700 and 24,685 positions.
pub const EASY_STATES: u64 = 600;
pub const MEDIUM_STATES: u64 = 6_000;
pub const HARD_STATES: u64 = 25_000;

/// The greedy policy that checks the tiers mean something: a pile's top card to the waste
/// whenever one goes (the tallest pile first), else a card from the stock.
pub fn greedy_wins(start: &Position) -> bool {
    let mut position = *start;
    loop {
        if position.is_won() {
            return true;
        }
        let moves = position.legal_moves();
        let best = moves.iter().copied().max_by_key(|mv| match mv {
            Move::ToWaste { from, .. } => {
                (1, position.pile(usize::from(*from)).len(), usize::from(PILES as u8 - from))
            }
            Move::Deal => (0, 0, 0),
        });
        match best {
            Some(mv) => position.apply(mv),
            None => return false,
        }
    }
}

/// The tier and reason of a winnable deal.
pub fn difficulty_of(facts: &Facts) -> (Difficulty, String) {
    let tier = Difficulty::by_bounds(facts.states, [EASY_STATES, MEDIUM_STATES, HARD_STATES]);
    let reason = format!(
        "The solver reached {} positions to find its win of {} moves ({} cards from the stock)",
        facts.states, facts.moves, facts.deals
    );
    (tier, reason)
}

/// The grade of a won deal from its replayed line.
fn grade_win(states: u64, _start: &Position, line: &[Move], _end: &Position) -> Grade {
    let deals = line.iter().filter(|m| **m == Move::Deal).count() as u32;
    let facts = Facts { states, moves: line.len() as u32, deals };
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
        let tier = |states| difficulty_of(&Facts { states, moves: 45, deals: 10 }).0;
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
        let reason = difficulty_of(&Facts { states: 230, moves: 45, deals: 12 }).1;
        assert_eq!(
            reason,
            "The solver reached 230 positions to find its win of 45 moves (12 cards from the stock)"
        );
    }

    #[test]
    fn a_won_deal_is_graded_from_its_replayed_line() {
        let won = (1..50)
            .map(|seed| Golf::seeded(seed, OneVariant).unwrap())
            .find(|deal| matches!(super::super::solve(&deal.start()), Outcome::Solved(_)))
            .expect("a winnable deal among the first 50");
        let grade = crate::search::run_to_end(&mut *Golf::grader(&won), 1 << 16);
        let Outcome::Solved(grade) = grade else { panic!("{grade:?}") };
        assert_eq!(grade.verdict, Verdict::Solved, "{grade:?}");
        let facts: Facts = grade.facts_as().unwrap();
        assert_eq!(grade.difficulty, Some(difficulty_of(&facts).0));
        assert!(facts.moves >= 35 && facts.states > 0, "{facts:?}");
    }

    #[test]
    fn clicks_play_at_once_or_say_why() {
        let start = Golf::seeded(1, OneVariant).unwrap().start();
        assert_eq!(Golf::tap(&start, Pile::Stock, 0), Tap::Play(Move::Deal));
        assert!(matches!(Golf::tap(&start, Pile::Waste, 0), Tap::Refuse(r) if r.contains("waste")));
        assert!(
            matches!(Golf::tap(&start, Pile::Tableau(0), 0), Tap::Refuse(r) if r.contains("cards on it"))
        );
        for mv in start.legal_moves() {
            let (spots, to) = Golf::hint_spots(&start, mv);
            assert_eq!(to, Some(Pile::Waste));
            assert_eq!(Golf::tap(&start, spots[0].pile, spots[0].depth), Tap::Play(mv));
        }
    }
}
