//! Reading voxel files from disk: [`read_3dmap`] and [`read_3dscen`], the file forms of
//! [`VoxelMap::parse`] and [`VoxelScenarios::parse`] (as `movingai::files::read_map` is for
//! `.map` files), with errors that name the file.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{VoxelFormatError, VoxelMap, VoxelScenarios};

/// Why a voxel file could not be loaded; both variants name the file.
#[derive(Debug)]
#[non_exhaustive]
pub enum VoxelLoadError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file was read but is malformed (line number and text in `error`).
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong, where.
        error: VoxelFormatError,
    },
}

impl fmt::Display for VoxelLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, error } => write!(f, "{}: {error}", path.display()),
            Self::Format { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl core::error::Error for VoxelLoadError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Io { error, .. } => Some(error),
            Self::Format { error, .. } => Some(error),
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, VoxelLoadError> {
    std::fs::read(path).map_err(|error| VoxelLoadError::Io {
        path: path.to_path_buf(),
        error,
    })
}

/// Reads and parses a `.3dmap` file.
///
/// # Errors
///
/// [`VoxelLoadError::Io`] if it cannot be read, [`VoxelLoadError::Format`] if it is malformed.
///
/// # Examples
///
/// ```
/// use onepath_std::voxel_files::{VoxelLoadError, read_3dmap};
///
/// let dir = std::env::temp_dir().join(format!("onepath-doc-3dmap-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let file = dir.join("room.3dmap");
/// std::fs::write(&file, "voxel 4 3 2\n1 1 0\n")?;
/// let grid = read_3dmap(&file)?.to_grid();
/// assert_eq!(grid.size(), (4, 3, 2));
///
/// let missing = read_3dmap(&dir.join("none.3dmap")).unwrap_err();
/// assert!(matches!(missing, VoxelLoadError::Io { .. }));
/// assert!(missing.to_string().contains("none.3dmap"));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_3dmap(path: &Path) -> Result<VoxelMap, VoxelLoadError> {
    VoxelMap::parse(read(path)?).map_err(|error| VoxelLoadError::Format {
        path: path.to_path_buf(),
        error,
    })
}

/// Reads and parses a `.3dscen` file.
///
/// # Errors
///
/// [`VoxelLoadError::Io`] if it cannot be read, [`VoxelLoadError::Format`] if it is malformed.
///
/// # Examples
///
/// ```
/// use onepath_std::voxel_files::{VoxelLoadError, read_3dscen};
///
/// let dir = std::env::temp_dir().join(format!("onepath-doc-3dscen-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let file = dir.join("bad.3dscen");
/// std::fs::write(&file, "version 1\nroom.3dmap\n0 0 0 1 1\n")?;
/// let err = read_3dscen(&file).unwrap_err();
/// assert!(matches!(err, VoxelLoadError::Format { .. }));
/// assert!(err.to_string().starts_with(&file.display().to_string()));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_3dscen(path: &Path) -> Result<VoxelScenarios, VoxelLoadError> {
    VoxelScenarios::parse(read(path)?).map_err(|error| VoxelLoadError::Format {
        path: path.to_path_buf(),
        error,
    })
}
