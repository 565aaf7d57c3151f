//! [`AStar`]: the generic, resumable A* (spec: grids.md, “A*”), after Hart, Nilsson & Raphael
//! (1968), "A Formal Basis for the Heuristic Determination of Minimum Cost Paths".
//!
//! # Algorithm (normative)
//!
//! `g[start] = 0`, push start with `f = w * h(start)`. One *iteration* pops the best node `n`
//! (order of [`OpenSet`](super::OpenSet)) and marks it closed; if `n` is the goal the search
//! ends (cost `g[goal]`); otherwise `n` is *expanded*: its neighbours are visited in the
//! topology's order, `step = cost_hook(n, m, base)` is skipped if NaN, negative or +∞,
//! `g' = g[n] + step`, and if `m` was never reached or `g' < g[m]` strictly, `g[m] = g'`,
//! `parent[m] = n`, `m` is (re)opened and pushed with `(g' + w * h(m), g')`. Equal-cost
//! alternatives keep the first parent found. An empty open set means no path, and the
//! iteration that empties it reports [`Step::NoPath`] at once (never `InProgress` with nothing
//! left to pop). A neighbour whose
//! key would be NaN (a heuristic answering NaN) is skipped.

use alloc::vec::Vec;

use super::buffers::{NO_NODE, NodeState, SearchBuffers};
use super::step::{CANCEL_SLICE, Cancelled, Step};
use crate::error::QueryError;
use crate::topology::{Heuristic, StepCost, Topology};

/// Whether a step cost may be taken: `0 <= step < +∞` (so not NaN, not negative, not +∞).
///
/// Written on the bits: positive finite doubles and +0.0 are exactly the patterns below
/// +∞'s, and -0.0 (which is `>= 0.0`) is the one pattern with the sign set. The same test as
/// the comparisons, in two integer compares.
#[inline]
pub(super) fn usable_step(step: f64) -> bool {
    let bits = step.to_bits();
    bits < f64::INFINITY.to_bits() || bits == (-0.0f64).to_bits()
}

/// A resumable A* over any [`Topology`] (tier 2). It owns its buffers and borrows the map per
/// call, so a simulation can keep it between ticks and give it a budget per tick.
///
/// # Determinism
///
/// Any sequence of budgets gives the same expansion order, path, cost bits and counts as one
/// unsliced run: a budget only decides where the loop pauses, never what it does.
///
/// # Memory
///
/// After the first search of a given node count, `try_begin`, `step` and `copy_path` allocate
/// nothing (unless expansion recording grows its list).
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::search::{AStar, Step};
/// use onepath::topology::{DefaultStepCost, OctileHeuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
///
/// let grid = Grid::from_text("....\n.##.\n....").unwrap();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
/// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
/// assert_eq!(search.try_begin(&topo, 4, 7), Step::InProgress);
/// while search.step(&topo, 2) == Step::InProgress {} // two iterations per "tick"
/// assert_eq!(search.state(), Step::Found);
/// let mut path = [0u32; 16];
/// let n = search.copy_path(&mut path).unwrap();
/// // No corner cutting: the diagonal past a wall corner is illegal, so the path goes around.
/// assert_eq!(&path[..n], &[4, 0, 1, 2, 3, 7]);
/// assert_eq!(search.cost(), 5.0);
/// ```
#[derive(Clone, Debug)]
pub struct AStar<C, H> {
    pub(super) cost: C,
    pub(super) heuristic: H,
    pub(super) weight: f64,
    pub(super) buffers: SearchBuffers,
    /// Nodes of the map the current search runs on (the snapshot's node count); the buffers
    /// may be larger, sized by an earlier search on a larger map.
    pub(super) node_count: u32,
    pub(super) start: u32,
    pub(super) goal: u32,
    pub(super) state: Step,
    pub(super) iterations: u32,
    pub(super) expansions: u32,
}

impl<C: StepCost, H: Heuristic> AStar<C, H> {
    /// A search with weight 1 and fresh buffers.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// // The grid (as a topology), a step-cost hook and an estimate: A* on cell indices.
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// assert_eq!(search.state(), Step::Idle);
    /// search.try_begin(&topo, 4, 7); // (0, 1) to (3, 1)
    /// assert_eq!((search.run(&topo), search.cost()), (Step::Found, 5.0));
    /// ```
    pub fn new(cost: C, heuristic: H) -> Self {
        Self::with_buffers(cost, heuristic, SearchBuffers::new())
    }

