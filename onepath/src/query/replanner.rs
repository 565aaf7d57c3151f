//! Tier 1 of the incremental replanners on the square grid: [`Grid::create_replanner`] and
//! [`GridReplanner`] (spec: grids.md, “Incremental replanning (LPA, D Lite)”, “Tier 1”). The
//! part both grid kinds share is [`ReplanCore`].

use alloc::vec::Vec;

use super::any_heuristic::AnyHeuristic;
use super::options::{GridAlgorithm, GridOptions};
use super::path::PathStatus;
use super::runner::{check_weight, resolve_square_heuristic};
use crate::error::QueryError;
use crate::grid::{Cell, ClearanceMap, Grid, SquareTopology};
use crate::replan::state::HandleSection;
use crate::replan::{JournalOutcome, ReplanSearch, ReplanVariant, follow_square_journal};
use crate::search::Step;
use crate::state::StateError;
use crate::topology::{DefaultStepCost, Topology};

/// The variant an options value asks for: `LpaStar`, else D* Lite (spec: “GridOptions.Algorithm
/// = LpaStar, else D* Lite”).
pub(super) fn variant_of(options: &GridOptions) -> ReplanVariant {
    if options.algorithm == GridAlgorithm::LpaStar {
        ReplanVariant::LpaStar
    } else {
        ReplanVariant::DStarLite
    }
}

/// Refuses a weight other than 1 (after the usual weight check).
pub(super) fn check_replan_weight(options: &GridOptions) -> Result<(), QueryError> {
    check_weight(options)?;
    if options.weight == 1.0 {
        Ok(())
    } else {
        Err(QueryError::ReplanWeight {
            value: options.weight,
        })
    }
}

/// Whether a snapshot's tier-1 section agrees with its engine state: begun exactly when the
/// engine is, and the endpoints the engine searches for are the cells asked for unless a move
/// is still to be handed over.
pub(super) fn handle_fits(
    h: &HandleSection,
    root: u32,
    focus: u32,
    variant: ReplanVariant,
    index_of: impl Fn(Cell) -> Option<u32>,
) -> bool {
    let begun = h.flags & 1 != 0;
    let (start_moved, goal_moved) = (h.flags & 2 != 0, h.flags & 4 != 0);
    let idle = root == crate::search::NO_NODE;
    if begun == idle {
        return false;
    }
    if idle {
        return !start_moved && !goal_moved;
    }
    let (start, goal) = match variant {
        ReplanVariant::LpaStar => (root, focus),
        ReplanVariant::DStarLite => (focus, root),
    };
    let at = |c: (i32, i32)| index_of(Cell::new(c.0, c.1));
    (start_moved || at(h.start) == Some(start)) && (goal_moved || at(h.goal) == Some(goal))
}

/// What both tier-1 replanners keep: the engine, the endpoints asked for, the last result.
///
/// The endpoints are kept as cells and handed to the engine lazily, at the next replan, where
/// the map is at hand: a start moved onto a wall is reported there (`StartInvalid`) and taken
/// up again once it is walkable.
#[derive(Clone, Debug)]
pub(super) struct ReplanCore {
    pub(super) search: ReplanSearch<DefaultStepCost, AnyHeuristic>,
    pub(super) start: Cell,
    pub(super) goal: Cell,
    /// The engine has begun (both endpoints were valid once).
    pub(super) begun: bool,
    /// `start` / `goal` differ from what the engine searches for.
    pub(super) start_moved: bool,
    pub(super) goal_moved: bool,
    /// The grid revision the engine's state matches.
    pub(super) seen: u64,
    pub(super) status: PathStatus,
    pub(super) cells: Vec<Cell>,
}

impl ReplanCore {
    pub(super) fn new(
        variant: ReplanVariant,
        heuristic: AnyHeuristic,
        start: Cell,
        goal: Cell,
    ) -> Self {
        Self {
            search: ReplanSearch::new(variant, DefaultStepCost, heuristic),
            start,
            goal,
            begun: false,
            start_moved: false,
            goal_moved: false,
            seen: 0,
            status: PathStatus::BudgetExhausted,
            cells: Vec::new(),
        }
    }

