//! Move generation for the solver's dense state: every move a search tries from a state,
//! single cards and supermoves (sequence moves of several cards within the standard
//! capacity), with their single-card cost, and the [`MoveSet`] that chooses among them.

use super::state::{card, sequence_cost, stacking_on, State, BOTTOM, NONE, STACK_BASES};
use crate::games::freecell::rules::{capacity, Move, Source, Target, CASCADES};

impl State {
    /// Moves for the search with their single-card cost. Symmetric duplicates are left out
    /// (only the first empty free cell and the first empty cascade are destinations), and so
    /// is moving a whole cascade into an empty one. See [`MoveSet`] for the others.
    #[inline(always)]
    pub(super) fn generate(&self, moves: MoveSet, list: &mut Gen) {
        let single = moves == MoveSet::SingleCards;

        list.len = 0;
        // The empty cells and cascades (counted, and the first), and the cards there as bits,
        // without a branch: a card is below 52 and `NONE` is 255, so the high bit of a slot's
        // byte says it is empty, and `NONE`'s bit (63) falls outside the cards' bits. A card
        // can be placed on the cascades whose top is in `STACK_BASES[card] & tops`, most often
        // none: one AND says so.
        const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
        const CARD_BITS: u64 = (1 << 52) - 1;
        let empty_cells = u32::from_le_bytes(self.cells) & HIGH_BITS as u32;
        let f = empty_cells.count_ones() as usize;
        let free_cell = (empty_cells != 0).then(|| empty_cells.trailing_zeros() as usize / 8);
        let in_cells = self.cells.iter().fold(0u64, |bits, &c| bits | 1 << (c % 64)) & CARD_BITS;
        let empty_tops = u64::from_le_bytes(self.tops) & HIGH_BITS;
        let e = empty_tops.count_ones() as usize;
        let free_cascade = (empty_tops != 0).then(|| empty_tops.trailing_zeros() as usize / 8);
        let tops = self.tops.iter().fold(0u64, |bits, &t| bits | 1 << (t % 64)) & CARD_BITS;
        // The cascades (a bit each) whose top card `c` can be placed on.
        let accepts = |c: u8| {
            let mut bases = STACK_BASES[usize::from(c)] & tops;
            let mut slots = 0u8;
            while bases != 0 {
                let base = bases.trailing_zeros() as usize;
                bases &= bases - 1;
                slots |= 1 << (self.stack[base].slot() % CASCADES);
            }
            slots
        };
        // The next card each foundation needs, as bits (a full foundation's falls outside).
        let next_home = self
            .home
            .iter()
            .enumerate()
            .fold(0u64, |bits, (s, &h)| bits | 1 << ((usize::from(h) * 4 + s) % 64))
            & CARD_BITS;
        if (in_cells | tops) & next_home != 0 {
            for (i, &c) in self.cells.iter().enumerate() {
                if c != NONE && (next_home >> (c % 64)) & 1 != 0 {
                    list.push(Move::single(card(c), Source::Cell(i as u8), Target::Foundation), 1);
                }
            }
            for (i, &c) in self.tops.iter().enumerate() {
                if c != NONE && (next_home >> (c % 64)) & 1 != 0 {
                    list.push(Move::single(card(c), Source::Cascade(i as u8), Target::Foundation), 1);
                }
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if c == NONE {
                continue;
            }
            let targets = accepts(c);
            let mut bits = targets;
            while bits != 0 {
                let j = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                list.push(Move::single(card(c), Source::Cell(i as u8), Target::Cascade(j)), 1);
            }
            // (Not parked again when a cascade takes it: see `MoveSet::KeepRuns`.)
            if let Some(j) = free_cascade.filter(|_| moves != MoveSet::KeepRuns || targets == 0) {
                list.push(Move::single(card(c), Source::Cell(i as u8), Target::Cascade(j as u8)), 1);
            }
        }
        let reach = if single { 1 } else { capacity(f, e) };
        // The run cards other cascades take (at most one per pair of cascades: a run has one
        // card of each rank), among the first `reach` of their run (as many as one move can
        // carry): per source cascade, the targets as bits, and per pair the card and the
        // cards above it (read only where the target's bit is set, so never cleared).
        let mut landing = [0u8; CASCADES];
        let mut land_cards = [[0u8; CASCADES]; CASCADES];
        let mut lands = [[0u8; CASCADES]; CASCADES];
        let mut movers = stacking_on(tops) & self.run_cards;
        while movers != 0 {
            let x = movers.trailing_zeros() as u8;
            movers &= movers - 1;
            let at = self.stack[usize::from(x)];
            let i = at.slot() % CASCADES;
            let above = self.stack[usize::from(self.tops[i])].height - at.height;
            if usize::from(above) >= reach {
                continue;
            }
            let mut bits = accepts(x) & !(1 << i);
            landing[i] |= bits;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                land_cards[i][j] = x;
                lands[i][j] = above;
            }
        }
        for (i, &top) in self.tops.iter().enumerate() {
            if top == NONE {
                continue;
            }
            let from = Source::Cascade(i as u8);
            let mut any = landing[i];
            while any != 0 {
                let j = any.trailing_zeros() as usize;
                any &= any - 1;
                let k = usize::from(lands[i][j]);
                // (One card costs one move: no table look-up for most moves.)
                let cost = if k == 0 { 1 } else { sequence_cost(k + 1, f, e) };
                list.push(
                    Move {
                        card: card(land_cards[i][j]),
                        from,
                        to: Target::Cascade(j as u8),
                        cards: k as u8 + 1,
                    },
                    cost,
                );
            }
            // Whether another cascade takes the top card.
            let taken = || STACK_BASES[usize::from(top)] & tops != 0;
            if let Some(j) = free_cascade {
                // The natural run on top: `n` cards, `bottom` the last.
                let (mut bottom, mut n) = (top, 1);
                loop {
                    let b = self.below[usize::from(bottom)];
                    if n == 13 || (self.run_cards >> (b % 64)) & 1 == 0 {
                        break;
                    }
                    bottom = b;
                    n += 1;
                }
                let whole = self.below[usize::from(bottom)] == BOTTOM;
                let most = if single { 1 } else { n };
                let cap = capacity(f, e - 1);
                // The card `count` cards down the run.
                let mut base = top;
                for count in 1..=most.min(cap) {
                    if count > 1 {
                        base = self.below[usize::from(base)];
                    }
                    if count == n && whole {
                        continue;
                    }
                    // Part of a run off its natural run, or one card a free cell or another
                    // cascade could take: see `MoveSet::KeepRuns`.
                    if moves == MoveSet::KeepRuns
                        && (count < n || (count == 1 && (free_cell.is_some() || taken())))
                    {
                        continue;
                    }
                    let cost = if count == 1 { 1 } else { sequence_cost(count, f, e - 1) };
                    let mv =
                        Move { card: card(base), from, to: Target::Cascade(j as u8), cards: count as u8 };
                    list.push(mv, cost);
                }
            }
            // Whether the top card lies on its natural run (not alone in it), or another
            // cascade could take it (see `MoveSet::KeepRuns`).
            let kept = || (self.run_cards >> (self.below[usize::from(top)] % 64)) & 1 != 0 || taken();
            if let Some(j) = free_cell.filter(|_| moves != MoveSet::KeepRuns || !kept()) {
                list.push(Move::single(card(top), from, Target::Cell(j as u8)), 1);
            }
        }
    }
}

