//! [`PagedVoxelSearch`]: the voxel A* with node state in pages of 8 × 8 × 8 voxels (spec:
//! grids.md, “3D voxel grids”, “Search nodes”) — the engine of the one-line query.
//!
//! # Memory (the contract)
//!
//! - A *page* holds the state of the 512 voxels of one 8³ block — cost 8, parent 4, mark 4,
//!   open-list position 4: 20 bytes a voxel, 10 KB a page — and is taken from a pool when the
//!   search first reaches a voxel of its block. A dense table with one `u32` per block (4 bytes
//!   per 512 voxels) finds a block's page.
//! - A voxel's *slot* is `page << 9 | (x & 7) | ((y & 7) << 3) | ((z & 7) << 6)`; parents are
//!   slots, and a voxel's coordinates are read from its page's origin plus the in-page index,
//!   so no node index is ever divided.
//! - Pages are kept for the next query (only the table entries the last query used are
//!   cleared); a pool of more than [`POOL_LIMIT`] pages (about 40 MB) is dropped when a new
//!   search begins and by [`trim_pool`](PagedVoxelSearch::trim_pool).
//!
//! # Algorithm
//!
//! Exactly [`AStar`](crate::search::AStar) over [`VoxelTopology`] with the
//! [`VoxelHeuristic`]: the same open-list order (smaller f, larger g, smaller node index),
//! strict-improvement relaxation with reopening, the normative neighbour order; so cost, path,
//! expansion order and iteration counts equal the dense search's (tested). One iteration is
//! one pop.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::paged_heap::{HeapEntry, PagedHeap};
use crate::search::{NO_NODE, Step};
use crate::voxel::VoxelCell;
use crate::voxel::VoxelGrid;
use crate::voxel::VoxelHeuristic;
use crate::voxel::VoxelTopology;
use crate::voxel::{VoxelConnectivity, VoxelCornerRule};

/// A pool above this many pages is dropped (about 40 MB).
pub const POOL_LIMIT: usize = 4096;

/// Voxels per page.
pub const PAGE_VOXELS: usize = 512;

/// Bytes of node state per voxel (cost 8, parent 4, mark 4, open-list position 4).
pub const BYTES_PER_NODE: usize = 20;

const UNREACHED: u32 = 0;
const OPEN: u32 = 1;
const CLOSED: u32 = 2;

/// The caller's hooks of a paged search: a `blocked` predicate (a blocked voxel can be
/// neither entered nor an endpoint) and a step-cost hook (NaN, negative or +∞ removes the
/// move), asked in that order once per legal move looked at.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelGrid};
/// use onepath::voxel_search::VoxelHooks;
/// use onepath::{VoxelOptions, VoxelSearch};
/// // Flying is dearer: moves that climb cost double; the voxel (1, 0, 0) is reserved.
/// struct Drone;
/// impl VoxelHooks for Drone {
///     fn blocked(&self, c: VoxelCell) -> bool { c == VoxelCell::new(1, 0, 0) }
///     fn cost(&self, from: VoxelCell, to: VoxelCell, base: f64) -> f64 { if to.z > from.z { 2.0 * base } else { base } }
/// }
/// let grid = VoxelGrid::new(3, 3, 3).unwrap();
/// let mut search = VoxelSearch::new(VoxelOptions::SIX_CONNECTED);
/// search.start_with(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0), &Drone);
/// search.step_with(&grid, &Drone, u32::MAX).unwrap();
/// assert_eq!(search.cost(), 4.0); // round the reserved voxel on the same level
/// ```
pub trait VoxelHooks {
    /// Whether `cell` is blocked for this query.
    fn blocked(&self, cell: VoxelCell) -> bool;
    /// The cost of the move `from → to` whose base cost is `base`.
    fn cost(&self, from: VoxelCell, to: VoxelCell, base: f64) -> f64;
}

