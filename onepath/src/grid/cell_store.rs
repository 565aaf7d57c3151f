//! [`CellStore`]: the map data a rectangular cell space keeps — one area byte per cell, the
//! area cost table, the edit counters and the edit journal — and the edits that change it.
//!
//! The square [`Grid`](crate::Grid) and the [`HexGrid`](crate::HexGrid) both own one and
//! delegate their cell reads and edits to it, so the rules below hold for both by
//! construction: the same errors, the same version and revision steps, the same journal
//! entries for the same edits. A new space (voxel grid, graph) keeps its data the same way:
//! one struct that owns the contents and their history, whose edits check everything before
//! the first write and record exactly one journal entry when something changed.
//!
//! # The contract
//!
//! - Cells are row-major (`index = y * width + x`), one area id each: 0..=254 walkable, 255
//!   ([`WALL`]) a wall.
//! - An edit (`set_area`, `set_walkable`, `set_rect`, `set_rect_from`, `set_area_cost`)
//!   validates all of its input before it writes anything; a refused edit changes nothing.
//! - An edit that changes something bumps `version` by one, takes a fresh process-unique
//!   `revision` ([`fresh_revision`]), records one [`GridEdit`] tagged with that revision and
//!   drops the cached content hash. An edit that changes nothing (same bytes, same multiplier
//!   bits) leaves all four alone.
//! - A wholesale replacement (snapshot restore, [`CellStore::restore`]) sets the version to
//!   the restored one, takes a fresh revision and records [`GridEdit::Everything`].

use alloc::vec;
use alloc::vec::Vec;

use super::area_costs::AreaCosts;
use super::cell::Cell;
use super::content_hash::HashCache;
use super::journal::{EditJournal, EditsSince, GridEdit};
use super::rect::{GridRect, RectSource, write_rect};
use crate::error::{GridError, MAX_CELLS};
use crate::state::map_hash::content_hash_of;

/// The area id of a wall.
pub const WALL: u8 = 255;

#[cfg(target_has_atomic = "64")]
static NEXT_REVISION: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(1);
#[cfg(not(target_has_atomic = "64"))]
static NEXT_REVISION: core::sync::atomic::AtomicUsize = core::sync::atomic::AtomicUsize::new(1);

/// A stamp no other contents of any cell space in this process has had (never 0).
#[allow(clippy::unnecessary_cast)] // usize on targets without 64-bit atomics
pub(crate) fn fresh_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, core::sync::atomic::Ordering::Relaxed) as u64
}

/// Validates a grid size and returns its cell count.
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

/// The cells, area table, counters, journal and content-hash cache of one rectangular cell
/// space (see the module docs for the contract every edit keeps).
///
/// The largest version a snapshot may restore (kinds 1 and 10): 2^53. A grid built here starts
/// at 0 and takes one step per edit, so no game reaches it (a million edits a second for 285
/// years); a larger restored value could only come from hostile bytes, and it would leave no
/// room for the edits that follow (`docs/snapshot-format.md`, kind 1).
pub(crate) const MAX_VERSION: u64 = 1 << 53;

/// Two stores are equal when their size, cells, area costs and version are equal; the
/// revision, the journal and the hash cache are not compared.
#[derive(Clone, Debug)]
pub(crate) struct CellStore {
    width: u32,
    height: u32,
    cells: Vec<u8>,
    areas: AreaCosts,
    version: u64,
    revision: u64,
    journal: EditJournal,
    hash: HashCache,
}

impl PartialEq for CellStore {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.cells == other.cells
            && self.areas == other.areas
            && self.version == other.version
    }
}

// Invariants (checked by `check_invariants`, the cheap ones `debug_assert!`ed after every
// write):
//
// - `1 <= width, height`, `width * height <= 2^28`, `cells.len() == width * height`;
// - `revision != 0` and it is the journal's current revision (the newest entry's stamp, or
//   the base when the journal is empty); the journal's stamps strictly increase;
// - every `GridEdit::Cells` rectangle newer than the newest `GridEdit::Everything` lies
//   inside `width × height` (older ones may describe a size a restore replaced);
// - the hash cache, when set, holds `content_hash_of(width, height, cells, areas)`.
impl CellStore {
    /// An open store: every cell area 0.
    ///
    /// # Errors
    ///
    /// [`GridError::EmptyDimension`] or [`GridError::TooManyCells`] (checked before allocating).
    pub(crate) fn new(width: u32, height: u32) -> Result<Self, GridError> {
        let n = checked_cell_count(width, height)?;
        Ok(Self::from_parts(width, height, vec![0; n]))
    }

