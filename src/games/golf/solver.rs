//! An exact Golf solver: a depth-first search over the only things that decide what can still
//! happen — the seven piles' heights, how far the stock is dealt and the waste's top rank — with
//! every position it has left behind marked in a bit set covering all of them. Golf never
//! returns to a position (every move takes a card from a pile or the stock), so a marked
//! position is either on the current line or proven lost, and the search ends with a win or a
//! proof that there is none.

use crate::search::{Budget, Outcome, Progress, Search, UnknownReason};

use super::rules::{Move, Position, PILES, PILE_CARDS, STOCK_CARDS};

/// Every position the search can meet: heights 0..=5 for seven piles, 0..=16 cards dealt, and a
/// waste rank of 13.
const POSITIONS: usize = 6usize.pow(PILES as u32) * (STOCK_CARDS + 1) * 13;

/// The default budget: every position there is, so that every deal is decided. (The hardest of
/// PySolFC's games 1..1000 meets far fewer: docs/BENCHMARKS.md.)
pub const DEFAULT_BUDGET: Budget = Budget::states(POSITIONS as u64);

/// The move code of a deal from the stock; 0..7 are the piles.
const DEAL: u8 = PILES as u8;

/// A position as the search keeps it, with the moves to try from it.
#[derive(Clone, Copy)]
struct Frame {
    heights: [u8; PILES],
    dealt: u8,
    /// The waste's top rank, 1..=13.
    waste: u8,
    /// Move codes to try, best first.
    moves: [u8; PILES + 1],
    count: u8,
    /// How many of `moves` have been tried.
    next: u8,
}

/// The Golf solver (see the module's documentation). `Progress::states` counts the distinct
/// positions reached.
pub struct Solver {
    start: Position,
    /// The piles' ranks, first dealt first.
    ranks: [[u8; PILE_CARDS]; PILES],
    /// The stock's ranks, next card first.
    stock: [u8; STOCK_CARDS],
    seen: Vec<u64>,
    stack: Vec<Frame>,
    states: u64,
    budget: Budget,
    outcome: Option<Outcome<Vec<Move>>>,
}

impl Solver {
    /// A solver for `start` with `budget`.
    pub fn new(start: &Position, budget: Budget) -> Solver {
        let mut ranks = [[0; PILE_CARDS]; PILES];
        let heights = start.heights();
        for (pile, row) in ranks.iter_mut().enumerate() {
            for (depth, &card) in start.pile(pile).iter().enumerate() {
                row[depth] = card.rank().value();
            }
        }
        let mut stock = [0; STOCK_CARDS];
        for (slot, card) in stock.iter_mut().zip(start.whole_stock()) {
            *slot = card.rank().value();
        }
        let mut solver = Solver {
            start: *start,
            ranks,
            stock,
            seen: vec![0; POSITIONS.div_ceil(64)],
            stack: Vec::with_capacity(64),
            states: 1,
            budget,
            outcome: None,
        };
        if start.is_won() {
            solver.outcome = Some(Outcome::Solved(Vec::new()));
            return solver;
        }
        let root = solver.frame(heights, start.dealt() as u8, start.waste_top().rank().value());
        solver.mark(&root);
        solver.stack.push(root);
        solver
    }

    fn index(heights: &[u8; PILES], dealt: u8, waste: u8) -> usize {
        let piles = heights.iter().fold(0usize, |index, &h| index * (PILE_CARDS + 1) + usize::from(h));
        (piles * (STOCK_CARDS + 1) + usize::from(dealt)) * 13 + usize::from(waste - 1)
    }

    /// Marks a position seen; false if it already was.
    fn mark(&mut self, frame: &Frame) -> bool {
        let index = Solver::index(&frame.heights, frame.dealt, frame.waste);
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        let fresh = self.seen[word] & bit == 0;
        self.seen[word] |= bit;
        fresh
    }

    /// A position with its moves ordered: pile moves first, the tallest pile first (the piles
    /// that hold most are the hardest to clear), then the deal.
    fn frame(&self, heights: [u8; PILES], dealt: u8, waste: u8) -> Frame {
        let mut frame = Frame { heights, dealt, waste, moves: [0; PILES + 1], count: 0, next: 0 };
        for (pile, &height) in heights.iter().enumerate() {
            if height > 0 && self.ranks[pile][usize::from(height) - 1].abs_diff(waste) == 1 {
                frame.moves[usize::from(frame.count)] = pile as u8;
                frame.count += 1;
            }
        }
        frame.moves[..usize::from(frame.count)].sort_by_key(|&p| std::cmp::Reverse(heights[usize::from(p)]));
        if usize::from(dealt) < STOCK_CARDS {
            frame.moves[usize::from(frame.count)] = DEAL;
            frame.count += 1;
        }
        frame
    }

    /// The position after move `code` from `frame`.
    fn child(&self, frame: &Frame, code: u8) -> Frame {
        let mut heights = frame.heights;
        let (dealt, waste) = if code == DEAL {
            (frame.dealt + 1, self.stock[usize::from(frame.dealt)])
        } else {
            let pile = usize::from(code);
            heights[pile] -= 1;
            (frame.dealt, self.ranks[pile][usize::from(heights[pile])])
        };
        self.frame(heights, dealt, waste)
    }

