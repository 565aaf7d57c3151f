//! [`OctileAStar`]: the one-line octile A* (Hart, Nilsson & Raphael 1968; spec: grids.md, “The
//! specialised octile searches”).
//!
//! # Algorithm (normative)
//!
//! Eight moves, no corner cutting, one cost `m` for every cell. The start gets the pair (0, 0)
//! and is pushed with its f. One *iteration* pops the smallest key (smaller f, then larger g
//! rounded to float32, then smaller cell index) and closes the node; the goal's pop ends the
//! search (cost `m · (a + b·√2)` of its pair). Otherwise the node is *expanded*: its neighbours
//! are relaxed in the order N, E, S, W, NE, SE, SW, NW — a diagonal only when both its side
//! cells are walkable — with the pair `(a + 1, b)` for a straight step and `(a, b + 1)` for a
//! diagonal one; a neighbour that is new, or open with a strictly larger g, takes the pair and
//! the arrival direction and is pushed or decreased in the 4-ary heap. The estimate (octile or
//! zero) is consistent, so a closed node is final. An empty heap means no path.
//!
//! The map is padded with a wall all round and walls are permanently closed records, so a
//! neighbour test is the load of the record the relaxation needs anyway. Records are 16 bytes
//! (pair, heap slot, tag = generation << 4 | arrival direction << 1 | closed); the parent is
//! implied by the arrival direction; the generation bumps per search, so nothing is cleared.
//!
//! # Determinism
//!
//! Keys come from exact pairs ([`Pair`]), so equal costs tie exactly; every order is total.
//! Any sequence of budgets gives the same pops, path and counts as one unsliced run. The path
//! can differ from the generic [`AStar`](crate::search::AStar)'s on ties between equal-cost
//! paths (spec: grids.md, “Which engine breaks ties how”); the cost is the same up to rounding
//! (the generic sums doubles cell by cell).

use alloc::vec::Vec;

use super::padded_records::PaddedRecords;
use super::pair::{Estimate, Pair, key, key_cell};
use super::progress::{Progress, progress_accessors};
use super::record::{Generation, WALL_TAG, tag_dir};
use super::slot_heap::SlotHeap;
use crate::grid::{Dir8, Grid, WALL};
use crate::math::Divisor;
use crate::search::{CANCEL_SLICE, Cancelled, Step, iteration_digest};

/// "No node".
const NONE: u32 = u32::MAX;

/// The one-line octile A* (tier 3): the specialised engine `Grid::find_path` and
/// [`GridSearch`](crate::GridSearch) run for A* when the query qualifies (eight moves, no
/// corner cutting, agent size 1, one multiplier for every area, weight 1, octile or zero
/// estimate).
///
/// It keeps its own padded copy of the grid's walls, refreshed from the edit journal by
/// [`try_begin`](Self::try_begin) and [`restore_state`](Self::restore_state); a search runs on
/// the walls it began with. Every step costs the grid's smallest multiplier `m`
/// ([`AreaCosts::min_cost`](crate::AreaCosts::min_cost)), so the result equals the generic A*'s
/// only on grids whose walkable areas share one multiplier.
///
/// # Memory
///
/// 16 bytes per padded cell plus 16 bytes per heap entry (one per walkable cell reserved).
/// After the first search on a grid of a given size, `try_begin`, `step`, `copy_path`,
/// `state_size`, `save_state` and `restore_state` allocate nothing (unless expansion recording
/// or tracing grows its list).
///
/// # Examples
///
/// ```
/// use onepath::fast::OctileAStar;
/// use onepath::search::Step;
/// use onepath::Grid;
///
/// let grid = Grid::from_text("....\n.##.\n....").unwrap();
/// let mut search = OctileAStar::new();
/// assert_eq!(search.try_begin(&grid, 4, 7), Step::InProgress);
/// while search.step(2) == Step::InProgress {} // two iterations per "tick"
/// let mut path = [0u32; 16];
/// let n = search.copy_path(&mut path).unwrap();
/// assert_eq!(&path[..n], &[4, 0, 1, 2, 3, 7]);
/// assert_eq!(search.cost(), 5.0);
/// ```
#[derive(Clone, Debug)]
pub struct OctileAStar {
    pub(super) nodes: PaddedRecords,
    pub(super) heap: SlotHeap,
    pub(super) generation: Generation,
    pub(super) progress: Progress,
    /// Padded record indices (`NONE` when idle).
    pub(super) start: u32,
    pub(super) goal: u32,
    /// Restore validation scratch (a bit per reached record), sized on the first restore.
    pub(super) scratch: Vec<u64>,
}

