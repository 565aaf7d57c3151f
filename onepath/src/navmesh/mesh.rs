//! [`NavMesh`]: the baked mesh — per-tile polygons, vertices and links, the per-cell polygon
//! index — and its read API (docs/navmesh.md §3).
//!
//! # Layout
//!
//! Polygons live in their tile ([`Tile`]): a tile keeps its rectangles, the vertex lists of its
//! polygons back to back (a polygon's half-edge `k` is its vertex slot `k`, from vertex `k` to
//! `k + 1`), and per slot the twin as (tile, slot). Global ids are a prefix over the tiles
//! (`poly_start`, `he_start`), so an edit that re-bakes a few tiles renumbers the later tiles'
//! polygons by updating one prefix array, never the polygons themselves.
//!
//! # Invariants
//!
//! - `cell_poly[c]` is the tile-local id of the polygon covering kept cell `c`, `NONE` for a
//!   cell that is not kept; the tile is the cell's own.
//! - Every polygon is a rectangle of kept cells inside its tile with the vertex list of §3;
//!   links are symmetric: `twin(twin(h)) == h`.
//! - `poly_start` and `he_start` have `tiles + 1` entries, non-decreasing, the last being
//!   the totals.

use super::settings::NavSettings;
use crate::grid::GridSpace;
use alloc::vec::Vec;

pub(crate) use super::erosion::NONE;

/// Polygon ids per lookup bucket: `2^POLY_SHIFT`.
pub(crate) const POLY_SHIFT: u32 = 3;
/// Half-edge ids per lookup bucket: `2^HE_SHIFT`.
pub(crate) const HE_SHIFT: u32 = 5;

/// The rank of the non-empty tile holding global id `id` (below the total, the last entry of
/// `starts`): the bucket's first tile, then forward past the tiles that end at or before `id`.
#[inline]
fn bucket_rank(buckets: &[u32], starts: &[u32], id: u32, shift: u32) -> usize {
    let mut t = buckets[(id >> shift) as usize] as usize;
    while starts[t + 1] <= id {
        t += 1;
    }
    t
}

/// Rebuilds `buckets` for the prefix `starts` (tiles + 1 entries, the last the total).
pub(crate) fn fill_buckets(buckets: &mut Vec<u32>, starts: &[u32], shift: u32) {
    let total = starts[starts.len() - 1];
    buckets.clear();
    let mut t = 0usize;
    for b in 0..total.div_ceil(1 << shift) {
        let id = b << shift;
        while starts[t + 1] <= id {
            t += 1;
        }
        buckets.push(t as u32);
    }
}

/// One polygon's record inside its tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PolyRec {
    /// The rectangle `(x0, y0, x1, y1)` in cell corners.
    pub rect: [i32; 4],
    /// The first vertex slot of the polygon in its tile.
    pub vstart: u32,
    /// The local indices of the corners `(x1, y0)`, `(x1, y1)`, `(x0, y1)` in the vertex list
    /// (corner `(x0, y0)` is index 0).
    pub corners: [u32; 3],
}

/// One half-edge's link: the twin's tile and slot, or `NONE` for a boundary edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    /// The polygon owning the slot (tile-local).
    pub poly: u32,
    /// The twin's tile, `NONE` for a boundary edge.
    pub tile: u32,
    /// The twin's slot in its tile.
    pub slot: u32,
}

/// The polygons of one tile, in the order their rectangles start (docs/navmesh.md §3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tile {
    pub polys: Vec<PolyRec>,
    pub verts: Vec<[i32; 2]>,
    pub links: Vec<Link>,
}

impl Tile {
    /// The slot range of local polygon `p`.
    #[inline]
    pub(crate) fn slots(&self, p: u32) -> core::ops::Range<u32> {
        let start = self.polys[p as usize].vstart;
        let end = self
            .polys
            .get(p as usize + 1)
            .map_or(self.verts.len() as u32, |n| n.vstart);
        start..end
    }
}

