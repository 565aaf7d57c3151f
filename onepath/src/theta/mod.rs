//! Any-angle paths on square grids (spec: grids.md, “Any-angle search (Theta, Lazy Theta)”):
//! Theta* after Nash, Daniel, Koenig & Felner (2007, “Theta*: Any-Angle Path Planning on
//! Grids”), Lazy Theta* after Nash, Koenig & Tovey (2010, “Lazy Theta*: Any-Angle Path
//! Planning and Path Length Analysis in 3D”), and the line of sight they rest on.
//!
//! Nodes are cell centres, the same nodes as A*, so every grid algorithm shares one start,
//! goal and walkability rule. A path is a list of waypoints; the agent moves in straight
//! segments between consecutive ones, and each segment has line of sight. The searches return
//! short paths, not shortest ones: the length lies between the visibility-graph optimum (the
//! shortest path turning only at cell centres) and, in all our checks, the A* length.
//!
//! - [`GridLineOfSight`]: exact integer line of sight between cell centres (closed wall
//!   squares, outside = wall).
//! - [`ThetaSearch`] with [`ThetaVariant`]: the resumable search (tier 2).
//! - [`EuclideanHeuristic`]: the straight-line estimate.
//! - Smoothing (spec: guide-pathfinding.md, §7), for any path, into caller buffers:
//!   [`smooth_path`] (greedy farthest-visible line-of-sight smoothing, any agent size, cost
//!   re-summed by [`waypoint_cost`]; on a grid whose multipliers differ a shortcut is priced
//!   over the terrain it crosses, [`terrain_segment_cost`], and never costs more than the
//!   cells it replaces) and [`catmull_rom`] (centripetal Catmull-Rom samples that
//!   provably stay in walkable space, [`chord_clear`]).

mod heuristic;
mod line_of_sight;
mod restore_proof;
mod search;
mod search_state;
pub(crate) use search_state::{kind6_bound, trace_cap};
mod smooth;
mod spline;
mod terrain;

pub use heuristic::EuclideanHeuristic;
pub use line_of_sight::GridLineOfSight;
pub use search::{ThetaSearch, ThetaVariant};
pub use smooth::{block_sweep_clear, smooth_path, terrain_waypoint_cost, waypoint_cost};
pub use spline::{SAMPLE_MARGIN, catmull_rom, catmull_rom_len, chord_clear};
pub use terrain::terrain_segment_cost;
