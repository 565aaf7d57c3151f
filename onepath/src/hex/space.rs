//! [`HexSpace`]: the world mapping of a hex grid (`grids.md`, "World mapping").

use super::coord::HexCoord;
use super::layout::HexLayout;
use crate::error::GridError;
use crate::grid::WorldPoint;
use crate::math::{self, COORDINATE_BOUND, CoordinateError, HEX_SQRT3_2};

/// Hex world mapping: the origin is the centre of cell (0, 0) and `size` the distance between
/// adjacent centres. Pointy layouts place axial (q, r) at `origin + size * (q + r/2, (√3/2) r)`,
/// flat layouts at `origin + size * ((√3/2) q, r + q/2)`; the inverse divides (by `size`, then
/// by √3/2 on the scaled axis) and cube-rounds ([`HexCoord::round`]).
///
/// # Determinism
///
/// Evaluated exactly in the order written: `u = (x - ox) / size`, `v = (y - oy) / size`;
/// pointy: `r = v / (√3/2)`, `q = u - r / 2`; flat: `q = u / (√3/2)`, `r = v - q / 2`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexSpace {
    origin_x: f64,
    origin_y: f64,
    size: f64,
}

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
    /// # Errors
    ///
    /// [`GridError::Coordinate`] for an origin outside the coordinate rule,
    /// [`GridError::InvalidCellSize`] unless `0 < size <= 2^21`.
    pub fn new(origin_x: f64, origin_y: f64, size: f64) -> Result<Self, GridError> {
        math::check_coordinate(origin_x)?;
        math::check_coordinate(origin_y)?;
        if !(size.is_finite() && size > 0.0 && size <= COORDINATE_BOUND) {
            return Err(GridError::InvalidCellSize { value: size });
        }
        Ok(Self {
            origin_x,
            origin_y,
            size,
        })
    }

    /// The centre of an axial hex.
    pub fn center(&self, layout: HexLayout, h: HexCoord) -> WorldPoint {
        let (q, r) = (f64::from(h.q), f64::from(h.r));
        let (x, y) = if layout.is_pointy() {
            (self.size * (q + r / 2.0), self.size * (HEX_SQRT3_2 * r))
        } else {
            (self.size * (HEX_SQRT3_2 * q), self.size * (r + q / 2.0))
        };
        WorldPoint::new(self.origin_x + x, self.origin_y + y)
    }

    /// The axial hex containing `p`.
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] when a coordinate breaks the coordinate rule.
    pub fn hex_at(&self, layout: HexLayout, p: WorldPoint) -> Result<HexCoord, CoordinateError> {
        let x = math::check_coordinate(p.x)?;
        let y = math::check_coordinate(p.y)?;
        let u = (x - self.origin_x) / self.size;
        let v = (y - self.origin_y) / self.size;
        let (q, r) = if layout.is_pointy() {
            let r = v / HEX_SQRT3_2;
            (u - r / 2.0, r)
        } else {
            let q = u / HEX_SQRT3_2;
            (q, v - q / 2.0)
        };
        Ok(HexCoord::round(q, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_map_back_to_their_hex() {
        let s = HexSpace::new(10.0, -4.0, 2.0).unwrap();
        for layout in HexLayout::ALL {
            for q in -4..5 {
                for r in -4..5 {
                    let h = HexCoord::new(q, r);
                    let c = s.center(layout, h);
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
        assert_eq!(c, WorldPoint::new(2.0, 1.732_050_807_568_877_2));
        // flat: axial (2, -1) centre = (0.8660254037844386 * 2, -1 + 1)
        let c = s.center(HexLayout::FlatOddColumn, HexCoord::new(2, -1));
        assert_eq!(c, WorldPoint::new(1.732_050_807_568_877_2, 0.0));
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
}
