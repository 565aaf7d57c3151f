//! Target `voxel_scen`: [`VoxelScenarios::parse`] (`.3dscen`) on arbitrary bytes.
//!
//! Properties:
//! - never a panic;
//! - `Ok`: scenario lines strictly increase from line 3 on and lie in the input; lengths and
//!   ratios are finite and not negative; printing the scenarios back (lengths with Rust's
//!   shortest round-trip form) and parsing them gives the same scenarios, bit for bit;
//! - `Err`: the line is in `1..=lines + 1` (a missing line is reported after the last) and the
//!   message is short.

use core::fmt::Write as _;

use onepath_std::voxel_files::VoxelScenarios;

use crate::lines::line_count;

/// The `voxel_scen` body.
pub fn voxel_scen(data: &[u8]) {
    let lines = line_count(data);
    match VoxelScenarios::parse(data) {
        Ok(scen) => {
            let mut previous = 2;
            for s in &scen.scenarios {
                assert!(s.line > previous && s.line <= lines, "line {}", s.line);
                previous = s.line;
                assert!(s.length.is_finite() && s.length >= 0.0);
                assert!(s.ratio.is_finite() && s.ratio >= 0.0);
            }
            let name = if scen.map.is_empty() { "m" } else { &scen.map };
            if scen
                .map
                .chars()
                .all(|c| !c.is_whitespace() && c != '\u{FFFD}')
                && !scen.map.is_empty()
            {
                let mut text = format!("version 1\n{name}\n");
                for s in &scen.scenarios {
                    let _ = writeln!(
                        text,
                        "{} {} {} {} {} {} {:?} {:?}",
                        s.start.0,
                        s.start.1,
                        s.start.2,
                        s.goal.0,
                        s.goal.1,
                        s.goal.2,
                        s.length,
                        s.ratio
                    );
                }
                let again = VoxelScenarios::parse(&text).expect("printed scenarios parse");
                assert_eq!(again.map, scen.map);
                assert_eq!(again.scenarios.len(), scen.scenarios.len());
                for (a, b) in again.scenarios.iter().zip(&scen.scenarios) {
                    assert_eq!((a.start, a.goal), (b.start, b.goal));
                    assert_eq!(a.length.to_bits(), b.length.to_bits());
                    assert_eq!(a.ratio.to_bits(), b.ratio.to_bits());
                }
            }
        }
        Err(e) => {
            assert!(
                e.line >= 1 && e.line <= lines + 1,
                "line {} of {lines}",
                e.line
            );
            assert!(e.to_string().len() < 400);
        }
    }
}
