//! [`HexDistanceHeuristic`]: the hex grid's estimate (spec: grids.md, “A*”), scaled by the
//! smallest area multiplier so it stays admissible when multipliers are below 1.
//!
//! # Determinism
//!
//! The distance is an integer step count converted exactly to `f64`, times the scale.

use super::coord::HexCoord;
use super::layout::HexLayout;
use crate::topology::Heuristic;

/// `scale * hex_distance`: the exact step count on an open hex grid.
///
/// # Examples
///
/// ```
/// use onepath::hex::HexDistanceHeuristic;
/// use onepath::topology::Heuristic;
/// use onepath::HexLayout;
/// let mut h = HexDistanceHeuristic::new(4, HexLayout::PointyOddRow, 1.0);
/// h.set_goal(2 * 4 + 2); // offset (2, 2), axial (1, 2)
/// assert_eq!(h.estimate(0), 3.0); // three hex steps from (0, 0)
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexDistanceHeuristic {
    width: u32,
    layout: HexLayout,
    goal: HexCoord,
    scale: f64,
}

impl HexDistanceHeuristic {
    /// For a hex grid of `width` columns in `layout`; `scale` is usually `AreaCosts::min_cost()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hex::HexDistanceHeuristic;
    /// use onepath::topology::Heuristic;
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let grid = HexGrid::new(8, 8, HexLayout::PointyOddRow).unwrap();
    /// let mut h = HexDistanceHeuristic::new(8, HexLayout::PointyOddRow, 1.0);
    /// h.set_goal(grid.index_of(Cell::new(5, 3)).unwrap());
    /// let d = grid.to_axial(Cell::new(0, 0)).distance(grid.to_axial(Cell::new(5, 3)));
    /// assert_eq!(h.estimate(0), d as f64); // hex steps
    /// ```
    pub fn new(width: u32, layout: HexLayout, scale: f64) -> Self {
        Self {
            width: width.max(1),
            layout,
            goal: HexCoord::new(0, 0),
            scale,
        }
    }

    fn axial(&self, node: u32) -> HexCoord {
        let col = (node % self.width) as i32;
        let row = (node / self.width) as i32;
        self.layout.offset_to_axial(col, row)
    }
}

impl Heuristic for HexDistanceHeuristic {
    fn set_goal(&mut self, goal: u32) {
        self.goal = self.axial(goal);
    }
    #[inline]
    fn estimate(&self, node: u32) -> f64 {
        self.scale * (self.axial(node).distance(self.goal) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_distance_counts_steps() {
        let mut h = HexDistanceHeuristic::new(5, HexLayout::PointyOddRow, 1.0);
        h.set_goal(0);
        // (col 2, row 2): axial q = 2 - (2 - 0) / 2 = 1, r = 2 -> distance (1 + 2 + 3) / 2 = 3.
        assert_eq!(h.estimate(2 * 5 + 2), 3.0);
    }
}
