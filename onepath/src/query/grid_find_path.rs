//! Tier 1 on the square grid: [`Grid::find_path`] and friends.

use alloc::boxed::Box;

use super::any_heuristic::AnyHeuristic;
use super::grid_search::GridSearch;
use super::options::GridOptions;
use super::path::GridPath;
use super::query_map::{self, QueryMap};
use super::runner::{check_weight, resolve_square_heuristic};
use crate::error::QueryError;
use crate::grid::query_slot::QuerySlot;
use crate::grid::{Cell, Grid, SquareTopology, WorldPoint};
use crate::search::{CANCEL_SLICE, SearchBuffers, Step};

impl Grid {
    /// Finds a path from `start` to `goal` with A* under `options`.
    ///
    /// Endpoints outside the grid, on walls or too narrow for the agent give
    /// `PathStatus::StartInvalid` / `GoalInvalid`, not errors.
    ///
    /// The engine is chosen as [`GridSearch`] chooses it (A*, JPS or JPS+, the specialised
    /// octile engines when the query qualifies); `find_path` is exactly `try_begin` then
    /// `step(options.iteration_budget)` on such a handle, so the two never differ.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidWeight`], [`QueryError::InvalidAgentSize`] (size 0),
    /// [`QueryError::HeuristicNotSupported`] (hex distance on a square grid),
    /// [`QueryError::WeightTooLarge`] (weight × the grid's largest estimate not finite).
    ///
    /// # Complexity
    ///
    /// The grid keeps the search handles of its one-line queries (up to
    /// [`Grid::QUERY_HANDLES`], one per thread querying at once) and reuses them, so on an
    /// unedited grid a call costs what a reused [`GridSearch`] costs: O(V log V) for V visited
    /// cells (jump points for JPS), plus the result's size, and allocates only the result.
    /// The first call on a grid (and the first after it grew, or after
    /// [`release_query_memory`](Grid::release_query_memory)) also sizes the buffers, O(cells)
    /// time and about 20–40 bytes a cell; the first call after an edit repairs the derived
    /// structures it uses (JPS+ tables, clearance for agents above size 1) from the edit
    /// journal, or rebuilds them, O(cells). The buffers stay with the grid until it is dropped
    /// or released. A simulation that queries every tick keeps its own [`GridSearch`] and
    /// calls [`prepare`](GridSearch::prepare) once, so no tick pays the sizing.
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
        self.with_pooled(options, |search| {
            let begun = search.try_begin(self, start, goal);
            if begun != Step::InProgress {
                return Ok(search.refused_path(self, begun));
            }
            let _ = search.step(self, options.iteration_budget)?;
            search.to_path(self)
        })
    }

    /// Search handles the grid keeps for its one-line queries at most (queries running at once
    /// beyond that build their own, dropped afterwards).
    pub const QUERY_HANDLES: usize = QuerySlot::CAPACITY;

    /// Drops the working memory the grid keeps for its one-line queries (see the
    /// `# Complexity` of [`find_path`](Grid::find_path)); the next query sizes it again.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(64, 64).unwrap();
    /// let o = GridOptions::DEFAULT;
    /// let p = grid.find_path(Cell::new(0, 0), Cell::new(9, 9), &o).unwrap();
    /// grid.release_query_memory(); // e.g. when a level unloads but the grid is kept
    /// assert_eq!(grid.find_path(Cell::new(0, 0), Cell::new(9, 9), &o).unwrap(), p);
    /// ```
    pub fn release_query_memory(&self) {
        self.queries.clear();
    }

    /// Runs `query` on a search handle taken from the grid's [`QuerySlot`] (or a new one when
    /// the slot is empty), configured for `options`, and offers the handle back afterwards,
    /// whatever the outcome: the working memory and derived structures of one query serve
    /// the next (tier-1 design of issue 14: one-off queries cost what a reused handle costs).
    ///
    /// [`QuerySlot`]: crate::grid::query_slot::QuerySlot
    fn with_pooled<R>(
        &self,
        options: &GridOptions,
        query: impl FnOnce(&mut GridSearch) -> Result<R, QueryError>,
    ) -> Result<R, QueryError> {
        GridSearch::check_options(options)?;
        let mut search = match self.queries.take::<GridSearch>() {
            Some(mut s) => {
                s.set_options(*options)?;
                s
            }
            None => Box::new(GridSearch::new(*options)?),
        };
        let result = query(&mut search);
        self.queries.give(search);
        result
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
    ///
    /// # Complexity
    ///
    /// As [`find_path`](Grid::find_path), plus one call of `cancel` before every slice of
    /// 256 iterations.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, HeuristicKind, QueryError};
    /// let grid = Grid::new(64, 64).unwrap();
    /// let (a, b) = (Cell::new(0, 0), Cell::new(63, 63));
    /// let dijkstra = GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero); // ~4096 pops
    /// // A callback that never cancels changes nothing:
    /// let sliced = grid.find_path_cancellable(a, b, &dijkstra, || false).unwrap();
    /// assert_eq!(sliced, grid.find_path(a, b, &dijkstra).unwrap());
    /// // One that gives up on its third call stops after two slices of 256 iterations.
    /// let mut asked = 0;
    /// let cancelled = grid.find_path_cancellable(a, b, &dijkstra, || {
    ///     asked += 1;
    ///     asked == 3
    /// });
    /// assert_eq!(cancelled, Err(QueryError::Cancelled));
    /// assert_eq!(asked, 3);
    /// ```
    pub fn find_path_cancellable(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<GridPath, QueryError> {
        self.with_pooled(options, |search| {
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
                let _ = search.step(self, slice)?;
                if options.iteration_budget != u32::MAX {
                    remaining -= slice;
                }
            }
            search.to_path(self)
        })
    }

    /// [`find_path`](Grid::find_path) between world points, mapped to cells by
    /// [`space`](Grid::space).
    ///
    /// # Errors
    ///
    /// As [`find_path`](Grid::find_path), plus [`QueryError::Coordinate`] for a coordinate
    /// outside the coordinate rule (|v| ≤ 2^21, finite).
    ///
    /// # Complexity
    ///
    /// As [`find_path`](Grid::find_path), plus two O(1) world-to-cell mappings.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSpace, PathStatus, QueryError, WorldPoint};
    /// // Cells of 2 world units; the grid's top-left corner at (-10, -10).
    /// let space = GridSpace::new(-10.0, -10.0, 2.0).unwrap();
    /// let grid = Grid::new(10, 10).unwrap().with_space(space).unwrap();
    /// let o = GridOptions::DEFAULT;
    /// let (from, to) = (WorldPoint::new(-9.5, -9.0), WorldPoint::new(5.5, -9.0));
    /// let path = grid.find_path_world(from, to, &o).unwrap();
    /// assert_eq!(path.cells.first(), Some(&Cell::new(0, 0)));
    /// assert_eq!(path.cells.last(), Some(&Cell::new(7, 0))); // floor((5.5 + 10) / 2) = 7
    /// assert_eq!(path.points[0], WorldPoint::new(-9.0, -9.0)); // the centre of cell (0, 0)
    /// // A point off the grid is a status; one beyond the coordinate rule an error.
    /// let off = grid.find_path_world(WorldPoint::new(0.0, 0.0), WorldPoint::new(50.0, 0.0), &o);
    /// assert_eq!(off.unwrap().status, PathStatus::GoalInvalid);
    /// let far = grid.find_path_world(WorldPoint::new(0.0, 0.0), WorldPoint::new(1e7, 0.0), &o);
    /// assert!(matches!(far, Err(QueryError::Coordinate(_))));
    /// ```
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
    ///
    /// # Complexity
    ///
    /// O(V log V) for V visited cells plus the result's size, the hooks called once per move
    /// looked at; the working memory comes from the grid's kept handles as for
    /// [`find_path`](Grid::find_path). For agents above size 1 the clearance is the grid's cached
    /// one when current ([`Grid::clearance`] refreshes it), else computed for the call: O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::new(5, 2).unwrap();
    /// let (a, b, o) = (Cell::new(0, 0), Cell::new(4, 0), GridOptions::DEFAULT);
    /// // Entering (2, 0) costs three times as much, so the path steps round it.
    /// let toll = |_from: Cell, to: Cell, c: f64| if to == Cell::new(2, 0) { 3.0 * c } else { c };
    /// let path = grid.find_path_with(a, b, &o, toll, |_| false).unwrap();
    /// assert!(!path.cells.contains(&Cell::new(2, 0)));
    /// assert!((path.cost - (2.0 + 2.0 * onepath::math::SQRT2)).abs() < 1e-12);
    /// // Units standing on (2, 0) and (2, 1) close the column (a blocked cell is never entered).
    /// let units = [Cell::new(2, 0), Cell::new(2, 1)];
    /// let path = grid.find_path_with(a, b, &o, |_, _, c| c, |c| units.contains(&c)).unwrap();
    /// assert_eq!(path.status, PathStatus::NoPath);
    /// // A blocked endpoint is invalid.
    /// let path = grid.find_path_with(a, b, &o, |_, _, c| c, |c| c == a).unwrap();
    /// assert_eq!(path.status, PathStatus::StartInvalid);
    /// ```
    pub fn find_path_with(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
        step_cost: impl Fn(Cell, Cell, f64) -> f64,
        blocked: impl Fn(Cell) -> bool,
    ) -> Result<GridPath, QueryError> {
        query_map::find_path_with(self, (start, goal), options, step_cost, blocked)
    }
}

