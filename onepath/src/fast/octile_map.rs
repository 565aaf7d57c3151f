//! [`OctileMap`]: the map of the octile jump point searches (spec: grids.md, “Jump point
//! searches”).
//!
//! - A **neighbour byte** per cell: bit `d` set when the neighbour in direction `d` (N, E, S, W,
//!   NE, SE, SW, NW) is walkable; with the [successor table](super::successors) it gives the
//!   pruned successor set of a node without cell lookups.
//! - **Bit lines**: walkability by rows and by columns, 64 positions per word. Each line is
//!   padded with one blocked word (64 positions) before it and one after it, and there is one
//!   blocked line before the first and after the last, so scans and the carries between words
//!   never need a bounds test. Position `p` of a line is bit `p + 64`.
//! - **Stop arrays** in the same layout — `RowStopForward` (scans east), `RowStopBackward`
//!   (west), `ColStopForward` (south), `ColStopBackward` (north): a bit is set where a scan in
//!   that direction stops, at a wall (`~walkable`) or a cell with a forced neighbour (a cell
//!   beside the line free while the one beside the previous line cell is not; the neighbouring
//!   lines and the carry bit of the adjacent word are read when the word is built). Padding
//!   words and padding lines are all ones. A scan step is one word read.
//!
//! The map follows the grid through its edit journal ([`Grid::edits_since`]): a cell edit
//! rewrites its bits, the neighbour bytes of the 3 × 3 block around it, and the stop words of
//! the three lines around it, one word either side of the edited word.
//!
//! # Complexity
//!
//! About `cells · (1 + 6/8)` bytes; building is O(cells).

use alloc::vec::Vec;

use super::successors::DIAGONAL_SIDES;
use crate::grid::{Dir8, Grid, WALL};
use crate::jps::Refresh;

/// Neighbour bytes, bit lines and stop arrays of a grid (tier 3).
///
/// # Invariants
///
/// Rows: `height + 2` lines of `row_words = width.div_ceil(64) + 2` words; columns:
/// `width + 2` lines of `col_words = height.div_ceil(64) + 2` words. Everything equals a fresh
/// build of the grid at revision `revision` (tested against random edit sequences).
///
/// # Examples
///
/// ```
/// use onepath::fast::OctileMap;
/// use onepath::jps::Refresh;
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::from_text("...\n.#.\n...").unwrap();
/// let mut map = OctileMap::new(&grid);
/// // Bit d of a neighbour byte: the neighbour in direction d (N, E, S, W, NE, SE, SW, NW) is
/// // walkable. From the top-left cell: east and south; south-east is the wall.
/// assert_eq!(map.neighbor_byte(0, 0), 0b0000_0110);
/// grid.set_area(Cell::new(1, 1), 0).unwrap();
/// assert!(!map.is_current(&grid));
/// assert_eq!(map.refresh(&grid), Refresh::Repaired { cells: 1 });
/// assert_eq!(map.neighbor_byte(0, 0), 0b0010_0110);
/// assert_eq!(map, OctileMap::new(&grid));
/// ```
#[derive(Clone, Debug, Default)]
pub struct OctileMap {
    width: u32,
    height: u32,
    pub(crate) neighbors: Vec<u8>,
    pub(crate) row_words: usize,
    pub(crate) col_words: usize,
    pub(crate) rows: Vec<u64>,
    pub(crate) cols: Vec<u64>,
    pub(crate) row_stop_forward: Vec<u64>,
    pub(crate) row_stop_backward: Vec<u64>,
    pub(crate) col_stop_forward: Vec<u64>,
    pub(crate) col_stop_backward: Vec<u64>,
    revision: u64,
    changed: Vec<(i32, i32)>,
}

/// Maps are equal when their size and contents are (revision stamps and scratch aside).
impl PartialEq for OctileMap {
    fn eq(&self, o: &Self) -> bool {
        (self.width, self.height) == (o.width, o.height)
            && self.neighbors == o.neighbors
            && self.rows == o.rows
            && self.cols == o.cols
            && self.row_stop_forward == o.row_stop_forward
            && self.row_stop_backward == o.row_stop_backward
            && self.col_stop_forward == o.col_stop_forward
            && self.col_stop_backward == o.col_stop_backward
    }
}

