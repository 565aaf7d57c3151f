//! [`TableJumper`]: jumps read from a [`JpsPlusIndex`], with goal bounding at query time
//! (Rabin & Silva 2015; spec: grids.md, “Goal bounding at query time”).
//!
//! - Straight: the goal on the line ahead within `|d|` steps is returned directly.
//! - Diagonal: if the goal lies strictly inside the quadrant and
//!   `min(|gx - x|, |gy - y|) <= |d|`, the run stops after that many steps (level with the goal
//!   on one axis), even if the stored jump point lies further.
//! - Otherwise a positive `d` returns the stored jump point and a non-positive one nothing.
//!
//! Stopping early adds nodes plain JPS would not create; it never loses an optimal path and
//! never adds a cheaper one.

use super::jps_plus_index::JpsPlusIndex;
use super::jumper::Jumper;
use crate::grid::Dir8;

/// A jumper reading JPS+ tables.
///
/// # Examples
///
/// ```
/// # use onepath::grid::Dir8;
/// # use onepath::Grid;
/// # let grid = Grid::from_text(".#...\n.....").unwrap();
/// use onepath::jps::{JpsPlusIndex, Jumper, TableJumper};
/// let index = JpsPlusIndex::new(&grid).unwrap(); // precomputed jump distances
/// let j = TableJumper::new(&index);
/// assert_eq!(j.jump(0, 1, Dir8::East, (4, 1)), Some((2, 1, 2)));
/// assert_eq!(j.jump(2, 1, Dir8::East, (3, 1)), Some((3, 1, 1))); // goal bounding: stops on the goal
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TableJumper<'i> {
    index: &'i JpsPlusIndex,
}

impl<'i> TableJumper<'i> {
    /// A jumper over `index`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::Dir8;
    /// use onepath::jps::{JpsPlusIndex, Jumper, TableJumper};
    /// use onepath::Grid;
    /// let grid = Grid::new(10, 1).unwrap();
    /// let index = JpsPlusIndex::new(&grid).unwrap();
    /// assert_eq!(TableJumper::new(&index).jump(0, 0, Dir8::East, (9, 0)), Some((9, 0, 9)));
    /// ```
    pub fn new(index: &'i JpsPlusIndex) -> Self {
        Self { index }
    }
}

impl Jumper for TableJumper<'_> {
    fn jump(&self, x: i32, y: i32, dir: Dir8, goal: (i32, i32)) -> Option<(i32, i32, u32)> {
        let d = self.index.get(x, y, dir);
        let reach = u32::from(d.unsigned_abs());
        let (dx, dy) = dir.offset();
        let (gx, gy) = (goal.0 - x, goal.1 - y);
        if dir.is_diagonal() {
            if gx.signum() == dx && gy.signum() == dy {
                let k = gx.unsigned_abs().min(gy.unsigned_abs());
                if k <= reach {
                    let k = k as i32;
                    return Some((x + k * dx, y + k * dy, k as u32));
                }
            }
        } else {
            // The goal on the line ahead: one offset zero, the other with the step's sign.
            let (along, across) = if dx != 0 {
                (gx * dx, gy)
            } else {
                (gy * dy, gx)
            };
            if across == 0 && along > 0 && along.unsigned_abs() <= reach {
                return Some((goal.0, goal.1, along as u32));
            }
        }
        (d > 0).then(|| {
            let k = i32::from(d);
            (x + k * dx, y + k * dy, k as u32)
        })
    }
}
