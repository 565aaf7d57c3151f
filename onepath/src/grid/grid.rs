//! [`Grid`]: the square grid of area bytes.

use super::query_slot::QuerySlot;
use alloc::vec;
use alloc::vec::Vec;

use super::area_costs::AreaCosts;
use super::cell::Cell;
use super::clearance_map::ClearanceMap;
use super::content_hash::HashCache;
use super::journal::EditJournal;
use super::space::GridSpace;
use crate::error::{GridError, MAX_CELLS};

/// The area id of a wall.
pub const WALL: u8 = 255;

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
/// `1 <= width, height`, `width * height <= 2^28`, `cells.len() == width * height`;
/// `version` grows by one for every edit that changed something (a restore may set it to any
/// value); `revision` is a process-unique stamp replaced by every such edit and every restore;
/// the journal's newest entry ends at the current revision; the hash cache, when set, holds the
/// hash of the current content; the embedded clearance map is current iff its revision is the
/// grid's.
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
    // `content_hash.rs`, `clearance_map.rs`); private to everything else.
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) cells: Vec<u8>,
    pub(super) areas: AreaCosts,
    pub(super) version: u64,
    /// A process-unique stamp of these contents (see [`Grid::revision`]); not part of equality.
    pub(super) revision: u64,
    pub(super) space: GridSpace,
    pub(super) journal: EditJournal,
    pub(super) hash: HashCache,
    pub(super) clearance_cache: ClearanceMap,
    /// Search handles the tier-1 queries take and give back ([`QuerySlot`]); not content,
    /// not compared, empty in a clone.
    pub(crate) queries: QuerySlot,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.cells == other.cells
            && self.areas == other.areas
            && self.version == other.version
            && self.space == other.space
    }
}

#[cfg(target_has_atomic = "64")]
static NEXT_REVISION: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(1);
#[cfg(not(target_has_atomic = "64"))]
static NEXT_REVISION: core::sync::atomic::AtomicUsize = core::sync::atomic::AtomicUsize::new(1);

/// A stamp no other grid contents in this process has had.
#[allow(clippy::unnecessary_cast)] // usize on targets without 64-bit atomics
pub(crate) fn fresh_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, core::sync::atomic::Ordering::Relaxed) as u64
}

/// Validates a grid size and returns its cell count. Shared by the square and hex grids.
pub(crate) fn checked_cell_count(width: u32, height: u32) -> Result<usize, GridError> {
    if width == 0 || height == 0 {
        return Err(GridError::EmptyDimension { width, height });
    }
    let n = u64::from(width) * u64::from(height);
    if n > MAX_CELLS {
        return Err(GridError::TooManyCells { width, height });
    }
    Ok(n as usize)
}

/// Checks that `cells` has exactly `width * height` entries.
pub(crate) fn check_cells_len(width: u32, height: u32, len: usize) -> Result<(), GridError> {
    let n = checked_cell_count(width, height)?;
    if len == n {
        Ok(())
    } else {
        Err(GridError::CellCountMismatch {
            expected: n as u64,
            actual: len as u64,
        })
    }
}

impl Grid {
    /// An open grid: every cell area 0.
    ///
    /// # Errors
    ///
    /// [`GridError::EmptyDimension`] or [`GridError::TooManyCells`] (checked before allocating).
    pub fn new(width: u32, height: u32) -> Result<Self, GridError> {
        let n = checked_cell_count(width, height)?;
        Ok(Self::from_parts(width, height, vec![0; n]))
    }

    /// A grid from row-major area bytes (255 = wall).
    ///
    /// # Errors
    ///
    /// Size errors as [`Grid::new`]; [`GridError::CellCountMismatch`] when
    /// `cells.len() != width * height`.
    pub fn from_areas(width: u32, height: u32, cells: Vec<u8>) -> Result<Self, GridError> {
        check_cells_len(width, height, cells.len())?;
        Ok(Self::from_parts(width, height, cells))
    }

    /// A grid from row-major walkability: `true` is area 0, `false` a wall.
    ///
    /// # Errors
    ///
    /// As [`Grid::from_areas`].
    pub fn from_walkable(width: u32, height: u32, walkable: &[bool]) -> Result<Self, GridError> {
        check_cells_len(width, height, walkable.len())?;
        let cells = walkable.iter().map(|&w| if w { 0 } else { WALL }).collect();
        Ok(Self::from_parts(width, height, cells))
    }

