//! [`GridRect`]: a non-empty rectangle of cells inside a grid, as the edit journal reports it,
//! and the bounds check every rectangle edit shares.

use crate::error::GridError;

/// A non-empty rectangle of grid cells: columns `x .. x + width`, rows `y .. y + height`.
///
/// The edit journal reports one per edit: the smallest rectangle containing every cell that
/// edit changed (cells inside it may be unchanged).
///
/// # Invariants
///
/// `width >= 1`, `height >= 1`; `x + width` and `y + height` do not overflow `u32` (they are at
/// most the grid's width and height when the rectangle came from a grid).
///
/// # Examples
///
/// ```
/// use onepath::grid::GridRect;
/// let a = GridRect { x: 1, y: 1, width: 2, height: 3 };
/// assert_eq!((a.right(), a.bottom(), a.area()), (3, 4, 6));
/// assert!(a.contains(2, 3) && !a.contains(3, 3));
/// assert_eq!(a.union(&GridRect::cell(5, 0)), GridRect { x: 1, y: 0, width: 5, height: 4 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridRect {
    /// Leftmost column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Columns (at least 1).
    pub width: u32,
    /// Rows (at least 1).
    pub height: u32,
}

impl GridRect {
    /// The rectangle of a single cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::GridRect;
    /// assert_eq!(GridRect::cell(4, 2), GridRect { x: 4, y: 2, width: 1, height: 1 });
    /// ```
    pub const fn cell(x: u32, y: u32) -> Self {
        Self {
            x,
            y,
            width: 1,
            height: 1,
        }
    }

    /// The smallest rectangle containing the inclusive corners `(x0, y0)` and `(x1, y1)`
    /// (`x0 <= x1`, `y0 <= y1`).
    pub(crate) const fn from_corners(x0: u32, y0: u32, x1: u32, y1: u32) -> Self {
        Self {
            x: x0,
            y: y0,
            width: x1 - x0 + 1,
            height: y1 - y0 + 1,
        }
    }

    /// One past the rightmost column.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::GridRect;
    /// assert_eq!(GridRect { x: 2, y: 0, width: 3, height: 1 }.right(), 5);
    /// ```
    #[inline]
    pub const fn right(&self) -> u32 {
        self.x + self.width
    }

    /// One past the bottom row.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::GridRect;
    /// assert_eq!(GridRect { x: 0, y: 4, width: 1, height: 2 }.bottom(), 6);
    /// ```
    #[inline]
    pub const fn bottom(&self) -> u32 {
        self.y + self.height
    }

