//! [`is_dead_end`]: a position where some card can never go home, whatever is played.
//!
//! A card can leave the card under it only by moving (with the cards on it): onto a card it
//! builds on (one rank higher, the other colour) that nothing covers, to an empty pile if it
//! is a king, or home if nothing covers it. A relaxation that keeps only these conditions,
//! and forgets that a card once moved onto another covers it again, finds every event any
//! line of play could bring about; a card whose going home is not among them never goes home
//! (docs/RULES.md, Yukon).

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
    !all_can_go_home(position, home(position))
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

    #[test]
    fn deals_are_rarely_dead() {
        let dead = (1..200).filter(|&seed| is_dead_end(&Position::new(&seeded_deck(seed)))).count();
        assert!(dead < 40, "{dead}");
    }
}
