//! [`HexSpace`]: the world mapping of a hex grid (`grids.md`, "World mapping"), kept inside the
//! coordinate rule.
//!
//! Every world coordinate this mapping accepts or returns is finite with |v| ≤ 2^21
//! ([`COORDINATE_BOUND`](crate::math::COORDINATE_BOUND)); anything else is a typed error naming
//! the axis, the value and the bound. The centre distance is limited to 2^-7 ..= 2^21, as for
//! square cells, so every point the rule allows has fractional axial coordinates below 2^30
//! and cube rounding never fails on it.

use super::coord::HexCoord;
use super::layout::HexLayout;
use crate::error::GridError;
use crate::grid::WorldPoint;
use crate::grid::space::check_cell_size;
use crate::math::{self, Axis, CoordinateError, HEX_SQRT3_2};

/// Hex world mapping: the origin is the centre of cell (0, 0) and `size` the distance between
/// adjacent centres. Pointy layouts place axial (q, r) at `origin + size * (q + r/2, (√3/2) r)`,
/// flat layouts at `origin + size * ((√3/2) q, r + q/2)`; the inverse divides (by `size`, then
/// by √3/2 on the scaled axis) and cube-rounds ([`HexCoord::round`]).
///
/// # Determinism
///
/// Evaluated exactly in the order written: `u = (x - ox) / size`, `v = (y - oy) / size`;
/// pointy: `r = v / (√3/2)`, `q = u - r / 2`; flat: `q = u / (√3/2)`, `r = v - q / 2`.
/// Centres: pointy `(ox + size * (q + r / 2), oy + size * ((√3/2) * r))`, flat
/// `(ox + size * ((√3/2) * q), oy + size * (r + q / 2))`.
///
/// # Examples
///
/// ```
/// use onepath::{HexCoord, HexLayout, HexSpace, WorldPoint};
/// let space = HexSpace::new(10.0, 10.0, 2.0).unwrap(); // centre of (0, 0) at (10, 10)
/// let layout = HexLayout::PointyOddRow;
/// let h = HexCoord::new(1, 0);
/// assert_eq!(space.center(layout, h).unwrap(), WorldPoint::new(12.0, 10.0));
/// assert_eq!(space.hex_at(layout, WorldPoint::new(12.4, 10.3)).unwrap(), h);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexSpace {
    origin_x: f64,
    origin_y: f64,
    size: f64,
}

// Invariants (established by `new`, the only constructor besides `UNIT`):
// - both origin coordinates satisfy the coordinate rule (finite, |v| <= 2^21);
// - `size` is finite with 2^-7 <= size <= 2^21.
// Consequence: for a point inside the rule, |u|, |v| <= 2^22 / 2^-7 = 2^29, so the fractional
// axial coordinates stay below 2^29 + 2^29 / 0.866 / 2 < 2^30 (FRACTIONAL_BOUND) and
// `HexCoord::round` accepts them.

impl Default for HexSpace {
    fn default() -> Self {
        Self::UNIT
    }
}

impl HexSpace {
    /// Origin (0, 0), centre distance 1.
    pub const UNIT: Self = Self {
        origin_x: 0.0,
        origin_y: 0.0,
        size: 1.0,
    };

    /// A mapping with the centre of cell (0, 0) at the origin and centres `size` apart.
    ///
    /// The mapping does not know the grid it will serve; call
    /// [`check_extent`](HexSpace::check_extent) to learn whether a grid of a given size fits
    /// inside the coordinate rule under it.
    ///
    /// # Errors
    ///
    /// - [`GridError::Coordinate`] when an origin coordinate is NaN, infinite or beyond
    ///   ±2^21 (x is checked first; the error names the axis);
    /// - [`GridError::InvalidCellSize`] unless `size` is finite with 2^-7 ≤ `size` ≤ 2^21
    ///   (this refuses zero, negative and subnormal sizes).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridError, HexSpace};
    ///
    /// assert!(HexSpace::new(10.0, -4.0, 2.0).is_ok());
    /// assert_eq!(
    ///     HexSpace::new(0.0, 0.0, -1.0),
    ///     Err(GridError::InvalidCellSize { value: -1.0 })
    /// );
    /// assert!(matches!(
    ///     HexSpace::new(f64::NAN, 0.0, 1.0),
    ///     Err(GridError::Coordinate(_))
    /// ));
    /// ```
    pub fn new(origin_x: f64, origin_y: f64, size: f64) -> Result<Self, GridError> {
        math::check_coordinate(Axis::X, origin_x)?;
        math::check_coordinate(Axis::Y, origin_y)?;
        let size = check_cell_size(size)?;
        Ok(Self {
            origin_x,
            origin_y,
            size,
        })
    }

