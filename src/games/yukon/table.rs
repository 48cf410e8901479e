//! Yukon as the table plays it: piles by their DOM names, the move a drag or a click means,
//! where a double-click sends a card, and the moves that finish a game once the rest is
//! forced. The rules themselves stay in [`super::rules`].

use std::fmt;

use thiserror::Error;

use crate::cards::{Card, Suit};

use super::rules::{builds_on, IllegalMove, Move, Position, PILES};

/// A pile on the table, named in the DOM `tableau-1`..`tableau-7` and
/// `foundation-1`..`foundation-4` (foundations in suit order: clubs, diamonds, hearts,
/// spades).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    /// A pile of the tableau, 0..7.
    Tableau(u8),
    Foundation(Suit),
}

impl Pile {
    /// The pile a DOM name stands for.
    pub fn parse(name: &str) -> Option<Pile> {
        let (kind, number) = name.rsplit_once('-')?;
        if number.len() > 1 {
            return None;
        }
        let index = number.parse::<u8>().ok()?.checked_sub(1)?;
        match kind {
            "tableau" if (index as usize) < PILES => Some(Pile::Tableau(index)),
            "foundation" if index < 4 => Some(Pile::Foundation(Suit::ALL[index as usize])),
            _ => None,
        }
    }
}

impl fmt::Display for Pile {
    /// The DOM name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Tableau(pile) => write!(f, "tableau-{}", u16::from(*pile) + 1),
            Pile::Foundation(suit) => write!(f, "foundation-{}", suit.index() + 1),
        }
    }
}

/// Where a move takes cards from and puts them (a foundation move goes to its card's suit).
pub fn move_piles(mv: Move) -> (Pile, Pile) {
    match mv {
        Move::ToFoundation { from, card } => (Pile::Tableau(from), Pile::Foundation(card.suit())),
        Move::ToPile { from, to, .. } => (Pile::Tableau(from), Pile::Tableau(to)),
    }
}

/// Whether the card at `depth` of `pile` can be picked up: any face-up card of a pile (it
/// takes the cards on it along). Foundation cards stay where they are.
pub fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
    match pile {
        Pile::Tableau(pile) => {
            let pile = pile as usize;
            pile < PILES && depth >= position.face_down(pile) && depth < position.pile(pile).len()
        }
        Pile::Foundation(_) => false,
    }
}

/// Why a drag or a click does not make a move, naming the cards in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IntentError {
    #[error("{0}")]
    Illegal(IllegalMove),
    #[error("the card under the {} is face down and cannot be moved", .0.name())]
    FaceDown(Card),
    #[error("the {} has cards on it: only a pile's top card goes to a foundation", .0.name())]
    NotTheTopCard(Card),
    #[error("there is no card there")]
    NothingThere,
    #[error("cards on a foundation stay there")]
    FromFoundation,
    #[error("the {} cannot go to the {} foundation", .card.name(), .foundation.name())]
    WrongFoundation { card: Card, foundation: Suit },
}

impl From<IllegalMove> for IntentError {
    fn from(reason: IllegalMove) -> IntentError {
        IntentError::Illegal(reason)
    }
}

