//! [`VoxelSpace`]: where a voxel grid sits in the world (spec: grids.md, “3D voxel grids”,
//! “API tiers”).
//!
//! Voxel `(i, j, k)` spans `origin + (i, j, k) * size` to `origin + (i + 1, j + 1, k + 1) *
//! size`. Every world coordinate that crosses this boundary — the origin, a point given,
//! a centre returned — must be finite with |v| <= 2^21 (the coordinate rule); anything else
//! is a [`VoxelError::Coordinate`] naming the axis and the value. Sizes are 2^-7..=2^21, so a
//! point maps to a voxel index that always fits an `i32`.

use super::cell::{VoxelCell, VoxelPoint};
use super::error::{VoxelAxis, VoxelError};
use crate::math::{COORDINATE_BOUND, MAX_CELL_SIZE, MIN_CELL_SIZE, floor};

/// The world mapping of a voxel grid: an origin and a voxel size.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelPoint, VoxelSpace};
/// let space = VoxelSpace::new(VoxelPoint::new(10.0, 0.0, -4.0), 0.5).unwrap();
/// assert_eq!(space.voxel_at(VoxelPoint::new(10.2, 1.9, -4.0)).unwrap(), VoxelCell::new(0, 3, 0));
/// assert_eq!(space.center(VoxelCell::new(1, 0, 0)).unwrap(), VoxelPoint::new(10.75, 0.25, -3.75));
/// let e = space.voxel_at(VoxelPoint::new(0.0, 3e6, 0.0)).unwrap_err();
/// assert!(e.to_string().contains("y = 3000000.0"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoxelSpace {
    origin: VoxelPoint,
    size: f64,
}

impl Default for VoxelSpace {
    fn default() -> Self {
        Self {
            origin: VoxelPoint::new(0.0, 0.0, 0.0),
            size: 1.0,
        }
    }
}

fn check(axis: VoxelAxis, value: f64) -> Result<f64, VoxelError> {
    if value.is_finite() && value.abs() <= COORDINATE_BOUND {
        Ok(value)
    } else {
        Err(VoxelError::Coordinate { axis, value })
    }
}

fn check_point(p: VoxelPoint) -> Result<VoxelPoint, VoxelError> {
    Ok(VoxelPoint::new(
        check(VoxelAxis::X, p.x)?,
        check(VoxelAxis::Y, p.y)?,
        check(VoxelAxis::Z, p.z)?,
    ))
}

impl VoxelSpace {
    /// A mapping with voxel `(0, 0, 0)` starting at `origin`, each voxel `size` a side.
    ///
    /// # Errors
    ///
    /// [`VoxelError::Coordinate`] for an origin outside the rule;
    /// [`VoxelError::InvalidVoxelSize`] unless `2^-7 <= size <= 2^21`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelError, VoxelPoint, VoxelSpace};
    /// let space = VoxelSpace::new(VoxelPoint::new(-8.0, 0.0, 0.0), 0.5).unwrap();
    /// assert_eq!((space.origin(), space.size()), (VoxelPoint::new(-8.0, 0.0, 0.0), 0.5));
    /// assert!(matches!(VoxelSpace::new(VoxelPoint::default(), 0.0), Err(VoxelError::InvalidVoxelSize { .. })));
    /// ```
    pub fn new(origin: VoxelPoint, size: f64) -> Result<Self, VoxelError> {
        let origin = check_point(origin)?;
        if !(MIN_CELL_SIZE..=MAX_CELL_SIZE).contains(&size) {
            return Err(VoxelError::InvalidVoxelSize { value: size });
        }
        Ok(Self { origin, size })
    }

    /// The origin.
    pub fn origin(&self) -> VoxelPoint {
        self.origin
    }

    /// The voxel size.
    pub fn size(&self) -> f64 {
        self.size
    }

    /// The voxel containing `p` (`floor((p - origin) / size)` per axis; it may lie outside
    /// any grid).
    ///
    /// # Errors
    ///
    /// [`VoxelError::Coordinate`] for a coordinate of `p` outside the rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelPoint, VoxelSpace};
    /// let space = VoxelSpace::new(VoxelPoint::new(0.0, 0.0, 0.0), 2.0).unwrap();
    /// assert_eq!(space.voxel_at(VoxelPoint::new(-0.5, 3.9, 4.0)).unwrap(), VoxelCell::new(-1, 1, 2));
    /// assert!(space.voxel_at(VoxelPoint::new(f64::NAN, 0.0, 0.0)).is_err());
    /// ```
    pub fn voxel_at(&self, p: VoxelPoint) -> Result<VoxelCell, VoxelError> {
        let p = check_point(p)?;
        // |p - origin| <= 2^22 and size >= 2^-7: the quotient is below 2^29 in magnitude.
        let idx = |v: f64, o: f64| floor((v - o) / self.size) as i32;
        Ok(VoxelCell::new(
            idx(p.x, self.origin.x),
            idx(p.y, self.origin.y),
            idx(p.z, self.origin.z),
        ))
    }

    /// The centre of `cell`: `origin + (i + 0.5) * size` per axis.
    ///
    /// # Errors
    ///
    /// [`VoxelError::Coordinate`] when the centre lies outside the rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelPoint, VoxelSpace};
    /// let space = VoxelSpace::new(VoxelPoint::new(10.0, 0.0, 0.0), 2.0).unwrap();
    /// assert_eq!(space.center(VoxelCell::new(0, 1, 2)).unwrap(), VoxelPoint::new(11.0, 3.0, 5.0));
    /// ```
    pub fn center(&self, cell: VoxelCell) -> Result<VoxelPoint, VoxelError> {
        let c = |i: i32, o: f64| o + (f64::from(i) + 0.5) * self.size;
        check_point(VoxelPoint::new(
            c(cell.x, self.origin.x),
            c(cell.y, self.origin.y),
            c(cell.z, self.origin.z),
        ))
    }
}
