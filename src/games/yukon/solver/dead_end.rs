//! [`is_dead_end`]: a position where some card can never go home, whatever is played.
//!
//! A card can leave the card under it only by moving (with the cards on it): onto a card it
//! builds on (one rank higher, the other colour) that nothing covers, to an empty pile if it
//! is a king, or home if nothing covers it. A relaxation that keeps only these conditions,
//! and forgets that a card once moved onto another covers it again, finds every event any
//! line of play could bring about; a card whose going home is not among them never goes home
//! (docs/RULES.md, Yukon).
//!
//! Where that is not enough, the lines of play are split by what they do about a card that
//! lands on another ([`Constraints`]): in each branch a stricter fixed point holds, and when
//! every branch leaves some card out of home, so does every line. Each split is chosen where
//! the fixed point used a landing as if it left the card under it open, and a bounded number
//! of runs is tried.

use crate::cards::{Card, Rank, Suit};

use super::super::rules::{Position, PILES};

/// The two cards each card builds on, as bits.
const fn parents() -> [u64; 52] {
    let mut table = [0u64; 52];
    let mut index = 0;
    while index < 48 {
        let suit = index % 4;
        // Clubs 0 and spades 3 are black; diamonds 1 and hearts 2 red.
        let (a, b) = if suit == 0 || suit == 3 { (1, 2) } else { (0, 3) };
        let above = (index / 4 + 1) * 4;
        table[index] = (1u64 << (above + a)) | (1u64 << (above + b));
        index += 1;
    }
    table
}

const PARENTS: [u64; 52] = parents();

/// The cards on the foundations, as bits.
fn home(position: &Position) -> u64 {
    let mut bits = 0;
    for suit in Suit::ALL {
        for value in 1..=position.foundation(suit) {
            if let Some(rank) = Rank::from_value(value) {
                bits |= Card::new(rank, suit).bit();
            }
        }
    }
    bits
}

/// Whether some card of `position` can never go home (see the module's docs). Never true of
/// a position that can still be won.
pub fn is_dead_end(position: &Position) -> bool {
    is_dead_end_within(position, MAX_RUNS)
}

/// [`is_dead_end`] with at most `most_runs` runs of the fixed point.
pub fn is_dead_end_within(position: &Position, most_runs: u32) -> bool {
    let layout = Layout::of(position);
    if most_runs <= 1 {
        // One run splits nothing, so it needs no landings.
        return !layout.all_can_go_home(home(position));
    }
    let mut runs = most_runs;
    layout.refuted(home(position), &Constraints::NONE, &mut runs)
}

/// At most this many runs of the fixed point for one position: splits past it are not tried
/// (which only weakens the test, never makes it wrong).
const MAX_RUNS: u32 = 16;

/// What a line of play is assumed to keep, on top of the rules' relaxation. A card that lands
/// on a card it builds on covers it until it leaves it again, and it leaves it only by going
/// home or onto its other parent (the twin of the first: one rank and colour, the other
/// suit). So of a card *x* and a parent *p* of it, every line keeps one of:
/// - *x* never lands on *p*: `banned`;
/// - *x* lands on *p* (before *p* goes home, as nothing lands on a card that is home), and
///   leaves it before *p* goes home: *p* goes home only after *x* has gone home or landed on
///   the twin of *p*: `guards`.
///
/// And of twins *x* and *y* and a parent *p* of theirs, *p* holds one of them at a time: if
/// both land on it, the second lands after the first has left (gone home or landed on the
/// twin of *p*). So every line keeps one of: *x* lands on *p* only after *y* has left it
/// (which a line where *x* never lands on *p* keeps too), or the same with *x* and *y*
/// swapped: `gated`.
#[derive(Clone, Copy)]
struct Constraints {
    /// The parents each card never lands on, as bits.
    banned: [u64; 52],
    /// The cards that must have left each card before it goes home (`NONE` for none).
    guards: [[u8; 2]; 52],
    /// The parents each card lands on only after its twin has left them, as bits.
    gated: [u64; 52],
}

