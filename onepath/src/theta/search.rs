//! [`ThetaSearch`]: the resumable any-angle search (spec: grids.md, “Any-angle search (Theta,
//! Lazy Theta)”), Theta* after Nash, Daniel, Koenig & Felner (2007) and Lazy Theta* after Nash,
//! Koenig & Tovey (2010), on cell centres.
//!
//! # Algorithm (normative)
//!
//! Nodes are the walkable cells (row-major ids), moves the eight-connected no-corner-cutting
//! grid moves in the order N, E, S, W, NE, SE, SW, NW. `c(a, b) = m * sqrt(dx² + dy²)` with `m`
//! the grid's smallest area multiplier. The open set is [`OpenSet`](crate::search::OpenSet)
//! (smaller f, larger g, smaller node id) with `f = g + w * h`. The start has `g = 0` and no
//! parent. One iteration pops one node `s`:
//!
//! 1. *(Lazy, LazyRequeue)* `SetVertex`: if `s` has a parent `p` and `p` does not see `s`,
//!    the parent becomes the closed grid neighbour `u` minimising `g(u) + c(u, s)` (first in
//!    neighbour order on ties) and `g(s)` that sum. *LazyRequeue* then pushes `s` back under
//!    its corrected keys and ends the iteration (the pop counts, no expansion).
//! 2. `s` is closed; if it is the goal the search ends with cost `g(goal)`.
//! 3. `s` is expanded: for each neighbour `t` that is not closed, with `p` the parent of `s`:
//!    *Theta* takes `g(p) + c(p, t)` with parent `p` when `p` exists and sees `t`, otherwise
//!    `g(s) + c(s, t)` with parent `s`; *Lazy* takes `g(p) + c(p, t)` with parent `p` without a
//!    test (the start uses itself). `t` takes the candidate only when it was never reached or
//!    the candidate is strictly lower, so the first parent found wins ties.
//!
//! Closed nodes are never reopened. An empty open set ends the search with no path in the
//! iteration that emptied it.

use alloc::vec::Vec;

use super::heuristic::segment_cost;
use super::line_of_sight::GridLineOfSight;
use crate::error::QueryError;
use crate::grid::{Cell, Grid, WALL};
use crate::search::{CANCEL_SLICE, Cancelled, NO_NODE, SearchBuffers, Step};
use crate::topology::Heuristic;

/// Which any-angle rule a [`ThetaSearch`] follows.
///
/// # Examples
///
/// ```
/// use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
/// use onepath::Grid;
/// let grid = Grid::from_text("......\n..##..\n......\n......").unwrap();
/// let mut costs = Vec::new();
/// for variant in [ThetaVariant::Theta, ThetaVariant::Lazy, ThetaVariant::LazyRequeue] {
///     let mut s = ThetaSearch::new(variant, EuclideanHeuristic::new(grid.width(), 1.0));
///     s.try_begin(&grid, 6, 23); // (0, 1) to (5, 3)
///     s.run(&grid);
///     costs.push(s.cost());
/// }
/// // Any-angle paths beat the 8-connected optimum (2√2 + 3 here) by cutting across.
/// assert!(costs.iter().all(|&c| c < 2.0 * onepath::math::SQRT2 + 3.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThetaVariant {
    /// Theta*: a line-of-sight test per relaxed neighbour.
    #[default]
    Theta,
    /// Lazy Theta* as published: the test is deferred to the pop (`SetVertex`), and a
    /// repaired node is expanded at once.
    Lazy,
    /// Lazy Theta* whose repaired node goes back into the open set under its corrected cost
    /// before it is expanded (the tier-1 `GridAlgorithm::LazyThetaStar`).
    LazyRequeue,
}

impl ThetaVariant {
    /// The byte of the variant in snapshots (0, 1, 2).
    pub const fn code(self) -> u8 {
        match self {
            Self::Theta => 0,
            Self::Lazy => 1,
            Self::LazyRequeue => 2,
        }
    }

    /// The variant of a snapshot byte.
    pub const fn from_code(code: u8) -> Option<Self> {
        match code {
            0 => Some(Self::Theta),
            1 => Some(Self::Lazy),
            2 => Some(Self::LazyRequeue),
            _ => None,
        }
    }
}

/// The eight move offsets in normative order: N, E, S, W, NE, SE, SW, NW.
pub(crate) const MOVES: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// Walkability of the grid by coordinates; outside is a wall.
#[inline]
pub(crate) fn open_at(grid: &Grid, x: i64, y: i64) -> bool {
    let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
    x >= 0 && y >= 0 && x < w && y < h && grid.cells()[(y * w + x) as usize] != WALL
}

