//! Random obstacles: each cell is a wall with probability `percent / 100`.

use onepath::grid::WALL;
use onepath::math::SplitMix64;

use super::Map;

/// A `width × height` map where each cell, row-major, is a wall with probability
/// `percent / 100` (one draw per cell).
pub fn noise(width: u32, height: u32, percent: u32, seed: u64) -> Map {
    let mut rng = SplitMix64::new(seed);
    let mut m = Map::filled(width, height, 0);
    for c in &mut m.cells {
        if rng.chance(percent, 100) {
            *c = WALL;
        }
    }
    m
}
