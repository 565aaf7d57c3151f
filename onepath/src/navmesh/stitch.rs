//! T-vertices and links (docs/navmesh.md §3, "Vertices" and "Links").
//!
//! A polygon's vertex list starts at its rectangle's corner `(x0, y0)` and runs
//! counter-clockwise (y up): along `y = y0` to `(x1, y0)`, up `x = x1` to `(x1, y1)`, back
//! along `y = y1` to `(x0, y1)`, down `x = x0`. Between the corners it holds every point
//! strictly inside a side that is a corner of another polygon sharing a segment of positive
//! length with that side. The polygons across a side are found by walking the cells just
//! outside it through the per-cell polygon index, jumping over each neighbour rectangle: O(side
//! length) per side.
//!
//! Links are found per edge from the cell just outside the edge's first unit; the twin edge is
//! located in the neighbour's opposite side by binary search (the vertices of one side are
//! monotonic along it), and written on both sides, so a re-stitch of a few tiles also repairs
//! the links that polygons of untouched tiles hold into them.
//!
//! [`stitch_vertices`] must run for every tile of a set before [`stitch_links`] runs for any.

use super::mesh::{Link, NONE, NavMesh};

impl NavMesh {
    /// The tile and tile-local polygon of cell `(x, y)`, `None` outside the grid or for a
    /// cell that is not kept.
    #[inline]
    pub(crate) fn cell_owner(&self, x: i32, y: i32) -> Option<(u32, u32)> {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.height {
            return None;
        }
        let lp = self.cell_poly[y as usize * self.width as usize + x as usize];
        if lp >= super::erosion::UNCOVERED {
            return None;
        }
        let t = self.settings.tile_size;
        Some(((x as u32 / t) + (y as u32 / t) * self.tiles_x, lp))
    }

    /// The rectangle of the polygon covering cell `(x, y)`, if any.
    #[inline]
    fn rect_at(&self, x: i32, y: i32) -> Option<[i32; 4]> {
        let (t, lp) = self.cell_owner(x, y)?;
        Some(self.tiles[t as usize].polys[lp as usize].rect)
    }
}

/// Rebuilds the vertex lists of every polygon of tile `t` (and resets its links to none).
pub(crate) fn stitch_vertices(m: &mut NavMesh, t: usize) {
    let mut verts = core::mem::take(&mut m.tiles[t].verts);
    verts.clear();
    let (w, h) = (m.width as i32, m.height as i32);
    for p in 0..m.tiles[t].polys.len() {
        let [x0, y0, x1, y1] = m.tiles[t].polys[p].rect;
        let vstart = verts.len() as u32;
        let mut corners = [0u32; 3];
        verts.push([x0, y0]);
        if y0 > 0 {
            let (mut x, mut last) = (x0, x0);
            while x < x1 {
                let Some(r) = m.rect_at(x, y0 - 1) else {
                    x += 1;
                    continue;
                };
                for c in [r[0], r[2]] {
                    if c > last && c < x1 {
                        verts.push([c, y0]);
                        last = c;
                    }
                }
                x = r[2];
            }
        }
        corners[0] = verts.len() as u32 - vstart;
        verts.push([x1, y0]);
        if x1 < w {
            let (mut y, mut last) = (y0, y0);
            while y < y1 {
                let Some(r) = m.rect_at(x1, y) else {
                    y += 1;
                    continue;
                };
                for c in [r[1], r[3]] {
                    if c > last && c < y1 {
                        verts.push([x1, c]);
                        last = c;
                    }
                }
                y = r[3];
            }
        }
        corners[1] = verts.len() as u32 - vstart;
        verts.push([x1, y1]);
        if y1 < h {
            let (mut x, mut last) = (x1 - 1, x1);
            while x >= x0 {
                let Some(r) = m.rect_at(x, y1) else {
                    x -= 1;
                    continue;
                };
                for c in [r[2], r[0]] {
                    if c < last && c > x0 {
                        verts.push([c, y1]);
                        last = c;
                    }
                }
                x = r[0] - 1;
            }
        }
        corners[2] = verts.len() as u32 - vstart;
        verts.push([x0, y1]);
        if x0 > 0 {
            let (mut y, mut last) = (y1 - 1, y1);
            while y >= y0 {
                let Some(r) = m.rect_at(x0 - 1, y) else {
                    y -= 1;
                    continue;
                };
                for c in [r[3], r[1]] {
                    if c < last && c > y0 {
                        verts.push([x0, c]);
                        last = c;
                    }
                }
                y = r[1] - 1;
            }
        }
        let rec = &mut m.tiles[t].polys[p];
        rec.vstart = vstart;
        rec.corners = corners;
    }
    let tile = &mut m.tiles[t];
    tile.verts = verts;
    tile.links.clear();
    for p in 0..tile.polys.len() as u32 {
        let r = tile.slots(p);
        for _ in r {
            tile.links.push(Link {
                poly: p,
                tile: NONE,
                slot: NONE,
            });
        }
    }
}

