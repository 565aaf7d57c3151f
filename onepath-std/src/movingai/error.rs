//! The error every Moving AI parser returns: the 1-based line and what was wrong there.

use core::fmt;

use super::Quoted;

/// A malformed `.map` or `.scen` file: the line where parsing stopped and why.
///
/// Lines are counted from 1, as an editor shows them; line 0 is never produced. Both LF and CRLF
/// line ends count as one line end, and a byte order mark does not count as a line. Where the
/// message shows what the file held, it quotes at most 40 characters of it ([`Quoted`]), so the
/// error stays small and `Copy` and is returned from any input without allocating.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::{GridFormatErrorKind, MovingAiMap, MovingAiOptions};
///
/// let err = MovingAiMap::parse("type octile\nheight 2\nwidth x\nmap\n", &MovingAiOptions::DEFAULT)
///     .unwrap_err();
/// assert_eq!(err.line, 3);
/// assert!(matches!(err.kind, GridFormatErrorKind::InvalidNumber { field: "width", .. }));
/// assert_eq!(err.to_string(), "line 3: width `x` is not a decimal integer");
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

/// What was wrong with a Moving AI file. Every variant names the value (quoting the file where
/// the value is text) and, where there is one, the bound it broke.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::{GridFormatErrorKind, MovingAiMap, MovingAiOptions};
/// let e = MovingAiMap::parse("type octile\nheight 2\nwidth 2\nmap\n..\n", &MovingAiOptions::DEFAULT).unwrap_err();
/// assert!(matches!(e.kind, GridFormatErrorKind::MissingRows { expected: 2, found: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridFormatErrorKind {
    /// The file ended before the header line `expected` (`type`, `height`, `width`, `map`, or
    /// the scenario `version` line).
    UnexpectedEnd {
        /// The header keyword that was still missing.
        expected: &'static str,
    },
    /// The first line of a `.map` file that is not blank is not `type octile` (nor a `type`
    /// line naming another type, which is [`Self::UnsupportedType`]).
    ExpectedType {
        /// The line as written (without surrounding spaces and tabs).
        found: Quoted,
    },
    /// The `.map` header names a map type other than `octile` (`type hex`, `type tile`, …);
    /// only octile maps are read.
    UnsupportedType {
        /// The type as written.
        found: Quoted,
    },
    /// A header line did not start with the keyword the format needs there.
    ExpectedKeyword {
        /// The keyword the format needs at this line.
        expected: &'static str,
        /// The line as written (without surrounding spaces and tabs).
        found: Quoted,
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
        /// The line as written (without surrounding spaces and tabs).
        found: Quoted,
    },
    /// A number is not a plain decimal integer (digits only, no sign, point or exponent).
    InvalidNumber {
        /// The field that held it.
        field: &'static str,
        /// The field as written.
        found: Quoted,
    },
    /// A plain decimal integer that does not fit the field (a scenario's bucket above
    /// `u32::MAX`).
    NumberTooLarge {
        /// The field that held it.
        field: &'static str,
        /// The number as written.
        found: Quoted,
        /// The largest accepted value.
        max: u32,
    },
    /// A map side is 0 or larger than the bound (however many digits it has).
    SizeOutOfRange {
        /// `width` or `height`.
        field: &'static str,
        /// The number as written.
        found: Quoted,
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
        /// The row's length in characters (a byte sequence that is not UTF-8 counts as one,
        /// as an editor shows it; saturated at `u32::MAX`).
        found: u32,
    },
    /// A map row holds a character that is no Moving AI terrain letter.
    InvalidTerrain {
        /// 0-based column of the character within the row (its x coordinate), counted in
        /// characters.
        column: u32,
        /// The character itself.
        found: char,
    },
    /// A map row holds bytes that are not UTF-8 (and so no terrain letter).
    InvalidUtf8 {
        /// 0-based column, counted in characters, where the invalid sequence starts.
        column: u32,
        /// Its first byte.
        byte: u8,
    },
    /// Something other than blank lines follows the last map row.
    TrailingData {
        /// The first such line as written (without surrounding spaces and tabs).
        found: Quoted,
    },
    /// The first line of a scenario file is not `version 1` or `version 1.0`.
    UnsupportedVersion {
        /// The line as written (without surrounding spaces and tabs).
        found: Quoted,
    },
    /// A scenario file has its version line but no scenario line. [`MovingAiScenarios::parse`]
    /// accepts such a file (an empty list); [`MovingAiScenarios::non_empty`] and
    /// [`files::read_non_empty_scenarios`] refuse it with this kind, at line 2.
    ///
    /// [`MovingAiScenarios::parse`]: super::MovingAiScenarios::parse
    /// [`MovingAiScenarios::non_empty`]: super::MovingAiScenarios::non_empty
    /// [`files::read_non_empty_scenarios`]: super::files::read_non_empty_scenarios
    NoScenarios,
    /// A scenario line does not have exactly 9 whitespace-separated fields.
    FieldCount {
        /// Always 9.
        expected: u32,
        /// Fields found (saturated at `u32::MAX`).
        found: u32,
    },
    /// A scenario's map name is empty after its last `/` or `\`.
    EmptyMapName {
        /// The map field as written.
        found: Quoted,
    },
    /// A scenario's optimal length is not a plain non-negative decimal number
    /// (digits with an optional `.` and fraction, no sign or exponent).
    InvalidLength {
        /// The length field as written.
        found: Quoted,
    },
    /// A scenario's start or goal lies outside the width and height the line states.
    CoordinateOutOfRange {
        /// `start x`, `start y`, `goal x` or `goal y`.
        field: &'static str,
        /// The coordinate as written (digits only; it may be too large for any integer type).
        found: Quoted,
        /// The stated map side it must be below.
        bound: u32,
    },
}

