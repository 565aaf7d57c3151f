//! [`OpenSet`]: the indexed 4-ary min-heap every grid and graph search shares
//! (spec: grids.md, “Open set”; d-ary heaps after Johnson 1975).
//!
//! # Order
//!
//! Smaller `f` first; on equal `f`, larger `g` first; on equal `g`, smaller node id first.
//! Doubles are compared with `<`, `==`, `>`; NaN keys are refused. A node is in the set at most
//! once: pushing a present node replaces its keys and re-sifts, so the pop order depends only on
//! the keys (the arity is an implementation detail).
//!
//! Keys are stored as order-preserving integers, so a zero key comes back as `+0.0` whichever
//! zero was pushed (`-0.0 == +0.0`, so the order is the same); every other key comes back with
//! the bits it was pushed with.

use alloc::vec::Vec;
use core::hint::select_unpredictable;

/// Position value for "not in the heap" (only meaningful together with the membership check).
const NONE: u32 = u32::MAX;

/// One heap entry: the keys as order-preserving integers (so a comparison is one 128-bit
/// compare plus the node id) and the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// [`ordered_bits`] of f.
    f_rank: u64,
    /// `!`[`ordered_bits`] of g (larger g first).
    g_rank: u64,
    node: u32,
}

/// The position of a non-NaN double in the order of `<`, as an unsigned integer: `-0.0` and
/// `+0.0` map to the same value (they compare equal), negatives sort below positives.
#[inline]
fn ordered_bits(x: f64) -> u64 {
    // `x + 0.0` turns -0.0 into +0.0 and leaves every other value unchanged.
    let b = (x + 0.0).to_bits();
    // Negatives: flip the magnitude bits (a larger magnitude sorts lower); then flip the sign
    // bit so negatives sort below positives.
    (b ^ ((((b as i64) >> 63) as u64) >> 1)) ^ (1 << 63)
}

/// The inverse of [`ordered_bits`] (gives +0.0 for either zero).
#[inline]
fn from_ordered_bits(r: u64) -> f64 {
    let b = r ^ (1 << 63);
    f64::from_bits(b ^ ((((b as i64) >> 63) as u64) >> 1))
}

impl Entry {
    #[inline]
    fn new(node: u32, f: f64, g: f64) -> Self {
        Self {
            f_rank: ordered_bits(f),
            g_rank: !ordered_bits(g),
            node,
        }
    }
    #[inline]
    fn f(&self) -> f64 {
        from_ordered_bits(self.f_rank)
    }
    #[inline]
    fn g(&self) -> f64 {
        from_ordered_bits(!self.g_rank)
    }
    /// f then larger g, as one integer.
    #[inline]
    fn rank(&self) -> u128 {
        (u128::from(self.f_rank) << 64) | u128::from(self.g_rank)
    }
}

/// The position of an entry `(node, f, g)` in the pop order, as one comparable value: of two
/// entries the one with the smaller value pops first (smaller f, larger g, smaller node; NaN
/// keys are the caller's to refuse). Snapshots write the open set sorted by it (kind 2,
/// `docs/snapshot-format.md`).
#[inline]
pub(crate) fn pop_rank(node: u32, f: f64, g: f64) -> (u128, u32) {
    (Entry::new(node, f, g).rank(), node)
}

/// Strict total order of two entries (`a` pops before `b`): smaller f, larger g, smaller node,
/// as one 128-bit comparison and, on a tie, the node ids.
#[inline]
fn before(a: &Entry, b: &Entry) -> bool {
    (a.rank(), a.node) < (b.rank(), b.node)
}

