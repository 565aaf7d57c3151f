//! Small shared errors. Every error is `Copy`, names the offending value and its bound, and
//! implements `Display` and `core::error::Error`.

use core::fmt;

use crate::math::{Axis, COORDINATE_BOUND, CoordinateError, MAX_CELL_SIZE, MIN_CELL_SIZE};

/// The most cells a square or hex grid may hold (2^28).
pub const MAX_CELLS: u64 = 1 << 28;

/// Errors from building or editing a grid.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridError};
/// assert_eq!(Grid::new(0, 5).unwrap_err(), GridError::EmptyDimension { width: 0, height: 5 });
/// let mut grid = Grid::new(4, 4).unwrap();
/// let e = grid.set_walkable(Cell::new(9, 0), false).unwrap_err();
/// assert_eq!(e, GridError::CellOutOfBounds { x: 9, y: 0, width: 4, height: 4 });
/// assert!(e.to_string().contains('9')); // the message names the value
/// assert!(matches!(Grid::from_text("..\n.x"), Err(GridError::TextCharacter { line: 2, column: 2, found: 'x' })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum GridError {
    /// Width or height is zero.
    EmptyDimension {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// `width * height` exceeds [`MAX_CELLS`] (2^28). Checked before anything is allocated.
    TooManyCells {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// A cell slice does not have `width * height` entries.
    CellCountMismatch {
        /// `width * height`.
        expected: u64,
        /// Entries supplied.
        actual: u64,
    },
    /// A cell lies outside the grid.
    CellOutOfBounds {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// Area 255 is the wall and has no cost multiplier.
    WallHasNoCost,
    /// An area multiplier must be positive and finite.
    InvalidAreaCost {
        /// The area id (0..=254).
        area: u8,
        /// The rejected multiplier.
        value: f64,
    },
    /// A character in a text picture that is not `.`, `#` or `1`–`9`.
    TextCharacter {
        /// 1-based line.
        line: u32,
        /// 1-based column (in characters).
        column: u32,
        /// The character found.
        found: char,
    },
    /// A text picture line whose length differs from the first line's.
    TextRagged {
        /// 1-based line.
        line: u32,
        /// Width of the first line.
        expected: u32,
        /// Width of this line.
        found: u32,
    },
    /// The cell size of a world mapping must be finite with 2^-7 <= size <= 2^21
    /// ([`MIN_CELL_SIZE`], [`MAX_CELL_SIZE`]); NaN, infinities, zero, negative and subnormal
    /// sizes are all refused.
    InvalidCellSize {
        /// The rejected size.
        value: f64,
    },
    /// A world origin outside the coordinate rule.
    Coordinate(CoordinateError),
    /// The world mapping does not fit the grid: some part of the grid's extent lies outside
    /// the coordinate rule (see [`GridSpace::check_extent`](crate::GridSpace::check_extent)
    /// and [`HexSpace::check_extent`](crate::HexSpace::check_extent)).
    ExtentOutOfRange {
        /// The world axis that leaves the rule.
        axis: Axis,
        /// The world coordinate the grid reaches on that axis.
        value: f64,
        /// Grid width in cells.
        width: u32,
        /// Grid height in cells.
        height: u32,
    },
    /// An edit rectangle does not lie inside the grid (`0 <= x`, `0 <= y`,
    /// `x + width <= grid_width`, `y + height <= grid_height`). Checked before any cell is
    /// written.
    RectOutOfBounds {
        /// Leftmost column requested.
        x: i32,
        /// Top row requested.
        y: i32,
        /// Columns requested.
        width: u32,
        /// Rows requested.
        height: u32,
        /// Grid width.
        grid_width: u32,
        /// Grid height.
        grid_height: u32,
    },
    /// The source of a rectangle edit does not hold `width * height` area bytes. Checked
    /// before any cell is written.
    RectSourceLength {
        /// `width * height` of the rectangle.
        expected: u64,
        /// Bytes supplied.
        actual: u64,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::EmptyDimension { width, height } => {
                write!(
                    f,
                    "grid size {width} x {height}: width and height must be at least 1"
                )
            }
            Self::TooManyCells { width, height } => write!(
                f,
                "grid size {width} x {height} = {} cells exceeds the maximum of {MAX_CELLS} (2^28)",
                u64::from(width) * u64::from(height)
            ),
            Self::CellCountMismatch { expected, actual } => {
                write!(
                    f,
                    "{actual} cells supplied, expected width * height = {expected}"
                )
            }
            Self::CellOutOfBounds {
                x,
                y,
                width,
                height,
            } => write!(
                f,
                "cell ({x}, {y}) is outside the grid (0..{width}, 0..{height})"
            ),
            Self::WallHasNoCost => write!(f, "area 255 is the wall and has no cost multiplier"),
            Self::InvalidAreaCost { area, value } => write!(
                f,
                "area {area} multiplier {value} is invalid: it must be positive, finite and at most 2^960 (about 9.7e288, so no path cost overflows)"
            ),
            Self::TextCharacter {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unexpected character {found:?} (expected '.', '#' or '1'-'9')"
            ),
            Self::TextRagged {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: {found} cells, but the first line has {expected}"
            ),
            Self::InvalidCellSize { value } => write!(
                f,
                "cell size {value:?} is invalid: it must be finite with \
                 {MIN_CELL_SIZE} (2^-7) <= size <= {MAX_CELL_SIZE} (2^21)"
            ),
            Self::Coordinate(e) => e.fmt(f),
            Self::ExtentOutOfRange {
                axis,
                value,
                width,
                height,
            } => write!(
                f,
                "a {width} x {height} grid under this world mapping reaches {axis} = {value:?}, \
                 outside the coordinate rule: world coordinates must be finite with \
                 |{axis}| <= {COORDINATE_BOUND} (2^21)"
            ),
            Self::RectOutOfBounds {
                x,
                y,
                width,
                height,
                grid_width,
                grid_height,
            } => write!(
                f,
                "rectangle at ({x}, {y}) of {width} x {height} cells is outside the grid \
                 (it must satisfy 0 <= x, 0 <= y, x + width <= {grid_width}, y + height <= {grid_height})"
            ),
            Self::RectSourceLength { expected, actual } => write!(
                f,
                "{actual} area bytes supplied for the rectangle, expected width * height = {expected}"
            ),
        }
    }
}

impl core::error::Error for GridError {}

impl From<CoordinateError> for GridError {
    fn from(e: CoordinateError) -> Self {
        Self::Coordinate(e)
    }
}

/// Errors from a path query's options or world coordinates. Endpoints outside the grid or
/// not walkable are not errors: they give `PathStatus::StartInvalid` / `GoalInvalid`.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, PathStatus, QueryError};
/// let grid = Grid::new(4, 4).unwrap();
/// let (a, b) = (Cell::new(0, 0), Cell::new(3, 3));
/// let bad = GridOptions::DEFAULT.with_weight(-1.0);
/// assert_eq!(grid.find_path(a, b, &bad).unwrap_err(), QueryError::InvalidWeight { value: -1.0 });
/// // An endpoint off the grid is a status, not an error.
/// let off = grid.find_path(a, Cell::new(9, 9), &GridOptions::DEFAULT).unwrap();
/// assert_eq!(off.status, PathStatus::GoalInvalid);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum QueryError {
    /// The heuristic weight must be finite and at least 0.
    InvalidWeight {
        /// The rejected weight.
        value: f64,
    },
    /// The agent size must be 1..=255 (hex grids: exactly 1).
    InvalidAgentSize {
        /// The rejected size.
        size: u8,
        /// The largest size this grid kind supports.
        max: u8,
    },
    /// The heuristic does not fit the grid kind (e.g. octile on a hex grid).
    HeuristicNotSupported,
    /// The HPA* chunk side must be `1..=max`.
    InvalidChunkSize {
        /// The rejected side.
        size: u32,
        /// The largest side accepted.
        max: u32,
    },
    /// A world point outside the coordinate rule.
    Coordinate(CoordinateError),
    /// A caller-supplied clearance does not have one entry per cell.
    ClearanceMismatch,
    /// The cancellation callback asked the query to stop; the grid is untouched.
    Cancelled,
    /// The grid was edited while a search was in progress (its history holds the revision
    /// the search began on, and later edits).
    GridChanged {
        /// The version the search began on.
        expected: u64,
        /// The version found.
        found: u64,
    },
    /// The grid given is not the one the search began on: another size, or a revision
    /// history that does not include the one the search began on (another grid, or this grid
    /// edited more than [`EditJournal::CAPACITY`](crate::grid::EditJournal::CAPACITY) times
    /// since).
    OtherGrid {
        /// Width and height of the grid the search began on.
        expected: (u32, u32),
        /// Width and height of the grid given.
        found: (u32, u32),
    },
    /// `weight × the largest estimate on this grid` is not finite, so every key of the search
    /// would be +∞ and the order meaningless: lower the weight (or the area multipliers).
    WeightTooLarge {
        /// The heuristic weight.
        weight: f64,
        /// The largest estimate the grid can produce (corner to corner).
        estimate: f64,
    },
    /// The incremental replanners (LPA*, D* Lite) need heuristic weight exactly 1: their
    /// repairs rely on a consistent estimate.
    ReplanWeight {
        /// The rejected weight.
        value: f64,
    },
    /// A [`ClearanceMap`](crate::grid::ClearanceMap) handed to a topology was not refreshed
    /// against the grid as it is now (refresh it first).
    StaleClearance {
        /// The grid's current revision.
        grid_revision: u64,
    },
    /// A replanner's answer was read through `current` after a change it has not replanned
    /// for (ARCHITECTURE.md, “Stale reads”): call `replan` first.
    NotReplanned {
        /// What changed: the grid was edited, the start moved, the goal changed, it was
        /// invalidated, the last replan ran out of budget, or it never replanned.
        reason: &'static str,
    },
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::InvalidWeight { value } => write!(
                f,
                "heuristic weight {value} is invalid: it must be finite and at least 0"
            ),
            Self::InvalidAgentSize { size, max } => {
                write!(f, "agent size {size} is invalid: it must be 1..={max}")
            }
            Self::HeuristicNotSupported => {
                write!(
                    f,
                    "the chosen heuristic does not apply to this kind of grid"
                )
            }
            Self::Coordinate(e) => e.fmt(f),
            Self::ClearanceMismatch => {
                write!(f, "the clearance map does not have one entry per grid cell")
            }
            Self::Cancelled => write!(f, "the query was cancelled"),
            Self::InvalidChunkSize { size, max } => {
                write!(f, "HPA* chunk size {size} is invalid: it must be 1..={max}")
            }
            Self::GridChanged { expected, found } => write!(
                f,
                "the grid was edited during the search (began on version {expected}, now {found}); begin again"
            ),
            Self::OtherGrid { expected, found } => write!(
                f,
                "this is not the grid the search began on (that one is {}x{}; this one is {}x{} and its history does not include the search's start: another grid, or edited too often since); pass the same grid or begin again",
                expected.0, expected.1, found.0, found.1
            ),
            Self::WeightTooLarge { weight, estimate } => write!(
                f,
                "heuristic weight {weight} is too large for this grid: times its largest estimate {estimate} it is not finite, so every search key would be infinite"
            ),
            Self::ReplanWeight { value } => write!(
                f,
                "heuristic weight {value} is invalid for a replanner: LPA* and D* Lite need weight 1"
            ),
            Self::StaleClearance { grid_revision } => write!(
                f,
                "the clearance map is not current for this grid (revision {grid_revision}): refresh it first"
            ),
            Self::NotReplanned { reason } => write!(
                f,
                "the replanner's path is not current ({reason}): replan first"
            ),
        }
    }
}

impl core::error::Error for QueryError {}

impl From<CoordinateError> for QueryError {
    fn from(e: CoordinateError) -> Self {
        Self::Coordinate(e)
    }
}
