//! Incremental JPS+ (spec: grids.md, “Incremental update”): after cell edits, only the tables that
//! can read an edited cell are recomputed, and the result equals a fresh build.
//!
//! For each edited cell: the east and west tables of its row and the rows above and below, and
//! the north and south tables of its column and the columns beside it, are recomputed, noting
//! the cells whose straight values changed sign (positive or not) — diagonals read only the
//! sign. Then for every edited and sign-changed cell the four diagonal entries that read it
//! (the cell itself and the cells one step behind it horizontally, vertically and diagonally)
//! are recomputed, and each changed diagonal entry is followed backwards along its diagonal
//! until an entry comes out unchanged. Past `max(256, cells / 64)` edited cells a full rebuild is
//! cheaper and is done instead.

use alloc::vec::Vec;

use super::follow::Refresh;
use super::jps_plus_index::JpsPlusIndex;
use crate::grid::{Dir8, Grid, WALL};

const DIAGONAL: [Dir8; 4] = [
    Dir8::NorthEast,
    Dir8::SouthEast,
    Dir8::SouthWest,
    Dir8::NorthWest,
];

impl JpsPlusIndex {
    /// Brings the tables up to date with `grid` through its edit journal: the cells changed
    /// since the revision the index matches are repaired with
    /// [`update_cells`](Self::update_cells), or everything is rebuilt (another grid, a restore,
    /// an old revision, a new size, or more than [`rebuild_threshold`](Self::rebuild_threshold)
    /// cells). Afterwards the tables equal a fresh build of `grid`.
    ///
    /// # Errors
    ///
    /// [`GridTooLarge`](super::GridTooLarge) when a rebuild meets a side above 32,766.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::{JpsPlusIndex, Refresh};
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(32, 32).unwrap();
    /// let mut index = JpsPlusIndex::new(&grid).unwrap();
    /// grid.set_area(Cell::new(5, 5), 255).unwrap();
    /// assert!(!index.is_current(&grid));
    /// assert_eq!(index.refresh(&grid), Ok(Refresh::Repaired { cells: 1 }));
    /// assert_eq!(index, JpsPlusIndex::new(&grid).unwrap()); // equals a fresh build
    /// assert_eq!(index.refresh(&grid), Ok(Refresh::UpToDate));
    /// ```
    pub fn refresh(&mut self, grid: &Grid) -> Result<Refresh, super::GridTooLarge> {
        if self.is_current(grid) {
            return Ok(Refresh::UpToDate);
        }
        let same_size = grid.width() == self.width() && grid.height() == self.height();
        let mut cells = core::mem::take(&mut self.scratch.cells);
        let repairable = same_size
            && self.revision() != 0
            && super::follow::changed_cells(
                grid,
                self.revision(),
                self.rebuild_threshold(),
                &mut cells,
            );
        let result = if repairable {
            self.update_cells(grid, &cells);
            Ok(Refresh::Repaired { cells: cells.len() })
        } else {
            self.rebuild(grid).map(|()| Refresh::Rebuilt)
        };
        self.scratch.cells = cells;
        result
    }

    /// The number of edited cells past which [`update_cells`](Self::update_cells) rebuilds.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::JpsPlusIndex;
    /// use onepath::Grid;
    /// let index = JpsPlusIndex::new(&Grid::new(64, 64).unwrap()).unwrap();
    /// assert!(index.rebuild_threshold() > 0);
    /// ```
    pub fn rebuild_threshold(&self) -> usize {
        256usize.max((self.width() as usize * self.height() as usize) / 64)
    }

