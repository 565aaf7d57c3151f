//! The bake: [`NavMesh::build_2d`], [`NavMesh::from_walkable`] and the tile re-bake both they
//! and [`NavMesh::refresh`] run (docs/navmesh.md §2–§4).

use super::erosion::{ErodeParams, Scratch, erode_region};
use super::error::NavError;
use super::mesh::{HE_SHIFT, NONE, NavMesh, POLY_SHIFT, Tile, fill_buckets};
use super::rects::{tile_cells, tile_rects};
use super::settings::NavSettings;
use super::stitch::{stitch_links, stitch_vertices};
use crate::grid::cell_store::{WALL, checked_cell_count};
use crate::grid::{Grid, GridSpace};
use alloc::vec;
use alloc::vec::Vec;

impl NavMesh {
    /// Bakes the mesh of a grid (spec: grids.md, "Host API", `NavMesh.Build2D(Grid,
    /// NavSettings?)`): a cell is walkable when its area is not 255; the cell size and origin
    /// are the grid's [`space`](Grid::space); area ids and multipliers are not carried (every
    /// polygon gets `settings.area`), and agent size comes from `settings.agent_radius`, never
    /// from the grid's clearance. Erosion, tiles and polygons follow docs/navmesh.md §2–§3.
    /// The mesh follows the grid's revision ([`NavMesh::refresh`]).
    ///
    /// # Errors
    ///
    /// [`NavError::InvalidRadius`] (checked first), [`NavError::InvalidTileSize`]
    /// ([`NavSettings::check`]).
    ///
    /// # Complexity
    ///
    /// O(cells · (2k + 1)) for the erosion of reach `k` (O(cells) at radius 0) plus
    /// O(cells + vertices) for the rectangles and stitching. Allocates the mesh: 4 bytes per
    /// cell (the per-cell polygon index) and 1 bit (the walkability), about 80 bytes per tile,
    /// 32 per polygon and 20 per vertex — on the largest grid (2^28 cells) at least 1 GiB, so
    /// size huge maps with that in mind.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("
    ///     ......
    ///     ......
    ///     ..#...
    ///     ......
    ///     ......
    /// ").unwrap();
    /// let bare = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(bare.poly_count(), 4);
    /// // An agent of radius 0.5 keeps only cells with a whole free ring around them.
    /// let wide = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_radius(0.5)).unwrap();
    /// assert_eq!(wide.polygon(0).unwrap().rect(), [4, 1, 5, 4]);
    /// assert_eq!(wide.poly_count(), 1);
    /// ```
    pub fn build_2d(grid: &Grid, settings: &NavSettings) -> Result<Self, NavError> {
        let space = grid.space();
        let (q, k) = settings.check(space.cell_size())?;
        let cells = grid.cells();
        let mut walk = vec![0u64; cells.len().div_ceil(64)];
        for (i, &a) in cells.iter().enumerate() {
            walk[i >> 6] |= u64::from(a != WALL) << (i & 63);
        }
        let dims = (grid.width(), grid.height());
        Ok(Self::bake(
            dims,
            space,
            settings,
            (q, k),
            walk,
            grid.revision(),
        ))
    }

    /// Bakes the mesh of a plain walkability array: `walkable[x + y · width]` is cell
    /// `(x, y)`. Byte-equal to [`NavMesh::build_2d`] of a grid with the same walkability and
    /// world mapping (spec: grids.md, "Host API"). The mesh follows no grid (its revision is
    /// 0, so a [`refresh`](NavMesh::refresh) from any grid re-bakes everything).
    ///
    /// # Errors
    ///
    /// In this order: [`NavError::Grid`] for a size the grid refuses (zero, or more than 2^28
    /// cells); [`NavError::WalkableLength`] unless `walkable.len() == width · height`;
    /// [`NavError::Grid`] when the grid's extent leaves the coordinate rule under `space`;
    /// then the settings' errors as in [`NavMesh::build_2d`].
    ///
    /// # Complexity
    ///
    /// As [`NavMesh::build_2d`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridSpace, NavMesh, NavSettings};
    /// let cells = [true, true, false, true];
    /// let a = NavMesh::from_walkable(2, 2, &cells, GridSpace::UNIT, &NavSettings::DEFAULT)
    ///     .unwrap();
    /// let grid = Grid::from_walkable(2, 2, &cells).unwrap();
    /// let b = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(a.content_hash(), b.content_hash());
    /// ```
    pub fn from_walkable(
        width: u32,
        height: u32,
        walkable: &[bool],
        space: GridSpace,
        settings: &NavSettings,
    ) -> Result<Self, NavError> {
        let n = checked_cell_count(width, height)?;
        if walkable.len() != n {
            return Err(NavError::WalkableLength {
                expected: n as u64,
                found: walkable.len() as u64,
            });
        }
        space.check_extent(width, height)?;
        let (q, k) = settings.check(space.cell_size())?;
        let mut walk = vec![0u64; n.div_ceil(64)];
        for (i, &c) in walkable.iter().enumerate() {
            walk[i >> 6] |= u64::from(c) << (i & 63);
        }
        Ok(Self::bake(
            (width, height),
            space,
            settings,
            (q, k),
            walk,
            0,
        ))
    }

