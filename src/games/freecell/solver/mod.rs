//! FreeCell solvers, resumable in slices through [`Search`].
//!
//! The solver state is dense: for every card, what it rests on (another card, the bottom of
//! a cascade, a free cell or the foundation). That array alone is canonical — it does not
//! depend on which cascade or free cell holds what — and it has an incrementally updated
//! Zobrist hash. The single-card searches (which may prove a deal unsolvable) keep the whole
//! array in their transposition set; the sequence-move (supermove) searches keep only 32 bits
//! of the 64-bit hash (in an open-addressing table of their own).
//! Alongside, the state keeps the player's layout (top card per cascade slot, card per free
//! cell), so every solver move is a legal player [`Move`] as it stands.
//!
//! Expanding a state is cheap: most of its children were seen already (transpositions), and
//! their hash (and key) is computed from the move alone, before any copy. New children are
//! scored without walking any cascade, and unless a card goes home, without being built: the
//! state keeps, per card in a cascade, what the heuristic needs of it and the cards below it,
//! so the child's features follow from the parent's and the move. A search node is 24 bytes
//! (parent, path cost, move, features); the state itself is kept only for expanded nodes
//! (about half the nodes), rebuilt from the parent's state when the node is expanded. The
//! open list is a bucket queue on the (small integer) score.
//!
//! Safe autoplay is collapsed into every move, with a wider rule than the player's
//! ([`Position::is_safe_home`]): a card also goes home when it is at most two ranks above both
//! foundations of the other colour and at most three above the other suit of its colour
//! (Horne's rule, see `state::safe_next`). It never throws away a win nor lengthens one: any
//! solution that keeps such a card out can send home the few cards it would put on it instead,
//! drop its moves of cards already home, and stays legal (cards home only free space). The
//! solutions list these moves home explicitly.
//!
//! [`Solver`] runs a portfolio of phases, each a weighted best-first search with its own state
//! budget: four sequence-move searches with different weights (greedy first), each with a
//! small budget and without the rarely useful moves that split a natural run to park its
//! upper part in a free cell or an empty cascade, or park a top card that has a better place
//! ([`MoveSet::KeepRuns`]), the first of them
//! giving up early when stuck ([`Solver::GREEDY_PATIENCE`]); a first single-card search (which also proves the
//! impossible deals quickly, their single-card space being small); four more sequence-move
//! searches with every move and other weights (the last two for the few deals of the first
//! million the others leave undecided); and last the single-card search with the full budget.
//! A phase with every sequence move that runs out of states to try (not of budget) jumps to
//! the last phase; a `KeepRuns` phase that does skips the other `KeepRuns` phases, to the
//! first single-card search (their space is the same, and such a deal is most likely
//! impossible). Only a
//! single-card phase that runs out of states to try answers `Unsolvable`; a budget running out
//! answers `Unknown`. A solution found is then shortened: detours (a card parked and later
//! moved on, moves that turn out not to matter) are edited out when the edited solution still
//! replays to a win for fewer single-card moves.
//!
//! In short mode ([`Mode::Short`]) three best-first phases come first, path length weighing
//! less in each (more states, shorter solutions, see [`Solver::SHORT_PHASES`]), then the greedy
//! phase; the hard deals those leave (about one in 2,000) go to three searches chosen for them
//! ([`Solver::SHORT_FALLBACK`]: a deep `KeepRuns` search first) before the first single-card
//! search, so that no deal costs a process much more than 200,000 states. The solution found
//! is shortened further by a shortcut search: from each state along it, a small uniform-cost
//! search looks for a later state of the solution reached for fewer single-card moves (see
//! [`Solver::SHORTCUT_EXPANSIONS`]).

use super::rules::{Move, Position};
use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

mod best_first;
mod features;
mod generate;
mod shortcut;
mod shorten;
mod state;
mod table;

pub use best_first::{BestFirst, Weights};
pub use generate::MoveSet;

/// Solver modes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Quick answers for hints.
    #[default]
    Fast,
    /// Shorter solutions for a little more time.
    Short,
}

/// How the solver runs. Its budgets are in distinct states: at most about 350 bytes a state
/// at peak (node, key, queue link, the state of an expanded node, growth slack), so the
/// defaults stay under 256 MB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub mode: Mode,
    /// For the exhaustive single-card phase, the last: the states it may store.
    pub budget: Budget,
    /// The most states of any one phase before it.
    pub phase_states: u64,
}

impl Options {
    /// The default most states of any phase before the last.
    pub const PHASE_STATES: u64 = 400_000;
    /// The default budget of the last phase.
    pub const BUDGET: Budget = Budget::states(600_000);
}

