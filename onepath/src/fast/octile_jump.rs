//! [`OctileJump`]: the specialised jump point searches, JPS over stop bits
//! ([`BitFinder`](super::BitFinder)) and JPS+ over the tables
//! ([`TableFinder`](super::TableFinder)) (Harabor & Grastien 2011, 2014; Rabin & Silva 2015;
//! spec: grids.md, “Jump point searches”).
//!
//! # Algorithm (normative)
//!
//! A* over jump points with exact pair costs. The start gets (0, 0). One *iteration* pops the
//! next live entry of the [open list](super::jump_open) — entries of closed nodes are stale and
//! skipped without counting — and closes the node; the goal's pop ends the search. Otherwise
//! the node is *expanded*: its pruned successor directions come from the successor table
//! (arrival direction × neighbour byte; every legal direction at the start), searched in
//! direction order N, E, S, W, NE, SE, SW, NW. A straight jump of `t` steps adds `(t, 0)` to the
//! pair and a diagonal one `(0, t)`; the successor is relaxed when it is new, or open with a
//! strictly larger g (the first parent found stays on ties), and pushed again (no
//! decrease-key). The estimate is consistent, so a closed node is final.
//!
//! **Improved pruning** (Harabor & Grastien 2014, "Improved Pruning Rules"; a tier-2 choice,
//! [`with_improved_pruning`](OctileJump::with_improved_pruning) /
//! [`try_begin_pruned`](OctileJump::try_begin_pruned) here and
//! [`GridSearch::set_improved_pruning`](crate::GridSearch::set_improved_pruning) on the handle,
//! not reachable from the one-line API):
//! without corner cutting every diagonal jump point is an intermediate turning point, so a
//! diagonal direction is not jumped but *run*: at each cell of the run the straight jump points
//! (or the goal) found from it become successors with the node as parent, the straight
//! direction as arrival and the pair `(a + t, b + k)`; the run ends at a wall (or the goal) and
//! its cells are not nodes. A hop is walked diagonal steps first, then straight, when the path
//! is written out.
//!
//! Node records are 16 bytes (pair, parent, tag = generation << 4 | arrival << 1 | closed).

use alloc::vec::Vec;
use core::marker::PhantomData;

use super::finder::Finder;
use super::jump_open::JumpOpen;
use super::jumps::{Node, Searching, expand};
use super::octile_map::OctileMap;
use super::pair::{Pair, key, key_cell};
use super::progress::{Progress, progress_accessors};
use super::record::{Generation, JumpRecord, tag_dir};
use crate::grid::{Grid, WALL};
use crate::math::Divisor;
use crate::search::{Step, iteration_digest};

/// "No node".
pub(super) const NONE: u32 = u32::MAX;

/// A resumable jump point search (tier 3): the
/// specialised engine `Grid::find_path` and [`GridSearch`](crate::GridSearch) run for JPS
/// (`OctileJump<BitFinder>`) and JPS+ (`OctileJump<TableFinder>`) when the query qualifies.
///
/// The maps are borrowed per call (`F::Maps`: an [`OctileMap`](super::OctileMap) for the bit
/// finder, a [`JpsPlusIndex`](crate::jps::JpsPlusIndex) for the table finder); they must
/// describe the
/// grid given to [`try_begin`](Self::try_begin) and must not change during the search. Every
/// step costs the grid's smallest multiplier `m`.
///
/// # Memory
///
/// 16 bytes per cell of records; the open list reserves one 16-byte entry per cell for its
/// heap and one per four cells for its same-f stack (a search that re-pushes more than that
/// grows them once). After
/// the first search of a size nothing allocates (unless recording grows its list).
///
/// # Examples
///
/// ```
/// use onepath::fast::{BitFinder, OctileJump, OctileMap};
/// use onepath::search::Step;
/// use onepath::Grid;
///
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let map = OctileMap::new(&grid);
/// let mut jps = OctileJump::<BitFinder>::new();
/// assert_eq!(jps.try_begin(&grid, &map, 6, 11), Step::InProgress);
/// assert_eq!(jps.run(&map), Step::Found);
/// let mut path = [0u32; 32];
/// let n = jps.copy_path(&mut path).unwrap();
/// assert_eq!(&path[..n], &[6, 0, 1, 2, 3, 4, 5, 11]);
/// assert_eq!(jps.cost(), 7.0);
/// ```
#[derive(Debug)]
pub struct OctileJump<F: Finder> {
    pub(super) width: u32,
    /// Division by `width` as a multiply (node ids decode to x, y once per expansion and per
    /// relaxation).
    width_div: Divisor,
    pub(super) height: u32,
    pub(super) records: Vec<JumpRecord>,
    pub(super) open: JumpOpen,
    /// Reached cells not yet closed (the open list's live entries, one per cell): zero means
    /// nothing is left to pop, whatever stale entries remain.
    pub(super) live: u32,
    pub(super) generation: Generation,
    pub(super) progress: Progress,
    pub(super) improved: bool,
    pub(super) start: u32,
    pub(super) goal: u32,
    pub(super) scratch: Vec<u64>,
    /// Restore scratch: an octile map of the grid a snapshot is restored on, over which
    /// restore re-derives the saved search's hops (refreshed through the grid's journal;
    /// sized by the first restore of a size).
    pub(super) proof_map: OctileMap,
    finder: PhantomData<fn() -> F>,
}

