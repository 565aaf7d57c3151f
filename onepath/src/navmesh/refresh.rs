//! Following the grid's edit journal (docs/navmesh.md §5): [`NavMesh::refresh`] re-bakes only
//! the tiles an edit reaches (the erosion reach included) and re-stitches them and their four
//! side neighbours.
//!
//! # Why the result equals a fresh bake
//!
//! A cell's kept status depends only on cells within Chebyshev distance `k`, so only tiles
//! meeting an edited rectangle grown by `k` can change their rectangles. A polygon's vertex
//! list depends only on the rectangles across its sides, which lie in its own tile or a side
//! neighbour, so re-stitching the re-baked tiles and their side neighbours rebuilds every
//! vertex list that can change. Links are written on both sides
//! ([`stitch_links`](super::stitch)), which repairs the links that polygons two tiles away
//! hold into a re-stitched neighbour whose vertex slots moved. Global ids are a prefix over
//! the tiles, recomputed in O(tiles).

use super::erosion::{ErodeParams, erode_region, walkable};
use super::error::NavError;
use super::mesh::NavMesh;
use super::rects::{tile_cells, tile_rects};
use super::stitch::{stitch_links, stitch_vertices};
use crate::grid::cell_store::WALL;
use crate::grid::{EditsSince, Grid, GridEdit, GridRect};

impl NavMesh {
    /// Brings the mesh up to date with `grid` and returns the number of tiles re-baked.
    ///
    /// Reads `grid.edits_since(self.revision())`: a cell edit of rectangle `R` re-bakes the
    /// tiles that meet `R` grown by the erosion reach `k`, then rebuilds the T-vertices and
    /// links of those tiles and their four side neighbours; [`GridEdit::AreaCosts`] changes
    /// nothing (multipliers are not carried); [`GridEdit::Everything`], a journal that cannot
    /// answer, or another grid's size or world mapping re-bakes everything (with the grid's
    /// size and mapping and this mesh's settings). The result is byte-equal to
    /// [`NavMesh::build_2d`] of the edited grid (docs/navmesh.md §4–§5).
    ///
    /// # Errors
    ///
    /// [`NavError::InvalidRadius`] when the grid's world mapping changed and this mesh's
    /// agent radius is more than 64 of its cells; the mesh is then unchanged.
    ///
    /// # Complexity
    ///
    /// O(tiles) plus, per re-baked tile, O((T + 2k)² + T² · (2k + 1)) and the stitching of it
    /// and its neighbours. A full re-bake costs what [`NavMesh::build_2d`] costs.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let mut grid = Grid::new(64, 64).unwrap();
    /// let s = NavSettings::DEFAULT.with_tile_size(16);
    /// let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
    /// grid.set_rect(20, 20, 3, 3, 255).unwrap(); // inside tile (1, 1)
    /// assert!(!mesh.is_current(&grid));
    /// assert_eq!(mesh.refresh(&grid), Ok(1));
    /// assert!(mesh.is_current(&grid));
    /// let fresh = NavMesh::build_2d(&grid, &s).unwrap();
    /// assert_eq!(mesh.content_hash(), fresh.content_hash());
    /// ```
    pub fn refresh(&mut self, grid: &Grid) -> Result<u32, NavError> {
        let same_frame = grid.width() == self.width
            && grid.height() == self.height
            && grid.space() == self.space;
        if !same_frame {
            let fresh = Self::build_2d(grid, &self.settings)?;
            let n = fresh.tiles.len() as u32;
            *self = fresh;
            return Ok(n);
        }
        let edits = match grid.edits_since(self.revision) {
            EditsSince::Rebuild => None,
            EditsSince::Edits(e) => {
                let everything = e.clone().any(|e| e == GridEdit::Everything);
                (!everything).then_some(e)
            }
        };
        let Some(edits) = edits else {
            self.copy_walk(
                grid,
                GridRect {
                    x: 0,
                    y: 0,
                    width: self.width,
                    height: self.height,
                },
            );
            self.rebake_all();
            self.revision = grid.revision();
            return Ok(self.tiles.len() as u32);
        };
        self.scratch.mark.clear();
        self.scratch.mark.resize(self.tiles.len(), 0);
        self.scratch.rebake.clear();
        self.scratch.restitch.clear();
        for e in edits {
            if let GridEdit::Cells(r) = e {
                self.copy_walk(grid, r);
                self.mark_rect(r);
            }
        }
        let n = self.rebake_marked();
        self.revision = grid.revision();
        Ok(n)
    }

