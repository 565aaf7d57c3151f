//! [`JpsPlusIndex`]: the JPS+ distance tables (Harabor & Grastien 2014, offline variant; Rabin's
//! formulation: Rabin & Silva 2015, *Game AI Pro 2*).
//!
//! One signed 16-bit value per cell and direction, stored cell by cell
//! (`table[cell * 8 + direction]`, direction order N, E, S, W, NE, SE, SW, NW). `d > 0`: the next
//! jump point is `d` steps away; `d <= 0`: no jump point before a wall, and `-d` walkable cells
//! lie before it. A wall cell has all zeros.
//!
//! - Straight: for the next cell `q`: 0 if `q` is a wall; 1 if `q` has a forced neighbour for
//!   this arrival; else `q`'s value moved one step further (`v + 1` if `v > 0`, else `v - 1`).
//! - Diagonal: 0 if the step is illegal (a side cell or the target is a wall); 1 if `q`'s table
//!   for either cardinal component is positive; else the same chain rule on the diagonal.
//!
//! Build order: the four straight tables, then the four diagonals, each from the far end.

use alloc::vec;
use alloc::vec::Vec;

use super::rules::JumpRules;
use crate::error::QueryError;
use crate::grid::{Dir8, Grid, WALL};

/// The largest side a JPS+ index supports (distances must fit in `i16`).
pub const MAX_JPS_PLUS_SIDE: u32 = 32_766;

/// The JPS+ tables of a grid (16 bytes per cell).
///
/// # Stale reads
///
/// The tables belong to the grid revision they were built or last updated at
/// ([`revision`](Self::revision)); [`get`](Self::get), [`raw`](Self::raw) and
/// [`tables`](Self::tables) take no grid and, after an edit, answer for the old grid until
/// [`refresh`](Self::refresh) or [`rebuild`](Self::rebuild). The flag is
/// [`is_current`](Self::is_current); [`current`](Self::current) turns it into an error
/// (ARCHITECTURE.md, “Stale reads”). The tier-1 handles keep their tables current themselves.
///
/// # Invariants
///
/// `table.len() == 8 * width * height`; the values equal a fresh build over the grid version
/// `version`.
///
/// # Examples
///
/// ```
/// use onepath::grid::Dir8;
/// use onepath::jps::JpsPlusIndex;
/// use onepath::Grid;
/// let grid = Grid::from_text("..#..\n.....").unwrap();
/// let index = JpsPlusIndex::new(&grid).unwrap();
/// // Eastwards from (0, 1): a jump point 3 steps away, at (3, 1), where the wall above ends.
/// assert_eq!(index.get(0, 1, Dir8::East), 3);
/// // Eastwards from (0, 0): no jump point before the wall, 1 walkable cell before it.
/// assert_eq!(index.get(0, 0, Dir8::East), -1);
/// assert_eq!(index.get(2, 0, Dir8::East), 0); // a wall cell holds zeros
/// assert_eq!(index.bytes(), 16 * 10);
/// ```
#[derive(Clone, Debug, Default)]
pub struct JpsPlusIndex {
    width: u32,
    height: u32,
    table: Vec<i16>,
    version: u64,
    revision: u64,
    pub(crate) scratch: UpdateScratch,
}

/// Reusable scratch of an incremental update ([`JpsPlusIndex::update_cells`], in
/// `jps_plus_update.rs`): kept by the index so that repairs allocate nothing once sized.
#[derive(Clone, Debug, Default)]
pub(crate) struct UpdateScratch {
    pub(super) cells: Vec<(i32, i32)>,
    pub(super) lines: Vec<i32>,
    pub(super) touched: Vec<(i32, i32)>,
    pub(super) work: Vec<(i32, i32, Dir8)>,
}

/// Indexes are equal when their size, tables and version are.
impl PartialEq for JpsPlusIndex {
    fn eq(&self, o: &Self) -> bool {
        self.width == o.width
            && self.height == o.height
            && self.table == o.table
            && self.version == o.version
    }
}

