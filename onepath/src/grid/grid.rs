//! [`Grid`]: the square grid of area bytes.
//!
//! The cells, area table, counters and journal live in a
//! [`CellStore`] (shared with the hex grid); the embedded
//! clearance is a [`ClearanceMap`], a plain data type that names no grid (the glue that
//! refreshes it from a `Grid` is `grid_clearance.rs`, which imports this file, not the other
//! way round).

use super::query_slot::QuerySlot;
use alloc::vec::Vec;

use super::area_costs::AreaCosts;
use super::cell::Cell;
use super::cell_store::{CellStore, WALL, check_cells_len, checked_cell_count};
use super::clearance_map::ClearanceMap;
use super::space::GridSpace;
use crate::error::GridError;

/// A square grid: `width × height` cells of one byte each, row-major (`index = y * width + x`).
/// A cell byte is an area id: 0..=254 walkable, 255 ([`WALL`]) a wall.
///
/// Edits ([`set_area`](Grid::set_area), [`set_rect`](Grid::set_rect),
/// [`set_rect_from`](Grid::set_rect_from), [`set_area_cost`](Grid::set_area_cost)) bump
/// [`version`](Grid::version) once and take a fresh [`revision`](Grid::revision) stamp when they
/// change something, and are recorded in a bounded journal that derived structures follow
/// ([`edits_since`](Grid::edits_since)). The grid also caches its
/// [`content_hash`](Grid::content_hash) and, once read, its [`clearance`](Grid::clearance);
/// neither cache makes `&Grid` less shareable (`Grid` is `Send + Sync`).
///
/// Two grids are equal (`==`) when their size, cells, area costs, version and world mapping are
/// equal; the revision, the journal and the caches are not compared.
///
/// # Invariants
///
/// Those of the cell store that holds the data (shared with [`HexGrid`](crate::HexGrid)):
/// `1 <= width, height`, `width * height <= 2^28`, `cells.len() == width * height`;
/// `version` grows by one for every edit that changed something (a restore may set it to any
/// value); `revision` is a process-unique stamp replaced by every such edit and every restore;
/// the journal's newest entry ends at the current revision; the hash cache, when set, holds the
/// hash of the current content. Besides: the embedded clearance map is current iff its revision
/// is the grid's.
///
/// # Examples
///
/// ```
/// use onepath::grid::WALL;
/// use onepath::{Cell, Grid, GridOptions, PathStatus};
///
/// let mut grid = Grid::new(5, 3).unwrap();
/// assert_eq!((grid.width(), grid.height(), grid.cell_count()), (5, 3, 15));
/// assert_eq!(grid.index_of(Cell::new(3, 2)), Some(13)); // y * width + x
/// // A wall across rows 0 and 1 of column 2, open at the bottom: one edit.
/// grid.set_rect(2, 0, 1, 2, WALL).unwrap();
/// assert_eq!(grid.version(), 1);
/// assert!(!grid.is_walkable(Cell::new(2, 1)) && grid.is_walkable(Cell::new(2, 2)));
/// let path = grid.find_path(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
/// assert_eq!(path.status, PathStatus::Found);
/// assert!(path.cells.contains(&Cell::new(2, 2))); // through the gap
/// // Four straight steps and two diagonal ones.
/// assert_eq!(path.cost, 4.0 + 2.0 * onepath::math::SQRT2);
/// ```
#[derive(Clone, Debug)]
pub struct Grid {
    // Visible to the sibling files that implement the edits and caches (`edits.rs`,
    // `grid_clearance.rs`); private to everything else.
    /// Cells, area costs, version, revision, journal and the content-hash cache.
    pub(super) store: CellStore,
    pub(super) space: GridSpace,
    pub(super) clearance_cache: ClearanceMap,
    /// Search handles the tier-1 queries take and give back ([`QuerySlot`]); not content,
    /// not compared, empty in a clone.
    pub(crate) queries: QuerySlot,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Self) -> bool {
        self.store == other.store && self.space == other.space
    }
}

