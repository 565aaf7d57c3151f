//! [`AnyHeuristic`]: a grid heuristic chosen at run time.

use crate::hex::HexDistanceHeuristic;
use crate::topology::{Heuristic, ManhattanHeuristic, OctileHeuristic, ZeroHeuristic};

/// One of the grid heuristics chosen at run time (what tier-1 queries and [`GridSearch`](crate::GridSearch) use).
///
/// # Examples
///
/// ```
/// use onepath::query::AnyHeuristic;
/// use onepath::topology::{Heuristic, ManhattanHeuristic, OctileHeuristic};
/// use onepath::Connectivity;
/// // Picked from a setting at run time, one type for every choice.
/// let pick = |c: Connectivity| match c {
///     Connectivity::Four => AnyHeuristic::Manhattan(ManhattanHeuristic::new(8, 1.0)),
///     Connectivity::Eight => AnyHeuristic::Octile(OctileHeuristic::new(8, 1.0)),
/// };
/// let mut h = pick(Connectivity::Four);
/// h.set_goal(3 * 8 + 4); // cell (4, 3)
/// assert_eq!(h.estimate(0), 7.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AnyHeuristic {
    /// Dijkstra.
    Zero(ZeroHeuristic),
    /// Four-connected square grids.
    Manhattan(ManhattanHeuristic),
    /// Eight-connected square grids.
    Octile(OctileHeuristic),
    /// Hex grids.
    Hex(HexDistanceHeuristic),
}

impl Heuristic for AnyHeuristic {
    fn set_goal(&mut self, goal: u32) {
        match self {
            Self::Zero(h) => h.set_goal(goal),
            Self::Manhattan(h) => h.set_goal(goal),
            Self::Octile(h) => h.set_goal(goal),
            Self::Hex(h) => h.set_goal(goal),
        }
    }

    #[inline]
    fn estimate(&self, node: u32) -> f64 {
        match self {
            Self::Zero(h) => h.estimate(node),
            Self::Manhattan(h) => h.estimate(node),
            Self::Octile(h) => h.estimate(node),
            Self::Hex(h) => h.estimate(node),
        }
    }
}
