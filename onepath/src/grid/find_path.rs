//! Tier 1 on the square grid: [`Grid::find_path`] and friends.

use super::cell::{Cell, WorldPoint};
use super::grid::Grid;
use super::options::GridOptions;
use super::path::GridPath;
use super::query::{check_weight, resolve_square_heuristic, run_query};
use super::square_topology::SquareTopology;
use crate::error::QueryError;
use crate::search::{CANCEL_SLICE, GridSearch, Step};
use crate::topology::{Filtered, FnStepCost};

impl Grid {
    /// Finds a path from `start` to `goal` with A* under `options`.
    ///
    /// Endpoints outside the grid, on walls or too narrow for the agent give
    /// `PathStatus::StartInvalid` / `GoalInvalid`, not errors.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidWeight`], [`QueryError::InvalidAgentSize`] (size 0),
    /// [`QueryError::HeuristicNotSupported`] (hex distance on a square grid).
    ///
    /// # Complexity
    ///
    /// O(V log V) for V visited cells; allocates its buffers per call (use
    /// [`AStar`](crate::search::AStar) with [`SquareTopology`] to reuse them).
    ///
    /// # Determinism
    ///
    /// Same path, cost bits and counts on every platform (`docs/determinism.md`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::from_text("
    ///     .....
    ///     .###.
    ///     .....
    /// ").unwrap();
    /// let path = grid.find_path(Cell::new(0, 1), Cell::new(4, 1), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(path.status, PathStatus::Found);
    /// // Corner cutting is not allowed by default, so the path walks round the wall ends.
    /// assert_eq!(path.cells.len(), 7);
    /// assert_eq!(path.cost, 6.0);
    /// ```
    pub fn find_path(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
    ) -> Result<GridPath, QueryError> {
        let mut search = GridSearch::new(*options)?;
        let begun = search.try_begin(self, start, goal);
        if begun != Step::InProgress {
            return Ok(search.refused_path(self, begun));
        }
        search.step(self, options.iteration_budget)?;
        Ok(search.to_path(self))
    }

    /// [`find_path`](Grid::find_path) that asks `cancel` before every slice of 256 iterations
    /// and stops with [`QueryError::Cancelled`] when it answers `true` (the grid is untouched,
    /// the next query exact). Slicing never changes a result: a callback that never cancels
    /// gives the same path, cost bits and counts as `find_path`, and the iteration budget
    /// counts the same iterations.
    ///
    /// # Errors
    ///
    /// As [`find_path`](Grid::find_path), plus [`QueryError::Cancelled`].
    pub fn find_path_cancellable(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<GridPath, QueryError> {
        let mut search = GridSearch::new(*options)?;
        let begun = search.try_begin(self, start, goal);
        if begun != Step::InProgress {
            return Ok(search.refused_path(self, begun));
        }
        let mut remaining = options.iteration_budget;
        while search.state() == Step::InProgress && remaining > 0 {
            if cancel() {
                return Err(QueryError::Cancelled);
            }
            let slice = remaining.min(CANCEL_SLICE);
            search.step(self, slice)?;
            if options.iteration_budget != u32::MAX {
                remaining -= slice;
            }
        }
        Ok(search.to_path(self))
    }

    /// [`find_path`](Grid::find_path) between world points, mapped to cells by
    /// [`space`](Grid::space).
    ///
    /// # Errors
    ///
    /// As [`find_path`](Grid::find_path), plus [`QueryError::Coordinate`] for a coordinate
    /// outside the coordinate rule (|v| ≤ 2^21, finite).
    pub fn find_path_world(
        &self,
        start: WorldPoint,
        goal: WorldPoint,
        options: &GridOptions,
    ) -> Result<GridPath, QueryError> {
        let s = self.space().cell_at(start)?;
        let g = self.space().cell_at(goal)?;
        self.find_path(s, g, options)
    }

    /// [`find_path`](Grid::find_path) with hooks: `step_cost(from, to, grid_cost)` may replace a
    /// move's cost (NaN, negative or +∞ removes the move) and `blocked(cell)` removes a cell (no
    /// move into or out of it; a blocked endpoint is invalid). Both are called in neighbour
    /// order; diagonal beside cells are judged by the grid alone.
    ///
    /// # Errors
    ///
    /// As [`find_path`](Grid::find_path).
    pub fn find_path_with(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
        step_cost: impl Fn(Cell, Cell, f64) -> f64,
        blocked: impl Fn(Cell) -> bool,
    ) -> Result<GridPath, QueryError> {
        let inner = self.topology_for(options)?;
        let topology = Filtered::new(&inner, |n| blocked(self.cell_of(n)));
        let cost = FnStepCost(|a, b, base| step_cost(self.cell_of(a), self.cell_of(b), base));
        self.run(&topology, cost, start, goal, options)
    }

    fn topology_for(&self, options: &GridOptions) -> Result<SquareTopology<'_>, QueryError> {
        check_weight(options)?;
        SquareTopology::new(
            self,
            options.agent_size,
            options.connectivity,
            options.diagonal_rule,
        )
    }

    fn run<T: crate::topology::Topology, C: crate::topology::StepCost>(
        &self,
        topology: &T,
        cost: C,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
    ) -> Result<GridPath, QueryError> {
        let heuristic = resolve_square_heuristic(options, self.width(), self.areas().min_cost())?;
        let space = self.space();
        run_query(
            topology,
            cost,
            heuristic,
            (self.index_of(start), self.index_of(goal)),
            options,
            |n| self.cell_of(n),
            |c| space.center_unchecked(c),
        )
    }
}
