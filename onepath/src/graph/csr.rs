//! [`CsrGraph`]: the immutable compressed-sparse-row form every graph search runs on
//! (spec: graphs.md, “Layout”), and [`GraphEdge`].

use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use super::error::{EdgeEnd, GraphError};
use crate::state::Fnv1a64;

/// The most nodes a graph may hold: 2^26 (node ids fit 26 bits).
pub const MAX_NODES: u32 = 1 << 26;

/// The most edges a graph may hold (edge slots are `u32`; `u32::MAX` is kept free).
pub const MAX_EDGES: u32 = u32::MAX - 1;

/// The most the weights of a graph may total: a quarter of `f64::MAX` (about 4.49e307).
///
/// The total is summed in a fixed order — the edge list's for [`CsrGraph::new`], the ids' for
/// a [`Graph`](super::Graph) (its compile order) — and checked at every edge, so a graph is
/// refused ([`GraphError::WeightSum`](super::GraphError::WeightSum), naming the edge) as soon
/// as its running total passes the bound. Why a quarter: every path cost a search computes
/// sums distinct edges of the graph (parent chains are simple paths), and a floating-point sum
/// of at most 2^33 nonnegative terms, in any order, is within a factor `1 + 2^-19` of the
/// exact sum, so every path cost stays below `f64::MAX / 4 · (1 + 2^-18)`; the searches add
/// at most three such quantities (a bidirectional meeting `g_forward + g_backward`, a key with
/// its potential, the stopping sum of two keys), which stays finite. A bound of `f64::MAX`
/// itself would not do: a path summed in another order than the check's can round past it.
/// The bound is on the stored weights; a cost hook that scales them up answers for itself.
pub const MAX_WEIGHT_SUM: f64 = f64::MAX / 4.0;

/// A directed edge `from -> to` with a weight (finite, `>= 0`; zero is allowed). A graph's
/// weights may total at most [`MAX_WEIGHT_SUM`].
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge, GraphError};
/// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 0.5)];
/// let csr = CsrGraph::new(3, &edges).unwrap();
/// assert_eq!(csr.out_edges(1).collect::<Vec<_>>(), vec![(2, 0.5)]);
/// // Weights must be finite and not negative.
/// assert!(matches!(CsrGraph::new(3, &[GraphEdge::new(0, 1, -1.0)]), Err(GraphError::EdgeWeight { edge: 0, .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GraphEdge {
    /// Source node.
    pub from: u32,
    /// Target node.
    pub to: u32,
    /// Weight: finite and `>= 0`.
    pub weight: f64,
}

impl GraphEdge {
    /// The edge `from -> to` weighing `weight`.
    pub const fn new(from: u32, to: u32, weight: f64) -> Self {
        Self { from, to, weight }
    }
}

/// An immutable directed graph in compressed sparse rows, with its reverse adjacency (tier 3).
///
/// Nodes are `0..node_count()`. The out-edges of `v` are the edge slots
/// [`out_range(v)`](CsrGraph::out_range) of [`targets`](CsrGraph::targets) and
/// [`weights`](CsrGraph::weights); its in-edges are the slots
/// [`in_range(v)`](CsrGraph::in_range) of [`sources`](CsrGraph::sources) and
/// [`reverse_weights`](CsrGraph::reverse_weights).
///
/// **Order.** Both directions are filled by a stable counting sort: within one node the edges
/// keep the order of the input list. Parallel edges and self-loops are kept. This order is
/// the order every search visits the edges in, so it is part of every result.
///
/// # Complexity
///
/// Construction O(nodes + edges), two passes; 8 bytes per node and 24 bytes per edge.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge};
/// let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 2.0), GraphEdge::new(0, 2, 1.0)]).unwrap();
/// assert_eq!(g.targets()[g.out_range(0)], [1, 2]);
/// assert_eq!(g.sources()[g.in_range(2)], [0]);
/// assert!(CsrGraph::new(3, &[GraphEdge::new(0, 3, 1.0)]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CsrGraph {
    node_count: u32,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    weights: Vec<f64>,
    reverse_offsets: Vec<u32>,
    sources: Vec<u32>,
    reverse_weights: Vec<f64>,
    fingerprint: u64,
}

