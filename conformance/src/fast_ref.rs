//! References for the specialised octile searches (`spec/grids.md`, "The specialised octile
//! searches (one-line A*, JPS, JPS+; Grids/Fast/)", "Improved pruning", "Which engine breaks ties
//! how", "Jump point search"), written from the spec's text only, so that they predict the
//! engines' expansion order, iteration and expansion counts, path and cost bits, not only costs.
//!
//! Common to every search here (this file):
//!
//! * A plain walkable/blocked grid ([`OctileGrid`]); eight moves, no corner cutting (a diagonal
//!   needs both beside cells and the target free); cells outside the grid are walls.
//! * Exact costs: a node keeps the integer pair `(a, b)` of its straight and diagonal steps
//!   ([`Pair`]). Keys come from the pair: `g = a + b·√2` and
//!   `f = (a + (max − min)) + (b + min)·√2`, where `min`/`max` are the smaller/larger absolute
//!   column and row distance to the goal (0 and 0 with the zero estimate), each one product and
//!   sums of doubles in the order written, √2 the double with bits `0x3FF6A09E667F3BCD`.
//! * Open order ([`Key`]): smaller f, then larger g rounded to `f32`, then smaller cell index.
//! * Counting: an iteration is one pop of a live node; an expansion is a pop that expands it (the
//!   goal's pop is not one). The goal is tested when popped.
//! * The reported cost is `m · (a + b·√2)` for the cell cost `m`.
//!
//! | module | search |
//! | --- | --- |
//! | [`astar`] | the one-line A*: decrease-key, neighbours N, E, S, W, NE, SE, SW, NW |
//! | [`jump_rules`] | pruned successor directions, straight scans, diagonal jumps (JPS), the JPS+ table values and goal bounding, the improved-pruning diagonal run |
//! | [`jump_search`] | A* over jump points with the same-f LIFO stack: JPS, JPS+, improved JPS |
//!
//! Where the spec leaves a choice open, the module that makes it says so in a `Reading` note.

use core::cmp::Ordering;

use crate::astar_ref::RefStatus;
use crate::model::Pos;

pub mod astar;
pub mod jump_rules;
pub mod jump_search;

/// √2 as the spec pins it: the correctly rounded double, bits 0x3FF6A09E667F3BCD.
pub const SQRT2: f64 = f64::from_bits(0x3FF6_A09E_667F_3BCD);

/// The eight directions in the spec's order 0..7: N, E, S, W, NE, SE, SW, NW.
pub const DIRS: [Pos; 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// The index (0..7) of a unit direction.
///
/// # Panics
/// If `d` is not one of [`DIRS`].
pub fn dir_index(d: Pos) -> usize {
    DIRS.iter()
        .position(|&e| e == d)
        .unwrap_or_else(|| panic!("{d:?} is not a unit direction"))
}

/// A walkable/blocked grid, row-major (`index = y * width + x`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctileGrid {
    width: i32,
    height: i32,
    walkable: Vec<bool>,
}

impl OctileGrid {
    /// A grid of `width × height` cells.
    ///
    /// # Panics
    /// If `walkable` does not hold `width * height` cells.
    pub fn new(width: i32, height: i32, walkable: Vec<bool>) -> Self {
        assert_eq!(walkable.len(), (width * height) as usize, "cell count");
        Self {
            width,
            height,
            walkable,
        }
    }

    /// A grid from a picture, one text line per row, `#` a wall and anything else free (for
    /// hand-made test cases).
    ///
    /// # Panics
    /// If the rows differ in length or the picture is empty.
    pub fn from_picture(text: &str) -> Self {
        let rows: Vec<&str> = text.lines().collect();
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c != '#'))
            .collect();
        Self::new(rows[0].len() as i32, rows.len() as i32, cells)
    }

    /// Columns.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// True when `p` lies inside the grid.
    pub fn inside(&self, p: Pos) -> bool {
        (0..self.width).contains(&p.0) && (0..self.height).contains(&p.1)
    }

    /// True when `p` is inside and walkable (outside counts as a wall).
    pub fn free(&self, p: Pos) -> bool {
        self.inside(p) && self.walkable[self.index(p)]
    }

    /// The row-major index of an inside position.
    pub fn index(&self, p: Pos) -> usize {
        p.1 as usize * self.width as usize + p.0 as usize
    }

    /// The position of an index.
    pub fn pos(&self, i: usize) -> Pos {
        (
            (i % self.width as usize) as i32,
            (i / self.width as usize) as i32,
        )
    }

    /// True when the unit move `d` from `p` is legal: the target free and, for a diagonal, both
    /// beside cells free (no corner cutting).
    pub fn legal(&self, p: Pos, d: Pos) -> bool {
        self.free((p.0 + d.0, p.1 + d.1))
            && (d.0 == 0
                || d.1 == 0
                || (self.free((p.0 + d.0, p.1)) && self.free((p.0, p.1 + d.1))))
    }
}

/// The estimate behind f.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Estimate {
    /// Octile: `min`/`max` of the absolute column and row distances to the goal.
    Octile,
    /// Zero: `f = g`.
    Zero,
}

