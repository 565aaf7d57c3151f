//! [`BidirectionalGraphSearch`]: resumable bidirectional A* / Dijkstra over a [`CsrGraph`]
//! (spec: graphs.md, “Bidirectional search”) — bidirectional Dijkstra after Pohl (1969), with
//! the average potentials of Ikeda et al. (1994) as used by Goldberg & Harrelson (2005).
//!
//! # Algorithm (normative)
//!
//! A forward search from the start follows out-edges, a backward search from the goal follows
//! in-edges; cost hooks are always called with the edge's true direction `cost(from, to,
//! weight)`. The potential of a node is `pf(v) = 0.5 * (h(v, goal) - h(start, v))`; the forward
//! key is `g + pf(v)`, the backward key `g - pf(v)` (with the zero estimate both are plain
//! Dijkstra keys). A node whose potential is not finite (either estimate `+∞`, or a NaN) is
//! never pushed.
//!
//! - **Turns:** strict alternation, forward first; one iteration is one expansion (one pop) of
//!   either side, with the unidirectional rules (same open-set order, strict improvement,
//!   reopening, first parent kept on ties).
//! - **Meeting:** whenever a relaxation improves `g[v]` on one side and the other side has
//!   reached `v`, `g_this[v] + g_other[v]` replaces the best cost `mu` if strictly smaller, and
//!   `v` becomes the meeting node.
//! - **Stopping rule,** checked before every expansion and before the budget: stop when either
//!   open set is empty, or when the smallest forward key plus the smallest backward key is
//!   `>= mu`. Then the path exists iff `mu` is finite. Stopping at the first meeting would be
//!   wrong and is not done.
//! - **Path:** the forward parent chain from the meeting node back to the start, then the
//!   backward parent chain from the meeting node to the goal. `start == goal` is found at once
//!   with cost 0 and no iteration.
//!
//! For consistent estimates that bound distances in both directions the result is optimal;
//! with integer (or dyadic) weights the cost equals Dijkstra's exactly, with fractional weights
//! within rounding.

use alloc::vec::Vec;

use super::astar::usable_cost;
use super::potential_cache::PotentialCache;
use crate::graph::CsrGraph;
use crate::graph::GraphHeuristic;
use crate::search::{CANCEL_SLICE, Cancelled, NO_NODE, SearchBuffers, Step};
use crate::topology::StepCost;

/// The potential `0.5 * (h(v, goal) - h(start, v))`, finite or not.
#[inline]
fn raw_potential<H: GraphHeuristic>(h: &H, start: u32, goal: u32, v: u32) -> f64 {
    let ht = h.estimate(v, goal);
    let hs = h.estimate(start, v);
    0.5 * (ht - hs)
}

/// The potential `0.5 * (h(v, goal) - h(start, v))`, or `None` when it is not finite.
#[inline]
pub(super) fn potential<H: GraphHeuristic>(h: &H, start: u32, goal: u32, v: u32) -> Option<f64> {
    let p = raw_potential(h, start, goal, v);
    p.is_finite().then_some(p)
}

/// [`potential`] through the search's cache: the same bits, computed once per node and search.
#[inline]
fn cached_potential<H: GraphHeuristic>(
    cache: &mut PotentialCache,
    h: &H,
    start: u32,
    goal: u32,
    v: u32,
) -> Option<f64> {
    let p = cache.get(v, || raw_potential(h, start, goal, v));
    p.is_finite().then_some(p)
}

/// A resumable bidirectional search over a [`CsrGraph`] (tier 2): two [`SearchBuffers`], the
/// best meeting cost so far and the side to expand next.
///
/// # Panics
///
/// `step`, `run` and `run_cancellable` panic when given a graph with a different node count
/// than the one given to `try_begin`.
///
/// # Complexity
///
/// O((V + E) log V) per search; 56 bytes of working memory per node (40 in the two
/// buffers, 16 caching each node's potential so it is computed once per search).
///
/// # Determinism
///
/// Any sequence of budgets gives the same result, path, cost bits and counts as one unsliced
/// run; after the first search of a given size nothing allocates.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
/// use onepath::graph_search::BidirectionalGraphSearch;
/// use onepath::search::Step;
/// use onepath::topology::DefaultStepCost;
/// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
/// let g = CsrGraph::new(10, &edges).unwrap();
/// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
/// assert_eq!(s.try_begin(&g, 0, 9), onepath::Step::InProgress);
/// assert_eq!(s.run(&g), Step::Found);
/// assert_eq!((s.cost(), s.path()), (9.0, (0..10).collect::<Vec<u32>>()));
/// ```
#[derive(Clone, Debug)]
pub struct BidirectionalGraphSearch<C, H> {
    pub(super) cost: C,
    pub(super) heuristic: H,
    pub(super) forward: SearchBuffers,
    pub(super) backward: SearchBuffers,
    pub(super) node_count: u32,
    pub(super) start: u32,
    pub(super) goal: u32,
    pub(super) state: Step,
    pub(super) iterations: u32,
    /// Whether the next expansion is the forward side's.
    pub(super) forward_next: bool,
    pub(super) mu: f64,
    pub(super) meet: u32,
    /// The potential of every node reached in this search (derived: not in snapshots).
    pub(super) potentials: PotentialCache,
}

