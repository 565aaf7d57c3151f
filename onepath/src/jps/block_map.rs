//! [`BlockMap`]: walkability as bits, 64 per word, once by rows and once by columns
//! (Harabor & Grastien 2014, "Improving Jump Point Search", block-based symmetry breaking).

use alloc::vec::Vec;

use super::follow::Refresh;
use crate::grid::{Grid, WALL};

/// Bit `i` of word `k` of a line is position `64k + i`; set = walkable. Positions past the
/// line's end are blocked (0).
///
/// # Invariants
///
/// `rows.len() == height * words_per_row`, `cols.len() == width * words_per_col`, and bit
/// (x, y) is set in both orientations iff the cell is walkable in the grid version `version`.
///
/// # Complexity
///
/// cells / 4 bytes; building is O(cells).
///
/// # Examples
///
/// ```
/// use onepath::jps::{BlockMap, Refresh};
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::from_text("..#.\n....").unwrap();
/// let mut map = BlockMap::new(&grid);
/// assert_eq!(map.row(0), Some(&[0b1011][..])); // bit x set: cell (x, 0) walkable
/// assert_eq!(map.col(2), Some(&[0b10][..])); // bit y set: cell (2, y) walkable
/// assert!(!map.walkable(2, 0) && !map.walkable(4, 0)); // a wall; outside
/// grid.set_area(Cell::new(2, 0), 0).unwrap();
/// assert_eq!(map.refresh(&grid), Refresh::Repaired { cells: 1 });
/// assert_eq!(map, BlockMap::new(&grid));
/// ```
#[derive(Clone, Debug, Default)]
pub struct BlockMap {
    width: u32,
    height: u32,
    words_per_row: usize,
    words_per_col: usize,
    rows: Vec<u64>,
    cols: Vec<u64>,
    version: u64,
    revision: u64,
    changed: Vec<(i32, i32)>,
}

/// Maps are equal when their size, bits and version are (scratch and revision stamps aside).
impl PartialEq for BlockMap {
    fn eq(&self, o: &Self) -> bool {
        (
            self.width,
            self.height,
            &self.rows,
            &self.cols,
            self.version,
        ) == (o.width, o.height, &o.rows, &o.cols, o.version)
    }
}

impl Eq for BlockMap {}

impl BlockMap {
    /// The bit map of `grid`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::BlockMap;
    /// use onepath::Grid;
    /// let grid = Grid::from_text("..#\n...").unwrap();
    /// let map = BlockMap::new(&grid); // walkability as 64-bit words, by row and by column
    /// assert!(map.walkable(1, 0) && !map.walkable(2, 0) && !map.walkable(-1, 0));
    /// assert_eq!((map.width(), map.height()), (3, 2));
    /// ```
    pub fn new(grid: &Grid) -> Self {
        let mut m = Self::default();
        m.rebuild(grid);
        m
    }

    /// Rebuilds from `grid`, reusing memory (no allocation when the size is unchanged).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::BlockMap;
    /// use onepath::Grid;
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let mut map = BlockMap::new(&grid);
    /// grid.set_rect(0, 0, 8, 4, 255).unwrap();
    /// map.rebuild(&grid); // everything at once, same memory
    /// assert!(map.is_current(&grid) && !map.walkable(3, 3) && map.walkable(3, 4));
    /// ```
    pub fn rebuild(&mut self, grid: &Grid) {
        let (w, h) = (grid.width(), grid.height());
        self.width = w;
        self.height = h;
        self.words_per_row = w.div_ceil(64) as usize;
        self.words_per_col = h.div_ceil(64) as usize;
        self.rows.clear();
        self.rows.resize(h as usize * self.words_per_row, 0);
        self.cols.clear();
        self.cols.resize(w as usize * self.words_per_col, 0);
        for (i, &a) in grid.cells().iter().enumerate() {
            if a != WALL {
                let (x, y) = (i as u32 % w, i as u32 / w);
                self.put(x, y, true);
            }
        }
        self.version = grid.version();
        self.revision = grid.revision();
    }

