//! `--slowest K` for every bench: the K slowest deals of a run, kept in a bounded heap (issue
//! 40's sweep for outliers), written once for every game's bench.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fmt::Display;

use deckhand::limits::quote;

use crate::Failure;

/// The most deals `--slowest` lists: far more than a sweep's report needs, and a bound on
/// what the heap holds whatever the range.
pub const MAX_SLOWEST: usize = 10_000;

/// The value of `--slowest`: a count from 1 to [`MAX_SLOWEST`].
pub fn parse(text: Option<&&str>) -> Result<usize, Failure> {
    let text = text.ok_or_else(|| Failure::usage("`--slowest` needs a count of deals"))?;
    text.parse().ok().filter(|&k| (1..=MAX_SLOWEST).contains(&k)).ok_or_else(|| {
        Failure::usage(format!("`--slowest {}`: expected a count from 1 to {MAX_SLOWEST}", quote(text)))
    })
}

/// One timed deal; the heap's order is by time, and among equal times the deal offered first
/// counts as slower, so the list is the same whatever the order of ties.
struct Timed<L> {
    seconds: f64,
    order: u64,
    label: L,
}

impl<L> Ord for Timed<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.seconds.total_cmp(&other.seconds).then(other.order.cmp(&self.order))
    }
}

impl<L> PartialOrd for Timed<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<L> PartialEq for Timed<L> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<L> Eq for Timed<L> {}

/// The `keep` slowest deals offered so far: a min-heap of at most `keep` entries, so a sweep
/// of a million deals holds only those.
pub struct Slowest<L> {
    keep: usize,
    offered: u64,
    heap: BinaryHeap<Reverse<Timed<L>>>,
}

impl<L> Slowest<L> {
    /// Keeps the `keep` slowest (none for 0: a bench run without `--slowest`).
    pub fn new(keep: usize) -> Slowest<L> {
        Slowest { keep, offered: 0, heap: BinaryHeap::with_capacity(keep.min(MAX_SLOWEST) + 1) }
    }

    /// Notes a deal that took `seconds`, described by `label` (its number and verdict).
    pub fn offer(&mut self, seconds: f64, label: L) {
        let timed = Timed { seconds, order: self.offered, label };
        self.offered += 1;
        if self.keep == 0 {
            return;
        }
        if self.heap.len() < self.keep {
            self.heap.push(Reverse(timed));
        } else if self.heap.peek().is_some_and(|Reverse(fastest)| timed > *fastest) {
            self.heap.pop();
            self.heap.push(Reverse(timed));
        }
    }

    /// The kept deals, slowest first, with their times in seconds.
    pub fn into_sorted(self) -> Vec<(f64, L)> {
        let mut kept: Vec<Timed<L>> = self.heap.into_iter().map(|Reverse(timed)| timed).collect();
        kept.sort_by(|a, b| b.cmp(a));
        kept.into_iter().map(|timed| (timed.seconds, timed.label)).collect()
    }
}

impl<L: Display> Slowest<L> {
    /// The report: a heading, then a deal a line, slowest first (empty without `--slowest`):
    ///
    /// ```text
    /// slowest 2 of 100 (deal, verdict, ms):
    /// 57 solved 12.31
    /// 9 unknown 8.02
    /// ```
    pub fn report(self, columns: &str) -> String {
        if self.keep == 0 {
            return String::new();
        }
        let offered = self.offered;
        let kept = self.into_sorted();
        let mut text = format!("slowest {} of {offered} ({columns}, ms):\n", kept.len());
        for (seconds, label) in kept {
            text.push_str(&format!("{label} {:.2}\n", seconds * 1e3));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_slowest_slowest_first_and_ties_by_order() {
        let mut slowest = Slowest::new(3);
        for (seconds, deal) in [(0.5, 1), (0.1, 2), (0.9, 3), (0.5, 4), (0.7, 5), (0.05, 6)] {
            slowest.offer(seconds, deal);
        }
        let kept: Vec<u32> = slowest.into_sorted().into_iter().map(|(_, deal)| deal).collect();
        assert_eq!(kept, [3, 5, 1]);
    }

    #[test]
    fn keeps_all_when_fewer_are_offered_and_none_without_the_option() {
        let mut slowest = Slowest::new(5);
        slowest.offer(0.2, "a");
        slowest.offer(0.3, "b");
        assert_eq!(slowest.report("deal"), "slowest 2 of 2 (deal, ms):\nb 300.00\na 200.00\n");
        let mut none = Slowest::new(0);
        none.offer(1.0, "a");
        assert_eq!(none.report("deal"), "");
    }
}