/// No hooks: nothing blocked, every move at its base cost.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelGrid};
/// use onepath::voxel_search::NoVoxelHooks;
/// use onepath::{VoxelOptions, VoxelSearch};
/// let grid = VoxelGrid::new(4, 1, 1).unwrap();
/// let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
/// search.start_with(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(3, 0, 0), &NoVoxelHooks);
/// search.step_with(&grid, &NoVoxelHooks, u32::MAX).unwrap();
/// assert_eq!(search.to_path(), grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(3, 0, 0), &VoxelOptions::DEFAULT));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoVoxelHooks;

impl VoxelHooks for NoVoxelHooks {
    #[inline]
    fn blocked(&self, _cell: VoxelCell) -> bool {
        false
    }
    #[inline]
    fn cost(&self, _from: VoxelCell, _to: VoxelCell, base: f64) -> f64 {
        base
    }
}

/// One 8³ block's node state.
#[derive(Clone, Debug)]
pub(crate) struct Page {
    pub(crate) origin: (u32, u32, u32),
    pub(crate) block: u32,
    pub(crate) g: [f64; PAGE_VOXELS],
    pub(crate) parent: [u32; PAGE_VOXELS],
    pub(crate) mark: [u32; PAGE_VOXELS],
    pub(crate) pos: [u32; PAGE_VOXELS],
}

impl Page {
    fn new() -> Box<Self> {
        Box::new(Self {
            origin: (0, 0, 0),
            block: 0,
            g: [0.0; PAGE_VOXELS],
            parent: [NO_NODE; PAGE_VOXELS],
            mark: [UNREACHED; PAGE_VOXELS],
            pos: [0; PAGE_VOXELS],
        })
    }
}

#[inline]
const fn in_page(x: u32, y: u32, z: u32) -> u32 {
    (x & 7) | ((y & 7) << 3) | ((z & 7) << 6)
}

/// Whether a step may be taken: `0 <= step < +∞`.
#[inline]
fn usable(step: f64) -> bool {
    (0.0..f64::INFINITY).contains(&step)
}

/// The paged voxel A* (see the module docs): resumable, pooled, its memory proportional to the
/// 8³ blocks it reaches.
///
/// # Examples
///
/// ```
/// use onepath::search::Step;
/// use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
/// use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
/// let mut grid = VoxelGrid::new(64, 64, 64).unwrap();
/// grid.set_walkable(VoxelCell::new(1, 0, 0), false).unwrap();
/// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
/// let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0));
/// assert_eq!(s.try_begin(&grid, a, b, &NoVoxelHooks), Step::InProgress);
/// assert_eq!(s.run(&grid, &NoVoxelHooks), Step::Found);
/// assert_eq!(s.cost(), 4.0); // around the solid voxel
/// assert!(s.pages_in_use() <= 2); // 2 of the 512 blocks
/// ```
#[derive(Clone, Debug)]
pub struct PagedVoxelSearch {
    connectivity: VoxelConnectivity,
    rule: VoxelCornerRule,
    pub(crate) size: (u32, u32, u32),
    blocks: (u32, u32, u32),
    pub(crate) table: Vec<u32>,
    pub(crate) pages: Vec<Box<Page>>,
    pub(crate) used: u32,
    pub(crate) heap: PagedHeap,
    pub(crate) heuristic: Option<VoxelHeuristic>,
    pub(crate) start: VoxelCell,
    pub(crate) goal: VoxelCell,
    pub(crate) goal_slot: u32,
    pub(crate) state: Step,
    pub(crate) iterations: u32,
    pub(crate) expansions: u32,
    pub(crate) record: bool,
    pub(crate) expanded: Vec<VoxelCell>,
}