    /// Hands the endpoints to the engine and replans with `budget` pops, over `topology`;
    /// `index_of` / `cell_of` convert between cells and nodes.
    pub(super) fn drive<T: Topology>(
        &mut self,
        topology: &T,
        budget: u32,
        index_of: impl Fn(Cell) -> Option<u32>,
        cell_of: impl Fn(u32) -> Cell,
    ) -> PathStatus {
        // The start is judged first, as every query does.
        let Some(start) = index_of(self.start).filter(|&n| topology.is_walkable(n)) else {
            return self.finish(PathStatus::StartInvalid);
        };
        let Some(goal) = index_of(self.goal).filter(|&n| topology.is_walkable(n)) else {
            return self.finish(PathStatus::GoalInvalid);
        };
        // An idle engine once begun: a restore refused by its late check (`replan.state`)
        // left it so; begin again from the endpoints asked for.
        if !self.begun || self.search.state() == Step::Idle {
            match self.search.try_begin(topology, start, goal) {
                Step::StartInvalid => return self.finish(PathStatus::StartInvalid),
                Step::GoalInvalid => return self.finish(PathStatus::GoalInvalid),
                _ => {}
            }
            self.begun = true;
            // One cell per node at most: the path buffer never grows after this.
            let n = topology.node_count() as usize + 1;
            if self.cells.capacity() < n {
                self.cells.reserve(n - self.cells.len());
            }
            self.start_moved = false;
            self.goal_moved = false;
        }
        if self.goal_moved {
            if self.search.set_goal(topology, goal) == Step::GoalInvalid {
                return self.finish(PathStatus::GoalInvalid);
            }
            self.goal_moved = false;
        }
        if self.start_moved {
            if self.search.move_start(topology, start) == Step::StartInvalid {
                return self.finish(PathStatus::StartInvalid);
            }
            self.start_moved = false;
        }
        let status = match self.search.step(topology, budget) {
            Step::InProgress => PathStatus::BudgetExhausted,
            Step::Found => PathStatus::Found,
            Step::StartInvalid => PathStatus::StartInvalid,
            Step::GoalInvalid => PathStatus::GoalInvalid,
            Step::NoPath | Step::Idle => PathStatus::NoPath,
        };
        self.cells.clear();
        if status == PathStatus::Found {
            self.cells
                .extend(self.search.path().iter().map(|&n| cell_of(n)));
        }
        self.status = status;
        status
    }

    /// The tier-1 section of a snapshot.
    pub(super) fn handle_section(&self, options: [u8; 4]) -> HandleSection {
        HandleSection {
            start: (self.start.x, self.start.y),
            goal: (self.goal.x, self.goal.y),
            flags: u8::from(self.begun)
                | u8::from(self.start_moved) << 1
                | u8::from(self.goal_moved) << 2,
            options,
        }
    }

    /// Takes over a restored engine state and its tier-1 section, for a map of `nodes` nodes
    /// (the path buffer is sized as a replan sizes it; nothing is allocated when it is).
    pub(super) fn restored(
        &mut self,
        h: HandleSection,
        revision: u64,
        nodes: u32,
        cell_of: impl Fn(u32) -> Cell,
    ) {
        let n = nodes as usize + 1;
        if self.cells.capacity() < n {
            self.cells.reserve(n - self.cells.len());
        }
        self.start = Cell::new(h.start.0, h.start.1);
        self.goal = Cell::new(h.goal.0, h.goal.1);
        self.begun = h.flags & 1 != 0;
        self.start_moved = h.flags & 2 != 0;
        self.goal_moved = h.flags & 4 != 0;
        self.seen = revision;
        self.status = match self.search.state() {
            Step::Found => PathStatus::Found,
            Step::NoPath => PathStatus::NoPath,
            _ => PathStatus::BudgetExhausted,
        };
        self.cells.clear();
        if self.status == PathStatus::Found {
            self.cells
                .extend(self.search.path().iter().map(|&n| cell_of(n)));
        }
    }

    fn finish(&mut self, status: PathStatus) -> PathStatus {
        self.cells.clear();
        self.status = status;
        status
    }

    pub(super) fn move_start(&mut self, cell: Cell) {
        if cell != self.start {
            self.start = cell;
            // Before the engine has begun, the next replan begins from the new start anyway.
            self.start_moved = self.begun;
        }
    }

