//! Area-cost terrain: smoothed random heights cut into bands of area ids, the highest band a
//! wall (mountains), crossed by straight roads of their own area id.

use onepath::grid::WALL;
use onepath::math::SplitMix64;

use super::Map;

/// The area id of roads.
pub const ROAD: u8 = 6;

/// A `width × height` terrain of area ids 0..=5 (`5` never appears: it becomes [`WALL`]), plus
/// [`ROAD`] on `roads` horizontal and `roads` vertical lines.
///
/// Heights: one `below(256)` per cell, row-major; then three passes of a 3 × 3 box mean
/// (integer division by the number of cells inside). Bands: `band = (h - min) * 6 / (max - min
/// + 1)`; band 5 is a wall, else the area id is the band. Roads: `roads` rows (one `below(height)`
/// each), then `roads` columns (`below(width)`), set to [`ROAD`] over walls too.
pub fn terrain(width: u32, height: u32, roads: u32, seed: u64) -> Map {
    let mut rng = SplitMix64::new(seed);
    let n = (width * height) as usize;
    let mut h: Vec<u32> = (0..n).map(|_| rng.below(256)).collect();
    for _ in 0..3 {
        let mut next = vec![0u32; n];
        for y in 0..height {
            for x in 0..width {
                let (mut sum, mut count) = (0u32, 0u32);
                for ny in y.saturating_sub(1)..=(y + 1).min(height - 1) {
                    for nx in x.saturating_sub(1)..=(x + 1).min(width - 1) {
                        sum += h[(ny * width + nx) as usize];
                        count += 1;
                    }
                }
                next[(y * width + x) as usize] = sum / count;
            }
        }
        h = next;
    }
    let min = h.iter().copied().min().unwrap_or(0);
    let max = h.iter().copied().max().unwrap_or(0);
    let mut m = Map::filled(width, height, 0);
    for (c, &v) in m.cells.iter_mut().zip(&h) {
        let band = (v - min) * 6 / (max - min + 1);
        *c = if band >= 5 { WALL } else { band as u8 };
    }
    for _ in 0..roads {
        let y = rng.below(height);
        for x in 0..width {
            m.set(x, y, ROAD);
        }
    }
    for _ in 0..roads {
        let x = rng.below(width);
        for y in 0..height {
            m.set(x, y, ROAD);
        }
    }
    m
}
