//! Tier 1 of the incremental replanners on the hex grid: [`HexGrid::create_replanner`] and
//! [`HexReplanner`] (spec: grids.md, “Incremental replanning (LPA, D Lite)”, “Tier 1”): the
//! handle shared with the square grid ([`ReplanCore`]) over what the hex grid answers its own
//! way ([`ReplanMap`]).

use super::any_heuristic::AnyHeuristic;
use super::options::{GridAlgorithm, GridOptions, HeuristicKind};
use super::path::PathStatus;
use super::replan_core::{Engine, ReplanCore, ReplanMap, check_replan_weight};
use crate::error::QueryError;
use crate::grid::{Cell, ClearanceMap};
use crate::hex::{HexDistanceHeuristic, HexGrid, HexTopology};
use crate::replan::{JournalOutcome, ReplanSearch, follow_hex_journal, pending_after_hex};
use crate::state::StateError;
use crate::state::map_hash::content_hash_of;
use crate::topology::{DefaultStepCost, ZeroHeuristic};

impl ReplanMap for HexGrid {
    type Topo<'a> = HexTopology<'a>;

    fn size(&self) -> (u32, u32) {
        (self.width(), self.height())
    }

    fn revision(&self) -> u64 {
        HexGrid::revision(self)
    }

    fn index_of(&self, cell: Cell) -> Option<u32> {
        HexGrid::index_of(self, cell)
    }

    fn cell_of(&self, node: u32) -> Cell {
        HexGrid::cell_of(self, node)
    }

    /// The content hash of the size, cells and multipliers (O(cells)).
    fn snapshot_hash(&self) -> u64 {
        content_hash_of(
            self.width(),
            self.height(),
            self.cells(),
            self.areas().as_slice(),
        )
    }

    fn follow(&self, search: &mut Engine, seen: &mut u64, _: &GridOptions) -> JournalOutcome {
        follow_hex_journal(search, self, seen)
    }

    fn pending_after(&self, search: &Engine, seen: u64, _: &GridOptions) -> usize {
        pending_after_hex(search, self, seen)
    }

    /// The hex estimate, scaled by the smallest multiplier.
    fn estimate(&self, options: &GridOptions) -> Result<AnyHeuristic, QueryError> {
        Ok(match options.heuristic {
            HeuristicKind::Zero => AnyHeuristic::Zero(ZeroHeuristic),
            HeuristicKind::Auto | HeuristicKind::HexDistance => AnyHeuristic::Hex(
                HexDistanceHeuristic::new(self.width(), self.layout(), self.areas().min_cost()),
            ),
            HeuristicKind::Manhattan | HeuristicKind::Octile => {
                return Err(QueryError::HeuristicNotSupported);
            }
        })
    }

    fn topology<'a>(
        &'a self,
        _: &GridOptions,
        _: &'a mut Option<ClearanceMap>,
    ) -> Result<HexTopology<'a>, QueryError> {
        Ok(HexTopology::new(self))
    }

    fn option_codes(options: &GridOptions) -> [u8; 4] {
        [0, 0, 1, options.heuristic as u8]
    }
}

/// An incremental replanner on one hex grid (tier 1): as
/// [`GridReplanner`](crate::query::GridReplanner), with six moves and agent size 1. An edit
/// re-examines the edited cells and their neighbours. Stale reads as for the square grid:
/// [`path`](HexReplanner::path) keeps the last replan's answer after an edit, flagged by
/// [`is_current`](HexReplanner::is_current) and refused by [`current`](HexReplanner::current).
///
/// # Examples
///
/// ```
/// use onepath::{Cell, GridAlgorithm, GridOptions, HexGrid, HexLayout, PathStatus};
/// let mut grid = HexGrid::from_text(".....\n.....\n.....", HexLayout::PointyOddRow).unwrap();
/// let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::LpaStar);
/// let mut unit = grid.create_replanner(Cell::new(0, 1), Cell::new(4, 1), &options).unwrap();
/// assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
/// assert_eq!(unit.cost(), 4.0);
/// grid.set_area(Cell::new(2, 1), 255).unwrap();
/// assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
/// assert_eq!(unit.cost(), 5.0);
/// ```
#[derive(Clone, Debug)]
pub struct HexReplanner {
    core: ReplanCore,
}

impl HexGrid {
    /// A replanner from `start` to `goal` (offset cells): LPA* when `options.algorithm` is
    /// [`GridAlgorithm::LpaStar`], otherwise D* Lite. `connectivity` and `diagonal_rule` do
    /// not apply. Endpoints outside the grid or on walls are reported by `replan`.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] unless `agent_size == 1`,
    /// [`QueryError::InvalidWeight`], [`QueryError::ReplanWeight`] (a weight other than 1),
    /// [`QueryError::HeuristicNotSupported`] (Manhattan or octile).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridAlgorithm, GridOptions, HexGrid, HexLayout, QueryError};
    /// let grid = HexGrid::new(5, 5, HexLayout::FlatOddColumn).unwrap();
    /// let unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 4), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.algorithm(), GridAlgorithm::DStarLite);
    /// // Hex grids move agents of size 1 only.
    /// let wide = GridOptions::DEFAULT.with_agent_size(2);
    /// assert!(matches!(grid.create_replanner(Cell::new(0, 0), Cell::new(4, 4), &wide), Err(QueryError::InvalidAgentSize { .. })));
    /// ```
    pub fn create_replanner(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
    ) -> Result<HexReplanner, QueryError> {
        if options.agent_size != 1 {
            return Err(QueryError::InvalidAgentSize {
                size: options.agent_size,
                max: 1,
            });
        }
        check_replan_weight(options)?;
        Ok(HexReplanner {
            core: ReplanCore::new(self, options, None, start, goal)?,
        })
    }
}