impl Default for OctileAStar {
    fn default() -> Self {
        Self::new()
    }
}

impl OctileAStar {
    /// A search with the octile estimate and no buffers yet.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new(); // buffers are sized by the first search
    /// assert_eq!(search.state(), Step::Idle);
    /// search.try_begin(&grid, 0, 11);
    /// assert_eq!((search.run(), search.cost()), (Step::Found, 5.0)); // round the wall
    /// ```
    pub fn new() -> Self {
        Self {
            nodes: PaddedRecords::default(),
            heap: SlotHeap::default(),
            generation: Generation::default(),
            progress: Progress::new(),
            start: NONE,
            goal: NONE,
            scratch: Vec::new(),
        }
    }

    /// Starts a search from `start` to `goal` (row-major cell indices of `grid`).
    ///
    /// Returns [`Step::InProgress`], or [`Step::StartInvalid`] / [`Step::GoalInvalid`] for an
    /// index outside the grid or a wall; a refusal leaves the running search untouched.
    ///
    /// # Complexity
    ///
    /// O(1) plus the journal's changes since the last search, once the buffers are sized
    /// (the first search of a size allocates and fills them: O(cells)).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// assert_eq!(search.try_begin(&grid, 4, 7), Step::InProgress);
    /// assert_eq!(search.try_begin(&grid, 5, 7), Step::StartInvalid); // (1, 1) is a wall
    /// assert_eq!(search.try_begin(&grid, 4, 12), Step::GoalInvalid); // past the last cell
    /// assert_eq!((search.start(), search.goal()), (4, 7)); // the running search is untouched
    /// ```
    pub fn try_begin(&mut self, grid: &Grid, start: u32, goal: u32) -> Step {
        let walkable = |c: u32| grid.cells().get(c as usize).is_some_and(|&a| a != WALL);
        if !walkable(start) {
            return Step::StartInvalid;
        }
        if !walkable(goal) {
            return Step::GoalInvalid;
        }
        self.prepare(grid);
        let base = self.generation.base();
        let (s, g) = (self.nodes.padded(start), self.nodes.padded(goal));
        self.start = s;
        self.goal = g;
        let f = self.f_of(Pair::ZERO, s);
        let recs = &mut self.nodes.records;
        recs[s as usize].pair = Pair::ZERO;
        recs[s as usize].tag = base;
        self.heap.push(key(f, 0.0, s), recs);
        self.progress.state = Step::InProgress;
        Step::InProgress
    }

    /// Sizes and refreshes the buffers for `grid` and starts a new generation with an empty
    /// heap and zeroed counters.
    pub(super) fn prepare(&mut self, grid: &Grid) {
        self.nodes.refresh(grid);
        self.progress.m = grid.areas().min_cost();
        self.heap.reset(grid.cells().len());
        if self.generation.bump() {
            self.nodes.clear_tags();
        }
        self.progress.restart();
    }

    /// f of `pair` at record `p`.
    #[inline]
    pub(super) fn f_of(&self, pair: Pair, p: u32) -> f64 {
        let pw = self.nodes.pw;
        let (x, y) = (p % pw, p / pw);
        let (gx, gy) = (self.goal % pw, self.goal / pw);
        let (dx, dy) = self
            .progress
            .estimate
            .offsets(x.abs_diff(gx), y.abs_diff(gy));
        pair.f(dx, dy)
    }