/// The side (0..4) of local vertex index `k` in a polygon with the given corner indices.
#[inline]
fn side_of(k: u32, corners: [u32; 3]) -> usize {
    if k < corners[0] {
        0
    } else if k < corners[1] {
        1
    } else if k < corners[2] {
        2
    } else {
        3
    }
}

/// The coordinate that grows along side `s` (counter-clockwise).
#[inline]
fn along(v: [i32; 2], s: usize) -> i64 {
    match s {
        0 => i64::from(v[0]),
        1 => i64::from(v[1]),
        2 => -i64::from(v[0]),
        _ => -i64::from(v[1]),
    }
}

/// Rebuilds the links of every edge of tile `t`, writing each found link on both sides.
pub(crate) fn stitch_links(m: &mut NavMesh, t: usize) {
    for p in 0..m.tiles[t].polys.len() {
        let rec = m.tiles[t].polys[p];
        let r = m.tiles[t].slots(p as u32);
        let [x0, y0, x1, y1] = rec.rect;
        for slot in r.clone() {
            let k = slot - r.start;
            let side = side_of(k, rec.corners);
            let a = m.tiles[t].verts[slot as usize];
            let next = if slot + 1 == r.end { r.start } else { slot + 1 };
            let b = m.tiles[t].verts[next as usize];
            let (cx, cy) = match side {
                0 => (a[0], y0 - 1),
                1 => (x1, a[1]),
                2 => (a[0] - 1, y1),
                _ => (x0 - 1, a[1] - 1),
            };
            let found = m.cell_owner(cx, cy).and_then(|(tq, lq)| {
                let other = &m.tiles[tq as usize];
                let q = other.polys[lq as usize];
                let qr = other.slots(lq);
                let n = qr.end - qr.start;
                let qs = (side + 2) % 4;
                let lo = if qs == 0 { 0 } else { q.corners[qs - 1] };
                let hi = if qs == 3 { n } else { q.corners[qs] };
                let vs = &other.verts[(qr.start + lo) as usize..(qr.start + hi) as usize];
                let key = along(b, qs);
                let j = vs.partition_point(|&v| along(v, qs) < key);
                (vs.get(j) == Some(&b)).then_some((tq, lq, qr.start + lo + j as u32))
            });
            if let Some((tq, lq, qslot)) = found {
                m.tiles[t].links[slot as usize] = Link {
                    poly: p as u32,
                    tile: tq,
                    slot: qslot,
                };
                m.tiles[tq as usize].links[qslot as usize] = Link {
                    poly: lq,
                    tile: t as u32,
                    slot,
                };
            } else {
                m.tiles[t].links[slot as usize].tile = NONE;
                m.tiles[t].links[slot as usize].slot = NONE;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NONE;
    use crate::grid::Grid;
    use crate::math::SplitMix64;
    use crate::navmesh::{NavMesh, NavSettings};

    /// The O(1) read path of the corridor search agrees with the polygon view.
    #[test]
    fn half_edge_accessors_agree_with_the_polygons() {
        let mut rng = SplitMix64::new(17);
        for case in 0..80 {
            let (w, h) = (1 + rng.below(30), 1 + rng.below(30));
            // Every other grid is sparse: long runs of empty tiles between the polygons.
            let cells: alloc::vec::Vec<bool> = (0..w * h)
                .map(|_| {
                    if case % 2 == 0 {
                        rng.below(40) == 0
                    } else {
                        rng.below(4) != 0
                    }
                })
                .collect();
            let grid = Grid::from_walkable(w, h, &cells).unwrap();
            let s = NavSettings::DEFAULT.with_tile_size(4 + case % 5);
            let mesh = NavMesh::build_2d(&grid, &s).unwrap();
            let mut next = 0;
            for p in 0..mesh.poly_count() {
                let poly = mesh.polygon(p).unwrap();
                let v = poly.vertices();
                let r = mesh.poly_edges(p);
                assert_eq!((r.start, r.end - r.start), (next, v.len() as u32));
                next = r.end;
                for (k, he) in r.enumerate() {
                    assert_eq!(mesh.edge_poly(he), p);
                    assert_eq!(mesh.edge_start(he), v[k]);
                    assert_eq!(mesh.edge_end(he), v[(k + 1) % v.len()]);
                    let tw = mesh.twin(he);
                    match poly.link(k as u32) {
                        None => assert_eq!(tw, NONE),
                        Some((q, j)) => {
                            assert_eq!(tw, mesh.poly_edges(q).start + j);
                            assert_eq!(mesh.twin(tw), he);
                        }
                    }
                }
            }
            assert_eq!(next, mesh.half_edge_count());
            assert!(mesh.poly_edges(mesh.poly_count()).is_empty());
        }
    }
}
