//! # onepath
//!
//! Deterministic, resumable pathfinding for games that run lockstep or rollback netcode: the
//! same path, the same cost bits, the same expansion count on every machine and every build.
//!
//! `#![no_std]` + `alloc`. Costs are `f64` built only from `+ - * /` and a correctly rounded
//! square root ([`math`]); every priority order is total and written down; no hash-map order,
//! clock or thread count reaches a result (see `docs/determinism.md`).
//!
//! ## Tiers
//!
//! - **Tier 1** (this root): the maps [`Grid`], [`HexGrid`], [`VoxelGrid`], [`Graph`] and
//!   [`PointGraph`] with their options and results ([`GridOptions`] → [`GridPath`],
//!   [`VoxelOptions`] → [`VoxelPath`], [`GraphOptions`] → [`GraphPath`]) —
//!   `map.find_path(a, b, &options)` on every kind, through `&self` — and the handles
//!   [`GridSearch`], [`HexSearch`], [`VoxelSearch`], [`GridFlowField`], [`GridReplanner`],
//!   [`HexReplanner`]. The queries and the
//!   table that chooses their engine live in [`query`], the top floor of the crate
//!   (`ARCHITECTURE.md`, “Floors”).
//! - **Tier 2**: [`grid::SquareTopology`], [`hex::HexTopology`] and the resumable
//!   [`search::AStar`] with struct step-cost and heuristic types ([`topology`]).
//! - **Tier 3**: [`search::OpenSet`], [`search::SearchBuffers`], the [`topology::Topology`]
//!   trait for your own graphs.
//!
//! ## Which type for which job
//!
//! | job | start here |
//! | --- | --- |
//! | one agent, one path on a square grid | [`Grid::find_path`] with [`GridOptions`] (A*, or [`GridAlgorithm::Jps`] / [`GridAlgorithm::JpsPlus`] for speed on open maps); [`Grid::find_path_world`] for world points, [`Grid::find_path_with`] for your own step costs |
//! | hex grid | [`HexGrid::find_path`] (the same options and [`GridPath`]); the resumable [`HexSearch`] to spread it over ticks and roll it back |
//! | 3D voxels | [`VoxelGrid::find_path`] with [`VoxelOptions`] (6, 18 or 26 moves) |
//! | waypoint, road or strategic graph | [`Graph::find_path`] (editable, stable edge ids) or [`PointGraph::find_path_world`] (positions linked by distance) with [`GraphOptions`]; [`Landmarks`] (ALT) for long queries on a graph that does not change |
//! | a crowd heading for one goal set | a flow field: [`Grid::create_flow_field`] / [`HexGrid::create_flow_field`] → [`GridFlowField`] (one integration wave, then [`GridFlowField::next`] per agent per tick) |
//! | a map that changes while agents walk | edit with [`Grid::set_walkable`] / [`Grid::set_rect`]; derived structures read the edit journal ([`Grid::edits_since`]) in their `refresh`; for one agent that replans after every edit, [`Grid::create_replanner`] → [`GridReplanner`] (LPA* / D* Lite; [`HexReplanner`] on hex grids) |
//! | any-angle paths | [`GridAlgorithm::ThetaStar`] / [`GridAlgorithm::LazyThetaStar`] (tier 2: [`theta::ThetaSearch`]) |
//! | smoothing a path | [`theta::smooth_path`] (farthest visible waypoint, never dearer on terrain), [`theta::catmull_rom`] (a curve through the waypoints) |
//! | large maps, many queries (hierarchical) | [`GridAlgorithm::Hpa`] (HPA*: chunk side [`GridOptions::hpa_chunk_size`]; tier 2: [`hpa::HpaSearch`] over an [`hpa::HpaHierarchy`]) |
//! | spreading a search over frames (time slicing) | the resumable handle [`GridSearch`]: [`GridSearch::try_begin`], then [`GridSearch::step`] with an iteration budget each tick (the same path as `find_path`, however sliced); [`HexSearch`] on hex grids, [`VoxelSearch`] on voxels, [`graph_search::GraphAStar`] on graphs; [`Grid::find_path_cancellable`] to stop from outside |
//! | rollback and lockstep | snapshots: [`GridSearch::save_state`] / [`GridSearch::restore_state`] for a running search, [`Grid::save_state`] / [`Grid::restore_state`] for the map, and the same pair on [`HexGrid`], [`HexSearch`], [`GridFlowField`], [`GridReplanner`], [`VoxelGrid`] and [`VoxelSearch`]; size each buffer once with its `max_state_size` (bytes in `docs/snapshot-format.md`; what to save and in which order in `docs/rollback-checklist.md`) |
//!
//! Your own graph type: implement [`topology::Topology`] and run [`search::AStar`]. Reading
//! Moving AI maps and DIMACS graphs from files, cancellation tokens and threads are in the
//! `onepath-std` crate.
//!
//! ## Example
//!
//! ```
//! use onepath::{Cell, Grid, GridOptions, PathStatus};
//!
//! let grid = Grid::from_text("
//!     ........
//!     ..####..
//!     ........
//! ").unwrap();
//! let path = grid.find_path(Cell::new(0, 1), Cell::new(7, 1), &GridOptions::DEFAULT).unwrap();
//! assert_eq!(path.status, PathStatus::Found);
//! assert_eq!(path.cells.first(), Some(&Cell::new(0, 1)));
//! // Two diagonal steps and five straight ones, summed in path order.
//! assert!((path.cost - (5.0 + 2.0 * onepath::math::SQRT2)).abs() < 1e-12);
//! ```
//!
//! ## Statuses are results: look at them
//!
//! A query's outcome is a status, never an error: [`Step`] (`try_begin`, `step`, `run`),
//! [`PathStatus`] (one-line queries, replanners) and [`flow::FlowStep`] are `#[must_use]`, and
//! the compiler warns when one is dropped. The case that bites: `try_begin` with a new goal on a
//! wall returns [`Step::GoalInvalid`] and, as the spec's Host API says, *leaves the running
//! search alone* — which then finishes to its **old** goal. Re-targeting is therefore
//! `if search.try_begin(&grid, start, goal) != Step::InProgress { /* keep or drop the agent's
//! order */ }`, never a bare call.
//!
//! ```
//! use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
//! let grid = Grid::from_text("......\n.####.\n......").unwrap();
//! let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
//! assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 0)), Step::InProgress);
//! // A re-target onto a wall is refused; the search still runs to (5, 0).
//! assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(2, 1)), Step::GoalInvalid);
//! assert_eq!(search.run_cancellable(&grid, || false), Ok(Step::Found));
//! let mut path = [Cell::default(); 16];
//! let n = search.copy_path(&mut path).unwrap();
//! assert_eq!(path[n - 1], Cell::new(5, 0));
//! ```
//!
//! ## Rollback
//!
//! Every snapshot-able value (`Grid`, `GridSearch`, `GridFlowField`, the replanners, the
//! tier-2 engines, voxel and graph searches) has `state_size`, `save_state`, `restore_state`
//! and `max_state_size`: an upper bound on every state it can reach on a map, so a host sizes
//! each snapshot buffer once, before the first tick (`state_size` grows as a search runs). What
//! to save, in which order, what goes stale after an edit and each type's bound are in the
//! repository's `docs/rollback-checklist.md`; `examples/src/bin/lockstep_rollback.rs` does it
//! for several agents, a flow field and a grid edit.
//!
//! ## Contracts and citations
//!
//! Everything a result depends on — neighbour orders, step-cost formulas, the open-set order,
//! what one iteration is, the content hash — is stated in the documentation of the item it
//! belongs to, and that text is the contract. A note such as "(spec: grids.md, “Host API”)"
//! only names the section of the project's specification the contract was written from, so a
//! maintainer can trace it; you never need that document to use the crate.
//!
//! Algorithms follow their papers: A* (Hart, Nilsson & Raphael 1968), Dijkstra's algorithm
//! (Dijkstra 1959) as A* with the zero estimate, jump point search (Harabor & Grastien 2011)
//! with block-based scanning and the JPS+ tables (Harabor & Grastien 2014; Rabin & Silva 2015,
//! *Game AI Pro 2*), true clearance for large agents (Harabor & Botea 2008), and the Moving AI
//! benchmark's movement convention (Sturtevant 2012).

