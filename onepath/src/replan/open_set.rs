//! [`ReplanOpenSet`] and [`ReplanKey`]: the priority queue of the incremental replanners
//! (spec: grids.md, “Incremental replanning (LPA, D Lite)”, “Queue” and “Tolerance”), tier 3.
//!
//! # Order
//!
//! An entry is a node with its key `[k1, k2]`, where `k1 = min(g, rhs) + h + km` and
//! `k2 = min(g, rhs)`. Entries pop by smaller `k1`, then smaller `k2`, then smaller node index,
//! where two key values within the replanners' tolerance count as equal ([`approx_eq`]): a
//! relative `1e-11`, absolute `1e-11` below 1. The tolerance exists because the costs of one
//! node reached through different repairs are sums of the same doubles added in different
//! orders, equal on paper but not always in the last bits.
//!
//! A node is in the set at most once; pushing a present node replaces its key and re-sifts.
//! The set is an indexed binary heap; for any set of keys in which “within tolerance” groups
//! keys consistently (every case but chains of keys each within `1e-11` of the next yet
//! further apart end to end), the minimum is unique and the pop order depends on the keys
//! only, not on the heap's layout.

use alloc::vec::Vec;

/// The relative tolerance of the replanners' comparisons (absolute below 1).
pub const REPLAN_TOLERANCE: f64 = 1e-11;

/// Whether `a` and `b` count as equal: identical (both +∞ included), or within
/// [`REPLAN_TOLERANCE`] times the larger magnitude (times 1 when both are below 1). NaN equals
/// nothing.
///
/// # Examples
///
/// ```
/// use onepath::replan::approx_eq;
/// assert!(approx_eq(0.1 + 0.2, 0.3)); // equal on paper, not in bits
/// assert!(approx_eq(f64::INFINITY, f64::INFINITY));
/// assert!(!approx_eq(1.0, 1.001) && !approx_eq(f64::NAN, f64::NAN));
/// ```
#[inline]
pub fn approx_eq(a: f64, b: f64) -> bool {
    if a == b {
        return true;
    }
    if a.is_infinite() || b.is_infinite() {
        return false;
    }
    let scale = a.abs().max(b.abs()).max(1.0);
    (a - b).abs() <= REPLAN_TOLERANCE * scale
}

/// Whether `a` is smaller than `b` beyond the tolerance (`a < b` and not [`approx_eq`]).
///
/// # Examples
///
/// ```
/// use onepath::replan::approx_lt;
/// assert!(approx_lt(1.0, 1.001));
/// assert!(!approx_lt(0.3, 0.1 + 0.2)); // within the tolerance: not smaller
/// ```
#[inline]
pub fn approx_lt(a: f64, b: f64) -> bool {
    a < b && !approx_eq(a, b)
}

/// A queue key `[k1, k2]` (see the module docs).
///
/// # Examples
///
/// ```
/// use onepath::replan::ReplanKey;
/// let a = ReplanKey { k1: 5.0, k2: 3.0 };
/// assert!(a.less_than(&ReplanKey { k1: 6.0, k2: 0.0 })); // k1 first
/// assert!(a.less_than(&ReplanKey { k1: 5.0, k2: 4.0 })); // then k2
/// // Within the tolerance, k1 counts as equal: the order falls to k2.
/// assert!(!a.less_than(&ReplanKey { k1: 5.0 + 1e-13, k2: 3.0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplanKey {
    /// `min(g, rhs) + h + km`.
    pub k1: f64,
    /// `min(g, rhs)`.
    pub k2: f64,
}

impl ReplanKey {
    /// Whether this key is smaller than `other`: `k1` smaller beyond the tolerance, or `k1`
    /// equal within it and `k2` smaller beyond it.
    #[inline]
    pub fn less_than(&self, other: &Self) -> bool {
        approx_lt(self.k1, other.k1)
            || (approx_eq(self.k1, other.k1) && approx_lt(self.k2, other.k2))
    }
}

/// Position value for "not in the heap".
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: ReplanKey,
    node: u32,
}

