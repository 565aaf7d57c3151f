//! One jump point expansion, written once for the search ([`OctileJump::step`]) and for the
//! restore proof of snapshot kind 5 (`octile_jump_state.rs`): [`expand`] calls the successors a
//! node generates — its pruned directions from the successor table, each jumped, or run with
//! improved pruning — over a [`JumpSource`].
//!
//! - [`Searching`]: the engine's finder over its maps (what `step` reads).
//! - The restore proof has only the grid: it re-derives the hops over an [`OctileMap`] of the
//!   grid (the engine keeps one as restore scratch, refreshed through the grid's journal). For
//!   JPS that is the bit finder's own code (`Searching<BitFinder>`); for JPS+ it is the table
//!   finder's own code over [`MapValues`], the JPS+ table values derived from the map by bit
//!   scans (equal to a fresh [`JpsPlusIndex`](crate::jps::JpsPlusIndex) of the grid, tested
//!   below), so that a restore never needs a second copy of the 16-byte-per-cell tables.
//!
//! [`OctileJump::step`]: super::OctileJump::step

use super::bit_finder::BitFinder;
use super::finder::{Finder, STEP, components};
use super::octile_map::OctileMap;
use super::pair::Pair;
use super::successors::{LEGAL, SUCCESSORS};
use super::table_finder::{self, TableValues};

/// Where an expansion finds its jump points (see [`Finder`], whose operations these are).
pub(crate) trait JumpSource: Copy {
    /// The neighbour byte the successor table reads for `cell`.
    fn neighbor_byte(self, cell: u32) -> u8;
    /// [`Finder::touch`].
    #[inline]
    fn touch(self, cell: u32) {
        let _ = cell;
    }
    /// [`Finder::straight`].
    fn straight(self, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32;
    /// [`Finder::diagonal`].
    fn diagonal(self, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32;
    /// [`Finder::run`].
    fn run(
        self,
        x: u32,
        y: u32,
        d: usize,
        goal: (u32, u32),
        visit: &mut impl FnMut(u32, usize, u32),
    );
}

/// A finder over its maps: what the search reads.
pub(crate) struct Searching<'a, F: Finder>(pub(crate) F::Maps<'a>);

impl<F: Finder> Clone for Searching<'_, F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<F: Finder> Copy for Searching<'_, F> {}

impl<F: Finder> JumpSource for Searching<'_, F> {
    #[inline]
    fn neighbor_byte(self, cell: u32) -> u8 {
        F::neighbor_byte(self.0, cell)
    }
    #[inline]
    fn touch(self, cell: u32) {
        F::touch(self.0, cell);
    }
    #[inline]
    fn straight(self, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        F::straight(self.0, x, y, d, goal)
    }
    #[inline]
    fn diagonal(self, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        F::diagonal(self.0, x, y, d, goal)
    }
    #[inline]
    fn run(
        self,
        x: u32,
        y: u32,
        d: usize,
        goal: (u32, u32),
        visit: &mut impl FnMut(u32, usize, u32),
    ) {
        F::run(self.0, x, y, d, goal, visit);
    }
}

/// The JPS+ table values of a grid, derived from its [`OctileMap`] (`jps_plus_index.rs`):
/// straight, the steps to the first stop of a goal-less scan when it is walkable (a cell with
/// a forced neighbour), else `−(steps − 1)` (the walkable cells before the wall); diagonal, the
/// steps to the first cell whose straight value along either component is positive, else
/// `−(legal steps)` (a step is legal when its target and both side cells are walkable).
#[derive(Clone, Copy, Debug)]
pub(crate) struct MapValues<'a>(pub(crate) &'a OctileMap);

impl MapValues<'_> {
    /// Whether the straight value of (x, y) in `d` is positive.
    fn straight_positive(self, x: u32, y: u32, d: usize) -> bool {
        BitFinder::stop(self.0, x, y, d).1
    }
}

impl TableValues for MapValues<'_> {
    fn value(self, x: u32, y: u32, d: usize) -> i32 {
        let m = self.0;
        if d < 4 {
            let (steps, walkable) = BitFinder::stop(m, x, y, d);
            return if walkable {
                steps as i32
            } else {
                1 - steps as i32
            };
        }
        let (dx, dy) = STEP[d];
        let [c1, c2] = components(d);
        let w = m.width();
        let (mut x, mut y, mut k) = (x, y, 0i32);
        loop {
            if !OctileMap::diagonal_legal(m.neighbors[(y * w + x) as usize], d) {
                return -k;
            }
            x = x.wrapping_add_signed(dx);
            y = y.wrapping_add_signed(dy);
            k += 1;
            if self.straight_positive(x, y, c1) || self.straight_positive(x, y, c2) {
                return k;
            }
        }
    }
}

