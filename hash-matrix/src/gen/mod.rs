//! Deterministic map generators: every map of every scenario comes from a seed through one of
//! these, driven by the engine's pinned [`SplitMix64`](onepath::math::SplitMix64).
//!
//! # Determinism
//!
//! Integer arithmetic only (no floats), fixed loop orders, one random draw per decision in the
//! order the code reads. The output for a few seeds is pinned in `tests/generators.rs`: a
//! change here changes every golden, so it must be a deliberate, reviewed change.
//!
//! Generators write area bytes (0..=254 walkable, [`WALL`] a wall) into a [`Map`], which turns
//! into an engine [`Grid`] or [`HexGrid`].

mod caves;
mod maze;
mod noise;
mod rooms;
mod terrain;

pub use caves::caves;
pub use maze::maze;
pub use noise::noise;
pub use rooms::rooms;
pub use terrain::{ROAD, terrain};

use onepath::grid::WALL;
use onepath::{Cell, Grid, HexGrid, HexLayout};

use crate::digest::Digest;

/// A rectangle of area bytes, row-major (`index = y * width + x`), as the generators build it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Area bytes, row-major.
    pub cells: Vec<u8>,
}

impl Map {
    /// A `width × height` map with every cell `area`.
    ///
    /// # Panics
    ///
    /// When a side is 0.
    pub fn filled(width: u32, height: u32, area: u8) -> Self {
        assert!(width > 0 && height > 0, "empty map {width}x{height}");
        Self {
            width,
            height,
            cells: vec![area; (width * height) as usize],
        }
    }

    /// Whether (x, y) lies inside.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < i64::from(self.width) && y < i64::from(self.height)
    }

    /// The area at (x, y) (which must lie inside).
    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.cells[(y * self.width + x) as usize]
    }

    /// Sets the area at (x, y) (which must lie inside).
    pub fn set(&mut self, x: u32, y: u32, area: u8) {
        self.cells[(y * self.width + x) as usize] = area;
    }

    /// Whether (x, y) is inside and not a wall.
    pub fn is_open(&self, x: i64, y: i64) -> bool {
        self.contains(x, y) && self.get(x as u32, y as u32) != WALL
    }

    /// Whether the `size × size` block with top-left (x, y) is inside and wall-free: the
    /// generator's own fit test (independent of the engine's clearance) for picking endpoints.
    pub fn block_open(&self, x: i64, y: i64, size: i64) -> bool {
        (0..size).all(|dy| (0..size).all(|dx| self.is_open(x + dx, y + dy)))
    }

    /// Number of walkable cells.
    pub fn open_count(&self) -> u32 {
        self.cells.iter().filter(|&&a| a != WALL).count() as u32
    }

    /// Walls on the closed ring of the rectangle (x, y, w, h): four straight, edge-connected
    /// lines, so no move (straight or diagonal, any diagonal rule) crosses it.
    pub fn wall_ring(&mut self, x: u32, y: u32, w: u32, h: u32) {
        for i in x..x + w {
            self.set(i, y, WALL);
            self.set(i, y + h - 1, WALL);
        }
        for j in y..y + h {
            self.set(x, j, WALL);
            self.set(x + w - 1, j, WALL);
        }
    }

    /// A sealed box: the ring of [`wall_ring`](Self::wall_ring) with its inside opened (area 0),
    /// so a goal inside is walkable and unreachable from outside.
    pub fn sealed_box(&mut self, x: u32, y: u32, w: u32, h: u32) {
        self.wall_ring(x, y, w, h);
        for j in y + 1..y + h - 1 {
            for i in x + 1..x + w - 1 {
                self.set(i, j, 0);
            }
        }
    }

    /// The digest of the cells (count beside it).
    pub fn digest(&self) -> Digest {
        Digest::of_bytes(&self.cells)
    }

    /// The digest of the shape and the cells: width and height as u32 little-endian, then the
    /// cell bytes. This is what the generator pin test hashes.
    pub fn shape_digest(&self) -> u64 {
        let mut h = crate::digest::Fnv64::new();
        h.write_u32(self.width);
        h.write_u32(self.height);
        h.write(&self.cells);
        h.finish()
    }

    /// The engine's square grid of these cells (area multipliers all 1).
    ///
    /// # Panics
    ///
    /// Never for a map built by [`Map::filled`] (the sizes are consistent).
    pub fn to_grid(&self) -> Grid {
        Grid::from_areas(self.width, self.height, self.cells.clone()).expect("consistent map")
    }

    /// The engine's hex grid of these cells in `layout`.
    ///
    /// # Panics
    ///
    /// As [`Map::to_grid`].
    pub fn to_hex(&self, layout: HexLayout) -> HexGrid {
        HexGrid::from_areas(self.width, self.height, layout, self.cells.clone())
            .expect("consistent map")
    }

    /// The cell at (x, y) as the engine's [`Cell`].
    pub fn cell(x: u32, y: u32) -> Cell {
        Cell::new(x as i32, y as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_is_closed() {
        let mut m = Map::filled(7, 6, 0);
        m.wall_ring(1, 1, 5, 4);
        let text: Vec<String> = m
            .cells
            .chunks(7)
            .map(|r| {
                r.iter()
                    .map(|&a| if a == WALL { '#' } else { '.' })
                    .collect()
            })
            .collect();
        assert_eq!(
            text,
            [
                ".......", ".#####.", ".#...#.", ".#...#.", ".#####.", "......."
            ]
        );
        assert_eq!(m.open_count(), 42 - 14);
        assert!(m.block_open(2, 2, 2));
        assert!(!m.block_open(2, 2, 3));
        assert!(!m.block_open(6, 0, 2));
    }
}