    /// A search that reuses `buffers` (e.g. taken from another search with
    /// [`into_buffers`](AStar::into_buffers)).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, SearchBuffers, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// let warm = search.into_buffers(); // memory of an earlier search
    /// let mut next = AStar::with_buffers(DefaultStepCost, OctileHeuristic::new(4, 1.0), warm);
    /// next.try_begin(&topo, 4, 7);
    /// assert_eq!((next.run(&topo), next.cost()), (Step::Found, 5.0));
    /// ```
    pub fn with_buffers(cost: C, heuristic: H, buffers: SearchBuffers) -> Self {
        Self {
            cost,
            heuristic,
            weight: 1.0,
            buffers,
            node_count: 0,
            start: NO_NODE,
            goal: NO_NODE,
            state: Step::Idle,
            iterations: 0,
            expansions: 0,
        }
    }

    /// Sets the heuristic weight `w` of `f = g + w * h` (default 1). Weights above 1 trade
    /// optimality for speed; 0 is Dijkstra.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidWeight`] unless `w` is finite and `>= 0`; nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// use onepath::QueryError;
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.set_weight(2.0).unwrap(); // weighted A*: f = g + 2h
    /// assert_eq!(search.weight(), 2.0);
    /// assert_eq!(search.set_weight(-1.0), Err(QueryError::InvalidWeight { value: -1.0 }));
    /// assert_eq!(search.weight(), 2.0); // a refused weight changes nothing
    /// ```
    pub fn set_weight(&mut self, w: f64) -> Result<(), QueryError> {
        if !(w.is_finite() && w >= 0.0) {
            return Err(QueryError::InvalidWeight { value: w });
        }
        self.weight = w;
        Ok(())
    }

    /// Builder form of [`set_weight`](AStar::set_weight).
    ///
    /// # Errors
    ///
    /// As [`set_weight`](AStar::set_weight).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, SearchBuffers, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// let greedy = AStar::new(DefaultStepCost, OctileHeuristic::new(4, 1.0)).with_weight(3.0).unwrap();
    /// assert_eq!(greedy.weight(), 3.0);
    /// assert!(AStar::new(DefaultStepCost, OctileHeuristic::new(4, 1.0)).with_weight(-1.0).is_err());
    /// ```
    pub fn with_weight(mut self, w: f64) -> Result<Self, QueryError> {
        self.set_weight(w)?;
        Ok(self)
    }

    /// The heuristic weight.
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// The working memory (read-only: g, parents, marks, recorded expansions).
    pub fn buffers(&self) -> &SearchBuffers {
        &self.buffers
    }

    /// Turns expansion recording on or off for the next searches.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, SearchBuffers, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.set_record_expansions(true);
    /// search.try_begin(&topo, 0, 3);
    /// search.run(&topo);
    /// assert_eq!(search.buffers().expanded_nodes(), &[0, 1, 2]);
    /// ```
    pub fn set_record_expansions(&mut self, on: bool) {
        self.buffers.set_record_expansions(on);
    }

    /// Turns the desync trace on or off for the next searches: after every iteration a
    /// 64-bit digest of (popped node, g bits, open-set size) is appended to
    /// [`SearchBuffers::trace`]; compare two peers' traces with
    /// [`first_divergence`](super::first_divergence).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, SearchBuffers, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.set_record_trace(true);
    /// search.try_begin(&topo, 0, 3);
    /// search.run(&topo);
    /// assert_eq!(search.buffers().trace().len() as u32, search.iterations()); // one digest per pop
    /// ```
    pub fn set_record_trace(&mut self, on: bool) {
        self.buffers.record_trace = on;
    }

    /// Gives the buffers back for reuse by another search.
    pub fn into_buffers(self) -> SearchBuffers {
        self.buffers
    }

    /// The working memory, writable: what a tier-1 handle sizes ahead of a query or lends to
    /// a query with hooks. Callers leave the search idle ([`make_idle`](AStar::make_idle))
    /// after changing it.
    pub(crate) fn buffers_mut(&mut self) -> &mut SearchBuffers {
        &mut self.buffers
    }

    /// Replaces the heuristic; it takes effect at the next [`try_begin`](AStar::try_begin)
    /// (which sets its goal). Replacing it mid-search changes the rest of that search.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, SearchBuffers, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.set_heuristic(OctileHeuristic::new(4, 0.5)); // e.g. after the cheapest area got cheaper
    /// search.try_begin(&topo, 0, 3);
    /// assert_eq!((search.run(&topo), search.cost()), (Step::Found, 3.0));
    /// ```
    pub fn set_heuristic(&mut self, heuristic: H) {
        self.heuristic = heuristic;
    }

    /// The cost hook.
    pub fn cost_hook(&self) -> &C {
        &self.cost
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }

