//! [`NavError`]: why a bake, a refresh or a world conversion was refused.

use crate::error::GridError;
use crate::math::CoordinateError;
use core::fmt;

/// Why a navigation-mesh operation was refused. Every message names the value and the cause.
///
/// # Examples
///
/// ```
/// use onepath::{GridSpace, NavError, NavMesh, NavSettings};
/// let e = NavMesh::from_walkable(2, 2, &[true; 3], GridSpace::UNIT, &NavSettings::DEFAULT)
///     .unwrap_err();
/// assert_eq!(e, NavError::WalkableLength { expected: 4, found: 3 });
/// assert!(e.to_string().contains("3"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum NavError {
    /// The agent radius is NaN, infinite, negative, or more than 64 cells
    /// (`value / cell_size > 64`; docs/navmesh.md §2).
    InvalidRadius {
        /// The rejected radius (world units).
        value: f64,
        /// The cell size it was measured against.
        cell_size: f64,
    },
    /// The tile side is outside `4..=256` (docs/navmesh.md §3).
    InvalidTileSize {
        /// The rejected tile side.
        value: u32,
    },
    /// A walkability array does not have `width * height` entries.
    WalkableLength {
        /// `width * height`.
        expected: u64,
        /// Entries supplied.
        found: u64,
    },
    /// The size or world mapping is refused by the grid's own rules (zero or more than 2^28
    /// cells, an extent beyond the coordinate rule).
    Grid(GridError),
    /// A world point breaks the coordinate rule (finite, |v| <= 2^21).
    Coordinate(CoordinateError),
    /// The mesh does not follow the grid as it is now
    /// ([`NavMesh::current`](super::NavMesh::current)): another revision, size or world
    /// mapping. [`NavMesh::refresh`](super::NavMesh::refresh) brings it up to date.
    GridChanged {
        /// The grid revision the mesh follows (0: none).
        mesh: u64,
        /// The grid's revision.
        grid: u64,
    },
}

impl fmt::Display for NavError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::InvalidRadius { value, cell_size } => write!(
                f,
                "navmesh agent radius {value:?} is invalid on cell size {cell_size:?}: it must be \
                 finite, >= 0 and at most 64 cells (radius / cell size <= 64)"
            ),
            Self::InvalidTileSize { value } => {
                write!(f, "navmesh tile size {value} is outside 4..=256 cells")
            }
            Self::WalkableLength { expected, found } => write!(
                f,
                "walkability array has {found} entries, the grid size needs {expected} (width * height)"
            ),
            Self::Grid(e) => write!(f, "navmesh: {e}"),
            Self::Coordinate(e) => write!(f, "navmesh: {e}"),
            Self::GridChanged { mesh, grid } => write!(
                f,
                "navmesh follows grid revision {mesh}, the grid is at revision {grid} (or has \
                 another size or world mapping): refresh the mesh"
            ),
        }
    }
}

impl core::error::Error for NavError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Grid(e) => Some(e),
            Self::Coordinate(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GridError> for NavError {
    fn from(e: GridError) -> Self {
        Self::Grid(e)
    }
}

impl From<CoordinateError> for NavError {
    fn from(e: CoordinateError) -> Self {
        Self::Coordinate(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn messages_name_the_value_and_the_cause() {
        let e = NavError::InvalidRadius {
            value: 70.5,
            cell_size: 1.0,
        };
        let m = e.to_string();
        assert!(m.contains("70.5") && m.contains("64"), "{m}");
        let m = NavError::InvalidTileSize { value: 300 }.to_string();
        assert!(m.contains("300") && m.contains("4..=256"), "{m}");
        let m = NavError::WalkableLength {
            expected: 12,
            found: 11,
        }
        .to_string();
        assert!(m.contains("12") && m.contains("11"), "{m}");
        let g = GridError::EmptyDimension {
            width: 0,
            height: 5,
        };
        assert!(NavError::from(g).to_string().contains(&g.to_string()));
        let m = NavError::GridChanged { mesh: 7, grid: 9 }.to_string();
        assert!(
            m.contains('7') && m.contains('9') && m.contains("refresh"),
            "{m}"
        );
    }

    #[test]
    fn sources_are_the_wrapped_errors() {
        use core::error::Error;
        let g = GridError::EmptyDimension {
            width: 0,
            height: 1,
        };
        assert!(NavError::Grid(g).source().is_some());
        assert!(NavError::InvalidTileSize { value: 1 }.source().is_none());
    }
}