impl Eq for OctileMap {}

impl OctileMap {
    /// The map of `grid`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::OctileMap;
    /// use onepath::Grid;
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let map = OctileMap::new(&grid);
    /// assert_eq!((map.width(), map.height()), (2, 2));
    /// assert!(map.walkable(0, 0) && !map.walkable(1, 1) && !map.walkable(-1, 0)); // outside is a wall
    /// ```
    pub fn new(grid: &Grid) -> Self {
        let mut m = Self::default();
        m.rebuild(grid);
        m
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether the map matches `grid` as it is now.
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.revision != 0 && self.revision == grid.revision()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.neighbors.len()
            + 8 * (self.rows.len()
                + self.cols.len()
                + self.row_stop_forward.len()
                + self.row_stop_backward.len()
                + self.col_stop_forward.len()
                + self.col_stop_backward.len())
    }

    /// The neighbour byte of a cell (0 outside the grid).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::OctileMap;
    /// use onepath::Grid;
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let map = OctileMap::new(&grid);
    /// // From (0, 0): east (bit 1) and south (bit 2); the south-east diagonal is a wall.
    /// assert_eq!(map.neighbor_byte(0, 0), 0b0000_0110);
    /// ```
    pub fn neighbor_byte(&self, x: u32, y: u32) -> u8 {
        if x < self.width && y < self.height {
            self.neighbors[(y * self.width + x) as usize]
        } else {
            0
        }
    }

    /// Whether (x, y) is inside and walkable.
    #[inline]
    pub fn walkable(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < i64::from(self.width)
            && y < i64::from(self.height)
            && Self::bit(&self.rows, self.row_words, y as u32 + 1, x as u32)
    }

    #[inline]
    fn bit(lines: &[u64], words: usize, line: u32, pos: u32) -> bool {
        let b = pos as usize + 64;
        lines[line as usize * words + b / 64] >> (b % 64) & 1 != 0
    }

    /// Brings the map up to date with `grid` through its edit journal, or rebuilds it in place
    /// (another grid, a restore, a new size, an old revision, many edits).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::OctileMap;
    /// use onepath::jps::Refresh;
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let mut map = OctileMap::new(&grid);
    /// grid.set_walkable(Cell::new(2, 2), false).unwrap();
    /// assert!(!map.is_current(&grid));
    /// assert_eq!(map.refresh(&grid), Refresh::Repaired { cells: 1 });
    /// assert!(map.is_current(&grid) && !map.walkable(2, 2));
    /// ```
    pub fn refresh(&mut self, grid: &Grid) -> Refresh {
        if self.is_current(grid) {
            return Refresh::UpToDate;
        }
        let same = grid.width() == self.width && grid.height() == self.height;
        let limit = grid.cells().len() / 16 + 64;
        let mut cells = core::mem::take(&mut self.changed);
        let done = if same
            && self.revision != 0
            && crate::jps::follow::changed_cells(grid, self.revision, limit, &mut cells)
        {
            for &(x, y) in &cells {
                let walkable = grid.cells()[(y as u32 * grid.width() + x as u32) as usize] != WALL;
                self.set_cell(x as u32, y as u32, walkable);
            }
            Refresh::Repaired { cells: cells.len() }
        } else {
            self.rebuild(grid);
            Refresh::Rebuilt
        };
        self.changed = cells;
        self.revision = grid.revision();
        done
    }

