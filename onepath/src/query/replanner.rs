//! Tier 1 of the incremental replanners on the square grid: [`Grid::create_replanner`] and
//! [`GridReplanner`] (spec: grids.md, “Incremental replanning (LPA, D Lite)”, “Tier 1”). The
//! handle itself is [`ReplanCore`], shared with the hex grid; here is what the square grid
//! answers its own way ([`ReplanMap`]).

use super::any_heuristic::AnyHeuristic;
use super::options::{GridAlgorithm, GridOptions};
use super::path::PathStatus;
use super::replan_core::{Engine, ReplanCore, ReplanMap, check_replan_weight};
use super::runner::resolve_square_heuristic;
use crate::error::QueryError;
use crate::grid::{Cell, ClearanceMap, Grid, SquareTopology};
use crate::replan::{JournalOutcome, ReplanSearch, follow_square_journal, pending_after_square};
use crate::state::StateError;
use crate::topology::DefaultStepCost;

impl ReplanMap for Grid {
    type Topo<'a> = SquareTopology<'a>;

    fn size(&self) -> (u32, u32) {
        (self.width(), self.height())
    }

    fn revision(&self) -> u64 {
        Grid::revision(self)
    }

    fn index_of(&self, cell: Cell) -> Option<u32> {
        Grid::index_of(self, cell)
    }

    fn cell_of(&self, node: u32) -> Cell {
        Grid::cell_of(self, node)
    }

    fn snapshot_hash(&self) -> u64 {
        self.content_hash()
    }

    fn follow(&self, search: &mut Engine, seen: &mut u64, options: &GridOptions) -> JournalOutcome {
        follow_square_journal(search, self, seen, options.agent_size)
    }

    fn pending_after(&self, search: &Engine, seen: u64, options: &GridOptions) -> usize {
        pending_after_square(search, self, seen, options.agent_size)
    }

    fn estimate(&self, options: &GridOptions) -> Result<AnyHeuristic, QueryError> {
        resolve_square_heuristic(options, self.width(), self.areas().min_cost())
    }

    fn topology<'a>(
        &'a self,
        o: &GridOptions,
        clearance: &'a mut Option<ClearanceMap>,
    ) -> Result<SquareTopology<'a>, QueryError> {
        match clearance {
            Some(map) => {
                map.refresh(self);
                SquareTopology::with_clearance_map(
                    self,
                    o.agent_size,
                    o.connectivity,
                    o.diagonal_rule,
                    map,
                )
            }
            None => SquareTopology::new(self, 1, o.connectivity, o.diagonal_rule),
        }
    }

    fn option_codes(o: &GridOptions) -> [u8; 4] {
        [
            o.connectivity as u8,
            o.diagonal_rule as u8,
            o.agent_size,
            o.heuristic as u8,
        ]
    }
}

/// An incremental replanner on one square grid (tier 1): LPA* or D* Lite that repairs its
/// path after the grid is edited instead of searching again.
///
/// Create it with [`Grid::create_replanner`]; call [`replan`](GridReplanner::replan) (or
/// [`try_replan`](GridReplanner::try_replan) with a budget) after edits, moves of the start
/// ([`move_start`](GridReplanner::move_start), cheap for D* Lite) or a new goal. It follows
/// the grid's edits by reading its edit journal at the next replan (nothing needs to be told
/// about an edit): each edited rectangle re-examines the cells around it, a change covering
/// more than a quarter of the grid or an area-multiplier change begins again.
///
/// # Determinism
///
/// Any sequence of budgets ends with the status, counts, path and cost bits of one unbudgeted
/// call. The cost is the exact sum of the path's step costs; it equals the optimum A* finds
/// (within the last bits when equal-cost paths differ), while the path itself may be another
/// of the equal-cost paths.
///
/// # Stale reads
///
/// [`status`](GridReplanner::status), [`path`](GridReplanner::path) and
/// [`cost`](GridReplanner::cost) take no grid: they are the last replan's answer, kept after an
/// edit, a moved start or a new goal until the next replan (a unit may keep walking the old
/// path while it decides when to replan). [`is_current`](GridReplanner::is_current) is the
/// flag; [`current`](GridReplanner::current) refuses an old answer with
/// [`QueryError::NotReplanned`] (ARCHITECTURE.md, “Stale reads”). Before the first replan the
/// status is [`PathStatus::NotStarted`].
///
/// # Memory
///
/// After the first replan, `try_replan` allocates nothing: the engine's arrays, the queue,
/// the clearance (agents above size 1) and the path buffer are reused. `restore_state`
/// allocates nothing either once the replanner has replanned or restored on a grid of this
/// size: its checks and the restored state go into the same buffers.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus};
/// let mut grid = Grid::from_text("
///     ......
///     ......
///     ......
/// ").unwrap();
/// let options = GridOptions::FOUR_CONNECTED.with_algorithm(GridAlgorithm::DStarLite);
/// let mut unit = grid.create_replanner(Cell::new(0, 1), Cell::new(5, 1), &options).unwrap();
/// assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
/// assert_eq!(unit.cost(), 5.0);
/// // A door closes on the straight line: the replanner reads the edit from the grid.
/// grid.set_walkable(Cell::new(3, 1), false).unwrap();
/// assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
/// assert_eq!(unit.cost(), 7.0);
/// // The unit walks on; D* Lite keeps its work.
/// unit.move_start(Cell::new(1, 1));
/// assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
/// assert_eq!((unit.path()[0], unit.cost()), (Cell::new(1, 1), 6.0));
/// ```
#[derive(Clone, Debug)]
pub struct GridReplanner {
    core: ReplanCore,
}

