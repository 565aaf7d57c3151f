//! Snapshots: byte-exact `save_state` / `restore_state` for grids and searches, in the format
//! `docs/snapshot-format.md` defines (normative).
//!
//! Every snapshot is a 28-byte header — magic `OPSN`, format version (u16), kind (u16), payload
//! length (u32), content hash of the map it belongs to (u64), FNV-1a 64 checksum of the payload
//! (u64) — followed by the kind's payload. All integers are fixed-width little-endian, floats
//! are IEEE bit patterns, `u32::MAX` means "none", and nothing depends on `usize` width, so the
//! bytes are a function of the state alone and identical on every platform.
//!
//! The codec is written by hand rather than with postcard: postcard's varints would make the
//! layout depend on values, and a hand-written reader validates while it reads without
//! allocating.
//!
//! This is a floor beside `math`: it knows bytes, frames and digests, never a map or a search
//! (it imports only `math` and `error`). Each kind's writer and reader lives with the type it
//! saves — kind 1 in `grid/`, kind 2 in `search/`, kind 3 in `query/`, kinds 4 and 5 in
//! `fast/` — and uses the codec from here.

pub(crate) mod codec;
pub(crate) mod counters;
mod digest;
mod error;
pub(crate) mod map_hash;
pub(crate) mod recordings;
pub(crate) mod relaxation;
pub(crate) mod size_bound;
pub(crate) mod sorted_records;

pub use codec::{FORMAT_VERSION, HEADER_LEN, MAGIC};
pub use digest::{FNV_OFFSET, FNV_PRIME, Fnv1a64};
pub use error::StateError;

/// Kind id of a square [`Grid`](crate::Grid) snapshot.
pub const KIND_GRID: u16 = 1;
/// Kind id of an [`AStar`](crate::search::AStar) search snapshot.
pub const KIND_ASTAR: u16 = 2;
/// Kind id of a [`GridSearch`](crate::GridSearch) handle snapshot.
pub const KIND_GRID_SEARCH: u16 = 3;
/// Kind id of an [`OctileAStar`](crate::fast::OctileAStar) snapshot.
pub const KIND_OCTILE_ASTAR: u16 = 4;
/// Kind id of an [`OctileJump`](crate::fast::OctileJump) snapshot.
pub const KIND_OCTILE_JUMP: u16 = 5;
/// Kind id of a [`ThetaSearch`](crate::theta::ThetaSearch) snapshot (Theta*, Lazy Theta*,
/// LazyRequeue; family `theta/`).
pub const KIND_THETA: u16 = 6;
/// Kind id of a [`GridFlowField`](crate::GridFlowField) snapshot (family `flow/`).
pub const KIND_FLOW_FIELD: u16 = 7;
/// Kind id of an incremental replanner (LPA*, D* Lite) snapshot (family `replan/`):
/// [`ReplanSearch`](crate::replan::ReplanSearch), `GridReplanner`, `HexReplanner`.
pub const KIND_REPLAN: u16 = 8;
/// Kind id of an HPA* abstract search snapshot ([`HpaSearch`](crate::hpa::HpaSearch), family
/// `hpa/`).
pub const KIND_HPA_SEARCH: u16 = 9;
/// Kind id of a [`VoxelGrid`](crate::voxel::VoxelGrid) snapshot (family `voxel/`).
pub const KIND_VOXEL_GRID: u16 = 10;
/// Kind id of a [`PagedVoxelSearch`](crate::voxel_search::PagedVoxelSearch) snapshot (family
/// `voxel/`; also written by the tier-1 voxel search handle).
pub const KIND_VOXEL_SEARCH: u16 = 11;
/// Kind id of a [`GraphAStar`](crate::graph_search::GraphAStar) snapshot (family
/// `graph_search/`).
pub const KIND_GRAPH_ASTAR: u16 = 12;
/// Kind id of a [`BidirectionalGraphSearch`](crate::graph_search::BidirectionalGraphSearch)
/// snapshot (family `graph_search/`).
pub const KIND_GRAPH_BIDIRECTIONAL: u16 = 13;
/// Kind id of a [`HexGrid`](crate::HexGrid) snapshot (cells, area multipliers, layout, version,
/// world mapping; family `hex/`).
pub const KIND_HEX_GRID: u16 = 14;
/// Kind id of a [`HexSearch`](crate::HexSearch) handle snapshot (its options and a nested
/// kind-2 A* frame; tier 1).
pub const KIND_HEX_SEARCH: u16 = 15;
/// Kind id of a [`NavMesh`](crate::navmesh::NavMesh) snapshot (its inputs: size, space,
/// settings, walkability bits; restore re-bakes and checks the content hash; family
/// `navmesh/`).
pub const KIND_NAVMESH: u16 = 16;
/// Kind id of a corridor search in flight ([`NavSearch`](crate::navmesh::NavSearch); family
/// `navmesh/`).
pub const KIND_NAV_SEARCH: u16 = 17;
/// Kind id of a Polyanya search in flight ([`PolyanyaSearch`](crate::navmesh::PolyanyaSearch):
/// its endpoints, counters and a digest of its state; restore replays the search and compares;
/// family `navmesh/`).
pub const KIND_NAV_POLYANYA: u16 = 18;
