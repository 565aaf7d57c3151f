//! [`LandmarkError`]: why landmark tables could not be built, read or used.

use core::fmt;

/// The landmark format version this build writes and reads (`OPLM` v1).
pub const LANDMARK_VERSION: u32 = 1;

/// Which landmark table a distance error is in.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge};
/// use onepath::graph_search::{LandmarkError, LandmarkOptions, LandmarkTable, Landmarks};
/// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
/// let g = CsrGraph::new(10, &edges).unwrap();
/// let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
/// // Overwrite d(L0, v) for the node after the first landmark (the forward table).
/// let v = (lm.ids()[0] as usize + 1) % 10;
/// let mut bytes = lm.serialize();
/// let at = 24 + 4 * 2 + 8 * v;
/// bytes[at..at + 8].copy_from_slice(&1e9f64.to_le_bytes());
/// let e = Landmarks::deserialize(&bytes, &g).unwrap_err();
/// assert!(matches!(e, LandmarkError::Infeasible { table: LandmarkTable::Forward, .. }
///     | LandmarkError::Unreachable { table: LandmarkTable::Forward, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LandmarkTable {
    /// `d(L, v)`.
    Forward,
    /// `d(v, L)`.
    Backward,
}

/// Why landmarks could not be built, read or used. Nothing changes when one is returned.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge};
/// use onepath::graph_search::{LandmarkError, LandmarkOptions, Landmarks};
/// let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 1.0)]).unwrap();
/// let lm = Landmarks::build(&g, &LandmarkOptions::DEFAULT).unwrap();
/// assert_eq!(Landmarks::deserialize(b"NOPE", &g).unwrap_err(), LandmarkError::BadMagic);
/// let other = CsrGraph::new(3, &[GraphEdge::new(0, 1, 2.0)]).unwrap();
/// assert!(matches!(Landmarks::deserialize(&lm.serialize(), &other), Err(LandmarkError::Stale { .. })));
/// assert!(matches!(Landmarks::build(&CsrGraph::new(0, &[]).unwrap(), &LandmarkOptions::DEFAULT), Err(LandmarkError::EmptyGraph)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum LandmarkError {
    /// The graph has no nodes.
    EmptyGraph,
    /// A landmark count outside `1..=node_count`.
    Count {
        /// The count given or read.
        count: i64,
        /// The graph's node count.
        node_count: u32,
    },
    /// The bytes do not start with `OPLM`.
    BadMagic,
    /// A format version this build does not read.
    UnsupportedVersion {
        /// The version found.
        found: u32,
    },
    /// The byte length is not the one the header implies.
    Length {
        /// Bytes the header implies (or the header's own size when it is cut short).
        expected: u64,
        /// Bytes given.
        found: u64,
    },
    /// The node count differs from the graph's.
    NodeCount {
        /// The count read.
        found: i64,
        /// The graph's node count.
        expected: u32,
    },
    /// A landmark id outside `0..node_count`.
    Id {
        /// Its index in the id list.
        index: u32,
        /// The id read.
        id: i64,
    },
    /// The tables belong to a graph with another fingerprint (a different or edited graph).
    Stale {
        /// The graph's fingerprint.
        expected: u64,
        /// The tables' fingerprint.
        found: u64,
    },
    /// A distance that is NaN or negative (only values `>= 0` and `+∞` are distances).
    Distance {
        /// Which table.
        table: LandmarkTable,
        /// Its index in that table (`l * N + v`).
        index: u64,
        /// The value read.
        value: f64,
    },
    /// A landmark's distance to itself is not 0.
    SelfDistance {
        /// Which table.
        table: LandmarkTable,
        /// The landmark's index in the id list.
        landmark: u32,
        /// The value read.
        value: f64,
    },
    /// The table breaks the triangle inequality on an edge `from -> to` of weight `w`:
    /// forward, `d(L, from)` is finite and `d(L, to)` is `+∞` or above `d(L, from) + w`;
    /// backward, `d(to, L)` is finite and `d(from, L)` is `+∞` or above `w + d(to, L)` (each
    /// sum rounded as Dijkstra's algorithm rounds it). Such a table is not a set of distances
    /// of this graph, and its bound could overestimate a distance or call a reachable node
    /// unreachable.
    Infeasible {
        /// Which table.
        table: LandmarkTable,
        /// The landmark's index in the id list.
        landmark: u32,
        /// The edge's source.
        from: u32,
        /// The edge's target.
        to: u32,
        /// The edge's out-edge slot in the graph ([`CsrGraph::targets`](crate::graph::CsrGraph::targets)).
        slot: u64,
        /// The edge's weight.
        weight: f64,
    },
    /// A finite distance between a landmark and a node that the graph does not connect
    /// (forward: `node` cannot be reached from the landmark; backward: `node` cannot reach
    /// it). Distances the graph does not have are `+∞`.
    Unreachable {
        /// Which table.
        table: LandmarkTable,
        /// The landmark's index in the id list.
        landmark: u32,
        /// The node.
        node: u32,
        /// The value read.
        value: f64,
    },
}

impl fmt::Display for LandmarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::EmptyGraph => write!(f, "landmarks need a graph with at least one node"),
            Self::Count { count, node_count } => write!(
                f,
                "landmark count {count} is outside 1..={node_count} (the graph's node count)"
            ),
            Self::BadMagic => write!(f, "not a landmark table (magic is not \"OPLM\")"),
            Self::UnsupportedVersion { found } => write!(
                f,
                "landmark format version {found} is not supported: this build reads version \
                 {LANDMARK_VERSION}"
            ),
            Self::Length { expected, found } => write!(
                f,
                "landmark table length {found} bytes does not match the {expected} bytes its \
                 header implies"
            ),
            Self::NodeCount { found, expected } => write!(
                f,
                "landmark table node count {found} differs from the graph's {expected}"
            ),
            Self::Id { index, id } => {
                write!(f, "landmark {index}: id {id} is not a node of the graph")
            }
            Self::Stale { expected, found } => write!(
                f,
                "landmark tables belong to graph {found:#018x}, not to this graph \
                 {expected:#018x} (rebuild them after editing the graph)"
            ),
            Self::Distance {
                table,
                index,
                value,
            } => write!(
                f,
                "landmark {table:?} table entry {index}: distance {value} is not >= 0 or +inf"
            ),
            Self::SelfDistance {
                table,
                landmark,
                value,
            } => write!(
                f,
                "landmark {landmark}: its {table:?} distance to itself is {value}, not 0"
            ),
            Self::Infeasible {
                table,
                landmark,
                from,
                to,
                slot,
                weight,
            } => write!(
                f,
                "landmark {landmark}: the {table:?} table breaks the triangle inequality on \
                 edge {from} -> {to} (slot {slot}, weight {weight}): not distances of this graph"
            ),
            Self::Unreachable {
                table,
                landmark,
                node,
                value,
            } => write!(
                f,
                "landmark {landmark}: the {table:?} table gives node {node} the finite distance \
                 {value}, but the graph does not connect them"
            ),
        }
    }
}

impl core::error::Error for LandmarkError {}