/// The square grid as the shared tier-1 runner sees it (hook queries only: the plain queries
/// run on a pooled [`GridSearch`]).
impl QueryMap for Grid {
    type Moves<'a> = SquareTopology<'a>;

    fn moves(&self, options: &GridOptions) -> Result<SquareTopology<'_>, QueryError> {
        check_weight(options)?;
        SquareTopology::new(
            self,
            options.agent_size,
            options.connectivity,
            options.diagonal_rule,
        )
    }

    fn heuristic(&self, options: &GridOptions) -> Result<AnyHeuristic, QueryError> {
        resolve_square_heuristic(options, self.width(), self.areas().min_cost())
    }

    fn size(&self) -> (u32, u32) {
        (self.width(), self.height())
    }

    fn index_of(&self, cell: Cell) -> Option<u32> {
        Grid::index_of(self, cell)
    }

    fn cell_of(&self, n: u32) -> Cell {
        Grid::cell_of(self, n)
    }

    fn center(&self, cell: Cell) -> WorldPoint {
        self.space().center_unchecked(cell)
    }

    /// The generic engine's buffers of a pooled handle (the hooks need their own cost and
    /// topology types, but the memory is the same).
    fn with_buffers<R>(
        &self,
        options: &GridOptions,
        query: impl FnOnce(&mut SearchBuffers) -> Result<R, QueryError>,
    ) -> Result<R, QueryError> {
        self.with_pooled(options, |search| {
            let mut buffers = search.take_generic_buffers();
            let result = query(&mut buffers);
            search.put_generic_buffers(buffers);
            result
        })
    }
}