impl Default for Options {
    fn default() -> Options {
        Options { mode: Mode::Fast, budget: Options::BUDGET, phase_states: Options::PHASE_STATES }
    }
}

/// The FreeCell solver: sequence-move best-first search, then the exhaustive single-card
/// fallback. `Unsolvable` comes only from the exhaustive phase running out of states to try.
/// Solutions list every move explicitly, safe autoplay moves included.
pub struct Solver {
    position: Position,
    options: Options,
    phase: usize,
    phases: Vec<(Weights, MoveSet, u64)>,
    current: BestFirst,
    done_states: u64,
    /// The answer, once known (given again if the solver is stepped after it).
    done: Option<Outcome<Vec<Move>>>,
}

impl Solver {
    /// A solver for `position`.
    pub fn new(position: &Position, options: Options) -> Solver {
        let mode = options.mode;
        let cap = |states: u64| states.min(options.phase_states);
        let mut portfolio = Vec::new();
        if mode == Mode::Short {
            // Short solutions while they come cheaply, path length weighing less in each
            // later try, else the fast portfolio.
            for (path, states) in Solver::SHORT_PHASES {
                portfolio.push((Weights::short(path), MoveSet::Sequences, cap(states)));
            }
        }
        // Different weights get stuck on different deals: a small portfolio, greedy first. The
        // first four skip taking cards off natural runs into free cells (`KeepRuns`), so they
        // wander less; the later ones try every move.
        match mode {
            Mode::Fast => {
                portfolio.push((Weights::GREEDY, MoveSet::KeepRuns, cap(10_000)));
                portfolio.push((Weights::MISPLACED, MoveSet::KeepRuns, cap(20_000)));
                portfolio.push((Weights::CELLS, MoveSet::KeepRuns, cap(30_000)));
                portfolio.push((Weights::FAST, MoveSet::KeepRuns, cap(20_000)));
            }
            Mode::Short => {
                // The greedy phase gets more room (only the few deals the short phases leave
                // reach it); the deals it leaves are the hard ones, and a process must still
                // answer them quickly: one deep search with room, then two others on what it
                // leaves (see `Solver::SHORT_FALLBACK`).
                portfolio.push((Weights::SHORT_GREEDY, MoveSet::KeepRuns, cap(20_000)));
                for (weights, moves, states) in Solver::SHORT_FALLBACK {
                    portfolio.push((weights, moves, cap(states)));
                }
            }
        }
        // Single-card moves find some solutions the sequence-move searches wander past, and
        // prove the impossible deals quickly (their single-card space is small).
        portfolio.push((Weights::EXHAUSTIVE, MoveSet::SingleCards, cap(Solver::EARLY_PROOF_STATES)));
        portfolio.push((Weights::CELLS, MoveSet::Sequences, cap(50_000)));
        portfolio.push((Weights::STEADY, MoveSet::Sequences, cap(250_000)));
        portfolio.push((Weights::MISPLACED, MoveSet::Sequences, cap(20_000)));
        portfolio.push((Weights::BROAD, MoveSet::Sequences, cap(400_000)));
        portfolio.push((Weights::EXHAUSTIVE, MoveSet::SingleCards, options.budget.states));
        let mut solver = Solver::with_phases(position, portfolio, options);
        if mode == Mode::Fast {
            solver.current.patience = Solver::GREEDY_PATIENCE;
        }
        solver
    }

    /// A solver in fast mode whose last phase may store `states` (and every phase before it at
    /// most as many): `Solver::new` with [`Options::budget`] `states`.
    pub fn with_budget(position: &Position, states: u64) -> Solver {
        let budget = Budget::states(states);
        let phase_states = states.min(Options::PHASE_STATES);
        Solver::new(position, Options { budget, phase_states, ..Options::default() })
    }

    /// The fast greedy phase gives up once it has stored this many states since its last
    /// expansion with fewer cards left than any before: a deal it gets stuck on costs it
    /// 5,000 states or a few more, not its whole budget (1..32000: 1.2% fewer states in all,
    /// the phase answers 31,569 deals, not 31,760; 3,000 or 6,000 gain less, and the later
    /// `KeepRuns` phases lose by it).
    pub const GREEDY_PATIENCE: u64 = 5_000;

    /// States for the first single-card attempt.
    pub const EARLY_PROOF_STATES: u64 = 100_000;

    /// States the shortcut search expands from each state of a short solution.
    pub const SHORTCUT_EXPANSIONS: usize = 100;

    /// The short phases: the path weight of each and the states it may use, before the fast
    /// ones take over.
    pub const SHORT_PHASES: [(u32, u64); 3] = [(80, 20_000), (60, 15_000), (40, 10_000)];

