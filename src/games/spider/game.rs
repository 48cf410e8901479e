//! Spider on the shared card table: what each gesture means and how it is said, its deals
//! (PySolFC's game numbers in one, two or four suits), and how the solver judges and grades it
//! (see [`crate::games::Game`]).

use serde::{Deserialize, Serialize};

use super::deal::SpiderDeal;
use super::rules::{Move, Position, Suits, PILES, RUN, RUNS};
use super::table::{can_lift, intended_move, send_away, Pile};
use super::{Options, Solver};
use crate::cards::{Card, Rank};
use crate::deal::PysolNumber;
use crate::games::grading::{Difficulty, Grade, ReplayGrader};
use crate::games::{
    choosing_words, restore_deal, save_deal, Dealing, MoveRecord, Place, Play, SavedDeal, SolveMode, Solving,
    Spot, Tap, Variant,
};
use crate::search::Search;
use crate::session::Start;
use crate::share::LinkError;

/// Spider, as the table plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spider;

/// "pile 3".
fn pile_name(pile: u8) -> String {
    format!("pile {}", u16::from(pile) + 1)
}

/// The cards a move carries, where they lie in `position`.
fn carried_cards(position: &Position, mv: Move) -> Vec<Card> {
    match mv {
        Move::ToPile { from, count, .. } => {
            let cards = position.pile(usize::from(from) % PILES);
            cards[cards.len().saturating_sub(usize::from(count))..].to_vec()
        }
        Move::Clear { from } => {
            let cards = position.pile(usize::from(from) % PILES);
            cards[cards.len().saturating_sub(RUN)..].to_vec()
        }
        Move::Deal => position.stock().iter().take(PILES).copied().collect(),
    }
}

impl Play for Spider {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = ();

