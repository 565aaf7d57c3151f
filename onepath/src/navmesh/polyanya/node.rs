//! Search nodes, root records and the open list of [`PolyanyaSearch`](super::PolyanyaSearch).
//!
//! A node is `(root, interval, polygon)`: the polygon is the one entered through half-edge
//! `he` (its edge `a → b`, counter-clockwise in that polygon, so the root lies strictly on the
//! other side of the edge's line); the interval is the part of `[a, b]` inside the **cone**
//! from the root between the rays `root → wr` (the right bound, as seen from the root facing
//! the polygon) and `root → wl` (the left bound). Keeping the interval as two rays through
//! fixed-point points, not as two rounded endpoints, makes every visibility decision an exact
//! `i128` orientation sign: a point `p` is in the cone when `orient(root, wr, p) >= 0` and
//! `orient(root, wl, p) <= 0`.

use crate::navmesh::NavPoint;

/// "None" for node, root, polygon and half-edge links.
pub(crate) const NONE: u32 = u32::MAX;

/// How a node's `from` polygon is reached from its parent's polygon: directly (the same
/// polygon), or by turning around the node's root vertex forwards (across the edges that
/// start at the vertex) or backwards (across the edges that end at it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fan {
    Same,
    Forward,
    Backward,
}

/// One search node. `he == NONE` marks a goal node (its interval is the goal point).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Exact path length start → … → root (the root record's `g`).
    pub(crate) g: f64,
    /// `g + h`.
    pub(crate) f: f64,
    /// The root record.
    pub(crate) root: u32,
    /// The half-edge entered (in the entered polygon), or `NONE` for a goal node.
    pub(crate) he: u32,
    /// The polygon entered (the owner of `he`), `NONE` for a goal node.
    pub(crate) poly: u32,
    /// The node expanded to make this one, `NONE` for the start's nodes.
    pub(crate) parent: u32,
    /// The polygon the node leaves (through `twin(he)`), or the goal's polygon for a goal node.
    pub(crate) from: u32,
    /// How `from` is reached from the parent's entered polygon.
    pub(crate) fan: Fan,
    /// The cone's left bound point.
    pub(crate) wl: NavPoint,
    /// The cone's right bound point.
    pub(crate) wr: NavPoint,
}

/// `Corner::flag`: not known yet.
pub(crate) const UNKNOWN: u8 = 0;
/// `Corner::flag`: a reflex vertex of the region.
pub(crate) const REFLEX: u8 = 1;
/// `Corner::flag`: not a reflex vertex (no turn there).
pub(crate) const NOT_REFLEX: u8 = 2;

/// What one search knows of a mesh corner: valid when `stamp` is the search's stamp.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Corner {
    pub(crate) stamp: u32,
    pub(crate) flag: u8,
    /// The best `g` of a root there (`+∞` when none).
    pub(crate) g: f64,
}

/// A root: the start, or a mesh vertex where the path turns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Root {
    pub(crate) point: NavPoint,
    /// Exact path length start → … → this root.
    pub(crate) g: f64,
    /// The previous root (`NONE` for the start).
    pub(crate) parent: u32,
    /// Index of the vertex in the per-corner table (`NONE` when the start is not a corner).
    pub(crate) corner: u32,
    /// The polygon (holding the vertex) the turn was made from: the fan around the vertex is
    /// walked from it (`NONE` for the start).
    pub(crate) base: u32,
    /// How `base` is reached around the previous root's vertex from the polygon the previous
    /// turn was made from (`Same` unless the turn was made in a polygon of that fan).
    pub(crate) base_fan: Fan,
}

/// A binary min-heap of node indices under the total order (smaller `f`, then larger `g`, then
/// the smaller node key — the creation counter, i.e. the index in the node pool). `f` and `g`
/// are finite, compared with `f64::total_cmp`.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpenList {
    heap: alloc::vec::Vec<(f64, f64, u32)>,
}

#[inline]
fn before(a: &(f64, f64, u32), b: &(f64, f64, u32)) -> bool {
    match a.0.total_cmp(&b.0) {
        core::cmp::Ordering::Less => true,
        core::cmp::Ordering::Greater => false,
        core::cmp::Ordering::Equal => match b.1.total_cmp(&a.1) {
            core::cmp::Ordering::Less => true,
            core::cmp::Ordering::Greater => false,
            core::cmp::Ordering::Equal => a.2 < b.2,
        },
    }
}

impl OpenList {
    pub(crate) fn clear(&mut self) {
        self.heap.clear();
    }

    /// Calls `visit(f, g, key)` for every entry, in the heap's storage order (the snapshot's
    /// digest sums them, so the order does not matter).
    pub(crate) fn for_each(&self, mut visit: impl FnMut(f64, f64, u32)) {
        self.heap.iter().for_each(|&(f, g, k)| visit(f, g, k));
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    pub(crate) fn reserve(&mut self, n: usize) {
        self.heap.reserve(n.saturating_sub(self.heap.len()));
    }

    pub(crate) fn push(&mut self, f: f64, g: f64, key: u32) {
        self.heap.push((f, g, key));
        let mut i = self.heap.len() - 1;
        while i > 0 {
            let up = (i - 1) / 2;
            if before(&self.heap[i], &self.heap[up]) {
                self.heap.swap(i, up);
                i = up;
            } else {
                break;
            }
        }
    }

    pub(crate) fn pop(&mut self) -> Option<u32> {
        let n = self.heap.len();
        if n == 0 {
            return None;
        }
        self.heap.swap(0, n - 1);
        let top = self.heap.pop()?;
        let n = self.heap.len();
        let mut i = 0;
        loop {
            let (l, r) = (2 * i + 1, 2 * i + 2);
            let mut m = i;
            if l < n && before(&self.heap[l], &self.heap[m]) {
                m = l;
            }
            if r < n && before(&self.heap[r], &self.heap[m]) {
                m = r;
            }
            if m == i {
                break;
            }
            self.heap.swap(i, m);
            i = m;
        }
        Some(top.2)
    }
}

#[cfg(test)]
mod tests {
    use super::OpenList;

    #[test]
    fn pops_by_f_then_larger_g_then_key() {
        let mut open = OpenList::default();
        open.push(2.0, 0.0, 0);
        open.push(1.0, 0.5, 1);
        open.push(1.0, 0.7, 2);
        open.push(1.0, 0.7, 3);
        open.push(0.5, 0.0, 4);
        let order: alloc::vec::Vec<u32> = core::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, [4, 2, 3, 1, 0]);
    }
}
