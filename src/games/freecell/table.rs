//! FreeCell and its family as the table plays them: piles by their DOM names, the move a drag
//! or a click means, where a double-click sends a card, and how the piles are laid out and
//! spoken. Written once over [`Layout`], which FreeCell's position and the family's both
//! implement, so a gesture means the same move in every game of the family. The rules
//! themselves stay in each position's `rules.rs`.

use std::fmt;

use thiserror::Error;

use crate::cards::{Card, Rank, Suit};
use crate::games::{choosing_words, foundation_words, Place, Spot};

use super::rules::{stacks_on, IllegalMove, Move, Position, Source, Target, CASCADES, CELLS};

/// A pile on the table, named in the DOM `cascade-1`.., `freecell-1`.. and
/// `foundation-1`..`foundation-4` (foundations in suit order: clubs, diamonds, hearts,
/// spades). Indices are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Cascade(u8),
    Cell(u8),
    Foundation(u8),
}

impl Pile {
    /// The FreeCell pile a DOM name stands for.
    pub fn parse(name: &str) -> Option<Pile> {
        Pile::parse_within(name, CASCADES as u8, CELLS as u8)
    }

    /// The pile a DOM name stands for on a table of `cascades` and `cells`.
    pub fn parse_within(name: &str, cascades: u8, cells: u8) -> Option<Pile> {
        let (kind, number) = name.rsplit_once('-')?;
        if !number.starts_with(|c: char| matches!(c, '1'..='9')) {
            return None;
        }
        let index = number.parse::<u8>().ok()?.checked_sub(1)?;
        match kind {
            "cascade" if index < cascades => Some(Pile::Cascade(index)),
            "freecell" if index < cells => Some(Pile::Cell(index)),
            "foundation" if index < 4 => Some(Pile::Foundation(index)),
            _ => None,
        }
    }

    /// Every pile of a table of `cascades` and `cells`: cells, foundations, then cascades.
    pub fn all(cascades: u8, cells: u8) -> impl Iterator<Item = Pile> {
        let foundations = (0..4).map(Pile::Foundation);
        (0..cells).map(Pile::Cell).chain(foundations).chain((0..cascades).map(Pile::Cascade))
    }

    /// Where a move from this pile starts; cards on the foundations stay there.
    pub fn source(self) -> Option<Source> {
        match self {
            Pile::Cascade(i) => Some(Source::Cascade(i)),
            Pile::Cell(i) => Some(Source::Cell(i)),
            Pile::Foundation(_) => None,
        }
    }

    /// Where a move onto this pile ends (any foundation pile is "the foundation").
    pub fn target(self) -> Target {
        match self {
            Pile::Cascade(i) => Target::Cascade(i),
            Pile::Cell(i) => Target::Cell(i),
            Pile::Foundation(_) => Target::Foundation,
        }
    }

    /// The pile in words ("cascade 3", "free cell b", "the foundation").
    pub fn words(self) -> String {
        match self {
            Pile::Cascade(i) => format!("cascade {}", u32::from(i) + 1),
            Pile::Cell(i) => format!("free cell {}", cell_letter(i)),
            Pile::Foundation(_) => "the foundation".into(),
        }
    }
}

impl From<Source> for Pile {
    fn from(source: Source) -> Pile {
        match source {
            Source::Cascade(i) => Pile::Cascade(i),
            Source::Cell(i) => Pile::Cell(i),
        }
    }
}

impl fmt::Display for Pile {
    /// The DOM name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Cascade(i) => write!(f, "cascade-{}", u32::from(*i) + 1),
            Pile::Cell(i) => write!(f, "freecell-{}", u32::from(*i) + 1),
            Pile::Foundation(i) => write!(f, "foundation-{}", u32::from(*i) + 1),
        }
    }
}

/// A free cell's letter (`a` for the first); the link notation and the words use it.
pub fn cell_letter(cell: u8) -> char {
    char::from(b'a' + cell.min(25))
}

/// Where a move takes cards from and puts them, with the foundation pile of the card's suit.
pub fn move_piles(mv: Move) -> (Pile, Pile) {
    let to = match mv.to {
        Target::Foundation => Pile::Foundation(mv.card.suit().index() as u8),
        Target::Cascade(i) => Pile::Cascade(i),
        Target::Cell(i) => Pile::Cell(i),
    };
    (Pile::from(mv.from), to)
}

/// What the table needs of a position of cascades, free cells and foundations: FreeCell's
/// own and the family's, each by its own rules.
pub trait Layout {
    /// Why the rules refuse a move.
    type Illegal;