/// A navigation mesh baked from a square grid (spec: grids.md, "Host API",
/// `NavMesh.Build2D`): convex polygons with integer vertices on cell corners, cut into tiles,
/// in a canonical order so its bytes and [`content_hash`](NavMesh::content_hash) depend on the
/// walkability, the world mapping and the settings alone. The contract is `docs/navmesh.md`.
///
/// Build it with [`NavMesh::build_2d`] or [`NavMesh::from_walkable`]; follow grid edits with
/// [`NavMesh::refresh`]; read it with [`NavMesh::polygon`]; locate points with
/// [`NavMesh::locate`] and [`NavMesh::nearest`].
///
/// # Examples
///
/// ```
/// use onepath::{Grid, NavMesh, NavSettings};
/// let grid = Grid::from_text("
///     ....
///     .##.
///     ....
/// ").unwrap();
/// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
/// // Rows are visited top to bottom: the top row, the two side columns (down to the last
/// // row), the middle of the last row.
/// assert_eq!(mesh.poly_count(), 4);
/// assert_eq!(mesh.polygon(0).unwrap().rect(), [0, 0, 4, 1]);
/// assert_eq!(mesh.tile_count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct NavMesh {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) space: GridSpace,
    pub(crate) settings: NavSettings,
    /// `(r / s)²` and the erosion reach `k` (docs/navmesh.md §2).
    pub(crate) q: f64,
    pub(crate) reach: u32,
    pub(crate) tiles_x: u32,
    pub(crate) tiles_y: u32,
    pub(crate) revision: u64,
    /// Walkability bits, row-major, bit `i % 64` of word `i / 64`.
    pub(crate) walk: Vec<u64>,
    pub(crate) cell_poly: Vec<u32>,
    pub(crate) tiles: Vec<Tile>,
    pub(crate) poly_start: Vec<u32>,
    pub(crate) he_start: Vec<u32>,
    pub(crate) tile_count: u32,
    /// The tiles that have polygons, in order, and their first polygon and half-edge ids
    /// (one more entry: the totals).
    pub(crate) ne_tiles: Vec<u32>,
    pub(crate) ne_poly_start: Vec<u32>,
    pub(crate) ne_he_start: Vec<u32>,
    /// Per bucket of `2^POLY_SHIFT` polygon ids (`2^HE_SHIFT` half-edge ids), the rank in
    /// `ne_tiles` of the tile holding the bucket's first id. A lookup steps over at most the
    /// tiles that begin inside the bucket (every such tile holds an id of it): at most 8.
    pub(crate) poly_bucket: Vec<u32>,
    pub(crate) he_bucket: Vec<u32>,
    /// Per global polygon: its tile, first slot there and edge count, so the searches' inner
    /// loops resolve a polygon with one load ([`NavMesh::edges_of`]). Rebuilt with the
    /// prefixes, O(polygons).
    pub(crate) poly_loc: Vec<[u32; 3]>,
    /// Reused working memory of the bake (erosion columns, tile marks).
    pub(crate) scratch: super::erosion::Scratch,
}

impl NavMesh {
    /// Grid width in cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let mesh = NavMesh::build_2d(&Grid::new(5, 3).unwrap(), &NavSettings::DEFAULT).unwrap();
    /// assert_eq!((mesh.width(), mesh.height()), (5, 3));
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Grid height in cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let mesh = NavMesh::build_2d(&Grid::new(5, 3).unwrap(), &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(mesh.height(), 3);
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The world mapping (origin, cell size) the mesh was baked with.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, GridSpace, NavMesh, NavSettings};
    /// let space = GridSpace::new(1.0, 2.0, 0.5).unwrap();
    /// let grid = Grid::new(4, 4).unwrap().with_space(space).unwrap();
    /// assert_eq!(NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap().space(), space);
    /// ```
    pub fn space(&self) -> GridSpace {
        self.space
    }

