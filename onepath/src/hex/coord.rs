//! [`HexCoord`]: axial coordinates, hex distance, the six directions and cube rounding.

use crate::math::{self, Axis, CoordinateError, FRACTIONAL_BOUND};

/// An axial hex coordinate (q, r); the implied cube coordinate is s = −q − r.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, HexCoord, HexGrid, HexLayout};
/// let (a, b) = (HexCoord::new(0, 0), HexCoord::new(2, -1));
/// assert_eq!(a.distance(b), 2);
/// assert_eq!(HexCoord::round(1.9, -0.8).unwrap(), b); // cube rounding
/// // A hex grid stores offset cells; convert with its layout.
/// let grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
/// assert_eq!(grid.to_offset(grid.to_axial(Cell::new(3, 1))), Cell::new(3, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HexCoord {
    /// Axial q.
    pub q: i32,
    /// Axial r.
    pub r: i32,
}

impl HexCoord {
    /// The six axial directions in normative order: (+1,0), (+1,−1), (0,−1), (−1,0), (−1,+1),
    /// (0,+1).
    pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

    /// The coordinate (q, r).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::HexCoord;
    /// let h = HexCoord::new(2, -1);
    /// assert_eq!((h.q, h.r), (2, -1)); // s = -q - r = -1
    /// ```
    pub const fn new(q: i32, r: i32) -> Self {
        Self { q, r }
    }

    /// Hex distance: with dq, dr, ds = −dq − dr, (|dq| + |dr| + |ds|) / 2.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::HexCoord;
    /// assert_eq!(HexCoord::new(0, 0).distance(HexCoord::new(3, -1)), 3);
    /// assert_eq!(HexCoord::new(-2, 2).distance(HexCoord::new(-2, 2)), 0);
    /// ```
    pub fn distance(self, other: HexCoord) -> u64 {
        let dq = i64::from(self.q) - i64::from(other.q);
        let dr = i64::from(self.r) - i64::from(other.r);
        let ds = -dq - dr;
        (dq.unsigned_abs() + dr.unsigned_abs() + ds.unsigned_abs()) / 2
    }

