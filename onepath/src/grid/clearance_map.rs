//! [`ClearanceMap`]: true clearance that follows a grid's edits through the edit journal and
//! repairs itself incrementally (spec: grids.md, “Tile edits and incremental clearance”).
//!
//! # Why a separate struct (and `&mut self` on the grid)
//!
//! The spec's grid keeps its clearance lazily and repairs it on the next read. A read that
//! repairs mutates, so in Rust it either takes `&mut self` or hides a lock inside the grid. A
//! lock would cost every reader, needs `std` (or a spin lock) in a `no_std` crate, and would
//! let one thread's read stall another's. Instead the clearance is a *dependent* like any
//! other: a [`ClearanceMap`] stores the grid revision it matches and [`ClearanceMap::refresh`]
//! pulls the edits since then from [`Grid::edits_since`]. A shared `&Grid` never changes, so
//! any number of threads may read it while each owns (or shares read-only) a current map.
//!
//! For the common single-owner case the grid embeds one: [`Grid::clearance`] (`&mut self`)
//! refreshes and returns it, and while it is current, [`Grid::cached_clearance`] (`&self`)
//! hands it to [`SquareTopology::new`](crate::grid::SquareTopology::new) and the tier-1
//! queries, which then skip the O(cells) recompute for agents larger than one cell.

use alloc::vec::Vec;

use super::cell::Cell;
use super::clearance::{compute_clearance_into, repair_clearance};
use super::grid::Grid;
use super::journal::{EditJournal, EditsSince, GridEdit};
use super::rect::GridRect;

/// What the last [`ClearanceMap::refresh`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClearanceRefresh {
    /// The map was never refreshed.
    #[default]
    Never,
    /// Nothing to do: no cell changed since the map was last current.
    UpToDate,
    /// Repaired after cell edits; the number of cells recomputed.
    Repaired {
        /// Cells whose clearance was recomputed.
        recomputed: u64,
    },
    /// Recomputed from scratch: first read, a different grid size, or the journal could not
    /// say what changed.
    Rebuilt,
}

/// The true clearance of every cell of one grid, kept current by incremental repair.
///
/// Build it empty with [`ClearanceMap::new`] (free: nothing is computed or allocated), and call
/// [`refresh`](ClearanceMap::refresh) whenever you need it current. The first refresh computes
/// everything, so edits made before the clearance was ever read cost nothing; later refreshes
/// read the rectangles edited since ([`Grid::edits_since`]) and repair rows from the lowest
/// edited row upwards, right to left (more than 32 rectangles are merged into their bounding
/// box; more than [`EditJournal::CAPACITY`] edits since the last refresh means a full
/// recompute). Area-cost changes do not touch clearance and are skipped.
///
/// # Invariants
///
/// After `refresh(grid)` the values equal `compute_clearance(grid)` bit for bit, and the stored
/// revision is `grid.revision()`. A map follows one grid: the journal cannot tell two grids of the same
/// size and revision apart, so refreshing against another grid gives a wrong map.
///
/// # Examples
///
/// ```
/// use onepath::grid::{compute_clearance, ClearanceMap};
/// use onepath::{Cell, Grid};
///
/// let mut grid = Grid::new(16, 16).unwrap();
/// let mut map = ClearanceMap::new();
/// map.refresh(&grid);
/// grid.set_rect(4, 4, 2, 2, 255).unwrap();
/// grid.set_area(Cell::new(10, 12), 255).unwrap();
/// assert_eq!(map.refresh(&grid), &compute_clearance(&grid)[..]);
/// assert_eq!(map.get(Cell::new(0, 0)), 4);
/// ```
#[derive(Clone, Debug, Default)]
pub struct ClearanceMap {
    values: Vec<u8>,
    width: u32,
    height: u32,
    /// The grid revision `values` matches; meaningful only when `filled`.
    revision: u64,
    filled: bool,
    last: ClearanceRefresh,
}

