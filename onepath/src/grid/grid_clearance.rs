//! The clearance of a [`Grid`]: the public forms of the clearance computation and of
//! [`ClearanceMap`] that take a grid, and the grid's clearance methods ([`Grid::clearance`],
//! [`Grid::cached_clearance`], [`Grid::can_fit`], [`Grid::max_agent_size_at`]; spec: grids.md,
//! “Clearance and agent sizes”).
//!
//! # Why this file exists
//!
//! The grid embeds a [`ClearanceMap`], so `grid.rs` names the map's type; the map follows the
//! grid. If the map's file named `Grid` too, the two files would import each other. So the
//! computation (`clearance.rs`) and the map (`clearance_map.rs`) are plain data over a
//! [`CellStore`](super::cell_store::CellStore) that name no grid, and this file — which imports
//! `grid.rs`, `clearance_map.rs` and `clearance.rs`, and is imported by none of them — holds
//! everything that takes a `&Grid`. Imports run one way: `grid_clearance.rs` → `grid.rs` →
//! `clearance_map.rs` → `clearance.rs` → `cell_store.rs`.

use alloc::vec::Vec;

use super::cell::Cell;
use super::cell_store::WALL;
use super::clearance::clearance_into;
use super::clearance_map::ClearanceMap;
use super::grid::Grid;

/// Computes the true clearance of every cell of `grid`, row-major.
///
/// # Complexity
///
/// O(cells) time, one byte per cell.
///
/// # Examples
///
/// ```
/// use onepath::grid::compute_clearance;
/// use onepath::{Cell, Grid};
/// let grid = Grid::from_text("...\n..#\n...").unwrap();
/// let c = compute_clearance(&grid);
/// assert_eq!(c, [2, 1, 1, 2, 1, 0, 1, 1, 1]);
/// // An agent of side s may stand where the clearance is at least s.
/// assert_eq!(grid.can_fit(Cell::new(0, 1), 2), c[3] >= 2);
/// ```
pub fn compute_clearance(grid: &Grid) -> Vec<u8> {
    let mut c = Vec::new();
    compute_clearance_into(grid, &mut c);
    c
}

/// [`compute_clearance`] into a caller's vector (no allocation once it is large enough).
///
/// # Examples
///
/// ```
/// use onepath::grid::{compute_clearance, compute_clearance_into};
/// use onepath::Grid;
/// let grid = Grid::from_text("..\n.#").unwrap();
/// let mut c = Vec::with_capacity(64); // kept between calls
/// compute_clearance_into(&grid, &mut c);
/// assert_eq!(c, compute_clearance(&grid));
/// assert_eq!(c, [1, 1, 1, 0]);
/// ```
pub fn compute_clearance_into(grid: &Grid, c: &mut Vec<u8>) {
    clearance_into(grid.cells(), grid.width(), grid.height(), c);
}

impl ClearanceMap {
    /// A map computed for `grid` now.
    ///
    /// # Complexity
    ///
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::ClearanceMap;
    /// use onepath::Grid;
    /// let grid = Grid::from_text("...\n...\n..#").unwrap();
    /// let map = ClearanceMap::for_grid(&grid);
    /// assert_eq!(map.values(), &[2, 2, 1, 2, 1, 1, 1, 1, 0]);
    /// assert!(map.is_current(&grid));
    /// ```
    pub fn for_grid(grid: &Grid) -> Self {
        let mut m = Self::new();
        m.refresh(grid);
        m
    }