impl Grid {
    /// A replanner from `start` to `goal` on this grid: LPA* when `options.algorithm` is
    /// [`GridAlgorithm::LpaStar`], otherwise D* Lite. It has not searched yet; call
    /// [`GridReplanner::replan`]. Endpoints outside the grid or not walkable are reported by
    /// `replan` (`StartInvalid` / `GoalInvalid`), not here. `iteration_budget`,
    /// `record_expansions` and `specialized_engines` do not apply.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] (size 0), [`QueryError::InvalidWeight`],
    /// [`QueryError::ReplanWeight`] (a weight other than 1),
    /// [`QueryError::HeuristicNotSupported`] (hex distance on a square grid).
    ///
    /// # Complexity
    ///
    /// O(1) for agents of size 1; O(cells) to compute the clearance for larger agents.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus, QueryError};
    /// let grid = Grid::new(5, 5).unwrap();
    /// let lpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::LpaStar);
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &lpa).unwrap();
    /// assert_eq!(unit.algorithm(), GridAlgorithm::LpaStar);
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::Found));
    /// assert_eq!(unit.cost(), 4.0);
    /// // Replanners keep paths optimal: a weight other than 1 is refused.
    /// let weighted = GridOptions::DEFAULT.with_weight(2.0);
    /// assert!(matches!(grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &weighted), Err(QueryError::ReplanWeight { .. })));
    /// ```
    pub fn create_replanner(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
    ) -> Result<GridReplanner, QueryError> {
        if options.agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        check_replan_weight(options)?;
        let clearance = (options.agent_size > 1).then(|| ClearanceMap::for_grid(self));
        Ok(GridReplanner {
            core: ReplanCore::new(self, options, clearance, start, goal)?,
        })
    }
}

