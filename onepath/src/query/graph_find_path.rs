//! Tier-1 graph queries (spec: graphs.md, “API tiers”): [`Graph::find_path`],
//! [`PointGraph::find_path`] / [`PointGraph::find_path_world`] and the runner every graph
//! entry point shares. The options' closures are adapted onto one cost struct and one
//! estimate struct, so each search is instantiated once; the graph's working memory is taken
//! from its slot through `&self` and given back, so a stream of queries allocates only the
//! results, and errors are one type, [`GraphQueryError`] (the grids' `QueryError` pattern).

use alloc::vec::Vec;

use super::graph_options::{GraphAlgorithm, GraphOptions, GraphPath};
use super::graph_query_error::GraphQueryError;
use super::path::PathStatus;
use crate::graph::{CsrGraph, Graph, GraphHeuristic, Point3, PointGraph};
use crate::graph_search::{
    BidirectionalGraphSearch, GraphAStar, LandmarkError, LandmarkOptions, Landmarks, PotentialCache,
};
use crate::search::{SearchBuffers, Step};
use crate::topology::StepCost;

/// The cost adapter: a blocked endpoint removes the edge, then `edge_cost` replaces it.
#[derive(Clone, Copy)]
struct HookCost<'a> {
    edge_cost: Option<&'a dyn Fn(u32, u32, f64) -> f64>,
    blocked: Option<&'a dyn Fn(u32) -> bool>,
}

impl StepCost for HookCost<'_> {
    #[inline]
    fn cost(&self, from: u32, to: u32, weight: f64) -> f64 {
        if let Some(b) = self.blocked
            && (b(from) || b(to))
        {
            return f64::INFINITY;
        }
        match self.edge_cost {
            Some(c) => c(from, to, weight),
            None => weight,
        }
    }
}

/// The estimate adapter: the largest of the estimates that exist (0 when none, or for the
/// Dijkstra variants); NaN from any of them gives NaN (the search skips the node).
#[derive(Clone, Copy)]
struct HookHeuristic<'a> {
    positions: Option<&'a [Point3]>,
    landmarks: Option<&'a Landmarks>,
    user: Option<&'a dyn Fn(u32, u32) -> f64>,
}

impl HookHeuristic<'_> {
    fn exists(&self) -> bool {
        self.positions.is_some() || self.landmarks.is_some() || self.user.is_some()
    }
}

impl GraphHeuristic for HookHeuristic<'_> {
    #[inline]
    fn estimate(&self, source: u32, target: u32) -> f64 {
        let mut best = 0.0f64;
        let mut take = |h: f64| {
            if h.is_nan() || best.is_nan() {
                best = f64::NAN;
            } else if h > best {
                best = h;
            }
        };
        if let Some(p) = self.positions {
            take(p[source as usize].distance(p[target as usize]));
        }
        if let Some(l) = self.landmarks {
            take(l.lower_bound(source, target));
        }
        if let Some(u) = self.user {
            take(u(source, target));
        }
        best
    }
}

fn refused(status: PathStatus, algorithm: GraphAlgorithm) -> GraphPath {
    GraphPath {
        status,
        nodes: Vec::new(),
        cost: f64::INFINITY,
        algorithm,
        iterations: 0,
        expansions: 0,
        expanded: Vec::new(),
    }
}

/// The search memory of one query: the forward and backward buffers and the bidirectional
/// search's potential cache.
type Buffers = (SearchBuffers, SearchBuffers, PotentialCache);

/// The working memory a tier-1 graph keeps in its slot: the search memory and, for an
/// editable [`Graph`] queried while stale, the form compiled for that query with the
/// [`Graph::version`] it was compiled at (reused by the next query until an edit).
#[derive(Default)]
struct Work {
    buffers: Buffers,
    compiled: Option<(u64, CsrGraph)>,
}

