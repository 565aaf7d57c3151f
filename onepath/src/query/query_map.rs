//! What the tier-1 queries of every grid kind share: [`QueryMap`], the few answers a map gives
//! the query runner, and the hook query ([`find_path_with`]) and plain A* query ([`run`])
//! written once over it. `Grid` and `HexGrid` implement it beside their `find_path` forms.
//!
//! The order of the checks is part of the contract (a query with two bad options reports the
//! first): the map's own topology for the options ([`QueryMap::moves`]), then its estimate
//! ([`QueryMap::heuristic`]), then the weight against the largest estimate, then the
//! endpoints (inside, walkable — the start completely before the goal).

use super::any_heuristic::AnyHeuristic;
use super::options::GridOptions;
use super::path::GridPath;
use super::runner::{check_weight_fits, corner_pairs, run_query};
use crate::error::QueryError;
use crate::grid::{Cell, WorldPoint};
use crate::search::SearchBuffers;
use crate::topology::{Filtered, FnStepCost, StepCost, Topology};

/// A map the tier-1 query runner can search: cells in row-major node order, a topology and an
/// estimate chosen from the options, world centres, and working memory kept between queries.
pub(super) trait QueryMap {
    /// The map's own topology.
    type Moves<'a>: Topology
    where
        Self: 'a;

    /// The topology a query under `options` runs on.
    ///
    /// # Errors
    ///
    /// The [`QueryError`] of an option the map cannot honour (an agent size, a weight, …).
    fn moves(&self, options: &GridOptions) -> Result<Self::Moves<'_>, QueryError>;

    /// The estimate a query under `options` runs with, scaled by the smallest area multiplier.
    ///
    /// # Errors
    ///
    /// [`QueryError::HeuristicNotSupported`] for an estimate of another grid kind, and the
    /// option checks the map makes at this point.
    fn heuristic(&self, options: &GridOptions) -> Result<AnyHeuristic, QueryError>;

    /// `(width, height)` in cells.
    fn size(&self) -> (u32, u32);

    /// The node of `cell`, `None` outside the map.
    fn index_of(&self, cell: Cell) -> Option<u32>;

    /// The cell of node `n`.
    fn cell_of(&self, n: u32) -> Cell;

    /// The world centre of `cell`.
    fn center(&self, cell: Cell) -> WorldPoint;

    /// Runs `query` in search buffers the map keeps between its one-line queries, and keeps
    /// them again afterwards, whatever the outcome.
    ///
    /// # Errors
    ///
    /// `query`'s, and the option checks the map makes before it lends the buffers.
    fn with_buffers<R>(
        &self,
        options: &GridOptions,
        query: impl FnOnce(&mut SearchBuffers) -> Result<R, QueryError>,
    ) -> Result<R, QueryError>;
}

/// A* on `map` with a step-cost hook and a blocked-cell hook, both called with cells in
/// neighbour order (what `Grid::find_path_with` and `HexGrid::find_path_with` document).
pub(super) fn find_path_with<M: QueryMap>(
    map: &M,
    (start, goal): (Cell, Cell),
    options: &GridOptions,
    step_cost: impl Fn(Cell, Cell, f64) -> f64,
    blocked: impl Fn(Cell) -> bool,
) -> Result<GridPath, QueryError> {
    let inner = map.moves(options)?;
    let topology = Filtered::new(&inner, |n| blocked(map.cell_of(n)));
    let cost = FnStepCost(|a, b, base| step_cost(map.cell_of(a), map.cell_of(b), base));
    run(map, &topology, cost, (start, goal), options)
}

/// A* on `map` over `topology` (the map's own, or filtered by hooks) with step costs `cost`.
pub(super) fn run<M: QueryMap, T: Topology, C: StepCost>(
    map: &M,
    topology: &T,
    cost: C,
    (start, goal): (Cell, Cell),
    options: &GridOptions,
) -> Result<GridPath, QueryError> {
    let heuristic = map.heuristic(options)?;
    let (width, height) = map.size();
    check_weight_fits(options.weight, heuristic, corner_pairs(width, height))?;
    map.with_buffers(options, |buffers| {
        run_query(
            topology,
            cost,
            heuristic,
            (map.index_of(start), map.index_of(goal)),
            options,
            buffers,
            |n| map.cell_of(n),
            |c| map.center(c),
        )
    })
}