impl PagedVoxelSearch {
    /// An idle search with `connectivity` and `rule`, and an empty pool.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::TwentySix, VoxelCornerRule::NoCornerCutting);
    /// assert_eq!((s.connectivity(), s.rule()), (VoxelConnectivity::TwentySix, VoxelCornerRule::NoCornerCutting));
    /// s.try_begin(&grid, a, VoxelCell::new(2, 2, 2), &NoVoxelHooks);
    /// assert_eq!(s.run(&grid, &NoVoxelHooks), Step::Found);
    /// assert_eq!(s.cost(), 2.0 * onepath::math::SQRT3); // two corner moves
    /// ```
    pub fn new(connectivity: VoxelConnectivity, rule: VoxelCornerRule) -> Self {
        Self {
            connectivity,
            rule,
            size: (0, 0, 0),
            blocks: (0, 0, 0),
            table: Vec::new(),
            pages: Vec::new(),
            used: 0,
            heap: PagedHeap::default(),
            heuristic: None,
            start: VoxelCell::default(),
            goal: VoxelCell::default(),
            goal_slot: NO_NODE,
            state: Step::Idle,
            iterations: 0,
            expansions: 0,
            record: false,
            expanded: Vec::new(),
        }
    }

    /// The connectivity.
    pub fn connectivity(&self) -> VoxelConnectivity {
        self.connectivity
    }

    /// The corner rule.
    pub fn rule(&self) -> VoxelCornerRule {
        self.rule
    }

    /// Changes connectivity and rule for the next [`try_begin`](Self::try_begin); the search
    /// becomes idle.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// # let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.configure(VoxelConnectivity::TwentySix, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(1, 1, 1), &NoVoxelHooks);
    /// s.run(&grid, &NoVoxelHooks);
    /// assert_eq!(s.cost(), onepath::math::SQRT3); // one corner move
    /// ```
    pub fn configure(&mut self, connectivity: VoxelConnectivity, rule: VoxelCornerRule) {
        self.connectivity = connectivity;
        self.rule = rule;
        self.release();
        self.state = Step::Idle;
    }

    /// Records expanded voxels in order for the next searches.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.set_record_expansions(true);
    /// s.try_begin(&grid, a, VoxelCell::new(2, 0, 0), &NoVoxelHooks);
    /// s.run(&grid, &NoVoxelHooks);
    /// assert_eq!(s.expanded(), &[a, VoxelCell::new(1, 0, 0)]);
    /// ```
    pub fn set_record_expansions(&mut self, on: bool) {
        self.record = on;
    }

    /// Whether expansions are recorded.
    pub fn records_expansions(&self) -> bool {
        self.record
    }

    /// The expanded voxels of the current search, in order (empty unless recording).
    pub fn expanded(&self) -> &[VoxelCell] {
        &self.expanded
    }

    /// Pages the current search uses.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, a, VoxelCell::new(3, 0, 0), &NoVoxelHooks);
    /// s.run(&grid, &NoVoxelHooks);
    /// assert_eq!(s.pages_in_use(), 1); // a short search touches one 8³ block
    /// assert!(s.search_bytes() < 64 * 1024);
    /// ```
    pub fn pages_in_use(&self) -> usize {
        self.used as usize
    }

    /// Pages in the pool (in use or kept for later).
    pub fn pool_pages(&self) -> usize {
        self.pages.len()
    }

    /// Bytes of node state the current search uses (pages in use × 512 × 20) plus the block
    /// table and the open list.
    pub fn search_bytes(&self) -> usize {
        self.used as usize * PAGE_VOXELS * BYTES_PER_NODE
            + self.table.len() * 4
            + self.heap.len() * core::mem::size_of::<HeapEntry>()
    }

    /// Drops the pool when it holds more than [`POOL_LIMIT`] pages and no search uses them
    /// (the search becomes idle if it was using them).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// # let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(7, 7, 7), &NoVoxelHooks);
    /// s.run(&grid, &NoVoxelHooks);
    /// s.trim_pool(); // below the limit: kept
    /// assert_eq!(s.state(), Step::Found);
    /// assert!(s.pool_pages() <= onepath::voxel_search::POOL_LIMIT);
    /// ```
    pub fn trim_pool(&mut self) {
        if self.pages.len() > POOL_LIMIT {
            self.release();
            self.state = Step::Idle;
            self.pages = Vec::new();
        }
    }

