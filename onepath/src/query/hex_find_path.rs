//! Tier 1 on the hex grid: [`HexGrid::find_path`].

use alloc::boxed::Box;

use super::any_heuristic::AnyHeuristic;
use super::hex_search::HexSearch;
use super::options::{GridOptions, HeuristicKind};
use super::path::GridPath;
use super::query_map::{self, QueryMap};
use super::runner::check_weight;
use crate::error::QueryError;
use crate::grid::{Cell, WorldPoint};
use crate::hex::{HexDistanceHeuristic, HexGrid, HexTopology};
use crate::search::{SearchBuffers, Step};
use crate::topology::ZeroHeuristic;

impl HexGrid {
    /// Drops the search buffers the grid keeps for its one-line queries; the next query sizes
    /// them again.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::new(16, 16, HexLayout::PointyOddRow).unwrap();
    /// let a = grid.find_path(Cell::new(0, 0), Cell::new(15, 15), &GridOptions::DEFAULT).unwrap();
    /// grid.release_query_memory(); // e.g. when the level unloads
    /// let b = grid.find_path(Cell::new(0, 0), Cell::new(15, 15), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(a, b); // the next query sizes new buffers; the answer is the same
    /// ```
    pub fn release_query_memory(&self) {
        self.queries.clear();
    }

    /// Finds a path between offset cells with A* (six moves, hex-distance heuristic).
    /// `connectivity` and `diagonal_rule` of the options are ignored.
    ///
    /// It is exactly [`HexSearch::try_begin`] then `step(options.iteration_budget)` on a
    /// handle the grid keeps, so the resumable handle and the one-line query never differ.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] unless `agent_size == 1`,
    /// [`QueryError::HeuristicNotSupported`] for Manhattan or octile,
    /// [`QueryError::InvalidWeight`], [`QueryError::WeightTooLarge`].
    ///
    /// # Complexity
    ///
    /// O(V log V) for V visited cells plus the result's size: the grid keeps the search
    /// buffers of its one-line queries (up to four, one per thread querying at once) and reuses
    /// them, so only the first call (or the first after
    /// [`release_query_memory`](HexGrid::release_query_memory)) sizes them, O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::from_text("....\n.##.\n....", HexLayout::PointyOddRow).unwrap();
    /// let path = grid.find_path(Cell::new(0, 1), Cell::new(3, 1), &GridOptions::DEFAULT).unwrap();
    /// assert!(path.is_found());
    /// assert_eq!(path.cost, 4.0); // one more step than the 3 hexes between them, round the wall
    /// ```
    pub fn find_path(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
    ) -> Result<GridPath, QueryError> {
        self.with_pooled(options, |search| {
            // The weight is judged against the grid before the endpoints (the order of
            // `query_map`'s checks, shared with the hook query).
            search.weight_fits(self)?;
            let begun = search.try_begin(self, start, goal);
            if matches!(begun, Step::StartInvalid | Step::GoalInvalid) {
                return Ok(GridPath::refused_by(begun));
            }
            let _ = search.step(self, options.iteration_budget)?;
            search.to_path(self)
        })
    }

    /// Runs `query` on a [`HexSearch`] taken from the grid's query slot (or a new one when the
    /// slot is empty), configured for `options`, and offers it back afterwards, whatever the
    /// outcome: the working memory of one query serves the next.
    fn with_pooled<R>(
        &self,
        options: &GridOptions,
        query: impl FnOnce(&mut HexSearch) -> Result<R, QueryError>,
    ) -> Result<R, QueryError> {
        let mut search = match self.queries.take::<HexSearch>() {
            Some(mut s) => {
                s.set_options(*options)?;
                s
            }
            None => Box::new(HexSearch::new(*options)?),
        };
        let result = query(&mut search);
        self.queries.give(search);
        result
    }