impl HexReplanner {
    /// Replans without a budget; see [`try_replan`](HexReplanner::try_replan).
    ///
    /// # Errors
    ///
    /// As [`try_replan`](HexReplanner::try_replan).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// let mut grid = HexGrid::new(4, 1, HexLayout::PointyOddRow).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(3, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::Found));
    /// assert_eq!(unit.path().len(), 4);
    /// grid.set_area(Cell::new(1, 0), 255).unwrap(); // the only row is cut
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::NoPath));
    /// ```
    pub fn replan(&mut self, grid: &HexGrid) -> Result<PathStatus, QueryError> {
        self.try_replan(grid, u32::MAX)
    }

    /// As [`GridReplanner::try_replan`](crate::query::GridReplanner::try_replan) on a hex grid.
    ///
    /// # Errors
    ///
    /// [`QueryError::OtherGrid`] when `grid` does not have the size of the grid the replanner
    /// was created on.
    ///
    /// # Complexity
    ///
    /// As the square form. Allocates nothing once the first replan has sized the buffers.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// let grid = HexGrid::new(12, 12, HexLayout::PointyOddRow).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(11, 11), &GridOptions::DEFAULT).unwrap();
    /// let mut ticks = 1;
    /// while unit.try_replan(&grid, 4).unwrap() == PathStatus::BudgetExhausted {
    ///     ticks += 1;
    /// }
    /// assert!(ticks > 1);
    /// assert_eq!(unit.cost(), grid.find_path(Cell::new(0, 0), Cell::new(11, 11), &GridOptions::DEFAULT).unwrap().cost);
    /// ```
    pub fn try_replan(&mut self, grid: &HexGrid, budget: u32) -> Result<PathStatus, QueryError> {
        self.core.try_replan(grid, budget)
    }

    /// Moves the start; taken up at the next replan (D* Lite keeps its work).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// unit.move_start(Cell::new(1, 0));
    /// unit.replan(&grid).unwrap();
    /// assert_eq!((unit.path()[0], unit.cost()), (Cell::new(1, 0), 3.0));
    /// ```
    pub fn move_start(&mut self, start: Cell) {
        self.core.move_start(start);
    }

    /// Changes the goal; the next replan begins again.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.set_goal(Cell::new(2, 0));
    /// unit.replan(&grid).unwrap();
    /// assert_eq!((unit.endpoints().1, unit.cost()), (Cell::new(2, 0), 2.0));
    /// ```
    pub fn set_goal(&mut self, goal: Cell) {
        self.core.set_goal(goal);
    }

    /// Announces a change the grid cannot report: the next replan begins again.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// unit.invalidate(); // a rule outside the grid changed
    /// assert_eq!(unit.replan(&grid), Ok(PathStatus::Found)); // began again
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
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.status(), PathStatus::NotStarted); // before the first replan
    /// unit.replan(&grid).unwrap();
    /// assert_eq!(unit.status(), PathStatus::Found);
    /// ```
    pub fn status(&self) -> PathStatus {
        self.core.status()
    }

    /// Whether the last replan's answer ([`status`](HexReplanner::status), [`path`](HexReplanner::path),
    /// [`cost`](HexReplanner::cost)) holds for `grid` as it is now: a replan finished (not out of
    /// budget), and since then `grid` was not edited, the start and goal did not change and
    /// [`invalidate`](HexReplanner::invalidate) was not called. The stale flag of those reads
    /// (ARCHITECTURE.md, “Stale reads”): they keep the last answer until the next replan.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// let o = GridOptions::DEFAULT;
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &o).unwrap();
    /// assert!(!unit.is_current(&grid)); // never replanned
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.is_current(&grid));
    /// grid.set_area(Cell::new(2, 0), 255).unwrap(); // a wall
    /// assert!(!unit.is_current(&grid)); // path() still lists (2, 0): the old answer
    /// assert!(unit.current(&grid).is_err());
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.current(&grid).unwrap().path().is_empty()); // cut off now
    /// ```
    pub fn is_current(&self, grid: &HexGrid) -> bool {
        self.core.stale_reason(grid).is_none()
    }

    /// The replanner, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](HexReplanner::is_current), so `unit.current(&grid)?.path()` is a checked read.
    ///
    /// # Errors
    ///
    /// [`QueryError::NotReplanned`] naming what changed since the last finished replan.
    pub fn current(&self, grid: &HexGrid) -> Result<&Self, QueryError> {
        match self.core.stale_reason(grid) {
            None => Ok(self),
            Some(reason) => Err(QueryError::NotReplanned { reason }),
        }
    }

    /// The path of the last replan, start to goal (empty unless it was `Found`). After an
    /// edit, the old path until the next replan ([`is_current`](HexReplanner::is_current)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert_eq!(unit.path().len(), 5);
    /// assert_eq!(unit.path()[4], Cell::new(4, 0));
    /// ```
    pub fn path(&self) -> &[Cell] {
        self.core.path()
    }

    /// The exact cost of [`path`](HexReplanner::path) (+∞ unless `Found`); for the last
    /// replan, as [`path`](HexReplanner::path).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.cost(), f64::INFINITY);
    /// unit.replan(&grid).unwrap();
    /// assert_eq!(unit.cost(), 4.0);
    /// ```
    pub fn cost(&self) -> f64 {
        self.core.cost()
    }

    /// Pops of the current repair.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.iterations() >= unit.expansions() && unit.expansions() > 0);
    /// ```
    pub fn iterations(&self) -> u32 {
        self.core.engine().iterations()
    }

    /// Pops of the current repair that changed a cost.
    pub fn expansions(&self) -> u32 {
        self.core.engine().expansions()
    }

    /// Which replanner this is.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(unit.algorithm(), onepath::GridAlgorithm::DStarLite);
    /// ```
    pub fn algorithm(&self) -> GridAlgorithm {
        self.core.algorithm()
    }

    /// The start and goal asked for.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.move_start(Cell::new(1, 0));
    /// assert_eq!(unit.endpoints(), (Cell::new(1, 0), Cell::new(4, 0)));
    /// ```
    pub fn endpoints(&self) -> (Cell, Cell) {
        self.core.endpoints()
    }

    /// Bytes [`save_state`](HexReplanner::save_state) writes for `grid` now, predicted
    /// without reading the grid's new edits, as
    /// [`GridReplanner::state_size`](crate::GridReplanner::state_size) does.
    ///
    /// # Complexity
    ///
    /// O(edits in the journal since the last replan).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(3, 3), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// let mut buf = vec![0u8; unit.state_size(&grid)];
    /// assert_eq!(unit.save_state(&grid, &mut buf), Ok(buf.len()));
    /// ```
    pub fn state_size(&self, grid: &HexGrid) -> usize {
        self.core.state_size(grid)
    }

    /// An upper bound on [`state_size`](HexReplanner::state_size) for every state this
    /// replanner can reach on `grid`: `89 + 40 n` bytes for `n` = `grid.cell_count()`, as
    /// [`GridReplanner::max_state_size`](crate::GridReplanner::max_state_size). Saturates.
    pub fn max_state_size(&self, grid: &HexGrid) -> usize {
        ReplanCore::max_state_size(grid)
    }

    /// As [`GridReplanner::save_state`](crate::query::GridReplanner::save_state) (kind 8).
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`], or [`StateError::InvalidField`] for a grid of
    /// another size.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert!(unit.save_state(&grid, &mut [0u8; 4]).is_err()); // too short: nothing written
    /// ```
    pub fn save_state(&mut self, grid: &HexGrid, out: &mut [u8]) -> Result<usize, StateError> {
        self.core.save_state(grid, out)
    }

    /// As [`GridReplanner::restore_state`](crate::query::GridReplanner::restore_state).
    ///
    /// # Errors
    ///
    /// A [`StateError`] naming the first wrong field.
    ///
    /// # Complexity
    ///
    /// O(cells) for the checks. Allocates nothing once the replanner has replanned or
    /// restored on a grid of this size.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(6, 6, HexLayout::PointyOddRow).unwrap();
    /// let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(5, 5), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// let mut snapshot = vec![0u8; unit.state_size(&grid)];
    /// unit.save_state(&grid, &mut snapshot).unwrap();
    /// let (path, cost) = (unit.path().to_vec(), unit.cost());
    /// grid.set_area(Cell::new(2, 2), 255).unwrap();
    /// unit.replan(&grid).unwrap();
    /// // Roll back the grid, then the replanner.
    /// grid.set_area(Cell::new(2, 2), 0).unwrap();
    /// unit.restore_state(&grid, &snapshot).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert_eq!((unit.path(), unit.cost()), (&path[..], cost));
    /// ```
    pub fn restore_state(&mut self, grid: &HexGrid, bytes: &[u8]) -> Result<(), StateError> {
        self.core.restore_state(grid, bytes)
    }

    /// The engine (tier 2, read-only).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::{Cell, GridOptions, HexGrid, HexLayout, PathStatus};
    /// # let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// # let mut unit = grid.create_replanner(Cell::new(0, 0), Cell::new(4, 0), &GridOptions::DEFAULT).unwrap();
    /// unit.replan(&grid).unwrap();
    /// assert_eq!(unit.engine().g(0), 4.0); // D* Lite: g of the start is the path cost
    /// ```
    pub fn engine(&self) -> &ReplanSearch<DefaultStepCost, AnyHeuristic> {
        self.core.engine()
    }
}
