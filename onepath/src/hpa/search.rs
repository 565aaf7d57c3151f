//! [`HpaSearch`]: start and goal insertion, abstract A*, refinement and smoothing (spec:
//! grids.md, "HPA*", "Query" and "Smoothing").

use alloc::vec::Vec;

use super::chunk_search::ChunkSearch;
use super::error::HpaError;
use super::hierarchy::{HpaHierarchy, topology};
use super::smoothing::{Smoother, move_cost};
use crate::grid::{Connectivity, Grid, SquareTopology};
use crate::search::{CANCEL_SLICE, Cancelled, OpenSet, Step};
use crate::topology::{Heuristic, ManhattanHeuristic, OctileHeuristic, Topology};

pub(super) const NONE: u32 = u32::MAX;

/// A resumable HPA* query over an [`HpaHierarchy`] (tier 2).
///
/// [`try_begin`](Self::try_begin) inserts the start and the goal: one chunk-restricted
/// Dijkstra from the start prices the edges from the start to every node of its chunk (and to
/// the goal when it shares the chunk), one from the goal the edges from the nodes of the
/// goal's chunk into the goal (moves cost the same both ways). [`step`](Self::step) then runs
/// A* over the abstract graph with cells as node ids: open order smaller f, then larger g,
/// then smaller cell; the estimate is octile (eight moves) or Manhattan (four) times the
/// smallest area multiplier; edges are relaxed by strict improvement in the order start edges
/// or intra-edges by node index, the edge into the goal, inter-edges by target. One iteration
/// is one pop of the abstract open set. When the goal is popped, each abstract edge is refined
/// into cells by repeating the chunk-restricted search that priced it (a border crossing is one
/// step), and the cells are smoothed (on by default, see [`set_smoothing`](Self::set_smoothing)).
///
/// A path is found exactly when one exists; every step is a legal move and
/// [`cost`](Self::cost) is the sum of the final path's move costs in path order, never below
/// the optimum.
///
/// # Complexity
///
/// Insertion: two Dijkstras over at most C² cells. Each iteration: O(n + inter-edges) of one
/// chunk plus heap work. Refinement: one chunk Dijkstra per abstract edge. Smoothing: per path
/// position up to eight walks, each bounded by the rest of the path's cost. Working memory: 20
/// bytes per grid cell for the abstract search, C² for the chunk search.
///
/// # Determinism
///
/// Every order is the one written above; slicing with any budgets gives the same iterations,
/// path and cost as one unsliced run. After the first search on a grid of a given size and
/// path length, `try_begin`, `step` and `copy_path` allocate nothing.
///
/// # Stale reads
///
/// The search belongs to the grid revision it began on (ARCHITECTURE.md, “Stale reads”).
/// After an edit, [`step`](Self::step) refuses to go on ([`HpaError::StaleSearch`], even once
/// the hierarchy is refreshed), and the reads that take no grid ([`path`](Self::path),
/// [`cost`](Self::cost), [`state`](Self::state), …) keep the old answer: the flag
/// [`is_current`](Self::is_current) says so, and [`current`](Self::current) turns it into an
/// error.
///
/// # Examples
///
/// ```
/// use onepath::{Grid, Step};
/// use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(3)).unwrap();
/// let mut s = HpaSearch::new();
/// assert_eq!(s.try_begin(&h, &grid, 6, 11), Ok(Step::InProgress));
/// assert_eq!(s.run(&h, &grid), Ok(Step::Found));
/// // Around the wall over the top row (corners are not cut): 7 straight steps.
/// assert_eq!(s.path(), [6, 0, 1, 2, 3, 4, 5, 11]);
/// assert_eq!(s.cost(), 7.0);
/// ```
#[derive(Clone, Debug)]
pub struct HpaSearch {
    pub(super) smoothing: bool,
    pub(super) state: Step,
    pub(super) start: u32,
    pub(super) goal: u32,
    pub(super) start_chunk: u32,
    pub(super) goal_chunk: u32,
    /// Cost from the start to each node of its chunk (node order).
    pub(super) start_costs: Vec<f64>,
    /// Cost from each node of the goal's chunk to the goal (node order).
    pub(super) goal_costs: Vec<f64>,
    pub(super) start_to_goal: f64,
    pub(super) g: Vec<f64>,
    pub(super) parent: Vec<u32>,
    /// `generation << 1 | closed`.
    pub(super) mark: Vec<u32>,
    pub(super) generation: u32,
    /// Whether the goal's current parent reached it through the edge into the goal (priced by
    /// the goal's Dijkstra) rather than an intra-edge or start edge.
    pub(super) goal_via_goal_edge: bool,
    pub(super) open: OpenSet,
    pub(super) octile: OctileHeuristic,
    pub(super) manhattan: ManhattanHeuristic,
    pub(super) eight: bool,
    pub(super) iterations: u32,
    pub(super) expansions: u32,
    pub(super) chunk: ChunkSearch,
    /// Insertion costs computed while a restore validates (swapped in when it succeeds).
    pub(super) spare_start: Vec<f64>,
    pub(super) spare_goal: Vec<f64>,
    smoother: Smoother,
    pub(super) abstract_path: Vec<u32>,
    refined: Vec<u32>,
    scratch: Vec<u32>,
    pub(super) path: Vec<u32>,
    /// The grid revision the search began on or was restored at (0 while idle).
    pub(super) revision: u64,
    pub(super) cost: f64,
}

