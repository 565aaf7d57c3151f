//! [`GraphAStar`]: resumable A* over a [`CsrGraph`] (spec: graphs.md, “Search”), after Hart,
//! Nilsson & Raphael (1968); with [`ZeroGraphHeuristic`](crate::graph::ZeroGraphHeuristic) it is
//! Dijkstra's algorithm (1959).
//!
//! # Algorithm (normative)
//!
//! `g[start] = 0`; push start with keys `(h(start, goal), 0)`. One *iteration* pops the best
//! node `n` (the order of [`OpenSet`](crate::search::OpenSet): smaller f, then larger g, then
//! smaller id) and closes it; the goal test happens at the pop. Otherwise `n` is *expanded*:
//! for each out-edge slot of `n` in CSR order, `c = cost(n, v, weight)`; the edge is skipped
//! when `c` is NaN, negative or `+∞`; `g' = g[n] + c`; if `v` was never reached or
//! `g' < g[v]` strictly, `h = estimate(v, goal)` is computed, and `v` is skipped when `h` is
//! `+∞` (it cannot reach the goal) or `g' + h` is NaN; otherwise `g[v] = g'`, `parent[v] = n`
//! and `v` is pushed (reopened if closed) with `(g' + h, g')`. Equal-cost alternatives keep
//! the first parent found. The pop that leaves the open set empty without finding the goal
//! reports [`Step::NoPath`] at once.

use alloc::vec::Vec;

use crate::graph::CsrGraph;
use crate::graph::GraphHeuristic;
use crate::search::{CANCEL_SLICE, Cancelled, NO_NODE, SearchBuffers, Step};
use crate::topology::StepCost;

/// Whether an edge cost may be taken: `0 <= c < +∞` (not NaN, not negative, not `+∞`).
#[inline]
pub(crate) fn usable_cost(c: f64) -> bool {
    (0.0..f64::INFINITY).contains(&c)
}

/// A resumable A* (Dijkstra with the zero estimate) over a [`CsrGraph`] (tier 2). It owns its
/// working memory and borrows the graph per call.
///
/// # Panics
///
/// `step`, `run` and `run_cancellable` panic when given a graph with a different node count
/// than the one given to `try_begin` (a programmer error: pass the same graph).
///
/// # Complexity
///
/// O((V + E) log V) per search with a consistent estimate; 20 bytes of working memory per node.
///
/// # Determinism
///
/// Any sequence of budgets gives the same expansion order, path, cost bits and counts as one
/// unsliced run. After the first search of a given node count, `try_begin`, `step`,
/// `copy_path`, `state_size`, `save_state` and `restore_state` allocate nothing (unless
/// expansion recording grows its list).
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
/// use onepath::graph_search::GraphAStar;
/// use onepath::search::Step;
/// use onepath::topology::DefaultStepCost;
/// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0)];
/// let g = CsrGraph::new(3, &edges).unwrap();
/// let mut search = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
/// assert_eq!(search.try_begin(&g, 0, 2), Step::InProgress);
/// while search.step(&g, 1) == Step::InProgress {}
/// assert_eq!((search.state(), search.cost(), search.path()), (Step::Found, 2.0, vec![0, 1, 2]));
/// ```
#[derive(Clone, Debug)]
pub struct GraphAStar<C, H> {
    pub(super) cost: C,
    pub(super) heuristic: H,
    pub(super) buffers: SearchBuffers,
    pub(super) node_count: u32,
    pub(super) start: u32,
    pub(super) goal: u32,
    pub(super) state: Step,
    pub(super) iterations: u32,
    pub(super) expansions: u32,
}

impl<C: StepCost, H: GraphHeuristic> GraphAStar<C, H> {
    /// A search with fresh buffers.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic); // Dijkstra
    /// s.try_begin(&g, 0, 3);
    /// assert_eq!((s.run(&g), s.cost()), (Step::Found, 3.0));
    /// ```
    pub fn new(cost: C, heuristic: H) -> Self {
        Self::with_buffers(cost, heuristic, SearchBuffers::new())
    }

    /// A search that reuses `buffers`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::GraphAStar;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
    /// # let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// let buffers = s.into_buffers(); // reuse one search's memory for the next
    /// let mut t = GraphAStar::with_buffers(DefaultStepCost, ZeroGraphHeuristic, buffers);
    /// t.try_begin(&g, 0, 2);
    /// assert_eq!((t.run(&g), t.cost()), (Step::Found, 3.0));
    /// ```
    pub fn with_buffers(cost: C, heuristic: H, buffers: SearchBuffers) -> Self {
        Self {
            cost,
            heuristic,
            buffers,
            node_count: 0,
            start: NO_NODE,
            goal: NO_NODE,
            state: Step::Idle,
            iterations: 0,
            expansions: 0,
        }
    }

    /// The working memory (read-only: g, parents, marks, recorded expansions).
    pub fn buffers(&self) -> &SearchBuffers {
        &self.buffers
    }

    /// Gives the buffers back for reuse.
    pub fn into_buffers(self) -> SearchBuffers {
        self.buffers
    }