    /// Performs at most `budget` iterations (pops); call again only on [`Step::InProgress`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 4, 7);
    /// assert_eq!(search.step(1), Step::InProgress);
    /// assert_eq!(search.iterations(), 1);
    /// while search.step(1) == Step::InProgress {}
    /// assert_eq!(search.cost(), 5.0);
    /// ```
    pub fn step(&mut self, budget: u32) -> Step {
        if self.progress.state != Step::InProgress {
            return self.progress.state;
        }
        if self.progress.estimate == Estimate::Octile {
            self.step_with::<true>(budget)
        } else {
            self.step_with::<false>(budget)
        }
    }

    /// The search loop, specialised for the estimate.
    #[inline(never)]
    fn step_with<const OCTILE: bool>(&mut self, budget: u32) -> Step {
        let pw = self.nodes.pw as usize;
        let base = self.generation.base();
        let goal = self.goal as usize;
        let (gx, gy) = (goal % pw, goal / pw);
        // One multiply instead of a 64-bit division per expansion (padded ids are < 2^32).
        let pw_div = Divisor::new(pw as u32);
        let Self {
            nodes,
            heap,
            progress,
            ..
        } = self;
        let Progress {
            m,
            state,
            iterations,
            expansions,
            record_expansions,
            record_trace,
            expanded,
            trace,
            ..
        } = progress;
        let m = *m;
        let width = nodes.width;
        let recs = &mut nodes.records[..];
        for _ in 0..budget {
            let Some(k) = heap.pop(recs) else {
                *state = Step::NoPath;
                return *state;
            };
            let n = key_cell(k) as usize;
            // Saturates: a restored snapshot may carry any count (no overflow panic).
            *iterations = iterations.saturating_add(1);
            recs[n].tag |= 1;
            let pair = recs[n].pair;
            if *record_trace {
                let cell = unpadded(n, pw, width);
                trace.push(iteration_digest(cell, pair.cost(m), heap.len()));
            }
            if n == goal {
                *state = Step::Found;
                return *state;
            }
            *expansions = expansions.saturating_add(1);
            if *record_expansions {
                expanded.push(unpadded(n, pw, width));
            }
            let (y, x) = pw_div.div_rem(n as u32);
            let (x, y) = (x as usize, y as usize);
            let free_n = recs[n - pw].tag != WALL_TAG;
            let free_e = recs[n + 1].tag != WALL_TAG;
            let free_s = recs[n + pw].tag != WALL_TAG;
            let free_w = recs[n - 1].tag != WALL_TAG;
            // g of the two kinds of step, each evaluated from the pair as written.
            let straight = Pair::new(pair.a + 1, pair.b);
            let diagonal = Pair::new(pair.a, pair.b + 1);
            let (gs, gd) = (straight.g(), diagonal.g());
            // Relaxes one neighbour (a macro so that each of the eight is inlined with its
            // direction and offset as constants).
            macro_rules! relax {
                ($to:expr, $np:expr, $g:expr, $tx:expr, $ty:expr, $d:expr) => {{
                    let to: usize = $to;
                    let (np, g): (Pair, f64) = ($np, $g);
                    let rec = recs[to];
                    let reached = rec.tag >= base;
                    // Closed (or a wall), or no strict improvement: the first parent stays.
                    if !(reached && (rec.tag & 1 != 0 || g >= rec.pair.g())) {
                        let f = if OCTILE {
                            let tx: usize = $tx;
                            let ty: usize = $ty;
                            np.f(tx.abs_diff(gx) as u32, ty.abs_diff(gy) as u32)
                        } else {
                            g
                        };
                        recs[to].pair = np;
                        recs[to].tag = base | ($d << 1);
                        let kk = key(f, g, to as u32);
                        if reached {
                            heap.decrease(rec.slot, kk, recs);
                        } else {
                            heap.push(kk, recs);
                        }
                    }
                }};
            }
            // N, E, S, W, NE, SE, SW, NW; a diagonal needs both side cells.
            if free_n {
                relax!(n - pw, straight, gs, x, y - 1, 0);
            }
            if free_e {
                relax!(n + 1, straight, gs, x + 1, y, 1);
            }
            if free_s {
                relax!(n + pw, straight, gs, x, y + 1, 2);
            }
            if free_w {
                relax!(n - 1, straight, gs, x - 1, y, 3);
            }
            if free_n && free_e {
                relax!(n - pw + 1, diagonal, gd, x + 1, y - 1, 4);
            }
            if free_s && free_e {
                relax!(n + pw + 1, diagonal, gd, x + 1, y + 1, 5);
            }
            if free_s && free_w {
                relax!(n + pw - 1, diagonal, gd, x - 1, y + 1, 6);
            }
            if free_n && free_w {
                relax!(n - pw - 1, diagonal, gd, x - 1, y - 1, 7);
            }
            // An empty open set is no remaining work: this pop ends the search.
            if heap.len() == 0 {
                *state = Step::NoPath;
                return *state;
            }
        }
        *state
    }

