//! Rule 18 (docs/RULES.md): in the exhaustive search of a draw-3 (or pass-limited) deal whose
//! draw-1 relaxation was won, a position is abandoned when a short search of the same position
//! in draw 1 with unlimited passes shows it lost (a draw-1 loss is a draw-3 loss, rule 12).
//! The checks share one table, which keeps what every check proved (lost and won marks), so
//! that most checks that prove a loss need few new states.

use super::depth_first::{Advance, DepthFirst};
use super::generate::Order;
use super::key::{ClassKey, Key, KeyParts, StartTalon};
use super::marks::{LOST, WON};
use super::table::Place;
use crate::games::klondike::rules::{Draw, Position, Rules};

/// Rule 18: the new states one draw-1 check may add. Most checks that prove a loss need far
/// fewer, as they reuse what earlier checks proved; one that runs out is not repeated for the
/// same draw-1 position (150 to 2,000 measured in docs/BENCHMARKS.md; 600 since the chains of
/// rule 19 made draw-1 searches cheaper).
pub(super) const CHECK_STATES: u64 = 600;

/// Rule 18: the most states the checks' table may hold, which bounds its memory: at most 3/4
/// of 2^21 slots (about 69 MB). The state budget counts only the search's own states.
pub(super) const CHECK_MAX_STATES: u64 = 1_500_000;

/// Rule 18: the work all checks may take: [`CHECK_SHARE_PERCENT`] of the exhaustive search's
/// own work, plus [`CHECK_ALLOWANCE`], plus [`CHECK_CREDIT`] for every position a check proved
/// lost. Where checks keep proving losses they take most of the work (and decide deals the
/// search alone cannot); where they keep running out or finding wins, the search keeps almost
/// all of it (measured in docs/BENCHMARKS.md).
pub(super) const CHECK_SHARE_PERCENT: u64 = 5;
pub(super) const CHECK_ALLOWANCE: u64 = 100_000;
pub(super) const CHECK_CREDIT: u64 = 1_000;

/// Rule 18: the work of setting up a check (beside its dead-end check), and of marking one
/// position of a won line.
pub(super) const WORK_PER_CHECK: u64 = 4;
pub(super) const WORK_PER_WON_MARK: u64 = 1;

/// Rule 18: what a draw-1 check found, or what the table knows of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Lost,
    Won,
    RanOut,
    /// Not known, and not checked.
    Unchecked,
}

/// Rule 18: the draw-1 checks of the exhaustive search of a draw-3 (or pass-limited) deal.
pub(super) struct Checks {
    /// The draw-1 search that makes them: its table keeps what every check proved.
    pub(super) search: DepthFirst,
    /// The classes (rule 20) of the draw-1 positions whose check ran out: no position of one
    /// is checked again, as such checks mostly run out too.
    pub(super) ran_out: crate::search::Table<ClassKey, ()>,
    /// The work of all checks so far, and how many proved a position lost.
    pub(super) work: u64,
    pub(super) lost: u64,
}

impl Checks {
    /// The checks of positions of the deal `start`.
    pub(super) fn new(start: &Position) -> Checks {
        let draw_one = start.with_rules(Rules::new(Draw::One));
        let search = DepthFirst::new(&draw_one, StartTalon::of(&draw_one), usize::MAX, Order::Plain, 0, 0);
        Checks { search, ran_out: crate::search::Table::new(), work: 0, lost: 0 }
    }

    /// Whether `position` (with key parts `parts`) is lost or won in draw 1 with unlimited
    /// passes, as far as the table shows or, if `check` and the checks' share of the work
    /// allows (the search's own work is `own_work`), a check finds; and the work that took.
    ///
    /// `alive`: the caller found `position` not to be a dead end (rules 10, 13 and 14) in its
    /// own game, so the check does not look again. A draw-1 dead end is a dead end in draw 3
    /// or with a pass limit: there the same least fixed point starts from fewer events (only
    /// the talon cards that can be shown are, rule 14, where in draw 1 all are), and every
    /// condition only grows with the events, so it holds at most the draw-1 events.
    pub(super) fn verdict(
        &mut self,
        position: &Position,
        parts: &KeyParts,
        check: bool,
        own_work: u64,
        alive: bool,
    ) -> (Verdict, u64) {
        // The same position in draw 1 with unlimited passes: its key has no waste size.
        let draw_one = KeyParts { waste: 0, recycles: None, ..*parts };
        let hash = draw_one.hash();
        let place = self.search.seen.place_lazy(hash, || draw_one.pack());
        if let Place::At(index) = place {
            match self.search.seen.mark_at(index) {
                LOST => return (Verdict::Lost, 0),
                WON => return (Verdict::Won, 0),
                _ => {}
            }
        }
        // Rule 20: a draw-1 position of its class was found lost, or won (on a check's
        // winning line).
        let (class_hash, class) = draw_one.class();
        if let Some(won) = self.search.class_verdict(&(class_hash, class)) {
            return (if won { Verdict::Won } else { Verdict::Lost }, 0);
        }
        let allowed = own_work * CHECK_SHARE_PERCENT / 100 + CHECK_ALLOWANCE + CHECK_CREDIT * self.lost;
        let full = self.search.seen.len() as u64 + CHECK_STATES > CHECK_MAX_STATES;
        if !check || full || self.work > allowed {
            return (Verdict::Unchecked, 0);
        }
        // A check of a position of its class ran out: this one would most likely run out too.
        let ran_out = self.ran_out.place(class_hash, &class);
        if matches!(ran_out, Place::At(_)) {
            return (Verdict::Unchecked, 0);
        }
        let key = draw_one.pack();
        let start = position.with_rules(Rules::new(Draw::One));
        let verdict = self.check(&start, place, hash, key, alive);
        let work = self.search.work;
        self.work += work;
        match verdict {
            Verdict::Lost => self.lost += 1,
            Verdict::RanOut => {
                self.ran_out.put(ran_out, class_hash, class, ());
            }
            Verdict::Won | Verdict::Unchecked => {}
        }
        (verdict, work)
    }