    /// A store from row-major area bytes.
    ///
    /// # Errors
    ///
    /// Size errors as [`CellStore::new`]; [`GridError::CellCountMismatch`] when
    /// `cells.len() != width * height`.
    pub(crate) fn from_areas(width: u32, height: u32, cells: Vec<u8>) -> Result<Self, GridError> {
        check_cells_len(width, height, cells.len())?;
        Ok(Self::from_parts(width, height, cells))
    }

    fn from_parts(width: u32, height: u32, cells: Vec<u8>) -> Self {
        let revision = fresh_revision();
        let store = Self {
            width,
            height,
            cells,
            areas: AreaCosts::new(),
            version: 0,
            revision,
            journal: EditJournal::new(revision),
            hash: HashCache::new(),
        };
        debug_assert!(store.shape_holds());
        store
    }

    /// Columns.
    #[inline]
    pub(crate) fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    #[inline]
    pub(crate) fn height(&self) -> u32 {
        self.height
    }

    /// The area bytes, row-major.
    #[inline]
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// `width * height`.
    #[inline]
    pub(crate) fn cell_count(&self) -> u32 {
        self.cells.len() as u32
    }

    /// The area cost table.
    #[inline]
    pub(crate) fn areas(&self) -> &AreaCosts {
        &self.areas
    }

    /// Edits that changed something (a restore sets it).
    #[inline]
    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// The process-unique stamp of the current contents.
    #[inline]
    pub(crate) fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether `cell` lies inside.
    #[inline]
    pub(crate) fn contains(&self, cell: Cell) -> bool {
        cell.x >= 0 && cell.y >= 0 && (cell.x as u32) < self.width && (cell.y as u32) < self.height
    }

    /// The row-major index of `cell`, or `None` outside.
    #[inline]
    pub(crate) fn index_of(&self, cell: Cell) -> Option<u32> {
        if self.contains(cell) {
            Some(cell.y as u32 * self.width + cell.x as u32)
        } else {
            None
        }
    }

    /// The cell of a row-major index (inside when `index < cell_count()`).
    #[inline]
    pub(crate) fn cell_of(&self, index: u32) -> Cell {
        Cell::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// The area id of `cell`, or `None` outside.
    #[inline]
    pub(crate) fn area(&self, cell: Cell) -> Option<u8> {
        self.index_of(cell).map(|i| self.cells[i as usize])
    }

    /// Whether `cell` is inside and not a wall.
    #[inline]
    pub(crate) fn is_walkable(&self, cell: Cell) -> bool {
        self.area(cell).is_some_and(|a| a != WALL)
    }

    /// Sets the area id of `cell`; one journal entry (a one-cell rectangle) when it changed.
    ///
    /// # Errors
    ///
    /// [`GridError::CellOutOfBounds`]; nothing changes then.
    pub(crate) fn set_area(&mut self, cell: Cell, area: u8) -> Result<(), GridError> {
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

    /// Makes `cell` open (area 0) or a wall.
    ///
    /// # Errors
    ///
    /// As [`CellStore::set_area`].
    pub(crate) fn set_walkable(&mut self, cell: Cell, walkable: bool) -> Result<(), GridError> {
        self.set_area(cell, if walkable { 0 } else { WALL })
    }

    /// Fills the `width × height` rectangle at `(x, y)` with `area`, as one edit: one journal
    /// entry, the smallest rectangle containing the changed cells, when any changed.
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], before any cell is written.
    pub(crate) fn set_rect(
        &mut self,
        x: i32,
        y: i32,
        width: u32,
        height: u32,
        area: u8,
    ) -> Result<(), GridError> {
        self.rect_edit((x, y, width, height), RectSource::Fill(area))
    }

    /// Copies the row-major `areas` into the `width × height` rectangle at `(x, y)`, as one
    /// edit (see [`CellStore::set_rect`]).
    ///
    /// # Errors
    ///
    /// [`GridError::RectOutOfBounds`], then [`GridError::RectSourceLength`]; both before any
    /// cell is written.
    pub(crate) fn set_rect_from(
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
        // `write_rect` makes every check before its first write.
        if let Some(changed) = write_rect(&mut self.cells, (self.width, self.height), rect, source)?
        {
            self.record(GridEdit::Cells(changed));
        }
        Ok(())
    }

    /// Sets the multiplier of `area`; records [`GridEdit::AreaCosts`] when the bits changed.
    ///
    /// # Errors
    ///
    /// As [`AreaCosts::set`] (which checks before it writes); nothing changes then.
    pub(crate) fn set_area_cost(&mut self, area: u8, multiplier: f64) -> Result<(), GridError> {
        let before = self.areas.get(area);
        self.areas.set(area, multiplier)?;
        if before.to_bits() != multiplier.to_bits() {
            self.record(GridEdit::AreaCosts);
        }
        Ok(())
    }

    /// What changed after `revision` (see [`EditJournal::since`]).
    pub(crate) fn edits_since(&self, revision: u64) -> EditsSince<'_> {
        debug_assert_eq!(self.journal.current(), self.revision);
        self.journal.since(revision)
    }