    /// Turns expansion recording on or off for the next searches.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::GraphAStar;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
    /// # let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.set_record_expansions(true);
    /// s.try_begin(&g, 0, 2);
    /// s.run(&g);
    /// assert_eq!(s.buffers().expanded_nodes(), &[0, 1]);
    /// ```
    pub fn set_record_expansions(&mut self, on: bool) {
        self.buffers.set_record_expansions(on);
    }

    /// The cost hook.
    pub fn cost_hook(&self) -> &C {
        &self.cost
    }

    /// The estimate.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }

    /// Replaces the estimate; takes effect at once (replacing it mid-search changes the rest
    /// of that search).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::GraphAStar;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
    /// # let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// use onepath::graph::FnGraphHeuristic;
    /// let zero: fn(u32, u32) -> f64 = |_, _| 0.0;
    /// let line: fn(u32, u32) -> f64 = |a, b| f64::from(a.abs_diff(b));
    /// let mut s = GraphAStar::new(DefaultStepCost, FnGraphHeuristic(zero));
    /// s.set_heuristic(FnGraphHeuristic(line)); // for the next search
    /// s.try_begin(&g, 0, 2);
    /// assert_eq!((s.run(&g), s.cost()), (Step::Found, 3.0));
    /// ```
    pub fn set_heuristic(&mut self, heuristic: H) {
        self.heuristic = heuristic;
    }

    /// Replaces the cost hook; as for [`set_heuristic`](GraphAStar::set_heuristic).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// use onepath::topology::FnStepCost;
    /// let toll = FnStepCost(|_: u32, to: u32, w: f64| if to == 1 { w + 5.0 } else { w });
    /// let mut s = GraphAStar::new(toll, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 2);
    /// s.run(&g);
    /// assert_eq!(s.path(), vec![0, 2]); // the toll on node 1 makes the direct edge cheaper
    /// ```
    pub fn set_cost_hook(&mut self, cost: C) {
        self.cost = cost;
    }

    /// Starts a search from `start` to `goal` on `graph`.
    ///
    /// Returns [`Step::InProgress`], [`Step::StartInvalid`] / [`Step::GoalInvalid`] when an
    /// endpoint is not a node of `graph` (the running search, if any, is then untouched), or
    /// [`Step::NoPath`] when the start's estimate is NaN.
    ///
    /// # Complexity
    ///
    /// O(1) once the buffers hold `graph.node_count()` nodes (else one allocation).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// assert_eq!(s.try_begin(&g, 0, 3), Step::InProgress);
    /// assert_eq!(s.try_begin(&g, 9, 3), Step::StartInvalid);
    /// assert_eq!((s.start(), s.goal()), (0, 3));
    /// ```
    pub fn try_begin(&mut self, graph: &CsrGraph, start: u32, goal: u32) -> Step {
        let n = graph.node_count();
        if start >= n {
            return Step::StartInvalid;
        }
        if goal >= n {
            return Step::GoalInvalid;
        }
        let b = &mut self.buffers;
        self.node_count = n;
        b.begin(n);
        self.start = start;
        self.goal = goal;
        self.iterations = 0;
        self.expansions = 0;
        b.nodes[start as usize].g = 0.0;
        b.nodes[start as usize].parent = NO_NODE;
        b.set_open(start);
        let f = self.heuristic.estimate(start, goal);
        self.state = if b.open.push(start, f, 0.0).is_ok() {
            Step::InProgress
        } else {
            // A NaN key: the start is settled without an iteration and nothing is open, so
            // the state saves and restores as the no-path state it is.
            b.set_closed(start);
            Step::NoPath
        };
        self.state
    }

    /// Performs at most `budget` iterations (pops) and returns the state: call again only on
    /// [`Step::InProgress`].
    ///
    /// # Panics
    ///
    /// When `graph` has another node count than the graph given to `try_begin`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 4);
    /// assert_eq!(s.step(&g, 1), Step::InProgress);
    /// while s.step(&g, 1) == Step::InProgress {}
    /// assert_eq!(s.state(), Step::NoPath); // node 4 is unreachable
    /// ```
    pub fn step(&mut self, graph: &CsrGraph, budget: u32) -> Step {
        if self.state != Step::InProgress {
            return self.state;
        }
        assert_eq!(
            graph.node_count(),
            self.node_count,
            "GraphAStar::step: not the graph the search began on"
        );
        let Self {
            cost,
            heuristic,
            buffers: b,
            goal,
            iterations,
            expansions,
            ..
        } = self;
        let goal = *goal;
        let targets = graph.targets();
        let weights = graph.weights();
        for _ in 0..budget {
            let Some((n, _f, _g)) = b.open.pop() else {
                self.state = Step::NoPath;
                return self.state;
            };
            *iterations = iterations.saturating_add(1);
            b.set_closed(n);
            let gn = b.nodes[n as usize].g;
            if n == goal {
                self.state = Step::Found;
                return self.state;
            }
            *expansions = expansions.saturating_add(1);
            if b.record_expansions {
                b.expanded.push(n);
            }
            let generation = b.generation;
            for slot in graph.out_range(n) {
                let v = targets[slot];
                let c = cost.cost(n, v, weights[slot]);
                if !usable_cost(c) {
                    continue;
                }
                let g2 = gn + c;
                let s = &b.nodes[v as usize];
                if s.mark >> 1 == generation && g2 >= s.g {
                    continue;
                }
                let h = heuristic.estimate(v, goal);
                let f = g2 + h;
                if h == f64::INFINITY || f.is_nan() {
                    continue;
                }
                let s = &mut b.nodes[v as usize];
                s.g = g2;
                s.parent = n;
                s.mark = generation << 1;
                // Cannot fail: f and g2 are not NaN.
                let _ = b.open.push(v, f, g2);
            }
            if b.open.is_empty() {
                self.state = Step::NoPath;
                return self.state;
            }
        }
        self.state
    }