/// The legal move meant by taking the card at `depth` of `from` (0 is the bottom of a pile)
/// and dropping it on `to`.
pub fn intended_move(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, IntentError> {
    let Pile::Tableau(from) = from else {
        return Err(IntentError::FromFoundation);
    };
    if from as usize >= PILES {
        return Err(IntentError::Illegal(IllegalMove::NoSuchPile(u16::from(from) + 1)));
    }
    let pile = position.pile(from as usize);
    if pile.is_empty() {
        return Err(IntentError::NothingThere);
    }
    let depth = depth.min(pile.len() - 1);
    let card = pile[depth];
    if depth < position.face_down(from as usize) {
        // Name the face-up card above it, if any, so that the words say which card was meant.
        return Err(IntentError::FaceDown(pile[position.face_down(from as usize).min(pile.len() - 1)]));
    }
    let count = (pile.len() - depth) as u8;
    let mv = match to {
        Pile::Foundation(_) if count > 1 => return Err(IntentError::NotTheTopCard(card)),
        Pile::Foundation(suit) if suit != card.suit() => {
            return Err(IntentError::WrongFoundation { card, foundation: suit })
        }
        Pile::Foundation(_) => Move::ToFoundation { from, card },
        Pile::Tableau(to) => Move::ToPile { from, to, card, count },
    };
    position.check(mv)?;
    Ok(mv)
}

/// Where a double-click sends the card at `depth` of `from` (with the cards on it): home if
/// it is the top card and can go, else onto another pile (a non-empty one first).
pub fn send_away(position: &Position, from: Pile, depth: usize) -> Option<Move> {
    let Pile::Tableau(from) = from else { return None };
    if from as usize >= PILES || !can_lift(position, Pile::Tableau(from), depth) {
        return None;
    }
    let pile = position.pile(from as usize);
    let card = pile[depth];
    let count = (pile.len() - depth) as u8;
    let home = Move::ToFoundation { from, card };
    if count == 1 && position.check(home).is_ok() {
        return Some(home);
    }
    let onto = |to: u8| Move::ToPile { from, to, card, count };
    let piles = 0..PILES as u8;
    let mut built = piles.clone().filter(|&to| position.top(to as usize).is_some());
    let first = built.find(|&to| position.check(onto(to)).is_ok());
    first.or_else(|| piles.clone().find(|&to| position.check(onto(to)).is_ok())).map(onto)
}

/// Whether the rest of the game is forced: every card left is face up and every pile is a
/// run, each card one rank below the card under it and of the other colour. Then the lowest
/// card left always lies on top of a pile and fits its foundation.
pub fn is_forced(position: &Position) -> bool {
    position.all_face_up() && (0..PILES).all(|p| position.pile(p).windows(2).all(|w| builds_on(w[1], w[0])))
}

/// Once the rest of the game is forced ([`is_forced`]), the moves that send every card home,
/// lowest first; `None` before that, or when the game is already won.
pub fn finishing_moves(position: &Position) -> Option<Vec<Move>> {
    if !is_forced(position) || position.is_won() {
        return None;
    }
    let mut position = *position;
    let mut moves = Vec::new();
    while !position.is_won() {
        let (_, from, card) = (0..PILES as u8)
            .filter_map(|from| position.top(from as usize).map(|card| (card.rank().value(), from, card)))
            .min()?;
        let mv = Move::ToFoundation { from, card };
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

    #[test]
    fn pile_names_round_trip() {
        let mut piles: Vec<Pile> = (0..7).map(Pile::Tableau).collect();
        piles.extend(Suit::ALL.map(Pile::Foundation));
        for pile in piles {
            assert_eq!(Pile::parse(&pile.to_string()), Some(pile));
        }
        for bad in ["tableau-0", "tableau-8", "foundation-5", "stock", "waste", "tableau-01", "cascade-1", ""]
        {
            assert_eq!(Pile::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn drags_mean_the_legal_moves_and_only_those() {
        for seed in 1..30 {
            let position = Position::new(&seeded_deck(seed));
            let legal = position.legal_moves();
            for from in 0..PILES as u8 {
                for depth in 0..position.pile(from as usize).len() {
                    let mut targets: Vec<Pile> = (0..7).map(Pile::Tableau).collect();
                    targets.extend(Suit::ALL.map(Pile::Foundation));
                    for to in targets {
                        match intended_move(&position, Pile::Tableau(from), depth, to) {
                            Ok(mv) => {
                                assert!(legal.contains(&mv), "{mv}");
                                assert_eq!(move_piles(mv), (Pile::Tableau(from), to));
                            }
                            Err(error) => assert!(!error.to_string().is_empty()),
                        }
                    }
                }
            }
            for &mv in legal.iter() {
                let (from, to) = move_piles(mv);
                let Pile::Tableau(pile) = from else { unreachable!() };
                let depth = position.pile(pile as usize).len() - mv.count() as usize;
                assert_eq!(intended_move(&position, from, depth, to), Ok(mv));
            }
        }
    }

    #[test]
    fn refusals_name_the_cards() {
        let position = Position::new(&seeded_deck(1));
        let error = intended_move(&position, Pile::Tableau(6), 0, Pile::Tableau(0)).unwrap_err();
        assert!(matches!(error, IntentError::FaceDown(_)), "{error}");
        assert!(error.to_string().contains(" of "), "{error}");
        assert_eq!(
            intended_move(&position, Pile::Foundation(Suit::Clubs), 0, Pile::Tableau(0)),
            Err(IntentError::FromFoundation)
        );
    }

    #[test]
    fn send_away_plays_legal_moves() {
        for seed in 1..30 {
            let position = Position::new(&seeded_deck(seed));
            for from in 0..PILES as u8 {
                for depth in 0..position.pile(from as usize).len() {
                    if let Some(mv) = send_away(&position, Pile::Tableau(from), depth) {
                        assert_eq!(position.check(mv), Ok(()), "{mv}");
                    }
                }
            }
        }
    }
}
