//! [`ReplanSearch`]: one engine for Lifelong Planning A* and D* Lite (spec: grids.md,
//! “Incremental replanning (LPA, D Lite)”), tier 2. Path extraction is in `path.rs`.

use alloc::vec::Vec;

use super::open_set::{ReplanKey, ReplanOpenSet, approx_eq};
use crate::search::{NO_NODE, Step};
use crate::topology::{Heuristic, StepCost, Topology};

/// Which replanner a [`ReplanSearch`] is.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::replan::{ReplanSearch, ReplanVariant};
/// use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let grid = Grid::new(4, 1).unwrap();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
/// for (variant, root) in [(ReplanVariant::LpaStar, 0), (ReplanVariant::DStarLite, 3)] {
///     let mut s = ReplanSearch::new(variant, DefaultStepCost, ManhattanHeuristic::new(4, 1.0));
///     s.try_begin(&topo, 0, 3);
///     s.run(&topo);
///     assert_eq!((s.root(), s.cost()), (root, 3.0)); // D* Lite searches from the goal
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReplanVariant {
    /// Lifelong Planning A* (Koenig, Likhachev & Furcy 2004): searches from the start (root)
    /// towards the goal (focus). Moving the start or changing the goal begins again.
    LpaStar,
    /// D* Lite (Koenig & Likhachev 2002, with the key modifier `km`): searches from the goal
    /// (root) towards the start (focus), so the start may move and the work is kept.
    DStarLite,
}

/// Whether a move cost may be taken: `0 <= c < +∞` (not NaN, not negative, not +∞).
#[inline]
pub(super) fn usable(c: f64) -> bool {
    (0.0..f64::INFINITY).contains(&c)
}