    /// Starts a search from `start` to `goal`.
    ///
    /// Returns [`Step::InProgress`], or [`Step::StartInvalid`] / [`Step::GoalInvalid`] when an
    /// endpoint is out of range or not walkable in `topology`; a refusal leaves the search that
    /// was running (if any) untouched.
    ///
    /// # Complexity
    ///
    /// O(1) once the buffers hold `topology.node_count()` nodes (else one allocation).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// assert_eq!(search.try_begin(&topo, 4, 7), Step::InProgress);
    /// assert_eq!(search.try_begin(&topo, 5, 7), Step::StartInvalid); // (1, 1) is a wall
    /// assert_eq!(search.try_begin(&topo, 4, 99), Step::GoalInvalid); // no such node
    /// assert_eq!((search.start(), search.goal()), (4, 7)); // the refusals changed nothing
    /// ```
    pub fn try_begin<T: Topology>(&mut self, topology: &T, start: u32, goal: u32) -> Step {
        if !topology.is_walkable(start) {
            return Step::StartInvalid;
        }
        if !topology.is_walkable(goal) {
            return Step::GoalInvalid;
        }
        let b = &mut self.buffers;
        self.node_count = topology.node_count();
        b.begin(self.node_count);
        self.heuristic.set_goal(goal);
        self.start = start;
        self.goal = goal;
        self.iterations = 0;
        self.expansions = 0;
        b.nodes[start as usize].g = 0.0;
        b.nodes[start as usize].parent = NO_NODE;
        b.set_open(start);
        let f = self.weight * self.heuristic.estimate(start);
        self.state = if b.open.push(start, f, 0.0).is_ok() {
            Step::InProgress
        } else {
            Step::NoPath
        };
        self.state
    }

    /// Performs at most `budget` iterations (pops) and returns the state: call again only on
    /// [`Step::InProgress`]. `topology` must be the one given to `try_begin` (same map, not
    /// edited since).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 4, 7);
    /// assert_eq!(search.step(&topo, 1), Step::InProgress);
    /// assert_eq!(search.iterations(), 1);
    /// while search.step(&topo, 1) == Step::InProgress {} // one iteration per tick
    /// assert_eq!(search.cost(), 5.0); // slicing never changes the result
    /// ```
    pub fn step<T: Topology>(&mut self, topology: &T, budget: u32) -> Step {
        if self.state != Step::InProgress {
            return self.state;
        }
        let Self {
            cost,
            heuristic,
            weight,
            buffers: b,
            goal,
            iterations,
            expansions,
            ..
        } = self;
        let (w, goal) = (*weight, *goal);
        for _ in 0..budget {
            let Some((n, _f, _g)) = b.open.pop() else {
                self.state = Step::NoPath;
                return self.state;
            };
            // Saturates: a restored snapshot may carry any count (no overflow panic).
            *iterations = iterations.saturating_add(1);
            b.set_closed(n);
            // g[n] as recorded (the open set keeps its keys in its own encoding).
            let NodeState { g: gn, parent, .. } = b.nodes[n as usize];
            if b.record_trace {
                b.trace
                    .push(super::trace::iteration_digest(n, gn, b.open.len()));
            }
            if n == goal {
                self.state = Step::Found;
                return self.state;
            }
            *expansions = expansions.saturating_add(1);
            if b.record_expansions {
                b.expanded.push(n);
            }
            let generation = b.generation;
            topology.for_each_successor(n, parent, |m, base| {
                let step = cost.cost(n, m, base);
                if !usable_step(step) {
                    return;
                }
                let g2 = gn + step;
                let s = &mut b.nodes[m as usize];
                if s.mark >> 1 == generation && g2 >= s.g {
                    return;
                }
                let f = g2 + w * heuristic.estimate(m);
                if f.is_nan() {
                    return;
                }
                *s = NodeState {
                    g: g2,
                    parent: n,
                    mark: generation << 1,
                };
                // Cannot fail: f and g2 are not NaN.
                let _ = b.open.push(m, f, g2);
            });
            // An empty open set is no remaining work: the pop that emptied it ends the search
            // (docs/determinism.md, "Budgets"), so `InProgress` always has a node to pop.
            if b.open.is_empty() {
                self.state = Step::NoPath;
                return self.state;
            }
        }
        self.state
    }

    /// Runs to the end.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 0, 11);
    /// assert_eq!(search.run(&topo), Step::Found);
    /// assert_eq!(search.path(), vec![0, 1, 2, 3, 7, 11]); // no corner cutting past (2, 1)
    /// ```
    pub fn run<T: Topology>(&mut self, topology: &T) -> Step {
        while self.step(topology, u32::MAX) == Step::InProgress {}
        self.state
    }

