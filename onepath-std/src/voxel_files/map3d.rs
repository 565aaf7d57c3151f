//! [`VoxelMap`]: a parsed `.3dmap` file.

use onepath::voxel::{VoxelCell, VoxelGrid, checked_voxel_count};

use super::error::{VoxelFormatError, VoxelFormatErrorKind};
use super::{fields, is_blank, lines, number};
use crate::movingai::Quoted;

/// A `.3dmap` file: the block size and its solid voxels in file order.
///
/// # Examples
///
/// ```
/// use onepath_std::voxel_files::VoxelMap;
/// let map = VoxelMap::parse("voxel 4 3 2\n0 0 0\n3 2 1\n").unwrap();
/// assert_eq!(map.size, (4, 3, 2));
/// assert_eq!(map.solids, vec![(0, 0, 0), (3, 2, 1)]);
/// let grid = map.to_grid();
/// assert_eq!(grid.area(onepath::voxel::VoxelCell::new(3, 2, 1)), Some(255));
/// let err = VoxelMap::parse("voxel 4 3 2\n0 0 0\n4 0 0\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 3: voxel (4, 0, 0) is outside the block (0..4, 0..3, 0..2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoxelMap {
    /// Size on x, y, z.
    pub size: (u32, u32, u32),
    /// Solid voxels in file order (duplicates kept).
    pub solids: Vec<(u32, u32, u32)>,
}

/// Three integers from `f` (the fields of one line after any keyword).
fn three(
    line: u64,
    f: &[&[u8]],
    names: [&'static str; 3],
) -> Result<(u32, u32, u32), VoxelFormatError> {
    let mut out = [0u32; 3];
    for i in 0..3 {
        out[i] = number(f[i]).ok_or(VoxelFormatError::new(
            line,
            VoxelFormatErrorKind::InvalidNumber {
                field: names[i],
                found: Quoted::new(f[i]),
            },
        ))?;
    }
    Ok((out[0], out[1], out[2]))
}

fn count_error(line: u64, text: &[u8], expected: u32) -> VoxelFormatError {
    VoxelFormatError::new(
        line,
        VoxelFormatErrorKind::FieldCount {
            expected,
            found: fields(text).count() as u32,
        },
    )
}

impl VoxelMap {
    /// Parses a `.3dmap` (see the module docs for what is accepted).
    ///
    /// # Errors
    ///
    /// A [`VoxelFormatError`] naming the line: a missing or malformed header, a size refused
    /// (checked before any allocation), a line that is not three integers, a voxel outside.
    ///
    /// # Complexity
    ///
    /// O(bytes); the solid list grows with the lines read, never with the declared size.
    pub fn parse(input: impl AsRef<[u8]>) -> Result<Self, VoxelFormatError> {
        let input = input.as_ref();
        let mut it = lines(input);
        let (line, header) = it.next().ok_or(VoxelFormatError::new(
            1,
            VoxelFormatErrorKind::UnexpectedEnd { expected: "voxel" },
        ))?;
        let parts: Vec<&[u8]> = fields(header).take(5).collect();
        if parts.first() != Some(&b"voxel".as_slice()) {
            return Err(VoxelFormatError::new(
                line,
                VoxelFormatErrorKind::ExpectedHeader {
                    found: Quoted::new(header),
                },
            ));
        }
        if parts.len() != 4 {
            return Err(count_error(line, header, 4));
        }
        let size = three(line, &parts[1..], ["size x", "size y", "size z"])?;
        checked_voxel_count(size.0, size.1, size.2)
            .map_err(|e| VoxelFormatError::new(line, VoxelFormatErrorKind::Size(e)))?;
        let mut solids = Vec::new();
        for (line, text) in it {
            if is_blank(text) {
                continue;
            }
            let f: Vec<&[u8]> = fields(text).take(4).collect();
            if f.len() != 3 {
                return Err(count_error(line, text, 3));
            }
            let v = three(line, &f, ["x", "y", "z"])?;
            if v.0 >= size.0 || v.1 >= size.1 || v.2 >= size.2 {
                return Err(VoxelFormatError::new(
                    line,
                    VoxelFormatErrorKind::VoxelOutOfBounds { voxel: v, size },
                ));
            }
            solids.push(v);
        }
        Ok(Self { size, solids })
    }

    /// The grid: open everywhere except the solid voxels, version 0.
    ///
    /// # Complexity
    ///
    /// O(chunks + solid voxels); allocates the 16³ chunks that hold a solid voxel.
    pub fn to_grid(&self) -> VoxelGrid {
        let (x, y, z) = self.size;
        let solids = self
            .solids
            .iter()
            .map(|&(a, b, c)| (VoxelCell::new(a as i32, b as i32, c as i32), 255u8));
        // Cannot fail: the size and every voxel were checked by `parse`.
        VoxelGrid::from_voxels(x, y, z, 0, solids).unwrap_or_else(|_| unreachable_grid())
    }
}

/// Unreachable by construction (a `VoxelMap` holds a checked size); kept panic-free anyway.
fn unreachable_grid() -> VoxelGrid {
    VoxelGrid::new(1, 1, 1).unwrap_or_else(|_| unreachable!("1 x 1 x 1 is a valid size"))
}
