//! [`GridSpace`]: the world mapping of a square grid, kept inside the coordinate rule.
//!
//! Every world coordinate this mapping accepts or returns is finite with |v| ≤ 2^21
//! ([`COORDINATE_BOUND`]); anything else is a typed error naming the axis, the value and the
//! bound. The cell size is limited to 2^-7 ..= 2^21 ([`MIN_CELL_SIZE`], [`MAX_CELL_SIZE`]) so
//! that every point the rule allows maps to a cell index that fits an `i32` exactly.

use super::cell::{Cell, WorldPoint};
use crate::error::GridError;
use crate::math::{self, Axis, COORDINATE_BOUND, CoordinateError, MAX_CELL_SIZE, MIN_CELL_SIZE};

/// Maps world points to square cells: cell (x, y) has its centre at
/// `origin + ((x + 0.5) * size, (y + 0.5) * size)`, and a point maps to
/// `floor((p - origin) / size)` per axis.
///
/// A grid of `width × height` cells covers the world rectangle from the origin to
/// `origin + (width * size, height * size)`; [`check_extent`](GridSpace::check_extent) says
/// whether that rectangle lies inside the coordinate rule.
///
/// # Determinism
///
/// Both directions are evaluated exactly in the order written above, with `+ - * /` and
/// `floor` only, so they give the same bits on every platform.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, GridSpace, WorldPoint};
/// let space = GridSpace::new(100.0, 0.0, 0.5).unwrap(); // half-unit cells from x = 100
/// assert_eq!(space.cell_at(WorldPoint::new(101.2, 0.7)).unwrap(), Cell::new(2, 1));
/// assert_eq!(space.center(Cell::new(2, 1)).unwrap(), WorldPoint::new(101.25, 0.75));
/// // A grid with this space answers queries in world points.
/// let grid = Grid::new(8, 8).unwrap().with_space(space).unwrap();
/// let path = grid.find_path_world(WorldPoint::new(100.1, 0.1), WorldPoint::new(101.9, 0.1), &GridOptions::DEFAULT).unwrap();
/// assert_eq!(path.cells.last(), Some(&Cell::new(3, 0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridSpace {
    origin_x: f64,
    origin_y: f64,
    cell_size: f64,
}

// Invariants (established by `new`, the only constructor besides `UNIT`):
// - both origin coordinates satisfy the coordinate rule (finite, |v| <= 2^21);
// - `cell_size` is finite with MIN_CELL_SIZE (2^-7) <= cell_size <= MAX_CELL_SIZE (2^21).
// Consequence: for a point p inside the rule, |p - origin| <= 2^22, so
// |(p - origin) / size| <= 2^22 / 2^-7 = 2^29 and `cell_at` converts to i32 exactly.

impl Default for GridSpace {
    fn default() -> Self {
        Self::UNIT
    }
}

impl GridSpace {
    /// Origin (0, 0), cell size 1: world coordinates equal cell coordinates.
    pub const UNIT: Self = Self {
        origin_x: 0.0,
        origin_y: 0.0,
        cell_size: 1.0,
    };