impl CsrGraph {
    /// Builds the graph of `node_count` nodes and the directed `edges`.
    ///
    /// # Errors
    ///
    /// [`GraphError::TooManyNodes`] above [`MAX_NODES`], [`GraphError::TooManyEdges`] above
    /// [`MAX_EDGES`], [`GraphError::EdgeEndpoint`], [`GraphError::EdgeWeight`] and
    /// [`GraphError::WeightSum`] naming the first bad edge's index (edges are checked in list
    /// order, endpoints before weight before the running total of the weights, which may not
    /// pass [`MAX_WEIGHT_SUM`]). Nothing is allocated before the checks pass.
    ///
    /// # Complexity
    ///
    /// O(nodes + edges).
    ///
    /// # Determinism
    ///
    /// The layout depends only on the node count and the edge list (stable counting sort).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge, GraphError};
    /// let csr = CsrGraph::new(3, &[GraphEdge::new(2, 0, 1.5), GraphEdge::new(0, 1, 1.0)]).unwrap();
    /// assert_eq!((csr.node_count(), csr.edge_count()), (3, 2));
    /// assert_eq!(csr.out_edges(2).collect::<Vec<_>>(), vec![(0, 1.5)]);
    /// assert_eq!(csr.in_edges(0).collect::<Vec<_>>(), vec![(2, 1.5)]); // the reverse view
    /// let huge = [GraphEdge::new(0, 1, f64::MAX), GraphEdge::new(1, 0, f64::MAX)];
    /// assert!(matches!(CsrGraph::new(2, &huge), Err(GraphError::WeightSum { .. })));
    /// ```
    pub fn new(node_count: u32, edges: &[GraphEdge]) -> Result<Self, GraphError> {
        Self::from_iter_checked(node_count, edges.len(), || edges.iter().copied())
    }

    /// As [`new`](CsrGraph::new), from `count` edges produced (twice, identically) by `edges`.
    pub(crate) fn from_iter_checked<I: Iterator<Item = GraphEdge>>(
        node_count: u32,
        count: usize,
        edges: impl Fn() -> I,
    ) -> Result<Self, GraphError> {
        if node_count > MAX_NODES {
            return Err(GraphError::TooManyNodes {
                count: u64::from(node_count),
                max: MAX_NODES,
            });
        }
        if count > MAX_EDGES as usize {
            return Err(GraphError::TooManyEdges {
                count: count as u64,
                max: MAX_EDGES,
            });
        }
        let mut sum = 0.0f64;
        for (i, e) in edges().enumerate() {
            let bad_end = if e.from >= node_count {
                Some((EdgeEnd::From, e.from))
            } else if e.to >= node_count {
                Some((EdgeEnd::To, e.to))
            } else {
                None
            };
            if let Some((end, node)) = bad_end {
                return Err(GraphError::EdgeEndpoint {
                    edge: i as u64,
                    end,
                    node,
                    node_count,
                });
            }
            if !(e.weight.is_finite() && e.weight >= 0.0) {
                return Err(GraphError::EdgeWeight {
                    edge: i as u64,
                    weight: e.weight,
                });
            }
            sum += e.weight;
            if sum > MAX_WEIGHT_SUM {
                return Err(GraphError::WeightSum {
                    edge: i as u64,
                    sum,
                    max: MAX_WEIGHT_SUM,
                });
            }
        }
        let n = node_count as usize;
        let (offsets, targets, weights) = counting_sort(n, count, &edges, false);
        let (reverse_offsets, sources, reverse_weights) = counting_sort(n, count, &edges, true);
        let mut g = Self {
            node_count,
            offsets,
            targets,
            weights,
            reverse_offsets,
            sources,
            reverse_weights,
            fingerprint: 0,
        };
        g.fingerprint = g.compute_fingerprint();
        Ok(g)
    }

