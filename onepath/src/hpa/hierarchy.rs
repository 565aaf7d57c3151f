//! [`HpaHierarchy`]: chunks, transitions, inter- and intra-edges, their canonical form, content
//! hash and incremental refresh (spec: grids.md, "HPA*").

use alloc::vec::Vec;

use super::chunk_search::{ChunkRect, ChunkSearch};
use super::config::HpaConfig;
use super::entrances::chunk_transitions;
use super::error::HpaError;
use crate::grid::{ClearanceMap, EditsSince, Grid, GridEdit, SquareTopology};
use crate::state::Fnv1a64;
use crate::topology::Topology;

/// An inter-edge: the move across a chunk border between two transition cells.
///
/// # Examples
///
/// ```
/// use onepath::hpa::{HpaConfig, HpaHierarchy};
/// use onepath::Grid;
/// let grid = Grid::new(4, 2).unwrap();
/// let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(2)).unwrap();
/// // Chunk 0 (left) meets chunk 1 (right) across one entrance: one edge each way out of it.
/// let e = h.inter_edges(0)[0];
/// assert_eq!((e.from, e.to, e.cost), (1, 2, 1.0)); // cell (1, 0) to cell (2, 0)
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InterEdge {
    /// The transition cell inside this chunk (an abstract node).
    pub from: u32,
    /// The facing cell in the neighbouring chunk (an abstract node of that chunk).
    pub to: u32,
    /// The move's cost `(m[from] + m[to]) * 0.5`.
    pub cost: f64,
}

/// One chunk's part of the abstract graph, in canonical form.
///
/// # Invariants
///
/// `nodes` strictly increasing; `intra.len() == nodes.len()²`, row `i` the costs from node `i`
/// (`0` on the diagonal, `+inf` for no path inside the chunk); `inter` sorted by `(from, to)`,
/// every `from` in `nodes`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct ChunkData {
    pub nodes: Vec<u32>,
    pub intra: Vec<f64>,
    pub inter: Vec<InterEdge>,
}

impl ChunkData {
    fn bits_equal(&self, other: &Self) -> bool {
        self.nodes == other.nodes
            && self.intra.len() == other.intra.len()
            && self
                .intra
                .iter()
                .zip(&other.intra)
                .all(|(a, b)| a.to_bits() == b.to_bits())
            && self.inter.len() == other.inter.len()
            && self.inter.iter().zip(&other.inter).all(|(a, b)| {
                a.from == b.from && a.to == b.to && a.cost.to_bits() == b.cost.to_bits()
            })
    }
}

/// The one-level abstract graph of HPA* over a square grid (Botea, Müller & Schaeffer 2004;
/// tier 2).
///
/// The grid is cut into chunks of side C (chunk `(cx, cy)` holds the cells
/// `[cx·C, min(W, cx·C + C)) × [cy·C, min(H, cy·C + C))` and has index `cy · chunks_x + cx`).
/// Its nodes are the transition cells on the chunk borders (see
/// [`HpaConfig::threshold`]); inter-edges join the two cells of a transition both ways at the
/// straight move's cost; intra-edges join every ordered pair of nodes of a chunk at the cost of
/// the cheapest path that stays inside the chunk. Only cells walkable for the configured agent
/// size (true clearance) count.
///
/// The hierarchy follows grid edits by pulling the edit journal: [`refresh`](Self::refresh)
/// rebuilds the chunks an edit can affect, and the result equals a full rebuild.
///
/// # Complexity
///
/// Build: one Dijkstra per node over at most C² cells. Memory: `n²` doubles per chunk of `n`
/// nodes, plus its nodes and inter-edges, plus the clearance (one byte per cell) for agents
/// wider than one cell.
///
/// # Determinism
///
/// The canonical form (nodes by cell, inter-edges by `(node, target)`) is a function of the
/// cells, the area costs and the options only; [`content_equals`](Self::content_equals) and
/// [`content_hash`](Self::content_hash) compare it.
///
/// # Examples
///
/// ```
/// use onepath::Grid;
/// use onepath::hpa::{HpaConfig, HpaHierarchy};
/// let grid = Grid::from_text("....\n....\n....\n....").unwrap();
/// let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(2)).unwrap();
/// assert_eq!(h.chunk_count(), 4);
/// // Each border of two open cells is one entrance of width 2 < 6: one transition at its
/// // lower position, so chunk 0 has the nodes (1, 0) and (0, 1).
/// assert_eq!(h.cluster_nodes(0), [1, 4]);
/// ```
#[derive(Clone, Debug)]
pub struct HpaHierarchy {
    config: HpaConfig,
    width: u32,
    height: u32,
    chunks_x: u32,
    chunks_y: u32,
    chunks: Vec<ChunkData>,
    revision: u64,
    clearance: ClearanceMap,
    dirty: Vec<bool>,
    search: ChunkSearch,
}

