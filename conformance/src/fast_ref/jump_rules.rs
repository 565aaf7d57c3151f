//! The jump rules of the specialised jump engines, from `grids.md` ("Jump point search":
//! "Pruned successors", "Jump", "JPS+ tables", "Goal bounding at query time"; "Improved
//! pruning"), evaluated cell by cell on an [`OctileGrid`].
//!
//! * **Pruned successors** of a node reached by a step of sign `d` (the start: all eight):
//!   diagonal arrival → the diagonal and its two cardinal components; straight arrival →
//!   straight on, and for each perpendicular side `s` whose cell beside the node is free while
//!   the cell beside the previous cell is a wall, the side `s` and the diagonal `d + s`.
//!   Generated in direction order 0..7.
//! * **Straight scan** (JPS): walk until the goal or a cell with a forced neighbour (a side cell
//!   free, the one beside the previous cell a wall); a wall ends it with nothing.
//! * **Diagonal jump** (JPS): walk legal diagonal steps until the goal or a cell from which a
//!   straight scan along one of the two components finds something.
//! * **JPS+**: the goal-free table value (positive: steps to the next jump point; otherwise minus
//!   the cells before the wall), then goal bounding: straight, the goal on the line within `|d|`
//!   steps; diagonal, the goal strictly inside the quadrant with `min(|gx−x|, |gy−y|) <= |d|`
//!   stops the run at that many steps; otherwise a positive `d` gives the stored jump point.
//! * **Improved pruning**: a diagonal direction is run to the wall; at each run cell the
//!   straight scans along the two components offer their results as successors of the node
//!   (pair `(t, k)` for `k` diagonal and `t` straight steps, arrival the straight direction).
//!
//! # Readings (where the text leaves a choice)
//!
//! * Improved pruning, order at a run cell: the two components are offered in direction order
//!   (the smaller direction index first), as "successors are generated in direction order
//!   0..7". The order cannot change a result: the two scans of one run cell end on different
//!   cells, so they never tie for a parent, and at most one of them keeps the node's f (a
//!   successor keeps f only on an octile-shortest route to the goal, and a diagonal followed by
//!   N cannot be one when a diagonal followed by E is), so at most one of them goes on the
//!   same-f stack.
//! * Improved pruning, a run that reaches the goal: the goal is offered with the diagonal as its
//!   arrival and the run stops there (the text says "(or the goal)" and "until a wall"; a goal
//!   on the diagonal itself is found by no straight scan, so the run must offer it). Running on
//!   would only push successors with f above the goal's g, which pop after the goal.

use super::{DIRS, OctileGrid, dir_index};
use crate::model::Pos;

/// One successor found from a node: `diagonal` steps along `diagonal_dir`, then `straight` steps
/// along `straight_dir` (either count may be 0), ending on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The successor.
    pub to: Pos,
    /// Diagonal steps walked first.
    pub diagonal: u64,
    /// Their direction (0..7; meaningless when `diagonal` is 0).
    pub diagonal_dir: usize,
    /// Straight steps walked then.
    pub straight: u64,
    /// Their direction (meaningless when `straight` is 0).
    pub straight_dir: usize,
}

impl Hop {
    /// The direction of the last step into `to`.
    pub fn arrival(&self) -> usize {
        if self.straight > 0 {
            self.straight_dir
        } else {
            self.diagonal_dir
        }
    }

    fn straight_only(to: Pos, dir: usize, t: u64) -> Self {
        Self {
            to,
            diagonal: 0,
            diagonal_dir: 0,
            straight: t,
            straight_dir: dir,
        }
    }

    fn diagonal_only(to: Pos, dir: usize, k: u64) -> Self {
        Self {
            to,
            diagonal: k,
            diagonal_dir: dir,
            straight: 0,
            straight_dir: 0,
        }
    }
}

/// Which jump engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JumpVariant {
    /// JPS: cell-by-cell jumps (what the bit scans find).
    Jps,
    /// JPS+: the table values with goal bounding.
    JpsPlus,
    /// JPS with improved pruning.
    Improved,
}

fn add(p: Pos, d: Pos) -> Pos {
    (p.0 + d.0, p.1 + d.1)
}

fn sub(p: Pos, d: Pos) -> Pos {
    (p.0 - d.0, p.1 - d.1)
}

/// The two sides perpendicular to a straight direction.
fn sides(d: Pos) -> [Pos; 2] {
    if d.0 == 0 {
        [(-1, 0), (1, 0)]
    } else {
        [(0, -1), (0, 1)]
    }
}

/// The two cardinal components of a diagonal, in direction order.
pub fn components(dir: usize) -> [usize; 2] {
    let (dx, dy) = DIRS[dir];
    let (v, h) = (dir_index((0, dy)), dir_index((dx, 0)));
    if v < h { [v, h] } else { [h, v] }
}

/// True when `q`, entered straight along `d`, has a forced neighbour.
pub fn forced(grid: &OctileGrid, q: Pos, d: Pos) -> bool {
    let prev = sub(q, d);
    sides(d)
        .iter()
        .any(|&s| grid.free(add(q, s)) && !grid.free(add(prev, s)))
}

