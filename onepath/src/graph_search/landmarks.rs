//! [`Landmarks`]: the ALT tables of Goldberg & Harrelson (2005), *Computing the Shortest
//! Path: A\* Search Meets Graph Theory* (spec: graphs.md, “ALT”), their selection and the
//! lower bound; [`AltGraphHeuristic`] uses them as an estimate.

use alloc::vec;
use alloc::vec::Vec;

use super::landmark_error::LandmarkError;
use super::tree::ShortestPathTree;
use crate::graph::CsrGraph;
use crate::graph::GraphHeuristic;
use crate::math::SplitMix64;
use crate::search::NO_NODE;

/// How landmarks are chosen.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge};
/// use onepath::graph_search::{LandmarkOptions, LandmarkSelection, Landmarks};
/// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
/// let g = CsrGraph::new(10, &edges).unwrap();
/// for selection in [LandmarkSelection::Farthest, LandmarkSelection::Avoid] {
///     let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, selection, seed: 3 }).unwrap();
///     assert!(lm.lower_bound(0, 9) <= 9.0); // both rules give admissible bounds
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LandmarkSelection {
    /// Each landmark as far as possible from the ones before.
    Farthest,
    /// Goldberg & Harrelson's *avoid*: landmarks where the current bound is weakest (default).
    #[default]
    Avoid,
}

/// Options of [`Landmarks::build`]: how many, how chosen, and the seed of the random roots.
///
/// # Examples
///
/// ```
/// use onepath::graph::{Graph, GraphEdge};
/// use onepath::{GraphOptions, LandmarkOptions};
/// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
/// let mut g = Graph::from_edges(&edges, None, false).unwrap(); // a line of 10 nodes
/// let landmarks = g.build_landmarks(&LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
/// assert_eq!(landmarks.ids().len(), 2);
/// assert_eq!(landmarks.lower_bound(2, 7), 5.0); // exact on a line
/// let options = GraphOptions { landmarks: Some(&landmarks), ..GraphOptions::DEFAULT };
/// assert_eq!(g.find_path(2, 7, &options).unwrap().cost, 5.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LandmarkOptions {
    /// How many landmarks (capped at the node count). Default 16.
    pub count: u32,
    /// The selection rule. Default [`LandmarkSelection::Avoid`].
    pub selection: LandmarkSelection,
    /// Seed of the [`SplitMix64`] generator that draws the roots. Default 1.
    pub seed: u64,
}

impl LandmarkOptions {
    /// 16 landmarks, *avoid*, seed 1.
    pub const DEFAULT: Self = Self {
        count: 16,
        selection: LandmarkSelection::Avoid,
        seed: 1,
    };
}