/// Start and goal insertion: the chunk-restricted Dijkstra from `start` prices the edges to
/// every node of its chunk (into `start_costs`, node order) and returns the cost to `goal`
/// when it shares the chunk (`+inf` otherwise); the one from `goal` prices the edges from the
/// nodes of the goal's chunk into the goal (into `goal_costs`).
pub(super) fn insertion(
    chunk: &mut ChunkSearch,
    hier: &HpaHierarchy,
    topo: &SquareTopology<'_>,
    (start, goal): (u32, u32),
    start_costs: &mut Vec<f64>,
    goal_costs: &mut Vec<f64>,
) -> f64 {
    let (ks, kg) = (
        hier.chunk_of(start).unwrap_or(0),
        hier.chunk_of(goal).unwrap_or(0),
    );
    let same = ks == kg;
    let nodes = &hier.chunk(ks).nodes;
    chunk.run(
        topo,
        hier.rect(ks),
        start,
        nodes,
        if same { goal } else { NONE },
    );
    start_costs.clear();
    start_costs.extend(nodes.iter().map(|&n| chunk.cost(n)));
    let to_goal = if same {
        chunk.cost(goal)
    } else {
        f64::INFINITY
    };
    let nodes = &hier.chunk(kg).nodes;
    chunk.run(topo, hier.rect(kg), goal, nodes, NONE);
    goal_costs.clear();
    goal_costs.extend(nodes.iter().map(|&n| chunk.cost(n)));
    to_goal
}

/// A query's insertion into the abstract graph, as [`HpaSearch::step`] relaxes it: the
/// endpoints, the goal's chunk (`chunk_of(goal)`, 0 outside) and the costs [`insertion`]
/// computed.
pub(super) struct Insertion<'c> {
    pub(super) ends: (u32, u32),
    pub(super) goal_chunk: u32,
    pub(super) start_costs: &'c [f64],
    pub(super) goal_costs: &'c [f64],
    pub(super) start_to_goal: f64,
}