/// An incremental replanner over any [`Topology`] (tier 2): LPA* or D* Lite, chosen by
/// [`ReplanVariant`].
///
/// It keeps, for every node, `g` (the cost from the *root*) and `rhs` (the one-step
/// lookahead: 0 at the root, otherwise the smallest `g(v) + cost` over the neighbours `v`,
/// where the cost is the move `v → node` for LPA* and `node → v` for D* Lite, through the
/// cost hook). Nodes whose `g` and `rhs` differ are queued in a [`ReplanOpenSet`]. The root
/// is the start for LPA* and the goal for D* Lite; the other end is the *focus*.
///
/// Like [`AStar`](crate::search::AStar) it owns its memory and borrows the map per call
/// (`step(&topology, budget)`), so the map can be edited between calls; after an edit, tell
/// the search which nodes to re-examine with [`mark_changed`](ReplanSearch::mark_changed)
/// (the `replan` module's helpers compute them from a grid's edit journal).
///
/// # Requirements
///
/// The move graph must be undirected in structure, with equal base costs both ways (true of
/// the square and hex topologies); the heuristic consistent and symmetric (octile,
/// Manhattan, hex distance, zero). A hook answer of NaN, a negative value or +∞ removes the
/// move.
///
/// # Invariants
///
/// `g`, `rhs` hold `node_count` entries; a node is queued exactly when `g` and `rhs` differ
/// beyond the tolerance; `rhs` of every node is its full minimum over the current `g` values
/// (except nodes waiting in the pending list); the root's `rhs` is 0 when walkable.
///
/// # Determinism
///
/// Any sequence of budgets ends with the status, counts, path and cost bits of one unsliced
/// call: the budget only says where the loop pauses.
///
/// # Memory
///
/// After the first search on a node count, `step`, `mark_changed` (up to the node count),
/// `move_start` and path extraction allocate nothing.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::replan::{ReplanSearch, ReplanVariant};
/// use onepath::search::Step;
/// use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
/// use onepath::{Cell, Connectivity, DiagonalRule, Grid};
///
/// let mut grid = Grid::from_text(".....\n.....\n.....").unwrap();
/// let mut search = ReplanSearch::new(
///     ReplanVariant::DStarLite,
///     DefaultStepCost,
///     ManhattanHeuristic::new(5, 1.0),
/// );
/// let four = Connectivity::Four;
/// let topo = SquareTopology::new(&grid, 1, four, DiagonalRule::NoCornerCutting).unwrap();
/// assert_eq!(search.try_begin(&topo, 5, 9), Step::InProgress); // (0, 1) to (4, 1)
/// assert_eq!(search.run(&topo), Step::Found);
/// assert_eq!(search.cost(), 4.0);
/// // A wall appears on the straight line: re-examine the cells around it and repair.
/// grid.set_walkable(Cell::new(2, 1), false).unwrap();
/// for node in [1, 2, 3, 6, 7, 8, 11, 12, 13] {
///     search.mark_changed(node);
/// }
/// let topo = SquareTopology::new(&grid, 1, four, DiagonalRule::NoCornerCutting).unwrap();
/// assert_eq!(search.run(&topo), Step::Found);
/// assert_eq!(search.cost(), 6.0);
/// assert!(!search.path().contains(&7));
/// ```
#[derive(Clone, Debug)]
pub struct ReplanSearch<C, H> {
    pub(super) variant: ReplanVariant,
    pub(super) cost: C,
    pub(super) heuristic: H,
    pub(super) g: Vec<f64>,
    pub(super) rhs: Vec<f64>,
    pub(super) open: ReplanOpenSet,
    pub(super) node_count: u32,
    pub(super) root: u32,
    pub(super) focus: u32,
    pub(super) km: f64,
    pub(super) state: Step,
    pub(super) iterations: u32,
    pub(super) expansions: u32,
    /// Nodes to re-examine at the next step.
    pub(super) pending: Vec<u32>,
    /// The next step begins again from scratch.
    pub(super) restart_pending: bool,
    /// Neighbour scratch of one expansion; also the path a restore walks before it commits
    /// (sized for a path, `node_count + 1`, once per node count).
    pub(super) scratch: Vec<u32>,
    /// Per-node marks of a restore's checks (pending, queued): kept, so that restoring a
    /// state of a node count seen before allocates nothing.
    pub(super) marks: Vec<u8>,
    /// The last path found, start to goal, and its exact cost.
    pub(super) path: Vec<u32>,
    pub(super) path_cost: f64,
    /// The current repair already began again because its path walk failed on a finite
    /// focus cost (zero-cost moves, module `path`); a second failure reports `NoPath`. Not
    /// part of a snapshot: a restore clears it (allowing one more such restart).
    pub(super) walk_restarted: bool,
}

impl<C: StepCost, H: Heuristic> ReplanSearch<C, H> {
    /// An idle replanner of `variant` with the cost hook and heuristic.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// assert_eq!(s.variant(), ReplanVariant::LpaStar);
    /// s.try_begin(&four(&grid), 6, 11); // (0, 1) to (5, 1)
    /// assert_eq!((s.run(&four(&grid)), s.cost()), (Step::Found, 5.0));
    /// ```
    pub fn new(variant: ReplanVariant, cost: C, heuristic: H) -> Self {
        Self {
            variant,
            cost,
            heuristic,
            g: Vec::new(),
            rhs: Vec::new(),
            open: ReplanOpenSet::new(),
            node_count: 0,
            root: NO_NODE,
            focus: NO_NODE,
            km: 0.0,
            state: Step::Idle,
            iterations: 0,
            expansions: 0,
            pending: Vec::new(),
            restart_pending: false,
            scratch: Vec::new(),
            marks: Vec::new(),
            path: Vec::new(),
            path_cost: f64::INFINITY,
            walk_restarted: false,
        }
    }

    /// Replaces the heuristic and begins again (what an area-multiplier change needs: the
    /// heuristic's scale is the smallest multiplier, and every key depends on it).
    pub fn set_heuristic(&mut self, heuristic: H) {
        self.heuristic = heuristic;
        self.request_restart();
    }

    /// Replaces the heuristic without beginning again (a restore that then checks the keys).
    pub(crate) fn replace_heuristic(&mut self, heuristic: H) {
        self.heuristic = heuristic;
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }

    /// The variant.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// assert_eq!(s.variant(), ReplanVariant::DStarLite);
    /// ```
    pub fn variant(&self) -> ReplanVariant {
        self.variant
    }

    /// Begins a search from `start` to `goal` over `topology` (root and focus by variant).
    ///
    /// Returns [`Step::InProgress`], or [`Step::StartInvalid`] / [`Step::GoalInvalid`] when an
    /// endpoint is out of range or not walkable; a refusal leaves the search untouched.
    ///
    /// # Complexity
    ///
    /// O(node count) (the `g`/`rhs` arrays are reset); allocates only for a larger node count
    /// than before.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// grid.set_walkable(Cell::new(0, 0), false).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// assert_eq!(s.try_begin(&four(&grid), 6, 11), Step::InProgress);
    /// assert_eq!(s.try_begin(&four(&grid), 0, 11), Step::StartInvalid);
    /// assert_eq!(s.path(), &[] as &[u32]); // nothing searched yet
    /// ```
    pub fn try_begin<T: Topology>(&mut self, topology: &T, start: u32, goal: u32) -> Step {
        if !topology.is_walkable(start) {
            return Step::StartInvalid;
        }
        if !topology.is_walkable(goal) {
            return Step::GoalInvalid;
        }
        let (root, focus) = match self.variant {
            ReplanVariant::LpaStar => (start, goal),
            ReplanVariant::DStarLite => (goal, start),
        };
        self.root = root;
        self.focus = focus;
        self.node_count = topology.node_count();
        self.restart(topology);
        self.iterations = 0;
        self.expansions = 0;
        self.walk_restarted = false;
        self.state = Step::InProgress;
        Step::InProgress
    }

    /// Forgets all work and queues the root again (keeps root and focus).
    fn restart<T: Topology>(&mut self, topology: &T) {
        let n = self.node_count as usize;
        self.g.clear();
        self.g.resize(n, f64::INFINITY);
        self.rhs.clear();
        self.rhs.resize(n, f64::INFINITY);
        self.open.reserve_nodes(self.node_count);
        // Sized once per node count, so marking changes and extracting paths never allocate
        // in steady state (a path visits each node at most once; pending turns into a restart
        // past the node count).
        self.pending.clear();
        self.pending.reserve(n);
        if self.path.capacity() < n + 1 {
            self.path.reserve(n + 1);
        }
        // And what a restore uses, so that restoring after a search allocates nothing: the
        // buffer its path walk fills before it commits (then swapped with the path), its marks.
        if self.scratch.capacity() < n + 1 {
            self.scratch
                .reserve((n + 1).saturating_sub(self.scratch.len()));
        }
        if self.marks.capacity() < n {
            self.marks.reserve(n - self.marks.len());
        }
        self.restart_pending = false;
        self.km = 0.0;
        self.heuristic.set_goal(self.focus);
        self.path.clear();
        self.path_cost = f64::INFINITY;
        if topology.is_walkable(self.root) {
            self.rhs[self.root as usize] = 0.0;
            let key = self.key(self.root);
            self.open.push(self.root, key);
        }
    }

    /// The current key of `node`: `[min(g, rhs) + h(focus, node) + km, min(g, rhs)]`.
    #[inline]
    pub(super) fn key(&self, node: u32) -> ReplanKey {
        let i = node as usize;
        let m = self.g[i].min(self.rhs[i]);
        ReplanKey {
            k1: m + self.heuristic.estimate(node) + self.km,
            k2: m,
        }
    }

    /// Marks that the search must pick up new work (counters restart when the last call had
    /// finished, and the path goes: it is empty unless the state is `Found`, so the state is
    /// a function of what a snapshot holds).
    fn wake(&mut self) {
        if self.state != Step::InProgress {
            self.iterations = 0;
            self.expansions = 0;
            self.walk_restarted = false;
            self.state = Step::InProgress;
            self.path.clear();
            self.path_cost = f64::INFINITY;
        }
    }