/// Runs one tier-1 query on `graph` with the search memory `work`.
///
/// # Errors
///
/// [`GraphQueryError::StaleLandmarks`] when `options.landmarks` belong to another graph.
fn run_graph_query(
    graph: &CsrGraph,
    work: &mut Buffers,
    positions: Option<&[Point3]>,
    start: u32,
    goal: u32,
    options: &GraphOptions<'_>,
) -> Result<GraphPath, GraphQueryError> {
    if let Some(l) = options.landmarks
        && !l.belongs_to(graph)
    {
        return Err(GraphQueryError::StaleLandmarks {
            expected: graph.fingerprint(),
            found: l.fingerprint(),
        });
    }
    let mut h = HookHeuristic {
        positions,
        landmarks: options.landmarks,
        user: options.heuristic,
    };
    let algorithm = match (options.algorithm, h.exists()) {
        (GraphAlgorithm::Auto | GraphAlgorithm::AStar, true) => GraphAlgorithm::AStar,
        (GraphAlgorithm::Auto | GraphAlgorithm::AStar | GraphAlgorithm::Dijkstra, _) => {
            GraphAlgorithm::Dijkstra
        }
        (GraphAlgorithm::BidirectionalAStar, true) => GraphAlgorithm::BidirectionalAStar,
        (GraphAlgorithm::BidirectionalAStar | GraphAlgorithm::BidirectionalDijkstra, _) => {
            GraphAlgorithm::BidirectionalDijkstra
        }
    };
    if matches!(
        algorithm,
        GraphAlgorithm::Dijkstra | GraphAlgorithm::BidirectionalDijkstra
    ) {
        h = HookHeuristic {
            positions: None,
            landmarks: None,
            user: None,
        };
    }
    let n = graph.node_count();
    let blocked = |v: u32| options.blocked.is_some_and(|b| b(v));
    if start >= n || blocked(start) {
        return Ok(refused(PathStatus::StartInvalid, algorithm));
    }
    if goal >= n || blocked(goal) {
        return Ok(refused(PathStatus::GoalInvalid, algorithm));
    }
    let cost = HookCost {
        edge_cost: options.edge_cost,
        blocked: options.blocked,
    };
    let (forward, backward, potentials) = core::mem::take(work);
    let budget = options.iteration_budget;
    let status_of = |s: Step| match s {
        Step::Found => PathStatus::Found,
        Step::InProgress => PathStatus::BudgetExhausted,
        _ => PathStatus::NoPath,
    };
    let path = if matches!(algorithm, GraphAlgorithm::Dijkstra | GraphAlgorithm::AStar) {
        let mut s = GraphAStar::with_buffers(cost, h, forward);
        s.set_record_expansions(options.record_expansions);
        let _ = s.try_begin(graph, start, goal);
        let st = s.step(graph, budget);
        let path = GraphPath {
            status: status_of(st),
            nodes: s.path(),
            cost: s.cost(),
            algorithm,
            iterations: s.iterations(),
            expansions: s.expansions(),
            expanded: s.buffers().expanded_nodes().to_vec(),
        };
        *work = (s.into_buffers(), backward, potentials);
        path
    } else {
        let mut s = BidirectionalGraphSearch::with_parts(cost, h, forward, backward, potentials);
        s.set_record_expansions(options.record_expansions);
        let begun = s.try_begin(graph, start, goal);
        let st = if begun == Step::InProgress {
            s.step(graph, budget)
        } else {
            begun
        };
        let (f, b) = s.buffers();
        let (fe, be) = (f.expanded_nodes(), b.expanded_nodes());
        // Strict alternation: forward, backward, forward, …
        let mut expanded = Vec::with_capacity(fe.len() + be.len());
        for i in 0..fe.len().max(be.len()) {
            expanded.extend(fe.get(i));
            expanded.extend(be.get(i));
        }
        let path = GraphPath {
            status: status_of(st),
            nodes: s.path(),
            cost: s.cost(),
            algorithm,
            iterations: s.iterations(),
            expansions: s.expansions(),
            expanded,
        };
        *work = s.into_parts();
        path
    };
    Ok(path)
}

