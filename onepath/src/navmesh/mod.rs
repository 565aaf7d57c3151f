//! Navigation meshes baked deterministically from square grids (spec: grids.md, "Host API",
//! `NavMesh.Build2D`; the guide's §6 and §7): erosion by the agent radius, convex polygons on
//! cell corners in tiles that follow the grid's edit journal, point location, a resumable
//! corridor search over portal crossings and the exact funnel (string pulling).
//!
//! The contract — erosion rule, tile and polygon rules, canonical bytes and content hash, query
//! semantics — is written in `docs/navmesh.md`; every rule there is exact integer arithmetic
//! except lengths, which are IEEE doubles computed in a stated order.

mod corridor;
mod funnel;
mod search_state;

pub use corridor::NavSearch;
pub use funnel::{NavWaypoint, funnel, segment_length};
