//! [`JumpOpen`]: the open list of the octile jump point searches (spec: grids.md, “Open list
//! order”): a 4-ary min-heap of keys *without* decrease-key, plus a same-f LIFO stack.
//!
//! - An improved node is pushed again; its older entry stays and is skipped when it pops (the
//!   node is closed by then: the better entry has the same estimate and a smaller g, so it pops
//!   first).
//! - Entries whose f equals the f of the entry popped last (the *level*) go on a stack and pop
//!   first, last in first out, before the heap resumes; a heap entry with a smaller f than the
//!   level wins over the stack.
//!
//! The pop order is therefore fully determined by the sequence of pushes. Keys are
//! [`key`](super::pair::key)s (smaller f, larger float32 g, smaller cell).

use alloc::vec::Vec;
use core::hint::select_unpredictable;

use super::pair::key_f_bits;

/// "No entry popped yet": a bit pattern no f has (a NaN).
pub(crate) const NO_LEVEL: u64 = u64::MAX;

/// Heap + same-f stack.
///
/// # Invariants
///
/// No heap key is smaller than its parent; every stack entry's f bits equal `level`.
#[derive(Clone, Debug)]
pub(crate) struct JumpOpen {
    pub(crate) heap: Vec<u128>,
    pub(crate) stack: Vec<u128>,
    pub(crate) level: u64,
}

impl Default for JumpOpen {
    fn default() -> Self {
        Self {
            heap: Vec::new(),
            stack: Vec::new(),
            level: NO_LEVEL,
        }
    }
}

impl JumpOpen {
    /// Empties the list and makes room for `n` entries in the heap and `n / 4 + 64` in the
    /// stack (which holds only the entries of the current f level).
    pub(crate) fn reset(&mut self, n: usize) {
        self.heap.clear();
        self.stack.clear();
        self.level = NO_LEVEL;
        if self.heap.capacity() < n {
            self.heap.reserve_exact(n);
        }
        let s = n / 4 + 64;
        if self.stack.capacity() < s {
            self.stack.reserve_exact(s);
        }
    }

    /// Entries (stale ones included).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.heap.len() + self.stack.len()
    }

    #[inline]
    pub(crate) fn push(&mut self, key: u128) {
        if key_f_bits(key) == self.level {
            self.stack.push(key);
        } else {
            let i = self.heap.len();
            self.heap.push(key);
            self.sift_up(i, key);
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u128> {
        if let Some(&top) = self.stack.last() {
            // f values are never negative, so their bit patterns order like the values.
            let heap_wins = self
                .heap
                .first()
                .is_some_and(|&h| key_f_bits(h) < self.level);
            if !heap_wins {
                self.stack.pop();
                return Some(top);
            }
        }
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        if !self.heap.is_empty() {
            self.sift_down(last);
        }
        self.level = key_f_bits(top);
        Some(top)
    }

    #[inline]
    fn sift_up(&mut self, mut i: usize, key: u128) {
        while i > 0 {
            let p = (i - 1) / 4;
            let pk = self.heap[p];
            if pk <= key {
                break;
            }
            self.heap[i] = pk;
            i = p;
        }
        self.heap[i] = key;
    }

    #[inline]
    fn sift_down(&mut self, key: u128) {
        let n = self.heap.len();
        let mut i = 0;
        loop {
            let first = 4 * i + 1;
            if first >= n {
                break;
            }
            let end = (first + 4).min(n);
            let mut best = first;
            let mut bk = self.heap[first];
            for c in first + 1..end {
                let ck = self.heap[c];
                // Data-dependent: a select, not a branch.
                (best, bk) = select_unpredictable(ck < bk, (c, ck), (best, bk));
            }
            if bk >= key {
                break;
            }
            self.heap[i] = bk;
            i = best;
        }
        self.heap[i] = key;
    }

    /// Whether the heap is ordered and the stack holds the level only; for tests and restore.
    pub(crate) fn check(&self) -> bool {
        self.heap
            .iter()
            .enumerate()
            .all(|(i, &k)| i == 0 || self.heap[(i - 1) / 4] <= k)
            && self.stack.iter().all(|&k| key_f_bits(k) == self.level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::pair::{key, key_cell};
    use alloc::vec;

    #[test]
    fn same_f_entries_pop_last_in_first_out() {
        let mut o = JumpOpen::default();
        o.reset(16);
        o.push(key(5.0, 1.0, 1));
        o.push(key(5.0, 2.0, 2));
        o.push(key(4.0, 0.0, 3));
        // Heap order: f 4 (cell 3), then f 5 with larger g first (cell 2, then 1).
        assert_eq!(o.pop().map(key_cell), Some(3));
        // Level 4: same-f pushes go on the stack, LIFO, ahead of the heap.
        o.push(key(4.0, 1.0, 7));
        o.push(key(4.0, 3.0, 8));
        o.push(key(4.5, 1.0, 9));
        assert!(o.check());
        assert_eq!(o.pop().map(key_cell), Some(8));
        assert_eq!(o.pop().map(key_cell), Some(7));
        assert_eq!(o.pop().map(key_cell), Some(9));
        // Level 4.5 now; the two f-5 entries come from the heap.
        assert_eq!(o.pop().map(key_cell), Some(2));
        o.push(key(5.0, 0.0, 11));
        o.push(key(3.0, 0.0, 12));
        // A heap entry below the level wins over the stack.
        assert_eq!(o.pop().map(key_cell), Some(12));
        // The stack resumes (its entries pop before a heap entry that is not below the level).
        let rest: vec::Vec<u32> = core::iter::from_fn(|| o.pop().map(key_cell)).collect();
        assert_eq!(rest, vec![11, 1]);
    }
}
