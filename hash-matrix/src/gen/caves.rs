//! Caves: random fill smoothed by a cellular automaton (the "4-5 rule" cave generator).

use onepath::grid::WALL;
use onepath::math::SplitMix64;

use super::Map;

/// A `width × height` cave. The border is wall; each inner cell starts as a wall with
/// probability `fill_percent / 100` (row-major draws). Then `steps` times, all at once: a cell
/// becomes a wall iff at least 5 of the 9 cells of its 3 × 3 block (itself included; outside
/// counts as wall) are walls. The border stays wall.
pub fn caves(width: u32, height: u32, fill_percent: u32, steps: u32, seed: u64) -> Map {
    let mut rng = SplitMix64::new(seed);
    let mut m = Map::filled(width, height, 0);
    for y in 0..height {
        for x in 0..width {
            let border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
            if border || rng.chance(fill_percent, 100) {
                m.set(x, y, WALL);
            }
        }
    }
    for _ in 0..steps {
        let mut next = m.clone();
        for y in 1..height.saturating_sub(1) {
            for x in 1..width.saturating_sub(1) {
                let mut walls = 0;
                for dy in -1..=1i64 {
                    for dx in -1..=1i64 {
                        if !m.is_open(i64::from(x) + dx, i64::from(y) + dy) {
                            walls += 1;
                        }
                    }
                }
                next.set(x, y, if walls >= 5 { WALL } else { 0 });
            }
        }
        m = next;
    }
    m
}