impl fmt::Display for GridFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

/// `` `text` ``, or `a blank line` when there is no text.
struct Found<'a>(&'a Quoted);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("a blank line")
        } else {
            write!(f, "`{}`", self.0)
        }
    }
}

impl fmt::Display for GridFormatErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::UnexpectedEnd { expected } => {
                write!(f, "file ended before the `{expected}` line")
            }
            Self::ExpectedType { ref found } => {
                write!(f, "expected `type octile`, found {}", Found(found))
            }
            Self::UnsupportedType { ref found } => write!(
                f,
                "map type `{found}` is not supported: expected `type octile`"
            ),
            Self::ExpectedKeyword {
                expected,
                ref found,
            } => write!(f, "expected a `{expected}` line, found {}", Found(found)),
            Self::DuplicateField { field } => write!(f, "`{field}` appears twice"),
            Self::BadFieldValue { field, ref found } => write!(
                f,
                "`{field}` needs exactly one value, found {}",
                Found(found)
            ),
            Self::InvalidNumber { field, ref found } => {
                write!(f, "{field} `{found}` is not a decimal integer")
            }
            Self::NumberTooLarge {
                field,
                ref found,
                max,
            } => write!(f, "{field} `{found}` is not a number in 0..={max}"),
            Self::SizeOutOfRange {
                field,
                ref found,
                max,
            } => write!(f, "{field} `{found}` is not a number in 1..={max}"),
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
            Self::InvalidTerrain { column, found } => {
                if found.is_ascii_graphic() || found == ' ' {
                    write!(f, "unknown terrain {found:?} at column {column}")
                } else if found.is_ascii() {
                    write!(
                        f,
                        "unknown terrain byte 0x{:02X} at column {column}",
                        found as u32
                    )
                } else {
                    write!(
                        f,
                        "unknown terrain {found:?} (U+{:04X}) at column {column}",
                        found as u32
                    )
                }
            }
            Self::InvalidUtf8 { column, byte } => {
                write!(f, "byte 0x{byte:02X} at column {column} is not UTF-8")
            }
            Self::TrailingData { ref found } => {
                write!(f, "unexpected text `{found}` after the last map row")
            }
            Self::UnsupportedVersion { ref found } => write!(
                f,
                "expected `version 1` or `version 1.0` as the first line, found {}",
                Found(found)
            ),
            Self::NoScenarios => write!(f, "no scenario lines after the `version` line"),
            Self::FieldCount { expected, found } => {
                write!(f, "scenario line has {found} fields, expected {expected}")
            }
            Self::EmptyMapName { ref found } => {
                write!(f, "scenario map name `{found}` is empty after its folders")
            }
            Self::InvalidLength { ref found } => write!(
                f,
                "optimal length `{found}` is not a non-negative decimal number"
            ),
            // Worded as before the quoting (`goal x` 9 …), which onepath-cli's tests match.
            Self::CoordinateOutOfRange {
                field,
                ref found,
                bound,
            } => {
                write!(
                    f,
                    "`{field}` {found} is not below the stated map side {bound}"
                )
            }
        }
    }
}

impl core::error::Error for GridFormatError {}

#[cfg(test)]
mod tests {
    use super::GridFormatError;

    #[test]
    fn the_error_stays_small_enough_to_return_by_value() {
        // clippy's `result_large_err` starts at 128 bytes; the quoted excerpt is inline.
        assert!(
            size_of::<GridFormatError>() <= 128,
            "{}",
            size_of::<GridFormatError>()
        );
    }
}
