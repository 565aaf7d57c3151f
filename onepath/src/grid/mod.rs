//! Square grids (spec: grids.md, “Layout”, “World mapping”, “Movement”, “Clearance and agent
//! sizes”, “Tile edits and incremental clearance”, “Host API”): [`Grid`] of area bytes,
//! [`AreaCosts`], the [`GridSpace`] world mapping, the movement rules, true clearance and its
//! incremental repair ([`ClearanceMap`]), tile edits and the edit journal ([`EditsSince`]),
//! the content hash, nearest-walkable snapping, exact integer costs, [`SquareTopology`] for the
//! generic search, and the tier-1 [`Grid::find_path`].
//!
//! # Following edits
//!
//! Everything derived from a grid follows its edits by pulling them: store the
//! [`Grid::revision`] you saw, and on the next use read [`Grid::edits_since`] — rectangles of
//! changed cells, area-cost changes, or "rebuild" — then repair or rebuild ([`journal`]). The grid needs no
//! listener list and no shared mutable reference, so `&Grid` can be shared across threads and
//! everything works in `no_std`. [`ClearanceMap`] is the reference dependent.

mod area_costs;
mod cell;
mod clearance;
mod clearance_map;
mod content_hash;
mod edits;
mod find_path;
mod fixed_cost;
mod future;
#[allow(clippy::module_inception)]
pub(crate) mod grid;
pub mod journal;
mod movement;
mod nearest;
mod options;
mod path;
pub(crate) mod query;
pub(crate) mod query_slot;
pub(crate) mod rect;
pub(crate) mod space;
mod square_topology;
pub(crate) mod text;

pub use area_costs::AreaCosts;
pub use cell::{Cell, WorldPoint};
pub use clearance::{REPAIR_MERGE_THRESHOLD, compute_clearance, compute_clearance_into};
pub use clearance_map::{ClearanceMap, ClearanceRefresh};
pub use future::FindPathFuture;
pub use grid::{Grid, WALL};
pub use journal::{EditJournal, Edits, EditsSince, GridEdit};
pub use movement::{Connectivity, DiagonalRule, Dir8};
pub use nearest::NearestOptions;
pub use options::{GridAlgorithm, GridOptions, HeuristicKind};
pub use path::{GridPath, PathStatus};
pub use rect::GridRect;
pub use space::GridSpace;
pub use square_topology::SquareTopology;
