//! Exact octile costs as integer pairs (spec: grids.md, “The specialised octile searches”,
//! “Exact costs”).
//!
//! A path of `a` straight and `b` diagonal steps costs `a + b·√2` (times the cell cost `m`).
//! The specialised engines keep the pair per node instead of a running double sum, and compute
//! every key from pairs:
//!
//! - `g = a + b·√2`;
//! - `f = (a + (max − min)) + (b + min)·√2`, with `min`/`max` of the absolute column and row
//!   distance to the goal (the octile estimate added pairwise);
//! - the reported cost `m · (a + b·√2)`.
//!
//! Each is one product and sums of doubles, evaluated as written. Equal pairs give identical
//! doubles, so nodes whose keys tie in exact arithmetic tie exactly (a cell-by-cell double sum
//! would differ in the last bit and break ties by noise). Distinct pairs differ by more than
//! 1e-6 for any grid that fits in memory (the spec's bound), far above the rounding of doubles
//! of that size, so double comparison orders them exactly.

use crate::math::SQRT2;

/// Straight and diagonal step counts of a path (`g = a + b·√2`).
///
/// # Examples
///
/// ```
/// use onepath::fast::Pair;
/// use onepath::math::SQRT2;
/// let p = Pair::new(3, 2); // 3 straight and 2 diagonal steps
/// assert_eq!(p.g(), 3.0 + 2.0 * SQRT2);
/// assert_eq!(p.cost(2.0), 2.0 * (3.0 + 2.0 * SQRT2)); // cell cost 2
/// // A hop of 5 columns and 2 rows is 3 straight and 2 diagonal steps.
/// assert_eq!(Pair::ZERO.after_hop(5, 2), Some(p));
/// // f adds the octile estimate pairwise: 4 columns and 1 row still to go.
/// assert_eq!(p.f(4, 1), (3.0 + 3.0) + (2.0 + 1.0) * SQRT2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    /// Straight steps.
    pub a: u32,
    /// Diagonal steps.
    pub b: u32,
}

impl Pair {
    /// The empty path.
    pub const ZERO: Self = Self { a: 0, b: 0 };

    /// `(a, b)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::Pair;
    /// let p = Pair::new(3, 2); // 3 straight and 2 diagonal steps
    /// assert_eq!((p.a, p.b), (3, 2));
    /// ```
    #[inline]
    pub const fn new(a: u32, b: u32) -> Self {
        Self { a, b }
    }

    /// `g = a + b·√2` (one product, one sum).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::Pair;
    /// assert_eq!(Pair::new(3, 2).g(), 3.0 + 2.0 * onepath::math::SQRT2);
    /// ```
    #[inline]
    pub fn g(self) -> f64 {
        f64::from(self.a) + f64::from(self.b) * SQRT2
    }

    /// `f = (a + (max − min)) + (b + min)·√2` for the absolute offsets `dx`, `dy` to the goal.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::Pair;
    /// // 1 straight step done; the goal is 4 columns and 1 row away: 3 straight and 1 diagonal more.
    /// assert_eq!(Pair::new(1, 0).f(4, 1), Pair::new(4, 1).g());
    /// ```
    #[inline]
    pub fn f(self, dx: u32, dy: u32) -> f64 {
        let (min, max) = if dx < dy { (dx, dy) } else { (dy, dx) };
        (f64::from(self.a) + f64::from(max - min)) + (f64::from(self.b) + f64::from(min)) * SQRT2
    }

    /// The reported cost `m · (a + b·√2)` for the cell cost `m`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::Pair;
    /// assert_eq!(Pair::new(2, 0).cost(1.5), 3.0);
    /// ```
    #[inline]
    pub fn cost(self, m: f64) -> f64 {
        m * self.g()
    }

    /// The pair after a hop of `dx`, `dy` cells (absolute): `max − min` straight steps and
    /// `min` diagonal ones. `None` on overflow.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::Pair;
    /// // A hop of 5 columns and 2 rows: 3 straight steps and 2 diagonal ones.
    /// assert_eq!(Pair::ZERO.after_hop(5, 2), Some(Pair::new(3, 2)));
    /// assert_eq!(Pair::new(u32::MAX, 0).after_hop(1, 0), None); // overflow
    /// ```
    #[inline]
    pub fn after_hop(self, dx: u32, dy: u32) -> Option<Self> {
        let (min, max) = if dx < dy { (dx, dy) } else { (dy, dx) };
        Some(Self {
            a: self.a.checked_add(max - min)?,
            b: self.b.checked_add(min)?,
        })
    }
}