    /// Asks the next step to re-examine `node` (tier 3, the spec's `MarkChanged`): recompute
    /// its `rhs` from its neighbours and queue or dequeue it. Mark both ends of every move
    /// whose cost or legality changed (a node whose walkability changed counts as all its
    /// moves changing). More pending nodes than the map has turns into a restart. Nodes out
    /// of range and calls before [`try_begin`](ReplanSearch::try_begin) are ignored.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&four(&grid), 6, 11);
    /// s.run(&four(&grid));
    /// grid.set_walkable(Cell::new(3, 1), false).unwrap();
    /// for node in [3, 8, 9, 10, 15] {
    ///     s.mark_changed(node); // the wall cell and its neighbours
    /// }
    /// assert_eq!(s.run(&four(&grid)), Step::Found);
    /// assert_eq!(s.cost(), 7.0);
    /// ```
    pub fn mark_changed(&mut self, node: u32) {
        if self.root == NO_NODE || node >= self.node_count {
            return;
        }
        self.wake();
        if self.restart_pending {
            return;
        }
        if self.pending.len() >= self.node_count as usize {
            self.request_restart();
            return;
        }
        self.pending.push(node);
    }

    /// Makes the next step begin again from scratch (the spec's `Invalidate`, and what a
    /// change too large to repair does): all work is dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&four(&grid), 6, 11);
    /// s.run(&four(&grid));
    /// grid.set_rect(2, 0, 1, 3, 255).unwrap(); // too much to mark by hand
    /// s.request_restart();
    /// assert_eq!(s.run(&four(&grid)), Step::NoPath);
    /// ```
    pub fn request_restart(&mut self) {
        if self.root == NO_NODE {
            return;
        }
        self.wake();
        self.restart_pending = true;
        self.pending.clear();
    }

    /// Moves the start to `start` (the agent advanced, or was moved).
    ///
    /// D* Lite keeps its work: `km += h(old start, new start)` and the heuristic is aimed at
    /// the new start. LPA* begins again. Returns [`Step::InProgress`], or
    /// [`Step::StartInvalid`] (nothing changes) when `start` is not walkable; moving to the
    /// current start changes nothing and returns the current state.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&four(&grid), 6, 11);
    /// s.run(&four(&grid));
    /// assert_eq!(s.move_start(&four(&grid), 7), Step::InProgress); // one step east
    /// s.run(&four(&grid));
    /// assert_eq!((s.cost(), s.km()), (4.0, 1.0)); // D* Lite kept its work: km grew by h
    /// ```
    pub fn move_start<T: Topology>(&mut self, topology: &T, start: u32) -> Step {
        if !topology.is_walkable(start) {
            return Step::StartInvalid;
        }
        if self.root == NO_NODE {
            return Step::Idle;
        }
        match self.variant {
            ReplanVariant::LpaStar => {
                if start == self.root {
                    return self.state;
                }
                self.root = start;
                self.request_restart();
            }
            ReplanVariant::DStarLite => {
                if start == self.focus {
                    return self.state;
                }
                // h(old, new): the heuristic is aimed at the old start.
                self.km += self.heuristic.estimate(start);
                self.focus = start;
                self.heuristic.set_goal(start);
                self.wake();
            }
        }
        Step::InProgress
    }

    /// Changes the goal; both variants begin again. Returns [`Step::InProgress`], or
    /// [`Step::GoalInvalid`] (nothing changes) when `goal` is not walkable.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&four(&grid), 6, 11);
    /// s.run(&four(&grid));
    /// s.set_goal(&four(&grid), 8);
    /// s.run(&four(&grid));
    /// assert_eq!((s.focus(), s.cost()), (8, 2.0));
    /// ```
    pub fn set_goal<T: Topology>(&mut self, topology: &T, goal: u32) -> Step {
        if !topology.is_walkable(goal) {
            return Step::GoalInvalid;
        }
        if self.root == NO_NODE {
            return Step::Idle;
        }
        let current = match self.variant {
            ReplanVariant::LpaStar => &mut self.focus,
            ReplanVariant::DStarLite => &mut self.root,
        };
        if *current == goal {
            return self.state;
        }
        *current = goal;
        self.request_restart();
        Step::InProgress
    }