impl ClearanceMap {
    /// An empty map: nothing is computed or allocated until the first refresh.
    pub const fn new() -> Self {
        Self {
            values: Vec::new(),
            width: 0,
            height: 0,
            revision: 0,
            filled: false,
            last: ClearanceRefresh::Never,
        }
    }

    /// A map computed for `grid` now.
    ///
    /// # Complexity
    ///
    /// O(cells).
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
    /// when the map is more than [`EditJournal::CAPACITY`] edits behind.
    ///
    /// # Determinism
    ///
    /// The result equals [`compute_clearance`](crate::grid::compute_clearance) bit for bit whatever path the refresh took.
    pub fn refresh(&mut self, grid: &Grid) -> &[u8] {
        self.last = self.update(grid);
        self.revision = grid.revision();
        &self.values
    }

    fn update(&mut self, grid: &Grid) -> ClearanceRefresh {
        if !self.filled || self.width != grid.width() || self.height != grid.height() {
            return self.rebuild(grid);
        }
        let edits = match grid.edits_since(self.revision) {
            EditsSince::Rebuild => return self.rebuild(grid),
            EditsSince::Edits(edits) => edits,
        };
        let mut rects: heapless::Vec<GridRect, { EditJournal::CAPACITY }> = heapless::Vec::new();
        for edit in edits {
            match edit {
                GridEdit::Cells(r) => {
                    // Cannot fail: the journal holds at most CAPACITY entries.
                    let _ = rects.push(r);
                }
                GridEdit::AreaCosts => {}
                GridEdit::Everything => return self.rebuild(grid),
            }
        }
        if rects.is_empty() {
            return ClearanceRefresh::UpToDate;
        }
        let recomputed = repair_clearance(
            grid.cells(),
            grid.width(),
            grid.height(),
            &mut self.values,
            &rects,
        );
        ClearanceRefresh::Repaired { recomputed }
    }

    fn rebuild(&mut self, grid: &Grid) -> ClearanceRefresh {
        // Reuses the allocation when the size is unchanged.
        compute_clearance_into(grid, &mut self.values);
        self.width = grid.width();
        self.height = grid.height();
        self.filled = true;
        ClearanceRefresh::Rebuilt
    }

    /// Whether the map matches `grid` as it is now (same size, refreshed at its current
    /// [`revision`](Grid::revision)).
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.filled
            && self.revision == grid.revision()
            && self.width == grid.width()
            && self.height == grid.height()
    }

    /// The values as of the last refresh (empty before the first).
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The grid revision the values match, or `None` before the first refresh.
    pub fn revision(&self) -> Option<u64> {
        self.filled.then_some(self.revision)
    }

    /// The clearance of `cell` as of the last refresh: 0 outside the grid (and before the
    /// first refresh).
    pub fn get(&self, cell: Cell) -> u8 {
        if cell.x < 0
            || cell.y < 0
            || cell.x as u32 >= self.width
            || cell.y as u32 >= self.height
            || !self.filled
        {
            return 0;
        }
        self.values[cell.y as usize * self.width as usize + cell.x as usize]
    }

    /// What the last refresh did (for diagnostics and tests).
    pub fn last_refresh(&self) -> ClearanceRefresh {
        self.last
    }

    /// Forgets the values (the next refresh rebuilds); keeps the allocation.
    pub(crate) fn clear(&mut self) {
        self.filled = false;
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
        let mut map = core::mem::take(&mut self.clearance_cache);
        map.refresh(self);
        let slot = &mut self.clearance_cache;
        *slot = map;
        slot.values()
    }

    /// The embedded clearance if it is current (refreshed by [`clearance`](Grid::clearance)
    /// and no cell edited since), else `None`. O(1).
    pub fn cached_clearance(&self) -> Option<&[u8]> {
        let map = &self.clearance_cache;
        map.is_current(self).then(|| map.values())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::compute_clearance;

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
}
