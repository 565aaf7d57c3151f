//! Tier 1 of the incremental replanners on the hex grid: [`HexGrid::create_replanner`] and
//! [`HexReplanner`] (spec: grids.md, “Incremental replanning (LPA, D Lite)”, “Tier 1”).

use super::any_heuristic::AnyHeuristic;
use super::options::{GridAlgorithm, GridOptions, HeuristicKind};
use super::path::PathStatus;
use super::replanner::{ReplanCore, check_replan_weight, handle_fits, variant_of};
use crate::error::QueryError;
use crate::grid::Cell;
use crate::hex::{HexDistanceHeuristic, HexGrid, HexTopology};
use crate::replan::{JournalOutcome, ReplanSearch, ReplanVariant, follow_hex_journal};
use crate::state::StateError;
use crate::state::map_hash::content_hash_of;
use crate::topology::{DefaultStepCost, Topology, ZeroHeuristic};

/// The content hash of a hex grid's size, cells and multipliers (what the snapshot header
/// names; O(cells)).
fn hex_hash(grid: &HexGrid) -> u64 {
    content_hash_of(
        grid.width(),
        grid.height(),
        grid.cells(),
        grid.areas().as_slice(),
    )
}

/// The hex heuristic a replanner's options ask for, scaled by the smallest multiplier.
fn hex_heuristic(grid: &HexGrid, options: &GridOptions) -> Result<AnyHeuristic, QueryError> {
    Ok(match options.heuristic {
        HeuristicKind::Zero => AnyHeuristic::Zero(ZeroHeuristic),
        HeuristicKind::Auto | HeuristicKind::HexDistance => AnyHeuristic::Hex(
            HexDistanceHeuristic::new(grid.width(), grid.layout(), grid.areas().min_cost()),
        ),
        HeuristicKind::Manhattan | HeuristicKind::Octile => {
            return Err(QueryError::HeuristicNotSupported);
        }
    })
}

/// An incremental replanner on one hex grid (tier 1): as
/// [`GridReplanner`](crate::query::GridReplanner), with six moves and agent size 1. An edit
/// re-examines the edited cells and their neighbours.
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
    options: GridOptions,
    size: (u32, u32),
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
        let heuristic = hex_heuristic(self, options)?;
        let mut core = ReplanCore::new(variant_of(options), heuristic, start, goal);
        core.seen = self.revision();
        Ok(HexReplanner {
            core,
            options: *options,
            size: (self.width(), self.height()),
        })
    }
}

impl HexReplanner {
    /// Replans without a budget; see [`try_replan`](HexReplanner::try_replan).
    ///
    /// # Errors
    ///
    /// As [`try_replan`](HexReplanner::try_replan).
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
    pub fn try_replan(&mut self, grid: &HexGrid, budget: u32) -> Result<PathStatus, QueryError> {
        if (grid.width(), grid.height()) != self.size {
            return Err(QueryError::OtherGrid {
                expected: self.size,
                found: (grid.width(), grid.height()),
            });
        }
        let outcome = follow_hex_journal(&mut self.core.search, grid, &mut self.core.seen);
        if outcome == JournalOutcome::Rebuild {
            let h = hex_heuristic(grid, &self.options)?;
            self.core.search.set_heuristic(h);
        }
        let topology = HexTopology::new(grid);
        Ok(self
            .core
            .drive(&topology, budget, |c| grid.index_of(c), |n| grid.cell_of(n)))
    }

    /// Moves the start; taken up at the next replan (D* Lite keeps its work).
    pub fn move_start(&mut self, start: Cell) {
        self.core.move_start(start);
    }

    /// Changes the goal; the next replan begins again.
    pub fn set_goal(&mut self, goal: Cell) {
        self.core.set_goal(goal);
    }

    /// Announces a change the grid cannot report: the next replan begins again.
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

    /// The exact cost of [`path`](HexReplanner::path) (+∞ unless `Found`).
    pub fn cost(&self) -> f64 {
        self.core.cost()
    }

    /// Pops of the current repair.
    pub fn iterations(&self) -> u32 {
        self.core.search.iterations()
    }

    /// Pops of the current repair that changed a cost.
    pub fn expansions(&self) -> u32 {
        self.core.search.expansions()
    }

    /// Which replanner this is.
    pub fn algorithm(&self) -> GridAlgorithm {
        match self.core.search.variant() {
            ReplanVariant::LpaStar => GridAlgorithm::LpaStar,
            ReplanVariant::DStarLite => GridAlgorithm::DStarLite,
        }
    }

    fn current_for(&mut self, grid: &HexGrid) -> Result<(), StateError> {
        if (grid.width(), grid.height()) != self.size {
            return Err(StateError::InvalidField {
                field: "replan.grid",
            });
        }
        if follow_hex_journal(&mut self.core.search, grid, &mut self.core.seen)
            == JournalOutcome::Rebuild
        {
            let h = hex_heuristic(grid, &self.options).map_err(|_| StateError::InvalidField {
                field: "replan.heuristic",
            })?;
            self.core.search.set_heuristic(h);
        }
        Ok(())
    }

    fn option_codes(&self) -> [u8; 4] {
        [0, 0, 1, self.options.heuristic as u8]
    }

    /// Bytes [`save_state`](HexReplanner::save_state) writes for `grid` now.
    ///
    /// # Errors
    ///
    /// [`StateError::InvalidField`] (`replan.grid`) for a grid of another size.
    pub fn state_size(&mut self, grid: &HexGrid) -> Result<usize, StateError> {
        self.current_for(grid)?;
        Ok(self.core.search.state_size_with(true))
    }

    /// As [`GridReplanner::save_state`](crate::query::GridReplanner::save_state) (kind 8).
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`], or [`StateError::InvalidField`] for a grid of
    /// another size.
    pub fn save_state(&mut self, grid: &HexGrid, out: &mut [u8]) -> Result<usize, StateError> {
        self.current_for(grid)?;
        let handle = self.core.handle_section(self.option_codes());
        self.core
            .search
            .save_state_with(hex_hash(grid), Some(handle), out)
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
    pub fn restore_state(&mut self, grid: &HexGrid, bytes: &[u8]) -> Result<(), StateError> {
        if (grid.width(), grid.height()) != self.size {
            return Err(StateError::InvalidField {
                field: "replan.grid",
            });
        }
        let heuristic =
            hex_heuristic(grid, &self.options).map_err(|_| StateError::InvalidField {
                field: "replan.heuristic",
            })?;
        let previous = *self.core.search.heuristic();
        self.core.search.replace_heuristic(heuristic);
        let topology = HexTopology::new(grid);
        let codes = self.option_codes();
        let variant = self.core.search.variant();
        match self.core.search.restore_state_with(
            &topology,
            hex_hash(grid),
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

    /// The engine (tier 2, read-only).
    pub fn engine(&self) -> &ReplanSearch<DefaultStepCost, AnyHeuristic> {
        &self.core.search
    }
}
