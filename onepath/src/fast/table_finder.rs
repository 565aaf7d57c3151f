//! [`TableFinder`]: jump points read from the JPS+ tables ([`JpsPlusIndex`]) with goal
//! bounding at query time (spec: grids.md, “Goal bounding at query time”), exactly as the generic
//! [`TableJumper`](crate::jps::TableJumper) reads them.
//!
//! - Straight: the goal on the line ahead within `|d|` steps is returned directly.
//! - Diagonal: if the goal lies strictly inside the quadrant and `min(|gx − x|, |gy − y|) ≤ |d|`,
//!   the run stops at that many steps (level with the goal on one axis).
//! - Otherwise a positive `d` is the next jump point, a non-positive one nothing.
//!
//! It reads nothing else: the neighbour byte for the successor table comes from the cell's own
//! eight values ([`Finder::neighbor_byte`]).

use super::finder::{Finder, STEP, Sealed, components};
use crate::jps::JpsPlusIndex;

/// Reads the JPS+ tables; see the module docs.
///
/// # Examples
///
/// ```
/// use onepath::fast::{OctileJump, TableFinder};
/// use onepath::jps::JpsPlusIndex;
/// use onepath::search::Step;
/// use onepath::Grid;
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let index = JpsPlusIndex::new(&grid).unwrap(); // the JPS+ tables TableFinder reads
/// let mut jps = OctileJump::<TableFinder>::new();
/// jps.try_begin(&grid, &index, 6, 11);
/// assert_eq!(jps.run(&index), Step::Found);
/// assert_eq!(jps.cost(), 7.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct TableFinder;

impl Sealed for TableFinder {
    const CODE: u8 = 1;
}

/// Where the table finder reads the value of a cell in a direction (`jps_plus_index.rs`:
/// `d > 0` the next jump point `d` steps away, `d <= 0` no jump point and `−d` walkable cells
/// before the wall): the JPS+ tables when searching, the same values derived from an
/// [`OctileMap`](super::OctileMap) when a restore re-derives a search's hops
/// (`hop_proof.rs`).
pub(crate) trait TableValues: Copy {
    /// The value of (x, y), a walkable cell, in direction `d`.
    fn value(self, x: u32, y: u32, d: usize) -> i32;
}

impl TableValues for &JpsPlusIndex {
    #[inline]
    fn value(self, x: u32, y: u32, d: usize) -> i32 {
        i32::from(self.raw()[(y as usize * self.width() as usize + x as usize) * 8 + d])
    }
}

/// Whether the goal lies strictly inside the quadrant of diagonal `d` from (x, y), and the
/// number of diagonal steps that brings the run level with it.
#[inline]
fn level_steps(x: u32, y: u32, d: usize, goal: (u32, u32)) -> Option<u32> {
    let (dx, dy) = STEP[d];
    let (gx, gy) = (
        i64::from(goal.0) - i64::from(x),
        i64::from(goal.1) - i64::from(y),
    );
    (gx.signum() == i64::from(dx) && gy.signum() == i64::from(dy))
        .then(|| gx.unsigned_abs().min(gy.unsigned_abs()) as u32)
}

impl Finder for TableFinder {
    type Maps<'a> = &'a JpsPlusIndex;

    /// Derived from the cell's own eight table values, which the jumps read anyway (one cache
    /// line instead of two): a straight value is 0 exactly when the next cell is a wall, and a
    /// diagonal value exactly when the diagonal step is illegal. The successor table reads a
    /// diagonal bit only as "the cell behind on that side is blocked" when the side cell and
    /// the cell behind the node are free, and then "diagonal step illegal" and "diagonal cell
    /// blocked" coincide; its legality mask wants exactly "step legal". So the byte selects
    /// the same successors as the true neighbour byte.
    #[inline]
    fn neighbor_byte(maps: &JpsPlusIndex, cell: u32) -> u8 {
        let at = cell as usize * 8;
        let v = &maps.raw()[at..at + 8];
        let mut nb = 0u8;
        for (d, &x) in v.iter().enumerate() {
            nb |= u8::from(x != 0) << d;
        }
        nb
    }

    /// The cell's eight values are 16 bytes of tables far larger than the caches on big maps
    /// (16 B per cell): the pop's read of them was half the search time on sc1/AcrosstheCape.
    #[inline]
    fn touch(maps: &JpsPlusIndex, cell: u32) {
        if let Some(&v) = maps.raw().get(cell as usize * 8) {
            core::hint::black_box(v);
        }
    }

    fn fits(maps: &JpsPlusIndex, width: u32, height: u32) -> bool {
        maps.width() == width && maps.height() == height
    }

