//! Exact path legality (docs §1 and §3, "Radius 0 region"): the region is the union of a cell
//! set's closed squares, and a path may not pass through a **pinch** — a corner where, of its
//! four cells, exactly two diagonally opposite ones are in the set.
//!
//! A segment is cut at every grid line it crosses (exact rationals in `i128`); between two cuts
//! the open piece lies inside one cell or along one grid edge, so its midpoint decides whether
//! the closed piece is in the region. A pinch strictly inside a segment makes it illegal; a
//! pinch at a waypoint is legal only when the path arrives and leaves on the same side of it.

use std::cmp::Ordering;

use super::UNIT;

/// A parameter `n / d` on a segment, `d > 0`.
type Frac = (i128, i128);

fn cmp_frac(a: Frac, b: Frac) -> Ordering {
    (a.0 * b.1).cmp(&(b.0 * a.1))
}

/// One coordinate `num / den` (fixed-point) as the cells it lies in: one cell index, or the two
/// on either side when it is on a grid line.
fn cells_of(num: i128, den: i128) -> (i64, Option<i64>) {
    let u = den * i128::from(UNIT);
    let q = num.div_euclid(u);
    if num.rem_euclid(u) == 0 {
        (q as i64 - 1, Some(q as i64))
    } else {
        (q as i64, None)
    }
}

/// Whether the point `(xn / den, yn / den)` lies in a closed square of the set.
fn point_in(set: &dyn Fn(i64, i64) -> bool, xn: i128, yn: i128, den: i128) -> bool {
    let (x0, x1) = cells_of(xn, den);
    let (y0, y1) = cells_of(yn, den);
    let xs = [Some(x0), x1];
    let ys = [Some(y0), y1];
    xs.iter()
        .flatten()
        .any(|&x| ys.iter().flatten().any(|&y| set(x, y)))
}

/// The pinch at corner `c` (cell corners), if any: `Some(true)` when the two cells are SW and
/// NE of `c`, `Some(false)` when NW and SE.
pub fn pinch(set: &dyn Fn(i64, i64) -> bool, c: [i64; 2]) -> Option<bool> {
    let (sw, se, nw, ne) = (
        set(c[0] - 1, c[1] - 1),
        set(c[0], c[1] - 1),
        set(c[0] - 1, c[1]),
        set(c[0], c[1]),
    );
    match (sw, se, nw, ne) {
        (true, false, false, true) => Some(true),
        (false, true, true, false) => Some(false),
        _ => None,
    }
}

/// The side of a pinch a direction `d` (non-zero) leaves into: 0 for NE (resp. NW), 1 for SW
/// (resp. SE), 2 for a direction in neither closed quadrant.
fn pinch_side(sw_ne: bool, d: [i64; 2]) -> u8 {
    let (dx, dy) = (d[0], d[1]);
    if sw_ne {
        if dx >= 0 && dy >= 0 {
            0
        } else if dx <= 0 && dy <= 0 {
            1
        } else {
            2
        }
    } else if dx <= 0 && dy >= 0 {
        0
    } else if dx >= 0 && dy <= 0 {
        1
    } else {
        2
    }
}

/// The fixed-point point that is a corner, as its corner coordinates.
fn as_corner(p: [i64; 2]) -> Option<[i64; 2]> {
    (p[0] % UNIT == 0 && p[1] % UNIT == 0).then(|| [p[0] / UNIT, p[1] / UNIT])
}

/// Whether the closed segment `a → b` (fixed-point) lies in the region and passes through no
/// pinch strictly between its ends.
///
/// # Errors
/// A message naming the offending point.
pub fn segment_inside(
    set: &dyn Fn(i64, i64) -> bool,
    a: [i64; 2],
    b: [i64; 2],
) -> Result<(), String> {
    let (ax, ay) = (i128::from(a[0]), i128::from(a[1]));
    let (dx, dy) = (i128::from(b[0] - a[0]), i128::from(b[1] - a[1]));
    if dx == 0 && dy == 0 {
        return if point_in(set, ax, ay, 1) {
            Ok(())
        } else {
            Err(format!("point {a:?} outside the region"))
        };
    }
    let u = i128::from(UNIT);
    let mut cuts: Vec<Frac> = vec![(0, 1), (1, 1)];
    for (start, delta) in [(ax, dx), (ay, dy)] {
        if delta == 0 {
            continue;
        }
        let (lo, hi) = if delta > 0 {
            (start, start + delta)
        } else {
            (start + delta, start)
        };
        // Grid lines strictly between lo and hi.
        let mut line = lo.div_euclid(u) + 1;
        while line * u < hi {
            let (n, d) = (line * u - start, delta);
            cuts.push(if d > 0 { (n, d) } else { (-n, -d) });
            line += 1;
        }
    }
    cuts.sort_by(|&p, &q| cmp_frac(p, q));
    cuts.dedup_by(|p, q| cmp_frac(*p, *q) == Ordering::Equal);
    for w in cuts.windows(2) {
        let ((n1, d1), (n2, d2)) = (w[0], w[1]);
        // Midpoint (n1 d2 + n2 d1) / (2 d1 d2).
        let (n, d) = (n1 * d2 + n2 * d1, 2 * d1 * d2);
        let (xn, yn) = (ax * d + n * dx, ay * d + n * dy);
        if !point_in(set, xn, yn, d) {
            return Err(format!(
                "segment {a:?} -> {b:?} leaves the region near ({:.4}, {:.4})",
                xn as f64 / (d as f64 * u as f64),
                yn as f64 / (d as f64 * u as f64)
            ));
        }
    }
    for &(n, d) in &cuts[1..cuts.len() - 1] {
        let (xn, yn) = (ax * d + n * dx, ay * d + n * dy);
        let du = d * u;
        if xn.rem_euclid(du) == 0 && yn.rem_euclid(du) == 0 {
            let c = [(xn / du) as i64, (yn / du) as i64];
            if pinch(set, c).is_some() {
                return Err(format!(
                    "segment {a:?} -> {b:?} passes through the pinch at corner {c:?}"
                ));
            }
        }
    }
    Ok(())
}

/// Whether the path (fixed-point waypoints) is legal: every segment inside the region and no
/// pass through a pinch at a waypoint.
///
/// # Errors
/// A message naming the offending segment or waypoint.
pub fn path_inside(set: &dyn Fn(i64, i64) -> bool, path: &[[i64; 2]]) -> Result<(), String> {
    if path.is_empty() {
        return Err("empty path".into());
    }
    for w in path.windows(2) {
        segment_inside(set, w[0], w[1])?;
    }
    if path.len() == 1 {
        return segment_inside(set, path[0], path[0]);
    }
    for k in 1..path.len() - 1 {
        let p = path[k];
        let Some(c) = as_corner(p) else { continue };
        let Some(kind) = pinch(set, c) else { continue };
        let before = path[..k].iter().rev().find(|&&q| q != p);
        let after = path[k + 1..].iter().find(|&&q| q != p);
        if let (Some(bq), Some(aq)) = (before, after) {
            let s1 = pinch_side(kind, [bq[0] - p[0], bq[1] - p[1]]);
            let s2 = pinch_side(kind, [aq[0] - p[0], aq[1] - p[1]]);
            if s1 != s2 {
                return Err(format!(
                    "the path passes through the pinch at corner {c:?} (waypoint {k})"
                ));
            }
        }
    }
    Ok(())
}
