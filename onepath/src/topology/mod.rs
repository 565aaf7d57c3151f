//! The search-space abstraction shared by every best-first search: [`Topology`] (nodes and
//! their neighbours in canonical order), [`StepCost`] (a hook over the topology's own move
//! cost) and [`Heuristic`] (an estimate towards a goal set with [`Heuristic::set_goal`]).
//!
//! These are tier 2/3: implement [`Topology`] to search your own graph with
//! [`AStar`](crate::search::AStar).

mod filtered;
mod heuristics;

pub use filtered::Filtered;

pub use heuristics::{ManhattanHeuristic, OctileHeuristic, ZeroHeuristic};

/// A search space of nodes `0..node_count()`.
///
/// # Contract
///
/// - `for_each_neighbor` calls `visit(neighbor, cost)` once per legal move out of `node`, in the
///   topology's canonical (normative) order, and allocates nothing. `cost` is the base move cost
///   before any [`StepCost`] hook.
/// - `is_walkable` says whether a search may start or end at `node` (in range, open, and wide
///   enough for the agent). Implementations never panic for any `node`.
///
/// # Examples
///
/// ```
/// use onepath::search::{AStar, Step};
/// use onepath::topology::{DefaultStepCost, Topology, ZeroHeuristic};
///
/// /// A ring of stations: each links to the next (cost 1) and to the previous (cost 3).
/// struct Ring(u32);
///
/// impl Topology for Ring {
///     fn node_count(&self) -> u32 {
///         self.0
///     }
///     fn is_walkable(&self, node: u32) -> bool {
///         node < self.0
///     }
///     fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
///         if node < self.0 {
///             visit((node + 1) % self.0, 1.0);
///             visit((node + self.0 - 1) % self.0, 3.0);
///         }
///     }
/// }
///
/// let ring = Ring(10);
/// let mut search = AStar::new(DefaultStepCost, ZeroHeuristic);
/// assert_eq!(search.try_begin(&ring, 0, 8), Step::InProgress);
/// assert_eq!(search.run(&ring), Step::Found);
/// // Two steps back (3 + 3) beat eight steps forward.
/// assert_eq!((search.path(), search.cost()), (vec![0, 9, 8], 6.0));
/// assert_eq!(search.try_begin(&ring, 0, 10), Step::GoalInvalid); // not a node
/// ```
pub trait Topology {
    /// Number of nodes; node ids are `0..node_count()`.
    fn node_count(&self) -> u32;

    /// Whether `node` exists and a search may start or end there.
    fn is_walkable(&self, node: u32) -> bool;

    /// Visits the legal moves out of `node` in canonical order, each with its base cost.
    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, visit: F);

    /// The successors a best-first search expands from `node`, reached from `parent`
    /// (`u32::MAX` for the start). By default the neighbours; a pruning topology (jump point
    /// search) uses the parent to choose and may return distant nodes with their path cost.
    fn for_each_successor<F: FnMut(u32, f64)>(&self, node: u32, parent: u32, visit: F) {
        let _ = parent;
        self.for_each_neighbor(node, visit);
    }

    /// Whether [`for_each_successor`](Topology::for_each_successor) ignores its `parent`
    /// (true for the default, which visits the neighbours; a pruning topology that chooses by
    /// arrival returns `false`).
    ///
    /// Snapshot restore relies on it: when successors ignore the parent, an expanded
    /// (closed) node gave every child it is still the parent of exactly `g(parent) + step`,
    /// so restore demands equality there; otherwise a re-expansion from another arrival may
    /// have left an older, larger `g`, and restore accepts `>=`. Override it together with
    /// `for_each_successor`.
    fn successors_ignore_parent(&self) -> bool {
        true
    }
}

