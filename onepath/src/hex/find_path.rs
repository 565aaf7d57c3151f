//! Tier 1 on the hex grid: [`HexGrid::find_path`].

use super::hex_grid::HexGrid;
use super::topology::HexTopology;
use crate::error::QueryError;
use crate::grid::query::run_query;
use crate::grid::{Cell, GridOptions, GridPath, HeuristicKind, WorldPoint};
use crate::topology::{
    AnyHeuristic, DefaultStepCost, Filtered, FnStepCost, HexDistanceHeuristic, StepCost, Topology,
    ZeroHeuristic,
};

impl HexGrid {
    /// Finds a path between offset cells with A* (six moves, hex-distance heuristic).
    /// `connectivity` and `diagonal_rule` of the options are ignored.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] unless `agent_size == 1`,
    /// [`QueryError::HeuristicNotSupported`] for Manhattan or octile,
    /// [`QueryError::InvalidWeight`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::from_text("....\n.##.\n....", HexLayout::PointyOddRow).unwrap();
    /// let path = grid.find_path(Cell::new(0, 1), Cell::new(3, 1), &GridOptions::DEFAULT).unwrap();
    /// assert!(path.is_found());
    /// ```
    pub fn find_path(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
    ) -> Result<GridPath, QueryError> {
        let topology = HexTopology::new(self);
        self.run(&topology, DefaultStepCost, start, goal, options)
    }

    /// [`find_path`](HexGrid::find_path) between world points ([`space`](HexGrid::space)).
    ///
    /// # Errors
    ///
    /// As [`find_path`](HexGrid::find_path), plus [`QueryError::Coordinate`].
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
    pub fn find_path_with(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
        step_cost: impl Fn(Cell, Cell, f64) -> f64,
        blocked: impl Fn(Cell) -> bool,
    ) -> Result<GridPath, QueryError> {
        let inner = HexTopology::new(self);
        let topology = Filtered::new(&inner, |n| blocked(self.cell_of(n)));
        let cost = FnStepCost(|a, b, base| step_cost(self.cell_of(a), self.cell_of(b), base));
        self.run(&topology, cost, start, goal, options)
    }

    fn run<T: Topology, C: StepCost>(
        &self,
        topology: &T,
        cost: C,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
    ) -> Result<GridPath, QueryError> {
        if options.agent_size != 1 {
            return Err(QueryError::InvalidAgentSize {
                size: options.agent_size,
                max: 1,
            });
        }
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
        let (space, layout) = (self.space(), self.layout());
        run_query(
            topology,
            cost,
            heuristic,
            (self.index_of(start), self.index_of(goal)),
            options,
            |n| self.cell_of(n),
            |c| space.center_unchecked(layout, self.to_axial(c)),
        )
    }
}