impl<C: StepCost, H: GraphHeuristic> BidirectionalGraphSearch<C, H> {
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
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// assert_eq!((s.run(&g), s.cost()), (Step::Found, 3.0));
    /// ```
    pub fn new(cost: C, heuristic: H) -> Self {
        Self::with_buffers(cost, heuristic, SearchBuffers::new(), SearchBuffers::new())
    }

    /// A search that reuses `forward` and `backward` buffers.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// let (fwd, bwd) = s.into_buffers(); // one buffer per side, reused
    /// let mut t = BidirectionalGraphSearch::with_buffers(DefaultStepCost, ZeroGraphHeuristic, fwd, bwd);
    /// t.try_begin(&g, 0, 3);
    /// assert_eq!(t.run(&g), Step::Found);
    /// ```
    pub fn with_buffers(
        cost: C,
        heuristic: H,
        forward: SearchBuffers,
        backward: SearchBuffers,
    ) -> Self {
        Self {
            cost,
            heuristic,
            forward,
            backward,
            node_count: 0,
            start: NO_NODE,
            goal: NO_NODE,
            state: Step::Idle,
            iterations: 0,
            forward_next: true,
            mu: f64::INFINITY,
            meet: NO_NODE,
            potentials: PotentialCache::default(),
        }
    }

    /// [`with_buffers`](Self::with_buffers) that also reuses a potential cache (tier 1 keeps
    /// it with the buffers so its queries allocate nothing after warm-up).
    pub(crate) fn with_parts(
        cost: C,
        heuristic: H,
        forward: SearchBuffers,
        backward: SearchBuffers,
        potentials: PotentialCache,
    ) -> Self {
        let mut s = Self::with_buffers(cost, heuristic, forward, backward);
        s.potentials = potentials;
        s
    }

    /// The buffers and the potential cache, for reuse by [`with_parts`](Self::with_parts).
    pub(crate) fn into_parts(self) -> (SearchBuffers, SearchBuffers, PotentialCache) {
        (self.forward, self.backward, self.potentials)
    }

    /// Gives the forward and backward buffers back for reuse.
    pub fn into_buffers(self) -> (SearchBuffers, SearchBuffers) {
        (self.forward, self.backward)
    }

    /// The forward and backward working memory.
    pub fn buffers(&self) -> (&SearchBuffers, &SearchBuffers) {
        (&self.forward, &self.backward)
    }

    /// Replaces the estimate (takes effect at once).
    pub fn set_heuristic(&mut self, heuristic: H) {
        self.heuristic = heuristic;
        self.potentials.invalidate();
    }

    /// Replaces the cost hook (takes effect at once).
    pub fn set_cost_hook(&mut self, cost: C) {
        self.cost = cost;
    }

