//! Square grids (spec: grids.md, “Layout”, “World mapping”, “Movement”, “Clearance and agent
//! sizes”, “Tile edits and incremental clearance”, “Host API”): [`Grid`] of area bytes,
//! [`AreaCosts`], the [`GridSpace`] world mapping, the movement rules, true clearance and its
//! incremental repair ([`ClearanceMap`]), tile edits and the edit journal ([`EditsSince`]),
//! the content hash, nearest-walkable snapping, exact integer costs, the grid snapshot (kind 1)
//! and [`SquareTopology`] for the generic search.
//!
//! A map does not know the searches that run on it: this module imports only `math`, `error`,
//! `state` and `topology`. The tier-1 queries on a grid ([`Grid::find_path`] and its forms,
//! [`GridOptions`](crate::GridOptions), [`GridPath`](crate::GridPath)) live in
//! [`query`](crate::query) and are named at the crate root. The grid keeps its query handles in a `QuerySlot` of `Box<dyn Any>`, so it can
//! hold them without importing them.
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
pub(crate) mod cell_store;
mod clearance;
mod clearance_map;
mod content_hash;
mod edits;
pub(crate) mod fixed_cost;
#[allow(clippy::module_inception)]
pub(crate) mod grid;
mod grid_clearance;
mod grid_state;
pub mod journal;
mod movement;
mod nearest;
pub(crate) mod query_slot;
pub(crate) mod rect;
pub(crate) mod space;
mod square_topology;
pub(crate) mod text;

pub use area_costs::{AreaCosts, MAX_AREA_COST};
pub use cell::{Cell, WorldPoint};
pub(crate) use cell_store::MAX_VERSION;
pub use cell_store::WALL;
pub use clearance::REPAIR_MERGE_THRESHOLD;
pub use clearance_map::{ClearanceMap, ClearanceRefresh};
pub use grid::Grid;
pub use grid_clearance::{compute_clearance, compute_clearance_into};
pub use journal::{EditJournal, Edits, EditsSince, GridEdit, Journal, JournalEdits, JournalSince};
pub use movement::{Connectivity, DiagonalRule, Dir8};
pub use nearest::NearestOptions;
pub use rect::GridRect;
pub use space::GridSpace;
pub use square_topology::SquareTopology;
