//! # hash-matrix
//!
//! Ring 4 of the tests (DESIGN.md §7): named scenarios run through the engine, one text line
//! per result (status, cost bits, iterations, expansions, path length and digest), compared
//! with golden files committed in `hash-matrix/golden/`. The same goldens must hold in debug
//! and release builds and on every target we can build (`ci/cross-aarch64.sh`).
//!
//! - [`mapgen`] (`src/gen/`): the pinned, seeded map generators.
//! - [`families`]: one file per family of scenarios (`grids/astar`, `grids/hex`,
//!   `grids/edits`, `grids/jps`, `grids/fast`, …, `navmesh`).
//! - [`runs`]: query lists, option variants, tier-1 / hooks / sliced tier-2 runs.
//! - [`fast_runs`]: the specialised octile engines (`onepath::fast`) driven directly, for
//!   `grids/fast`.
//! - [`record`]: the line format ([`record_nav`]: the navigation mesh lines); [`digest`]:
//!   FNV-1a 64.
//! - [`golden`]: golden files and the readable diff; [`cli`]: `check`, `bless`, `list`.
//!
//! `cargo run -p hash-matrix -- check` / `-- bless` / `-- list`.

pub mod cli;
pub mod digest;
pub mod families;
pub mod fast_runs;
// `gen` is a reserved word in edition 2024: the folder keeps its short name, the module is
// `mapgen`.
pub mod golden;
#[path = "gen/mod.rs"]
pub mod mapgen;
pub mod record;
pub mod record_nav;
pub mod registry;
pub mod runs;

pub use families::FAMILIES;
pub use record::Record;
pub use registry::{Family, Recorder, Scenario};

/// Every record of every family, in golden order.
pub fn all_records() -> Vec<Record> {
    FAMILIES.iter().flat_map(|f| f.records("")).collect()
}