    /// The settings the mesh was baked with (a radius of `-0.0` reads back as `+0.0`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let s = NavSettings::DEFAULT.with_tile_size(8).with_area(2);
    /// let mesh = NavMesh::build_2d(&Grid::new(4, 4).unwrap(), &s).unwrap();
    /// assert_eq!(mesh.settings(), s);
    /// ```
    pub fn settings(&self) -> NavSettings {
        self.settings
    }

    /// Tiles per row: `ceil(width / T)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let s = NavSettings::DEFAULT.with_tile_size(4);
    /// let mesh = NavMesh::build_2d(&Grid::new(9, 4).unwrap(), &s).unwrap();
    /// assert_eq!((mesh.tiles_x(), mesh.tiles_y()), (3, 1));
    /// ```
    pub fn tiles_x(&self) -> u32 {
        self.tiles_x
    }

    /// Tiles per column: `ceil(height / T)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let s = NavSettings::DEFAULT.with_tile_size(4);
    /// assert_eq!(NavMesh::build_2d(&Grid::new(4, 5).unwrap(), &s).unwrap().tiles_y(), 2);
    /// ```
    pub fn tiles_y(&self) -> u32 {
        self.tiles_y
    }

    /// The number of tiles that have polygons (0 for a grid without kept cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let walls = Grid::from_text("##\n##").unwrap();
    /// assert_eq!(NavMesh::build_2d(&walls, &NavSettings::DEFAULT).unwrap().tile_count(), 0);
    /// ```
    pub fn tile_count(&self) -> u32 {
        self.tile_count
    }

    /// The number of polygons.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// assert_eq!(NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap().poly_count(), 2);
    /// ```
    pub fn poly_count(&self) -> u32 {
        *self.poly_start.last().unwrap_or(&0)
    }

    /// The number of half-edges (vertex slots) of all polygons: the range of half-edge ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// // (0,0)-(2,1) gains the T-vertex (1, 1) from the cell below it: 5 + 4 slots.
    /// assert_eq!(mesh.half_edge_count(), 9);
    /// ```
    pub fn half_edge_count(&self) -> u32 {
        *self.he_start.last().unwrap_or(&0)
    }

    /// The grid revision the mesh follows ([`Grid::revision`](crate::Grid::revision) at the
    /// last bake or refresh; 0 for a mesh baked from a plain array, which no grid has).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(mesh.revision(), grid.revision());
    /// ```
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The tile holding global polygon `id` and its local index (`None` beyond the count).
    #[inline]
    pub(crate) fn poly_tile(&self, id: u32) -> Option<(u32, u32)> {
        if id >= self.poly_count() {
            return None;
        }
        let r = bucket_rank(&self.poly_bucket, &self.ne_poly_start, id, POLY_SHIFT);
        Some((self.ne_tiles[r], id - self.ne_poly_start[r]))
    }

    /// The tile holding half-edge `he` and its slot there. `he` must be below the count.
    #[inline]
    #[allow(dead_code)] // the corridor search's read path (issue 29, nav-query)
    fn he_tile(&self, he: u32) -> (usize, usize) {
        let r = bucket_rank(&self.he_bucket, &self.ne_he_start, he, HE_SHIFT);
        (
            self.ne_tiles[r] as usize,
            (he - self.ne_he_start[r]) as usize,
        )
    }

    /// The global polygon id of tile-local polygon `local` of tile `tile`.
    #[inline]
    pub(crate) fn global_poly(&self, tile: u32, local: u32) -> u32 {
        self.poly_start[tile as usize] + local
    }

    /// The half-edges of polygon `p`: `start..end`, edge `k` of `p` being `start + k`.
    /// Empty for an id beyond the count.
    #[allow(dead_code)] // the corridor search's read path (issue 29, nav-query)
    pub(crate) fn poly_edges(&self, p: u32) -> core::ops::Range<u32> {
        let Some((t, local)) = self.poly_tile(p) else {
            return 0..0;
        };
        let base = self.he_start[t as usize];
        let r = self.tiles[t as usize].slots(local);
        base + r.start..base + r.end
    }