    const NAME: &'static str = "Spider";
    const KEY: &'static str = "spider";
    const SUMMARY: &'static str =
        "two decks in one, two or four suits; build runs of one suit, with a solver that sees every card";

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse(name)
    }

    fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
        can_lift(position, pile, depth)
    }

    fn tap(position: &Position, pile: Pile, depth: usize) -> Tap<Move> {
        match pile {
            Pile::Stock => match position.check(Move::Deal) {
                Ok(()) => Tap::Play(Move::Deal),
                Err(reason) => Tap::Refuse(format!("The stock cannot deal: {reason}")),
            },
            _ if can_lift(position, pile, depth) => Tap::Pick,
            _ => Tap::Refuse(Self::cannot_lift(position, pile, depth)),
        }
    }

    fn cannot_lift(position: &Position, pile: Pile, depth: usize) -> String {
        match pile {
            Pile::Foundation(_) => "cleared runs stay on the foundation".into(),
            Pile::Stock => "the stock deals with a click, a row at a time".into(),
            Pile::Tableau(p) if position.pile(usize::from(p) % PILES).is_empty() => {
                format!("{} is empty", pile_name(p))
            }
            Pile::Tableau(p) if depth < position.face_down(usize::from(p) % PILES) => {
                "face-down cards cannot be moved".into()
            }
            Pile::Tableau(p) => {
                let cards = position.pile(usize::from(p) % PILES);
                match cards.get(depth) {
                    Some(card) => format!(
                        "the {} and the cards on it are not a run of one suit, so they cannot move together",
                        card.name()
                    ),
                    None => format!("there is no card there in {}", pile_name(p)),
                }
            }
        }
    }

    fn intended(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, depth, to).map_err(|error| {
            let words = error.to_string();
            match (from, to) {
                (Pile::Tableau(f), Pile::Tableau(t)) => {
                    let cards = position.pile(usize::from(f) % PILES);
                    match (cards.get(depth), position.top(usize::from(t) % PILES)) {
                        (Some(card), Some(target)) if card.rank().value() + 1 != target.rank().value() => {
                            format!(
                                "the {} does not go on the {}: build down by one rank",
                                card.name(),
                                target.name()
                            )
                        }
                        _ => words,
                    }
                }
                _ => words,
            }
        })
    }

    fn send_away(position: &Position, pile: Pile, depth: usize) -> Option<Move> {
        send_away(position, pile, depth)
    }

    fn deal_move(_position: &Position) -> Option<Move> {
        Some(Move::Deal)
    }

    /// A complete run leaves for the foundation by itself, as in PySolFC.
    fn follow_up(position: &mut Position, _settings: ()) -> Vec<Move> {
        let mut moves = Vec::new();
        while let Some(pile) = position.pending_clear() {
            let mv = Move::Clear { from: pile as u8 };
            position.apply(mv);
            moves.push(mv);
        }
        moves
    }

    fn cards(position: &Position) -> Vec<Card> {
        position.cards()
    }

    fn carried(position: &Position, mv: Move) -> Vec<Card> {
        carried_cards(position, mv)
    }

    fn hint_spots(position: &Position, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
        match mv {
            Move::Deal => (vec![Spot { pile: Pile::Stock, depth: 0 }], None),
            Move::ToPile { from, to, count } => {
                let depth = position.pile(usize::from(from) % PILES).len().saturating_sub(usize::from(count));
                (vec![Spot { pile: Pile::Tableau(from), depth }], Some(Pile::Tableau(to)))
            }
            Move::Clear { from } => {
                let depth = position.pile(usize::from(from) % PILES).len().saturating_sub(RUN);
                let next = position.cleared().len().min(RUNS - 1) as u8;
                (vec![Spot { pile: Pile::Tableau(from), depth }], Some(Pile::Foundation(next)))
            }
        }
    }

    fn move_record(_position: &Position, mv: Move) -> MoveRecord {
        match mv {
            Move::Deal => MoveRecord { from: Some("stock".into()), to: Some("tableau".into()), cards: None },
            Move::Clear { from } => MoveRecord {
                from: Some(Pile::Tableau(from).to_string()),
                to: Some("foundation".into()),
                cards: Some(RUN),
            },
            Move::ToPile { from, to, count } => MoveRecord {
                from: Some(Pile::Tableau(from).to_string()),
                to: Some(Pile::Tableau(to).to_string()),
                cards: Some(usize::from(count)),
            },
        }
    }

    fn describe_move(position: &Position, mv: Move) -> String {
        let cards = carried_cards(position, mv);
        match mv {
            Move::Deal => "Deal a row from the stock".into(),
            Move::Clear { from } => {
                let suit = cards.last().map_or("", |card| card.suit().name());
                format!("Clear the run of {suit}, king to ace, from {} to the foundation", pile_name(from))
            }
            Move::ToPile { from, to, count } => {
                let Some(card) = cards.first() else { return mv.to_string() };
                let mut text = format!("Move the {}", card.name());
                match count {
                    0 | 1 => {}
                    2 => text.push_str(" and the card on it"),
                    _ => text.push_str(&format!(" and the {} cards on it", count - 1)),
                }
                text.push_str(&format!(" from {} to {}", pile_name(from), pile_name(to)));
                match position.top(usize::from(to) % PILES) {
                    Some(base) => text.push_str(&format!(" (onto the {})", base.name())),
                    None => text.push_str(" (empty)"),
                }
                text
            }
        }
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        let mut top = vec![Place { pile: Pile::Stock, x: 0.0, depths: 0..=0 }];
        top.extend((0..RUNS).map(|i| Place {
            pile: Pile::Foundation(i as u8),
            x: (2 + i) as f32,
            depths: 0..=0,
        }));
        let piles = (0..PILES)
            .map(|p| {
                let last = position.pile(p).len().saturating_sub(1);
                let first = (position.pile(p).len() - position.run_length(p)).min(last);
                Place { pile: Pile::Tableau(p as u8), x: p as f32, depths: first..=last }
            })
            .collect();
        vec![top, piles]
    }

    fn pile_label(position: &Position, pile: Pile, choosing: Option<usize>) -> String {
        match pile {
            Pile::Stock => match position.rows_left() {
                0 => "stock, empty".into(),
                1 => "stock, 1 row to deal".into(),
                rows => format!("stock, {rows} rows to deal"),
            },
            Pile::Foundation(index) => match position.cleared().get(usize::from(index)) {
                Some(suit) => format!("foundation {}, a run of {}", u16::from(index) + 1, suit.name()),
                None => format!("foundation {}, empty", u16::from(index) + 1),
            },
            Pile::Tableau(p) => {
                let cards = position.pile(usize::from(p) % PILES);
                let down = position.face_down(usize::from(p) % PILES);
                let Some(top) = cards.last() else { return format!("{}, empty", pile_name(p)) };
                let mut text = format!("{}, {} cards", pile_name(p), cards.len());
                if down > 0 {
                    text.push_str(&format!(" ({down} face down)"));
                }
                text.push_str(&format!(", the {} on top", top.name()));
                if let Some(depth) = choosing.filter(|&d| d >= down) {
                    text.push_str(&choosing_words(cards, depth));
                }
                text
            }
        }
    }

    fn score_extra(position: &Position) -> Option<String> {
        Some(format!(
            "{} of 8 runs cleared; {} stock rows left",
            position.cleared().len(),
            position.rows_left()
        ))
    }
}

impl Dealing for Spider {
    type Deal = SpiderDeal;
    type Variant = Suits;
    type Saved = SavedDeal;

    /// One past the highest in use (Yukon's 8), and the two after it for the other suits.
    const DAILY_SALT: u64 = 11;

    fn deck(deal: &SpiderDeal) -> Vec<Card> {
        let suits = deal.suits.deck_suits();
        (0..2).flat_map(|_| suits.into_iter().flat_map(|s| Rank::ALL.map(|r| Card::new(r, s)))).collect()
    }

    fn variant(deal: &SpiderDeal) -> Suits {
        deal.suits
    }

    fn title(deal: &SpiderDeal) -> String {
        format!("Spider ({}) #{}", deal.suits.words(), deal.number)
    }