/// Calls `visit(t, tx, ty)` for each legal eight-connected no-corner-cutting move out of
/// `(x, y)`, in normative order.
#[inline]
pub(crate) fn for_each_move(grid: &Grid, x: i64, y: i64, mut visit: impl FnMut(u32, i64, i64)) {
    let w = i64::from(grid.width());
    for (k, &(dx, dy)) in MOVES.iter().enumerate() {
        let (tx, ty) = (x + dx, y + dy);
        if !open_at(grid, tx, ty) {
            continue;
        }
        if k >= 4 && !(open_at(grid, x + dx, y) && open_at(grid, x, y + dy)) {
            continue;
        }
        visit((ty * w + tx) as u32, tx, ty);
    }
}

/// The coordinates of node `n` on `grid`.
#[inline]
pub(crate) fn xy(grid: &Grid, n: u32) -> (i64, i64) {
    let c = grid.cell_of(n);
    (i64::from(c.x), i64::from(c.y))
}

/// Line of sight between two nodes.
#[inline]
pub(crate) fn sees(grid: &Grid, a: u32, b: u32) -> bool {
    GridLineOfSight::check(grid, grid.cell_of(a), grid.cell_of(b))
}

/// A node being expanded, as [`candidate`] reads it: its id, coordinates and g, and its
/// parent (id, coordinates, g) unless it is the start.
pub(crate) struct Expanding {
    pub(crate) node: u32,
    pub(crate) at: (i64, i64),
    pub(crate) g: f64,
    pub(crate) parent: Option<(u32, (i64, i64), f64)>,
}

/// The offer the expansion of `s` makes to its neighbour at `(tx, ty)`: `(g, parent)`, step 3
/// of the algorithm. *Theta* asks `sees(p)` whether the parent `p` sees the neighbour (a
/// line-of-sight test) and goes through `p` when it does, else through `s`; the *Lazy*
/// variants go through `p` without a test; the start (no parent) goes through itself. The
/// search relaxes with it and restore (kind 6) recomputes it, so both use this one function.
#[inline]
pub(crate) fn candidate(
    variant: ThetaVariant,
    m: f64,
    s: &Expanding,
    (tx, ty): (i64, i64),
    sees: impl FnOnce(u32) -> bool,
) -> (f64, u32) {
    let via_parent = s.parent.filter(|&(p, _, _)| match variant {
        ThetaVariant::Theta => sees(p),
        ThetaVariant::Lazy | ThetaVariant::LazyRequeue => true,
    });
    if let Some((p, (px, py), gp)) = via_parent {
        (gp + segment_cost(m, tx - px, ty - py), p)
    } else {
        let (x, y) = s.at;
        (s.g + segment_cost(m, tx - x, ty - y), s.node)
    }
}

/// What `SetVertex` (step 1) prices the node at `at` through its closed neighbour at `u_at`
/// whose cost is `g_u`; restore (kind 6) bounds a LazyRequeue node's g by it.
#[inline]
pub(crate) fn repair_cost(g_u: f64, m: f64, at: (i64, i64), u_at: (i64, i64)) -> f64 {
    g_u + segment_cost(m, at.0 - u_at.0, at.1 - u_at.1)
}

/// A resumable any-angle search on a square [`Grid`] (tier 2), Theta* or Lazy Theta* by
/// [`ThetaVariant`]. It owns its buffers and borrows the grid per call.
///
/// # Determinism
///
/// Any sequence of budgets gives the same pops, path, cost bits and counts as one unsliced
/// run. Costs use `+ - * /` and `math::sqrt` only.
///
/// # Memory
///
/// After the first search of a given cell count, `try_begin`, `step`, `copy_path`,
/// `state_size`, `save_state` and `restore_state` allocate nothing.
///
/// # Examples
///
/// ```
/// use onepath::search::Step;
/// use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
/// use onepath::Grid;
///
/// let grid = Grid::from_text(".....\n.....\n.....").unwrap();
/// let h = EuclideanHeuristic::new(grid.width(), 1.0);
/// let mut search = ThetaSearch::new(ThetaVariant::Theta, h);
/// assert_eq!(search.try_begin(&grid, 0, 14), Step::InProgress);
/// assert_eq!(search.run(&grid), Step::Found);
/// let mut path = [0u32; 8];
/// let n = search.copy_path(&mut path).unwrap();
/// assert_eq!(&path[..n], &[0, 14]); // one straight segment from (0, 0) to (4, 2)
/// assert_eq!(search.cost(), onepath::math::sqrt(20.0));
/// ```
#[derive(Clone, Debug)]
pub struct ThetaSearch<H> {
    pub(super) variant: ThetaVariant,
    pub(super) heuristic: H,
    pub(super) weight: f64,
    pub(super) unit: f64,
    pub(super) buffers: SearchBuffers,
    pub(super) node_count: u32,
    pub(super) start: u32,
    pub(super) goal: u32,
    pub(super) state: Step,
    pub(super) iterations: u32,
    pub(super) expansions: u32,
    pub(super) requeues: u32,
    pub(super) los_checks: u64,
}

