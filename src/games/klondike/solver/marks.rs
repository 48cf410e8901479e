//! What the search knows of a seen position, kept beside its key in the table: lost, won (by a
//! draw-1 check, rule 18), or, while the exhaustive search has not closed its strongly
//! connected component (Tarjan's algorithm), its depth-first number; and when a seen position
//! may drop one that it reaches by one move (rule 17's measure of winning lines).

use super::step::Step;
use crate::games::klondike::rules::Move;

/// What the exhaustive search knows of a seen position (rule 17): [`LOST`], or, while the
/// depth-first search has not closed its strongly connected component, its depth-first number
/// or that of a position it leads back to.
pub(super) type Mark = u32;

/// The mark of a position proven lost.
pub(super) const LOST: Mark = Mark::MAX;

/// Rule 18: the mark of a position that a draw-1 check found won (no number carries both
/// flags of a drop, so no other mark is this).
pub(super) const WON: Mark = Mark::MAX - 1;

/// Beside a number, the flags of a position dropped by rule 17 for an open one, saying what
/// the moves it was dropped for owe: [`OWED`], free moves only (it may drop another, or
/// itself reached again, only after a step that sends a card home or moves cards between
/// columns); [`OWED_RUN`], a run's move between columns too (only after a step that sends a
/// card home).
pub(super) const OWED: Mark = 1 << 31;
pub(super) const OWED_RUN: Mark = 1 << 30;
pub(super) const NUMBER: Mark = !(OWED | OWED_RUN);

/// Rule 17's measure of a step: its moves that send a card home, move cards between columns,
/// and the others (take-downs and waste plays to a column); draws and recycles are not moves.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Measure {
    pub(super) home: u8,
    pub(super) runs: u8,
    pub(super) free: u8,
}

impl Measure {
    pub(super) fn of(step: Step) -> Measure {
        let mut measure = Measure::default();
        for part in step.parts() {
            match part.mv {
                Move::TableauToFoundation { .. } | Move::WasteToFoundation => measure.home += 1,
                Move::TableauToTableau { .. } => measure.runs += 1,
                Move::FoundationToTableau { .. } | Move::WasteToTableau { .. } => measure.free += 1,
                Move::Draw | Move::Recycle => {}
            }
        }
        measure
    }

    /// Whether a seen position with `mark` may drop the position this step reached when it
    /// reaches it by one free move (`run` false) or one run's move between columns (`run`
    /// true), and the mark to store then.
    pub(super) fn drops_for(self, mark: Mark, run: bool) -> Option<Mark> {
        if mark == LOST {
            return Some(LOST);
        }
        let owed_run = run || mark & OWED_RUN != 0;
        let allowed = if self.home > 0 {
            true
        } else if owed_run {
            // The debt is less than one move home: one run's move (and free ones).
            mark & (OWED | OWED_RUN) == 0 && (self.runs >= 2 || self.runs == 1 && self.free >= 1)
        } else if mark & OWED != 0 {
            self.runs > 0
        } else {
            self.runs > 0 || self.free >= 2
        };
        allowed.then_some(mark & NUMBER | if owed_run { OWED_RUN } else { OWED })
    }
}

/// Rule 18: whether a seen mark is true of the current search, whose numbers start at
/// `epoch`: not one that an earlier check left.
pub(super) fn current(mark: Mark, epoch: Mark) -> bool {
    mark >= WON || mark & NUMBER >= epoch
}

/// A seen position's mark if it may drop the current one (reached again), reached by a step
/// of `measure`.
pub(super) fn usable(mark: Mark, measure: Measure) -> Option<Mark> {
    let allowed = if mark == LOST || mark & (OWED | OWED_RUN) == 0 {
        true
    } else if mark & OWED_RUN != 0 {
        measure.home > 0
    } else {
        measure.home + measure.runs > 0
    };
    allowed.then_some(mark)
}
