//! Tier-1 graph queries' options and result (spec: graphs.md, “API tiers”, “Estimates”):
//! [`GraphOptions`], [`GraphAlgorithm`], [`GraphPath`].
//!
//! They live in `query/` (not `graph/`) because the result reports the shared
//! [`PathStatus`] and because choosing which search runs (`Auto`, the fall-back from A* to
//! Dijkstra without an estimate) is tier 1's job, done here only.

use alloc::vec::Vec;

use super::path::PathStatus;
use crate::graph_search::Landmarks;

/// Which graph search a query asks for.
///
/// # Examples
///
/// ```
/// use onepath::graph::{Graph, GraphEdge};
/// use onepath::{GraphAlgorithm, GraphOptions};
/// let edges = [GraphEdge::new(0, 1, 2.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(0, 2, 5.0)];
/// let mut g = Graph::from_edges(&edges, None, true).unwrap();
/// for algorithm in [GraphAlgorithm::Dijkstra, GraphAlgorithm::BidirectionalDijkstra] {
///     let path = g.find_path(0, 2, &GraphOptions { algorithm, ..GraphOptions::DEFAULT }).unwrap();
///     assert_eq!((path.nodes, path.cost, path.algorithm), (vec![0, 1, 2], 4.0, algorithm));
/// }
/// // Without positions, landmarks or a heuristic hook, `Auto` runs Dijkstra.
/// let auto = g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap();
/// assert_eq!(auto.algorithm, GraphAlgorithm::Dijkstra);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GraphAlgorithm {
    /// A* when an estimate exists (positions, landmarks or a heuristic hook), else Dijkstra.
    #[default]
    Auto,
    /// Dijkstra's algorithm (1959): no estimate, even when one exists.
    Dijkstra,
    /// A* (Hart, Nilsson & Raphael 1968); Dijkstra when no estimate exists.
    AStar,
    /// Bidirectional Dijkstra (Pohl 1969).
    BidirectionalDijkstra,
    /// Bidirectional A* with average potentials; bidirectional Dijkstra without an estimate.
    BidirectionalAStar,
}

/// The options of a tier-1 graph query. Hooks are plain closures borrowed for the query:
/// `edge_cost(from, to, weight)` replaces an edge's cost (NaN, negative or `+∞` removes the
/// edge; it is called with the edge's true direction in both searches), `blocked(node)` removes
/// a node (a blocked endpoint is invalid), `heuristic(from, to)` is a lower bound on the
/// distance. Every estimate that exists — a [`PointGraph`](crate::graph::PointGraph)'s
/// straight-line distance, the ALT bound of `landmarks` (admissible in exact arithmetic, a
/// few ulps above a distance at most in `f64`: [`Landmarks`], "What holds"), and `heuristic`
/// — is combined by taking the largest.
///
/// # Examples
///
/// ```
/// use onepath::graph::{Graph, GraphEdge};
/// use onepath::{GraphAlgorithm, GraphOptions, PathStatus};
/// let g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0)], None, false).unwrap();
/// let toll = |_from: u32, to: u32, w: f64| if to == 1 { 10.0 * w } else { w };
/// let options = GraphOptions { edge_cost: Some(&toll), ..GraphOptions::BIDIRECTIONAL };
/// let path = g.find_path(0, 2, &options).unwrap();
/// assert_eq!((path.cost, path.algorithm), (11.0, GraphAlgorithm::BidirectionalDijkstra));
/// ```
#[derive(Clone, Copy)]
pub struct GraphOptions<'a> {
    /// Replaces an edge's cost: `edge_cost(from, to, weight)`.
    pub edge_cost: Option<&'a dyn Fn(u32, u32, f64) -> f64>,
    /// Removes a node: `blocked(node)`.
    pub blocked: Option<&'a dyn Fn(u32) -> bool>,
    /// A lower bound on the distance `from → to` (`+∞`: unreachable).
    pub heuristic: Option<&'a dyn Fn(u32, u32) -> f64>,
    /// The search to run.
    pub algorithm: GraphAlgorithm,
    /// ALT tables of the queried graph (checked: tables of another graph are refused).
    pub landmarks: Option<&'a Landmarks>,
    /// Iterations before the query ends with `BudgetExhausted`; `u32::MAX` = none.
    pub iteration_budget: u32,
    /// Record the expanded nodes in order (both sides of a bidirectional search, in turn).
    pub record_expansions: bool,
}

impl core::fmt::Debug for GraphOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GraphOptions")
            .field("edge_cost", &self.edge_cost.is_some())
            .field("blocked", &self.blocked.is_some())
            .field("heuristic", &self.heuristic.is_some())
            .field("algorithm", &self.algorithm)
            .field("landmarks", &self.landmarks.map(Landmarks::ids))
            .field("iteration_budget", &self.iteration_budget)
            .field("record_expansions", &self.record_expansions)
            .finish()
    }
}