impl<F: Finder> Clone for OctileJump<F> {
    fn clone(&self) -> Self {
        Self {
            width: self.width,
            width_div: self.width_div,
            height: self.height,
            records: self.records.clone(),
            open: self.open.clone(),
            live: self.live,
            generation: self.generation,
            progress: self.progress.clone(),
            improved: self.improved,
            start: self.start,
            goal: self.goal,
            scratch: self.scratch.clone(),
            proof_map: self.proof_map.clone(),
            finder: PhantomData,
        }
    }
}

impl<F: Finder> Default for OctileJump<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F: Finder> OctileJump<F> {
    /// A search with the octile estimate and plain JPS pruning.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n.####.\n......").unwrap();
    /// # let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// assert!(!jps.improved_pruning());
    /// jps.try_begin(&grid, &map, 6, 11);
    /// assert_eq!((jps.run(&map), jps.cost()), (Step::Found, 7.0));
    /// ```
    pub fn new() -> Self {
        Self {
            width: 0,
            width_div: Divisor::new(1),
            height: 0,
            records: Vec::new(),
            open: JumpOpen::default(),
            live: 0,
            generation: Generation::default(),
            progress: Progress::new(),
            improved: false,
            start: NONE,
            goal: NONE,
            scratch: Vec::new(),
            proof_map: OctileMap::default(),
            finder: PhantomData,
        }
    }

    /// A search with improved pruning on or off (Harabor & Grastien 2014; see the module
    /// docs). Tier 2/3 only: no [`GridOptions`](crate::GridOptions) field selects it; the
    /// [`GridSearch`](crate::GridSearch) handle offers it as
    /// [`set_improved_pruning`](crate::GridSearch::set_improved_pruning).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// use onepath::Grid;
    /// let grid = Grid::new(9, 9).unwrap();
    /// let map = OctileMap::new(&grid);
    /// let mut jps2 = OctileJump::<BitFinder>::with_improved_pruning(true);
    /// jps2.try_begin(&grid, &map, 0, 80);
    /// jps2.run(&map);
    /// assert!(jps2.improved_pruning());
    /// assert_eq!(jps2.cost(), 8.0 * onepath::math::SQRT2);
    /// ```
    pub fn with_improved_pruning(improved: bool) -> Self {
        Self {
            improved,
            ..Self::new()
        }
    }

    /// Whether improved pruning is on (for the current search, or the next one when idle).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::{BitFinder, OctileJump};
    /// assert!(!OctileJump::<BitFinder>::new().improved_pruning());
    /// ```
    pub fn improved_pruning(&self) -> bool {
        self.improved
    }

    /// Starts a search from `start` to `goal` (row-major cells of `grid`) over `maps`, which
    /// must have been refreshed for `grid`. Returns [`Step::InProgress`], or
    /// [`Step::StartInvalid`] / [`Step::GoalInvalid`] for a cell outside the grid or a wall; a
    /// refusal leaves the running search untouched.
    ///
    /// # Panics
    ///
    /// When `maps` do not have `grid`'s size (a programmer error).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n.####.\n......").unwrap();
    /// # let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// assert_eq!(jps.try_begin(&grid, &map, 6, 11), Step::InProgress);
    /// assert_eq!(jps.try_begin(&grid, &map, 7, 11), Step::StartInvalid); // a wall
    /// assert_eq!((jps.start(), jps.goal()), (6, 11));
    /// ```
    pub fn try_begin(&mut self, grid: &Grid, maps: F::Maps<'_>, start: u32, goal: u32) -> Step {
        self.try_begin_pruned(grid, maps, start, goal, self.improved)
    }