    /// Recomputes `rhs(node)` as a full minimum and queues or dequeues the node.
    pub(super) fn update<T: Topology>(&mut self, topology: &T, node: u32) {
        let i = node as usize;
        let rhs = if !topology.is_walkable(node) {
            f64::INFINITY
        } else if node == self.root {
            0.0
        } else {
            let mut best = f64::INFINITY;
            let (g, cost, lpa) = (&self.g, &self.cost, self.variant == ReplanVariant::LpaStar);
            topology.for_each_neighbor(node, |v, base| {
                let c = if lpa {
                    cost.cost(v, node, base)
                } else {
                    cost.cost(node, v, base)
                };
                if usable(c) {
                    let t = g[v as usize] + c;
                    if t < best {
                        best = t;
                    }
                }
            });
            best
        };
        self.rhs[i] = rhs;
        if approx_eq(self.g[i], rhs) {
            self.open.remove(node);
        } else {
            let key = self.key(node);
            self.open.push(node, key);
        }
    }

    /// Applies the pending changes (or the restart), before any pop.
    fn apply_pending<T: Topology>(&mut self, topology: &T) {
        if self.restart_pending {
            self.restart(topology);
            return;
        }
        let mut pending = core::mem::take(&mut self.pending);
        for &node in &pending {
            self.update(topology, node);
        }
        pending.clear();
        self.pending = pending;
    }

    /// Whether the loop must go on: the top key is smaller than the focus's key, or the focus
    /// is inconsistent.
    pub(super) fn must_continue(&self) -> bool {
        let Some((_, top)) = self.open.top() else {
            return false;
        };
        let f = self.focus as usize;
        !approx_eq(self.g[f], self.rhs[f]) || top.less_than(&self.key(self.focus))
    }

    /// Replans with at most `budget` pops (the spec's `Replan(budget)`): applies the pending
    /// changes, then runs the loop. Returns [`Step::InProgress`] when the budget ran out
    /// (call again: the next call resumes), else the result: [`Step::Found`] (read
    /// [`path`](ReplanSearch::path) and [`cost`](ReplanSearch::cost)), [`Step::NoPath`],
    /// [`Step::StartInvalid`] / [`Step::GoalInvalid`] (an endpoint is not walkable now; the
    /// work is kept), or [`Step::Idle`] before `try_begin`. Calling again with nothing
    /// changed returns the same result at no cost.
    ///
    /// # Complexity
    ///
    /// At most `budget` pops, each O(degree² + log queue) (a pop recomputes the `rhs` of its
    /// neighbours), plus the pending re-examinations and, on `Found`, path extraction in
    /// O(path length × degree) (with zero-cost moves, O(nodes × degree) at worst, and a walk
    /// that fails on a finite cost begins the search again once: see the module docs).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&four(&grid), 6, 11);
    /// while s.step(&four(&grid), 2) == Step::InProgress {} // two pops per tick
    /// assert_eq!(s.state(), Step::Found);
    /// assert_eq!(s.path(), &[6, 7, 8, 9, 10, 11]);
    /// ```
    pub fn step<T: Topology>(&mut self, topology: &T, budget: u32) -> Step {
        if self.state != Step::InProgress {
            return self.state;
        }
        if topology.node_count() != self.node_count {
            // Another map: nothing here can be repaired.
            self.node_count = topology.node_count();
            self.restart_pending = true;
        }
        self.apply_pending(topology);
        let start = match self.variant {
            ReplanVariant::LpaStar => self.root,
            ReplanVariant::DStarLite => self.focus,
        };
        let goal = match self.variant {
            ReplanVariant::LpaStar => self.focus,
            ReplanVariant::DStarLite => self.root,
        };
        if !topology.is_walkable(start) {
            self.path.clear();
            self.path_cost = f64::INFINITY;
            return Step::StartInvalid;
        }
        if !topology.is_walkable(goal) {
            self.path.clear();
            self.path_cost = f64::INFINITY;
            return Step::GoalInvalid;
        }
        let mut used = 0u32;
        loop {
            if self.must_continue() {
                if used == budget {
                    return Step::InProgress;
                }
                used += 1;
                self.iterations = self.iterations.saturating_add(1);
                self.pop_once(topology);
                continue;
            }
            let finite = self.g[self.focus as usize].is_finite();
            if finite && self.extract_path(topology) {
                self.state = Step::Found;
                break;
            }
            if finite && !self.walk_restarted {
                // A finite focus cost no walk of cheapest moves reaches the root from: a repair
                // kept a cost alive through a cycle of zero-cost moves (each end's rhs read the
                // other's old g). Costs from scratch have no such cycle: begin again, once.
                self.walk_restarted = true;
                self.restart(topology);
                continue;
            }
            self.path.clear();
            self.path_cost = f64::INFINITY;
            self.state = Step::NoPath;
            break;
        }
        self.state
    }

