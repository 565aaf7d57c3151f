//! [`HexSearch`]: the resumable hex-grid search handle for lockstep and rollback hosts (tier 1;
//! spec: grids.md, “Host API”, whose resumable handle we give hex grids as well).
//!
//! `try_begin` → `step(grid, n)` per tick → `copy_path` (the result readers are in
//! `hex_search_result.rs`); `save_state` / `restore_state` (snapshot kind 15,
//! `hex_search_state.rs`) at any point. The handle runs the generic A*
//! over [`HexTopology`] (six moves) with the hex-distance estimate, or zero; it is what
//! [`HexGrid::find_path`] runs through, so for every slicing the handle returns cell for cell
//! what `find_path` returns, with the same counts and cost bits.
//!
//! # Memory
//!
//! After the first search on a grid of a given size (or [`HexSearch::prepare`]), `try_begin`,
//! `step`, `copy_path`, `state_size`, `save_state` and `restore_state` allocate nothing
//! (tested with a counting allocator), unless expansion recording grows its list.

use super::any_heuristic::AnyHeuristic;
use super::options::{GridOptions, HeuristicKind};
use super::query_map::QueryMap;
use super::runner::{check_weight, check_weight_fits, corner_pairs};
use crate::error::QueryError;
use crate::grid::{Cell, EditsSince};
use crate::hex::{HexGrid, HexTopology};
use crate::search::{AStar, CANCEL_SLICE, SearchBuffers, Step};
use crate::topology::{DefaultStepCost, Topology, ZeroHeuristic};

/// A resumable hex-grid search you keep between ticks (tier 1): the hex counterpart of
/// [`GridSearch`](crate::GridSearch).
///
/// It takes [`GridOptions`] as [`HexGrid::find_path`] does: agent size 1, the hex-distance
/// estimate (`Auto` or `HexDistance`) or `Zero`, a weight, expansion recording; connectivity,
/// diagonal rule, algorithm and the specialised-engine switch do not apply to hex grids and
/// are ignored. The iteration budget is `find_path`'s: [`step`](Self::step) takes its own.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};
/// let grid = HexGrid::from_text("......\n.####.\n......", HexLayout::PointyOddRow).unwrap();
/// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
/// assert_eq!(search.try_begin(&grid, Cell::new(0, 1), Cell::new(5, 1)), Step::InProgress);
/// // Three iterations per simulation tick:
/// while search.step(&grid, 3).unwrap() == Step::InProgress {}
/// let mut path = [Cell::default(); 32];
/// let n = search.copy_path(&mut path).unwrap();
/// assert_eq!((path[0], path[n - 1]), (Cell::new(0, 1), Cell::new(5, 1)));
/// let one_call = grid.find_path(Cell::new(0, 1), Cell::new(5, 1), &GridOptions::DEFAULT);
/// assert_eq!(search.to_path(&grid), one_call);
/// ```
#[derive(Clone, Debug)]
pub struct HexSearch {
    pub(super) options: GridOptions,
    /// A* over the hex moves; its heuristic is set per grid (width, layout, smallest
    /// multiplier) at every begin and restore.
    pub(super) engine: AStar<DefaultStepCost, AnyHeuristic>,
    bound_version: u64,
    bound_revision: u64,
    pub(super) bound_width: u32,
    bound_height: u32,
    /// What the last `try_begin` refused while no search ran, so that
    /// [`to_path`](HexSearch::to_path) reports it; cleared by a begin, restore or prepare.
    pub(super) refusal: Option<Step>,
    /// Set when the weight is too large for the bound grid: `step` reports it.
    weight_error: Option<QueryError>,
}

/// The estimate `options` ask for on `grid` (hex distance scaled by the smallest multiplier,
/// or zero), after the option checks of [`HexGrid::find_path`].
pub(super) fn hex_heuristic(
    options: &GridOptions,
    grid: &HexGrid,
) -> Result<AnyHeuristic, QueryError> {
    grid.moves(options)?;
    grid.heuristic(options)
}

