//! The deal of the day: the same winnable deal for everyone on the same UTC date.
//!
//! A date gives a start seed (SplitMix64 of the days since 2000-01-01, mixed with the game
//! and, for Klondike, the draw), and the deal of the day is the first seed from there on that
//! the solver proves winnable with the fixed budgets of [`super::budgets`]: the same build
//! always gives the same seed. A change to a solver or a budget can change the seed for a
//! date (a deal it newly proves, or no longer proves, before the old one).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Grade, Winnable};
use crate::games::{variant_index, Dealing, Game};

/// A calendar date (proleptic Gregorian), from 2000-01-01 to 9999-12-31.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// Why a date is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DateError {
    #[error("`{0}` is not a date: write it YYYY-MM-DD, like 2026-11-26")]
    Malformed(String),
    #[error("{0} is not a day of the calendar")]
    NoSuchDay(String),
    #[error("{0} is out of range: dates run from 2000-01-01 to 9999-12-31")]
    OutOfRange(String),
}

const fn is_leap(year: u16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// A date, checked: 2000..=9999, months 1..=12, a day the month has.
    pub fn new(year: u16, month: u8, day: u8) -> Result<Date, DateError> {
        let text = format!("{year:04}-{month:02}-{day:02}");
        if !(2000..=9999).contains(&year) {
            return Err(DateError::OutOfRange(text));
        }
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(DateError::NoSuchDay(text));
        }
        Ok(Date { year, month, day })
    }

    /// Days since 2000-01-01 (which is day 0).
    pub fn days_since_2000(self) -> u64 {
        let years = u64::from(self.year - 2000);
        let leap_days = (2000..self.year).filter(|&y| is_leap(y)).count() as u64;
        let months: u64 = (1..self.month).map(|m| u64::from(days_in_month(self.year, m))).sum();
        years * 365 + leap_days + months + u64::from(self.day) - 1
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    /// `YYYY-MM-DD`.
    fn from_str(text: &str) -> Result<Date, DateError> {
        let malformed = || DateError::Malformed(crate::limits::quote(text));
        let parts: Vec<&str> = text.trim().split('-').collect();
        let [year, month, day] = parts[..] else { return Err(malformed()) };
        let digits = |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
        if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
            return Err(malformed());
        }
        let number = |part: &str| part.parse().map_err(|_| malformed());
        Date::new(number(year)?, number(month)? as u8, number(day)? as u8)
    }
}

/// SplitMix64's output function.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Where the search for `date`'s deal starts: a seed in the game's random seeds, from
/// SplitMix64 of the days since 2000-01-01 mixed with the game's salt plus the variant's index.
pub fn daily_start_seed<G: Dealing>(variant: G::Variant, date: Date) -> u64 {
    let salt = G::DAILY_SALT + variant_index::<G>(variant);
    let range = G::RANDOM_SEEDS;
    let span = range.end() - range.start() + 1;
    range.start() + splitmix64(date.days_since_2000() ^ (salt << 32)) % span
}

/// The deal of the day for the game in `variant` and its grade: the first seed from
/// [`daily_start_seed`] on that the solver proves winnable.
pub fn deal_of_the_day<G: Game>(variant: G::Variant, date: Date) -> (u64, Grade) {
    Winnable::<G>::new(daily_start_seed::<G>(variant, date), None, variant).run_to_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_days_from_2000() {
        let date = |text: &str| text.parse::<Date>().unwrap();
        assert_eq!(date("2000-01-01").days_since_2000(), 0);
        assert_eq!(date("2000-03-01").days_since_2000(), 60);
        assert_eq!(date("2001-01-01").days_since_2000(), 366);
        assert_eq!(date("2026-11-26").days_since_2000(), 9826);
        assert_eq!(date("2100-03-01").days_since_2000(), 36584);
        assert_eq!(date("2024-02-29").to_string(), "2024-02-29");
    }

    #[test]
    fn bad_dates_are_refused() {
        for (text, start) in [
            ("2023-02-29", "2023-02-29 is not a day"),
            ("1999-12-31", "1999-12-31 is out of range"),
            ("2026-13-01", "2026-13-01 is not a day"),
            ("2026-1-1", "`2026-1-1` is not a date"),
            ("today", "`today` is not a date"),
            ("+026-01-01", "`+026-01-01` is not a date"),
        ] {
            let error = text.parse::<Date>().unwrap_err().to_string();
            assert!(error.starts_with(start), "{text}: {error}");
        }
    }

    #[test]
    fn start_seeds_differ_by_game_and_date() {
        let day = Date::new(2026, 11, 26).unwrap();
        let next = Date::new(2026, 11, 27).unwrap();
        use crate::games::klondike::{Draw, Klondike};
        use crate::games::{freecell::FreeCell, pyramid::Pyramid, OneVariant};
        let seeds = [
            daily_start_seed::<FreeCell>(OneVariant, day),
            daily_start_seed::<Pyramid>(OneVariant, day),
            daily_start_seed::<Klondike>(Draw::One, day),
            daily_start_seed::<Klondike>(Draw::Three, day),
            daily_start_seed::<FreeCell>(OneVariant, next),
        ];
        for (i, a) in seeds.iter().enumerate() {
            assert!((1..=1_000_000).contains(a));
            assert!(seeds[i + 1..].iter().all(|b| b != a), "{seeds:?}");
        }
    }
}