impl GridReplanner {
    /// Replans without a budget; see [`try_replan`](GridReplanner::try_replan).
    ///
    /// # Errors
    ///
    /// As [`try_replan`](GridReplanner::try_replan).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let mut grid = Grid::from_text("...\n...\n...").unwrap();
    /// let o = GridOptions::FOUR_CONNECTED;
    /// let mut unit = grid.create_replanner(Cell::new(0, 1), Cell::new(2, 1), &o).unwrap();
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::Found));
    /// assert_eq!(unit.cost(), 2.0);
    /// grid.set_rect(1, 0, 1, 3, 255).unwrap(); // a wall across
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::NoPath));
    /// grid.set_walkable(Cell::new(1, 2), true).unwrap(); // a door opens
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::Found));
    /// assert_eq!(unit.cost(), 4.0);
    /// ```
    pub fn replan(&mut self, grid: &Grid) -> Result<PathStatus, QueryError> {
        self.try_replan(grid, u32::MAX)
    }

    /// Brings the replanner up to date with `grid` (its edits since the last call, a moved
    /// start, a new goal) and repairs the path with at most `budget` pops. Returns
    /// `BudgetExhausted` when the budget ran out (call again; the work continues), else
    /// `Found` (read [`path`](GridReplanner::path) and [`cost`](GridReplanner::cost)),
    /// `NoPath`, `StartInvalid` or `GoalInvalid` (an endpoint outside the grid or not walkable
    /// for the agent now; the work is kept for when it is again).
    ///
    /// # Errors
    ///
    /// [`QueryError::OtherGrid`] when `grid` does not have the size of the grid the replanner
    /// was created on (a grid of the same size with another history is followed by beginning
    /// again).
    ///
    /// # Complexity
    ///
    /// O(edits) to read the journal, then what LPA* / D* Lite repair: the nodes around each
    /// edit and the nodes whose costs changed, O(k log k) for k queue operations; O(cells)
    /// after a restart. Allocates nothing once the first replan has sized the buffers.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::new(16, 16).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(15, 15), &GridOptions::DEFAULT).unwrap();
    /// let mut ticks = 1;
    /// while unit.try_replan(&grid, 8).unwrap() == PathStatus::BudgetExhausted {
    ///     ticks += 1; // at most eight pops per tick; the work carries over
    /// }
    /// assert!(ticks > 1);
    /// assert_eq!(unit.status(), PathStatus::Found);
    /// assert_eq!(unit.path().len(), 16);
    /// ```
    pub fn try_replan(&mut self, grid: &Grid, budget: u32) -> Result<PathStatus, QueryError> {
        self.core.try_replan(grid, budget)
    }

    /// Moves the start (the unit advanced); taken up at the next replan. D* Lite keeps its
    /// work (the key modifier grows by the estimate between the two starts); LPA* begins
    /// again.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(6, 1).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(5, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// unit.move_start(unit.path()[1]); // one step along the path
    /// unit.replan(&grid).unwrap();
    /// assert_eq!((unit.path()[0], unit.cost()), (Cell::new(1, 0), 4.0));
    /// assert_eq!(unit.endpoints(), (Cell::new(1, 0), Cell::new(5, 0)));
    /// ```
    pub fn move_start(&mut self, start: Cell) {
        self.core.move_start(start);
    }

    /// Changes the goal; the next replan begins again (both variants).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(6, 1).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(5, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// unit.set_goal(Cell::new(2, 0));
    /// unit.replan(&grid).unwrap();
    /// assert_eq!(unit.path(), &[Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)]);
    /// ```
    pub fn set_goal(&mut self, goal: Cell) {
        self.core.set_goal(goal);
    }

    /// Announces a change the grid cannot report (e.g. a rule outside the grid now answers
    /// differently): the next replan begins again.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(3, 3), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// unit.invalidate(); // e.g. a rule outside the grid changed
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::Found)); // began again
    /// assert!(unit.iterations() > 0);
    /// ```
    pub fn invalidate(&mut self) {
        self.core.invalidate();
    }

    /// The status of the last replan: [`PathStatus::NotStarted`] before the first (and after
    /// restoring a state saved then), `BudgetExhausted` while a budgeted replan is unfinished.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::from_text("..#").unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(2, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.status(), PathStatus::NotStarted); // before the first replan
    /// unit.replan(&grid).unwrap();
    /// assert_eq!(unit.status(), PathStatus::GoalInvalid); // the goal is a wall
    /// assert!(unit.path().is_empty() && unit.cost() == f64::INFINITY);
    /// ```
    pub fn status(&self) -> PathStatus {
        self.core.status()
    }

    /// Whether the last replan's answer ([`status`](GridReplanner::status), [`path`](GridReplanner::path),
    /// [`cost`](GridReplanner::cost)) holds for `grid` as it is now: a replan finished (not out of
    /// budget), and since then `grid` was not edited, the start and goal did not change and
    /// [`invalidate`](GridReplanner::invalidate) was not called. The stale flag of those reads
    /// (ARCHITECTURE.md, “Stale reads”): they keep the last answer until the next replan.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let mut grid = Grid::new(5, 1).unwrap();
    /// let o = GridOptions::DEFAULT;
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &o).unwrap();
    /// assert!(!unit.is_current(&grid)); // never replanned
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.is_current(&grid));
    /// grid.set_walkable(Cell::new(2, 0), false).unwrap();
    /// assert!(!unit.is_current(&grid)); // path() still lists (2, 0): the old answer
    /// assert!(unit.current(&grid).is_err());
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.current(&grid).unwrap().path().is_empty()); // cut off now
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.core.stale_reason(grid).is_none()
    }

    /// The replanner, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](GridReplanner::is_current), so `unit.current(&grid)?.path()` is a checked read.
    ///
    /// # Errors
    ///
    /// [`QueryError::NotReplanned`] naming what changed since the last finished replan.
    pub fn current(&self, grid: &Grid) -> Result<&Self, QueryError> {
        match self.core.stale_reason(grid) {
            None => Ok(self),
            Some(reason) => Err(QueryError::NotReplanned { reason }),
        }
    }

    /// The path of the last replan, start to goal (empty unless it was `Found`). After an
    /// edit, the old path until the next replan ([`is_current`](GridReplanner::is_current)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::from_text("...\n.#.\n...").unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 1), Cell::new(2, 1), &GridOptions::FOUR_CONNECTED).unwrap();
    /// unit.replan(&grid).unwrap();
    /// let path = unit.path();
    /// assert_eq!((path.len(), path[0], path[4]), (5, Cell::new(0, 1), Cell::new(2, 1)));
    /// ```
    pub fn path(&self) -> &[Cell] {
        self.core.path()
    }

    /// The exact cost of [`path`](GridReplanner::path) (+∞ unless the last replan was
    /// `Found`). For the last replan, as [`path`](GridReplanner::path).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(3, 3).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(2, 2), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.cost(), f64::INFINITY);
    /// unit.replan(&grid).unwrap();
    /// assert_eq!(unit.cost(), 2.0 * onepath::math::SQRT2);
    /// ```
    pub fn cost(&self) -> f64 {
        self.core.cost()
    }

    /// Pops of the current repair (since the last finished replan that had new work).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(7, 7), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// let first = unit.iterations();
    /// grid.set_walkable(Cell::new(0, 7), false).unwrap(); // far from the path
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.iterations() < first); // a repair, not a new search
    /// ```
    pub fn iterations(&self) -> u32 {
        self.core.engine().iterations()
    }

    /// Pops of the current repair that changed a cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(5, 1).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.expansions() > 0 && unit.expansions() <= unit.iterations());
    /// ```
    pub fn expansions(&self) -> u32 {
        self.core.engine().expansions()
    }

    /// Which replanner this is ([`GridAlgorithm::LpaStar`] or [`GridAlgorithm::DStarLite`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridAlgorithm};
    /// let grid = Grid::new(2, 2).unwrap();
    /// // Anything but LPA* asks for D* Lite.
    /// let unit = grid.create_replanner(Cell::new(0, 0), Cell::new(1, 1), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.algorithm(), GridAlgorithm::DStarLite);
    /// ```
    pub fn algorithm(&self) -> GridAlgorithm {
        self.core.algorithm()
    }

    /// The start and goal asked for.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(3, 3), &GridOptions::DEFAULT).unwrap();
    /// unit.set_goal(Cell::new(2, 3));
    /// assert_eq!(unit.endpoints(), (Cell::new(0, 0), Cell::new(2, 3)));
    /// ```
    pub fn endpoints(&self) -> (Cell, Cell) {
        self.core.endpoints()
    }

    /// Bytes [`save_state`](GridReplanner::save_state) writes for `grid` now. `save_state`
    /// first reads the grid's new edits into the replanner (nodes to re-examine, or a
    /// restart), so the size depends on them; this predicts it without reading them (the
    /// same rules, applied to a count), so it takes `&self` like
    /// [`GridSearch::state_size`](crate::GridSearch::state_size). For a grid of another size
    /// (which `save_state` refuses) it is the size of the state as it is. To size a buffer
    /// once, use [`max_state_size`](GridReplanner::max_state_size).
    ///
    /// # Complexity
    ///
    /// O(edits in the journal since the last replan).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(3, 3), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// let mut buf = vec![0u8; unit.state_size(&grid)];
    /// assert_eq!(unit.save_state(&grid, &mut buf), Ok(buf.len()));
    /// ```
    pub fn state_size(&self, grid: &Grid) -> usize {
        self.core.state_size(grid)
    }

    /// An upper bound on [`state_size`](GridReplanner::state_size) for every state this
    /// replanner can reach on `grid` (replans, edits, start and goal moves), so a host can
    /// size its snapshot buffer once: `28 + 31 + 4 + 4 n + 16 n + 4 + 20 n + 1 + 21` bytes =
    /// `89 + 40 n` for `n` = `grid.cell_count()` (header; fixed fields; at most `n` pending
    /// nodes, since one more restarts the search; `g` and `rhs` per node; at most one queue
    /// entry per node; the tier-1 section). Saturates.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::DStarLite);
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(7, 7), &options).unwrap();
    /// let mut buffer = vec![0u8; unit.max_state_size(&grid)]; // once: 89 + 40 × 64
    /// assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
    /// grid.set_walkable(Cell::new(3, 3), false).unwrap();
    /// // The edit is read by the save; `state_size` predicts it.
    /// let size = unit.state_size(&grid);
    /// assert_eq!(unit.save_state(&grid, &mut buffer), Ok(size));
    /// ```
    pub fn max_state_size(&self, grid: &Grid) -> usize {
        ReplanCore::max_state_size(grid)
    }

    /// Writes the replanner's state (kind 8: the engine's g, rhs, queue in canonical order,
    /// km, root and focus, then its endpoints and options) for `grid`, into `out`; returns
    /// the byte count. The grid's edits since the last replan are read first (no pops), so the
    /// snapshot belongs to the grid as it is now (its content hash is in the header); a
    /// restore on a grid with those contents continues exactly as this replanner would.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`], or [`StateError::InvalidField`] for a grid of
    /// another size.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(3, 3), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert!(matches!(unit.save_state(&grid, &mut [0u8; 4]), Err(StateError::BufferTooSmall { .. })));
    /// let other = Grid::new(5, 5).unwrap();
    /// let mut buf = vec![0u8; 4096];
    /// assert!(matches!(unit.save_state(&other, &mut buf), Err(StateError::InvalidField { .. })));
    /// ```
    pub fn save_state(&mut self, grid: &Grid, out: &mut [u8]) -> Result<usize, StateError> {
        self.core.save_state(grid, out)
    }

    /// Restores a state written by [`save_state`](GridReplanner::save_state) on a grid with
    /// `grid`'s contents, for a replanner created with the same options, after checking it is
    /// one the replanner can reach (`replan::state`).
    ///
    /// # Errors
    ///
    /// A [`StateError`] naming the first wrong field ([`StateError::MapMismatch`] for other
    /// grid contents); the replanner is then unchanged (every check, the tier-1 section's
    /// included, runs before anything is written).
    ///
    /// # Complexity
    ///
    /// O(cells · neighbours) for the checks. Allocates nothing once the replanner has
    /// replanned or restored on a grid of this size.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let mut grid = Grid::new(6, 6).unwrap();
    /// let o = GridOptions::DEFAULT;
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(5, 5), &o).unwrap();
    /// unit.replan(&grid).unwrap();
    /// let mut snapshot = vec![0u8; unit.state_size(&grid)];
    /// unit.save_state(&grid, &mut snapshot).unwrap();
    /// let (path, cost) = (unit.path().to_vec(), unit.cost());
    /// // Diverge, then roll back (grid first, then the replanner).
    /// grid.set_walkable(Cell::new(2, 2), false).unwrap();
    /// unit.replan(&grid).unwrap();
    /// grid.set_walkable(Cell::new(2, 2), true).unwrap();
    /// unit.restore_state(&grid, &snapshot).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert_eq!((unit.path(), unit.cost()), (&path[..], cost));
    /// ```
    pub fn restore_state(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        self.core.restore_state(grid, bytes)
    }

    /// The engine (tier 2, read-only): g, rhs, queue, km.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(3, 1).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(2, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// // D* Lite searches from the goal: g of the start (node 0) is the path cost.
    /// assert_eq!(unit.engine().g(0), 2.0);
    /// ```
    pub fn engine(&self) -> &ReplanSearch<DefaultStepCost, AnyHeuristic> {
        self.core.engine()
    }
}
