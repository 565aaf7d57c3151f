//! [`GridLineOfSight`]: whether the segment between two cell centres stays clear of walls
//! (spec: grids.md, “Any-angle search”, line of sight).
//!
//! # Definition
//!
//! Two walkable cells see each other when the closed segment between their centres touches no
//! wall, a wall being the *closed* unit square of a non-walkable cell: touching a wall's corner
//! blocks. Cells outside the grid are walls. So diagonal neighbours see each other exactly when
//! both cells beside the diagonal are walkable, the same rule as a no-corner-cutting move.
//!
//! # Algorithm
//!
//! Integers only. With `dx = x1 - x0`, `dy = y1 - y0`, `nx = |dx|`, `ny = |dy|` and the steps
//! `sx`, `sy` their signs: a straight segment (`nx = 0` or `ny = 0`) tests the cells of its row
//! or column. Otherwise the walk starts at `(x0, y0)` with `ix = iy = 0` and, until
//! `ix = nx` and `iy = ny`, evaluates `d = (2 ix + 1) ny - (2 iy + 1) nx` in 64 bits: `d < 0`
//! steps in x, `d > 0` in y, and `d = 0` (the segment passes through a lattice corner) requires
//! both cells beside the corner to be walkable and steps diagonally. Every cell entered must be
//! walkable. The walk visits exactly the cells whose closed squares the segment touches, so the
//! answer is symmetric in its two ends.

use crate::grid::{Cell, Grid, WALL};

/// Line of sight between cell centres on a square [`Grid`] (tier 3).
///
/// # Complexity
///
/// O(|dx| + |dy|) cell reads, no allocation.
///
/// # Determinism
///
/// Integer arithmetic only; the answer is a function of the grid's walls and the two cells.
///
/// # Examples
///
/// ```
/// use onepath::theta::GridLineOfSight;
/// use onepath::{Cell, Grid};
///
/// let grid = Grid::from_text("....\n.#..\n....").unwrap();
/// assert!(GridLineOfSight::check(&grid, Cell::new(0, 0), Cell::new(3, 0)));
/// // The segment from (0, 0) to (2, 2) runs through the wall (1, 1): blocked.
/// assert!(!GridLineOfSight::check(&grid, Cell::new(0, 0), Cell::new(2, 2)));
/// // From (0, 2) to (3, 1) it passes the lattice corner (2, 2), which the wall touches.
/// assert!(!GridLineOfSight::check(&grid, Cell::new(0, 2), Cell::new(3, 1)));
/// assert!(GridLineOfSight::check(&grid, Cell::new(2, 0), Cell::new(3, 2)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GridLineOfSight;

