//! [`SearchBuffers`]: reusable working memory of a best-first search.

use alloc::vec::Vec;

use super::open_set::OpenSet;

/// "No node" in parent links and wire formats.
pub const NO_NODE: u32 = u32::MAX;

/// One node's search state: everything a relaxation reads or writes sits in one 16-byte record,
/// so looking at a neighbour touches one cache line instead of three.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct NodeState {
    /// Cost from the start (meaningful when reached).
    pub(crate) g: f64,
    /// Parent on the best known path, or [`NO_NODE`] (meaningful when reached).
    pub(crate) parent: u32,
    /// `generation << 1 | closed`.
    pub(crate) mark: u32,
}

impl NodeState {
    const UNREACHED: Self = Self {
        g: 0.0,
        parent: NO_NODE,
        mark: 0,
    };
}

/// Per-node search state (cost, parent, generation mark) plus the open set, reused across
/// searches without clearing.
///
/// # Invariants
///
/// A node is *reached* in the current search iff `nodes[n].mark >> 1 == generation`, and
/// *closed* iff additionally bit 0 is set; `g` and `parent` are meaningful only for reached
/// nodes. `generation` is in `1..2^31`; when it would overflow, every mark is zeroed once.
///
/// # Complexity
///
/// 16 bytes per node (g 8, parent 4, mark 4, in one record) plus 4 bytes per node of open-set
/// index and 24 bytes per open entry. Starting a search is O(1) once the buffers are large
/// enough.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::search::{AStar, SearchBuffers, Step};
/// use onepath::topology::{DefaultStepCost, ZeroHeuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let grid = Grid::new(8, 8).unwrap();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
/// let mut buffers = SearchBuffers::with_capacity(64); // sized once, reused by every search
/// buffers.set_record_expansions(true);
/// let mut search = AStar::with_buffers(DefaultStepCost, ZeroHeuristic, buffers);
/// search.try_begin(&topo, 0, 63);
/// assert_eq!(search.run(&topo), Step::Found);
/// let buffers = search.into_buffers(); // hand them to the next search
/// assert_eq!((buffers.g_of(63), buffers.parent_of(0)), (Some(14.0), None));
/// assert!(buffers.closed(0) && !buffers.expanded_nodes().is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct SearchBuffers {
    pub(crate) nodes: Vec<NodeState>,
    pub(crate) generation: u32,
    pub(crate) open: OpenSet,
    pub(crate) record_expansions: bool,
    pub(crate) expanded: Vec<u32>,
    pub(crate) record_trace: bool,
    pub(crate) trace: Vec<u64>,
}

impl SearchBuffers {
    /// Empty buffers; they grow to the first search's node count.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::SearchBuffers;
    /// let b = SearchBuffers::new(); // grows to the first search's node count
    /// assert_eq!(b.node_capacity(), 0);
    /// ```
    pub const fn new() -> Self {
        Self {
            nodes: Vec::new(),
            generation: 0,
            open: OpenSet::new(),
            record_expansions: false,
            expanded: Vec::new(),
            record_trace: false,
            trace: Vec::new(),
        }
    }

    /// Buffers already sized for `node_count` nodes, so the first search allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::SearchBuffers;
    /// # let mut buffers = SearchBuffers::with_capacity(16);
    /// assert!(buffers.node_capacity() >= 16);
    /// ```
    pub fn with_capacity(node_count: u32) -> Self {
        let mut b = Self::new();
        b.ensure(node_count);
        b
    }

    /// Whether expanded nodes are recorded in order (debug drawing).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::SearchBuffers;
    /// # let mut buffers = SearchBuffers::with_capacity(16);
    /// buffers.set_record_expansions(true);
    /// assert!(buffers.record_expansions());
    /// assert!(buffers.expanded_nodes().is_empty()); // filled by the next search
    /// ```
    pub fn set_record_expansions(&mut self, on: bool) {
        self.record_expansions = on;
    }

    /// Whether expanded nodes are recorded.
    pub fn record_expansions(&self) -> bool {
        self.record_expansions
    }

    /// The nodes expanded by the current search, in order (empty unless recording).
    pub fn expanded_nodes(&self) -> &[u32] {
        &self.expanded
    }

    /// The desync trace of the current search (empty unless recording): one digest per
    /// iteration, see [`AStar::set_record_trace`](super::AStar::set_record_trace).
    pub fn trace(&self) -> &[u64] {
        &self.trace
    }