/// Whether `a` pops before `b`: smaller key (with tolerance), then smaller node index.
#[inline]
fn before(a: &Entry, b: &Entry) -> bool {
    if a.key.less_than(&b.key) {
        return true;
    }
    if b.key.less_than(&a.key) {
        return false;
    }
    a.node < b.node
}

/// The replanners' queue: an indexed binary min-heap over node indices in the order of the
/// module docs (tier 3).
///
/// # Invariants
///
/// `pos[heap[i].node] == i` for every `i`; every other `pos` entry is `NONE`; each entry pops
/// no later than its children (`!before(child, parent)`). No key is NaN.
///
/// # Complexity
///
/// `push`, `remove`, `pop`: O(log n); `top`, `contains`, `key_of`: O(1). Nothing allocates
/// once [`reserve_nodes`](ReplanOpenSet::reserve_nodes) has sized the index for the node count.
///
/// # Examples
///
/// ```
/// use onepath::replan::{ReplanKey, ReplanOpenSet};
/// let mut q = ReplanOpenSet::new();
/// q.reserve_nodes(8);
/// q.push(5, ReplanKey { k1: 3.0, k2: 1.0 });
/// q.push(2, ReplanKey { k1: 3.0 + 1e-14, k2: 1.0 }); // equal to node 5's key within tolerance
/// q.push(7, ReplanKey { k1: 3.0, k2: 0.5 });
/// assert_eq!(q.pop().map(|(n, _)| n), Some(7)); // same k1, smaller k2
/// assert_eq!(q.pop().map(|(n, _)| n), Some(2)); // keys tie: smaller index
/// assert_eq!(q.pop().map(|(n, _)| n), Some(5));
/// assert!(q.is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct ReplanOpenSet {
    heap: Vec<Entry>,
    pos: Vec<u32>,
}

impl ReplanOpenSet {
    /// An empty set (sized by [`reserve_nodes`](ReplanOpenSet::reserve_nodes)).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::replan::{ReplanKey, ReplanOpenSet};
    /// # let mut q = ReplanOpenSet::new();
    /// # q.reserve_nodes(8);
    /// # let key = |k1: f64, k2: f64| ReplanKey { k1, k2 };
    /// assert!(q.is_empty());
    /// q.push(3, key(2.0, 1.0));
    /// assert_eq!((q.len(), q.top()), (1, Some((3, key(2.0, 1.0)))));
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes room for node indices `0..nodes` and empties the set. Allocates only when the
    /// set has never held that many nodes.
    pub fn reserve_nodes(&mut self, nodes: u32) {
        self.clear();
        if self.pos.len() < nodes as usize {
            self.pos.resize(nodes as usize, NONE);
        }
        let want = nodes as usize;
        if self.heap.capacity() < want {
            self.heap.reserve(want - self.heap.len());
        }
    }