    pub(super) fn set_goal(&mut self, cell: Cell) {
        if cell != self.goal {
            self.goal = cell;
            self.goal_moved = self.begun;
        }
    }

    pub(super) fn cost(&self) -> f64 {
        if self.status == PathStatus::Found {
            self.search.cost()
        } else {
            f64::INFINITY
        }
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
    options: GridOptions,
    size: (u32, u32),
    clearance: Option<ClearanceMap>,
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
        let heuristic = resolve_square_heuristic(options, self.width(), self.areas().min_cost())?;
        let mut core = ReplanCore::new(variant_of(options), heuristic, start, goal);
        core.seen = self.revision();
        Ok(GridReplanner {
            core,
            options: *options,
            size: (self.width(), self.height()),
            clearance: (options.agent_size > 1).then(|| ClearanceMap::for_grid(self)),
        })
    }
}

impl GridReplanner {
    /// Replans without a budget; see [`try_replan`](GridReplanner::try_replan).
    ///
    /// # Errors
    ///
    /// As [`try_replan`](GridReplanner::try_replan).
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
    pub fn try_replan(&mut self, grid: &Grid, budget: u32) -> Result<PathStatus, QueryError> {
        if (grid.width(), grid.height()) != self.size {
            return Err(QueryError::OtherGrid {
                expected: self.size,
                found: (grid.width(), grid.height()),
            });
        }
        let outcome = follow_square_journal(
            &mut self.core.search,
            grid,
            &mut self.core.seen,
            self.options.agent_size,
        );
        if outcome == JournalOutcome::Rebuild {
            let h = resolve_square_heuristic(&self.options, grid.width(), grid.areas().min_cost())?;
            self.core.search.set_heuristic(h);
        }
        let o = &self.options;
        let topology = match &mut self.clearance {
            Some(map) => {
                map.refresh(grid);
                SquareTopology::with_clearance_map(
                    grid,
                    o.agent_size,
                    o.connectivity,
                    o.diagonal_rule,
                    map,
                )?
            }
            None => SquareTopology::new(grid, 1, o.connectivity, o.diagonal_rule)?,
        };
        Ok(self
            .core
            .drive(&topology, budget, |c| grid.index_of(c), |n| grid.cell_of(n)))
    }

    /// Moves the start (the unit advanced); taken up at the next replan. D* Lite keeps its
    /// work (the key modifier grows by the estimate between the two starts); LPA* begins
    /// again.
    pub fn move_start(&mut self, start: Cell) {
        self.core.move_start(start);
    }

    /// Changes the goal; the next replan begins again (both variants).
    pub fn set_goal(&mut self, goal: Cell) {
        self.core.set_goal(goal);
    }

    /// Announces a change the grid cannot report (e.g. a rule outside the grid now answers
    /// differently): the next replan begins again.
    pub fn invalidate(&mut self) {
        self.core.search.request_restart();
    }

    /// The status of the last replan (`BudgetExhausted` before the first).
    pub fn status(&self) -> PathStatus {
        self.core.status
    }

    /// The path of the last replan, start to goal (empty unless it was `Found`).
    pub fn path(&self) -> &[Cell] {
        &self.core.cells
    }

    /// The exact cost of [`path`](GridReplanner::path) (+∞ unless the last replan was
    /// `Found`).
    pub fn cost(&self) -> f64 {
        self.core.cost()
    }

    /// Pops of the current repair (since the last finished replan that had new work).
    pub fn iterations(&self) -> u32 {
        self.core.search.iterations()
    }

    /// Pops of the current repair that changed a cost.
    pub fn expansions(&self) -> u32 {
        self.core.search.expansions()
    }

    /// Which replanner this is ([`GridAlgorithm::LpaStar`] or [`GridAlgorithm::DStarLite`]).
    pub fn algorithm(&self) -> GridAlgorithm {
        match self.core.search.variant() {
            ReplanVariant::LpaStar => GridAlgorithm::LpaStar,
            ReplanVariant::DStarLite => GridAlgorithm::DStarLite,
        }
    }

    /// The start and goal asked for.
    pub fn endpoints(&self) -> (Cell, Cell) {
        (self.core.start, self.core.goal)
    }

