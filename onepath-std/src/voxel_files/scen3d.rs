//! [`VoxelScenarios`]: a parsed `.3dscen` file.

use super::error::{VoxelFormatError, VoxelFormatErrorKind};
use super::{fields, is_blank, lines, number};
use crate::movingai::Quoted;

/// One scenario: start, goal, the published length and the length ratio.
///
/// # Examples
///
/// ```
/// use onepath_std::voxel_files::{VoxelMap, VoxelScenarios};
/// let map = VoxelMap::parse("voxel 4 4 4\n").unwrap();
/// let scen = VoxelScenarios::parse("version 1\nopen.3dmap\n0 0 0 3 0 0 3 1\n").unwrap();
/// let s = &scen.scenarios[0];
/// let (a, b) = (onepath::VoxelCell::new(0, 0, 0), onepath::VoxelCell::new(3, 0, 0));
/// assert_eq!((s.start, s.goal, s.line), ((0, 0, 0), (3, 0, 0), 3));
/// assert_eq!(map.to_grid().find_path(a, b, &onepath::VoxelOptions::DEFAULT).cost, s.length);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoxelScenario {
    /// 1-based line in the file.
    pub line: u64,
    /// Start voxel.
    pub start: (u32, u32, u32),
    /// Goal voxel.
    pub goal: (u32, u32, u32),
    /// The published optimal length (26 moves, no corner cutting).
    pub length: f64,
    /// The published ratio of length to the straight-line distance (informative).
    pub ratio: f64,
}

/// A `.3dscen` file: the map's name and the scenarios in file order.
///
/// # Examples
///
/// ```
/// use onepath_std::voxel_files::VoxelScenarios;
/// let s = VoxelScenarios::parse("version 1\nSimple.3dmap\n1 2 3 4 5 6 7.5 1.01\n").unwrap();
/// assert_eq!(s.map, "Simple.3dmap");
/// assert_eq!((s.scenarios[0].start, s.scenarios[0].goal), ((1, 2, 3), (4, 5, 6)));
/// assert_eq!(s.scenarios[0].length, 7.5);
/// let err = VoxelScenarios::parse("version 1\nS.3dmap\n1 2 3 4 5 6 nan 1\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 3: length `nan` is not a finite, non-negative number");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct VoxelScenarios {
    /// The map's file name as written.
    pub map: String,
    /// The scenarios.
    pub scenarios: Vec<VoxelScenario>,
}

fn decimal(line: u64, field: &'static str, text: &[u8]) -> Result<f64, VoxelFormatError> {
    let bad = || {
        VoxelFormatError::new(
            line,
            VoxelFormatErrorKind::InvalidLength {
                field,
                found: Quoted::new(text),
            },
        )
    };
    // Digits, one optional point and an optional exponent only (no `inf`, `nan`, sign).
    if text.is_empty()
        || !text
            .iter()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        || !text[0].is_ascii_digit() && text[0] != b'.'
    {
        return Err(bad());
    }
    let v: f64 = std::str::from_utf8(text)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(bad)?;
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else {
        Err(bad())
    }
}

impl VoxelScenarios {
    /// Parses a `.3dscen` (see the module docs).
    ///
    /// # Errors
    ///
    /// A [`VoxelFormatError`] naming the line: a version other than `version 1`, a missing map
    /// name, a scenario line without 8 fields, coordinates that are not integers, a length or
    /// ratio that is not a finite, non-negative number.
    pub fn parse(input: impl AsRef<[u8]>) -> Result<Self, VoxelFormatError> {
        let mut it = lines(input.as_ref());
        let (line, version) = it.next().ok_or(VoxelFormatError::new(
            1,
            VoxelFormatErrorKind::UnexpectedEnd {
                expected: "version",
            },
        ))?;
        let v: Vec<&[u8]> = fields(version).collect();
        if v != [b"version".as_slice(), b"1".as_slice()] {
            return Err(VoxelFormatError::new(
                line,
                VoxelFormatErrorKind::UnsupportedVersion {
                    found: Quoted::new(version),
                },
            ));
        }
        let map = loop {
            let Some((_, text)) = it.next() else {
                return Err(VoxelFormatError::new(
                    line + 1,
                    VoxelFormatErrorKind::UnexpectedEnd {
                        expected: "map name",
                    },
                ));
            };
            if !is_blank(text) {
                break String::from_utf8_lossy(text).trim().to_string();
            }
        };
        let names = ["sx", "sy", "sz", "gx", "gy", "gz"];
        let mut scenarios = Vec::new();
        for (line, text) in it {
            if is_blank(text) {
                continue;
            }
            let f: Vec<&[u8]> = fields(text).take(9).collect();
            if f.len() != 8 {
                return Err(VoxelFormatError::new(
                    line,
                    VoxelFormatErrorKind::FieldCount {
                        expected: 8,
                        found: fields(text).count() as u32,
                    },
                ));
            }
            let mut c = [0u32; 6];
            for i in 0..6 {
                c[i] = number(f[i]).ok_or(VoxelFormatError::new(
                    line,
                    VoxelFormatErrorKind::InvalidNumber {
                        field: names[i],
                        found: Quoted::new(f[i]),
                    },
                ))?;
            }
            scenarios.push(VoxelScenario {
                line,
                start: (c[0], c[1], c[2]),
                goal: (c[3], c[4], c[5]),
                length: decimal(line, "length", f[6])?,
                ratio: decimal(line, "ratio", f[7])?,
            });
        }
        Ok(Self { map, scenarios })
    }
}