    /// Whether the cards left in the piles can never all be played. Each must lie on a card one
    /// rank away on the waste, and each card on the waste holds at most one card: so the pile
    /// cards of each rank need as many distinct cards of the ranks beside it among the waste's
    /// top, the stock left and the piles. Ranks lie on a line, so matching them rank by rank
    /// from the ace, the rank below first (nobody else can use it), decides whether one exists.
    fn is_dead(&self, frame: &Frame) -> bool {
        let mut needed = [0u8; 15];
        for (pile, &height) in frame.heights.iter().enumerate() {
            for &rank in &self.ranks[pile][..usize::from(height)] {
                needed[usize::from(rank)] += 1;
            }
        }
        let mut supply = needed;
        supply[usize::from(frame.waste)] += 1;
        for &rank in &self.stock[usize::from(frame.dealt)..] {
            supply[usize::from(rank)] += 1;
        }
        // `left` is what the rank below still has to give after its own lower neighbour's needs.
        let mut left = 0u8;
        for rank in 1..=13 {
            let need = needed[rank];
            let from_below = need.min(left);
            let rest = need - from_below;
            if rest > supply[rank + 1] {
                return true;
            }
            supply[rank + 1] -= rest;
            left = supply[rank];
        }
        false
    }

    /// The moves of the current line, played from the start to name their cards.
    fn line(&self) -> Vec<Move> {
        let mut position = self.start;
        let mut moves = Vec::with_capacity(self.stack.len());
        for frame in &self.stack {
            let code = frame.moves[usize::from(frame.next) - 1];
            let mv = if code == DEAL {
                Move::Deal
            } else {
                let card = position.top(usize::from(code)).expect("the line's pile has a card");
                Move::ToWaste { from: code, card }
            };
            position.apply(mv);
            moves.push(mv);
        }
        moves
    }
}

impl Search for Solver {
    type Solution = Vec<Move>;

    fn step(&mut self, work: u64) -> Option<Outcome<Vec<Move>>> {
        if let Some(outcome) = &self.outcome {
            return Some(outcome.clone());
        }
        let stop = self.states.saturating_add(work.max(1));
        while self.states < stop {
            let Some(top) = self.stack.last_mut() else {
                self.outcome = Some(Outcome::Unsolvable);
                return self.outcome.clone();
            };
            if top.next == top.count {
                self.stack.pop();
                continue;
            }
            let code = top.moves[usize::from(top.next)];
            top.next += 1;
            let frame = *top;
            let child = self.child(&frame, code);
            if !self.mark(&child) {
                continue;
            }
            self.states += 1;
            if child.heights == [0; PILES] {
                self.outcome = Some(Outcome::Solved(self.line()));
                return self.outcome.clone();
            }
            if self.is_dead(&child) {
                continue;
            }
            if self.states >= self.budget.states {
                self.outcome = Some(Outcome::Unknown(UnknownReason::StateBudget { states: self.states }));
                return self.outcome.clone();
            }
            self.stack.push(child);
        }
        None
    }

    fn progress(&self) -> Progress {
        Progress { states: self.states }
    }
}

/// Solves `start` to the end with the default budget.
pub fn solve(start: &Position) -> Outcome<Vec<Move>> {
    crate::search::run_to_end(&mut Solver::new(start, DEFAULT_BUDGET), 1 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    type Seen = std::collections::HashSet<([u8; PILES], usize, crate::cards::Card)>;

    /// Whether `start` can be won, by plain recursion over the rules' own moves (positions
    /// told apart by the waste's card, not its rank; no ordering): the solver's verdicts are
    /// checked against it.
    fn winnable_by_rules(position: &Position, memo: &mut Seen) -> bool {
        if position.is_won() {
            return true;
        }
        if !memo.insert((position.heights(), position.dealt(), position.waste_top())) {
            return false;
        }
        position.legal_moves().into_iter().any(|mv| winnable_by_rules(&position.play(mv).unwrap(), memo))
    }

    #[test]
    fn wins_replay_and_losses_agree_with_the_rules() {
        let (mut won, mut lost) = (0, 0);
        for seed in 1..40 {
            let start = Position::new(&seeded_deck(seed));
            // Part-way positions too: a few stock cards dealt.
            let mut later = start;
            for _ in 0..seed % 4 {
                later.apply(Move::Deal);
            }
            for position in [start, later] {
                let expected = winnable_by_rules(&position, &mut Default::default());
                match solve(&position) {
                    Outcome::Solved(moves) => {
                        assert!(expected, "seed {seed}: a win the rules do not have");
                        let end = moves.iter().try_fold(position, |p, &m| p.play(m)).unwrap();
                        assert!(end.is_won(), "seed {seed}");
                        won += 1;
                    }
                    Outcome::Unsolvable => {
                        assert!(!expected, "seed {seed}: a false loss");
                        lost += 1;
                    }
                    other => panic!("seed {seed}: {other:?}"),
                }
            }
        }
        assert!(won > 5 && lost > 5, "{won} won, {lost} lost");
    }

    #[test]
    fn a_small_budget_says_unknown_and_slices_agree() {
        let start = Position::new(&seeded_deck(2));
        let whole = solve(&start);
        let mut sliced = Solver::new(&start, DEFAULT_BUDGET);
        assert_eq!(crate::search::run_to_end(&mut sliced, 7), whole);
        let mut tiny = Solver::new(&start, Budget::states(3));
        assert!(matches!(crate::search::run_to_end(&mut tiny, 1), Outcome::Unknown(_) | Outcome::Solved(_)));
    }
}
