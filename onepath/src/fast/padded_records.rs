//! [`PaddedRecords`]: the octile A*'s map and node array in one (spec: grids.md, “The
//! specialised octile searches”). The map gets a border of walls, and every wall is a record
//! that stays closed for good, so testing a neighbour is the same load of its record that the
//! relaxation makes anyway, and no bounds test is needed.
//!
//! The grid of `width × height` cells becomes `(width + 2) × (height + 2)` records, row-major;
//! cell (x, y) is record `(y + 1) * (width + 2) + (x + 1)`. Padding and wall records carry
//! [`WALL_TAG`]; walkable cells carry a generation tag. The records follow the grid through its
//! edit journal ([`Grid::edits_since`]): a changed cell flips between [`WALL_TAG`] and 0 (the
//! generation no search uses), and a grid the journal cannot account for is rebuilt in place.

use alloc::vec::Vec;

use super::record::{AStarRecord, WALL_TAG};
use crate::grid::{Grid, WALL};
use crate::jps::Refresh;

/// The padded record array of a grid.
///
/// # Invariants
///
/// `records.len() == (width + 2) * (height + 2)` (0 before the first refresh); a record is
/// [`WALL_TAG`] iff it is padding or a wall of the grid at revision `revision`.
#[derive(Clone, Debug, Default)]
pub(crate) struct PaddedRecords {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// `width + 2`.
    pub(crate) pw: u32,
    pub(crate) records: Vec<AStarRecord>,
    revision: u64,
    changed: Vec<(i32, i32)>,
}

impl PaddedRecords {
    /// Whether the walls match `grid` as it is now.
    pub(crate) fn is_current(&self, grid: &Grid) -> bool {
        self.revision != 0 && self.revision == grid.revision()
    }

    /// Brings the walls up to date with `grid` through its journal, or rebuilds (in place: no
    /// allocation when the size is unchanged). Tags of walkable cells may be reset to 0, so call
    /// it only between searches.
    pub(crate) fn refresh(&mut self, grid: &Grid) -> Refresh {
        if self.is_current(grid) {
            return Refresh::UpToDate;
        }
        let same = grid.width() == self.width && grid.height() == self.height;
        let limit = grid.cells().len() / 8 + 64;
        let mut cells = core::mem::take(&mut self.changed);
        let done = if same
            && self.revision != 0
            && crate::jps::follow::changed_cells(grid, self.revision, limit, &mut cells)
        {
            for &(x, y) in &cells {
                let wall = grid.cells()[(y as u32 * grid.width() + x as u32) as usize] == WALL;
                let r = self.padded(y as u32 * self.width + x as u32) as usize;
                self.records[r].tag = if wall { WALL_TAG } else { 0 };
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

    fn rebuild(&mut self, grid: &Grid) {
        let (w, h) = (grid.width(), grid.height());
        self.width = w;
        self.height = h;
        self.pw = w + 2;
        let n = (w as usize + 2) * (h as usize + 2);
        self.records.clear();
        self.records.resize(
            n,
            AStarRecord {
                tag: WALL_TAG,
                ..AStarRecord::default()
            },
        );
        for (i, &a) in grid.cells().iter().enumerate() {
            if a != WALL {
                let r = self.padded(i as u32) as usize;
                self.records[r].tag = 0;
            }
        }
    }

    /// Resets every non-wall tag to 0 (generation wrap-around).
    pub(crate) fn clear_tags(&mut self) {
        for r in &mut self.records {
            if r.tag != WALL_TAG {
                r.tag = 0;
            }
        }
    }

    /// The record index of row-major cell `cell`.
    #[inline]
    pub(crate) fn padded(&self, cell: u32) -> u32 {
        let w = self.width.max(1);
        (cell / w + 1) * self.pw + cell % w + 1
    }

    /// The row-major cell of record `p` (which must not be padding).
    #[inline]
    pub(crate) fn unpadded(&self, p: u32) -> u32 {
        (p / self.pw - 1) * self.width + p % self.pw - 1
    }

    /// Record count.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.records.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    #[test]
    fn follows_edits_and_pads_with_walls() {
        let mut g = Grid::from_text("..#\n...").unwrap();
        let mut p = PaddedRecords::default();
        assert_eq!(p.refresh(&g), Refresh::Rebuilt);
        assert_eq!(p.len(), 5 * 4);
        let walls = |p: &PaddedRecords| {
            p.records
                .iter()
                .map(|r| if r.tag == WALL_TAG { '#' } else { '.' })
                .collect::<alloc::string::String>()
        };
        assert_eq!(walls(&p), "######..###...######");
        assert_eq!(p.padded(5), 13);
        assert_eq!(p.unpadded(13), 5);
        g.set_walkable(Cell::new(2, 0), true).unwrap();
        g.set_walkable(Cell::new(0, 1), false).unwrap();
        assert!(matches!(p.refresh(&g), Refresh::Repaired { cells: 2 }));
        assert_eq!(walls(&p), "######...###..######");
        assert_eq!(p.refresh(&g), Refresh::UpToDate);
    }
}
