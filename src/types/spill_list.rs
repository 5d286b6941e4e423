//! A list kept in a fixed inline buffer, which moves to the heap only when it outgrows it: the
//! move lists of the search and perft, which must not allocate in any real position and must
//! not fail in an absurd one (a variants file's giant riders, a FEN crowded with queens).

/// Up to `N` items inline; from the `N + 1`th on, all of them on the heap (and then kept there
/// until `clear`, so a list that spilled once reuses its heap buffer).
pub struct SpillList<T, const N: usize> {
    len: usize,
    inline: [T; N],
    heap: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Default for SpillList<T, N> {
    fn default() -> Self {
        SpillList {
            len: 0,
            inline: [T::default(); N],
            heap: Vec::new(),
        }
    }
}

impl<T: Copy + Default, const N: usize> SpillList<T, N> {
    #[inline(always)]
    pub fn push(&mut self, item: T) {
        if self.len < N {
            self.inline[self.len] = item;
        } else {
            self.spill(item);
        }
        self.len += 1;
    }

    /// `push` of each item, the length kept in a register and stored once at the end where
    /// `push` loads and stores it for every item (the list is behind a reference).
    #[inline(always)]
    pub fn extend(&mut self, items: impl Iterator<Item = T>) {
        // `for_each`: the items' own loops (`SquareIter::fold`, one for each half).
        let mut len = self.len;
        items.for_each(|item| {
            if len < N {
                self.inline[len] = item;
            } else {
                self.len = len;
                self.spill(item);
            }
            len += 1;
        });
        self.len = len;
    }

    #[cold]
    #[inline(never)]
    fn spill(&mut self, item: T) {
        if self.len == N {
            self.heap.clear();
            self.heap.extend_from_slice(&self.inline);
        }
        self.heap.push(item);
    }

    /// The list resized to `n` items, to be overwritten in place: the items already there
    /// (or defaults) stand in until then.
    #[inline(always)]
    pub fn resized(&mut self, n: usize) -> &mut [T] {
        if n > N || self.len > N {
            self.resize_on_heap(n);
        }
        self.len = n;
        self.as_mut_slice()
    }

    #[cold]
    #[inline(never)]
    fn resize_on_heap(&mut self, n: usize) {
        if self.len <= N {
            self.heap.clear();
            self.heap.extend_from_slice(&self.inline[..self.len]);
        }
        self.heap.resize(n, T::default());
        if n <= N {
            self.inline[..n].copy_from_slice(&self.heap);
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.inline[..self.len]
        } else {
            &mut self.heap
        }
    }

    pub fn swap_remove(&mut self, i: usize) -> T {
        let spilled = self.len > N;
        let item = self.as_mut_slice()[i];
        let last = self.as_slice()[self.len - 1];
        self.as_mut_slice()[i] = last;
        self.len -= 1;
        if spilled {
            self.heap.pop();
            if self.len == N {
                self.inline.copy_from_slice(&self.heap);
            }
        }
        item
    }
}

#[cfg(test)]
mod tests {
    use super::SpillList;

    /// Past its inline buffer the list keeps every item in order, and comes back inline.
    #[test]
    fn spills_to_the_heap_and_back() {
        let mut l: SpillList<u32, 4> = SpillList::default();
        for i in 0..7 {
            l.push(i);
        }
        assert_eq!(l.as_slice(), &[0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(l.swap_remove(1), 1);
        assert_eq!(l.as_slice(), &[0, 6, 2, 3, 4, 5]);
        l.swap_remove(0);
        l.swap_remove(0);
        assert_eq!(l.as_slice(), &[4, 6, 2, 3]);
        l.push(9);
        assert_eq!(l.as_slice(), &[4, 6, 2, 3, 9]);
        l.clear();
        assert!(l.is_empty());
        l.push(1);
        assert_eq!(l.as_slice(), &[1]);
        assert_eq!(l.resized(6).len(), 6);
        l.resized(6).copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        assert_eq!(l.as_slice(), &[1, 2, 3, 4, 5, 6]);
        l.resized(2);
        assert_eq!(l.as_slice(), &[1, 2]);
        // `extend` across the end of the inline buffer keeps the order `push` gives.
        l.extend(10..15);
        assert_eq!(l.as_slice(), &[1, 2, 10, 11, 12, 13, 14]);
    }
}