    /// Replaces size, cells, area costs and version wholesale (validated snapshot parts:
    /// `cells.len() == width * height` within the size bounds), reusing the cell memory when
    /// it is large enough; then [`note_replaced`](CellStore::note_replaced).
    pub(crate) fn restore(
        &mut self,
        width: u32,
        height: u32,
        cells: &[u8],
        areas: AreaCosts,
        version: u64,
    ) {
        self.cells.clear();
        self.cells.extend_from_slice(cells);
        self.width = width;
        self.height = height;
        self.areas = areas;
        self.version = version;
        self.note_replaced();
    }

    /// Marks the contents as replaced wholesale: a fresh revision (never one the store had,
    /// so no dependent mistakes the new contents for a state it saw, even when the version
    /// equals one it saw), [`GridEdit::Everything`] in the journal, the hash cache dropped.
    /// The version stays.
    pub(crate) fn note_replaced(&mut self) {
        self.new_revision(GridEdit::Everything);
    }

    /// The content hash of size, cells and area multipliers, cached until the next change
    /// (see [`HashCache`] for why `&self` suffices).
    pub(crate) fn content_hash(&self) -> u64 {
        if let Some(h) = self.hash.get() {
            return h;
        }
        let h = content_hash_of(self.width, self.height, &self.cells, self.areas.as_slice());
        self.hash.set(h);
        h
    }

    /// The cached content hash, if any (for tests).
    #[cfg(test)]
    pub(crate) fn cached_hash(&self) -> Option<u64> {
        self.hash.get()
    }

    /// Bumps the version and records `edit` at a fresh revision.
    fn record(&mut self, edit: GridEdit) {
        // A restored version is at most `MAX_VERSION` (kinds 1 and 10 refuse more), so this
        // never saturates in practice; saturating keeps any state free of an overflow panic.
        self.version = self.version.saturating_add(1);
        self.new_revision(edit);
    }

    fn new_revision(&mut self, edit: GridEdit) {
        self.revision = fresh_revision();
        self.journal.record(self.revision, edit);
        self.hash.invalidate();
        debug_assert!(self.shape_holds());
        debug_assert_eq!(self.journal.current(), self.revision);
    }

    /// The O(1) part of the invariants: the size bounds and the cell count.
    fn shape_holds(&self) -> bool {
        check_cells_len(self.width, self.height, self.cells.len()).is_ok()
    }

    /// Checks every invariant (see the block above the `impl`); O(cells) for the hash. For
    /// tests.
    #[cfg(test)]
    pub(crate) fn check_invariants(&self) -> bool {
        let rects_inside = self
            .journal
            .entries()
            .rev()
            .take_while(|(_, e)| *e != GridEdit::Everything)
            .all(|(_, e)| match e {
                GridEdit::Cells(r) => r.right() <= self.width && r.bottom() <= self.height,
                GridEdit::AreaCosts | GridEdit::Everything => true,
            });
        let hash_current = self.hash.get().is_none_or(|h| {
            h == content_hash_of(self.width, self.height, &self.cells, self.areas.as_slice())
        });
        self.shape_holds()
            && self.revision != 0
            && self.journal.current() == self.revision
            && self.journal.check_invariants()
            && rects_inside
            && hash_current
    }
}

#[cfg(test)]
#[path = "cell_store_tests.rs"]
mod tests;