impl HpaHierarchy {
    /// Builds the hierarchy of `grid` for `config`.
    ///
    /// # Errors
    ///
    /// What [`HpaConfig::check`] refuses.
    ///
    /// # Complexity
    ///
    /// One chunk-restricted Dijkstra per abstract node (see the type).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hpa::{HpaConfig, HpaError, HpaHierarchy};
    /// use onepath::Grid;
    /// let grid = Grid::new(64, 32).unwrap();
    /// let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT).unwrap(); // 16 × 16 chunks
    /// assert_eq!((h.chunks_x(), h.chunks_y(), h.chunk_count()), (4, 2, 8));
    /// assert!(h.node_count() > 0 && h.is_current(&grid));
    /// let bad = HpaConfig { threshold: 0, ..HpaConfig::DEFAULT };
    /// assert!(matches!(HpaHierarchy::build(&grid, bad), Err(HpaError::InvalidThreshold { .. })));
    /// ```
    pub fn build(grid: &Grid, config: HpaConfig) -> Result<Self, HpaError> {
        config.check()?;
        let mut h = Self {
            config,
            width: 0,
            height: 0,
            chunks_x: 0,
            chunks_y: 0,
            chunks: Vec::new(),
            revision: grid.revision(),
            clearance: ClearanceMap::new(),
            dirty: Vec::new(),
            search: ChunkSearch::default(),
        };
        h.rebuild_all(grid);
        Ok(h)
    }

    fn rebuild_all(&mut self, grid: &Grid) {
        let c = self.config.chunk_size;
        self.width = grid.width();
        self.height = grid.height();
        self.chunks_x = self.width.div_ceil(c);
        self.chunks_y = self.height.div_ceil(c);
        let n = (self.chunks_x * self.chunks_y) as usize;
        self.chunks.resize_with(n, ChunkData::default);
        self.chunks.truncate(n);
        self.dirty.clear();
        self.dirty.resize(n, true);
        self.rebuild_marked(grid);
    }

    fn rebuild_marked(&mut self, grid: &Grid) {
        if self.config.agent_size > 1 {
            self.clearance.refresh(grid);
        }
        let Self {
            config,
            chunks,
            dirty,
            search,
            clearance,
            ..
        } = self;
        let topo = topology(grid, config, clearance);
        for (k, d) in dirty.iter_mut().enumerate() {
            if *d {
                *d = false;
                build_chunk(
                    &topo,
                    config,
                    rect_of(config.chunk_size, grid, k as u32),
                    search,
                    &mut chunks[k],
                );
            }
        }
        self.revision = grid.revision();
    }