    /// A mapping with the given origin (the top-left corner of cell (0, 0)) and cell size.
    ///
    /// The mapping does not know the grid it will serve; call
    /// [`check_extent`](GridSpace::check_extent) to learn whether a grid of a given size fits
    /// inside the coordinate rule under it.
    ///
    /// # Errors
    ///
    /// - [`GridError::Coordinate`] when an origin coordinate is NaN, infinite or beyond
    ///   ±2^21 (x is checked first; the error names the axis);
    /// - [`GridError::InvalidCellSize`] unless `cell_size` is finite with
    ///   2^-7 ≤ `cell_size` ≤ 2^21 (this refuses zero, negative and subnormal sizes).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridError, GridSpace};
    /// use onepath::math::Axis;
    ///
    /// let s = GridSpace::new(-10.0, 4.0, 0.5).unwrap();
    /// assert_eq!(s.cell_size(), 0.5);
    /// assert_eq!(
    ///     GridSpace::new(0.0, 0.0, 5e-324),
    ///     Err(GridError::InvalidCellSize { value: 5e-324 })
    /// );
    /// match GridSpace::new(0.0, 3e6, 1.0) {
    ///     Err(GridError::Coordinate(e)) => assert_eq!((e.axis, e.value), (Axis::Y, 3e6)),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn new(origin_x: f64, origin_y: f64, cell_size: f64) -> Result<Self, GridError> {
        math::check_coordinate(Axis::X, origin_x)?;
        math::check_coordinate(Axis::Y, origin_y)?;
        let cell_size = check_cell_size(cell_size)?;
        Ok(Self {
            origin_x,
            origin_y,
            cell_size,
        })
    }

    /// The origin (top-left corner of cell (0, 0)); it satisfies the coordinate rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridSpace, WorldPoint};
    ///
    /// let s = GridSpace::new(-10.0, 4.0, 2.0).unwrap();
    /// assert_eq!(s.origin(), WorldPoint::new(-10.0, 4.0));
    /// ```
    pub fn origin(&self) -> WorldPoint {
        WorldPoint::new(self.origin_x, self.origin_y)
    }

    /// The side of a cell in world units (2^-7 ..= 2^21).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onepath::GridSpace::UNIT.cell_size(), 1.0);
    /// ```
    pub fn cell_size(&self) -> f64 {
        self.cell_size
    }

    /// The centre of `cell`: `origin + ((x + 0.5) * size, (y + 0.5) * size)`.
    ///
    /// Defined for every cell whose centre satisfies the coordinate rule — in particular for
    /// every cell of a grid that passes [`check_extent`](GridSpace::check_extent). The cell
    /// itself may lie outside any grid.
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] when a coordinate of the centre lies beyond ±2^21 (x is checked
    /// first); the error names the axis, the centre's coordinate and the bound.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Determinism
    ///
    /// Evaluated as written: `(x + 0.5)` is exact, then one multiply and one add per axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridSpace, WorldPoint};
    /// use onepath::math::Axis;
    ///
    /// let s = GridSpace::new(-10.0, 4.0, 2.0).unwrap();
    /// assert_eq!(s.center(Cell::new(0, 0)), Ok(WorldPoint::new(-9.0, 5.0)));
    /// // Far outside: the centre would lie at x = -10 + 2_000_000.5 * 2, beyond 2^21.
    /// let e = s.center(Cell::new(2_000_000, 0)).unwrap_err();
    /// assert_eq!((e.axis, e.value), (Axis::X, 3_999_991.0));
    /// ```
    pub fn center(&self, cell: Cell) -> Result<WorldPoint, CoordinateError> {
        self.center_unchecked(cell).check()
    }

    /// [`center`](GridSpace::center) without the coordinate-rule check, for the path packers
    /// that cannot return an error. Its result is finite for every cell
    /// (|x + 0.5| < 2^31, size ≤ 2^21) and satisfies the rule for every cell of a grid whose
    /// size passes [`check_extent`](GridSpace::check_extent); for a grid whose mapping does
    /// not fit, far cells give points beyond ±2^21 (the attaching code should refuse such a
    /// mapping).
    pub(crate) fn center_unchecked(&self, cell: Cell) -> WorldPoint {
        WorldPoint::new(
            self.origin_x + (f64::from(cell.x) + 0.5) * self.cell_size,
            self.origin_y + (f64::from(cell.y) + 0.5) * self.cell_size,
        )
    }

    /// The cell containing `p`: `floor((p - origin) / size)` per axis. The cell may lie
    /// outside any grid (callers compare it with the grid's size); it is exact, never
    /// saturated: for every point the coordinate rule allows, each index is within ±2^29.
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] when a coordinate of `p` is NaN, infinite or beyond ±2^21 (x is
    /// checked first); the error names the axis, the value and the bound.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Determinism
    ///
    /// Evaluated as written: one subtraction, one division and `floor` per axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridSpace, WorldPoint};
    /// use onepath::math::{Axis, MIN_CELL_SIZE};
    ///
    /// let s = GridSpace::new(-10.0, 4.0, 2.0).unwrap();
    /// assert_eq!(s.cell_at(WorldPoint::new(-10.5, 3.9)), Ok(Cell::new(-1, -1)));
    /// // The farthest point in the smallest cells is 2^29 cells away: exact, not saturated.
    /// let tiny = GridSpace::new(-2_097_152.0, 0.0, MIN_CELL_SIZE).unwrap();
    /// assert_eq!(
    ///     tiny.cell_at(WorldPoint::new(2_097_152.0, 0.0)),
    ///     Ok(Cell::new(1 << 29, 0))
    /// );
    /// let e = s.cell_at(WorldPoint::new(f64::NAN, 0.0)).unwrap_err();
    /// assert_eq!(e.axis, Axis::X);
    /// ```
    pub fn cell_at(&self, p: WorldPoint) -> Result<Cell, CoordinateError> {
        let p = p.check()?;
        // |p - origin| <= 2^22 and size >= 2^-7, so both quotients lie within ±2^29.
        let fx = math::floor((p.x - self.origin_x) / self.cell_size);
        let fy = math::floor((p.y - self.origin_y) / self.cell_size);
        Ok(Cell::new(
            math::integral_to_i32(fx),
            math::integral_to_i32(fy),
        ))
    }

    /// Whether a grid of `width × height` cells fits inside the coordinate rule under this
    /// mapping: its far corner `origin + (width * size, height * size)` must satisfy
    /// |v| ≤ 2^21 on both axes (the origin already does). When it fits, every point of the
    /// grid's area is accepted by [`cell_at`](GridSpace::cell_at) and
    /// [`center`](GridSpace::center) succeeds for every cell of the grid.
    ///
    /// A grid does not check this when a mapping is attached to it
    /// ([`Grid::set_space`](crate::Grid::set_space)); call it before you do.
    ///
    /// # Errors
    ///
    /// [`GridError::ExtentOutOfRange`] naming the first axis (x before y) whose far corner
    /// leaves the rule and the coordinate it reaches.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Determinism
    ///
    /// The far corner is `origin + width * size`, evaluated in that order; since
    /// `x + 0.5 < width` for every cell, no centre the grid has exceeds it.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridError, GridSpace};
    /// use onepath::math::Axis;
    ///
    /// let s = GridSpace::new(0.0, 0.0, 2.0).unwrap();
    /// assert_eq!(s.check_extent(1 << 20, 1), Ok(()));
    /// assert_eq!(
    ///     s.check_extent(10, (1 << 20) + 1),
    ///     Err(GridError::ExtentOutOfRange {
    ///         axis: Axis::Y,
    ///         value: 2_097_154.0,
    ///         width: 10,
    ///         height: (1 << 20) + 1,
    ///     })
    /// );
    /// ```
    pub fn check_extent(&self, width: u32, height: u32) -> Result<(), GridError> {
        let far = [
            (Axis::X, self.origin_x + f64::from(width) * self.cell_size),
            (Axis::Y, self.origin_y + f64::from(height) * self.cell_size),
        ];
        for (axis, value) in far {
            if math::check_coordinate(axis, value).is_err() {
                return Err(GridError::ExtentOutOfRange {
                    axis,
                    value,
                    width,
                    height,
                });
            }
        }
        Ok(())
    }
}