    /// Brings the bits up to date with `grid` through its edit journal (a bit per changed cell
    /// in each orientation), or rebuilds when the journal cannot say or the size changed.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::{BlockMap, Refresh};
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let mut map = BlockMap::new(&grid);
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap();
    /// assert_eq!(map.refresh(&grid), Refresh::Repaired { cells: 1 });
    /// assert!(map.is_current(&grid) && !map.walkable(1, 1));
    /// ```
    pub fn refresh(&mut self, grid: &Grid) -> Refresh {
        if self.is_current(grid) {
            return Refresh::UpToDate;
        }
        let same_size = grid.width() == self.width && grid.height() == self.height;
        let limit = grid.cells().len() / 8 + 64;
        let mut cells = core::mem::take(&mut self.changed);
        if same_size
            && self.revision != 0
            && super::follow::changed_cells(grid, self.revision, limit, &mut cells)
        {
            for &(x, y) in &cells {
                let walkable = grid.cells()[(y as u32 * grid.width() + x as u32) as usize] != WALL;
                self.put(x as u32, y as u32, walkable);
            }
            self.version = grid.version();
            self.revision = grid.revision();
            let done = Refresh::Repaired { cells: cells.len() };
            self.changed = cells;
            done
        } else {
            self.changed = cells;
            self.rebuild(grid);
            Refresh::Rebuilt
        }
    }

    /// Whether the bits match `grid` as it is now.
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.revision != 0 && self.revision == grid.revision()
    }

    /// Follows one cell edit (a bit in each orientation).
    ///
    /// # Panics
    ///
    /// When (x, y) is outside the map (a programmer error).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::BlockMap;
    /// use onepath::Grid;
    /// let mut map = BlockMap::new(&Grid::new(4, 4).unwrap());
    /// map.set(2, 1, false); // a caller that tracks its own edits
    /// assert!(!map.walkable(2, 1));
    /// ```
    pub fn set(&mut self, x: u32, y: u32, walkable: bool) {
        assert!(
            x < self.width && y < self.height,
            "cell outside the block map"
        );
        self.put(x, y, walkable);
    }

    fn put(&mut self, x: u32, y: u32, walkable: bool) {
        let r = y as usize * self.words_per_row + (x / 64) as usize;
        let c = x as usize * self.words_per_col + (y / 64) as usize;
        let (rb, cb) = (1u64 << (x % 64), 1u64 << (y % 64));
        if walkable {
            self.rows[r] |= rb;
            self.cols[c] |= cb;
        } else {
            self.rows[r] &= !rb;
            self.cols[c] &= !cb;
        }
    }

    /// The grid version this map reflects.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether (x, y) is inside and walkable.
    #[inline]
    pub fn walkable(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && (x as u32) < self.width
            && (y as u32) < self.height
            && self.rows[y as usize * self.words_per_row + (x / 64) as usize] >> (x % 64) & 1 != 0
    }

    /// The words of row `y`, or `None` outside.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::BlockMap;
    /// use onepath::Grid;
    /// let map = BlockMap::new(&Grid::from_text(".#..").unwrap());
    /// let words = map.row(0).unwrap();
    /// assert_eq!(words[0] & 0b1111, 0b1101); // bit x set for a walkable cell
    /// assert!(map.row(1).is_none());
    /// ```
    #[inline]
    pub fn row(&self, y: i32) -> Option<&[u64]> {
        (y >= 0 && (y as u32) < self.height).then(|| {
            &self.rows[y as usize * self.words_per_row..(y as usize + 1) * self.words_per_row]
        })
    }

    /// The words of column `x`, or `None` outside.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::BlockMap;
    /// use onepath::Grid;
    /// let map = BlockMap::new(&Grid::from_text(".\n#\n.").unwrap());
    /// assert_eq!(map.col(0).unwrap()[0] & 0b111, 0b101);
    /// ```
    #[inline]
    pub fn col(&self, x: i32) -> Option<&[u64]> {
        (x >= 0 && (x as u32) < self.width).then(|| {
            &self.cols[x as usize * self.words_per_col..(x as usize + 1) * self.words_per_col]
        })
    }

    /// Bytes held (cells / 4, rounded up to words).
    pub fn bytes(&self) -> usize {
        (self.rows.len() + self.cols.len()) * 8
    }
}
