//! [`VoxelCell`] (integer voxel coordinates) and [`VoxelPoint`] (a world position).

/// A voxel by its integer coordinates; `(0, 0, 0)` is the block's first corner.
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
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Self { x, y, z }
    }
}

/// A position in world space (see [`VoxelSpace`](super::VoxelSpace)).
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
    pub const fn new(x: f64, y: f64, z: f64) -> Self {
        Self { x, y, z }
    }
}
