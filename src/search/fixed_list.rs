//! A list held inline, for move lists in the solvers' hot loops (no heap allocation).

use std::fmt;

/// Up to `N` items of a `Copy` type, stored inline. Pushing past the capacity is a bug in the
/// caller's bound (checked in debug builds) and otherwise drops the item.
#[derive(Clone, Copy)]
pub struct FixedList<T: Copy, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> FixedList<T, N> {
    /// How many items fit.
    pub const CAPACITY: usize = N;

    /// An empty list; `filler` only initialises the unused slots.
    pub const fn new(filler: T) -> FixedList<T, N> {
        FixedList { items: [filler; N], len: 0 }
    }

    pub fn push(&mut self, item: T) {
        debug_assert!(self.len < N, "FixedList capacity {N} exceeded");
        if self.len < N {
            self.items[self.len] = item;
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    pub fn contains(&self, item: &T) -> bool
    where
        T: PartialEq,
    {
        self.as_slice().contains(item)
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for FixedList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a FixedList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_up_to_capacity() {
        let mut list: FixedList<u8, 3> = FixedList::new(0);
        assert!(list.is_empty());
        list.push(7);
        list.push(9);
        assert_eq!(list.as_slice(), &[7, 9]);
        assert_eq!(list.len(), 2);
        assert!(list.contains(&9) && !list.contains(&0));
        assert_eq!(list.iter().copied().sum::<u8>(), 16);
        assert_eq!(format!("{list:?}"), "[7, 9]");
        assert_eq!(FixedList::<u8, 3>::CAPACITY, 3);
    }
}
