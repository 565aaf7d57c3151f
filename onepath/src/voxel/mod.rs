//! 3D voxel grids (spec: grids.md, “3D voxel grids”): a bounded block of voxels stored in
//! 16³ chunks, searched by the generic A* through 6, 18 or 26 moves, and a paged search that
//! keeps node state only for the 8³ blocks it reaches.
//!
//! - [`VoxelGrid`] (tier 1): the storage, area ids, edits, version, revision and journal.
//! - [`VoxelTopology`], [`VoxelHeuristic`] (tier 2): run
//!   [`AStar`](crate::search::AStar)`<C, VoxelHeuristic>` over a `VoxelTopology` with dense
//!   [`SearchBuffers`](crate::search::SearchBuffers) (20 bytes per voxel of the block).
//! - [`PagedVoxelSearch`](crate::voxel_search::PagedVoxelSearch) (the one-line query's engine): the same A* with node state in
//!   8³ pages allocated as the search reaches their blocks.
//! - [`MOVES`], [`VoxelConnectivity`], [`VoxelCornerRule`] (tier 3): the normative move order
//!   and the corner rules.
//!
//! The Moving AI voxel benchmark (Brewer & Sturtevant 2018, "Benchmarks for Pathfinding in 3D
//! Voxel Space") uses 26 moves, lengths 1, √2, √3, and no corner cutting; those are the
//! defaults here.
//!
//! This is a space floor: it imports `math`, `error`, `state`, `topology`, `grid` (area
//! costs, revision stamps) and `search` (the open-set order, `Step`), never a family or tier 1.

mod cell;
mod error;
mod grid_state;
mod heuristic;
mod journal;
mod moves;
mod space;
mod topology;
mod voxel_grid;

pub use cell::{VoxelCell, VoxelPoint};
pub use error::{MAX_VOXELS, VoxelAxis, VoxelError};
pub use heuristic::{VoxelHeuristic, empty_grid_distance};
pub use journal::{VoxelEdit, VoxelEdits, VoxelEditsSince, VoxelJournal};
pub use moves::{MOVES, VoxelConnectivity, VoxelCornerRule, VoxelMove};
pub use space::VoxelSpace;
pub use topology::VoxelTopology;
pub use voxel_grid::{CHUNK_EDGE, CHUNK_VOXELS, Chunk, VoxelGrid, checked_voxel_count};
