//! Moving AI benchmark files (Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG
//! 4(2), 2012): `.map` grids and `.scen` scenario lists.
//!
//! - [`MovingAiMap::parse`] reads a `.map` file (`type octile`, `height`, `width`, `map`, then
//!   the rows). `.` and `G` are walkable; `@`, `O` and `T` are blocked; `S` (swamp) is walkable
//!   and `W` (water) blocked by default, both configurable through [`MovingAiOptions`].
//! - [`MovingAiScenarios::parse`] reads a `.scen` file (`version 1` or `version 1.0`, then one
//!   line of 9 tab- or space-separated fields per scenario; map names with or without folders).
//! - [`files`] reads them from disk and pairs each scenario file with its map;
//!   [`files::is_map_path`] and [`MovingAiMap::looks_like_map`] tell a tool which files to hand
//!   to the `.map` parser.
//!
//! # Accepted `.map` variations
//!
//! The benchmark files all look alike (`type octile`, `height`, `width`, `map`, LF); files
//! written by other tools and editors differ in ways the parser accepts:
//!
//! - a UTF-8 byte order mark (`EF BB BF`) before the first line;
//! - blank lines (spaces and tabs only) before the `type` line, and after the last row;
//! - LF or CRLF line ends, mixed freely, and no line end after the last row;
//! - the keywords `type`, `height`, `width` and `map`, and the type `octile`, in any letter
//!   case (`TYPE Octile`, `Height 512`);
//! - spaces or tabs, any number, around keywords and values;
//! - `width` before `height`;
//! - leading zeros in the sizes (`height 0512`).
//!
//! Everything else is an error: a first line that is not `type octile` reports "expected
//! `type octile`" with the line it found; another map type (`type hex`) is
//! [`GridFormatErrorKind::UnsupportedType`], never read as octile.
//!
//! `.scen` files may also start with a byte order mark; the version line is matched exactly.
//!
//! # Robustness contract
//!
//! Both parsers take any bytes. Sizes are bounded ([`MAX_SIDE`] per side, [`MAX_CELLS`] cells)
//! and checked before anything is allocated, and the map's cells are allocated only once the
//! input is long enough to hold every row (otherwise rows are read one by one until the one
//! that is missing). Malformed input returns a [`GridFormatError`] with the 1-based line
//! number; nothing panics. Messages quote what the file held, cut to 40 characters
//! ([`Quoted`]); numbers too large for any integer type are quoted as written with the bound
//! they break; row lengths and columns count characters, never bytes.

mod error;
pub mod files;
mod map;
mod quoted;
mod scen;

pub use error::{GridFormatError, GridFormatErrorKind};
pub use map::{MovingAiMap, MovingAiOptions, Terrain};
pub use quoted::{QUOTE_MAX_CHARS, Quoted};
pub use scen::{MovingAiScenarios, Scenario, ScenarioVersion};

/// The largest accepted width or height of a map (2^16).
pub const MAX_SIDE: u32 = 65_536;

/// The largest accepted number of cells in a map (2^28).
pub const MAX_CELLS: u64 = 1 << 28;

/// Splits bytes into lines at `\n`, dropping one trailing `\r` from each line, and counts them
/// from 1. A final empty piece after the last `\n` is not a line.
#[derive(Clone, Debug)]
struct Lines<'a> {
    rest: &'a [u8],
    /// Number of the line returned last (0 before the first).
    line: u64,
}

impl<'a> Lines<'a> {
    const fn new(input: &'a [u8]) -> Self {
        Self {
            rest: input,
            line: 0,
        }
    }

    /// Bytes not yet returned.
    const fn remaining(&self) -> &'a [u8] {
        self.rest
    }

    /// Number of the line that the next call to `next` returns (or would return).
    const fn next_line_number(&self) -> u64 {
        self.line + 1
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (u64, &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        if self.rest.is_empty() {
            return None;
        }
        let (mut line, rest) = match self.rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, &self.rest[self.rest.len()..]),
        };
        if let [head @ .., b'\r'] = line {
            line = head;
        }
        self.rest = rest;
        self.line += 1;
        Some((self.line, line))
    }
}