    /// Starts a search from `start` to `goal` on `graph`.
    ///
    /// Returns [`Step::InProgress`]; [`Step::Found`] at once when `start == goal`;
    /// [`Step::NoPath`] when the start's or the goal's potential is not finite;
    /// [`Step::StartInvalid`] / [`Step::GoalInvalid`] (the running search untouched) when an
    /// endpoint is not a node of `graph`.
    ///
    /// # Complexity
    ///
    /// O(1) once the buffers are sized.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// assert_eq!(s.try_begin(&g, 0, 3), Step::InProgress);
    /// assert_eq!(s.try_begin(&g, 0, 7), Step::GoalInvalid);
    /// ```
    pub fn try_begin(&mut self, graph: &CsrGraph, start: u32, goal: u32) -> Step {
        let n = graph.node_count();
        if start >= n {
            return Step::StartInvalid;
        }
        if goal >= n {
            return Step::GoalInvalid;
        }
        self.node_count = n;
        self.start = start;
        self.goal = goal;
        self.iterations = 0;
        self.forward_next = true;
        self.mu = f64::INFINITY;
        self.meet = NO_NODE;
        for (b, root) in [(&mut self.forward, start), (&mut self.backward, goal)] {
            b.begin(n);
            b.nodes[root as usize].g = 0.0;
            b.nodes[root as usize].parent = NO_NODE;
            b.set_open(root);
        }
        self.potentials.begin(n);
        if start == goal {
            self.forward.set_closed(start);
            self.backward.set_closed(goal);
            self.mu = 0.0;
            self.meet = start;
            self.state = Step::Found;
            return self.state;
        }
        let (h, cache) = (&self.heuristic, &mut self.potentials);
        let roots = (
            cached_potential(cache, h, start, goal, start),
            cached_potential(cache, h, start, goal, goal),
        );
        if let (Some(ps), Some(pg)) = roots {
            let _ = self.forward.open.push(start, 0.0 + ps, 0.0);
            let _ = self.backward.open.push(goal, 0.0 - pg, 0.0);
            self.state = Step::InProgress;
        } else {
            // No path can run through an endpoint without a finite potential: both roots
            // are settled without an expansion, and nothing is open.
            self.forward.set_closed(start);
            self.backward.set_closed(goal);
            self.state = Step::NoPath;
        }
        self.state
    }

    /// Whether the stopping rule holds now.
    pub(super) fn should_stop(&self) -> bool {
        match (self.forward.open.peek(), self.backward.open.peek()) {
            (Some((_, ff, _)), Some((_, fb, _))) => ff + fb >= self.mu,
            _ => true,
        }
    }

    /// Performs at most `budget` iterations and returns the state: call again only on
    /// [`Step::InProgress`]. The stopping rule is checked before the budget, so finishing
    /// never consumes budget.
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
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// while s.step(&g, 1) == Step::InProgress {} // the two sides take turns
    /// assert_eq!((s.state(), s.path()), (Step::Found, vec![0, 1, 2, 3]));
    /// ```
    pub fn step(&mut self, graph: &CsrGraph, budget: u32) -> Step {
        if self.state != Step::InProgress {
            return self.state;
        }
        assert_eq!(
            graph.node_count(),
            self.node_count,
            "BidirectionalGraphSearch::step: not the graph the search began on"
        );
        let mut used = 0u32;
        loop {
            if self.should_stop() {
                self.state = if self.mu < f64::INFINITY {
                    Step::Found
                } else {
                    Step::NoPath
                };
                return self.state;
            }
            if used >= budget {
                return self.state;
            }
            used += 1;
            self.iterations = self.iterations.saturating_add(1);
            let forward = self.forward_next;
            self.forward_next = !forward;
            self.expand(graph, forward);
        }
    }

    /// Pops and expands one node of one side.
    fn expand(&mut self, graph: &CsrGraph, forward: bool) {
        let Self {
            cost,
            heuristic,
            forward: fb,
            backward: bb,
            start,
            goal,
            mu,
            meet,
            potentials,
            ..
        } = self;
        let (this, other) = if forward { (fb, &*bb) } else { (bb, &*fb) };
        let Some((n, _, _)) = this.open.pop() else {
            return;
        };
        this.set_closed(n);
        if this.record_expansions {
            this.expanded.push(n);
        }
        let gn = this.nodes[n as usize].g;
        let generation = this.generation;
        let (range, ends, weights) = if forward {
            (graph.out_range(n), graph.targets(), graph.weights())
        } else {
            (graph.in_range(n), graph.sources(), graph.reverse_weights())
        };
        for slot in range {
            let v = ends[slot];
            let c = if forward {
                cost.cost(n, v, weights[slot])
            } else {
                cost.cost(v, n, weights[slot])
            };
            if !usable_cost(c) {
                continue;
            }
            let g2 = gn + c;
            let s = &this.nodes[v as usize];
            if s.mark >> 1 == generation && g2 >= s.g {
                continue;
            }
            let Some(p) = cached_potential(potentials, &*heuristic, *start, *goal, v) else {
                continue;
            };
            let key = if forward { g2 + p } else { g2 - p };
            let s = &mut this.nodes[v as usize];
            s.g = g2;
            s.parent = n;
            s.mark = generation << 1;
            // Cannot fail: key and g2 are finite.
            let _ = this.open.push(v, key, g2);
            if other.is_reached(v) {
                let candidate = g2 + other.nodes[v as usize].g;
                if candidate < *mu {
                    *mu = candidate;
                    *meet = v;
                }
            }
        }
    }

