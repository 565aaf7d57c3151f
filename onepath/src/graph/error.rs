//! [`GraphError`]: why a graph could not be built, or a landmark table read.

use core::fmt;

/// Which end of an edge an error is about.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, EdgeEnd, GraphEdge, GraphError};
/// let e = CsrGraph::new(2, &[GraphEdge::new(0, 7, 1.0)]).unwrap_err();
/// assert_eq!(e, GraphError::EdgeEndpoint { edge: 0, end: EdgeEnd::To, node: 7, node_count: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeEnd {
    /// The edge's source (`from`).
    From,
    /// The edge's target (`to`).
    To,
}

/// A graph construction or landmark error. Nothing is built (and nothing changed) when one is
/// returned.
///
/// # Examples
///
/// ```
/// use onepath::graph::{Graph, GraphEdge, GraphError};
/// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.0)], None, true).unwrap();
/// assert!(matches!(g.set_weight(0, f64::NAN), Err(GraphError::EdgeWeight { edge: 0, .. })));
/// assert_eq!(g.remove_edge(5), Err(GraphError::UnknownEdge { id: 5 }));
/// assert_eq!(g.edge_count(), 1); // a refused edit changes nothing
/// assert!(GraphError::UnknownEdge { id: 5 }.to_string().contains('5')); // names the value
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum GraphError {
    /// More nodes than a graph may hold.
    TooManyNodes {
        /// The node count asked for.
        count: u64,
        /// The largest node count allowed ([`MAX_NODES`](super::MAX_NODES)).
        max: u32,
    },
    /// More edges than a graph may hold (edge slots are `u32`).
    TooManyEdges {
        /// The edge count given.
        count: u64,
        /// The largest edge count allowed.
        max: u32,
    },
    /// An edge names a node outside `0..node_count`.
    EdgeEndpoint {
        /// Index of the edge in the input list.
        edge: u64,
        /// Which end.
        end: EdgeEnd,
        /// The node it names.
        node: u32,
        /// The graph's node count.
        node_count: u32,
    },
    /// An edge id that was never given out or whose edge was removed.
    UnknownEdge {
        /// The id.
        id: u32,
    },
    /// An edge's weight is NaN, infinite or negative.
    EdgeWeight {
        /// Index of the edge in the input list.
        edge: u64,
        /// The weight given.
        weight: f64,
    },
    /// The weights would total more than [`MAX_WEIGHT_SUM`](super::MAX_WEIGHT_SUM) (summed in
    /// list order, or id order for a [`Graph`](super::Graph)), so a path cost, or the sums of
    /// path costs the searches form, could overflow to `+∞`.
    WeightSum {
        /// The edge at which the total first exceeds the bound: its index in the input list,
        /// or the id of the edge being added or changed.
        edge: u64,
        /// The total at that edge (`+∞` when it overflowed).
        sum: f64,
        /// The bound, [`MAX_WEIGHT_SUM`](super::MAX_WEIGHT_SUM).
        max: f64,
    },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooManyNodes { count, max } => {
                write!(f, "graph node count {count} exceeds the maximum {max}")
            }
            Self::TooManyEdges { count, max } => {
                write!(f, "graph edge count {count} exceeds the maximum {max}")
            }
            Self::EdgeEndpoint {
                edge,
                end,
                node,
                node_count,
            } => {
                let which = match end {
                    EdgeEnd::From => "source",
                    EdgeEnd::To => "target",
                };
                write!(
                    f,
                    "edge {edge}: {which} node {node} is outside 0..{node_count}"
                )
            }
            Self::UnknownEdge { id } => write!(f, "edge id {id} is not a live edge of the graph"),
            Self::EdgeWeight { edge, weight } => write!(
                f,
                "edge {edge}: weight {weight} is not a finite number >= 0"
            ),
            Self::WeightSum { edge, sum, max } => write!(
                f,
                "edge {edge}: the edge weights total {sum:e} there, above the {max:e} a graph may \
                 total (f64::MAX / 4), so path costs could overflow"
            ),
        }
    }
}

impl core::error::Error for GraphError {}
