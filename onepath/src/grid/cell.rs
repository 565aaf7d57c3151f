//! Cell and world-point value types.

/// A square-grid cell (or a hex cell in offset coordinates: `x` the column, `y` the row).
/// `x` grows to the right, `y` downwards; (0, 0) is the top-left cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
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
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WorldPoint {
    /// World x.
    pub x: f64,
    /// World y.
    pub y: f64,
}

impl WorldPoint {
    /// The point (x, y).
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
}