    /// The spec's name for [`step`](ReplanSearch::step): replans with at most `budget` pops.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 11);
    /// while s.replan(&topo, 4) == Step::InProgress {}
    /// assert_eq!(s.cost(), 5.0);
    /// ```
    pub fn replan<T: Topology>(&mut self, topology: &T, budget: u32) -> Step {
        self.step(topology, budget)
    }

    /// [`step`](ReplanSearch::step) without a budget.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 0, 17);
    /// assert_eq!(s.run(&topo), Step::Found);
    /// assert_eq!(s.cost(), 7.0);
    /// ```
    pub fn run<T: Topology>(&mut self, topology: &T) -> Step {
        self.step(topology, u32::MAX)
    }

    /// One iteration: pop, then re-queue a stale key, settle an over-consistent node or raise
    /// an under-consistent one.
    fn pop_once<T: Topology>(&mut self, topology: &T) {
        let Some((u, old)) = self.open.pop() else {
            return;
        };
        let new = self.key(u);
        let i = u as usize;
        if old.less_than(&new) {
            self.open.push(u, new);
            return;
        }
        self.expansions = self.expansions.saturating_add(1);
        let mut around = core::mem::take(&mut self.scratch);
        around.clear();
        topology.for_each_neighbor(u, |v, _| around.push(v));
        if self.g[i] > self.rhs[i] {
            self.g[i] = self.rhs[i];
        } else {
            self.g[i] = f64::INFINITY;
            self.update(topology, u);
        }
        for &v in &around {
            self.update(topology, v);
        }
        self.scratch = around;
    }

    /// The state of the last call.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// assert_eq!(s.state(), Step::Idle);
    /// s.try_begin(&topo, 6, 11);
    /// assert_eq!(s.state(), Step::InProgress);
    /// ```
    pub fn state(&self) -> Step {
        self.state
    }

    /// Pops since the current repair began (a repair begins with the first call after a
    /// finished one and new work: a change, a start move, a restart).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 11);
    /// s.run(&topo);
    /// assert!(s.iterations() >= s.expansions() && s.expansions() > 0);
    /// ```
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Pops of the current repair that changed a `g`.
    pub fn expansions(&self) -> u32 {
        self.expansions
    }

    /// The root (LPA*: the start; D* Lite: the goal), `u32::MAX` before `try_begin`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 11);
    /// assert_eq!((s.root(), s.focus()), (11, 6)); // D* Lite searches from the goal
    /// ```
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The focus (LPA*: the goal; D* Lite: the start).
    pub fn focus(&self) -> u32 {
        self.focus
    }

    /// The key modifier (D* Lite's accumulated start moves; 0 for LPA*).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 11);
    /// s.run(&topo);
    /// assert_eq!(s.km(), 0.0);
    /// s.move_start(&topo, 8); // two steps on
    /// assert_eq!(s.km(), 2.0); // h(old start, new start)
    /// ```
    pub fn km(&self) -> f64 {
        self.km
    }