    fn cascade_count(&self) -> u8;
    fn cell_count(&self) -> u8;
    /// Cascade `index`, top card first; empty for an index out of range.
    fn cascade(&self, index: usize) -> &[Card];
    /// The card in free cell `index`.
    fn cell(&self, index: usize) -> Option<Card>;
    /// How many cards of `suit` are home.
    fn foundation(&self, suit: Suit) -> u8;
    /// True if `card` may go on `base` in a cascade.
    fn stacks_on(&self, card: Card, base: Card) -> bool;
    /// The first card of cascade `index` that can be picked up (its length when empty).
    fn movable_from(&self, index: usize) -> usize;
    /// Checks a move without playing it.
    fn check(&self, mv: Move) -> Result<(), Self::Illegal>;

    /// The length of the run at the exposed end of cascade `index` that builds down as the
    /// rules build (1 for a lone card, 0 for an empty cascade).
    fn run_length(&self, index: usize) -> usize {
        let cards = self.cascade(index);
        let mut run = usize::from(!cards.is_empty());
        while run < cards.len() && self.stacks_on(cards[cards.len() - run], cards[cards.len() - run - 1]) {
            run += 1;
        }
        run
    }
}

impl Layout for Position {
    type Illegal = IllegalMove;

    fn cascade_count(&self) -> u8 {
        CASCADES as u8
    }

    fn cell_count(&self) -> u8 {
        CELLS as u8
    }

    fn cascade(&self, index: usize) -> &[Card] {
        Position::cascade(self, index)
    }

    fn cell(&self, index: usize) -> Option<Card> {
        Position::cell(self, index)
    }

    fn foundation(&self, suit: Suit) -> u8 {
        Position::foundation(self, suit)
    }

    fn stacks_on(&self, card: Card, base: Card) -> bool {
        stacks_on(card, base)
    }

    /// FreeCell lifts the whole run; a drop asks whether the cells and cascades can carry it.
    fn movable_from(&self, index: usize) -> usize {
        Position::cascade(self, index).len() - Position::run_length(self, index)
    }

    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        Position::check(self, mv)
    }

    fn run_length(&self, index: usize) -> usize {
        Position::run_length(self, index)
    }
}

/// Whether the card at `depth` of `pile` can be picked up: a free cell's card, or a card of a
/// cascade's movable run.
pub fn can_lift<P: Layout>(position: &P, pile: Pile, depth: usize) -> bool {
    match pile {
        Pile::Cascade(i) => {
            let i = usize::from(i);
            depth < position.cascade(i).len() && depth >= position.movable_from(i)
        }
        Pile::Cell(i) => position.cell(usize::from(i)).is_some(),
        Pile::Foundation(_) => false,
    }
}

/// Why a drag or a click does not make a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntentError<Illegal = IllegalMove> {
    /// The rules refuse the move meant.
    #[error("{1}")]
    Illegal(Move, Illegal),
    #[error("cards on the foundations stay there")]
    FromFoundation,
    #[error("there is no card there")]
    NothingThere,
}

/// The legal move meant by taking the card at `depth` of `from` (0 is the bottom of a
/// cascade) and dropping it on `to`. Onto a card, the run's card that fits it decides how many
/// cards go, whatever card was taken; onto an empty cascade, the cards from the one taken; to a
/// free cell or the foundation, the exposed card.
pub fn intended_move<P: Layout>(
    position: &P,
    from: Pile,
    depth: usize,
    to: Pile,
) -> Result<Move, IntentError<P::Illegal>> {
    let source = from.source().ok_or(IntentError::FromFoundation)?;
    let target = to.target();
    let mv = match (source, target) {
        (Source::Cascade(i), Target::Cascade(j)) => {
            let cards = position.cascade(usize::from(i));
            if cards.is_empty() {
                return Err(IntentError::NothingThere);
            }
            let taken = cards.len().saturating_sub(depth).clamp(1, cards.len());
            let count = match position.cascade(usize::from(j)).last() {
                Some(&base) => (1..=position.run_length(usize::from(i)))
                    .find(|&n| position.stacks_on(cards[cards.len() - n], base))
                    .unwrap_or(taken),
                None => taken,
            };
            Move { card: cards[cards.len() - count], from: source, to: target, cards: count as u8 }
        }
        (Source::Cascade(i), _) => {
            let card = *position.cascade(usize::from(i)).last().ok_or(IntentError::NothingThere)?;
            Move::single(card, source, target)
        }
        (Source::Cell(i), _) => {
            let card = position.cell(usize::from(i)).ok_or(IntentError::NothingThere)?;
            Move::single(card, source, target)
        }
    };
    position.check(mv).map_err(|reason| IntentError::Illegal(mv, reason))?;
    Ok(mv)
}

