//! Tile edits on [`Grid`] (spec: grids.md, “Tile edits and incremental clearance”): single cells,
//! rectangles, area costs. Each edit that changes something bumps the version once, records one
//! [`GridEdit`](super::journal::GridEdit) in the journal and invalidates the content-hash cache; an edit that changes
//! nothing leaves all three alone. Every check happens before the first cell is written.
//!
//! The rules are the cell store's (`cell_store.rs`, shared with the hex grid): these methods
//! delegate to it and carry the public documentation.

use super::cell::Cell;
use super::grid::Grid;
use super::journal::EditsSince;
use crate::error::GridError;

impl Grid {
    /// Sets the area id of `cell` (255 = wall). When the value changed, bumps
    /// [`version`](Grid::version) and records the cell in the journal.
    ///
    /// # Errors
    ///
    /// [`GridError::CellOutOfBounds`]; nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridError};
    /// let mut grid = Grid::new(3, 3).unwrap();
    /// grid.set_area(Cell::new(1, 1), 7).unwrap();
    /// assert_eq!((grid.area(Cell::new(1, 1)), grid.version()), (Some(7), 1));
    /// grid.set_area(Cell::new(1, 1), 7).unwrap(); // the value it holds: not an edit
    /// assert_eq!(grid.version(), 1);
    /// let outside = grid.set_area(Cell::new(3, 0), 0);
    /// assert!(matches!(outside, Err(GridError::CellOutOfBounds { x: 3, y: 0, .. })));
    /// ```
    pub fn set_area(&mut self, cell: Cell, area: u8) -> Result<(), GridError> {
        self.store.set_area(cell, area)
    }

    /// Makes `cell` open (area 0) or a wall.
    ///
    /// # Errors
    ///
    /// As [`Grid::set_area`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let mut grid = Grid::new(3, 1).unwrap();
    /// let (a, b) = (Cell::new(0, 0), Cell::new(2, 0));
    /// grid.set_walkable(Cell::new(1, 0), false).unwrap(); // a door closes
    /// assert_eq!(grid.find_path(a, b, &GridOptions::DEFAULT).unwrap().status, PathStatus::NoPath);
    /// grid.set_walkable(Cell::new(1, 0), true).unwrap(); // and opens again (area 0)
    /// assert_eq!(grid.find_path(a, b, &GridOptions::DEFAULT).unwrap().cost, 2.0);
    /// assert!(grid.set_walkable(Cell::new(3, 0), false).is_err()); // outside
    /// ```
    pub fn set_walkable(&mut self, cell: Cell, walkable: bool) -> Result<(), GridError> {
        self.store.set_walkable(cell, walkable)
    }