impl Insertion<'_> {
    /// Calls `visit(to, cost, via_goal_edge)` for every abstract edge the search relaxes out
    /// of `n`, in its order: the start's edges to the nodes of its chunk (node order) and to the
    /// goal, or a transition node's intra-edges (node order) and its edge into the goal (when
    /// it shares the goal's chunk, `via_goal_edge`); then a transition node's inter-edges. The
    /// search relaxes with it and restore (kind 9) recomputes it, so both use this one function.
    pub(super) fn for_each_edge(
        &self,
        hier: &HpaHierarchy,
        n: u32,
        mut visit: impl FnMut(u32, f64, bool),
    ) {
        let (start, goal) = self.ends;
        let Some(k) = hier.chunk_of(n) else {
            return;
        };
        let chunk = hier.chunk(k);
        let count = chunk.nodes.len();
        let own = chunk.nodes.binary_search(&n).ok();
        if n == start {
            for (i, &m) in chunk.nodes.iter().enumerate() {
                if m != n {
                    visit(
                        m,
                        self.start_costs.get(i).copied().unwrap_or(f64::INFINITY),
                        false,
                    );
                }
            }
            visit(goal, self.start_to_goal, false);
        } else if let Some(i) = own {
            for j in 0..count {
                if j != i {
                    visit(chunk.nodes[j], chunk.intra[i * count + j], false);
                }
            }
            if k == self.goal_chunk {
                visit(
                    goal,
                    self.goal_costs.get(i).copied().unwrap_or(f64::INFINITY),
                    true,
                );
            }
        }
        if own.is_some() {
            let lo = chunk.inter.partition_point(|e| e.from < n);
            for e in chunk.inter[lo..].iter().take_while(|e| e.from == n) {
                visit(e.to, e.cost, false);
            }
        }
    }
}

impl Default for HpaSearch {
    fn default() -> Self {
        Self::new()
    }
}

impl HpaSearch {
    /// An idle search with smoothing on (allocates nothing until the first `try_begin`).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let mut s = HpaSearch::new();
    /// assert!(s.smoothing()); // on by default
    /// s.try_begin(&h, &grid, 8, 15).unwrap(); // (0, 1) to (7, 1), round the wall
    /// assert_eq!(s.run(&h, &grid), Ok(Step::Found));
    /// assert_eq!(s.cost(), 9.0);
    /// ```
    pub fn new() -> Self {
        Self {
            smoothing: true,
            state: Step::Idle,
            start: NONE,
            goal: NONE,
            start_chunk: 0,
            goal_chunk: 0,
            start_costs: Vec::new(),
            goal_costs: Vec::new(),
            start_to_goal: f64::INFINITY,
            g: Vec::new(),
            parent: Vec::new(),
            mark: Vec::new(),
            generation: 0,
            goal_via_goal_edge: false,
            open: OpenSet::new(),
            octile: OctileHeuristic::new(1, 1.0),
            manhattan: ManhattanHeuristic::new(1, 1.0),
            eight: true,
            iterations: 0,
            expansions: 0,
            chunk: ChunkSearch::default(),
            spare_start: Vec::new(),
            spare_goal: Vec::new(),
            smoother: Smoother::default(),
            abstract_path: Vec::new(),
            refined: Vec::new(),
            scratch: Vec::new(),
            path: Vec::new(),
            revision: 0,
            cost: 0.0,
        }
    }

    /// Turns smoothing on or off for the searches that begin afterwards.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let mut s = HpaSearch::new();
    /// s.set_smoothing(false);
    /// s.try_begin(&h, &grid, 24, 31).unwrap(); // along the bottom row
    /// s.run(&h, &grid).unwrap();
    /// assert_eq!(s.path(), s.refined_path()); // no smoothing: the refined path as it is
    /// ```
    pub fn set_smoothing(&mut self, on: bool) {
        self.smoothing = on;
    }

    /// Whether smoothing is on.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// s.set_smoothing(false);
    /// assert!(!s.smoothing());
    /// ```
    pub fn smoothing(&self) -> bool {
        self.smoothing
    }