impl GridLineOfSight {
    /// Whether `a` and `b` are walkable cells of `grid` that see each other (a cell sees
    /// itself when it is walkable). The answer equals [`GridLineOfSight::check_with`] over
    /// the grid's walls; rows and columns are scanned as slices and the stepped walk moves a
    /// cell index (no bounds test per cell: both ends are inside, so is every cell between)
    /// with its decision value updated by additions.
    ///
    /// # Complexity
    ///
    /// O(|dx| + |dy|).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::theta::GridLineOfSight;
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::from_text(".....\n..#..\n.....").unwrap();
    /// assert!(GridLineOfSight::check(&grid, Cell::new(0, 0), Cell::new(4, 0)));
    /// assert!(!GridLineOfSight::check(&grid, Cell::new(0, 1), Cell::new(4, 1))); // through the wall
    /// assert!(!GridLineOfSight::check(&grid, Cell::new(2, 1), Cell::new(2, 1))); // a wall sees nothing
    /// ```
    pub fn check(grid: &Grid, a: Cell, b: Cell) -> bool {
        let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
        let cells = grid.cells();
        let (x0, y0) = (i64::from(a.x), i64::from(a.y));
        let (x1, y1) = (i64::from(b.x), i64::from(b.y));
        let inside = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h;
        if !inside(x0, y0) || !inside(x1, y1) {
            return false;
        }
        // Both ends inside: every cell the segment touches lies in their bounding box, so the
        // walk below needs no bounds test; it moves a cell index instead of coordinates.
        // Every index stays below `w * h`, which is the length of `cells`.
        let at = |x: i64, y: i64| (y * w + x) as usize;
        let open = |i: usize| cells.get(i).is_some_and(|&c| c != WALL);
        let (i0, i1) = (at(x0, y0), at(x1, y1));
        if !open(i0) || !open(i1) {
            return false;
        }
        let (dx, dy) = (x1 - x0, y1 - y0);
        let (nx, ny) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
        let wu = w as usize;
        if ny == 0 {
            // A row: one contiguous slice.
            let (lo, hi) = (i0.min(i1), i0.max(i1));
            return cells
                .get(lo..=hi)
                .is_some_and(|r| r.iter().all(|&c| c != WALL));
        }
        if nx == 0 {
            // A column: every `w`th byte.
            let lo = i0.min(i1);
            return cells
                .get(lo..)
                .is_some_and(|r| r.iter().step_by(wu).take(ny + 1).all(|&c| c != WALL));
        }
        // The walk of `check_with`, with `d = (2 ix + 1) ny - (2 iy + 1) nx` kept up to date by
        // additions (an x step adds 2 ny, a y step subtracts 2 nx) and a moving index.
        let (nx, ny) = (nx as i64, ny as i64);
        let step_x: isize = if dx > 0 { 1 } else { -1 };
        let step_y: isize = if dy > 0 { w as isize } else { -(w as isize) };
        let mut i = i0;
        let mut d = ny - nx;
        let (mut ix, mut iy) = (0i64, 0i64);
        while ix < nx || iy < ny {
            match d.cmp(&0) {
                core::cmp::Ordering::Less => {
                    i = i.wrapping_add_signed(step_x);
                    d += 2 * ny;
                    ix += 1;
                }
                core::cmp::Ordering::Greater => {
                    i = i.wrapping_add_signed(step_y);
                    d -= 2 * nx;
                    iy += 1;
                }
                core::cmp::Ordering::Equal => {
                    // Through a lattice corner: both cells beside it must be walkable.
                    if !open(i.wrapping_add_signed(step_x)) || !open(i.wrapping_add_signed(step_y))
                    {
                        return false;
                    }
                    i = i.wrapping_add_signed(step_x + step_y);
                    d += 2 * (ny - nx);
                    ix += 1;
                    iy += 1;
                }
            }
            if !open(i) {
                return false;
            }
        }
        true
    }

