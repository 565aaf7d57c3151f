//! Target `grid_text`: [`Grid::from_text`] on arbitrary text (the bytes read as UTF-8, invalid
//! sequences replaced).
//!
//! A reference reading of the picture format (`grids.md` text pictures: one row per non-blank
//! line, surrounding white space ignored, `.` open, `#` wall, `1`–`9` areas), written from the
//! documentation, decides what the grid must be. Properties:
//! - `Ok` exactly when the reference accepts; then the size is the reference's (`height` =
//!   non-blank lines, `width` = characters of each), every cell's area is the picture's, and
//!   `to_text` parses back to the same cells.
//! - `Err(TextCharacter)` names a 1-based line and column (in characters) that holds exactly
//!   the reported character, which is not a picture character; `Err(TextRagged)` names a line
//!   whose trimmed length is the reported one.

use onepath::{Cell, Grid, GridError};

/// The area a picture character stands for, or `None`.
fn area_of(c: char) -> Option<u8> {
    match c {
        '.' => Some(0),
        '#' => Some(255),
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

/// The reference reading: `(width, height, cells)` or `None`.
fn reference(text: &str) -> Option<(u32, u32, Vec<u8>)> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let width = rows.first()?.chars().count();
    let mut cells = Vec::new();
    for row in &rows {
        if row.chars().count() != width {
            return None;
        }
        for c in row.chars() {
            cells.push(area_of(c)?);
        }
    }
    let (w, h) = (u32::try_from(width).ok()?, u32::try_from(rows.len()).ok()?);
    (u64::from(w) * u64::from(h) <= onepath::error::MAX_CELLS).then_some((w, h, cells))
}

/// The `grid_text` body: never panics; asserts the properties in the module docs.
pub fn grid_text(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let expected = reference(&text);
    match Grid::from_text(&text) {
        Ok(grid) => {
            let Some((w, h, cells)) = expected else {
                panic!("accepted a picture the reference refuses: {text:?}");
            };
            assert_eq!((grid.width(), grid.height()), (w, h));
            assert_eq!(grid.cells(), cells.as_slice());
            assert_eq!(grid.cell_count() as usize, cells.len());
            for (i, &a) in cells.iter().enumerate() {
                let c = Cell::new((i % w as usize) as i32, (i / w as usize) as i32);
                assert_eq!(grid.area(c), Some(a));
                assert_eq!(grid.is_walkable(c), a != 255);
            }
            let again = Grid::from_text(&grid.to_text()).expect("to_text parses");
            assert_eq!(again.cells(), grid.cells(), "to_text round trip");
            assert_eq!((again.width(), again.height()), (w, h));
        }
        Err(e) => {
            assert!(
                expected.is_none(),
                "refused a valid picture ({e:?}): {text:?}"
            );
            check_error(&text, &e);
        }
    }
}

fn check_error(text: &str, e: &GridError) {
    let line = |n: u32| text.lines().nth((n as usize).wrapping_sub(1));
    match *e {
        GridError::TextCharacter {
            line: n,
            column,
            found,
        } => {
            let l = line(n).unwrap_or_else(|| panic!("{e:?}: no line {n}"));
            let at = l.chars().nth((column as usize).wrapping_sub(1));
            assert_eq!(at, Some(found), "{e:?} in {l:?}");
            assert!(area_of(found).is_none(), "{e:?}");
        }
        GridError::TextRagged {
            line: n,
            expected,
            found,
        } => {
            let l = line(n).unwrap_or_else(|| panic!("{e:?}: no line {n}"));
            assert_eq!(l.trim().chars().count(), found as usize, "{e:?}");
            assert_ne!(expected, found);
        }
        GridError::EmptyDimension { .. } | GridError::TooManyCells { .. } => {}
        _ => panic!("unexpected error kind {e:?}"),
    }
}
