//! FreeCell's family: FreeCell, Baker's Game, Eight Off and Seahaven Towers as one set of
//! rules parameterised by a [`Rules`] value (cascades, free cells, cells dealt into, build by
//! alternate colour or by suit, what fills an empty cascade), dealt by PySolFC's game numbers
//! (docs/RULES.md). Moves are FreeCell's [`Move`](super::Move) (`Source`/`Target` with 0-based
//! indices). On the table ([`Family`]), Baker's Game, Eight Off and Seahaven Towers are three
//! games of the registry, each a marker type ([`BakersGame`], [`EightOff`], [`SeahavenTowers`]).
//!
//! ```
//! use deckhand::deal::PysolNumber;
//! use deckhand::freecell::family::{FamilySolver, Position, Variant};
//! use deckhand::search::Outcome;
//!
//! let start = Position::deal(Variant::SeahavenTowers, PysolNumber::new(1).unwrap());
//! assert_eq!(start.to_string().lines().next(), Some("Freecells: - 2H 6H"));
//! let Outcome::Solved(moves) = FamilySolver::solve(&start) else { panic!("game 1 is won") };
//! let end = moves.iter().try_fold(start, |p, &m| p.play(m)).unwrap();
//! assert!(end.is_won());
//! ```

mod game;
pub mod grading;
pub mod notation;
mod rules;
mod solver;
pub mod table;

pub use crate::games::freecell::table::Pile;
pub use game::{BakersGame, EightOff, Family, FamilyDeal, Kind, SeahavenTowers, SOLVER_BUDGET};
pub use rules::{
    Build, EmptyCascade, FamilyIllegal, PartsError, PlayError, Position, Rules, Variant, MAX_CASCADES,
    MAX_CELLS,
};
pub use solver::FamilySolver;
