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
/// order, each difference rounded to nearest. It works for directed graphs and is `+∞` only
/// when the tables prove `v` unreachable from `u` (then no path exists).
///
/// **What holds** (our reading of the spec's "landmark bounds never exceed true distances",
/// made exact for `f64`). In exact arithmetic the bound is admissible — never above the
/// distance `u → v` — and consistent (Goldberg & Harrelson 2005). In `f64` the table entries
/// are rounded sums and each difference is rounded once more, so on weights whose sums are
/// not exact the bound can exceed the distance by a few ulps: with edges `0 → 1` of weight
/// 0.1 and `1 → 2` of weight 0.2 and landmark 0, `d(0, 2)` is stored as `0.1 + 0.2 =
/// 0.30000000000000004` and `lower_bound(1, 2) = 0.20000000000000004 > 0.2`. What we prove
/// and test (`tests/alt_rounding.rs`): for every path `P` from `u` to `v` of `k` edges whose
/// weights, summed from `u` in path order as a search sums them, give `c`,
///
/// ```text
/// lower_bound(u, v) <= c + γ(2k + 1) · (c + M),    γ(n) = n·2^-53 / (1 − n·2^-53),
/// ```
///
/// where `M` is the largest finite entry of the tables (no more than the largest distance
/// the graph has, by the feasibility rule below). So the excess is a few ulps of the *table's*
/// distances, not of `c`: relative to a short distance between two nodes far from every
/// landmark it can be much larger than one ulp (up to about 4e-14 in our random checks, 3.3e-13
/// in an outside one). Where every weight and every sum is exact — integers, or dyadic
/// fractions whose sums fit the 53-bit mantissa — each difference is exact and the bound is
/// admissible and consistent outright. *Why:* every entry satisfies the triangle inequality as
/// Dijkstra's algorithm rounds it, `d(L, p_i) <= fl(d(L, p_(i−1)) + w_i) <= (d(L, p_(i−1)) +
/// w_i)(1 + 2^-53)`; telescoping over the `k` edges of `P` gives `d(L, v) − d(L, u) <= (1 +
/// 2^-53)^k · S + ((1 + 2^-53)^k − 1) · d(L, u)` for the exact weight sum `S`, the subtraction
/// adds one factor `1 + 2^-53`, and `S <= (1 + γ(k)) · c` (rounding of nonnegative sums,
/// Higham 2002, §3.1); the backward term is the same with `d(v, L)`.
///
/// *For paths:* A* ([`GraphAStar`](super::GraphAStar), which reopens closed nodes) with
/// estimates at most `δ` above the remaining distance returns a path of cost at most the
/// optimum `C*` plus `δ` (until the goal pops, a node of an optimal path is open with its
/// optimal `g` and a key of at most `C* + δ`). With this bound `δ <= γ(2N − 1) · (C* + M)`
/// for `N` nodes — besides the rounding of the path's own sum that every search has — so on
/// non-dyadic weights an ALT query can return a path a few ulps (of `C* + M`) dearer than the
/// best; the bidirectional search stops on keys built from the same bounds, and both are held
/// to Dijkstra's cost within 1e-9 relative by our checks (`conformance`, `onepath road`).
///
/// The guarantees assume edge costs are not below the stored weights (a cost hook that lowers
/// them voids them). They hold for every table a query can get:
/// [`build`](Landmarks::build) computes the distances, and
/// [`deserialize`](Landmarks::deserialize) refuses tables that are not feasible for the graph
/// (the triangle inequality on every edge as Dijkstra rounds it, finite distances only where
/// the graph connects), which is what the argument above uses, whatever the bytes say.
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
/// **Stale reads.** The tables belong to the graph whose [`fingerprint`](Self::fingerprint)
/// they carry. Every use with a graph ([`AltGraphHeuristic::new`], the tier-1 queries' landmark
/// option) refuses tables of another or edited graph with [`LandmarkError::Stale`]; the reads
/// that take no graph ([`lower_bound`](Self::lower_bound), the distances) answer for the
/// graph they were built on — the flag is [`belongs_to`](Self::belongs_to), and
/// [`current`](Self::current) turns it into the error (ARCHITECTURE.md, “Stale reads”).
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
/// assert!(lm.lower_bound(7, 2) <= 7.0); // no path 7 -> 2: any value is below its distance
/// // Non-dyadic weights: the stored 0.1 + 0.2 rounds up, and so does the bound (see above).
/// let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 0.1), GraphEdge::new(1, 2, 0.2)]).unwrap();
/// let lm = Landmarks::build(&g, &LandmarkOptions { count: 3, ..LandmarkOptions::DEFAULT }).unwrap();
/// assert_eq!(lm.lower_bound(1, 2), 0.20000000000000004); // > 0.2, within γ(3) · (0.2 + 0.3…)
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
    /// after building change its fingerprint). The stale flag of the reads that take no graph.
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

    /// The tables, for reads that must not be old: `Ok(self)` when they
    /// [`belong_to`](Self::belongs_to) `graph` (for an editable [`Graph`](crate::graph::Graph),
    /// pass `graph.compile()`).
    ///
    /// # Errors
    ///
    /// [`LandmarkError::Stale`] (the graph's fingerprint, the tables') otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{Graph, GraphEdge};
    /// use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0)];
    /// let mut graph = Graph::from_edges(&edges, None, true).unwrap();
    /// let lm = Landmarks::build(graph.compile(), &LandmarkOptions::DEFAULT).unwrap();
    /// assert_eq!(lm.current(graph.compile()).unwrap().lower_bound(0, 2), 2.0);
    /// graph.set_weight(0, 5.0).unwrap();
    /// assert!(lm.current(graph.compile()).is_err()); // lower_bound(0, 2) is still 2.0
    /// ```
    pub fn current(&self, graph: &CsrGraph) -> Result<&Self, LandmarkError> {
        if self.belongs_to(graph) {
            Ok(self)
        } else {
            Err(LandmarkError::Stale {
                expected: graph.fingerprint(),
                found: self.fingerprint,
            })
        }
    }
}

/// The ALT estimate: [`Landmarks::lower_bound`] as a [`GraphHeuristic`] (tier 2). Created
/// only for the graph the tables belong to. Admissible and consistent in exact arithmetic;
/// in `f64` it may exceed a distance by the few ulps [`Landmarks`] bounds ("What holds"),
/// and A* with it returns a cost at most that much above the optimum.
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
