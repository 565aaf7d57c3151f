//! Moving AI voxel files (Brewer & Sturtevant, "Benchmarks for Pathfinding in 3D Voxel
//! Space", SoCS 2018): `.3dmap` blocks and `.3dscen` scenario lists.
//!
//! - [`VoxelMap::parse`] reads a `.3dmap`: the header `voxel X Y Z`, then one `x y z` line per
//!   **solid** voxel (every other voxel is open).
//! - [`VoxelScenarios::parse`] reads a `.3dscen`: `version 1`, the map's file name, then one
//!   line `sx sy sz gx gy gz length ratio` per scenario.
//! - [`read_3dmap`] and [`read_3dscen`] read them from a file ([`VoxelLoadError`] names it);
//!   `crate::data::voxel_dir` finds the shared Warframe set.
//!
//! # Robustness contract
//!
//! Both parsers take any bytes and never panic. Fields are separated by runs of spaces or
//! tabs; LF or CRLF line ends; blank lines are skipped after the header. The block size is
//! checked (every side at least 1, at most 2^30 voxels: `onepath::voxel::MAX_VOXELS`) before
//! anything is allocated, and every solid voxel must lie inside it. Lengths must be finite and
//! not negative. Malformed input returns a [`VoxelFormatError`] with the 1-based line number
//! and the text it found (cut to 40 characters).

mod error;
mod files;
mod map3d;
mod scen3d;

pub use error::{VoxelFormatError, VoxelFormatErrorKind};
pub use files::{VoxelLoadError, read_3dmap, read_3dscen};
pub use map3d::VoxelMap;
pub use scen3d::{VoxelScenario, VoxelScenarios};

/// Lines of `input` split at `\n` (one trailing `\r` dropped), numbered from 1.
fn lines(input: &[u8]) -> impl Iterator<Item = (u64, &[u8])> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    let mut n = 0u64;
    body.split(|&b| b == b'\n').filter_map(move |l| {
        n += 1;
        (!input.is_empty()).then(|| (n, l.strip_suffix(b"\r").unwrap_or(l)))
    })
}

/// Fields separated by runs of spaces and tabs.
fn fields(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b == b' ' || b == b'\t')
        .filter(|f| !f.is_empty())
}

/// Whether a line holds only spaces and tabs.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

/// A plain decimal integer (digits only) that fits a `u32`.
fn number(field: &[u8]) -> Option<u32> {
    if field.is_empty() || field.len() > 10 || !field.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut v: u64 = 0;
    for &b in field {
        v = v * 10 + u64::from(b - b'0');
    }
    u32::try_from(v).ok()
}
