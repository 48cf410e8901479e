//! FreeCell's family as the table plays it: piles by their DOM names, the move a drag or a
//! click means (or why there is none, naming the cards), where a double-click sends a card,
//! and the cards that go home by themselves. The rules themselves stay in `rules.rs`.

use std::fmt;

use crate::cards::{Card, Rank};
use crate::games::freecell::{Autoplay, Move, Source, Target};
use crate::session::Table;

use super::rules::{Build, EmptyCascade, FamilyIllegal, Position, Rules};
use crate::games::freecell::IllegalMove;

/// A pile on a family table, named in the DOM `cascade-1`..`cascade-10`,
/// `freecell-1`..`freecell-8` and `foundation-1`..`foundation-4` (foundations in suit order:
/// clubs, diamonds, hearts, spades). Indices are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Cascade(u8),
    Cell(u8),
    Foundation(u8),
}

impl Pile {
    /// The pile a DOM name stands for in a game with `rules`.
    pub fn parse(name: &str, rules: Rules) -> Option<Pile> {
        let (kind, number) = name.rsplit_once('-')?;
        if number.starts_with('+') || number.starts_with('0') {
            return None;
        }
        let index = number.parse::<u8>().ok()?.checked_sub(1)?;
        match kind {
            "cascade" if index < rules.cascades => Some(Pile::Cascade(index)),
            "freecell" if index < rules.cells => Some(Pile::Cell(index)),
            "foundation" if index < 4 => Some(Pile::Foundation(index)),
            _ => None,
        }
    }

