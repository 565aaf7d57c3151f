//! [`JumpTopology`]: jump point search (Harabor & Grastien 2011) as a [`Topology`], so the
//! generic [`AStar`] runs it unchanged (spec: grids.md, “Search (JumpSearch)”).
//!
//! A* over jump points: successors come from [`JumpRules::successors`] of the node's arrival
//! direction (all eight at the start), in direction order 0..7, each resolved by the
//! [`Jumper`]; a jump of `steps` unit steps costs `steps * m` (straight) or `steps * (m * √2)`
//! (diagonal), so a path's cost is one product per segment added in path order. The open list,
//! tie-breaking, goal test at pop, reopening, budgets and counters are [`AStar`]'s: one
//! iteration pops one jump point.
//!
//! It applies to eight-connected moves without corner cutting, agent size 1 and one cost
//! multiplier `m` for every area.
//!
//! [`AStar`]: crate::search::AStar

use alloc::vec::Vec;

use super::jumper::Jumper;
use super::rules::{JumpRules, arrival};
use crate::grid::{Cell, Dir8, Grid, WALL};
use crate::math::SQRT2;
use crate::search::NO_NODE;
use crate::topology::Topology;

/// Jump point search over `grid` towards one goal (tier 2). The goal must be the goal the
/// search begins with.
///
/// # Examples
///
/// ```
/// use onepath::jps::{BlockJumper, BlockMap, JumpTopology, OnlineJumper, expand};
/// use onepath::search::{AStar, Step};
/// use onepath::topology::{DefaultStepCost, OctileHeuristic};
/// use onepath::{Cell, Grid};
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let (start, goal) = (Cell::new(0, 1), Cell::new(5, 1));
/// let m = grid.areas().min_cost(); // the one multiplier every area shares
/// let topo = JumpTopology::new(&grid, OnlineJumper::new(&grid), goal, m);
/// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), m));
/// assert_eq!(search.try_begin(&topo, grid.index_of(start).unwrap(), grid.index_of(goal).unwrap()), onepath::Step::InProgress);
/// assert_eq!(search.run(&topo), Step::Found);
/// assert_eq!(search.cost(), 7.0);
/// // The search's nodes are jump points; `expand` writes out every cell between them.
/// let cells = expand(grid.width(), &search.path());
/// assert_eq!((cells.len(), cells[0], cells[7]), (8, start, goal));
/// // The word-scanning jumper finds the same jump points.
/// let blocks = BlockMap::new(&grid);
/// let fast = JumpTopology::new(&grid, BlockJumper::new(&blocks), goal, m);
/// let mut again = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), m));
/// assert_eq!(again.try_begin(&fast, grid.index_of(start).unwrap(), grid.index_of(goal).unwrap()), onepath::Step::InProgress);
/// assert_eq!(again.run(&fast), onepath::Step::Found);
/// assert_eq!(again.path(), search.path());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct JumpTopology<'g, J> {
    grid: &'g Grid,
    jumper: J,
    goal: (i32, i32),
    straight: f64,
    diagonal: f64,
}

impl<'g, J: Jumper> JumpTopology<'g, J> {
    /// Jump point search on `grid` towards `goal` with unit cost `m` (the common multiplier).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::jps::{JumpTopology, OnlineJumper};
    /// use onepath::search::{AStar, Step};
    /// use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::new(10, 10).unwrap();
    /// let topo = JumpTopology::new(&grid, OnlineJumper::new(&grid), Cell::new(9, 9), 1.0);
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(10, 1.0));
    /// search.try_begin(&topo, 0, 99);
    /// assert_eq!(search.run(&topo), Step::Found);
    /// assert_eq!(search.path(), vec![0, 99]); // one diagonal jump
    /// ```
    pub fn new(grid: &'g Grid, jumper: J, goal: Cell, m: f64) -> Self {
        Self {
            grid,
            jumper,
            goal: (goal.x, goal.y),
            straight: m,
            diagonal: m * SQRT2,
        }
    }

    #[inline]
    fn walk(&self, x: i32, y: i32) -> bool {
        self.grid.is_walkable(Cell::new(x, y))
    }
}

