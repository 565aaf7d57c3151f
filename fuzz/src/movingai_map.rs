//! Target `movingai_map`: [`MovingAiMap::parse`] on arbitrary bytes.
//!
//! Properties:
//! - `Ok`: both sides in `1..=MAX_SIDE`, `width * height <= MAX_CELLS`, exactly
//!   `width * height` terrain letters, the input has at least the 4 header lines plus one per
//!   row; walkability agrees with the letters and the options; [`MovingAiMap::to_grid`] gives
//!   a grid of the same size and walkability; printing the map back (`type … map` + `to_rows`)
//!   and parsing it gives the same map; the other terrain options accept the same input with
//!   the same letters.
//! - `Err`: the line is `1..=lines`, or `lines + 1` only for the end-of-input errors
//!   (`UnexpectedEnd`, `MissingRows`); the other options fail with the same error; a size out
//!   of range is quoted as digits that are 0 or above the bound; the message stays short
//!   whatever the input (quotes are cut at 40 characters).
//! - A byte order mark put before an input that has none changes nothing: the same map, or
//!   the same error on the same line.

use onepath::Cell;
use onepath_std::movingai::{
    GridFormatError, GridFormatErrorKind, MAX_CELLS, MAX_SIDE, MovingAiMap, MovingAiOptions,
    QUOTE_MAX_CHARS, Quoted, Terrain,
};

use crate::lines::line_count;

/// The `movingai_map` body: never panics; asserts the properties in the module docs.
pub fn movingai_map(data: &[u8]) {
    let lines = line_count(data);
    let swapped = MovingAiOptions::DEFAULT
        .with_swamp_walkable(false)
        .with_water_walkable(true);
    let default = MovingAiMap::parse(data, &MovingAiOptions::DEFAULT);
    let other = MovingAiMap::parse(data, &swapped);
    match (default, other) {
        (Ok(map), Ok(other)) => {
            check_map(&map, lines);
            check_map(&other, lines);
            assert_eq!(
                map.terrain_bytes(),
                other.terrain_bytes(),
                "options changed letters"
            );
            assert_eq!(map.map_type(), other.map_type());
        }
        (Err(e), Err(other)) => {
            check_error(e, lines);
            assert_eq!(e, other, "the terrain options changed the error");
        }
        (a, b) => panic!("the terrain options changed acceptance: {a:?} vs {b:?}"),
    }
    if !data.starts_with(BOM) {
        let marked = [BOM, data].concat();
        assert_eq!(
            MovingAiMap::parse(&marked, &MovingAiOptions::DEFAULT),
            MovingAiMap::parse(data, &MovingAiOptions::DEFAULT),
            "a byte order mark changed the result"
        );
    }
}

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

fn check_map(map: &MovingAiMap, lines: u64) {
    let (w, h) = (map.width(), map.height());
    assert!(
        (1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h),
        "{w} x {h}"
    );
    let cells = u64::from(w) * u64::from(h);
    assert!(cells <= MAX_CELLS, "{cells} cells");
    assert_eq!(map.terrain_bytes().len() as u64, cells);
    assert_eq!(map.terrain_cells().len() as u64, cells);
    assert!(lines >= 4 + u64::from(h), "{h} rows in {lines} lines");
    assert!(!map.map_type().is_empty());
    assert!(map.map_type().bytes().all(|b| b.is_ascii_graphic()));

    let options = *map.options();
    let walkable = map.walkable();
    let areas = map.area_bytes();
    let mut count = 0;
    for (i, &letter) in map.terrain_bytes().iter().enumerate() {
        let terrain = Terrain::from_byte(letter);
        assert!(terrain.is_some(), "letter {letter:#x} kept");
        let (x, y) = ((i % w as usize) as u32, (i / w as usize) as u32);
        assert_eq!(map.terrain(x, y), terrain);
        let open = terrain.is_some_and(|t| options.is_walkable(t));
        assert_eq!(map.is_walkable(x, y), open);
        assert_eq!(walkable[i], open);
        assert_eq!(areas[i], if open { 0 } else { 255 });
        count += usize::from(open);
    }
    assert_eq!(map.walkable_count(), count);
    assert_eq!(map.terrain(w, 0), None);
    assert_eq!(map.terrain(0, h), None);
    assert!(!map.is_walkable(w, h));

    let grid = map.to_grid().expect("a parsed map fits the core's bounds");
    assert_eq!((grid.width(), grid.height()), (w, h));
    for (i, &open) in walkable.iter().enumerate() {
        let c = Cell::new((i % w as usize) as i32, (i / w as usize) as i32);
        assert_eq!(grid.is_walkable(c), open);
    }

    let mut text = format!("type {}\nheight {h}\nwidth {w}\nmap\n", map.map_type()).into_bytes();
    text.extend_from_slice(map.to_rows().as_bytes());
    let again = MovingAiMap::parse(&text, &options).expect("a printed map parses");
    assert_eq!(&again, map, "print-parse round trip");
}

fn check_error(e: GridFormatError, lines: u64) {
    let at_end = matches!(
        e.kind,
        GridFormatErrorKind::UnexpectedEnd { .. } | GridFormatErrorKind::MissingRows { .. }
    );
    let last = if at_end { lines + 1 } else { lines };
    assert!((1..=last).contains(&e.line), "{e:?} in {lines} lines");
    check_message(&e);
    match e.kind {
        GridFormatErrorKind::MissingRows { expected, found } => assert!(found < expected),
        GridFormatErrorKind::RowLength { expected, found } => assert_ne!(found, expected),
        GridFormatErrorKind::InvalidTerrain { found, .. } => {
            assert!(!found.is_ascii() || Terrain::from_byte(found as u8).is_none());
        }
        GridFormatErrorKind::InvalidUtf8 { byte, .. } => assert!(!byte.is_ascii()),
        GridFormatErrorKind::SizeOutOfRange { found, max, .. } => {
            assert!(out_of_range(&found, 1, max), "{e:?}");
        }
        GridFormatErrorKind::TooManyCells { cells, max } => assert!(cells > max),
        _ => {}
    }
}

/// Longest message an error may print: its fixed words and line number (under 100) plus a
/// quote of at most 64 bytes, escaped: 40 one-byte controls as `\u{1b}` (240), or fewer wider
/// characters with longer escapes (21 × `\u{feff}`, 16 × `\u{10ffff}`).
const MAX_MESSAGE_CHARS: usize = 400;

/// The message is short whatever the input was (shared with `movingai_scen`).
pub(crate) fn check_message(e: &GridFormatError) {
    let message = e.to_string();
    assert!(
        message.chars().count() <= MAX_MESSAGE_CHARS,
        "{} characters: {message}",
        message.chars().count()
    );
    assert!(
        message.starts_with(&format!("line {}: ", e.line)),
        "{message}"
    );
}

/// Whether `found` is what an out-of-range number must quote: digits only (at most 40 kept),
/// and either cut (more than 40 digits, so above any bound a `u32` can state, unless they are
/// all zeros) or a value outside `min..=max`.
pub(crate) fn out_of_range(found: &Quoted, min: u32, max: u32) -> bool {
    let digits = found.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    assert!(digits.chars().count() <= QUOTE_MAX_CHARS);
    if found.is_truncated() {
        return true;
    }
    let significant = digits.trim_start_matches('0');
    if significant.len() > 10 {
        return true;
    }
    let value: u64 = significant.parse().unwrap_or(0);
    value < u64::from(min) || value > u64::from(max)
}
