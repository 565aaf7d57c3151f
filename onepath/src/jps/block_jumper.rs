//! [`BlockJumper`]: straight scans a word at a time over a [`BlockMap`] (Harabor & Grastien
//! 2014). Stop bits are `~walkable | forced`, where `forced = side & ~(side shifted by one
//! position along the scan)` for the two neighbouring lines (a missing line is blocked), masked
//! to the positions beyond the start; the first set bit (lowest forwards, highest backwards) is
//! the stop, and a goal on the line before it wins. It finds exactly the cells the cell-by-cell
//! [`OnlineJumper`](super::OnlineJumper) finds.

use super::block_map::BlockMap;
use super::jumper::{Jumper, diagonal_jump};
use crate::grid::Dir8;

/// A jumper reading a [`BlockMap`].
///
/// # Examples
///
/// ```
/// # use onepath::grid::Dir8;
/// # use onepath::Grid;
/// # let grid = Grid::from_text(".#...\n.....").unwrap();
/// use onepath::jps::{BlockJumper, BlockMap, Jumper};
/// let map = BlockMap::new(&grid); // walkability as bit rows and columns
/// let j = BlockJumper::new(&map);
/// assert_eq!(j.jump(0, 1, Dir8::East, (4, 1)), Some((2, 1, 2)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BlockJumper<'m> {
    map: &'m BlockMap,
}

#[inline]
fn word(line: Option<&[u64]>, k: usize) -> u64 {
    line.and_then(|l| l.get(k)).copied().unwrap_or(0)
}

/// Scans `line` from position `from` forwards (increasing positions) or backwards. Returns the
/// stop position and whether it is a jump point (`true`) or the goal, or `None` at a wall.
fn scan(
    line: &[u64],
    a: Option<&[u64]>,
    b: Option<&[u64]>,
    from: u32,
    forward: bool,
    goal: Option<u32>,
) -> Option<u32> {
    let words = line.len();
    if forward {
        let start = from + 1;
        let first = (start / 64) as usize;
        for k in first..words {
            let forced = |s: Option<&[u64]>| {
                let w = word(s, k);
                let carry = if k > 0 { word(s, k - 1) >> 63 } else { 0 };
                w & !((w << 1) | carry)
            };
            let mut stop = !line[k] | forced(a) | forced(b);
            if k == first {
                stop &= !0u64 << (start % 64);
            }
            if stop != 0 {
                let pos = 64 * k as u32 + stop.trailing_zeros();
                return finish(line, pos, goal.filter(|&g| g >= start && g <= pos));
            }
        }
        goal.filter(|&g| g >= start)
    } else {
        let start = from.checked_sub(1)?;
        let first = (start / 64) as usize;
        for k in (0..=first).rev() {
            let forced = |s: Option<&[u64]>| {
                let w = word(s, k);
                let carry = word(s, k + 1) & 1;
                w & !((w >> 1) | (carry << 63))
            };
            let mut stop = !line[k] | forced(a) | forced(b);
            if k == first {
                stop &= !0u64 >> (63 - start % 64);
            }
            if stop != 0 {
                let pos = 64 * k as u32 + 63 - stop.leading_zeros();
                return finish(line, pos, goal.filter(|&g| g <= start && g >= pos));
            }
        }
        goal.filter(|&g| g <= start)
    }
}

/// The stop at `pos`: the goal if it comes first, a jump point if `pos` is walkable, else none.
#[inline]
fn finish(line: &[u64], pos: u32, goal: Option<u32>) -> Option<u32> {
    let walkable = line
        .get((pos / 64) as usize)
        .is_some_and(|w| w >> (pos % 64) & 1 != 0);
    match goal {
        // A goal on the stop cell counts only when that cell is walkable (not the wall).
        Some(g) if g != pos || walkable => Some(g),
        _ => walkable.then_some(pos),
    }
}

impl<'m> BlockJumper<'m> {
    /// A jumper over `map`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::Dir8;
    /// use onepath::jps::{BlockJumper, BlockMap, Jumper};
    /// use onepath::Grid;
    /// let grid = Grid::new(100, 1).unwrap();
    /// let map = BlockMap::new(&grid);
    /// assert_eq!(BlockJumper::new(&map).jump(0, 0, Dir8::East, (99, 0)), Some((99, 0, 99))); // word scans
    /// ```
    pub fn new(map: &'m BlockMap) -> Self {
        Self { map }
    }

    fn straight(&self, x: i32, y: i32, dir: Dir8, goal: (i32, i32)) -> Option<(i32, i32, u32)> {
        let m = self.map;
        match dir {
            Dir8::East | Dir8::West => {
                let line = m.row(y)?;
                let g = (goal.1 == y).then_some(goal.0 as u32);
                let pos = scan(
                    line,
                    m.row(y - 1),
                    m.row(y + 1),
                    x as u32,
                    dir == Dir8::East,
                    g,
                )?;
                Some((pos as i32, y, (pos as i32 - x).unsigned_abs()))
            }
            _ => {
                let line = m.col(x)?;
                let g = (goal.0 == x).then_some(goal.1 as u32);
                let pos = scan(
                    line,
                    m.col(x - 1),
                    m.col(x + 1),
                    y as u32,
                    dir == Dir8::South,
                    g,
                )?;
                Some((x, pos as i32, (pos as i32 - y).unsigned_abs()))
            }
        }
    }
}

impl Jumper for BlockJumper<'_> {
    fn jump(&self, x: i32, y: i32, dir: Dir8, goal: (i32, i32)) -> Option<(i32, i32, u32)> {
        if dir.is_diagonal() {
            let straight = |x, y, d| self.straight(x, y, d, goal).is_some();
            diagonal_jump(|x, y| self.map.walkable(x, y), straight, x, y, dir, goal)
        } else {
            self.straight(x, y, dir, goal)
        }
    }
}
