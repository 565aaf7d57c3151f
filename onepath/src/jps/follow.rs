//! How the jump point structures follow a grid's edit journal (DESIGN §3, "pull, not push"):
//! each stores the grid [`revision`](crate::Grid::revision) it matches, and `refresh(&grid)`
//! reads the changes since then from [`Grid::edits_since`](crate::Grid::edits_since) — repairing
//! what the changed rectangles touch, or rebuilding when the journal cannot say (too old,
//! another grid, a snapshot restore) or the change is large.

use alloc::vec::Vec;

use crate::grid::{EditsSince, Grid, GridEdit};

/// The cells changed since `revision`, appended to `out`; `false` when the structure must be
/// rebuilt instead (the journal cannot say, a wholesale replacement, or more than `limit`
/// cells). Area-cost changes are ignored: walkability and jump points do not depend on costs.
pub(crate) fn changed_cells(
    grid: &Grid,
    revision: u64,
    limit: usize,
    out: &mut Vec<(i32, i32)>,
) -> bool {
    out.clear();
    let EditsSince::Edits(edits) = grid.edits_since(revision) else {
        return false;
    };
    for edit in edits {
        match edit {
            GridEdit::Cells(r) => {
                let area = r.width as usize * r.height as usize;
                if out.len() + area > limit {
                    return false;
                }
                for y in r.y..r.y + r.height {
                    for x in r.x..r.x + r.width {
                        out.push((x as i32, y as i32));
                    }
                }
            }
            GridEdit::AreaCosts => {}
            GridEdit::Everything => return false,
        }
    }
    true
}

/// What a `refresh` of a jump point structure did.
///
/// # Examples
///
/// ```
/// use onepath::jps::{BlockMap, Refresh};
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::new(16, 16).unwrap();
/// let mut map = BlockMap::new(&grid);
/// assert_eq!(map.refresh(&grid), Refresh::UpToDate);
/// grid.set_walkable(Cell::new(3, 3), false).unwrap();
/// assert_eq!(map.refresh(&grid), Refresh::Repaired { cells: 1 });
/// assert!(!map.walkable(3, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refresh {
    /// Already current.
    UpToDate,
    /// Repaired from the journal; the number of changed cells read.
    Repaired {
        /// Cells the journal reported.
        cells: usize,
    },
    /// Rebuilt from the grid.
    Rebuilt,
}