/// Where a double-click sends the exposed card of `from`: home if it can go, else onto a card,
/// else (from a free cell) to an empty cascade, else (from a cascade) to a free cell.
pub fn send_away<P: Layout>(position: &P, from: Pile) -> Option<Move> {
    let source = from.source()?;
    let card = match source {
        Source::Cascade(i) => *position.cascade(usize::from(i)).last()?,
        Source::Cell(i) => position.cell(usize::from(i))?,
    };
    let legal = |to: Target| Some(Move::single(card, source, to)).filter(|&mv| position.check(mv).is_ok());
    let onto_cascade = |empty: bool| {
        (0..position.cascade_count())
            .filter(|&j| Source::Cascade(j) != source && position.cascade(usize::from(j)).is_empty() == empty)
            .find_map(|j| legal(Target::Cascade(j)))
    };
    let from_cell = matches!(source, Source::Cell(_));
    legal(Target::Foundation)
        .or_else(|| onto_cascade(false))
        .or_else(|| if from_cell { onto_cascade(true) } else { None })
        .or_else(|| {
            if from_cell {
                None
            } else {
                (0..position.cell_count()).find_map(|c| legal(Target::Cell(c)))
            }
        })
}

/// Every card where it lies: cascades, free cells, then the foundations.
pub fn cards<P: Layout>(position: &P) -> Vec<Card> {
    let piles = (0..usize::from(position.cascade_count())).flat_map(|i| position.cascade(i).iter().copied());
    let cells = (0..usize::from(position.cell_count())).filter_map(|i| position.cell(i));
    piles.chain(cells).chain(crate::games::foundation_cards(|suit| position.foundation(suit))).collect()
}

/// The cards `mv` takes with it.
pub fn carried<P: Layout>(position: &P, mv: Move) -> Vec<Card> {
    match mv.from {
        Source::Cascade(i) => {
            let cascade = position.cascade(usize::from(i));
            cascade[cascade.len().saturating_sub(usize::from(mv.cards))..].to_vec()
        }
        Source::Cell(_) => vec![mv.card],
    }
}

/// Where a hint shows `mv`: the card to take and the pile it goes to.
pub fn hint_spots<P: Layout>(position: &P, mv: Move) -> (Vec<Spot<Pile>>, Option<Pile>) {
    let (from, to) = move_piles(mv);
    let depth = match mv.from {
        Source::Cascade(i) => position.cascade(usize::from(i)).len().saturating_sub(usize::from(mv.cards)),
        Source::Cell(_) => 0,
    };
    (vec![Spot { pile: from, depth }], Some(to))
}

/// The keyboard's rows: free cells then foundations (at the right, over the last cascades when
/// there is room), then the cascades, each reaching down to its movable run.
pub fn layout<P: Layout>(position: &P) -> Vec<Vec<Place<Pile>>> {
    let (cascades, cells) = (position.cascade_count(), position.cell_count());
    let single = |pile, x: usize| Place { pile, x: x as f32, depths: 0..=0 };
    let mut top: Vec<Place<Pile>> = (0..cells).map(|i| single(Pile::Cell(i), usize::from(i))).collect();
    let first = usize::from(cells).max(usize::from(cascades).saturating_sub(4));
    top.extend((0..4u8).map(|i| single(Pile::Foundation(i), first + usize::from(i))));
    let cascades = (0..cascades)
        .map(|i| {
            let last = position.cascade(usize::from(i)).len().saturating_sub(1);
            let first = position.movable_from(usize::from(i)).min(last);
            Place { pile: Pile::Cascade(i), x: f32::from(i), depths: first..=last }
        })
        .collect();
    vec![top, cascades]
}

/// A pile in words for screen readers, with the cards a keyboard player is choosing.
pub fn pile_label<P: Layout>(position: &P, pile: Pile, choosing: Option<usize>) -> String {
    let mut text = match pile {
        Pile::Cascade(i) => {
            let cards = position.cascade(usize::from(i));
            match cards.last() {
                None => format!("cascade {}, empty", u32::from(i) + 1),
                Some(top) => {
                    format!("cascade {}, {} cards, the {} on top", u32::from(i) + 1, cards.len(), top.name())
                }
            }
        }
        Pile::Cell(i) => match position.cell(usize::from(i)) {
            None => format!("free cell {}, empty", cell_letter(i)),
            Some(card) => format!("free cell {}, the {}, free", cell_letter(i), card.name()),
        },
        Pile::Foundation(i) => {
            let Some(suit) = Suit::from_index(usize::from(i)) else { return "foundation".into() };
            foundation_words(
                suit,
                Rank::from_value(position.foundation(suit)).map(|rank| Card::new(rank, suit)),
            )
        }
    };
    if let (Some(depth), Pile::Cascade(i)) = (choosing, pile) {
        if depth >= position.movable_from(usize::from(i)) {
            text.push_str(&choosing_words(position.cascade(usize::from(i)), depth));
        }
    }
    text
}