    /// Brings the hierarchy up to date with `grid` from its edit journal: a cell edit at
    /// `(x, y)` marks every chunk intersecting `[x − S, x + 1] × [y − S, y + 1]` (S the agent
    /// size: clearance changes up and left by `S − 1`, and entrances read the neighbouring
    /// chunk's cell), an area-cost change or a journal that cannot say what changed marks
    /// every chunk; marked chunks are rebuilt in index order. The result equals
    /// [`build`](Self::build) on the grid as it is now (content-equal).
    ///
    /// # Complexity
    ///
    /// O(1) when nothing changed; otherwise the marked chunks' build cost (plus a clearance
    /// repair for agents wider than one cell).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::{Cell, Grid};
    /// # let mut grid = Grid::new(16, 16).unwrap();
    /// # let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// grid.set_rect(4, 0, 1, 12, 255).unwrap(); // a wall down column 4
    /// assert!(!h.is_current(&grid));
    /// h.refresh(&grid); // rebuilds only the chunks the edit touched
    /// let fresh = HpaHierarchy::build(&grid, h.config()).unwrap();
    /// assert!(h.content_equals(&fresh) && h.content_hash() == fresh.content_hash());
    /// ```
    pub fn refresh(&mut self, grid: &Grid) {
        if grid.revision() == self.revision
            && grid.width() == self.width
            && grid.height() == self.height
        {
            return;
        }
        if grid.width() != self.width || grid.height() != self.height {
            self.rebuild_all(grid);
            return;
        }
        let edits = match grid.edits_since(self.revision) {
            EditsSince::Rebuild => {
                self.rebuild_all(grid);
                return;
            }
            EditsSince::Edits(e) => e,
        };
        let s = u32::from(self.config.agent_size);
        let c = self.config.chunk_size;
        for edit in edits {
            match edit {
                GridEdit::Cells(r) => {
                    let x0 = r.x.saturating_sub(s);
                    let y0 = r.y.saturating_sub(s);
                    let x1 = (r.x + r.width).min(self.width - 1);
                    let y1 = (r.y + r.height).min(self.height - 1);
                    for cy in y0 / c..=y1 / c {
                        for cx in x0 / c..=x1 / c {
                            self.dirty[(cy * self.chunks_x + cx) as usize] = true;
                        }
                    }
                }
                GridEdit::AreaCosts | GridEdit::Everything => {
                    self.dirty.iter_mut().for_each(|d| *d = true);
                }
            }
        }
        self.rebuild_marked(grid);
    }