impl Eq for JpsPlusIndex {}

/// Why an index cannot be built.
///
/// # Examples
///
/// ```
/// use onepath::jps::{GridTooLarge, JpsPlusIndex, MAX_JPS_PLUS_SIDE};
/// use onepath::Grid;
/// let long = Grid::new(MAX_JPS_PLUS_SIDE + 1, 1).unwrap();
/// assert_eq!(JpsPlusIndex::new(&long).unwrap_err(), GridTooLarge { side: MAX_JPS_PLUS_SIDE + 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridTooLarge {
    /// The longer side.
    pub side: u32,
}

impl JpsPlusIndex {
    /// Builds the tables of `grid`.
    ///
    /// # Errors
    ///
    /// [`GridTooLarge`] when a side exceeds [`MAX_JPS_PLUS_SIDE`].
    ///
    /// # Complexity
    ///
    /// O(8 · cells) time, 16 bytes per cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::Dir8;
    /// use onepath::jps::JpsPlusIndex;
    /// use onepath::Grid;
    /// let grid = Grid::from_text(".....\n.....\n...#.").unwrap();
    /// let index = JpsPlusIndex::new(&grid).unwrap();
    /// assert_eq!((index.width(), index.height()), (5, 3));
    /// assert_eq!(index.get(0, 2, Dir8::East), -2); // two open cells, then the wall: no jump point
    /// assert!(index.is_current(&grid));
    /// ```
    pub fn new(grid: &Grid) -> Result<Self, GridTooLarge> {
        let mut i = Self::default();
        i.rebuild(grid)?;
        Ok(i)
    }

    /// Rebuilds from `grid`, reusing memory.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new); the index is unchanged then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::JpsPlusIndex;
    /// use onepath::Grid;
    /// let mut index = JpsPlusIndex::new(&Grid::new(4, 4).unwrap()).unwrap();
    /// let bigger = Grid::new(8, 8).unwrap();
    /// index.rebuild(&bigger).unwrap(); // a new map of another size
    /// assert_eq!(index, JpsPlusIndex::new(&bigger).unwrap());
    /// ```
    pub fn rebuild(&mut self, grid: &Grid) -> Result<(), GridTooLarge> {
        let (w, h) = (grid.width(), grid.height());
        if w.max(h) > MAX_JPS_PLUS_SIDE {
            return Err(GridTooLarge { side: w.max(h) });
        }
        self.width = w;
        self.height = h;
        self.table.clear();
        self.table.resize(8 * grid.cells().len(), 0);
        let walk = |x: i32, y: i32| {
            x >= 0
                && y >= 0
                && (x as u32) < w
                && (y as u32) < h
                && grid.cells()[(y as u32 * w + x as u32) as usize] != WALL
        };
        for dir in Dir8::ALL {
            let (dx, dy) = dir.offset();
            // From the far end: cells whose successor `q` lies further along `dir` first.
            // Rows in that order too (computed, not collected: a rebuild allocates nothing
            // when the size is unchanged).
            for j in 0..h as i32 {
                let y = if dy > 0 { h as i32 - 1 - j } else { j };
                for i in 0..w as i32 {
                    let x = if dx > 0 { w as i32 - 1 - i } else { i };
                    if walk(x, y) {
                        let v = self.compute(&walk, x, y, dir);
                        self.put(x, y, dir, v);
                    }
                }
            }
        }
        self.version = grid.version();
        self.revision = grid.revision();
        Ok(())
    }

