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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(4, 4, 4).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::SIX_CONNECTED);
    /// assert_eq!(search.state(), Step::Idle);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 3, 3));
    /// assert_eq!(search.step(&grid, u32::MAX), Ok(Step::Found));
    /// assert_eq!(search.cost(), 9.0);
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelOptions, VoxelSearch};
    /// let search = VoxelSearch::new(VoxelOptions::EIGHTEEN_CONNECTED);
    /// assert_eq!(search.options(), &VoxelOptions::EIGHTEEN_CONNECTED);
    /// ```
    pub fn options(&self) -> &VoxelOptions {
        &self.options
    }

    /// Replaces the options for the next [`start`](Self::start); a change of connectivity or
    /// corner rule makes the handle idle.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(4, 4, 4).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 3, 3));
    /// search.set_options(VoxelOptions::SIX_CONNECTED); // other moves: the running search ends
    /// assert_eq!(search.state(), Step::Idle);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 3, 3));
    /// search.step(&grid, u32::MAX).unwrap();
    /// assert_eq!(search.cost(), 9.0);
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(32, 32, 32).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(31, 0, 0));
    /// search.step(&grid, u32::MAX).unwrap();
    /// assert!(search.engine().pages_in_use() >= 4); // 8³ pages along the way, not the whole block
    /// assert!(search.engine().pages_in_use() < 64);
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let mut grid = VoxelGrid::new(4, 4, 4).unwrap();
    /// grid.set_walkable(VoxelCell::new(3, 3, 3), false).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// assert_eq!(search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(2, 2, 2)), Step::InProgress);
    /// assert_eq!(search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 3, 3)), Step::GoalInvalid);
    /// assert_eq!(search.start(&grid, VoxelCell::new(9, 0, 0), VoxelCell::new(2, 2, 2)), Step::StartInvalid);
    /// assert_eq!(search.state(), Step::InProgress); // the refusals left the first search running
    /// ```
    pub fn start(&mut self, grid: &VoxelGrid, from: VoxelCell, to: VoxelCell) -> Step {
        self.start_with(grid, from, to, &NoVoxelHooks)
    }

    /// [`start`](Self::start) with hooks (a blocked voxel can be neither entered nor an
    /// endpoint; the step cost may remove or reprice a move). Pass the same hooks to every
    /// [`step_with`](Self::step_with) and [`restore_state_with`](Self::restore_state_with) of
    /// this search.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel_search::VoxelHooks;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// struct Toll; // entering x = 1 costs five times as much
    /// impl VoxelHooks for Toll {
    ///     fn blocked(&self, _: VoxelCell) -> bool { false }
    ///     fn cost(&self, _: VoxelCell, to: VoxelCell, base: f64) -> f64 { if to.x == 1 { 5.0 * base } else { base } }
    /// }
    /// let grid = VoxelGrid::new(3, 1, 1).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::SIX_CONNECTED);
    /// search.start_with(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0), &Toll);
    /// search.step_with(&grid, &Toll, u32::MAX).unwrap();
    /// assert_eq!(search.cost(), 6.0);
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::{QueryError, VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let mut grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(7, 7, 7));
    /// assert_eq!(search.step(&grid, 2), Ok(Step::InProgress));
    /// assert_eq!(search.iterations(), 2);
    /// // An edit while the search runs is reported, never silently followed.
    /// grid.set_walkable(VoxelCell::new(4, 4, 4), false).unwrap();
    /// assert!(matches!(search.step(&grid, 2), Err(QueryError::GridChanged { .. })));
    /// ```
    pub fn step(&mut self, grid: &VoxelGrid, budget: u32) -> Result<Step, QueryError> {
        self.step_with(grid, &NoVoxelHooks, budget)
    }

    /// [`step`](Self::step) with the hooks given to [`start_with`](Self::start_with).
    ///
    /// # Errors
    ///
    /// As [`step`](Self::step).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel_search::VoxelHooks;
    /// use onepath::search::Step;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// struct NoMiddle; // a unit stands on x = 1
    /// impl VoxelHooks for NoMiddle {
    ///     fn blocked(&self, c: VoxelCell) -> bool { c.x == 1 }
    ///     fn cost(&self, _: VoxelCell, _: VoxelCell, base: f64) -> f64 { base }
    /// }
    /// let grid = VoxelGrid::new(3, 1, 1).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start_with(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0), &NoMiddle);
    /// assert_eq!(search.step_with(&grid, &NoMiddle, 100), Ok(Step::NoPath));
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(1, 1, 1));
    /// search.step(&grid, 100).unwrap();
    /// assert_eq!(search.state(), Step::Found);
    /// ```
    pub fn state(&self) -> Step {
        self.engine.state()
    }

    /// The state as a [`PathStatus`] (`BudgetExhausted` while in progress, `NoPath` while
    /// idle).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{PathStatus, VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(4, 4, 4).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// assert_eq!(search.status(), PathStatus::NoPath); // idle
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 3, 3));
    /// assert_eq!(search.status(), PathStatus::BudgetExhausted); // in progress
    /// search.step(&grid, u32::MAX).unwrap();
    /// assert_eq!(search.status(), PathStatus::Found);
    /// ```
    pub fn status(&self) -> PathStatus {
        status_of(self.engine.state())
    }

    /// The path cost when found, else +∞.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(1, 1, 1));
    /// assert_eq!(search.cost(), f64::INFINITY);
    /// search.step(&grid, 100).unwrap();
    /// assert_eq!(search.cost(), onepath::math::SQRT3); // one corner move
    /// ```
    pub fn cost(&self) -> f64 {
        self.engine.cost()
    }

    /// Iterations (pops) so far.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(4, 1, 1).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 0, 0));
    /// search.step(&grid, 100).unwrap();
    /// assert_eq!(search.iterations(), 4); // one pop per voxel along the line
    /// ```
    pub fn iterations(&self) -> u32 {
        self.engine.iterations()
    }

    /// Expansions so far.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(4, 1, 1).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 0, 0));
    /// search.step(&grid, 100).unwrap();
    /// assert_eq!(search.expansions(), 3); // the goal's pop is not one
    /// ```
    pub fn expansions(&self) -> u32 {
        self.engine.expansions()
    }

    /// Voxels on the found path (0 unless found).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(5, 5, 5).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(4, 4, 4));
    /// assert_eq!(search.path_len(), 0);
    /// search.step(&grid, u32::MAX).unwrap();
    /// assert_eq!(search.path_len(), 5); // four corner moves
    /// ```
    pub fn path_len(&self) -> usize {
        self.engine.path_len()
    }

    /// Writes the path, start first, into `out` without allocating; `None` (nothing written)
    /// when `out` is shorter than [`path_len`](Self::path_len).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(3, 1, 1).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0));
    /// search.step(&grid, u32::MAX).unwrap();
    /// let mut out = [VoxelCell::default(); 8]; // kept between ticks: no allocation
    /// assert_eq!(search.copy_path(&mut out), Some(3));
    /// assert_eq!(out[2], VoxelCell::new(2, 0, 0));
    /// assert_eq!(search.copy_path(&mut out[..2]), None);
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [VoxelCell]) -> Option<usize> {
        self.engine.copy_path(out)
    }

    /// The result as a [`VoxelPath`] (allocates the path and, when recording, the expanded
    /// list): what [`VoxelGrid::find_path`] returns for this search.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(6, 6, 6).unwrap();
    /// let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(5, 3, 1));
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, a, b);
    /// while search.step(&grid, 3).unwrap() == onepath::search::Step::InProgress {}
    /// assert_eq!(search.to_path(), grid.find_path(a, b, &VoxelOptions::DEFAULT)); // slicing changes nothing
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(7, 7, 7));
    /// search.step(&grid, 3).unwrap();
    /// let mut buf = vec![0u8; search.state_size()];
    /// assert_eq!(search.save_state(&grid, &mut buf), Ok(buf.len()));
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let mut grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(7, 7, 7));
    /// search.step(&grid, 5).unwrap();
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(&grid, &mut bytes).unwrap();
    /// // A snapshot belongs to the grid's contents: after an edit it is refused.
    /// grid.set_walkable(VoxelCell::new(7, 0, 0), false).unwrap();
    /// let mut other = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// assert!(matches!(other.restore_state(&grid, &bytes), Err(StateError::MapMismatch { .. })));
    /// ```
    pub fn restore_state(&mut self, grid: &VoxelGrid, bytes: &[u8]) -> Result<(), StateError> {
        self.restore_state_with(grid, &NoVoxelHooks, bytes)
    }

    /// [`restore_state`](Self::restore_state) for a search that runs with `hooks`.
    ///
    /// # Errors
    ///
    /// As [`PagedVoxelSearch::restore_state`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel_search::VoxelHooks;
    /// use onepath::search::Step;
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// struct Slow; // every move costs double
    /// impl VoxelHooks for Slow {
    ///     fn blocked(&self, _: VoxelCell) -> bool { false }
    ///     fn cost(&self, _: VoxelCell, _: VoxelCell, base: f64) -> f64 { 2.0 * base }
    /// }
    /// let grid = VoxelGrid::new(6, 1, 1).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start_with(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(5, 0, 0), &Slow);
    /// search.step_with(&grid, &Slow, 2).unwrap();
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(&grid, &mut bytes).unwrap();
    /// let mut resumed = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// resumed.restore_state_with(&grid, &Slow, &bytes).unwrap();
    /// assert_eq!(resumed.step_with(&grid, &Slow, 100), Ok(Step::Found));
    /// assert_eq!(resumed.cost(), 10.0);
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
    /// let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    /// search.start(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// search.step(&grid, u32::MAX).unwrap();
    /// search.trim_pool(); // a no-op below the pool limit
    /// assert!(search.engine().pool_pages() <= onepath::voxel_search::POOL_LIMIT);
    /// ```
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
