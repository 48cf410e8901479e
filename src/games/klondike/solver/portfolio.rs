//! The portfolio of passes: the [`Solver`] runs narrow depth-first probes, then best-first
//! probes (in draw 3, or with a pass limit, the draw-1 relaxation comes after the first
//! probe), then the exhaustive depth-first search, and shares the state budget out among them.

use super::best_first::{BestFirst, Probe, Weights};
use super::dead_end::is_dead_end;
use super::depth_first::{Advance, DepthFirst};
use super::draw_one_checks::Checks;
use super::generate::Order;
use super::key::StartTalon;
use super::step::solution;
use super::talon::any_card_any_time;
use super::{Options, Spent, MAX_STATES, WORK_PER_STATE};
use crate::games::klondike::rules::{Draw, Move, Position, Rules};
use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

/// The probes run before the exhaustive search. A depth-first search that commits early to a
/// poor move can spend its whole budget below it; a narrow search first tries many different
/// lines cheaply and finds most wins quickly, and probes in different orders commit to
/// different early moves; best-first probes then come back to the most promising position
/// anywhere in the tree, which wins a few deals that every depth-first order misses (all
/// measured in docs/BENCHMARKS.md). The probes take 50% of the budget (25% in draw 3, see
/// [`RELAXED_PROBE_PERCENT`]): the hardest proofs of loss need the rest. A probe that runs
/// out proves nothing, so the next pass, and finally the exhaustive search, starts afresh.
const PROBES: &[Pass] = &[
    Pass::Narrow { width: 2, percent: 12, order: Order::Plain },
    Pass::Narrow { width: 2, percent: 8, order: Order::Reversed },
    Pass::Narrow { width: 2, percent: 8, order: Order::Shaken(4) },
    Pass::Narrow { width: 2, percent: 8, order: Order::Shaken(5) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 0, 0) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 20, 1) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 20, 3) },
    Pass::BestFirst { percent: 4, weights: Weights::progress(3, 0, 0) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 8, 5) },
    Pass::BestFirst { percent: 2, weights: Weights::progress(2, 5, 1) },
];

/// A probe before the exhaustive search.
#[derive(Clone, Copy, Debug)]
enum Pass {
    /// Depth-first, trying the first `width` children of each position in `order`.
    Narrow { width: usize, percent: u64, order: Order },
    /// Best-first (see [`best_first`]), scoring positions with `weights`.
    BestFirst { percent: u64, weights: Weights },
}

/// Rule 12: how many probes run before the draw-1 relaxation (the others run after it). The
/// first narrow probe wins most won deals within a few thousand states; a deal it does not
/// win is often lost in draw 1 too, and the relaxation then proves that before the other
/// probes spend their shares on it (measured in docs/BENCHMARKS.md).
const PROBES_BEFORE_RELAXATION: usize = 1;

/// Rule 12: the percentage of the budget left after the first probe that the draw-1
/// search of a draw-3 position may use. It mostly wins (and so ends) early when the draw-3
/// game is won too, and where it runs out the draw-3 search rarely decides either; 90% proved
/// the most losses on seeds 1..1000 (30%, 50%, 75%, 90%, 100% measured in docs/BENCHMARKS.md).
const RELAXED_PERCENT: u64 = 90;

/// Rule 12: the budget that the probes of the draw-1 search take their percentages of (so
/// they take at most half of it). Where the draw-3 deal is lost, they only delay the draw-1
/// proof a little; where draw 1 is won, a probe usually wins it within these few states,
/// whereas the exhaustive draw-1 search alone can miss the win for its whole share of the
/// budget, which the draw-3 exhaustive search then lacks (measured in docs/BENCHMARKS.md).
const RELAXED_PROBE_BUDGET: u64 = 50_000;

/// Where rule 12 applies (draw 3, or a pass limit): the percentage of the budget that the
/// probes' shares are of. The exhaustive search, whose draw-1 checks (rule 18) steer it away
/// from lost lines, wins the deals the smaller probes miss, and needs the states for its proofs
/// (measured in docs/BENCHMARKS.md).
const RELAXED_PROBE_PERCENT: u64 = 50;