    /// Whether the mesh follows `grid` at its current revision (same size, same world
    /// mapping, no edit since the last bake or refresh).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, NavMesh, NavSettings};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert!(mesh.is_current(&grid));
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap();
    /// assert!(!mesh.is_current(&grid));
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.revision == grid.revision()
            && grid.width() == self.width
            && grid.height() == self.height
            && grid.space() == self.space
    }

    /// The mesh when it follows `grid` as it is now ([`is_current`](NavMesh::is_current)),
    /// for reads that must not see an old mesh: `mesh.current(&grid)?.locate(p)`
    /// (ARCHITECTURE.md, "Stale reads").
    ///
    /// # Errors
    ///
    /// [`NavError::GridChanged`] naming both revisions when the mesh does not follow `grid`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, NavError, NavMesh, NavSettings};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let mut mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert!(mesh.current(&grid).is_ok());
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap();
    /// assert!(matches!(mesh.current(&grid), Err(NavError::GridChanged { .. })));
    /// mesh.refresh(&grid).unwrap();
    /// assert_eq!(mesh.current(&grid).unwrap().poly_count(), mesh.poly_count());
    /// ```
    pub fn current(&self, grid: &Grid) -> Result<&Self, NavError> {
        if self.is_current(grid) {
            Ok(self)
        } else {
            Err(NavError::GridChanged {
                mesh: self.revision,
                grid: grid.revision(),
            })
        }
    }

    /// Copies the walkability of the cells of `r` from `grid` into the mesh's bits.
    fn copy_walk(&mut self, grid: &Grid, r: GridRect) {
        let cells = grid.cells();
        let w = self.width as usize;
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                let i = y as usize * w + x as usize;
                let bit = 1u64 << (i & 63);
                if cells[i] == WALL {
                    self.walk[i >> 6] &= !bit;
                } else {
                    self.walk[i >> 6] |= bit;
                }
                debug_assert_eq!(walkable(&self.walk, i), cells[i] != WALL);
            }
        }
    }

    /// Marks for re-baking every tile meeting `r` grown by the reach.
    fn mark_rect(&mut self, r: GridRect) {
        let k = self.reach;
        let t = self.settings.tile_size;
        let x0 = r.x.saturating_sub(k) / t;
        let y0 = r.y.saturating_sub(k) / t;
        let x1 = (r.right().saturating_add(k).min(self.width) - 1) / t;
        let y1 = (r.bottom().saturating_add(k).min(self.height) - 1) / t;
        for ty in y0..=y1 {
            for tx in x0..=x1 {
                let i = (tx + ty * self.tiles_x) as usize;
                if self.scratch.mark[i] != 1 {
                    self.scratch.mark[i] = 1;
                    self.scratch.rebake.push(i as u32);
                }
            }
        }
    }

    /// Re-bakes the marked tiles, re-stitches them and their side neighbours; returns the
    /// number of tiles re-baked. Leaves the marks cleared.
    fn rebake_marked(&mut self) -> u32 {
        let t = self.settings.tile_size;
        let params = ErodeParams {
            walk: &self.walk,
            width: self.width,
            height: self.height,
            q: self.q,
            reach: self.reach,
        };
        for &i in &self.scratch.rebake {
            let cells = tile_cells(
                i % self.tiles_x,
                i / self.tiles_x,
                t,
                self.width,
                self.height,
            );
            erode_region(&params, cells, &mut self.cell_poly, &mut self.scratch.erode);
            tile_rects(
                cells,
                self.width,
                &mut self.cell_poly,
                &mut self.tiles[i as usize],
            );
        }
        for j in 0..self.scratch.rebake.len() {
            let i = self.scratch.rebake[j];
            let (tx, ty) = (i % self.tiles_x, i / self.tiles_x);
            self.scratch.restitch.push(i);
            let near = [
                (tx > 0).then(|| i - 1),
                (tx + 1 < self.tiles_x).then_some(i + 1),
                (ty > 0).then(|| i - self.tiles_x),
                (ty + 1 < self.tiles_y).then_some(i + self.tiles_x),
            ];
            for n in near.into_iter().flatten() {
                if self.scratch.mark[n as usize] == 0 {
                    self.scratch.mark[n as usize] = 2;
                    self.scratch.restitch.push(n);
                }
            }
        }
        for j in 0..self.scratch.restitch.len() {
            stitch_vertices(self, self.scratch.restitch[j] as usize);
        }
        self.update_prefix();
        for j in 0..self.scratch.restitch.len() {
            stitch_links(self, self.scratch.restitch[j] as usize);
        }
        for j in 0..self.scratch.restitch.len() {
            let i = self.scratch.restitch[j] as usize;
            self.scratch.mark[i] = 0;
        }
        self.scratch.rebake.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use crate::Grid;
    use crate::math::SplitMix64;
    use crate::navmesh::{NavMesh, NavSettings};

    /// The polygon locations a refresh keeps equal a fresh bake's, on random edit sequences:
    /// the searches read polygons through them.
    #[test]
    fn polygon_locations_after_refresh_equal_a_fresh_bakes() {
        let mut rng = SplitMix64::new(29);
        for case in 0..60 {
            let (w, h) = (8 + rng.below(40), 8 + rng.below(40));
            let mut grid = Grid::new(w, h).unwrap();
            for _ in 0..(w * h / 4) {
                let (x, y) = (rng.below(w) as i32, rng.below(h) as i32);
                grid.set_rect(x, y, 1, 1, 255).unwrap();
            }
            let settings = NavSettings::DEFAULT.with_tile_size(4 + 4 * (case % 3));
            let mut mesh = NavMesh::build_2d(&grid, &settings).unwrap();
            for _ in 0..12 {
                let (x, y) = (rng.below(w) as i32, rng.below(h) as i32);
                let (rw, rh) = (1 + rng.below(4), 1 + rng.below(4));
                let area = if rng.below(2) == 0 { 255 } else { 1 };
                let _ = grid.set_rect(x, y, rw, rh, area);
                mesh.refresh(&grid).unwrap();
                let fresh = NavMesh::build_2d(&grid, &settings).unwrap();
                assert_eq!(mesh.poly_loc, fresh.poly_loc, "case {case}");
                assert_eq!(mesh.content_hash(), fresh.content_hash(), "case {case}");
            }
        }
    }
}