    /// Brings the map up to date with `grid` and returns the clearance of every cell,
    /// row-major.
    ///
    /// # Complexity
    ///
    /// O(1) when no cell changed; after cell edits, the swept rows' bookkeeping plus the
    /// recomputed cells (those inside the edited rectangles and those up and to the left whose
    /// value actually changes, plus one more per swept row); O(cells) on the first call or
    /// when the map is more than
    /// [`EditJournal::CAPACITY`](crate::grid::EditJournal::CAPACITY) edits behind.
    ///
    /// # Determinism
    ///
    /// The result equals [`compute_clearance`] bit for bit whatever path the refresh took.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::ClearanceMap;
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(3, 3).unwrap();
    /// let mut map = ClearanceMap::for_grid(&grid);
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap();
    /// assert!(!map.is_current(&grid));
    /// // Repaired from the edit: equals a fresh computation.
    /// assert_eq!(map.refresh(&grid), ClearanceMap::for_grid(&grid).values());
    /// ```
    pub fn refresh(&mut self, grid: &Grid) -> &[u8] {
        self.refresh_store(&grid.store)
    }

    /// Whether the map matches `grid` as it is now (same size, refreshed at its current
    /// [`revision`](Grid::revision)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::ClearanceMap;
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(2, 2).unwrap();
    /// let map = ClearanceMap::for_grid(&grid);
    /// assert!(map.is_current(&grid));
    /// grid.set_walkable(Cell::new(0, 0), false).unwrap();
    /// assert!(!map.is_current(&grid));
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.matches(&grid.store)
    }
}

impl Grid {
    /// The true clearance of every cell, row-major, refreshed from the edits since the last
    /// call (see [`ClearanceMap`]; the grid embeds one).
    ///
    /// While no cell is edited afterwards, [`cached_clearance`](Grid::cached_clearance) returns
    /// the same slice through `&self`, and [`SquareTopology::new`](crate::grid::SquareTopology)
    /// and the tier-1 queries use it instead of recomputing clearance for agents larger than
    /// one cell.
    ///
    /// # Complexity
    ///
    /// As [`ClearanceMap::refresh`]: O(cells) the first time, then proportional to what the
    /// edits changed.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::from_text("...\n..#\n...").unwrap();
    /// // The side of the largest open square whose top-left corner is the cell.
    /// assert_eq!(grid.clearance(), &[2, 1, 1, 2, 1, 0, 1, 1, 1]);
    /// assert!(grid.cached_clearance().is_some()); // now read through `&self` too
    /// grid.set_area(Cell::new(0, 2), 255).unwrap();
    /// assert_eq!(grid.cached_clearance(), None); // stale until the next refresh
    /// assert_eq!(grid.clearance(), &[2, 1, 1, 1, 1, 0, 0, 1, 1]);
    /// ```
    pub fn clearance(&mut self) -> &[u8] {
        self.clearance_cache.refresh_store(&self.store)
    }

    /// The embedded clearance if it is current (refreshed by [`clearance`](Grid::clearance)
    /// and no cell edited since), else `None`. O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Grid;
    /// let mut grid = Grid::new(2, 2).unwrap();
    /// assert_eq!(grid.cached_clearance(), None); // never computed
    /// grid.clearance();
    /// assert_eq!(grid.cached_clearance(), Some(&[2, 1, 1, 1][..]));
    /// ```
    pub fn cached_clearance(&self) -> Option<&[u8]> {
        let map = &self.clearance_cache;
        map.matches(&self.store).then(|| map.values())
    }

    /// Whether an agent of side `size` fits with its top-left at `cell`: the `size × size` block
    /// there lies inside the grid and has no wall (true clearance ≥ size; the spec's `CanFit`).
    /// `false` for size 0.
    ///
    /// # Complexity
    ///
    /// O(1) while the embedded clearance is current ([`Grid::clearance`]), else O(size²).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::from_text("...\n...\n..#").unwrap();
    /// assert!(grid.can_fit(Cell::new(0, 0), 2));
    /// assert!(!grid.can_fit(Cell::new(1, 1), 2)); // the wall at (2, 2)
    /// assert!(!grid.can_fit(Cell::new(0, 0), 0));
    /// ```
    pub fn can_fit(&self, cell: Cell, size: u8) -> bool {
        if size == 0 {
            return false;
        }
        let Some(i) = self.index_of(cell) else {
            return false;
        };
        if let Some(c) = self.cached_clearance() {
            return c[i as usize] >= size;
        }
        let (w, h, cells) = (self.width(), self.height(), self.cells());
        let (x0, y0, s) = (cell.x as u32, cell.y as u32, u32::from(size));
        if x0 + s > w || y0 + s > h {
            return false;
        }
        (y0..y0 + s).all(|y| {
            let row = (y * w + x0) as usize;
            !cells[row..row + s as usize].contains(&WALL)
        })
    }

