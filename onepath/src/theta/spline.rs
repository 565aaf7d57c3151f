//! Catmull-Rom sampling of a waypoint list that never leaves walkable space (spec:
//! guide-pathfinding.md, §7.2 “Catmull-Rom Spline for Curved Paths”).
//!
//! # Which spline, and why
//!
//! *Centripetal* Catmull-Rom (knot intervals `|P(i+1) − P(i)|^½`; Yuksel, Schaefer & Keyser
//! 2011), evaluated with the Barry–Goldman pyramid. Unlike the uniform parametrisation it never
//! forms cusps or loops inside a span and stays closer to the control polygon, so around a
//! wall corner it overshoots less and fewer spans fall back to a straight segment. The end
//! spans use reflected phantom points (`2 P0 − P1` and `2 Pn − P(n−1)`).
//!
//! # Samples
//!
//! A fixed count per span: span `i` (waypoint `i` to `i + 1`) emits waypoint `i` exactly, then
//! `k − 1` curve points at `u = j / k` (`j = 1 … k − 1`); the last waypoint ends the list. So
//! endpoints and waypoints are kept bit for bit, and the output has `(n − 1) · k + 1` points.
//! A fixed count (rather than arc-length spacing) keeps the output size known in advance and
//! the arithmetic free of any iteration.
//!
//! # The walkable-space guarantee
//!
//! Every emitted sample, and every chord between consecutive samples, keeps a margin of
//! [`SAMPLE_MARGIN`] cells from every wall square (cells outside the grid are walls): a span
//! whose curve points or chords fail that test is emitted as the straight segment between its
//! waypoints instead (points at the same `u` on the segment), which has line of sight. The
//! test is conservative (walls inflated by the margin, coordinates taken relative to the
//! chord's start, so rounding is far below the margin). No peer guarantees this (the A*
//! Pathfinding Project's smoother warns that it ignores geometry); we do.
//!
//! # Terrain
//!
//! On a grid whose area multipliers differ, a curve may bulge into terrain its straight
//! segment avoids (a road along mud). A span's curve is kept only when every cell its chords
//! cross (with positive length) has a multiplier no greater than the largest multiplier among
//! the cells the straight segment between its waypoints crosses; otherwise the span is emitted
//! straight, as for a wall. So the curve never takes the agent over terrain dearer than the
//! path it smooths, and a path that [`smooth_path`](super::smooth_path) kept out of the mud
//! stays out of it.
//!
//! Points are in grid units: cell `(x, y)` spans `[x, x + 1] × [y, y + 1]` and its centre is
//! `(x + 0.5, y + 0.5)`; map them to the world with the grid's
//! [`GridSpace`](crate::grid::GridSpace) (`origin + v * cell_size`).
//!
//! # Determinism
//!
//! `+ - * /` and [`math::sqrt`](crate::math::sqrt) only, in a fixed order.

use super::terrain::{cell_multiplier, for_each_crossed_cell};
use crate::grid::{Cell, Grid, WALL, WorldPoint};
use crate::math::{floor, sqrt};

/// The distance, in cells, that samples and chords keep from every wall square.
pub const SAMPLE_MARGIN: f64 = 1e-9;

/// Points [`catmull_rom`] writes for `waypoints` waypoints and `per_span` samples per span.
///
/// # Examples
///
/// ```
/// use onepath::theta::catmull_rom_len;
/// assert_eq!(catmull_rom_len(3, 8), 17); // two spans of 8 samples, plus the last waypoint
/// assert_eq!(catmull_rom_len(1, 8), 1);
/// ```
pub fn catmull_rom_len(waypoints: usize, per_span: u32) -> usize {
    if waypoints == 0 {
        return 0;
    }
    (waypoints - 1) * per_span.max(1) as usize + 1
}

fn centre(c: Cell) -> (f64, f64) {
    (f64::from(c.x) + 0.5, f64::from(c.y) + 0.5)
}

/// Whether cell `(x, y)` is a wall (outside = wall).
fn wall(grid: &Grid, x: i64, y: i64) -> bool {
    let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
    x < 0 || y < 0 || x >= w || y >= h || grid.cells()[(y * w + x) as usize] == WALL
}

