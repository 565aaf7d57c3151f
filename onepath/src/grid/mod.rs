//! Square grids (`grids.md`, "Layout", "World mapping", "Movement", "Clearance and agent
//! sizes"): [`Grid`] of area bytes, [`AreaCosts`], the [`GridSpace`] world mapping, the
//! movement rules, true clearance, [`SquareTopology`] for the generic search, and the tier-1
//! [`Grid::find_path`].

mod area_costs;
mod cell;
mod clearance;
mod find_path;
mod future;
#[allow(clippy::module_inception)]
pub(crate) mod grid;
mod movement;
mod options;
mod path;
pub(crate) mod query;
pub(crate) mod space;
mod square_topology;
pub(crate) mod text;

pub use area_costs::AreaCosts;
pub use cell::{Cell, WorldPoint};
pub use clearance::{compute_clearance, compute_clearance_into};
pub use future::FindPathFuture;
pub use grid::{Grid, WALL};
pub use movement::{Connectivity, DiagonalRule, Dir8};
pub use options::{GridAlgorithm, GridOptions, HeuristicKind};
pub use path::{GridPath, PathStatus};
pub use space::GridSpace;
pub use square_topology::SquareTopology;