    /// Whether the hierarchy matches `grid` as it is now (built or refreshed at its revision).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::{Cell, Grid};
    /// # let mut grid = Grid::new(16, 16).unwrap();
    /// # let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// assert!(h.is_current(&grid));
    /// grid.set_walkable(Cell::new(0, 0), false).unwrap();
    /// assert!(!h.is_current(&grid));
    /// h.refresh(&grid);
    /// assert_eq!(h.revision(), grid.revision());
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.revision == grid.revision()
            && self.width == grid.width()
            && self.height == grid.height()
    }

    /// The hierarchy, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](Self::is_current). The tier-3 reads ([`cluster_nodes`](Self::cluster_nodes),
    /// [`intra_cost`](Self::intra_cost), [`inter_edges`](Self::inter_edges), …) take no grid
    /// and answer for the revision the hierarchy was built or refreshed at; after an edit,
    /// until [`refresh`](Self::refresh), they are old (ARCHITECTURE.md, “Stale reads”).
    ///
    /// # Errors
    ///
    /// [`HpaError::StaleHierarchy`] when `grid` was edited since (or is another grid).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// let mut grid = Grid::new(4, 4).unwrap();
    /// let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(2)).unwrap();
    /// grid.set_walkable(Cell::new(1, 0), false).unwrap();
    /// assert!(h.current(&grid).is_err()); // cluster_nodes(0) would still list (1, 0)
    /// h.refresh(&grid);
    /// assert!(!h.current(&grid).unwrap().cluster_nodes(0).contains(&1));
    /// ```
    pub fn current(&self, grid: &Grid) -> Result<&Self, HpaError> {
        self.check_current(grid).map(|()| self)
    }

    /// The error a search reports when the hierarchy is not current for `grid`.
    pub(crate) fn check_current(&self, grid: &Grid) -> Result<(), HpaError> {
        if self.is_current(grid) {
            Ok(())
        } else {
            Err(HpaError::StaleHierarchy {
                hierarchy_revision: self.revision,
                grid_revision: grid.revision(),
            })
        }
    }

    /// The options the hierarchy was built for.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::{Cell, Grid};
    /// # let mut grid = Grid::new(16, 16).unwrap();
    /// # let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// assert_eq!(h.config().chunk_size, 4);
    /// ```
    pub fn config(&self) -> HpaConfig {
        self.config
    }

    /// The grid revision the hierarchy matches.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::Grid;
    /// # let grid = Grid::new(12, 8).unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// assert_eq!(h.revision(), grid.revision());
    /// ```
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Chunks per row.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::Grid;
    /// # let grid = Grid::new(12, 8).unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// assert_eq!((h.chunks_x(), h.chunks_y(), h.chunk_count()), (3, 2, 6));
    /// ```
    pub fn chunks_x(&self) -> u32 {
        self.chunks_x
    }

    /// Chunks per column.
    pub fn chunks_y(&self) -> u32 {
        self.chunks_y
    }

    /// Number of chunks.
    pub fn chunk_count(&self) -> u32 {
        self.chunks_x * self.chunks_y
    }

    /// Number of abstract nodes over all chunks.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::Grid;
    /// # let grid = Grid::new(12, 8).unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let per_chunk: usize = (0..h.chunk_count()).map(|k| h.cluster_nodes(k).len()).sum();
    /// assert_eq!(h.node_count(), per_chunk);
    /// ```
    pub fn node_count(&self) -> usize {
        self.chunks.iter().map(|c| c.nodes.len()).sum()
    }

    /// The index of the chunk holding `cell` (a row-major cell index of the grid; `None`
    /// outside).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::{Cell, Grid};
    /// # let mut grid = Grid::new(16, 16).unwrap();
    /// # let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// assert_eq!(h.chunk_of(0), Some(0));
    /// assert_eq!(h.chunk_of(5 * 16 + 9), Some(4 + 2)); // cell (9, 5): chunk column 2, row 1
    /// assert_eq!(h.chunk_of(256), None);
    /// ```
    pub fn chunk_of(&self, cell: u32) -> Option<u32> {
        if cell >= self.width * self.height {
            return None;
        }
        let (x, y) = (cell % self.width, cell / self.width);
        let c = self.config.chunk_size;
        Some((y / c) * self.chunks_x + x / c)
    }

    pub(crate) fn chunk(&self, k: u32) -> &ChunkData {
        &self.chunks[k as usize]
    }

    pub(crate) fn rect(&self, k: u32) -> ChunkRect {
        rect_of_dims(
            self.config.chunk_size,
            self.width,
            self.height,
            self.chunks_x,
            k,
        )
    }

    /// The abstract nodes (cell indices, increasing) of chunk `k` (tier 3; empty outside).
    pub fn cluster_nodes(&self, k: u32) -> &[u32] {
        self.chunks.get(k as usize).map_or(&[], |c| &c.nodes)
    }

    /// The intra-edge cost from node `i` to node `j` of chunk `k` (indices into
    /// [`cluster_nodes`](Self::cluster_nodes)); `+inf` when no path stays inside the chunk or
    /// an index is out of range (tier 3).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::{Cell, Grid};
    /// # let mut grid = Grid::new(16, 16).unwrap();
    /// # let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let nodes = h.cluster_nodes(5); // an inner chunk: transitions on all four sides
    /// assert!(nodes.len() >= 4);
    /// assert_eq!(h.intra_cost(5, 0, 0), 0.0);
    /// assert!(h.intra_cost(5, 0, 1).is_finite()); // an open chunk connects its transitions
    /// assert_eq!(h.intra_cost(5, 0, 99), f64::INFINITY);
    /// ```
    pub fn intra_cost(&self, k: u32, i: usize, j: usize) -> f64 {
        let Some(c) = self.chunks.get(k as usize) else {
            return f64::INFINITY;
        };
        let n = c.nodes.len();
        if i >= n || j >= n {
            return f64::INFINITY;
        }
        c.intra[i * n + j]
    }

    /// The inter-edges leaving chunk `k`, sorted by `(from, to)` (tier 3; empty outside).
    pub fn inter_edges(&self, k: u32) -> &[InterEdge] {
        self.chunks.get(k as usize).map_or(&[], |c| &c.inter)
    }

    /// The clearance the hierarchy reads (agents wider than one cell), kept current by
    /// [`refresh`](Self::refresh).
    pub(crate) fn clearance(&self) -> &ClearanceMap {
        &self.clearance
    }

    /// Whether both hierarchies have the same options, size and abstract graph, costs compared
    /// bit for bit.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::Grid;
    /// # let grid = Grid::new(12, 8).unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let again = HpaHierarchy::build(&grid.clone(), h.config()).unwrap();
    /// assert!(h.content_equals(&again)); // same graph, costs bit for bit
    /// ```
    pub fn content_equals(&self, other: &Self) -> bool {
        self.config == other.config
            && self.width == other.width
            && self.height == other.height
            && self.chunks.len() == other.chunks.len()
            && self
                .chunks
                .iter()
                .zip(&other.chunks)
                .all(|(a, b)| a.bits_equal(b))
    }

    /// FNV-1a 64 over the abstract graph in chunk order: per chunk its node count and node
    /// cells, its `n²` intra costs row by row as `f64` bit patterns, its inter-edge count and
    /// each inter-edge as (node cell, target cell, cost bits); integers little-endian
    /// (`u32`, costs `u64`).
    ///
    /// # Complexity
    ///
    /// O(size of the graph).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::{Cell, Grid};
    /// # let mut grid = Grid::new(16, 16).unwrap();
    /// # let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// let same = HpaHierarchy::build(&grid.clone(), h.config()).unwrap();
    /// assert_eq!(h.content_hash(), same.content_hash()); // a function of the abstract graph only
    /// grid.set_walkable(Cell::new(3, 1), false).unwrap();
    /// h.refresh(&grid);
    /// assert_ne!(h.content_hash(), same.content_hash());
    /// ```
    pub fn content_hash(&self) -> u64 {
        let mut h = Fnv1a64::new();
        for c in &self.chunks {
            h.write_u32(c.nodes.len() as u32);
            for &n in &c.nodes {
                h.write_u32(n);
            }
            for v in &c.intra {
                h.write_u64(v.to_bits());
            }
            h.write_u32(c.inter.len() as u32);
            for e in &c.inter {
                h.write_u32(e.from);
                h.write_u32(e.to);
                h.write_u64(e.cost.to_bits());
            }
        }
        h.finish()
    }

    /// Bytes held by the abstract graph (nodes, costs, inter-edges), for reports.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// # use onepath::{Cell, Grid};
    /// # let mut grid = Grid::new(16, 16).unwrap();
    /// # let mut h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// assert!(h.graph_bytes() > 0);
    /// ```
    pub fn graph_bytes(&self) -> usize {
        self.chunks
            .iter()
            .map(|c| {
                c.nodes.len() * 4
                    + c.intra.len() * 8
                    + c.inter.len() * core::mem::size_of::<InterEdge>()
            })
            .sum()
    }
}

