//! [`GridSearch`]: the non-generic, resumable grid search handle for lockstep and rollback
//! hosts (`grids.md`, "Host API").
//!
//! `try_begin` → `step(grid, n)` per tick → `copy_path`; `save_state` / `restore_state` at any
//! point. It runs the engine [`Grid::find_path`] would (today the generic A*), and
//! `find_path(start, goal, o)` is exactly `try_begin` then `step(o.iteration_budget)`, so for
//! every slicing the handle returns cell for cell what `find_path` returns, with the same
//! counts and cost bits.
//!
//! # Memory
//!
//! After the first search on a grid of a given size, `try_begin`, `step`, `copy_path`,
//! `state_size`, `save_state` and `restore_state` allocate nothing (tested with a counting
//! allocator), unless expansion recording or tracing grows its list.

use super::astar::AStar;
use super::step::Step;
use crate::error::QueryError;
use crate::grid::query::{check_weight, pack_path, resolve_square_heuristic};
use crate::grid::{
    Cell, Grid, GridAlgorithm, GridOptions, GridPath, SquareTopology, compute_clearance_into,
};
use crate::topology::AnyHeuristic;
use crate::topology::{DefaultStepCost, Topology};
use alloc::vec::Vec;

/// A resumable grid search you keep between ticks (tier 1).
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
/// assert_eq!(search.try_begin(&grid, Cell::new(0, 1), Cell::new(5, 1)), Step::InProgress);
/// // Five iterations per simulation tick:
/// while search.step(&grid, 5).unwrap() == Step::InProgress {}
/// let mut path = [Cell::default(); 32];
/// let n = search.copy_path(&mut path).unwrap();
/// assert_eq!(path[0], Cell::new(0, 1));
/// assert_eq!(path[n - 1], Cell::new(5, 1));
/// ```
#[derive(Clone, Debug)]
pub struct GridSearch {
    pub(super) options: GridOptions,
    pub(super) engine: AStar<DefaultStepCost, AnyHeuristic>,
    clearance: Vec<u8>,
    pub(super) bound_version: u64,
    pub(super) bound_width: u32,
    pub(super) bound_height: u32,
}

/// Answers "may a search start or end here" for snapshot validation without a clearance map.
pub(super) struct EndpointCheck<'g> {
    pub(super) grid: &'g Grid,
    pub(super) agent_size: u8,
}

impl Topology for EndpointCheck<'_> {
    fn node_count(&self) -> u32 {
        self.grid.cell_count()
    }
    fn is_walkable(&self, node: u32) -> bool {
        node < self.grid.cell_count() && self.grid.can_fit(self.grid.cell_of(node), self.agent_size)
    }
    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, _node: u32, _visit: F) {}
}

impl GridSearch {
    /// A handle for queries under `options`.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidWeight`], [`QueryError::InvalidAgentSize`] (0),
    /// [`QueryError::HeuristicNotSupported`] (hex distance).
    pub fn new(options: GridOptions) -> Result<Self, QueryError> {
        Self::check_options(&options)?;
        let heuristic = resolve_square_heuristic(&options, 1, 1.0)?;
        let mut engine = AStar::new(DefaultStepCost, heuristic).with_weight(options.weight)?;
        engine.set_record_expansions(options.record_expansions);
        Ok(Self {
            options,
            engine,
            clearance: Vec::new(),
            bound_version: 0,
            bound_width: 0,
            bound_height: 0,
        })
    }

    pub(super) fn check_options(options: &GridOptions) -> Result<(), QueryError> {
        check_weight(options)?;
        if options.agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        resolve_square_heuristic(options, 1, 1.0).map(|_| ())
    }

    /// The options this handle runs with.
    pub fn options(&self) -> &GridOptions {
        &self.options
    }

    /// The engine that runs (today always the generic A*).
    pub fn algorithm(&self) -> GridAlgorithm {
        GridAlgorithm::AStar
    }

    /// Turns the desync trace on or off for the next searches (see
    /// [`AStar::set_record_trace`]).
    pub fn set_record_trace(&mut self, on: bool) {
        self.engine.set_record_trace(on);
    }

    /// The engine (read-only): counters, buffers, recorded expansions and trace.
    pub fn engine(&self) -> &AStar<DefaultStepCost, AnyHeuristic> {
        &self.engine
    }

