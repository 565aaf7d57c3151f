//! Snapshot kind 1: a square [`Grid`] (cells, area multipliers, version, world mapping).
//!
//! The writer lives with the grid, as every kind's writer lives with what it saves; the
//! frame, codec and content hash function come from the codec floor (`state/`).

use super::area_costs::AreaCosts;
use super::cell_store::{MAX_VERSION, checked_cell_count};
use super::grid::Grid;
use super::space::GridSpace;
use crate::state::codec::{HEADER_LEN, Reader, read_frame, write_frame};
use crate::state::map_hash::content_hash_of;
use crate::state::{KIND_GRID, StateError, size_bound};

/// Fixed payload bytes before the cells: width, height, version, space (3 × f64), 255 × f64.
const FIXED: usize = 4 + 4 + 8 + 3 * 8 + 255 * 8;

/// A grid decoded and validated from snapshot bytes, borrowing its cells from the input.
struct Decoded<'a> {
    width: u32,
    height: u32,
    version: u64,
    space: GridSpace,
    areas: AreaCosts,
    cells: &'a [u8],
}

fn decode(bytes: &[u8]) -> Result<Decoded<'_>, StateError> {
    let frame = read_frame(bytes, KIND_GRID)?;
    let mut r = Reader::new(frame.payload);
    let width = r.u32()?;
    let height = r.u32()?;
    let n = checked_cell_count(width, height)
        .map_err(|_| StateError::InvalidField { field: "grid.size" })?;
    let version = r.u64()?;
    if version > MAX_VERSION {
        return Err(StateError::InvalidField {
            field: "grid.version",
        });
    }
    let (ox, oy, size) = (r.f64()?, r.f64()?, r.f64()?);
    let space = GridSpace::new(ox, oy, size)
        .and_then(|s| s.check_extent(width, height).map(|()| s))
        .map_err(|_| StateError::InvalidField {
            field: "grid.space",
        })?;
    let mut areas = AreaCosts::new();
    for a in 0..255u8 {
        areas
            .set(a, r.f64()?)
            .map_err(|_| StateError::InvalidField {
                field: "grid.area_cost",
            })?;
    }
    if r.remaining() != n {
        return Err(StateError::InvalidField {
            field: "grid.cells",
        });
    }
    let cells = r.bytes(n)?;
    let hash = content_hash_of(width, height, cells, areas.as_slice());
    if hash != frame.map_hash {
        return Err(StateError::MapMismatch {
            expected: hash,
            found: frame.map_hash,
        });
    }
    Ok(Decoded {
        width,
        height,
        version,
        space,
        areas,
        cells,
    })
}

impl Grid {
    /// Bytes [`save_state`](Grid::save_state) writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Grid;
    /// let grid = Grid::new(16, 16).unwrap();
    /// let mut buf = vec![0u8; grid.state_size()];
    /// assert_eq!(grid.save_state(&mut buf), Ok(grid.state_size()));
    /// assert!(grid.state_size() > 256); // a byte per cell, plus the header and costs
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED + self.cells().len()
    }

    /// An upper bound on [`state_size`](Grid::state_size) for every state this grid can reach:
    /// edits never change its size, so the bound is the size itself, `28 + 2,080 + width ×
    /// height` bytes (header; width, height, version, world mapping and the 255 multipliers;
    /// one byte per cell). A host sizes its snapshot buffer once with it
    /// (`docs/rollback-checklist.md`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(10, 4).unwrap();
    /// let mut buffer = vec![0u8; grid.max_state_size()]; // once
    /// assert_eq!(grid.max_state_size(), 28 + 2_080 + 40);
    /// grid.set_walkable(Cell::new(3, 2), false).unwrap();
    /// assert_eq!(grid.save_state(&mut buffer), Ok(grid.state_size()));
    /// ```
    pub fn max_state_size(&self) -> usize {
        size_bound::sum([HEADER_LEN, FIXED, self.cells().len()])
    }

    /// Writes the grid's snapshot (kind 1, `docs/snapshot-format.md`) into `out`; returns the
    /// byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Grid::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Grid;
    /// let grid = Grid::from_text("..#\n.3.").unwrap();
    /// let mut bytes = vec![0u8; grid.state_size()];
    /// assert_eq!(grid.save_state(&mut bytes), Ok(bytes.len()));
    /// let copy = Grid::from_state(&bytes).unwrap();
    /// assert_eq!(copy, grid);
    /// assert_eq!(copy.content_hash(), grid.content_hash());
    /// // A buffer that is too short is an error, never a partial write.
    /// assert!(grid.save_state(&mut bytes[..10]).is_err());
    /// ```
    pub fn save_state(&self, out: &mut [u8]) -> Result<usize, StateError> {
        let space = self.space();
        write_frame(
            out,
            KIND_GRID,
            self.content_hash(),
            FIXED + self.cells().len(),
            |w| {
                w.u32(self.width());
                w.u32(self.height());
                w.u64(self.version());
                w.f64(space.origin().x);
                w.f64(space.origin().y);
                w.f64(space.cell_size());
                for m in self.areas().as_slice() {
                    w.f64(*m);
                }
                w.bytes(self.cells());
            },
        )
    }

    /// Replaces this grid with the snapshot in `bytes`. Reuses the cell memory when the size
    /// matches (no allocation), and leaves the grid unchanged on any error.
    ///
    /// # Errors
    ///
    /// Any [`StateError`]: header, length, checksum, sizes, multipliers, world mapping, or a
    /// map hash that does not match the decoded contents.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::Grid;
    /// let mut grid = Grid::new(4, 4).unwrap();
    /// let mut saved = vec![0u8; grid.state_size()];
    /// grid.save_state(&mut saved).unwrap();
    /// grid.set_rect(0, 1, 3, 1, 255).unwrap(); // the simulation moves on…
    /// grid.restore_state(&saved).unwrap(); // …and rolls back
    /// assert_eq!(grid, Grid::new(4, 4).unwrap());
    /// // Damaged bytes are refused and leave the grid as it was.
    /// grid.set_area(onepath::Cell::new(0, 0), 255).unwrap();
    /// let before = grid.clone();
    /// saved[40] ^= 1;
    /// assert_eq!(grid.restore_state(&saved), Err(StateError::ChecksumMismatch));
    /// assert_eq!(grid, before);
    /// ```
    pub fn restore_state(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        let d = decode(bytes)?;
        self.restore_parts(d.width, d.height, d.cells, d.areas, d.version, d.space);
        Ok(())
    }

    /// A new grid from a snapshot (allocates).
    ///
    /// # Errors
    ///
    /// As [`restore_state`](Grid::restore_state).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::from_text("..\n.#").unwrap();
    /// grid.set_area_cost(3, 2.0).unwrap();
    /// let mut bytes = vec![0u8; grid.state_size()];
    /// grid.save_state(&mut bytes).unwrap();
    /// let copy = Grid::from_state(&bytes).unwrap(); // e.g. a late joiner
    /// assert_eq!((copy.to_text(), copy.areas().get(3)), (grid.to_text(), 2.0));
    /// assert!(!copy.is_walkable(Cell::new(1, 1)));
    /// assert!(Grid::from_state(&bytes[..8]).is_err());
    /// ```
    pub fn from_state(bytes: &[u8]) -> Result<Grid, StateError> {
        let d = decode(bytes)?;
        let mut g = Grid::from_areas(d.width, d.height, d.cells.to_vec())
            .map_err(|_| StateError::InvalidField { field: "grid.size" })?;
        g.restore_parts(d.width, d.height, d.cells, d.areas, d.version, d.space);
        Ok(g)
    }
}
