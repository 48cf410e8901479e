//! What the solver's open-addressing tables share when they grow.

/// Moves the nonzero entries of `slots` to its front, in order, each with its entry of
/// `beside` (unless that is empty), and gives how many there are: a table about to grow is
/// mostly full, but which of its slots are is not predictable, so every entry is moved (an
/// empty one is overwritten by the next) rather than branched on.
pub(super) fn occupied_to_front<T: Copy>(slots: &mut [u64], beside: &mut [T]) -> usize {
    let mut kept = 0;
    if beside.is_empty() {
        for index in 0..slots.len() {
            let slot = slots[index];
            slots[kept] = slot;
            kept += (slot != 0) as usize;
        }
    } else {
        for index in 0..slots.len() {
            let slot = slots[index];
            slots[kept] = slot;
            beside[kept] = beside[index];
            kept += (slot != 0) as usize;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::occupied_to_front;

    #[test]
    fn the_occupied_slots_come_first_with_their_neighbours() {
        let mut slots = [0, 5, 0, 0, 7, 9, 0];
        let mut beside = [0u8, 50, 0, 0, 70, 90, 0];
        assert_eq!(occupied_to_front(&mut slots, &mut beside), 3);
        assert_eq!((&slots[..3], &beside[..3]), (&[5, 7, 9][..], &[50, 70, 90][..]));
        let mut alone = [3, 0, 4];
        assert_eq!(occupied_to_front(&mut alone, &mut [0u8; 0]), 2);
        assert_eq!(alone[..2], [3, 4]);
    }
}
