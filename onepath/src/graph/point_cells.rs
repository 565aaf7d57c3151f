//! [`PointCells`]: the spatial hash behind a [`PointGraph`](super::PointGraph)'s nearest
//! searches (spec: graphs.md, “Point graphs”, *Nearest*).
//!
//! Points fall into square cells of the (x, y) plane: side `max(2^-30, extent /
//! max(1, floor(sqrt(N))))`, where the extent is the larger side of the points' bounding
//! rectangle (side 1 when it is 0). A cell is named by exact integer coordinates
//! `floor((x - min_x) / side)`, `floor((y - min_y) / side)`; the occupied cells are kept sorted
//! by (y, x) and only ever looked up by name (binary search), never enumerated, so nothing
//! depends on a hash order.
//!
//! A nearest search scans rings of cells around the query's cell — ring `r` is the cells at
//! Chebyshev cell distance `r` — and keeps the points it has seen in a min-heap on
//! (squared distance, index). Every point outside rings `0..r` lies at least `r` cells
//! away, so after ring `r` every seen candidate strictly closer than `r * side` comes before
//! every unseen point, and those are handed out in order. The stopping radius is
//! `r * side * (1 - 2^-30)`: the relative margin covers the rounding of the cell coordinates
//! and of the squared distances (both far below 2^-30 of a cell under the coordinate rule),
//! so the order handed out is exactly the brute-force (squared distance, index) order.
//! The z axis does not take part in the cells (a 3D distance is never below its planar part).

use alloc::collections::BinaryHeap;
use alloc::vec::Vec;
use core::cmp::Reverse;

use super::point::Point3;
use crate::math::{floor, sqrt};

/// The smallest cell side, 2^-30.
const MIN_SIDE: f64 = 1.0 / 1_073_741_824.0;
/// The relative margin of the stopping radius.
const MARGIN: f64 = 1.0 - MIN_SIDE;

/// Points bucketed by cell (crate-internal).
#[derive(Clone, Debug, Default)]
pub(crate) struct PointCells {
    min_x: f64,
    min_y: f64,
    side: f64,
    /// The largest cell coordinates in use (the smallest are 0).
    hi: (i64, i64),
    /// Occupied cells `(y, x)`, sorted, with the range of `order` they hold.
    cells: Vec<((i64, i64), u32, u32)>,
    /// Point indices sorted by (cell y, cell x, index).
    order: Vec<u32>,
}

impl PointCells {
    /// Buckets `points`.
    ///
    /// # Complexity
    ///
    /// O(N log N).
    pub(crate) fn new(points: &[Point3]) -> Self {
        let Some(first) = points.first() else {
            return Self::default();
        };
        let (mut lo_x, mut hi_x, mut lo_y, mut hi_y) = (first.x, first.x, first.y, first.y);
        for p in points {
            lo_x = lo_x.min(p.x);
            hi_x = hi_x.max(p.x);
            lo_y = lo_y.min(p.y);
            hi_y = hi_y.max(p.y);
        }
        let extent = (hi_x - lo_x).max(hi_y - lo_y);
        let per_side = floor(sqrt(points.len() as f64)).max(1.0);
        let side = if extent == 0.0 {
            1.0
        } else {
            MIN_SIDE.max(extent / per_side)
        };
        let mut cells = Self {
            min_x: lo_x,
            min_y: lo_y,
            side,
            hi: (0, 0),
            cells: Vec::new(),
            order: Vec::new(),
        };
        let mut keyed: Vec<((i64, i64), u32)> = points
            .iter()
            .enumerate()
            .map(|(i, p)| {
                // In 0..=2^13 + 1: the side is at least extent / 2^13.
                let x = cells.coordinate(p.x, lo_x) as i64;
                let y = cells.coordinate(p.y, lo_y) as i64;
                ((y, x), i as u32)
            })
            .collect();
        keyed.sort_unstable();
        for &((y, x), _) in &keyed {
            cells.hi = (cells.hi.0.max(x), cells.hi.1.max(y));
        }
        let mut start = 0usize;
        while start < keyed.len() {
            let key = keyed[start].0;
            let mut end = start;
            while end < keyed.len() && keyed[end].0 == key {
                end += 1;
            }
            cells.cells.push((key, start as u32, end as u32));
            start = end;
        }
        cells.order = keyed.into_iter().map(|(_, i)| i).collect();
        cells
    }

    /// The cell coordinate of `v` on an axis starting at `min`, unclamped.
    fn coordinate(&self, v: f64, min: f64) -> f64 {
        floor((v - min) / self.side)
    }

