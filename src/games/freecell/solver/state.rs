//! The solver's dense state: for every card, what it rests on (another card, the bottom of a
//! cascade, a free cell or the foundation), with an incrementally updated Zobrist hash, beside
//! the player's layout; playing a move (single cards, and supermoves: sequence moves of several
//! cards within the standard capacity) and safe autoplay. Which moves a search tries is in
//! [`generate`](super::generate), the heuristic features in [`features`](super::features).

use super::features::NextCards;
use super::table::Key;
use crate::cards::{Card, Rank, Suit};
use crate::games::freecell::notation::single_card_cost;
use crate::games::freecell::rules::{capacity, Move, Position, Source, Target, CASCADES, CELLS};

pub(super) const BOTTOM: u8 = 52;
pub(super) const IN_CELL: u8 = 53;
pub(super) const HOME: u8 = 54;
pub(super) const NONE: u8 = 255;

pub(super) const fn zobrist() -> [[u64; 55]; 52] {
    let mut table = [[0u64; 55]; 52];
    let mut state: u64 = 0x5EED_F00D_CAFE_F1E1;
    let mut card = 0;
    while card < 52 {
        let mut place = 0;
        while place < 55 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[card][place] = z ^ (z >> 31);
            place += 1;
        }
        card += 1;
    }
    table
}

pub(super) static ZOBRIST: [[u64; 55]; 52] = zobrist();

pub(super) const fn all_cards() -> [Card; 52] {
    let mut cards = [Card::new(Rank::Ace, Suit::Clubs); 52];
    let mut i = 0;
    while i < 52 {
        cards[i] = Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]);
        i += 1;
    }
    cards
}

pub(super) static CARDS: [Card; 52] = all_cards();

#[inline]
pub(super) fn rank(c: u8) -> u8 {
    c / 4 + 1
}
#[inline]
pub(super) fn suit(c: u8) -> usize {
    usize::from(c % 4)
}

/// Per card, a bit for each card it stacks on (the next higher rank, the other colour).
pub(super) const fn stack_bases() -> [u64; 52] {
    let mut bases = [0u64; 52];
    let mut c = 0;
    while c < 48 {
        let red = matches!(c % 4, 1 | 2);
        let higher = (c / 4 + 1) * 4;
        let (a, b) = if red { (0, 3) } else { (1, 2) };
        bases[c] = 1 << (higher + a) | 1 << (higher + b);
        c += 1;
    }
    bases
}

pub(super) static STACK_BASES: [u64; 52] = stack_bases();

/// The cards that stack on some card of `cards` (the next lower rank, the other colour), as
/// bits, by shifts: card `4 * (rank - 1) + suit` takes suits 1 and 2 (red) of the rank below
/// if its suit is 0 or 3 (black), and suits 0 and 3 if its suit is 1 or 2.
#[inline]
pub(super) fn stacking_on(cards: u64) -> u64 {
    const SUIT: u64 = 0x1_1111_1111_1111;
    let (s0, s1, s2, s3) = (cards & SUIT, cards & SUIT << 1, cards & SUIT << 2, cards & SUIT << 3);
    (s0 >> 3 | s0 >> 2) | (s1 >> 5 | s1 >> 2) | (s2 >> 6 | s2 >> 3) | (s3 >> 6 | s3 >> 5)
}

/// Single-card moves a supermove of up to 13 cards costs (a natural run is at most 13 cards),
/// per empty cascades (not counting the destination), empty free cells and cards: the table of
/// [`single_card_cost`], built at compile time for the search's hot loop (1 where impossible:
/// the search never makes such a move).
const fn sequence_costs() -> [[[u8; 14]; CELLS + 1]; CASCADES + 1] {
    let mut table = [[[u8::MAX; 14]; CELLS + 1]; CASCADES + 1];
    let mut e = 0;
    while e <= CASCADES {
        let mut f = 0;
        while f <= CELLS {
            table[e][f][0] = 0;
            let mut n = 1;
            while n <= 13 {
                if n <= f + 1 {
                    table[e][f][n] = (2 * n - 1) as u8;
                } else if e > 0 && n <= capacity(f, e) {
                    let mut part = 1;
                    while part < n {
                        let park = table[e - 1][f][part];
                        let rest = table[e - 1][f][n - part];
                        if park != u8::MAX && rest != u8::MAX {
                            let cost = 2 * park as usize + rest as usize;
                            if cost < table[e][f][n] as usize {
                                table[e][f][n] = cost as u8;
                            }
                        }
                        part += 1;
                    }
                }
                n += 1;
            }
            f += 1;
        }
        e += 1;
    }
    table
}