impl<H: Heuristic> ThetaSearch<H> {
    /// A search of `variant` with weight 1 and fresh buffers.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::LazyRequeue, EuclideanHeuristic::new(grid.width(), 1.0));
    /// assert_eq!(search.variant(), ThetaVariant::LazyRequeue);
    /// search.try_begin_cells(&grid, Cell::new(0, 0), Cell::new(4, 2));
    /// assert_eq!(search.run(&grid), Step::Found);
    /// ```
    pub fn new(variant: ThetaVariant, heuristic: H) -> Self {
        Self::with_buffers(variant, heuristic, SearchBuffers::new())
    }

    /// A search that reuses `buffers`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::{SearchBuffers, Step};
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// let mut s = ThetaSearch::with_buffers(ThetaVariant::Lazy, EuclideanHeuristic::new(6, 1.0), SearchBuffers::with_capacity(18));
    /// s.try_begin(&grid, 0, 5);
    /// assert_eq!((s.run(&grid), s.cost()), (Step::Found, 5.0));
    /// ```
    pub fn with_buffers(variant: ThetaVariant, heuristic: H, buffers: SearchBuffers) -> Self {
        Self {
            variant,
            heuristic,
            weight: 1.0,
            unit: 1.0,
            buffers,
            node_count: 0,
            start: NO_NODE,
            goal: NO_NODE,
            state: Step::Idle,
            iterations: 0,
            expansions: 0,
            requeues: 0,
            los_checks: 0,
        }
    }

    /// Sets the heuristic weight `w` of `f = g + w * h` (default 1).
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidWeight`] unless `w` is finite and `>= 0`; nothing changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// # let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// s.set_weight(1.5).unwrap();
    /// assert_eq!(s.weight(), 1.5);
    /// assert!(s.set_weight(f64::NAN).is_err());
    /// ```
    pub fn set_weight(&mut self, w: f64) -> Result<(), QueryError> {
        if !(w.is_finite() && w >= 0.0) {
            return Err(QueryError::InvalidWeight { value: w });
        }
        self.weight = w;
        Ok(())
    }

    /// Builder form of [`set_weight`](ThetaSearch::set_weight).
    ///
    /// # Errors
    ///
    /// As [`set_weight`](ThetaSearch::set_weight).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::{SearchBuffers, Step};
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// let s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0)).with_weight(2.0).unwrap();
    /// assert_eq!(s.weight(), 2.0);
    /// ```
    pub fn with_weight(mut self, w: f64) -> Result<Self, QueryError> {
        self.set_weight(w)?;
        Ok(self)
    }

    /// The heuristic weight.
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// The variant.
    pub fn variant(&self) -> ThetaVariant {
        self.variant
    }

    /// Changes the variant; it takes effect at the next [`try_begin`](ThetaSearch::try_begin)
    /// and leaves the search idle.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// # let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// s.set_variant(ThetaVariant::LazyRequeue);
    /// s.try_begin(&grid, 6, 11);
    /// assert_eq!((s.variant(), s.run(&grid)), (ThetaVariant::LazyRequeue, Step::Found));
    /// ```
    pub fn set_variant(&mut self, variant: ThetaVariant) {
        self.variant = variant;
        self.make_idle();
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }

    /// Replaces the heuristic; it takes effect at the next `try_begin`.
    pub fn set_heuristic(&mut self, heuristic: H) {
        self.heuristic = heuristic;
    }

    /// Turns expansion recording on or off for the next searches.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::{SearchBuffers, Step};
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// s.set_record_expansions(true);
    /// s.try_begin(&grid, 0, 5);
    /// s.run(&grid);
    /// assert_eq!(s.buffers().expanded_nodes().len() as u32, s.expansions());
    /// ```
    pub fn set_record_expansions(&mut self, on: bool) {
        self.buffers.set_record_expansions(on);
    }