impl Graph {
    /// The shortest path from `start` to `goal` under `options` (tier 1), through `&self` as
    /// on the grids. A graph edited since its last [`compile`](Graph::compile) is compiled
    /// into the query's working memory (once per edit: the next query reuses it); the
    /// working memory is kept in the graph and reused, so concurrent queries on one `&Graph`
    /// are safe and a steady stream of queries allocates only the results.
    ///
    /// An endpoint that is not a node, or is blocked, is not an error: `StartInvalid` /
    /// `GoalInvalid`.
    ///
    /// # Errors
    ///
    /// [`GraphQueryError::StaleLandmarks`] when `options.landmarks` were built for another
    /// graph (or before an edit).
    ///
    /// # Complexity
    ///
    /// O((V + E) log V), plus O(V + E) for the first query after an edit when the graph is
    /// not compiled.
    ///
    /// # Determinism
    ///
    /// The path, cost bits and counts depend only on the live edges in id order, the
    /// endpoints and the options.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{Graph, GraphEdge};
    /// use onepath::{GraphOptions, PathStatus};
    /// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 2.0), GraphEdge::new(1, 2, 3.0)], None, false).unwrap();
    /// let shared = &g; // queries take `&self`
    /// let p = shared.find_path(0, 2, &GraphOptions::DEFAULT).unwrap();
    /// assert_eq!((p.status, p.cost, p.nodes), (PathStatus::Found, 5.0, vec![0, 1, 2]));
    /// assert_eq!(p.expansions, 2); // the goal's pop is not an expansion
    /// g.set_weight(2, 10.0).unwrap(); // edge 1 -> 2
    /// assert_eq!(g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap().cost, 12.0);
    /// // Hooks: a blocked node is never entered.
    /// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0)];
    /// let g = Graph::from_edges(&edges, None, true).unwrap();
    /// let no_1 = |n: u32| n == 1;
    /// let detour = g.find_path(0, 2, &GraphOptions { blocked: Some(&no_1), ..GraphOptions::DEFAULT }).unwrap();
    /// assert_eq!((detour.nodes, detour.cost), (vec![0, 2], 3.0));
    /// assert_eq!(g.find_path(0, 7, &GraphOptions::DEFAULT).unwrap().status, PathStatus::GoalInvalid);
    /// ```
    pub fn find_path(
        &self,
        start: u32,
        goal: u32,
        options: &GraphOptions<'_>,
    ) -> Result<GraphPath, GraphQueryError> {
        let slot = self.work();
        let mut work = slot.take::<Work>();
        let Work { buffers, compiled } = &mut *work;
        let csr = if let Some(csr) = self.csr() {
            // Compiled in the graph: a form kept for a stale graph is dead weight.
            *compiled = None;
            csr
        } else {
            let version = self.version();
            // A saturated version no longer tells edits apart: compile afresh every time.
            let reuse = version != u64::MAX && compiled.as_ref().is_some_and(|c| c.0 == version);
            if !reuse {
                *compiled = Some((version, self.build()));
            }
            &compiled.get_or_insert_with(|| (version, self.build())).1
        };
        let result = run_graph_query(csr, buffers, None, start, goal, options);
        slot.give(work);
        result
    }

    /// Landmark tables for the graph as it is now (compiled first when stale, into a
    /// temporary: building the tables costs far more).
    ///
    /// # Errors
    ///
    /// As [`Landmarks::build`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge, GraphOptions, LandmarkOptions};
    /// let edges: Vec<_> = (0..20).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// let mut g = Graph::from_edges(&edges, None, false).unwrap();
    /// let landmarks = g.build_landmarks(&LandmarkOptions::DEFAULT).unwrap();
    /// let plain = g.find_path(3, 17, &GraphOptions::DEFAULT).unwrap();
    /// let alt = g.find_path(3, 17, &GraphOptions { landmarks: Some(&landmarks), ..GraphOptions::DEFAULT }).unwrap();
    /// assert_eq!(alt.cost, plain.cost); // still exact
    /// assert!(alt.expansions <= plain.expansions); // and guided
    /// // Tables of the graph before an edit are refused after it.
    /// g.set_weight(0, 2.0).unwrap();
    /// let stale = g.find_path(3, 17, &GraphOptions { landmarks: Some(&landmarks), ..GraphOptions::DEFAULT });
    /// assert!(matches!(stale, Err(onepath::query::GraphQueryError::StaleLandmarks { .. })));
    /// ```
    pub fn build_landmarks(&self, options: &LandmarkOptions) -> Result<Landmarks, LandmarkError> {
        match self.csr() {
            Some(csr) => Landmarks::build(csr, options),
            None => Landmarks::build(&self.build(), options),
        }
    }
}

