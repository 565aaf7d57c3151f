//! Any-angle paths on square grids (spec: grids.md, “Any-angle search (Theta, Lazy Theta)”):
//! Theta* after Nash, Daniel, Koenig & Felner (2007, “Theta*: Any-Angle Path Planning on
//! Grids”), Lazy Theta* after Nash, Koenig & Tovey (2010), and the line of sight they rest on.
//!
//! - [`GridLineOfSight`]: exact integer line of sight between cell centres (closed wall
//!   squares, outside = wall).

mod line_of_sight;

pub use line_of_sight::GridLineOfSight;