    #[inline]
    fn straight(maps: &JpsPlusIndex, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        straight(maps, x, y, d, goal)
    }

    #[inline]
    fn diagonal(maps: &JpsPlusIndex, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
        diagonal(maps, x, y, d, goal)
    }

    fn run(
        maps: &JpsPlusIndex,
        x: u32,
        y: u32,
        d: usize,
        goal: (u32, u32),
        visit: &mut impl FnMut(u32, usize, u32),
    ) {
        run(maps, x, y, d, goal, visit);
    }
}

/// [`Finder::straight`] of the table finder over the values `maps`.
#[inline]
pub(crate) fn straight(maps: impl TableValues, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
    let v = maps.value(x, y, d);
    let reach = v.unsigned_abs();
    let (gx, gy) = goal;
    let along = match d {
        0 if gx == x && gy < y => y - gy,
        1 if gy == y && gx > x => gx - x,
        2 if gx == x && gy > y => gy - y,
        3 if gy == y && gx < x => x - gx,
        _ => u32::MAX,
    };
    if along <= reach {
        along
    } else if v > 0 {
        v as u32
    } else {
        0
    }
}

/// [`Finder::diagonal`] of the table finder over the values `maps`.
#[inline]
pub(crate) fn diagonal(maps: impl TableValues, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32 {
    let v = maps.value(x, y, d);
    if let Some(k) = level_steps(x, y, d, goal)
        && k <= v.unsigned_abs()
    {
        return k;
    }
    if v > 0 { v as u32 } else { 0 }
}

/// [`Finder::run`] of the table finder over the values `maps`.
pub(crate) fn run<V: TableValues>(
    maps: V,
    x: u32,
    y: u32,
    d: usize,
    goal: (u32, u32),
    visit: &mut impl FnMut(u32, usize, u32),
) {
    let (dx, dy) = STEP[d];
    let comps = components(d);
    let at = |k: u32| {
        (
            x.wrapping_add_signed(dx * k as i32),
            y.wrapping_add_signed(dy * k as i32),
        )
    };
    let level = level_steps(x, y, d, goal);
    let mut k = 0u32;
    loop {
        let (cx, cy) = at(k);
        let v = maps.value(cx, cy, d);
        let reach = v.unsigned_abs();
        // The cell level with the goal, when it lies on this stretch and is not itself the
        // next jump point: only the goal can be found from it (a straight jump point there
        // would have made it a diagonal jump point).
        if let Some(lk) = level
            && lk > k
            && lk - k <= reach
            && !(v > 0 && lk - k == reach)
        {
            let (lx, ly) = at(lk);
            if (lx, ly) == goal {
                visit(lk, d, 0);
                return;
            }
            let s = if lx == goal.0 {
                comps_vertical(comps)
            } else {
                comps_horizontal(comps)
            };
            let t = straight(maps, lx, ly, s, goal);
            if t != 0 {
                visit(lk, s, t);
            }
        }
        if v <= 0 {
            return;
        }
        k += reach;
        let (cx, cy) = at(k);
        if (cx, cy) == goal {
            visit(k, d, 0);
            return;
        }
        for s in comps {
            let t = straight(maps, cx, cy, s, goal);
            if t != 0 {
                visit(k, s, t);
            }
        }
    }
}

/// The vertical (north or south) component of a diagonal's two components.
#[inline]
fn comps_vertical(c: [usize; 2]) -> usize {
    if c[0].is_multiple_of(2) { c[0] } else { c[1] }
}

/// The horizontal (east or west) component.
#[inline]
fn comps_horizontal(c: [usize; 2]) -> usize {
    if c[0] % 2 == 1 { c[0] } else { c[1] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::OctileMap;
    use crate::fast::finder::testing::{assert_jumps_equal, random_grid};
    use crate::jps::TableJumper;
    use crate::math::SplitMix64;

    #[test]
    fn table_reads_equal_the_table_jumper() {
        let mut r = SplitMix64::new(12);
        for seed in 0..60u64 {
            let grid = random_grid(&mut r, 120, 90, 50);
            let (w, h) = (grid.width(), grid.height());
            let (map, index) = (OctileMap::new(&grid), JpsPlusIndex::new(&grid).unwrap());
            let jumper = TableJumper::new(&index);
            for _ in 0..300 {
                let (x, y) = (r.below(w), r.below(h));
                if !map.walkable(i64::from(x), i64::from(y)) {
                    continue;
                }
                let goal = (r.below(w), r.below(h));
                if !map.walkable(i64::from(goal.0), i64::from(goal.1)) {
                    continue;
                }
                assert_jumps_equal::<TableFinder>(&index, &jumper, (x, y), goal, seed);
            }
        }
    }
}
