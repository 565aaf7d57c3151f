//! Hex grids (spec: grids.md, “Layout”, “World mapping”, “Movement”): [`HexGrid`] in offset
//! coordinates under one of four [`HexLayout`]s, axial [`HexCoord`]s, the [`HexSpace`] world
//! mapping with exact cube rounding, [`HexTopology`] for the generic search and its estimate,
//! [`HexDistanceHeuristic`].

mod coord;
mod heuristic;
pub(crate) mod hex_grid;
mod hex_state;
mod layout;
mod space;
mod topology;

pub use coord::HexCoord;
pub use heuristic::HexDistanceHeuristic;
pub use hex_grid::HexGrid;
pub use layout::HexLayout;
pub use space::HexSpace;
pub use topology::HexTopology;
