//! Sets `cfg(onepath_no_data)` when the Moving AI data is absent, so the tests that read it are
//! marked `#[cfg_attr(onepath_no_data, ignore = "…")]` and the test summary counts them as
//! ignored, with the reason, instead of passing them after a message only `--nocapture` shows.
//! The tests keep their run-time skip (`onepath_std::data::require_movingai`) as a fallback.
//!
//! It looks where `onepath_std::data::data_dir` looks first: `$ONEPATH_DATA` when set (only
//! there), else `shared/data` beside the workspace root (`CARGO_MANIFEST_DIR/../../shared/data`),
//! and needs its `movingai` folder. (`data_dir` also tries `shared/data` above the current
//! directory; a build script cannot know where the tests will run, so it does not.) Every crate
//! whose tests read the data uses this one file (`build = "../onepath-std/build.rs"`).
//!
//! The data folder is watched only when it exists (its removal reruns the script). A missing
//! folder is not watched: cargo would count a missing path as changed on every build and
//! rebuild the crate and its dependents each time. Data that arrives later is noticed when
//! `ONEPATH_DATA` changes or after `cargo clean -p <crate>`; until then the tests' run-time
//! skip answers.

use std::path::PathBuf;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(onepath_no_data)");
    println!("cargo:rerun-if-env-changed=ONEPATH_DATA");
    let data = std::env::var_os("ONEPATH_DATA").map_or_else(
        || {
            let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
            PathBuf::from(manifest).join("../../shared/data")
        },
        PathBuf::from,
    );
    if data.join("movingai").is_dir() {
        println!("cargo:rerun-if-changed={}", data.join("movingai").display());
    } else {
        println!("cargo:rustc-cfg=onepath_no_data");
    }
}