/// A hook that may replace a move's cost. Returning NaN, a negative value or +∞ removes the
/// move (the search skips it).
///
/// Called once per move looked at, in the topology's neighbour order, as
/// `cost(from, to, base_cost)`.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::search::AStar;
/// use onepath::topology::{StepCost, ZeroHeuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// // Going up (to a smaller row) costs three times as much: node ids are y * 4 + x.
/// struct Uphill;
/// impl StepCost for Uphill {
///     fn cost(&self, from: u32, to: u32, base: f64) -> f64 { if to / 4 < from / 4 { 3.0 * base } else { base } }
/// }
/// let grid = Grid::new(4, 4).unwrap();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
/// let mut search = AStar::new(Uphill, ZeroHeuristic);
/// search.try_begin(&topo, 12, 0); // bottom-left to top-left
/// search.run(&topo);
/// assert_eq!(search.cost(), 9.0);
/// ```
pub trait StepCost {
    /// The cost of the move `from → to` whose base cost is `base`.
    fn cost(&self, from: u32, to: u32, base: f64) -> f64;
}

/// The identity hook: every move costs what the topology says.
///
/// # Examples
///
/// ```
/// use onepath::topology::{DefaultStepCost, StepCost};
/// assert_eq!(DefaultStepCost.cost(0, 1, 1.5), 1.5); // the topology's own cost
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DefaultStepCost;

impl StepCost for DefaultStepCost {
    #[inline]
    fn cost(&self, _from: u32, _to: u32, base: f64) -> f64 {
        base
    }
}

/// A [`StepCost`] from a closure `Fn(from, to, base) -> cost`.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::search::{AStar, Step};
/// use onepath::topology::{FnStepCost, ManhattanHeuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let grid = Grid::new(3, 1).unwrap();
/// let rule = DiagonalRule::NoCornerCutting;
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, rule).unwrap();
/// // Entering node 1 costs double.
/// let toll = FnStepCost(|_from: u32, to: u32, base: f64| if to == 1 { 2.0 * base } else { base });
/// let mut search = AStar::new(toll, ManhattanHeuristic::new(3, 1.0));
/// assert_eq!(search.try_begin(&topo, 0, 2), onepath::Step::InProgress);
/// assert_eq!((search.run(&topo), search.cost()), (Step::Found, 3.0));
/// // A NaN, negative or infinite answer removes the move.
/// let closed = FnStepCost(|_: u32, to: u32, b: f64| if to == 1 { f64::INFINITY } else { b });
/// let mut search = AStar::new(closed, ManhattanHeuristic::new(3, 1.0));
/// assert_eq!(search.try_begin(&topo, 0, 2), onepath::Step::InProgress);
/// assert_eq!(search.run(&topo), Step::NoPath);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FnStepCost<F>(pub F);

impl<F: Fn(u32, u32, f64) -> f64> StepCost for FnStepCost<F> {
    #[inline]
    fn cost(&self, from: u32, to: u32, base: f64) -> f64 {
        (self.0)(from, to, base)
    }
}

/// An estimate of the remaining cost from a node to the goal last passed to
/// [`set_goal`](Heuristic::set_goal).
///
/// Admissible (never above the true cost) estimates give optimal paths with weight 1;
/// consistent ones never reopen a node.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::search::AStar;
/// use onepath::topology::{DefaultStepCost, Heuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// // Rows only: admissible on a four-connected grid (node ids are y * 8 + x).
/// struct RowDistance { goal_row: u32 }
/// impl Heuristic for RowDistance {
///     fn set_goal(&mut self, goal: u32) { self.goal_row = goal / 8; }
///     fn estimate(&self, node: u32) -> f64 { f64::from((node / 8).abs_diff(self.goal_row)) }
/// }
/// let grid = Grid::new(8, 8).unwrap();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
/// let mut search = AStar::new(DefaultStepCost, RowDistance { goal_row: 0 });
/// search.try_begin(&topo, 0, 63);
/// search.run(&topo);
/// assert_eq!(search.cost(), 14.0);
/// ```
pub trait Heuristic {
    /// Fixes the goal for the following [`estimate`](Heuristic::estimate) calls.
    fn set_goal(&mut self, goal: u32);

    /// The estimate from `node` to the goal.
    fn estimate(&self, node: u32) -> f64;
}