/// The pass that runs now. (One a solver: the size of its largest variant costs nothing.)
#[allow(clippy::large_enum_variant)]
enum Current {
    /// None (before the first pass, or once the draw-1 relaxation proved the deal lost).
    Idle,
    DepthFirst(DepthFirst),
    BestFirst(BestFirst),
    /// Rule 12's draw-1 relaxation of a draw-3 (or pass-limited) deal.
    Relaxed(Box<Solver>),
}

/// The thoughtful solver. Its solution is the full list of moves, draws and recycles included.
pub struct Solver {
    start: Position,
    talon: StartTalon,
    budget: u64,
    /// The budget the probes' percentages are of: `budget` in draw 1 with unlimited passes,
    /// else [`RELAXED_PROBE_PERCENT`] of it, and in the draw-1 relaxation
    /// [`RELAXED_PROBE_BUDGET`].
    probe_budget: u64,
    /// What the passes that are over spent.
    spent: Spent,
    /// The work of the last depth-first pass that is over. It is counted again in
    /// [`Solver::spent_in_all`] while a best-first probe runs: that double count (kept so that
    /// every answer stays as it was) only matters where a best-first probe wins the draw-1
    /// relaxation, whose spending the exhaustive search's share then leaves out.
    last_work: u64,
    /// How many probes are over.
    probes_done: usize,
    current: Current,
    /// Whether the draw-1 relaxation is over (or not wanted).
    relaxed_done: bool,
    /// Rule 12: whether the draw-1 relaxation found a win (then the exhaustive search checks
    /// positions in draw 1, rule 18).
    relaxed_won: bool,
    done: Option<Outcome<Vec<Move>>>,
}

impl Solver {
    /// A solver for `start` that answers "unknown" after `options.budget` distinct states (at
    /// most [`MAX_STATES`], which bounds its memory) or [`WORK_PER_STATE`] times as much work.
    pub fn new(start: &Position, options: Options) -> Solver {
        let mut solver = Solver::unstarted(start, options.budget.states);
        solver.relaxed_done = any_card_any_time(start);
        if !solver.relaxed_done {
            solver.probe_budget = solver.budget * RELAXED_PROBE_PERCENT / 100;
        }
        solver.launch();
        solver
    }

    /// `Solver::new` with a budget of `states` (see [`Options`]).
    pub fn with_budget(start: &Position, states: u64) -> Solver {
        Solver::new(start, Options { budget: Budget::states(states) })
    }

    /// Rule 12's draw-1 relaxation: the probes, sized for [`RELAXED_PROBE_BUDGET`] states, then
    /// the exhaustive search, with no relaxation.
    fn relaxation(start: &Position, budget: u64) -> Solver {
        let mut solver = Solver::unstarted(start, budget);
        solver.probe_budget = RELAXED_PROBE_BUDGET.min(solver.budget);
        solver.relaxed_done = true;
        solver.launch();
        solver
    }

    /// An exhaustive search with no probes and no relaxation first.
    #[cfg(test)]
    pub(super) fn exhaustive(start: &Position, budget: u64) -> Solver {
        let mut solver = Solver::unstarted(start, budget);
        solver.probes_done = PROBES.len();
        solver.relaxed_done = true;
        solver.launch();
        solver
    }

    /// The depth-first search that runs now, if one does (tests).
    #[cfg(test)]
    pub(super) fn depth_first(&mut self) -> Option<&mut DepthFirst> {
        match &mut self.current {
            Current::DepthFirst(search) => Some(search),
            _ => None,
        }
    }

    fn unstarted(start: &Position, budget: u64) -> Solver {
        let budget = budget.min(MAX_STATES);
        Solver {
            start: *start,
            talon: StartTalon::of(start),
            budget,
            probe_budget: budget,
            spent: Spent::default(),
            last_work: 0,
            probes_done: 0,
            current: Current::Idle,
            relaxed_done: false,
            relaxed_won: false,
            done: None,
        }
    }

    /// Answers at once if the start is a dead end, else begins the first pass.
    fn launch(&mut self) {
        if is_dead_end(&self.start) {
            self.done = Some(Outcome::Unsolvable);
        } else {
            self.next_pass();
        }
    }

