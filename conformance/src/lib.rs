//! Independent references written from the spec (`spec/grids.md`), never from the engine, and
//! the suites (`tests/`) that hold the engine to them.
//!
//! This library does not depend on `onepath` at all (the engine is a dev-dependency used only by
//! the suites), so a reference cannot borrow a definition from the code it checks: where the two
//! disagree, one of them misread the spec.
//!
//! | module | concept |
//! | --- | --- |
//! | [`rng`] | SplitMix64, the pinned generator behind every generated map |
//! | [`r#gen`](crate::r#gen) | deterministic generators of square and hex test grids |
//! | [`model`] | the [`model::Model`] trait: positions, one move's legality and price |
//! | [`square_ref`] | the square grid: areas, 4/8 moves, diagonal rules, agent sizes (brute force), hooks |
//! | [`hex_ref`] | the four hex layouts, axial conversions, distance, moves, world mapping, cube rounding |
//! | [`dijkstra_ref`] | an O(n²) Dijkstra over any model |
//! | [`path_check`] | move-by-move path checking and re-pricing |

pub mod dijkstra_ref;
pub mod edits_ref;
pub mod r#gen;
pub mod hex_ref;
pub mod model;
pub mod path_check;
pub mod rng;
pub mod square_ref;
