//! The [`Jumper`] trait and the cell-by-cell [`OnlineJumper`].

use super::rules::JumpRules;
use crate::grid::{Cell, Dir8, Grid};

/// Finds the next jump point from a node in one direction (tier 3). From (x, y) it walks in
/// `dir` until it reaches the goal, or (straight) a cell with a forced neighbour, or
/// (diagonal) a cell whose straight scan along one of its two cardinal components finds such a
/// cell or the goal; a wall (or a diagonal step whose side cells are not both free) ends the
/// walk with `None`. The result is the cell and the number of unit steps.
///
/// # Examples
///
/// ```
/// use onepath::grid::Dir8;
/// use onepath::jps::{BlockJumper, BlockMap, JpsPlusIndex, Jumper, OnlineJumper, TableJumper};
/// use onepath::Grid;
/// // Moving east along row 1, (2, 1) has a forced neighbour: (2, 0) is open past the wall (1, 0).
/// let grid = Grid::from_text(".#...\n.....").unwrap();
/// let (map, index) = (BlockMap::new(&grid), JpsPlusIndex::new(&grid).unwrap());
/// let jumpers: [&dyn Jumper; 3] = [&OnlineJumper::new(&grid), &BlockJumper::new(&map), &TableJumper::new(&index)];
/// for j in jumpers {
///     assert_eq!(j.jump(0, 1, Dir8::East, (4, 1)), Some((2, 1, 2))); // every jumper agrees
/// }
/// ```
pub trait Jumper {
    /// The next jump point from (x, y) in `dir`, towards `goal`.
    fn jump(&self, x: i32, y: i32, dir: Dir8, goal: (i32, i32)) -> Option<(i32, i32, u32)>;
}

/// The reference jumper: walks cell by cell over the grid (Harabor & Grastien 2011).
///
/// # Examples
///
/// ```
/// # use onepath::grid::Dir8;
/// # use onepath::Grid;
/// # let grid = Grid::from_text(".#...\n.....").unwrap();
/// use onepath::jps::{Jumper, OnlineJumper};
/// let j = OnlineJumper::new(&grid);
/// assert_eq!(j.jump(2, 1, Dir8::East, (4, 1)), Some((4, 1, 2))); // reaches the goal
/// assert_eq!(j.jump(0, 0, Dir8::East, (4, 1)), None); // straight into the wall
/// ```
#[derive(Clone, Copy, Debug)]
pub struct OnlineJumper<'g> {
    grid: &'g Grid,
}

impl<'g> OnlineJumper<'g> {
    /// A jumper over `grid` (walls are area 255; agent size 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::Dir8;
    /// use onepath::jps::{Jumper, OnlineJumper};
    /// use onepath::Grid;
    /// let grid = Grid::new(6, 1).unwrap();
    /// assert_eq!(OnlineJumper::new(&grid).jump(0, 0, Dir8::East, (5, 0)), Some((5, 0, 5)));
    /// ```
    pub fn new(grid: &'g Grid) -> Self {
        Self { grid }
    }

    #[inline]
    fn walk(&self, x: i32, y: i32) -> bool {
        self.grid.is_walkable(Cell::new(x, y))
    }

    fn straight(
        &self,
        mut x: i32,
        mut y: i32,
        dir: Dir8,
        goal: (i32, i32),
    ) -> Option<(i32, i32, u32)> {
        let (dx, dy) = dir.offset();
        let walk = |x, y| self.walk(x, y);
        let mut steps = 0;
        loop {
            x += dx;
            y += dy;
            if !self.walk(x, y) {
                return None;
            }
            steps += 1;
            if (x, y) == goal || JumpRules::has_forced(&walk, x, y, dir) {
                return Some((x, y, steps));
            }
        }
    }
}

impl Jumper for OnlineJumper<'_> {
    fn jump(&self, x: i32, y: i32, dir: Dir8, goal: (i32, i32)) -> Option<(i32, i32, u32)> {
        if dir.is_diagonal() {
            let straight = |x, y, d| self.straight(x, y, d, goal).is_some();
            diagonal_jump(|x, y| self.walk(x, y), straight, x, y, dir, goal)
        } else {
            self.straight(x, y, dir, goal)
        }
    }
}

/// The diagonal run shared by every cell-stepping jumper: step while both side cells and the
/// target are free; stop at the goal or at a cell whose straight scan along one of the two
/// cardinal components finds something (`straight(x, y, dir)`).
pub(crate) fn diagonal_jump(
    walk: impl Fn(i32, i32) -> bool,
    straight: impl Fn(i32, i32, Dir8) -> bool,
    x: i32,
    y: i32,
    dir: Dir8,
    goal: (i32, i32),
) -> Option<(i32, i32, u32)> {
    let (dx, dy) = dir.offset();
    let (h, v) = (horizontal(dx), vertical(dy));
    let (mut x, mut y, mut steps) = (x, y, 0);
    loop {
        if !(walk(x + dx, y) && walk(x, y + dy) && walk(x + dx, y + dy)) {
            return None;
        }
        x += dx;
        y += dy;
        steps += 1;
        if (x, y) == goal || straight(x, y, h) || straight(x, y, v) {
            return Some((x, y, steps));
        }
    }
}

/// East or west.
pub(crate) fn horizontal(dx: i32) -> Dir8 {
    if dx > 0 { Dir8::East } else { Dir8::West }
}

/// South or north.
pub(crate) fn vertical(dy: i32) -> Dir8 {
    if dy > 0 { Dir8::South } else { Dir8::North }
}