    /// Node capacity.
    pub fn node_capacity(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// Bytes of per-node state: g 8, parent 4, mark 4, open-set position 4 (open entries,
    /// 24 bytes each, are reserved separately).
    pub const BYTES_PER_NODE: usize = 8 + 4 + 4 + 4;

    pub(crate) fn ensure(&mut self, node_count: u32) {
        let n = node_count as usize;
        if self.nodes.len() < n {
            self.nodes.resize(n, NodeState::UNREACHED);
        }
        // Keeps the open entries: a restore sizes the buffers before it validates, and a
        // failed restore must leave the search unchanged.
        self.open.grow_nodes(node_count);
    }

    /// Starts a new search over `node_count` nodes: grows if needed, forgets the previous
    /// search in O(1) by bumping the generation.
    pub(crate) fn begin(&mut self, node_count: u32) {
        self.open.clear();
        self.ensure(node_count);
        self.expanded.clear();
        self.trace.clear();
        if self.generation >= (u32::MAX >> 1) {
            self.nodes.iter_mut().for_each(|s| s.mark = 0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    #[inline]
    pub(crate) fn is_reached(&self, n: u32) -> bool {
        self.nodes[n as usize].mark >> 1 == self.generation
    }

    #[inline]
    pub(crate) fn is_closed(&self, n: u32) -> bool {
        self.nodes[n as usize].mark == (self.generation << 1 | 1)
    }

    #[inline]
    pub(crate) fn set_open(&mut self, n: u32) {
        self.nodes[n as usize].mark = self.generation << 1;
    }

    #[inline]
    pub(crate) fn set_closed(&mut self, n: u32) {
        self.nodes[n as usize].mark = self.generation << 1 | 1;
    }

    /// Cost from the start of a reached node, or `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::search::AStar;
    /// use onepath::topology::{DefaultStepCost, ZeroHeuristic};
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::from_text("...#...").unwrap();
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, ZeroHeuristic);
    /// search.try_begin(&topo, 0, 2);
    /// search.run(&topo);
    /// let buffers = search.buffers();
    /// assert_eq!((buffers.g_of(2), buffers.parent_of(2)), (Some(2.0), Some(1)));
    /// assert_eq!(buffers.g_of(5), None); // beyond the wall: not reached by this search
    /// ```
    pub fn g_of(&self, n: u32) -> Option<f64> {
        self.read_reached(n).then(|| self.nodes[n as usize].g)
    }

    /// Whether the public reads may report `n` as reached: inside the buffers, and reached in
    /// the current search — before the first search (generation 0, every mark 0) nothing is.
    fn read_reached(&self, n: u32) -> bool {
        self.generation != 0 && (n as usize) < self.nodes.len() && self.is_reached(n)
    }

    /// Parent of a reached node (`None` for the start and unreached nodes).
    pub fn parent_of(&self, n: u32) -> Option<u32> {
        self.read_reached(n)
            .then(|| self.nodes[n as usize].parent)
            .filter(|&p| p != NO_NODE)
    }

    /// Calls `f` for each node of the parent chain from `goal` back to the start and returns
    /// the count. At most `limit` nodes are visited (a search passes its node count when it
    /// has found a path, 0 otherwise), so a walk over any restored state ends. Shared by the
    /// engines that keep their parents here (A*, Theta*, graph A*).
    pub(crate) fn walk_back(&self, goal: u32, limit: usize, mut f: impl FnMut(u32)) -> usize {
        let mut count = 0usize;
        let mut n = goal;
        while count < limit && n != NO_NODE {
            f(n);
            count += 1;
            n = self.nodes[n as usize].parent;
        }
        count
    }

    /// Writes the chain [`walk_back`](Self::walk_back) visits into `out`, start first, and
    /// returns its length; `None` (nothing written) when `out` is shorter.
    pub(crate) fn copy_chain(&self, goal: u32, limit: usize, out: &mut [u32]) -> Option<usize> {
        let len = self.walk_back(goal, limit, |_| {});
        let dst = out.get_mut(..len)?;
        let mut i = len;
        self.walk_back(goal, limit, |n| {
            i -= 1;
            dst[i] = n;
        });
        Some(len)
    }

    /// Whether `n` is closed in the current search.
    pub fn closed(&self, n: u32) -> bool {
        self.generation != 0 && (n as usize) < self.nodes.len() && self.is_closed(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_buffers_report_no_node_reached() {
        let b = SearchBuffers::with_capacity(4);
        assert_eq!(
            (b.g_of(0), b.parent_of(0), b.closed(0)),
            (None, None, false)
        );
    }

    #[test]
    fn generations_forget_without_clearing() {
        let mut b = SearchBuffers::with_capacity(4);
        b.begin(4);
        b.set_closed(2);
        b.nodes[2].g = 5.0;
        assert!(b.is_reached(2) && b.is_closed(2));
        b.begin(4);
        assert!(!b.is_reached(2) && !b.is_closed(2));
        assert_eq!(b.g_of(2), None);
        b.generation = u32::MAX >> 1;
        b.set_open(1);
        b.begin(4);
        assert_eq!(b.generation, 1);
        assert!(!b.is_reached(1));
        assert!(b.nodes.iter().all(|s| s.mark == 0));
    }
}