    /// A fresh mesh of checked inputs, fully baked.
    pub(crate) fn bake(
        (width, height): (u32, u32),
        space: GridSpace,
        settings: &NavSettings,
        (q, reach): (f64, u32),
        walk: Vec<u64>,
        revision: u64,
    ) -> Self {
        let t = settings.tile_size;
        let tiles_x = width.div_ceil(t);
        let tiles_y = height.div_ceil(t);
        let tiles = (tiles_x as usize) * (tiles_y as usize);
        let mut mesh = Self {
            width,
            height,
            space,
            settings: settings.normalized(),
            q,
            reach,
            tiles_x,
            tiles_y,
            revision,
            walk,
            cell_poly: vec![NONE; width as usize * height as usize],
            tiles: vec![Tile::default(); tiles],
            poly_start: vec![0; tiles + 1],
            he_start: vec![0; tiles + 1],
            tile_count: 0,
            ne_tiles: Vec::new(),
            ne_poly_start: Vec::new(),
            ne_he_start: Vec::new(),
            poly_bucket: Vec::new(),
            he_bucket: Vec::new(),
            poly_loc: Vec::new(),
            scratch: Scratch::default(),
        };
        mesh.rebake_all();
        mesh
    }

    /// Re-bakes every tile from the walkability bits.
    pub(crate) fn rebake_all(&mut self) {
        let params = ErodeParams {
            walk: &self.walk,
            width: self.width,
            height: self.height,
            q: self.q,
            reach: self.reach,
        };
        erode_region(
            &params,
            [0, 0, self.width, self.height],
            &mut self.cell_poly,
            &mut self.scratch.erode,
        );
        let t = self.settings.tile_size;
        for ty in 0..self.tiles_y {
            for tx in 0..self.tiles_x {
                let cells = tile_cells(tx, ty, t, self.width, self.height);
                let i = (tx + ty * self.tiles_x) as usize;
                tile_rects(cells, self.width, &mut self.cell_poly, &mut self.tiles[i]);
            }
        }
        for i in 0..self.tiles.len() {
            stitch_vertices(self, i);
        }
        self.update_prefix();
        for i in 0..self.tiles.len() {
            stitch_links(self, i);
        }
    }

    /// Recomputes the tiles' first polygon and half-edge ids, the tiles with polygons and the
    /// id-to-tile buckets and the polygon locations: O(tiles + polygons + half-edges / 32), no
    /// allocation once the vectors' capacity suffices.
    pub(crate) fn update_prefix(&mut self) {
        let (mut p, mut h) = (0u32, 0u32);
        self.ne_tiles.clear();
        self.ne_poly_start.clear();
        self.ne_he_start.clear();
        for (i, tile) in self.tiles.iter().enumerate() {
            self.poly_start[i] = p;
            self.he_start[i] = h;
            if !tile.polys.is_empty() {
                self.ne_tiles.push(i as u32);
                self.ne_poly_start.push(p);
                self.ne_he_start.push(h);
            }
            // At most 2^28 cells, each polygon at least one cell; vertices stay far below 2^32.
            p = p.saturating_add(tile.polys.len() as u32);
            h = h.saturating_add(tile.verts.len() as u32);
        }
        let last = self.tiles.len();
        self.poly_start[last] = p;
        self.he_start[last] = h;
        self.ne_poly_start.push(p);
        self.ne_he_start.push(h);
        self.tile_count = self.ne_tiles.len() as u32;
        fill_buckets(&mut self.poly_bucket, &self.ne_poly_start, POLY_SHIFT);
        fill_buckets(&mut self.he_bucket, &self.ne_he_start, HE_SHIFT);
        self.poly_loc.clear();
        for (t, tile) in self.tiles.iter().enumerate() {
            for local in 0..tile.polys.len() as u32 {
                let r = tile.slots(local);
                self.poly_loc.push([t as u32, r.start, r.end - r.start]);
            }
        }
    }
}