#![no_std]
#![deny(unsafe_code)]
// The core names `core`/`alloc` items, never their `std` re-exports (DESIGN §6); the std
// crates of the workspace are exempt.
#![warn(clippy::std_instead_of_core, clippy::alloc_instead_of_core)]

extern crate alloc;

// x87 arithmetic keeps 80-bit intermediates and is not IEEE-exact: refuse it.
#[cfg(all(target_arch = "x86", not(target_feature = "sse2")))]
compile_error!(
    "onepath needs SSE2 on 32-bit x86: x87 arithmetic is not IEEE-exact (docs/determinism.md)"
);

pub mod error;
pub mod fast;
pub mod flow;
pub mod graph;
pub mod graph_search;
pub mod grid;
pub mod hex;
pub mod hpa;
pub mod jps;
pub mod math;
pub mod navmesh;
pub mod query;
pub mod replan;
pub mod search;
pub mod state;
pub mod theta;
pub mod topology;
pub mod voxel;
pub mod voxel_search;

pub use error::{GridError, QueryError};
pub use graph::{Graph, GraphEdge, Point3, PointGraph};
pub use graph_search::{LandmarkOptions, Landmarks};
pub use grid::{
    AreaCosts, Cell, Connectivity, DiagonalRule, Grid, GridSpace, NearestOptions, WorldPoint,
};
pub use hex::{HexCoord, HexGrid, HexLayout, HexSpace};
pub use navmesh::{NavError, NavMesh, NavPoint, NavSettings};
pub use navmesh::{NavSearch, NavWaypoint, PolyanyaSearch};
pub use query::{
    GraphAlgorithm, GraphOptions, GraphPath, GridAlgorithm, GridFlowField, GridOptions, GridPath,
    GridReplanner, GridSearch, HeuristicKind, HexReplanner, HexSearch, PathStatus, VoxelOptions,
    VoxelPath, VoxelSearch,
};
pub use query::{NavAlgorithm, NavPath};
pub use search::Step;
pub use voxel::{VoxelCell, VoxelGrid, VoxelPoint, VoxelSpace};

/// Keeps the README's example compiling and true (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
