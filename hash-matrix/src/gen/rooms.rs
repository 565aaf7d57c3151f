//! Rooms with doors: a frame of walls cut into `room`-sized rooms by straight walls, each wall
//! between two rooms pierced by one door (a second one with probability 1/4), and a few pillars.

use onepath::grid::WALL;
use onepath::math::SplitMix64;

use super::Map;

/// The wall lines along one axis: every multiple of `room`, and the last line.
fn lines(len: u32, room: u32) -> Vec<u32> {
    let mut v: Vec<u32> = (0..len).step_by(room as usize).collect();
    if v.last() != Some(&(len - 1)) {
        v.push(len - 1);
    }
    v
}

/// A `width × height` map of rooms about `room` cells apart (`room >= 3`).
///
/// Walls stand on every column and row that is a multiple of `room` and on the last ones. Then,
/// per interior vertical wall line left to right and per room span top to bottom, a door is
/// opened at a random row of the span (a second door with probability 1/4); the same for the
/// horizontal lines, top to bottom and left to right. Finally each room-interior cell becomes a
/// pillar with probability 1/40.
///
/// # Panics
///
/// When `room < 3`.
pub fn rooms(width: u32, height: u32, room: u32, seed: u64) -> Map {
    assert!(room >= 3, "rooms need an interior");
    let mut rng = SplitMix64::new(seed);
    let mut m = Map::filled(width, height, 0);
    let xs = lines(width, room);
    let ys = lines(height, room);
    for &x in &xs {
        for y in 0..height {
            m.set(x, y, WALL);
        }
    }
    for &y in &ys {
        for x in 0..width {
            m.set(x, y, WALL);
        }
    }
    // Doors in the vertical walls (skip the frame).
    for &x in &xs[1..xs.len() - 1] {
        for span in ys.windows(2) {
            let (y0, y1) = (span[0] + 1, span[1]);
            if y1 <= y0 {
                continue;
            }
            let doors = if rng.chance(1, 4) { 2 } else { 1 };
            for _ in 0..doors {
                let y = y0 + rng.below(y1 - y0);
                m.set(x, y, 0);
            }
        }
    }
    // Doors in the horizontal walls.
    for &y in &ys[1..ys.len() - 1] {
        for span in xs.windows(2) {
            let (x0, x1) = (span[0] + 1, span[1]);
            if x1 <= x0 {
                continue;
            }
            let doors = if rng.chance(1, 4) { 2 } else { 1 };
            for _ in 0..doors {
                let x = x0 + rng.below(x1 - x0);
                m.set(x, y, 0);
            }
        }
    }
    // Pillars inside rooms.
    for y in 0..height {
        for x in 0..width {
            if !xs.contains(&x) && !ys.contains(&y) && rng.chance(1, 40) {
                m.set(x, y, WALL);
            }
        }
    }
    m
}
