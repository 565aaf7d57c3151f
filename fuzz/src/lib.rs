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
//! | `snapshot_restore` | `restore_state` of snapshot kinds 1–5 | [`snapshot_restore`](mod@snapshot_restore) |
//! | `search_ops` | `GridSearch` (A*, JPS, JPS+) under begin/step/edit/save/restore | [`search_ops`](mod@search_ops) |
//! | `grid_replan` | `GridReplanner` (LPA*, D* Lite) under edit/move/budget/save/restore | [`grid_replan`](mod@grid_replan) |

pub mod frame;
pub mod grid_replan;
pub mod grid_text;
pub mod input;
pub mod lines;
pub mod movingai_map;
pub mod movingai_scen;
pub mod paths;
pub mod search_ops;
pub mod seeds;
pub mod snapshot_restore;

pub use grid_replan::grid_replan;
pub use grid_text::grid_text;
pub use movingai_map::movingai_map;
pub use movingai_scen::movingai_scen;
pub use search_ops::search_ops;
pub use snapshot_restore::snapshot_restore;

/// A target body.
pub type Body = fn(&[u8]);

/// Every target by name, in the order of `fuzz_targets/` and `corpus/`.
pub const TARGETS: [(&str, Body); 6] = [
    ("movingai_map", movingai_map),
    ("movingai_scen", movingai_scen),
    ("grid_text", grid_text),
    ("snapshot_restore", snapshot_restore),
    ("search_ops", search_ops),
    ("grid_replan", grid_replan),
];
