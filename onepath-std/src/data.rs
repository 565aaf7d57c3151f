//! Finding the shared benchmark data (`../shared/data` next to the repository), which is never
//! copied into the repository.
//!
//! Tests and tools call [`data_dir`] (or [`movingai_dir`]) and skip with a printed message when
//! it returns `None`, so a fresh clone without the data still builds and tests.
//!
//! So that a skip shows in the test summary, a crate whose tests read the data has a
//! `build.rs` that looks in the first two places [`data_dir`] does (`$ONEPATH_DATA`, then
//! `shared/data` beside the workspace root) and, when `movingai/` is not there, sets
//! `cfg(onepath_no_data)`; each such test carries
//! `#[cfg_attr(onepath_no_data, ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA")]`
//! and keeps the run-time skip as a fallback. Changing `$ONEPATH_DATA` or the folder reruns
//! the build script.

use std::path::{Path, PathBuf};

/// The environment variable that overrides where the data is: a folder holding `movingai/`,
/// `voxel/` and `dimacs/`.
pub const DATA_ENV: &str = "ONEPATH_DATA";

/// The shared data folder, or `None` when it is absent.
///
/// Looks, in order, at `$ONEPATH_DATA` (if set, only there); `../shared/data` relative to the
/// workspace root this crate was built in; and `shared/data` next to the current directory or
/// any of its ancestors. The path returned is canonical (no `..`) when the file system allows.
pub fn data_dir() -> Option<PathBuf> {
    find_data_dir().map(|d| std::fs::canonicalize(&d).unwrap_or(d))
}

fn find_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_ENV) {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    if built_in.is_dir() {
        return Some(built_in);
    }
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors()
        .map(|a| a.join("shared/data"))
        .find(|d| d.is_dir())
}

/// `data_dir()/movingai`, the 2D Moving AI sets, or `None` when absent.
pub fn movingai_dir() -> Option<PathBuf> {
    data_dir()
        .map(|d| d.join("movingai"))
        .filter(|d| d.is_dir())
}

/// `data_dir()/voxel`, the Moving AI voxel sets (Warframe `.3dmap`/`.3dscen`), or `None` when
/// absent.
pub fn voxel_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("voxel")).filter(|d| d.is_dir())
}

/// `data_dir()/dimacs`, the DIMACS road graphs (`.gr`), or `None` when absent.
pub fn dimacs_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("dimacs")).filter(|d| d.is_dir())
}

/// [`movingai_dir`], printing `skipped: <what>: …` to stderr when it is absent. For tests:
/// `let Some(dir) = require_movingai("optima sample") else { return };`.
pub fn require_movingai(what: &str) -> Option<PathBuf> {
    let dir = movingai_dir();
    if dir.is_none() {
        eprintln!(
            "skipped: {what}: Moving AI data not found (expected ../shared/data/movingai next to \
             the repository, or set {DATA_ENV})"
        );
    }
    dir
}