impl HexSearch {
    /// A handle for queries under `options`.
    ///
    /// # Errors
    ///
    /// In [`HexGrid::find_path`]'s order: [`QueryError::InvalidAgentSize`] unless
    /// `agent_size == 1`, [`QueryError::HeuristicNotSupported`] for Manhattan or octile,
    /// [`QueryError::InvalidWeight`] for a NaN, infinite or negative weight.
    ///
    /// # Complexity
    ///
    /// O(1); nothing map-sized is allocated before the first `try_begin` or
    /// [`prepare`](HexSearch::prepare).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridOptions, HeuristicKind, HexSearch, QueryError};
    /// assert!(HexSearch::new(GridOptions::DEFAULT).is_ok());
    /// let octile = GridOptions::DEFAULT.with_heuristic(HeuristicKind::Octile);
    /// assert_eq!(HexSearch::new(octile).unwrap_err(), QueryError::HeuristicNotSupported);
    /// ```
    pub fn new(options: GridOptions) -> Result<Self, QueryError> {
        Self::check_options(&options)?;
        let mut engine = AStar::new(DefaultStepCost, AnyHeuristic::Zero(ZeroHeuristic))
            .with_weight(options.weight)?;
        engine.set_record_expansions(options.record_expansions);
        Ok(Self {
            options,
            engine,
            bound_version: 0,
            bound_revision: 0,
            bound_width: 0,
            bound_height: 0,
            refusal: None,
            weight_error: None,
        })
    }

    /// The checks of [`new`](Self::new), in its order.
    pub(super) fn check_options(options: &GridOptions) -> Result<(), QueryError> {
        // The checks of `HexGrid::moves` and `HexGrid::heuristic`, which read no cell.
        if options.agent_size != 1 {
            return Err(QueryError::InvalidAgentSize {
                size: options.agent_size,
                max: 1,
            });
        }
        if matches!(
            options.heuristic,
            HeuristicKind::Manhattan | HeuristicKind::Octile
        ) {
            return Err(QueryError::HeuristicNotSupported);
        }
        check_weight(options)
    }

    /// Gives the handle new options, keeping its buffers (what the pooled one-line queries
    /// do). The handle is idle afterwards.
    pub(super) fn set_options(&mut self, options: GridOptions) -> Result<(), QueryError> {
        Self::check_options(&options)?;
        self.options = options;
        // Cannot fail: checked above.
        let _ = self.engine.set_weight(options.weight);
        self.engine.set_record_expansions(options.record_expansions);
        self.engine.make_idle();
        self.refusal = None;
        Ok(())
    }

    /// The options this handle runs with.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridOptions, HexSearch};
    /// let options = GridOptions::DEFAULT.with_weight(1.5);
    /// assert_eq!(HexSearch::new(options).unwrap().options().weight, 1.5);
    /// ```
    pub fn options(&self) -> &GridOptions {
        &self.options
    }

