//! [`EuclideanHeuristic`]: the straight-line distance to the goal (spec: grids.md, “Any-angle
//! search”, heuristic), the estimate of every any-angle search.

use crate::math::{Divisor, sqrt};
use crate::topology::Heuristic;

/// `scale * sqrt(dx * dx + dy * dy)` from a row-major cell to the goal cell, the integer sum
/// formed exactly in 64 bits and one correctly rounded root, so it is the cost of the straight
/// segment to the goal when `scale` is the unit cost: admissible and consistent for any-angle
/// paths.
///
/// # Determinism
///
/// Integers, one conversion to `f64` (exact below 2^53, that is for every offset on a grid of
/// up to 2^26 columns), `math::sqrt`, one product.
///
/// # Examples
///
/// ```
/// use onepath::theta::EuclideanHeuristic;
/// use onepath::topology::Heuristic;
/// let mut h = EuclideanHeuristic::new(10, 2.0);
/// h.set_goal(4 * 10 + 3); // cell (3, 4)
/// assert_eq!(h.estimate(0), 2.0 * 5.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EuclideanHeuristic {
    width: Divisor,
    gx: i64,
    gy: i64,
    scale: f64,
}

impl EuclideanHeuristic {
    /// For a row-major grid of `width` columns; `scale` is the unit cost `m`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::theta::EuclideanHeuristic;
    /// use onepath::topology::Heuristic;
    /// let mut h = EuclideanHeuristic::new(10, 1.0);
    /// h.set_goal(43); // (3, 4)
    /// assert_eq!(h.estimate(0), 5.0); // the straight line
    /// ```
    pub fn new(width: u32, scale: f64) -> Self {
        Self {
            width: Divisor::new(width.max(1)),
            gx: 0,
            gy: 0,
            scale,
        }
    }
}

/// `m * sqrt(dx * dx + dy * dy)`: the cost of a straight segment with integer offsets.
#[inline]
pub(crate) fn segment_cost(m: f64, dx: i64, dy: i64) -> f64 {
    // |dx|, |dy| < 2^32 on any grid, so the squares are below 2^64 as unsigned integers.
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    let sum = ax.wrapping_mul(ax).wrapping_add(ay.wrapping_mul(ay));
    m * sqrt(sum as f64)
}

impl Heuristic for EuclideanHeuristic {
    fn set_goal(&mut self, goal: u32) {
        let (y, x) = self.width.div_rem(goal);
        self.gx = i64::from(x);
        self.gy = i64::from(y);
    }
    #[inline]
    fn estimate(&self, node: u32) -> f64 {
        let (y, x) = self.width.div_rem(node);
        segment_cost(self.scale, i64::from(x) - self.gx, i64::from(y) - self.gy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::SQRT2;

    #[test]
    fn segment_costs_match_grid_steps() {
        assert_eq!(segment_cost(1.0, 1, 0), 1.0);
        assert_eq!(segment_cost(1.0, -1, 1).to_bits(), SQRT2.to_bits());
        assert_eq!(segment_cost(2.5, 3, -4), 12.5);
        assert_eq!(segment_cost(1.0, 0, 0), 0.0);
    }
}
