//! The transposition table of seen keys, each with a [`Mark`]: the shared
//! [`crate::search::Table`], whose hashes come from key parts ([`super::key::KeyParts::hash`]),
//! not from packed keys, so that a position that is only looked up is packed only if its
//! fingerprint matches.

use super::key::Key;
use super::marks::Mark;

pub(super) use crate::search::table::Place;

/// The seen keys of a search, each with its mark.
pub(super) type Seen = crate::search::Table<Key, Mark>;