/// An indexed 4-ary min-heap over node ids with decrease-key (any key change, in fact).
///
/// # Invariants
///
/// For every heap slot `i`, `pos[heap[i].node] == i`, and no entry pops after one of its
/// children. `pos` of a node not in the heap may hold anything: membership is checked as
/// `pos[n] < len && heap[pos[n]].node == n`, so nothing is cleared between searches.
///
/// # Complexity
///
/// `push` and `pop` O(log₄ n); `contains` O(1). Allocates only when it grows.
///
/// # Examples
///
/// ```
/// use onepath::search::OpenSet;
/// let mut open = OpenSet::new();
/// open.reserve_nodes(8);
/// open.push(5, 10.0, 4.0).unwrap();
/// open.push(7, 10.0, 6.0).unwrap(); // same f, larger g: pops before 5
/// open.push(2, 10.0, 6.0).unwrap(); // same f and g, smaller id: pops before 7
/// open.push(5, 9.0, 4.0).unwrap(); // 5 is present: its keys are replaced
/// assert!(open.push(1, f64::NAN, 0.0).is_err()); // NaN keys are refused
/// assert_eq!(open.len(), 3);
/// let order: Vec<u32> = core::iter::from_fn(|| open.pop().map(|(n, _, _)| n)).collect();
/// assert_eq!(order, [5, 2, 7]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct OpenSet {
    heap: Vec<Entry>,
    pos: Vec<u32>,
}

/// A NaN key was offered to [`OpenSet::push`].
///
/// # Examples
///
/// ```
/// use onepath::search::{NanKey, OpenSet};
/// let mut open = OpenSet::new();
/// open.reserve_nodes(4);
/// assert_eq!(open.push(1, f64::NAN, 0.0), Err(NanKey)); // refused, the set unchanged
/// assert!(open.is_empty());
/// assert_eq!(open.push(1, 2.0, 1.0), Ok(()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NanKey;

impl OpenSet {
    /// An empty set; call [`reserve_nodes`](OpenSet::reserve_nodes) before pushing.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::OpenSet;
    /// # let mut open = OpenSet::new();
    /// # open.reserve_nodes(8);
    /// assert!(open.is_empty() && open.node_capacity() >= 8);
    /// ```
    pub const fn new() -> Self {
        Self {
            heap: Vec::new(),
            pos: Vec::new(),
        }
    }

    /// Makes room for node ids `0..node_count` (allocates only when growing) and empties the
    /// set.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::OpenSet;
    /// # let mut open = OpenSet::new();
    /// # open.reserve_nodes(8);
    /// open.reserve_nodes(100); // before pushing node ids up to 99
    /// open.push(99, 0.0, 0.0).unwrap();
    /// assert!(open.node_capacity() >= 100);
    /// ```
    pub fn reserve_nodes(&mut self, node_count: u32) {
        self.heap.clear();
        self.grow_nodes(node_count);
    }

    /// Makes room for node ids `0..node_count` (allocates only when growing) and keeps the
    /// entries: snapshot restore sizes the set before it validates, and a restore that fails
    /// validation must leave the search it had exactly as it was.
    pub(crate) fn grow_nodes(&mut self, node_count: u32) {
        if self.pos.len() < node_count as usize {
            self.pos.resize(node_count as usize, NONE);
            // A node is in the heap at most once: reserving every node now means no push ever
            // allocates later (zero allocation in steady state; the pages stay untouched until
            // used).
            let room = (node_count as usize).saturating_sub(self.heap.len());
            self.heap.reserve_exact(room);
        }
    }

    /// The position index used as scratch by snapshot validation; call
    /// [`repair_positions`](OpenSet::repair_positions) afterwards.
    pub(crate) fn scratch(&mut self) -> &mut [u32] {
        &mut self.pos
    }

    /// Rewrites the positions of the current entries (after the index was used as scratch).
    pub(crate) fn repair_positions(&mut self) {
        for (i, e) in self.heap.iter().enumerate() {
            self.pos[e.node as usize] = i as u32;
        }
    }

    /// Number of node ids this set can hold.
    pub fn node_capacity(&self) -> u32 {
        self.pos.len() as u32
    }

