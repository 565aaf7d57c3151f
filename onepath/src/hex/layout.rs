//! [`HexLayout`]: which rows or columns of the offset array are shifted, and the offset ↔ axial
//! conversions whose formulas [`HexLayout::offset_to_axial`] states (spec: grids.md, “Layout”).

use super::coord::HexCoord;

/// The four offset layouts of a rectangular hex array.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
/// let (a, b) = (Cell::new(0, 0), Cell::new(0, 2));
/// // Two rows down is two steps in every layout whose rows shift...
/// for layout in [HexLayout::PointyOddRow, HexLayout::PointyEvenRow] {
///     let grid = HexGrid::new(3, 3, layout).unwrap();
///     assert_eq!(grid.find_path(a, b, &GridOptions::DEFAULT).unwrap().cost, 2.0);
/// }
/// // ...and in a flat layout, whose columns shift, a straight column line.
/// assert!(!HexLayout::FlatOddColumn.is_pointy());
/// assert_eq!(HexLayout::FlatOddColumn.axial_to_offset(HexLayout::FlatOddColumn.offset_to_axial(0, 2)), (0, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HexLayout {
    /// Pointy-top hexes, odd rows shifted right.
    #[default]
    PointyOddRow,
    /// Pointy-top hexes, even rows shifted right.
    PointyEvenRow,
    /// Flat-top hexes, odd columns shifted down.
    FlatOddColumn,
    /// Flat-top hexes, even columns shifted down.
    FlatEvenColumn,
}

/// Saturating `i64 → i32` (values beyond lie outside every grid).
fn sat(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

impl HexLayout {
    /// All four layouts.
    pub const ALL: [HexLayout; 4] = [
        Self::PointyOddRow,
        Self::PointyEvenRow,
        Self::FlatOddColumn,
        Self::FlatEvenColumn,
    ];

    /// The layout's code in snapshots and in the hex content hash: its position in
    /// [`ALL`](HexLayout::ALL) (0 pointy odd row, 1 pointy even row, 2 flat odd column, 3 flat
    /// even column).
    pub(crate) const fn code(self) -> u8 {
        match self {
            Self::PointyOddRow => 0,
            Self::PointyEvenRow => 1,
            Self::FlatOddColumn => 2,
            Self::FlatEvenColumn => 3,
        }
    }

    /// The layout of a [`code`](HexLayout::code), `None` above 3.
    pub(crate) fn from_code(code: u8) -> Option<Self> {
        Self::ALL.get(usize::from(code)).copied()
    }

    /// Whether hexes are pointy-topped (rows shifted) rather than flat-topped.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::HexLayout;
    /// assert!(HexLayout::PointyEvenRow.is_pointy() && !HexLayout::FlatEvenColumn.is_pointy());
    /// ```
    pub const fn is_pointy(self) -> bool {
        matches!(self, Self::PointyOddRow | Self::PointyEvenRow)
    }

    /// Axial (q, r) of the offset cell (col, row):
    /// - pointy odd: q = col − (row − (row & 1)) / 2, r = row;
    /// - pointy even: q = col − (row + (row & 1)) / 2, r = row;
    /// - flat odd: q = col, r = row − (col − (col & 1)) / 2;
    /// - flat even: q = col, r = row − (col + (col & 1)) / 2.
    ///
    /// Results beyond `i32` saturate; they occur only for offsets within 2^30 of the `i32`
    /// limits, far outside every grid (at most 2^28 cells a side).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexCoord, HexLayout};
    ///
    /// assert_eq!(HexLayout::PointyOddRow.offset_to_axial(3, 5), HexCoord::new(1, 5));
    /// assert_eq!(HexLayout::FlatEvenColumn.offset_to_axial(3, 5), HexCoord::new(3, 3));
    /// ```
    pub fn offset_to_axial(self, col: i32, row: i32) -> HexCoord {
        let (q, r) = self.offset_to_axial_wide(i64::from(col), i64::from(row));
        HexCoord::new(sat(q), sat(r))
    }

    /// [`offset_to_axial`](HexLayout::offset_to_axial) in `i64`, without saturation, for
    /// offsets below 2^62 in magnitude (the world-extent check reaches columns beyond `i32`).
    pub(crate) fn offset_to_axial_wide(self, c: i64, r: i64) -> (i64, i64) {
        match self {
            Self::PointyOddRow => (c - (r - (r & 1)) / 2, r),
            Self::PointyEvenRow => (c - (r + (r & 1)) / 2, r),
            Self::FlatOddColumn => (c, r - (c - (c & 1)) / 2),
            Self::FlatEvenColumn => (c, r - (c + (c & 1)) / 2),
        }
    }

    /// Offset (col, row) of an axial coordinate (the inverse of
    /// [`offset_to_axial`](HexLayout::offset_to_axial)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexCoord, HexLayout};
    /// for layout in HexLayout::ALL {
    ///     assert_eq!(layout.axial_to_offset(layout.offset_to_axial(3, 5)), (3, 5)); // a round trip
    /// }
    /// assert_eq!(HexLayout::PointyOddRow.axial_to_offset(HexCoord::new(1, 5)), (3, 5));
    /// ```
    pub fn axial_to_offset(self, h: HexCoord) -> (i32, i32) {
        let (q, r) = (i64::from(h.q), i64::from(h.r));
        let (c, row) = match self {
            Self::PointyOddRow => (q + (r - (r & 1)) / 2, r),
            Self::PointyEvenRow => (q + (r + (r & 1)) / 2, r),
            Self::FlatOddColumn => (q, r + (q - (q & 1)) / 2),
            Self::FlatEvenColumn => (q, r + (q + (q & 1)) / 2),
        };
        (sat(c), sat(row))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_worked_conversions() {
        // (col 3, row 5)
        assert_eq!(
            HexLayout::PointyOddRow.offset_to_axial(3, 5),
            HexCoord::new(1, 5)
        );
        assert_eq!(
            HexLayout::PointyEvenRow.offset_to_axial(3, 5),
            HexCoord::new(0, 5)
        );
        assert_eq!(
            HexLayout::FlatOddColumn.offset_to_axial(3, 5),
            HexCoord::new(3, 4)
        );
        assert_eq!(
            HexLayout::FlatEvenColumn.offset_to_axial(3, 5),
            HexCoord::new(3, 3)
        );
        // negative rows/columns divide exactly (the numerators are even)
        assert_eq!(
            HexLayout::PointyOddRow.offset_to_axial(0, -3),
            HexCoord::new(2, -3)
        );
        assert_eq!(
            HexLayout::FlatEvenColumn.offset_to_axial(-1, 0),
            HexCoord::new(-1, 0)
        );
    }

    #[test]
    fn round_trips() {
        for layout in HexLayout::ALL {
            for row in -6..7 {
                for col in -6..7 {
                    let a = layout.offset_to_axial(col, row);
                    assert_eq!(
                        layout.axial_to_offset(a),
                        (col, row),
                        "{layout:?} ({col}, {row})"
                    );
                }
            }
        }
    }
}