    /// Runs to the end.
    ///
    /// # Panics
    ///
    /// As [`step`](GraphAStar::step).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// assert_eq!(s.run(&g), Step::Found);
    /// assert_eq!(s.path(), vec![0, 1, 2, 3]);
    /// ```
    pub fn run(&mut self, graph: &CsrGraph) -> Step {
        while self.step(graph, u32::MAX) == Step::InProgress {}
        self.state
    }

    /// Runs to the end in slices of 256 iterations, asking `cancel` before each slice.
    ///
    /// # Errors
    ///
    /// [`Cancelled`] when `cancel` returned `true`; the search stays resumable.
    ///
    /// # Panics
    ///
    /// As [`step`](GraphAStar::step).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::GraphAStar;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
    /// # let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 2);
    /// assert!(s.run_cancellable(&g, || true).is_err());
    /// assert_eq!(s.run_cancellable(&g, || false), Ok(Step::Found));
    /// ```
    pub fn run_cancellable(
        &mut self,
        graph: &CsrGraph,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<Step, Cancelled> {
        while self.state == Step::InProgress {
            if cancel() {
                return Err(Cancelled);
            }
            let _ = self.step(graph, CANCEL_SLICE);
        }
        Ok(self.state)
    }

    /// The current state.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::GraphAStar;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
    /// # let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// assert_eq!(s.state(), Step::Idle);
    /// s.try_begin(&g, 2, 0); // directed: no way back
    /// assert_eq!(s.run(&g), Step::NoPath);
    /// ```
    pub fn state(&self) -> Step {
        self.state
    }

    /// Start node of the current search (`u32::MAX` before any).
    pub fn start(&self) -> u32 {
        self.start
    }

    /// Goal node of the current search (`u32::MAX` before any).
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// Iterations (pops) so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Expansions so far (pops that expanded a node; the goal's pop is not one): the spec's
    /// `ExpandedCount`, named `expansions` as on every grid search.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// assert_eq!((s.iterations(), s.expansions()), (4, 3)); // the goal's pop is not one
    /// ```
    pub fn expansions(&self) -> u32 {
        self.expansions
    }

    /// The old name of [`expansions`](GraphAStar::expansions).
    #[deprecated(since = "0.1.0", note = "renamed expansions, as on the grid searches")]
    pub fn expanded_count(&self) -> u32 {
        self.expansions()
    }

    /// The path cost `g[goal]` when found, else `+∞`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::GraphAStar;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
    /// # let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 2);
    /// assert_eq!(s.cost(), f64::INFINITY);
    /// s.run(&g);
    /// assert_eq!(s.cost(), 3.0);
    /// ```
    pub fn cost(&self) -> f64 {
        if self.state == Step::Found {
            self.buffers.nodes[self.goal as usize].g
        } else {
            f64::INFINITY
        }
    }

    /// Nodes on the found path (0 unless found).
    pub fn path_len(&self) -> usize {
        self.walk_back(|_| {})
    }

    /// Writes the path, start first, into `out` and returns its length; `None` (nothing
    /// written) when `out` is too short. `Some(0)` unless found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// let mut out = [0u32; 8];
    /// assert_eq!(s.copy_path(&mut out), Some(4));
    /// assert_eq!(s.path_len(), 4);
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [u32]) -> Option<usize> {
        self.buffers.copy_chain(self.goal, self.path_limit(), out)
    }

    /// The path as a new vector (allocates).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::GraphAStar;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
    /// # let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 2);
    /// s.run(&g);
    /// assert_eq!(s.path(), vec![0, 1, 2]);
    /// ```
    pub fn path(&self) -> Vec<u32> {
        let mut v = alloc::vec![0; self.path_len()];
        let _ = self.copy_path(&mut v);
        v
    }

    /// Calls `f` for each node from the goal back to the start; returns the count (bounded by
    /// the node count, so a walk over any state ends).
    fn walk_back(&self, f: impl FnMut(u32)) -> usize {
        self.buffers.walk_back(self.goal, self.path_limit(), f)
    }

    /// How many parent links a path walk may follow: the node count once found, else 0.
    fn path_limit(&self) -> usize {
        if self.state == Step::Found {
            self.node_count as usize
        } else {
            0
        }
    }
}
