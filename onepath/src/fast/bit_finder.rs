//! [`BitFinder`]: jump points by scanning the [`OctileMap`]'s stop arrays, one word read per
//! 64 cells (spec: grids.md, “Jump point searches”; Harabor & Grastien 2014, block-based
//! symmetry breaking).
//!
//! A straight scan masks the stop word with the positions beyond the start and takes the first
//! set bit (lowest forwards, highest backwards); the goal on the scan line is a stop of its own
//! (it wins when it comes no later). The stop is a jump point when the cell is walkable, a wall
//! (no jump point) otherwise. A diagonal jump walks cell by cell — a step is legal when the
//! neighbour byte has the diagonal and its two components — and stops at the goal or at a cell
//! whose straight scan along either component finds something. It finds exactly the cells the
//! generic [`BlockJumper`](crate::jps::BlockJumper) finds.

use super::finder::{Finder, STEP, Sealed};
use super::octile_map::OctileMap;

/// Scans stop bits ([`OctileMap`]); see the module docs.
///
/// # Examples
///
/// ```
/// use onepath::fast::{BitFinder, OctileJump, OctileMap};
/// use onepath::search::Step;
/// use onepath::Grid;
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let map = OctileMap::new(&grid); // the stop bits BitFinder scans
/// let mut jps = OctileJump::<BitFinder>::new();
/// jps.try_begin(&grid, &map, 0, 17); // cell ids: y * width + x
/// assert_eq!(jps.run(&map), Step::Found);
/// assert_eq!(jps.cost(), 7.0); // down the west side: no corner cutting past the wall
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BitFinder;

impl Sealed for BitFinder {
    const CODE: u8 = 0;
}

/// The bit of the first stop of `line` after position `from` (position `p` is bit `p + 64`;
/// the padding word after the line stops every scan).
#[inline]
fn forward_stop(stop: &[u64], words: usize, line: usize, from: u32) -> usize {
    let base = line * words;
    let start = from as usize + 65;
    let mut k = start >> 6;
    let mut word = stop[base + k] & (!0u64 << (start & 63));
    while word == 0 {
        k += 1;
        word = stop[base + k];
    }
    (k << 6) | word.trailing_zeros() as usize
}

/// [`forward_stop`] towards smaller positions (the padding word before the line stops it).
#[inline]
fn backward_stop(stop: &[u64], words: usize, line: usize, from: u32) -> usize {
    let base = line * words;
    let start = from as usize + 63;
    let mut k = start >> 6;
    let mut word = stop[base + k] & (!0u64 >> (63 - (start & 63)));
    while word == 0 {
        k -= 1;
        word = stop[base + k];
    }
    (k << 6) | (63 - word.leading_zeros() as usize)
}

/// Whether bit `bit` of `line` is walkable.
#[inline]
fn walkable_bit(walk: &[u64], words: usize, line: usize, bit: usize) -> bool {
    walk[line * words + (bit >> 6)] >> (bit & 63) & 1 != 0
}

/// Scans `line` forwards from position `from` (exclusive) and returns the steps to the first
/// stop, the goal position `goal` if it comes no later (`u32::MAX`: no goal on the line), or 0
/// at a wall.
#[inline]
fn forward(stop: &[u64], walk: &[u64], words: usize, line: usize, from: u32, goal: u32) -> u32 {
    let bit = forward_stop(stop, words, line, from);
    if goal > from && goal as usize + 64 <= bit {
        return goal - from;
    }
    if walkable_bit(walk, words, line, bit) {
        (bit - 64) as u32 - from
    } else {
        0
    }
}

/// [`forward`] towards smaller positions.
#[inline]
fn backward(stop: &[u64], walk: &[u64], words: usize, line: usize, from: u32, goal: u32) -> u32 {
    let bit = backward_stop(stop, words, line, from);
    if goal < from && goal as usize + 64 >= bit {
        return from - goal;
    }
    if walkable_bit(walk, words, line, bit) {
        from - (bit - 64) as u32
    } else {
        0
    }
}

impl BitFinder {
    /// One straight scan over the map.
    #[inline]
    pub(crate) fn scan(m: &OctileMap, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        match d {
            0 => Self::scan_in::<0>(m, x, y, goal),
            1 => Self::scan_in::<1>(m, x, y, goal),
            2 => Self::scan_in::<2>(m, x, y, goal),
            _ => Self::scan_in::<3>(m, x, y, goal),
        }
    }

    /// The first stop of a straight scan from (x, y) in direction `d` (0..4) that knows no
    /// goal: the steps to it and whether it is walkable (a jump point: a cell with a forced
    /// neighbour for this arrival) or not (a wall, or the edge of the map). This is what the
    /// JPS+ tables hold (`jps_plus_index.rs`): `steps` when walkable, else `−(steps − 1)`.
    pub(crate) fn stop(m: &OctileMap, x: u32, y: u32, d: usize) -> (u32, bool) {
        let rows = (&m.row_stop_forward, &m.row_stop_backward);
        let cols = (&m.col_stop_forward, &m.col_stop_backward);
        let (line, from, words, walk) = if d.is_multiple_of(2) {
            (x as usize + 1, y, m.col_words, &m.cols)
        } else {
            (y as usize + 1, x, m.row_words, &m.rows)
        };
        let bit = match d {
            0 => backward_stop(cols.1, words, line, from),
            1 => forward_stop(rows.0, words, line, from),
            2 => forward_stop(cols.0, words, line, from),
            _ => backward_stop(rows.1, words, line, from),
        };
        // A backward scan may stop at the padding before the line: position −1.
        let steps = (bit as i64 - 64 - i64::from(from)).unsigned_abs() as u32;
        (steps, walkable_bit(walk, words, line, bit))
    }

