//! [`NavSettings`]: what a bake is asked for — the agent radius (the erosion, docs/navmesh.md
//! §2), the tile size (§3) and the one area id every polygon carries.

use super::error::NavError;

/// The largest agent radius in cells: `agent_radius / cell_size <= 64` (docs/navmesh.md §2).
///
/// # Examples
///
/// ```
/// use onepath::navmesh::MAX_RADIUS_CELLS;
/// use onepath::NavSettings;
/// // On cells of 0.5 world units, a radius of 32 is 64 cells: the largest allowed.
/// assert!(NavSettings::DEFAULT.with_radius(MAX_RADIUS_CELLS * 0.5).check(0.5).is_ok());
/// assert!(NavSettings::DEFAULT.with_radius(32.5).check(0.5).is_err());
/// ```
pub const MAX_RADIUS_CELLS: f64 = 64.0;

/// The smallest tile side in cells (docs/navmesh.md §3).
///
/// # Examples
///
/// ```
/// use onepath::navmesh::MIN_TILE_SIZE;
/// use onepath::NavSettings;
/// assert!(NavSettings::DEFAULT.with_tile_size(MIN_TILE_SIZE).check(1.0).is_ok());
/// assert!(NavSettings::DEFAULT.with_tile_size(MIN_TILE_SIZE - 1).check(1.0).is_err());
/// ```
pub const MIN_TILE_SIZE: u32 = 4;

/// The largest tile side in cells (docs/navmesh.md §3).
///
/// # Examples
///
/// ```
/// use onepath::navmesh::MAX_TILE_SIZE;
/// use onepath::NavSettings;
/// assert!(NavSettings::DEFAULT.with_tile_size(MAX_TILE_SIZE).check(1.0).is_ok());
/// assert!(NavSettings::DEFAULT.with_tile_size(MAX_TILE_SIZE + 1).check(1.0).is_err());
/// ```
pub const MAX_TILE_SIZE: u32 = 256;

/// How a navigation mesh is baked: the agent radius, the tile size and the polygons' area.
///
/// The spec (grids.md, "Host API", `NavMesh.Build2D(Grid, NavSettings?)`) names the settings;
/// their fields are ours:
///
/// - `agent_radius` is in **world units**, finite, `>= 0`, and at most 64 cells
///   (`agent_radius / cell_size <= 64`). It erodes the walkable cells by the exact rule of
///   docs/navmesh.md §2. Agent size comes from here, never from the grid's clearance.
/// - `tile_size` is the tile side `T` in cells, `4 <= T <= 256` (default 32): the mesh is cut
///   into `T × T` tiles, the unit of re-baking after a grid edit (§3, §5).
/// - `area` is the area id every polygon gets; the grid's own area ids and multipliers are not
///   carried into the mesh (spec, "Host API").
///
/// The fields are checked when a mesh is baked ([`NavMesh::build_2d`](super::NavMesh::build_2d),
/// [`NavMesh::from_walkable`](super::NavMesh::from_walkable)), or ahead of time with
/// [`NavSettings::check`].
///
/// # Examples
///
/// ```
/// use onepath::NavSettings;
/// let s = NavSettings::DEFAULT.with_radius(0.5).with_tile_size(16).with_area(3);
/// assert_eq!((s.agent_radius, s.tile_size, s.area), (0.5, 16, 3));
/// assert_eq!(NavSettings::default(), NavSettings::DEFAULT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NavSettings {
    /// The agent radius in world units (finite, `>= 0`, at most 64 cells).
    pub agent_radius: f64,
    /// The tile side in cells, `4..=256`.
    pub tile_size: u32,
    /// The area id of every polygon.
    pub area: u8,
}

impl Default for NavSettings {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl NavSettings {
    /// Radius 0 (the mesh covers exactly the walkable cells), tiles of 32 × 32 cells, area 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavSettings;
    /// assert_eq!(NavSettings::DEFAULT.tile_size, 32);
    /// assert_eq!(NavSettings::DEFAULT.agent_radius, 0.0);
    /// ```
    pub const DEFAULT: Self = Self {
        agent_radius: 0.0,
        tile_size: 32,
        area: 0,
    };

    /// These settings with the agent radius `r` (world units; checked at bake time).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavSettings;
    /// assert_eq!(NavSettings::DEFAULT.with_radius(1.5).agent_radius, 1.5);
    /// ```
    #[must_use]
    pub const fn with_radius(self, r: f64) -> Self {
        Self {
            agent_radius: r,
            ..self
        }
    }

    /// These settings with the tile side `t` (cells; checked at bake time).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavSettings;
    /// assert_eq!(NavSettings::DEFAULT.with_tile_size(64).tile_size, 64);
    /// ```
    #[must_use]
    pub const fn with_tile_size(self, t: u32) -> Self {
        Self {
            tile_size: t,
            ..self
        }
    }