    /// Removes every entry (O(len)).
    pub fn clear(&mut self) {
        for e in &self.heap {
            if let Some(p) = self.pos.get_mut(e.node as usize) {
                *p = NONE;
            }
        }
        self.heap.clear();
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Whether `node` is queued.
    pub fn contains(&self, node: u32) -> bool {
        self.pos.get(node as usize).is_some_and(|&p| p != NONE)
    }

    /// The key `node` is queued with.
    pub fn key_of(&self, node: u32) -> Option<ReplanKey> {
        let p = *self.pos.get(node as usize)?;
        (p != NONE).then(|| self.heap[p as usize].key)
    }

    /// The entry that pops next.
    pub fn top(&self) -> Option<(u32, ReplanKey)> {
        self.heap.first().map(|e| (e.node, e.key))
    }

    /// Queues `node` with `key`, or replaces its key. Returns `false` (and changes nothing)
    /// for a NaN key or a node outside the reserved range.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::replan::{ReplanKey, ReplanOpenSet};
    /// # let mut q = ReplanOpenSet::new();
    /// # q.reserve_nodes(8);
    /// # let key = |k1: f64, k2: f64| ReplanKey { k1, k2 };
    /// q.push(1, key(5.0, 5.0));
    /// q.push(2, key(4.0, 0.0));
    /// q.push(1, key(3.0, 3.0)); // present: its key is replaced
    /// assert_eq!(q.key_of(1), Some(key(3.0, 3.0)));
    /// assert_eq!(q.pop().map(|e| e.0), Some(1));
    /// ```
    pub fn push(&mut self, node: u32, key: ReplanKey) -> bool {
        if key.k1.is_nan() || key.k2.is_nan() || node as usize >= self.pos.len() {
            return false;
        }
        let p = self.pos[node as usize];
        if p == NONE {
            let i = self.heap.len();
            self.heap.push(Entry { key, node });
            self.pos[node as usize] = i as u32;
            self.sift_up(i);
        } else {
            let i = p as usize;
            self.heap[i].key = key;
            self.sift_up(i);
            let i = self.pos[node as usize] as usize;
            self.sift_down(i);
        }
        true
    }

    /// Removes `node` if queued; returns whether it was.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::replan::{ReplanKey, ReplanOpenSet};
    /// # let mut q = ReplanOpenSet::new();
    /// # q.reserve_nodes(8);
    /// # let key = |k1: f64, k2: f64| ReplanKey { k1, k2 };
    /// q.push(4, key(1.0, 1.0));
    /// assert!(q.remove(4));
    /// assert!(!q.remove(4) && !q.contains(4)); // already gone
    /// ```
    pub fn remove(&mut self, node: u32) -> bool {
        let Some(&p) = self.pos.get(node as usize) else {
            return false;
        };
        if p == NONE {
            return false;
        }
        self.remove_at(p as usize);
        true
    }

    /// Removes and returns the entry that pops next.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::replan::{ReplanKey, ReplanOpenSet};
    /// # let mut q = ReplanOpenSet::new();
    /// # q.reserve_nodes(8);
    /// # let key = |k1: f64, k2: f64| ReplanKey { k1, k2 };
    /// q.push(1, key(2.0, 1.0));
    /// q.push(2, key(2.0, 0.5)); // same k1: smaller k2 first
    /// assert_eq!(q.pop().map(|e| e.0), Some(2));
    /// assert_eq!(q.pop().map(|e| e.0), Some(1));
    /// assert_eq!(q.pop(), None);
    /// ```
    pub fn pop(&mut self) -> Option<(u32, ReplanKey)> {
        let e = *self.heap.first()?;
        self.remove_at(0);
        Some((e.node, e.key))
    }

    /// The entries in heap layout order (snapshots sort them).
    pub fn entries(&self) -> impl Iterator<Item = (u32, ReplanKey)> + '_ {
        self.heap.iter().map(|e| (e.node, e.key))
    }

    /// Visits every entry in heap layout order (for snapshots and checks, which sort).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::replan::{ReplanKey, ReplanOpenSet};
    /// # let mut q = ReplanOpenSet::new();
    /// # q.reserve_nodes(8);
    /// # let key = |k1: f64, k2: f64| ReplanKey { k1, k2 };
    /// q.push(1, key(2.0, 1.0));
    /// q.push(5, key(3.0, 1.0));
    /// let mut seen = Vec::new();
    /// q.for_each(|n, _| seen.push(n));
    /// seen.sort_unstable();
    /// assert_eq!(seen, [1, 5]);
    /// ```
    pub fn for_each<F: FnMut(u32, ReplanKey)>(&self, mut visit: F) {
        for e in &self.heap {
            visit(e.node, e.key);
        }
    }