    /// [`scan`](Self::scan) with the direction known at compile time.
    #[inline]
    fn scan_in<const D: usize>(m: &OctileMap, x: u32, y: u32, goal: (u32, u32)) -> u32 {
        let (gx, gy) = goal;
        match D {
            0 => backward(
                &m.col_stop_backward,
                &m.cols,
                m.col_words,
                x as usize + 1,
                y,
                if gx == x { gy } else { u32::MAX },
            ),
            1 => forward(
                &m.row_stop_forward,
                &m.rows,
                m.row_words,
                y as usize + 1,
                x,
                if gy == y { gx } else { u32::MAX },
            ),
            2 => forward(
                &m.col_stop_forward,
                &m.cols,
                m.col_words,
                x as usize + 1,
                y,
                if gx == x { gy } else { u32::MAX },
            ),
            _ => backward(
                &m.row_stop_backward,
                &m.rows,
                m.row_words,
                y as usize + 1,
                x,
                if gy == y { gx } else { u32::MAX },
            ),
        }
    }
}

impl BitFinder {
    /// A diagonal jump in direction `D` with components `C1`, `C2`, all known at compile time.
    #[inline]
    fn diagonal_in<const D: usize, const C1: usize, const C2: usize>(
        maps: &OctileMap,
        x: u32,
        y: u32,
        goal: (u32, u32),
    ) -> u32 {
        let w = maps.width();
        let (dx, dy) = STEP[D];
        let (mut x, mut y, mut k) = (x, y, 0);
        loop {
            if !OctileMap::diagonal_legal(maps.neighbors[(y * w + x) as usize], D) {
                return 0;
            }
            x = x.wrapping_add_signed(dx);
            y = y.wrapping_add_signed(dy);
            k += 1;
            if (x, y) == goal
                || Self::scan_in::<C1>(maps, x, y, goal) != 0
                || Self::scan_in::<C2>(maps, x, y, goal) != 0
            {
                return k;
            }
        }
    }
}

impl Finder for BitFinder {
    type Maps<'a> = &'a OctileMap;

    #[inline]
    fn neighbor_byte(maps: &OctileMap, cell: u32) -> u8 {
        maps.neighbors[cell as usize]
    }

    fn fits(maps: &OctileMap, width: u32, height: u32) -> bool {
        maps.width() == width && maps.height() == height
    }

    #[inline]
    fn straight(maps: &OctileMap, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        Self::scan(maps, x, y, d, goal)
    }

    #[inline]
    fn diagonal(maps: &OctileMap, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        match d {
            4 => Self::diagonal_in::<4, 0, 1>(maps, x, y, goal),
            5 => Self::diagonal_in::<5, 1, 2>(maps, x, y, goal),
            6 => Self::diagonal_in::<6, 2, 3>(maps, x, y, goal),
            _ => Self::diagonal_in::<7, 0, 3>(maps, x, y, goal),
        }
    }

    #[inline]
    fn run(
        maps: &OctileMap,
        x: u32,
        y: u32,
        d: usize,
        goal: (u32, u32),
        visit: &mut impl FnMut(u32, usize, u32),
    ) {
        match d {
            4 => Self::run_in::<4, 0, 1>(maps, x, y, goal, visit),
            5 => Self::run_in::<5, 1, 2>(maps, x, y, goal, visit),
            6 => Self::run_in::<6, 2, 3>(maps, x, y, goal, visit),
            _ => Self::run_in::<7, 0, 3>(maps, x, y, goal, visit),
        }
    }
}

impl BitFinder {
    /// The improved-pruning run along `D` with components `C1 < C2`, known at compile time.
    #[inline]
    fn run_in<const D: usize, const C1: usize, const C2: usize>(
        maps: &OctileMap,
        x: u32,
        y: u32,
        goal: (u32, u32),
        visit: &mut impl FnMut(u32, usize, u32),
    ) {
        let w = maps.width();
        let (dx, dy) = STEP[D];
        let (mut x, mut y, mut k) = (x, y, 0);
        loop {
            if !OctileMap::diagonal_legal(maps.neighbors[(y * w + x) as usize], D) {
                return;
            }
            x = x.wrapping_add_signed(dx);
            y = y.wrapping_add_signed(dy);
            k += 1;
            if (x, y) == goal {
                visit(k, D, 0);
                return;
            }
            let t = Self::scan_in::<C1>(maps, x, y, goal);
            if t != 0 {
                visit(k, C1, t);
            }
            let t = Self::scan_in::<C2>(maps, x, y, goal);
            if t != 0 {
                visit(k, C2, t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::finder::testing::{assert_jumps_equal, random_grid};
    use crate::jps::{BlockJumper, BlockMap};
    use crate::math::SplitMix64;

    #[test]
    fn bit_scans_equal_the_block_jumper() {
        let mut r = SplitMix64::new(8);
        for seed in 0..80u64 {
            let grid = random_grid(&mut r, 200, 150, 50);
            let (w, h) = (grid.width(), grid.height());
            let (map, blocks) = (OctileMap::new(&grid), BlockMap::new(&grid));
            let block = BlockJumper::new(&blocks);
            for _ in 0..300 {
                let (x, y) = (r.below(w), r.below(h));
                if !map.walkable(i64::from(x), i64::from(y)) {
                    continue;
                }
                // The engine's goal is always walkable.
                let goal = match r.below(3) {
                    0 => (r.below(w), y),
                    1 => (x, r.below(h)),
                    _ => (r.below(w), r.below(h)),
                };
                if !map.walkable(i64::from(goal.0), i64::from(goal.1)) {
                    continue;
                }
                assert_jumps_equal::<BitFinder>(&map, &block, (x, y), goal, seed);
            }
        }
    }
}