    /// Rebuilds from `grid`, reusing memory (no allocation when the size is unchanged).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::OctileMap;
    /// use onepath::Grid;
    /// let mut map = OctileMap::new(&Grid::new(4, 4).unwrap());
    /// let walls = Grid::from_text("#...\n....\n....\n....").unwrap();
    /// map.rebuild(&walls);
    /// assert!(map.is_current(&walls) && !map.walkable(0, 0));
    /// ```
    pub fn rebuild(&mut self, grid: &Grid) {
        let (w, h) = (grid.width(), grid.height());
        self.width = w;
        self.height = h;
        self.row_words = w.div_ceil(64) as usize + 2;
        self.col_words = h.div_ceil(64) as usize + 2;
        let nr = (h as usize + 2) * self.row_words;
        let nc = (w as usize + 2) * self.col_words;
        for (v, n, fill) in [
            (&mut self.rows, nr, 0),
            (&mut self.cols, nc, 0),
            (&mut self.row_stop_forward, nr, !0),
            (&mut self.row_stop_backward, nr, !0),
            (&mut self.col_stop_forward, nc, !0),
            (&mut self.col_stop_backward, nc, !0),
        ] {
            v.clear();
            v.resize(n, fill);
        }
        for (i, &a) in grid.cells().iter().enumerate() {
            if a != WALL {
                let (x, y) = (i as u32 % w, i as u32 / w);
                self.put(x, y, true);
            }
        }
        self.neighbors.clear();
        self.neighbors.resize(grid.cells().len(), 0);
        for y in 0..h {
            for x in 0..w {
                self.neighbors[(y * w + x) as usize] = self.compute_neighbors(x, y);
            }
        }
        for line in 1..=h as usize {
            for k in 1..self.row_words - 1 {
                self.stop_row_word(line, k);
            }
        }
        for line in 1..=w as usize {
            for k in 1..self.col_words - 1 {
                self.stop_col_word(line, k);
            }
        }
        self.revision = grid.revision();
    }

    /// Follows one cell edit: bits, neighbour bytes of the 3 × 3 block, stop words of the
    /// three lines around the cell, one word either side.
    ///
    /// # Panics
    ///
    /// When (x, y) is outside the map (a programmer error).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::OctileMap;
    /// use onepath::Grid;
    /// let mut map = OctileMap::new(&Grid::new(4, 4).unwrap());
    /// map.set_cell(1, 1, false);
    /// assert!(!map.walkable(1, 1));
    /// assert_eq!(map.neighbor_byte(0, 0) & 0b0010_0000, 0); // no south-east step from (0, 0) now
    /// ```
    pub fn set_cell(&mut self, x: u32, y: u32, walkable: bool) {
        assert!(x < self.width && y < self.height, "cell outside the map");
        self.put(x, y, walkable);
        for ny in y.saturating_sub(1)..=(y + 1).min(self.height - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(self.width - 1) {
                self.neighbors[(ny * self.width + nx) as usize] = self.compute_neighbors(nx, ny);
            }
        }
        let k = (x as usize + 64) / 64;
        for line in y as usize..=y as usize + 2 {
            if (1..=self.height as usize).contains(&line) {
                for kk in k - 1..=k + 1 {
                    if (1..self.row_words - 1).contains(&kk) {
                        self.stop_row_word(line, kk);
                    }
                }
            }
        }
        let k = (y as usize + 64) / 64;
        for line in x as usize..=x as usize + 2 {
            if (1..=self.width as usize).contains(&line) {
                for kk in k - 1..=k + 1 {
                    if (1..self.col_words - 1).contains(&kk) {
                        self.stop_col_word(line, kk);
                    }
                }
            }
        }
    }

    fn put(&mut self, x: u32, y: u32, walkable: bool) {
        let r = (y as usize + 1) * self.row_words + (x as usize + 64) / 64;
        let c = (x as usize + 1) * self.col_words + (y as usize + 64) / 64;
        let (rb, cb) = (1u64 << (x % 64), 1u64 << (y % 64));
        if walkable {
            self.rows[r] |= rb;
            self.cols[c] |= cb;
        } else {
            self.rows[r] &= !rb;
            self.cols[c] &= !cb;
        }
    }