impl Default for LandmarkOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Landmark distance tables for one graph (tier 3): for each landmark `L` in table order,
/// `d(L, v)` (the *forward* table, Dijkstra over out-edges) and `d(v, L)` (the *backward*
/// table, over in-edges) for every node `v`, as `f64` (`+∞` when unreachable). The accessors
/// and the `OPLM` format use the landmark-major order `table[l * N + v]`; in memory the two
/// distances of every landmark are kept together per node (node-major, 16 k bytes per node,
/// 16 k N in all), so one estimate reads two contiguous rows instead of up to 4 k scattered
/// doubles. Building and reading hold the landmark-major tables too until they are
/// rearranged, so their peak is twice that.
///
/// **Lower bound.** `lower_bound(u, v) = max(0, max over L of max(d(L,v) - d(L,u) [when
/// d(L,u) is finite], d(u,L) - d(v,L) [when d(v,L) is finite]))`, every landmark in table
/// order. It never exceeds the distance `u → v`, is consistent, works for directed graphs,
/// and is `+∞` when the tables prove `v` unreachable from `u`. The guarantee assumes edge costs
/// are not below the stored weights (a cost hook that lowers them voids it). It holds for
/// every table a query can get: [`build`](Landmarks::build) computes the distances, and
/// [`deserialize`](Landmarks::deserialize) refuses tables that are not feasible for the graph
/// (the triangle inequality on every edge, finite distances only where the graph connects),
/// which is what makes the bound admissible and consistent whatever the bytes say.
///
/// **Selection** (roots from [`SplitMix64`]`::new(seed)`, one `below(N)` drawn per landmark
/// whether or not the rule uses it; the count is capped at N; landmarks are distinct):
///
/// - *Farthest:* the first landmark is the node with the greatest finite distance from the
///   root (ties: smaller id); each next one is the node, not yet a landmark, whose distance
///   from its nearest landmark in the forward tables is finite and greatest (ties: smaller id).
/// - *Avoid:* grow the forward shortest-path tree of the root `r`
///   ([`ShortestPathTree`]); the weight of a reached `v` is `d(r, v) - lower_bound(r, v)` with
///   the landmarks chosen so far; the size of `v` is its weight plus its children's sizes
///   (summed visiting nodes in reverse settling order, each adding its size to its parent's),
///   or 0 when its subtree holds a landmark. The node of greatest positive size (ties:
///   smaller id) is taken, then the walk descends to the child of greatest size (ties: smaller
///   id) until a leaf, which becomes the landmark.
/// - When no candidate exists (nothing reachable, all weights zero), the smallest-id node that
///   is not yet a landmark is used.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge};
/// use onepath::graph_search::{LandmarkOptions, Landmarks};
/// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
/// let g = CsrGraph::new(10, &edges).unwrap();
/// let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
/// assert_eq!(lm.lower_bound(2, 7), 5.0); // exact on a path
/// assert!(lm.lower_bound(7, 2) <= 7.0); // never above the distance (here: none)
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Landmarks {
    pub(super) node_count: u32,
    pub(super) fingerprint: u64,
    pub(super) ids: Vec<u32>,
    /// Node-major in memory, so one estimate reads two contiguous rows: row `v` is
    /// `[d(L0,v), d(v,L0), d(L1,v), d(v,L1), …]` (2k doubles), at `rows[v * 2k + 2l]` and
    /// `rows[v * 2k + 2l + 1]`. The accessors and `OPLM` keep the landmark-major order.
    pub(super) rows: Vec<f64>,
}

/// The tables while landmarks are being chosen: landmark-major (`table[l * N + v]`), so each
/// new landmark appends its two tables; turned node-major by [`Landmarks::from_tables`].
struct Building {
    n: usize,
    ids: Vec<u32>,
    forward: Vec<f64>,
    backward: Vec<f64>,
}

impl Landmarks {
    /// Chooses landmarks on `graph` and computes their tables.
    ///
    /// # Errors
    ///
    /// [`LandmarkError::EmptyGraph`] for a graph without nodes, [`LandmarkError::Count`] for
    /// a count of 0.
    ///
    /// # Complexity
    ///
    /// O(k (V + E) log V) for k landmarks; 16 k V bytes of tables (32 k V at the peak, while
    /// they are rearranged node-major).
    ///
    /// # Determinism
    ///
    /// The landmarks and tables depend only on the graph and the options.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge};
    /// use onepath::graph_search::{LandmarkError, LandmarkOptions, LandmarkSelection, Landmarks};
    /// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// let g = CsrGraph::new(10, &edges).unwrap();
    /// let o = LandmarkOptions { count: 3, selection: LandmarkSelection::Farthest, seed: 7 };
    /// let lm = Landmarks::build(&g, &o).unwrap();
    /// assert_eq!(lm, Landmarks::build(&g, &o).unwrap()); // deterministic
    /// assert_eq!(lm.ids().len(), 3);
    /// let none = Landmarks::build(&g, &LandmarkOptions { count: 0, ..o });
    /// assert!(matches!(none, Err(LandmarkError::Count { .. })));
    /// ```
    pub fn build(graph: &CsrGraph, options: &LandmarkOptions) -> Result<Self, LandmarkError> {
        let n = graph.node_count();
        if n == 0 {
            return Err(LandmarkError::EmptyGraph);
        }
        if options.count == 0 {
            return Err(LandmarkError::Count {
                count: 0,
                node_count: n,
            });
        }
        let k = options.count.min(n);
        let mut lm = Building {
            n: n as usize,
            ids: Vec::with_capacity(k as usize),
            forward: Vec::with_capacity(k as usize * n as usize),
            backward: Vec::with_capacity(k as usize * n as usize),
        };
        let mut is_landmark = vec![false; n as usize];
        let mut rng = SplitMix64::new(options.seed);
        for _ in 0..k {
            let root = rng.below(n);
            let chosen = match options.selection {
                LandmarkSelection::Farthest => lm.farthest(graph, root, &is_landmark),
                LandmarkSelection::Avoid => lm.avoid(graph, root, &is_landmark),
            };
            let l = chosen.unwrap_or_else(|| {
                // Some node is free: fewer landmarks than nodes so far.
                is_landmark.iter().position(|&b| !b).unwrap_or(0) as u32
            });
            is_landmark[l as usize] = true;
            lm.ids.push(l);
            lm.forward
                .extend_from_slice(&ShortestPathTree::compute(graph, l, false).dist);
            lm.backward
                .extend_from_slice(&ShortestPathTree::compute(graph, l, true).dist);
        }
        Ok(Self::from_tables(
            n,
            graph.fingerprint(),
            lm.ids,
            &lm.forward,
            &lm.backward,
        ))
    }