    /// Gives back the pages of the current search (clears their table entries).
    fn release(&mut self) {
        for p in &self.pages[..self.used as usize] {
            if let Some(e) = self.table.get_mut(p.block as usize) {
                *e = NO_NODE;
            }
        }
        self.used = 0;
        self.heap.clear();
        self.expanded.clear();
        self.goal_slot = NO_NODE;
    }

    fn fits(&self, grid: &VoxelGrid) -> bool {
        self.size == grid.size()
    }

    /// Starts a search from `start` to `goal` on `grid`: [`Step::InProgress`], or
    /// [`Step::StartInvalid`] / [`Step::GoalInvalid`] for an endpoint outside, solid or
    /// blocked (the running search, if any, is then untouched).
    ///
    /// # Complexity
    ///
    /// O(pages the previous search used); allocates the block table on the first search of a
    /// size (4 bytes per 512 voxels) and a page when none is pooled.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// assert_eq!(s.try_begin(&grid, a, b, &NoVoxelHooks), Step::InProgress);
    /// assert_eq!(s.try_begin(&grid, VoxelCell::new(16, 0, 0), b, &NoVoxelHooks), Step::StartInvalid);
    /// assert_eq!(s.endpoints(), (a, b)); // the running search is untouched
    /// ```
    pub fn try_begin(
        &mut self,
        grid: &VoxelGrid,
        start: VoxelCell,
        goal: VoxelCell,
        hooks: &impl VoxelHooks,
    ) -> Step {
        if !grid.is_walkable(start) || hooks.blocked(start) {
            return Step::StartInvalid;
        }
        if !grid.is_walkable(goal) || hooks.blocked(goal) {
            return Step::GoalInvalid;
        }
        self.release();
        if self.pages.len() > POOL_LIMIT {
            self.pages = Vec::new();
        }
        if !self.fits(grid) {
            let (sx, sy, sz) = grid.size();
            self.size = (sx, sy, sz);
            self.blocks = (sx.div_ceil(8), sy.div_ceil(8), sz.div_ceil(8));
            let n = self.blocks.0 as usize * self.blocks.1 as usize * self.blocks.2 as usize;
            self.table.clear();
            self.table.resize(n, NO_NODE);
        }
        let mut h = VoxelHeuristic::new(grid, self.connectivity);
        h.set_goal_at(goal.x as u32, goal.y as u32, goal.z as u32);
        self.heuristic = Some(h);
        self.start = start;
        self.goal = goal;
        self.iterations = 0;
        self.expansions = 0;
        let (x, y, z) = (start.x as u32, start.y as u32, start.z as u32);
        let slot = self.reach(x, y, z);
        let f = h.estimate_at(x, y, z);
        self.write(slot, 0.0, NO_NODE);
        let node = self.node(x, y, z);
        self.push(HeapEntry::new(f, 0.0, node, slot));
        self.state = if f.is_nan() {
            Step::NoPath
        } else {
            Step::InProgress
        };
        if f.is_nan() {
            self.heap.clear();
        }
        self.state
    }

    #[inline]
    fn node(&self, x: u32, y: u32, z: u32) -> u32 {
        x + self.size.0 * (y + self.size.1 * z)
    }

    #[inline]
    fn block_of(&self, x: u32, y: u32, z: u32) -> u32 {
        (x >> 3) + self.blocks.0 * ((y >> 3) + self.blocks.1 * (z >> 3))
    }

    /// The slot of `(x, y, z)` when its block has a page.
    #[inline]
    pub(crate) fn slot_of(&self, x: u32, y: u32, z: u32) -> Option<u32> {
        let p = self.table[self.block_of(x, y, z) as usize];
        (p != NO_NODE).then_some(p << 9 | in_page(x, y, z))
    }

