//! Moving AI benchmark files (Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG
//! 4(2), 2012): `.map` grids and `.scen` scenario lists.
//!
//! - [`MovingAiMap::parse`] reads a `.map` file (`type`, `height`, `width`, `map`, then the rows).
//!   `.` and `G` are walkable; `@`, `O` and `T` are blocked; `S` (swamp) is walkable and `W`
//!   (water) blocked by default, both configurable through [`MovingAiOptions`].
//! - [`MovingAiScenarios::parse`] reads a `.scen` file (`version 1` or `version 1.0`, then one
//!   line of 9 tab- or space-separated fields per scenario; map names with or without folders).
//! - [`files`] reads them from disk and pairs each scenario file with its map.
//!
//! # Robustness contract
//!
//! Both parsers take any bytes. LF and CRLF line ends are accepted. Sizes are bounded
//! ([`MAX_SIDE`] per side, [`MAX_CELLS`] cells) and checked before anything is allocated, and the
//! map's cells are allocated only once the input is long enough to hold every row (otherwise
//! rows are read one by one until the one that is missing). Malformed input returns a
//! [`GridFormatError`] with the 1-based line number; nothing panics.

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

/// Parses a plain decimal integer (digits only, no sign) that fits in a `u32`.
fn parse_u32(field: &[u8]) -> Option<u32> {
    if field.is_empty() {
        return None;
    }
    let mut value: u32 = 0;
    for &b in field {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u32::from(b - b'0'))?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::{Lines, fields, parse_u32};

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
    fn parse_u32_is_strict() {
        assert_eq!(parse_u32(b"0"), Some(0));
        assert_eq!(parse_u32(b"007"), Some(7));
        assert_eq!(parse_u32(b"4294967295"), Some(u32::MAX));
        assert_eq!(parse_u32(b"4294967296"), None);
        assert_eq!(parse_u32(b"+1"), None);
        assert_eq!(parse_u32(b"-1"), None);
        assert_eq!(parse_u32(b""), None);
        assert_eq!(parse_u32(b"1.0"), None);
        assert_eq!(parse_u32(&[b'0'; 100]), Some(0));
    }
}
