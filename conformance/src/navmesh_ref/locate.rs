//! Point location by brute force (docs §6): the lowest polygon id whose closed area contains the
//! point.

use super::{UNIT, orient};

/// Whether the closed convex counter-clockwise polygon `verts` (fixed-point) contains `p`:
/// `p` is on the left of or on every edge line.
pub fn contains(verts: &[[i64; 2]], p: [i64; 2]) -> bool {
    let n = verts.len();
    (0..n).all(|k| orient(verts[k], verts[(k + 1) % n], p) >= 0)
}

/// The lowest id among the polygons (vertex lists in cell corners) containing the fixed-point
/// point `p`, or `None`.
pub fn locate(polys: &[Vec<[i64; 2]>], p: [i64; 2]) -> Option<u32> {
    polys
        .iter()
        .position(|v| {
            let scaled: Vec<[i64; 2]> = v.iter().map(|c| [c[0] * UNIT, c[1] * UNIT]).collect();
            contains(&scaled, p)
        })
        .map(|i| i as u32)
}

/// The nearest point of the mesh to `p` (docs §6), by brute force: the fixed-point point with
/// the smallest squared distance to `p` over every polygon, the lowest polygon id on ties, with
/// that squared distance. Each polygon's nearest point is `p` clamped to its box, which is the
/// polygon itself (the checker proves polygons are axis-parallel rectangles).
pub fn nearest(polys: &[Vec<[i64; 2]>], p: [i64; 2]) -> Option<([i64; 2], u32, i128)> {
    let mut best: Option<([i64; 2], u32, i128)> = None;
    for (id, v) in polys.iter().enumerate() {
        let lo_x = v.iter().map(|c| c[0]).min()? * UNIT;
        let hi_x = v.iter().map(|c| c[0]).max()? * UNIT;
        let lo_y = v.iter().map(|c| c[1]).min()? * UNIT;
        let hi_y = v.iter().map(|c| c[1]).max()? * UNIT;
        let q = [p[0].clamp(lo_x, hi_x), p[1].clamp(lo_y, hi_y)];
        let (dx, dy) = (i128::from(q[0] - p[0]), i128::from(q[1] - p[1]));
        let d2 = dx * dx + dy * dy;
        if best.is_none_or(|b| d2 < b.2) {
            best = Some((q, id as u32, d2));
        }
    }
    best
}