    /// Rule 12: after the first probes ([`PROBES_BEFORE_RELAXATION`]) of a draw-3 (or
    /// pass-limited) position, before the others and the exhaustive search, a draw-1
    /// search (small probes, then exhaustive) of the same position with unlimited passes gets
    /// most of the budget that is left ([`RELAXED_PERCENT`]); draw 1 reaches every talon card
    /// a draw-3 line reaches, so if the draw-1 game is lost, so is this one. Says whether that
    /// search was started.
    fn start_relaxation(&mut self) -> bool {
        if self.relaxed_done {
            return false;
        }
        self.relaxed_done = true;
        let relaxed = self.start.with_rules(Rules::new(Draw::One));
        let budget = self.budget_left() * RELAXED_PERCENT / 100;
        // The last probe, counted in `spent`, is dropped while the draw-1 search runs.
        self.current = Current::Relaxed(Box::new(Solver::relaxation(&relaxed, budget)));
        true
    }

    /// Runs `work` units of the draw-1 relaxation; when it ends, a proven loss is the answer
    /// and anything else hands the rest of the budget to the exhaustive search.
    fn step_relaxation(&mut self, work: u64) {
        let Current::Relaxed(relaxed) = &mut self.current else { return };
        let Some(outcome) = relaxed.step(work) else { return };
        let spent = relaxed.spent_in_all();
        self.current = Current::Idle;
        self.relaxed_won = matches!(outcome, Outcome::Solved(_));
        if outcome == Outcome::Unsolvable {
            self.done = Some(Outcome::Unsolvable);
        } else {
            self.charge(spent);
            self.next_pass();
        }
    }

    /// Adds what a pass that is over spent.
    fn charge(&mut self, spent: Spent) {
        self.spent.states += spent.states;
        self.spent.work += spent.work;
    }

    /// The states of the budget left, counting work left as [`WORK_PER_STATE`] a state.
    fn budget_left(&self) -> u64 {
        let states = self.budget.saturating_sub(self.spent.states);
        let work = (self.budget * WORK_PER_STATE).saturating_sub(self.spent.work);
        states.min(work / WORK_PER_STATE)
    }

    /// What this search has spent, the current pass included (the draw-1 relaxation is over
    /// before it is counted).
    pub(super) fn spent_in_all(&self) -> Spent {
        let current = match &self.current {
            Current::Idle | Current::Relaxed(_) => Spent::default(),
            Current::DepthFirst(search) => Spent { states: search.seen.len() as u64, work: search.work },
            Current::BestFirst(probe) => {
                Spent { states: probe.spent().states, work: probe.spent().work + self.last_work }
            }
        };
        Spent { states: self.spent.states + current.states, work: self.spent.work + current.work }
    }

    /// Sets up the next probe, or the exhaustive search after the last, and begins it.
    fn next_pass(&mut self) {
        if self.probes_done == PROBES_BEFORE_RELAXATION && self.start_relaxation() {
            return;
        }
        match PROBES.get(self.probes_done) {
            Some(&Pass::BestFirst { percent, weights }) => {
                let budget = self.probe_budget * percent / 100;
                self.current =
                    Current::BestFirst(BestFirst::new(&self.start, self.talon.index, budget, weights));
            }
            Some(&Pass::Narrow { width, percent, order }) => {
                let states = self.probe_budget * percent / 100;
                self.begin(DepthFirst::new(
                    &self.start,
                    self.talon,
                    width,
                    order,
                    states,
                    states * WORK_PER_STATE,
                ));
            }
            None => {
                let states = self.budget.saturating_sub(self.spent.states);
                let work = (self.budget * WORK_PER_STATE).saturating_sub(self.spent.work);
                let mut search =
                    DepthFirst::new(&self.start, self.talon, usize::MAX, Order::Plain, states, work);
                // Rule 18: where the draw-1 search ran out, draw-1 positions of this deal are
                // hard, and checks mostly run out too (measured in docs/BENCHMARKS.md).
                if self.relaxed_won {
                    search.checks = Some(Box::new(Checks::new(&self.start)));
                }
                self.begin(search);
            }
        }
    }