/// The estimate of a specialised search: the octile distance, or none (Dijkstra). Both are
/// consistent, so a closed node is final and never reopened.
///
/// # Examples
///
/// ```
/// use onepath::fast::{Estimate, OctileAStar};
/// use onepath::Grid;
/// let grid = Grid::new(8, 8).unwrap();
/// let mut astar = OctileAStar::new();
/// astar.try_begin(&grid, 0, 63);
/// astar.run();
/// let mut dijkstra = OctileAStar::new();
/// dijkstra.set_estimate(Estimate::Zero);
/// dijkstra.try_begin(&grid, 0, 63);
/// dijkstra.run();
/// assert_eq!(astar.cost(), dijkstra.cost()); // both exact
/// assert!(astar.expansions() < dijkstra.expansions());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Estimate {
    /// `(max − min) + min·√2`, added pairwise into f.
    #[default]
    Octile,
    /// No estimate: f = g.
    Zero,
}

impl Estimate {
    /// The absolute offsets the estimate sees (zero for [`Estimate::Zero`], so `Pair::f`
    /// returns g with the same bits as `Pair::g`).
    #[inline]
    pub(crate) fn offsets(self, dx: u32, dy: u32) -> (u32, u32) {
        match self {
            Self::Octile => (dx, dy),
            Self::Zero => (0, 0),
        }
    }
}

/// `g` rounded to float32, the open lists' second key (larger first; spec: grids.md, “Open list
/// order”): IEEE-754 defines the conversion (round to nearest, ties to even), so it gives the
/// same bits on every platform.
#[inline]
pub(crate) fn g32(g: f64) -> f32 {
    g as f32 // determinism: allowed (spec: float32 tie-break)
}

/// The open-list key of a node: smaller f first, then larger g rounded to float32, then smaller
/// cell index, as one integer (`u128` compares in that order because f and g are never
/// negative, so their bit patterns order like their values).
#[inline]
pub(crate) fn key(f: f64, g: f64, cell: u32) -> u128 {
    let tie = u64::from(!g32(g).to_bits()) << 32 | u64::from(cell);
    u128::from(f.to_bits()) << 64 | u128::from(tie)
}

/// The cell of a key.
#[inline]
pub(crate) fn key_cell(k: u128) -> u32 {
    k as u32
}

/// The f bits of a key.
#[inline]
pub(crate) fn key_f_bits(k: u128) -> u64 {
    (k >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_written_as_the_spec_writes_them() {
        let p = Pair::new(3, 2);
        assert_eq!(p.g().to_bits(), (3.0 + 2.0 * SQRT2).to_bits());
        // dx = 5, dy = 2: min 2, max 5.
        assert_eq!(
            p.f(5, 2).to_bits(),
            ((3.0 + 3.0) + (2.0 + 2.0) * SQRT2).to_bits()
        );
        assert_eq!(p.f(2, 5), p.f(5, 2));
        assert_eq!(p.cost(2.5).to_bits(), (2.5 * (3.0 + 2.0 * SQRT2)).to_bits());
        assert_eq!(Pair::ZERO.after_hop(4, 1), Some(Pair::new(3, 1)));
        assert_eq!(Pair::new(u32::MAX, 0).after_hop(2, 0), None);
    }

    #[test]
    fn key_order_is_f_then_larger_g_then_smaller_cell() {
        let a = key(10.0, 4.0, 7);
        let b = key(10.0, 3.0, 1);
        let c = key(10.0, 4.0, 9);
        let d = key(9.5, 0.0, 100);
        let mut v = [a, b, c, d];
        v.sort_unstable();
        assert_eq!(v, [d, a, c, b]);
        assert_eq!(key_cell(c), 9);
        assert_eq!(key_f_bits(d), 9.5f64.to_bits());
    }

    #[test]
    fn distinct_pairs_never_collide_on_small_grids() {
        // Every pair with a + b ≤ 600: equal g only for equal pairs.
        let mut gs: alloc::vec::Vec<(u64, u32, u32)> = alloc::vec::Vec::new();
        for a in 0..600u32 {
            for b in 0..600 - a {
                gs.push((Pair::new(a, b).g().to_bits(), a, b));
            }
        }
        gs.sort_unstable();
        assert!(gs.windows(2).all(|w| w[0].0 != w[1].0));
    }
}