    /// Sets every cell of the rectangle of `width × height` cells whose top-left cell is
    /// `(x, y)` to `area`, as one edit: cells are written row-major, the version goes up once if
    /// any cell changed (not at all otherwise), and the journal records the smallest rectangle
    /// containing the changed cells.
    ///
    /// The rectangle must lie inside the grid: `0 <= x`, `0 <= y`, `x + width <= self.width()`,
    /// `y + height <= self.height()`. A rectangle with `width == 0` or `height == 0` (which
    /// may sit on the far edge, e.g. `x == self.width()`) writes nothing and is not an error.
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], before any cell is written.
    ///
    /// # Complexity
    ///
    /// O(width × height); recording the edit never allocates.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::{EditsSince, GridEdit, GridRect};
    /// use onepath::{Cell, Grid};
    /// let mut g = Grid::new(6, 4).unwrap();
    /// g.set_rect(2, 1, 1, 2, 255).unwrap();
    /// let (version, seen) = (g.version(), g.revision());
    /// // Only (3, 1) and (3, 2) change: column 2 holds walls already.
    /// g.set_rect(2, 1, 2, 2, 255).unwrap();
    /// g.set_rect(2, 1, 1, 1, 255).unwrap(); // a no-op: nothing recorded
    /// assert_eq!(g.version(), version + 1);
    /// let EditsSince::Edits(edits) = g.edits_since(seen) else { unreachable!() };
    /// let changed = GridRect { x: 3, y: 1, width: 1, height: 2 };
    /// assert_eq!(edits.collect::<Vec<_>>(), [GridEdit::Cells(changed)]);
    /// ```
    pub fn set_rect(
        &mut self,
        x: i32,
        y: i32,
        width: u32,
        height: u32,
        area: u8,
    ) -> Result<(), GridError> {
        self.store.set_rect(x, y, width, height, area)
    }

    /// Copies `areas` (row-major, `width * height` bytes) into the rectangle of `width × height`
    /// cells whose top-left cell is `(x, y)`, as one edit (see [`set_rect`](Grid::set_rect)
    /// for the version, journal, bounds and empty-rectangle rules).
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], then [`GridError::RectSourceLength`] when
    /// `areas.len() != width * height`; both before any cell is written.
    ///
    /// # Complexity
    ///
    /// O(width × height).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridError};
    /// let mut grid = Grid::new(4, 3).unwrap();
    /// // A 2 × 2 stamp at (1, 1): a wall and area 5 above, area 5 and a wall below.
    /// grid.set_rect_from(1, 1, 2, 2, &[255, 5, 5, 255]).unwrap();
    /// assert_eq!(grid.to_text(), "....\n.#5.\n.5#.\n");
    /// assert_eq!(grid.version(), 1); // one edit
    /// let short = grid.set_rect_from(0, 0, 2, 2, &[0; 3]);
    /// assert_eq!(short, Err(GridError::RectSourceLength { expected: 4, actual: 3 }));
    /// let outside = grid.set_rect_from(3, 0, 2, 1, &[0; 2]); // past the right edge
    /// assert!(matches!(outside, Err(GridError::RectOutOfBounds { .. })));
    /// ```
    pub fn set_rect_from(
        &mut self,
        x: i32,
        y: i32,
        width: u32,
        height: u32,
        areas: &[u8],
    ) -> Result<(), GridError> {
        self.store.set_rect_from(x, y, width, height, areas)
    }

    /// Sets the multiplier of `area`. When it changed (bit pattern), bumps the version and
    /// records [`GridEdit::AreaCosts`](crate::grid::GridEdit::AreaCosts), which tells
    /// dependents that price moves to rebuild.
    ///
    /// # Errors
    ///
    /// As [`AreaCosts::set`](crate::AreaCosts::set); nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridError, GridOptions};
    /// let mut grid = Grid::from_text("1111\n....").unwrap(); // row 0 is area 1
    /// let (a, b, o) = (Cell::new(0, 0), Cell::new(3, 0), GridOptions::DEFAULT);
    /// assert_eq!(grid.find_path(a, b, &o).unwrap().cost, 3.0);
    /// grid.set_area_cost(1, 4.0).unwrap(); // area 1 becomes mud
    /// assert_eq!(grid.version(), 1);
    /// // Off the mud and back: 2.5 (the mean of 4 and 1) + 1 + 1 + 1 + 2.5.
    /// let path = grid.find_path(a, b, &o).unwrap();
    /// assert_eq!((path.cost, path.cells.len()), (8.0, 6));
    /// assert_eq!(grid.set_area_cost(255, 1.0), Err(GridError::WallHasNoCost));
    /// ```
    pub fn set_area_cost(&mut self, area: u8, multiplier: f64) -> Result<(), GridError> {
        self.store.set_area_cost(area, multiplier)
    }

    /// What changed after `revision` (a value of [`revision`](Grid::revision) a dependent
    /// saw): the journal's changes, oldest first, or [`EditsSince::Rebuild`] when `revision` is
    /// more than [`EditJournal::CAPACITY`](crate::grid::EditJournal::CAPACITY) changes old or
    /// not a revision of this grid. See [`journal`](crate::grid::journal) for how a dependent
    /// uses it.
    ///
    /// # Complexity
    ///
    /// O(`CAPACITY`) to find `revision`; iterating the changes is O(changes).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::{EditsSince, GridEdit, GridRect};
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let seen = grid.revision(); // what a dependent stores after building
    /// grid.set_area(Cell::new(2, 3), 255).unwrap();
    /// grid.set_area_cost(4, 2.0).unwrap();
    /// let EditsSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
    /// let expected = [GridEdit::Cells(GridRect::cell(2, 3)), GridEdit::AreaCosts];
    /// assert_eq!(edits.collect::<Vec<_>>(), expected);
    /// // Nothing after the current revision; another grid's revision means "rebuild".
    /// let EditsSince::Edits(none) = grid.edits_since(grid.revision()) else { unreachable!() };
    /// assert_eq!(none.len(), 0);
    /// assert!(grid.edits_since(Grid::new(8, 8).unwrap().revision()).is_rebuild());
    /// ```
    pub fn edits_since(&self, revision: u64) -> EditsSince<'_> {
        self.store.edits_since(revision)
    }

    /// Test hook: what a snapshot restore does to the grid besides writing the contents
    /// ([`Grid::restore_parts`]): the grid takes a fresh revision (never one it had, so no
    /// dependent can mistake the restored content for a state it saw, even when the restored
    /// version equals one it saw), the journal records
    /// [`GridEdit::Everything`](crate::grid::GridEdit::Everything), and the content hash and
    /// embedded clearance are dropped.
    #[cfg(test)]
    pub(crate) fn note_content_replaced(&mut self) {
        self.store.note_replaced();
        self.clearance_cache.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{GridEdit, GridRect};
    use alloc::vec;

    #[test]
    fn edits_bump_the_version_once_and_journal_the_changed_box() {
        let mut g = Grid::new(5, 4).unwrap();
        let r0 = g.revision();
        g.set_rect(0, 0, 5, 4, 0).unwrap();
        assert_eq!((g.version(), g.revision()), (0, r0), "no-op rectangle");
        g.set_rect(1, 1, 3, 2, 255).unwrap();
        assert_eq!(g.version(), 1);
        let r1 = g.revision();
        assert!(r1 > r0);
        assert_eq!(
            g.edits_since(r0).into_vec(),
            Some(vec![GridEdit::Cells(GridRect::from_corners(1, 1, 3, 2))])
        );
        // A 3 × 3 source at (1, 0) where three cells differ: (1,1) and (1,2) 255 → 0,
        // (3,2) 255 → 7. Row 0 and the other walls are written with the value they hold.
        let src = [0, 0, 0, 0, 255, 255, 0, 255, 7];
        g.set_rect_from(1, 0, 3, 3, &src).unwrap();
        assert_eq!(g.version(), 2);
        let r2 = g.revision();
        assert_eq!(
            g.edits_since(r1).into_vec(),
            Some(vec![GridEdit::Cells(GridRect::from_corners(1, 1, 3, 2))])
        );
        assert_eq!(g.area(Cell::new(3, 2)), Some(7));
        g.set_area(Cell::new(4, 3), 9).unwrap();
        g.set_area_cost(9, 3.0).unwrap();
        g.set_area_cost(9, 3.0).unwrap();
        assert_eq!(g.version(), 4);
        assert_eq!(
            g.edits_since(r2).into_vec(),
            Some(vec![
                GridEdit::Cells(GridRect::cell(4, 3)),
                GridEdit::AreaCosts
            ])
        );
        assert_eq!(g.edits_since(g.revision() + 1).into_vec(), None);
        assert_eq!(g.edits_since(g.revision()).into_vec(), Some(vec![]));
        assert_eq!(g.edits_since(r0).into_vec().map(|e| e.len()), Some(4));
        assert!(g.check_invariants());
    }

    #[test]
    fn bad_rectangles_change_nothing() {
        let mut g = Grid::new(4, 3).unwrap();
        let before = g.clone();
        assert!(matches!(
            g.set_rect(3, 0, 2, 1, 255),
            Err(GridError::RectOutOfBounds {
                x: 3,
                width: 2,
                grid_width: 4,
                ..
            })
        ));
        assert!(g.set_rect(-1, 0, 1, 1, 255).is_err());
        assert!(g.set_rect(0, 2, 1, 2, 255).is_err());
        assert!(g.set_rect(-1, -1, 0, 0, 255).is_err());
        assert_eq!(
            g.set_rect_from(0, 0, 2, 2, &[255; 3]),
            Err(GridError::RectSourceLength {
                expected: 4,
                actual: 3
            })
        );
        assert!(g.set_area(Cell::new(0, 3), 1).is_err());
        assert!(g.set_area_cost(255, 1.0).is_err());
        assert_eq!(g, before);
        assert_eq!(g.version(), 0);
        // Empty rectangles are no-ops, even on the far edge.
        g.set_rect(4, 3, 0, 0, 255).unwrap();
        g.set_rect(1, 1, 0, 2, 255).unwrap();
        g.set_rect_from(0, 0, 3, 0, &[]).unwrap();
        assert_eq!(g, before);
        let msg = alloc::format!("{}", g.set_rect(3, 0, 2, 1, 255).unwrap_err());
        assert!(msg.contains("(3, 0)") && msg.contains("<= 4"), "{msg}");
    }

    #[test]
    fn restore_hook_takes_a_fresh_revision() {
        let mut g = Grid::new(3, 3).unwrap();
        let r0 = g.revision();
        g.set_area(Cell::new(1, 1), 255).unwrap();
        let r1 = g.revision();
        assert!(r1 > r0);
        assert_eq!(g.version(), 1);
        g.note_content_replaced();
        assert_eq!(g.version(), 1);
        assert!(g.revision() > r1);
        assert_eq!(
            g.edits_since(r1).into_vec(),
            Some(vec![GridEdit::Everything])
        );
        // Another grid's revision is not one of this grid's.
        let other = Grid::new(3, 3).unwrap();
        assert_eq!(g.edits_since(other.revision()).into_vec(), None);
        assert_eq!(other.edits_since(r0).into_vec(), None);
    }

    #[test]
    fn restore_state_moves_the_revision_and_drops_the_caches() {
        let mut g = Grid::new(6, 5).unwrap();
        g.set_area(Cell::new(1, 1), 255).unwrap();
        let mut snap = vec![0u8; g.state_size()];
        g.save_state(&mut snap).unwrap();
        let saved_hash = g.content_hash();
        // Another branch of history reaches the same version with other contents.
        g.set_area(Cell::new(1, 1), 0).unwrap();
        g.set_area(Cell::new(4, 4), 255).unwrap();
        let mut other = g.clone();
        other.set_area(Cell::new(3, 0), 255).unwrap();
        let mut other_snap = vec![0u8; other.state_size()];
        other.save_state(&mut other_snap).unwrap();
        g.restore_state(&snap).unwrap();
        g.set_area(Cell::new(2, 2), 255).unwrap();
        g.set_area(Cell::new(0, 4), 255).unwrap();
        g.set_area(Cell::new(5, 0), 255).unwrap();
        assert_eq!(g.version(), other.version());
        let mut map = crate::grid::ClearanceMap::for_grid(&g);
        g.clearance();
        let _ = g.content_hash();
        let revision = g.revision();
        g.restore_state(&other_snap).unwrap();
        // Same version as the map saw, other contents: the revision tells them apart.
        assert_eq!(g.version(), other.version());
        assert!(g.revision() > revision);
        assert_eq!(
            g.edits_since(revision).into_vec(),
            Some(vec![GridEdit::Everything])
        );
        assert!(!map.is_current(&g));
        assert_eq!(g.cached_clearance(), None);
        assert_eq!(g.content_hash(), other.content_hash());
        assert_eq!(map.refresh(&g), &crate::grid::compute_clearance(&other)[..]);
        assert!(g.check_invariants());
        g.restore_state(&snap).unwrap();
        assert_eq!(g.content_hash(), saved_hash);
        assert!(g.check_invariants());
    }
}