    /// The node-major rows of landmark-major `forward` and `backward` tables (`k * N` each,
    /// `k = ids.len()`).
    pub(super) fn from_tables(
        node_count: u32,
        fingerprint: u64,
        ids: Vec<u32>,
        forward: &[f64],
        backward: &[f64],
    ) -> Self {
        let (n, k) = (node_count as usize, ids.len());
        let mut rows = Vec::with_capacity(2 * k * n);
        for v in 0..n {
            for l in 0..k {
                rows.push(forward[l * n + v]);
                rows.push(backward[l * n + v]);
            }
        }
        Self {
            node_count,
            fingerprint,
            ids,
            rows,
        }
    }
}

impl Building {
    fn farthest(&self, graph: &CsrGraph, root: u32, is_landmark: &[bool]) -> Option<u32> {
        let n = self.n;
        let mut best: Option<(f64, u32)> = None;
        let mut consider = |v: usize, d: f64| {
            if d < f64::INFINITY && !is_landmark[v] && best.is_none_or(|(bd, _)| d > bd) {
                best = Some((d, v as u32));
            }
        };
        if self.ids.is_empty() {
            let tree = ShortestPathTree::compute(graph, root, false);
            for v in 0..n {
                consider(v, tree.dist[v]);
            }
        } else {
            for v in 0..n {
                let nearest = (0..self.ids.len())
                    .map(|l| self.forward[l * n + v])
                    .fold(f64::INFINITY, |a, b| if b < a { b } else { a });
                consider(v, nearest);
            }
        }
        best.map(|(_, v)| v)
    }