static SEQUENCE_COSTS: [[[u8; 14]; CELLS + 1]; CASCADES + 1] = sequence_costs();

/// The single-card cost of moving `cards` cards (at most 13) with `cells` empty free cells and
/// `cascades` empty cascades besides the destination (see [`sequence_costs`]).
#[inline]
pub(super) fn sequence_cost(cards: usize, cells: usize, cascades: usize) -> u32 {
    match SEQUENCE_COSTS[cascades.min(CASCADES)][cells.min(CELLS)][cards.min(13)] {
        u8::MAX => 1,
        cost => u32::from(cost),
    }
}

/// True if the next card of suit `s` (which fits home) may go home by itself without ever
/// losing a win or lengthening one, given what is home: its rank `r` is at most one above both
/// foundations of the other colour (no card left in play can go on it), or at most two above
/// them and at most three above the other suit of its colour (Horne's rule). In the second case
/// the only cards that could go on it, the other colour's `r - 1`, fit home themselves, and so
/// do the only cards that could go on those, its own colour's `r - 2` (the other suit's: its own
/// suit's is home), on which nothing can go (the other colour's `r - 3` are home). So a winning
/// line that keeps the card in play wins with it home too: each of those cards goes home where
/// the line puts it on one of them, moves of the cards already home are dropped, and the rest
/// stays legal (cards home only free cells and cascades). See RULES.md.
#[inline]
pub(super) fn safe_next(home: &[u8; 4], s: usize) -> bool {
    let r = home[s] + 1;
    // The lower foundation of the other colour.
    let other = if matches!(s, 1 | 2) { home[0].min(home[3]) } else { home[1].min(home[2]) };
    r <= other + 1 || (r <= other + 2 && r <= home[s ^ 3] + 3)
}

/// True if card `c` stacks on `base` (any place below 64: `BOTTOM`, `IN_CELL` and `HOME` are
/// no card, so false).
#[inline]
pub(super) fn stacks(c: u8, base: u8) -> bool {
    (STACK_BASES[usize::from(c)] >> (base % 64)) & 1 != 0
}
#[inline]
pub(super) fn card(c: u8) -> Card {
    CARDS[usize::from(c)]
}

/// Dense solver state with the player's layout.
#[derive(Clone, Copy)]
pub(crate) struct State {
    pub(super) below: [u8; 52],
    pub(super) tops: [u8; CASCADES],
    pub(super) cells: [u8; CELLS],
    pub(super) home: [u8; 4],
    pub(super) hash: u64,
    /// Per card in a cascade, what the heuristic needs to know of it and the cards below it
    /// (stale for the other cards): kept up as cards move, so that scoring a state walks no
    /// cascade.
    pub(super) stack: [Stacked; 52],
    /// A bit per card in the natural run on top of its cascade (the top card, the card under
    /// it if the top stacks on it, and so on down): kept up as cards move, so that finding
    /// the run cards other cascades take walks no run.
    pub(super) run_cards: u64,
    /// Pairs of adjacent cascade cards where the upper does not stack on the lower, kept up
    /// as cards move (a heuristic feature).
    pub(super) breaks: u8,
}

/// A card in a cascade, as far as it and the cards below it go: this does not change while
/// cards come and go above it. Three bytes (states are copied often).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(super) struct Stacked {
    /// Cards below it.
    pub(super) height: u8,
    /// Cards among it and the cards below it that rest above a lower card.
    pub(super) misplaced: u8,
    /// Its cascade slot (high four bits) and the lowest rank among it and the cards below
    /// it (low four bits).
    pub(super) slot_lowest: u8,
}