    /// Begins a depth-first pass.
    fn begin(&mut self, mut search: DepthFirst) {
        if search.begin() == Advance::Won {
            self.done = Some(Outcome::Solved(search.solution()));
        }
        self.current = Current::DepthFirst(search);
    }

    /// Ends the current depth-first pass without a win: after a probe the next pass begins;
    /// after the exhaustive search, `outcome` is the answer.
    fn end_pass(&mut self, outcome: Outcome<Vec<Move>>) {
        let Current::DepthFirst(search) = &self.current else { return };
        if search.is_exhaustive() {
            self.done = Some(outcome);
        } else {
            let spent = Spent { states: search.seen.len() as u64, work: search.work };
            self.last_work = spent.work;
            self.charge(spent);
            self.probes_done += 1;
            self.next_pass();
        }
    }

    /// Runs up to `work` units of the current depth-first pass (at least one), and of the next
    /// ones while they are depth-first too.
    fn step_depth_first(&mut self, work: u64) {
        for _ in 0..work.max(1) {
            if self.done.is_some() {
                return;
            }
            // A pass that just ended may hand over to a best-first probe or the draw-1
            // relaxation, which take over at the next call.
            let Current::DepthFirst(search) = &mut self.current else { return };
            match search.advance() {
                Advance::Going => {}
                Advance::Won => self.done = Some(Outcome::Solved(search.solution())),
                Advance::Exhausted => self.end_pass(Outcome::Unsolvable),
                Advance::OutOfBudget => {
                    let states = self.spent.states + search.seen.len() as u64;
                    self.end_pass(Outcome::Unknown(UnknownReason::StateBudget { states }));
                }
            }
        }
    }
}

impl Search for Solver {
    type Solution = Vec<Move>;

    /// One unit of work is one move tried or taken back; progress counts distinct states.
    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if self.done.is_some() {
            return self.done.clone();
        }
        match &mut self.current {
            Current::Idle => {}
            Current::BestFirst(probe) => match probe.step(work) {
                Probe::Running => {}
                Probe::Won(steps) => self.done = Some(Outcome::Solved(solution(&self.start, steps))),
                Probe::Over(spent) => {
                    self.charge(spent);
                    self.probes_done += 1;
                    self.next_pass();
                }
            },
            Current::Relaxed(_) => self.step_relaxation(work),
            Current::DepthFirst(_) => self.step_depth_first(work),
        }
        self.done.clone()
    }

    fn progress(&self) -> Progress {
        let relaxed = match &self.current {
            Current::Relaxed(relaxed) => relaxed.progress().states,
            _ => 0,
        };
        // Rule 18's checks look at positions too, in a table of their own.
        let checked = match &self.current {
            Current::DepthFirst(search) => {
                search.checks.as_ref().map_or(0, |checks| checks.search.seen.len() as u64)
            }
            _ => 0,
        };
        Progress { states: self.spent_in_all().states + relaxed + checked }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::solver::testing::{plain_wins, random_positions};

    /// Rule 12: whenever an exhaustive draw-1 search (unlimited passes) proves a position lost,
    /// the plain search with no reductions finds no win of the same position in draw 3 (single
    /// pass, so that it finishes); and the draw-1 search does prove some of them lost.
    #[test]
    fn draw_one_losses_are_draw_three_losses() {
        let mut proven = 0;
        for position in random_positions(Draw::Three, 1..60, 60) {
            let draw_one = position.with_rules(Rules::new(Draw::One));
            let mut solver = Solver::exhaustive(&draw_one, 20_000);
            if crate::search::run_to_end(&mut solver, 4096) != Outcome::Unsolvable {
                continue;
            }
            let single_pass = position.with_rules(Rules::new(Draw::Three).with_pass_limit(1));
            let Some(won) = plain_wins(&single_pass, 20_000) else { continue };
            assert!(!won, "draw 1 lost, draw 3 won\n{position}");
            proven += 1;
        }
        eprintln!("draw-1 losses checked in draw 3: {proven}");
        assert!(proven >= 20, "{proven}");
    }
}