    /// Empties the set without freeing memory.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::OpenSet;
    /// # let mut open = OpenSet::new();
    /// # open.reserve_nodes(8);
    /// open.push(5, 1.0, 0.0).unwrap();
    /// open.clear();
    /// assert!(open.is_empty() && !open.contains(5));
    /// ```
    pub fn clear(&mut self) {
        self.heap.clear();
    }

    /// Entries in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Whether `node` is in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::OpenSet;
    /// # let mut open = OpenSet::new();
    /// # open.reserve_nodes(8);
    /// open.push(5, 1.0, 0.0).unwrap();
    /// assert!(open.contains(5) && !open.contains(6));
    /// ```
    #[inline]
    pub fn contains(&self, node: u32) -> bool {
        match self.pos.get(node as usize) {
            Some(&p) => (p as usize) < self.heap.len() && self.heap[p as usize].node == node,
            None => false,
        }
    }

    /// Inserts `node` with keys (f, g), or replaces its keys if present.
    ///
    /// # Errors
    ///
    /// [`NanKey`] when `f` or `g` is NaN; the set is unchanged.
    ///
    /// # Panics
    ///
    /// When `node >= node_capacity()` (a programmer error: reserve first).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::OpenSet;
    /// # let mut open = OpenSet::new();
    /// # open.reserve_nodes(8);
    /// open.push(3, 5.0, 1.0).unwrap();
    /// open.push(3, 4.0, 2.0).unwrap(); // present: its keys are replaced (decrease-key)
    /// assert_eq!((open.len(), open.peek()), (1, Some((3, 4.0, 2.0))));
    /// ```
    #[inline]
    pub fn push(&mut self, node: u32, f: f64, g: f64) -> Result<(), NanKey> {
        if f.is_nan() || g.is_nan() {
            return Err(NanKey);
        }
        let e = Entry::new(node, f, g);
        if self.contains(node) {
            let i = self.pos[node as usize] as usize;
            let old = self.heap[i];
            self.heap[i] = e;
            if before(&e, &old) {
                self.sift_up(i);
            } else {
                self.sift_down(i);
            }
        } else {
            let i = self.heap.len();
            self.heap.push(e);
            self.pos[node as usize] = i as u32;
            self.sift_up(i);
        }
        Ok(())
    }

    /// The best entry `(node, f, g)` without removing it.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::OpenSet;
    /// # let mut open = OpenSet::new();
    /// # open.reserve_nodes(8);
    /// assert_eq!(open.peek(), None);
    /// open.push(4, 1.0, 0.0).unwrap();
    /// assert_eq!(open.peek(), Some((4, 1.0, 0.0)));
    /// assert_eq!(open.len(), 1); // not removed
    /// ```
    pub fn peek(&self) -> Option<(u32, f64, f64)> {
        self.heap.first().map(|e| (e.node, e.f(), e.g()))
    }

