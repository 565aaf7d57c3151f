//! [`GridSpace`]: the world mapping of a square grid.

use super::cell::{Cell, WorldPoint};
use crate::error::GridError;
use crate::math::{self, COORDINATE_BOUND, CoordinateError};

/// Maps world points to square cells: cell (x, y) has its centre at
/// `origin + ((x + 0.5) * size, (y + 0.5) * size)`, and a point maps to
/// `floor((p - origin) / size)` per axis.
///
/// # Invariants
///
/// The origin satisfies the coordinate rule (|v| ≤ 2^21, finite); `cell_size` is positive,
/// finite and at most 2^21.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridSpace {
    origin_x: f64,
    origin_y: f64,
    cell_size: f64,
}

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
    /// # Errors
    ///
    /// [`GridError::Coordinate`] when an origin coordinate breaks the coordinate rule;
    /// [`GridError::InvalidCellSize`] unless `0 < cell_size <= 2^21`.
    pub fn new(origin_x: f64, origin_y: f64, cell_size: f64) -> Result<Self, GridError> {
        math::check_coordinate(origin_x)?;
        math::check_coordinate(origin_y)?;
        if !(cell_size.is_finite() && cell_size > 0.0 && cell_size <= COORDINATE_BOUND) {
            return Err(GridError::InvalidCellSize { value: cell_size });
        }
        Ok(Self {
            origin_x,
            origin_y,
            cell_size,
        })
    }

    /// The origin (top-left corner of cell (0, 0)).
    pub fn origin(&self) -> WorldPoint {
        WorldPoint::new(self.origin_x, self.origin_y)
    }

    /// The side of a cell in world units.
    pub fn cell_size(&self) -> f64 {
        self.cell_size
    }

    /// The centre of `cell`: `origin + ((x + 0.5) * size, (y + 0.5) * size)`.
    pub fn center(&self, cell: Cell) -> WorldPoint {
        WorldPoint::new(
            self.origin_x + (f64::from(cell.x) + 0.5) * self.cell_size,
            self.origin_y + (f64::from(cell.y) + 0.5) * self.cell_size,
        )
    }

    /// The cell containing `p` (it may lie outside any grid).
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] when a coordinate of `p` breaks the coordinate rule.
    pub fn cell_at(&self, p: WorldPoint) -> Result<Cell, CoordinateError> {
        let x = math::check_coordinate(p.x)?;
        let y = math::check_coordinate(p.y)?;
        // Both quotients are bounded by 2^22 / min size; clamp before the cast so a tiny
        // cell size can never wrap.
        let fx = math::floor((x - self.origin_x) / self.cell_size);
        let fy = math::floor((y - self.origin_y) / self.cell_size);
        Ok(Cell::new(clamp_to_i32(fx), clamp_to_i32(fy)))
    }
}

/// Converts an integral double to `i32`, saturating (values beyond lie outside every grid).
pub(crate) fn clamp_to_i32(v: f64) -> i32 {
    if v <= f64::from(i32::MIN) {
        i32::MIN
    } else if v >= f64::from(i32::MAX) {
        i32::MAX
    } else {
        v as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_points_and_centres() {
        let s = GridSpace::new(-10.0, 4.0, 2.0).unwrap();
        assert_eq!(s.center(Cell::new(0, 0)), WorldPoint::new(-9.0, 5.0));
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
        let tiny = GridSpace::new(0.0, 0.0, 1e-300).unwrap();
        assert_eq!(
            tiny.cell_at(WorldPoint::new(2e6, -2e6)).unwrap(),
            Cell::new(i32::MAX, i32::MIN)
        );
    }
}