impl Constraints {
    const NONE: Constraints = Constraints { banned: [0; 52], guards: [[NONE; 2]; 52], gated: [0; 52] };
}

/// A split of the lines of play into two kinds, each kept by the lines of one branch.
enum Split {
    /// *x* never lands on *p*, or leaves it before *p* goes home.
    Landing { x: u8, parent: u8 },
    /// Of twins *x* and *y*, *x* lands on *p* only after *y* has left it, or the other way.
    Sharing { x: u8, parent: u8 },
}

/// What covers what in a position, as the relaxation reads it.
struct Layout {
    /// The card directly on each card (by index), or `NONE`.
    above: [u8; 52],
    /// The card directly under each card (by index), or `NONE`.
    under: [u8; 52],
    /// Every card above each card in its pile, as bits: the cards it carries when it moves.
    carried: [u64; 52],
    face_down: u64,
    tops: u64,
    bottoms: u64,
    tableau: u64,
    empty: bool,
}

const NONE: u8 = 52;

/// Not yet, in [`Events`]' times.
const NEVER: u16 = u16::MAX;

/// The events of the relaxation's least fixed point (see [`Layout::events`]), with the order
/// the fixed point found them in, to choose where to split.
struct Events {
    home: u64,
    /// When each card went home.
    home_at: [u16; 52],
    /// When each card could first land on its parent of the lower and of the higher suit.
    land_at: [[u16; 2]; 52],
    /// The parents each card left the card under it for, as bits (0: it went home instead, or
    /// is a king).
    left_for: [u64; 52],
}

impl Events {
    fn all_home(&self, layout: &Layout) -> bool {
        self.home & layout.tableau == layout.tableau
    }

    /// Where the fixed point used a landing as if it left the parent open: a card left the
    /// card under it for a parent that then went home before the card had left it (gone home
    /// or landed on the parent's twin), or that its twin then landed on too. The split there
    /// is the one most likely to refute the fixed point's line; the earliest such event.
    fn suspicious(&self, layout: &Layout, constraints: &Constraints) -> Option<Split> {
        let mut best: Option<(u16, Split)> = None;
        let mut rest = layout.tableau;
        while rest != 0 {
            let x = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let mut parents = self.left_for[x as usize];
            while parents != 0 {
                let parent = parents.trailing_zeros() as u8;
                parents &= parents - 1;
                let slot = usize::from(is_higher(parent));
                let (landed, twin_landed) =
                    (self.land_at[x as usize][slot], self.land_at[x as usize][1 - slot]);
                let parent_home = self.home_at[parent as usize];
                let left_at = self.home_at[x as usize].min(twin_landed);
                let guarded = constraints.guards[parent as usize].contains(&x);
                if !guarded
                    && landed < parent_home
                    && left_at > parent_home
                    && best.as_ref().is_none_or(|(at, _)| parent_home < *at)
                {
                    best = Some((parent_home, Split::Landing { x, parent }));
                }
                // Its twin landing on the same parent before this one has left it.
                let y = x ^ 3;
                let y_landed = self.land_at[y as usize][slot];
                let gated =
                    (constraints.gated[x as usize] | constraints.gated[y as usize]) & (1u64 << parent) != 0;
                if !gated
                    && self.left_for[y as usize] & (1u64 << parent) != 0
                    && landed <= y_landed
                    && left_at > y_landed
                    && best.as_ref().is_none_or(|(at, _)| y_landed < *at)
                {
                    best = Some((y_landed, Split::Sharing { x, parent }));
                }
            }
        }
        best.map(|(_, split)| split)
    }
}

/// Whether a parent card is the one of the higher suit within its colour (hearts of the red
/// pair, spades of the black).
fn is_higher(card: u8) -> bool {
    matches!(card & 3, 2 | 3)
}

