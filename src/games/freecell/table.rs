//! FreeCell as the table plays it: piles by their DOM names, the move a drag or a click means,
//! and where a double-click sends a card. The rules themselves stay in `rules.rs`.

use std::fmt;

use thiserror::Error;

use crate::session::Table;

use super::rules::{stacks_on, IllegalMove, Move, Position, Source, Target, CASCADES, CELLS};

/// A pile on the table, named in the DOM `cascade-1`..`cascade-8`, `freecell-1`..`freecell-4`
/// and `foundation-1`..`foundation-4` (foundations in suit order: clubs, diamonds, hearts,
/// spades).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Cascade(u8),
    Cell(u8),
    Foundation(u8),
}

impl Pile {
    /// The pile a DOM name stands for.
    pub fn parse(name: &str) -> Option<Pile> {
        let (kind, number) = name.rsplit_once('-')?;
        let index = number.parse::<u8>().ok()?.checked_sub(1)?;
        match kind {
            "cascade" if usize::from(index) < CASCADES => Some(Pile::Cascade(index)),
            "freecell" if usize::from(index) < CELLS => Some(Pile::Cell(index)),
            "foundation" if index < 4 => Some(Pile::Foundation(index)),
            _ => None,
        }
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
            Pile::Cascade(i) => write!(f, "cascade-{}", i + 1),
            Pile::Cell(i) => write!(f, "freecell-{}", i + 1),
            Pile::Foundation(i) => write!(f, "foundation-{}", i + 1),
        }
    }
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

/// Whether the card at `depth` of `pile` can be picked up: a free cell's card, or a card of a
/// cascade's movable run (the exposed end that builds down in alternating colours).
pub fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
    match pile {
        Pile::Cascade(i) => {
            let cards = position.cascade(usize::from(i)).len();
            depth < cards && depth + position.run_length(usize::from(i)) >= cards
        }
        Pile::Cell(i) => position.cell(usize::from(i)).is_some(),
        Pile::Foundation(_) => false,
    }
}

/// Why a drag or a click does not make a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntentError {
    #[error("{0}")]
    Illegal(IllegalMove),
    #[error("cards on the foundations stay there")]
    FromFoundation,
    #[error("there is no card there")]
    NothingThere,
}

impl From<IllegalMove> for IntentError {
    fn from(reason: IllegalMove) -> IntentError {
        IntentError::Illegal(reason)
    }
}

/// The legal move meant by taking the card at `depth` of `from` (0 is the bottom of a
/// cascade) and dropping it on `to`. Onto a card, the run's card that fits it decides how many
/// cards go, whatever card was taken; onto an empty cascade, the cards from the one taken.
pub fn intended_move(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, IntentError> {
    let source = from.source().ok_or(IntentError::FromFoundation)?;
    let target = to.target();
    let mv = match (source, target) {
        (Source::Cascade(i), Target::Cascade(j)) => {
            let cards = position.cascade(usize::from(i));
            if cards.is_empty() {
                return Err(IntentError::NothingThere);
            }
            let taken = cards.len().saturating_sub(depth).max(1);
            let count = match position.cascade(usize::from(j)).last() {
                Some(&base) => (1..=position.run_length(usize::from(i)))
                    .find(|&n| stacks_on(cards[cards.len() - n], base))
                    .unwrap_or(taken),
                None => taken,
            };
            let count = count.min(cards.len());
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
    position.check(mv)?;
    Ok(mv)
}

/// Where a double-click sends the exposed card of `from`: home if it can go, else onto a card,
/// else (from a free cell) to an empty cascade, else (from a cascade) to a free cell.
pub fn send_away(position: &Position, from: Pile) -> Option<Move> {
    let source = from.source()?;
    let card = match source {
        Source::Cascade(i) => *position.cascade(usize::from(i)).last()?,
        Source::Cell(i) => position.cell(usize::from(i))?,
    };
    let legal = |to: Target| Some(Move::single(card, source, to)).filter(|&mv| position.is_legal(mv));
    let onto_cascade = |empty: bool| {
        (0..CASCADES as u8)
            .filter(|&j| Source::Cascade(j) != source && position.cascade(usize::from(j)).is_empty() == empty)
            .find_map(|j| legal(Target::Cascade(j)))
    };
    let from_cell = matches!(source, Source::Cell(_));
    legal(Target::Foundation)
        .or_else(|| onto_cascade(false))
        .or_else(|| if from_cell { onto_cascade(true) } else { None })
        .or_else(|| if from_cell { None } else { (0..CELLS as u8).find_map(|c| legal(Target::Cell(c))) })
}

impl Table for Position {
    type Move = Move;
    type Illegal = IllegalMove;

    fn is_won(&self) -> bool {
        Position::is_won(self)
    }

    fn after(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.clone().play(mv).map_err(|error| error.reason)
    }
}

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
            Err(IntentError::Illegal(IllegalMove::DoesNotFit { .. }))
        ));
        assert!(matches!(
            intended_move(&position, Pile::Cascade(7), 5, Pile::Foundation(0)),
            Err(IntentError::Illegal(IllegalMove::NotNextOnFoundation { .. }))
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
