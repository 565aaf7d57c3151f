//! Tier 1: the one-line queries and the resumable handle, and the one place that chooses which
//! engine runs a query.

mod any_heuristic;
mod future;
mod grid_find_path;
mod grid_search;
mod grid_search_prepare;
mod grid_search_state;
mod hex_find_path;
mod options;
mod path;
mod query_map;
mod runner;
mod selection;

pub use any_heuristic::AnyHeuristic;
pub use future::FindPathFuture;
pub use grid_search::GridSearch;
pub use options::{GridAlgorithm, GridOptions, HeuristicKind};
pub use path::{GridPath, PathStatus};