    /// The slot of `(x, y, z)`, taking a page for its block when it has none.
    fn reach(&mut self, x: u32, y: u32, z: u32) -> u32 {
        if let Some(s) = self.slot_of(x, y, z) {
            return s;
        }
        let block = self.block_of(x, y, z);
        let index = self.used;
        if self.pages.len() == index as usize {
            self.pages.push(Page::new());
        }
        let page = &mut self.pages[index as usize];
        page.origin = (x & !7, y & !7, z & !7);
        page.block = block;
        page.mark = [UNREACHED; PAGE_VOXELS];
        self.table[block as usize] = index;
        self.used += 1;
        index << 9 | in_page(x, y, z)
    }

    #[inline]
    pub(crate) fn coords(&self, slot: u32) -> (u32, u32, u32) {
        let p = &self.pages[(slot >> 9) as usize];
        let i = slot & 511;
        (
            p.origin.0 + (i & 7),
            p.origin.1 + ((i >> 3) & 7),
            p.origin.2 + (i >> 6),
        )
    }

    #[inline]
    fn write(&mut self, slot: u32, g: f64, parent: u32) {
        let p = &mut self.pages[(slot >> 9) as usize];
        let i = (slot & 511) as usize;
        p.g[i] = g;
        p.parent[i] = parent;
        p.mark[i] = OPEN;
    }

    fn push(&mut self, e: HeapEntry) {
        let Self { heap, pages, .. } = self;
        let p = &pages[(e.slot >> 9) as usize];
        let i = (e.slot & 511) as usize;
        let at = (p.pos[i] as usize) < heap.len() && heap.entries[p.pos[i] as usize].slot == e.slot;
        let at = at.then_some(p.pos[i] as usize);
        heap.upsert(e, at, &mut |s, i| {
            pages[(s >> 9) as usize].pos[(s & 511) as usize] = i;
        });
    }

    /// Performs at most `budget` iterations (pops); call again only on [`Step::InProgress`].
    /// `grid` and `hooks` must be those given to `try_begin` (the grid not edited since).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, a, b, &NoVoxelHooks);
    /// assert_eq!(s.step(&grid, &NoVoxelHooks, 10), Step::InProgress);
    /// assert_eq!(s.iterations(), 10);
    /// while s.step(&grid, &NoVoxelHooks, 100) == Step::InProgress {}
    /// assert_eq!(s.cost(), 45.0);
    /// ```
    pub fn step(&mut self, grid: &VoxelGrid, hooks: &impl VoxelHooks, budget: u32) -> Step {
        if self.state != Step::InProgress || !self.fits(grid) {
            return self.state;
        }
        let Some(h) = self.heuristic else {
            return self.state;
        };
        let topo = VoxelTopology::new(grid, self.connectivity, self.rule);
        let goal = (self.goal.x as u32, self.goal.y as u32, self.goal.z as u32);
        for _ in 0..budget {
            let Self { heap, pages, .. } = self;
            let Some(top) = heap.pop(&mut |s, i| {
                pages[(s >> 9) as usize].pos[(s & 511) as usize] = i;
            }) else {
                self.state = Step::NoPath;
                return self.state;
            };
            self.iterations = self.iterations.saturating_add(1);
            let slot = top.slot;
            let (x, y, z) = self.coords(slot);
            let gn = {
                let p = &mut self.pages[(slot >> 9) as usize];
                p.mark[(slot & 511) as usize] = CLOSED;
                p.g[(slot & 511) as usize]
            };
            if (x, y, z) == goal {
                self.goal_slot = slot;
                self.state = Step::Found;
                return self.state;
            }
            self.expansions = self.expansions.saturating_add(1);
            let from = VoxelCell::new(x as i32, y as i32, z as i32);
            if self.record {
                self.expanded.push(from);
            }
            topo.for_each_move(x, y, z, |nx, ny, nz, base| {
                let to = VoxelCell::new(nx as i32, ny as i32, nz as i32);
                if hooks.blocked(to) {
                    return;
                }
                let step = hooks.cost(from, to, base);
                if !usable(step) {
                    return;
                }
                let g2 = gn + step;
                if let Some(s) = self.slot_of(nx, ny, nz) {
                    let p = &self.pages[(s >> 9) as usize];
                    let i = (s & 511) as usize;
                    if p.mark[i] != UNREACHED && g2 >= p.g[i] {
                        return;
                    }
                }
                let f = g2 + h.estimate_at(nx, ny, nz);
                if f.is_nan() {
                    return;
                }
                let s = self.reach(nx, ny, nz);
                self.write(s, g2, slot);
                let node = self.node(nx, ny, nz);
                self.push(HeapEntry::new(f, g2, node, s));
            });
            if self.heap.len() == 0 {
                self.state = Step::NoPath;
                return self.state;
            }
        }
        self.state
    }

