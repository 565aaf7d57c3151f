//! Tier 1 (spec: grids.md, “Host API”, “Cancellation and async”): the one-line queries, the
//! resumable handle, and the one place that chooses which engine runs a query.
//!
//! - [`GridOptions`] (with [`GridAlgorithm`], [`HeuristicKind`]) and the result,
//!   [`GridPath`] / [`PathStatus`].
//! - [`Grid::find_path`](crate::Grid::find_path) and its cancellable, world-point, hook and
//!   [`FindPathFuture`] forms; [`HexGrid::find_path`](crate::HexGrid::find_path) and its
//!   forms, and [`HexSearch`], the resumable hex handle `find_path` runs through, with its
//!   snapshot (kind 15; the hex grid's own is kind 14). The hook queries of both grid kinds are one runner over a small trait of what a
//!   map answers (`query_map.rs`).
//! - [`GridSearch`]: the resumable handle a lockstep host keeps between ticks, with its
//!   snapshot (kind 3) and `prepare`. `find_path` is `try_begin` then `step` on a pooled
//!   handle, so the two never differ.
//! - The engine-selection table (`selection.rs`): the spec's “applies when … otherwise A*”
//!   rules as rows; every square-grid entry point asks it. A new family adds a row there.
//! - [`GridFlowField`]: the flow field of a goal set on a square or hex grid
//!   ([`Grid::create_flow_field`](crate::Grid::create_flow_field)), following the grid's edit
//!   journal, with its snapshot (kind 7).
//! - [`VoxelGrid::find_path`](crate::voxel::VoxelGrid::find_path) and its forms, with
//!   [`VoxelOptions`] / [`VoxelPath`]: the one-line voxel query over the paged search, its
//!   pages pooled in the grid (`voxel_find_path.rs`), and [`VoxelSearch`], the resumable
//!   handle it runs through, with snapshots of kind 11 (`voxel_search_handle.rs`).
//! - [`AnyHeuristic`]: the estimate a query picks at run time.
//! - [`GridReplanner`] / [`HexReplanner`] (`Grid::create_replanner`): LPA* and D* Lite handles
//!   that follow the grid's edit journal and repair their path.
//!
//! This is the top floor of the core: it may import every module below it (spaces, `search`,
//! the families `jps` and `fast`), and nothing below imports or re-exports it. The crate root
//! re-exports its public items (`onepath::GridOptions`, `onepath::GridSearch`, …), the paths
//! users have always used; the module paths of before (`onepath::grid::GridOptions`,
//! `onepath::search::GridSearch`, `onepath::topology::AnyHeuristic`) are gone with the floors
//! (ARCHITECTURE.md, “Floors”).

mod any_heuristic;
mod future;
mod graph_find_path;
mod graph_options;
mod graph_query_error;
mod grid_find_path;
mod grid_flow_field;
mod grid_flow_state;
mod grid_search;
mod grid_search_hpa;
mod grid_search_prepare;
mod grid_search_state;
mod hex_find_path;
mod hex_replanner;
mod hex_search;
mod hex_search_result;
mod hex_search_state;
mod hpa_query;
mod navmesh_algorithm;
mod navmesh_find_path;
mod navmesh_path;
mod options;
mod path;
mod query_map;
mod replan_core;
mod replanner;
mod runner;
mod selection;
mod voxel_find_path;
mod voxel_options;
mod voxel_search_handle;

pub use any_heuristic::AnyHeuristic;
pub use future::FindPathFuture;
pub use graph_options::{GraphAlgorithm, GraphOptions, GraphPath};
pub use graph_query_error::GraphQueryError;
#[expect(
    deprecated,
    reason = "the old name is kept for users (issue 28, item 7)"
)]
pub use graph_query_error::PointQueryError;
pub use grid_flow_field::{FlowMap, GridFlowField, MapRef};
pub use grid_search::GridSearch;
pub use hex_replanner::HexReplanner;
pub use hex_search::HexSearch;
pub use navmesh_algorithm::NavAlgorithm;
pub use navmesh_path::NavPath;
pub use options::{GridAlgorithm, GridOptions, HeuristicKind};
pub use path::{GridPath, PathStatus};
pub use replanner::GridReplanner;
pub use voxel_options::{VoxelOptions, VoxelPath};
pub use voxel_search_handle::VoxelSearch;