    /// These settings with the polygons' area id `area`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavSettings;
    /// assert_eq!(NavSettings::DEFAULT.with_area(7).area, 7);
    /// ```
    #[must_use]
    pub const fn with_area(self, area: u8) -> Self {
        Self { area, ..self }
    }

    /// Checks the settings against a cell size and returns the erosion's squared radius in
    /// cells `q = (r / s) · (r / s)` (IEEE double, docs/navmesh.md §2) and its reach `k`, the
    /// smallest integer `>= 0` with `k · k >= q`.
    ///
    /// # Errors
    ///
    /// - [`NavError::InvalidRadius`] unless `agent_radius` is finite, `>= 0` and
    ///   `agent_radius / cell_size <= 64` (checked first);
    /// - [`NavError::InvalidTileSize`] unless `4 <= tile_size <= 256`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{NavError, NavSettings};
    /// assert_eq!(NavSettings::DEFAULT.with_radius(1.5).check(1.0), Ok((2.25, 2)));
    /// assert_eq!(NavSettings::DEFAULT.with_radius(2.0).check(2.0), Ok((1.0, 1)));
    /// assert!(matches!(
    ///     NavSettings::DEFAULT.with_radius(-1.0).check(1.0),
    ///     Err(NavError::InvalidRadius { .. })
    /// ));
    /// assert_eq!(
    ///     NavSettings::DEFAULT.with_tile_size(3).check(1.0),
    ///     Err(NavError::InvalidTileSize { value: 3 })
    /// );
    /// ```
    pub fn check(&self, cell_size: f64) -> Result<(f64, u32), NavError> {
        let r = self.agent_radius;
        let cells = r / cell_size;
        // NaN fails every comparison: `!(… )` keeps it out.
        if !(r.is_finite() && r >= 0.0 && cells.is_finite() && cells <= MAX_RADIUS_CELLS) {
            return Err(NavError::InvalidRadius {
                value: r,
                cell_size,
            });
        }
        if !(MIN_TILE_SIZE..=MAX_TILE_SIZE).contains(&self.tile_size) {
            return Err(NavError::InvalidTileSize {
                value: self.tile_size,
            });
        }
        let q = cells * cells;
        Ok((q, reach(q)))
    }

    /// The settings as stored in a mesh: a radius of `-0.0` becomes `+0.0` (docs/navmesh.md §4
    /// hashes "`+0.0` for either zero").
    pub(crate) fn normalized(self) -> Self {
        let agent_radius = if self.agent_radius == 0.0 {
            0.0
        } else {
            self.agent_radius
        };
        Self {
            agent_radius,
            ..self
        }
    }
}

/// The erosion reach for a squared radius `q` in `0..=4096`: the smallest `k >= 0` with
/// `k · k >= q` (in IEEE double; every `k · k` here is exact).
pub(crate) fn reach(q: f64) -> u32 {
    let mut k = 0u32;
    while f64::from(k * k) < q && k < 64 {
        k += 1;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_is_the_smallest_integer_whose_square_covers_q() {
        assert_eq!(reach(0.0), 0);
        assert_eq!(reach(0.01), 1);
        assert_eq!(reach(1.0), 1);
        assert_eq!(reach(1.0001), 2);
        assert_eq!(reach(4.0), 2);
        assert_eq!(reach(4096.0), 64);
    }

    #[test]
    fn invalid_radii_are_refused_with_the_value() {
        for r in [f64::NAN, f64::INFINITY, -0.5, 64.5] {
            let e = NavSettings::DEFAULT.with_radius(r).check(1.0).unwrap_err();
            assert!(matches!(e, NavError::InvalidRadius { .. }), "{r}");
        }
        // 64 cells is allowed, on any cell size.
        assert_eq!(
            NavSettings::DEFAULT.with_radius(128.0).check(2.0),
            Ok((4096.0, 64))
        );
        assert!(NavSettings::DEFAULT.with_radius(-0.0).check(1.0).is_ok());
    }

    #[test]
    fn tile_sizes_outside_4_to_256_are_refused() {
        for t in [0, 3, 257, u32::MAX] {
            assert_eq!(
                NavSettings::DEFAULT.with_tile_size(t).check(1.0),
                Err(NavError::InvalidTileSize { value: t })
            );
        }
        for t in [4, 5, 256] {
            assert!(NavSettings::DEFAULT.with_tile_size(t).check(1.0).is_ok());
        }
    }

    #[test]
    fn negative_zero_is_stored_as_positive_zero() {
        let s = NavSettings::DEFAULT.with_radius(-0.0).normalized();
        assert_eq!(s.agent_radius.to_bits(), 0);
    }
}
