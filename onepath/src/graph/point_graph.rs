//! [`PointGraph`]: positions linked by straight-line edges (spec: graphs.md, “Point graphs”).

use alloc::collections::{BTreeMap, BinaryHeap};
use alloc::vec::Vec;
use core::fmt;

use super::csr::{CsrGraph, GraphEdge, MAX_NODES};
use super::error::GraphError;
use super::point::{Point3, PointError, check_point};
use super::point_cells::PointCells;
use super::work_slot::WorkSlot;

/// The smallest non-zero `max_distance`: 2^-30.
pub const MIN_LINK_DISTANCE: f64 = 1.0 / 1_073_741_824.0;

/// How a [`PointGraph`] links its points. All sources are optional and merged.
///
/// # Examples
///
/// ```
/// use onepath::graph::PointGraphOptions;
/// use onepath::{Point3, PointGraph};
/// let points: Vec<_> = (0..4).map(|i| Point3::new(f64::from(i), 0.0, 0.0)).collect();
/// // Link each point to its nearest one, but never across the river between 1 and 2...
/// let no_river = |a: u32, b: u32| !(a == 1 && b == 2);
/// let o = PointGraphOptions { nearest_count: 1, link_valid: Some(&no_river), ..PointGraphOptions::NONE };
/// let g = PointGraph::new(&points, &o).unwrap();
/// // ...except by the bridge 1 <-> 2 given explicitly.
/// let bridged = PointGraph::new(&points, &PointGraphOptions { links: &[(1, 2)], ..o }).unwrap();
/// assert_eq!(bridged.csr().edge_count(), g.csr().edge_count() + 2);
/// ```
#[derive(Clone, Copy)]
pub struct PointGraphOptions<'a> {
    /// Explicit pairs of point indices (linked whatever their distance; never validated).
    pub links: &'a [(u32, u32)],
    /// Link every pair within this distance (inclusive, compared as squared distance); 0 = off,
    /// else at least 2^-30 and finite.
    pub max_distance: f64,
    /// Link each point to its `nearest_count` nearest points (by squared distance, then index;
    /// with `max_distance` set only those within it); 0 = off.
    pub nearest_count: u32,
    /// Validates generated links (not explicit ones), called as `link_valid(a, b)` with
    /// `a < b`, at most once per pair: first for the `max_distance` pairs in (a, b) order,
    /// then for each point in index order its nearest candidates in (distance, index) order
    /// until `nearest_count` valid ones are found.
    pub link_valid: Option<&'a dyn Fn(u32, u32) -> bool>,
}

impl PointGraphOptions<'static> {
    /// No links at all.
    pub const NONE: Self = Self {
        links: &[],
        max_distance: 0.0,
        nearest_count: 0,
        link_valid: None,
    };
}

/// Why a point graph could not be built.
///
/// # Examples
///
/// ```
/// use onepath::graph::{PointGraphError, PointGraphOptions};
/// use onepath::{Point3, PointGraph};
/// let points = [Point3::new(0.0, 0.0, 0.0)];
/// let bad = PointGraphOptions { max_distance: -1.0, ..PointGraphOptions::NONE };
/// assert!(matches!(PointGraph::new(&points, &bad), Err(PointGraphError::MaxDistance { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum PointGraphError {
    /// A position breaks the coordinate rule.
    Point(PointError),
    /// `max_distance` is not 0 and not a finite value `>= 2^-30`.
    MaxDistance {
        /// The value given.
        value: f64,
    },
    /// An explicit link names a point that does not exist.
    Link {
        /// Index of the link.
        index: u64,
        /// The point it names.
        point: u32,
        /// The number of points.
        point_count: u32,
    },
    /// Too many points or edges (or, in principle, weights that total more than
    /// [`MAX_WEIGHT_SUM`](crate::graph::MAX_WEIGHT_SUM); the coordinate rule keeps every
    /// weight below 2^23 and the total below 2^55, far under it).
    Graph(GraphError),
}

