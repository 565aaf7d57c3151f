//! [`SlotHeap`]: the octile A*'s open list, a 4-ary min-heap of keys with decrease-key whose
//! positions live in the node records (`AStarRecord::slot`), so membership and position cost no
//! separate index (spec: grids.md, “Open list order”).
//!
//! Keys are [`key`](super::pair::key)s: smaller f, then larger g rounded to float32, then
//! smaller cell index — a strict total order, so the pop order depends only on the keys.

use alloc::vec::Vec;
use core::hint::select_unpredictable;

use super::pair::key_cell;
use super::record::AStarRecord;

/// A 4-ary heap of keys; `records[cell].slot` is the key's position while it is in the heap.
///
/// # Invariants
///
/// No key is smaller than its parent (`(i - 1) / 4`); for every slot `i`,
/// `records[key_cell(keys[i])].slot == i`.
#[derive(Clone, Debug, Default)]
pub(crate) struct SlotHeap {
    pub(crate) keys: Vec<u128>,
}

impl SlotHeap {
    /// Empties the heap and makes room for `n` keys (allocates only when growing).
    pub(crate) fn reset(&mut self, n: usize) {
        self.keys.clear();
        if self.keys.capacity() < n {
            self.keys.reserve_exact(n);
        }
    }

    /// Keys in the heap.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Empties the heap.
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
    }

    /// Inserts a key whose cell is not in the heap.
    #[inline]
    pub(crate) fn push(&mut self, key: u128, records: &mut [AStarRecord]) {
        let i = self.keys.len();
        self.keys.push(key);
        self.sift_up(i, key, records);
    }

    /// Replaces the key at `slot` by the smaller `key` (same cell).
    #[inline]
    pub(crate) fn decrease(&mut self, slot: u32, key: u128, records: &mut [AStarRecord]) {
        debug_assert!(key <= self.keys[slot as usize]);
        self.sift_up(slot as usize, key, records);
    }

    /// Removes and returns the smallest key.
    #[inline]
    pub(crate) fn pop(&mut self, records: &mut [AStarRecord]) -> Option<u128> {
        let top = *self.keys.first()?;
        let last = self.keys.pop()?;
        if !self.keys.is_empty() {
            self.sift_down(last, records);
        }
        Some(top)
    }

    #[inline]
    fn sift_up(&mut self, mut i: usize, key: u128, records: &mut [AStarRecord]) {
        while i > 0 {
            let p = (i - 1) / 4;
            let pk = self.keys[p];
            if pk <= key {
                break;
            }
            self.keys[i] = pk;
            records[key_cell(pk) as usize].slot = i as u32;
            i = p;
        }
        self.keys[i] = key;
        records[key_cell(key) as usize].slot = i as u32;
    }

    /// Places `key` at the root and sifts it down.
    #[inline]
    fn sift_down(&mut self, key: u128, records: &mut [AStarRecord]) {
        let n = self.keys.len();
        let mut i = 0;
        loop {
            let first = 4 * i + 1;
            let (best, bk) = if first + 4 <= n {
                // All four children: a tournament (two independent comparisons, then one).
                // The winners are data-dependent: selects, not branches.
                let c = &self.keys[first..first + 4];
                let (a, ka) = select_unpredictable(c[1] < c[0], (1, c[1]), (0, c[0]));
                let (b, kb) = select_unpredictable(c[3] < c[2], (3, c[3]), (2, c[2]));
                select_unpredictable(kb < ka, (first + b, kb), (first + a, ka))
            } else if first < n {
                let mut best = first;
                let mut bk = self.keys[first];
                for c in first + 1..n {
                    let ck = self.keys[c];
                    (best, bk) = select_unpredictable(ck < bk, (c, ck), (best, bk));
                }
                (best, bk)
            } else {
                break;
            };
            if bk >= key {
                break;
            }
            self.keys[i] = bk;
            records[key_cell(bk) as usize].slot = i as u32;
            i = best;
        }
        self.keys[i] = key;
        records[key_cell(key) as usize].slot = i as u32;
    }

    /// Checks the heap order and the slots; for tests.
    pub(crate) fn check(&self, records: &[AStarRecord]) -> bool {
        self.keys.iter().enumerate().all(|(i, &k)| {
            (i == 0 || self.keys[(i - 1) / 4] <= k)
                && records[key_cell(k) as usize].slot == i as u32
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::pair::key;
    use alloc::vec;

    #[test]
    fn pops_in_key_order_with_decrease() {
        let mut recs = vec![AStarRecord::default(); 64];
        let mut h = SlotHeap::default();
        h.reset(64);
        let mut r = crate::math::SplitMix64::new(5);
        let mut fs = vec![0.0; 64];
        for c in 0..64u32 {
            fs[c as usize] = 5.0 + f64::from(r.below(20));
            h.push(key(fs[c as usize], 0.0, c), &mut recs);
            assert!(h.check(&recs));
        }
        for c in (0..64u32).step_by(3) {
            fs[c as usize] -= 5.0;
            let slot = recs[c as usize].slot;
            h.decrease(slot, key(fs[c as usize], 0.0, c), &mut recs);
            assert!(h.check(&recs));
        }
        let mut prev = 0u128;
        while let Some(k) = h.pop(&mut recs) {
            assert!(k > prev);
            prev = k;
            assert!(h.check(&recs));
        }
    }
}
