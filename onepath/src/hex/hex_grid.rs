//! [`HexGrid`]: a rectangular offset array of hex cells.
//!
//! The cells, area table, counters and journal live in the same
//! [`CellStore`] the square grid uses; every read and edit
//! below delegates to it, so both grids follow one set of edit rules.

use crate::grid::query_slot::QuerySlot;
use alloc::vec::Vec;

use super::coord::HexCoord;
use super::layout::HexLayout;
use super::space::HexSpace;
use crate::error::GridError;
use crate::grid::cell_store::CellStore;
use crate::grid::{AreaCosts, Cell, EditsSince};
use crate::state::map_hash::hex_content_hash_of;

/// The validated parts of a kind-14 snapshot (`hex_state.rs`).
pub(crate) struct RestoredParts<'a> {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) layout: HexLayout,
    pub(crate) version: u64,
    pub(crate) space: HexSpace,
    pub(crate) areas: AreaCosts,
    pub(crate) cells: &'a [u8],
}

/// A hex grid: `width` columns × `height` rows in offset coordinates, one area byte per cell
/// (0..=254 walkable, 255 wall), row-major; [`HexLayout`] says which rows or columns are
/// shifted. Hex grids support agent size 1 only.
///
/// # Invariants
///
/// Those of the cell store it shares with [`Grid`](crate::Grid): 1 ≤ width, height;
/// width·height ≤ 2^28; `version` counts edits, `revision` is a fresh stamp per edit and the
/// edit journal's newest entry ends at it (hex grids follow the same
/// [`edits_since`](HexGrid::edits_since) protocol as square grids and journal the same entries
/// for the same edits; they have no clearance). The [`content_hash`](HexGrid::content_hash)
/// is our addition to the spec. Equality compares size, layout, cells, area costs, version and
/// world mapping, not the revision or the journal.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, HexCoord, HexGrid, HexLayout};
/// let mut grid = HexGrid::from_text("....\n.#..\n....", HexLayout::PointyOddRow).unwrap();
/// assert_eq!((grid.width(), grid.height()), (4, 3));
/// assert!(!grid.is_walkable(Cell::new(1, 1)));
/// // Offset (column, row) ↔ axial (q, r): pointy odd rows give q = col − (row − (row & 1)) / 2.
/// assert_eq!(grid.to_axial(Cell::new(2, 2)), HexCoord::new(1, 2));
/// assert_eq!(grid.to_offset(HexCoord::new(1, 2)), Cell::new(2, 2));
/// grid.set_area(Cell::new(1, 1), 0).unwrap();
/// assert_eq!((grid.version(), grid.is_walkable(Cell::new(1, 1))), (1, true));
/// ```
#[derive(Clone, Debug)]
pub struct HexGrid {
    /// Cells, area costs, version, revision and journal.
    store: CellStore,
    layout: HexLayout,
    space: HexSpace,
    /// Search buffers the tier-1 queries take and give back; not content, empty in a clone.
    pub(crate) queries: QuerySlot,
}

impl PartialEq for HexGrid {
    fn eq(&self, other: &Self) -> bool {
        self.store == other.store && self.layout == other.layout && self.space == other.space
    }
}

