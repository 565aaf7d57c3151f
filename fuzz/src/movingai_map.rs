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
//!   (`UnexpectedEnd`, `MissingRows`); the other options fail with the same error.

use onepath::Cell;
use onepath_std::movingai::{
    GridFormatError, GridFormatErrorKind, MAX_CELLS, MAX_SIDE, MovingAiMap, MovingAiOptions,
    Terrain,
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
}

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
    match e.kind {
        GridFormatErrorKind::MissingRows { expected, found } => assert!(found < expected),
        GridFormatErrorKind::RowLength { expected, found } => assert_ne!(found, expected),
        GridFormatErrorKind::InvalidTerrain { byte, .. } => {
            assert!(Terrain::from_byte(byte).is_none());
        }
        GridFormatErrorKind::SizeOutOfRange { value, max, .. } => {
            assert!(value == 0 || value > max);
        }
        GridFormatErrorKind::TooManyCells { cells, max } => assert!(cells > max),
        _ => {}
    }
}