    /// Rounds fractional axial (q, r) to the nearest hex: each of q, r, s = −q − r is rounded
    /// with floor(v + 0.5), then the coordinate with the largest rounding error is repaired so
    /// the three sum to 0 — q if its error is strictly larger than both others, else r if its
    /// error is strictly larger than s's, else s (which is implied).
    ///
    /// The input must be finite with |q|, |r| ≤ 2^30
    /// ([`FRACTIONAL_BOUND`](crate::math::FRACTIONAL_BOUND)), which covers every fractional
    /// coordinate [`HexSpace::hex_at`](crate::HexSpace::hex_at) produces and keeps the result
    /// inside `i32` (each rounded coordinate lies within 1 of its input).
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] with axis [`Axis::Q`] or [`Axis::R`] (q is checked first) when that
    /// input is NaN, infinite or beyond ±2^30; the error names the value and the bound.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Determinism
    ///
    /// `s = -q - r`, then `floor(v + 0.5)` and `|rounded - v|` per coordinate, compared with
    /// strict `>` in the order above: the same bits and the same tie decisions everywhere.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::HexCoord;
    /// use onepath::math::{Axis, FRACTIONAL_BOUND};
    ///
    /// // q = 0.6 -> 1 (error 0.4), r = 0.3 -> 0 (0.3), s = -0.9 -> -1 (0.1): q is repaired.
    /// assert_eq!(HexCoord::round(0.6, 0.3), Ok(HexCoord::new(1, 0)));
    /// let e = HexCoord::round(f64::NAN, f64::INFINITY).unwrap_err();
    /// assert_eq!((e.axis, e.bound), (Axis::Q, FRACTIONAL_BOUND));
    /// let e = HexCoord::round(0.0, -2e9).unwrap_err();
    /// assert_eq!((e.axis, e.value), (Axis::R, -2e9));
    /// ```
    pub fn round(q: f64, r: f64) -> Result<HexCoord, CoordinateError> {
        let q = math::check_within(Axis::Q, q, FRACTIONAL_BOUND)?;
        let r = math::check_within(Axis::R, r, FRACTIONAL_BOUND)?;
        // |q|, |r| <= 2^30, so |s| <= 2^31: every value below is an exact integer or a
        // difference far from overflow.
        let s = -q - r;
        let mut rq = math::floor(q + 0.5);
        let mut rr = math::floor(r + 0.5);
        let rs = math::floor(s + 0.5);
        let dq = math::abs(rq - q);
        let dr = math::abs(rr - r);
        let ds = math::abs(rs - s);
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        // A repaired coordinate equals the other two's negated sum, which lies within 1 (plus
        // the rounding of s, below 2^-21) of its input: |rq|, |rr| <= 2^30 + 1 < 2^31.
        Ok(HexCoord::new(
            math::integral_to_i32(rq),
            math::integral_to_i32(rr),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        let o = HexCoord::new(0, 0);
        for (dq, dr) in HexCoord::DIRECTIONS {
            assert_eq!(o.distance(HexCoord::new(dq, dr)), 1);
        }
        assert_eq!(o.distance(HexCoord::new(3, -1)), 3);
        assert_eq!(HexCoord::new(-2, 4).distance(HexCoord::new(1, -1)), 5);
    }

    #[test]
    fn cube_rounding_hand_worked() {
        assert_eq!(HexCoord::round(0.2, 0.1).unwrap(), HexCoord::new(0, 0));
        // q = 0.6 -> 1, r = 0.3 -> 0, s = -0.9 -> -1: errors 0.4, 0.3, 0.1: q repaired = 1.
        assert_eq!(HexCoord::round(0.6, 0.3).unwrap(), HexCoord::new(1, 0));
        // q = 0.4 -> 0, r = 0.4 -> 0, s = -0.8 -> -1: errors .4 .4 .2: q not strictly largest;
        // r (0.4) > s (0.2): r repaired = -q - s = 1.
        assert_eq!(HexCoord::round(0.4, 0.4).unwrap(), HexCoord::new(0, 1));
        // exact tie everywhere: q = 0.5 -> 1, r = -0.5 -> 0, s = 0 -> 0: errors .5 .5 0:
        // r repaired = -1 - 0 = -1.
        assert_eq!(HexCoord::round(0.5, -0.5).unwrap(), HexCoord::new(1, -1));
        // all errors equal (1/3 each): s is implied.
        assert_eq!(
            HexCoord::round(1.0 / 3.0, 1.0 / 3.0).unwrap(),
            HexCoord::new(0, 0)
        );
    }

    /// Regression (issue 14 §4): `round(NaN, inf)` returned `{q: 0, r: i32::MAX}`.
    #[test]
    fn refuses_non_finite_and_out_of_range_input() {
        let e = HexCoord::round(f64::NAN, f64::INFINITY).unwrap_err();
        assert_eq!((e.axis, e.bound), (Axis::Q, FRACTIONAL_BOUND));
        assert!(e.value.is_nan());
        let e = HexCoord::round(0.0, f64::INFINITY).unwrap_err();
        assert_eq!((e.axis, e.value), (Axis::R, f64::INFINITY));
        let e = HexCoord::round(-FRACTIONAL_BOUND * 2.0, 0.0).unwrap_err();
        assert_eq!((e.axis, e.value), (Axis::Q, -2_147_483_648.0));
        assert!(HexCoord::round(0.0, f64::NEG_INFINITY).is_err());
        assert!(HexCoord::round(1.0e300, 0.0).is_err());
    }

    #[test]
    fn extremes_of_the_range_round_inside_i32() {
        let b = FRACTIONAL_BOUND;
        assert_eq!(HexCoord::round(b, b), Ok(HexCoord::new(1 << 30, 1 << 30)));
        assert_eq!(
            HexCoord::round(-b, -b),
            Ok(HexCoord::new(-(1 << 30), -(1 << 30)))
        );
        // q = 2^30 - 0.4 -> 2^30 (error 0.4), r = 0.1 -> 0 (0.1), s = -2^30 + 0.3 -> -2^30
        // (0.3): q is repaired to -r - s = 2^30.
        assert_eq!(HexCoord::round(b - 0.4, 0.1), Ok(HexCoord::new(1 << 30, 0)));
    }
}