impl<J: Jumper> Topology for JumpTopology<'_, J> {
    fn node_count(&self) -> u32 {
        self.grid.cell_count()
    }

    fn is_walkable(&self, node: u32) -> bool {
        self.grid
            .cells()
            .get(node as usize)
            .is_some_and(|&a| a != WALL)
    }

    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, visit: F) {
        self.for_each_successor(node, NO_NODE, visit);
    }

    fn successors_ignore_parent(&self) -> bool {
        false
    }

    fn for_each_successor<F: FnMut(u32, f64)>(&self, node: u32, parent: u32, mut visit: F) {
        let w = self.grid.width();
        let (x, y) = ((node % w) as i32, (node / w) as i32);
        let from = (parent != NO_NODE).then(|| ((parent % w) as i32, (parent / w) as i32));
        let came = from.and_then(|p| arrival(p, (x, y)));
        let walk = |x, y| self.walk(x, y);
        let dirs = JumpRules::successors(&walk, x, y, came);
        for dir in Dir8::ALL {
            if dirs & (1 << dir as u8) == 0 {
                continue;
            }
            if let Some((jx, jy, steps)) = self.jumper.jump(x, y, dir, self.goal) {
                let unit = if dir.is_diagonal() {
                    self.diagonal
                } else {
                    self.straight
                };
                visit(jy as u32 * w + jx as u32, f64::from(steps) * unit);
            }
        }
    }
}

/// The number of cells of the path through `points` (jump points, start first), each hop
/// walked straight or diagonally.
///
/// # Examples
///
/// ```
/// use onepath::jps::expanded_len;
/// // Jump points (0, 0) -> (3, 3) -> (6, 3) on a 10-wide grid: 3 + 3 steps, 7 cells.
/// assert_eq!(expanded_len(10, &[0, 33, 36]), 7);
/// assert_eq!(expanded_len(10, &[]), 0);
/// ```
pub fn expanded_len(width: u32, points: &[u32]) -> usize {
    let w = width.max(1);
    let hops: usize = points
        .windows(2)
        .map(|p| {
            let (ax, ay) = ((p[0] % w) as i32, (p[0] / w) as i32);
            let (bx, by) = ((p[1] % w) as i32, (p[1] / w) as i32);
            (ax - bx).unsigned_abs().max((ay - by).unsigned_abs()) as usize
        })
        .sum();
    if points.is_empty() { 0 } else { hops + 1 }
}

/// Writes every cell of the path through `points` into `out` (which must hold
/// [`expanded_len`] cells); consecutive cells are neighbours.
///
/// # Examples
///
/// ```
/// use onepath::jps::{expand_into, expanded_len};
/// use onepath::Cell;
/// let points = [0, 22]; // (0, 0) to (2, 2) on a 10-wide grid
/// let mut out = [Cell::default(); 8]; // no allocation
/// let n = expanded_len(10, &points);
/// expand_into(10, &points, &mut out[..n]);
/// assert_eq!(&out[..n], &[Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)]);
/// ```
pub fn expand_into(width: u32, points: &[u32], out: &mut [Cell]) {
    let w = width.max(1);
    let mut i = 0;
    for (k, &p) in points.iter().enumerate() {
        let (x, y) = ((p % w) as i32, (p / w) as i32);
        if k == 0 {
            out[0] = Cell::new(x, y);
            i = 1;
            continue;
        }
        let prev = out[i - 1];
        let (dx, dy) = ((x - prev.x).signum(), (y - prev.y).signum());
        let mut c = prev;
        while (c.x, c.y) != (x, y) {
            c = Cell::new(c.x + dx, c.y + dy);
            out[i] = c;
            i += 1;
        }
    }
}

/// [`expand_into`] into a new vector.
///
/// # Examples
///
/// ```
/// use onepath::jps::expand;
/// // Jump points (0, 0) → (2, 2) → (5, 2) on a grid 8 cells wide (row-major indices).
/// let cells = expand(8, &[0, 2 * 8 + 2, 2 * 8 + 5]);
/// let xy: Vec<(i32, i32)> = cells.iter().map(|c| (c.x, c.y)).collect();
/// assert_eq!(xy, [(0, 0), (1, 1), (2, 2), (3, 2), (4, 2), (5, 2)]);
/// ```
pub fn expand(width: u32, points: &[u32]) -> Vec<Cell> {
    let mut v = alloc::vec![Cell::default(); expanded_len(width, points)];
    expand_into(width, points, &mut v);
    v
}
