//! [`VoxelSearch`]: the resumable voxel query (tier 1) — begin, step under a budget, read the
//! path, save and restore (snapshot kind 11) — over the paged search, reusing its pages from
//! one query to the next. `VoxelGrid::find_path` runs through the same handle.

use alloc::vec::Vec;

use super::path::PathStatus;
use super::voxel_options::{VoxelOptions, VoxelPath};
use crate::error::QueryError;
use crate::search::Step;
use crate::state::StateError;
use crate::voxel::{VoxelCell, VoxelGrid};
use crate::voxel_search::{NoVoxelHooks, PagedVoxelSearch, VoxelHooks};

/// A resumable voxel search bound to the grid it began on (tier 1): [`start`](Self::start),
/// then [`step`](Self::step) with a budget per tick until it is no longer
/// [`Step::InProgress`], then [`to_path`](Self::to_path) or [`copy_path`](Self::copy_path).
/// Its 8³ pages, open list and block table are kept for the next search, so a stream of
/// searches on grids of one size allocates only what their results need.
///
/// Cost, path, expansion order and counts equal [`VoxelGrid::find_path`] with the same
/// options whatever the budgets (the budget of the options is ignored here: `step` takes one).
///
/// Stale reads (ARCHITECTURE.md, “Stale reads”): after an edit, `step` refuses to go on
/// ([`QueryError::GridChanged`]); the reads that take no grid ([`state`](Self::state),
/// [`cost`](Self::cost), [`copy_path`](Self::copy_path), [`to_path`](Self::to_path), …) keep
/// the answer for the cells the search saw. The flag is [`is_current`](Self::is_current);
/// [`current`](Self::current) turns it into the error.
///
/// # Examples
///
/// ```
/// use onepath::search::Step;
/// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
/// let mut grid = VoxelGrid::new(16, 16, 16).unwrap();
/// for y in 0..16 { for z in 0..15 { grid.set_walkable(VoxelCell::new(8, y, z), false).unwrap(); } }
/// let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 0, 0));
/// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
/// assert_eq!(search.start(&grid, a, b), Step::InProgress);
/// while search.step(&grid, 7).unwrap() == Step::InProgress {}
/// assert_eq!(search.to_path(), grid.find_path(a, b, &VoxelOptions::DEFAULT));
/// ```
#[derive(Clone, Debug)]
pub struct VoxelSearch {
    options: VoxelOptions,
    engine: PagedVoxelSearch,
    /// Revision and version of the grid the search began on (`None` while idle).
    bound: Option<(u64, u64)>,
}

impl VoxelSearch {
    /// An idle handle with `options` (connectivity, corner rule, recording).
    pub fn new(options: VoxelOptions) -> Self {
        let mut engine = PagedVoxelSearch::new(options.connectivity, options.corner_rule);
        engine.set_record_expansions(options.record_expansions);
        Self {
            options,
            engine,
            bound: None,
        }
    }

    /// The options.
    pub fn options(&self) -> &VoxelOptions {
        &self.options
    }

    /// Replaces the options for the next [`start`](Self::start); a change of connectivity or
    /// corner rule makes the handle idle.
    pub fn set_options(&mut self, options: VoxelOptions) {
        if options.connectivity != self.options.connectivity
            || options.corner_rule != self.options.corner_rule
        {
            self.engine
                .configure(options.connectivity, options.corner_rule);
            self.bound = None;
        }
        self.engine.set_record_expansions(options.record_expansions);
        self.options = options;
    }

    /// The paged engine (tier 2: pages in use, pool, bytes).
    pub fn engine(&self) -> &PagedVoxelSearch {
        &self.engine
    }

    /// Begins a search from `from` to `to` on `grid`: [`Step::InProgress`] (or
    /// [`Step::NoPath`] when no estimate is finite), or [`Step::StartInvalid`] /
    /// [`Step::GoalInvalid`] for an endpoint outside or solid — then the running search, if
    /// any, is untouched.
    ///
    /// # Complexity
    ///
    /// O(pages the previous search used).
    pub fn start(&mut self, grid: &VoxelGrid, from: VoxelCell, to: VoxelCell) -> Step {
        self.start_with(grid, from, to, &NoVoxelHooks)
    }