impl Stacked {
    /// Card `c` put in cascade `slot` on a card stacked so (`None`: at the bottom).
    #[inline]
    pub(super) fn on(c: u8, slot: u8, base: Option<Stacked>) -> Stacked {
        let r = rank(c);
        match base {
            None => Stacked { height: 0, misplaced: 0, slot_lowest: slot << 4 | r },
            Some(b) => Stacked {
                height: b.height + 1,
                misplaced: b.misplaced + u8::from(r > b.lowest()),
                slot_lowest: slot << 4 | b.lowest().min(r),
            },
        }
    }

    #[inline]
    pub(super) fn slot(self) -> usize {
        usize::from(self.slot_lowest >> 4)
    }

    #[inline]
    pub(super) fn lowest(self) -> u8 {
        self.slot_lowest & 15
    }
}

impl State {
    pub(crate) fn new(position: &Position) -> State {
        let mut state = State {
            below: [HOME; 52],
            tops: [NONE; CASCADES],
            cells: [NONE; CELLS],
            home: [0; 4],
            hash: 0,
            stack: [Stacked::default(); 52],
            run_cards: 0,
            breaks: 0,
        };
        for (slot, cascade) in position.cascades().iter().enumerate() {
            let mut under = BOTTOM;
            for c in cascade {
                let base = (under != BOTTOM).then(|| state.stack[usize::from(under)]);
                state.stack[usize::from(c.index())] = Stacked::on(c.index(), slot as u8, base);
                state.below[usize::from(c.index())] = under;
                state.breaks += u8::from(under != BOTTOM && !stacks(c.index(), under));
                under = c.index();
            }
            if under != BOTTOM {
                state.tops[slot] = under;
                state.add_run(under);
            }
        }
        for (slot, cell) in position.cells().iter().enumerate() {
            if let Some(c) = cell {
                state.below[usize::from(c.index())] = IN_CELL;
                state.cells[slot] = c.index();
            }
        }
        for s in Suit::ALL {
            state.home[s.index()] = position.foundation(s);
        }
        state.hash = (0..52).fold(0, |h, c| h ^ ZOBRIST[c][usize::from(state.below[c])]);
        state
    }

    #[inline]
    pub(super) fn set(&mut self, c: u8, place: u8) {
        let c = usize::from(c);
        self.hash ^= ZOBRIST[c][usize::from(self.below[c])] ^ ZOBRIST[c][usize::from(place)];
        self.below[c] = place;
    }

    /// Marks the natural run down from `top` (a cascade's new top card) in `run_cards`.
    #[inline]
    pub(super) fn add_run(&mut self, top: u8) {
        let mut x = top;
        loop {
            self.run_cards |= 1 << (x % 64);
            let b = self.below[usize::from(x)];
            if !stacks(x, b) {
                break;
            }
            x = b;
        }
    }

    /// Card `c` leaves the top of a cascade, uncovering `under`: `under` tops the cascade's
    /// run now, which is the old run less `c` if `c` stacked on it, else its own run.
    #[inline]
    pub(super) fn uncover(&mut self, c: u8, under: u8) {
        if under != BOTTOM && !stacks(c, under) {
            self.breaks -= 1;
            self.add_run(under);
        }
    }

    pub(super) fn key(&self) -> Key {
        Key { hash: self.hash, below: self.below }
    }

    pub(super) fn is_won(&self) -> bool {
        self.home == [13; 4]
    }

    #[inline]
    pub(super) fn fits_home(&self, c: u8) -> bool {
        self.home[suit(c)] + 1 == rank(c)
    }

    #[inline]
    pub(super) fn safe_home(&self, c: u8) -> bool {
        self.fits_home(c) && safe_next(&self.home, suit(c))
    }

    pub(super) fn empty_cells(&self) -> usize {
        self.cells.iter().filter(|&&c| c == NONE).count()
    }

