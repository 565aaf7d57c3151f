//! [`NavPoint`]: a query point in fixed point (2^-16 cell), and the world conversions of
//! docs/navmesh.md §1.

use crate::grid::{Cell, GridSpace, WorldPoint};
use crate::math::{self, CoordinateError};

/// A point of the mesh plane in fixed point: units of 2^-16 cell, measured from the grid's
/// corner `(0, 0)` (docs/navmesh.md §1). `x` runs along grid columns (world X), `y` along grid
/// rows (world Z of the spec; a 2D game's world y).
///
/// Every decision on a point — inside a polygon, which side of a portal — is an exact integer
/// sign; cell corners and cell centres are exact.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, NavPoint};
/// assert_eq!(NavPoint::corner(2, 3), NavPoint { x: 2 * 65536, y: 3 * 65536 });
/// assert_eq!(NavPoint::cell_center(Cell::new(0, 1)), NavPoint { x: 32768, y: 98304 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NavPoint {
    /// Column coordinate in 2^-16 cell.
    pub x: i64,
    /// Row coordinate in 2^-16 cell.
    pub y: i64,
}

impl NavPoint {
    /// One cell in fixed-point units: 2^16.
    pub const UNIT: i64 = 65536;

    /// The point `(x, y)` in fixed-point units.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavPoint;
    /// assert_eq!(NavPoint::new(1, -2), NavPoint { x: 1, y: -2 });
    /// ```
    pub const fn new(x: i64, y: i64) -> Self {
        Self { x, y }
    }

    /// The cell corner `(i, j)` (mesh vertex coordinates). Saturates at the `i64` range for
    /// corners no grid has (|i| > 2^47).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavPoint;
    /// assert_eq!(NavPoint::corner(-1, 0), NavPoint { x: -65536, y: 0 });
    /// ```
    pub const fn corner(i: i64, j: i64) -> Self {
        Self {
            x: i.saturating_mul(Self::UNIT),
            y: j.saturating_mul(Self::UNIT),
        }
    }

    /// The centre `(x + 0.5, y + 0.5)` of a cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, NavPoint};
    /// let c = NavPoint::cell_center(Cell::new(-1, 2));
    /// assert_eq!((c.x, c.y), (-32768, 2 * 65536 + 32768));
    /// ```
    pub const fn cell_center(c: Cell) -> Self {
        // |x| < 2^31, so (2x + 1) · 2^15 < 2^47: exact.
        Self {
            x: (2 * c.x as i64 + 1) * (Self::UNIT / 2),
            y: (2 * c.y as i64 + 1) * (Self::UNIT / 2),
        }
    }

    /// Whether the point is exactly a cell corner; returns the corner `(i, j)` when it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavPoint;
    /// assert_eq!(NavPoint::corner(3, 4).as_corner(), Some((3, 4)));
    /// assert_eq!(NavPoint::new(1, 0).as_corner(), None);
    /// ```
    pub const fn as_corner(self) -> Option<(i64, i64)> {
        if self.x % Self::UNIT == 0 && self.y % Self::UNIT == 0 {
            Some((self.x / Self::UNIT, self.y / Self::UNIT))
        } else {
            None
        }
    }
}

/// The fixed-point point of a world point under `space` (docs/navmesh.md §1):
/// `u = (p.x − origin.x) / s`, `x = floor(u · 65536 + 0.5)`, likewise y, in IEEE double.
///
/// The point must satisfy the coordinate rule (finite, |v| <= 2^21); then |u| <= 2^29 and the
/// result is below 2^46 in magnitude, exact in `i64`.
pub(crate) fn world_to_nav(space: &GridSpace, p: WorldPoint) -> Result<NavPoint, CoordinateError> {
    let p = p.check()?;
    let o = space.origin();
    let s = space.cell_size();
    let fix = |v: f64, o: f64| -> i64 {
        let u = (v - o) / s;
        // |u · 65536 + 0.5| < 2^46: the cast is exact.
        math::floor(u * 65536.0 + 0.5) as i64
    };
    Ok(NavPoint {
        x: fix(p.x, o.x),
        y: fix(p.y, o.y),
    })
}

/// The world point of a fixed-point point: `origin + (x / 65536 · s, y / 65536 · s)` in IEEE
/// double, evaluated in that order (a cell corner `(i, j)` gives `origin + (i·s, j·s)` exactly
/// when `i·s` is). Points far outside the grid may map outside the coordinate rule; the result
/// is not checked.
pub(crate) fn nav_to_world(space: &GridSpace, p: NavPoint) -> WorldPoint {
    let o = space.origin();
    let s = space.cell_size();
    let w = |v: i64, o: f64| o + (v as f64 / 65536.0) * s;
    WorldPoint::new(w(p.x, o.x), w(p.y, o.y))
}