    /// Number of cells (`width * height`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::GridRect;
    /// assert_eq!(GridRect { x: 0, y: 0, width: 3, height: 4 }.area(), 12);
    /// ```
    #[inline]
    pub const fn area(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    /// Whether the cell at column `x`, row `y` lies inside.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::GridRect;
    /// let r = GridRect { x: 2, y: 2, width: 2, height: 1 };
    /// assert!(r.contains(3, 2) && !r.contains(4, 2) && !r.contains(2, 3));
    /// ```
    #[inline]
    pub const fn contains(&self, x: u32, y: u32) -> bool {
        x >= self.x && x < self.right() && y >= self.y && y < self.bottom()
    }

    /// The smallest rectangle containing both.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::GridRect;
    /// let a = GridRect::cell(1, 1);
    /// assert_eq!(a.union(&GridRect::cell(3, 0)), GridRect { x: 1, y: 0, width: 3, height: 2 });
    /// ```
    #[must_use]
    pub fn union(&self, other: &Self) -> Self {
        let x0 = self.x.min(other.x);
        let y0 = self.y.min(other.y);
        let x1 = self.right().max(other.right());
        let y1 = self.bottom().max(other.bottom());
        Self {
            x: x0,
            y: y0,
            width: x1 - x0,
            height: y1 - y0,
        }
    }
}

/// Checks an edit rectangle against a `grid_width × grid_height` grid.
///
/// The rectangle must lie inside: `0 <= x`, `0 <= y`, `x + width <= grid_width`,
/// `y + height <= grid_height` (so an empty rectangle may sit on the far edge). Returns
/// `Ok(None)` for an empty rectangle (`width == 0` or `height == 0`).
pub(crate) fn check_edit_rect(
    x: i32,
    y: i32,
    width: u32,
    height: u32,
    grid_width: u32,
    grid_height: u32,
) -> Result<Option<GridRect>, GridError> {
    let fits = x >= 0
        && y >= 0
        && u64::from(x as u32) + u64::from(width) <= u64::from(grid_width)
        && u64::from(y as u32) + u64::from(height) <= u64::from(grid_height);
    if !fits {
        return Err(GridError::RectOutOfBounds {
            x,
            y,
            width,
            height,
            grid_width,
            grid_height,
        });
    }
    Ok((width > 0 && height > 0).then_some(GridRect {
        x: x as u32,
        y: y as u32,
        width,
        height,
    }))
}

/// What a rectangle edit writes: one area everywhere, or a row-major source of the rectangle's
/// size.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RectSource<'a> {
    Fill(u8),
    Areas(&'a [u8]),
}

/// Validates and performs a rectangle edit on row-major `cells` of a grid `grid_width` wide and
/// `grid_height` high. Every check happens before the first write. Returns the smallest
/// rectangle containing the cells that changed, or `None` when nothing changed.
pub(crate) fn write_rect(
    cells: &mut [u8],
    grid: (u32, u32),
    (x, y, width, height): (i32, i32, u32, u32),
    source: RectSource<'_>,
) -> Result<Option<GridRect>, GridError> {
    let rect = check_edit_rect(x, y, width, height, grid.0, grid.1)?;
    if let RectSource::Areas(src) = source {
        let expected = u64::from(width) * u64::from(height);
        if src.len() as u64 != expected {
            return Err(GridError::RectSourceLength {
                expected,
                actual: src.len() as u64,
            });
        }
    }
    let Some(rect) = rect else {
        return Ok(None);
    };
    let gw = grid.0 as usize;
    // Inclusive bounds of the changed cells; (max, max, 0, 0) = nothing changed yet.
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0u32, 0u32);
    for dy in 0..rect.height {
        let row = (rect.y + dy) as usize * gw + rect.x as usize;
        for dx in 0..rect.width {
            let area = match source {
                RectSource::Fill(a) => a,
                RectSource::Areas(src) => src[(dy * rect.width + dx) as usize],
            };
            let cell = &mut cells[row + dx as usize];
            if *cell != area {
                *cell = area;
                let (cx, cy) = (rect.x + dx, rect.y + dy);
                x0 = x0.min(cx);
                y0 = y0.min(cy);
                x1 = x1.max(cx);
                y1 = y1.max(cy);
            }
        }
    }
    Ok((x0 != u32::MAX).then(|| GridRect::from_corners(x0, y0, x1, y1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn bounds_are_checked_before_any_write() {
        assert_eq!(
            check_edit_rect(0, 0, 3, 2, 3, 2),
            Ok(Some(GridRect::from_corners(0, 0, 2, 1)))
        );
        assert_eq!(check_edit_rect(3, 2, 0, 0, 3, 2), Ok(None));
        assert!(check_edit_rect(1, 1, 0, 5, 3, 2).is_err());
        assert!(check_edit_rect(-1, 0, 0, 0, 3, 2).is_err());
        assert!(check_edit_rect(0, 0, u32::MAX, 1, 3, 2).is_err());
        assert!(check_edit_rect(i32::MAX, 0, u32::MAX, 1, u32::MAX, 2).is_err());
        let mut cells = vec![0u8; 6];
        let e = write_rect(
            &mut cells,
            (3, 2),
            (0, 0, 2, 2),
            RectSource::Areas(&[1, 2, 3]),
        );
        assert_eq!(
            e,
            Err(GridError::RectSourceLength {
                expected: 4,
                actual: 3
            })
        );
        assert_eq!(cells, vec![0; 6]);
        assert!(write_rect(&mut cells, (3, 2), (2, 1, 2, 1), RectSource::Fill(9)).is_err());
        assert_eq!(cells, vec![0; 6]);
    }

    #[test]
    fn reports_the_bounding_box_of_changed_cells() {
        let mut cells = vec![0u8; 12]; // 4 × 3
        let r = write_rect(
            &mut cells,
            (4, 3),
            (0, 0, 4, 3),
            RectSource::Areas(&[
                0, 0, 0, 0, //
                0, 0, 5, 0, //
                0, 7, 0, 0,
            ]),
        );
        assert_eq!(r, Ok(Some(GridRect::from_corners(1, 1, 2, 2))));
        assert_eq!(cells[6], 5);
        assert_eq!(cells[9], 7);
        let r = write_rect(
            &mut cells,
            (4, 3),
            (1, 1, 2, 2),
            RectSource::Areas(&[0, 5, 7, 0]),
        );
        assert_eq!(r, Ok(None));
        let r = write_rect(&mut cells, (4, 3), (0, 0, 0, 3), RectSource::Fill(1));
        assert_eq!(r, Ok(None));
    }

    #[test]
    fn union_and_contains() {
        let a = GridRect::cell(2, 3);
        let b = GridRect::from_corners(0, 5, 1, 6);
        let u = a.union(&b);
        assert_eq!(u, GridRect::from_corners(0, 3, 2, 6));
        assert!(u.contains(0, 3) && u.contains(2, 6) && !u.contains(3, 3) && !u.contains(0, 7));
        assert_eq!(u.area(), 12);
        assert_eq!((u.right(), u.bottom()), (3, 7));
    }
}