    fn describe_deal(deal: &SpiderDeal) -> String {
        format!("deal {}", deal.number)
    }

    fn seeded(seed: u64, suits: Suits) -> Option<SpiderDeal> {
        PysolNumber::new(u128::from(seed)).ok().map(|number| SpiderDeal { number, suits })
    }

    fn seed_of(deal: &SpiderDeal) -> Option<u64> {
        u64::try_from(deal.number.get()).ok()
    }

    fn deal_path(deal: &SpiderDeal) -> String {
        deal.number.to_string()
    }

    fn parse_deal_path(segments: &[&str], suits: Suits) -> Result<Option<SpiderDeal>, LinkError> {
        SpiderDeal::parse_path(segments, suits)
    }

    fn moves_code(_deal: &SpiderDeal, moves: &[Move]) -> String {
        crate::share::format_link_words(moves)
    }

    fn read_moves(start: &Position, code: &str) -> Result<Vec<Move>, String> {
        crate::share::read_link_moves(start, code)
    }

    fn board_text(position: &Position) -> Option<String> {
        Some(position.to_string())
    }

    fn save(deal: &SpiderDeal, moves: &[Move]) -> SavedDeal {
        save_deal::<Spider>(deal, moves)
    }

    fn restore(saved: SavedDeal) -> Option<(SpiderDeal, Vec<Move>)> {
        restore_deal::<Spider>(saved)
    }
}

impl Solving for Spider {
    type Solver = Solver;

    fn solver(position: &Position, _mode: SolveMode) -> Solver {
        Solver::new(position, Options::default())
    }

    fn grader(deal: &SpiderDeal) -> Box<dyn Search<Solution = Grade>> {
        let start = deal.start();
        Box::new(ReplayGrader::new(start, Solver::new(&start, Options::default()), grade_win))
    }
}

/// What the solver measured of a winnable Spider deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The positions the solver stored before its win: how hard the deal was to find a way
    /// through.
    pub states: u64,
    /// The moves of the solver's winning line (not a minimum), clears and deals included.
    pub moves: u32,
}

/// The tiers by the positions searched, for each suit count (docs/RULES.md, "Difficulty"): the
/// quartiles of PySolFC's games 1..100 the solver wins (`deckhand spider grade-table --range
/// 1..100 --suits K --facts FILE`: 100, 100 and 95 of them).
pub fn tier_bounds(suits: Suits) -> [u64; 3] {
    match suits {
        Suits::One => [21_000, 24_500, 28_000],
        Suits::Two => [20_000, 26_000, 33_500],
        Suits::Four => [27_500, 65_000, 275_000],
    }
}

/// The tier and reason of a winnable deal in `suits`.
pub fn difficulty_of(facts: &Facts, suits: Suits) -> (Difficulty, String) {
    let tier = Difficulty::by_bounds(facts.states, tier_bounds(suits));
    let reason =
        format!("The solver searched {} positions to find its win of {} moves", facts.states, facts.moves);
    (tier, reason)
}

/// The grade of a won deal from its replayed line.
fn grade_win(states: u64, start: &Position, line: &[Move], _end: &Position) -> Grade {
    let facts = Facts { states, moves: line.len() as u32 };
    let (difficulty, reason) = difficulty_of(&facts, start.suits());
    Grade::solved(difficulty, reason, &facts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::grading::Verdict;
    use crate::search::Outcome;

    #[test]
    fn tiers_follow_the_positions_searched_for_each_suit_count() {
        for suits in [Suits::One, Suits::Two, Suits::Four] {
            let tier = |states| difficulty_of(&Facts { states, moves: 200 }, suits).0;
            let [easy, medium, hard] = tier_bounds(suits);
            assert!(easy < medium && medium < hard, "{suits:?}");
            assert_eq!(
                [tier(1), tier(easy), tier(easy + 1), tier(medium + 1), tier(hard + 1)],
                [
                    Difficulty::Easy,
                    Difficulty::Easy,
                    Difficulty::Medium,
                    Difficulty::Hard,
                    Difficulty::Expert
                ]
            );
        }
        assert_eq!(
            difficulty_of(&Facts { states: 230, moves: 111 }, Suits::Four).1,
            "The solver searched 230 positions to find its win of 111 moves"
        );
    }

    #[test]
    fn a_won_deal_is_graded_from_its_replayed_line() {
        let deal = Spider::seeded(1, Suits::One).unwrap();
        let grade = crate::search::run_to_end(&mut *Spider::grader(&deal), 1 << 12);
        let Outcome::Solved(grade) = grade else { panic!("{grade:?}") };
        assert_eq!(grade.verdict, Verdict::Solved, "{grade:?}");
        let facts: Facts = grade.facts_as().unwrap();
        assert_eq!(grade.difficulty, Some(difficulty_of(&facts, Suits::One).0));
        assert!(facts.moves >= 58 && facts.states > 0, "{facts:?}");
    }
}