    /// Reads the grid's edits into the engine (no pops), so a snapshot matches the grid.
    fn fold_journal(&mut self, grid: &Grid) -> Result<(), QueryError> {
        let outcome = follow_square_journal(
            &mut self.core.search,
            grid,
            &mut self.core.seen,
            self.options.agent_size,
        );
        if outcome == JournalOutcome::Rebuild {
            let h = resolve_square_heuristic(&self.options, grid.width(), grid.areas().min_cost())?;
            self.core.search.set_heuristic(h);
        }
        Ok(())
    }

    fn option_codes(&self) -> [u8; 4] {
        let o = &self.options;
        [
            o.connectivity as u8,
            o.diagonal_rule as u8,
            o.agent_size,
            o.heuristic as u8,
        ]
    }

    /// Bytes [`save_state`](GridReplanner::save_state) writes for `grid` now (reads the
    /// grid's new edits first, as `save_state` does).
    ///
    /// # Errors
    ///
    /// [`StateError::InvalidField`] (`replan.grid`) for a grid of another size.
    pub fn state_size(&mut self, grid: &Grid) -> Result<usize, StateError> {
        self.current_for(grid)?;
        Ok(self.core.search.state_size_with(true))
    }

    fn current_for(&mut self, grid: &Grid) -> Result<(), StateError> {
        if (grid.width(), grid.height()) != self.size {
            return Err(StateError::InvalidField {
                field: "replan.grid",
            });
        }
        self.fold_journal(grid)
            .map_err(|_| StateError::InvalidField {
                field: "replan.heuristic",
            })
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
    pub fn save_state(&mut self, grid: &Grid, out: &mut [u8]) -> Result<usize, StateError> {
        self.current_for(grid)?;
        let handle = self.core.handle_section(self.option_codes());
        self.core
            .search
            .save_state_with(grid.content_hash(), Some(handle), out)
    }

    /// Restores a state written by [`save_state`](GridReplanner::save_state) on a grid with
    /// `grid`'s contents, for a replanner created with the same options, after checking it is
    /// one the replanner can reach (`replan::state`).
    ///
    /// # Errors
    ///
    /// A [`StateError`] naming the first wrong field ([`StateError::MapMismatch`] for other
    /// grid contents); the replanner is then unchanged (but for the one late check that
    /// leaves its engine idle, `replan.state`; the next replan then begins again).
    ///
    /// # Complexity
    ///
    /// O(cells · neighbours) for the checks. Allocates nothing once the replanner has
    /// replanned or restored on a grid of this size.
    pub fn restore_state(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        if (grid.width(), grid.height()) != self.size {
            return Err(StateError::InvalidField {
                field: "replan.grid",
            });
        }
        let o = self.options;
        let heuristic = resolve_square_heuristic(&o, grid.width(), grid.areas().min_cost())
            .map_err(|_| StateError::InvalidField {
                field: "replan.heuristic",
            })?;
        let previous = *self.core.search.heuristic();
        self.core.search.replace_heuristic(heuristic);
        let codes = self.option_codes();
        let variant = self.core.search.variant();
        let topology = match &mut self.clearance {
            Some(map) => {
                map.refresh(grid);
                SquareTopology::with_clearance_map(
                    grid,
                    o.agent_size,
                    o.connectivity,
                    o.diagonal_rule,
                    map,
                )
            }
            None => SquareTopology::new(grid, 1, o.connectivity, o.diagonal_rule),
        }
        .map_err(|_| StateError::InvalidField {
            field: "replan.topology",
        })?;
        match self.core.search.restore_state_with(
            &topology,
            grid.content_hash(),
            bytes,
            Some(codes),
            &|h, root, focus| handle_fits(h, root, focus, variant, |c| grid.index_of(c)),
        ) {
            Ok(Some(h)) => {
                let nodes = topology.node_count();
                self.core
                    .restored(h, grid.revision(), nodes, |n| grid.cell_of(n));
                Ok(())
            }
            Ok(None) => Err(StateError::InvalidField {
                field: "replan.handle",
            }),
            Err(e) => {
                self.core.search.replace_heuristic(previous);
                Err(e)
            }
        }
    }

    /// The engine (tier 2, read-only): g, rhs, queue, km.
    pub fn engine(&self) -> &ReplanSearch<DefaultStepCost, AnyHeuristic> {
        &self.core.search
    }
}
