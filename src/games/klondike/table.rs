//! Klondike as the table plays it: piles by their DOM names, the move a drag or a click
//! means, where a double-click sends a card, and the moves that finish a game once every card
//! is face up. The rules themselves stay in [`super::rules`].

use std::fmt;

use thiserror::Error;

use crate::cards::Suit;

use super::rules::{IllegalMove, Move, Position, COLUMNS};

/// A pile on the table, named in the DOM `stock`, `waste`, `tableau-1`..`tableau-7` and
/// `foundation-1`..`foundation-4` (foundations in suit order: clubs, diamonds, hearts,
/// spades).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Stock,
    Waste,
    /// A column, 0..7.
    Tableau(u8),
    Foundation(Suit),
}

impl Pile {
    /// The pile a DOM name stands for.
    pub fn parse(name: &str) -> Option<Pile> {
        match name {
            "stock" => return Some(Pile::Stock),
            "waste" => return Some(Pile::Waste),
            _ => {}
        }
        let (kind, number) = name.rsplit_once('-')?;
        let index = number.parse::<u8>().ok()?.checked_sub(1)?;
        match kind {
            "tableau" if (index as usize) < COLUMNS => Some(Pile::Tableau(index)),
            "foundation" if index < 4 => Some(Pile::Foundation(Suit::ALL[index as usize])),
            _ => None,
        }
    }
}

impl fmt::Display for Pile {
    /// The DOM name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Stock => write!(f, "stock"),
            Pile::Waste => write!(f, "waste"),
            Pile::Tableau(column) => write!(f, "tableau-{}", u16::from(*column) + 1),
            Pile::Foundation(suit) => write!(f, "foundation-{}", suit.index() + 1),
        }
    }
}

/// Where a move takes cards from and puts them.
pub fn move_piles(mv: Move) -> (Pile, Pile) {
    match mv {
        Move::Draw => (Pile::Stock, Pile::Waste),
        Move::Recycle => (Pile::Waste, Pile::Stock),
        Move::WasteToTableau { to } => (Pile::Waste, Pile::Tableau(to)),
        Move::WasteToFoundation => (Pile::Waste, Pile::Foundation(Suit::Clubs)),
        Move::TableauToFoundation { from } => (Pile::Tableau(from), Pile::Foundation(Suit::Clubs)),
        Move::TableauToTableau { from, to, .. } => (Pile::Tableau(from), Pile::Tableau(to)),
        Move::FoundationToTableau { suit, to } => (Pile::Foundation(suit), Pile::Tableau(to)),
    }
}

/// [`move_piles`] with the foundation a card actually goes to in `position`.
pub fn move_piles_in(position: &Position, mv: Move) -> (Pile, Pile) {
    let home = |card: Option<crate::cards::Card>| {
        card.map_or(Pile::Foundation(Suit::Clubs), |c| Pile::Foundation(c.suit()))
    };
    match mv {
        Move::WasteToFoundation => (Pile::Waste, home(position.waste_top())),
        Move::TableauToFoundation { from } => (Pile::Tableau(from), home(position.top(from as usize))),
        other => move_piles(other),
    }
}

/// Whether the card at `depth` of `pile` can be picked up: a face-up card of a column, the
/// waste's top card, a foundation's top card (shown at depth 0); never the stock (it is
/// drawn, not moved).
pub fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
    match pile {
        Pile::Tableau(column) => {
            let column = column as usize;
            depth >= position.face_down(column) && depth < position.column(column).len()
        }
        Pile::Waste => depth + 1 == position.waste().len(),
        Pile::Foundation(suit) => depth == 0 && position.foundation(suit) > 0,
        Pile::Stock => false,
    }
}

/// Why a drag or a click does not make a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntentError {
    #[error("{0}")]
    Illegal(IllegalMove),
    #[error("face-down cards cannot be moved")]
    FaceDown,
    #[error("only the top card can go to a foundation")]
    NotTheTopCard,
    #[error("there is no card there")]
    NothingThere,
    #[error("cards cannot be put on the {0}")]
    NotATarget(&'static str),
    #[error("the stock's cards are drawn, not moved")]
    FromStock,
}

impl From<IllegalMove> for IntentError {
    fn from(reason: IllegalMove) -> IntentError {
        IntentError::Illegal(reason)
    }
}