    fn avoid(&self, graph: &CsrGraph, root: u32, is_landmark: &[bool]) -> Option<u32> {
        let n = self.n;
        let tree = ShortestPathTree::compute(graph, root, false);
        let mut size = vec![0.0f64; n];
        let mut blocked = vec![false; n];
        for &v in &tree.order {
            size[v as usize] = tree.dist[v as usize] - self.lower_bound(root, v);
            blocked[v as usize] = is_landmark[v as usize];
        }
        for &v in tree.order.iter().rev() {
            let p = tree.parent[v as usize];
            if p != NO_NODE {
                size[p as usize] += size[v as usize];
                blocked[p as usize] |= blocked[v as usize];
            }
        }
        for &v in &tree.order {
            if blocked[v as usize] {
                size[v as usize] = 0.0;
            }
        }
        let mut top: Option<u32> = None;
        for &v in &tree.order {
            let s = size[v as usize];
            let better =
                top.is_none_or(|t| s > size[t as usize] || (s == size[t as usize] && v < t));
            if s > 0.0 && better {
                top = Some(v);
            }
        }
        let mut w = top?;
        // Children lists by a counting pass over the parents (in node order).
        let mut first = vec![0u32; n + 1];
        for &v in &tree.order {
            let p = tree.parent[v as usize];
            if p != NO_NODE {
                first[p as usize + 1] += 1;
            }
        }
        for i in 0..n {
            first[i + 1] += first[i];
        }
        let mut next = first.clone();
        let mut children = vec![0u32; tree.order.len().saturating_sub(1)];
        for v in 0..n as u32 {
            let p = tree.parent[v as usize];
            if p != NO_NODE {
                children[next[p as usize] as usize] = v;
                next[p as usize] += 1;
            }
        }
        loop {
            let kids = &children[first[w as usize] as usize..first[w as usize + 1] as usize];
            // Children are in increasing id order: the first of the greatest size wins ties.
            let mut best: Option<u32> = None;
            for &c in kids {
                if best.is_none_or(|b| size[c as usize] > size[b as usize]) {
                    best = Some(c);
                }
            }
            match best {
                Some(c) => w = c,
                None => return Some(w),
            }
        }
    }

    /// [`Landmarks::lower_bound`] over the landmarks chosen so far, in the same order.
    fn lower_bound(&self, u: u32, v: u32) -> f64 {
        let n = self.n;
        let (u, v) = (u as usize, v as usize);
        let mut best = 0.0f64;
        for l in 0..self.ids.len() {
            let (fu, fv) = (self.forward[l * n + u], self.forward[l * n + v]);
            if fu < f64::INFINITY {
                let x = fv - fu;
                if x > best {
                    best = x;
                }
            }
            let (bu, bv) = (self.backward[l * n + u], self.backward[l * n + v]);
            if bv < f64::INFINITY {
                let x = bu - bv;
                if x > best {
                    best = x;
                }
            }
        }
        best
    }
}

impl Landmarks {
    /// The lower bound on the distance `u → v` (see the type's documentation); `+∞` when the
    /// tables prove `v` unreachable from `u`.
    ///
    /// # Panics
    ///
    /// When `u` or `v` is not a node of the graph the tables were built for.
    ///
    /// # Complexity
    ///
    /// O(landmarks).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// assert_eq!(lm.lower_bound(1, 8), 7.0);
    /// assert_eq!(lm.lower_bound(4, 4), 0.0);
    /// ```
    #[inline]
    pub fn lower_bound(&self, u: u32, v: u32) -> f64 {
        let n = self.node_count as usize;
        let (u, v) = (u as usize, v as usize);
        assert!(
            u < n && v < n,
            "Landmarks::lower_bound: node outside the tables"
        );
        let w = 2 * self.ids.len();
        let (ru, rv) = (&self.rows[u * w..u * w + w], &self.rows[v * w..v * w + w]);
        let mut best = 0.0f64;
        // Landmark by landmark, forward before backward: the same order as the definition.
        for (a, b) in ru.chunks_exact(2).zip(rv.chunks_exact(2)) {
            let (fu, bu, fv, bv) = (a[0], a[1], b[0], b[1]);
            if fu < f64::INFINITY {
                let x = fv - fu;
                if x > best {
                    best = x;
                }
            }
            if bv < f64::INFINITY {
                let x = bu - bv;
                if x > best {
                    best = x;
                }
            }
        }
        best
    }