/// Splits a line into fields separated by runs of spaces and tabs.
fn fields(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b == b' ' || b == b'\t')
        .filter(|f| !f.is_empty())
}

/// True when a line holds nothing but spaces, tabs or a stray `\r`.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

/// Drops a UTF-8 byte order mark from the start of a file.
fn strip_bom(input: &[u8]) -> &[u8] {
    input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input)
}

/// A line without the spaces and tabs around it (what error messages quote).
fn trimmed(line: &[u8]) -> &[u8] {
    let is_space = |b: &u8| *b == b' ' || *b == b'\t';
    let start = line.iter().position(|b| !is_space(b)).unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|b| !is_space(b))
        .map_or(start, |i| i + 1);
    &line[start..end]
}

/// A field read as a plain decimal integer (digits only, no sign).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Number {
    /// Fits in a `u32`.
    Value(u32),
    /// Digits only, but more than `u32::MAX`.
    TooLarge,
    /// Empty, or holds something other than digits.
    NotDigits,
}

/// Parses a plain decimal integer (digits only, no sign), telling a number too large for a
/// `u32` from text that is no number.
fn parse_number(field: &[u8]) -> Number {
    if field.is_empty() || !field.iter().all(u8::is_ascii_digit) {
        return Number::NotDigits;
    }
    let mut value: u32 = 0;
    for &b in field {
        match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(b - b'0')))
        {
            Some(v) => value = v,
            None => return Number::TooLarge,
        }
    }
    Number::Value(value)
}

#[cfg(test)]
mod tests {
    use super::{Lines, Number, fields, parse_number, strip_bom, trimmed};

    #[test]
    fn lines_split_lf_and_crlf_and_count_from_one() {
        let got: Vec<_> = Lines::new(b"a\r\nb\n\nc").collect();
        assert_eq!(
            got,
            vec![
                (1, &b"a"[..]),
                (2, &b"b"[..]),
                (3, &b""[..]),
                (4, &b"c"[..])
            ]
        );
        let got: Vec<_> = Lines::new(b"a\n").collect();
        assert_eq!(got, vec![(1, &b"a"[..])]);
        assert_eq!(Lines::new(b"").count(), 0);
        // A lone CR is a line of its own content, stripped.
        let got: Vec<_> = Lines::new(b"\r\n\r").collect();
        assert_eq!(got, vec![(1, &b""[..]), (2, &b""[..])]);
    }

    #[test]
    fn fields_split_on_tabs_and_space_runs() {
        let got: Vec<_> = fields(b" a\t\tb  c ").collect();
        assert_eq!(got, vec![&b"a"[..], &b"b"[..], &b"c"[..]]);
    }

    #[test]
    fn parse_number_is_strict_and_tells_overflow_apart() {
        assert_eq!(parse_number(b"0"), Number::Value(0));
        assert_eq!(parse_number(b"007"), Number::Value(7));
        assert_eq!(parse_number(b"4294967295"), Number::Value(u32::MAX));
        assert_eq!(parse_number(b"4294967296"), Number::TooLarge);
        assert_eq!(parse_number(&[b'9'; 100]), Number::TooLarge);
        assert_eq!(parse_number(b"+1"), Number::NotDigits);
        assert_eq!(parse_number(b"-1"), Number::NotDigits);
        assert_eq!(parse_number(b""), Number::NotDigits);
        assert_eq!(parse_number(b"1.0"), Number::NotDigits);
        assert_eq!(parse_number(b"99999999999x"), Number::NotDigits);
        assert_eq!(parse_number(&[b'0'; 100]), Number::Value(0));
    }

    #[test]
    fn bom_and_trimming() {
        assert_eq!(strip_bom(b"\xEF\xBB\xBFtype"), b"type");
        assert_eq!(strip_bom(b"\xEF\xBBtype"), b"\xEF\xBBtype");
        assert_eq!(strip_bom(b""), b"");
        assert_eq!(trimmed(b" \ta b\t "), b"a b");
        assert_eq!(trimmed(b" \t "), b"");
        assert_eq!(trimmed(b""), b"");
    }
}
