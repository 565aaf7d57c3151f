//! [`Filtered`]: a topology with some nodes blocked by a caller's predicate.

use super::Topology;

/// Wraps a topology so that nodes for which `blocked(node)` is true can be neither entered nor
/// left nor used as an endpoint (the tier-1 `blocked` hook). The predicate is asked once per
/// move looked at, in neighbour order; beside cells of diagonal moves are not affected.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::search::{AStar, Step};
/// use onepath::topology::{DefaultStepCost, Filtered, ManhattanHeuristic, Topology};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let grid = Grid::new(3, 3).unwrap();
/// let four = Connectivity::Four;
/// let open = SquareTopology::new(&grid, 1, four, DiagonalRule::NoCornerCutting).unwrap();
/// // Units stand on cells 1 and 4: obstacles for this query that the grid does not hold.
/// let topo = Filtered::new(&open, |n| n == 1 || n == 4);
/// assert!(open.is_walkable(4) && !topo.is_walkable(4));
/// let mut search = AStar::new(DefaultStepCost, ManhattanHeuristic::new(3, 1.0));
/// assert_eq!(search.try_begin(&topo, 0, 2), onepath::Step::InProgress);
/// assert_eq!(search.run(&topo), Step::Found);
/// assert_eq!(search.path(), [0, 3, 6, 7, 8, 5, 2]); // all the way round
/// assert_eq!(search.cost(), 6.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Filtered<'t, T, B> {
    inner: &'t T,
    blocked: B,
}

impl<'t, T: Topology, B: Fn(u32) -> bool> Filtered<'t, T, B> {
    /// `inner` without the nodes `blocked` refuses.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::topology::{Filtered, Topology};
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::new(3, 1).unwrap();
    /// let open = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let units = [1u32];
    /// let topo = Filtered::new(&open, |n| units.contains(&n)); // a unit stands on node 1
    /// assert!(open.is_walkable(1) && !topo.is_walkable(1));
    /// ```
    pub fn new(inner: &'t T, blocked: B) -> Self {
        Self { inner, blocked }
    }
}

impl<T: Topology, B: Fn(u32) -> bool> Topology for Filtered<'_, T, B> {
    fn node_count(&self) -> u32 {
        self.inner.node_count()
    }

    fn is_walkable(&self, node: u32) -> bool {
        self.inner.is_walkable(node) && !(self.blocked)(node)
    }

    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
        self.inner.for_each_neighbor(node, |m, c| {
            if !(self.blocked)(m) {
                visit(m, c);
            }
        });
    }
}