    pub(super) fn empty_cascades(&self) -> usize {
        self.tops.iter().filter(|&&c| c == NONE).count()
    }

    /// True if `mv` is legal here (the solver's own moves always are; edited ones may not be).
    pub(super) fn is_legal(&self, mv: Move) -> bool {
        let c = mv.card.index() % 52;
        let n = usize::from(mv.cards);
        if n == 0 {
            return false;
        }
        // The moved card is exposed under a run of `n - 1` cards.
        match mv.from {
            Source::Cell(i) => {
                if n != 1 || self.cells.get(usize::from(i)) != Some(&c) {
                    return false;
                }
            }
            Source::Cascade(i) => {
                let Some(&top) = self.tops.get(usize::from(i)) else { return false };
                let mut x = top;
                for _ in 1..n {
                    let b = self.below[usize::from(x % 52)];
                    if x >= 52 || b >= 52 || !stacks(x, b) {
                        return false;
                    }
                    x = b;
                }
                if x != c {
                    return false;
                }
            }
        }
        match mv.to {
            Target::Foundation => n == 1 && self.fits_home(c),
            Target::Cell(j) => {
                n == 1 && mv.from != Source::Cell(j) && self.cells.get(usize::from(j)) == Some(&NONE)
            }
            Target::Cascade(j) => {
                let Some(&top) = self.tops.get(usize::from(j)) else { return false };
                if mv.from == Source::Cascade(j) {
                    return false;
                }
                let empty = self.empty_cascades() - usize::from(top == NONE);
                (top == NONE || stacks(c, top)) && n <= capacity(self.empty_cells(), empty)
            }
        }
    }

    /// The single-card cost of a legal move here.
    pub(super) fn move_cost(&self, mv: Move) -> u32 {
        match (mv.from, mv.to) {
            (Source::Cascade(_), Target::Cascade(j)) if mv.cards > 1 => {
                let to_empty = self.tops[usize::from(j) % CASCADES] == NONE;
                let empty = self.empty_cascades() - usize::from(to_empty);
                match mv.cards {
                    2..=13 => sequence_cost(usize::from(mv.cards), self.empty_cells(), empty),
                    n => single_card_cost(usize::from(n), self.empty_cells(), empty).unwrap_or(1),
                }
            }
            _ => 1,
        }
    }

    /// Plays a legal move (sequence moves move only the base card's link).
    pub(crate) fn apply(&mut self, mv: Move) {
        let c = mv.card.index();
        let under = self.below[usize::from(c)];
        let moved_top = match mv.from {
            Source::Cascade(i) => {
                let slot = usize::from(i) % CASCADES;
                let top = self.tops[slot];
                self.tops[slot] = if under == BOTTOM { NONE } else { under };
                self.uncover(c, under);
                top
            }
            Source::Cell(i) => {
                let slot = usize::from(i) % CELLS;
                self.cells[slot] = NONE;
                c
            }
        };
        match mv.to {
            Target::Foundation => {
                self.set(c, HOME);
                self.home[suit(c)] += 1;
                self.run_cards &= !(1 << (c % 64));
            }
            Target::Cell(j) => {
                self.set(c, IN_CELL);
                self.cells[usize::from(j) % CELLS] = c;
                self.run_cards &= !(1 << (c % 64));
            }
            Target::Cascade(j) => {
                let slot = usize::from(j) % CASCADES;
                let base = if self.tops[slot] == NONE { BOTTOM } else { self.tops[slot] };
                // (A legal move stacks: no new break.)
                debug_assert!(base == BOTTOM || stacks(c, base));
                self.set(c, base);
                self.tops[slot] = moved_top;
                // The moved cards are a natural run (on the target's top, if any): run cards
                // now, as the target's run cards stay.
                self.run_cards |= 1 << (c % 64);
                // The moved cards, top first, then restacked from the base card up.
                let mut run = [c; 13];
                let (mut n, mut x) = (0, moved_top);
                while x != c && x < 52 && n < 12 {
                    run[n] = x;
                    n += 1;
                    x = self.below[usize::from(x)];
                }
                run[n] = c;
                let mut under = (base != BOTTOM).then(|| self.stack[usize::from(base)]);
                for &m in run[..=n].iter().rev() {
                    let info = Stacked::on(m, slot as u8, under);
                    self.stack[usize::from(m)] = info;
                    under = Some(info);
                }
            }
        }
    }