    /// Runs to the end.
    ///
    /// # Panics
    ///
    /// As [`step`](BidirectionalGraphSearch::step).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// assert_eq!((s.run(&g), s.cost(), s.path()), (Step::Found, 4.0, vec![0, 1, 2, 3]));
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
    /// As [`step`](BidirectionalGraphSearch::step).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
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

    /// Turns expansion recording on or off (both sides) for the next searches.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.set_record_expansions(true);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// assert!(s.expansions() > 0);
    /// ```
    pub fn set_record_expansions(&mut self, on: bool) {
        self.forward.set_record_expansions(on);
        self.backward.set_record_expansions(on);
    }

    /// The current state.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// assert_eq!(s.state(), Step::Idle);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// assert_eq!(s.state(), Step::Found);
    /// ```
    pub fn state(&self) -> Step {
        self.state
    }

    /// Iterations (expansions of either side) so far.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.step(&g, 1);
    /// assert_eq!(s.iterations(), 1);
    /// ```
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Expansions so far: every iteration expands one node, so this equals
    /// [`iterations`](BidirectionalGraphSearch::iterations) (the spec's `ExpandedCount`,
    /// named `expansions` as on every grid search).
    pub fn expansions(&self) -> u32 {
        self.iterations
    }

    /// The old name of [`expansions`](BidirectionalGraphSearch::expansions).
    #[deprecated(since = "0.1.0", note = "renamed expansions, as on the grid searches")]
    pub fn expanded_count(&self) -> u32 {
        self.expansions()
    }

    /// The best meeting cost `mu` so far (`+∞` before the sides meet); the path cost once
    /// found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 3, 0); // directed: no way back
    /// assert_eq!((s.run(&g), s.cost()), (Step::NoPath, f64::INFINITY));
    /// ```
    pub fn cost(&self) -> f64 {
        if self.state == Step::Found {
            self.mu
        } else {
            f64::INFINITY
        }
    }

    /// The meeting node of the best connection so far (`u32::MAX` before the sides meet).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// assert!(s.path().contains(&s.meeting_node())); // where the two searches met
    /// ```
    pub fn meeting_node(&self) -> u32 {
        self.meet
    }

    /// Nodes on the found path (0 unless found).
    pub fn path_len(&self) -> usize {
        if self.state != Step::Found {
            return 0;
        }
        let f = chain_len(&self.forward, self.meet, self.node_count);
        let b = chain_len(&self.backward, self.meet, self.node_count);
        f + b - 1
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
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// let mut out = [0u32; 8];
    /// assert_eq!(s.copy_path(&mut out), Some(s.path_len()));
    /// assert_eq!(&out[..4], &[0, 1, 2, 3]);
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [u32]) -> Option<usize> {
        let len = self.path_len();
        let dst = out.get_mut(..len)?;
        if len == 0 {
            return Some(0);
        }
        let limit = self.node_count as usize;
        let f = chain_len(&self.forward, self.meet, self.node_count);
        // Forward chain: meet back to the start, written right to left.
        let mut n = self.meet;
        for i in (0..f).rev() {
            dst[i] = n;
            n = self.forward.nodes[n as usize].parent;
        }
        // Backward chain: after meet, towards the goal.
        let mut n = self.backward.nodes[self.meet as usize].parent;
        let mut i = f;
        while n != NO_NODE && i < len && i < limit * 2 {
            dst[i] = n;
            i += 1;
            n = self.backward.nodes[n as usize].parent;
        }
        Some(len)
    }

    /// The path as a new vector (allocates).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::graph_search::BidirectionalGraphSearch;
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let g = CsrGraph::new(4, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0), GraphEdge::new(2, 3, 1.0)]).unwrap();
    /// # let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 1, 3);
    /// s.run(&g);
    /// assert_eq!(s.path(), vec![1, 2, 3]);
    /// assert_eq!(s.path_len(), 3);
    /// ```
    pub fn path(&self) -> Vec<u32> {
        let mut v = alloc::vec![0; self.path_len()];
        let _ = self.copy_path(&mut v);
        v
    }
}

/// Nodes on the parent chain from `n` to its root in `b` (bounded by `limit`).
fn chain_len(b: &SearchBuffers, mut n: u32, limit: u32) -> usize {
    let mut count = 0usize;
    while n != NO_NODE && count < limit as usize {
        count += 1;
        n = b.nodes[n as usize].parent;
    }
    count
}
