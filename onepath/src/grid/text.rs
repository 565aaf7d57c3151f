//! Text pictures of grids: `.` open (area 0), `#` wall, `1`–`9` area ids 1..=9.

use alloc::string::String;
use alloc::vec::Vec;

use super::cell_store::WALL;
use super::grid::Grid;
use crate::error::GridError;

/// Parses a picture into `(width, height, area bytes)`. Blank lines are skipped and each line is
/// trimmed, so indented raw strings work; errors name the 1-based line and column of the text.
pub(crate) fn parse_picture(text: &str) -> Result<(u32, u32, Vec<u8>), GridError> {
    let mut cells = Vec::new();
    let mut width: Option<u32> = None;
    let mut height: u32 = 0;
    for (line_no, raw) in text.lines().enumerate() {
        let line_no = u32::try_from(line_no + 1).unwrap_or(u32::MAX);
        let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let mut count: u32 = 0;
        for (i, ch) in line.chars().enumerate() {
            let area = match ch {
                '.' => 0,
                '#' => WALL,
                '1'..='9' => ch as u8 - b'0',
                _ => {
                    return Err(GridError::TextCharacter {
                        line: line_no,
                        column: u32::try_from(lead + i + 1).unwrap_or(u32::MAX),
                        found: ch,
                    });
                }
            };
            cells.push(area);
            count = count.saturating_add(1);
        }
        match width {
            None => width = Some(count),
            Some(w) if w != count => {
                return Err(GridError::TextRagged {
                    line: line_no,
                    expected: w,
                    found: count,
                });
            }
            Some(_) => {}
        }
        height = height.saturating_add(1);
        // Bound the work on hostile input: stop as soon as the size is out of range.
        super::cell_store::checked_cell_count(width.unwrap_or(0).max(1), height)?;
    }
    let width = width.unwrap_or(0);
    super::cell_store::checked_cell_count(width, height)?;
    Ok((width, height, cells))
}

/// Renders area bytes as a picture: `.` area 0, `1`–`9`, `#` wall, `+` any other area.
pub(crate) fn render_picture(width: u32, cells: &[u8]) -> String {
    let mut s = String::with_capacity(cells.len() + cells.len() / width.max(1) as usize);
    for row in cells.chunks(width.max(1) as usize) {
        for &a in row {
            s.push(match a {
                0 => '.',
                1..=9 => (b'0' + a) as char,
                WALL => '#',
                _ => '+',
            });
        }
        s.push('\n');
    }
    s
}

impl Grid {
    /// A grid from a text picture: `.` open, `#` wall, `1`–`9` area ids; one line per row.
    /// Blank lines and surrounding white space are ignored.
    ///
    /// # Errors
    ///
    /// [`GridError::TextCharacter`] (line and column) for any other character,
    /// [`GridError::TextRagged`] for a line of another width, size errors as [`Grid::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::Grid::from_text("
    ///     ..#.
    ///     .2#.
    ///     ....
    /// ").unwrap();
    /// assert_eq!((grid.width(), grid.height()), (4, 3));
    /// assert_eq!(grid.area(onepath::Cell::new(1, 1)), Some(2));
    /// ```
    pub fn from_text(text: &str) -> Result<Self, GridError> {
        let (w, h, cells) = parse_picture(text)?;
        Self::from_areas(w, h, cells)
    }

    /// The grid as a text picture (`.` area 0, `1`–`9`, `#` wall, `+` other areas).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(3, 2).unwrap();
    /// grid.set_walkable(Cell::new(1, 0), false).unwrap();
    /// grid.set_area(Cell::new(2, 1), 4).unwrap();
    /// assert_eq!(grid.to_text(), ".#.\n..4\n");
    /// assert_eq!(Grid::from_text(&grid.to_text()).unwrap().cells(), grid.cells()); // round trip
    /// ```
    pub fn to_text(&self) -> String {
        render_picture(self.width(), self.cells())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    #[test]
    fn parses_and_round_trips() {
        let g = Grid::from_text("\n  .#3\n  9..\n").unwrap();
        assert_eq!(g.cells(), &[0, 255, 3, 9, 0, 0]);
        assert_eq!(g.to_text(), ".#3\n9..\n");
        assert_eq!(g.area(Cell::new(2, 0)), Some(3));
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            Grid::from_text("...\n.x.\n"),
            Err(GridError::TextCharacter {
                line: 2,
                column: 2,
                found: 'x'
            })
        );
        assert_eq!(
            Grid::from_text("\n   ..\n   ..0"),
            Err(GridError::TextCharacter {
                line: 3,
                column: 6,
                found: '0'
            })
        );
        assert_eq!(
            Grid::from_text("...\n..\n"),
            Err(GridError::TextRagged {
                line: 2,
                expected: 3,
                found: 2
            })
        );
        assert!(matches!(
            Grid::from_text("\n \n"),
            Err(GridError::EmptyDimension { .. })
        ));
    }
}
