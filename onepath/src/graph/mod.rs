//! Graphs (spec: graphs.md): waypoint networks, road maps and strategic maps as directed
//! weighted graphs, with the same determinism rules as the grids — IEEE-exact `+ - * /` on
//! `f64`, ties broken on node ids, no hash-map order, no clocks.
//!
//! | tier | items |
//! | --- | --- |
//! | 1 | [`Graph`] (editable, stable edge ids), [`PointGraph`] (positions linked by distance); their queries and [`GraphOptions`](crate::GraphOptions) / [`GraphPath`](crate::GraphPath) are in [`query`](crate::query), which reports the shared [`PathStatus`](crate::PathStatus) and is the one place that chooses the search |
//! | 2 | [`BidirectionalGraphSearch`] (bidirectional Dijkstra, Pohl 1969; average potentials, Ikeda et al. 1994, Goldberg & Harrelson 2005) |
//! | 2 | [`GraphAStar`] (A*, Hart, Nilsson & Raphael 1968; Dijkstra 1959 with the zero estimate) and the [`GraphHeuristic`] estimates; costs are [`StepCost`](crate::topology::StepCost) hooks called as `cost(from, to, weight)` |
//! | 2 | [`AltGraphHeuristic`]: the ALT lower bound of [`Landmarks`] (Goldberg & Harrelson 2005) |
//! | 3 | [`CsrGraph`] (compressed sparse rows with the reverse adjacency), [`Landmarks`] (tables, selection, `OPLM` v1 serialization), [`ShortestPathTree`] |
//!
//! **Floor.** This module is a space floor: it imports `math`, `error`, `state`, `topology` and
//! the generic core `search` (whose [`OpenSet`](crate::search::OpenSet) and
//! [`SearchBuffers`](crate::search::SearchBuffers) it reuses unchanged), never the grid layer or
//! `query/`. The graph types need nothing from the grid query layer, so they live here, not in
//! `query/`.
//!
//! **Snapshots.** [`GraphAStar`] writes kind 12
//! ([`KIND_GRAPH_ASTAR`](crate::state::KIND_GRAPH_ASTAR)) and [`BidirectionalGraphSearch`]
//! kind 13 ([`KIND_GRAPH_BIDIRECTIONAL`](crate::state::KIND_GRAPH_BIDIRECTIONAL)), tied to the graph's
//! [`fingerprint`](CsrGraph::fingerprint) (`docs/snapshot-format.md`).

mod astar;
mod astar_state;
mod bidirectional;
mod bidirectional_state;
mod csr;
mod editable;
mod error;
mod heuristic;
mod landmark_error;
mod landmarks;
mod landmarks_io;
mod point;
mod point_graph;
mod tree;

pub use astar::GraphAStar;
pub use bidirectional::BidirectionalGraphSearch;
pub use csr::{CsrGraph, GraphEdge, MAX_EDGES, MAX_NODES};
pub use editable::Graph;
pub use error::{EdgeEnd, GraphError};
pub use heuristic::{FnGraphHeuristic, GraphHeuristic, MaxGraphHeuristic, ZeroGraphHeuristic};
pub use landmark_error::{LANDMARK_VERSION, LandmarkError, LandmarkTable};
pub use landmarks::{AltGraphHeuristic, LandmarkOptions, LandmarkSelection, Landmarks};
pub use landmarks_io::LANDMARK_MAGIC;
pub use point::{EuclideanGraphHeuristic, Point3, PointError};
pub use point_graph::{MIN_LINK_DISTANCE, PointGraph, PointGraphError, PointGraphOptions};
pub use tree::ShortestPathTree;
