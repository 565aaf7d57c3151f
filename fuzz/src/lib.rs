//! Fuzz target bodies for onepath, as plain functions (`pub fn <target>(data: &[u8])`).
//!
//! Each body takes any bytes, never panics on its own account, and asserts real properties of
//! the code it drives: a failed assertion is a finding. The same bodies run
//!
//! - under libFuzzer through the thin entry points in `fuzz_targets/` (nightly and cargo-fuzz,
//!   feature `libfuzzer`; see `fuzz/README.md`), and
//! - on stable in `tests/replay.rs`, over the committed corpus (`corpus/<target>/`) and a few
//!   thousand deterministic generated and mutated inputs per target, as part of
//!   `cargo test --workspace`.
//!
//! | target | drives | module |
//! |---|---|---|
//! | `movingai_map` | `onepath_std::movingai::MovingAiMap::parse` | [`movingai_map`](mod@movingai_map) |
//! | `movingai_scen` | `onepath_std::movingai::MovingAiScenarios::parse` | [`movingai_scen`](mod@movingai_scen) |
//! | `grid_text` | `onepath::Grid::from_text` | [`grid_text`](mod@grid_text) |
//! | `snapshot_restore` | `restore_state` of snapshot kinds 1–5 and 8; consistent edits of kinds 2–6, 8, 9, 12, 13 and `OPLM` (issue 27) | [`snapshot_restore`](mod@snapshot_restore) |
//! | `search_ops` | `GridSearch` (A*, JPS, JPS+) under begin/step/edit/save/restore | [`search_ops`](mod@search_ops) |
//! | `grid_theta` | `ThetaSearch` and tier-1 Theta* / Lazy Theta* under step/save/restore/damage | [`grid_theta`](mod@grid_theta) |
//! | `grid_hpa` | `onepath::hpa` (hierarchy, refresh, search) under queries, budgets and edits | [`grid_hpa`](mod@grid_hpa) |
//! | `graph_query` | `GraphAStar`, `BidirectionalGraphSearch` (kinds 12, 13) under step/save/restore/damage | [`graph_query`](mod@graph_query) |
//! | `graph_landmarks` | `Landmarks` build bounds and `OPLM` v1 `deserialize` | [`graph_landmarks`](mod@graph_landmarks) |
//! | `graph_points` | `PointGraph::new` link building vs brute force | [`graph_points`](mod@graph_points) |
//! | `dimacs_gr` | `onepath_std::dimacs::parse_gr` / `parse_co` | [`dimacs_gr`](mod@dimacs_gr) |
//! | `grid_flow` | `GridFlowField` (square, hex) under step/edit/refresh/save/restore/damage | [`grid_flow`](mod@grid_flow) |
//! | `grid_replan` | `GridReplanner` (LPA*, D* Lite) under edit/move/budget/save/restore | [`grid_replan`](mod@grid_replan) |
//! | `navmesh_bake` | `NavMesh::build_2d` / `from_walkable` on arbitrary walkability and settings, `refresh` after edits, kind 16 | [`navmesh_bake`](mod@navmesh_bake) |
//! | `navmesh_query` | `NavMesh::locate` / `nearest` / `find_path`, `NavSearch` sliced and restored (kind 17) under hostile points | [`navmesh_query`](mod@navmesh_query) |

pub mod consistent;
pub mod dimacs_gr;
pub mod frame;
pub mod graph_landmarks;
pub mod graph_points;
pub mod graph_query;
pub mod grid_flow;
pub mod grid_hpa;
pub mod grid_replan;
pub mod grid_text;
pub mod grid_theta;
pub mod input;
pub mod lines;
pub mod movingai_map;
pub mod movingai_scen;
pub mod navmesh_bake;
pub mod navmesh_props;
pub mod navmesh_query;
pub mod paths;
pub mod search_ops;
pub mod seeds;
pub mod snapshot_restore;
pub mod voxel_map;
pub mod voxel_query;
pub mod voxel_scen;

pub use dimacs_gr::dimacs_gr;
pub use graph_landmarks::graph_landmarks;
pub use graph_points::graph_points;
pub use graph_query::graph_query;
pub use grid_flow::grid_flow;
pub use grid_hpa::grid_hpa;
pub use grid_replan::grid_replan;
pub use grid_text::grid_text;
pub use grid_theta::grid_theta;
pub use movingai_map::movingai_map;
pub use movingai_scen::movingai_scen;
pub use navmesh_bake::navmesh_bake;
pub use navmesh_query::navmesh_query;
pub use search_ops::search_ops;
pub use snapshot_restore::snapshot_restore;
pub use voxel_map::voxel_map;
pub use voxel_query::voxel_query;
pub use voxel_scen::voxel_scen;

/// A target body.
pub type Body = fn(&[u8]);

/// Every target by name, in the order of `fuzz_targets/` and `corpus/`.
pub const TARGETS: [(&str, Body); 18] = [
    ("movingai_map", movingai_map),
    ("movingai_scen", movingai_scen),
    ("grid_text", grid_text),
    ("snapshot_restore", snapshot_restore),
    ("search_ops", search_ops),
    ("grid_theta", grid_theta),
    ("grid_hpa", grid_hpa),
    ("graph_query", graph_query),
    ("graph_landmarks", graph_landmarks),
    ("graph_points", graph_points),
    ("dimacs_gr", dimacs_gr),
    ("grid_flow", grid_flow),
    ("voxel_map", voxel_map),
    ("voxel_scen", voxel_scen),
    ("voxel_query", voxel_query),
    ("grid_replan", grid_replan),
    ("navmesh_bake", navmesh_bake),
    ("navmesh_query", navmesh_query),
];
