//! Hex grids (spec: grids.md, “Layout”, “World mapping”, “Movement”): [`HexGrid`] in offset
//! coordinates under one of four [`HexLayout`]s, axial [`HexCoord`]s, the [`HexSpace`] world
//! mapping with exact cube rounding, and [`HexTopology`] for the generic search.

mod coord;
mod hex_grid;
mod layout;
mod space;
mod topology;

pub use coord::HexCoord;
pub use hex_grid::HexGrid;
pub use layout::HexLayout;
pub use space::HexSpace;
pub use topology::HexTopology;
