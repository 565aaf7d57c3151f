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
