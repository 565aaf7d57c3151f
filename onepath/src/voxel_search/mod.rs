//! The paged voxel search (spec: grids.md, "3D voxel grids", "Search"): exactly
//! [`AStar`](crate::search::AStar) over [`VoxelTopology`](crate::voxel::VoxelTopology), with its
//! node state kept in pages of 8 × 8 × 8 allocated when the search first reaches a block
//! (`paged.rs`), an open list that keeps entry positions inside the pages (`paged_heap.rs`) and
//! its snapshot, kind 11 (`paged_state.rs`).
//! It sits above `search` (it uses the step codes) and above the voxel map floor, which knows
//! no search; the tier-1 `VoxelGrid::find_path` (in `query/`) runs it.

mod paged;
mod paged_heap;
mod paged_state;

pub use paged::{
    BYTES_PER_NODE, NoVoxelHooks, PAGE_VOXELS, POOL_LIMIT, PagedVoxelSearch, VoxelHooks,
};
