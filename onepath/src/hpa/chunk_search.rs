//! The chunk-restricted Dijkstra that prices intra-edges, inserts the start and goal and
//! refines abstract edges (spec: grids.md, "HPA*", "Intra-edges").
//!
//! The search runs over the moves of a [`SquareTopology`] that stay inside one chunk. Its open
//! order is the open set's (smaller cost, then larger cost, then smaller node), with the
//! chunk-local cell index `(y - y0) * chunk_width + (x - x0)` as the node, so the last
//! tie-break is the local index. Relaxation is by strict improvement; it stops once every
//! target is settled (popped), which changes nothing before that pop, so the same search with
//! fewer targets settles those targets at the same cost with the same parents.

use alloc::vec::Vec;

use crate::grid::SquareTopology;
use crate::search::OpenSet;
use crate::topology::Topology;

const NONE: u32 = u32::MAX;

/// The cells `[x0, x0 + w) × [y0, y0 + h)` of one chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ChunkRect {
    pub x0: u32,
    pub y0: u32,
    pub w: u32,
    pub h: u32,
}

impl ChunkRect {
    /// Whether cell `(x, y)` lies inside.
    #[inline]
    pub fn contains(&self, x: u32, y: u32) -> bool {
        x >= self.x0 && y >= self.y0 && x - self.x0 < self.w && y - self.y0 < self.h
    }
}

/// Reusable working memory of the chunk-restricted Dijkstra (sized once for the chunk area).
///
/// # Invariants
///
/// `g`, `parent` and `mark` have one entry per local index of the largest chunk seen; a local
/// node is reached in this run iff `mark >> 1 == generation`, closed iff also `mark & 1 == 1`.
#[derive(Clone, Debug, Default)]
pub(crate) struct ChunkSearch {
    g: Vec<f64>,
    parent: Vec<u32>,
    mark: Vec<u32>,
    generation: u32,
    open: OpenSet,
    rect: Option<ChunkRect>,
    width: u32,
}

impl ChunkSearch {
    /// Sizes the buffers for chunks of up to `area` cells (allocates only when they grow).
    pub fn reserve(&mut self, area: u32) {
        let a = area as usize;
        if self.g.len() < a {
            self.g.resize(a, 0.0);
            self.parent.resize(a, NONE);
            self.mark.resize(a, 0);
        }
        if self.open.node_capacity() < area {
            self.open.reserve_nodes(area);
        }
    }

    #[inline]
    fn local(&self, rect: &ChunkRect, cell: u32) -> u32 {
        let (x, y) = (cell % self.width, cell / self.width);
        (y - rect.y0) * rect.w + (x - rect.x0)
    }

    #[inline]
    fn cell(&self, rect: &ChunkRect, local: u32) -> u32 {
        let (ly, lx) = (local / rect.w, local % rect.w);
        (rect.y0 + ly) * self.width + rect.x0 + lx
    }

    /// Runs from `source` (a walkable cell inside `rect`) until every cell of `targets`
    /// (sorted) and `extra` (or `u32::MAX` for none) is settled or nothing is left to pop.
    pub fn run(
        &mut self,
        topo: &SquareTopology<'_>,
        rect: ChunkRect,
        source: u32,
        targets: &[u32],
        extra: u32,
    ) {
        let width = topo.grid().width();
        self.width = width;
        self.reserve(rect.w * rect.h);
        self.rect = Some(rect);
        self.generation = self.generation.wrapping_add(1);
        if self.generation >= (1 << 31) {
            self.generation = 1;
            self.mark.iter_mut().for_each(|m| *m = 0);
        }
        let generation = self.generation;
        self.open.clear();
        let mut remaining = targets.len() + usize::from(extra != NONE);
        let s = self.local(&rect, source);
        self.g[s as usize] = 0.0;
        self.parent[s as usize] = NONE;
        self.mark[s as usize] = generation << 1;
        // Cannot fail: 0 is not NaN.
        let _ = self.open.push(s, 0.0, 0.0);
        while let Some((n, _, _)) = self.open.pop() {
            self.mark[n as usize] = generation << 1 | 1;
            let cell = self.cell(&rect, n);
            if (cell == extra || targets.binary_search(&cell).is_ok()) && remaining > 0 {
                remaining -= 1;
                if remaining == 0 {
                    break;
                }
            }
            let gn = self.g[n as usize];
            let Self {
                g,
                parent,
                mark,
                open,
                ..
            } = self;
            topo.for_each_neighbor(cell, |m, step| {
                let (mx, my) = (m % width, m / width);
                if !(rect.contains(mx, my) && (0.0..f64::INFINITY).contains(&step)) {
                    return;
                }
                let l = ((my - rect.y0) * rect.w + (mx - rect.x0)) as usize;
                let g2 = gn + step;
                if mark[l] >> 1 == generation && g2 >= g[l] {
                    return;
                }
                g[l] = g2;
                parent[l] = n;
                mark[l] = generation << 1;
                // Cannot fail: g2 is a sum of finite non-negative steps.
                let _ = open.push(l as u32, g2, g2);
            });
        }
    }

    /// The settled cost of `cell` in the last run, `+inf` when it was not settled.
    pub fn cost(&self, cell: u32) -> f64 {
        let Some(rect) = self.rect else {
            return f64::INFINITY;
        };
        let (x, y) = (cell % self.width, cell / self.width);
        if !rect.contains(x, y) {
            return f64::INFINITY;
        }
        let l = self.local(&rect, cell) as usize;
        if self.mark[l] == (self.generation << 1 | 1) {
            self.g[l]
        } else {
            f64::INFINITY
        }
    }

    /// Calls `visit` with the cells from the settled `cell` back to the source (both included),
    /// following parents. Does nothing when `cell` was not settled.
    pub fn walk_back(&self, cell: u32, mut visit: impl FnMut(u32)) {
        if !self.cost(cell).is_finite() {
            return;
        }
        let Some(rect) = self.rect else {
            return;
        };
        let mut l = self.local(&rect, cell);
        // Bounded: a parent chain visits each local node at most once.
        for _ in 0..=(rect.w * rect.h) {
            visit(self.cell(&rect, l));
            let p = self.parent[l as usize];
            if p == NONE {
                break;
            }
            l = p;
        }
    }
}