/// A move buffer for the search (no allocation in the hot loop).
pub(super) struct Gen {
    pub(super) moves: [(Move, u32); Gen::CAPACITY],
    pub(super) len: usize,
}

impl Gen {
    pub(super) const CAPACITY: usize = 256;

    pub(super) fn new() -> Gen {
        let filler = Move::single(card(0), Source::Cell(0), Target::Foundation);
        Gen { moves: [(filler, 0); Gen::CAPACITY], len: 0 }
    }

    #[inline]
    pub(super) fn push(&mut self, mv: Move, cost: u32) {
        if self.len < Gen::CAPACITY {
            self.moves[self.len] = (mv, cost);
            self.len += 1;
        }
    }
}

/// Which moves a search tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSet {
    /// Single-card moves only: the exhaustive search behind every "unsolvable".
    SingleCards,
    /// Single-card and sequence moves, or supermoves (a superset of the single-card moves).
    Sequences,
    /// Sequence moves, but no natural run (cards each on the next higher rank of the other
    /// colour) split to park its upper part: no card taken off its natural run into a free
    /// cell, and no part of a run (short of the whole run) moved into an empty cascade. Nor
    /// is a card parked when it has a better place: not in a free cell or an empty cascade
    /// when another cascade takes it, and a lone top card not in an empty cascade when a free
    /// cell is free. Such moves are rarely needed; the greedy first phases skip them, as they
    /// then wander less (the later phases try them). (The parks of cards with a better place:
    /// 1..32000 27.2M -> 23.2M states, 13.1M -> 11.5M expansions, mean length 107.7 -> 108.1.)
    KeepRuns,
}
