//! An exact mesh checker that trusts neither builder (docs §1, §3): it reads only vertex lists,
//! link lists and the kept cells, and proves
//!
//! - every polygon has at least 4 vertices on cell corners inside the grid, no repeated
//!   consecutive vertex, only axis-parallel edges, and is convex and counter-clockwise (every
//!   turn `orient >= 0`, a straight turn never reverses, the edge directions wind exactly once,
//!   signed area positive) — so each polygon is a rectangle, a union of whole cells;
//! - the polygons cover exactly the kept cells: twice the summed areas (integers) equal twice
//!   the kept count, every kept cell's centre lies in exactly one polygon and no other cell's
//!   centre lies in any;
//! - links are symmetric, a linked edge is the reverse of its partner (shared exactly), a
//!   polygon never links to itself;
//! - every unit step of a boundary (unlinked) edge has a non-kept cell, or the outside of the
//!   grid, on its outside (right-hand side), so two polygons that share a segment are linked.

use super::orient;

/// Which half-turn an edge direction lies in, for counting windings: 0 for angles in `[0, π)`,
/// 1 for `[π, 2π)`.
fn half(d: [i64; 2]) -> u8 {
    u8::from(!(d[1] > 0 || (d[1] == 0 && d[0] > 0)))
}

/// Checks one polygon's shape.
///
/// # Errors
/// A message naming the first defect.
pub fn check_polygon(width: u32, height: u32, verts: &[[i64; 2]]) -> Result<(), String> {
    let n = verts.len();
    if n < 4 {
        return Err(format!("{n} vertices"));
    }
    for v in verts {
        if v[0] < 0 || v[1] < 0 || v[0] > i64::from(width) || v[1] > i64::from(height) {
            return Err(format!("vertex {v:?} outside the grid's corners"));
        }
    }
    let dir = |k: usize| {
        let (a, b) = (verts[k % n], verts[(k + 1) % n]);
        [b[0] - a[0], b[1] - a[1]]
    };
    let mut wraps = 0;
    let mut area2: i128 = 0;
    for k in 0..n {
        let d = dir(k);
        if d == [0, 0] {
            return Err(format!("edge {k} has length 0"));
        }
        if d[0] != 0 && d[1] != 0 {
            return Err(format!(
                "edge {k} {:?} -> {:?} is not axis-parallel",
                verts[k],
                verts[(k + 1) % n]
            ));
        }
        let e = dir(k + 1);
        let o = orient(verts[k], verts[(k + 1) % n], verts[(k + 2) % n]);
        if o < 0 {
            return Err(format!("right turn at vertex {}", (k + 1) % n));
        }
        if o == 0 && d[0] * e[0] + d[1] * e[1] <= 0 {
            return Err(format!("reversal at vertex {}", (k + 1) % n));
        }
        if half(d) == 1 && half(e) == 0 {
            wraps += 1;
        }
        let (a, b) = (verts[k], verts[(k + 1) % n]);
        area2 += i128::from(a[0]) * i128::from(b[1]) - i128::from(b[0]) * i128::from(a[1]);
    }
    if wraps != 1 {
        return Err(format!("edge directions wind {wraps} times"));
    }
    if area2 <= 0 {
        return Err(format!("signed area {area2}/2 is not positive"));
    }
    Ok(())
}

/// Twice the signed area of a polygon.
pub fn area2(verts: &[[i64; 2]]) -> i128 {
    let n = verts.len();
    (0..n)
        .map(|k| {
            let (a, b) = (verts[k], verts[(k + 1) % n]);
            i128::from(a[0]) * i128::from(b[1]) - i128::from(b[0]) * i128::from(a[1])
        })
        .sum()
}

/// Checks a whole mesh against its kept cells.
///
/// # Errors
/// A message naming the first defect found.
pub fn check_mesh(
    width: u32,
    height: u32,
    kept: &[bool],
    verts: &[Vec<[i64; 2]>],
    links: &[Vec<Option<(u32, u32)>>],
) -> Result<(), String> {
    let (w, h) = (i64::from(width), i64::from(height));
    if verts.len() != links.len() {
        return Err(format!(
            "{} vertex lists, {} link lists",
            verts.len(),
            links.len()
        ));
    }
    for (p, v) in verts.iter().enumerate() {
        check_polygon(width, height, v).map_err(|e| format!("polygon {p}: {e}"))?;
        if links[p].len() != v.len() {
            return Err(format!(
                "polygon {p}: {} vertices, {} links",
                v.len(),
                links[p].len()
            ));
        }
    }
    // Exact cover.
    let kept_count = kept.iter().filter(|&&k| k).count() as i128;
    let total: i128 = verts.iter().map(|v| area2(v)).sum();
    if total != 2 * kept_count {
        return Err(format!(
            "polygon areas sum to {total}/2, kept cells {kept_count}"
        ));
    }
    let mut owner: Vec<u32> = vec![0; kept.len()];
    for (p, v) in verts.iter().enumerate() {
        for (x, y, i) in super::covered_cells(v, w) {
            if !kept[i] {
                return Err(format!(
                    "polygon {p} covers the centre of cell ({x}, {y}), which is not kept"
                ));
            }
            owner[i] += 1;
            if owner[i] > 1 {
                return Err(format!("polygon {p} overlaps another at cell ({x}, {y})"));
            }
        }
    }
    if let Some(i) = (0..kept.len()).find(|&i| kept[i] && owner[i] == 0) {
        return Err(format!(
            "kept cell ({}, {}) is in no polygon",
            i as i64 % w,
            i as i64 / w
        ));
    }
    // Links.
    let is_kept = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && kept[(y * w + x) as usize];
    for (p, v) in verts.iter().enumerate() {
        let n = v.len();
        for k in 0..n {
            let (a, b) = (v[k], v[(k + 1) % n]);
            if let Some((q, j)) = links[p][k] {
                let (qu, ju) = (q as usize, j as usize);
                if qu == p || qu >= verts.len() || ju >= verts[qu].len() {
                    return Err(format!("polygon {p} edge {k}: link ({q}, {j}) is invalid"));
                }
                if links[qu][ju] != Some((p as u32, k as u32)) {
                    return Err(format!(
                        "polygon {p} edge {k} -> ({q}, {j}) is not symmetric: {:?}",
                        links[qu][ju]
                    ));
                }
                let m = verts[qu].len();
                if verts[qu][ju] != b || verts[qu][(ju + 1) % m] != a {
                    return Err(format!(
                        "polygon {p} edge {k} {a:?}->{b:?} is not shared whole with ({q}, {j})"
                    ));
                }
            } else {
                // Unit steps along a → b; the outside cell is on the right.
                let d = [(b[0] - a[0]).signum(), (b[1] - a[1]).signum()];
                let steps = (b[0] - a[0]).abs().max((b[1] - a[1]).abs());
                for s in 0..steps {
                    let (sx, sy) = (a[0] + d[0] * s, a[1] + d[1] * s);
                    // Right of direction d from the unit segment starting at (sx, sy).
                    let cell = match d {
                        [1, 0] => (sx, sy - 1),
                        [-1, 0] => (sx - 1, sy),
                        [0, 1] => (sx, sy),
                        _ => (sx - 1, sy - 1),
                    };
                    if is_kept(cell.0, cell.1) {
                        return Err(format!(
                            "polygon {p} edge {k} {a:?}->{b:?} is unlinked but kept cell {cell:?} lies outside it"
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}