    /// Starts a search on `grid`. Returns [`Step::InProgress`], or [`Step::StartInvalid`] /
    /// [`Step::GoalInvalid`] (outside, wall, too narrow for the agent) — a refusal leaves the
    /// running search untouched.
    pub fn try_begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        let check = EndpointCheck {
            grid,
            agent_size: self.options.agent_size,
        };
        let (Some(s), Some(g)) = (grid.index_of(start), grid.index_of(goal)) else {
            return if grid.index_of(start).is_none() {
                Step::StartInvalid
            } else {
                Step::GoalInvalid
            };
        };
        if !check.is_walkable(s) {
            return Step::StartInvalid;
        }
        if !check.is_walkable(g) {
            return Step::GoalInvalid;
        }
        self.bind(grid);
        let heuristic =
            resolve_square_heuristic(&self.options, grid.width(), grid.areas().min_cost());
        // Cannot fail: the options were validated in `new`.
        if let Ok(h) = heuristic {
            self.engine.set_heuristic(h);
        }
        let Self {
            options,
            engine,
            clearance,
            ..
        } = self;
        let Ok(topology) = topology_for(grid, options, clearance) else {
            return Step::StartInvalid;
        };
        engine.try_begin(&topology, s, g)
    }

    /// Binds the handle to `grid` (version, size, clearance for wide agents).
    pub(super) fn bind(&mut self, grid: &Grid) {
        self.bound_version = grid.version();
        self.bound_width = grid.width();
        self.bound_height = grid.height();
        if self.options.agent_size > 1 {
            compute_clearance_into(grid, &mut self.clearance);
        }
    }

    fn check_grid(&self, grid: &Grid) -> Result<(), QueryError> {
        if grid.version() != self.bound_version
            || grid.width() != self.bound_width
            || grid.height() != self.bound_height
        {
            return Err(QueryError::GridChanged {
                expected: self.bound_version,
                found: grid.version(),
            });
        }
        Ok(())
    }

    /// Performs at most `budget` iterations; call again only on [`Step::InProgress`].
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] when `grid` was edited (or is another grid) since
    /// `try_begin`; the search is left as it was.
    pub fn step(&mut self, grid: &Grid, budget: u32) -> Result<Step, QueryError> {
        if self.engine.state() != Step::InProgress {
            return Ok(self.engine.state());
        }
        self.check_grid(grid)?;
        let Self {
            options,
            engine,
            clearance,
            ..
        } = self;
        let topology = topology_for(grid, options, clearance)?;
        Ok(engine.step(&topology, budget))
    }

    /// Runs to the end in slices of 256 iterations, asking `cancel` before each slice.
    ///
    /// # Errors
    ///
    /// [`QueryError::Cancelled`] when `cancel` returned `true` (the search stays resumable);
    /// [`QueryError::GridChanged`] as for [`step`](GridSearch::step).
    pub fn run_cancellable(
        &mut self,
        grid: &Grid,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<Step, QueryError> {
        while self.engine.state() == Step::InProgress {
            if cancel() {
                return Err(QueryError::Cancelled);
            }
            self.step(grid, super::step::CANCEL_SLICE)?;
        }
        Ok(self.engine.state())
    }

    /// The result as a [`GridPath`] (allocates; `InProgress` reads as `BudgetExhausted`).
    pub fn to_path(&self, grid: &Grid) -> GridPath {
        let w = self.bound_width.max(1);
        let space = grid.space();
        let state = self.engine.state();
        let to_cell = |n: u32| Cell::new((n % w) as i32, (n / w) as i32);
        let mut path = pack_path(&self.engine, state, to_cell, |c| space.center(c));
        path.algorithm = self.algorithm();
        path
    }

    /// The current state.
    pub fn state(&self) -> Step {
        self.engine.state()
    }

    /// The path cost when found, else +∞.
    pub fn cost(&self) -> f64 {
        self.engine.cost()
    }

    /// Iterations (pops) so far.
    pub fn iterations(&self) -> u32 {
        self.engine.iterations()
    }

    /// Expansions so far.
    pub fn expansions(&self) -> u32 {
        self.engine.expansions()
    }

    /// Cells on the found path (0 unless found).
    pub fn path_len(&self) -> usize {
        self.engine.path_len()
    }

    /// Writes the path as row-major cell indices; `None` when `out` is too short.
    pub fn copy_path_indices(&self, out: &mut [u32]) -> Option<usize> {
        self.engine.copy_path(out)
    }

    /// Writes the path as cells, start first; `None` (nothing written) when `out` is shorter
    /// than [`path_len`](GridSearch::path_len). Allocates nothing.
    pub fn copy_path(&self, out: &mut [Cell]) -> Option<usize> {
        let len = self.engine.path_len();
        let dst = out.get_mut(..len)?;
        let w = self.bound_width.max(1);
        let mut i = len;
        let mut n = self.engine.goal();
        while i > 0 {
            i -= 1;
            dst[i] = Cell::new((n % w) as i32, (n / w) as i32);
            n = self.engine.buffers().parent_of(n).unwrap_or(n);
        }
        Some(len)
    }
}

/// The square topology of `grid` under `options`, reading a cached clearance for wide agents.
pub(super) fn topology_for<'g>(
    grid: &'g Grid,
    options: &GridOptions,
    clearance: &'g [u8],
) -> Result<SquareTopology<'g>, QueryError> {
    let o = options;
    if o.agent_size > 1 {
        SquareTopology::with_clearance(
            grid,
            o.agent_size,
            o.connectivity,
            o.diagonal_rule,
            clearance,
        )
    } else {
        SquareTopology::with_clearance(grid, 1, o.connectivity, o.diagonal_rule, grid.cells())
    }
}
