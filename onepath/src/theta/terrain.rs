//! Pricing a straight segment over terrain: the rule smoothing uses on a grid whose area
//! multipliers differ (issue 28, item 1), so that a shortcut through mud is priced as mud.
//!
//! # Rule
//!
//! A segment from point `a` to point `b` (grid units: cell `(x, y)` spans
//! `[x, x + 1] × [y, y + 1]`) costs
//!
//! ```text
//! length(a, b) × Σ over the cells it crosses, in order from a:  m(cell) × t(cell)
//! ```
//!
//! where `t(cell)` is the fraction of the segment inside that cell (the parameters at which the
//! segment enters and leaves it, subtracted) and `m` is the cell's area multiplier (a wall or a
//! cell outside the grid: +∞). Cells the segment only touches at a corner or along no length
//! get no share. It is the exact line integral of the multiplier along the segment, evaluated
//! deterministically: each boundary parameter is computed directly as
//! `(boundary − a) / (b − a)` (never accumulated), the shares are summed in crossing order from
//! 0, and the product with `length = sqrt(dx² + dy²)` comes last — `+ − × ÷ √` only, so the same
//! bits on every machine.
//!
//! It agrees with the grid's own move rule, `length × ((m[a] + m[b]) × 0.5)`: a straight or
//! diagonal move between neighbouring centres spends half its length in each of its two cells
//! (a diagonal passes its side cells at one corner point). Smoothing prices single moves by the
//! grid's rule itself, so a path it does not shorten keeps its cost bits.

use crate::grid::{Grid, WALL};
use crate::math::{floor, sqrt};

/// Calls `visit(x, y, share)` for each cell the segment `a → b` crosses with positive length,
/// in order from `a`, with the fraction of the segment inside it. A degenerate segment
/// (`a == b`) or one with a non-finite coordinate visits nothing.
///
/// # Complexity
///
/// O(|Δx| + |Δy| + 2) cells; the loop is bounded by that count whatever the input.
pub(crate) fn for_each_crossed_cell(
    a: (f64, f64),
    b: (f64, f64),
    mut visit: impl FnMut(i64, i64, f64),
) {
    let finite = a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite();
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if !finite || (dx == 0.0 && dy == 0.0) {
        return;
    }
    let (mut cx, mut cy) = (floor(a.0) as i64, floor(a.1) as i64);
    let (ex, ey) = (floor(b.0) as i64, floor(b.1) as i64);
    let (sx, sy) = (step_sign(dx), step_sign(dy));
    // The parameter at which the segment reaches the next vertical / horizontal boundary.
    let next_x = |cx: i64| boundary_t(a.0, dx, if sx > 0 { cx + 1 } else { cx });
    let next_y = |cy: i64| boundary_t(a.1, dy, if sy > 0 { cy + 1 } else { cy });
    let (mut tx, mut ty) = (next_x(cx), next_y(cy));
    let mut t_prev = 0.0;
    let bound = (ex - cx).unsigned_abs() + (ey - cy).unsigned_abs() + 2;
    for _ in 0..bound {
        let t_next = tx.min(ty).min(1.0);
        if t_next > t_prev {
            visit(cx, cy, t_next - t_prev);
            t_prev = t_next;
        }
        if t_next >= 1.0 {
            return;
        }
        // Through a corner (tx == ty) both coordinates change and the side cells get nothing.
        if tx <= ty {
            cx += sx;
            tx = next_x(cx);
        }
        if ty <= t_next {
            cy += sy;
            ty = next_y(cy);
        }
    }
}

fn step_sign(d: f64) -> i64 {
    if d > 0.0 {
        1
    } else if d < 0.0 {
        -1
    } else {
        0
    }
}

/// The parameter at which `start + t·d` reaches `boundary` (+∞ when `d` is 0).
fn boundary_t(start: f64, d: f64, boundary: i64) -> f64 {
    if d == 0.0 {
        f64::INFINITY
    } else {
        (boundary as f64 - start) / d
    }
}