    /// The value for a walkable cell (x, y) in `dir`, from the values of the next cell.
    pub(crate) fn compute(
        &self,
        walk: &impl Fn(i32, i32) -> bool,
        x: i32,
        y: i32,
        dir: Dir8,
    ) -> i16 {
        let (dx, dy) = dir.offset();
        let (qx, qy) = (x + dx, y + dy);
        if dir.is_diagonal() {
            if !(walk(x + dx, y) && walk(x, y + dy) && walk(qx, qy)) {
                return 0;
            }
            let h = super::jumper::horizontal(dx);
            let v = super::jumper::vertical(dy);
            if self.get(qx, qy, h) > 0 || self.get(qx, qy, v) > 0 {
                return 1;
            }
        } else {
            if !walk(qx, qy) {
                return 0;
            }
            if JumpRules::has_forced(walk, qx, qy, dir) {
                return 1;
            }
        }
        let v = self.get(qx, qy, dir);
        if v > 0 { v + 1 } else { v - 1 }
    }

    #[inline]
    fn slot(&self, x: i32, y: i32, dir: Dir8) -> usize {
        (y as usize * self.width as usize + x as usize) * 8 + dir as usize
    }

    /// The stored value of (x, y) in `dir` (0 outside the grid).
    #[inline]
    pub fn get(&self, x: i32, y: i32, dir: Dir8) -> i16 {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.height {
            return 0;
        }
        self.table[self.slot(x, y, dir)]
    }

    /// Writes one value (incremental repair).
    pub(crate) fn put(&mut self, x: i32, y: i32, dir: Dir8, v: i16) {
        let s = self.slot(x, y, dir);
        self.table[s] = v;
    }

    /// The table cell by cell: `[cell * 8 + direction]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::JpsPlusIndex;
    /// use onepath::Grid;
    /// let index = JpsPlusIndex::new(&Grid::new(3, 2).unwrap()).unwrap();
    /// assert_eq!(index.raw().len(), 3 * 2 * 8); // eight directions per cell
    /// ```
    pub fn raw(&self) -> &[i16] {
        &self.table
    }

    /// A direction-major copy: `[direction * cell_count + cell]` (allocates).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::JpsPlusIndex;
    /// use onepath::Grid;
    /// let index = JpsPlusIndex::new(&Grid::new(3, 2).unwrap()).unwrap();
    /// let t = index.tables();
    /// assert_eq!(t[1 * 6 + 0], index.raw()[0 * 8 + 1]); // direction 1 (east) of cell 0, either layout
    /// ```
    pub fn tables(&self) -> Vec<i16> {
        let n = (self.width * self.height) as usize;
        let mut out = vec![0; 8 * n];
        for (c, vals) in self.table.chunks_exact(8).enumerate() {
            for (d, &v) in vals.iter().enumerate() {
                out[d * n + c] = v;
            }
        }
        out
    }

    /// The grid version the tables reflect.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The grid [`revision`](Grid::revision) the tables match (0 before the first build).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the tables match `grid` as it is now.
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.revision != 0 && self.revision == grid.revision()
    }

    /// The tables, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](Self::is_current).
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] (the version the tables reflect, the grid's version) when
    /// `grid` was edited since the tables were built or updated, or is another grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// use onepath::grid::Dir8;
    /// use onepath::jps::JpsPlusIndex;
    /// let mut grid = Grid::new(4, 1).unwrap();
    /// let mut index = JpsPlusIndex::new(&grid).unwrap();
    /// grid.set_walkable(Cell::new(2, 0), false).unwrap();
    /// assert!(index.current(&grid).is_err()); // get() still reads the open row
    /// index.refresh(&grid).unwrap();
    /// assert_eq!(index.current(&grid).unwrap().get(0, 0, Dir8::East), -1); // one cell, then wall
    /// ```
    pub fn current(&self, grid: &Grid) -> Result<&Self, QueryError> {
        if self.is_current(grid) {
            Ok(self)
        } else {
            Err(QueryError::GridChanged {
                expected: self.version,
                found: grid.version(),
            })
        }
    }

    pub(crate) fn set_revision(&mut self, r: u64) {
        self.revision = r;
    }

    /// Records the grid version after an incremental update.
    pub(crate) fn set_version(&mut self, v: u64) {
        self.version = v;
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Bytes held (16 per cell).
    pub fn bytes(&self) -> usize {
        self.table.len() * 2
    }
}