    /// `(origin x, origin y, size)`, for snapshots.
    pub(crate) fn parts(&self) -> (f64, f64, f64) {
        (self.origin_x, self.origin_y, self.size)
    }

    /// The centre of the axial hex `h` under `layout`.
    ///
    /// Defined for every hex whose centre satisfies the coordinate rule — in particular for
    /// every cell of a grid that passes [`check_extent`](HexSpace::check_extent). The hex
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
    /// Evaluated in the order the type documents; `q + r / 2` is exact.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexCoord, HexLayout, HexSpace, WorldPoint};
    /// use onepath::math::Axis;
    ///
    /// let s = HexSpace::UNIT;
    /// // Pointy: axial (1, 2) lies at (1 + 2/2, 0.8660254037844386 * 2).
    /// assert_eq!(
    ///     s.center(HexLayout::PointyOddRow, HexCoord::new(1, 2)),
    ///     Ok(WorldPoint::new(2.0, 1.732_050_807_568_877_2))
    /// );
    /// let e = s.center(HexLayout::FlatOddColumn, HexCoord::new(0, 3_000_000)).unwrap_err();
    /// assert_eq!((e.axis, e.value), (Axis::Y, 3e6));
    /// ```
    pub fn center(&self, layout: HexLayout, h: HexCoord) -> Result<WorldPoint, CoordinateError> {
        self.center_unchecked(layout, h).check()
    }

    /// [`center`](HexSpace::center) without the coordinate-rule check, for the path packers
    /// that cannot return an error. Its result is finite for every hex and satisfies the rule
    /// for every cell of a grid whose size passes [`check_extent`](HexSpace::check_extent); for
    /// a grid whose mapping does not fit, far cells give points beyond ±2^21 (the attaching
    /// code should refuse such a mapping).
    pub(crate) fn center_unchecked(&self, layout: HexLayout, h: HexCoord) -> WorldPoint {
        self.world_of(layout, f64::from(h.q), f64::from(h.r))
    }

    /// The centre of integral axial (q, r), in the documented order. For |q|, |r| < 2^40 every
    /// step is finite and `q + r / 2`, `r + q / 2` are exact.
    fn world_of(&self, layout: HexLayout, q: f64, r: f64) -> WorldPoint {
        let (x, y) = if layout.is_pointy() {
            (self.size * (q + r / 2.0), self.size * (HEX_SQRT3_2 * r))
        } else {
            (self.size * (HEX_SQRT3_2 * q), self.size * (r + q / 2.0))
        };
        WorldPoint::new(self.origin_x + x, self.origin_y + y)
    }

