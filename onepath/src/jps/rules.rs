//! [`JumpRules`]: pruned successors and forced neighbours for eight-connected moves without
//! corner cutting (spec: grids.md, “Jump point search”; Harabor & Grastien 2011, "Online Graph
//! Pruning for Pathfinding on Grid Maps").
//!
//! - **Diagonal arrival**: the diagonal and its two cardinal components (a diagonal step needs
//!   both side cells free, so no neighbour is forced).
//! - **Straight arrival**: straight on; and on each side `s` (perpendicular to the step), when
//!   the cell beside the node on side `s` is free and the cell beside the previous cell on that
//!   side is a wall, the side's cardinal direction and the diagonal (step + s).
//! - **The start** searches all eight directions.

use crate::grid::Dir8;

/// Direction of a unit offset, if it is one of the eight.
pub(crate) fn dir_of(dx: i32, dy: i32) -> Option<Dir8> {
    Dir8::ALL.into_iter().find(|d| d.offset() == (dx, dy))
}

/// The arrival direction of a step from `from` to `to` (the signs of the offset).
pub(crate) fn arrival(from: (i32, i32), to: (i32, i32)) -> Option<Dir8> {
    dir_of((to.0 - from.0).signum(), (to.1 - from.1).signum())
}

/// The pruning rules (tier 3): pure functions of a walkability predicate.
///
/// # Examples
///
/// ```
/// # use onepath::grid::Dir8;
/// # use onepath::Grid;
/// # let grid = Grid::from_text(".#...\n.....").unwrap();
/// use onepath::jps::JumpRules;
/// let walk = |x: i32, y: i32| grid.is_walkable(onepath::Cell::new(x, y));
/// assert!(JumpRules::has_forced(&walk, 2, 1, Dir8::East));
/// assert!(!JumpRules::has_forced(&walk, 3, 1, Dir8::East));
/// // Arriving east at (2, 1): straight on, plus north and north-east (the forced ones).
/// let set = JumpRules::successors(&walk, 2, 1, Some(Dir8::East));
/// let bit = |d: Dir8| 1u8 << (d as u8);
/// assert_eq!(set, bit(Dir8::East) | bit(Dir8::North) | bit(Dir8::NorthEast));
/// assert_eq!(JumpRules::successors(&walk, 0, 1, None), 0xFF); // the start: all eight
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct JumpRules;

impl JumpRules {
    /// Whether cell (x, y), entered by the straight step `dir`, has a forced neighbour: a side
    /// cell free while the cell beside the previous cell on that side is a wall.
    #[inline]
    pub fn has_forced(walk: &impl Fn(i32, i32) -> bool, x: i32, y: i32, dir: Dir8) -> bool {
        let (dx, dy) = dir.offset();
        let (px, py) = (x - dx, y - dy);
        // The two perpendicular sides.
        let sides = if dx != 0 {
            [(0, -1), (0, 1)]
        } else {
            [(-1, 0), (1, 0)]
        };
        sides
            .iter()
            .any(|&(sx, sy)| walk(x + sx, y + sy) && !walk(px + sx, py + sy))
    }

    /// The directions to search from (x, y) reached by `arrival` (`None` at the start), as a
    /// bit set (bit `d` = direction `d` of [`Dir8::ALL`]); searched in direction order 0..7.
    pub fn successors(
        walk: &impl Fn(i32, i32) -> bool,
        x: i32,
        y: i32,
        arrival: Option<Dir8>,
    ) -> u8 {
        let Some(dir) = arrival else { return 0xFF };
        let (dx, dy) = dir.offset();
        let bit = |dx: i32, dy: i32| dir_of(dx, dy).map_or(0, |d| 1u8 << (d as u8));
        if dir.is_diagonal() {
            return bit(dx, dy) | bit(dx, 0) | bit(0, dy);
        }
        let mut set = bit(dx, dy);
        let (px, py) = (x - dx, y - dy);
        let sides = if dx != 0 {
            [(0, -1), (0, 1)]
        } else {
            [(-1, 0), (1, 0)]
        };
        for (sx, sy) in sides {
            if walk(x + sx, y + sy) && !walk(px + sx, py + sy) {
                set |= bit(sx, sy) | bit(dx + sx, dy + sy);
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pruning_on_hand_drawn_cases() {
        // Moving east into (1,1); the cell north of the previous cell (0,0) is a wall and north
        // of the node (1,0) is free: north and north-east are forced.
        let map = ["#..", "...", "..."];
        let walk = |x: i32, y: i32| {
            (0..3).contains(&x)
                && (0..3).contains(&y)
                && map[y as usize].as_bytes()[x as usize] == b'.'
        };
        let s = JumpRules::successors(&walk, 1, 1, Some(Dir8::East));
        assert_eq!(
            s,
            (1 << Dir8::East as u8) | (1 << Dir8::North as u8) | (1 << Dir8::NorthEast as u8)
        );
        assert!(JumpRules::has_forced(&walk, 1, 1, Dir8::East));
        assert!(!JumpRules::has_forced(&walk, 2, 1, Dir8::East));
        let d = JumpRules::successors(&walk, 1, 1, Some(Dir8::SouthEast));
        assert_eq!(
            d,
            (1 << Dir8::SouthEast as u8) | (1 << Dir8::East as u8) | (1 << Dir8::South as u8)
        );
        assert_eq!(JumpRules::successors(&walk, 1, 1, None), 0xFF);
    }
}