    /// `node_count` nodes (at most [`MAX_NODES`]) and no edges.
    pub(crate) fn empty(node_count: u32) -> Self {
        let n = node_count.min(MAX_NODES);
        let mut g = Self {
            node_count: n,
            offsets: vec![0; n as usize + 1],
            targets: Vec::new(),
            weights: Vec::new(),
            reverse_offsets: vec![0; n as usize + 1],
            sources: Vec::new(),
            reverse_weights: Vec::new(),
            fingerprint: 0,
        };
        g.fingerprint = g.compute_fingerprint();
        g
    }

    /// Number of nodes.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(0, 2, 2.0), GraphEdge::new(2, 1, 3.0)]).unwrap();
    /// assert_eq!((g.node_count(), g.edge_count()), (3, 3));
    /// ```
    #[inline]
    pub fn node_count(&self) -> u32 {
        self.node_count
    }

    /// Number of edges (slots).
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The out-edge slots of `v` (an empty range for `v >= node_count()`).
    #[inline]
    pub fn out_range(&self, v: u32) -> Range<usize> {
        range(&self.offsets, v)
    }

    /// The in-edge slots of `v` (an empty range for `v >= node_count()`).
    #[inline]
    pub fn in_range(&self, v: u32) -> Range<usize> {
        range(&self.reverse_offsets, v)
    }

    /// `offsets[v]..offsets[v + 1]` are the out-edge slots of `v`; `node_count() + 1` entries.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(0, 2, 2.0), GraphEdge::new(2, 1, 3.0)]).unwrap();
    /// assert_eq!(g.offsets(), &[0, 2, 2, 3]); // node 0 owns slots 0..2, node 1 none, node 2 slot 2
    /// assert_eq!(g.targets(), &[1, 2, 1]);
    /// assert_eq!(g.weights(), &[1.0, 2.0, 3.0]);
    /// ```
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// Target of every out-edge slot.
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// Weight of every out-edge slot.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// `reverse_offsets[v]..reverse_offsets[v + 1]` are the in-edge slots of `v`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(0, 2, 2.0), GraphEdge::new(2, 1, 3.0)]).unwrap();
    /// assert_eq!(g.reverse_offsets(), &[0, 0, 2, 3]); // in-edges: node 1 has two
    /// assert_eq!(g.sources(), &[0, 2, 0]);
    /// assert_eq!(g.reverse_weights(), &[1.0, 3.0, 2.0]);
    /// ```
    pub fn reverse_offsets(&self) -> &[u32] {
        &self.reverse_offsets
    }

    /// Source of every in-edge slot.
    pub fn sources(&self) -> &[u32] {
        &self.sources
    }

    /// Weight of every in-edge slot.
    pub fn reverse_weights(&self) -> &[f64] {
        &self.reverse_weights
    }