    /// Runs to the end.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 8, 3);
    /// assert_eq!(search.run(), Step::Found);
    /// // One of two paths of cost 5, the same on every machine (the open list's total order).
    /// assert_eq!(search.path(), vec![8, 9, 10, 11, 7, 3]);
    /// ```
    pub fn run(&mut self) -> Step {
        while self.step(u32::MAX) == Step::InProgress {}
        self.progress.state
    }

    /// Runs to the end in slices of 256 iterations, asking `cancel` before each slice.
    ///
    /// # Errors
    ///
    /// [`Cancelled`] when `cancel` returned `true`; the search stays resumable.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 4, 7);
    /// assert!(search.run_cancellable(|| true).is_err()); // cancelled before the first slice
    /// assert_eq!(search.run_cancellable(|| false), Ok(Step::Found));
    /// ```
    pub fn run_cancellable(&mut self, mut cancel: impl FnMut() -> bool) -> Result<Step, Cancelled> {
        while self.progress.state == Step::InProgress {
            if cancel() {
                return Err(Cancelled);
            }
            let _ = self.step(CANCEL_SLICE);
        }
        Ok(self.progress.state)
    }

    /// Forgets the current search: idle, no counters, an empty heap.
    pub(crate) fn make_idle(&mut self) {
        self.progress.make_idle();
        self.start = NONE;
        self.goal = NONE;
        self.heap.clear();
    }

    /// Start cell (row-major; `u32::MAX` before any search).
    pub fn start(&self) -> u32 {
        self.cell(self.start)
    }

    /// Goal cell (row-major; `u32::MAX` before any search).
    pub fn goal(&self) -> u32 {
        self.cell(self.goal)
    }

    fn cell(&self, p: u32) -> u32 {
        if p == NONE {
            NONE
        } else {
            self.nodes.unpadded(p)
        }
    }