    /// Turns the desync trace on or off for the next searches: one digest of (popped node,
    /// g bits, open-set size) per iteration in [`SearchBuffers::trace`].
    pub fn set_record_trace(&mut self, on: bool) {
        self.buffers.record_trace = on;
    }

    /// The working memory (read-only).
    pub fn buffers(&self) -> &SearchBuffers {
        &self.buffers
    }

    /// The unit cost `m` of the current search (the grid's smallest multiplier at `try_begin`).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// # let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// let mut cheap = grid.clone();
    /// cheap.set_area_cost(0, 0.5).unwrap();
    /// s.try_begin(&cheap, 0, 5);
    /// s.run(&cheap);
    /// assert_eq!((s.unit_cost(), s.cost()), (0.5, 2.5)); // 5 cells at half cost
    /// ```
    pub fn unit_cost(&self) -> f64 {
        self.unit
    }

    /// Starts a search from node `start` to node `goal` (row-major cell ids).
    ///
    /// Returns [`Step::InProgress`], or [`Step::StartInvalid`] / [`Step::GoalInvalid`] when an
    /// endpoint is outside the grid or a wall; a refusal leaves the running search untouched.
    /// Segments cost `m * length` with `m = grid.areas().min_cost()` (the tier-1 rule runs it
    /// only when every area has the same multiplier).
    ///
    /// # Complexity
    ///
    /// O(1) once the buffers hold the grid's cells (else one allocation).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// assert_eq!(search.try_begin(&grid, 0, 14), Step::InProgress); // cell indices
    /// assert_eq!(search.try_begin(&grid, 6, 14), Step::StartInvalid); // (1, 1) is a wall
    /// assert_eq!((search.start(), search.goal()), (0, 14));
    /// ```
    pub fn try_begin(&mut self, grid: &Grid, start: u32, goal: u32) -> Step {
        let walkable = |n: u32| n < grid.cell_count() && grid.cells()[n as usize] != WALL;
        if !walkable(start) {
            return Step::StartInvalid;
        }
        if !walkable(goal) {
            return Step::GoalInvalid;
        }
        self.unit = grid.areas().min_cost();
        self.node_count = grid.cell_count();
        let b = &mut self.buffers;
        b.begin(self.node_count);
        self.heuristic.set_goal(goal);
        self.start = start;
        self.goal = goal;
        self.iterations = 0;
        self.expansions = 0;
        self.requeues = 0;
        self.los_checks = 0;
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

    /// Starts a search between two cells; as [`try_begin`](ThetaSearch::try_begin).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// assert_eq!(search.try_begin_cells(&grid, Cell::new(0, 0), Cell::new(4, 0)), Step::InProgress);
    /// assert_eq!(search.try_begin_cells(&grid, Cell::new(0, 0), Cell::new(9, 0)), Step::GoalInvalid);
    /// ```
    pub fn try_begin_cells(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        let Some(s) = grid.index_of(start) else {
            return Step::StartInvalid;
        };
        let Some(g) = grid.index_of(goal) else {
            return Step::GoalInvalid;
        };
        self.try_begin(grid, s, g)
    }

    /// Performs at most `budget` iterations (pops) and returns the state: call again only on
    /// [`Step::InProgress`]. `grid` must be the one given to `try_begin`, not edited since.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&grid, 0, 14);
    /// while search.step(&grid, 1) == Step::InProgress {} // one iteration per tick
    /// let mut whole = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// whole.try_begin(&grid, 0, 14);
    /// whole.run(&grid);
    /// assert_eq!((search.path(), search.cost()), (whole.path(), whole.cost())); // slicing changes nothing
    /// ```
    pub fn step(&mut self, grid: &Grid, budget: u32) -> Step {
        if self.state != Step::InProgress {
            return self.state;
        }
        for _ in 0..budget {
            let Some((s, _f, _g)) = self.buffers.open.pop() else {
                self.state = Step::NoPath;
                return self.state;
            };
            self.iterations = self.iterations.saturating_add(1);
            if self.variant != ThetaVariant::Theta
                && self.set_vertex(grid, s)
                && self.variant == ThetaVariant::LazyRequeue
            {
                let g = self.buffers.nodes[s as usize].g;
                let f = g + self.weight * self.heuristic.estimate(s);
                // Cannot fail: g is a finite sum and f is not NaN for a finite estimate;
                // a NaN estimate drops the node, as the relaxation does.
                let _ = self.buffers.open.push(s, f, g);
                self.requeues = self.requeues.saturating_add(1);
                if self.buffers.record_trace {
                    let len = self.buffers.open.len();
                    self.buffers
                        .trace
                        .push(crate::search::iteration_digest(s, g, len));
                }
                if self.buffers.open.is_empty() {
                    self.state = Step::NoPath;
                    return self.state;
                }
                continue;
            }
            self.buffers.set_closed(s);
            if self.buffers.record_trace {
                let gs = self.buffers.nodes[s as usize].g;
                let len = self.buffers.open.len();
                self.buffers
                    .trace
                    .push(crate::search::iteration_digest(s, gs, len));
            }
            if s == self.goal {
                self.state = Step::Found;
                return self.state;
            }
            self.expansions = self.expansions.saturating_add(1);
            if self.buffers.record_expansions {
                self.buffers.expanded.push(s);
            }
            self.expand(grid, s);
            if self.buffers.open.is_empty() {
                self.state = Step::NoPath;
                return self.state;
            }
        }
        self.state
    }

    /// `SetVertex` on the popped node `s`; returns whether its parent changed.
    fn set_vertex(&mut self, grid: &Grid, s: u32) -> bool {
        let p = self.buffers.nodes[s as usize].parent;
        if p == NO_NODE {
            return false;
        }
        // Saturating: a restored count is bounded by the pops (kind 6), and this is defence in
        // depth, so no arithmetic on restored data can overflow.
        self.los_checks = self.los_checks.saturating_add(1);
        if sees(grid, p, s) {
            return false;
        }
        let (x, y) = xy(grid, s);
        let unit = self.unit;
        let b = &self.buffers;
        let mut best: Option<(u32, f64)> = None;
        for_each_move(grid, x, y, |u, ux, uy| {
            if !b.is_closed(u) {
                return;
            }
            let c = repair_cost(b.nodes[u as usize].g, unit, (x, y), (ux, uy));
            if best.is_none_or(|(_, bc)| c < bc) {
                best = Some((u, c));
            }
        });
        // A node is only ever queued by a closed neighbour (and restore demands one), so a
        // closed neighbour exists; without one the parent is left as it is.
        let Some((u, c)) = best else {
            return false;
        };
        let node = &mut self.buffers.nodes[s as usize];
        node.parent = u;
        node.g = c;
        true
    }

    /// Relaxes the neighbours of the closed node `s`.
    fn expand(&mut self, grid: &Grid, s: u32) {
        let Self {
            variant,
            heuristic,
            weight,
            unit,
            buffers: b,
            los_checks,
            ..
        } = self;
        let (w, m, variant) = (*weight, *unit, *variant);
        let (x, y) = xy(grid, s);
        let from = Expanding {
            node: s,
            at: (x, y),
            g: b.nodes[s as usize].g,
            parent: match b.nodes[s as usize].parent {
                NO_NODE => None,
                p => Some((p, xy(grid, p), b.nodes[p as usize].g)),
            },
        };
        let generation = b.generation;
        for_each_move(grid, x, y, |t, tx, ty| {
            if b.is_closed(t) {
                return;
            }
            let (cand, parent) = candidate(variant, m, &from, (tx, ty), |p| {
                *los_checks = los_checks.saturating_add(1);
                sees(grid, p, t)
            });
            let node = &mut b.nodes[t as usize];
            if node.mark >> 1 == generation && cand >= node.g {
                return;
            }
            let f = cand + w * heuristic.estimate(t);
            if f.is_nan() {
                return;
            }
            node.g = cand;
            node.parent = parent;
            node.mark = generation << 1;
            // Cannot fail: f and cand are not NaN.
            let _ = b.open.push(t, f, cand);
        });
    }

    /// Runs to the end.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&grid, 10, 4); // (0, 2) to (4, 0), past the wall's corner
    /// assert_eq!(search.run(&grid), Step::Found);
    /// assert!(search.path_len() <= 3); // a few waypoints, not every cell
    /// ```
    pub fn run(&mut self, grid: &Grid) -> Step {
        while self.step(grid, u32::MAX) == Step::InProgress {}
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
    /// # use onepath::search::{SearchBuffers, Step};
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// s.try_begin(&grid, 6, 11);
    /// assert!(s.run_cancellable(&grid, || true).is_err());
    /// assert_eq!(s.run_cancellable(&grid, || false), Ok(Step::Found));
    /// ```
    pub fn run_cancellable(
        &mut self,
        grid: &Grid,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<Step, Cancelled> {
        while self.state == Step::InProgress {
            if cancel() {
                return Err(Cancelled);
            }
            let _ = self.step(grid, CANCEL_SLICE);
        }
        Ok(self.state)
    }

    /// Forgets the current search: idle, no counters, an empty open set.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&grid, 0, 4);
    /// search.make_idle();
    /// assert_eq!(search.state(), Step::Idle);
    /// ```
    pub fn make_idle(&mut self) {
        self.state = Step::Idle;
        self.node_count = 0;
        self.start = NO_NODE;
        self.goal = NO_NODE;
        self.iterations = 0;
        self.expansions = 0;
        self.requeues = 0;
        self.los_checks = 0;
        self.buffers.open.clear();
        self.buffers.expanded.clear();
        self.buffers.trace.clear();
    }

    /// The current state.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::{SearchBuffers, Step};
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// assert_eq!(s.state(), Step::Idle);
    /// s.try_begin(&grid, 0, 5);
    /// s.run(&grid);
    /// assert_eq!(s.state(), Step::Found);
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

    /// Iterations (pops) so far, re-queueing pops included.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// # let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// s.try_begin(&grid, 0, 5);
    /// s.step(&grid, 1);
    /// assert_eq!(s.iterations(), 1);
    /// ```
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Expansions so far (pops that expanded a node; neither the goal's pop nor a re-queueing
    /// pop is one).
    pub fn expansions(&self) -> u32 {
        self.expansions
    }

    /// Re-queueing pops so far (LazyRequeue only; 0 for the other variants).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// # let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// s.try_begin(&grid, 6, 11);
    /// s.run(&grid);
    /// assert_eq!(s.requeues(), 0); // only LazyRequeue re-queues
    /// ```
    pub fn requeues(&self) -> u32 {
        self.requeues
    }

    /// Line-of-sight tests made so far.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let run = |variant| {
    ///     let mut s = ThetaSearch::new(variant, EuclideanHeuristic::new(grid.width(), 1.0));
    ///     s.try_begin(&grid, 10, 4);
    ///     s.run(&grid);
    ///     s.los_checks()
    /// };
    /// assert!(run(ThetaVariant::Lazy) <= run(ThetaVariant::Theta)); // lazy tests fewer lines
    /// ```
    pub fn los_checks(&self) -> u64 {
        self.los_checks
    }

    /// The path cost `g(goal)` when found, else +∞. It equals the segment costs of the
    /// waypoints added in path order from 0.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&grid, 0, 4);
    /// search.run(&grid);
    /// assert_eq!(search.cost(), 4.0); // one straight segment
    /// ```
    pub fn cost(&self) -> f64 {
        if self.state == Step::Found {
            self.buffers.nodes[self.goal as usize].g
        } else {
            f64::INFINITY
        }
    }

    /// Number of waypoints on the found path (0 unless found).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::{SearchBuffers, Step};
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// let mut s = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// s.try_begin(&grid, 0, 5);
    /// s.run(&grid);
    /// assert_eq!(s.path_len(), 2); // two waypoints
    /// ```
    pub fn path_len(&self) -> usize {
        self.walk_back(|_| {})
    }

    /// Writes the waypoints, start first, into `out` and returns their count; `None` (and
    /// nothing written) when `out` is too short. `Some(0)` unless found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&grid, 0, 4);
    /// search.run(&grid);
    /// let mut out = [0u32; 4];
    /// assert_eq!(search.copy_path(&mut out), Some(2));
    /// assert_eq!(&out[..2], &[0, 4]);
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [u32]) -> Option<usize> {
        self.buffers.copy_chain(self.goal, self.path_limit(), out)
    }

    /// The waypoints as a new vector (allocates; tier-1 convenience).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::{Cell, Grid};
    /// # let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
    /// let mut search = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(grid.width(), 1.0));
    /// search.try_begin(&grid, 0, 4);
    /// search.run(&grid);
    /// assert_eq!(search.path(), vec![0, 4]); // waypoints only
    /// ```
    pub fn path(&self) -> Vec<u32> {
        let mut v = alloc::vec![0; self.path_len()];
        let _ = self.copy_path(&mut v);
        v
    }

    /// Calls `f` for each waypoint from the goal back to the start; returns the count (bounded
    /// by the node count, so a walk over any state ends).
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