    /// Short mode's searches after the greedy phase, for the hard deals (about one in 2,000):
    /// chosen on the 104 solvable deals of 1..100000 and 5000000000..5000100000 that the short
    /// phases and the greedy one leave, each search run alone on each. `DEEP` with `KeepRuns` solves
    /// 97 of them within 80,000 states (the fast portfolio's best, `MISPLACED` with `KeepRuns`,
    /// 99 within 80,000 but only 65 within 20,000, `DEEP` 70); the two after it take most of
    /// what it leaves. Before, these deals went through the fast portfolio, up to 800,000
    /// states (8397607682), and one (5000062129) through all of it to `Unknown`.
    pub const SHORT_FALLBACK: [(Weights, MoveSet, u64); 3] = [
        (Weights::DEEP, MoveSet::KeepRuns, 100_000),
        (Weights::MISPLACED, MoveSet::Sequences, 15_000),
        (Weights::FAST, MoveSet::KeepRuns, 60_000),
    ];

    /// A solver whose first phase uses `first` (for tuning).
    pub fn with_weights(position: &Position, first: Weights, options: Options) -> Solver {
        Solver::with_portfolio(position, &[(first, MoveSet::Sequences, options.phase_states)], options)
    }

    /// A solver that tries each `(weights, moves, states)` search in turn, then the
    /// exhaustive single-card search with `options.budget` (for tuning).
    pub fn with_portfolio(
        position: &Position,
        portfolio: &[(Weights, MoveSet, u64)],
        options: Options,
    ) -> Solver {
        let mut phases = portfolio.to_vec();
        phases.push((Weights::EXHAUSTIVE, MoveSet::SingleCards, options.budget.states));
        Solver::with_phases(position, phases, options)
    }

    /// Phases `(weights, moves, states)`, tried in turn.
    fn with_phases(position: &Position, phases: Vec<(Weights, MoveSet, u64)>, options: Options) -> Solver {
        let (w, single, b) = phases[0];
        let mut solver = Solver {
            position: position.clone(),
            options,
            phase: 0,
            current: BestFirst::new(position, w, single, b),
            phases,
            done_states: 0,
            done: None,
        };
        solver.current.polish = solver.polish();
        solver
    }

    /// Solves to the end (native callers).
    pub fn solve(position: &Position, mode: Mode) -> Outcome<Vec<Move>> {
        crate::search::run_to_end(&mut Solver::new(position, Options { mode, ..Options::default() }), 4096)
    }

    /// States the shortcut search expands from each state of the solution found: none in fast
    /// mode (a few moves shorter on average, for several times the time), some in short mode.
    fn polish(&self) -> usize {
        match self.options.mode {
            Mode::Fast => 0,
            Mode::Short => Solver::SHORTCUT_EXPANSIONS,
        }
    }

    /// The options it runs with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The phase running now (after the end: the phase that answered), counted from 0.
    pub fn phase(&self) -> usize {
        self.phase
    }
}

impl Search for Solver {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(done) = &self.done {
            return Some(done.clone());
        }
        let outcome = self.current.step(work)?;
        let last = self.phase + 1 == self.phases.len();
        let done = match outcome {
            Outcome::Solved(moves) => Outcome::Solved(moves),
            Outcome::Unsolvable if self.current.moves == MoveSet::SingleCards => Outcome::Unsolvable,
            // The last phase ran out of budget: the reason counts the states of every phase.
            Outcome::Unknown(UnknownReason::StateBudget { .. }) if last => {
                Outcome::Unknown(UnknownReason::StateBudget { states: self.progress().states })
            }
            other if last => other,
            other => {
                self.done_states += self.current.progress().states;
                // A phase that ran out of states to try (not of budget) has seen its whole
                // space, and other weights with the same moves would see no more. With every
                // sequence move: go straight to the proof. With `KeepRuns` (some moves left
                // out): skip the other `KeepRuns` phases, to the next single-card search (the
                // deal is most likely impossible, and its single-card space small).
                let exhausted = other == Outcome::Unsolvable;
                let proof = self.phases.len() - 1;
                self.phase = match self.current.moves {
                    MoveSet::Sequences if exhausted => proof,
                    MoveSet::KeepRuns if exhausted => (self.phase + 1..proof)
                        .find(|&p| self.phases[p].1 == MoveSet::SingleCards)
                        .unwrap_or(proof),
                    _ => self.phase + 1,
                };
                let (w, moves, b) = self.phases[self.phase];
                self.current.recycle();
                self.current = BestFirst::new(&self.position, w, moves, b);
                self.current.polish = self.polish();
                return None;
            }
        };
        self.done = Some(done.clone());
        Some(done)
    }

    fn progress(&self) -> Progress {
        Progress { states: self.done_states + self.current.progress().states }
    }
}