impl PointGraph {
    /// The shortest path between nodes `start` and `goal` (tier 1), through `&self`; the
    /// straight-line distance is always one of the estimates.
    ///
    /// # Errors
    ///
    /// [`GraphQueryError::StaleLandmarks`] for landmarks of another graph.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::PointGraphOptions;
    /// use onepath::{GraphAlgorithm, GraphOptions, Point3, PointGraph};
    /// let points = [Point3::new(0.0, 0.0, 0.0), Point3::new(3.0, 4.0, 0.0), Point3::new(6.0, 8.0, 0.0)];
    /// let links = PointGraphOptions { links: &[(0, 1), (1, 2)], ..PointGraphOptions::NONE };
    /// let mut g = PointGraph::new(&points, &links).unwrap();
    /// let path = g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap();
    /// assert_eq!((path.nodes, path.cost), (vec![0, 1, 2], 10.0)); // edge weights are distances
    /// assert_eq!(path.algorithm, GraphAlgorithm::AStar); // positions give an estimate
    /// ```
    pub fn find_path(
        &self,
        start: u32,
        goal: u32,
        options: &GraphOptions<'_>,
    ) -> Result<GraphPath, GraphQueryError> {
        let (csr, positions, slot) = self.parts();
        let mut work = slot.take::<Work>();
        let result = run_graph_query(
            csr,
            &mut work.buffers,
            Some(positions),
            start,
            goal,
            options,
        );
        slot.give(work);
        result
    }

    /// [`find_path`](PointGraph::find_path) between the nodes nearest to two world positions
    /// ([`nearest_node`](PointGraph::nearest_node)), as the grids' `find_path_world` is
    /// between the cells under two world points; a graph without nodes answers
    /// `StartInvalid`.
    ///
    /// # Errors
    ///
    /// [`GraphQueryError::Point`] for a position that breaks the coordinate rule,
    /// [`GraphQueryError::StaleLandmarks`] for landmarks of another graph.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{Point3, PointGraph, PointGraphOptions};
    /// use onepath::GraphOptions;
    /// let pts = [Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(8.0, 0.0, 0.0)];
    /// let g = PointGraph::new(&pts, &PointGraphOptions { nearest_count: 1, ..PointGraphOptions::NONE }).unwrap();
    /// let p = g.find_path_world(Point3::new(-1.0, 0.5, 0.0), Point3::new(7.0, 0.0, 0.0), &GraphOptions::DEFAULT).unwrap();
    /// assert_eq!((p.nodes, p.cost), (vec![0, 1, 2], 8.0));
    /// assert!(g.find_path_world(Point3::new(f64::NAN, 0.0, 0.0), pts[0], &GraphOptions::DEFAULT).is_err());
    /// ```
    pub fn find_path_world(
        &self,
        start: Point3,
        goal: Point3,
        options: &GraphOptions<'_>,
    ) -> Result<GraphPath, GraphQueryError> {
        let a = self.nearest_node(start)?;
        let b = self.nearest_node(goal)?;
        match (a, b) {
            (Some(a), Some(b)) => self.find_path(a, b, options),
            _ => Ok(refused(PathStatus::StartInvalid, GraphAlgorithm::Dijkstra)),
        }
    }

    /// The old name of [`find_path_world`](PointGraph::find_path_world).
    ///
    /// # Errors
    ///
    /// As [`find_path_world`](PointGraph::find_path_world).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::PointGraphOptions;
    /// use onepath::query::GraphQueryError;
    /// use onepath::{GraphOptions, Point3, PointGraph};
    /// let mut g = PointGraph::new(&[Point3::new(0.0, 0.0, 0.0)], &PointGraphOptions::NONE).unwrap();
    /// let bad = g.find_path_world(Point3::new(f64::NAN, 0.0, 0.0), Point3::default(), &GraphOptions::DEFAULT);
    /// assert!(matches!(bad, Err(GraphQueryError::Point(_))));
    /// ```
    #[deprecated(since = "0.1.0", note = "renamed find_path_world, as on the grids")]
    pub fn find_path_between(
        &self,
        start: Point3,
        goal: Point3,
        options: &GraphOptions<'_>,
    ) -> Result<GraphPath, GraphQueryError> {
        self.find_path_world(start, goal, options)
    }
}