/// The pruned successor directions of `node` for an arrival direction (`None` at the start),
/// in direction order.
pub fn successor_dirs(grid: &OctileGrid, node: Pos, arrival: Option<usize>) -> Vec<usize> {
    let Some(a) = arrival else {
        return (0..8).collect();
    };
    let d = DIRS[a];
    let mut dirs = vec![a];
    if a >= 4 {
        dirs.extend(components(a));
    } else {
        let prev = sub(node, d);
        for s in sides(d) {
            if grid.free(add(node, s)) && !grid.free(add(prev, s)) {
                dirs.push(dir_index(s));
                dirs.push(dir_index(add(d, s)));
            }
        }
    }
    dirs.sort_unstable();
    dirs.dedup();
    dirs
}

/// The JPS straight scan from `from` along `dir` (0..3): the goal or the first cell with a
/// forced neighbour, with its step count; `None` at a wall.
pub fn straight_scan(grid: &OctileGrid, from: Pos, dir: usize, goal: Pos) -> Option<(Pos, u64)> {
    let d = DIRS[dir];
    let (mut c, mut t) = (from, 0);
    loop {
        let q = add(c, d);
        if !grid.free(q) {
            return None;
        }
        t += 1;
        if q == goal || forced(grid, q, d) {
            return Some((q, t));
        }
        c = q;
    }
}

/// The JPS diagonal jump from `from` along `dir` (4..7).
pub fn diagonal_jump(grid: &OctileGrid, from: Pos, dir: usize, goal: Pos) -> Option<(Pos, u64)> {
    let d = DIRS[dir];
    let (mut c, mut k) = (from, 0);
    loop {
        if !grid.legal(c, d) {
            return None;
        }
        c = add(c, d);
        k += 1;
        if c == goal
            || components(dir)
                .iter()
                .any(|&s| straight_scan(grid, c, s, goal).is_some())
        {
            return Some((c, k));
        }
    }
}

/// The JPS+ table value of `from` along `dir` (goal-free): `d > 0` steps to the next jump
/// point, else `-d` cells walkable before the wall (0 for a wall cell).
pub fn table_value(grid: &OctileGrid, from: Pos, dir: usize) -> i64 {
    if !grid.free(from) {
        return 0;
    }
    let d = DIRS[dir];
    let (mut c, mut n) = (from, 0i64);
    loop {
        if !grid.legal(c, d) {
            return -n;
        }
        c = add(c, d);
        n += 1;
        let stop = if dir < 4 {
            forced(grid, c, d)
        } else {
            components(dir).iter().any(|&s| table_value(grid, c, s) > 0)
        };
        if stop {
            return n;
        }
    }
}

/// The JPS+ jump: the table value with goal bounding.
pub fn table_jump(grid: &OctileGrid, from: Pos, dir: usize, goal: Pos) -> Option<(Pos, u64)> {
    let v = table_value(grid, from, dir);
    let reach = v.unsigned_abs();
    let (dx, dy) = DIRS[dir];
    let (gx, gy) = (goal.0 - from.0, goal.1 - from.1);
    let bounded = if dir < 4 {
        // The goal on the line ahead within |v| steps.
        let on_line =
            (dx == 0 && gx == 0 && gy.signum() == dy) || (dy == 0 && gy == 0 && gx.signum() == dx);
        let k = u64::from(gx.unsigned_abs().max(gy.unsigned_abs()));
        (on_line && k <= reach).then_some(k)
    } else {
        // The goal strictly inside the quadrant, the run level with it within |v| steps.
        let inside = gx.signum() == dx && gy.signum() == dy;
        let k = u64::from(gx.unsigned_abs().min(gy.unsigned_abs()));
        (inside && k <= reach).then_some(k)
    };
    let steps = match bounded {
        Some(k) => k,
        None if v > 0 => v as u64,
        None => return None,
    };
    let s = steps as i32;
    Some(((from.0 + dx * s, from.1 + dy * s), steps))
}

/// The improved-pruning run from `from` along the diagonal `dir` (4..7): every successor it
/// offers, in order.
pub fn improved_run(grid: &OctileGrid, from: Pos, dir: usize, goal: Pos) -> Vec<Hop> {
    let d = DIRS[dir];
    let (mut c, mut k) = (from, 0);
    let mut hops = Vec::new();
    while grid.legal(c, d) {
        c = add(c, d);
        k += 1;
        if c == goal {
            hops.push(Hop::diagonal_only(c, dir, k));
            break;
        }
        for s in components(dir) {
            if let Some((to, t)) = straight_scan(grid, c, s, goal) {
                hops.push(Hop {
                    to,
                    diagonal: k,
                    diagonal_dir: dir,
                    straight: t,
                    straight_dir: s,
                });
            }
        }
    }
    hops
}

/// The successors `variant` finds from `node` along `dir`, in order.
pub fn hops(grid: &OctileGrid, variant: JumpVariant, node: Pos, dir: usize, goal: Pos) -> Vec<Hop> {
    let one = match (variant, dir < 4) {
        (JumpVariant::JpsPlus, _) => table_jump(grid, node, dir, goal),
        (_, true) => straight_scan(grid, node, dir, goal),
        (JumpVariant::Jps, false) => diagonal_jump(grid, node, dir, goal),
        (JumpVariant::Improved, false) => return improved_run(grid, node, dir, goal),
    };
    one.map(|(to, n)| {
        if dir < 4 {
            Hop::straight_only(to, dir, n)
        } else {
            Hop::diagonal_only(to, dir, n)
        }
    })
    .into_iter()
    .collect()
}