/// The multiplier of cell `(x, y)`: +∞ for a wall or a cell outside the grid.
pub(crate) fn cell_multiplier(grid: &Grid, x: i64, y: i64) -> f64 {
    let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
    if x < 0 || y < 0 || x >= w || y >= h {
        return f64::INFINITY;
    }
    let area = grid.cells()[(y * w + x) as usize];
    if area == WALL {
        f64::INFINITY
    } else {
        grid.areas().get(area)
    }
}

/// The cost of the straight segment `a → b` (grid units) over `grid`'s terrain, by the rule
/// of the module documentation: +∞ when it crosses a wall or leaves the grid.
///
/// # Complexity
///
/// O(cells crossed).
///
/// # Determinism
///
/// `+ − × ÷ √` in a fixed order (module documentation).
///
/// # Examples
///
/// ```
/// use onepath::theta::terrain_segment_cost;
/// use onepath::Grid;
/// // Three cells in a row; the middle one (area 9) costs 50.
/// let mut grid = Grid::from_text(".9.").unwrap();
/// grid.set_area_cost(9, 50.0).unwrap();
/// // Centre to centre across the mud: half a cell of 1, a whole cell of 50, half a cell of 1.
/// assert_eq!(terrain_segment_cost(&grid, (0.5, 0.5), (2.5, 0.5)), 2.0 * ((0.25 + 25.0) + 0.25));
/// // Inside one cell: its multiplier times the length.
/// assert_eq!(terrain_segment_cost(&grid, (1.25, 0.5), (1.75, 0.5)), 25.0);
/// ```
pub fn terrain_segment_cost(grid: &Grid, a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = sqrt(dx * dx + dy * dy);
    let mut sum = 0.0;
    for_each_crossed_cell(a, b, |x, y, share| {
        sum += cell_multiplier(grid, x, y) * share;
    });
    length * sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn crossed(a: (f64, f64), b: (f64, f64)) -> Vec<(i64, i64, f64)> {
        let mut v = Vec::new();
        for_each_crossed_cell(a, b, |x, y, t| v.push((x, y, t)));
        v
    }

    #[test]
    fn a_diagonal_through_a_corner_skips_the_side_cells() {
        let v = crossed((0.5, 0.5), (1.5, 1.5));
        assert_eq!(v, [(0, 0, 0.5), (1, 1, 0.5)]);
        let v = crossed((1.5, 1.5), (0.5, 0.5));
        assert_eq!(v, [(1, 1, 0.5), (0, 0, 0.5)]);
    }

    #[test]
    fn shares_cover_the_segment_in_order() {
        // (0.5, 0.5) to (3.5, 1.5) would pass the corner (2, 1) exactly; this one does not.
        let v = crossed((0.25, 0.5), (3.5, 1.5));
        let cells: Vec<_> = v.iter().map(|&(x, y, _)| (x, y)).collect();
        assert_eq!(cells, [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)]);
        let total: f64 = v.iter().map(|&(_, _, t)| t).sum();
        assert!((total - 1.0).abs() < 1e-15);
        assert!(v.iter().all(|&(_, _, t)| t > 0.0));
    }

    #[test]
    fn degenerate_and_non_finite_segments_visit_nothing() {
        assert!(crossed((0.5, 0.5), (0.5, 0.5)).is_empty());
        assert!(crossed((f64::NAN, 0.5), (2.0, 0.5)).is_empty());
        assert!(crossed((0.5, 0.5), (f64::INFINITY, 0.5)).is_empty());
    }

    #[test]
    fn a_move_between_neighbours_costs_what_the_grid_charges() {
        let mut grid = Grid::from_text("12\n34").unwrap();
        for (a, m) in [(1u8, 1.5), (2, 2.0), (3, 0.5), (4, 7.0)] {
            grid.set_area_cost(a, m).unwrap();
        }
        let straight = terrain_segment_cost(&grid, (0.5, 0.5), (1.5, 0.5));
        assert_eq!(straight, 1.0 * ((1.5 + 2.0) * 0.5));
        let diagonal = terrain_segment_cost(&grid, (0.5, 0.5), (1.5, 1.5));
        assert!((diagonal - crate::math::SQRT2 * ((1.5 + 7.0) * 0.5)).abs() < 1e-12);
        assert_eq!(
            terrain_segment_cost(&grid, (0.5, 0.5), (2.5, 0.5)),
            f64::INFINITY,
            "outside the grid"
        );
    }
}