    /// Every pile of a game with `rules`, cells first, then foundations, then cascades.
    pub fn all(rules: Rules) -> impl Iterator<Item = Pile> {
        let cells = (0..rules.cells).map(Pile::Cell);
        let foundations = (0..4).map(Pile::Foundation);
        cells.chain(foundations).chain((0..rules.cascades).map(Pile::Cascade))
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
            Pile::Cascade(i) => write!(f, "cascade-{}", u32::from(*i) + 1),
            Pile::Cell(i) => write!(f, "freecell-{}", u32::from(*i) + 1),
            Pile::Foundation(i) => write!(f, "foundation-{}", u32::from(*i) + 1),
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

/// A free cell's letter (`a` for the first); the link notation and the words use it.
pub fn cell_letter(cell: u8) -> char {
    char::from(b'a' + cell.min(25))
}

/// The length of the run at the exposed end of cascade `index` that builds down as the
/// variant builds (1 for a lone card, 0 for an empty cascade).
pub fn run_length(position: &Position, index: usize) -> usize {
    let rules = position.rules();
    let cards = position.cascade(index);
    let mut run = usize::from(!cards.is_empty());
    while run < cards.len() && rules.stacks_on(cards[cards.len() - run], cards[cards.len() - run - 1]) {
        run += 1;
    }
    run
}

/// The most cards a move onto a card may carry now.
pub fn most_carried(position: &Position) -> usize {
    position.rules().capacity(position.empty_cells(), position.empty_cascades())
}

/// The first card of cascade `index` that can be picked up: its run, as far as a move onto a
/// card could carry it (the cascade's length when it is empty).
pub fn movable_from(position: &Position, index: usize) -> usize {
    let cards = position.cascade(index).len();
    cards - run_length(position, index).min(most_carried(position))
}

/// Whether the card at `depth` of `pile` can be picked up: a free cell's card, or a card of a
/// cascade's movable run within what a move may carry.
pub fn can_lift(position: &Position, pile: Pile, depth: usize) -> bool {
    match pile {
        Pile::Cascade(i) => {
            let i = usize::from(i);
            depth < position.cascade(i).len() && depth >= movable_from(position, i)
        }
        Pile::Cell(i) => position.cell(usize::from(i)).is_some(),
        Pile::Foundation(_) => false,
    }
}

/// Why the card at `depth` of `pile` cannot be picked up, in words.
pub fn cannot_lift(position: &Position, pile: Pile, depth: usize) -> String {
    match pile {
        Pile::Foundation(_) => "cards on the foundations stay there".into(),
        Pile::Cell(i) => format!("free cell {} is empty", cell_letter(i)),
        Pile::Cascade(i) => {
            let index = usize::from(i);
            let cards = position.cascade(index);
            match cards.get(depth) {
                None => format!("cascade {} is empty", index + 1),
                Some(card) if cards.len() - depth <= run_length(position, index) => format!(
                    "the {} and the {} cards on it are more than the free cells and empty cascades can carry ({} at most)",
                    card.name(),
                    cards.len() - depth - 1,
                    most_carried(position)
                ),
                Some(card) => format!(
                    "the {} is covered by cards that are not a run of its suit",
                    card.name()
                ),
            }
        }
    }
}

/// The card one rank lower of the same suit ("the eight of clubs"), if there is one.
fn one_lower(card: Card) -> Option<Card> {
    card.rank().pred().map(|rank| Card::new(rank, card.suit()))
}

/// `reason` for refusing `mv` in `position`, in words naming the cards.
pub fn refusal_words(position: &Position, mv: Move, reason: FamilyIllegal) -> String {
    let rules = position.rules();
    match reason {
        FamilyIllegal::NotSameSuit { card, base } => match one_lower(base) {
            Some(fits) => {
                format!(
                    "the {} does not go on the {}: only the {} does",
                    card.name(),
                    base.name(),
                    fits.name()
                )
            }
            None => format!("the {} does not go on the {}: no card goes on an ace", card.name(), base.name()),
        },
        FamilyIllegal::KingsOnly { card } => {
            format!("only a king may fill an empty cascade, not the {}", card.name())
        }
        FamilyIllegal::Move(illegal) => match illegal {
            IllegalMove::DoesNotFit { card, base } => format!(
                "the {} does not go on the {}: it needs a card one rank lower of the other colour",
                card.name(),
                base.name()
            ),
            IllegalMove::NotASequence { card } => {
                let kind = match rules.build {
                    Build::Suit => "a run down in one suit",
                    Build::AlternateColour => "a run down in alternating colours",
                };
                format!("the cards on the {} are not {kind}", card.name())
            }
            IllegalMove::OverCapacity { cards, capacity } => {
                let by = match rules.empty {
                    EmptyCascade::KingsOnly => "the empty free cells",
                    EmptyCascade::AnyCard => "the empty free cells and cascades",
                };
                format!("{cards} cards cannot move at once: {by} carry only {capacity}")
            }
            IllegalMove::NotNextOnFoundation { card } => {
                let home = position.foundation(card.suit());
                match Rank::from_value(home + 1).map(|rank| Card::new(rank, card.suit())) {
                    Some(next) if card.rank().value() > home => format!(
                        "the {} cannot go to the foundation yet: the {} goes first",
                        card.name(),
                        next.name()
                    ),
                    _ => format!("the {} cannot go to the foundation", card.name()),
                }
            }
            IllegalMove::CellOccupied(Target::Cell(j)) => match position.cell(usize::from(j)) {
                Some(card) => format!("free cell {} already holds the {}", cell_letter(j), card.name()),
                None => format!("free cell {} is taken", cell_letter(j)),
            },
            IllegalMove::EmptySource(from) => format!("{} is empty", Pile::from(from).words()),
            IllegalMove::SamePlace => format!("the {} is already there", mv.card.name()),
            IllegalMove::TooManyForTarget => "only one card at a time goes there".into(),
            other => other.to_string(),
        },
    }
}

impl Pile {
    /// The pile in words ("cascade 3", "free cell b", "the foundation").
    pub fn words(self) -> String {
        match self {
            Pile::Cascade(i) => format!("cascade {}", u32::from(i) + 1),
            Pile::Cell(i) => format!("free cell {}", cell_letter(i)),
            Pile::Foundation(_) => "the foundation".into(),
        }
    }
}

/// The legal move meant by taking the card at `depth` of `from` (0 is the bottom of a
/// cascade) and dropping it on `to`, or why there is none, in words. Onto a card, the run's
/// card that fits it decides how many cards go, whatever card was taken; onto an empty cascade,
/// the cards from the one taken; to a free cell or the foundation, the exposed card.
pub fn intended_move(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
    let source = from.source().ok_or("cards on the foundations stay there")?;
    let target = to.target();
    let rules = position.rules();
    let empty = || format!("{} is empty", from.words());
    let mv = match (source, target) {
        (Source::Cascade(i), Target::Cascade(j)) => {
            let cards = position.cascade(usize::from(i));
            if cards.is_empty() {
                return Err(empty());
            }
            let taken = cards.len().saturating_sub(depth).clamp(1, cards.len());
            let count = match position.cascade(usize::from(j)).last() {
                Some(&base) => (1..=run_length(position, usize::from(i)))
                    .find(|&n| rules.stacks_on(cards[cards.len() - n], base))
                    .unwrap_or(taken),
                None => taken,
            };
            Move { card: cards[cards.len() - count], from: source, to: target, cards: count as u8 }
        }
        (Source::Cascade(i), _) => {
            let card = *position.cascade(usize::from(i)).last().ok_or_else(empty)?;
            Move::single(card, source, target)
        }
        (Source::Cell(i), _) => {
            let card = position.cell(usize::from(i)).ok_or_else(empty)?;
            Move::single(card, source, target)
        }
    };
    position.check(mv).map_err(|reason| refusal_words(position, mv, reason))?;
    Ok(mv)
}

/// Where a double-click sends the exposed card of `from`: home if it can go; else, from a
/// cascade, to the first empty free cell; else onto a card it fits; else (from a free cell) to
/// an empty cascade that takes it.
pub fn send_away(position: &Position, from: Pile) -> Option<Move> {
    let source = from.source()?;
    let card = match source {
        Source::Cascade(i) => *position.cascade(usize::from(i)).last()?,
        Source::Cell(i) => position.cell(usize::from(i))?,
    };
    let rules = position.rules();
    let legal = |to: Target| Some(Move::single(card, source, to)).filter(|&mv| position.is_legal(mv));
    let onto_cascade = |empty: bool| {
        (0..rules.cascades)
            .filter(|&j| Source::Cascade(j) != source && position.cascade(usize::from(j)).is_empty() == empty)
            .find_map(|j| legal(Target::Cascade(j)))
    };
    let from_cell = matches!(source, Source::Cell(_));
    legal(Target::Foundation)
        .or_else(|| if from_cell { None } else { (0..rules.cells).find_map(|c| legal(Target::Cell(c))) })
        .or_else(|| onto_cascade(false))
        .or_else(|| if from_cell { onto_cascade(true) } else { None })
}

/// A card that may go home now, free cells first: where cards build by suit every such card
/// is safe (the only card that could go on it is home already); where they build by
/// alternate colour, the player's `mode` decides, as FreeCell's table does.
fn home_move(position: &Position, mode: Autoplay) -> Option<Move> {
    let rules = position.rules();
    let wanted = |card: Card| {
        position.fits_foundation(card)
            && match (mode, rules.build) {
                (Autoplay::Off, _) => false,
                (Autoplay::All, _) | (Autoplay::Safe, Build::Suit) => true,
                (Autoplay::Safe, Build::AlternateColour) => {
                    let value = card.rank().value();
                    value <= 2
                        || crate::cards::Suit::ALL
                            .iter()
                            .filter(|s| s.color() != card.color())
                            .all(|&s| position.foundation(s) + 1 >= value)
                }
            }
    };
    let cells = (0..rules.cells).filter_map(|i| position.cell(usize::from(i)).map(|c| (Source::Cell(i), c)));
    let cascades = (0..rules.cascades)
        .filter_map(|i| position.cascade(usize::from(i)).last().map(|&c| (Source::Cascade(i), c)));
    cells
        .chain(cascades)
        .find(|&(_, card)| wanted(card))
        .map(|(from, card)| Move::single(card, from, Target::Foundation))
}

/// Plays the cards that go home by themselves ([`Autoplay`]) until none is left; returns them.
pub fn autoplay(position: &mut Position, mode: Autoplay) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some(mv) = home_move(position, mode) {
        position.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// Once every card can go home in turn with no choice left (each card home frees the next),
/// the moves that finish the game; `None` while anything is still to decide.
pub fn finishing_moves(position: &Position) -> Option<Vec<Move>> {
    if position.is_won() {
        return None;
    }
    let mut end = position.clone();
    let moves = autoplay(&mut end, Autoplay::All);
    end.is_won().then_some(moves)
}

impl Table for Position {
    type Move = Move;
    type Illegal = FamilyIllegal;

    fn is_won(&self) -> bool {
        Position::is_won(self)
    }

    fn after(&self, mv: Move) -> Result<Position, FamilyIllegal> {
        self.clone().play(mv).map_err(|error| error.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::PysolNumber;
    use crate::games::freecell::family::Variant;

    fn deal(variant: Variant, number: u128) -> Position {
        Position::deal(variant, PysolNumber::new(number).unwrap())
    }

    #[test]
    fn pile_names_round_trip_within_each_layout() {
        for variant in [Variant::BakersGame, Variant::EightOff, Variant::SeahavenTowers] {
            let rules = variant.rules();
            let piles: Vec<Pile> = Pile::all(rules).collect();
            assert_eq!(piles.len(), usize::from(rules.cascades + rules.cells) + 4);
            for pile in piles {
                assert_eq!(Pile::parse(&pile.to_string(), rules), Some(pile));
            }
            let beyond = [format!("cascade-{}", rules.cascades + 1), format!("freecell-{}", rules.cells + 1)];
            for bad in beyond.iter().map(String::as_str).chain([
                "cascade-0",
                "foundation-5",
                "cascade-01",
                "tableau-1",
                "",
            ]) {
                assert_eq!(Pile::parse(bad, rules), None, "{bad}");
            }
        }
    }

    #[test]
    fn refusals_name_the_cards() {
        // Baker's Game #1: find two exposed cards that do not stack.
        let position = deal(Variant::BakersGame, 1);
        let (from, to) = (0..8u8)
            .flat_map(|i| (0..8u8).map(move |j| (i, j)))
            .find(|&(i, j)| {
                let (a, b) = (position.cascade(usize::from(i)), position.cascade(usize::from(j)));
                i != j && !position.rules().stacks_on(*a.last().unwrap(), *b.last().unwrap())
            })
            .unwrap();
        let card = *position.cascade(usize::from(from)).last().unwrap();
        let base = *position.cascade(usize::from(to)).last().unwrap();
        let depth = position.cascade(usize::from(from)).len() - 1;
        let refused = intended_move(&position, Pile::Cascade(from), depth, Pile::Cascade(to)).unwrap_err();
        assert!(
            refused.starts_with(&format!("the {} does not go on the {}", card.name(), base.name())),
            "{refused}"
        );

        // Eight Off: a queen to an empty cascade is refused in words.
        let mut position = deal(Variant::EightOff, 1);
        position.cascades[0].clear();
        position.cascades[1] = vec![Card::new(Rank::Queen, crate::cards::Suit::Hearts)];
        let refused = intended_move(&position, Pile::Cascade(1), 0, Pile::Cascade(0)).unwrap_err();
        assert_eq!(refused, "only a king may fill an empty cascade, not the queen of hearts");
        assert_eq!(
            intended_move(&position, Pile::Foundation(0), 0, Pile::Cascade(0)).unwrap_err(),
            "cards on the foundations stay there"
        );
    }

    #[test]
    fn double_click_sends_home_then_to_a_cell() {
        let position = deal(Variant::SeahavenTowers, 1);
        for i in 0..10u8 {
            let mv = send_away(&position, Pile::Cascade(i)).unwrap();
            let card = *position.cascade(usize::from(i)).last().unwrap();
            if position.fits_foundation(card) {
                assert_eq!(mv.to, Target::Foundation);
            } else {
                assert_eq!(mv.to, Target::Cell(0), "Seahaven #1 deals into cells 2 and 3, not 1");
            }
        }
        assert_eq!(send_away(&position, Pile::Foundation(0)), None);
    }

    #[test]
    fn finishing_needs_no_choice_left() {
        let start = deal(Variant::BakersGame, 1);
        assert_eq!(finishing_moves(&start), None);
        // Everything home but the kings, each alone in a cascade: they finish.
        let mut cascades = vec![Vec::new(); 8];
        for (i, suit) in crate::cards::Suit::ALL.into_iter().enumerate() {
            cascades[i].push(Card::new(Rank::King, suit));
        }
        let position = Position::from_parts(Variant::BakersGame, &cascades, &[None; 4], [12; 4]).unwrap();
        let moves = finishing_moves(&position).unwrap();
        assert_eq!(moves.len(), 4);
        let end = moves.iter().try_fold(position, |p, &m| p.play(m)).unwrap();
        assert!(end.is_won());
    }
}
