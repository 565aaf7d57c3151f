//! Graphs (spec: graphs.md, "Layout", "Point graphs"): waypoint networks, road maps and
//! strategic maps as directed weighted graphs, with the same determinism rules as the grids —
//! IEEE-exact `+ - * /` on `f64`, ties broken on node ids, no hash-map order, no clocks.
//!
//! | tier | items |
//! | --- | --- |
//! | 1 | [`Graph`] (editable, stable edge ids), [`PointGraph`] (positions linked by distance); their queries and [`GraphOptions`](crate::GraphOptions) / [`GraphPath`](crate::GraphPath) are in [`query`](crate::query), which reports the shared [`PathStatus`](crate::PathStatus) and is the one place that chooses the search |
//! | 2 | the [`GraphHeuristic`] estimates (zero, closure, maximum, [`EuclideanGraphHeuristic`]) |
//! | 3 | [`CsrGraph`] (compressed sparse rows with the reverse adjacency, fingerprint) |
//!
//! **Floor.** This module is a map floor: it imports `math`, `error`, `state` and `topology`,
//! and knows no search. The searches that run on these graphs — [`GraphAStar`], the
//! bidirectional search, shortest-path trees and the ALT [`Landmarks`] — live one floor up in
//! [`graph_search`](crate::graph_search). The tier-1 graphs keep their queries' working memory
//! in an opaque slot (`work_slot.rs`, a lock-free queue shared through `&self`, like the
//! grids' query slot) that the query layer fills with its own buffers, so graph queries take
//! `&self` as grid queries do.
//!
//! [`GraphAStar`]: crate::graph_search::GraphAStar
//! [`Landmarks`]: crate::graph_search::Landmarks

mod csr;
mod editable;
mod error;
mod heuristic;
mod point;
mod point_cells;
mod point_graph;
mod work_slot;

pub use csr::{CsrGraph, GraphEdge, MAX_EDGES, MAX_NODES, MAX_WEIGHT_SUM};
pub use editable::Graph;
pub use error::{EdgeEnd, GraphError};
pub use heuristic::{FnGraphHeuristic, GraphHeuristic, MaxGraphHeuristic, ZeroGraphHeuristic};
pub use point::{EuclideanGraphHeuristic, Point3, PointError};
pub use point_graph::{MIN_LINK_DISTANCE, PointGraph, PointGraphError, PointGraphOptions};
