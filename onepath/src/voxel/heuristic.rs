//! [`VoxelHeuristic`]: the exact distance on an empty block, times the cheapest area
//! multiplier (spec: grids.md, “3D voxel grids”, “Heuristic”).
//!
//! With the absolute offsets sorted `a <= b <= c` and `m = a + b + c`:
//!
//! - 6 moves: `m`;
//! - 26 moves: `a * √3 + (b - a) * √2 + (c - b)`;
//! - 18 moves: `e * √2 + (m - 2e)` with `e = min(floor(m / 2), a + b)`.
//!
//! Each is the cost of a shortest path on an empty grid of that connectivity with every
//! multiplier 1, so scaled by `AreaCosts::min_cost` it is admissible and consistent.

use super::moves::VoxelConnectivity;
use super::voxel_grid::VoxelGrid;
use crate::math::{SQRT2, SQRT3};
use crate::topology::Heuristic;

/// The empty-grid distance between two voxels under `connectivity`, for unit multipliers.
///
/// # Examples
///
/// ```
/// use onepath::math::{SQRT2, SQRT3};
/// use onepath::voxel::{empty_grid_distance, VoxelConnectivity};
/// assert_eq!(empty_grid_distance(VoxelConnectivity::Six, 1, -2, 3), 6.0);
/// assert_eq!(empty_grid_distance(VoxelConnectivity::TwentySix, 1, -2, 3), SQRT3 + SQRT2 + 1.0);
/// assert_eq!(empty_grid_distance(VoxelConnectivity::Eighteen, 1, 1, 1), SQRT2 + 1.0);
/// ```
pub fn empty_grid_distance(connectivity: VoxelConnectivity, dx: i64, dy: i64, dz: i64) -> f64 {
    let mut v = [dx.unsigned_abs(), dy.unsigned_abs(), dz.unsigned_abs()];
    v.sort_unstable();
    let [a, b, c] = v;
    let m = a + b + c;
    match connectivity {
        VoxelConnectivity::Six => m as f64,
        VoxelConnectivity::TwentySix => a as f64 * SQRT3 + (b - a) as f64 * SQRT2 + (c - b) as f64,
        VoxelConnectivity::Eighteen => {
            let e = (m / 2).min(a + b);
            e as f64 * SQRT2 + (m - 2 * e) as f64
        }
    }
}

/// The voxel [`Heuristic`]: [`empty_grid_distance`] to the goal times the grid's
/// `AreaCosts::min_cost` (taken at construction).
///
/// # Complexity
///
/// O(1); [`estimate`](Heuristic::estimate) decodes the node with two divisions (the paged
/// one-line query uses [`estimate_at`](VoxelHeuristic::estimate_at) and never divides).
///
/// # Examples
///
/// ```
/// use onepath::topology::Heuristic;
/// use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelGrid, VoxelHeuristic};
/// let grid = VoxelGrid::new(8, 8, 8).unwrap();
/// let mut h = VoxelHeuristic::new(&grid, VoxelConnectivity::Six);
/// h.set_goal_at(3, 1, 0);
/// assert_eq!(h.estimate_at(0, 0, 0), 4.0); // 4 face steps on an empty grid
/// h.set_goal(grid.index_of(VoxelCell::new(3, 1, 0)).unwrap());
/// assert_eq!(h.estimate(0), 4.0); // the same through node ids
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoxelHeuristic {
    connectivity: VoxelConnectivity,
    scale: f64,
    sx: u32,
    sy: u32,
    goal: (u32, u32, u32),
}

impl VoxelHeuristic {
    /// The heuristic of `grid` for searches with `connectivity`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::topology::Heuristic;
    /// use onepath::voxel::{VoxelConnectivity, VoxelGrid, VoxelHeuristic};
    /// let grid = VoxelGrid::new(4, 4, 4).unwrap();
    /// let mut h = VoxelHeuristic::new(&grid, VoxelConnectivity::TwentySix);
    /// h.set_goal_at(1, 1, 1);
    /// assert_eq!(h.estimate_at(0, 0, 0), onepath::math::SQRT3);
    /// ```
    pub fn new(grid: &VoxelGrid, connectivity: VoxelConnectivity) -> Self {
        let (sx, sy, _) = grid.size();
        Self {
            connectivity,
            scale: grid.areas().min_cost(),
            sx,
            sy,
            goal: (0, 0, 0),
        }
    }

    /// Sets the goal by coordinates.
    pub fn set_goal_at(&mut self, x: u32, y: u32, z: u32) {
        self.goal = (x, y, z);
    }

    /// The estimate from `(x, y, z)` to the goal.
    #[inline]
    pub fn estimate_at(&self, x: u32, y: u32, z: u32) -> f64 {
        let (gx, gy, gz) = self.goal;
        empty_grid_distance(
            self.connectivity,
            i64::from(x) - i64::from(gx),
            i64::from(y) - i64::from(gy),
            i64::from(z) - i64::from(gz),
        ) * self.scale
    }
}

impl Heuristic for VoxelHeuristic {
    fn set_goal(&mut self, goal: u32) {
        let x = goal % self.sx;
        let rest = goal / self.sx;
        self.goal = (x, rest % self.sy, rest / self.sy);
    }

    fn estimate(&self, node: u32) -> f64 {
        let x = node % self.sx;
        let rest = node / self.sx;
        self.estimate_at(x, rest % self.sy, rest / self.sy)
    }
}