    /// The axial hex containing `p` (it may lie outside any grid).
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] when a coordinate of `p` is NaN, infinite or beyond ±2^21 (x is
    /// checked first); the error names the axis, the value and the bound. Every point inside
    /// the rule maps to a hex: its fractional coordinates stay inside the range
    /// [`HexCoord::round`] accepts.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Determinism
    ///
    /// Evaluated in the order the type documents, then [`HexCoord::round`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexCoord, HexLayout, HexSpace, WorldPoint};
    /// use onepath::math::Axis;
    ///
    /// let s = HexSpace::UNIT;
    /// let pointy = HexLayout::PointyOddRow;
    /// // Just right of the midpoint between the centres of (0, 0) and (1, 0).
    /// assert_eq!(s.hex_at(pointy, WorldPoint::new(0.51, 0.0)), Ok(HexCoord::new(1, 0)));
    /// assert_eq!(s.hex_at(pointy, WorldPoint::new(0.49, 0.0)), Ok(HexCoord::new(0, 0)));
    /// let e = s.hex_at(pointy, WorldPoint::new(0.0, -1e7)).unwrap_err();
    /// assert_eq!((e.axis, e.value), (Axis::Y, -1e7));
    /// ```
    pub fn hex_at(&self, layout: HexLayout, p: WorldPoint) -> Result<HexCoord, CoordinateError> {
        let p = p.check()?;
        let u = (p.x - self.origin_x) / self.size;
        let v = (p.y - self.origin_y) / self.size;
        let (q, r) = if layout.is_pointy() {
            let r = v / HEX_SQRT3_2;
            (u - r / 2.0, r)
        } else {
            let q = u / HEX_SQRT3_2;
            (q, v - q / 2.0)
        };
        // Cannot fail for a point inside the rule (see the invariants above).
        HexCoord::round(q, r)
    }

    /// Whether a hex grid of `width × height` offset cells under `layout` fits inside the
    /// coordinate rule under this mapping: every cell centre must satisfy |v| ≤ 2^21 on both
    /// axes. When it fits, [`center`](HexSpace::center) succeeds for every cell of the grid.
    /// (The rim of an edge hex may reach up to one `size` beyond its centre; points there
    /// beyond ±2^21 are refused by [`hex_at`](HexSpace::hex_at) like any other.)
    ///
    /// A hex grid does not check this when a mapping is attached to it
    /// ([`HexGrid::set_space`](crate::HexGrid::set_space)); call it before you do.
    ///
    /// # Errors
    ///
    /// [`GridError::ExtentOutOfRange`] naming an axis on which a centre leaves the rule and
    /// that centre's coordinate (the cells are tried in a fixed order, x before y).
    ///
    /// # Complexity
    ///
    /// O(1): the extreme centres lie on the first two and the last row and column, so at most
    /// nine cells are evaluated.
    ///
    /// # Determinism
    ///
    /// Each candidate centre is evaluated exactly as [`center`](HexSpace::center) would, and
    /// each centre coordinate grows monotonically with the exact value `q + r / 2` (or
    /// `(√3/2) * r`, …) it scales, so the candidates bound every centre the grid has.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridError, HexLayout, HexSpace};
    /// use onepath::math::Axis;
    ///
    /// let s = HexSpace::new(0.0, 0.0, 1.0).unwrap();
    /// let pointy = HexLayout::PointyOddRow;
    /// assert_eq!(s.check_extent(pointy, 1 << 20, 1 << 20), Ok(()));
    /// // Odd rows shift half a hex right: the last centre of row 1 is x = 2^21 + 0.5.
    /// assert_eq!(
    ///     s.check_extent(pointy, (1 << 21) + 1, 2),
    ///     Err(GridError::ExtentOutOfRange {
    ///         axis: Axis::X,
    ///         value: 2_097_152.5,
    ///         width: (1 << 21) + 1,
    ///         height: 2,
    ///     })
    /// );
    /// ```
    pub fn check_extent(
        &self,
        layout: HexLayout,
        width: u32,
        height: u32,
    ) -> Result<(), GridError> {
        let (w, h) = (i64::from(width), i64::from(height));
        for row in [0, 1, h - 1] {
            for col in [0, 1, w - 1] {
                if row < 0 || row >= h || col < 0 || col >= w {
                    continue;
                }
                let (q, r) = layout.offset_to_axial_wide(col, row);
                // |q|, |r| < 2^33: exact in f64, and `world_of` is exact where it must be.
                let c = self.world_of(layout, q as f64, r as f64);
                for (axis, value) in [(Axis::X, c.x), (Axis::Y, c.y)] {
                    if math::check_coordinate(axis, value).is_err() {
                        return Err(GridError::ExtentOutOfRange {
                            axis,
                            value,
                            width,
                            height,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::{COORDINATE_BOUND, FRACTIONAL_BOUND, MIN_CELL_SIZE};

    #[test]
    fn centres_map_back_to_their_hex() {
        let s = HexSpace::new(10.0, -4.0, 2.0).unwrap();
        for layout in HexLayout::ALL {
            for q in -4..5 {
                for r in -4..5 {
                    let h = HexCoord::new(q, r);
                    let c = s.center(layout, h).unwrap();
                    assert_eq!(s.hex_at(layout, c).unwrap(), h, "{layout:?} {h:?}");
                }
            }
        }
    }

    #[test]
    fn hand_worked_points() {
        let s = HexSpace::UNIT;
        // pointy: axial (1, 2) centre = (1 + 1, 0.8660254037844386 * 2)
        let c = s.center(HexLayout::PointyOddRow, HexCoord::new(1, 2));
        assert_eq!(c, Ok(WorldPoint::new(2.0, 1.732_050_807_568_877_2)));
        // flat: axial (2, -1) centre = (0.8660254037844386 * 2, -1 + 1)
        let c = s.center(HexLayout::FlatOddColumn, HexCoord::new(2, -1));
        assert_eq!(c, Ok(WorldPoint::new(1.732_050_807_568_877_2, 0.0)));
        // a point just right of the midpoint between (0,0) and (1,0) (pointy) rounds to (1,0)
        assert_eq!(
            s.hex_at(HexLayout::PointyOddRow, WorldPoint::new(0.51, 0.0))
                .unwrap(),
            HexCoord::new(1, 0)
        );
        assert_eq!(
            s.hex_at(HexLayout::PointyOddRow, WorldPoint::new(0.49, 0.0))
                .unwrap(),
            HexCoord::new(0, 0)
        );
        assert!(
            s.hex_at(HexLayout::PointyOddRow, WorldPoint::new(f64::NAN, 0.0))
                .is_err()
        );
        assert!(HexSpace::new(0.0, 0.0, -1.0).is_err());
    }

    /// Regression (issue 14 §4): a subnormal size was accepted.
    #[test]
    fn tiny_and_subnormal_sizes_are_refused() {
        for size in [5e-324, f64::MIN_POSITIVE, 1e-300, MIN_CELL_SIZE / 2.0, 0.0] {
            assert_eq!(
                HexSpace::new(0.0, 0.0, size),
                Err(GridError::InvalidCellSize { value: size }),
                "{size:e}"
            );
        }
        assert!(HexSpace::new(0.0, 0.0, MIN_CELL_SIZE).is_ok());
    }

    /// Regression (issue 14 §4): `center` returned points beyond ±2^21.
    #[test]
    fn center_refuses_points_beyond_the_rule() {
        let s = HexSpace::UNIT;
        let e = s
            .center(HexLayout::PointyEvenRow, HexCoord::new(i32::MAX, 0))
            .unwrap_err();
        assert_eq!(
            (e.axis, e.value, e.bound),
            (Axis::X, 2_147_483_647.0, COORDINATE_BOUND)
        );
        let e = s
            .center(HexLayout::FlatEvenColumn, HexCoord::new(0, i32::MIN))
            .unwrap_err();
        assert_eq!((e.axis, e.value), (Axis::Y, -2_147_483_648.0));
    }

    /// The farthest points in the smallest hexes stay inside the rounding range: `hex_at`
    /// never fails for a point inside the rule.
    #[test]
    fn farthest_points_in_the_smallest_hexes_map() {
        let b = COORDINATE_BOUND;
        for layout in HexLayout::ALL {
            for (ox, oy) in [(b, b), (-b, b), (b, -b), (-b, -b)] {
                let s = HexSpace::new(ox, oy, MIN_CELL_SIZE).unwrap();
                for p in [(-ox, -oy), (-ox, oy), (ox, -oy)] {
                    let h = s.hex_at(layout, WorldPoint::new(p.0, p.1)).unwrap();
                    assert!(
                        f64::from(h.q).abs() <= FRACTIONAL_BOUND
                            && f64::from(h.r).abs() <= FRACTIONAL_BOUND,
                        "{layout:?} {p:?} -> {h:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn extent_checks_every_layout_edge() {
        let s = HexSpace::new(-2_097_152.0, -2_097_152.0, 1.0).unwrap();
        // Even rows (pointy even) shift odd rows half a hex left of the origin's column.
        assert!(matches!(
            s.check_extent(HexLayout::PointyEvenRow, 1, 2),
            Err(GridError::ExtentOutOfRange { axis: Axis::X, value, .. }) if value == -2_097_152.5
        ));
        assert_eq!(s.check_extent(HexLayout::PointyEvenRow, 1, 1), Ok(()));
        assert_eq!(s.check_extent(HexLayout::PointyOddRow, 1, 2), Ok(()));
        assert!(matches!(
            s.check_extent(HexLayout::FlatEvenColumn, 2, 1),
            Err(GridError::ExtentOutOfRange { axis: Axis::Y, value, .. }) if value == -2_097_152.5
        ));
        assert_eq!(s.check_extent(HexLayout::FlatOddColumn, 2, 1), Ok(()));
        // Empty grids have no centres; sizes beyond i32 are checked without wrapping.
        assert_eq!(s.check_extent(HexLayout::FlatOddColumn, 0, 7), Ok(()));
        assert!(
            s.check_extent(HexLayout::FlatOddColumn, u32::MAX, 1)
                .is_err()
        );
    }
}