    /// [`try_begin`](Self::try_begin) with the pruning chosen for this search: improved
    /// pruning on or off from here on (Harabor & Grastien 2014; see the module docs). A
    /// refusal changes nothing, the pruning of a running search included. This is how a
    /// [`GridSearch`](crate::GridSearch) handle applies its
    /// [`set_improved_pruning`](crate::GridSearch::set_improved_pruning) setting: the pruning
    /// of a search is fixed when it begins.
    ///
    /// # Panics
    ///
    /// As [`try_begin`](Self::try_begin).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// use onepath::Grid;
    ///
    /// let grid = Grid::new(9, 9).unwrap();
    /// let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// jps.try_begin_pruned(&grid, &map, 0, 9 * 9 - 2, true);
    /// assert_eq!(jps.run(&map), onepath::Step::Found);
    /// assert!(jps.improved_pruning());
    /// assert_eq!(jps.cost(), 7.0 * core::f64::consts::SQRT_2 + 1.0);
    /// ```
    pub fn try_begin_pruned(
        &mut self,
        grid: &Grid,
        maps: F::Maps<'_>,
        start: u32,
        goal: u32,
        improved: bool,
    ) -> Step {
        let walkable = |c: u32| grid.cells().get(c as usize).is_some_and(|&a| a != WALL);
        if !walkable(start) {
            return Step::StartInvalid;
        }
        if !walkable(goal) {
            return Step::GoalInvalid;
        }
        assert!(
            F::fits(maps, grid.width(), grid.height()),
            "the jump maps were not built for this grid"
        );
        self.prepare(grid);
        self.improved = improved;
        let base = self.generation.base();
        self.start = start;
        self.goal = goal;
        self.records[start as usize] = JumpRecord {
            pair: Pair::ZERO,
            parent: NONE,
            tag: base,
        };
        let f = self.f_of(Pair::ZERO, start);
        self.open.push(key(f, 0.0, start));
        self.live = 1;
        self.progress.state = Step::InProgress;
        Step::InProgress
    }

    /// Sizes the buffers for `grid` and starts a new generation with an empty open list.
    pub(super) fn prepare(&mut self, grid: &Grid) {
        let n = grid.cells().len();
        if self.width != grid.width() || self.height != grid.height() {
            self.width = grid.width();
            self.width_div = Divisor::new(grid.width());
            self.height = grid.height();
            self.records.clear();
            self.records.resize(n, JumpRecord::default());
        }
        self.progress.m = grid.areas().min_cost();
        self.open.reset(n);
        if self.generation.bump() {
            self.records.iter_mut().for_each(|r| r.tag = 0);
        }
        self.progress.restart();
    }

    /// f of `pair` at `cell`.
    #[inline]
    pub(super) fn f_of(&self, pair: Pair, cell: u32) -> f64 {
        let (cy, cx) = self.width_div.div_rem(cell);
        let (gy, gx) = self.width_div.div_rem(self.goal);
        let (dx, dy) = self
            .progress
            .estimate
            .offsets(cx.abs_diff(gx), cy.abs_diff(gy));
        pair.f(dx, dy)
    }

    /// Performs at most `budget` iterations (pops of live entries); call again only on
    /// [`Step::InProgress`].
    ///
    /// # Panics
    ///
    /// When `maps` are not those of the grid the search began on (a size mismatch).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n.####.\n......").unwrap();
    /// # let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// jps.try_begin(&grid, &map, 6, 11);
    /// while jps.step(&map, 1) == Step::InProgress {} // one jump point per tick
    /// assert_eq!(jps.cost(), 7.0);
    /// ```
    pub fn step(&mut self, maps: F::Maps<'_>, budget: u32) -> Step {
        if self.progress.state != Step::InProgress {
            return self.progress.state;
        }
        let w = self.width;
        let goal = self.goal;
        let goal_xy = (goal % w, goal / w);
        let base = self.generation.base();
        let mut done = 0;
        while done < budget {
            let Some(k) = self.open.pop() else {
                self.progress.state = Step::NoPath;
                return Step::NoPath;
            };
            let c = key_cell(k);
            let tag = self.records[c as usize].tag;
            if tag & 1 != 0 {
                continue; // stale: the node was closed by a better entry
            }
            done += 1;
            self.live -= 1;
            // Saturates: a restored snapshot may carry any count (no overflow panic).
            let progress = &mut self.progress;
            progress.iterations = progress.iterations.saturating_add(1);
            self.records[c as usize].tag = tag | 1;
            let pair = self.records[c as usize].pair;
            if progress.record_trace {
                let d = iteration_digest(c, pair.cost(progress.m), self.open.len());
                progress.trace.push(d);
            }
            if c == goal {
                progress.state = Step::Found;
                return Step::Found;
            }
            progress.expansions = progress.expansions.saturating_add(1);
            if progress.record_expansions {
                progress.expanded.push(c);
            }
            let (y, x) = self.width_div.div_rem(c);
            let arrival = (c != self.start).then_some(tag_dir(tag));
            let node = Node {
                x,
                y,
                arrival,
                pair,
            };
            let src = Searching::<F>(maps);
            expand(src, node, w, self.improved, goal_xy, &mut |to, np, d| {
                self.relax(base, c, to, np, d);
            });
            // No live entry left (stale ones may remain): this pop ends the search.
            if self.live == 0 {
                self.progress.state = Step::NoPath;
                return Step::NoPath;
            }
        }
        self.progress.state
    }