    /// A grid from rows of walkability (`rows[y][x]`), all rows the same length.
    ///
    /// # Errors
    ///
    /// [`GridError::TextRagged`] (1-based row) when a row's length differs from the first's;
    /// size errors as [`Grid::new`].
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
        Ok(Self::from_parts(width, height, cells))
    }

    fn from_parts(width: u32, height: u32, cells: Vec<u8>) -> Self {
        let revision = fresh_revision();
        Self {
            width,
            height,
            cells,
            areas: AreaCosts::new(),
            version: 0,
            revision,
            space: GridSpace::UNIT,
            journal: EditJournal::new(revision),
            hash: HashCache::new(),
            clearance_cache: ClearanceMap::new(),
            queries: QuerySlot::new(),
        }
    }

    /// Columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// `width * height`.
    #[inline]
    pub fn cell_count(&self) -> u32 {
        self.cells.len() as u32
    }

    /// The area bytes, row-major.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Whether `cell` lies inside the grid.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x >= 0 && cell.y >= 0 && (cell.x as u32) < self.width && (cell.y as u32) < self.height
    }

    /// The row-major index of `cell`, or `None` outside the grid.
    #[inline]
    pub fn index_of(&self, cell: Cell) -> Option<u32> {
        if self.contains(cell) {
            Some(cell.y as u32 * self.width + cell.x as u32)
        } else {
            None
        }
    }

    /// The cell of a row-major index (which must be `< cell_count()` to lie in the grid).
    #[inline]
    pub fn cell_of(&self, index: u32) -> Cell {
        Cell::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// The area id of `cell`, or `None` outside the grid.
    #[inline]
    pub fn area(&self, cell: Cell) -> Option<u8> {
        self.index_of(cell).map(|i| self.cells[i as usize])
    }

    /// Whether `cell` is inside the grid and not a wall.
    #[inline]
    pub fn is_walkable(&self, cell: Cell) -> bool {
        self.area(cell).is_some_and(|a| a != WALL)
    }

    /// Number of edits that changed a cell or an area multiplier since the grid was built (the
    /// spec's `Version`). Snapshots save it and [`restore_state`](Grid::restore_state) puts it
    /// back, so one version can name two contents after a rollback; derived structures follow
    /// [`revision`](Grid::revision) instead.
    #[inline]
    pub fn version(&self) -> u64 {
        self.version
    }

    /// A stamp of the current contents, unique in this process: two grids (or one grid at two
    /// moments) with the same revision have the same cells and area costs. Clones share it.
    /// Every edit that changes something and every restore takes a fresh one. Derived structures
    /// (block maps, JPS+ tables, clearance) use it as their cache key and pass it to
    /// [`edits_since`](Grid::edits_since) to learn what changed. It is never part of a result or
    /// a snapshot, so it does not affect determinism.
    #[inline]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The area cost table.
    #[inline]
    pub fn areas(&self) -> &AreaCosts {
        &self.areas
    }

    /// The world mapping (default: origin (0, 0), cell size 1).
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
        space.check_extent(self.width, self.height)?;
        self.space = space;
        Ok(())
    }

    /// Builder form of [`set_space`](Grid::set_space).
    ///
    /// # Errors
    ///
    /// As [`set_space`](Grid::set_space).
    pub fn with_space(mut self, space: GridSpace) -> Result<Self, GridError> {
        self.set_space(space)?;
        Ok(self)
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
        self.cells.clear();
        self.cells.extend_from_slice(cells);
        self.width = width;
        self.height = height;
        self.areas = areas;
        self.version = version;
        self.space = space;
        self.note_content_replaced();
    }

    /// Whether an agent of side `size` fits with its top-left at `cell`: the `size × size` block
    /// there lies inside the grid and has no wall (true clearance ≥ size; the spec's `CanFit`).
    /// `false` for size 0.
    ///
    /// # Complexity
    ///
    /// O(1) while the embedded clearance is current ([`Grid::clearance`]), else O(size²).
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
        let (x0, y0, s) = (cell.x as u32, cell.y as u32, u32::from(size));
        if x0 + s > self.width || y0 + s > self.height {
            return false;
        }
        (y0..y0 + s).all(|y| {
            let row = (y * self.width + x0) as usize;
            !self.cells[row..row + s as usize].contains(&WALL)
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
    pub fn max_agent_size_at(&self, cell: Cell) -> u8 {
        if !self.is_walkable(cell) {
            return 0;
        }
        if let (Some(c), Some(i)) = (self.cached_clearance(), self.index_of(cell)) {
            return c[i as usize];
        }
        let (x0, y0) = (cell.x as u32, cell.y as u32);
        let mut s: u32 = 1;
        // Grow the square by one row and one column while they are inside and open.
        while s < 255 {
            let (nx, ny) = (x0 + s, y0 + s);
            if nx >= self.width || ny >= self.height {
                break;
            }
            let row = (0..=s).all(|i| self.cells[(ny * self.width + x0 + i) as usize] != WALL);
            let col = (0..s).all(|j| self.cells[((y0 + j) * self.width + nx) as usize] != WALL);
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
