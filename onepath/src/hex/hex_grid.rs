//! [`HexGrid`]: a rectangular offset array of hex cells.

use crate::grid::query_slot::QuerySlot;
use alloc::vec;
use alloc::vec::Vec;

use super::coord::HexCoord;
use super::layout::HexLayout;
use super::space::HexSpace;
use crate::error::GridError;
use crate::grid::grid::{check_cells_len, checked_cell_count, fresh_revision};
use crate::grid::rect::{GridRect, RectSource, write_rect};
use crate::grid::{AreaCosts, Cell, EditJournal, EditsSince, GridEdit, WALL};

/// A hex grid: `width` columns × `height` rows in offset coordinates, one area byte per cell
/// (0..=254 walkable, 255 wall), row-major; [`HexLayout`] says which rows or columns are
/// shifted. Hex grids support agent size 1 only.
///
/// # Invariants
///
/// As [`Grid`](crate::Grid): 1 ≤ width, height; width·height ≤ 2^28; `version` counts edits,
/// `revision` is a fresh stamp per edit and the edit journal's newest entry ends at it (hex grids follow the
/// same [`edits_since`](HexGrid::edits_since) protocol as square grids; they have no clearance
/// and no content hash). Equality compares size, layout, cells, area costs, version and world
/// mapping, not the revision or the journal.
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
    width: u32,
    height: u32,
    layout: HexLayout,
    cells: Vec<u8>,
    areas: AreaCosts,
    version: u64,
    revision: u64,
    space: HexSpace,
    journal: EditJournal,
    /// Search buffers the tier-1 queries take and give back; not content, empty in a clone.
    pub(crate) queries: QuerySlot,
}

impl PartialEq for HexGrid {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.layout == other.layout
            && self.cells == other.cells
            && self.areas == other.areas
            && self.version == other.version
            && self.space == other.space
    }
}

impl HexGrid {
    /// An open hex grid (every cell area 0).
    ///
    /// # Errors
    ///
    /// Size errors as [`Grid::new`](crate::Grid::new).
    pub fn new(width: u32, height: u32, layout: HexLayout) -> Result<Self, GridError> {
        let n = checked_cell_count(width, height)?;
        Ok(Self::from_parts(width, height, layout, vec![0; n]))
    }

    /// A hex grid from row-major area bytes.
    ///
    /// # Errors
    ///
    /// As [`Grid::from_areas`](crate::Grid::from_areas).
    pub fn from_areas(
        width: u32,
        height: u32,
        layout: HexLayout,
        cells: Vec<u8>,
    ) -> Result<Self, GridError> {
        check_cells_len(width, height, cells.len())?;
        Ok(Self::from_parts(width, height, layout, cells))
    }

    /// A hex grid from a text picture (`.` open, `#` wall, `1`–`9` areas), rows in offset order.
    ///
    /// # Errors
    ///
    /// As [`Grid::from_text`](crate::Grid::from_text).
    pub fn from_text(text: &str, layout: HexLayout) -> Result<Self, GridError> {
        let (w, h, cells) = crate::grid::text::parse_picture(text)?;
        Self::from_areas(w, h, layout, cells)
    }