    /// The first vertex of half-edge `he` (`he < half_edge_count()`).
    #[allow(dead_code)] // the corridor search's read path (issue 29, nav-query)
    pub(crate) fn edge_start(&self, he: u32) -> [i32; 2] {
        let (t, s) = self.he_tile(he);
        self.tiles[t].verts[s]
    }

    /// The second vertex of half-edge `he` (`he < half_edge_count()`).
    #[allow(dead_code)] // the corridor search's read path (issue 29, nav-query)
    pub(crate) fn edge_end(&self, he: u32) -> [i32; 2] {
        let (t, s) = self.he_tile(he);
        let tile = &self.tiles[t];
        let r = tile.slots(tile.links[s].poly);
        let next = if s as u32 + 1 == r.end {
            r.start
        } else {
            s as u32 + 1
        };
        tile.verts[next as usize]
    }

    /// The half-edge on the other side of `he`, `u32::MAX` for a boundary edge.
    #[allow(dead_code)] // the corridor search's read path (issue 29, nav-query)
    pub(crate) fn twin(&self, he: u32) -> u32 {
        let (t, s) = self.he_tile(he);
        let l = self.tiles[t].links[s];
        if l.tile == NONE {
            NONE
        } else {
            self.he_start[l.tile as usize] + l.slot
        }
    }

    /// The global polygon owning half-edge `he`.
    #[allow(dead_code)] // the corridor search's read path (issue 29, nav-query)
    pub(crate) fn edge_poly(&self, he: u32) -> u32 {
        let (t, s) = self.he_tile(he);
        self.poly_start[t] + self.tiles[t].links[s].poly
    }
}

/// Polygon `poly`'s half-edges resolved to their tile once: the searches' inner loops read
/// vertices and links by slot instead of looking each global id up again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PolyEdges<'a> {
    mesh: &'a NavMesh,
    tile: &'a Tile,
    /// The polygon's first slot in its tile.
    slot0: u32,
    /// The global id of the polygon's edge 0 (edge `k` is `first + k`).
    pub(crate) first: u32,
    /// The number of edges (and vertices).
    pub(crate) count: u32,
}

impl PolyEdges<'_> {
    /// The first vertex of edge `k` (`k < count`).
    #[inline]
    pub(crate) fn start(&self, k: u32) -> [i32; 2] {
        self.tile.verts[(self.slot0 + k) as usize]
    }

    /// The second vertex of edge `k` (`k < count`).
    #[inline]
    pub(crate) fn end(&self, k: u32) -> [i32; 2] {
        let next = if k + 1 == self.count { 0 } else { k + 1 };
        self.tile.verts[(self.slot0 + next) as usize]
    }

    /// The global id of the half-edge across edge `k`, `NONE` at a boundary edge.
    #[inline]
    pub(crate) fn twin(&self, k: u32) -> u32 {
        let l = self.tile.links[(self.slot0 + k) as usize];
        if l.tile == NONE {
            NONE
        } else {
            self.mesh.he_start[l.tile as usize] + l.slot
        }
    }

    /// The global polygon across edge `k`, `NONE` at a boundary edge.
    #[inline]
    pub(crate) fn twin_poly(&self, k: u32) -> u32 {
        let l = self.tile.links[(self.slot0 + k) as usize];
        if l.tile == NONE {
            NONE
        } else {
            let t = l.tile as usize;
            self.mesh.poly_start[t] + self.mesh.tiles[t].links[l.slot as usize].poly
        }
    }
}

impl NavMesh {
    /// Polygon `p`'s edges resolved once ([`PolyEdges`]); `None` beyond the count.
    #[inline]
    pub(crate) fn edges_of(&self, p: u32) -> Option<PolyEdges<'_>> {
        let &[t, slot0, count] = self.poly_loc.get(p as usize)?;
        Some(PolyEdges {
            mesh: self,
            tile: &self.tiles[t as usize],
            slot0,
            first: self.he_start[t as usize] + slot0,
            count,
        })
    }
}
