//! FreeCell's family as the table plays it: the family's [`Layout`] (what can be lifted within
//! what a move may carry), refusals in words naming the cards, and the cards that go home by
//! themselves. The gestures are FreeCell's ([`crate::games::freecell::table`]); the rules stay
//! in `rules.rs`.

use crate::cards::{Card, Rank, Suit};
use crate::games::freecell::table::{cell_letter, IntentError, Layout, Pile};
use crate::games::freecell::{Autoplay, IllegalMove, Move, Source, Target};

use super::rules::{Build, EmptyCascade, FamilyIllegal, Position};

impl Layout for Position {
    type Illegal = FamilyIllegal;

    fn cascade_count(&self) -> u8 {
        self.rules().cascades
    }

    fn cell_count(&self) -> u8 {
        self.rules().cells
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
        self.rules().stacks_on(card, base)
    }

    /// The family lifts a run only as far as a move onto a card could carry it.
    fn movable_from(&self, index: usize) -> usize {
        let cards = Position::cascade(self, index).len();
        cards - self.run_length(index).min(most_carried(self))
    }

    fn check(&self, mv: Move) -> Result<(), FamilyIllegal> {
        Position::check(self, mv)
    }
}

/// The most cards a move onto a card may carry now.
pub fn most_carried(position: &Position) -> usize {
    position.rules().capacity(position.empty_cells(), position.empty_cascades())
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
                Some(card) if cards.len() - depth <= position.run_length(index) => format!(
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

/// The legal move meant by dragging the card at `depth` of `from` to `to` (see
/// [`crate::games::freecell::table::intended_move`]), or why there is none, in words naming the
/// cards.
pub fn intended_move(position: &Position, from: Pile, depth: usize, to: Pile) -> Result<Move, String> {
    crate::games::freecell::table::intended_move(position, from, depth, to).map_err(|error| match error {
        IntentError::Illegal(mv, reason) => refusal_words(position, mv, reason),
        IntentError::FromFoundation => error.to_string(),
        IntentError::NothingThere => format!("{} is empty", from.words()),
    })
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

crate::table_by_rules!(Position, Move, FamilyIllegal, is_won);

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
            let piles: Vec<Pile> = Pile::all(rules.cascades, rules.cells).collect();
            assert_eq!(piles.len(), usize::from(rules.cascades + rules.cells) + 4);
            for pile in piles {
                assert_eq!(Pile::parse_within(&pile.to_string(), rules.cascades, rules.cells), Some(pile));
            }
            let beyond = [format!("cascade-{}", rules.cascades + 1), format!("freecell-{}", rules.cells + 1)];
            for bad in beyond.iter().map(String::as_str).chain([
                "cascade-0",
                "foundation-5",
                "cascade-01",
                "tableau-1",
                "",
            ]) {
                assert_eq!(Pile::parse_within(bad, rules.cascades, rules.cells), None, "{bad}");
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
    fn double_click_sends_home_then_onto_a_card_then_to_a_cell() {
        use crate::games::freecell::table::send_away;
        let position = deal(Variant::SeahavenTowers, 1);
        let tops: Vec<Card> = (0..10).map(|i| *position.cascade(i).last().unwrap()).collect();
        let rules = position.rules();
        let mut onto_a_card = 0;
        for i in 0..10u8 {
            let mv = send_away(&position, Pile::Cascade(i)).unwrap();
            let card = tops[usize::from(i)];
            let fits =
                tops.iter().enumerate().any(|(j, &base)| j != usize::from(i) && rules.stacks_on(card, base));
            if position.fits_foundation(card) {
                assert_eq!(mv.to, Target::Foundation);
            } else if fits {
                assert!(matches!(mv.to, Target::Cascade(_)), "{mv}");
                onto_a_card += 1;
            } else {
                assert_eq!(mv.to, Target::Cell(0), "Seahaven #1 deals into cells 2 and 3, not 1");
            }
        }
        assert!(onto_a_card < 10, "some card of Seahaven #1 fits no other");
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
