//! [`Finder`]: how an [`OctileJump`](super::OctileJump) finds jump points — by scanning stop
//! bits ([`BitFinder`](super::BitFinder)) or by reading the JPS+ tables
//! ([`TableFinder`](super::TableFinder)).
//!
//! Directions are indices 0..8 in the order N, E, S, W, NE, SE, SW, NW; cells are `(x, y)`
//! with `x < width`, `y < height`; the goal is a walkable cell. A jump returns the number of
//! unit steps to the next jump point (or the goal), 0 for none.

mod sealed {
    pub trait Sealed {
        /// The finder's code in snapshots (kind 5): 0 bits, 1 tables.
        const CODE: u8;
    }
}

pub(crate) use sealed::Sealed;

/// A source of jump points for [`OctileJump`](super::OctileJump) (implemented by
/// [`BitFinder`](super::BitFinder) and [`TableFinder`](super::TableFinder) only).
///
/// # Examples
///
/// ```
/// use onepath::fast::{BitFinder, Finder, OctileJump, OctileMap, TableFinder};
/// use onepath::jps::JpsPlusIndex;
/// use onepath::Grid;
/// // Generic over the finder: both find the same cost.
/// fn cost<F: Finder>(grid: &Grid, maps: F::Maps<'_>) -> f64 {
///     let mut jps = OctileJump::<F>::new();
///     jps.try_begin(grid, maps, 0, 23);
///     jps.run(maps);
///     jps.cost()
/// }
/// let grid = Grid::from_text("......\n.####.\n.#....\n......").unwrap();
/// let (map, index) = (OctileMap::new(&grid), JpsPlusIndex::new(&grid).unwrap());
/// assert_eq!(cost::<BitFinder>(&grid, &map), cost::<TableFinder>(&grid, &index));
/// ```
pub trait Finder: Sealed {
    /// The structures the finder reads, borrowed for one call of `step`.
    type Maps<'a>: Copy;

    /// The neighbour byte of a cell for the successor table (bit `d`: the first step in
    /// direction `d` is possible; see [`OctileMap`](super::OctileMap)).
    fn neighbor_byte(maps: Self::Maps<'_>, cell: u32) -> u8;

    /// Loads what [`neighbor_byte`](Finder::neighbor_byte) will read for `cell`, when `cell`
    /// has just been offered to the open list: it is usually popped a few expansions later, and
    /// a load issued now overlaps its cache miss with the rest of the expansion instead of
    /// stalling the pop. Reads only; no result depends on it. Default: nothing.
    #[inline]
    fn touch(maps: Self::Maps<'_>, cell: u32) {
        let _ = (maps, cell);
    }

    /// Whether `maps` describe a grid of `width × height` (the finder's parts agree).
    fn fits(maps: Self::Maps<'_>, width: u32, height: u32) -> bool;

    /// Steps from (x, y) in the straight direction `d` (0..4) to the next jump point or the
    /// goal; 0 when a wall comes first.
    fn straight(maps: Self::Maps<'_>, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32;

    /// Steps from (x, y) in the diagonal direction `d` (4..8) to the next jump point or the
    /// goal (or, with goal bounding, the cell level with the goal); 0 when there is none.
    fn diagonal(maps: Self::Maps<'_>, x: u32, y: u32, d: usize, goal: (u32, u32)) -> u32;

    /// The improved-pruning run (Harabor & Grastien 2014) from (x, y) along the diagonal `d`:
    /// at each cell `k` steps along it (in order), offers the straight jump points (or the
    /// goal) found from that cell as `visit(k, s, t)` — `t` steps in the straight direction
    /// `s`, its two components in ascending direction order — and the goal itself on the
    /// diagonal as `visit(k, d, 0)`, which ends the run; otherwise the run ends at a wall.
    fn run(
        maps: Self::Maps<'_>,
        x: u32,
        y: u32,
        d: usize,
        goal: (u32, u32),
        visit: &mut impl FnMut(u32, usize, u32),
    );
}

/// The straight components of a diagonal direction `d` (4..8) in ascending order.
#[inline]
pub(crate) fn components(d: usize) -> [usize; 2] {
    match d {
        4 => [0, 1],
        5 => [1, 2],
        6 => [2, 3],
        _ => [0, 3],
    }
}

/// Unit offsets by direction index.
pub(crate) const STEP: [(i32, i32); 8] = crate::grid::Dir8::OFFSETS;

/// What the finders' tests share: random maps, and the check against a reference jumper.
#[cfg(test)]
pub(crate) mod testing {
    use super::Finder;
    use crate::grid::{Dir8, Grid, WALL};
    use crate::jps::Jumper;
    use crate::math::SplitMix64;

    /// A grid of `1..=max_w` × `1..=max_h` cells, each a wall with a chance of `pct` % for a
    /// `pct` below `max_pct` (all drawn from `r`, in that order).
    pub(crate) fn random_grid(r: &mut SplitMix64, max_w: u32, max_h: u32, max_pct: u32) -> Grid {
        let (w, h) = (1 + r.below(max_w), 1 + r.below(max_h));
        let pct = r.below(max_pct);
        let cells = (0..w * h)
            .map(|_| if r.chance(pct, 100) { WALL } else { 0 })
            .collect();
        Grid::from_areas(w, h, cells).unwrap()
    }

    /// Asserts that `F` jumps from (x, y) towards `goal` as `reference` does (the same step
    /// count, 0 for none) in each of the eight directions; `seed` names the case.
    pub(crate) fn assert_jumps_equal<F: Finder>(
        maps: F::Maps<'_>,
        reference: &impl Jumper,
        (x, y): (u32, u32),
        goal: (u32, u32),
        seed: u64,
    ) {
        for d in 0..8 {
            let want = reference
                .jump(
                    x as i32,
                    y as i32,
                    Dir8::ALL[d],
                    (goal.0 as i32, goal.1 as i32),
                )
                .map_or(0, |j| j.2);
            let got = if d < 4 {
                F::straight(maps, x, y, d, goal)
            } else {
                F::diagonal(maps, x, y, d, goal)
            };
            assert_eq!(got, want, "seed {seed} ({x},{y}) d {d} goal {goal:?}");
        }
    }
}