    /// The out-edges of `v` as `(target, weight)`, in slot order.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge};
    /// let g = CsrGraph::new(3, &[GraphEdge::new(0, 2, 4.0), GraphEdge::new(0, 1, 1.0)]).unwrap();
    /// assert_eq!(g.out_edges(0).collect::<Vec<_>>(), vec![(2, 4.0), (1, 1.0)]); // in list order
    /// assert_eq!(g.out_range(0), 0..2);
    /// ```
    pub fn out_edges(&self, v: u32) -> impl Iterator<Item = (u32, f64)> + '_ {
        let r = self.out_range(v);
        self.targets[r.clone()]
            .iter()
            .copied()
            .zip(self.weights[r].iter().copied())
    }

    /// The in-edges of `v` as `(source, weight)`, in slot order.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge};
    /// let g = CsrGraph::new(3, &[GraphEdge::new(0, 2, 4.0), GraphEdge::new(1, 2, 1.0)]).unwrap();
    /// assert_eq!(g.in_edges(2).collect::<Vec<_>>(), vec![(0, 4.0), (1, 1.0)]);
    /// ```
    pub fn in_edges(&self, v: u32) -> impl Iterator<Item = (u32, f64)> + '_ {
        let r = self.in_range(v);
        self.sources[r.clone()]
            .iter()
            .copied()
            .zip(self.reverse_weights[r].iter().copied())
    }

    /// The graph's 64-bit fingerprint: FNV-1a 64 (offset 14695981039346656037, prime
    /// 1099511628211) over the little-endian bytes, low byte first, of the node count (u32),
    /// every one of the `node_count + 1` offsets (u32), then for every out-edge slot in order
    /// its target (u32) followed by the IEEE bit pattern of its weight (u64). Snapshots and
    /// landmark tables carry it to detect a different or edited graph.
    ///
    /// # Complexity
    ///
    /// O(1): computed once at construction.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge};
    /// let a = CsrGraph::new(2, &[GraphEdge::new(0, 1, 1.0)]).unwrap();
    /// let b = CsrGraph::new(2, &[GraphEdge::new(0, 1, 1.0)]).unwrap();
    /// let c = CsrGraph::new(2, &[GraphEdge::new(0, 1, 2.0)]).unwrap();
    /// assert_eq!(a.fingerprint(), b.fingerprint()); // what landmark tables are tied to
    /// assert_ne!(a.fingerprint(), c.fingerprint());
    /// ```
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    fn compute_fingerprint(&self) -> u64 {
        let mut h = Fnv1a64::new();
        h.write(&self.node_count.to_le_bytes());
        for o in &self.offsets {
            h.write(&o.to_le_bytes());
        }
        for (t, w) in self.targets.iter().zip(&self.weights) {
            h.write(&t.to_le_bytes());
            h.write(&w.to_bits().to_le_bytes());
        }
        h.finish()
    }

    /// Bytes held by the adjacency arrays.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0), GraphEdge::new(0, 2, 2.0), GraphEdge::new(2, 1, 3.0)]).unwrap();
    /// assert!(g.memory_bytes() >= 3 * 8 * 2); // at least the weights, both directions
    /// ```
    pub fn memory_bytes(&self) -> usize {
        (self.offsets.len() + self.reverse_offsets.len()) * 4
            + (self.targets.len() + self.sources.len()) * 4
            + (self.weights.len() + self.reverse_weights.len()) * 8
    }
}

#[inline]
fn range(offsets: &[u32], v: u32) -> Range<usize> {
    let v = v as usize;
    match (offsets.get(v), offsets.get(v + 1)) {
        (Some(&a), Some(&b)) => a as usize..b as usize,
        _ => 0..0,
    }
}

/// Stable counting sort of the edges by source (by target when `reverse`): offsets (`n + 1`),
/// the other ends, weights; within one node the input order is kept.
fn counting_sort<I: Iterator<Item = GraphEdge>>(
    n: usize,
    count: usize,
    edges: &impl Fn() -> I,
    reverse: bool,
) -> (Vec<u32>, Vec<u32>, Vec<f64>) {
    let items = || {
        edges().map(move |e| {
            if reverse {
                (e.to, e.from, e.weight)
            } else {
                (e.from, e.to, e.weight)
            }
        })
    };
    let mut offsets = vec![0u32; n + 1];
    for (k, _, _) in items() {
        offsets[k as usize + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut next: Vec<u32> = offsets[..n].to_vec();
    let mut values = vec![0u32; count];
    let mut weights = vec![0.0f64; count];
    for (k, v, w) in items() {
        let slot = next[k as usize] as usize;
        next[k as usize] += 1;
        values[slot] = v;
        weights[slot] = w;
    }
    (offsets, values, weights)
}