    /// Runs to the end in slices of 256 iterations, asking `cancel` before each slice.
    ///
    /// # Errors
    ///
    /// [`Cancelled`] when `cancel` returned `true`; the search stays resumable.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// use onepath::search::Cancelled;
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 4, 7);
    /// assert_eq!(search.run_cancellable(&topo, || true), Err(Cancelled)); // asked before the first slice
    /// assert_eq!(search.run_cancellable(&topo, || false), Ok(Step::Found));
    /// ```
    pub fn run_cancellable<T: Topology>(
        &mut self,
        topology: &T,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<Step, Cancelled> {
        while self.state == Step::InProgress {
            if cancel() {
                return Err(Cancelled);
            }
            let _ = self.step(topology, CANCEL_SLICE);
        }
        Ok(self.state)
    }

    /// Forgets the current search: idle, no counters, an empty open set.
    pub(crate) fn make_idle(&mut self) {
        self.state = Step::Idle;
        self.node_count = 0;
        self.start = NO_NODE;
        self.goal = NO_NODE;
        self.iterations = 0;
        self.expansions = 0;
        self.buffers.open.clear();
        self.buffers.expanded.clear();
        self.buffers.trace.clear();
    }

    /// The current state.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, SearchBuffers, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// assert_eq!(search.state(), Step::Idle);
    /// search.try_begin(&topo, 0, 3);
    /// assert_eq!(search.state(), Step::InProgress);
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
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, SearchBuffers, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 0, 3);
    /// search.step(&topo, 2);
    /// assert_eq!(search.iterations(), 2);
    /// ```
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Expansions so far (pops that expanded a node; the goal's pop is not one).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 0, 3);
    /// search.run(&topo);
    /// assert_eq!((search.iterations(), search.expansions()), (4, 3)); // the goal's pop is not one
    /// ```
    pub fn expansions(&self) -> u32 {
        self.expansions
    }

    /// The path cost `g[goal]` when found, else +∞.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 0, 3);
    /// assert_eq!(search.cost(), f64::INFINITY);
    /// search.run(&topo);
    /// assert_eq!(search.cost(), 3.0);
    /// ```
    pub fn cost(&self) -> f64 {
        if self.state == Step::Found {
            self.buffers.nodes[self.goal as usize].g
        } else {
            f64::INFINITY
        }
    }

    /// Number of nodes on the found path (0 unless found).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 0, 3);
    /// search.run(&topo);
    /// assert_eq!(search.path_len(), 4);
    /// ```
    pub fn path_len(&self) -> usize {
        self.walk_back(|_| {})
    }

    /// Writes the path, start first, into `out` and returns its length; `None` (and nothing
    /// written) when `out` is shorter than [`path_len`](AStar::path_len). `Some(0)` unless found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 0, 3);
    /// search.run(&topo);
    /// let mut out = [0u32; 8]; // a buffer kept between ticks
    /// assert_eq!(search.copy_path(&mut out), Some(4));
    /// assert_eq!(&out[..4], &[0, 1, 2, 3]);
    /// assert_eq!(search.copy_path(&mut out[..2]), None);
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [u32]) -> Option<usize> {
        self.buffers.copy_chain(self.goal, self.path_limit(), out)
    }

    /// The path as a new vector (allocates; tier-1 convenience).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&topo, 8, 11);
    /// search.run(&topo);
    /// assert_eq!(search.path(), vec![8, 9, 10, 11]);
    /// ```
    pub fn path(&self) -> Vec<u32> {
        let mut v = alloc::vec![0; self.path_len()];
        let _ = self.copy_path(&mut v);
        v
    }

    /// Calls `f` for each node from the goal back to the start; returns the count.
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

#[cfg(test)]
mod tests {
    use super::usable_step;

    #[test]
    fn usable_step_equals_the_comparisons() {
        let values = [
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
            1.0,
            core::f64::consts::SQRT_2,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -1.0,
            -f64::from_bits(1),
            f64::NAN,
            -f64::NAN,
            f64::from_bits(0x7FF0_0000_0000_0001),
            f64::from_bits(0xFFF8_0000_0000_0001),
        ];
        for v in values {
            assert_eq!(usable_step(v), (0.0..f64::INFINITY).contains(&v), "{v:?}");
        }
        let mut rng = crate::math::SplitMix64::new(3);
        for _ in 0..100_000 {
            let v = f64::from_bits(rng.next_u64());
            assert_eq!(usable_step(v), (0.0..f64::INFINITY).contains(&v), "{v:?}");
        }
    }
}