/// The legal move meant by taking the card at `depth` of `from` (0 is the bottom of a
/// column) and dropping it on `to`.
pub fn intended_move(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, IntentError> {
    let mv = match (from, to) {
        (Pile::Stock, _) => return Err(IntentError::FromStock),
        (_, Pile::Stock) => return Err(IntentError::NotATarget("stock")),
        (_, Pile::Waste) => return Err(IntentError::NotATarget("waste")),
        (Pile::Waste, Pile::Tableau(to)) => Move::WasteToTableau { to },
        (Pile::Waste, Pile::Foundation(_)) => Move::WasteToFoundation,
        (Pile::Tableau(from), to) => {
            let column = position.column(from as usize);
            if column.is_empty() {
                return Err(IntentError::NothingThere);
            }
            let depth = depth.min(column.len() - 1);
            if depth < position.face_down(from as usize) {
                return Err(IntentError::FaceDown);
            }
            match to {
                Pile::Foundation(_) if depth + 1 != column.len() => return Err(IntentError::NotTheTopCard),
                Pile::Foundation(_) => Move::TableauToFoundation { from },
                Pile::Tableau(to) => Move::TableauToTableau { from, to, count: (column.len() - depth) as u8 },
                Pile::Stock | Pile::Waste => unreachable!("handled above"),
            }
        }
        (Pile::Foundation(suit), Pile::Tableau(to)) => Move::FoundationToTableau { suit, to },
        (Pile::Foundation(_), Pile::Foundation(_)) => return Err(IntentError::NotATarget("foundations")),
    };
    position.check(mv)?;
    Ok(mv)
}

/// Where a double-click sends the card at the top of `from`: home if it can go, else onto
/// another column (a non-empty one first).
pub fn send_away(position: &Position, from: Pile) -> Option<Move> {
    let home = match from {
        Pile::Waste => Move::WasteToFoundation,
        Pile::Tableau(from) => Move::TableauToFoundation { from },
        Pile::Stock | Pile::Foundation(_) => return None,
    };
    if position.check(home).is_ok() {
        return Some(home);
    }
    let onto = |to: u8| match from {
        Pile::Waste => Move::WasteToTableau { to },
        Pile::Tableau(from) => Move::TableauToTableau { from, to, count: 1 },
        _ => Move::Draw,
    };
    let columns = 0..COLUMNS as u8;
    let mut candidates = columns.clone().filter(|&c| position.top(c as usize).is_some());
    let first = candidates.find(|&to| position.check(onto(to)).is_ok());
    first.or_else(|| columns.clone().find(|&to| position.check(onto(to)).is_ok())).map(onto)
}

/// Once every card left is face up in the tableau (stock and waste empty), the moves that
/// send them all home, lowest first; `None` before that.
pub fn finishing_moves(position: &Position) -> Option<Vec<Move>> {
    if !position.is_trivially_won() || position.is_won() {
        return None;
    }
    let mut position = *position;
    let mut moves = Vec::new();
    // The lowest card left is always on top of its column (columns are descending runs).
    while !position.is_won() {
        let lowest = (0..COLUMNS as u8)
            .filter_map(|from| position.top(from as usize).map(|card| (card.rank().value(), from)))
            .min()?;
        let mv = Move::TableauToFoundation { from: lowest.1 };
        position = position.play(mv).ok()?;
        moves.push(mv);
    }
    Some(moves)
}

crate::table_by_rules!(Position, Move, IllegalMove, is_won);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::{Draw, Rules, Solver};
    use crate::search::run_to_end;
    use crate::search::Outcome;

    #[test]
    fn pile_names_round_trip() {
        let mut piles = vec![Pile::Stock, Pile::Waste];
        piles.extend((0..7).map(Pile::Tableau));
        piles.extend(Suit::ALL.map(Pile::Foundation));
        for pile in piles {
            assert_eq!(Pile::parse(&pile.to_string()), Some(pile));
        }
        assert_eq!(Pile::parse("tableau-8"), None);
        assert_eq!(Pile::parse("foundation-0"), None);
        assert_eq!(Pile::parse("cascade-1"), None);
    }

    /// Plays the solver's line for a deal, checking that every move is what dragging its
    /// cards from their pile to the destination means.
    #[test]
    fn every_solver_move_is_what_its_drag_means() {
        for seed in 1..40 {
            let start = Position::new(&seeded_deck(seed), Rules::new(Draw::Three));
            // A small budget: the quickly won deals are enough here.
            let Outcome::Solved(moves) = run_to_end(&mut Solver::with_budget(&start, 20_000), 1024) else {
                continue;
            };
            let mut position = start;
            for mv in moves {
                let (from, to) = move_piles_in(&position, mv);
                if !matches!(mv, Move::Draw | Move::Recycle) {
                    let depth = match mv {
                        Move::TableauToTableau { from, count, .. } => {
                            position.column(from as usize).len() - count as usize
                        }
                        Move::TableauToFoundation { from } => position.column(from as usize).len() - 1,
                        _ => 0,
                    };
                    assert_eq!(intended_move(&position, from, depth, to), Ok(mv), "{position}");
                }
                position = position.play(mv).unwrap();
            }
            assert!(position.is_won());
        }
    }

    #[test]
    fn only_face_up_cards_and_pile_tops_are_lifted() {
        let position = Position::new(&seeded_deck(1), Rules::new(Draw::One));
        for column in 0..7u8 {
            let cards = position.column(column as usize).len();
            // Column n+1 is dealt n face-down cards under its top card.
            assert_eq!(position.face_down(column as usize), column as usize);
            assert!((0..cards - 1).all(|depth| !can_lift(&position, Pile::Tableau(column), depth)));
            assert!(can_lift(&position, Pile::Tableau(column), cards - 1), "the dealt top card is face up");
            assert!(!can_lift(&position, Pile::Tableau(column), cards));
        }
        assert!(!can_lift(&position, Pile::Stock, 0));
        assert!(!can_lift(&position, Pile::Waste, 0), "nothing drawn yet");
        let drawn = position.play(Move::Draw).unwrap().play(Move::Draw).unwrap();
        assert!(can_lift(&drawn, Pile::Waste, 1), "the waste's top card");
        assert!(!can_lift(&drawn, Pile::Waste, 0), "a waste card under another");
        assert!(!can_lift(&position, Pile::Foundation(Suit::Hearts), 0));
    }

    #[test]
    fn refused_intents_say_why() {
        let position = Position::new(&seeded_deck(1), Rules::new(Draw::One));
        assert_eq!(
            intended_move(&position, Pile::Tableau(6), 0, Pile::Tableau(0)),
            Err(IntentError::FaceDown)
        );
        assert_eq!(intended_move(&position, Pile::Stock, 0, Pile::Tableau(0)), Err(IntentError::FromStock));
        assert_eq!(
            intended_move(&position, Pile::Waste, 0, Pile::Tableau(0)),
            Err(IntentError::Illegal(IllegalMove::WasteEmpty))
        );
        assert_eq!(
            intended_move(&position, Pile::Tableau(0), 0, Pile::Waste),
            Err(IntentError::NotATarget("waste"))
        );
    }

    #[test]
    fn double_click_sends_home_first() {
        // Find a dealt position where some column's top card is an ace.
        for seed in 1..200 {
            let position = Position::new(&seeded_deck(seed), Rules::new(Draw::One));
            let Some(column) = (0..7).find(|&c| position.top(c).unwrap().rank().value() == 1) else {
                continue;
            };
            let from = Pile::Tableau(column as u8);
            assert_eq!(send_away(&position, from), Some(Move::TableauToFoundation { from: column as u8 }));
            return;
        }
        panic!("no deal in 1..200 shows an ace");
    }

    #[test]
    fn finishing_moves_bring_every_card_home() {
        let mut checked = 0;
        for seed in 1..40 {
            let start = Position::new(&seeded_deck(seed), Rules::new(Draw::One));
            // A small budget: the quickly won deals are enough here.
            let Outcome::Solved(moves) = run_to_end(&mut Solver::with_budget(&start, 20_000), 1024) else {
                continue;
            };
            let mut position = start;
            for mv in moves {
                if let Some(finish) = finishing_moves(&position) {
                    let mut end = position;
                    for mv in finish {
                        end = end.play(mv).unwrap();
                    }
                    assert!(end.is_won());
                    checked += 1;
                    break;
                }
                position = position.play(mv).unwrap();
            }
        }
        assert!(checked > 0, "some solved deal reaches a position with every card face up");
    }
}