impl Grid {
    /// An open grid: every cell area 0.
    ///
    /// # Errors
    ///
    /// [`GridError::EmptyDimension`] or [`GridError::TooManyCells`] (checked before allocating).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridError};
    /// let grid = Grid::new(30, 20).unwrap();
    /// assert_eq!((grid.width(), grid.height(), grid.cell_count()), (30, 20, 600));
    /// assert!(grid.is_walkable(Cell::new(29, 19)));
    /// assert!(matches!(Grid::new(1 << 20, 1 << 20), Err(GridError::TooManyCells { .. })));
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Self, GridError> {
        CellStore::new(width, height).map(Self::from_store)
    }

    /// A grid from row-major area bytes (255 = wall).
    ///
    /// # Errors
    ///
    /// Size errors as [`Grid::new`]; [`GridError::CellCountMismatch`] when
    /// `cells.len() != width * height`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridError, GridOptions};
    /// // Area 0 road, area 1 swamp (costs 4 to enter), 255 wall.
    /// let mut grid = Grid::from_areas(3, 2, vec![0, 1, 0, 0, 0, 0]).unwrap();
    /// grid.set_area_cost(1, 4.0).unwrap();
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(2, 0), &GridOptions::FOUR_CONNECTED).unwrap();
    /// assert_eq!(path.cost, 4.0); // round by the bottom row beats 4 + 1 through the swamp
    /// assert_eq!(Grid::from_areas(3, 2, vec![0; 5]).unwrap_err(), GridError::CellCountMismatch { expected: 6, actual: 5 });
    /// ```
    pub fn from_areas(width: u32, height: u32, cells: Vec<u8>) -> Result<Self, GridError> {
        CellStore::from_areas(width, height, cells).map(Self::from_store)
    }

    /// A grid from row-major walkability: `true` is area 0, `false` a wall.
    ///
    /// # Errors
    ///
    /// As [`Grid::from_areas`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::from_walkable(2, 2, &[true, false, true, true]).unwrap();
    /// assert!(!grid.is_walkable(Cell::new(1, 0)));
    /// assert_eq!(grid.to_text(), ".#\n..\n");
    /// ```
    pub fn from_walkable(width: u32, height: u32, walkable: &[bool]) -> Result<Self, GridError> {
        check_cells_len(width, height, walkable.len())?;
        let cells = walkable.iter().map(|&w| if w { 0 } else { WALL }).collect();
        Self::from_areas(width, height, cells)
    }

    /// A grid from rows of walkability (`rows[y][x]`), all rows the same length.
    ///
    /// # Errors
    ///
    /// [`GridError::TextRagged`] (1-based row) when a row's length differs from the first's;
    /// size errors as [`Grid::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridError};
    /// let grid = Grid::from_walkable_rows(&[[true, true, false], [false, true, true]]).unwrap();
    /// assert_eq!(grid.to_text(), "..#\n#..\n");
    /// let ragged: [&[bool]; 2] = [&[true, true], &[true]];
    /// assert!(matches!(Grid::from_walkable_rows(&ragged), Err(GridError::TextRagged { line: 2, .. })));
    /// ```
    pub fn from_walkable_rows<R: AsRef<[bool]>>(rows: &[R]) -> Result<Self, GridError> {
        let height = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let width = rows
            .first()
            .map_or(0, |r| u32::try_from(r.as_ref().len()).unwrap_or(u32::MAX));
        let n = checked_cell_count(width, height)?;
        let mut cells = Vec::with_capacity(n);
        for (i, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != width as usize {
                return Err(GridError::TextRagged {
                    line: (i + 1) as u32,
                    expected: width,
                    found: u32::try_from(row.len()).unwrap_or(u32::MAX),
                });
            }
            cells.extend(row.iter().map(|&w| if w { 0 } else { WALL }));
        }
        Self::from_areas(width, height, cells)
    }

    fn from_store(store: CellStore) -> Self {
        Self {
            store,
            space: GridSpace::UNIT,
            clearance_cache: ClearanceMap::new(),
            queries: QuerySlot::new(),
        }
    }

    /// Columns.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::Grid::new(7, 3).unwrap();
    /// assert_eq!(grid.width(), 7);
    /// ```
    #[inline]
    pub fn width(&self) -> u32 {
        self.store.width()
    }

    /// Rows.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::Grid::new(7, 3).unwrap();
    /// assert_eq!(grid.height(), 3);
    /// ```
    #[inline]
    pub fn height(&self) -> u32 {
        self.store.height()
    }

    /// `width * height`.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::Grid::new(7, 3).unwrap();
    /// assert_eq!(grid.cell_count(), 21);
    /// ```
    #[inline]
    pub fn cell_count(&self) -> u32 {
        self.store.cell_count()
    }

    /// The area bytes, row-major.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::Grid::from_text(".#\n3.").unwrap();
    /// assert_eq!(grid.cells(), &[0, 255, 3, 0]); // row-major area bytes
    /// ```
    #[inline]
    pub fn cells(&self) -> &[u8] {
        self.store.cells()
    }

    /// Whether `cell` lies inside the grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::new(4, 2).unwrap();
    /// assert!(grid.contains(Cell::new(3, 1)));
    /// assert!(!grid.contains(Cell::new(4, 1)) && !grid.contains(Cell::new(0, -1)));
    /// ```
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.store.contains(cell)
    }

    /// The row-major index of `cell`, or `None` outside the grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::new(4, 2).unwrap();
    /// assert_eq!(grid.index_of(Cell::new(1, 1)), Some(5)); // y * width + x
    /// assert_eq!(grid.index_of(Cell::new(4, 0)), None);
    /// ```
    #[inline]
    pub fn index_of(&self, cell: Cell) -> Option<u32> {
        self.store.index_of(cell)
    }

    /// The cell of a row-major index (which must be `< cell_count()` to lie in the grid).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::new(4, 2).unwrap();
    /// assert_eq!(grid.cell_of(5), Cell::new(1, 1));
    /// assert_eq!(grid.index_of(grid.cell_of(7)), Some(7));
    /// ```
    #[inline]
    pub fn cell_of(&self, index: u32) -> Cell {
        self.store.cell_of(index)
    }

    /// The area id of `cell`, or `None` outside the grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::from_text("5#").unwrap();
    /// assert_eq!(grid.area(Cell::new(0, 0)), Some(5));
    /// assert_eq!(grid.area(Cell::new(1, 0)), Some(255)); // a wall
    /// assert_eq!(grid.area(Cell::new(2, 0)), None); // outside
    /// ```
    #[inline]
    pub fn area(&self, cell: Cell) -> Option<u8> {
        self.store.area(cell)
    }

    /// Whether `cell` is inside the grid and not a wall.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::from_text(".#").unwrap();
    /// assert!(grid.is_walkable(Cell::new(0, 0)));
    /// assert!(!grid.is_walkable(Cell::new(1, 0)) && !grid.is_walkable(Cell::new(5, 0)));
    /// ```
    #[inline]
    pub fn is_walkable(&self, cell: Cell) -> bool {
        self.store.is_walkable(cell)
    }

    /// Number of edits that changed a cell or an area multiplier since the grid was built (the
    /// spec's `Version`). Snapshots save it and [`restore_state`](Grid::restore_state) puts it
    /// back, so one version can name two contents after a rollback; derived structures follow
    /// [`revision`](Grid::revision) instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(3, 3).unwrap();
    /// assert_eq!(grid.version(), 0);
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap();
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap(); // no change: no new version
    /// assert_eq!(grid.version(), 1);
    /// ```
    #[inline]
    pub fn version(&self) -> u64 {
        self.store.version()
    }

    /// A stamp of the current contents, unique in this process: two grids (or one grid at two
    /// moments) with the same revision have the same cells and area costs. Clones share it.
    /// Every edit that changes something and every restore takes a fresh one. Derived structures
    /// (block maps, JPS+ tables, clearance) use it as their cache key and pass it to
    /// [`edits_since`](Grid::edits_since) to learn what changed. It is never part of a result or
    /// a snapshot, so it does not affect determinism.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(3, 3).unwrap();
    /// let seen = grid.revision();
    /// assert_eq!(grid.clone().revision(), seen); // clones share it
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap();
    /// assert_ne!(grid.revision(), seen);
    /// let onepath::grid::EditsSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
    /// assert_eq!(edits.count(), 1); // what a cache learns from it
    /// ```
    #[inline]
    pub fn revision(&self) -> u64 {
        self.store.revision()
    }

    /// The area cost table.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Grid;
    /// let mut grid = Grid::new(2, 2).unwrap();
    /// grid.set_area_cost(7, 2.5).unwrap();
    /// assert_eq!(grid.areas().get(7), 2.5);
    /// assert_eq!(grid.areas().get(0), 1.0); // the default multiplier
    /// assert_eq!(grid.areas().get(255), f64::INFINITY); // the wall
    /// ```
    #[inline]
    pub fn areas(&self) -> &AreaCosts {
        self.store.areas()
    }

    /// The world mapping (default: origin (0, 0), cell size 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridSpace};
    /// let grid = Grid::new(4, 4).unwrap();
    /// assert_eq!(grid.space(), GridSpace::UNIT);
    /// let placed = grid.with_space(GridSpace::new(-8.0, -8.0, 4.0).unwrap()).unwrap();
    /// assert_eq!(placed.space().cell_size(), 4.0);
    /// ```
    #[inline]
    pub fn space(&self) -> GridSpace {
        self.space
    }

    /// Replaces the world mapping (not an edit: the version stays).
    ///
    /// # Errors
    ///
    /// [`GridError::ExtentOutOfRange`] when the grid's far corner under `space` leaves the
    /// coordinate rule (|v| ≤ 2^21), so that every cell centre and path point the grid
    /// reports is inside it ([`GridSpace::check_extent`]); nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridSpace};
    /// let mut grid = Grid::new(100, 100).unwrap();
    /// grid.set_space(GridSpace::new(-50.0, -50.0, 0.5).unwrap()).unwrap();
    /// // 100 cells of 2^16 reach past 2^21: refused.
    /// assert!(grid.set_space(GridSpace::new(0.0, 0.0, 65536.0).unwrap()).is_err());
    /// assert_eq!(grid.space().cell_size(), 0.5);
    /// ```
    pub fn set_space(&mut self, space: GridSpace) -> Result<(), GridError> {
        space.check_extent(self.width(), self.height())?;
        self.space = space;
        Ok(())
    }

    /// Builder form of [`set_space`](Grid::set_space).
    ///
    /// # Errors
    ///
    /// As [`set_space`](Grid::set_space).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridSpace, WorldPoint};
    /// let grid = Grid::new(10, 10).unwrap().with_space(GridSpace::new(0.0, 0.0, 0.25).unwrap()).unwrap();
    /// assert_eq!(grid.space().cell_at(WorldPoint::new(1.0, 0.3)).unwrap(), Cell::new(4, 1));
    /// // A grid whose world rectangle would leave the coordinate rule is refused.
    /// let huge = GridSpace::new(0.0, 0.0, 1e6).unwrap();
    /// assert!(Grid::new(10, 10).unwrap().with_space(huge).is_err());
    /// ```
    pub fn with_space(mut self, space: GridSpace) -> Result<Self, GridError> {
        self.set_space(space)?;
        Ok(self)
    }

    /// The 64-bit content hash of the grid's size, cells and area multipliers (spec: grids.md,
    /// “Host API”, `Grid.ContentHash`).
    ///
    /// Definition (normative; it changes only with a changelog note): words `w` are fed into
    /// `h = rotl(h ^ (w * P2), 31) * P1 + P3` from `h = P1 ^ P2`, all arithmetic mod 2^64, with
    /// `P1 = 0x9E3779B185EBCA87`, `P2 = 0xC2B2AE3D27D4EB4F`, `P3 = 0x165667B19E3779F9`. Words in
    /// order: `width | height << 32`; the cells row-major, eight per little-endian word, the
    /// last zero-padded; the 255 multipliers of areas 0..=254 as binary64 bit patterns. Finish:
    /// `h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32`. Version, world mapping and
    /// edit history are not part of it.
    ///
    /// The value is cached inside the grid without making `&Grid` any less shareable: two
    /// 32-bit atomic halves and an atomic "valid" flag. Edits (`&mut self`) clear the flag; a
    /// call that misses computes and publishes the value (`Release`), a call that hits reads it
    /// (`Acquire`). Threads that miss together store identical bits, so no lock or
    /// compare-and-swap is needed and `Grid` stays `Send + Sync`, `no_std` and safe.
    ///
    /// # Complexity
    ///
    /// O(1) when nothing was edited since the last call (cached); otherwise O(cells / 8 + 255).
    /// Any cell edit, area-cost change or restore invalidates the cache.
    ///
    /// # Determinism
    ///
    /// Pure integer arithmetic on fixed-width words: the same bits on every platform, and the
    /// cached value is always the bits a recompute would give.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut g = Grid::new(1, 1).unwrap();
    /// assert_eq!(g.content_hash(), 0xDD24_E19E_4718_27F3);
    /// g.set_area(Cell::new(0, 0), 3).unwrap();
    /// assert_ne!(g.content_hash(), 0xDD24_E19E_4718_27F3);
    /// g.set_area(Cell::new(0, 0), 0).unwrap();
    /// assert_eq!(g.content_hash(), 0xDD24_E19E_4718_27F3);
    /// ```
    pub fn content_hash(&self) -> u64 {
        self.store.content_hash()
    }

    /// Replaces every field from validated snapshot parts, reusing the cell memory when the
    /// size matches.
    pub(crate) fn restore_parts(
        &mut self,
        width: u32,
        height: u32,
        cells: &[u8],
        areas: AreaCosts,
        version: u64,
        space: GridSpace,
    ) {
        self.space = space;
        self.store.restore(width, height, cells, areas, version);
        self.clearance_cache.clear();
    }

    /// Checks the invariants of the grid's data (its [`CellStore`]'s); for tests.
    #[cfg(test)]
    pub(crate) fn check_invariants(&self) -> bool {
        self.store.check_invariants()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn sizes_are_checked_before_allocation() {
        assert_eq!(
            Grid::new(0, 5),
            Err(GridError::EmptyDimension {
                width: 0,
                height: 5
            })
        );
        assert_eq!(
            Grid::new(1 << 15, (1 << 13) + 1),
            Err(GridError::TooManyCells {
                width: 1 << 15,
                height: (1 << 13) + 1
            })
        );
        assert!(matches!(
            Grid::new(u32::MAX, u32::MAX),
            Err(GridError::TooManyCells { .. })
        ));
        assert_eq!(
            Grid::from_areas(3, 2, vec![0; 5]),
            Err(GridError::CellCountMismatch {
                expected: 6,
                actual: 5
            })
        );
    }

    #[test]
    fn edits_bump_version_only_on_change() {
        let mut g = Grid::new(4, 3).unwrap();
        g.set_area(Cell::new(1, 1), 0).unwrap();
        assert_eq!(g.version(), 0);
        g.set_area(Cell::new(1, 1), 7).unwrap();
        assert_eq!(g.version(), 1);
        assert_eq!(g.area(Cell::new(1, 1)), Some(7));
        assert!(matches!(
            g.set_area(Cell::new(4, 0), 1),
            Err(GridError::CellOutOfBounds { x: 4, .. })
        ));
        g.set_area_cost(7, 2.0).unwrap();
        assert_eq!(g.version(), 2);
        g.set_area_cost(7, 2.0).unwrap();
        assert_eq!(g.version(), 2);
    }
}