    /// The landmark ids in table order.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// assert_eq!(lm.ids().len(), 2);
    /// assert!(lm.ids().iter().all(|&l| l < 10));
    /// ```
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }

    /// The node count of the graph the tables were built for.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// assert_eq!(lm.node_count(), 10);
    /// ```
    pub fn node_count(&self) -> u32 {
        self.node_count
    }

    /// The fingerprint of the graph the tables were built for.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// assert_eq!(lm.fingerprint(), g.fingerprint());
    /// ```
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// `d(L, v)` for landmark index `l` (table order) and node `v`, or `None` out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// let l0 = lm.ids()[0];
    /// assert_eq!(lm.forward_distance(0, l0), Some(0.0));
    /// assert_eq!(lm.forward_distance(0, 9), Some(f64::from(9 - l0))); // d(L, 9) along the line
    /// assert_eq!(lm.forward_distance(5, 0), None); // no sixth landmark
    /// ```
    pub fn forward_distance(&self, l: usize, v: u32) -> Option<f64> {
        self.index(l, v).map(|i| self.rows[i])
    }

    /// `d(v, L)` for landmark index `l` (table order) and node `v`, or `None` out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// let l0 = lm.ids()[0];
    /// assert_eq!(lm.backward_distance(0, 0), Some(f64::from(l0))); // d(0, L)
    /// assert_eq!(lm.backward_distance(0, 99), None);
    /// ```
    pub fn backward_distance(&self, l: usize, v: u32) -> Option<f64> {
        self.index(l, v).map(|i| self.rows[i + 1])
    }

    /// The position of `d(L_l, v)` in the rows (`d(v, L_l)` follows it).
    fn index(&self, l: usize, v: u32) -> Option<usize> {
        (l < self.ids.len() && v < self.node_count).then(|| (v as usize * self.ids.len() + l) * 2)
    }

    /// Bytes of the two tables (16 k N: both directions of every landmark and node, each
    /// stored once).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// assert_eq!(lm.table_bytes(), 16 * 2 * 10); // 16 bytes per landmark and node
    /// ```
    pub fn table_bytes(&self) -> usize {
        self.rows.len() * 8
    }

    /// Whether the tables belong to `graph`: same node count and fingerprint (edits to a graph
    /// after building change its fingerprint).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// assert!(lm.belongs_to(&g));
    /// let heavier: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 2.0)).collect();
    /// assert!(!lm.belongs_to(&CsrGraph::new(10, &heavier).unwrap()));
    /// ```
    pub fn belongs_to(&self, graph: &CsrGraph) -> bool {
        self.node_count == graph.node_count() && self.fingerprint == graph.fingerprint()
    }
}

/// The ALT estimate: [`Landmarks::lower_bound`] as a [`GraphHeuristic`] (tier 2). Created
/// only for the graph the tables belong to.
///
/// # Examples
///
/// ```
/// # use onepath::graph::{CsrGraph, GraphEdge};
/// # use onepath::graph_search::{LandmarkOptions, Landmarks};
/// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
/// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
/// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
/// use onepath::graph::GraphHeuristic;
/// use onepath::graph_search::AltGraphHeuristic;
/// let alt = AltGraphHeuristic::new(&lm, &g).unwrap();
/// assert_eq!(alt.estimate(3, 6), lm.lower_bound(3, 6));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct AltGraphHeuristic<'a> {
    landmarks: &'a Landmarks,
}

impl<'a> AltGraphHeuristic<'a> {
    /// The estimate of `landmarks` for queries on `graph`.
    ///
    /// # Errors
    ///
    /// [`LandmarkError::Stale`] when the tables were built for another graph (another node
    /// count or fingerprint).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// use onepath::graph_search::{AltGraphHeuristic, GraphAStar};
    /// use onepath::topology::DefaultStepCost;
    /// let alt = AltGraphHeuristic::new(&lm, &g).unwrap();
    /// let mut search = GraphAStar::new(DefaultStepCost, alt);
    /// search.try_begin(&g, 2, 9);
    /// search.run(&g);
    /// assert_eq!(search.cost(), 7.0);
    /// ```
    pub fn new(landmarks: &'a Landmarks, graph: &CsrGraph) -> Result<Self, LandmarkError> {
        if !landmarks.belongs_to(graph) {
            return Err(LandmarkError::Stale {
                expected: graph.fingerprint(),
                found: landmarks.fingerprint,
            });
        }
        Ok(Self { landmarks })
    }
}

impl GraphHeuristic for AltGraphHeuristic<'_> {
    #[inline]
    fn estimate(&self, source: u32, target: u32) -> f64 {
        self.landmarks.lower_bound(source, target)
    }
}
