//! The canonical bytes and the content hash of a mesh (docs/navmesh.md §4).
//!
//! Little-endian: `"OPNM"`, width u32, height u32, cell size f64 bits, origin x f64 bits,
//! origin y f64 bits, agent radius f64 bits (`+0.0` for either zero), tile size u32, area u8,
//! tile count u32, then for each tile that has polygons, in row-major order: tx u32, ty u32,
//! polygon count u32, and for each polygon: vertex count u32, then per vertex `i` u32, `j`
//! u32, then per edge the linked global polygon id u32 (`u32::MAX` for none).
//!
//! The hash is FNV-1a 64 over those bytes, streamed without building them.

use super::mesh::{NONE, NavMesh};
use crate::state::Fnv1a64;
use alloc::vec::Vec;

/// Where canonical bytes go: a byte vector or a running hash.
trait Sink {
    fn put(&mut self, b: &[u8]);
    fn u32(&mut self, v: u32) {
        self.put(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.put(&v.to_le_bytes());
    }
}

impl Sink for Vec<u8> {
    fn put(&mut self, b: &[u8]) {
        self.extend_from_slice(b);
    }
}

impl Sink for Fnv1a64 {
    fn put(&mut self, b: &[u8]) {
        self.write(b);
    }
}

impl NavMesh {
    /// The content hash: FNV-1a 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3)
    /// over the canonical bytes of [`write_canonical_bytes`](NavMesh::write_canonical_bytes)
    /// (docs/navmesh.md §4). A function of the walkability, the world mapping and the settings
    /// alone: equal on every machine, equal for [`NavMesh::build_2d`],
    /// [`NavMesh::from_walkable`] and a refreshed mesh of the same walkability.
    ///
    /// # Complexity
    ///
    /// O(polygons + vertices); allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, NavMesh, NavSettings};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let mut mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// let before = mesh.content_hash();
    /// grid.set_walkable(Cell::new(3, 3), false).unwrap();
    /// mesh.refresh(&grid).unwrap();
    /// assert_ne!(mesh.content_hash(), before);
    /// let fresh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(mesh.content_hash(), fresh.content_hash());
    /// ```
    pub fn content_hash(&self) -> u64 {
        let mut h = Fnv1a64::new();
        self.write_to(&mut h);
        h.finish()
    }

    /// Appends the canonical bytes of docs/navmesh.md §4 to `out`.
    ///
    /// # Complexity
    ///
    /// O(polygons + vertices); grows `out` only.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let mesh = NavMesh::build_2d(&Grid::new(2, 1).unwrap(), &NavSettings::DEFAULT).unwrap();
    /// let mut bytes = Vec::new();
    /// mesh.write_canonical_bytes(&mut bytes);
    /// assert_eq!(&bytes[..4], b"OPNM");
    /// // Header 53 bytes; one tile (12); one polygon: 4 vertices (4 + 32) and 4 links (16).
    /// assert_eq!(bytes.len(), 53 + 12 + 4 + 32 + 16);
    /// assert_eq!(onepath::state::Fnv1a64::of(&bytes), mesh.content_hash());
    /// ```
    pub fn write_canonical_bytes(&self, out: &mut Vec<u8>) {
        self.write_to(out);
    }

    fn write_to<S: Sink>(&self, s: &mut S) {
        s.put(b"OPNM");
        s.u32(self.width);
        s.u32(self.height);
        s.u64(self.space.cell_size().to_bits());
        s.u64(self.space.origin().x.to_bits());
        s.u64(self.space.origin().y.to_bits());
        s.u64(self.settings.agent_radius.to_bits());
        s.u32(self.settings.tile_size);
        s.put(&[self.settings.area]);
        s.u32(self.tile_count);
        for (i, tile) in self.tiles.iter().enumerate() {
            if tile.polys.is_empty() {
                continue;
            }
            let i = i as u32;
            s.u32(i % self.tiles_x);
            s.u32(i / self.tiles_x);
            s.u32(tile.polys.len() as u32);
            for p in 0..tile.polys.len() as u32 {
                let r = tile.slots(p);
                s.u32(r.end - r.start);
                for v in &tile.verts[r.start as usize..r.end as usize] {
                    s.u32(v[0] as u32);
                    s.u32(v[1] as u32);
                }
                for l in &tile.links[r.start as usize..r.end as usize] {
                    let id = if l.tile == NONE {
                        NONE
                    } else {
                        let q = self.tiles[l.tile as usize].links[l.slot as usize].poly;
                        self.global_poly(l.tile, q)
                    };
                    s.u32(id);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::{Grid, GridSpace};
    use crate::navmesh::{NavMesh, NavSettings};
    use crate::state::Fnv1a64;
    use alloc::vec::Vec;

    /// The bytes of docs/navmesh.md §4, written out by hand for a two-polygon mesh.
    #[test]
    fn canonical_bytes_follow_the_contract_field_by_field() {
        let space = GridSpace::new(1.5, -2.0, 0.25).unwrap();
        let grid = Grid::from_text("..\n.#")
            .unwrap()
            .with_space(space)
            .unwrap();
        let s = NavSettings::DEFAULT
            .with_tile_size(4)
            .with_area(7)
            .with_radius(-0.0);
        let mesh = NavMesh::build_2d(&grid, &s).unwrap();
        let mut want = Vec::new();
        let u32s = |v: &mut Vec<u8>, xs: &[u32]| xs.iter().for_each(|x| v.extend(x.to_le_bytes()));
        want.extend(b"OPNM");
        u32s(&mut want, &[2, 2]);
        for f in [0.25f64, 1.5, -2.0, 0.0] {
            want.extend(f.to_bits().to_le_bytes());
        }
        u32s(&mut want, &[4]);
        want.push(7);
        u32s(&mut want, &[1, 0, 0, 2]); // one tile (0, 0) with two polygons
        // Polygon 0: the top row with the T-vertex (1, 1); its edge 3 borders polygon 1.
        u32s(&mut want, &[5, 0, 0, 2, 0, 2, 1, 1, 1, 0, 1]);
        u32s(&mut want, &[u32::MAX, u32::MAX, u32::MAX, 1, u32::MAX]);
        // Polygon 1: the cell (0, 1); its edge 0 borders polygon 0.
        u32s(&mut want, &[4, 0, 1, 1, 1, 1, 2, 0, 2]);
        u32s(&mut want, &[0, u32::MAX, u32::MAX, u32::MAX]);
        let mut got = Vec::new();
        mesh.write_canonical_bytes(&mut got);
        assert_eq!(got, want);
        assert_eq!(mesh.content_hash(), Fnv1a64::of(&want));
    }

    #[test]
    fn the_hash_sees_every_setting() {
        let grid = Grid::from_text("....\n....\n....").unwrap();
        let base = NavSettings::DEFAULT;
        let h = |s: NavSettings| NavMesh::build_2d(&grid, &s).unwrap().content_hash();
        let all = [
            h(base),
            h(base.with_area(1)),
            h(base.with_tile_size(5)),
            h(base.with_radius(0.25)),
        ];
        for i in 0..all.len() {
            for j in 0..i {
                assert_ne!(all[i], all[j], "settings {i} and {j}");
            }
        }
    }
}
