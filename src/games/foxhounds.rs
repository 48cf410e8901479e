//! Fox and Hounds.