    /// [`start`](Self::start) with hooks (a blocked voxel can be neither entered nor an
    /// endpoint; the step cost may remove or reprice a move). Pass the same hooks to every
    /// [`step_with`](Self::step_with) and [`restore_state_with`](Self::restore_state_with) of
    /// this search.
    pub fn start_with(
        &mut self,
        grid: &VoxelGrid,
        from: VoxelCell,
        to: VoxelCell,
        hooks: &impl VoxelHooks,
    ) -> Step {
        let s = self.engine.try_begin(grid, from, to, hooks);
        if !matches!(s, Step::StartInvalid | Step::GoalInvalid) {
            self.bound = Some((grid.revision(), grid.version()));
        }
        s
    }

    /// Performs at most `budget` iterations (pops); returns the state after them.
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] when `grid` is not the grid the search began on as it was
    /// then (edited, restored, or another grid); the search stays as it was.
    ///
    /// # Complexity
    ///
    /// O(budget × 26 log open).
    pub fn step(&mut self, grid: &VoxelGrid, budget: u32) -> Result<Step, QueryError> {
        self.step_with(grid, &NoVoxelHooks, budget)
    }

    /// [`step`](Self::step) with the hooks given to [`start_with`](Self::start_with).
    ///
    /// # Errors
    ///
    /// As [`step`](Self::step).
    pub fn step_with(
        &mut self,
        grid: &VoxelGrid,
        hooks: &impl VoxelHooks,
        budget: u32,
    ) -> Result<Step, QueryError> {
        if self.engine.state() != Step::InProgress {
            return Ok(self.engine.state());
        }
        match self.bound {
            Some((revision, _)) if revision == grid.revision() => {
                Ok(self.engine.step(grid, hooks, budget))
            }
            Some((_, version)) => Err(QueryError::GridChanged {
                expected: version,
                found: grid.version(),
            }),
            None => Ok(self.engine.state()),
        }
    }

    /// Whether the search and its result belong to `grid` as it is now: it began (or was
    /// restored) on `grid` and `grid` was not edited since. `false` while idle.
    pub fn is_current(&self, grid: &VoxelGrid) -> bool {
        matches!(self.bound, Some((revision, _)) if revision == grid.revision())
    }

    /// The search, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](Self::is_current).
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] otherwise (expected version 0 when no search is bound).
    pub fn current(&self, grid: &VoxelGrid) -> Result<&Self, QueryError> {
        match self.bound {
            Some((revision, _)) if revision == grid.revision() => Ok(self),
            Some((_, version)) => Err(QueryError::GridChanged {
                expected: version,
                found: grid.version(),
            }),
            None => Err(QueryError::GridChanged {
                expected: 0,
                found: grid.version(),
            }),
        }
    }

    /// The engine's state.
    pub fn state(&self) -> Step {
        self.engine.state()
    }

    /// The state as a [`PathStatus`] (`BudgetExhausted` while in progress, `NoPath` while
    /// idle).
    pub fn status(&self) -> PathStatus {
        status_of(self.engine.state())
    }

    /// The path cost when found, else +∞.
    pub fn cost(&self) -> f64 {
        self.engine.cost()
    }

    /// Iterations (pops) so far.
    pub fn iterations(&self) -> u32 {
        self.engine.iterations()
    }

    /// Expansions so far.
    pub fn expansions(&self) -> u32 {
        self.engine.expansions()
    }

    /// Voxels on the found path (0 unless found).
    pub fn path_len(&self) -> usize {
        self.engine.path_len()
    }

    /// Writes the path, start first, into `out` without allocating; `None` (nothing written)
    /// when `out` is shorter than [`path_len`](Self::path_len).
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [VoxelCell]) -> Option<usize> {
        self.engine.copy_path(out)
    }

    /// The result as a [`VoxelPath`] (allocates the path and, when recording, the expanded
    /// list): what [`VoxelGrid::find_path`] returns for this search.
    pub fn to_path(&self) -> VoxelPath {
        VoxelPath {
            status: self.status(),
            cells: self.engine.path(),
            points: Vec::new(),
            cost: self.engine.cost(),
            iterations: self.engine.iterations(),
            expansions: self.engine.expansions(),
            expanded: self.engine.expanded().to_vec(),
        }
    }

    /// Bytes [`save_state`](Self::save_state) writes.
    pub fn state_size(&self) -> usize {
        self.engine.state_size()
    }

    /// An upper bound on [`state_size`](Self::state_size) for every state this handle can reach
    /// on `grid`: `72 + 29 n` bytes for `n` = `grid.voxel_count()`, as
    /// [`PagedVoxelSearch::max_state_size`](crate::voxel_search::PagedVoxelSearch::max_state_size)
    /// (`usize::MAX` with [`VoxelOptions::record_expansions`](crate::VoxelOptions) on: no
    /// bound exists). Saturates.
    pub fn max_state_size(&self, grid: &VoxelGrid) -> usize {
        self.engine.max_state_size(grid)
    }

    /// Writes the search (snapshot kind 11, `docs/snapshot-format.md`) tied to `grid`;
    /// returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(20, 20, 20).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// assert_eq!(search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(19, 19, 2)), onepath::Step::InProgress);
    /// assert_eq!(search.step(&grid, 4).unwrap(), onepath::Step::InProgress);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(&grid, &mut bytes).unwrap();
    /// let mut resumed = VoxelSearch::new(VoxelOptions::SIX_CONNECTED);
    /// resumed.restore_state(&grid, &bytes).unwrap();
    /// assert_eq!(resumed.options().connectivity, VoxelOptions::DEFAULT.connectivity);
    /// while search.step(&grid, 100).unwrap() == Step::InProgress {}
    /// while resumed.step(&grid, 100).unwrap() == Step::InProgress {}
    /// assert_eq!(resumed.to_path(), search.to_path());
    /// ```
    pub fn save_state(&self, grid: &VoxelGrid, out: &mut [u8]) -> Result<usize, StateError> {
        self.engine.save_state(grid, out)
    }

    /// Restores a kind-11 snapshot taken on `grid` (its content digest must match); the
    /// handle takes the snapshot's connectivity, corner rule and recording flag and is bound
    /// to `grid` as it is now. On any error the handle is unchanged.
    ///
    /// # Errors
    ///
    /// As [`PagedVoxelSearch::restore_state`].
    ///
    /// # Complexity
    ///
    /// The saved search's cost up to its iteration count (restore replays it).
    pub fn restore_state(&mut self, grid: &VoxelGrid, bytes: &[u8]) -> Result<(), StateError> {
        self.restore_state_with(grid, &NoVoxelHooks, bytes)
    }

    /// [`restore_state`](Self::restore_state) for a search that runs with `hooks`.
    ///
    /// # Errors
    ///
    /// As [`PagedVoxelSearch::restore_state`].
    pub fn restore_state_with(
        &mut self,
        grid: &VoxelGrid,
        hooks: &impl VoxelHooks,
        bytes: &[u8],
    ) -> Result<(), StateError> {
        self.engine.restore_state(grid, hooks, bytes)?;
        self.options = self
            .options
            .with_connectivity(self.engine.connectivity())
            .with_corner_rule(self.engine.rule())
            .with_record_expansions(self.engine.records_expansions());
        self.bound = (self.engine.state() != Step::Idle).then(|| (grid.revision(), grid.version()));
        Ok(())
    }

    /// Drops the page pool when it holds more than
    /// [`POOL_LIMIT`](crate::voxel_search::POOL_LIMIT) pages (the handle becomes idle then).
    pub fn trim_pool(&mut self) {
        self.engine.trim_pool();
        if self.engine.state() == Step::Idle {
            self.bound = None;
        }
    }
}

/// The [`PathStatus`] of a step code.
pub(super) fn status_of(step: Step) -> PathStatus {
    match step {
        Step::Found => PathStatus::Found,
        Step::StartInvalid => PathStatus::StartInvalid,
        Step::GoalInvalid => PathStatus::GoalInvalid,
        Step::InProgress => PathStatus::BudgetExhausted,
        Step::NoPath | Step::Idle => PathStatus::NoPath,
    }
}