    /// Offers `to` the pair `np` through `parent`, arriving in direction `dir`.
    #[inline]
    fn relax(&mut self, base: u32, parent: u32, to: u32, np: Pair, dir: usize) {
        let r = self.records[to as usize];
        let g = np.g();
        if r.tag >= base && (r.tag & 1 != 0 || g >= r.pair.g()) {
            return;
        }
        if r.tag < base {
            self.live += 1;
        }
        self.records[to as usize] = JumpRecord {
            pair: np,
            parent,
            tag: base | (dir as u32) << 1,
        };
        let f = self.f_of(np, to);
        self.open.push(key(f, g, to));
    }

    /// Runs to the end.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n.####.\n......").unwrap();
    /// # let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// jps.try_begin(&grid, &map, 0, 5);
    /// assert_eq!(jps.run(&map), Step::Found);
    /// assert_eq!(jps.path(), vec![0, 1, 2, 3, 4, 5]); // every cell, not only the jump points
    /// ```
    pub fn run(&mut self, maps: F::Maps<'_>) -> Step {
        while self.step(maps, u32::MAX) == Step::InProgress {}
        self.progress.state
    }

    /// Forgets the current search: idle, no counters, an empty open list.
    pub(crate) fn make_idle(&mut self) {
        self.progress.make_idle();
        self.start = NONE;
        self.goal = NONE;
        self.open.heap.clear();
        self.open.stack.clear();
        self.open.level = super::jump_open::NO_LEVEL;
        self.live = 0;
    }

    /// [`make_idle`](Self::make_idle) with plain pruning: the state of a new engine, whatever
    /// the last search pruned (what a handle holds after `prepare` or after restoring an idle
    /// snapshot of another engine, so that its snapshot does not depend on its past).
    pub(crate) fn make_idle_plain(&mut self) {
        self.make_idle();
        self.improved = false;
    }

    /// Start cell (`u32::MAX` before any search).
    pub fn start(&self) -> u32 {
        self.start
    }

    /// Goal cell (`u32::MAX` before any search).
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The goal's pair when found.
    pub fn pair(&self) -> Option<Pair> {
        (self.progress.state == Step::Found).then(|| self.records[self.goal as usize].pair)
    }

    /// Calls `f(node, parent)` from the goal back to the start (the start's parent is
    /// `u32::MAX`); nothing unless found.
    fn walk_back(&self, mut f: impl FnMut(u32, u32)) {
        if self.progress.state != Step::Found {
            return;
        }
        let mut n = self.goal;
        loop {
            let p = self.records[n as usize].parent;
            f(n, p);
            if n == self.start {
                return;
            }
            n = p;
        }
    }

    /// Jump points on the found path, goal first (0 unless found).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n.####.\n......").unwrap();
    /// # let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// jps.try_begin(&grid, &map, 6, 11);
    /// jps.run(&map);
    /// assert!(jps.jump_points() < jps.path_len()); // the hops are longer than one cell
    /// assert_eq!(jps.path_len(), 8);
    /// ```
    pub fn jump_points(&self) -> usize {
        let mut n = 0;
        self.walk_back(|_, _| n += 1);
        n
    }

    /// Cells on the found path, every cell between the jump points (0 unless found).
    pub fn path_len(&self) -> usize {
        let w = self.width.max(1);
        let mut len = 0usize;
        self.walk_back(|n, p| {
            len += if p == NONE {
                1
            } else {
                let (dx, dy) = ((n % w).abs_diff(p % w), (n / w).abs_diff(p / w));
                dx.max(dy) as usize
            };
        });
        len
    }

