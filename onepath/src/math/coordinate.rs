//! The coordinate rule: every world coordinate that crosses the public boundary is finite with
//! |v| ≤ 2^21 ([`COORDINATE_BOUND`]), so it is exact in Q31.32 fixed point and its arithmetic
//! stays far from overflow.
//!
//! Two derived bounds live beside it, because they exist to keep the world mapping inside the
//! rule:
//!
//! - [`MIN_CELL_SIZE`] (2^-7) and [`MAX_CELL_SIZE`] (2^21): the cell sizes a world mapping
//!   accepts. With the smallest size, every point the rule allows lies at most 2^29 cells from
//!   the origin, so mapping a point to a cell never needs to saturate an `i32`.
//! - [`FRACTIONAL_BOUND`] (2^30): the fractional cell coordinates cube rounding accepts. It is
//!   larger than every fractional coordinate a hex mapping of an allowed point produces
//!   (below 2^29.7), and small enough that the rounded result always fits an `i32`.

use core::fmt;

/// The coordinate rule: world coordinates must be finite with |v| ≤ 2^21 (exact in Q31.32).
pub const COORDINATE_BOUND: f64 = 2_097_152.0;

/// The smallest cell size a world mapping accepts: 2^-7 = 0.0078125 world units.
///
/// Below it, points the coordinate rule allows could map to cell indices beyond `i32`; every
/// subnormal size is far below it.
pub const MIN_CELL_SIZE: f64 = 0.007_812_5;

/// The largest cell size a world mapping accepts: 2^21, the coordinate bound itself.
pub const MAX_CELL_SIZE: f64 = COORDINATE_BOUND;

/// The bound on the fractional axial coordinates that cube rounding
/// ([`HexCoord::round`](crate::HexCoord::round)) accepts: |q|, |r| ≤ 2^30.
pub const FRACTIONAL_BOUND: f64 = 1_073_741_824.0;

/// The axis a coordinate belongs to, as named in a [`CoordinateError`].
///
/// # Examples
///
/// ```
/// use onepath::math::Axis;
/// use onepath::{HexCoord, WorldPoint};
/// assert_eq!(WorldPoint::new(1.0, f64::NAN).check().unwrap_err().axis, Axis::Y);
/// assert_eq!(HexCoord::round(2e9, 0.0).unwrap_err().axis, Axis::Q); // beyond 2^30
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// World x.
    X,
    /// World y.
    Y,
    /// Fractional axial q (cube rounding input).
    Q,
    /// Fractional axial r (cube rounding input).
    R,
}

impl Axis {
    /// The axis' lower-case name (`"x"`, `"y"`, `"q"`, `"r"`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::math::Axis;
    ///
    /// assert_eq!(Axis::X.name(), "x");
    /// assert_eq!(Axis::R.name(), "r");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::X => "x",
            Self::Y => "y",
            Self::Q => "q",
            Self::R => "r",
        }
    }

    /// Whether this is a world axis (x or y) rather than a fractional hex axis.
    const fn is_world(self) -> bool {
        matches!(self, Self::X | Self::Y)
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Checks the coordinate rule for one world coordinate on `axis`.
///
/// # Errors
///
/// [`CoordinateError`] when `v` is NaN, infinite, or |v| > 2^21; the error carries the axis,
/// the value and the bound.
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use onepath::math::{Axis, COORDINATE_BOUND, check_coordinate};
///
/// assert_eq!(check_coordinate(Axis::X, -2_097_152.0), Ok(-2_097_152.0));
/// let e = check_coordinate(Axis::Y, f64::NAN).unwrap_err();
/// assert_eq!((e.axis, e.bound), (Axis::Y, COORDINATE_BOUND));
/// assert!(e.value.is_nan());
/// ```
pub fn check_coordinate(axis: Axis, v: f64) -> Result<f64, CoordinateError> {
    check_within(axis, v, COORDINATE_BOUND)
}

/// `v` when it is finite with |v| ≤ `bound`, else the error naming `axis`, `v` and `bound`.
pub(crate) fn check_within(axis: Axis, v: f64, bound: f64) -> Result<f64, CoordinateError> {
    if v.is_finite() && super::abs(v) <= bound {
        Ok(v)
    } else {
        Err(CoordinateError {
            axis,
            value: v,
            bound,
        })
    }
}

/// An integral double with |v| ≤ 2^31 − 1 as `i32`. Callers prove the range; in release builds
/// a value beyond would saturate (Rust's `as`), never wrap.
#[inline]
pub(crate) fn integral_to_i32(v: f64) -> i32 {
    debug_assert!(
        v == super::floor(v) && super::abs(v) <= f64::from(i32::MAX),
        "integral_to_i32({v}): not an integer in i32 range"
    );
    v as i32
}

/// A coordinate outside its rule: a world coordinate beyond |v| ≤ 2^21, or a fractional hex
/// coordinate beyond |v| ≤ 2^30 given to cube rounding. NaN and infinities are outside every
/// rule.
///
/// # Examples
///
/// ```
/// use onepath::math::{Axis, COORDINATE_BOUND};
/// use onepath::GridSpace;
/// let space = GridSpace::UNIT;
/// let e = space.cell_at(onepath::WorldPoint::new(3e6, 0.0)).unwrap_err();
/// assert_eq!((e.axis, e.value, e.bound), (Axis::X, 3e6, COORDINATE_BOUND));
/// assert!(e.to_string().contains("3000000")); // the message names the value
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct CoordinateError {
    /// The axis of the offending value.
    pub axis: Axis,
    /// The offending value.
    pub value: f64,
    /// The bound it must satisfy: finite with |value| ≤ bound ([`COORDINATE_BOUND`] for world
    /// axes, [`FRACTIONAL_BOUND`] for fractional hex axes).
    pub bound: f64,
}

impl fmt::Display for CoordinateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, rule) = if self.axis.is_world() {
            ("world", "the coordinate rule")
        } else {
            ("fractional axial", "the cube rounding range")
        };
        write!(
            f,
            "{kind} {axis} coordinate {value:?} is outside {rule}: it must be finite with |{axis}| <= {bound}",
            axis = self.axis,
            value = self.value,
            bound = self.bound,
        )?;
        // `{:?}` keeps extreme values short (5e-324, 1e300). Every bound in use is a power of
        // two; say which.
        let bits = self.bound.to_bits();
        if bits & ((1u64 << 52) - 1) == 0 && self.bound > 1.0 {
            write!(f, " (2^{})", (bits >> 52) as i64 - 1023)?;
        }
        Ok(())
    }
}