impl HexGrid {
    /// An open hex grid (every cell area 0).
    ///
    /// # Errors
    ///
    /// Size errors as [`Grid::new`](crate::Grid::new).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::new(8, 6, HexLayout::FlatEvenColumn).unwrap();
    /// assert_eq!((grid.width(), grid.height(), grid.layout()), (8, 6, HexLayout::FlatEvenColumn));
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(7, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(path.cost, 7.0);
    /// ```
    pub fn new(width: u32, height: u32, layout: HexLayout) -> Result<Self, GridError> {
        CellStore::new(width, height).map(|store| Self::from_store(store, layout))
    }

    /// A hex grid from row-major area bytes.
    ///
    /// # Errors
    ///
    /// As [`Grid::from_areas`](crate::Grid::from_areas).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let grid = HexGrid::from_areas(3, 1, HexLayout::PointyOddRow, vec![0, 255, 2]).unwrap();
    /// assert_eq!((grid.area(Cell::new(1, 0)), grid.area(Cell::new(2, 0))), (Some(255), Some(2)));
    /// assert!(HexGrid::from_areas(3, 1, HexLayout::PointyOddRow, vec![0; 2]).is_err());
    /// ```
    pub fn from_areas(
        width: u32,
        height: u32,
        layout: HexLayout,
        cells: Vec<u8>,
    ) -> Result<Self, GridError> {
        CellStore::from_areas(width, height, cells).map(|store| Self::from_store(store, layout))
    }

    /// A hex grid from a text picture (`.` open, `#` wall, `1`–`9` areas), rows in offset order.
    ///
    /// # Errors
    ///
    /// As [`Grid::from_text`](crate::Grid::from_text).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let grid = HexGrid::from_text(".#.\n..2", HexLayout::PointyEvenRow).unwrap();
    /// assert!(!grid.is_walkable(Cell::new(1, 0)));
    /// assert_eq!(grid.cells(), &[0, 255, 0, 0, 0, 2]);
    /// ```
    pub fn from_text(text: &str, layout: HexLayout) -> Result<Self, GridError> {
        let (w, h, cells) = crate::grid::text::parse_picture(text)?;
        Self::from_areas(w, h, layout, cells)
    }

    fn from_store(store: CellStore, layout: HexLayout) -> Self {
        Self {
            store,
            layout,
            space: HexSpace::UNIT,
            queries: QuerySlot::new(),
        }
    }

    /// Columns.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::HexGrid::new(5, 2, onepath::HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.width(), 5);
    /// ```
    pub fn width(&self) -> u32 {
        self.store.width()
    }

    /// Rows.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::HexGrid::new(5, 2, onepath::HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.height(), 2);
    /// ```
    pub fn height(&self) -> u32 {
        self.store.height()
    }

    /// The offset layout.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout};
    /// let grid = HexGrid::new(5, 2, HexLayout::FlatOddColumn).unwrap();
    /// assert!(!grid.layout().is_pointy());
    /// ```
    pub fn layout(&self) -> HexLayout {
        self.layout
    }

    /// `width * height`.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::HexGrid::new(5, 2, onepath::HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.cell_count(), 10);
    /// ```
    pub fn cell_count(&self) -> u32 {
        self.store.cell_count()
    }

    /// The area bytes, row-major.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(2, 2, HexLayout::PointyOddRow).unwrap();
    /// grid.set_area(Cell::new(1, 1), 255).unwrap();
    /// assert_eq!(grid.cells(), &[0, 0, 0, 255]);
    /// ```
    pub fn cells(&self) -> &[u8] {
        self.store.cells()
    }

    /// Row-major index of the offset cell (col = `x`, row = `y`), or `None` outside.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let grid = HexGrid::new(4, 3, HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.index_of(Cell::new(1, 2)), Some(9));
    /// assert_eq!(grid.index_of(Cell::new(4, 0)), None);
    /// ```
    pub fn index_of(&self, cell: Cell) -> Option<u32> {
        self.store.index_of(cell)
    }

    /// The offset cell of a row-major index.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let grid = HexGrid::new(4, 3, HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.cell_of(9), Cell::new(1, 2));
    /// ```
    pub fn cell_of(&self, index: u32) -> Cell {
        self.store.cell_of(index)
    }

    /// Axial coordinate of an offset cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexCoord, HexGrid, HexLayout};
    /// let grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.to_axial(Cell::new(3, 2)), HexCoord::new(2, 2)); // q = col - (row - (row & 1)) / 2
    /// // Distances are axial.
    /// assert_eq!(grid.to_axial(Cell::new(0, 0)).distance(grid.to_axial(Cell::new(3, 2))), 4);
    /// ```
    pub fn to_axial(&self, cell: Cell) -> HexCoord {
        self.layout.offset_to_axial(cell.x, cell.y)
    }

    /// Offset cell of an axial coordinate.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexCoord, HexGrid, HexLayout};
    /// let grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    /// // The east neighbour of (1, 1) in axial terms, back to offset cells.
    /// let h = grid.to_axial(Cell::new(1, 1));
    /// assert_eq!(grid.to_offset(HexCoord::new(h.q + 1, h.r)), Cell::new(2, 1));
    /// ```
    pub fn to_offset(&self, h: HexCoord) -> Cell {
        let (c, r) = self.layout.axial_to_offset(h);
        Cell::new(c, r)
    }

    /// Area id of an offset cell, or `None` outside.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let grid = HexGrid::from_text("3#", HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.area(Cell::new(0, 0)), Some(3));
    /// assert_eq!(grid.area(Cell::new(2, 0)), None);
    /// ```
    pub fn area(&self, cell: Cell) -> Option<u8> {
        self.store.area(cell)
    }

    /// Whether the offset cell is inside and not a wall.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let grid = HexGrid::from_text(".#", HexLayout::PointyOddRow).unwrap();
    /// assert!(grid.is_walkable(Cell::new(0, 0)) && !grid.is_walkable(Cell::new(1, 0)));
    /// ```
    pub fn is_walkable(&self, cell: Cell) -> bool {
        self.store.is_walkable(cell)
    }

    /// Sets an offset cell's area; bumps the version when it changed.
    ///
    /// # Errors
    ///
    /// [`GridError::CellOutOfBounds`]; nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(3, 1, HexLayout::PointyOddRow).unwrap();
    /// grid.set_area(Cell::new(1, 0), 2).unwrap();
    /// grid.set_area_cost(2, 5.0).unwrap();
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(2, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(path.cost, 6.0); // 5 to enter the marsh, 1 to leave it
    /// assert_eq!(grid.version(), 2);
    /// ```
    pub fn set_area(&mut self, cell: Cell, area: u8) -> Result<(), GridError> {
        self.store.set_area(cell, area)
    }

    /// Makes an offset cell open (area 0) or a wall, as
    /// [`Grid::set_walkable`](crate::Grid::set_walkable) does: an edit through
    /// [`set_area`](HexGrid::set_area), so it bumps the version and journals the one-cell
    /// rectangle when the cell changed, and is no edit when it already held that value.
    ///
    /// # Errors
    ///
    /// [`GridError::CellOutOfBounds`]; nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridError, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(4, 3, HexLayout::FlatOddColumn).unwrap();
    /// grid.set_walkable(Cell::new(2, 1), false).unwrap();
    /// assert_eq!((grid.is_walkable(Cell::new(2, 1)), grid.version()), (false, 1));
    /// grid.set_walkable(Cell::new(2, 1), false).unwrap(); // already a wall: not an edit
    /// assert_eq!(grid.version(), 1);
    /// grid.set_walkable(Cell::new(2, 1), true).unwrap();
    /// assert_eq!(grid.area(Cell::new(2, 1)), Some(0));
    /// let outside = grid.set_walkable(Cell::new(4, 0), false);
    /// assert!(matches!(outside, Err(GridError::CellOutOfBounds { x: 4, y: 0, .. })));
    /// ```
    pub fn set_walkable(&mut self, cell: Cell, walkable: bool) -> Result<(), GridError> {
        self.store.set_walkable(cell, walkable)
    }

    /// Sets every cell of the `width × height` rectangle of offset cells whose top-left is
    /// (column `x`, row `y`) to `area`, as one edit; the rules are those of
    /// [`Grid::set_rect`](crate::Grid::set_rect) (row-major writes, one version bump if anything
    /// changed, the changed cells' bounding rectangle journaled, empty rectangles a no-op).
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], before any cell is written.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// let mut grid = HexGrid::new(5, 5, HexLayout::PointyOddRow).unwrap();
    /// grid.set_rect(2, 0, 1, 5, 255).unwrap(); // a wall down column 2, one edit
    /// assert_eq!(grid.version(), 1);
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(path.status, PathStatus::NoPath);
    /// assert!(grid.set_rect(4, 4, 2, 1, 0).is_err()); // past the edge
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

    /// Copies `areas` (row-major, `width * height` bytes) into the rectangle, as one edit (see
    /// [`set_rect`](HexGrid::set_rect)).
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], then [`GridError::RectSourceLength`]; both before any cell
    /// is written.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(3, 2, HexLayout::PointyOddRow).unwrap();
    /// grid.set_rect_from(1, 0, 2, 2, &[255, 1, 1, 255]).unwrap(); // a prefab stamp
    /// assert_eq!(grid.cells(), &[0, 255, 1, 0, 1, 255]);
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