/// The topology the hierarchy and its searches read for `config`.
pub(crate) fn topology<'g>(
    grid: &'g Grid,
    config: &HpaConfig,
    clearance: &'g ClearanceMap,
) -> SquareTopology<'g> {
    if config.agent_size > 1 {
        SquareTopology::borrowed(
            grid,
            config.agent_size,
            config.connectivity,
            config.rule,
            clearance.values(),
        )
    } else {
        // Cannot fail: the size is 1.
        SquareTopology::new(grid, 1, config.connectivity, config.rule)
            .unwrap_or_else(|_| unreachable!())
    }
}

fn rect_of(c: u32, grid: &Grid, k: u32) -> ChunkRect {
    rect_of_dims(c, grid.width(), grid.height(), grid.width().div_ceil(c), k)
}

fn rect_of_dims(c: u32, width: u32, height: u32, chunks_x: u32, k: u32) -> ChunkRect {
    let (cx, cy) = (k % chunks_x, k / chunks_x);
    let (x0, y0) = (cx * c, cy * c);
    ChunkRect {
        x0,
        y0,
        w: c.min(width - x0),
        h: c.min(height - y0),
    }
}

/// Builds one chunk's nodes, inter-edges and intra-edges into `out` (reusing its memory).
fn build_chunk(
    topo: &SquareTopology<'_>,
    config: &HpaConfig,
    rect: ChunkRect,
    search: &mut ChunkSearch,
    out: &mut ChunkData,
) {
    let grid = topo.grid();
    let (w, h) = (grid.width(), grid.height());
    out.nodes.clear();
    out.inter.clear();
    let areas = grid.areas();
    let cells = grid.cells();
    chunk_transitions(
        rect,
        w,
        h,
        config.threshold,
        |c| topo.is_walkable(c),
        |a, b| {
            out.nodes.push(a);
            let cost = (areas.get(cells[a as usize]) + areas.get(cells[b as usize])) * 0.5;
            out.inter.push(InterEdge {
                from: a,
                to: b,
                cost,
            });
        },
    );
    out.nodes.sort_unstable();
    out.nodes.dedup();
    out.inter.sort_unstable_by_key(|e| (e.from, e.to));
    let n = out.nodes.len();
    out.intra.clear();
    out.intra.resize(n * n, f64::INFINITY);
    for i in 0..n {
        search.run(topo, rect, out.nodes[i], &out.nodes, u32::MAX);
        for j in 0..n {
            out.intra[i * n + j] = search.cost(out.nodes[j]);
        }
    }
}