    /// [`copy_path`](Self::copy_path) through a conversion of each row-major cell (each hop
    /// walked diagonal steps first, then straight).
    pub(crate) fn fill_path<T>(&self, out: &mut [T], conv: impl Fn(u32) -> T) -> Option<usize> {
        let len = self.path_len();
        let dst = out.get_mut(..len)?;
        let w = self.width.max(1) as i64;
        let mut end = len;
        self.walk_back(|n, p| {
            if p == NONE {
                dst[0] = conv(n);
                return;
            }
            let (px, py) = (i64::from(p) % w, i64::from(p) / w);
            let (nx, ny) = (i64::from(n) % w, i64::from(n) / w);
            let (sx, sy) = ((nx - px).signum(), (ny - py).signum());
            let (ax, ay) = ((nx - px).abs(), (ny - py).abs());
            let diag = ax.min(ay);
            let hop = ax.max(ay) as usize;
            let (mut x, mut y) = (px, py);
            for i in 0..hop {
                if (i as i64) < diag {
                    x += sx;
                    y += sy;
                } else if ax > ay {
                    x += sx;
                } else {
                    y += sy;
                }
                dst[end - hop + i] = conv((y * w + x) as u32);
            }
            end -= hop;
        });
        Some(len)
    }

    /// Checks the open list; for tests and fuzzing.
    pub fn check_invariants(&self) -> bool {
        let base = self.generation.base();
        self.open.check()
            && self
                .open
                .heap
                .iter()
                .chain(&self.open.stack)
                .all(|&k| self.records[key_cell(k) as usize].tag >= base)
    }
}

progress_accessors!(impl<F: Finder> OctileJump<F>);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::{BitFinder, OctileMap, TableFinder};
    use crate::grid::{Cell, Connectivity, DiagonalRule, SquareTopology};
    use crate::jps::JpsPlusIndex;
    use crate::math::SplitMix64;
    use crate::search::AStar;
    use crate::topology::{DefaultStepCost, OctileHeuristic};

    fn check_path(grid: &Grid, path: &[u32], s: u32, g: u32) {
        assert_eq!(path.first(), Some(&s));
        assert_eq!(path.last(), Some(&g));
        for p in path.windows(2) {
            let (a, b) = (grid.cell_of(p[0]), grid.cell_of(p[1]));
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            assert!(dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0));
            assert!(grid.is_walkable(b));
            if dx != 0 && dy != 0 {
                assert!(grid.is_walkable(Cell::new(a.x + dx, a.y)));
                assert!(grid.is_walkable(Cell::new(a.x, a.y + dy)));
            }
        }
    }

    #[test]
    fn costs_equal_the_generic_astar() {
        let mut r = SplitMix64::new(4);
        for seed in 0..200u64 {
            let (w, h) = (1 + r.below(90), 1 + r.below(50));
            let pct = r.below(45);
            let cells = (0..w * h)
                .map(|_| if r.chance(pct, 100) { WALL } else { 0 })
                .collect();
            let grid = Grid::from_areas(w, h, cells).unwrap();
            let map = OctileMap::new(&grid);
            let index = JpsPlusIndex::new(&grid).unwrap();
            let topo =
                SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
                    .unwrap();
            let mut generic = AStar::new(DefaultStepCost, OctileHeuristic::new(w, 1.0));
            let mut engines = (
                OctileJump::<BitFinder>::new(),
                OctileJump::<BitFinder>::with_improved_pruning(true),
                OctileJump::<TableFinder>::new(),
                OctileJump::<TableFinder>::with_improved_pruning(true),
            );
            for _ in 0..8 {
                let (s, g) = (r.below(w * h), r.below(w * h));
                if generic.try_begin(&topo, s, g) != Step::InProgress {
                    continue;
                }
                let want = generic.run(&topo);
                let results = [
                    {
                        let _ = engines.0.try_begin(&grid, &map, s, g);
                        (engines.0.run(&map), engines.0.cost(), engines.0.path())
                    },
                    {
                        let _ = engines.1.try_begin(&grid, &map, s, g);
                        (engines.1.run(&map), engines.1.cost(), engines.1.path())
                    },
                    {
                        let _ = engines.2.try_begin(&grid, &index, s, g);
                        let st = engines.2.run(&index);
                        (st, engines.2.cost(), engines.2.path())
                    },
                    {
                        let _ = engines.3.try_begin(&grid, &index, s, g);
                        let st = engines.3.run(&index);
                        (st, engines.3.cost(), engines.3.path())
                    },
                ];
                for (i, (st, cost, path)) in results.iter().enumerate() {
                    assert_eq!(*st, want, "engine {i} seed {seed} {s}->{g}");
                    if want == Step::Found {
                        let c = generic.cost();
                        assert!(
                            (cost - c).abs() <= 1e-9 * c.max(1.0),
                            "engine {i} seed {seed}: {cost} vs {c}"
                        );
                        check_path(&grid, path, s, g);
                    }
                }
            }
        }
    }
}