    /// The true clearance of `cell`: the side of the largest wall-free square with `cell` as
    /// its top-left corner, capped at 255; 0 for walls and cells outside the grid (the spec's
    /// `MaxAgentSizeAt`).
    ///
    /// # Complexity
    ///
    /// O(1) while the embedded clearance is current ([`Grid::clearance`]), else
    /// O(clearance²).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::from_text("....\n....\n...#").unwrap();
    /// assert_eq!(grid.max_agent_size_at(Cell::new(0, 0)), 3);
    /// assert_eq!(grid.max_agent_size_at(Cell::new(2, 1)), 1);
    /// assert_eq!(grid.max_agent_size_at(Cell::new(3, 2)), 0); // a wall
    /// ```
    pub fn max_agent_size_at(&self, cell: Cell) -> u8 {
        if !self.is_walkable(cell) {
            return 0;
        }
        if let (Some(c), Some(i)) = (self.cached_clearance(), self.index_of(cell)) {
            return c[i as usize];
        }
        let (w, h, cells) = (self.width(), self.height(), self.cells());
        let (x0, y0) = (cell.x as u32, cell.y as u32);
        let mut s: u32 = 1;
        // Grow the square by one row and one column while they are inside and open.
        while s < 255 {
            let (nx, ny) = (x0 + s, y0 + s);
            if nx >= w || ny >= h {
                break;
            }
            let row = (0..=s).all(|i| cells[(ny * w + x0 + i) as usize] != WALL);
            let col = (0..s).all(|j| cells[((y0 + j) * w + nx) as usize] != WALL);
            if !(row && col) {
                break;
            }
            s += 1;
        }
        s as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::ClearanceRefresh;

    #[test]
    fn matches_the_definition() {
        let g = Grid::from_text(
            "
            ....#
            .....
            ..#..
            .....
            ",
        )
        .unwrap();
        let c = compute_clearance(&g);
        for y in 0..4 {
            for x in 0..5 {
                assert_eq!(
                    c[y * 5 + x],
                    g.max_agent_size_at(Cell::new(x as i32, y as i32)),
                    "cell ({x}, {y})"
                );
            }
        }
        assert_eq!(c[0], 2);
        assert_eq!(c[4], 0);
    }

    #[test]
    fn follows_edits_and_reports_what_it_did() {
        let mut g = Grid::new(20, 10).unwrap();
        let mut m = ClearanceMap::new();
        assert_eq!(m.revision(), None);
        assert_eq!(m.get(Cell::new(0, 0)), 0);
        // Edits before the first read cost nothing: the first refresh just computes.
        g.set_area(Cell::new(3, 3), 255).unwrap();
        m.refresh(&g);
        assert_eq!(m.last_refresh(), ClearanceRefresh::Rebuilt);
        assert!(m.is_current(&g));
        m.refresh(&g);
        assert_eq!(m.last_refresh(), ClearanceRefresh::UpToDate);
        g.set_area_cost(4, 2.0).unwrap();
        m.refresh(&g);
        assert_eq!(m.last_refresh(), ClearanceRefresh::UpToDate);
        g.set_rect(10, 5, 3, 2, 255).unwrap();
        g.set_area(Cell::new(3, 3), 0).unwrap();
        assert!(!m.is_current(&g));
        assert_eq!(m.refresh(&g), &compute_clearance(&g)[..]);
        assert!(matches!(
            m.last_refresh(),
            ClearanceRefresh::Repaired { recomputed } if recomputed < 200
        ));
        // More edits than the journal holds: rebuild.
        for i in 0..70 {
            g.set_area(Cell::new(7, 9), if i % 2 == 0 { 255 } else { 0 })
                .unwrap();
        }
        assert!(g.edits_since(m.revision().unwrap()).is_rebuild());
        assert_eq!(m.refresh(&g), &compute_clearance(&g)[..]);
        assert_eq!(m.last_refresh(), ClearanceRefresh::Rebuilt);
        // 40 pending rectangles (more than 32): merged into their bounding box.
        for i in 0..40 {
            g.set_area(Cell::new(i % 20, (i / 20) * 3), 255).unwrap();
        }
        assert_eq!(m.refresh(&g), &compute_clearance(&g)[..]);
        assert!(matches!(
            m.last_refresh(),
            ClearanceRefresh::Repaired { .. }
        ));
        // A different grid size rebuilds.
        let g2 = Grid::new(5, 5).unwrap();
        assert_eq!(m.refresh(&g2), &compute_clearance(&g2)[..]);
        assert_eq!(m.last_refresh(), ClearanceRefresh::Rebuilt);
    }

    #[test]
    fn the_grid_embeds_one() {
        let mut g = Grid::new(6, 6).unwrap();
        assert_eq!(g.cached_clearance(), None);
        assert_eq!(g.clearance()[0], 6);
        assert_eq!(g.cached_clearance().map(|c| c[0]), Some(6));
        g.set_area(Cell::new(2, 2), 255).unwrap();
        assert_eq!(g.cached_clearance(), None);
        assert_eq!(g.clearance()[0], 2);
        assert!(matches!(
            g.clearance_cache.last_refresh(),
            ClearanceRefresh::Repaired { .. }
        ));
        g.clearance();
        assert_eq!(g.clearance_cache.last_refresh(), ClearanceRefresh::UpToDate);
        let expect = compute_clearance(&g);
        assert_eq!(g.cached_clearance(), Some(&expect[..]));
        g.note_content_replaced();
        assert_eq!(g.cached_clearance(), None);
        assert_eq!(g.clearance(), &expect[..]);
        assert_eq!(g.clearance_cache.last_refresh(), ClearanceRefresh::Rebuilt);
    }

    #[test]
    fn clearance_by_definition() {
        let g = Grid::from_walkable_rows(&[
            [true, true, true, false],
            [true, true, true, true],
            [true, true, true, true],
        ])
        .unwrap();
        assert_eq!(g.max_agent_size_at(Cell::new(0, 0)), 3);
        assert_eq!(g.max_agent_size_at(Cell::new(1, 0)), 2);
        assert_eq!(g.max_agent_size_at(Cell::new(3, 0)), 0);
        assert_eq!(g.max_agent_size_at(Cell::new(3, 1)), 1);
        assert_eq!(g.max_agent_size_at(Cell::new(-1, 0)), 0);
        assert!(g.can_fit(Cell::new(0, 0), 3));
        assert!(!g.can_fit(Cell::new(0, 0), 4));
        assert!(!g.can_fit(Cell::new(0, 0), 0));
        assert!(!g.can_fit(Cell::new(2, 0), 2));
        assert!(g.can_fit(Cell::new(2, 1), 2));
        assert!(!g.can_fit(Cell::new(2, 1), 3));
        assert!(!g.can_fit(Cell::new(-1, 0), 1));
        // The same answers through the embedded clearance.
        let mut g = g;
        g.clearance();
        assert_eq!(g.max_agent_size_at(Cell::new(0, 0)), 3);
        assert_eq!(g.max_agent_size_at(Cell::new(3, 0)), 0);
        assert!(g.can_fit(Cell::new(2, 1), 2));
        assert!(!g.can_fit(Cell::new(2, 1), 3));
        assert!(!g.can_fit(Cell::new(0, 3), 1));
    }
}
