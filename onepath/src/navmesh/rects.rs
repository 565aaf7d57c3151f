//! The greedy rectangles of one tile (docs/navmesh.md §3, "Rectangles").
//!
//! Inside a tile, cells are visited row by row (y, then x). At each kept cell not yet covered
//! a rectangle starts: it extends right while the next cell is kept, uncovered and in the tile
//! (width `w`), then down while every cell of the next row's `[x, x + w)` is kept, uncovered
//! and in the tile. Its cells become covered. The tile's polygons are numbered in the order
//! their rectangles start; rectangles never cross a tile border.
//!
//! Kept, uncovered cells carry [`UNCOVERED`] in the per-cell index (written by the erosion);
//! covering a cell writes its rectangle's tile-local number there. Each cell is read a bounded
//! number of times: O(cells of the tile).

use super::erosion::UNCOVERED;
use super::mesh::{PolyRec, Tile};

/// The cell range `[x0, y0, x1, y1)` of tile `(tx, ty)` on a `width × height` grid with tiles
/// of side `t`.
pub(crate) fn tile_cells(tx: u32, ty: u32, t: u32, width: u32, height: u32) -> [u32; 4] {
    let x0 = tx * t;
    let y0 = ty * t;
    [x0, y0, (x0 + t).min(width), (y0 + t).min(height)]
}

/// Decomposes the kept cells of the tile covering `cells` into rectangles: fills `tile.polys`
/// (rectangles only; vertex lists come from the stitch) and writes each covered cell's
/// tile-local polygon number into `cell_poly`. The tile's previous polygons are dropped.
pub(crate) fn tile_rects(cells: [u32; 4], width: u32, cell_poly: &mut [u32], tile: &mut Tile) {
    let [x0, y0, x1, y1] = cells;
    let w = width as usize;
    tile.polys.clear();
    tile.verts.clear();
    tile.links.clear();
    for y in y0..y1 {
        let row = y as usize * w;
        let mut x = x0;
        while x < x1 {
            if cell_poly[row + x as usize] != UNCOVERED {
                x += 1;
                continue;
            }
            // A tile holds at most 256 × 256 cells: the count fits u32.
            let id = tile.polys.len() as u32;
            let mut rx = x + 1;
            while rx < x1 && cell_poly[row + rx as usize] == UNCOVERED {
                rx += 1;
            }
            let mut ry = y + 1;
            while ry < y1 {
                let r = ry as usize * w;
                if cell_poly[r + x as usize..r + rx as usize]
                    .iter()
                    .all(|&c| c == UNCOVERED)
                {
                    ry += 1;
                } else {
                    break;
                }
            }
            for cy in y..ry {
                let r = cy as usize * w;
                cell_poly[r + x as usize..r + rx as usize].fill(id);
            }
            tile.polys.push(PolyRec {
                rect: [x as i32, y as i32, rx as i32, ry as i32],
                vstart: 0,
                corners: [0; 3],
            });
            x = rx;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::navmesh::mesh::NONE;
    use alloc::vec;
    use alloc::vec::Vec;

    fn marks(rows: &[&str]) -> (u32, Vec<u32>) {
        let w = rows[0].len() as u32;
        let cells = rows
            .iter()
            .flat_map(|r| r.bytes())
            .map(|b| if b == b'.' { UNCOVERED } else { NONE })
            .collect();
        (w, cells)
    }

    fn rects(tile: &Tile) -> Vec<[i32; 4]> {
        tile.polys.iter().map(|p| p.rect).collect()
    }

    #[test]
    fn rectangles_grow_right_then_down_in_start_order() {
        let (w, mut cp) = marks(&["..#.", "..#.", "...."]);
        let mut tile = Tile::default();
        tile_rects([0, 0, 4, 3], w, &mut cp, &mut tile);
        assert_eq!(
            rects(&tile),
            vec![[0, 0, 2, 3], [3, 0, 4, 3], [2, 2, 3, 3]],
            "each rectangle grows down as far as its row segment is free"
        );
        assert_eq!(&cp[8..12], &[0, 0, 2, 1]);
        assert_eq!(cp[2], NONE);
    }

    #[test]
    fn rectangles_stop_at_the_tile_border() {
        let (w, mut cp) = marks(&["......", "......"]);
        let mut left = Tile::default();
        let mut right = Tile::default();
        tile_rects(tile_cells(0, 0, 4, 6, 2), w, &mut cp, &mut left);
        tile_rects(tile_cells(1, 0, 4, 6, 2), w, &mut cp, &mut right);
        assert_eq!(rects(&left), vec![[0, 0, 4, 2]]);
        assert_eq!(rects(&right), vec![[4, 0, 6, 2]]);
        assert_eq!(cp, vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn a_covered_cell_stops_the_next_rectangle() {
        // Row 0 starts a 1-wide column at x = 1 that grows down (its row below is free);
        // row 1's rectangle at x = 0 cannot extend right over it.
        let (w, mut cp) = marks(&["#.#", "..."]);
        let mut tile = Tile::default();
        tile_rects([0, 0, 3, 2], w, &mut cp, &mut tile);
        assert_eq!(rects(&tile), vec![[1, 0, 2, 2], [0, 1, 1, 2], [2, 1, 3, 2]]);
    }

    #[test]
    fn tile_cells_clip_at_the_grid() {
        assert_eq!(tile_cells(2, 1, 4, 10, 5), [8, 4, 10, 5]);
    }
}