impl JumpSource for MapValues<'_> {
    /// The table finder's byte: bit `d` set when the value in `d` is not zero, which is when
    /// the first step in `d` is legal.
    #[inline]
    fn neighbor_byte(self, cell: u32) -> u8 {
        LEGAL[self.0.neighbors[cell as usize] as usize]
    }
    fn straight(self, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        table_finder::straight(self, x, y, d, goal)
    }
    fn diagonal(self, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        table_finder::diagonal(self, x, y, d, goal)
    }
    fn run(
        self,
        x: u32,
        y: u32,
        d: usize,
        goal: (u32, u32),
        visit: &mut impl FnMut(u32, usize, u32),
    ) {
        table_finder::run(self, x, y, d, goal, visit);
    }
}

/// The node being expanded: its cell and coordinates, its arrival direction (`None` at the
/// start, which searches every legal direction) and its pair.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) x: u32,
    pub(crate) y: u32,
    pub(crate) arrival: Option<u8>,
    pub(crate) pair: Pair,
}

/// Calls `visit(to, pair, arrival)` for every successor the search generates from `node` on
/// a `width`-wide grid (the goal at `goal`), in the search's order: the pruned directions of
/// the successor table in direction order N, E, S, W, NE, SE, SW, NW; a straight jump of `t`
/// steps adds `(t, 0)`, a diagonal one `(0, t)`; with `improved` pruning a diagonal direction
/// is run, and each straight jump point (or the goal) found `k` steps along it adds `(t, k)`.
///
/// The pair arithmetic saturates: the search's pairs are path lengths, far below `u32::MAX`,
/// and restore refuses a record whose pair is within the longer side of it (every hop is
/// shorter), so no state a restore accepts comes near it; the saturation only makes sure that
/// no restored bytes can make a step overflow, in any build.
#[inline]
pub(crate) fn expand<S: JumpSource>(
    src: S,
    node: Node,
    width: u32,
    improved: bool,
    goal: (u32, u32),
    visit: &mut impl FnMut(u32, Pair, usize),
) {
    let Node {
        x,
        y,
        arrival,
        pair,
    } = node;
    let nb = src.neighbor_byte(y * width + x);
    let mut dirs = match arrival {
        None => LEGAL[nb as usize],
        Some(a) => SUCCESSORS[a as usize][nb as usize],
    };
    while dirs != 0 {
        let d = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        let (dx, dy) = STEP[d];
        if d < 4 {
            let t = src.straight(x, y, d, goal);
            if t != 0 {
                let to = at(x, y, dx * t as i32, dy * t as i32, width);
                src.touch(to);
                visit(to, Pair::new(pair.a.saturating_add(t), pair.b), d);
            }
        } else if improved {
            src.run(x, y, d, goal, &mut |kd, s, t| {
                let (sx, sy) = STEP[s];
                let ox = dx * kd as i32 + sx * t as i32;
                let oy = dy * kd as i32 + sy * t as i32;
                let to = at(x, y, ox, oy, width);
                src.touch(to);
                let np = Pair::new(pair.a.saturating_add(t), pair.b.saturating_add(kd));
                visit(to, np, s);
            });
        } else {
            let t = src.diagonal(x, y, d, goal);
            if t != 0 {
                let to = at(x, y, dx * t as i32, dy * t as i32, width);
                src.touch(to);
                visit(to, Pair::new(pair.a, pair.b.saturating_add(t)), d);
            }
        }
    }
}

/// The cell at (x + ox, y + oy) of a `w`-wide grid.
#[inline]
fn at(x: u32, y: u32, ox: i32, oy: i32, w: u32) -> u32 {
    y.wrapping_add_signed(oy) * w + x.wrapping_add_signed(ox)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::finder::testing::random_grid;
    use crate::grid::Dir8;
    use crate::jps::JpsPlusIndex;
    use crate::math::SplitMix64;

    #[test]
    fn map_values_equal_a_fresh_jps_plus_index() {
        let mut r = SplitMix64::new(27);
        for seed in 0..120u64 {
            let grid = random_grid(&mut r, 140, 70, 55);
            let (map, index) = (OctileMap::new(&grid), JpsPlusIndex::new(&grid).unwrap());
            let values = MapValues(&map);
            for y in 0..grid.height() {
                for x in 0..grid.width() {
                    if !map.walkable(i64::from(x), i64::from(y)) {
                        continue;
                    }
                    let cell = y * grid.width() + x;
                    let table = <&JpsPlusIndex as TableValues>::value;
                    for d in 0..8 {
                        assert_eq!(
                            values.value(x, y, d),
                            i32::from(index.get(x as i32, y as i32, Dir8::ALL[d])),
                            "seed {seed} ({x},{y}) d {d}"
                        );
                        assert_eq!(values.value(x, y, d), table(&index, x, y, d));
                    }
                    let want = <crate::fast::TableFinder as Finder>::neighbor_byte(&index, cell);
                    assert_eq!(values.neighbor_byte(cell), want, "seed {seed} ({x},{y})");
                }
            }
        }
    }
}
