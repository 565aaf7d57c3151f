//! Cell and world-point value types.

use crate::math::{self, Axis, CoordinateError};

/// A square-grid cell (or a hex cell in offset coordinates: `x` the column, `y` the row).
/// `x` grows to the right, `y` downwards; (0, 0) is the top-left cell.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid};
/// let grid = Grid::from_text("..#\n...").unwrap();
/// let c = Cell::new(2, 0); // column 2, row 0: top right
/// assert_eq!(Cell::from((2, 0)), c);
/// assert!(!grid.is_walkable(c)); // the `#`
/// assert!(grid.is_walkable(Cell::new(2, 1)));
/// assert_eq!(grid.index_of(c), Some(2)); // row-major
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Cell;
    /// let c = Cell::new(3, -1);
    /// assert_eq!((c.x, c.y), (3, -1));
    /// ```
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }
}

impl From<(i32, i32)> for Cell {
    fn from((x, y): (i32, i32)) -> Self {
        Self { x, y }
    }
}

/// A point in world space (the plane the game uses), mapped to cells by a
/// [`GridSpace`](crate::GridSpace) or [`HexSpace`](crate::HexSpace).
///
/// The fields are plain `f64`s; every function that takes a point checks the coordinate rule
/// (finite, |v| ≤ 2^21, [`COORDINATE_BOUND`](crate::math::COORDINATE_BOUND)) and every point
/// the crate returns satisfies it.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, GridSpace, WorldPoint};
/// let space = GridSpace::new(0.0, 0.0, 2.0).unwrap(); // cells 2 world units wide
/// let p = WorldPoint::new(5.0, 1.5);
/// assert_eq!(space.cell_at(p).unwrap(), Cell::new(2, 0));
/// assert_eq!(space.center(Cell::new(2, 0)).unwrap(), WorldPoint::new(5.0, 1.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorldPoint {
    /// World x.
    pub x: f64,
    /// World y.
    pub y: f64,
}

impl WorldPoint {
    /// The point (x, y).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::WorldPoint;
    /// let p = WorldPoint::new(1.5, -2.0);
    /// assert_eq!((p.x, p.y), (1.5, -2.0));
    /// ```
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// The point itself when both coordinates satisfy the coordinate rule (finite,
    /// |v| ≤ 2^21); x is checked first.
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] naming the first axis that breaks the rule, its value and the bound.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::WorldPoint;
    /// use onepath::math::Axis;
    ///
    /// let p = WorldPoint::new(-2_097_152.0, 12.5);
    /// assert_eq!(p.check(), Ok(p));
    /// let e = WorldPoint::new(0.0, f64::INFINITY).check().unwrap_err();
    /// assert_eq!((e.axis, e.value), (Axis::Y, f64::INFINITY));
    /// ```
    pub fn check(self) -> Result<Self, CoordinateError> {
        math::check_coordinate(Axis::X, self.x)?;
        math::check_coordinate(Axis::Y, self.y)?;
        Ok(self)
    }
}