impl core::error::Error for CoordinateError {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn bounds_are_the_powers_of_two_they_claim() {
        assert_eq!(COORDINATE_BOUND, (1u64 << 21) as f64);
        assert_eq!(MIN_CELL_SIZE, 1.0 / 128.0);
        assert_eq!(MAX_CELL_SIZE, COORDINATE_BOUND);
        assert_eq!(FRACTIONAL_BOUND, (1u64 << 30) as f64);
        // The farthest an allowed point lies from an allowed origin, in the smallest cells,
        // stays below 2^29 + 2^28 on every axis of a hex mapping (√3/2 ≥ 0.866), far inside
        // the rounding range, and 2^29 on a square one.
        let cells = 2.0 * COORDINATE_BOUND / MIN_CELL_SIZE;
        assert_eq!(cells, (1u64 << 29) as f64);
        assert!(cells + cells / 0.866 / 2.0 < FRACTIONAL_BOUND);
    }

    #[test]
    fn coordinate_rule() {
        assert!(check_coordinate(Axis::X, 2_097_152.0).is_ok());
        assert!(check_coordinate(Axis::X, -2_097_152.0).is_ok());
        let e = check_coordinate(Axis::Y, 2_097_152.5).unwrap_err();
        assert_eq!(
            e,
            CoordinateError {
                axis: Axis::Y,
                value: 2_097_152.5,
                bound: COORDINATE_BOUND
            }
        );
        assert!(check_coordinate(Axis::X, f64::NAN).is_err());
        assert!(check_coordinate(Axis::X, f64::INFINITY).is_err());
        assert!(check_coordinate(Axis::X, f64::NEG_INFINITY).is_err());
    }

    #[test]
    fn messages_name_axis_value_and_bound() {
        let msg = format!("{}", check_coordinate(Axis::Y, 3e6).unwrap_err());
        assert_eq!(
            msg,
            "world y coordinate 3000000.0 is outside the coordinate rule: it must be finite with \
             |y| <= 2097152 (2^21)"
        );
        let msg = format!(
            "{}",
            check_within(Axis::Q, f64::INFINITY, FRACTIONAL_BOUND).unwrap_err()
        );
        assert_eq!(
            msg,
            "fractional axial q coordinate inf is outside the cube rounding range: it must be \
             finite with |q| <= 1073741824 (2^30)"
        );
    }

    #[test]
    fn integral_conversion_is_exact_in_range() {
        assert_eq!(integral_to_i32(-1_073_741_824.0), -1_073_741_824);
        assert_eq!(integral_to_i32(2_147_483_647.0), i32::MAX);
        assert_eq!(integral_to_i32(-0.0), 0);
    }
}