impl Layout {
    fn of(position: &Position) -> Layout {
        let mut layout = Layout {
            above: [NONE; 52],
            under: [NONE; 52],
            carried: [0; 52],
            face_down: 0,
            tops: 0,
            bottoms: 0,
            tableau: 0,
            empty: false,
        };
        for pile in 0..PILES {
            let cards = position.pile(pile);
            match (cards.first(), cards.last()) {
                (Some(bottom), Some(top)) => {
                    layout.bottoms |= bottom.bit();
                    layout.tops |= top.bit();
                }
                _ => layout.empty = true,
            }
            let mut over = 0u64;
            for card in cards.iter().rev() {
                layout.carried[card.index() as usize] = over;
                over |= card.bit();
            }
            for (depth, card) in cards.iter().enumerate() {
                layout.tableau |= card.bit();
                if depth < position.face_down(pile) {
                    layout.face_down |= card.bit();
                }
                if depth + 1 < cards.len() {
                    layout.above[card.index() as usize] = cards[depth + 1].index();
                    layout.under[cards[depth + 1].index() as usize] = card.index();
                }
            }
        }
        layout
    }

    /// The fixed point of [`Layout::events`] with no constraints, only whether every card goes
    /// home, on whole sets of cards at once: the test of every position searched. The same
    /// events in the same order of kinds, so the same answer (checked against `events`).
    fn all_can_go_home(&self, home_now: u64) -> bool {
        // Aces, and the red and the black cards, as bits (suits 0 clubs, 1 diamonds, 2
        // hearts, 3 spades; index 4 * (rank - 1) + suit).
        const ACES: u64 = 0xF;
        const RED: u64 = 0x0006_6666_6666_6666;
        const BLACK: u64 = 0x0009_9999_9999_9999;
        const CLUBS: u64 = 0x0001_1111_1111_1111;
        const DIAMONDS: u64 = CLUBS << 1;
        let (mut open, mut left, mut home) = (self.tops, 0u64, home_now);
        let tableau = self.tableau;
        loop {
            let before = (open, left, home);
            // Home: open, and the card before it in its suit home.
            loop {
                let new = open & tableau & !home & ((home << 4) | ACES);
                if new == 0 {
                    break;
                }
                home |= new;
            }
            let mut new_left = home & tableau & !left;
            // Landings: the cards that build on an open tableau card (one rank lower, the
            // other colour), which are face up or open themselves.
            let targets = open & tableau;
            let red_ranks = ((targets & RED) | (targets & RED) >> 1) & DIAMONDS;
            let black_ranks = ((targets & BLACK) | (targets & BLACK) >> 3) & CLUBS;
            let children = (red_ranks >> 5 | red_ranks >> 2) | (black_ranks >> 3 | black_ranks >> 2);
            let movable = tableau & !home & !left & (!self.face_down | open);
            let mut landing = movable & children;
            // A parent the card carries counts only once a card between them has left.
            let mut check = landing;
            while check != 0 {
                let index = check.trailing_zeros() as usize;
                check &= check - 1;
                let parents = PARENTS[index] & targets;
                if parents & !self.carried[index] != 0 {
                    continue;
                }
                let mut usable = false;
                let mut carried = parents;
                while carried != 0 {
                    let parent = carried.trailing_zeros() as usize;
                    carried &= carried - 1;
                    usable |= left & self.carried[index] & !self.carried[parent] != 0;
                }
                if !usable {
                    landing &= !(1u64 << index);
                }
            }
            new_left |= landing;
            if self.empty || left & self.bottoms != 0 {
                new_left |= movable & (0xF << 48);
            }
            left |= new_left;
            let mut uncovered = new_left;
            while uncovered != 0 {
                let index = uncovered.trailing_zeros() as usize;
                uncovered &= uncovered - 1;
                let under = self.under[index];
                if under != NONE {
                    open |= 1u64 << under;
                }
            }
            if home & tableau == tableau {
                return true;
            }
            if (open, left, home) == before {
                return false;
            }
        }
    }