    /// The goal's pair (straight, diagonal steps) when found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// use onepath::fast::Pair;
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 0, 11);
    /// search.run();
    /// assert_eq!(search.pair(), Some(Pair::new(5, 0))); // 5 straight steps, no diagonal
    /// ```
    pub fn pair(&self) -> Option<Pair> {
        (self.progress.state == Step::Found).then(|| self.nodes.records[self.goal as usize].pair)
    }

    /// The parent record of a reached, non-start record.
    #[inline]
    fn parent(&self, p: u32) -> u32 {
        let (ox, oy) = Dir8::OFFSETS[tag_dir(self.nodes.records[p as usize].tag) as usize];
        let back = oy as i64 * i64::from(self.nodes.pw) + ox as i64;
        (i64::from(p) - back) as u32
    }

    /// Cells on the found path (0 unless found).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 4, 7);
    /// search.run();
    /// assert_eq!(search.path_len(), 6);
    /// ```
    pub fn path_len(&self) -> usize {
        if self.progress.state != Step::Found {
            return 0;
        }
        let mut n = 1;
        let mut p = self.goal;
        while p != self.start {
            p = self.parent(p);
            n += 1;
        }
        n
    }

    /// [`copy_path`](Self::copy_path) through a conversion of each row-major cell.
    pub(crate) fn fill_path<T>(&self, out: &mut [T], conv: impl Fn(u32) -> T) -> Option<usize> {
        let len = self.path_len();
        let dst = out.get_mut(..len)?;
        if len == 0 {
            return Some(0);
        }
        let mut p = self.goal;
        for slot in dst.iter_mut().rev() {
            *slot = conv(self.nodes.unpadded(p));
            if p != self.start {
                p = self.parent(p);
            }
        }
        Some(len)
    }

    /// Checks the heap against the records; for tests and fuzzing.
    pub fn check_invariants(&self) -> bool {
        let base = self.generation.base();
        self.heap.check(&self.nodes.records)
            && self.heap.keys.iter().all(|&k| {
                let r = self.nodes.records[key_cell(k) as usize];
                r.tag >= base && r.tag != WALL_TAG && r.tag & 1 == 0
            })
    }

    /// Test hook: the generation counter.
    #[cfg(test)]
    pub(crate) fn generation_mut(&mut self) -> &mut Generation {
        &mut self.generation
    }
}

progress_accessors!(impl OctileAStar);

#[inline]
fn unpadded(p: usize, pw: usize, width: u32) -> u32 {
    ((p / pw - 1) * width as usize + p % pw - 1) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::record::MAX_GENERATION;
    use crate::grid::{Connectivity, DiagonalRule, SquareTopology};
    use crate::search::AStar;
    use crate::topology::{DefaultStepCost, OctileHeuristic};

    #[test]
    fn equals_the_generic_cost_on_a_small_map() {
        let grid = Grid::from_text(
            "
            ..........
            .####.###.
            ....#.....
            .##.#.##..
            ....#.....
            ",
        )
        .unwrap();
        let topo =
            SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
                .unwrap();
        let mut generic = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
        let mut fast = OctileAStar::new();
        for (s, g) in [(0, 49), (20, 9), (41, 45), (0, 0), (33, 2), (40, 29)] {
            let _ = generic.try_begin(&topo, s, g);
            let gs = generic.run(&topo);
            assert_eq!(fast.try_begin(&grid, s, g), Step::InProgress);
            assert_eq!(fast.run(), gs);
            assert!((fast.cost() - generic.cost()).abs() < 1e-9, "{s}->{g}");
            let p = fast.path();
            assert_eq!(p.first(), Some(&s));
            assert_eq!(p.last(), Some(&g));
            assert!(fast.check_invariants());
        }
    }

    #[test]
    fn generation_wrap_around_clears_tags() {
        let grid = Grid::from_text("...\n.#.\n...").unwrap();
        let mut a = OctileAStar::new();
        let _ = a.try_begin(&grid, 0, 8);
        assert_eq!(a.run(), Step::Found);
        let first = a.path();
        a.generation_mut().set(MAX_GENERATION);
        let _ = a.try_begin(&grid, 0, 8);
        assert_eq!(a.run(), Step::Found);
        assert_eq!(a.path(), first);
        assert_eq!(a.generation.base(), 16);
        assert_eq!(a.try_begin(&grid, 4, 0), Step::StartInvalid);
        assert_eq!(a.try_begin(&grid, 0, 9), Step::GoalInvalid);
        assert_eq!(a.state(), Step::Found, "refusals leave the search alone");
    }
}