    /// Checks the invariants (tests and fuzzing); `Err` names the first broken one.
    ///
    /// # Errors
    ///
    /// A message naming the broken invariant.
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        for (i, e) in self.heap.iter().enumerate() {
            if self.pos.get(e.node as usize) != Some(&(i as u32)) {
                return Err("an entry's position is not recorded");
            }
            if e.key.k1.is_nan() || e.key.k2.is_nan() {
                return Err("a NaN key");
            }
            if i > 0 && before(e, &self.heap[(i - 1) / 2]) {
                return Err("an entry pops before its parent");
            }
        }
        if self.pos.iter().filter(|&&p| p != NONE).count() != self.heap.len() {
            return Err("a position is recorded for a node not in the heap");
        }
        Ok(())
    }

    fn remove_at(&mut self, i: usize) {
        let last = self.heap.len() - 1;
        let node = self.heap[i].node;
        self.pos[node as usize] = NONE;
        if i == last {
            self.heap.pop();
            return;
        }
        let moved = self.heap[last];
        self.heap[i] = moved;
        self.heap.pop();
        self.pos[moved.node as usize] = i as u32;
        self.sift_up(i);
        let i = self.pos[moved.node as usize] as usize;
        self.sift_down(i);
    }

    fn sift_up(&mut self, mut i: usize) {
        let e = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !before(&e, &self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.pos[self.heap[i].node as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = e;
        self.pos[e.node as usize] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        let e = self.heap[i];
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && before(&self.heap[r], &self.heap[l]) {
                r
            } else {
                l
            };
            if !before(&self.heap[c], &e) {
                break;
            }
            self.heap[i] = self.heap[c];
            self.pos[self.heap[i].node as usize] = i as u32;
            i = c;
        }
        self.heap[i] = e;
        self.pos[e.node as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::SplitMix64;

    #[test]
    fn tolerance_is_relative_above_one_and_absolute_below() {
        assert!(approx_eq(1e6, 1e6 + 1e-6));
        assert!(!approx_eq(1e6, 1e6 + 1e-4));
        assert!(approx_eq(0.0, 5e-12));
        assert!(!approx_eq(0.0, 5e-11));
        assert!(approx_eq(f64::INFINITY, f64::INFINITY));
        assert!(!approx_eq(f64::INFINITY, 1e300));
        assert!(!approx_eq(f64::NAN, f64::NAN));
        assert!(approx_lt(1.0, 1.1) && !approx_lt(1.0, 1.0 + 1e-13));
    }

    #[test]
    fn pops_in_the_written_order_and_keeps_its_invariants() {
        let mut rng = SplitMix64::new(7);
        let mut q = ReplanOpenSet::new();
        q.reserve_nodes(64);
        let mut model: Vec<(u32, ReplanKey)> = Vec::new();
        for round in 0..2000u32 {
            let node = (rng.next_u64() % 64) as u32;
            let op = rng.next_u64() % 4;
            if op == 0 {
                assert_eq!(q.remove(node), model.iter().any(|e| e.0 == node));
                model.retain(|e| e.0 != node);
            } else if op == 1 && !model.is_empty() {
                // The model's minimum: keys on a coarse lattice, so tolerance never chains.
                let best = *model
                    .iter()
                    .min_by(|a, b| {
                        if a.1.less_than(&b.1) {
                            core::cmp::Ordering::Less
                        } else if b.1.less_than(&a.1) {
                            core::cmp::Ordering::Greater
                        } else {
                            a.0.cmp(&b.0)
                        }
                    })
                    .unwrap();
                assert_eq!(q.pop().map(|e| e.0), Some(best.0), "round {round}");
                model.retain(|e| e.0 != best.0);
            } else {
                let k2 = (rng.next_u64() % 8) as f64;
                let jitter = (rng.next_u64() % 3) as f64 * 1e-13;
                let key = ReplanKey {
                    k1: k2 + (rng.next_u64() % 8) as f64 + jitter,
                    k2,
                };
                assert!(q.push(node, key));
                model.retain(|e| e.0 != node);
                model.push((node, key));
            }
            q.check_invariants().unwrap();
            assert_eq!(q.len(), model.len());
        }
    }

    #[test]
    fn refuses_nan_keys_and_unknown_nodes() {
        let mut q = ReplanOpenSet::new();
        q.reserve_nodes(4);
        assert!(!q.push(
            1,
            ReplanKey {
                k1: f64::NAN,
                k2: 0.0
            }
        ));
        assert!(!q.push(4, ReplanKey { k1: 1.0, k2: 0.0 }));
        assert!(q.is_empty() && !q.remove(9) && q.key_of(9).is_none());
    }
}