    /// Searches `start` (a draw-1 position of the deal, with `hash` and `key`, at `place` in the
    /// table, where it holds no lost or won mark) for at most [`CHECK_STATES`] new states; its
    /// work is then in `self.search.work`. A won line's positions are all marked won, so that
    /// later checks that reach one stop there. `alive`: `start` is known not to be a dead end.
    pub(super) fn check(
        &mut self,
        start: &Position,
        place: Place,
        hash: u64,
        key: Key,
        alive: bool,
    ) -> Verdict {
        let search = &mut self.search;
        let mut advance = search.begin_check(start, place, hash, key, CHECK_STATES, WORK_PER_CHECK, alive);
        loop {
            match advance {
                Advance::Going => advance = search.advance(),
                Advance::Won => {
                    search.mark_line_won();
                    return Verdict::Won;
                }
                Advance::Exhausted => return Verdict::Lost,
                Advance::OutOfBudget => return Verdict::RanOut,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;
    use crate::games::klondike::solver::key::key_parts;
    use crate::games::klondike::solver::portfolio::Solver;
    use crate::games::klondike::solver::testing::random_lines;
    use crate::search::{Outcome, Search};

    /// Rule 18: draw-1 checks that share one table give the verdicts of fresh searches. On
    /// positions from random play in draw 3 (unlimited, and one pass), checked in the order
    /// they were played with the table of the checks before them (lost and won marks kept,
    /// the rest stale), every position the checks call lost is lost in a fresh exhaustive
    /// draw-1 search, and every one they mark won, or whose class they mark won, is won there.
    #[test]
    fn draw_one_checks_agree_with_fresh_searches() {
        let mut compared = [0usize; 2];
        let one_pass = Rules::new(Draw::Three).with_pass_limit(1);
        for seed in 1..25 {
            let line = random_lines(Draw::Three, seed..seed + 1, 150);
            let Some(&(deal, _)) = line.first() else { continue };
            for rules in [Rules::new(Draw::Three), one_pass] {
                let mut checks = Checks::new(&deal.with_rules(rules));
                let talon_index = checks.search.talon.index;
                for &(_, position) in &line {
                    let position = position.with_rules(rules);
                    let parts = key_parts(&position, &talon_index, rules.pass_limit.is_some());
                    let (verdict, _) = checks.verdict(&position, &parts, true, u64::MAX / 1000, false);
                    let lost = verdict == Verdict::Lost;
                    let draw_one = position.with_rules(Rules::new(Draw::One));
                    let one = key_parts(&draw_one, &talon_index, false);
                    // Marked won, or of a class marked won (rule 20).
                    let won = checks.search.seen.mark(one.hash(), || one.pack()) == Some(WON)
                        || checks.search.class_verdict(&one.class()) == Some(true);
                    if !lost && !won {
                        continue;
                    }
                    let fresh = crate::search::run_to_end(&mut Solver::exhaustive(&draw_one, 20_000), 4096);
                    match fresh {
                        Outcome::Unsolvable => assert!(lost, "checked won, lost afresh\n{position}"),
                        Outcome::Solved(_) => assert!(won, "checked lost, won afresh\n{position}"),
                        Outcome::Unknown(_) => continue,
                    }
                    compared[won as usize] += 1;
                }
            }
        }
        eprintln!("checks compared lost/won: {compared:?}");
        assert!(compared[0] >= 30 && compared[1] >= 30, "{compared:?}");
    }

    /// The progress a search reports (the positions looked at, shown on the table) never goes
    /// back, and it counts the positions of rule 18's checks as well as the search's own.
    #[test]
    fn progress_counts_the_positions_of_the_checks() {
        let mut checked_at_most = 0;
        for seed in [168, 315] {
            let start = Position::new(&seeded_deck(seed), Rules::new(Draw::Three));
            let mut solver = Solver::with_budget(&start, 100_000);
            let mut last = 0;
            while solver.step(2_000).is_none() {
                let states = solver.progress().states;
                assert!(states >= last, "deal {seed}: progress went back from {last} to {states}");
                last = states;
                let spent = solver.spent_in_all().states;
                if let Some(checks) = solver.depth_first().and_then(|search| search.checks.as_ref()) {
                    let checked = checks.search.seen.len() as u64;
                    assert!(states >= spent + checked, "deal {seed}");
                    checked_at_most = checked_at_most.max(checked);
                }
            }
        }
        assert!(checked_at_most >= 1_000, "{checked_at_most} positions checked");
    }
}
