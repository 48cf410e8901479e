//! The heuristic features of the solver's dense state, kept up move by move: what the
//! best-first search scores a state by, and what a child's score needs of its parent.

use super::state::{rank, safe_next, stacks, State, BOTTOM, NONE};
use crate::games::freecell::rules::{Move, Source, Target, CASCADES};

impl State {
    /// Heuristic features: cards not home, cards resting above a lower card of their cascade,
    /// cards above the next card each foundation needs, occupied cells, empty cascades, and pairs of
    /// adjacent cascade cards where the upper does not stack on the lower (breaks).
    #[inline]
    pub(super) fn features(&self) -> Features {
        let (mut misplaced, mut empty) = (0, 0);
        for &top in &self.tops {
            if top < 52 {
                misplaced += self.stack[usize::from(top)].misplaced;
            } else {
                empty += 1;
            }
        }
        let mut depth = 0;
        for s in 0..4 {
            let h = self.home[s];
            if h >= 13 {
                continue;
            }
            let next = usize::from(h) * 4 + s;
            let under = self.below[next];
            if under < 52 || under == BOTTOM {
                let at = self.stack[next];
                let top = self.tops[at.slot() % CASCADES];
                depth += self.stack[usize::from(top)].height - at.height;
            }
        }
        let cells = self.cells.iter().filter(|&&c| c != NONE).count() as u8;
        let left = 52 - self.home.iter().sum::<u8>();
        Features { left, misplaced, depth, cells, empty, breaks: self.breaks }
    }

    /// The features of the child `mv` leads to, from this state's `features`, when no card goes
    /// home (`mv` is not to the foundation and no autoplay follows it: see
    /// [`State::quick_hash`]). Most new children are never expanded: scoring them this way
    /// spares building them.
    #[inline]
    pub(super) fn child_features(&self, features: &Features, mv: Move, next: &NextCards) -> Features {
        let c = mv.card.index();
        let n = mv.cards;
        let mut child = *features;
        // The next cards each foundation needs: the moved cards leave from above those below
        // them, and land above those of the target cascade (the moved cards keep what lies
        // above their own).
        match mv.from {
            Source::Cell(_) => child.cells -= 1,
            Source::Cascade(i) => {
                let from = usize::from(i) % CASCADES;
                child.misplaced -= self.stack[usize::from(self.tops[from])].misplaced;
                let under = self.below[usize::from(c)];
                if under == BOTTOM {
                    child.empty += 1;
                } else {
                    child.misplaced += self.stack[usize::from(under)].misplaced;
                    child.breaks -= u8::from(!stacks(c, under));
                }
                let moved_height = self.stack[usize::from(c)].height;
                let below_moved = next.heights[from] & ((1u64 << (moved_height % 64)) - 1);
                if below_moved != 0 {
                    child.depth -= n * below_moved.count_ones() as u8;
                }
            }
        }
        match mv.to {
            Target::Cell(_) => child.cells += 1,
            Target::Cascade(j) => {
                let top = self.tops[usize::from(j) % CASCADES];
                if top == NONE {
                    // A natural run (or one card) at the bottom: nothing misplaced.
                    child.empty -= 1;
                } else {
                    // The moved cards are a natural run down from `c`: those above the lowest
                    // rank of the target cascade rest above a lower card.
                    let lowest = self.stack[usize::from(top)].lowest();
                    child.misplaced += rank(c).saturating_sub(lowest).min(n);
                    child.depth += n * next.counts[usize::from(j) % CASCADES];
                }
            }
            Target::Foundation => unreachable!("a move home changes more than its cascades"),
        }
        child
    }

    /// Where the next card each foundation needs lies, and which of them autoplay sends home
    /// once exposed.
    #[inline]
    pub(super) fn next_cards(&self) -> NextCards {
        let mut next = NextCards { heights: [0; CASCADES], counts: [0; CASCADES], safe: 0 };
        for s in 0..4 {
            let h = self.home[s];
            if h >= 13 {
                continue;
            }
            let c = usize::from(h) * 4 + s;
            if safe_next(&self.home, s) {
                next.safe |= 1 << c;
            }
            let under = self.below[c];
            if under < 52 || under == BOTTOM {
                let at = self.stack[c];
                next.heights[at.slot() % CASCADES] |= 1 << (at.height % 64);
                next.counts[at.slot() % CASCADES] += 1;
            }
        }
        next
    }

    /// [`State::run_cards`] from scratch, every cascade's run walked (checks the kept one).
    #[cfg(test)]
    pub(super) fn walked_run_cards(&self) -> u64 {
        let mut cards = 0u64;
        for &top in self.tops.iter().filter(|&&t| t != NONE) {
            let mut x = top;
            cards |= 1 << x;
            while stacks(x, self.below[usize::from(x)]) {
                x = self.below[usize::from(x)];
                cards |= 1 << x;
            }
        }
        cards
    }

    /// [`State::features`] from scratch, every cascade walked (checks the kept `stack`).
    pub(super) fn walked_features(&self) -> Features {
        let (mut misplaced, mut depth, mut breaks) = (0u32, 0u32, 0u8);
        for &top in &self.tops {
            let mut cards = Vec::new();
            let mut c = top;
            while c < 52 && cards.len() < 52 {
                cards.push(c);
                c = self.below[usize::from(c)];
            }
            let mut lowest = 14;
            for &c in cards.iter().rev() {
                if rank(c) > lowest {
                    misplaced += 1;
                } else {
                    lowest = rank(c);
                }
            }
            for (above, &c) in cards.iter().enumerate() {
                if self.fits_home(c) {
                    depth += above as u32;
                }
            }
            breaks += cards.windows(2).filter(|pair| !stacks(pair[0], pair[1])).count() as u8;
        }
        Features {
            left: 52 - self.home.iter().sum::<u8>(),
            misplaced: misplaced as u8,
            depth: depth as u8,
            cells: self.cells.iter().filter(|&&c| c != NONE).count() as u8,
            empty: self.empty_cascades() as u8,
            breaks,
        }
    }
}

/// Heuristic features of a state (each fits a byte: the depth, the largest, is at most
/// 4 * 51).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Features {
    pub(super) left: u8,
    pub(super) misplaced: u8,
    pub(super) depth: u8,
    pub(super) cells: u8,
    pub(super) empty: u8,
    /// Pairs of adjacent cascade cards where the upper does not stack on the lower.
    pub(super) breaks: u8,
}

/// The next card each foundation needs, as the children of one state see it (found once per
/// expansion).
pub(super) struct NextCards {
    /// Per cascade slot, a bit at the height of each next card lying there, and their number.
    heights: [u64; CASCADES],
    counts: [u8; CASCADES],
    /// A bit per next card that autoplay sends home once exposed.
    pub(super) safe: u64,
}
