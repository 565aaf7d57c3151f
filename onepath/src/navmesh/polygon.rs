//! [`NavPolygon`]: the read view of one polygon of a [`NavMesh`] (docs/navmesh.md §3).

use super::mesh::{NONE, NavMesh};

impl NavMesh {
    /// The polygon with global id `id`, or `None` when `id >= poly_count()`.
    ///
    /// # Complexity
    ///
    /// O(1) on the average: a bucket of 8 ids names the tile to start from, then at most the
    /// tiles that begin inside the bucket are stepped over.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// let p = mesh.polygon(0).unwrap();
    /// assert_eq!(p.vertices(), &[[0, 0], [2, 0], [2, 1], [1, 1], [0, 1]]);
    /// assert_eq!(p.link(3), Some((1, 0))); // across (1,1)-(0,1): edge 0 of the cell (0, 1)
    /// assert_eq!(p.link(0), None);
    /// assert!(mesh.polygon(2).is_none());
    /// ```
    pub fn polygon(&self, id: u32) -> Option<NavPolygon<'_>> {
        let (tile, local) = self.poly_tile(id)?;
        Some(NavPolygon {
            mesh: self,
            id,
            tile,
            local,
        })
    }
}

/// A read view of one polygon of a [`NavMesh`].
///
/// # Examples
///
/// ```
/// use onepath::{Grid, NavMesh, NavSettings};
/// let mesh = NavMesh::build_2d(&Grid::new(3, 2).unwrap(), &NavSettings::DEFAULT).unwrap();
/// let p = mesh.polygon(0).unwrap();
/// assert_eq!((p.id(), p.tile(), p.rect(), p.area()), (0, 0, [0, 0, 3, 2], 0));
/// assert_eq!(p.vertices().len(), 4);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NavPolygon<'a> {
    mesh: &'a NavMesh,
    id: u32,
    tile: u32,
    local: u32,
}

impl<'a> NavPolygon<'a> {
    /// The global polygon id.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_area(5)).unwrap();
    /// assert_eq!(mesh.polygon(1).unwrap().id(), 1);
    /// ```
    pub fn id(&self) -> u32 {
        self.id
    }

    /// The row-major index of the polygon's tile (`tx + ty · tiles_x`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_area(5)).unwrap();
    /// assert_eq!(mesh.polygon(1).unwrap().tile(), 0);
    /// ```
    pub fn tile(&self) -> u32 {
        self.tile
    }

    /// The area id ([`NavSettings::area`](super::NavSettings::area), the same on every
    /// polygon).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_area(5)).unwrap();
    /// assert_eq!(mesh.polygon(1).unwrap().area(), 5);
    /// ```
    pub fn area(&self) -> u8 {
        self.mesh.settings.area
    }

    /// The rectangle `[x0, y0, x1, y1]` in cell corners: the polygon covers the cells
    /// `x0 <= x < x1`, `y0 <= y < y1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_area(5)).unwrap();
    /// assert_eq!(mesh.polygon(0).unwrap().rect(), [0, 0, 2, 1]);
    /// assert_eq!(mesh.polygon(1).unwrap().rect(), [0, 1, 1, 2]);
    /// ```
    pub fn rect(&self) -> [i32; 4] {
        self.mesh.tiles[self.tile as usize].polys[self.local as usize].rect
    }

    /// The vertices `[i, j]` (cell corners) counter-clockwise from `(x0, y0)`, T-vertices
    /// included (docs/navmesh.md §3). Edge `k` runs from vertex `k` to vertex `k + 1` (the
    /// last to the first).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_area(5)).unwrap();
    /// // The top row gains the T-vertex (1, 1), the corner of the cell below it.
    /// assert_eq!(mesh.polygon(0).unwrap().vertices(), &[[0, 0], [2, 0], [2, 1], [1, 1], [0, 1]]);
    /// ```
    pub fn vertices(&self) -> &'a [[i32; 2]] {
        let tile = &self.mesh.tiles[self.tile as usize];
        let r = tile.slots(self.local);
        &tile.verts[r.start as usize..r.end as usize]
    }

    /// The polygon across edge `edge` and that polygon's edge index, `None` for a boundary
    /// edge or an edge index beyond the vertex count.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_area(5)).unwrap();
    /// let top = mesh.polygon(0).unwrap();
    /// assert_eq!(top.link(3), Some((1, 0)));
    /// assert_eq!(mesh.polygon(1).unwrap().link(0), Some((0, 3)));
    /// assert_eq!((top.link(0), top.link(9)), (None, None));
    /// ```
    pub fn link(&self, edge: u32) -> Option<(u32, u32)> {
        let tile = &self.mesh.tiles[self.tile as usize];
        let r = tile.slots(self.local);
        let slot = r.start.checked_add(edge).filter(|&s| s < r.end)?;
        let l = tile.links[slot as usize];
        if l.tile == NONE {
            return None;
        }
        let other = &self.mesh.tiles[l.tile as usize];
        let q = other.links[l.slot as usize].poly;
        let qstart = other.polys[q as usize].vstart;
        Some((self.mesh.global_poly(l.tile, q), l.slot - qstart))
    }
}
