//! [`Point3`], the coordinate rule for graph positions, the straight-line distance and
//! [`EuclideanGraphHeuristic`] (spec: graphs.md, “Point graphs”).

use core::fmt;

use super::heuristic::GraphHeuristic;
use crate::math::{COORDINATE_BOUND, sqrt};

/// A position; `z = 0` for plane graphs.
///
/// # Examples
///
/// ```
/// use onepath::Point3;
/// let (a, b) = (Point3::new(0.0, 0.0, 0.0), Point3::new(3.0, 4.0, 12.0));
/// assert_eq!(a.distance_squared(b), 169.0);
/// assert_eq!(a.distance(b), 13.0); // correctly rounded on every platform
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point3 {
    /// x.
    pub x: f64,
    /// y.
    pub y: f64,
    /// z.
    pub z: f64,
}

impl Point3 {
    /// The point `(x, y, z)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Point3;
    /// assert_eq!(Point3::new(1.0, 2.0, 0.0), Point3 { x: 1.0, y: 2.0, z: 0.0 });
    /// ```
    pub const fn new(x: f64, y: f64, z: f64) -> Self {
        Self { x, y, z }
    }

    /// The squared distance `(dx*dx + dy*dy) + dz*dz`, evaluated in that order.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Point3;
    /// assert_eq!(Point3::new(0.0, 0.0, 0.0).distance_squared(Point3::new(1.0, 2.0, 2.0)), 9.0);
    /// ```
    #[inline]
    pub fn distance_squared(self, other: Self) -> f64 {
        let (dx, dy, dz) = (self.x - other.x, self.y - other.y, self.z - other.z);
        (dx * dx + dy * dy) + dz * dz
    }

    /// The distance `sqrt((dx*dx + dy*dy) + dz*dz)` (correctly rounded square root).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Point3;
    /// assert_eq!(Point3::new(0.0, 0.0, 0.0).distance(Point3::new(1.0, 2.0, 2.0)), 3.0);
    /// ```
    #[inline]
    pub fn distance(self, other: Self) -> f64 {
        sqrt(self.distance_squared(other))
    }
}

/// A position that breaks the coordinate rule (finite, `|v| <= 2^21` on every axis).
///
/// # Examples
///
/// ```
/// use onepath::graph::{PointError, PointGraphError, PointGraphOptions};
/// use onepath::{Point3, PointGraph};
/// let points = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 5e6)];
/// let e = PointGraph::new(&points, &PointGraphOptions::NONE).unwrap_err();
/// let PointGraphError::Point(PointError { point, axis, value, .. }) = e else { unreachable!() };
/// assert_eq!((point, axis, value), (1, 'z', 5e6)); // names the point, axis and value
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointError {
    /// Index of the point in the input.
    pub point: u64,
    /// The axis: `'x'`, `'y'` or `'z'`.
    pub axis: char,
    /// The value given.
    pub value: f64,
    /// The bound, 2^21.
    pub bound: f64,
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "point {}: {} = {} is not a finite value within ±{}",
            self.point, self.axis, self.value, self.bound
        )
    }
}

impl core::error::Error for PointError {}

/// Checks the coordinate rule for point `index`.
///
/// # Errors
///
/// The first axis (x, y, z) that breaks it.
pub(crate) fn check_point(index: u64, p: Point3) -> Result<(), PointError> {
    for (axis, value) in [('x', p.x), ('y', p.y), ('z', p.z)] {
        if !(value.is_finite() && value.abs() <= COORDINATE_BOUND) {
            return Err(PointError {
                point: index,
                axis,
                value,
                bound: COORDINATE_BOUND,
            });
        }
    }
    Ok(())
}

/// The straight-line distance between two nodes' positions as an estimate (tier 2). It is
/// consistent while every edge weighs at least the distance between its endpoints (true for
/// the weights [`PointGraph`](super::PointGraph) builds, not for a cost hook that lowers them).
///
/// # Examples
///
/// ```
/// use onepath::graph::{EuclideanGraphHeuristic, GraphHeuristic};
/// use onepath::Point3;
/// let positions = [Point3::new(0.0, 0.0, 0.0), Point3::new(3.0, 4.0, 0.0)];
/// let h = EuclideanGraphHeuristic { positions: &positions };
/// assert_eq!(h.estimate(0, 1), 5.0);
/// assert_eq!(h.estimate(0, 7), 0.0); // a node without a position: no estimate
/// ```
#[derive(Clone, Copy, Debug)]
pub struct EuclideanGraphHeuristic<'a> {
    /// Position of every node.
    pub positions: &'a [Point3],
}

impl GraphHeuristic for EuclideanGraphHeuristic<'_> {
    #[inline]
    fn estimate(&self, source: u32, target: u32) -> f64 {
        match (
            self.positions.get(source as usize),
            self.positions.get(target as usize),
        ) {
            (Some(a), Some(b)) => a.distance(*b),
            _ => 0.0,
        }
    }
}
