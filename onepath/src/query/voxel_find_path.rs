//! `VoxelGrid::find_path` and its forms: the one-line voxel queries (tier 1), run through the
//! resumable [`VoxelSearch`] handle, whose pages the grid pools between queries.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::voxel_options::{VoxelOptions, VoxelPath};
use super::voxel_search_handle::{VoxelSearch, status_of};
use crate::search::Step;
use crate::voxel::{VoxelCell, VoxelError, VoxelGrid, VoxelPoint, VoxelSpace};
use crate::voxel_search::{NoVoxelHooks, VoxelHooks};

/// Closure hooks as [`VoxelHooks`].
struct FnHooks<C, B> {
    cost: C,
    blocked: B,
}

impl<C: Fn(VoxelCell, VoxelCell, f64) -> f64, B: Fn(VoxelCell) -> bool> VoxelHooks
    for FnHooks<C, B>
{
    fn blocked(&self, cell: VoxelCell) -> bool {
        (self.blocked)(cell)
    }
    fn cost(&self, from: VoxelCell, to: VoxelCell, base: f64) -> f64 {
        (self.cost)(from, to, base)
    }
}

fn run(
    grid: &VoxelGrid,
    (start, goal): (VoxelCell, VoxelCell),
    options: &VoxelOptions,
    hooks: &impl VoxelHooks,
) -> VoxelPath {
    let slot = grid.query_slot();
    let mut search: Box<VoxelSearch> = slot
        .take()
        .unwrap_or_else(|| Box::new(VoxelSearch::new(*options)));
    search.set_options(*options);
    let begin = search.start_with(grid, start, goal, hooks);
    if matches!(begin, Step::StartInvalid | Step::GoalInvalid) {
        // A refused begin leaves the previous search in the handle: report nothing of it.
        slot.give(search);
        return VoxelPath {
            status: status_of(begin),
            cells: Vec::new(),
            points: Vec::new(),
            cost: f64::INFINITY,
            iterations: 0,
            expansions: 0,
            expanded: Vec::new(),
        };
    }
    // The handle began on this grid a moment ago: the step cannot see another grid.
    let _ = search.step_with(grid, hooks, options.iteration_budget);
    let path = search.to_path();
    search.trim_pool();
    slot.give(search);
    path
}

impl VoxelGrid {
    /// The cheapest path from `start` to `goal` (tier 1): A* with the voxel heuristic over the
    /// moves `options` allows, node state kept in 8³ pages the grid pools between queries.
    ///
    /// An endpoint outside the block or solid gives `StartInvalid` / `GoalInvalid`; a budget
    /// that runs out gives `BudgetExhausted` after exactly that many iterations.
    ///
    /// # Complexity
    ///
    /// O(E log V) over the voxels reached; memory 10 KB per 8³ block reached plus 4 bytes per
    /// 512 voxels of the block (the page table), reused by the next query.
    ///
    /// # Determinism
    ///
    /// Cost bits, path, expansion order and counts equal the dense tier-2
    /// [`AStar`](crate::search::AStar) over [`VoxelTopology`](crate::voxel::VoxelTopology),
    /// on every platform.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{PathStatus, VoxelOptions};
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(10, 10, 10).unwrap();
    /// for y in 0..10 { for z in 0..9 { grid.set_walkable(VoxelCell::new(5, y, z), false).unwrap(); } }
    /// let path = grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(9, 0, 0), &VoxelOptions::DEFAULT);
    /// assert_eq!(path.status, PathStatus::Found);
    /// assert!(path.cells.iter().any(|c| c.z == 9)); // over the wall
    /// let six = grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(9, 0, 0), &VoxelOptions::SIX_CONNECTED);
    /// assert_eq!(six.cost, 27.0);
    /// ```
    pub fn find_path(
        &self,
        start: VoxelCell,
        goal: VoxelCell,
        options: &VoxelOptions,
    ) -> VoxelPath {
        run(self, (start, goal), options, &NoVoxelHooks)
    }

    /// [`find_path`](VoxelGrid::find_path) with a step-cost hook (`(from, to, base) -> cost`;
    /// NaN, negative or +∞ removes the move) and a blocked hook (a blocked voxel can be
    /// neither entered nor an endpoint), asked blocked first, once per legal move looked at.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{PathStatus, VoxelOptions};
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let grid = VoxelGrid::new(3, 1, 1).unwrap();
    /// let (a, b, o) = (VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0), VoxelOptions::SIX_CONNECTED);
    /// let toll = |_: VoxelCell, to: VoxelCell, c: f64| if to.x == 1 { 5.0 * c } else { c };
    /// assert_eq!(grid.find_path_with(a, b, &o, toll, |_| false).cost, 6.0);
    /// let cut = grid.find_path_with(a, b, &o, |_, _, c| c, |c| c.x == 1);
    /// assert_eq!(cut.status, PathStatus::NoPath);
    /// ```
    pub fn find_path_with(
        &self,
        start: VoxelCell,
        goal: VoxelCell,
        options: &VoxelOptions,
        step_cost: impl Fn(VoxelCell, VoxelCell, f64) -> f64,
        blocked: impl Fn(VoxelCell) -> bool,
    ) -> VoxelPath {
        let hooks = FnHooks {
            cost: step_cost,
            blocked,
        };
        run(self, (start, goal), options, &hooks)
    }

    /// [`find_path`](VoxelGrid::find_path) between world points under `space`; the result's
    /// `points` are the voxel centres of the path.
    ///
    /// # Errors
    ///
    /// [`VoxelError::Coordinate`] for a coordinate outside the rule (|v| <= 2^21), a point or
    /// a centre of the path. A point outside the block is not an error: `StartInvalid` /
    /// `GoalInvalid`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::VoxelOptions;
    /// use onepath::voxel::{VoxelGrid, VoxelPoint, VoxelSpace};
    /// let grid = VoxelGrid::new(4, 4, 4).unwrap();
    /// let space = VoxelSpace::new(VoxelPoint::new(0.0, 0.0, 0.0), 2.0).unwrap();
    /// let p = grid.find_path_world(&space, VoxelPoint::new(0.5, 0.5, 0.5), VoxelPoint::new(7.0, 0.1, 0.1), &VoxelOptions::DEFAULT).unwrap();
    /// assert_eq!(p.points.last(), Some(&VoxelPoint::new(7.0, 1.0, 1.0)));
    /// assert!(grid.find_path_world(&space, VoxelPoint::new(f64::NAN, 0.0, 0.0), VoxelPoint::new(1.0, 1.0, 1.0), &VoxelOptions::DEFAULT).is_err());
    /// ```
    pub fn find_path_world(
        &self,
        space: &VoxelSpace,
        start: VoxelPoint,
        goal: VoxelPoint,
        options: &VoxelOptions,
    ) -> Result<VoxelPath, VoxelError> {
        let (a, b) = (space.voxel_at(start)?, space.voxel_at(goal)?);
        let mut path = self.find_path(a, b, options);
        path.points = path
            .cells
            .iter()
            .map(|&c| space.center(c))
            .collect::<Result<_, _>>()?;
        Ok(path)
    }
}
