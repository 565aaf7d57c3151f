//! The polygons (docs §3): greedy rectangles per tile, T-vertices, links and global ids.
//!
//! Written from the contract's words, not its implementation: rectangles start at each kept,
//! uncovered cell in row order and grow right, then down; a side's T-vertices are the corners of
//! every other rectangle that has a side on the same line overlapping it with positive length;
//! links pair each edge `a → b` with the edge `b → a` of another polygon.

use std::collections::BTreeMap;

use super::BakeInput;
use super::erosion::kept_cells;

/// One polygon of the reference mesh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPoly {
    /// Row-major index of its tile.
    pub tile: u32,
    /// Its rectangle `[x0, y0, x1, y1]` in cell corners.
    pub rect: [i64; 4],
    /// Vertices, counter-clockwise from `(x0, y0)`, T-vertices included.
    pub verts: Vec<[i64; 2]>,
    /// Per edge `k` (vertex `k` to `k + 1`): the linked polygon and its edge, or none.
    pub links: Vec<Option<(u32, u32)>>,
}

/// The reference mesh.
#[derive(Clone, Debug)]
pub struct RefMesh {
    /// The bake's input.
    pub input: BakeInput,
    /// Kept cells, row-major (docs §2).
    pub kept: Vec<bool>,
    /// Tiles per row.
    pub tiles_x: u32,
    /// Tiles per column.
    pub tiles_y: u32,
    /// Polygons by global id.
    pub polys: Vec<RefPoly>,
}

impl RefMesh {
    /// Tiles that have polygons, row-major: `(tile index, first polygon id, polygon count)`.
    pub fn tiles(&self) -> Vec<(u32, u32, u32)> {
        let mut out: Vec<(u32, u32, u32)> = Vec::new();
        for (id, p) in self.polys.iter().enumerate() {
            match out.last_mut() {
                Some(t) if t.0 == p.tile => t.2 += 1,
                _ => out.push((p.tile, id as u32, 1)),
            }
        }
        out
    }

    /// The vertex lists alone, by polygon id.
    pub fn vertex_lists(&self) -> Vec<Vec<[i64; 2]>> {
        self.polys.iter().map(|p| p.verts.clone()).collect()
    }

    /// The link lists alone, by polygon id.
    pub fn link_lists(&self) -> Vec<Vec<Option<(u32, u32)>>> {
        self.polys.iter().map(|p| p.links.clone()).collect()
    }
}

/// The greedy rectangles of one tile (docs §3), in the order they start.
fn tile_rects(w: i64, kept: &[bool], covered: &mut [bool], cells: [i64; 4]) -> Vec<[i64; 4]> {
    let [x0, y0, x1, y1] = cells;
    let free = |covered: &[bool], x: i64, y: i64| {
        let i = (y * w + x) as usize;
        kept[i] && !covered[i]
    };
    let mut out = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            if !free(covered, x, y) {
                continue;
            }
            let mut rw = 1;
            while x + rw < x1 && free(covered, x + rw, y) {
                rw += 1;
            }
            let mut rh = 1;
            while y + rh < y1 && (x..x + rw).all(|cx| free(covered, cx, y + rh)) {
                rh += 1;
            }
            for cy in y..y + rh {
                for cx in x..x + rw {
                    covered[(cy * w + cx) as usize] = true;
                }
            }
            out.push([x, y, x + rw, y + rh]);
        }
    }
    out
}

