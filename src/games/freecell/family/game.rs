//! Baker's Game, Eight Off and Seahaven Towers on the shared card table: one generic game,
//! [`Family<K>`], whose marker `K` names the variant. Deals are PySolFC's game numbers (or a
//! pasted deck in dealing order), laid out as PySolFC deals them ([`DeckDeal`]).

use std::fmt::Debug;
use std::marker::PhantomData;

use super::grading::grader;
use super::rules::{Position, Variant};
use super::solver::FamilySolver;
use super::table::{autoplay, cannot_lift, finishing_moves, intended_move};
use crate::cards::Card;
use crate::games::freecell::table::{self, can_lift, cell_letter, send_away, Pile};
use crate::games::freecell::{Autoplay, Budget, Move, Source, Target};
use crate::games::{DeckDeal, DeckDealt, Grade, OneVariant, Place, Play, SolveMode, Solving, Spot};
use crate::search::Search;
use crate::session::Start;

/// One game of the family on the table: its variant and its own words and numbers.
pub trait Kind: Copy + Debug + 'static {
    /// The rules it plays by.
    const VARIANT: Variant;
    /// One line for the home page.
    const SUMMARY: &'static str;
    /// Mixed into the deal of the day's seed (distinct for every game).
    const DAILY_SALT: u64;
    /// The name in titles ("Baker's Game"), the variant's.
    const NAME: &'static str = Self::VARIANT.name();
    /// The key in links and storage (`bakers-game`), the variant's.
    const KEY: &'static str = Self::VARIANT.key();
}

/// Baker's Game: 8 cascades, 4 free cells, build by suit, any card to an empty cascade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BakersGame;

/// Eight Off: 8 cascades of 6, 8 free cells with 4 dealt into, by suit, only kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EightOff;

/// Seahaven Towers: 10 cascades of 5, 4 free cells with 2 dealt into, by suit, only kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeahavenTowers;

impl Kind for BakersGame {
    const VARIANT: Variant = Variant::BakersGame;
    const SUMMARY: &'static str = "FreeCell's ancestor: build down by suit; PySolFC's game numbers";
    const DAILY_SALT: u64 = 5;
}

impl Kind for EightOff {
    const VARIANT: Variant = Variant::EightOff;
    const SUMMARY: &'static str = "eight free cells, four dealt full; kings fill empty cascades";
    const DAILY_SALT: u64 = 6;
}

impl Kind for SeahavenTowers {
    const VARIANT: Variant = Variant::SeahavenTowers;
    const SUMMARY: &'static str = "ten cascades, two cards in the free cells; kings fill empty cascades";
    const DAILY_SALT: u64 = 7;
}

/// A game of FreeCell's family on the table, the variant named by `K`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family<K>(PhantomData<K>);

/// A family deal: PySolFC's game number or a pasted deck, in dealing order.
pub type FamilyDeal<K> = DeckDeal<Family<K>>;

/// The browser's solver may store this many states (about 100 bytes each).
pub const SOLVER_BUDGET: Budget = Budget::states(1_000_000);

impl<K: Kind> DeckDealt for Family<K> {
    type Variant = OneVariant;
    const DAILY_SALT: u64 = K::DAILY_SALT;

    fn lay_out(cards: &[Card], _variant: OneVariant) -> Position {
        Position::from_deal_order(K::VARIANT, cards)
    }
}

/// The card a move carries that lands on its destination, and where it lies now in words.
fn onto_words(position: &Position, to: Target) -> String {
    match to {
        Target::Cascade(j) => match position.cascade(usize::from(j)).last() {
            Some(base) => format!("cascade {} (onto the {})", u32::from(j) + 1, base.name()),
            None => format!("cascade {} (empty)", u32::from(j) + 1),
        },
        Target::Cell(j) => format!("free cell {}", cell_letter(j)),
        Target::Foundation => "the foundation".into(),
    }
}

impl<K: Kind> Play for Family<K> {
    type Position = Position;
    type Move = Move;
    type Pile = Pile;
    type Settings = Autoplay;

    const NAME: &'static str = K::NAME;
    const KEY: &'static str = K::KEY;
    const SUMMARY: &'static str = K::SUMMARY;

    fn parse_pile(name: &str) -> Option<Pile> {
        Pile::parse_within(name, K::VARIANT.rules().cascades, K::VARIANT.rules().cells)
    }

    fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
        can_lift(position, pile, depth)
    }

    fn cannot_lift(position: &Position, pile: Pile, depth: usize) -> String {
        cannot_lift(position, pile, depth)
    }

    fn intended(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
        intended_move(position, from, depth, to)
    }

    fn send_away(position: &Position, pile: Pile, _depth: usize) -> Option<Move> {
        send_away(position, pile)
    }

    fn follow_up(position: &mut Position, mode: Autoplay) -> Vec<Move> {
        autoplay(position, mode)
    }

    fn finish(position: &Position) -> Option<Vec<Move>> {
        finishing_moves(position)
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

    fn describe_move(position: &Position, mv: Move) -> String {
        let rest = match mv.cards {
            0 | 1 => String::new(),
            2 => " and the card on it".into(),
            n => format!(" and the {} cards on it", n - 1),
        };
        let from = match mv.from {
            Source::Cascade(i) => format!("cascade {}", u32::from(i) + 1),
            Source::Cell(i) => format!("free cell {}", cell_letter(i)),
        };
        format!("Move the {}{rest} from {from} to {}", mv.card.name(), onto_words(position, mv.to))
    }

    fn layout(position: &Position) -> Vec<Vec<Place<Pile>>> {
        table::layout(position)
    }

    fn pile_label(position: &Position, pile: Pile, choosing: Option<usize>) -> String {
        table::pile_label(position, pile, choosing)
    }

    fn score_extra(position: &Position) -> Option<String> {
        Some(format!("Free cells: {} of {}", position.empty_cells(), position.cells().len()))
    }
}