/// Whether the segment `a`–`b` (grid units) keeps [`SAMPLE_MARGIN`] from every wall square.
/// `a == b` tests a point.
///
/// # Examples
///
/// ```
/// use onepath::theta::chord_clear;
/// use onepath::Grid;
/// let grid = Grid::from_text("...\n.#.\n...").unwrap();
/// assert!(chord_clear(&grid, (0.5, 0.5), (2.5, 0.5))); // along the top row
/// assert!(!chord_clear(&grid, (0.5, 0.5), (2.5, 2.5))); // through the wall square
/// assert!(!chord_clear(&grid, (1.5, 1.5), (1.5, 1.5))); // a point inside it
/// ```
pub fn chord_clear(grid: &Grid, a: (f64, f64), b: (f64, f64)) -> bool {
    if !(a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite()) {
        return false;
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    // Cells whose inflated squares can meet the segment: its bounding box widened by one.
    let x0 = floor(a.0.min(b.0)) as i64 - 1;
    let x1 = floor(a.0.max(b.0)) as i64 + 1;
    let y0 = floor(a.1.min(b.1)) as i64 - 1;
    let y1 = floor(a.1.max(b.1)) as i64 + 1;
    for y in y0..=y1 {
        for x in x0..=x1 {
            if !wall(grid, x, y) {
                continue;
            }
            // The inflated square relative to `a`.
            let lo_x = (x as f64 - a.0) - SAMPLE_MARGIN;
            let hi_x = ((x + 1) as f64 - a.0) + SAMPLE_MARGIN;
            let lo_y = (y as f64 - a.1) - SAMPLE_MARGIN;
            let hi_y = ((y + 1) as f64 - a.1) + SAMPLE_MARGIN;
            if dx.max(0.0) < lo_x || dx.min(0.0) > hi_x || dy.max(0.0) < lo_y || dy.min(0.0) > hi_y
            {
                continue;
            }
            let side = |cx: f64, cy: f64| dx * cy - dy * cx;
            let v = [
                side(lo_x, lo_y),
                side(hi_x, lo_y),
                side(lo_x, hi_y),
                side(hi_x, hi_y),
            ];
            if v.iter().all(|&s| s > 0.0) || v.iter().all(|&s| s < 0.0) {
                continue;
            }
            return false;
        }
    }
    true
}

/// One point of the centripetal span `p1`–`p2` at `u` in `(0, 1)` (Barry–Goldman).
fn span_point(p: [(f64, f64); 4], u: f64) -> (f64, f64) {
    let knot = |a: (f64, f64), b: (f64, f64)| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        sqrt(sqrt(dx * dx + dy * dy))
    };
    let t0 = 0.0;
    let t1 = t0 + knot(p[0], p[1]);
    let t2 = t1 + knot(p[1], p[2]);
    let t3 = t2 + knot(p[2], p[3]);
    let t = t1 + u * (t2 - t1);
    let lerp = |a: (f64, f64), b: (f64, f64), ta: f64, tb: f64| {
        let (wa, wb) = ((tb - t) / (tb - ta), (t - ta) / (tb - ta));
        (wa * a.0 + wb * b.0, wa * a.1 + wb * b.1)
    };
    let a1 = lerp(p[0], p[1], t0, t1);
    let a2 = lerp(p[1], p[2], t1, t2);
    let a3 = lerp(p[2], p[3], t2, t3);
    let b1 = lerp(a1, a2, t0, t2);
    let b2 = lerp(a2, a3, t1, t3);
    lerp(b1, b2, t1, t2)
}

/// The largest multiplier among the cells the segment `a → b` crosses with positive length.
fn dearest(grid: &Grid, a: (f64, f64), b: (f64, f64)) -> f64 {
    let mut m = 0.0f64;
    for_each_crossed_cell(a, b, |x, y, _| m = m.max(cell_multiplier(grid, x, y)));
    m
}

/// Whether the chords through `samples` (the span's first waypoint, then its curve points)
/// and on to `end` cross no cell dearer than the dearest one the straight segment crosses
/// (module documentation, "Terrain").
fn curve_terrain_no_dearer(grid: &Grid, samples: &[WorldPoint], end: (f64, f64)) -> bool {
    let Some(first) = samples.first() else {
        return true;
    };
    let bound = dearest(grid, (first.x, first.y), end);
    let mut ok = true;
    let mut prev = (first.x, first.y);
    for q in samples[1..]
        .iter()
        .map(|p| (p.x, p.y))
        .chain(core::iter::once(end))
    {
        for_each_crossed_cell(prev, q, |x, y, _| {
            ok &= cell_multiplier(grid, x, y) <= bound;
        });
        prev = q;
    }
    ok
}