/// Bakes the reference mesh of `input` (docs §2–§3).
///
/// # Panics
/// If `input.tile_size` is 0 or the walkability has the wrong length.
pub fn bake(input: &BakeInput) -> RefMesh {
    let (w, h) = (i64::from(input.width), i64::from(input.height));
    assert_eq!(input.walkable.len() as i64, w * h, "walkability length");
    let t = i64::from(input.tile_size);
    assert!(t > 0, "tile size 0");
    let kept = kept_cells(
        input.width,
        input.height,
        &input.walkable,
        input.radius,
        input.cell_size,
    );
    let tiles_x = (w + t - 1) / t;
    let tiles_y = (h + t - 1) / t;
    let mut covered = vec![false; kept.len()];
    let mut rects: Vec<(u32, [i64; 4])> = Vec::new();
    for ty in 0..tiles_y {
        for tx in 0..tiles_x {
            let cells = [tx * t, ty * t, ((tx + 1) * t).min(w), ((ty + 1) * t).min(h)];
            for r in tile_rects(w, &kept, &mut covered, cells) {
                rects.push(((tx + ty * tiles_x) as u32, r));
            }
        }
    }
    // Sides by line: horizontal sides by y, vertical sides by x; each entry is (lo, hi, rect).
    let mut horizontal: BTreeMap<i64, Vec<(i64, i64, usize)>> = BTreeMap::new();
    let mut vertical: BTreeMap<i64, Vec<(i64, i64, usize)>> = BTreeMap::new();
    for (k, &(_, [x0, y0, x1, y1])) in rects.iter().enumerate() {
        horizontal.entry(y0).or_default().push((x0, x1, k));
        horizontal.entry(y1).or_default().push((x0, x1, k));
        vertical.entry(x0).or_default().push((y0, y1, k));
        vertical.entry(x1).or_default().push((y0, y1, k));
    }
    // The T-vertices strictly inside side (lo, hi) on `line` of rect `me`, ascending.
    let inner =
        |sides: &BTreeMap<i64, Vec<(i64, i64, usize)>>, line: i64, lo: i64, hi: i64, me: usize| {
            let mut pts: Vec<i64> = Vec::new();
            for &(olo, ohi, k) in &sides[&line] {
                if k == me || lo.max(olo) >= hi.min(ohi) {
                    continue;
                }
                for v in [olo, ohi] {
                    if lo < v && v < hi {
                        pts.push(v);
                    }
                }
            }
            pts.sort_unstable();
            pts.dedup();
            pts
        };
    let mut polys: Vec<RefPoly> = Vec::with_capacity(rects.len());
    for (k, &(tile, rect)) in rects.iter().enumerate() {
        let [x0, y0, x1, y1] = rect;
        let mut verts = vec![[x0, y0]];
        verts.extend(
            inner(&horizontal, y0, x0, x1, k)
                .into_iter()
                .map(|x| [x, y0]),
        );
        verts.push([x1, y0]);
        verts.extend(inner(&vertical, x1, y0, y1, k).into_iter().map(|y| [x1, y]));
        verts.push([x1, y1]);
        verts.extend(
            inner(&horizontal, y1, x0, x1, k)
                .into_iter()
                .rev()
                .map(|x| [x, y1]),
        );
        verts.push([x0, y1]);
        verts.extend(
            inner(&vertical, x0, y0, y1, k)
                .into_iter()
                .rev()
                .map(|y| [x0, y]),
        );
        polys.push(RefPoly {
            tile,
            rect,
            links: vec![None; verts.len()],
            verts,
        });
    }
    // Links: edge a → b of one polygon against edge b → a of another.
    let mut edges: BTreeMap<([i64; 2], [i64; 2]), (u32, u32)> = BTreeMap::new();
    for (p, poly) in polys.iter().enumerate() {
        let n = poly.verts.len();
        for e in 0..n {
            edges.insert(
                (poly.verts[e], poly.verts[(e + 1) % n]),
                (p as u32, e as u32),
            );
        }
    }
    for poly in &mut polys {
        let n = poly.verts.len();
        for e in 0..n {
            poly.links[e] = edges
                .get(&(poly.verts[(e + 1) % n], poly.verts[e]))
                .copied();
        }
    }
    RefMesh {
        input: input.clone(),
        kept,
        tiles_x: tiles_x as u32,
        tiles_y: tiles_y as u32,
        polys,
    }
}
