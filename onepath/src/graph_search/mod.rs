//! The searches on graphs (spec: graphs.md, "Search", "Bidirectional search", "ALT"): they run
//! on the map data of [`graph`](crate::graph) and reuse the generic core's
//! [`OpenSet`](crate::search::OpenSet) and [`SearchBuffers`](crate::search::SearchBuffers)
//! unchanged.
//!
//! | tier | items |
//! | --- | --- |
//! | 1 | [`Landmarks`] and [`LandmarkOptions`] (re-exported at the crate root); the queries themselves are [`Graph::find_path`](crate::Graph::find_path) and [`PointGraph::find_path`](crate::PointGraph::find_path) in [`query`](crate::query) |
//! | 2 | [`GraphAStar`] (A*, Hart, Nilsson & Raphael 1968; Dijkstra 1959 with the zero estimate); costs are [`StepCost`](crate::topology::StepCost) hooks called as `cost(from, to, weight)` |
//! | 2 | [`BidirectionalGraphSearch`] (bidirectional Dijkstra, Pohl 1969; average potentials, Ikeda et al. 1994, Goldberg & Harrelson 2005) |
//! | 2 | [`AltGraphHeuristic`]: the ALT lower bound of [`Landmarks`] (Goldberg & Harrelson 2005) |
//! | 3 | [`Landmarks`] (tables, selection, `OPLM` v1 serialization), [`ShortestPathTree`] |
//!
//! **Floor.** Above `search` and the graph map floor `graph`, below `query`; it imports
//! `math`, `error`, `state`, `topology`, `search` and `graph`, never the grid layer.
//!
//! **Snapshots.** [`GraphAStar`] writes kind 12
//! ([`KIND_GRAPH_ASTAR`](crate::state::KIND_GRAPH_ASTAR)) and [`BidirectionalGraphSearch`]
//! kind 13 ([`KIND_GRAPH_BIDIRECTIONAL`](crate::state::KIND_GRAPH_BIDIRECTIONAL)), tied to the
//! graph's [`fingerprint`](crate::graph::CsrGraph::fingerprint) (`docs/snapshot-format.md`).

mod astar;
mod astar_state;
mod bidirectional;
mod bidirectional_state;
mod landmark_error;
mod landmarks;
mod landmarks_io;
mod potential_cache;
pub(crate) use potential_cache::PotentialCache;
mod tree;

pub use astar::GraphAStar;
pub use bidirectional::BidirectionalGraphSearch;
pub use landmark_error::{LANDMARK_VERSION, LandmarkError, LandmarkTable};
pub use landmarks::{AltGraphHeuristic, LandmarkOptions, LandmarkSelection, Landmarks};
pub use landmarks_io::LANDMARK_MAGIC;
pub use tree::ShortestPathTree;