    /// The next safe autoplay move, in the same order as [`Position::autoplay_move`].
    pub(super) fn next_autoplay(&self) -> Option<Move> {
        // Most often there is none: a look at each suit's next card says so.
        let exposed_safe = |s: usize| {
            let c = self.home[s] * 4 + s as u8;
            c < 52
                && (self.below[usize::from(c)] == IN_CELL
                    || self.tops[self.stack[usize::from(c)].slot() % CASCADES] == c)
                && safe_next(&self.home, s)
        };
        if !(0..4).any(exposed_safe) {
            return None;
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if c != NONE && self.safe_home(c) {
                return Some(Move::single(card(c), Source::Cell(i as u8), Target::Foundation));
            }
        }
        for (i, &c) in self.tops.iter().enumerate() {
            if c != NONE && self.safe_home(c) {
                return Some(Move::single(card(c), Source::Cascade(i as u8), Target::Foundation));
            }
        }
        None
    }

    /// The hash of the child `mv` leads to, if no autoplay follows it (this state being
    /// settled, only the card `mv` uncovers or a card sent home can start autoplay).
    #[inline(always)]
    pub(super) fn quick_hash(&self, mv: Move) -> Option<u64> {
        self.quick_hash_by(mv, |old| self.safe_home(old))
    }

    /// True if no autoplay can follow `mv` here (when [`State::quick_hash`] is some).
    #[inline(always)]
    pub(super) fn settled_after(&self, mv: Move) -> bool {
        let old = self.below[usize::from(mv.card.index())];
        mv.to != Target::Foundation && !(old < 52 && self.safe_home(old))
    }

    /// [`State::quick_hash`] for one of the children scored from `next` (this state's).
    #[inline(always)]
    pub(super) fn child_hash(&self, mv: Move, next: &NextCards) -> Option<u64> {
        self.quick_hash_by(mv, |old| (next.safe >> (old % 64)) & 1 != 0)
    }

    /// [`State::quick_hash`] with `safe_home(card)` true for the cards autoplay sends home
    /// once exposed.
    #[inline(always)]
    fn quick_hash_by(&self, mv: Move, safe_home: impl Fn(u8) -> bool) -> Option<u64> {
        let c = usize::from(mv.card.index());
        let old = self.below[c];
        let new = match mv.to {
            Target::Foundation => return None,
            Target::Cell(_) => IN_CELL,
            Target::Cascade(j) => match self.tops[usize::from(j) % CASCADES] {
                NONE => BOTTOM,
                top => top,
            },
        };
        if old < 52 && safe_home(old) {
            return None;
        }
        Some(self.hash ^ ZOBRIST[c][usize::from(old)] ^ ZOBRIST[c][usize::from(new)])
    }

    /// The key of the child `mv` leads to, given its [`State::quick_hash`] (no autoplay
    /// follows it: only the moved card's place changes).
    #[inline]
    pub(super) fn quick_key(&self, mv: Move, hash: u64) -> Key {
        let mut below = self.below;
        below[usize::from(mv.card.index())] = match mv.to {
            Target::Foundation => HOME,
            Target::Cell(_) => IN_CELL,
            Target::Cascade(j) => match self.tops[usize::from(j) % CASCADES] {
                NONE => BOTTOM,
                top => top,
            },
        };
        Key { hash, below }
    }

    /// Plays every safe autoplay move, like [`State::autoplay`] but without recording them.
    /// The end state is the same whatever the order: a card that is safe and exposed stays so
    /// until it goes home.
    #[inline]
    pub(super) fn settle(&mut self) {
        // Round the suits until four in a row send nothing home.
        let (mut s, mut idle) = (0, 0);
        while idle < 4 {
            idle = if self.send_home(s) { 0 } else { idle + 1 };
            s = (s + 1) % 4;
        }
    }

