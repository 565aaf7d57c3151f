//! [`GraphQueryError`]: why a tier-1 graph query could not run — the graphs' counterpart of
//! the grids' [`QueryError`](crate::QueryError), one type for every graph entry point
//! ([`Graph::find_path`](crate::Graph::find_path), [`PointGraph::find_path`](crate::PointGraph::find_path),
//! [`PointGraph::find_path_world`](crate::PointGraph::find_path_world)).

use core::fmt;

use crate::graph::PointError;

/// Errors from a graph query's options or world positions. Endpoints that are not nodes, or
/// are blocked, are not errors: they give `PathStatus::StartInvalid` / `GoalInvalid`, as on
/// the grids. Nothing changes when one is returned.
///
/// # Examples
///
/// ```
/// use onepath::graph::{Graph, GraphEdge};
/// use onepath::query::GraphQueryError;
/// use onepath::{GraphOptions, LandmarkOptions};
/// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.0)], None, false).unwrap();
/// let lm = g.build_landmarks(&LandmarkOptions { count: 1, ..LandmarkOptions::DEFAULT }).unwrap();
/// g.add_edge(1, 0, 0.5).unwrap(); // the landmarks no longer describe the graph
/// let e = g.find_path(0, 1, &GraphOptions::with_landmarks(&lm)).unwrap_err();
/// assert!(matches!(e, GraphQueryError::StaleLandmarks { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum GraphQueryError {
    /// `options.landmarks` were built for another graph, or for this one before an edit
    /// ([`LandmarkError::Stale`](crate::graph_search::LandmarkError::Stale) as a query sees
    /// it): rebuild them.
    StaleLandmarks {
        /// The fingerprint of the graph queried.
        expected: u64,
        /// The fingerprint the landmarks were built for.
        found: u64,
    },
    /// A world position breaks the coordinate rule (the queries by position).
    Point(PointError),
}

impl fmt::Display for GraphQueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::StaleLandmarks { expected, found } => write!(
                f,
                "the landmarks belong to graph {found:#018x}, not to this graph {expected:#018x} \
                 (rebuild them after editing the graph)"
            ),
            Self::Point(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for GraphQueryError {}

impl From<PointError> for GraphQueryError {
    fn from(e: PointError) -> Self {
        Self::Point(e)
    }
}

/// The name [`PointGraph::find_path_between`](crate::PointGraph::find_path_between) returned
/// before graph queries had one error type; its `Landmarks(LandmarkError)` variant is now
/// [`GraphQueryError::StaleLandmarks`] (the only landmark error a query can meet).
#[deprecated(
    since = "0.1.0",
    note = "use GraphQueryError, the error of every graph query"
)]
pub type PointQueryError = GraphQueryError;