    /// The same walk over any walkability test `open(x, y)` (called only with the cells the
    /// segment touches, each at most once per call on the straight and stepped parts).
    ///
    /// # Complexity
    ///
    /// O(|dx| + |dy|) calls of `open`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::theta::GridLineOfSight;
    /// use onepath::Cell;
    /// // Any map: here an endless plane with one blocked cell at (3, 3).
    /// let open = |x: i64, y: i64| (x, y) != (3, 3);
    /// assert!(!GridLineOfSight::check_with(Cell::new(0, 0), Cell::new(6, 6), open));
    /// assert!(GridLineOfSight::check_with(Cell::new(0, 0), Cell::new(6, 0), open));
    /// ```
    pub fn check_with(a: Cell, b: Cell, mut open: impl FnMut(i64, i64) -> bool) -> bool {
        let (x0, y0) = (i64::from(a.x), i64::from(a.y));
        let (x1, y1) = (i64::from(b.x), i64::from(b.y));
        if !open(x0, y0) || !open(x1, y1) {
            return false;
        }
        let (dx, dy) = (x1 - x0, y1 - y0);
        let (nx, ny) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut x, mut y) = (x0, y0);
        if nx == 0 || ny == 0 {
            // A row or a column: every cell between the ends (the ends are tested above).
            for _ in 1..(nx + ny) {
                x += sx;
                y += sy;
                if !open(x, y) {
                    return false;
                }
            }
            return true;
        }
        let (mut ix, mut iy) = (0i64, 0i64);
        // |dx|, |dy| < 2^32, so (2 ix + 1) * ny < 2^33 * 2^32: the products fit in 64 bits.
        while ix < nx || iy < ny {
            let d = (2 * ix + 1) * ny - (2 * iy + 1) * nx;
            match d.cmp(&0) {
                core::cmp::Ordering::Less => {
                    x += sx;
                    ix += 1;
                }
                core::cmp::Ordering::Greater => {
                    y += sy;
                    iy += 1;
                }
                core::cmp::Ordering::Equal => {
                    // Through a lattice corner: both cells beside it must be walkable.
                    if !open(x + sx, y) || !open(x, y + sy) {
                        return false;
                    }
                    x += sx;
                    y += sy;
                    ix += 1;
                    iy += 1;
                }
            }
            if !open(x, y) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_neighbours_need_both_side_cells() {
        let grid = Grid::from_text(".#\n..").unwrap();
        assert!(!GridLineOfSight::check(
            &grid,
            Cell::new(0, 0),
            Cell::new(1, 1)
        ));
        assert!(!GridLineOfSight::check(
            &grid,
            Cell::new(1, 1),
            Cell::new(0, 0)
        ));
        let open = Grid::from_text("..\n..").unwrap();
        assert!(GridLineOfSight::check(
            &open,
            Cell::new(1, 0),
            Cell::new(0, 1)
        ));
    }

    #[test]
    fn outside_is_a_wall() {
        let grid = Grid::new(3, 3).unwrap();
        assert!(!GridLineOfSight::check(
            &grid,
            Cell::new(-1, 0),
            Cell::new(2, 2)
        ));
        assert!(!GridLineOfSight::check(
            &grid,
            Cell::new(0, 0),
            Cell::new(3, 0)
        ));
        assert!(!GridLineOfSight::check(
            &grid,
            Cell::new(i32::MIN, 0),
            Cell::new(i32::MAX, 0)
        ));
        assert!(GridLineOfSight::check(
            &grid,
            Cell::new(0, 0),
            Cell::new(2, 1)
        ));
        assert!(GridLineOfSight::check(
            &grid,
            Cell::new(1, 1),
            Cell::new(1, 1)
        ));
    }

    #[test]
    fn the_fast_walk_equals_the_generic_walk() {
        // `check` (slices, moving index) against `check_with` over the same walls, every
        // ordered pair of cells (and some outside) on random grids, rows and columns included.
        let mut rng = crate::math::SplitMix64::new(0x7E7A_1005);
        for g in 0..60u32 {
            let (w, h) = (1 + rng.below(9), 1 + rng.below(9));
            let walls = rng.below(5);
            let text: alloc::vec::Vec<u8> = (0..h)
                .flat_map(|y| {
                    let row: alloc::vec::Vec<u8> = (0..w)
                        .map(|_| if rng.below(10) < walls { b'#' } else { b'.' })
                        .collect();
                    row.into_iter().chain((y + 1 < h).then_some(b'\n'))
                })
                .collect();
            let grid = Grid::from_text(core::str::from_utf8(&text).unwrap()).unwrap();
            let (wi, hi) = (w as i32, h as i32);
            for ay in -1..=hi {
                for ax in -1..=wi {
                    for by in -1..=hi {
                        for bx in -1..=wi {
                            let (a, b) = (Cell::new(ax, ay), Cell::new(bx, by));
                            let slow = GridLineOfSight::check_with(a, b, |x, y| {
                                grid.is_walkable(Cell::new(x as i32, y as i32))
                            });
                            assert_eq!(
                                GridLineOfSight::check(&grid, a, b),
                                slow,
                                "grid {g} {a:?} -> {b:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_knight_move_passes_between_two_cells() {
        // Centres (0.5, 0.5) -> (2.5, 1.5): the segment enters (1, 0) at x = 1, (1, 1) at
        // y = 1 and (2, 1) at x = 2, and passes no lattice corner.
        let grid = Grid::from_text("...\n#..").unwrap();
        assert!(GridLineOfSight::check(
            &grid,
            Cell::new(0, 0),
            Cell::new(2, 1)
        ));
        let grid = Grid::from_text(".#.\n...").unwrap();
        assert!(!GridLineOfSight::check(
            &grid,
            Cell::new(0, 0),
            Cell::new(2, 1)
        ));
    }
}