    /// Sends the next card of suit `s` home if that is safe and the card is exposed.
    #[inline(always)]
    pub(super) fn send_home(&mut self, s: usize) -> bool {
        let h = self.home[s];
        if h >= 13 {
            return false;
        }
        let c = h * 4 + s as u8;
        let under = self.below[usize::from(c)];
        // Exposed first (most often it is not): in a cell, or on top of its cascade (it is
        // not home: it fits home).
        let slot = self.stack[usize::from(c)].slot() % CASCADES;
        if under != IN_CELL && self.tops[slot] != c {
            return false;
        }
        if !safe_next(&self.home, s) {
            return false;
        }
        if under == IN_CELL {
            if let Some(slot) = self.cells.iter().position(|&x| x == c) {
                self.cells[slot] = NONE;
            }
        } else {
            self.tops[slot] = if under == BOTTOM { NONE } else { under };
            self.run_cards &= !(1 << (c % 64));
            self.uncover(c, under);
        }
        self.set(c, HOME);
        self.home[s] += 1;
        true
    }

    pub(super) fn autoplay(&mut self, mut record: impl FnMut(Move)) {
        while let Some(mv) = self.next_autoplay() {
            self.apply(mv);
            record(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::deal::DealNumber;
    use crate::games::freecell::solver::generate::{Gen, MoveSet};
    use crate::games::freecell::solver::{Mode, Solver};
    use crate::search::Outcome;

    /// The heuristic features and run cards kept up move by move (`State::stack`,
    /// `State::run_cards`) equal those walked from scratch, in every child of every position
    /// along the solutions of deals 1..30 (with sequence moves, autoplay, cells and empty
    /// cascades).
    #[test]
    fn kept_features_match_walked_features() {
        let mut gen = Gen::new();
        let mut children = 0;
        for deal in 1..=30 {
            let position = Position::deal(DealNumber::new(deal).unwrap());
            let Outcome::Solved(solution) = Solver::solve(&position, Mode::Fast) else {
                panic!("deal {deal} is solvable")
            };
            let mut state = State::new(&position);
            assert_eq!(state.features(), state.walked_features(), "deal {deal} start");
            assert_eq!(state.run_cards, state.walked_run_cards(), "deal {deal} start");
            for mv in solution {
                for set in [MoveSet::Sequences, MoveSet::SingleCards] {
                    state.generate(set, &mut gen);
                    for &(child_move, _) in &gen.moves[..gen.len] {
                        let mut child = state;
                        child.apply(child_move);
                        child.settle();
                        assert_eq!(child.features(), child.walked_features(), "deal {deal}: {child_move:?}");
                        assert_eq!(child.run_cards, child.walked_run_cards(), "deal {deal}: {child_move:?}");
                        children += 1;
                    }
                }
                state.apply(mv);
                assert_eq!(state.features(), state.walked_features(), "deal {deal}: {mv:?}");
                assert_eq!(state.run_cards, state.walked_run_cards(), "deal {deal}: {mv:?}");
            }
            assert!(state.is_won());
        }
        assert!(children > 10_000, "{children} children checked");
    }

    /// The player's safe autoplay: a card goes home when both opposite-colour cards one rank
    /// lower are home.
    fn plain_settle(state: &mut State) {
        loop {
            let exposed = (0..CELLS)
                .map(|i| (state.cells[i], Source::Cell(i as u8)))
                .chain((0..CASCADES).map(|i| (state.tops[i], Source::Cascade(i as u8))));
            let safe = |c: u8| {
                let (a, b) = if matches!(suit(c), 1 | 2) { (0, 3) } else { (1, 2) };
                state.fits_home(c) && state.home[a] + 1 >= rank(c) && state.home[b] + 1 >= rank(c)
            };
            let Some((c, from)) = exposed.filter(|&(c, _)| c != NONE).find(|&(c, _)| safe(c)) else {
                return;
            };
            state.apply(Move::single(card(c), from, Target::Foundation));
        }
    }

    /// Whether an exhaustive single-card search from `state` wins, every move followed by
    /// `settle` (`wide`) or by the player's safe autoplay only, and the states it stored;
    /// `None` past `limit` states.
    fn brute_force(state: State, wide: bool, limit: usize) -> Option<(bool, usize)> {
        let settle = |state: &mut State| if wide { state.settle() } else { plain_settle(state) };
        let mut start = state;
        settle(&mut start);
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![start];
        let mut gen = Gen::new();
        while let Some(state) = stack.pop() {
            if state.is_won() {
                return Some((true, seen.len()));
            }
            if !seen.insert(state.below) {
                continue;
            }
            if seen.len() > limit {
                return None;
            }
            state.generate(MoveSet::SingleCards, &mut gen);
            for &(mv, _) in &gen.moves[..gen.len] {
                let mut child = state;
                child.apply(mv);
                settle(&mut child);
                stack.push(child);
            }
        }
        Some((false, seen.len()))
    }

    /// Horne's rule (`safe_next`) never loses a win: on small crowded boards (the cards of a
    /// deal above random foundations at most two apart, 16 to 24 of them: the highest three in
    /// the free cells, the others dealt over the eight cascades, low cards deep), an exhaustive
    /// single-card search that sends cards home by it decides as one that sends home only by
    /// the player's rule (all 400 boards are won; the wider rule changes the search on 367).
    #[test]
    fn horne_autoplay_keeps_every_verdict() {
        let mut seed = 0x5EED_u64;
        let mut random = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let (mut won, mut lost, mut wider) = (0, 0, 0);
        for deal in 1..=400u64 {
            let position = Position::deal(DealNumber::new(deal).unwrap());
            let mut foundations = [0u8; 4];
            let mut left: Vec<Card> = Vec::new();
            while !(16..=24).contains(&left.len()) {
                let low = 2 + random(8) as u8;
                foundations = [0, 1, 2, 3].map(|_| low + random(3) as u8);
                left = position
                    .cascades()
                    .iter()
                    .flatten()
                    .copied()
                    .filter(|c| c.rank().value() > foundations[c.suit().index()])
                    .collect();
            }
            // The highest cards block three cells; the others, lowest first (shuffled a
            // little), are dealt so that the low cards lie deep.
            left.sort_by_key(|c| c.rank().value());
            let cells: Vec<Option<Card>> =
                (0..CELLS).map(|i| (i < 3).then(|| left.pop()).flatten()).collect();
            for _ in 0..3 {
                let k = random(left.len() as u64 - 1) as usize;
                left.swap(k, k + 1);
            }
            let mut cascades = vec![Vec::new(); CASCADES];
            for (k, &c) in left.iter().enumerate() {
                cascades[k % CASCADES].push(c);
            }
            let setup = crate::games::freecell::Setup { cascades, cells, foundations };
            let start = State::new(&Position::try_from(setup).unwrap());
            let (Some((wide, wide_states)), Some((plain, plain_states))) =
                (brute_force(start, true, 200_000), brute_force(start, false, 200_000))
            else {
                continue;
            };
            assert_eq!(wide, plain, "deal {deal}: foundations {foundations:?}");
            // Boards where the wider rule changed the search.
            wider += usize::from(wide_states != plain_states);
            if wide {
                won += 1;
            } else {
                lost += 1;
            }
        }
        eprintln!("{won} won, {lost} lost, {wider} searched otherwise by the wider rule");
        assert!(won + lost > 200 && wider > 200, "{won} won, {lost} lost, {wider} searched otherwise");
    }

    /// `stacking_on` gives each card's cards that stack on it.
    #[test]
    fn stacking_on_finds_the_cards_that_stack() {
        for base in 0..52u8 {
            let expected: u64 = (0..52u8).filter(|&c| stacks(c, base)).map(|c| 1u64 << c).sum();
            assert_eq!(stacking_on(1 << base), expected, "{}", card(base));
        }
    }

    /// The compile-time supermove costs equal the notation's table.
    #[test]
    fn sequence_costs_match_the_notation() {
        for e in 0..=CASCADES {
            for f in 0..=CELLS {
                for n in 2..=13 {
                    assert_eq!(sequence_cost(n, f, e), single_card_cost(n, f, e).unwrap_or(1), "{n} {f} {e}");
                }
            }
        }
    }

    /// `KeepRuns` leaves out exactly the moves that split a natural run to park its upper
    /// part (into a free cell or an empty cascade), and the parks of a card that has a better
    /// place (a free cell or an empty cascade when another cascade takes it, an empty cascade
    /// for a lone top card when a free cell is free), checked in every position along the
    /// solutions of deals 1..20.
    #[test]
    fn keep_runs_leaves_out_only_run_breaking_and_needless_parks() {
        let (mut all, mut kept) = (Gen::new(), Gen::new());
        let (mut to_cells, mut to_empty) = (0, 0);
        let (mut placed_elsewhere, mut from_cells, mut cell_free) = (0, 0, 0);
        for deal in 1..=20 {
            let position = Position::deal(DealNumber::new(deal).unwrap());
            let Outcome::Solved(solution) = Solver::solve(&position, Mode::Fast) else {
                panic!("deal {deal} is solvable")
            };
            let mut state = State::new(&position);
            for mv in solution {
                state.generate(MoveSet::Sequences, &mut all);
                state.generate(MoveSet::KeepRuns, &mut kept);
                let every: Vec<Move> = all.moves[..all.len].iter().map(|&(m, _)| m).collect();
                let fewer: Vec<Move> = kept.moves[..kept.len].iter().map(|&(m, _)| m).collect();
                assert!(fewer.iter().all(|m| every.contains(m)), "deal {deal}");
                for m in every.iter().filter(|m| !fewer.contains(m)) {
                    let c = m.card.index();
                    let below = state.below[usize::from(c)];
                    let splits = below < 52 && stacks(c, below);
                    let is_top = matches!(m.from, Source::Cascade(i) if state.tops[usize::from(i)] == c);
                    // Another cascade takes the card.
                    let elsewhere = state.tops.iter().any(|&t| t != NONE && t != c && stacks(c, t));
                    let to_empty_cascade =
                        matches!(m.to, Target::Cascade(j) if state.tops[usize::from(j)] == NONE);
                    match (m.from, m.to) {
                        (Source::Cascade(_), Target::Cell(_)) if m.cards == 1 && splits => to_cells += 1,
                        (Source::Cascade(_), Target::Cell(_)) if m.cards == 1 => {
                            assert!(is_top && elsewhere, "deal {deal}: {m:?} has no better place");
                            placed_elsewhere += 1;
                        }
                        (Source::Cell(_), Target::Cascade(_)) if to_empty_cascade => {
                            assert!(elsewhere, "deal {deal}: {m:?} has no better place");
                            from_cells += 1;
                        }
                        (Source::Cascade(_), Target::Cascade(_)) if to_empty_cascade && splits => {
                            to_empty += 1
                        }
                        (Source::Cascade(_), Target::Cascade(_)) if to_empty_cascade => {
                            // A lone top card, with a free cell or another cascade to go to.
                            assert!(m.cards == 1 && is_top, "deal {deal}: {m:?} parks a whole run");
                            if elsewhere {
                                placed_elsewhere += 1;
                            } else {
                                assert!(
                                    state.cells.contains(&NONE),
                                    "deal {deal}: {m:?} has no better place"
                                );
                                cell_free += 1;
                            }
                        }
                        _ => panic!("deal {deal}: {m:?} parks nothing"),
                    }
                }
                state.apply(mv);
            }
        }
        assert!(
            to_cells > 0 && to_empty > 0 && placed_elsewhere > 0 && from_cells > 0 && cell_free > 0,
            "left out {to_cells} moves to cells, {to_empty} to empty cascades, {placed_elsewhere} \
             parks of top cards and {from_cells} of cell cards another cascade takes, {cell_free} with a cell free"
        );
    }
}