    /// Begins a search from cell index `start` to `goal` (row-major indices of `grid`).
    ///
    /// Returns [`Step::InProgress`], or [`Step::StartInvalid`] / [`Step::GoalInvalid`] (outside
    /// the grid or not walkable for the hierarchy's agent size; the running search, if any, is
    /// left untouched).
    ///
    /// # Errors
    ///
    /// [`HpaError::StaleHierarchy`] when `hier` was not refreshed against `grid` as it is now.
    ///
    /// # Complexity
    ///
    /// Two chunk-restricted Dijkstras; O(cells) the first time for a grid size (sizing).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let mut s = HpaSearch::new();
    /// assert_eq!(s.try_begin(&h, &grid, 8, 15), Ok(Step::InProgress));
    /// assert_eq!(s.try_begin(&h, &grid, 9, 15), Ok(Step::StartInvalid)); // a wall
    /// assert_eq!((s.start(), s.goal()), (8, 15));
    /// ```
    pub fn try_begin(
        &mut self,
        hier: &HpaHierarchy,
        grid: &Grid,
        start: u32,
        goal: u32,
    ) -> Result<Step, HpaError> {
        hier.check_current(grid)?;
        let config = hier.config();
        let topo = topology(grid, &config, hier.clearance());
        if !topo.is_walkable(start) {
            return Ok(Step::StartInvalid);
        }
        if !topo.is_walkable(goal) {
            return Ok(Step::GoalInvalid);
        }
        let cells = grid.cell_count() as usize;
        if self.g.len() != cells {
            self.g.clear();
            self.g.resize(cells, 0.0);
            self.parent.clear();
            self.parent.resize(cells, NONE);
            self.mark.clear();
            self.mark.resize(cells, 0);
            self.generation = 0;
        }
        if self.open.node_capacity() < cells as u32 {
            self.open.reserve_nodes(cells as u32);
        }
        self.open.clear();
        self.generation += 1;
        if self.generation >= (1 << 31) {
            self.generation = 1;
            self.mark.iter_mut().for_each(|m| *m = 0);
        }
        self.start = start;
        self.goal = goal;
        self.revision = grid.revision();
        // Cannot fail: both cells are inside.
        self.start_chunk = hier.chunk_of(start).unwrap_or(0);
        self.goal_chunk = hier.chunk_of(goal).unwrap_or(0);
        self.start_to_goal = insertion(
            &mut self.chunk,
            hier,
            &topo,
            (start, goal),
            &mut self.start_costs,
            &mut self.goal_costs,
        );
        let scale = grid.areas().min_cost();
        self.eight = config.connectivity == Connectivity::Eight;
        self.octile = OctileHeuristic::new(grid.width(), scale);
        self.manhattan = ManhattanHeuristic::new(grid.width(), scale);
        self.octile.set_goal(goal);
        self.manhattan.set_goal(goal);
        self.iterations = 0;
        self.expansions = 0;
        self.goal_via_goal_edge = false;
        self.path.clear();
        self.abstract_path.clear();
        self.cost = 0.0;
        let s = start as usize;
        self.g[s] = 0.0;
        self.parent[s] = NONE;
        self.mark[s] = self.generation << 1;
        let f = self.estimate(start);
        // Cannot fail: the estimate of a cell is finite.
        let _ = self.open.push(start, f, 0.0);
        self.state = Step::InProgress;
        Ok(self.state)
    }

    pub(super) fn estimate(&self, cell: u32) -> f64 {
        if self.eight {
            self.octile.estimate(cell)
        } else {
            self.manhattan.estimate(cell)
        }
    }

    /// Pops at most `budget` abstract nodes and returns [`Step::InProgress`] while work
    /// remains, else [`Step::Found`] (the path is refined and smoothed by then) or
    /// [`Step::NoPath`]. Any sequence of budgets gives the result of one unsliced run.
    ///
    /// # Errors
    ///
    /// [`HpaError::StaleHierarchy`] when the grid changed since `hier` was refreshed;
    /// [`HpaError::StaleSearch`] when it changed since the search began (refreshed or not:
    /// begin again).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 8, 15).unwrap();
    /// while s.step(&h, &grid, 1).unwrap() == Step::InProgress {} // one abstract pop per tick
    /// assert_eq!(s.state(), Step::Found);
    /// ```
    pub fn step(
        &mut self,
        hier: &HpaHierarchy,
        grid: &Grid,
        budget: u32,
    ) -> Result<Step, HpaError> {
        if self.state != Step::InProgress {
            return Ok(self.state);
        }
        hier.check_current(grid)?;
        if self.revision != grid.revision() {
            return Err(HpaError::StaleSearch {
                search_revision: self.revision,
                grid_revision: grid.revision(),
            });
        }
        if grid.cell_count() as usize != self.g.len() {
            return Err(HpaError::StaleHierarchy {
                hierarchy_revision: hier.revision(),
                grid_revision: grid.revision(),
            });
        }
        for _ in 0..budget {
            let Some((n, _, _)) = self.open.pop() else {
                self.state = Step::NoPath;
                return Ok(self.state);
            };
            self.iterations = self.iterations.saturating_add(1);
            self.mark[n as usize] = self.generation << 1 | 1;
            if n == self.goal {
                self.finish(hier, grid);
                self.state = Step::Found;
                return Ok(self.state);
            }
            self.expansions = self.expansions.saturating_add(1);
            self.expand(hier, n);
            if self.open.is_empty() {
                self.state = Step::NoPath;
                return Ok(self.state);
            }
        }
        Ok(self.state)
    }