/// Samples the centripetal Catmull-Rom curve through the centres of `waypoints` with
/// `per_span` points per span (at least 1; 1 gives the waypoints), written to `out` in grid
/// units; returns the count ([`catmull_rom_len`]). Spans whose curve would come within
/// [`SAMPLE_MARGIN`] of a wall are emitted straight (module documentation). The waypoints
/// should be distinct consecutive cells with line of sight between them (as
/// [`ThetaSearch`](super::ThetaSearch) and [`smooth_path`](super::smooth_path) return them);
/// a pair without line of sight is emitted straight as given.
///
/// Returns `None` (nothing guaranteed written) when `out` is shorter than
/// [`catmull_rom_len`].
///
/// # Complexity
///
/// O(n · k) points, each chord test O(1) cells (chords are short); allocates nothing.
///
/// # Examples
///
/// ```
/// use onepath::theta::{catmull_rom, catmull_rom_len, chord_clear};
/// use onepath::{Cell, Grid, WorldPoint};
/// let grid = Grid::from_text("......\n......\n..##..\n......").unwrap();
/// let waypoints = [Cell::new(0, 3), Cell::new(1, 1), Cell::new(5, 0)];
/// let mut out = vec![WorldPoint::default(); catmull_rom_len(waypoints.len(), 8)];
/// let n = catmull_rom(&grid, &waypoints, 8, &mut out).unwrap();
/// assert_eq!(n, 17);
/// assert_eq!(out[8], WorldPoint::new(1.5, 1.5)); // waypoints are kept exactly
/// for w in out[..n].windows(2) {
///     assert!(chord_clear(&grid, (w[0].x, w[0].y), (w[1].x, w[1].y)));
/// }
/// ```
pub fn catmull_rom(
    grid: &Grid,
    waypoints: &[Cell],
    per_span: u32,
    out: &mut [WorldPoint],
) -> Option<usize> {
    let k = per_span.max(1);
    let total = catmull_rom_len(waypoints.len(), k);
    let out = out.get_mut(..total)?;
    let n = waypoints.len();
    if n == 0 {
        return Some(0);
    }
    let mut len = 0;
    for i in 0..n - 1 {
        let p1 = centre(waypoints[i]);
        let p2 = centre(waypoints[i + 1]);
        let p0 = if i == 0 {
            (2.0 * p1.0 - p2.0, 2.0 * p1.1 - p2.1)
        } else {
            centre(waypoints[i - 1])
        };
        let p3 = if i + 2 < n {
            centre(waypoints[i + 2])
        } else {
            (2.0 * p2.0 - p1.0, 2.0 * p2.1 - p1.1)
        };
        let start = len;
        out[len] = WorldPoint::new(p1.0, p1.1);
        len += 1;
        let distinct = |a: (f64, f64), b: (f64, f64)| a.0 != b.0 || a.1 != b.1;
        let curved = distinct(p0, p1) && distinct(p1, p2) && distinct(p2, p3);
        let mut ok = curved;
        if curved {
            let mut prev = p1;
            for j in 1..k {
                let q = span_point([p0, p1, p2, p3], f64::from(j) / f64::from(k));
                if !chord_clear(grid, prev, q) {
                    ok = false;
                    break;
                }
                out[len] = WorldPoint::new(q.0, q.1);
                len += 1;
                prev = q;
            }
            ok = ok && chord_clear(grid, prev, p2);
            if ok && !grid.areas().is_uniform() {
                let samples = &out[start..len];
                ok = curve_terrain_no_dearer(grid, samples, p2);
            }
        }
        if !ok {
            // The straight segment, at the same parameters.
            len = start + 1;
            for j in 1..k {
                let u = f64::from(j) / f64::from(k);
                let q = (p1.0 + u * (p2.0 - p1.0), p1.1 + u * (p2.1 - p1.1));
                out[len] = WorldPoint::new(q.0, q.1);
                len += 1;
            }
        }
    }
    out[len] = WorldPoint::new(centre(waypoints[n - 1]).0, centre(waypoints[n - 1]).1);
    len += 1;
    Some(len)
}