    /// What changed after `revision`; see [`Grid::edits_since`](crate::Grid::edits_since).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::{EditsSince, GridEdit, GridRect};
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    /// let seen = grid.revision();
    /// grid.set_area(Cell::new(2, 3), 255).unwrap();
    /// let EditsSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
    /// assert_eq!(edits.collect::<Vec<_>>(), [GridEdit::Cells(GridRect::cell(2, 3))]);
    /// ```
    pub fn edits_since(&self, revision: u64) -> EditsSince<'_> {
        self.store.edits_since(revision)
    }

    /// A stamp of the current contents, unique in the process (shared with square grids' stamps):
    /// every edit that changes something takes a fresh one. Dependents store it and pass it to
    /// [`edits_since`](HexGrid::edits_since); see [`Grid::revision`](crate::Grid::revision).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(2, 2, HexLayout::PointyOddRow).unwrap();
    /// let before = grid.revision();
    /// grid.set_area(Cell::new(0, 0), 0).unwrap(); // no change: same revision
    /// assert_eq!(grid.revision(), before);
    /// grid.set_area(Cell::new(0, 0), 1).unwrap();
    /// assert_ne!(grid.revision(), before);
    /// ```
    pub fn revision(&self) -> u64 {
        self.store.revision()
    }

    /// Edits that changed something since construction.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(2, 2, HexLayout::PointyOddRow).unwrap();
    /// grid.set_area(Cell::new(0, 0), 1).unwrap();
    /// grid.set_area_cost(1, 2.0).unwrap();
    /// assert_eq!(grid.version(), 2);
    /// ```
    pub fn version(&self) -> u64 {
        self.store.version()
    }

    /// The area cost table.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(2, 2, HexLayout::PointyOddRow).unwrap();
    /// grid.set_area_cost(4, 0.5).unwrap(); // a road
    /// assert_eq!((grid.areas().get(4), grid.areas().min_cost()), (0.5, 0.5));
    /// ```
    pub fn areas(&self) -> &AreaCosts {
        self.store.areas()
    }

    /// Sets an area multiplier; bumps the version when it changed.
    ///
    /// # Errors
    ///
    /// As [`AreaCosts::set`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridError, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(2, 2, HexLayout::PointyOddRow).unwrap();
    /// grid.set_area_cost(3, 2.0).unwrap();
    /// assert_eq!(grid.set_area_cost(255, 1.0), Err(GridError::WallHasNoCost));
    /// assert!(matches!(grid.set_area_cost(3, -1.0), Err(GridError::InvalidAreaCost { area: 3, .. })));
    /// assert_eq!(grid.areas().get(3), 2.0); // unchanged by the refusals
    /// ```
    pub fn set_area_cost(&mut self, area: u8, multiplier: f64) -> Result<(), GridError> {
        self.store.set_area_cost(area, multiplier)
    }

    /// A 64-bit hash of the hex map's contents: what a snapshot of the grid or of a search on
    /// it ([`HexSearch`](crate::HexSearch), kinds 14 and 15 of `docs/snapshot-format.md`) carries
    /// to check that it is restored onto the same map.
    ///
    /// **Our addition to the spec**, which gives hex grids no content hash (grids.md, "Host
    /// API"). Definition: let `s` be the square grid's content hash
    /// ([`Grid::content_hash`](crate::Grid::content_hash), the spec's words: size, cells
    /// row-major, the 255 multipliers) of the same size, cells and multipliers; feed the two
    /// words `s` and the layout code (0 pointy odd row, 1 pointy even row, 2 flat odd column,
    /// 3 flat even column) into the spec's word function from its initial value, then apply
    /// its finaliser. So the layout, which decides every cell's neighbours, is part of the
    /// identity; the version, the world mapping and the edit history are not, as for square
    /// grids.
    ///
    /// # Complexity
    ///
    /// O(cells) on the first call after a change, O(1) after (cached as
    /// [`Grid::content_hash`](crate::Grid::content_hash) is).
    ///
    /// # Determinism
    ///
    /// Integer arithmetic on fixed-width words and float bit patterns only: the same bits on
    /// every platform. The definition changes only with a note in `CHANGELOG.md`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let mut a = HexGrid::from_text("..#\n...", HexLayout::PointyOddRow).unwrap();
    /// let b = HexGrid::from_text("..#\n...", HexLayout::FlatOddColumn).unwrap();
    /// // The same cells in another layout are another map.
    /// assert_ne!(a.content_hash(), b.content_hash());
    /// let before = a.content_hash();
    /// a.set_walkable(Cell::new(0, 0), false).unwrap();
    /// assert_ne!(a.content_hash(), before);
    /// a.set_walkable(Cell::new(0, 0), true).unwrap(); // the contents, not the history
    /// assert_eq!(a.content_hash(), before);
    /// ```
    pub fn content_hash(&self) -> u64 {
        hex_content_hash_of(self.store.content_hash(), self.layout.code())
    }

    /// Replaces every field from validated snapshot parts (kind 14), reusing the cell memory
    /// when it is large enough.
    pub(crate) fn restore_parts(&mut self, parts: RestoredParts<'_>) {
        self.layout = parts.layout;
        self.space = parts.space;
        self.store.restore(
            parts.width,
            parts.height,
            parts.cells,
            parts.areas,
            parts.version,
        );
    }

    /// The cell store's invariants (for tests).
    #[cfg(test)]
    pub(crate) fn store_invariants(&self) -> bool {
        self.store.check_invariants()
    }

    /// The world mapping.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout, HexSpace};
    /// let grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    /// assert_eq!(grid.space(), HexSpace::UNIT);
    /// ```
    pub fn space(&self) -> HexSpace {
        self.space
    }

    /// Replaces the world mapping.
    ///
    /// # Errors
    ///
    /// [`GridError::ExtentOutOfRange`] when a cell centre under `space` leaves the coordinate
    /// rule ([`HexSpace::check_extent`]); nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSpace, WorldPoint};
    /// let mut grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    /// grid.set_space(HexSpace::new(100.0, 50.0, 10.0).unwrap()).unwrap();
    /// let path = grid.find_path_world(WorldPoint::new(100.0, 50.0), WorldPoint::new(131.0, 50.0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(path.cells.last(), Some(&Cell::new(3, 0)));
    /// assert!(grid.set_space(HexSpace::new(0.0, 0.0, 2e6).unwrap()).is_err()); // centres leave the rule
    /// ```
    pub fn set_space(&mut self, space: HexSpace) -> Result<(), GridError> {
        space.check_extent(self.layout, self.width(), self.height())?;
        self.space = space;
        Ok(())
    }

    /// Builder form of [`set_space`](HexGrid::set_space).
    ///
    /// # Errors
    ///
    /// As [`set_space`](HexGrid::set_space).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout, HexSpace};
    /// let grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap().with_space(HexSpace::new(0.0, 0.0, 3.0).unwrap()).unwrap();
    /// assert_ne!(grid.space(), HexSpace::UNIT);
    /// ```
    pub fn with_space(mut self, space: HexSpace) -> Result<Self, GridError> {
        self.set_space(space)?;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;
    use crate::grid::{GridEdit, GridRect};
    use alloc::vec::Vec;

    #[test]
    fn rectangle_edits_and_journal() {
        let mut g = HexGrid::new(5, 4, HexLayout::PointyOddRow).unwrap();
        let r0 = g.revision();
        g.set_rect(1, 1, 2, 2, 0).unwrap();
        assert_eq!(g.version(), 0);
        g.set_rect_from(1, 1, 2, 2, &[0, 255, 3, 0]).unwrap();
        assert_eq!(g.version(), 1);
        assert_eq!(g.area(Cell::new(2, 1)), Some(255));
        assert_eq!(g.area(Cell::new(1, 2)), Some(3));
        g.set_area_cost(3, 2.0).unwrap();
        let EditsSince::Edits(e) = g.edits_since(r0) else {
            panic!("journal lost edits")
        };
        assert_eq!(
            e.collect::<Vec<_>>(),
            [
                GridEdit::Cells(GridRect {
                    x: 1,
                    y: 1,
                    width: 2,
                    height: 2
                }),
                GridEdit::AreaCosts
            ]
        );
        let before = g.clone();
        assert!(g.set_rect(4, 0, 2, 1, 255).is_err());
        assert!(g.set_rect_from(0, 0, 2, 1, &[1]).is_err());
        assert_eq!(g, before);
        assert!(g.edits_since(g.revision() + 1).is_rebuild());
    }

    /// The same edits on a square and a hex grid of the same size give the same answers, the
    /// same cells, versions and journals: both run the one cell store.
    #[test]
    fn square_and_hex_journal_the_same_edits() {
        let mut rng = crate::math::SplitMix64::new(15);
        for round in 0..40 {
            let (w, h) = (1 + rng.below(9), 1 + rng.below(9));
            let cells: Vec<u8> = (0..w * h)
                .map(|_| {
                    if rng.chance(1, 5) {
                        255
                    } else {
                        rng.below(3) as u8
                    }
                })
                .collect();
            let mut square = Grid::from_areas(w, h, cells.clone()).unwrap();
            let layout = [HexLayout::PointyOddRow, HexLayout::FlatEvenColumn][round % 2];
            let mut hex = HexGrid::from_areas(w, h, layout, cells).unwrap();
            let (s0, h0) = (square.revision(), hex.revision());
            // Coordinates reach one past each edge and one before it, so some edits are refused.
            let coord = |rng: &mut crate::math::SplitMix64, n: u32| rng.below(n + 2) as i32 - 1;
            for step in 0..50 {
                let (x, y) = (coord(&mut rng, w), coord(&mut rng, h));
                let (rw, rh) = (rng.below(4), rng.below(4));
                let area = if rng.chance(1, 3) {
                    255
                } else {
                    rng.below(4) as u8
                };
                let (a, b) = match rng.below(4) {
                    0 => (
                        square.set_area(Cell::new(x, y), area),
                        hex.set_area(Cell::new(x, y), area),
                    ),
                    1 => (
                        square.set_rect(x, y, rw, rh, area),
                        hex.set_rect(x, y, rw, rh, area),
                    ),
                    2 => {
                        // Sometimes one byte short.
                        let n = (rw * rh) as usize - usize::from(rng.chance(1, 4) && rw * rh > 0);
                        let src: Vec<u8> = (0..n).map(|i| (i % 3) as u8).collect();
                        (
                            square.set_rect_from(x, y, rw, rh, &src),
                            hex.set_rect_from(x, y, rw, rh, &src),
                        )
                    }
                    _ => {
                        let m = [1.0, 2.0, 0.5, -1.0][rng.below(4) as usize];
                        (square.set_area_cost(area, m), hex.set_area_cost(area, m))
                    }
                };
                let at = alloc::format!("round {round}, step {step}");
                assert_eq!(a, b, "{at}");
                assert_eq!(square.cells(), hex.cells(), "{at}");
                assert_eq!(square.areas(), hex.areas(), "{at}");
                assert_eq!(square.version(), hex.version(), "{at}");
                assert_eq!(
                    square.edits_since(s0).into_vec(),
                    hex.edits_since(h0).into_vec(),
                    "{at}"
                );
                assert!(
                    square.check_invariants() && hex.store.check_invariants(),
                    "{at}"
                );
            }
        }
    }

    #[test]
    fn shared_grids_are_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Grid>();
        check::<HexGrid>();
    }
}