    /// The cell of `p`, clamped to one cell outside the occupied rectangle on each side (a
    /// query outside it scans from the nearest edge: every bound stays a lower bound).
    fn cell_of(&self, p: Point3) -> (i64, i64) {
        let clamp = |u: f64, hi: i64| -> i64 {
            if u < -1.0 {
                -1
            } else if u > (hi + 1) as f64 {
                hi + 1
            } else {
                u as i64
            }
        };
        (
            clamp(self.coordinate(p.x, self.min_x), self.hi.0),
            clamp(self.coordinate(p.y, self.min_y), self.hi.1),
        )
    }

    /// The points of cell `(x, y)`.
    fn cell(&self, x: i64, y: i64) -> &[u32] {
        match self.cells.binary_search_by(|c| c.0.cmp(&(y, x))) {
            Ok(i) => {
                let (_, a, b) = self.cells[i];
                &self.order[a as usize..b as usize]
            }
            Err(_) => &[],
        }
    }

    /// Calls `f` for every point of ring `r` around cell `(cx, cy)` (clipped to the occupied
    /// rectangle): the bottom row, the top row, then the left and right columns.
    fn for_ring(&self, (cx, cy): (i64, i64), r: i64, mut f: impl FnMut(u32)) {
        let (hx, hy) = self.hi;
        let (x0, x1) = ((cx - r).max(0), (cx + r).min(hx));
        let row = |y: i64, f: &mut dyn FnMut(u32)| {
            if (0..=hy).contains(&y) {
                for x in x0..=x1 {
                    self.cell(x, y).iter().for_each(|&i| f(i));
                }
            }
        };
        row(cy - r, &mut f);
        if r > 0 {
            row(cy + r, &mut f);
            let (y0, y1) = ((cy - r + 1).max(0), (cy + r - 1).min(hy));
            for x in [cx - r, cx + r] {
                if (0..=hx).contains(&x) {
                    for y in y0..=y1 {
                        self.cell(x, y).iter().for_each(|&i| f(i));
                    }
                }
            }
        }
    }

    /// Whether rings `0..=r` around `c` cover every occupied cell.
    fn covers(&self, (cx, cy): (i64, i64), r: i64) -> bool {
        let (hx, hy) = self.hi;
        r >= cx.max(hx - cx).max(cy).max(hy - cy)
    }

    /// The squared stopping radius after ring `r`: every unseen point is farther.
    fn known_squared(&self, r: i64) -> f64 {
        let radius = r as f64 * self.side * MARGIN;
        radius * radius
    }

    /// Hands the points other than `skip` to `take` in (squared distance to `p`, index)
    /// order — only those within `limit2` when it is given — until `take` returns `true`.
    /// `heap` is working memory (cleared first).
    pub(crate) fn nearest(
        &self,
        points: &[Point3],
        p: Point3,
        skip: Option<u32>,
        limit2: Option<f64>,
        heap: &mut BinaryHeap<Reverse<(u64, u32)>>,
        mut take: impl FnMut(u32) -> bool,
    ) {
        heap.clear();
        if self.order.is_empty() {
            return;
        }
        let c = self.cell_of(p);
        let mut r = 0i64;
        loop {
            self.for_ring(c, r, |i| {
                if Some(i) == skip {
                    return;
                }
                let d2 = p.distance_squared(points[i as usize]);
                if limit2.is_none_or(|l| d2 <= l) {
                    // d2 >= +0: its bit pattern orders as the value does.
                    heap.push(Reverse((d2.to_bits(), i)));
                }
            });
            let known = self.known_squared(r);
            let done = self.covers(c, r) || limit2.is_some_and(|l| known > l);
            while let Some(&Reverse((bits, i))) = heap.peek() {
                if !done && f64::from_bits(bits) >= known {
                    break;
                }
                heap.pop();
                if take(i) {
                    return;
                }
            }
            if done {
                return;
            }
            r += 1;
        }
    }

    /// Calls `f` for every point `b > a` with squared distance to point `a` at most `limit2`
    /// (in no particular order).
    pub(crate) fn within(&self, points: &[Point3], a: u32, limit2: f64, mut f: impl FnMut(u32)) {
        let p = points[a as usize];
        let c = self.cell_of(p);
        let mut r = 0i64;
        loop {
            self.for_ring(c, r, |b| {
                if b > a && p.distance_squared(points[b as usize]) <= limit2 {
                    f(b);
                }
            });
            if self.covers(c, r) || self.known_squared(r) > limit2 {
                return;
            }
            r += 1;
        }
    }
}