    /// Starts a search on `grid` between offset cells. Returns [`Step::InProgress`] (or
    /// [`Step::NoPath`] when the start's key is not a number), or [`Step::StartInvalid`] /
    /// [`Step::GoalInvalid`] for an endpoint outside or on a wall — the start is judged
    /// completely before the goal, and a refusal leaves the running search untouched.
    ///
    /// # Complexity
    ///
    /// O(1) once the handle is sized for the grid; the first begin on a grid (or one that
    /// grew) sizes the buffers, O(cells). [`prepare`](HexSearch::prepare) does that ahead.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};
    /// let grid = HexGrid::from_text("...\n.#.\n...", HexLayout::FlatOddColumn).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(2, 2)), Step::InProgress);
    /// // Refusals are statuses, and leave the running search alone.
    /// assert_eq!(search.try_begin(&grid, Cell::new(1, 1), Cell::new(2, 2)), Step::StartInvalid);
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 0)), Step::GoalInvalid);
    /// assert_eq!(search.state(), Step::InProgress);
    /// ```
    #[must_use = "a refused begin leaves the previous search running"]
    pub fn try_begin(&mut self, grid: &HexGrid, start: Cell, goal: Cell) -> Step {
        let step = self.begin(grid, start, goal);
        if matches!(step, Step::StartInvalid | Step::GoalInvalid) {
            if self.state() != Step::InProgress {
                self.refusal = Some(step);
            }
        } else {
            self.refusal = None;
        }
        step
    }

    fn begin(&mut self, grid: &HexGrid, start: Cell, goal: Cell) -> Step {
        let topology = HexTopology::new(grid);
        let Some(s) = grid.index_of(start).filter(|&s| topology.is_walkable(s)) else {
            return Step::StartInvalid;
        };
        let Some(g) = grid.index_of(goal).filter(|&g| topology.is_walkable(g)) else {
            return Step::GoalInvalid;
        };
        if let Ok(h) = hex_heuristic(&self.options, grid) {
            self.engine.set_heuristic(h);
        }
        self.bind(grid);
        self.engine.try_begin(&topology, s, g)
    }

    /// Binds the handle to `grid` as it is now and checks the weight against it.
    pub(super) fn bind(&mut self, grid: &HexGrid) {
        self.bound_version = grid.version();
        self.bound_revision = grid.revision();
        self.bound_width = grid.width();
        self.bound_height = grid.height();
        self.weight_error = hex_heuristic(&self.options, grid).ok().and_then(|h| {
            let corners = corner_pairs(grid.width(), grid.height());
            check_weight_fits(self.options.weight, h, corners).err()
        });
    }

    /// Forgets a recorded refusal (a restore replaces the handle's state).
    pub(super) fn clear_refusal(&mut self) {
        self.refusal = None;
    }

    /// The weight error `grid` gives the options ([`QueryError::WeightTooLarge`]), checked
    /// by the one-line query before it judges the endpoints.
    pub(super) fn weight_fits(&self, grid: &HexGrid) -> Result<(), QueryError> {
        let h = hex_heuristic(&self.options, grid)?;
        check_weight_fits(
            self.options.weight,
            h,
            corner_pairs(grid.width(), grid.height()),
        )
    }

    /// `Ok` when `grid` is the bound grid as it was bound; else [`QueryError::GridChanged`]
    /// (edited since) or [`QueryError::OtherGrid`].
    fn check_grid(&self, grid: &HexGrid) -> Result<(), QueryError> {
        // The revision, not the version: a restore can bring a version back with other cells.
        if grid.revision() == self.bound_revision
            && (grid.width(), grid.height()) == (self.bound_width, self.bound_height)
        {
            return Ok(());
        }
        self.check_same_grid(grid)?;
        Err(QueryError::GridChanged {
            expected: self.bound_version,
            found: grid.version(),
        })
    }

    /// Whether `grid` is the bound grid, as it is now or after edits its journal still holds.
    pub(super) fn check_same_grid(&self, grid: &HexGrid) -> Result<(), QueryError> {
        let expected = (self.bound_width, self.bound_height);
        let found = (grid.width(), grid.height());
        let known = grid.revision() == self.bound_revision
            || matches!(grid.edits_since(self.bound_revision), EditsSince::Edits(_));
        if expected == found && known {
            Ok(())
        } else {
            Err(QueryError::OtherGrid { expected, found })
        }
    }

    /// Performs at most `budget` iterations (pops); call again only on [`Step::InProgress`].
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] when `grid` was edited (or restored) since the search
    /// began; [`QueryError::OtherGrid`] when it is not the grid the search began on;
    /// [`QueryError::WeightTooLarge`] when the weight times the grid's largest estimate is
    /// not finite. The search is left as it was.
    ///
    /// # Complexity
    ///
    /// O(k log V) for the k ≤ `budget` pops; allocates nothing unless expansion recording
    /// grows its list.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, QueryError, Step};
    /// let mut grid = HexGrid::new(12, 12, HexLayout::PointyOddRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(11, 9));
    /// assert_eq!(search.step(&grid, 1), Ok(Step::InProgress));
    /// assert_eq!(search.iterations(), 1);
    /// // The grid must not change under a running search.
    /// grid.set_walkable(Cell::new(6, 6), false).unwrap();
    /// assert!(matches!(search.step(&grid, 1), Err(QueryError::GridChanged { .. })));
    /// ```
    pub fn step(&mut self, grid: &HexGrid, budget: u32) -> Result<Step, QueryError> {
        if self.state() != Step::InProgress {
            return Ok(self.state());
        }
        self.check_grid(grid)?;
        if let Some(e) = self.weight_error {
            return Err(e);
        }
        Ok(self.engine.step(&HexTopology::new(grid), budget))
    }

    /// Runs to the end in slices of 256 iterations, asking `cancel` before each slice.
    ///
    /// # Errors
    ///
    /// [`QueryError::Cancelled`] when `cancel` returned `true` (the search stays resumable),
    /// and the errors of [`step`](Self::step).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};
    /// let grid = HexGrid::new(30, 30, HexLayout::FlatEvenColumn).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(29, 29));
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(Step::Found));
    /// ```
    pub fn run_cancellable(
        &mut self,
        grid: &HexGrid,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<Step, QueryError> {
        while self.state() == Step::InProgress {
            if cancel() {
                return Err(QueryError::Cancelled);
            }
            let _ = self.step(grid, CANCEL_SLICE)?;
        }
        Ok(self.state())
    }

    /// The current state ([`Step::Idle`] before the first search).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridOptions, HexSearch, Step};
    /// assert_eq!(HexSearch::new(GridOptions::DEFAULT).unwrap().state(), Step::Idle);
    /// ```
    pub fn state(&self) -> Step {
        self.engine.state()
    }

    /// Makes the handle ready for queries on `grid` as it is now, so that the next
    /// [`try_begin`](Self::try_begin) allocates nothing: sizes the per-cell records and the
    /// open list for `grid`'s cell count. If the handle is bound to `grid` as it is now and
    /// its search is in progress or finished, nothing changes; otherwise the handle is
    /// [`Step::Idle`] afterwards. A query after `prepare` returns exactly what it returns
    /// without (cells, cost bits, counts, snapshot bytes).
    ///
    /// # Complexity
    ///
    /// O(cells) the first time for a size, O(1) after.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};
    /// let grid = HexGrid::new(40, 40, HexLayout::PointyOddRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.prepare(&grid); // behind the loading screen
    /// assert_eq!(search.state(), Step::Idle);
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(39, 39)), Step::InProgress);
    /// ```
    pub fn prepare(&mut self, grid: &HexGrid) {
        if self.state() != Step::Idle && self.check_grid(grid).is_ok() {
            return;
        }
        self.bind(grid);
        self.engine.buffers_mut().ensure(grid.cell_count());
        self.engine.make_idle();
        self.refusal = None;
    }

    /// Lends the engine's buffers (the hook queries run their own `AStar` in them); give them
    /// back with [`put_buffers`](Self::put_buffers). The handle is idle afterwards.
    pub(super) fn take_buffers(&mut self) -> SearchBuffers {
        self.engine.make_idle();
        core::mem::take(self.engine.buffers_mut())
    }

    /// Gives back what [`take_buffers`](Self::take_buffers) lent.
    pub(super) fn put_buffers(&mut self, buffers: SearchBuffers) {
        *self.engine.buffers_mut() = buffers;
        self.engine.make_idle();
    }
}

/// What `HeuristicKind` a kind-15 heuristic code names (0 auto, 1 zero, 2 hex distance).
pub(super) fn heuristic_of_code(code: u8) -> Option<HeuristicKind> {
    match code {
        0 => Some(HeuristicKind::Auto),
        1 => Some(HeuristicKind::Zero),
        2 => Some(HeuristicKind::HexDistance),
        _ => None,
    }
}

/// The kind-15 code of a hex-capable heuristic (Manhattan and octile are refused by
/// [`HexSearch::new`]).
pub(super) fn heuristic_code(h: HeuristicKind) -> u8 {
    match h {
        HeuristicKind::Zero => 1,
        HeuristicKind::HexDistance => 2,
        HeuristicKind::Auto | HeuristicKind::Manhattan | HeuristicKind::Octile => 0,
    }
}