    /// `g(node)`: the cost from the root as last settled (+∞ when unknown or out of range).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&four(&grid), 6, 11);
    /// s.run(&four(&grid));
    /// assert_eq!((s.root(), s.g(6), s.g(11)), (6, 0.0, 5.0)); // LPA*: g counts from the start
    /// assert_eq!(s.rhs(11), s.g(11)); // consistent after the search
    /// ```
    pub fn g(&self, node: u32) -> f64 {
        self.g.get(node as usize).copied().unwrap_or(f64::INFINITY)
    }

    /// `rhs(node)`: the one-step lookahead (+∞ when out of range).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 11);
    /// s.run(&topo);
    /// assert_eq!((s.rhs(11), s.rhs(6)), (0.0, 5.0)); // the root's lookahead is 0
    /// ```
    pub fn rhs(&self, node: u32) -> f64 {
        self.rhs
            .get(node as usize)
            .copied()
            .unwrap_or(f64::INFINITY)
    }

    /// The queue (read-only).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 11);
    /// assert_eq!(s.open_set().len(), 1); // the root
    /// ```
    pub fn open_set(&self) -> &ReplanOpenSet {
        &self.open
    }

    /// The last path found, start to goal (empty unless the state is `Found`).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 9);
    /// s.run(&topo);
    /// assert_eq!(s.path(), &[6, 7, 8, 9]);
    /// ```
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Copies the path into `out`; returns its length, or `None` when `out` is too short.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # fn four(g: &Grid) -> SquareTopology<'_> {
    /// #     SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
    /// # }
    /// # let mut grid = Grid::new(6, 3).unwrap();
    /// let mut s = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&four(&grid), 0, 2);
    /// s.run(&four(&grid));
    /// let mut out = [0u32; 8];
    /// assert_eq!(s.copy_path(&mut out), Some(3));
    /// assert_eq!(&out[..3], &[0, 1, 2]);
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [u32]) -> Option<usize> {
        let dst = out.get_mut(..self.path.len())?;
        dst.copy_from_slice(&self.path);
        Some(self.path.len())
    }

    /// The exact cost of [`path`](ReplanSearch::path): its step costs added in start-to-goal
    /// order (+∞ without a path).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// s.try_begin(&topo, 6, 9);
    /// assert_eq!(s.cost(), f64::INFINITY);
    /// s.run(&topo);
    /// assert_eq!(s.cost(), 3.0); // summed along the path, start to goal
    /// ```
    pub fn cost(&self) -> f64 {
        self.path_cost
    }

    /// The cost hook.
    pub fn cost_hook(&self) -> &C {
        &self.cost
    }

    /// Checks the invariants against `topology` (tests and fuzzing): the queue's own, the
    /// queued nodes exactly the inconsistent ones, every `rhs` its full minimum (when no
    /// change is pending).
    ///
    /// # Errors
    ///
    /// A message naming the first broken invariant.
    pub fn check_invariants<T: Topology>(&self, topology: &T) -> Result<(), &'static str> {
        self.open.check_invariants()?;
        if self.root == NO_NODE {
            return Ok(());
        }
        if self.g.len() != self.node_count as usize || self.rhs.len() != self.g.len() {
            return Err("g and rhs do not have one entry per node");
        }
        if !self.pending.is_empty() || self.restart_pending {
            return Ok(());
        }
        for node in 0..self.node_count {
            let i = node as usize;
            if approx_eq(self.g[i], self.rhs[i]) == self.open.contains(node) {
                return Err("a node is queued exactly when it is consistent");
            }
            let mut copy_rhs = self.rhs[i];
            let lpa = self.variant == ReplanVariant::LpaStar;
            if topology.is_walkable(node) && node != self.root {
                let mut best = f64::INFINITY;
                topology.for_each_neighbor(node, |v, base| {
                    let c = if lpa {
                        self.cost.cost(v, node, base)
                    } else {
                        self.cost.cost(node, v, base)
                    };
                    if usable(c) && self.g[v as usize] + c < best {
                        best = self.g[v as usize] + c;
                    }
                });
                core::mem::swap(&mut copy_rhs, &mut best);
                if best.to_bits() != copy_rhs.to_bits() {
                    return Err("an rhs is not the minimum over its neighbours");
                }
            }
        }
        Ok(())
    }
}