    /// Runs to the end.
    ///
    /// # Errors
    ///
    /// As [`step`](Self::step).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 0, 31).unwrap();
    /// assert_eq!(s.run(&h, &grid), Ok(Step::Found));
    /// assert_eq!((s.path().first(), s.path().last()), (Some(&0), Some(&31)));
    /// ```
    pub fn run(&mut self, hier: &HpaHierarchy, grid: &Grid) -> Result<Step, HpaError> {
        while self.step(hier, grid, u32::MAX)? == Step::InProgress {}
        Ok(self.state)
    }

    /// Runs to the end in slices of [`CANCEL_SLICE`] iterations, asking `cancel` before each.
    ///
    /// # Errors
    ///
    /// `Err(Ok(Cancelled))`-style nesting is avoided: a stale hierarchy is reported as
    /// `Ok(Err(..))`, a cancellation as `Err(Cancelled)` (the search can continue).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 8, 15).unwrap();
    /// assert!(s.run_cancellable(&h, &grid, || true).is_err()); // cancelled: continue later
    /// assert_eq!(s.run_cancellable(&h, &grid, || false), Ok(Ok(Step::Found)));
    /// ```
    pub fn run_cancellable(
        &mut self,
        hier: &HpaHierarchy,
        grid: &Grid,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<Result<Step, HpaError>, Cancelled> {
        while self.state == Step::InProgress {
            if cancel() {
                return Err(Cancelled);
            }
            if let Err(e) = self.step(hier, grid, CANCEL_SLICE) {
                return Ok(Err(e));
            }
        }
        Ok(Ok(self.state))
    }

    fn relax(&mut self, from: u32, gn: f64, to: u32, step: f64, via_goal_edge: bool) {
        if step.is_nan() || step == f64::INFINITY {
            return;
        }
        let g2 = gn + step;
        let t = to as usize;
        if self.mark[t] >> 1 == self.generation && g2 >= self.g[t] {
            return;
        }
        self.g[t] = g2;
        self.parent[t] = from;
        self.mark[t] = self.generation << 1;
        if to == self.goal {
            self.goal_via_goal_edge = via_goal_edge;
        }
        let f = g2 + self.estimate(to);
        // Cannot fail: g2 and the estimate are finite.
        let _ = self.open.push(to, f, g2);
    }

    fn expand(&mut self, hier: &HpaHierarchy, n: u32) {
        let gn = self.g[n as usize];
        // Taken for the loop (no allocation) so `relax` may borrow the search.
        let start_costs = core::mem::take(&mut self.start_costs);
        let goal_costs = core::mem::take(&mut self.goal_costs);
        let insertion = Insertion {
            ends: (self.start, self.goal),
            goal_chunk: self.goal_chunk,
            start_costs: &start_costs,
            goal_costs: &goal_costs,
            start_to_goal: self.start_to_goal,
        };
        insertion.for_each_edge(hier, n, |to, cost, via_goal_edge| {
            self.relax(n, gn, to, cost, via_goal_edge);
        });
        self.start_costs = start_costs;
        self.goal_costs = goal_costs;
    }

    /// Builds the abstract path, refines it into cells and smooths it.
    pub(super) fn finish(&mut self, hier: &HpaHierarchy, grid: &Grid) {
        let config = hier.config();
        let topo = topology(grid, &config, hier.clearance());
        self.abstract_path.clear();
        let mut c = self.goal;
        // Bounded: a parent chain visits each cell at most once.
        for _ in 0..self.g.len() {
            self.abstract_path.push(c);
            if c == self.start {
                break;
            }
            c = self.parent[c as usize];
            if c == NONE {
                break;
            }
        }
        self.abstract_path.reverse();
        self.refined.clear();
        self.refined.push(self.start);
        let last = self.abstract_path.len().saturating_sub(1);
        for s in 0..last {
            let (a, b) = (self.abstract_path[s], self.abstract_path[s + 1]);
            let (ka, kb) = (hier.chunk_of(a), hier.chunk_of(b));
            if ka != kb {
                self.refined.push(b);
                continue;
            }
            let rect = hier.rect(ka.unwrap_or(0));
            self.scratch.clear();
            if b == self.goal && a != self.start && self.goal_via_goal_edge {
                // Priced by the goal's Dijkstra: its parents lead from `a` to the goal.
                self.chunk.run(&topo, rect, b, &[], a);
                let scratch = &mut self.scratch;
                self.chunk.walk_back(a, |c| scratch.push(c));
                self.refined.extend(self.scratch.iter().skip(1));
            } else {
                self.chunk.run(&topo, rect, a, &[b], NONE);
                let scratch = &mut self.scratch;
                self.chunk.walk_back(b, |c| scratch.push(c));
                self.refined.extend(self.scratch.iter().rev().skip(1));
            }
        }
        if self.smoothing {
            self.smoother.smooth(&topo, &self.refined, &mut self.path);
        } else {
            self.path.clear();
            self.path.extend_from_slice(&self.refined);
        }
        let mut cost = 0.0;
        for w in self.path.windows(2) {
            cost += move_cost(&topo, w[0], w[1]).unwrap_or(f64::INFINITY);
        }
        self.cost = cost;
    }

    /// Forgets the running search (the state becomes [`Step::Idle`], the endpoints
    /// `u32::MAX`, the counters 0, the open set empty, as a new search); keeps the memory.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 8, 15).unwrap();
    /// s.make_idle();
    /// assert_eq!((s.state(), s.start()), (Step::Idle, u32::MAX));
    /// ```
    pub fn make_idle(&mut self) {
        self.state = Step::Idle;
        self.revision = 0;
        self.start = NONE;
        self.goal = NONE;
        self.iterations = 0;
        self.expansions = 0;
        self.goal_via_goal_edge = false;
        self.open.clear();
        self.path.clear();
        self.abstract_path.clear();
        self.cost = 0.0;
    }

    /// Whether the search's state and answer belong to `grid` as it is now: it began (or was
    /// restored) at `grid`'s current revision. `false` while idle. The stale flag of the
    /// reads that take no grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, Step};
    /// use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// let mut grid = Grid::new(6, 3).unwrap();
    /// let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(3)).unwrap();
    /// let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 0, 5).unwrap();
    /// assert_eq!(s.run(&h, &grid), Ok(Step::Found));
    /// assert!(s.is_current(&grid));
    /// grid.set_walkable(Cell::new(2, 0), false).unwrap();
    /// assert!(!s.is_current(&grid)); // path() is still the old one, through (2, 0)
    /// assert!(s.current(&grid).is_err());
    /// h.refresh(&grid);
    /// s.try_begin(&h, &grid, 0, 5).unwrap();
    /// assert_eq!(s.run(&h, &grid), Ok(Step::Found));
    /// assert!(!s.current(&grid).unwrap().path().contains(&2));
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.state != Step::Idle && self.revision == grid.revision()
    }

