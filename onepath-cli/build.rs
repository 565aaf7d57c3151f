//! Sets `cfg(onepath_no_data)` when the shared Moving AI data is absent, so the tests that read
//! it are marked `#[cfg_attr(onepath_no_data, ignore = "…")]` and show as ignored, with the
//! reason, in the `cargo test` summary (a runtime skip alone reads as a pass).
//!
//! The folder is looked for as `onepath_std::data::data_dir()` looks for it at build time:
//! `$ONEPATH_DATA` if set (only there), else `../shared/data` next to the workspace root. The
//! tests keep their runtime skip as a fallback (for instance when the data moves after the
//! build).

use std::path::PathBuf;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(onepath_no_data)");
    println!("cargo:rerun-if-env-changed=ONEPATH_DATA");
    let dir = std::env::var_os("ONEPATH_DATA").map_or_else(
        || {
            let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
            PathBuf::from(manifest).join("../../shared/data")
        },
        PathBuf::from,
    );
    println!("cargo:rerun-if-changed={}", dir.display());
    if !dir.is_dir() {
        println!("cargo:rustc-cfg=onepath_no_data");
    }
}