crate::table_by_rules!(Position, Move, IllegalMove, is_won);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::DealNumber;
    use crate::games::freecell::{Mode, Solver};
    use crate::search::Outcome;

    fn deal(number: u64) -> Position {
        Position::deal(DealNumber::new(number).unwrap())
    }

    #[test]
    fn pile_names_round_trip() {
        let mut piles: Vec<Pile> = (0..8).map(Pile::Cascade).collect();
        piles.extend((0..4).map(Pile::Cell));
        piles.extend((0..4).map(Pile::Foundation));
        for pile in piles {
            assert_eq!(Pile::parse(&pile.to_string()), Some(pile));
        }
        for bad in ["cascade-9", "cascade-0", "freecell-5", "foundation-5", "tableau-1", "cascade", ""] {
            assert_eq!(Pile::parse(bad), None, "{bad}");
        }
    }

    /// Plays the fast solver's line for a few deals, checking that every move is what dragging
    /// its cards (from the run's first card) to the destination pile means.
    #[test]
    fn every_solver_move_is_what_its_drag_means() {
        for number in 1..=12 {
            let start = deal(number);
            let Outcome::Solved(moves) = Solver::solve(&start, Mode::Fast) else {
                panic!("deal {number} is solvable");
            };
            let mut position = start;
            for mv in moves {
                let (from, to) = move_piles(mv);
                let depth = match mv.from {
                    Source::Cascade(i) => position.cascade(usize::from(i)).len() - usize::from(mv.cards),
                    Source::Cell(_) => 0,
                };
                let intended = intended_move(&position, from, depth, to).unwrap();
                assert_eq!(intended, mv, "deal {number}");
                position = position.play(mv).unwrap();
            }
            assert!(position.is_won());
        }
    }

    #[test]
    fn only_a_cell_card_or_a_movable_run_is_lifted() {
        let position = deal(1);
        for column in 0..8u8 {
            let cards = position.cascade(usize::from(column)).len();
            let run = position.run_length(usize::from(column));
            for depth in 0..=cards {
                let expected = depth < cards && depth >= cards - run;
                assert_eq!(can_lift(&position, Pile::Cascade(column), depth), expected, "{column} {depth}");
            }
        }
        assert!(!can_lift(&position, Pile::Cell(0), 0), "the free cells are empty at the deal");
        assert!(!can_lift(&position, Pile::Foundation(0), 0));
        let parked = position
            .play(Move::single(*deal(1).cascade(7).last().unwrap(), Source::Cascade(7), Target::Cell(0)))
            .unwrap();
        assert!(can_lift(&parked, Pile::Cell(0), 0));
    }

    #[test]
    fn refused_intents_say_why() {
        let position = deal(1);
        assert_eq!(
            intended_move(&position, Pile::Foundation(0), 0, Pile::Cascade(0)),
            Err(IntentError::FromFoundation)
        );
        assert_eq!(
            intended_move(&position, Pile::Cell(0), 0, Pile::Cascade(0)),
            Err(IntentError::NothingThere)
        );
        // Deal 1's cascade 8 ends with the ten of clubs, which fits neither cascade 1's top
        // card nor the foundation.
        assert!(matches!(
            intended_move(&position, Pile::Cascade(7), 5, Pile::Cascade(0)),
            Err(IntentError::Illegal(_, IllegalMove::DoesNotFit { .. }))
        ));
        assert!(matches!(
            intended_move(&position, Pile::Cascade(7), 5, Pile::Foundation(0)),
            Err(IntentError::Illegal(_, IllegalMove::NotNextOnFoundation { .. }))
        ));
    }

    #[test]
    fn double_click_sends_home_then_onto_a_card_then_to_a_cell() {
        // Find a dealt position whose exposed cards include an ace.
        let (position, column) = (1..200)
            .map(deal)
            .find_map(|p| {
                let column = (0..8).find(|&c| p.cascade(c).last().unwrap().rank().value() == 1)?;
                Some((p, column))
            })
            .expect("some deal of 1..200 shows an ace");
        let home = send_away(&position, Pile::Cascade(column as u8)).unwrap();
        assert_eq!(home.to, Target::Foundation);
        // On deal 1 nothing goes home; every exposed card goes onto a card if one fits it,
        // else to the first free cell.
        let position = deal(1);
        for column in 0..8u8 {
            let mv = send_away(&position, Pile::Cascade(column)).unwrap();
            assert!(position.is_legal(mv));
            let fits = (0..8).any(|j| {
                j != usize::from(column)
                    && stacks_on(
                        *position.cascade(usize::from(column)).last().unwrap(),
                        *position.cascade(j).last().unwrap(),
                    )
            });
            if fits {
                assert!(matches!(mv.to, Target::Cascade(_)), "{mv}");
            } else {
                assert_eq!(mv.to, Target::Cell(0), "{mv}");
            }
        }
        assert_eq!(send_away(&position, Pile::Cell(0)), None);
        assert_eq!(send_away(&position, Pile::Foundation(0)), None);
    }
}
