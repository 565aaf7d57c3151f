//! True clearance (`grids.md`, "Clearance and agent sizes").
//!
//! `c(x, y) = 0` for a wall, else `1 + min(c(x+1, y), c(x, y+1), c(x+1, y+1))`, cells outside
//! the grid counting as walls, capped at 255, computed from the bottom-right corner in
//! O(cells). An agent of size `s` may stand on a cell iff its clearance is at least `s`.

use alloc::vec::Vec;

use super::grid::{Grid, WALL};

/// Computes the true clearance of every cell of `grid`, row-major.
///
/// # Complexity
///
/// O(cells) time, one byte per cell.
pub fn compute_clearance(grid: &Grid) -> Vec<u8> {
    let mut c = Vec::new();
    compute_clearance_into(grid, &mut c);
    c
}

/// [`compute_clearance`] into a caller's vector (no allocation once it is large enough).
pub fn compute_clearance_into(grid: &Grid, c: &mut Vec<u8>) {
    let w = grid.width() as usize;
    let h = grid.height() as usize;
    let cells = grid.cells();
    c.clear();
    c.resize(cells.len(), 0);
    for y in (0..h).rev() {
        for x in (0..w).rev() {
            let i = y * w + x;
            if cells[i] == WALL {
                continue;
            }
            let right = if x + 1 < w { c[i + 1] } else { 0 };
            let down = if y + 1 < h { c[i + w] } else { 0 };
            let diag = if x + 1 < w && y + 1 < h {
                c[i + w + 1]
            } else {
                0
            };
            c[i] = right.min(down).min(diag).saturating_add(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    #[test]
    fn matches_the_definition() {
        let g = Grid::from_text(
            "
            ....#
            .....
            ..#..
            .....
            ",
        )
        .unwrap();
        let c = compute_clearance(&g);
        for y in 0..4 {
            for x in 0..5 {
                assert_eq!(
                    c[y * 5 + x],
                    g.max_agent_size_at(Cell::new(x as i32, y as i32)),
                    "cell ({x}, {y})"
                );
            }
        }
        assert_eq!(c[0], 2);
        assert_eq!(c[4], 0);
    }

    #[test]
    fn caps_at_255() {
        let g = Grid::new(300, 300).unwrap();
        let c = compute_clearance(&g);
        assert_eq!(c[0], 255);
        assert_eq!(c[299 * 300 + 299], 1);
    }
}
