//! The open list of the paged voxel search: an indexed binary min-heap over page slots whose
//! positions live in the pages themselves, so its memory is proportional to the blocks the
//! search touched (no per-voxel index).
//!
//! # Order
//!
//! The order of [`OpenSet`](crate::search::OpenSet): smaller `f`, then larger `g`, then the
//! smaller node index `x + sx * (y + sy * z)`. With at most one entry per node this is a strict
//! total order, so the pop sequence depends only on the keys, never on the heap's layout, and
//! equals the dense search's.

use alloc::vec::Vec;

/// The position of a non-NaN double in the order of `<` as an unsigned integer (both zeros
/// map to one value); the same encoding as the shared open set.
#[inline]
pub(crate) fn ordered_bits(x: f64) -> u64 {
    let b = (x + 0.0).to_bits();
    (b ^ ((((b as i64) >> 63) as u64) >> 1)) ^ (1 << 63)
}

/// One heap entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HeapEntry {
    pub(crate) f_rank: u64,
    /// `!ordered_bits(g)`: larger g first.
    pub(crate) g_rank: u64,
    pub(crate) node: u32,
    pub(crate) slot: u32,
}

impl HeapEntry {
    pub(crate) fn new(f: f64, g: f64, node: u32, slot: u32) -> Self {
        Self {
            f_rank: ordered_bits(f),
            g_rank: !ordered_bits(g),
            node,
            slot,
        }
    }

    /// The entry's place in the pop order as one comparable value.
    #[inline]
    pub(crate) fn key(&self) -> (u64, u64, u32) {
        (self.f_rank, self.g_rank, self.node)
    }
}

/// A binary heap of entries; `set_pos(slot, i)` is told every move so the caller can keep each
/// slot's position (in its page).
#[derive(Clone, Debug, Default)]
pub(crate) struct PagedHeap {
    pub(crate) entries: Vec<HeapEntry>,
}

impl PagedHeap {
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn clear(&mut self) {
        self.entries.clear();
    }

    /// Inserts `e` (not present) or, when `at` is its current position, replaces its keys.
    pub(crate) fn upsert(
        &mut self,
        e: HeapEntry,
        at: Option<usize>,
        set_pos: &mut impl FnMut(u32, u32),
    ) {
        let i = if let Some(i) = at {
            self.entries[i] = e;
            i
        } else {
            self.entries.push(e);
            self.entries.len() - 1
        };
        let i = self.sift_up(i, set_pos);
        self.sift_down(i, set_pos);
    }

    pub(crate) fn pop(&mut self, set_pos: &mut impl FnMut(u32, u32)) -> Option<HeapEntry> {
        let last = self.entries.pop()?;
        if self.entries.is_empty() {
            return Some(last);
        }
        let top = core::mem::replace(&mut self.entries[0], last);
        self.sift_down(0, set_pos);
        Some(top)
    }

    fn sift_up(&mut self, mut i: usize, set_pos: &mut impl FnMut(u32, u32)) -> usize {
        let e = self.entries[i];
        while i > 0 {
            let p = (i - 1) / 2;
            if self.entries[p].key() <= e.key() {
                break;
            }
            self.entries[i] = self.entries[p];
            set_pos(self.entries[i].slot, i as u32);
            i = p;
        }
        self.entries[i] = e;
        set_pos(e.slot, i as u32);
        i
    }

    fn sift_down(&mut self, mut i: usize, set_pos: &mut impl FnMut(u32, u32)) {
        let n = self.entries.len();
        let e = self.entries[i];
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.entries[r].key() < self.entries[l].key() {
                r
            } else {
                l
            };
            if self.entries[c].key() >= e.key() {
                break;
            }
            self.entries[i] = self.entries[c];
            set_pos(self.entries[i].slot, i as u32);
            i = c;
        }
        self.entries[i] = e;
        set_pos(e.slot, i as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::OpenSet;

    #[test]
    fn pops_in_the_order_of_the_shared_open_set() {
        let mut rng = crate::math::SplitMix64::new(5);
        let mut ours = PagedHeap::default();
        let mut pos = alloc::vec![u32::MAX; 64];
        let mut theirs = OpenSet::new();
        theirs.reserve_nodes(64);
        let mut present = [false; 64];
        for _ in 0..400 {
            let node = (rng.next_u64() % 64) as u32;
            let f = [0.0, -0.0, 1.0, 1.5, 2.0][(rng.next_u64() % 5) as usize];
            let g = [0.0, 0.5, 1.0][(rng.next_u64() % 3) as usize];
            let at = present[node as usize].then(|| pos[node as usize] as usize);
            ours.upsert(HeapEntry::new(f, g, node, node), at, &mut |s, i| {
                pos[s as usize] = i;
            });
            theirs.push(node, f, g).unwrap();
            present[node as usize] = true;
            if rng.next_u64().is_multiple_of(3) {
                let a = ours.pop(&mut |s, i| pos[s as usize] = i).map(|e| e.node);
                let b = theirs.pop().map(|(n, _, _)| n);
                assert_eq!(a, b);
                if let Some(n) = a {
                    present[n as usize] = false;
                }
            }
        }
    }
}