    /// Runs to the end.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// # let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(7, 0, 0), &NoVoxelHooks);
    /// assert_eq!((s.run(&grid, &NoVoxelHooks), s.cost()), (Step::Found, 7.0));
    /// ```
    pub fn run(&mut self, grid: &VoxelGrid, hooks: &impl VoxelHooks) -> Step {
        while self.step(grid, hooks, u32::MAX) == Step::InProgress {}
        self.state
    }

    /// The current state.
    pub fn state(&self) -> Step {
        self.state
    }

    /// Iterations (pops) so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Expansions so far (the goal's pop is not one).
    pub fn expansions(&self) -> u32 {
        self.expansions
    }

    /// The start and goal of the current search.
    pub fn endpoints(&self) -> (VoxelCell, VoxelCell) {
        (self.start, self.goal)
    }

    /// The path cost when found, else +∞.
    pub fn cost(&self) -> f64 {
        if self.state == Step::Found {
            let p = &self.pages[(self.goal_slot >> 9) as usize];
            p.g[(self.goal_slot & 511) as usize]
        } else {
            f64::INFINITY
        }
    }

    /// Voxels on the found path (0 unless found).
    pub fn path_len(&self) -> usize {
        self.walk_back(|_| {})
    }

    /// Writes the path, start first, into `out`; `None` (nothing written) when `out` is too
    /// short. `Some(0)` unless found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// # let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(0, 0, 2), &NoVoxelHooks);
    /// s.run(&grid, &NoVoxelHooks);
    /// let mut out = [VoxelCell::default(); 4];
    /// assert_eq!(s.copy_path(&mut out), Some(3));
    /// assert_eq!(out[2], VoxelCell::new(0, 0, 2));
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [VoxelCell]) -> Option<usize> {
        let len = self.path_len();
        let dst = out.get_mut(..len)?;
        let mut i = len;
        self.walk_back(|c| {
            i -= 1;
            dst[i] = c;
        });
        Some(len)
    }

    /// The path as a new vector (allocates).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, a, VoxelCell::new(2, 0, 0), &NoVoxelHooks);
    /// s.run(&grid, &NoVoxelHooks);
    /// assert_eq!(s.path(), vec![a, VoxelCell::new(1, 0, 0), VoxelCell::new(2, 0, 0)]);
    /// assert_eq!(s.path_len(), 3);
    /// ```
    pub fn path(&self) -> Vec<VoxelCell> {
        let mut v = alloc::vec![VoxelCell::default(); self.path_len()];
        let _ = self.copy_path(&mut v);
        v
    }

    fn walk_back(&self, mut f: impl FnMut(VoxelCell)) -> usize {
        if self.state != Step::Found {
            return 0;
        }
        let limit = self.used as usize * PAGE_VOXELS;
        let mut count = 0usize;
        let mut s = self.goal_slot;
        while s != NO_NODE && count < limit && ((s >> 9) as usize) < self.used as usize {
            let (x, y, z) = self.coords(s);
            f(VoxelCell::new(x as i32, y as i32, z as i32));
            count += 1;
            s = self.pages[(s >> 9) as usize].parent[(s & 511) as usize];
        }
        count
    }
}
