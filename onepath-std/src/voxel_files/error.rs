//! [`VoxelFormatError`]: what the `.3dmap` and `.3dscen` parsers refuse, with the line.

use std::fmt;

use crate::movingai::Quoted;
use onepath::voxel::VoxelError;

/// A malformed voxel file: the 1-based line and what was wrong there.
///
/// # Examples
///
/// ```
/// use onepath_std::voxel_files::VoxelMap;
/// let e = VoxelMap::parse("voxel 2 2 2\n0 0 x\n").unwrap_err();
/// assert_eq!(e.line, 2);
/// assert!(e.to_string().starts_with("line 2:"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoxelFormatError {
    /// 1-based line number.
    pub line: u64,
    /// What was wrong.
    pub kind: VoxelFormatErrorKind,
}

/// What was wrong with a voxel file; each variant quotes what the file held.
///
/// # Examples
///
/// ```
/// use onepath_std::voxel_files::{VoxelFormatErrorKind, VoxelMap};
/// let e = VoxelMap::parse("cube 2 2 2\n").unwrap_err();
/// assert!(matches!(e.kind, VoxelFormatErrorKind::ExpectedHeader { .. }));
/// let e = VoxelMap::parse("voxel 0 2 2\n").unwrap_err();
/// assert!(matches!(e.kind, VoxelFormatErrorKind::Size(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum VoxelFormatErrorKind {
    /// The file ended before `expected` (the `voxel` header, the `version` line, the map name).
    UnexpectedEnd {
        /// What was still missing.
        expected: &'static str,
    },
    /// The first line of a `.3dmap` is not `voxel X Y Z`.
    ExpectedHeader {
        /// The line as written.
        found: Quoted,
    },
    /// The block size is refused (a zero side, more than 2^30 voxels).
    Size(VoxelError),
    /// A field that must be a decimal integer below 2^32 is not.
    InvalidNumber {
        /// Which field.
        field: &'static str,
        /// The field as written.
        found: Quoted,
    },
    /// A line has the wrong number of fields.
    FieldCount {
        /// Fields expected.
        expected: u32,
        /// Fields found.
        found: u32,
    },
    /// A solid voxel lies outside the block.
    VoxelOutOfBounds {
        /// The voxel.
        voxel: (u32, u32, u32),
        /// The block size.
        size: (u32, u32, u32),
    },
    /// The first line of a `.3dscen` is not `version 1`.
    UnsupportedVersion {
        /// The line as written.
        found: Quoted,
    },
    /// A length or ratio that is not a finite, non-negative decimal number.
    InvalidLength {
        /// Which field (`length` or `ratio`).
        field: &'static str,
        /// The field as written.
        found: Quoted,
    },
}

impl fmt::Display for VoxelFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match self.kind {
            VoxelFormatErrorKind::UnexpectedEnd { expected } => {
                write!(f, "the file ends before the {expected} line")
            }
            VoxelFormatErrorKind::ExpectedHeader { found } => {
                write!(f, "expected `voxel X Y Z`, found `{found}`")
            }
            VoxelFormatErrorKind::Size(e) => e.fmt(f),
            VoxelFormatErrorKind::InvalidNumber { field, found } => {
                write!(f, "{field} `{found}` is not a decimal integer below 2^32")
            }
            VoxelFormatErrorKind::FieldCount { expected, found } => {
                write!(f, "{found} fields, expected {expected}")
            }
            VoxelFormatErrorKind::VoxelOutOfBounds { voxel, size } => write!(
                f,
                "voxel ({}, {}, {}) is outside the block (0..{}, 0..{}, 0..{})",
                voxel.0, voxel.1, voxel.2, size.0, size.1, size.2
            ),
            VoxelFormatErrorKind::UnsupportedVersion { found } => {
                write!(f, "expected `version 1`, found `{found}`")
            }
            VoxelFormatErrorKind::InvalidLength { field, found } => {
                write!(f, "{field} `{found}` is not a finite, non-negative number")
            }
        }
    }
}

impl std::error::Error for VoxelFormatError {}

impl VoxelFormatError {
    pub(super) const fn new(line: u64, kind: VoxelFormatErrorKind) -> Self {
        Self { line, kind }
    }
}