    /// Brings the tables up to date with `grid` after the listed cells changed walkability (or
    /// may have): only what can read them is recomputed. `grid` must have the index's size.
    ///
    /// # Panics
    ///
    /// When `grid`'s size differs from the index's (a programmer error: rebuild instead).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::JpsPlusIndex;
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(16, 16).unwrap();
    /// let mut index = JpsPlusIndex::new(&grid).unwrap();
    /// grid.set_walkable(Cell::new(4, 4), false).unwrap();
    /// grid.set_walkable(Cell::new(9, 2), false).unwrap();
    /// index.update_cells(&grid, &[(4, 4), (9, 2)]); // the caller knows what changed
    /// assert_eq!(index.tables(), JpsPlusIndex::new(&grid).unwrap().tables());
    /// ```
    pub fn update_cells(&mut self, grid: &Grid, cells: &[(i32, i32)]) {
        assert!(
            grid.width() == self.width() && grid.height() == self.height(),
            "grid size changed"
        );
        if cells.len() > self.rebuild_threshold() {
            // Cannot fail: the size was accepted when the index was built.
            let _ = self.rebuild(grid);
            return;
        }
        let mut s = core::mem::take(&mut self.scratch);
        let (w, h) = (grid.width() as i32, grid.height() as i32);
        let walk = |x: i32, y: i32| {
            x >= 0 && y >= 0 && x < w && y < h && grid.cells()[(y * w + x) as usize] != WALL
        };
        s.touched.clear();
        // Rows y-1..=y+1: east and west tables.
        s.lines.clear();
        s.lines.extend(
            cells
                .iter()
                .flat_map(|&(_, y)| [y - 1, y, y + 1])
                .filter(|&y| (0..h).contains(&y)),
        );
        s.lines.sort_unstable();
        s.lines.dedup();
        for &y in &s.lines {
            for dir in [Dir8::East, Dir8::West] {
                for i in 0..w {
                    let x = if dir == Dir8::East { w - 1 - i } else { i };
                    self.refresh_straight(&walk, x, y, dir, &mut s.touched);
                }
            }
        }
        // Columns x-1..=x+1: north and south tables.
        s.lines.clear();
        s.lines.extend(
            cells
                .iter()
                .flat_map(|&(x, _)| [x - 1, x, x + 1])
                .filter(|&x| (0..w).contains(&x)),
        );
        s.lines.sort_unstable();
        s.lines.dedup();
        for &x in &s.lines {
            for dir in [Dir8::South, Dir8::North] {
                for i in 0..h {
                    let y = if dir == Dir8::South { h - 1 - i } else { i };
                    self.refresh_straight(&walk, x, y, dir, &mut s.touched);
                }
            }
        }
        // Diagonal entries reading an edited or sign-changed cell, then back along each diagonal.
        s.work.clear();
        for &(cx, cy) in cells.iter().chain(s.touched.iter()) {
            for d in DIAGONAL {
                let (dx, dy) = d.offset();
                for (px, py) in [(cx, cy), (cx - dx, cy), (cx, cy - dy), (cx - dx, cy - dy)] {
                    s.work.push((px, py, d));
                }
            }
        }
        while let Some((x, y, d)) = s.work.pop() {
            if x < 0 || y < 0 || x >= w || y >= h {
                continue;
            }
            let new = if walk(x, y) {
                self.compute(&walk, x, y, d)
            } else {
                0
            };
            if new != self.get(x, y, d) {
                self.put(x, y, d, new);
                let (dx, dy) = d.offset();
                s.work.push((x - dx, y - dy, d));
            }
        }
        self.scratch = s;
        self.set_version(grid.version());
        self.set_revision(grid.revision());
    }

    /// Recomputes one straight entry; records the cell when its sign changed.
    fn refresh_straight(
        &mut self,
        walk: &impl Fn(i32, i32) -> bool,
        x: i32,
        y: i32,
        dir: Dir8,
        touched: &mut Vec<(i32, i32)>,
    ) {
        let old = self.get(x, y, dir);
        let new = if walk(x, y) {
            self.compute(walk, x, y, dir)
        } else {
            0
        };
        if new != old {
            self.put(x, y, dir, new);
            if (new > 0) != (old > 0) {
                touched.push((x, y));
            }
        }
    }
}