    /// Removes and returns the best entry `(node, f, g)`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::OpenSet;
    /// # let mut open = OpenSet::new();
    /// # open.reserve_nodes(8);
    /// open.push(1, 5.0, 2.0).unwrap();
    /// open.push(2, 5.0, 3.0).unwrap(); // same f, larger g: popped first
    /// open.push(0, 7.0, 0.0).unwrap();
    /// let order: Vec<u32> = std::iter::from_fn(|| open.pop().map(|e| e.0)).collect();
    /// assert_eq!(order, [2, 1, 0]);
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<(u32, f64, f64)> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last.node as usize] = 0;
            self.sift_down(0);
        }
        self.pos[top.node as usize] = NONE;
        Some((top.node, top.f(), top.g()))
    }

    /// The entries in heap-array order `(node, f, g)`, an implementation detail (snapshots sort
    /// them into pop order).
    pub fn entries(&self) -> impl Iterator<Item = (u32, f64, f64)> + '_ {
        self.heap.iter().map(|e| (e.node, e.f(), e.g()))
    }

    /// Checks the heap order and the position index; for tests and fuzzing.
    pub fn check_invariants(&self) -> bool {
        self.heap.iter().enumerate().all(|(i, e)| {
            let parent_ok = i == 0 || !before(e, &self.heap[(i - 1) / 4]);
            parent_ok && self.pos.get(e.node as usize) == Some(&(i as u32))
        })
    }

    #[inline]
    fn sift_up(&mut self, mut i: usize) {
        let e = self.heap[i];
        while i > 0 {
            let p = (i - 1) / 4;
            if !before(&e, &self.heap[p]) {
                break;
            }
            self.heap[i] = self.heap[p];
            self.pos[self.heap[i].node as usize] = i as u32;
            i = p;
        }
        self.heap[i] = e;
        self.pos[e.node as usize] = i as u32;
    }

    #[inline]
    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        let e = self.heap[i];
        loop {
            let first = 4 * i + 1;
            if first >= n {
                break;
            }
            let h = &self.heap;
            // Which child wins is data-dependent: selects, not branches.
            let best = if first + 4 <= n {
                // All four children: a tournament (two independent comparisons, then one).
                let a = select_unpredictable(before(&h[first + 1], &h[first]), first + 1, first);
                let b = select_unpredictable(
                    before(&h[first + 3], &h[first + 2]),
                    first + 3,
                    first + 2,
                );
                select_unpredictable(before(&h[b], &h[a]), b, a)
            } else {
                let mut best = first;
                for c in first + 1..n {
                    best = select_unpredictable(before(&h[c], &h[best]), c, best);
                }
                best
            };
            if !before(&self.heap[best], &e) {
                break;
            }
            self.heap[i] = self.heap[best];
            self.pos[self.heap[i].node as usize] = i as u32;
            i = best;
        }
        self.heap[i] = e;
        self.pos[e.node as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn drain(s: &mut OpenSet) -> Vec<u32> {
        let mut v = vec![];
        while let Some((n, _, _)) = s.pop() {
            assert!(s.check_invariants());
            v.push(n);
        }
        v
    }

    #[test]
    fn ties_break_on_larger_g_then_smaller_node() {
        let mut s = OpenSet::new();
        s.reserve_nodes(10);
        s.push(5, 3.0, 1.0).unwrap();
        s.push(2, 3.0, 1.0).unwrap();
        s.push(7, 3.0, 2.0).unwrap();
        s.push(9, 2.5, 0.0).unwrap();
        s.push(1, 4.0, 4.0).unwrap();
        assert_eq!(drain(&mut s), vec![9, 7, 2, 5, 1]);
    }

    #[test]
    fn pushing_again_replaces_keys() {
        let mut s = OpenSet::new();
        s.reserve_nodes(8);
        for n in 0..8 {
            s.push(n, f64::from(n), 0.0).unwrap();
        }
        s.push(6, -1.0, 0.0).unwrap();
        s.push(0, 10.0, 0.0).unwrap();
        assert_eq!(s.len(), 8);
        assert!(s.check_invariants());
        assert_eq!(drain(&mut s), vec![6, 1, 2, 3, 4, 5, 7, 0]);
        assert!(!s.contains(6));
    }

    #[test]
    fn nan_is_refused() {
        let mut s = OpenSet::new();
        s.reserve_nodes(2);
        assert_eq!(s.push(0, f64::NAN, 0.0), Err(NanKey));
        assert_eq!(s.push(0, 0.0, f64::NAN), Err(NanKey));
        assert!(s.is_empty());
        s.push(1, f64::INFINITY, 0.0).unwrap();
        assert_eq!(s.pop(), Some((1, f64::INFINITY, 0.0)));
    }

    #[test]
    fn stale_positions_are_not_membership() {
        let mut s = OpenSet::new();
        s.reserve_nodes(4);
        s.push(3, 1.0, 0.0).unwrap();
        s.reserve_nodes(4);
        assert!(!s.contains(3));
        s.push(1, 1.0, 0.0).unwrap();
        assert!(!s.contains(3));
        assert!(s.contains(1));
    }
}