impl Default for GraphOptions<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> GraphOptions<'a> {
    /// No hooks, `Auto`, no landmarks, no budget, no recording.
    pub const DEFAULT: GraphOptions<'static> = GraphOptions {
        edge_cost: None,
        blocked: None,
        heuristic: None,
        algorithm: GraphAlgorithm::Auto,
        landmarks: None,
        iteration_budget: u32::MAX,
        record_expansions: false,
    };

    /// `DEFAULT` with bidirectional A* (bidirectional Dijkstra without an estimate).
    pub const BIDIRECTIONAL: GraphOptions<'static> = GraphOptions {
        algorithm: GraphAlgorithm::BidirectionalAStar,
        ..Self::DEFAULT
    };

    /// `DEFAULT` with the ALT estimate of `landmarks`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphAlgorithm, GraphEdge, GraphOptions, LandmarkOptions};
    /// let edges: Vec<_> = (0..6).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// let mut g = Graph::from_edges(&edges, None, false).unwrap();
    /// let lm = g.build_landmarks(&LandmarkOptions::DEFAULT).unwrap();
    /// let path = g.find_path(0, 6, &GraphOptions::with_landmarks(&lm)).unwrap();
    /// assert_eq!((path.cost, path.algorithm), (6.0, GraphAlgorithm::AStar));
    /// ```
    pub const fn with_landmarks(landmarks: &'a Landmarks) -> Self {
        GraphOptions {
            edge_cost: None,
            blocked: None,
            heuristic: None,
            algorithm: GraphAlgorithm::Auto,
            landmarks: Some(landmarks),
            iteration_budget: u32::MAX,
            record_expansions: false,
        }
    }

    /// With `algorithm`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphAlgorithm, GraphEdge, GraphOptions};
    /// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0)], None, false).unwrap();
    /// let o = GraphOptions::DEFAULT.with_algorithm(GraphAlgorithm::BidirectionalDijkstra);
    /// assert_eq!(g.find_path(0, 2, &o).unwrap().algorithm, GraphAlgorithm::BidirectionalDijkstra);
    /// ```
    #[must_use]
    pub const fn with_algorithm(mut self, algorithm: GraphAlgorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// With an iteration budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge, GraphOptions, PathStatus};
    /// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// let mut g = Graph::from_edges(&edges, None, true).unwrap();
    /// let path = g.find_path(0, 9, &GraphOptions::DEFAULT.with_iteration_budget(3)).unwrap();
    /// assert_eq!((path.status, path.iterations), (PathStatus::BudgetExhausted, 3));
    /// ```
    #[must_use]
    pub const fn with_iteration_budget(mut self, budget: u32) -> Self {
        self.iteration_budget = budget;
        self
    }

    /// With expansion recording on or off.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge, GraphOptions};
    /// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0)], None, true).unwrap();
    /// let path = g.find_path(0, 2, &GraphOptions::DEFAULT.with_record_expansions(true)).unwrap();
    /// assert_eq!(path.expanded, vec![0, 1]);
    /// ```
    #[must_use]
    pub const fn with_record_expansions(mut self, on: bool) -> Self {
        self.record_expansions = on;
        self
    }
}

/// The result of a tier-1 graph query.
///
/// # Examples
///
/// ```
/// use onepath::graph::{Graph, GraphEdge};
/// use onepath::{GraphOptions, PathStatus};
/// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.5), GraphEdge::new(1, 2, 1.0)], Some(4), true).unwrap();
/// let path = g.find_path(0, 2, &GraphOptions::DEFAULT.with_record_expansions(true)).unwrap();
/// assert!(path.is_found());
/// assert_eq!((path.nodes.as_slice(), path.cost), (&[0, 1, 2][..], 2.5));
/// assert_eq!(path.expanded.len() as u32, path.expansions);
/// assert_eq!(g.find_path(0, 3, &GraphOptions::DEFAULT).unwrap().status, PathStatus::NoPath);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GraphPath {
    /// Found, no path, invalid endpoint or budget exhausted.
    pub status: PathStatus,
    /// The nodes from start to goal (empty unless found).
    pub nodes: Vec<u32>,
    /// The path cost (`+∞` unless found).
    pub cost: f64,
    /// The search that ran (`Auto` and estimate-less A* resolved).
    pub algorithm: GraphAlgorithm,
    /// Iterations (pops).
    pub iterations: u32,
    /// Expansions (the goal's pop is not one in the unidirectional searches): the spec's
    /// `ExpandedCount`, named as [`GridPath::expansions`](crate::GridPath::expansions) and
    /// [`VoxelPath::expansions`](crate::VoxelPath::expansions). Named `expanded_count` before
    /// (a field cannot have a deprecated alias: [`GraphPath::expanded_count`] is a method now,
    /// and with the `serde` feature the old key still deserialises).
    #[cfg_attr(feature = "serde", serde(alias = "expanded_count"))]
    pub expansions: u32,
    /// The expanded nodes in order, when recording.
    pub expanded: Vec<u32>,
}

impl GraphPath {
    /// Whether a path was found.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphOptions};
    /// let mut g = Graph::new(2).unwrap();
    /// assert!(!g.find_path(0, 1, &GraphOptions::DEFAULT).unwrap().is_found());
    /// assert!(g.find_path(1, 1, &GraphOptions::DEFAULT).unwrap().is_found()); // start = goal
    /// ```
    pub fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }

    /// The old name of the [`expansions`](GraphPath::expansions) field, as a method: code that
    /// read `path.expanded_count` reads `path.expanded_count()` (deprecated) or
    /// `path.expansions`.
    #[deprecated(
        since = "0.1.0",
        note = "the field is `expansions`, as on GridPath and VoxelPath"
    )]
    pub fn expanded_count(&self) -> u32 {
        self.expansions
    }
}
