//! The tier-1 query runner shared by the square and hex grids: validates options, picks the
//! heuristic, runs the resumable [`AStar`] with the iteration budget and packs the result.

use alloc::vec::Vec;

use super::cell::{Cell, WorldPoint};
use super::movement::Connectivity;
use super::options::HeuristicKind;
use super::options::{GridAlgorithm, GridOptions};
use super::path::{GridPath, PathStatus};
use crate::error::QueryError;
use crate::search::{AStar, SearchBuffers, Step};
use crate::topology::{
    AnyHeuristic, ManhattanHeuristic, OctileHeuristic, StepCost, Topology, ZeroHeuristic,
};

/// Resolves the heuristic of a square-grid query (`Auto`: Manhattan for four moves, octile for
/// eight), scaled by `scale` (the smallest area multiplier).
pub(crate) fn resolve_square_heuristic(
    options: &GridOptions,
    width: u32,
    scale: f64,
) -> Result<AnyHeuristic, QueryError> {
    Ok(match (options.heuristic, options.connectivity) {
        (HeuristicKind::Zero, _) => AnyHeuristic::Zero(ZeroHeuristic),
        (HeuristicKind::Manhattan, _) | (HeuristicKind::Auto, Connectivity::Four) => {
            AnyHeuristic::Manhattan(ManhattanHeuristic::new(width, scale))
        }
        (HeuristicKind::Octile, _) | (HeuristicKind::Auto, Connectivity::Eight) => {
            AnyHeuristic::Octile(OctileHeuristic::new(width, scale))
        }
        (HeuristicKind::HexDistance, _) => return Err(QueryError::HeuristicNotSupported),
    })
}

/// Checks the options every grid kind shares.
pub(crate) fn check_weight(options: &GridOptions) -> Result<(), QueryError> {
    let w = options.weight;
    if w.is_finite() && w >= 0.0 {
        Ok(())
    } else {
        Err(QueryError::InvalidWeight { value: w })
    }
}

/// Checks that `weight × h` stays finite for every estimate the grid can produce: the largest
/// is between two opposite corners (`corners`: the two diagonals as (from, goal) node pairs),
/// since every grid estimate grows with both coordinate distances.
///
/// # Errors
///
/// [`QueryError::WeightTooLarge`] naming the weight and the largest estimate.
pub(crate) fn check_weight_fits(
    weight: f64,
    mut heuristic: AnyHeuristic,
    corners: [(u32, u32); 2],
) -> Result<(), QueryError> {
    use crate::topology::Heuristic;
    let mut estimate = 0.0f64;
    for (from, goal) in corners {
        heuristic.set_goal(goal);
        estimate = estimate.max(heuristic.estimate(from));
    }
    // Twice the corner estimate: headroom for the path cost added to it, and for grids
    // (hex offsets) whose largest estimate is near, not at, a corner pair.
    if (weight * (estimate * 2.0)).is_finite() {
        Ok(())
    } else {
        Err(QueryError::WeightTooLarge { weight, estimate })
    }
}

/// The two diagonals of a `width × height` row-major grid as (from, goal) node pairs.
pub(crate) fn corner_pairs(width: u32, height: u32) -> [(u32, u32); 2] {
    let last_row = (height - 1) * width;
    [(0, last_row + width - 1), (width - 1, last_row)]
}

/// Runs one query: `start`/`goal` are `None` when outside the grid.
///
/// The search runs in `buffers` (taken and given back, so a caller that keeps them pays the
/// map-sized allocation once).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_query<T: Topology, C: StepCost>(
    topology: &T,
    cost: C,
    heuristic: AnyHeuristic,
    endpoints: (Option<u32>, Option<u32>),
    options: &GridOptions,
    buffers: &mut SearchBuffers,
    to_cell: impl Fn(u32) -> Cell,
    to_point: impl Fn(Cell) -> WorldPoint,
) -> Result<GridPath, QueryError> {
    check_weight(options)?;
    // The start is judged completely (inside, then walkable) before the goal.
    let Some(start) = endpoints.0.filter(|&s| topology.is_walkable(s)) else {
        return Ok(GridPath::refused(PathStatus::StartInvalid));
    };
    let Some(goal) = endpoints.1.filter(|&g| topology.is_walkable(g)) else {
        return Ok(GridPath::refused(PathStatus::GoalInvalid));
    };
    let mut search = AStar::with_buffers(cost, heuristic, core::mem::take(buffers));
    // Cannot fail: checked above.
    let _ = search.set_weight(options.weight);
    search.set_record_expansions(options.record_expansions);
    let begun = search.try_begin(topology, start, goal);
    let state = match begun {
        Step::InProgress if options.iteration_budget == u32::MAX => search.run(topology),
        Step::InProgress => search.step(topology, options.iteration_budget),
        other => other,
    };
    let path = pack_path(&search, state, to_cell, to_point);
    *buffers = search.into_buffers();
    Ok(path)
}

/// Packs a finished (or budget-stopped) search into a [`GridPath`].
pub(crate) fn pack_path<C: StepCost, H: crate::topology::Heuristic>(
    search: &AStar<C, H>,
    state: Step,
    to_cell: impl Fn(u32) -> Cell,
    to_point: impl Fn(Cell) -> WorldPoint,
) -> GridPath {
    let status = match state {
        Step::Found => PathStatus::Found,
        Step::NoPath | Step::Idle => PathStatus::NoPath,
        Step::StartInvalid => PathStatus::StartInvalid,
        Step::GoalInvalid => PathStatus::GoalInvalid,
        Step::InProgress => PathStatus::BudgetExhausted,
    };
    let cells: Vec<Cell> = search.path().into_iter().map(&to_cell).collect();
    GridPath {
        status,
        points: cells.iter().map(|&c| to_point(c)).collect(),
        cells,
        cost: search.cost(),
        iterations: search.iterations(),
        expansions: search.expansions(),
        expanded: search
            .buffers()
            .expanded_nodes()
            .iter()
            .map(|&n| to_cell(n))
            .collect(),
        algorithm: GridAlgorithm::AStar,
        specialized: false,
    }
}
