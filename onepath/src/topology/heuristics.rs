//! The grid heuristics (spec: grids.md, “A*”): zero (Dijkstra 1959), Manhattan and octile, each
//! scaled by the smallest area multiplier so they stay admissible when multipliers are below 1.
//! They need only a row width; the hex distance needs the hex layout and lives with the hex
//! grid (`hex/heuristic.rs`, re-exported here under its old path).
//!
//! # Determinism
//!
//! Distances are integer cell offsets converted exactly to `f64`; octile is evaluated as
//! `scale * ((max - min) + min * √2)` in exactly that order.

use super::Heuristic;
use crate::math::{Divisor, SQRT2};

/// The zero estimate: A* with it is Dijkstra's algorithm (Dijkstra 1959).
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::search::AStar;
/// use onepath::topology::{DefaultStepCost, OctileHeuristic, ZeroHeuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let grid = Grid::new(16, 16).unwrap();
/// let rule = DiagonalRule::NoCornerCutting;
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap();
/// let mut dijkstra = AStar::new(DefaultStepCost, ZeroHeuristic);
/// assert_eq!(dijkstra.try_begin(&topo, 0, 255), onepath::Step::InProgress);
/// assert_eq!(dijkstra.run(&topo), onepath::Step::Found);
/// let mut astar = AStar::new(DefaultStepCost, OctileHeuristic::new(16, 1.0));
/// assert_eq!(astar.try_begin(&topo, 0, 255), onepath::Step::InProgress);
/// assert_eq!(astar.run(&topo), onepath::Step::Found);
/// assert_eq!(dijkstra.cost(), astar.cost()); // both optimal…
/// assert!(dijkstra.expansions() > 10 * astar.expansions()); // …but Dijkstra looks everywhere
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZeroHeuristic;

impl Heuristic for ZeroHeuristic {
    #[inline]
    fn set_goal(&mut self, _goal: u32) {}
    #[inline]
    fn estimate(&self, _node: u32) -> f64 {
        0.0
    }
}

/// Decodes row-major node ids of a `width`-wide grid and remembers the goal cell.
#[derive(Clone, Copy, Debug, PartialEq)]
struct GoalCell {
    width: Divisor,
    gx: i64,
    gy: i64,
}

impl GoalCell {
    fn new(width: u32) -> Self {
        Self {
            width: Divisor::new(width.max(1)),
            gx: 0,
            gy: 0,
        }
    }
    fn set(&mut self, goal: u32) {
        let (y, x) = self.width.div_rem(goal);
        self.gx = i64::from(x);
        self.gy = i64::from(y);
    }
    #[inline]
    fn offset(&self, node: u32) -> (i64, i64) {
        let (y, x) = self.width.div_rem(node);
        // |Δ| < 2^32: non-negative i64s, which convert to f64 exactly in one instruction.
        (
            (i64::from(x) - self.gx).abs(),
            (i64::from(y) - self.gy).abs(),
        )
    }
}

/// `scale * (|dx| + |dy|)`: admissible for four-connected square grids.
///
/// # Examples
///
/// ```
/// use onepath::topology::{Heuristic, ManhattanHeuristic};
/// let mut h = ManhattanHeuristic::new(10, 0.5); // 10 columns; the cheapest area costs 0.5
/// h.set_goal(2 * 10 + 7); // cell (7, 2)
/// assert_eq!(h.estimate(0), 0.5 * (7.0 + 2.0));
/// assert_eq!(h.estimate(2 * 10 + 7), 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManhattanHeuristic {
    goal: GoalCell,
    scale: f64,
}

impl ManhattanHeuristic {
    /// For a row-major grid of `width` columns; `scale` is usually `AreaCosts::min_cost()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::topology::{Heuristic, ManhattanHeuristic};
    /// let mut h = ManhattanHeuristic::new(10, 0.5); // the cheapest area costs 0.5
    /// h.set_goal(23); // (3, 2)
    /// assert_eq!(h.estimate(0), 0.5 * 5.0);
    /// ```
    pub fn new(width: u32, scale: f64) -> Self {
        Self {
            goal: GoalCell::new(width),
            scale,
        }
    }
}

impl Heuristic for ManhattanHeuristic {
    fn set_goal(&mut self, goal: u32) {
        self.goal.set(goal);
    }
    #[inline]
    fn estimate(&self, node: u32) -> f64 {
        let (dx, dy) = self.goal.offset(node);
        self.scale * ((dx + dy) as f64)
    }
}

/// `scale * ((max - min) + min * √2)`: the exact eight-connected distance on an open grid.
///
/// # Examples
///
/// ```
/// use onepath::math::SQRT2;
/// use onepath::topology::{Heuristic, OctileHeuristic};
/// let mut h = OctileHeuristic::new(10, 1.0);
/// h.set_goal(2 * 10 + 7); // cell (7, 2): 5 straight and 2 diagonal steps from (0, 0)
/// assert_eq!(h.estimate(0), 1.0 * ((7.0 - 2.0) + 2.0 * SQRT2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OctileHeuristic {
    goal: GoalCell,
    scale: f64,
}

impl OctileHeuristic {
    /// For a row-major grid of `width` columns; `scale` is usually `AreaCosts::min_cost()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::topology::{Heuristic, OctileHeuristic};
    /// let mut h = OctileHeuristic::new(4, 1.0);
    /// h.set_goal(15); // (3, 3)
    /// assert_eq!(h.estimate(0), 3.0 * onepath::math::SQRT2);
    /// ```
    pub fn new(width: u32, scale: f64) -> Self {
        Self {
            goal: GoalCell::new(width),
            scale,
        }
    }
}

impl Heuristic for OctileHeuristic {
    fn set_goal(&mut self, goal: u32) {
        self.goal.set(goal);
    }
    #[inline]
    fn estimate(&self, node: u32) -> f64 {
        let (dx, dy) = self.goal.offset(node);
        let (min, max) = if dx < dy { (dx, dy) } else { (dy, dx) };
        self.scale * (((max - min) as f64) + (min as f64) * SQRT2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octile_on_hand_worked_offsets() {
        let mut h = OctileHeuristic::new(10, 1.0);
        h.set_goal(0);
        assert_eq!(h.estimate(3 * 10 + 5), 2.0 + 3.0 * SQRT2);
        assert_eq!(h.estimate(0), 0.0);
        let mut h = OctileHeuristic::new(10, 0.5);
        h.set_goal(99);
        assert_eq!(h.estimate(0), 0.5 * (9.0 * SQRT2));
    }

    #[test]
    fn manhattan_on_hand_worked_offsets() {
        let mut h = ManhattanHeuristic::new(7, 2.0);
        h.set_goal(7 * 2 + 6);
        assert_eq!(h.estimate(0), 2.0 * 8.0);
    }
}