    /// The neighbour byte of (x, y), read from the padded rows (a position one before or after
    /// a line, or a line outside the grid, is padding and reads blocked).
    fn compute_neighbors(&self, x: u32, y: u32) -> u8 {
        let mut nb = 0u8;
        for d in Dir8::ALL {
            let (dx, dy) = d.offset();
            let line = (y as usize + 1).wrapping_add_signed(dy as isize);
            let bit = (x as usize + 64).wrapping_add_signed(dx as isize);
            let word = self.rows[line * self.row_words + bit / 64];
            nb |= ((word >> (bit % 64)) as u8 & 1) << d as u8;
        }
        nb
    }

    fn stop_row_word(&mut self, line: usize, k: usize) {
        let (f, b) = stop_words(&self.rows, self.row_words, line, k);
        self.row_stop_forward[line * self.row_words + k] = f;
        self.row_stop_backward[line * self.row_words + k] = b;
    }

    fn stop_col_word(&mut self, line: usize, k: usize) {
        let (f, b) = stop_words(&self.cols, self.col_words, line, k);
        self.col_stop_forward[line * self.col_words + k] = f;
        self.col_stop_backward[line * self.col_words + k] = b;
    }

    /// Whether the diagonal step `d` (4..8) is legal from a cell with neighbour byte `nb`.
    #[inline]
    pub(crate) fn diagonal_legal(nb: u8, d: usize) -> bool {
        let (s1, s2) = DIAGONAL_SIDES[d - 4];
        let need = (1u8 << d) | (1 << s1) | (1 << s2);
        nb & need == need
    }
}

/// The forward and backward stop words `k` of line `line` (`k` not a padding word).
fn stop_words(lines: &[u64], words: usize, line: usize, k: usize) -> (u64, u64) {
    let at = |l: usize, kk: usize| lines[l * words + kk];
    let w = at(line, k);
    let mut fwd = !w;
    let mut back = !w;
    for side in [line - 1, line + 1] {
        let s = at(side, k);
        // Forward: free here, blocked one position back (the carry is the previous word's top
        // bit). Backward: free here, blocked one position ahead (the next word's bottom bit).
        fwd |= s & !((s << 1) | (at(side, k - 1) >> 63));
        back |= s & !((s >> 1) | (at(side, k + 1) << 63));
    }
    (fwd, back)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::math::SplitMix64;

    #[test]
    fn edits_equal_a_fresh_build() {
        let mut r = SplitMix64::new(17);
        for seed in 0..300u64 {
            let (w, h) = (1 + r.below(150), 1 + r.below(140));
            let cells = (0..w * h)
                .map(|_| if r.chance(30, 100) { WALL } else { 0 })
                .collect();
            let mut g = Grid::from_areas(w, h, cells).unwrap();
            let mut m = OctileMap::new(&g);
            for _ in 0..4 {
                for _ in 0..=r.below(5) {
                    let c = Cell::new(r.below(w) as i32, r.below(h) as i32);
                    g.set_walkable(c, r.chance(1, 2)).unwrap();
                }
                m.refresh(&g);
                assert!(m == OctileMap::new(&g), "seed {seed}");
            }
        }
    }

    #[test]
    fn padding_is_blocked_in_bits_and_stops_everywhere() {
        let g = Grid::new(3, 2).unwrap();
        let m = OctileMap::new(&g);
        assert_eq!(m.row_words, 3);
        assert_eq!(m.rows[m.row_words + 1], 0b111);
        assert_eq!(m.rows[m.row_words], 0);
        assert_eq!(m.row_stop_forward[m.row_words], !0);
        // Walls past the end stop every scan; position 0 counts as forced (the cell before it,
        // outside the grid, is blocked), as in the block scan — no scan ever starts before it.
        assert_eq!(m.row_stop_forward[m.row_words + 1], !0b110);
        assert_eq!(m.row_stop_forward[0], !0);
        assert_eq!(m.neighbor_byte(0, 0), 0b0010_0110);
        assert!(m.walkable(2, 1) && !m.walkable(3, 1) && !m.walkable(-1, 0));
    }
}
