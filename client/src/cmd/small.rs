//! A list that keeps its first few elements inline and spills to the heap beyond them, so
//! a command's key and piece bookkeeping costs no allocation in the common case.

/// Up to `N` elements inline; once more are pushed, all of them move to `spill`.
#[derive(Clone)]
pub(crate) struct SmallList<T: Copy + Default, const N: usize> {
    inline: [T; N],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Default for SmallList<T, N> {
    fn default() -> Self {
        SmallList {
            inline: [T::default(); N],
            len: 0,
            spill: Vec::new(),
        }
    }
}

impl<T: Copy + Default, const N: usize> SmallList<T, N> {
    fn spilled(&self) -> bool {
        self.len > N
    }

    pub(crate) fn as_slice(&self) -> &[T] {
        if self.spilled() {
            &self.spill
        } else {
            &self.inline[..self.len]
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        if self.spilled() {
            &mut self.spill
        } else {
            &mut self.inline[..self.len]
        }
    }

    pub(crate) fn insert(&mut self, at: usize, value: T) {
        if self.spilled() {
            self.spill.insert(at, value);
        } else if self.len < N {
            self.inline.copy_within(at..self.len, at + 1);
            self.inline[at] = value;
        } else {
            #[allow(clippy::disallowed_methods, reason = "a constant")]
            self.spill.reserve(N * 2);
            self.spill.extend_from_slice(&self.inline);
            self.spill.insert(at, value);
        }
        self.len += 1;
    }

    #[inline]
    pub(crate) fn push(&mut self, value: T) {
        // The common case, an inline list with room: one store, nothing moved.
        if self.len < N {
            self.inline[self.len] = value;
            self.len += 1;
        } else {
            self.insert(self.len, value);
        }
    }

    /// Room held on the heap (a list that once spilled keeps it after `clear`).
    pub(crate) fn heap_capacity(&self) -> usize {
        self.spill.capacity()
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::SmallList;

    #[test]
    fn small_list_keeps_order_across_the_spill() {
        let mut l: SmallList<u32, 2> = SmallList::default();
        l.push(1);
        l.push(3);
        l.insert(1, 2);
        l.push(4);
        l.insert(0, 0);
        assert_eq!(l.as_slice(), &[0, 1, 2, 3, 4]);
        l.as_mut_slice()[0] = 9;
        assert_eq!(l.as_slice()[0], 9);
        l.clear();
        assert!(l.as_slice().is_empty());
        l.push(7);
        assert_eq!(l.as_slice(), &[7]);
        // Pushed across the spill: inline while there is room, then onto the heap.
        l.push(8);
        l.push(9);
        l.push(10);
        assert_eq!(l.as_slice(), &[7, 8, 9, 10]);
        l.as_mut_slice()[3] = 11;
        assert_eq!(l.as_slice(), &[7, 8, 9, 11]);
    }
}
