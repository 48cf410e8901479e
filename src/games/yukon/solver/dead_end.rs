//! [`is_dead_end`]: a position where some card can never go home, found pile by pile.
//!
//! A card can leave the card under it only by moving (with the cards on it): onto a card it
//! builds on (one rank higher, the other colour), to an empty pile if it is a king, or home
//! if it is a pile's top card. Take a stretch of a pile from some card up: if every card of
//! the stretch above its first card is face down, or is no king and has both cards it builds
//! on below it in the stretch or already home, then no card of the stretch above the first can
//! ever be the first to leave the card under it (those it builds on are covered by itself,
//! face-down cards wait to be uncovered, and a card covered by the stretch is no top). If such
//! a card also has a lower card of its own suit below it in the stretch, it can never go home
//! before that card, nor that card before it: the game is lost (docs/RULES.md, Yukon).

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

/// The lower cards of each card's suit, as bits.
const fn lower() -> [u64; 52] {
    let mut table = [0u64; 52];
    let mut index = 4;
    while index < 52 {
        table[index] = table[index - 4] | (1u64 << (index - 4));
        index += 1;
    }
    table
}

const PARENTS: [u64; 52] = parents();
const LOWER: [u64; 52] = lower();

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
    let home = home(position);
    (0..PILES).any(|pile| pile_is_stuck(position.pile(pile), position.face_down(pile), home))
        || !all_can_go_home(position, home)
}

/// A relaxation of the rules that keeps only what covers what: which of these events some
/// line of play could ever bring about, as a least fixed point:
/// - *open(c)*: nothing is on tableau card c (it is a top now, or the card on it has left);
/// - *left(c)*: c has left the card under it: it has gone home, or moved onto a card it builds
///   on that is open (one on a foundation never comes back), or it is a king and a pile can be
///   empty (a pile is empty now, or some pile's bottom card has left); a face-down card must
///   be open first, a face-up one moves with the cards on it;
/// - *home(c)*: c has gone home: the card before it in its suit has, and c is open.
///
/// Every event of a real line has its conditions met earlier in that line, so all of them are
/// in the fixed point; if some card's *home* is not, no line wins.
fn all_can_go_home(position: &Position, home_now: u64) -> bool {
    const NONE: u8 = 52;
    let mut above = [NONE; 52];
    let mut face_down = 0u64;
    let mut tops = 0u64;
    let mut bottoms = 0u64;
    let mut tableau = 0u64;
    let mut empty = false;
    for pile in 0..PILES {
        let cards = position.pile(pile);
        match (cards.first(), cards.last()) {
            (Some(bottom), Some(top)) => {
                bottoms |= bottom.bit();
                tops |= top.bit();
            }
            _ => empty = true,
        }
        for (depth, card) in cards.iter().enumerate() {
            tableau |= card.bit();
            if depth < position.face_down(pile) {
                face_down |= card.bit();
            }
            if depth + 1 < cards.len() {
                above[card.index() as usize] = cards[depth + 1].index();
            }
        }
    }
    let mut open = tops;
    let mut left = 0u64;
    let mut home = home_now;
    loop {
        let before = (open, left, home);
        let can_empty = empty || left & bottoms != 0;
        let mut rest = tableau & !home;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let bit = 1u64 << index;
            let on = above[index];
            if open & bit == 0 && on != NONE && left & (1u64 << on) != 0 {
                open |= bit;
            }
            let is_open = open & bit != 0;
            // The card before it in its suit (four indices lower), or none for an ace.
            if is_open && (index < 4 || home & (1u64 << (index - 4)) != 0) {
                home |= bit;
                left |= bit;
                continue;
            }
            if left & bit == 0 && (face_down & bit == 0 || is_open) {
                // Monotone: a target that has gone home by now may have been open before.
                let onto = PARENTS[index] & tableau & open != 0;
                let king = index >= 48 && can_empty;
                if onto || king {
                    left |= bit;
                }
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

/// Whether pile `cards` (with `face_down` cards face down) holds a stretch as described.
pub(super) fn pile_is_stuck(cards: &[Card], face_down: usize, home: u64) -> bool {
    let n = cards.len();
    for start in 0..n.saturating_sub(1) {
        let mut stretch = cards[start].bit();
        for (depth, &card) in cards.iter().enumerate().skip(start + 1) {
            let index = card.index() as usize;
            let held = card.rank() != Rank::King && PARENTS[index] & !(stretch | home) == 0;
            if held && LOWER[index] & stretch != 0 {
                return true;
            }
            if !held && depth >= face_down {
                break;
            }
            stretch |= card.bit();
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::seeded_deck;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|w| w.parse().unwrap()).collect()
    }

    #[test]
    fn tables_hold_the_right_cards() {
        let seven_hearts: Card = "7H".parse().unwrap();
        let parents: Vec<String> =
            Card::all().filter(|c| PARENTS[7 * 4 - 4 + 2] & c.bit() != 0).map(|c| c.to_string()).collect();
        assert_eq!(seven_hearts.index(), 26);
        assert_eq!(parents, ["8C", "8S"]);
        assert_eq!(LOWER["3D".parse::<Card>().unwrap().index() as usize].count_ones(), 2);
        assert_eq!(PARENTS[Card::new(Rank::King, Suit::Spades).index() as usize], 0);
    }

    #[test]
    fn stuck_stretches_are_found() {
        // The queen of hearts on the jack of hearts, the king of spades under them and the
        // king of clubs home: lost.
        let home = Card::new(Rank::King, Suit::Clubs).bit()
            | "QS".parse::<Card>().unwrap().bit()
            | "QC".parse::<Card>().unwrap().bit();
        assert!(pile_is_stuck(&cards("KS JH QH"), 0, home));
        // The king of clubs still out: the queen can go onto it.
        assert!(!pile_is_stuck(&cards("KS JH QH"), 0, 0));
        // Face-down cards hold too: the six of spades above the four of spades, both red sevens
        // below it.
        assert!(pile_is_stuck(&cards("7D 4S 7H 6S 2C"), 4, 0));
        assert!(!pile_is_stuck(&cards("7D 4S 7H 6S 2C"), 2, 0));
        // A king can always hope for an empty pile.
        assert!(!pile_is_stuck(&cards("QS KS"), 0, 0));
    }

    #[test]
    fn the_relaxation_sees_cycles_across_piles() {
        // The nine of spades covers the queen of hearts and can go only home (both red tens
        // are), after the eight of spades, which the jack of spades covers in another pile; the
        // jack can go only onto the queen of hearts (the queen of diamonds is home).
        let piles = ["KH JH QH 9S", "KS 8S JS", "TS", "QS", "", "", ""];
        let position = Position::from_piles(piles, [13, 13, 10, 7]).unwrap();
        let home = home(&position);
        assert!((0..PILES).all(|p| !pile_is_stuck(position.pile(p), 0, home)));
        assert!(!all_can_go_home(&position, home));
        // The queen of diamonds still out takes the jack of spades, and all goes home.
        let piles = ["KH JH QH 9S", "KS 8S JS", "TS", "QS", "KD QD", "", ""];
        let position = Position::from_piles(piles, [13, 11, 10, 7]).unwrap();
        assert!(all_can_go_home(&position, super::home(&position)));
    }

    #[test]
    fn deals_are_rarely_dead() {
        let dead = (1..200).filter(|&seed| is_dead_end(&Position::new(&seeded_deck(seed)))).count();
        assert!(dead < 40, "{dead}");
    }
}