    /// The search, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](Self::is_current).
    ///
    /// # Errors
    ///
    /// [`HpaError::StaleSearch`] otherwise (search revision 0 while idle).
    pub fn current(&self, grid: &Grid) -> Result<&Self, HpaError> {
        if self.is_current(grid) {
            Ok(self)
        } else {
            Err(HpaError::StaleSearch {
                search_revision: self.revision,
                grid_revision: grid.revision(),
            })
        }
    }

    /// Where the search stands.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// assert_eq!(s.state(), Step::Idle);
    /// s.try_begin(&h, &grid, 8, 15).unwrap();
    /// s.run(&h, &grid).unwrap();
    /// assert_eq!(s.state(), Step::Found);
    /// ```
    pub fn state(&self) -> Step {
        self.state
    }

    /// Abstract pops so far.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 8, 15).unwrap();
    /// s.run(&h, &grid).unwrap();
    /// assert!(s.iterations() > 0 && s.expansions() < s.iterations()); // abstract pops
    /// ```
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Abstract pops that expanded a node (the goal's pop is not one).
    pub fn expansions(&self) -> u32 {
        self.expansions
    }

    /// The start cell of the current search (`u32::MAX` before the first).
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The goal cell of the current search (`u32::MAX` before the first).
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The final path (cells from start to goal) after [`Step::Found`], else empty.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// assert!(s.path().is_empty());
    /// s.try_begin(&h, &grid, 16, 23).unwrap(); // along row 2
    /// s.run(&h, &grid).unwrap();
    /// assert_eq!(s.path(), &[16, 17, 18, 19, 20, 21, 22, 23]);
    /// ```
    pub fn path(&self) -> &[u32] {
        if self.state == Step::Found {
            &self.path
        } else {
            &[]
        }
    }

    /// The refined path before smoothing, after [`Step::Found`], else empty.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 8, 15).unwrap();
    /// s.run(&h, &grid).unwrap();
    /// assert!(s.path().len() <= s.refined_path().len()); // smoothing only shortens
    /// ```
    pub fn refined_path(&self) -> &[u32] {
        if self.state == Step::Found {
            &self.refined
        } else {
            &[]
        }
    }

    /// The abstract path (start, transition cells, goal) after [`Step::Found`], else empty.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 8, 15).unwrap();
    /// s.run(&h, &grid).unwrap();
    /// let abs = s.abstract_path(); // start, transition cells, goal
    /// assert_eq!((abs[0], abs[abs.len() - 1]), (8, 15));
    /// assert!(s.refined_path().len() >= abs.len());
    /// assert!(s.abstract_cost().is_some());
    /// ```
    pub fn abstract_path(&self) -> &[u32] {
        if self.state == Step::Found {
            &self.abstract_path
        } else {
            &[]
        }
    }

    /// Copies the path into `out` and returns its length, or `None` when `out` is too short.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 24, 27).unwrap();
    /// s.run(&h, &grid).unwrap();
    /// let mut out = [0u32; 16];
    /// assert_eq!(s.copy_path(&mut out), Some(4));
    /// assert_eq!(&out[..4], &[24, 25, 26, 27]);
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [u32]) -> Option<usize> {
        let p = self.path();
        out.get_mut(..p.len())?.copy_from_slice(p);
        Some(p.len())
    }

    /// The cost of the final path: its move costs added in path order from 0 (0 before a
    /// path is found).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 16, 23).unwrap();
    /// assert_eq!(s.cost(), 0.0); // nothing found yet
    /// s.run(&h, &grid).unwrap();
    /// assert_eq!(s.cost(), 7.0);
    /// ```
    pub fn cost(&self) -> f64 {
        if self.state == Step::Found {
            self.cost
        } else {
            0.0
        }
    }

    /// The abstract cost of the goal as the abstract search found it (before smoothing), or
    /// `None` unless found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// s.try_begin(&h, &grid, 16, 23).unwrap();
    /// assert_eq!(s.abstract_cost(), None);
    /// s.run(&h, &grid).unwrap();
    /// assert!(s.abstract_cost().unwrap() >= s.cost()); // smoothing never adds cost
    /// ```
    pub fn abstract_cost(&self) -> Option<f64> {
        (self.state == Step::Found).then(|| self.g[self.goal as usize])
    }
}
