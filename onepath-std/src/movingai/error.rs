//! The error every Moving AI parser returns: the 1-based line and what was wrong there.

use core::fmt;

/// A malformed `.map` or `.scen` file: the line where parsing stopped and why.
///
/// Lines are counted from 1, as an editor shows them; line 0 is never produced. Both LF and CRLF
/// line ends count as one line end. The error is small and `Copy`: it holds no text from the
/// file, only numbers and static names, so it can be returned from any input without allocating.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::{GridFormatErrorKind, MovingAiMap, MovingAiOptions};
///
/// let err = MovingAiMap::parse("type octile\nheight 2\nwidth x\nmap\n", &MovingAiOptions::DEFAULT)
///     .unwrap_err();
/// assert_eq!(err.line, 3);
/// assert_eq!(err.kind, GridFormatErrorKind::InvalidNumber { field: "width" });
/// assert_eq!(err.to_string(), "line 3: `width` is not a decimal integer");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridFormatError {
    /// The 1-based line number where the problem was found.
    pub line: u64,
    /// What was wrong on that line.
    pub kind: GridFormatErrorKind,
}

impl GridFormatError {
    /// Creates an error for `line` (1-based).
    pub const fn new(line: u64, kind: GridFormatErrorKind) -> Self {
        Self { line, kind }
    }
}

/// What was wrong with a Moving AI file. Every variant names the value and, where there is one,
/// the bound it broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridFormatErrorKind {
    /// The file ended before the header line `expected` (`type`, `height`, `width`, `map`, or
    /// the scenario `version` line).
    UnexpectedEnd {
        /// The header keyword that was still missing.
        expected: &'static str,
    },
    /// A header line did not start with the keyword the format needs there.
    ExpectedKeyword {
        /// The keyword the format needs at this line.
        expected: &'static str,
    },
    /// A header keyword appeared twice.
    DuplicateField {
        /// The repeated keyword.
        field: &'static str,
    },
    /// A header keyword was followed by no value, or by more than one.
    BadFieldValue {
        /// The keyword whose value was missing or doubled.
        field: &'static str,
    },
    /// The `type` value is not printable ASCII.
    InvalidType,
    /// A number was not a plain decimal integer that fits in 32 bits.
    InvalidNumber {
        /// The field that held it.
        field: &'static str,
    },
    /// A map side is 0 or larger than the bound.
    SizeOutOfRange {
        /// `width` or `height`.
        field: &'static str,
        /// The value in the file (saturated at `u32::MAX`).
        value: u32,
        /// The largest accepted value.
        max: u32,
    },
    /// `width × height` exceeds the cell bound.
    TooManyCells {
        /// The product of the two sides.
        cells: u64,
        /// The largest accepted product (2^28).
        max: u64,
    },
    /// The file ended before all map rows were read.
    MissingRows {
        /// Rows the header promised.
        expected: u32,
        /// Rows present.
        found: u32,
    },
    /// A map row is not exactly `width` characters long (the line end not counted).
    RowLength {
        /// The header's width.
        expected: u32,
        /// The row's length in bytes (saturated at `u32::MAX`).
        found: u32,
    },
    /// A map row holds a byte that is no Moving AI terrain letter.
    InvalidTerrain {
        /// 0-based column of the byte within the row.
        column: u32,
        /// The byte itself.
        byte: u8,
    },
    /// Something other than blank lines follows the last map row.
    TrailingData,
    /// The first line of a scenario file is not `version 1` or `version 1.0`.
    UnsupportedVersion,
    /// A scenario line does not have exactly 9 whitespace-separated fields.
    FieldCount {
        /// Always 9.
        expected: u32,
        /// Fields found (saturated at `u32::MAX`).
        found: u32,
    },
    /// A scenario's map name is empty after its last `/` or `\`.
    EmptyMapName,
    /// A scenario's optimal length is not a plain non-negative decimal number
    /// (digits with an optional `.` and fraction, no sign or exponent).
    InvalidLength,
    /// A scenario's start or goal lies outside the width and height the line states.
    CoordinateOutOfRange {
        /// `start x`, `start y`, `goal x` or `goal y`.
        field: &'static str,
        /// The value in the file.
        value: u32,
        /// The stated map side it must be below.
        bound: u32,
    },
}

impl fmt::Display for GridFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl fmt::Display for GridFormatErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::UnexpectedEnd { expected } => {
                write!(f, "file ended before the `{expected}` line")
            }
            Self::ExpectedKeyword { expected } => write!(f, "expected a `{expected}` line"),
            Self::DuplicateField { field } => write!(f, "`{field}` appears twice"),
            Self::BadFieldValue { field } => write!(f, "`{field}` needs exactly one value"),
            Self::InvalidType => write!(f, "`type` value is not printable ASCII"),
            Self::InvalidNumber { field } => write!(f, "`{field}` is not a decimal integer"),
            Self::SizeOutOfRange { field, value, max } => {
                write!(f, "`{field}` {value} is outside 1..={max}")
            }
            Self::TooManyCells { cells, max } => {
                write!(f, "map has {cells} cells, more than the limit {max}")
            }
            Self::MissingRows { expected, found } => {
                write!(f, "file ended after {found} of {expected} map rows")
            }
            Self::RowLength { expected, found } => {
                write!(
                    f,
                    "map row has {found} characters, expected width {expected}"
                )
            }
            Self::InvalidTerrain { column, byte } => {
                if byte.is_ascii_graphic() || byte == b' ' {
                    write!(f, "unknown terrain {:?} at column {column}", byte as char)
                } else {
                    write!(f, "unknown terrain byte 0x{byte:02X} at column {column}")
                }
            }
            Self::TrailingData => write!(f, "unexpected text after the last map row"),
            Self::UnsupportedVersion => {
                write!(f, "expected `version 1` or `version 1.0` as the first line")
            }
            Self::FieldCount { expected, found } => {
                write!(f, "scenario line has {found} fields, expected {expected}")
            }
            Self::EmptyMapName => write!(f, "scenario map name is empty"),
            Self::InvalidLength => {
                write!(f, "optimal length is not a non-negative decimal number")
            }
            Self::CoordinateOutOfRange {
                field,
                value,
                bound,
            } => {
                write!(
                    f,
                    "`{field}` {value} is not below the stated map side {bound}"
                )
            }
        }
    }
}

impl core::error::Error for GridFormatError {}