    /// Whether no line that keeps `constraints` wins: the fixed point says some card never
    /// goes home, or, splitting on a landing it used ([`Constraints`]), neither branch wins;
    /// `runs` counts down the runs of the fixed point left (none left: not refuted).
    fn refuted(&self, home_now: u64, constraints: &Constraints, runs: &mut u32) -> bool {
        if *runs == 0 {
            return false;
        }
        *runs -= 1;
        let events = self.events::<true>(home_now, constraints);
        if !events.all_home(self) {
            return true;
        }
        if *runs == 0 {
            return false;
        }
        let (mut first, mut second) = (*constraints, *constraints);
        match events.suspicious(self, constraints) {
            None => return false,
            Some(Split::Landing { x, parent }) => {
                first.banned[x as usize] |= 1u64 << parent;
                let guards = &mut second.guards[parent as usize];
                let Some(free) = guards.iter().position(|&g| g == NONE) else { return false };
                guards[free] = x;
            }
            Some(Split::Sharing { x, parent }) => {
                first.gated[x as usize] |= 1u64 << parent;
                second.gated[x as usize ^ 3] |= 1u64 << parent;
            }
        }
        self.refuted(home_now, &first, runs) && self.refuted(home_now, &second, runs)
    }

    /// A relaxation of the rules that keeps only what covers what: which of these events some
    /// line of play could ever bring about, as a least fixed point:
    /// - *open(c)*: nothing is on tableau card c (it is a top now, or the card on it has left);
    /// - *land(c, p)*: c has landed on p, a card it builds on that is open (one on a foundation
    ///   never comes back); a face-down card must be open first, a face-up one moves with the
    ///   cards on it;
    /// - *left(c)*: c has left the card under it: it has gone home, or landed on a card, or it
    ///   is a king and a pile can be empty (a pile is empty now, or some pile's bottom card has
    ///   left);
    /// - *home(c)*: c has gone home: the card before it in its suit has, c is open, and each
    ///   card guarded on c ([`Constraints`]) has gone home or landed on c's twin.
    ///
    /// Every line that keeps `constraints` has each of its events' conditions met earlier in
    /// that line, so all of its events are in the fixed point; if some card's *home* is not,
    /// no such line wins.
    ///
    /// Without `TIMED`, the land events are left out: only for `Constraints::NONE`, whose
    /// fixed point asks about no landing.
    fn events<const TIMED: bool>(&self, home_now: u64, constraints: &Constraints) -> Events {
        let mut open = self.tops;
        let mut left = 0u64;
        let mut home = home_now;
        let mut time = 0u16;
        let mut home_at = [0u16; 52];
        let mut land_at = [[NEVER; 2]; 52];
        let mut left_for = [0u64; 52];
        let mut rest = self.tableau & !home;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            home_at[index] = NEVER;
        }
        loop {
            let before = (open, left, home, time);
            let can_empty = self.empty || left & self.bottoms != 0;
            let mut rest = self.tableau & !home;
            while rest != 0 {
                let index = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let bit = 1u64 << index;
                let on = self.above[index];
                if open & bit == 0 && on != NONE && left & (1u64 << on) != 0 {
                    open |= bit;
                }
                let is_open = open & bit != 0;
                // The card before it in its suit (four indices lower), or none for an ace.
                if is_open && (index < 4 || home & (1u64 << (index - 4)) != 0) {
                    let guarded = constraints.guards[index].iter().all(|&x| {
                        x == NONE || home & (1u64 << x) != 0 || {
                            // The twin of this card: same rank and colour, the other suit.
                            let twin = (index ^ 3) as u8;
                            land_at[x as usize][usize::from(is_higher(twin))] != NEVER
                        }
                    });
                    if guarded {
                        home |= bit;
                        left |= bit;
                        time += 1;
                        home_at[index] = time;
                        continue;
                    }
                }
                if self.face_down & bit == 0 || is_open {
                    // Monotone: a target that has gone home by now may have been open before.
                    let mut targets = PARENTS[index] & self.tableau & open & !constraints.banned[index];
                    // A parent it carries: only once a card between them (or the parent) has
                    // left, as until then the parent stays above it.
                    let mut carried = targets & self.carried[index];
                    while carried != 0 {
                        let parent = carried.trailing_zeros() as usize;
                        carried &= carried - 1;
                        let between = self.carried[index] & !self.carried[parent];
                        if left & between == 0 {
                            targets &= !(1u64 << parent);
                        }
                    }
                    let mut gated = targets & constraints.gated[index];
                    while gated != 0 {
                        let parent = gated.trailing_zeros() as u8;
                        gated &= gated - 1;
                        // The twin has left this parent: gone home or landed on the other.
                        let twin = index ^ 3;
                        let other = usize::from(!is_higher(parent));
                        if home & (1u64 << twin) == 0 && land_at[twin][other] == NEVER {
                            targets &= !(1u64 << parent);
                        }
                    }
                    let mut new = if TIMED { targets } else { 0 };
                    while new != 0 {
                        let parent = new.trailing_zeros() as u8;
                        new &= new - 1;
                        let slot = &mut land_at[index][usize::from(is_higher(parent))];
                        if *slot == NEVER {
                            time += 1;
                            *slot = time;
                        }
                    }
                    let king = index >= 48 && can_empty;
                    if left & bit == 0 && (targets != 0 || king) {
                        left |= bit;
                        left_for[index] = targets;
                        time += 1;
                    }
                }
            }
            if home & self.tableau == self.tableau || (open, left, home, time) == before {
                return Events { home, home_at, land_at, left_for };
            }
        }
    }
}