    /// [`find_path`](HexGrid::find_path) between world points ([`space`](HexGrid::space)).
    ///
    /// # Errors
    ///
    /// As [`find_path`](HexGrid::find_path), plus [`QueryError::Coordinate`].
    ///
    /// # Complexity
    ///
    /// As [`find_path`](HexGrid::find_path), plus two O(1) world-to-hex mappings.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, WorldPoint};
    /// let grid = HexGrid::new(6, 6, HexLayout::FlatOddColumn).unwrap();
    /// // The default mapping puts the centre of cell (0, 0) at the origin, neighbours 1 apart.
    /// let goal = grid.space().center(grid.layout(), grid.to_axial(Cell::new(4, 2))).unwrap();
    /// let o = GridOptions::DEFAULT;
    /// let path = grid.find_path_world(WorldPoint::new(0.1, -0.1), goal, &o).unwrap();
    /// assert_eq!(path.cells.first(), Some(&Cell::new(0, 0)));
    /// assert_eq!(path.cells.last(), Some(&Cell::new(4, 2)));
    /// assert_eq!(path.cost, 4.0);
    /// ```
    pub fn find_path_world(
        &self,
        start: WorldPoint,
        goal: WorldPoint,
        options: &GridOptions,
    ) -> Result<GridPath, QueryError> {
        let s = self.to_offset(self.space().hex_at(self.layout(), start)?);
        let g = self.to_offset(self.space().hex_at(self.layout(), goal)?);
        self.find_path(s, g, options)
    }

    /// [`find_path`](HexGrid::find_path) with a step-cost hook and a blocked-cell hook (see
    /// [`Grid::find_path_with`](crate::Grid::find_path_with)).
    ///
    /// # Errors
    ///
    /// As [`find_path`](HexGrid::find_path).
    ///
    /// # Complexity
    ///
    /// As [`find_path`](HexGrid::find_path), the hooks called once per move looked at.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap(); // a single row
    /// let (a, b, o) = (Cell::new(0, 0), Cell::new(4, 0), GridOptions::DEFAULT);
    /// // A toll on entering column 2: 1 + 3 + 1 + 1.
    /// let toll = |_from: Cell, to: Cell, cost: f64| if to.x == 2 { 3.0 * cost } else { cost };
    /// assert_eq!(grid.find_path_with(a, b, &o, toll, |_| false).unwrap().cost, 6.0);
    /// // Blocking the middle cell cuts the row in two.
    /// let path = grid.find_path_with(a, b, &o, |_, _, c| c, |c| c == Cell::new(2, 0)).unwrap();
    /// assert_eq!(path.status, PathStatus::NoPath);
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

/// The hex grid as the shared tier-1 runner sees it.
impl QueryMap for HexGrid {
    type Moves<'a> = HexTopology<'a>;

    /// Six moves for an agent of size 1 (`connectivity` and `diagonal_rule` do not apply).
    fn moves(&self, options: &GridOptions) -> Result<HexTopology<'_>, QueryError> {
        if options.agent_size != 1 {
            return Err(QueryError::InvalidAgentSize {
                size: options.agent_size,
                max: 1,
            });
        }
        Ok(HexTopology::new(self))
    }

    fn heuristic(&self, options: &GridOptions) -> Result<AnyHeuristic, QueryError> {
        let scale = self.areas().min_cost();
        let heuristic = match options.heuristic {
            HeuristicKind::Zero => AnyHeuristic::Zero(ZeroHeuristic),
            HeuristicKind::Auto | HeuristicKind::HexDistance => AnyHeuristic::Hex(
                HexDistanceHeuristic::new(self.width(), self.layout(), scale),
            ),
            HeuristicKind::Manhattan | HeuristicKind::Octile => {
                return Err(QueryError::HeuristicNotSupported);
            }
        };
        check_weight(options)?;
        Ok(heuristic)
    }

    fn size(&self) -> (u32, u32) {
        (self.width(), self.height())
    }

    fn index_of(&self, cell: Cell) -> Option<u32> {
        HexGrid::index_of(self, cell)
    }

    fn cell_of(&self, n: u32) -> Cell {
        HexGrid::cell_of(self, n)
    }

    fn center(&self, cell: Cell) -> WorldPoint {
        self.space()
            .center_unchecked(self.layout(), self.to_axial(cell))
    }

    /// The buffers of a pooled [`HexSearch`] (the hooks need their own cost and topology
    /// types, but the memory is the same).
    fn with_buffers<R>(
        &self,
        options: &GridOptions,
        query: impl FnOnce(&mut SearchBuffers) -> Result<R, QueryError>,
    ) -> Result<R, QueryError> {
        self.with_pooled(options, |search| {
            let mut buffers = search.take_buffers();
            let result = query(&mut buffers);
            search.put_buffers(buffers);
            result
        })
    }
}