/// An exact cost: `a` straight and `b` diagonal unit steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pair {
    /// Straight steps.
    pub a: u64,
    /// Diagonal steps.
    pub b: u64,
}

impl Pair {
    /// `self + (a, b)`.
    #[must_use]
    pub fn plus(self, a: u64, b: u64) -> Self {
        Self {
            a: self.a + a,
            b: self.b + b,
        }
    }

    /// `g = a + b·√2` (one product, one sum).
    pub fn g(self) -> f64 {
        self.a as f64 + self.b as f64 * SQRT2
    }

    /// `f = (a + (max − min)) + (b + min)·√2` at `cell` for `goal`.
    pub fn f(self, cell: Pos, goal: Pos, estimate: Estimate) -> f64 {
        let (min, max) = match estimate {
            Estimate::Octile => {
                let dx = f64::from((cell.0 - goal.0).abs());
                let dy = f64::from((cell.1 - goal.1).abs());
                (dx.min(dy), dx.max(dy))
            }
            Estimate::Zero => (0.0, 0.0),
        };
        (self.a as f64 + (max - min)) + (self.b as f64 + min) * SQRT2
    }

    /// The reported cost `m · (a + b·√2)`.
    pub fn cost(self, m: f64) -> f64 {
        m * self.g()
    }
}

/// An open-list key: smaller f, then larger g rounded to `f32`, then smaller cell index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Key {
    /// f.
    pub f: f64,
    /// g rounded to `f32` (the spec's tie-break; IEEE round to nearest even).
    pub g32: f32,
    /// The cell's row-major index.
    pub cell: usize,
}

impl Key {
    /// The key of `pair` at `cell`.
    pub fn new(pair: Pair, grid: &OctileGrid, cell: usize, goal: Pos, estimate: Estimate) -> Self {
        Self {
            f: pair.f(grid.pos(cell), goal, estimate),
            g32: pair.g() as f32,
            cell,
        }
    }
}

impl Eq for Key {}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        // Keys are finite and non-negative, where total_cmp is the ordinary order.
        self.f
            .total_cmp(&other.f)
            .then(other.g32.total_cmp(&self.g32))
            .then(self.cell.cmp(&other.cell))
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Everything a reference run produces.
#[derive(Clone, Debug, PartialEq)]
pub struct FastRun {
    /// How it ended.
    pub status: RefStatus,
    /// Every cell of the path, start first (empty unless found).
    pub path: Vec<Pos>,
    /// The goal's pair when found.
    pub pair: Option<Pair>,
    /// `m · (a + b·√2)` when found, else +infinity.
    pub cost: f64,
    /// Pops of live nodes.
    pub iterations: u64,
    /// Pops that expanded a node.
    pub expansions: u64,
    /// The expanded cells in order.
    pub expanded: Vec<Pos>,
}

impl FastRun {
    /// A run with `status`, no path and no counts yet (a search fills it in as it goes).
    pub fn empty(status: RefStatus) -> Self {
        Self {
            status,
            path: Vec::new(),
            pair: None,
            cost: f64::INFINITY,
            iterations: 0,
            expansions: 0,
            expanded: Vec::new(),
        }
    }

    /// A run refused before it started (an endpoint outside the grid or on a wall), or `None`.
    pub fn refusal(grid: &OctileGrid, start: Pos, goal: Pos) -> Option<Self> {
        let status = if !grid.free(start) {
            RefStatus::StartInvalid
        } else if !grid.free(goal) {
            RefStatus::GoalInvalid
        } else {
            return None;
        };
        Some(Self::empty(status))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqrt2_is_the_correctly_rounded_root() {
        assert_eq!(SQRT2, core::f64::consts::SQRT_2);
        assert_eq!(SQRT2.to_bits(), 0x3FF6_A09E_667F_3BCD);
    }

    #[test]
    fn keys_from_pairs() {
        let p = Pair { a: 3, b: 2 };
        assert_eq!(p.g(), 3.0 + 2.0 * SQRT2);
        // Goal 5 columns right and 2 rows down: min 2, max 5.
        assert_eq!(p.f((0, 0), (5, 2), Estimate::Octile), 6.0 + 4.0 * SQRT2);
        assert_eq!(p.f((0, 0), (5, 2), Estimate::Zero), p.g());
        assert_eq!(p.cost(2.5), 2.5 * p.g());
    }

    #[test]
    fn key_order() {
        let k = |f: f64, g: f32, cell| Key { f, g32: g, cell };
        assert!(k(1.0, 0.0, 9) < k(2.0, 5.0, 0));
        assert!(k(2.0, 1.5, 9) < k(2.0, 1.0, 0), "larger g first");
        assert!(k(2.0, 1.0, 3) < k(2.0, 1.0, 4), "smaller cell first");
    }

    #[test]
    fn legal_moves_do_not_cut_corners() {
        // .#
        // ..
        let g = OctileGrid::new(2, 2, vec![true, false, true, true]);
        assert!(!g.legal((0, 1), (1, -1)), "NE past a wall beside");
        assert!(g.legal((0, 1), (1, 0)));
        assert!(!g.legal((1, 1), (1, 0)), "outside is a wall");
        assert_eq!(dir_index((-1, -1)), 7);
    }
}
