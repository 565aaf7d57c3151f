//! The h-value of a node (Cui, Harabor & Grastien 2017, §4): the length of the shortest way
//! from the root to the goal through the node's interval. When the goal is on the root's side
//! of the interval's line it is first mirrored across that line (a path that must cross the
//! interval and come back is at least as long as the way to the mirror image). Then the way is
//! straight when the segment root → goal meets the interval, else it bends at the interval's
//! nearer endpoint.
//!
//! Only the search order depends on h; it is an IEEE `f64` computation (`+ − × ÷` and
//! `crate::math::sqrt`) on exact fixed-point inputs, the same bits on every platform. The
//! interval's endpoints are the intersections of the cone's rays with the edge's line, rounded
//! to `f64`: the one place the search rounds a point.

use crate::navmesh::NavPoint;

/// A point in fixed-point units as doubles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct P {
    pub(crate) x: f64,
    pub(crate) y: f64,
}

#[allow(clippy::cast_precision_loss)] // fixed-point coordinates are below 2^53
pub(crate) fn pf(p: NavPoint) -> P {
    P {
        x: p.x as f64,
        y: p.y as f64,
    }
}

#[inline]
fn cross(o: P, a: P, b: P) -> f64 {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

#[inline]
fn dist(a: P, b: P) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    crate::math::sqrt(dx * dx + dy * dy) / 65536.0
}

/// Where the line `root → w` meets the segment `a → b` (clamped to it).
pub(crate) fn project(root: NavPoint, w: NavPoint, a: NavPoint, b: NavPoint) -> P {
    let (r, w, pa, pb) = (pf(root), pf(w), pf(a), pf(b));
    let sa = cross(r, w, pa);
    let sb = cross(r, w, pb);
    let den = sa - sb;
    if den == 0.0 {
        return pa;
    }
    let t = (sa / den).clamp(0.0, 1.0);
    P {
        x: pa.x + t * (pb.x - pa.x),
        y: pa.y + t * (pb.y - pa.y),
    }
}

/// The h-value in cells of the node with root `root`, edge `a → b` (the root strictly on
/// its right) and cone bounds `wl`, `wr`, for `goal`.
pub(crate) fn estimate(
    root: NavPoint,
    a: NavPoint,
    b: NavPoint,
    wl: NavPoint,
    wr: NavPoint,
    goal: NavPoint,
) -> f64 {
    let l = if wl == a {
        pf(a)
    } else {
        project(root, wl, a, b)
    };
    let r = if wr == b {
        pf(b)
    } else {
        project(root, wr, a, b)
    };
    let (pa, pb, pr) = (pf(a), pf(b), pf(root));
    let mut g = pf(goal);
    if crate::navmesh::funnel::orient(a, b, goal) < 0 {
        // Mirror across the line a → b.
        let (dx, dy) = (pb.x - pa.x, pb.y - pa.y);
        let t = ((g.x - pa.x) * dx + (g.y - pa.y) * dy) / (dx * dx + dy * dy);
        let (fx, fy) = (pa.x + t * dx, pa.y + t * dy);
        g = P {
            x: 2.0 * fx - g.x,
            y: 2.0 * fy - g.y,
        };
    }
    if cross(pr, r, g) < 0.0 {
        dist(pr, r) + dist(r, g)
    } else if cross(pr, l, g) > 0.0 {
        dist(pr, l) + dist(l, g)
    } else {
        dist(pr, g)
    }
}

#[cfg(test)]
mod tests {
    use super::estimate;
    use crate::navmesh::NavPoint;

    const fn c(i: i64, j: i64) -> NavPoint {
        NavPoint::corner(i, j)
    }

    #[test]
    fn straight_bent_and_mirrored() {
        // Edge from (0, 0) to (2, 0), interior above; root below at (1, -1).
        let (a, b, root) = (c(0, 0), c(2, 0), c(1, -1));
        // Goal straight ahead through the interval.
        assert_eq!(estimate(root, a, b, a, b, c(1, 3)), 4.0);
        // Goal far right: bends at b.
        let h = estimate(root, a, b, a, b, c(5, 0));
        assert!(crate::math::abs(h - (crate::math::SQRT2 + 3.0)) < 1e-12);
        // Goal on the root's side: mirrored to (1, 1).
        assert_eq!(estimate(root, a, b, a, b, c(1, -1)), 2.0);
    }
}