    fn from_parts(width: u32, height: u32, layout: HexLayout, cells: Vec<u8>) -> Self {
        let revision = fresh_revision();
        Self {
            width,
            height,
            layout,
            cells,
            areas: AreaCosts::new(),
            version: 0,
            revision,
            space: HexSpace::UNIT,
            journal: EditJournal::new(revision),
            queries: QuerySlot::new(),
        }
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The offset layout.
    pub fn layout(&self) -> HexLayout {
        self.layout
    }

    /// `width * height`.
    pub fn cell_count(&self) -> u32 {
        self.cells.len() as u32
    }

    /// The area bytes, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Row-major index of the offset cell (col = `x`, row = `y`), or `None` outside.
    pub fn index_of(&self, cell: Cell) -> Option<u32> {
        (cell.x >= 0
            && cell.y >= 0
            && (cell.x as u32) < self.width
            && (cell.y as u32) < self.height)
            .then(|| cell.y as u32 * self.width + cell.x as u32)
    }

    /// The offset cell of a row-major index.
    pub fn cell_of(&self, index: u32) -> Cell {
        Cell::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// Axial coordinate of an offset cell.
    pub fn to_axial(&self, cell: Cell) -> HexCoord {
        self.layout.offset_to_axial(cell.x, cell.y)
    }

    /// Offset cell of an axial coordinate.
    pub fn to_offset(&self, h: HexCoord) -> Cell {
        let (c, r) = self.layout.axial_to_offset(h);
        Cell::new(c, r)
    }

    /// Area id of an offset cell, or `None` outside.
    pub fn area(&self, cell: Cell) -> Option<u8> {
        self.index_of(cell).map(|i| self.cells[i as usize])
    }

    /// Whether the offset cell is inside and not a wall.
    pub fn is_walkable(&self, cell: Cell) -> bool {
        self.area(cell).is_some_and(|a| a != WALL)
    }

    /// Sets an offset cell's area; bumps the version when it changed.
    ///
    /// # Errors
    ///
    /// [`GridError::CellOutOfBounds`]; nothing changes then.
    pub fn set_area(&mut self, cell: Cell, area: u8) -> Result<(), GridError> {
        let Some(i) = self.index_of(cell) else {
            return Err(GridError::CellOutOfBounds {
                x: cell.x,
                y: cell.y,
                width: self.width,
                height: self.height,
            });
        };
        if self.cells[i as usize] != area {
            self.cells[i as usize] = area;
            self.record(GridEdit::Cells(GridRect::cell(
                cell.x as u32,
                cell.y as u32,
            )));
        }
        Ok(())
    }

    /// Sets every cell of the `width × height` rectangle of offset cells whose top-left is
    /// (column `x`, row `y`) to `area`, as one edit; the rules are those of
    /// [`Grid::set_rect`](crate::Grid::set_rect) (row-major writes, one version bump if anything
    /// changed, the changed cells' bounding rectangle journaled, empty rectangles a no-op).
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], before any cell is written.
    pub fn set_rect(
        &mut self,
        x: i32,
        y: i32,
        width: u32,
        height: u32,
        area: u8,
    ) -> Result<(), GridError> {
        self.rect_edit((x, y, width, height), RectSource::Fill(area))
    }

    /// Copies `areas` (row-major, `width * height` bytes) into the rectangle, as one edit (see
    /// [`set_rect`](HexGrid::set_rect)).
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], then [`GridError::RectSourceLength`]; both before any cell
    /// is written.
    pub fn set_rect_from(
        &mut self,
        x: i32,
        y: i32,
        width: u32,
        height: u32,
        areas: &[u8],
    ) -> Result<(), GridError> {
        self.rect_edit((x, y, width, height), RectSource::Areas(areas))
    }

    fn rect_edit(
        &mut self,
        rect: (i32, i32, u32, u32),
        source: RectSource<'_>,
    ) -> Result<(), GridError> {
        if let Some(changed) = write_rect(&mut self.cells, (self.width, self.height), rect, source)?
        {
            self.record(GridEdit::Cells(changed));
        }
        Ok(())
    }

    /// What changed after `revision`; see [`Grid::edits_since`](crate::Grid::edits_since).
    pub fn edits_since(&self, revision: u64) -> EditsSince<'_> {
        self.journal.since(revision)
    }

    /// A stamp of the current contents, unique in the process (shared with square grids' stamps):
    /// every edit that changes something takes a fresh one. Dependents store it and pass it to
    /// [`edits_since`](HexGrid::edits_since); see [`Grid::revision`](crate::Grid::revision).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    fn record(&mut self, edit: GridEdit) {
        self.version += 1;
        self.revision = fresh_revision();
        self.journal.record(self.revision, edit);
    }

    /// Edits that changed something since construction.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The area cost table.
    pub fn areas(&self) -> &AreaCosts {
        &self.areas
    }

    /// Sets an area multiplier; bumps the version when it changed.
    ///
    /// # Errors
    ///
    /// As [`AreaCosts::set`].
    pub fn set_area_cost(&mut self, area: u8, multiplier: f64) -> Result<(), GridError> {
        let before = self.areas.get(area);
        self.areas.set(area, multiplier)?;
        if before.to_bits() != multiplier.to_bits() {
            self.record(GridEdit::AreaCosts);
        }
        Ok(())
    }

    /// The world mapping.
    pub fn space(&self) -> HexSpace {
        self.space
    }

    /// Replaces the world mapping.
    ///
    /// # Errors
    ///
    /// [`GridError::ExtentOutOfRange`] when a cell centre under `space` leaves the coordinate
    /// rule ([`HexSpace::check_extent`]); nothing changes then.
    pub fn set_space(&mut self, space: HexSpace) -> Result<(), GridError> {
        space.check_extent(self.layout, self.width, self.height)?;
        self.space = space;
        Ok(())
    }

    /// Builder form of [`set_space`](HexGrid::set_space).
    ///
    /// # Errors
    ///
    /// As [`set_space`](HexGrid::set_space).
    pub fn with_space(mut self, space: HexSpace) -> Result<Self, GridError> {
        self.set_space(space)?;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
