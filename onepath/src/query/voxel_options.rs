//! [`VoxelOptions`] and [`VoxelPath`]: the options and the result of the one-line voxel query
//! (spec: grids.md, “3D voxel grids”, “API tiers”).

use alloc::vec::Vec;

use super::path::PathStatus;
use crate::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelPoint};

/// How a voxel query moves: connectivity, corner rule, iteration budget, recording. Plain
/// `Copy` data with `const` presets; `with_*` returns a changed copy, so a preset never
/// changes under another caller.
///
/// # Examples
///
/// ```
/// use onepath::VoxelOptions;
/// use onepath::voxel::{VoxelConnectivity, VoxelCornerRule};
/// let o = VoxelOptions::SIX_CONNECTED.with_iteration_budget(100);
/// assert_eq!(o.connectivity, VoxelConnectivity::Six);
/// assert_eq!(VoxelOptions::DEFAULT.connectivity, VoxelConnectivity::TwentySix);
/// assert_eq!(VoxelOptions::DEFAULT.corner_rule, VoxelCornerRule::NoCornerCutting);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VoxelOptions {
    /// 6, 18 or 26 moves (default 26).
    pub connectivity: VoxelConnectivity,
    /// Which edge and corner moves are legal (default no corner cutting).
    pub corner_rule: VoxelCornerRule,
    /// Iterations (pops) before the query stops with `BudgetExhausted`; `u32::MAX` = none.
    pub iteration_budget: u32,
    /// Record the expanded voxels in order (`VoxelPath::expanded`).
    pub record_expansions: bool,
}

impl Default for VoxelOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl VoxelOptions {
    /// 26 moves, no corner cutting (the Moving AI voxel convention), no budget.
    pub const DEFAULT: Self = Self {
        connectivity: VoxelConnectivity::TwentySix,
        corner_rule: VoxelCornerRule::NoCornerCutting,
        iteration_budget: u32::MAX,
        record_expansions: false,
    };
    /// The 6 face moves.
    pub const SIX_CONNECTED: Self = Self::DEFAULT.with_connectivity(VoxelConnectivity::Six);
    /// Face and edge moves (18).
    pub const EIGHTEEN_CONNECTED: Self =
        Self::DEFAULT.with_connectivity(VoxelConnectivity::Eighteen);

    /// With another connectivity.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelGrid};
    /// use onepath::VoxelOptions;
    /// let grid = VoxelGrid::new(2, 2, 1).unwrap();
    /// let o = VoxelOptions::DEFAULT.with_connectivity(VoxelConnectivity::Six);
    /// assert_eq!(grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(1, 1, 0), &o).cost, 2.0);
    /// ```
    #[must_use]
    pub const fn with_connectivity(mut self, c: VoxelConnectivity) -> Self {
        self.connectivity = c;
        self
    }

    /// With another corner rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelCornerRule, VoxelGrid};
    /// use onepath::VoxelOptions;
    /// let mut grid = VoxelGrid::new(2, 2, 1).unwrap();
    /// grid.set_walkable(VoxelCell::new(1, 0, 0), false).unwrap();
    /// let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(1, 1, 0));
    /// assert_eq!(grid.find_path(a, b, &VoxelOptions::DEFAULT).cells.len(), 3); // round the corner
    /// let cut = VoxelOptions::DEFAULT.with_corner_rule(VoxelCornerRule::AllowAll);
    /// assert_eq!(grid.find_path(a, b, &cut).cells.len(), 2); // straight past it
    /// ```
    #[must_use]
    pub const fn with_corner_rule(mut self, r: VoxelCornerRule) -> Self {
        self.corner_rule = r;
        self
    }

    /// With an iteration budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// use onepath::{PathStatus, VoxelOptions};
    /// let grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// let path = grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(7, 7, 7), &VoxelOptions::DEFAULT.with_iteration_budget(2));
    /// assert_eq!((path.status, path.iterations), (PathStatus::BudgetExhausted, 2));
    /// ```
    #[must_use]
    pub const fn with_iteration_budget(mut self, budget: u32) -> Self {
        self.iteration_budget = budget;
        self
    }

    /// With expansion recording on or off.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// use onepath::VoxelOptions;
    /// let grid = VoxelGrid::new(3, 1, 1).unwrap();
    /// let path = grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0), &VoxelOptions::DEFAULT.with_record_expansions(true));
    /// assert_eq!(path.expanded, vec![VoxelCell::new(0, 0, 0), VoxelCell::new(1, 0, 0)]);
    /// ```
    #[must_use]
    pub const fn with_record_expansions(mut self, on: bool) -> Self {
        self.record_expansions = on;
        self
    }
}

/// The result of a voxel query.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelGrid};
/// use onepath::{PathStatus, VoxelOptions};
/// let grid = VoxelGrid::new(4, 1, 1).unwrap();
/// let o = VoxelOptions::SIX_CONNECTED.with_record_expansions(true);
/// let path = grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(3, 0, 0), &o);
/// assert!(path.is_found());
/// assert_eq!((path.cells.len(), path.cost), (4, 3.0));
/// assert_eq!(path.expanded.len() as u32, path.expansions);
/// let short = grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(3, 0, 0), &o.with_iteration_budget(1));
/// assert_eq!(short.status, PathStatus::BudgetExhausted);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VoxelPath {
    /// How the query ended.
    pub status: PathStatus,
    /// The path, start first (empty unless found).
    pub cells: Vec<VoxelCell>,
    /// Voxel centres of `cells` in world space (empty for queries given voxels).
    pub points: Vec<VoxelPoint>,
    /// The path cost (step costs summed in path order from 0); +∞ unless found.
    pub cost: f64,
    /// Iterations (pops).
    pub iterations: u32,
    /// Expansions (pops that expanded a voxel; the goal's pop is not one).
    pub expansions: u32,
    /// Expanded voxels in order, when `record_expansions` was set.
    pub expanded: Vec<VoxelCell>,
}

impl VoxelPath {
    /// Whether a path was found.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// use onepath::VoxelOptions;
    /// let grid = VoxelGrid::new_solid(2, 1, 1).unwrap();
    /// assert!(!grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(1, 0, 0), &VoxelOptions::DEFAULT).is_found());
    /// ```
    pub fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }
}