impl super::NavMesh {
    /// The fixed-point point of a world point (docs/navmesh.md §1): `u = (p.x − origin.x) / s`,
    /// `x = floor(u · 65536 + 0.5)`, likewise y, in IEEE double.
    ///
    /// # Errors
    ///
    /// [`NavError::Coordinate`](super::NavError::Coordinate) when a coordinate is NaN,
    /// infinite or beyond ±2^21 (x checked first; the error names the axis and the value).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridSpace, NavMesh, NavPoint, NavSettings, WorldPoint};
    /// let grid = Grid::new(4, 4).unwrap().with_space(GridSpace::new(10.0, 0.0, 2.0).unwrap()).unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(mesh.to_nav_point(WorldPoint::new(13.0, 1.0)), Ok(NavPoint::new(98304, 32768)));
    /// assert!(mesh.to_nav_point(WorldPoint::new(f64::NAN, 0.0)).is_err());
    /// ```
    pub fn to_nav_point(&self, p: WorldPoint) -> Result<NavPoint, super::NavError> {
        Ok(world_to_nav(&self.space, p)?)
    }

    /// The world point of a fixed-point point: `origin + (x / 65536 · s, y / 65536 · s)` in
    /// IEEE double (a cell corner `(i, j)` is `origin + (i·s, j·s)`). Not checked against the
    /// coordinate rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridSpace, NavMesh, NavPoint, NavSettings, WorldPoint};
    /// let grid = Grid::new(4, 4).unwrap().with_space(GridSpace::new(10.0, 0.0, 2.0).unwrap()).unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(mesh.to_world(NavPoint::corner(1, 2)), WorldPoint::new(12.0, 4.0));
    /// ```
    pub fn to_world(&self, p: NavPoint) -> WorldPoint {
        nav_to_world(&self.space, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn world_points_round_to_the_nearest_unit_half_up() {
        let space = GridSpace::new(10.0, -4.0, 2.0).unwrap();
        let p = world_to_nav(&space, WorldPoint::new(11.0, -4.0)).unwrap();
        assert_eq!(p, NavPoint::new(32768, 0));
        // Half a unit rounds up (floor(v + 0.5)), also below zero.
        let half = 2.0 / 65536.0 / 2.0;
        let p = world_to_nav(&space, WorldPoint::new(10.0 + half, 10.0 - 4.0 - half)).unwrap();
        assert_eq!(p.x, 1);
        assert_eq!(p.y, 5 * 65536);
        let p = world_to_nav(&space, WorldPoint::new(10.0 - half, -4.0)).unwrap();
        assert_eq!(p.x, 0);
    }

    #[test]
    fn the_coordinate_rule_is_enforced_with_the_value() {
        let e = world_to_nav(&GridSpace::UNIT, WorldPoint::new(f64::NAN, 0.0)).unwrap_err();
        assert!(e.value.is_nan());
        assert!(world_to_nav(&GridSpace::UNIT, WorldPoint::new(0.0, 3e6)).is_err());
        // The extreme allowed point on the smallest cell stays exact.
        let tiny = GridSpace::new(-2_097_152.0, 0.0, 1.0 / 128.0).unwrap();
        let p = world_to_nav(&tiny, WorldPoint::new(2_097_152.0, 0.0)).unwrap();
        assert_eq!(p.x, (1i64 << 29) * 65536);
    }

    #[test]
    fn corners_and_centres_round_trip_through_the_world() {
        let space = GridSpace::new(1.5, 2.0, 0.5).unwrap();
        for (i, j) in [(0, 0), (3, 7), (100, 1)] {
            let c = NavPoint::corner(i, j);
            let w = nav_to_world(&space, c);
            assert_eq!(
                w,
                WorldPoint::new(1.5 + i as f64 * 0.5, 2.0 + j as f64 * 0.5)
            );
            assert_eq!(world_to_nav(&space, w).unwrap(), c);
        }
        let c = NavPoint::cell_center(Cell::new(4, 2));
        assert_eq!(world_to_nav(&space, nav_to_world(&space, c)).unwrap(), c);
    }

    #[test]
    fn corner_saturates_instead_of_overflowing() {
        assert_eq!(NavPoint::corner(i64::MAX, i64::MIN).x, i64::MAX);
        assert_eq!(NavPoint::corner(i64::MAX, i64::MIN).y, i64::MIN);
    }
}
