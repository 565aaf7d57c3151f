//! [`ShortestPathTree`]: single-source shortest distances over out-edges or in-edges
//! (tier 3), the building block of the landmark tables (spec: graphs.md, “ALT”).

use alloc::vec;
use alloc::vec::Vec;

use crate::graph::CsrGraph;
use crate::search::{NO_NODE, OpenSet};

/// Distances from (or, over the reverse edges, to) one root, the parent of every reached node
/// and the order in which nodes were settled.
///
/// Dijkstra's algorithm (1959) on the stored weights with the [`OpenSet`] keyed `(d, d)`, so
/// equal distances settle by smaller node id; a node's parent is the first predecessor that
/// gave it its final distance (strict improvement only). Unreached nodes have distance `+∞`
/// and parent `u32::MAX`.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge};
/// use onepath::graph_search::ShortestPathTree;
/// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 5.0)];
/// let g = CsrGraph::new(4, &edges).unwrap();
/// let t = ShortestPathTree::compute(&g, 0, false);
/// assert_eq!(t.dist, vec![0.0, 1.0, 2.0, f64::INFINITY]);
/// assert_eq!((t.parent[2], t.parent[3]), (1, u32::MAX));
/// assert_eq!(t.order, vec![0, 1, 2]);
/// let back = ShortestPathTree::compute(&g, 2, true); // distances *to* node 2
/// assert_eq!(back.dist[0], 2.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ShortestPathTree {
    /// `dist[v]`: distance root → v (forward) or v → root (reverse); `+∞` when unreachable.
    pub dist: Vec<f64>,
    /// `parent[v]`: the tree parent (`u32::MAX` for the root and unreached nodes).
    pub parent: Vec<u32>,
    /// Reached nodes in the order they were settled (the root first).
    pub order: Vec<u32>,
}

impl ShortestPathTree {
    /// The tree of `root` (`root < graph.node_count()`) over out-edges, or over in-edges when
    /// `reverse`.
    ///
    /// # Panics
    ///
    /// When `root` is not a node of `graph`.
    ///
    /// # Complexity
    ///
    /// O((V + E) log V) time, O(V) memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge};
    /// use onepath::graph_search::ShortestPathTree;
    /// let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 2.0), GraphEdge::new(0, 2, 1.0), GraphEdge::new(2, 1, 0.5)]).unwrap();
    /// let t = ShortestPathTree::compute(&g, 0, false);
    /// assert_eq!((t.dist[1], t.parent[1]), (1.5, 2)); // via node 2
    /// assert_eq!(t.order, vec![0, 2, 1]);
    /// ```
    pub fn compute(graph: &CsrGraph, root: u32, reverse: bool) -> Self {
        let n = graph.node_count() as usize;
        let mut dist = vec![f64::INFINITY; n];
        let mut parent = vec![NO_NODE; n];
        let mut done = vec![false; n];
        let mut order = Vec::new();
        let mut open = OpenSet::new();
        open.reserve_nodes(graph.node_count());
        dist[root as usize] = 0.0;
        let _ = open.push(root, 0.0, 0.0);
        let (offsets, ends, weights) = if reverse {
            (
                graph.reverse_offsets(),
                graph.sources(),
                graph.reverse_weights(),
            )
        } else {
            (graph.offsets(), graph.targets(), graph.weights())
        };
        while let Some((u, _, _)) = open.pop() {
            done[u as usize] = true;
            order.push(u);
            let du = dist[u as usize];
            let (a, b) = (
                offsets[u as usize] as usize,
                offsets[u as usize + 1] as usize,
            );
            for slot in a..b {
                let v = ends[slot] as usize;
                let d = du + weights[slot];
                if !done[v] && d < dist[v] {
                    dist[v] = d;
                    parent[v] = u;
                    // Cannot fail: d is finite.
                    let _ = open.push(v as u32, d, d);
                }
            }
        }
        Self {
            dist,
            parent,
            order,
        }
    }
}
