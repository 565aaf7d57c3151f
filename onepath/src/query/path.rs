//! [`GridPath`] and [`PathStatus`]: the result of a tier-1 query.

use alloc::vec::Vec;

use super::options::GridAlgorithm;
use crate::grid::fixed_cost::step_kind;
use crate::grid::{Cell, WorldPoint};
use crate::search::Step;

/// How a query ended. Never an error: every status is a normal outcome.
///
/// `#[must_use]`: [`StartInvalid`](PathStatus::StartInvalid) /
/// [`GoalInvalid`](PathStatus::GoalInvalid) mean no path was produced for the endpoints asked
/// for, and [`BudgetExhausted`](PathStatus::BudgetExhausted) asks for another call.
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, PathStatus};
/// let grid = Grid::from_text("..#..").unwrap();
/// let o = GridOptions::DEFAULT;
/// let status = |a, b| grid.find_path(Cell::new(a, 0), Cell::new(b, 0), &o).unwrap().status;
/// assert_eq!(status(0, 1), PathStatus::Found);
/// assert_eq!(status(0, 4), PathStatus::NoPath);
/// assert_eq!(status(2, 0), PathStatus::StartInvalid); // a wall
/// assert_eq!(status(0, 9), PathStatus::GoalInvalid); // outside
/// ```
#[must_use = "StartInvalid / GoalInvalid mean no path for these endpoints and BudgetExhausted asks for another call: look at the status"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PathStatus {
    /// A path was found.
    Found,
    /// The goal cannot be reached.
    NoPath,
    /// The start is outside the grid, a wall, too narrow for the agent or blocked.
    StartInvalid,
    /// The goal is outside the grid, a wall, too narrow for the agent or blocked.
    GoalInvalid,
    /// The iteration budget ran out first.
    BudgetExhausted,
    /// Nothing has been searched yet: what a replanner's `status()`
    /// ([`GridReplanner`](crate::GridReplanner), [`HexReplanner`](crate::HexReplanner)) says
    /// before its first replan (or after restoring a state saved then). Queries and the other
    /// handles never return it. Added in issue 28: before, a replanner said `BudgetExhausted`
    /// here, which no budget had caused.
    NotStarted,
}

/// The result of a tier-1 query.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus, WorldPoint};
/// let grid = Grid::from_text("....\n.##.\n....").unwrap();
/// let options = GridOptions::DEFAULT.with_record_expansions(true);
/// let path = grid.find_path(Cell::new(0, 1), Cell::new(3, 1), &options).unwrap();
/// assert!(path.is_found());
/// assert_eq!(path.cells.len(), 6);
/// assert_eq!(path.points[0], WorldPoint::new(0.5, 1.5)); // centre of the start cell
/// assert_eq!(path.expanded.len() as u32, path.expansions); // recorded, in order
/// assert_eq!(path.algorithm, GridAlgorithm::AStar);
/// // An iteration budget that runs out is a status, not an error.
/// let short = grid.find_path(Cell::new(0, 1), Cell::new(3, 1), &options.with_iteration_budget(2));
/// let short = short.unwrap();
/// assert_eq!((short.status, short.iterations), (PathStatus::BudgetExhausted, 2));
/// assert!(short.cells.is_empty() && short.cost == f64::INFINITY);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridPath {
    /// How the query ended.
    pub status: PathStatus,
    /// The path, start first (empty unless found). Any-angle paths (Theta*, Lazy Theta*) list
    /// their waypoints only: consecutive cells see each other and the agent moves straight.
    pub cells: Vec<Cell>,
    /// Cell centres of `cells` in world space.
    pub points: Vec<WorldPoint>,
    /// The path cost (`g` of the goal: step costs summed in path order from 0; for any-angle
    /// paths the segment costs `m * sqrt(dx² + dy²)`); +∞ unless found.
    pub cost: f64,
    /// Iterations (pops).
    pub iterations: u32,
    /// Expansions (pops that expanded a node; the goal's pop is not one).
    pub expansions: u32,
    /// Expanded cells in order, when `record_expansions` was set.
    pub expanded: Vec<Cell>,
    /// The algorithm family that actually ran (A*, JPS or JPS+).
    pub algorithm: GridAlgorithm,
    /// Whether a specialised octile engine ([`fast`](crate::fast)) ran it rather than the
    /// generic core (see [`GridOptions::specialized_engines`](crate::GridOptions)).
    pub specialized: bool,
}

impl GridPath {
    pub(crate) fn refused(status: PathStatus) -> Self {
        Self {
            status,
            cells: Vec::new(),
            points: Vec::new(),
            cost: f64::INFINITY,
            iterations: 0,
            expansions: 0,
            expanded: Vec::new(),
            algorithm: GridAlgorithm::AStar,
            specialized: false,
        }
    }

    /// The result of a `try_begin` that refused an endpoint.
    pub(crate) fn refused_by(step: Step) -> Self {
        Self::refused(if step == Step::StartInvalid {
            PathStatus::StartInvalid
        } else {
            PathStatus::GoalInvalid
        })
    }

    /// Whether a path was found.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::from_text(".#.").unwrap();
    /// let o = GridOptions::DEFAULT;
    /// assert!(grid.find_path(Cell::new(0, 0), Cell::new(0, 0), &o).unwrap().is_found());
    /// assert!(!grid.find_path(Cell::new(0, 0), Cell::new(2, 0), &o).unwrap().is_found());
    /// ```
    pub fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }
}

impl GridPath {
    /// The numbers of straight and diagonal steps of the path (the spec's `TryGetStepCounts`),
    /// `(straight, diagonal)`; `(0, 0)` for an empty or one-cell path. `None` when a step is not
    /// a king move (any-angle or abstract paths).
    ///
    /// # Complexity
    ///
    /// O(path length).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(6, 4).unwrap();
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(5, 2), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(path.step_counts(), Some((3, 2))); // 3 straight and 2 diagonal steps
    /// // The same path in Q31.32: 3 × 2^32 plus 2 × round(√2 × 2^32).
    /// assert_eq!(grid.fixed_cost(&path.cells), Some(3 * (1 << 32) + 2 * 6_074_001_000));
    /// ```
    pub fn step_counts(&self) -> Option<(u32, u32)> {
        let (mut straight, mut diagonal) = (0u32, 0u32);
        for pair in self.cells.windows(2) {
            if step_kind(pair[0], pair[1])? {
                diagonal = diagonal.checked_add(1)?;
            } else {
                straight = straight.checked_add(1)?;
            }
        }
        Some((straight, diagonal))
    }
}