/// `size` when it is a valid cell size of a world mapping (finite, 2^-7 ≤ size ≤ 2^21);
/// shared by the square and hex mappings.
pub(crate) fn check_cell_size(size: f64) -> Result<f64, GridError> {
    // NaN fails both comparisons; infinities fail the upper bound.
    if (MIN_CELL_SIZE..=MAX_CELL_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(GridError::InvalidCellSize { value: size })
    }
}

const _: () = assert!(MAX_CELL_SIZE <= COORDINATE_BOUND);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_points_and_centres() {
        let s = GridSpace::new(-10.0, 4.0, 2.0).unwrap();
        assert_eq!(s.center(Cell::new(0, 0)), Ok(WorldPoint::new(-9.0, 5.0)));
        assert_eq!(
            s.cell_at(WorldPoint::new(-9.0, 5.0)).unwrap(),
            Cell::new(0, 0)
        );
        assert_eq!(
            s.cell_at(WorldPoint::new(-10.5, 3.9)).unwrap(),
            Cell::new(-1, -1)
        );
        assert_eq!(
            s.cell_at(WorldPoint::new(-6.0, 8.0)).unwrap(),
            Cell::new(2, 2)
        );
    }

    #[test]
    fn rejects_bad_input() {
        assert!(matches!(
            GridSpace::new(0.0, 0.0, 0.0),
            Err(GridError::InvalidCellSize { .. })
        ));
        assert!(GridSpace::new(0.0, 0.0, f64::NAN).is_err());
        assert!(matches!(
            GridSpace::new(3e6, 0.0, 1.0),
            Err(GridError::Coordinate(_))
        ));
        let s = GridSpace::UNIT;
        assert!(s.cell_at(WorldPoint::new(f64::INFINITY, 0.0)).is_err());
        assert!(s.cell_at(WorldPoint::new(0.0, -2_097_153.0)).is_err());
    }

    /// Regression (issue 14 §4): a subnormal or tiny cell size was accepted, and with it
    /// `cell_at` saturated far points to `i32::MAX` / `i32::MIN`.
    #[test]
    fn tiny_and_subnormal_sizes_are_refused() {
        assert_eq!(
            alloc::format!("{}", GridSpace::new(0.0, 0.0, 5e-324).unwrap_err()),
            "cell size 5e-324 is invalid: it must be finite with 0.0078125 (2^-7) <= size <= \
             2097152 (2^21)"
        );
        for size in [5e-324, f64::MIN_POSITIVE, 1e-300, MIN_CELL_SIZE / 2.0] {
            assert_eq!(
                GridSpace::new(0.0, 0.0, size),
                Err(GridError::InvalidCellSize { value: size }),
                "{size:e}"
            );
        }
        for size in [-1.0, -0.0, f64::INFINITY, MAX_CELL_SIZE * 2.0] {
            assert!(GridSpace::new(0.0, 0.0, size).is_err(), "{size}");
        }
        assert!(GridSpace::new(0.0, 0.0, MIN_CELL_SIZE).is_ok());
        assert!(GridSpace::new(0.0, 0.0, MAX_CELL_SIZE).is_ok());
    }

    /// Regression (issue 14 §4): `cell_at` saturated to `i32::MAX`; in the smallest cells the
    /// farthest points now map to their exact index.
    #[test]
    fn cell_at_is_exact_at_the_extremes() {
        let s = GridSpace::new(2_097_152.0, -2_097_152.0, MIN_CELL_SIZE).unwrap();
        assert_eq!(
            s.cell_at(WorldPoint::new(-2_097_152.0, 2_097_152.0)),
            Ok(Cell::new(-(1 << 29), 1 << 29))
        );
        assert_eq!(
            s.cell_at(WorldPoint::new(-2_097_151.999, 2_097_151.999)),
            Ok(Cell::new(-(1 << 29), (1 << 29) - 1))
        );
    }

    /// Regression (issue 14 §4): `center` returned points beyond ±2^21.
    #[test]
    fn center_refuses_points_beyond_the_rule() {
        let s = GridSpace::new(2_097_152.0, 0.0, MAX_CELL_SIZE).unwrap();
        let e = s.center(Cell::new(0, 0)).unwrap_err();
        assert_eq!(
            (e.axis, e.value, e.bound),
            (Axis::X, 3_145_728.0, COORDINATE_BOUND)
        );
        let e = GridSpace::UNIT.center(Cell::new(0, i32::MIN)).unwrap_err();
        assert_eq!((e.axis, e.value), (Axis::Y, -2_147_483_647.5));
        // The last cell inside the rule, and the first beyond it.
        assert_eq!(
            GridSpace::UNIT.center(Cell::new(2_097_151, -2_097_152)),
            Ok(WorldPoint::new(2_097_151.5, -2_097_151.5))
        );
        assert!(GridSpace::UNIT.center(Cell::new(2_097_152, 0)).is_err());
    }

    #[test]
    fn extent_is_the_far_corner() {
        let s = GridSpace::new(-2_097_152.0, 0.0, 1.0).unwrap();
        assert_eq!(s.check_extent(1 << 22, 1 << 21), Ok(()));
        assert_eq!(
            s.check_extent((1 << 22) + 1, 1),
            Err(GridError::ExtentOutOfRange {
                axis: Axis::X,
                value: 2_097_153.0,
                width: (1 << 22) + 1,
                height: 1
            })
        );
        // x is reported before y.
        assert!(matches!(
            s.check_extent(u32::MAX, u32::MAX),
            Err(GridError::ExtentOutOfRange { axis: Axis::X, .. })
        ));
        assert_eq!(s.check_extent(0, 0), Ok(()));
        let msg = alloc::format!("{}", s.check_extent(1, (1 << 21) + 3).unwrap_err());
        assert_eq!(
            msg,
            "a 1 x 2097155 grid under this world mapping reaches y = 2097155.0, outside the \
             coordinate rule: world coordinates must be finite with |y| <= 2097152 (2^21)"
        );
    }
}