impl fmt::Display for PointGraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Point(e) => e.fmt(f),
            Self::MaxDistance { value } => write!(
                f,
                "max_distance {value} is neither 0 (off) nor a finite value >= 2^-30"
            ),
            Self::Link {
                index,
                point,
                point_count,
            } => write!(f, "link {index}: point {point} is outside 0..{point_count}"),
            Self::Graph(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for PointGraphError {}

/// An immutable graph of positions whose edges weigh the straight-line distance
/// `sqrt((dx*dx + dy*dy) + dz*dz)` of their ends (tier 1). Every link is two edges; the links
/// are sorted by (smaller index, larger index) and emitted as `a -> b` then `b -> a`, so the
/// edge order is canonical. Self-links and duplicate pairs are dropped.
///
/// The set of links (as pairs of positions) does not depend on the order of the input points
/// when `max_distance` or explicit links are used; with `nearest_count` it does not either
/// unless two candidates for a point's last slot are at exactly equal distance (the smaller
/// index wins).
///
/// # Complexity
///
/// Nearest candidates come from rings of grid cells (one point per cell on average, see
/// [`nearest_node`](PointGraph::nearest_node)): about O(N (k + log N)) for `nearest_count`
/// k on evenly spread points, and O(N log N + pairs) for `max_distance` when few pairs fall
/// in each cell; clustered points degrade towards O(N² log N). Plus O(E) for the graph.
///
/// # Examples
///
/// ```
/// use onepath::graph::{Point3, PointGraph, PointGraphOptions};
/// use onepath::GraphOptions;
/// let pts = [Point3::new(0.0, 0.0, 0.0), Point3::new(3.0, 4.0, 0.0), Point3::new(6.0, 8.0, 0.0)];
/// let opts = PointGraphOptions { nearest_count: 1, ..PointGraphOptions::NONE };
/// let g = PointGraph::new(&pts, &opts).unwrap();
/// let path = g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap();
/// assert_eq!((path.nodes, path.cost), (vec![0, 1, 2], 10.0));
/// ```
#[derive(Clone, Debug)]
pub struct PointGraph {
    positions: Vec<Point3>,
    csr: CsrGraph,
    cells: PointCells,
    work: WorkSlot,
}

impl PointGraph {
    /// Links `points` as `options` say.
    ///
    /// # Errors
    ///
    /// [`PointGraphError`] naming the first bad point (and axis, value, bound), the bad
    /// `max_distance` or the bad explicit link; nothing is built.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{PointGraphError, PointGraphOptions};
    /// use onepath::{Point3, PointGraph};
    /// let points = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(5.0, 0.0, 0.0)];
    /// let o = PointGraphOptions { max_distance: 2.0, ..PointGraphOptions::NONE };
    /// let g = PointGraph::new(&points, &o).unwrap();
    /// assert_eq!(g.csr().edge_count(), 2); // 0 <-> 1 only: node 2 is too far
    /// let bad = [Point3::new(0.0, f64::INFINITY, 0.0)];
    /// assert!(matches!(PointGraph::new(&bad, &o), Err(PointGraphError::Point(_))));
    /// ```
    pub fn new(
        points: &[Point3],
        options: &PointGraphOptions<'_>,
    ) -> Result<Self, PointGraphError> {
        if points.len() > MAX_NODES as usize {
            return Err(PointGraphError::Graph(GraphError::TooManyNodes {
                count: points.len() as u64,
                max: MAX_NODES,
            }));
        }
        let n = points.len() as u32;
        for (i, p) in points.iter().enumerate() {
            check_point(i as u64, *p).map_err(PointGraphError::Point)?;
        }
        let md = options.max_distance;
        if !(md == 0.0 || (md.is_finite() && md >= MIN_LINK_DISTANCE)) {
            return Err(PointGraphError::MaxDistance { value: md });
        }
        for (i, &(a, b)) in options.links.iter().enumerate() {
            for p in [a, b] {
                if p >= n {
                    return Err(PointGraphError::Link {
                        index: i as u64,
                        point: p,
                        point_count: n,
                    });
                }
            }
        }
        let cells = PointCells::new(points);
        let pairs = link_pairs(points, &cells, options);
        let mut edges = Vec::with_capacity(pairs.len() * 2);
        for &(a, b) in &pairs {
            let w = points[a as usize].distance(points[b as usize]);
            edges.push(GraphEdge::new(a, b, w));
            edges.push(GraphEdge::new(b, a, w));
        }
        let csr = CsrGraph::new(n, &edges).map_err(PointGraphError::Graph)?;
        Ok(Self {
            positions: points.to_vec(),
            csr,
            cells,
            work: WorkSlot::new(),
        })
    }

    /// The positions, by node id.
    pub fn positions(&self) -> &[Point3] {
        &self.positions
    }

    /// The graph (tier 3).
    pub fn csr(&self) -> &CsrGraph {
        &self.csr
    }

    /// The node nearest to `p` (smallest squared distance, smaller id on ties); `None` without
    /// nodes. The answer is the linear scan's; it is found by rings of grid cells: side
    /// `max(2^-30, extent / max(1, floor(sqrt(N))))` over the (x, y) bounding rectangle (1 for
    /// zero extent), rings scanned outwards from `p`'s cell until no unseen point can be
    /// closer.
    ///
    /// # Complexity
    ///
    /// O(k log k) for the k points in the rings scanned, O(N log N) at worst.
    ///
    /// # Errors
    ///
    /// [`PointError`] (point 0) when `p` breaks the coordinate rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::PointGraphOptions;
    /// use onepath::{Point3, PointGraph};
    /// let points = [Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0)];
    /// let g = PointGraph::new(&points, &PointGraphOptions::NONE).unwrap();
    /// assert_eq!(g.nearest_node(Point3::new(3.0, 1.0, 0.0)), Ok(Some(1)));
    /// assert_eq!(g.nearest_node(Point3::new(2.0, 0.0, 0.0)), Ok(Some(0))); // a tie: smaller id
    /// assert!(g.nearest_node(Point3::new(f64::NAN, 0.0, 0.0)).is_err());
    /// ```
    pub fn nearest_node(&self, p: Point3) -> Result<Option<u32>, PointError> {
        check_point(0, p)?;
        let mut best = None;
        let mut heap = BinaryHeap::new();
        self.cells
            .nearest(&self.positions, p, None, None, &mut heap, |i| {
                best = Some(i);
                true
            });
        Ok(best)
    }

    pub(crate) fn parts(&self) -> (&CsrGraph, &[Point3], &WorkSlot) {
        (&self.csr, &self.positions, &self.work)
    }
}

/// The sorted, deduplicated link pairs `(a, b)`, `a < b`, of all sources.
fn link_pairs(
    points: &[Point3],
    cells: &PointCells,
    options: &PointGraphOptions<'_>,
) -> Vec<(u32, u32)> {
    let n = points.len() as u32;
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for &(a, b) in options.links {
        if a != b {
            pairs.push((a.min(b), a.max(b)));
        }
    }
    // Each generated pair is validated at most once.
    let mut verdicts: BTreeMap<(u32, u32), bool> = BTreeMap::new();
    let mut valid = |a: u32, b: u32| -> bool {
        let key = (a.min(b), a.max(b));
        *verdicts
            .entry(key)
            .or_insert_with(|| options.link_valid.is_none_or(|f| f(key.0, key.1)))
    };
    let md = options.max_distance;
    let md2 = md * md;
    if md > 0.0 {
        // Candidates from the cells, then validated in (a, b) order.
        let mut near: Vec<(u32, u32)> = Vec::new();
        for a in 0..n {
            cells.within(points, a, md2, |b| near.push((a, b)));
        }
        near.sort_unstable();
        for (a, b) in near {
            if valid(a, b) {
                pairs.push((a, b));
            }
        }
    }
    let k = options.nearest_count as usize;
    if k > 0 {
        let mut heap = BinaryHeap::new();
        let limit2 = (md > 0.0).then_some(md2);
        for a in 0..n {
            // Candidates in (squared distance, index) order until k are valid.
            let mut taken = 0;
            cells.nearest(
                points,
                points[a as usize],
                Some(a),
                limit2,
                &mut heap,
                |b| {
                    if valid(a, b) {
                        pairs.push((a.min(b), a.max(b)));
                        taken += 1;
                    }
                    taken == k
                },
            );
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}
