//! Target `voxel_map`: [`VoxelMap::parse`] (`.3dmap`) on arbitrary bytes.
//!
//! Properties:
//! - never a panic;
//! - `Ok`: the size passes `checked_voxel_count`, every solid voxel lies inside it, printing
//!   the map back and parsing it gives the same map, and its grid keeps its invariants with
//!   every listed voxel solid (checked for the first 4096);
//! - `Err`: the line is in `1..=lines` (1 for an empty input) and the message is short.

use core::fmt::Write as _;

use onepath::voxel::{VoxelCell, checked_voxel_count};
use onepath_std::voxel_files::VoxelMap;

use crate::lines::line_count;

/// The `voxel_map` body.
pub fn voxel_map(data: &[u8]) {
    let lines = line_count(data).max(1);
    match VoxelMap::parse(data) {
        Ok(map) => {
            let (x, y, z) = map.size;
            assert!(checked_voxel_count(x, y, z).is_ok());
            for &(a, b, c) in &map.solids {
                assert!(a < x && b < y && c < z);
            }
            let mut text = format!("voxel {x} {y} {z}\n");
            for &(a, b, c) in &map.solids {
                let _ = writeln!(text, "{a} {b} {c}");
            }
            assert_eq!(VoxelMap::parse(&text).as_ref(), Ok(&map));
            let grid = map.to_grid();
            assert!(grid.check_invariants());
            for &(a, b, c) in map.solids.iter().take(4096) {
                assert_eq!(
                    grid.area(VoxelCell::new(a as i32, b as i32, c as i32)),
                    Some(255)
                );
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}", e.line);
            assert!(e.to_string().len() < 400);
        }
    }
}