/// The base relaxation alone: whether every card can go home, no gate held.
#[cfg(test)]
fn all_can_go_home(position: &Position, home_now: u64) -> bool {
    let layout = Layout::of(position);
    layout.events::<false>(home_now, &Constraints::NONE).all_home(&layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    #[test]
    fn tables_hold_the_right_cards() {
        let seven_hearts: Card = "7H".parse().unwrap();
        let parents: Vec<String> =
            Card::all().filter(|c| PARENTS[7 * 4 - 4 + 2] & c.bit() != 0).map(|c| c.to_string()).collect();
        assert_eq!(seven_hearts.index(), 26);
        assert_eq!(parents, ["8C", "8S"]);
        assert_eq!(PARENTS[Card::new(Rank::King, Suit::Spades).index() as usize], 0);
    }

    #[test]
    fn stuck_stretches_are_found() {
        // The queen of hearts on the jack of hearts, the king of spades under them and the
        // king of clubs and both black queens home: lost.
        let lost = Position::from_piles(["KS JH QH", "KH", "", "", "", "", ""], [13, 13, 10, 12]).unwrap();
        assert!(is_dead_end(&lost));
        // The king of clubs still out: the queen can go onto it.
        let open = Position::from_piles(["KS JH QH", "KH", "KC", "", "", "", ""], [12, 13, 10, 12]).unwrap();
        assert!(!is_dead_end(&open));
        // A king can always hope for an empty pile.
        let king = Position::from_piles(["QS KS", "KH", "", "", "", "", ""], [13, 13, 12, 11]).unwrap();
        assert!(!is_dead_end(&king));
    }

    #[test]
    fn the_relaxation_sees_cycles_across_piles() {
        // The nine of spades covers the queen of hearts and can go only home (both red tens
        // are), after the eight of spades, which the jack of spades covers in another pile; the
        // jack can go only onto the queen of hearts (the queen of diamonds is home).
        let piles = ["KH JH QH 9S", "KS 8S JS", "TS", "QS", "", "", ""];
        let position = Position::from_piles(piles, [13, 13, 10, 7]).unwrap();
        assert!(!all_can_go_home(&position, home(&position)));
        // The queen of diamonds still out takes the jack of spades, and all goes home.
        let piles = ["KH JH QH 9S", "KS 8S JS", "TS", "QS", "KD QD", "", ""];
        let position = Position::from_piles(piles, [13, 11, 10, 7]).unwrap();
        assert!(all_can_go_home(&position, super::home(&position)));
    }

    /// The five of diamonds can leave the eight of hearts only onto the six of clubs, which it
    /// carries (the six of spades is home); the six of clubs and the five of clubs can leave
    /// only home, the six after the five, which lies under them. A relaxation that let a card
    /// land on a card it carries called this open.
    #[test]
    fn a_card_does_not_land_on_a_card_it_carries() {
        let mut piles = [
            "<6D> <9C> <7D> 5C 8H 5D 6C",
            "KC QC JC TC 8C 7C",
            "KD QD JD TD 9D 8D",
            "KH QH JH TH 9H",
            "",
            "",
            "",
        ];
        let position = Position::from_piles(piles, [4, 4, 7, 13]).unwrap();
        assert!(is_dead_end(&position));
        assert_eq!(super::super::brute::winnable(&position, 100_000), Some(false));
        // With the spades from the six out, the five of diamonds can go onto the six, and all
        // goes home.
        piles[4] = "6S";
        piles[5] = "KS QS JS TS 9S 8S 7S";
        let position = Position::from_piles(piles, [4, 4, 7, 5]).unwrap();
        assert!(!is_dead_end(&position));
        assert_eq!(super::super::brute::winnable(&position, 100_000), Some(true));
    }

    /// Every dead end found on small random positions is lost by brute force, and the splits
    /// (not the base relaxation alone) find some of them.
    #[test]
    fn proven_dead_ends_are_lost_by_brute_force() {
        let (mut checked, mut dead, mut split, mut lost) = (0, 0, 0, 0);
        for seed in 0..6000 {
            let position = super::super::brute::random_small(seed, 4, false);
            let Some(won) = super::super::brute::winnable(&position, 100_000) else { continue };
            checked += 1;
            lost += usize::from(!won);
            if is_dead_end(&position) {
                assert!(!won, "seed {seed}: called dead but won:\n{position:?}");
                dead += 1;
                split += usize::from(all_can_go_home(&position, home(&position)));
            }
        }
        eprintln!("checked {checked}, lost {lost}, dead {dead}, by splits {split}");
        assert!(checked > 5000 && dead > 200 && split > 0, "{checked} {dead} {split}");
    }

    /// The set-wise fixed point gives the card-wise one's answer, on positions along random
    /// walks from deals and on small random positions.
    #[test]
    fn the_fast_fixed_point_agrees_with_the_card_wise_one() {
        let mut positions = Vec::new();
        for seed in 1..60 {
            let mut position = Position::new(&seeded_deck(seed));
            let mut random = crate::deal::SplitMix64::new(seed);
            for _ in 0..300 {
                positions.push(position);
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.apply(moves.as_slice()[random.below(moves.len() as u64) as usize]);
            }
        }
        for seed in 0..4000 {
            positions.push(super::super::brute::random_small(seed, 6, false));
        }
        let mut dead = 0;
        for position in &positions {
            let layout = Layout::of(position);
            let slow = layout.events::<false>(home(position), &Constraints::NONE).all_home(&layout);
            assert_eq!(layout.all_can_go_home(home(position)), slow, "{position:?}");
            dead += usize::from(!slow);
        }
        assert!(dead > 100, "{dead} of {}", positions.len());
    }

    #[test]
    fn deals_are_rarely_dead() {
        let dead = (1..200).filter(|&seed| is_dead_end(&Position::new(&seeded_deck(seed)))).count();
        assert!(dead < 40, "{dead}");
    }
}
