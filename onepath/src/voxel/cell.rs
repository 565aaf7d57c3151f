//! [`VoxelCell`] (integer voxel coordinates) and [`VoxelPoint`] (a world position).

/// A voxel by its integer coordinates; `(0, 0, 0)` is the block's first corner.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelGrid};
/// let mut grid = VoxelGrid::new(4, 4, 4).unwrap();
/// let c = VoxelCell::new(1, 2, 3);
/// assert!(grid.is_walkable(c));
/// grid.set_walkable(c, false).unwrap();
/// assert!(!grid.is_walkable(c));
/// assert_eq!(grid.cell_of(grid.index_of(c).unwrap()), c); // node id round trip
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VoxelCell {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Layer.
    pub z: i32,
}

impl VoxelCell {
    /// The voxel `(x, y, z)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::VoxelCell;
    /// let c = VoxelCell::new(1, 2, 3);
    /// assert_eq!((c.x, c.y, c.z), (1, 2, 3));
    /// ```
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Self { x, y, z }
    }
}

/// A position in world space (see [`VoxelSpace`](super::VoxelSpace)).
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelPoint, VoxelSpace};
/// let space = VoxelSpace::new(VoxelPoint::new(0.0, 0.0, 0.0), 2.0).unwrap();
/// assert_eq!(space.voxel_at(VoxelPoint::new(3.0, 0.5, 5.9)).unwrap(), VoxelCell::new(1, 0, 2));
/// assert_eq!(space.center(VoxelCell::new(1, 0, 2)).unwrap(), VoxelPoint::new(3.0, 1.0, 5.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VoxelPoint {
    /// World x.
    pub x: f64,
    /// World y.
    pub y: f64,
    /// World z.
    pub z: f64,
}

impl VoxelPoint {
    /// The point `(x, y, z)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::VoxelPoint;
    /// let p = VoxelPoint::new(0.5, 1.5, 2.5);
    /// assert_eq!((p.x, p.y, p.z), (0.5, 1.5, 2.5));
    /// ```
    pub const fn new(x: f64, y: f64, z: f64) -> Self {
        Self { x, y, z }
    }
}
