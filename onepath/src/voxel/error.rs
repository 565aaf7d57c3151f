//! [`VoxelError`]: what building, editing or mapping a voxel grid can refuse.

use core::fmt;

use crate::error::GridError;

/// The most voxels a [`VoxelGrid`](super::VoxelGrid) may hold (2^30).
pub const MAX_VOXELS: u64 = 1 << 30;

/// A world axis of a voxel space, as named in [`VoxelError::Coordinate`].
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelAxis, VoxelError, VoxelPoint, VoxelSpace};
/// let e = VoxelSpace::new(VoxelPoint::new(0.0, 0.0, f64::NAN), 1.0).unwrap_err();
/// assert!(matches!(e, VoxelError::Coordinate { axis: VoxelAxis::Z, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoxelAxis {
    /// World x.
    X,
    /// World y.
    Y,
    /// World z.
    Z,
}

impl fmt::Display for VoxelAxis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::X => "x",
            Self::Y => "y",
            Self::Z => "z",
        })
    }
}

/// Errors from building, editing or mapping a voxel grid. Every variant names the value it
/// refuses and the bound it broke; a refused call changes nothing.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelError, VoxelGrid};
/// let mut grid = VoxelGrid::new(4, 4, 4).unwrap();
/// let e = grid.set_walkable(VoxelCell::new(4, 0, 0), false).unwrap_err();
/// assert!(matches!(e, VoxelError::VoxelOutOfBounds { x: 4, .. }));
/// assert!(e.to_string().contains('4')); // the message names the value
/// assert!(matches!(VoxelGrid::new(1 << 11, 1 << 11, 1 << 11), Err(VoxelError::TooManyVoxels { .. })));
/// assert_eq!(grid.version(), 0); // nothing changed
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum VoxelError {
    /// A size is zero on some axis.
    EmptyDimension {
        /// Requested size on x.
        x: u32,
        /// Requested size on y.
        y: u32,
        /// Requested size on z.
        z: u32,
    },
    /// `x * y * z` exceeds [`MAX_VOXELS`] (2^30). Checked before anything is allocated.
    TooManyVoxels {
        /// Requested size on x.
        x: u32,
        /// Requested size on y.
        y: u32,
        /// Requested size on z.
        z: u32,
    },
    /// The default area of a grid must be 0 (open) or 255 (solid).
    InvalidDefault {
        /// The refused area.
        area: u8,
    },
    /// A voxel lies outside the block.
    VoxelOutOfBounds {
        /// The voxel's x.
        x: i32,
        /// The voxel's y.
        y: i32,
        /// The voxel's z.
        z: i32,
        /// The block's size (x, y, z).
        size: (u32, u32, u32),
    },
    /// An area cost was refused (see [`AreaCosts::set`](crate::AreaCosts::set)).
    AreaCost(GridError),
    /// A world coordinate (or the world extent of the block) is outside the coordinate rule:
    /// finite with |v| <= 2^21.
    Coordinate {
        /// The axis.
        axis: VoxelAxis,
        /// The refused value.
        value: f64,
    },
    /// A voxel size must be finite with 2^-7 <= size <= 2^21.
    InvalidVoxelSize {
        /// The refused size.
        value: f64,
    },
}

impl fmt::Display for VoxelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::EmptyDimension { x, y, z } => write!(
                f,
                "voxel grid size {x} x {y} x {z}: every size must be at least 1"
            ),
            Self::TooManyVoxels { x, y, z } => write!(
                f,
                "voxel grid size {x} x {y} x {z} = {} voxels exceeds the maximum of {MAX_VOXELS} (2^30)",
                u128::from(x) * u128::from(y) * u128::from(z)
            ),
            Self::InvalidDefault { area } => write!(
                f,
                "default area {area} is invalid: a voxel grid starts all open (0) or all solid (255)"
            ),
            Self::VoxelOutOfBounds { x, y, z, size } => write!(
                f,
                "voxel ({x}, {y}, {z}) is outside the block (0..{}, 0..{}, 0..{})",
                size.0, size.1, size.2
            ),
            Self::AreaCost(e) => e.fmt(f),
            Self::Coordinate { axis, value } => write!(
                f,
                "world {axis} = {value:?} is outside the coordinate rule: \
                 world coordinates must be finite with |{axis}| <= 2097152 (2^21)"
            ),
            Self::InvalidVoxelSize { value } => write!(
                f,
                "voxel size {value:?} is invalid: it must be finite with \
                 0.0078125 (2^-7) <= size <= 2097152 (2^21)"
            ),
        }
    }
}

impl core::error::Error for VoxelError {}

impl From<GridError> for VoxelError {
    fn from(e: GridError) -> Self {
        Self::AreaCost(e)
    }
}