impl<K: Kind> Solving for Family<K> {
    type Solver = FamilySolver;

    fn solver(position: &Position, _mode: SolveMode) -> FamilySolver {
        FamilySolver::new(position, SOLVER_BUDGET)
    }

    fn grader(deal: &FamilyDeal<K>) -> Box<dyn Search<Solution = Grade>> {
        Box::new(grader(&deal.start()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::PysolNumber;
    use crate::games::Dealing;
    use crate::games::{read_deal_code, spots, step_focus, Direction, Tap};

    type Bakers = Family<BakersGame>;
    type Seahaven = Family<SeahavenTowers>;

    #[test]
    fn a_numbered_deal_is_pysolfc_s_layout() {
        for number in [1, 617, 31999, 32000, 123_456_789] {
            let deal = FamilyDeal::<SeahavenTowers>::seeded(number, OneVariant).unwrap();
            let pysol = PysolNumber::new(u128::from(number)).unwrap();
            assert_eq!(deal.start(), Position::deal(Variant::SeahavenTowers, pysol));
            let eight = FamilyDeal::<EightOff>::seeded(number, OneVariant).unwrap();
            assert_eq!(eight.start(), Position::deal(Variant::EightOff, pysol));
        }
        assert_eq!(Bakers::title(&Bakers::seeded(164, OneVariant).unwrap()), "Baker's Game #164");
        assert_eq!(Family::<EightOff>::KEY, "eight-off");
        assert_eq!(Seahaven::NAME, "Seahaven Towers");
    }

    #[test]
    fn links_pastes_and_saved_games_round_trip() {
        let deal = Bakers::seeded(1, OneVariant).unwrap();
        let start = deal.start();
        let moves = Bakers::read_moves(&start, "1a.2b").unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(Bakers::moves_code(&deal, &moves), "1a.2b");
        assert_eq!(crate::games::deal_code::<Bakers>(&deal), "1");
        assert_eq!(read_deal_code::<Bakers>("1"), Ok(deal.clone()));
        assert_eq!(Bakers::restore(Bakers::save(&deal, &moves)), Some((deal.clone(), moves.clone())));
        let pasted = Bakers::deal_from_text(&Bakers::deal_text(&deal).unwrap(), OneVariant).unwrap();
        assert_eq!(pasted.start(), start);
        let code = crate::games::deal_code::<Bakers>(&pasted);
        assert!(code.starts_with("deck/"), "{code}");
        assert_eq!(read_deal_code::<Bakers>(&code), Ok(pasted.clone()));
        assert_eq!(Bakers::restore(Bakers::save(&pasted, &moves)), Some((pasted, moves)));
        let error = Bakers::read_moves(&start, "1a.zz").unwrap_err();
        assert!(error.starts_with("move 2 `zz` is not a move"), "{error}");
    }

    #[test]
    fn a_click_on_a_covered_card_says_why() {
        let start = Bakers::seeded(1, OneVariant).unwrap().start();
        let last = start.cascade(0).len() - 1;
        assert_eq!(Bakers::tap(&start, Pile::Cascade(0), last), Tap::Pick);
        match Bakers::tap(&start, Pile::Cascade(0), 0) {
            Tap::Refuse(reason) => assert!(reason.contains(&start.cascade(0)[0].name()), "{reason}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_keyboard_reaches_every_pile() {
        let start = Seahaven::seeded(1, OneVariant).unwrap().start();
        let layout = Seahaven::layout(&start);
        let piles: Vec<Pile> = spots(&layout).map(|s| s.pile).collect();
        for pile in Pile::all(Variant::SeahavenTowers.rules().cascades, Variant::SeahavenTowers.rules().cells)
        {
            assert!(piles.contains(&pile), "{pile}");
        }
        let down =
            step_focus(&layout, Spot { pile: Pile::Foundation(3), depth: 0 }, Direction::Down).unwrap();
        assert_eq!(down.pile, Pile::Cascade(9), "the foundations sit over the last cascades");
        let label = Seahaven::pile_label(&start, Pile::Cell(1), None);
        assert_eq!(label, format!("free cell b, the {}, free", start.cell(1).unwrap().name()));
    }

    #[test]
    fn a_move_is_said_with_its_cards() {
        let start = Bakers::seeded(1, OneVariant).unwrap().start();
        let card = *start.cascade(2).last().unwrap();
        let mv = Move::single(card, Source::Cascade(2), Target::Cell(0));
        assert_eq!(
            Bakers::describe_move(&start, mv),
            format!("Move the {} from cascade 3 to free cell a", card.name())
        );
    }
}
