//! Movement rules of the square grid (spec: grids.md, “Movement”): the normative neighbour order,
//! connectivity and the diagonal rule.

/// Four or eight moves per cell.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Connectivity, Grid, GridOptions};
/// let grid = Grid::new(3, 3).unwrap();
/// let (a, b) = (Cell::new(0, 0), Cell::new(2, 2));
/// let four = GridOptions::DEFAULT.with_connectivity(Connectivity::Four);
/// assert_eq!(grid.find_path(a, b, &four).unwrap().cost, 4.0);
/// let eight = GridOptions::DEFAULT; // Connectivity::Eight
/// assert_eq!(grid.find_path(a, b, &eight).unwrap().cost, 2.0 * onepath::math::SQRT2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Connectivity {
    /// North, east, south, west.
    Four,
    /// The four straight moves, then the four diagonals.
    #[default]
    Eight,
}

/// When a diagonal move is legal, judged on its two *beside* cells (the cells sharing an edge
/// with both the start and the target; for north-east: north and east of the start).
///
/// # Examples
///
/// ```
/// use onepath::{Cell, DiagonalRule, Grid, GridOptions};
/// assert!(!DiagonalRule::NoCornerCutting.allows(true, false));
/// assert!(DiagonalRule::NoSqueezing.allows(true, false));
/// // Past a wall corner: cutting it saves a step.
/// let grid = Grid::from_text(".#\n..").unwrap();
/// let (a, b) = (Cell::new(0, 0), Cell::new(1, 1));
/// let strict = GridOptions::DEFAULT; // NoCornerCutting
/// assert_eq!(grid.find_path(a, b, &strict).unwrap().cells.len(), 3);
/// let loose = strict.with_diagonal_rule(DiagonalRule::NoSqueezing);
/// assert_eq!(grid.find_path(a, b, &loose).unwrap().cells.len(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DiagonalRule {
    /// Both beside cells walkable (the Moving AI convention, Sturtevant 2012). Default.
    #[default]
    NoCornerCutting,
    /// At least one beside cell walkable.
    NoSqueezing,
    /// No condition beyond the target being walkable.
    AllowAll,
}

impl DiagonalRule {
    /// Whether a diagonal move is legal given the walkability of its two beside cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::DiagonalRule;
    /// assert!(DiagonalRule::NoCornerCutting.allows(true, true));
    /// assert!(!DiagonalRule::NoCornerCutting.allows(true, false));
    /// assert!(DiagonalRule::NoSqueezing.allows(false, true) && !DiagonalRule::NoSqueezing.allows(false, false));
    /// assert!(DiagonalRule::AllowAll.allows(false, false));
    /// ```
    #[inline]
    pub fn allows(self, beside_a: bool, beside_b: bool) -> bool {
        match self {
            Self::NoCornerCutting => beside_a && beside_b,
            Self::NoSqueezing => beside_a || beside_b,
            Self::AllowAll => true,
        }
    }
}

/// The eight directions in normative order: N, E, S, W, NE, SE, SW, NW.
///
/// # Examples
///
/// ```
/// use onepath::grid::Dir8;
/// assert_eq!(Dir8::ALL[0], Dir8::North);
/// assert_eq!(Dir8::NorthEast.offset(), (1, -1)); // y grows downwards
/// assert!(Dir8::SouthWest.is_diagonal() && !Dir8::West.is_diagonal());
/// assert_eq!(Dir8::OFFSETS[Dir8::East as usize], (1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir8 {
    /// (0, -1)
    North = 0,
    /// (1, 0)
    East = 1,
    /// (0, 1)
    South = 2,
    /// (-1, 0)
    West = 3,
    /// (1, -1)
    NorthEast = 4,
    /// (1, 1)
    SouthEast = 5,
    /// (-1, 1)
    SouthWest = 6,
    /// (-1, -1)
    NorthWest = 7,
}

impl Dir8 {
    /// All eight in normative order; a four-connected grid uses the first four.
    pub const ALL: [Dir8; 8] = [
        Dir8::North,
        Dir8::East,
        Dir8::South,
        Dir8::West,
        Dir8::NorthEast,
        Dir8::SouthEast,
        Dir8::SouthWest,
        Dir8::NorthWest,
    ];

    /// (dx, dy) of each direction, indexed by `Dir8 as usize`.
    pub const OFFSETS: [(i32, i32); 8] = [
        (0, -1),
        (1, 0),
        (0, 1),
        (-1, 0),
        (1, -1),
        (1, 1),
        (-1, 1),
        (-1, -1),
    ];

    /// (dx, dy) of this direction.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::Dir8;
    /// assert_eq!(Dir8::North.offset(), (0, -1)); // y grows downwards
    /// assert_eq!(Dir8::SouthWest.offset(), (-1, 1));
    /// ```
    #[inline]
    pub const fn offset(self) -> (i32, i32) {
        Self::OFFSETS[self as usize]
    }

    /// Whether this is one of the four diagonals.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::Dir8;
    /// assert_eq!(Dir8::ALL.iter().filter(|d| d.is_diagonal()).count(), 4);
    /// ```
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        (self as u8) >= 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_normative() {
        assert_eq!(
            Dir8::OFFSETS,
            [
                (0, -1),
                (1, 0),
                (0, 1),
                (-1, 0),
                (1, -1),
                (1, 1),
                (-1, 1),
                (-1, -1)
            ]
        );
        for (i, d) in Dir8::ALL.iter().enumerate() {
            assert_eq!(*d as usize, i);
            assert_eq!(d.is_diagonal(), i >= 4);
        }
    }

    #[test]
    fn diagonal_rules() {
        use DiagonalRule::*;
        assert!(NoCornerCutting.allows(true, true));
        assert!(!NoCornerCutting.allows(true, false));
        assert!(NoSqueezing.allows(false, true));
        assert!(!NoSqueezing.allows(false, false));
        assert!(AllowAll.allows(false, false));
    }
}
