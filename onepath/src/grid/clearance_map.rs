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
//! pulls the edits since then from [`Grid::edits_since`](crate::Grid::edits_since). A shared
//! `&Grid` never changes, so any number of threads may read it while each owns (or shares
//! read-only) a current map.
//!
//! For the common single-owner case the grid embeds one:
//! [`Grid::clearance`](crate::Grid::clearance) (`&mut self`) refreshes and returns it, and while
//! it is current, [`Grid::cached_clearance`](crate::Grid::cached_clearance) (`&self`) hands it
//! to [`SquareTopology::new`](crate::grid::SquareTopology::new) and the tier-1 queries, which
//! then skip the O(cells) recompute for agents larger than one cell.
//!
//! # Files
//!
//! This file is the map as plain data: it follows a [`CellStore`] (the cells, size, revision
//! and journal a grid keeps) and names no grid type, so the grid can embed a map without the
//! two files importing each other. The public methods that take a `&Grid`
//! ([`for_grid`](ClearanceMap::for_grid), [`refresh`](ClearanceMap::refresh),
//! [`is_current`](ClearanceMap::is_current)) and the grid's own clearance methods live in
//! `grid_clearance.rs`, which imports both.

use alloc::vec::Vec;

use super::cell::Cell;
use super::cell_store::CellStore;
use super::clearance::{clearance_into, repair_clearance};
use super::journal::{EditJournal, EditsSince, GridEdit};
use super::rect::GridRect;

/// What the last [`ClearanceMap::refresh`] did.
///
/// # Examples
///
/// ```
/// use onepath::grid::{ClearanceMap, ClearanceRefresh};
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::new(8, 8).unwrap();
/// let mut map = ClearanceMap::new();
/// assert_eq!(map.last_refresh(), ClearanceRefresh::Never);
/// map.refresh(&grid);
/// assert_eq!(map.last_refresh(), ClearanceRefresh::Rebuilt); // the first read computes all
/// map.refresh(&grid);
/// assert_eq!(map.last_refresh(), ClearanceRefresh::UpToDate);
/// grid.set_walkable(Cell::new(7, 7), false).unwrap();
/// map.refresh(&grid);
/// assert!(matches!(map.last_refresh(), ClearanceRefresh::Repaired { recomputed } if recomputed < 64));
/// ```
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
/// read the rectangles edited since ([`Grid::edits_since`](crate::Grid::edits_since)) and
/// repair rows from the lowest edited row upwards, right to left (more than 32 rectangles are
/// merged into their bounding box; more than [`EditJournal::CAPACITY`] edits since the last
/// refresh means a full recompute). Area-cost changes do not touch clearance and are skipped.
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::ClearanceMap;
    /// use onepath::Grid;
    /// let mut map = ClearanceMap::new(); // free: nothing computed yet
    /// assert!(map.values().is_empty() && map.revision().is_none());
    /// map.refresh(&Grid::new(2, 1).unwrap());
    /// assert_eq!(map.values(), &[1, 1]);
    /// ```
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

    /// Brings the map up to date with `store` (see [`ClearanceMap::refresh`], its public
    /// form for a grid) and returns the clearance of every cell, row-major.
    pub(crate) fn refresh_store(&mut self, store: &CellStore) -> &[u8] {
        self.last = self.update(store);
        self.revision = store.revision();
        debug_assert!(self.matches(store));
        &self.values
    }

    fn update(&mut self, store: &CellStore) -> ClearanceRefresh {
        if !self.filled || self.width != store.width() || self.height != store.height() {
            return self.rebuild(store);
        }
        let edits = match store.edits_since(self.revision) {
            EditsSince::Rebuild => return self.rebuild(store),
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
                GridEdit::Everything => return self.rebuild(store),
            }
        }
        if rects.is_empty() {
            return ClearanceRefresh::UpToDate;
        }
        let recomputed = repair_clearance(
            store.cells(),
            store.width(),
            store.height(),
            &mut self.values,
            &rects,
        );
        ClearanceRefresh::Repaired { recomputed }
    }

    fn rebuild(&mut self, store: &CellStore) -> ClearanceRefresh {
        // Reuses the allocation when the size is unchanged.
        clearance_into(
            store.cells(),
            store.width(),
            store.height(),
            &mut self.values,
        );
        self.width = store.width();
        self.height = store.height();
        self.filled = true;
        ClearanceRefresh::Rebuilt
    }

    /// Whether the map matches `store` as it is now (same size, refreshed at its current
    /// revision); see [`ClearanceMap::is_current`], its public form for a grid.
    pub(crate) fn matches(&self, store: &CellStore) -> bool {
        self.filled
            && self.revision == store.revision()
            && self.width == store.width()
            && self.height == store.height()
    }

    /// The values as of the last refresh (empty before the first).
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The grid revision the values match, or `None` before the first refresh.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::ClearanceMap;
    /// use onepath::Grid;
    /// let grid = Grid::new(3, 3).unwrap();
    /// assert_eq!(ClearanceMap::for_grid(&grid).revision(), Some(grid.revision()));
    /// ```
    pub fn revision(&self) -> Option<u64> {
        self.filled.then_some(self.revision)
    }

    /// The clearance of `cell` as of the last refresh: 0 outside the grid (and before the
    /// first refresh).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::ClearanceMap;
    /// use onepath::{Cell, Grid};
    /// let map = ClearanceMap::for_grid(&Grid::new(3, 3).unwrap());
    /// assert_eq!((map.get(Cell::new(0, 0)), map.get(Cell::new(2, 2)), map.get(Cell::new(5, 5))), (3, 1, 0));
    /// ```
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_a_store_without_a_grid() {
        let mut store = CellStore::new(6, 4).unwrap();
        let mut m = ClearanceMap::new();
        assert!(!m.matches(&store));
        let mut full = Vec::new();
        assert_eq!(m.refresh_store(&store)[0], 4);
        assert_eq!(m.last_refresh(), ClearanceRefresh::Rebuilt);
        store.set_area(Cell::new(2, 2), 255).unwrap();
        assert!(!m.matches(&store));
        clearance_into(store.cells(), 6, 4, &mut full);
        assert_eq!(m.refresh_store(&store), &full[..]);
        assert!(matches!(
            m.last_refresh(),
            ClearanceRefresh::Repaired { .. }
        ));
        assert!(m.matches(&store));
        assert_eq!((m.get(Cell::new(2, 2)), m.get(Cell::new(6, 0))), (0, 0));
        m.clear();
        assert!(!m.matches(&store));
        assert_eq!(m.refresh_store(&store), &full[..]);
        assert_eq!(m.last_refresh(), ClearanceRefresh::Rebuilt);
    }
}
