//! The straight path through a corridor: the funnel algorithm (string pulling; Lee &
//! Preparata 1984, the "simple stupid funnel" of Mononen 2010) in exact integer arithmetic
//! (`docs/navmesh.md` §8).
//!
//! The corridor is a sequence of polygons `c[0..=n]` and `n` portals; portal `i` is the edge
//! between `c[i]` and `c[i + 1]`, given as `(left, right)` as seen when crossing it. The
//! funnel keeps an apex and a left and a right boundary; each portal narrows the funnel, and a
//! portal endpoint that crosses over the other boundary becomes a turn point (the next apex).
//! Every decision is the sign of an exact `i128` orientation on fixed-point points
//! ([`NavPoint`], 2^-16 cell); there is no epsilon. A point collinear with the opposite
//! boundary counts as crossing it (the turn point lies on the straight line and is dropped
//! afterwards as collinear).
//!
//! Waypoints: the start, the turn points, the goal; a waypoint equal to the previous one and
//! the middle one of three collinear waypoints are dropped. Each names the corridor index of
//! the polygon its next segment starts in (a turn point at portal `i`: `i + 1`; the goal: `n`).

use alloc::vec::Vec;

use super::NavPoint;

/// One point of a straight path: where it is, and the corridor polygon its next segment
/// starts in (`docs/navmesh.md` §8). The goal's polygon is the goal polygon.
///
/// # Examples
///
/// ```
/// use onepath::navmesh::{NavPoint, NavWaypoint};
/// let w = NavWaypoint { point: NavPoint::corner(2, 3), corridor_index: 1, polygon: 7 };
/// assert_eq!(w.point.x, 2 * NavPoint::UNIT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NavWaypoint {
    /// The point, in 2^-16 cell units.
    pub point: NavPoint,
    /// Index in the corridor of the polygon the next segment starts in (the last waypoint:
    /// the last corridor index).
    pub corridor_index: u32,
    /// That polygon's id (`corridor[corridor_index]`).
    pub polygon: u32,
}

impl Default for NavWaypoint {
    /// The origin corner, corridor index 0, no polygon (`u32::MAX`): a filler for buffers.
    fn default() -> Self {
        Self {
            point: NavPoint { x: 0, y: 0 },
            corridor_index: 0,
            polygon: u32::MAX,
        }
    }
}

/// `orient(a, b, c)` of `docs/navmesh.md` §1, exactly: positive when `c` is left of the
/// directed line `a → b` (counter-clockwise), zero when collinear.
#[inline]
pub(crate) fn orient(a: NavPoint, b: NavPoint, c: NavPoint) -> i128 {
    let (ax, ay) = (i128::from(a.x), i128::from(a.y));
    (i128::from(b.x) - ax) * (i128::from(c.y) - ay)
        - (i128::from(b.y) - ay) * (i128::from(c.x) - ax)
}

/// Whether `b` is a straight-through point between `a` and `c`: collinear with them and
/// neither a reversal (the path goes on in the direction it came) nor a repeat.
pub(crate) fn in_line(a: NavPoint, b: NavPoint, c: NavPoint) -> bool {
    let (ux, uy) = (
        i128::from(b.x) - i128::from(a.x),
        i128::from(b.y) - i128::from(a.y),
    );
    let (vx, vy) = (
        i128::from(c.x) - i128::from(b.x),
        i128::from(c.y) - i128::from(b.y),
    );
    orient(a, b, c) == 0 && ux * vx + uy * vy > 0
}

/// Whether `p` lies on the closed segment `[a, b]`.
fn on_segment(p: NavPoint, a: NavPoint, b: NavPoint) -> bool {
    let (ax, ay) = (
        i128::from(a.x) - i128::from(p.x),
        i128::from(a.y) - i128::from(p.y),
    );
    let (bx, by) = (
        i128::from(b.x) - i128::from(p.x),
        i128::from(b.y) - i128::from(p.y),
    );
    orient(a, b, p) == 0 && ax * bx + ay * by <= 0
}

/// Whether `p` lies on the ray from `apex` through `q`, strictly between them (so `q` is
/// collinear with `apex` and `p` and farther out on the same side).
fn nearer_on_ray(apex: NavPoint, p: NavPoint, q: NavPoint) -> bool {
    if p == apex || orient(apex, q, p) != 0 {
        return false;
    }
    let d = |a: NavPoint, b: NavPoint| {
        (
            i128::from(b.x) - i128::from(a.x),
            i128::from(b.y) - i128::from(a.y),
        )
    };
    let (px, py) = d(apex, p);
    let (qx, qy) = d(apex, q);
    let along = px * qx + py * qy;
    along > 0 && along < qx * qx + qy * qy
}

/// The length of the segment `a → b` in cells (`docs/navmesh.md` §1): `dx² + dy²` summed
/// exactly in `i128`, rounded once to `f64`, square-rooted (libm) and divided by 2^16.
/// Points about 2^64 units apart (no mesh holds them) overflow that exact sum; their squares are
/// then rounded one by one, so any two points give a finite length and never a panic.
///
/// # Examples
///
/// ```
/// use onepath::navmesh::{NavPoint, segment_length};
/// assert_eq!(segment_length(NavPoint::corner(0, 0), NavPoint::corner(3, 4)), 5.0);
/// ```
#[inline]
pub fn segment_length(a: NavPoint, b: NavPoint) -> f64 {
    let dx = i128::from(b.x) - i128::from(a.x);
    let dy = i128::from(b.y) - i128::from(a.y);
    let (ux, uy) = (dx.unsigned_abs(), dy.unsigned_abs());
    // Every mesh point is within 2^31 fixed-point units of every other on meshes up to 2^15
    // cells a side, so the exact sum fits in a u64 (< 2^63): the same integer, rounded once to
    // the same double, without the slower 128-bit conversion. Larger differences (hostile
    // points, huge meshes) take the 128-bit path.
    #[allow(clippy::cast_precision_loss)] // rounded once, as the contract says
    let sq = if ux < 1 << 31 && uy < 1 << 31 {
        #[allow(clippy::cast_possible_truncation)] // both below 2^31
        let (x, y) = (ux as u64, uy as u64);
        (x * x + y * y) as f64
    } else {
        // Only points ~2^64 units apart overflow the exact sum (no mesh holds them: a hostile
        // caller's points); each square is rounded on its own then, and nothing panics.
        (ux * ux).checked_add(uy * uy).map_or_else(
            || {
                let (x, y) = (ux as f64, uy as f64);
                x * x + y * y
            },
            |sum| sum as f64,
        )
    };
    crate::math::sqrt(sq) / 65536.0
}

/// The length of a polyline in cells: its segments' lengths summed first to last.
pub(crate) fn path_length(points: impl IntoIterator<Item = NavPoint>) -> f64 {
    let mut total = 0.0;
    let mut prev: Option<NavPoint> = None;
    for p in points {
        if let Some(q) = prev {
            total += segment_length(q, p);
        }
        prev = Some(p);
    }
    total
}

/// Appends a waypoint, dropping one equal to the previous waypoint and replacing the last
/// one when it is collinear with its neighbours.
fn emit(out: &mut Vec<NavWaypoint>, point: NavPoint, corridor_index: u32, corridor: &[u32]) {
    loop {
        if out.last().is_some_and(|w| w.point == point) {
            return;
        }
        match out.as_slice() {
            [.., a, b] if in_line(a.point, b.point, point) => {
                out.pop();
            }
            _ => break,
        }
    }
    let polygon = corridor
        .get(corridor_index as usize)
        .copied()
        .unwrap_or(u32::MAX);
    out.push(NavWaypoint {
        point,
        corridor_index,
        polygon,
    });
}

/// Pulls the string from `start` to `goal` through `portals` into `out` (cleared first) and
/// returns the path's length in cells (`docs/navmesh.md` §8): the shortest path from `start`
/// to `goal` that crosses the portals in order, as waypoints (start, turn points, goal; a
/// repeated point and the middle of three collinear points dropped). Portal `i` is
/// `[left, right]` as seen when crossing it from `corridor[i]` into `corridor[i + 1]`;
/// `corridor` names the polygons for the waypoints and should hold `portals.len() + 1` ids
/// (a missing one reads as `u32::MAX`). [`NavSearch`](super::NavSearch) calls it on the
/// corridor it found; it is public for callers that build corridors of their own.
///
/// The portals must form a corridor: consecutive convex polygons, `start` in the first and
/// `goal` in the last, each portal's left endpoint counter-clockwise of its right one as seen
/// from inside the polygon before it. On other input the answer is some polyline through the
/// portals' endpoints, never a panic.
///
/// # Complexity
///
/// O(n) for n portals in typical corridors, O(n²) in the worst case (each turn rewinds to
/// the portal after the new apex). Allocates only when `out` has less room than
/// `portals.len() + 2` waypoints.
///
/// # Examples
///
/// ```
/// use onepath::navmesh::{NavPoint, funnel};
/// // Two unit squares side by side and a third on top of the right one: an L.
/// let c = NavPoint::corner;
/// let portals = [[c(1, 1), c(1, 0)], [c(1, 1), c(2, 1)]];
/// // From (0.5, 0.5) to (1.5, 1.75): the straight line would leave the corridor.
/// let (start, goal) = (NavPoint { x: 32768, y: 32768 }, NavPoint { x: 98304, y: 114688 });
/// let mut out = Vec::new();
/// let length = funnel(start, goal, &portals, &[0, 1, 2], &mut out);
/// let points: Vec<NavPoint> = out.iter().map(|w| w.point).collect();
/// assert_eq!(points, [start, c(1, 1), goal]); // around the inner corner
/// assert_eq!(out[1].corridor_index, 2); // leaves the corner into the top square
/// assert_eq!(length, 0.5f64.sqrt() + 0.8125f64.sqrt());
/// ```
pub fn funnel(
    start: NavPoint,
    goal: NavPoint,
    portals: &[[NavPoint; 2]],
    corridor: &[u32],
    out: &mut Vec<NavWaypoint>,
) -> f64 {
    out.clear();
    let n = portals.len();
    // Portal sequence: 0 is the start, 1..=n the portals, n + 1 the goal.
    let portal = |i: usize| -> [NavPoint; 2] {
        if i == 0 {
            [start, start]
        } else if i <= n {
            portals[i - 1]
        } else {
            [goal, goal]
        }
    };
    let index = |i: usize| -> u32 { i.min(n) as u32 };
    emit(out, start, 0, corridor);
    let (mut apex, mut left, mut right) = (start, start, start);
    let (mut li, mut ri) = (0usize, 0usize);
    let mut i = 1usize;
    while i <= n + 1 {
        let [l, r] = portal(i);
        // A portal through the apex itself (the apex on its segment) is crossed there:
        // nothing to narrow while the funnel is still the apex alone.
        if left == apex && right == apex && on_segment(apex, l, r) {
            i += 1;
            continue;
        }
        // The next apex and its portal index, when this portal closes the funnel.
        let mut turn: Option<(NavPoint, usize)> = None;
        // Narrow the right boundary: r is not outside it.
        if orient(apex, right, r) >= 0 {
            if apex == right || orient(apex, left, r) < 0 {
                right = r;
                ri = i;
            } else if nearer_on_ray(apex, r, left) {
                // r lies on the left boundary's ray before its point: the path runs along
                // that ray and turns at r.
                turn = Some((r, i));
            } else {
                // r reaches over the left boundary: its point is a turn.
                turn = Some((left, li));
            }
        }
        // Narrow the left boundary: l is not outside it.
        if turn.is_none() && orient(apex, left, l) <= 0 {
            if apex == left || orient(apex, right, l) > 0 {
                left = l;
                li = i;
            } else if nearer_on_ray(apex, l, right) {
                turn = Some((l, i));
            } else {
                turn = Some((right, ri));
            }
        }
        // A funnel closed to one ray (both boundaries on it, as after a portal in line with
        // the apex): every way on passes its nearer point first, which is the turn.
        if turn.is_none() && left != right && apex != left && apex != right {
            if nearer_on_ray(apex, right, left) {
                turn = Some((right, ri));
            } else if nearer_on_ray(apex, left, right) {
                turn = Some((left, li));
            }
        }
        match turn {
            Some((point, at)) => {
                apex = point;
                emit(out, apex, index(at), corridor);
                (left, right) = (apex, apex);
                (li, ri) = (at, at);
                i = at + 1;
            }
            None => i += 1,
        }
    }
    emit(out, goal, index(n + 1), corridor);
    path_length(out.iter().map(|w| w.point))
}

#[cfg(test)]
mod tests {
    use super::{NavPoint, segment_length};
    use crate::math::SplitMix64;

    /// The contract's formula, always through `i128`.
    fn wide(a: NavPoint, b: NavPoint) -> f64 {
        let dx = i128::from(b.x) - i128::from(a.x);
        let dy = i128::from(b.y) - i128::from(a.y);
        #[allow(clippy::cast_precision_loss)]
        let sq = (dx * dx + dy * dy) as f64;
        crate::math::sqrt(sq) / 65536.0
    }

    #[test]
    fn the_u64_path_gives_the_bits_of_the_i128_formula() {
        let mut r = SplitMix64::new(29);
        let edge = 1i64 << 31;
        for _ in 0..20_000 {
            // Differences around the 2^31 switch, and the extremes.
            let pick = |r: &mut SplitMix64| -> i64 {
                match r.next_u64() % 4 {
                    0 => edge - 1 - (r.next_u64() % 1000) as i64,
                    1 => edge + (r.next_u64() % 1000) as i64,
                    2 => (r.next_u64() >> 2) as i64,
                    _ => (r.next_u64() % (1 << 20)) as i64,
                }
            };
            let a = NavPoint::new(0, 0);
            let (dx, dy) = (pick(&mut r), pick(&mut r));
            let sign = |r: &mut SplitMix64, v: i64| {
                if r.next_u64().is_multiple_of(2) {
                    v
                } else {
                    -v
                }
            };
            let b = NavPoint::new(sign(&mut r, dx), sign(&mut r, dy));
            assert_eq!(
                segment_length(a, b).to_bits(),
                wide(a, b).to_bits(),
                "{b:?}"
            );
        }
        // The extremes of i64 (no mesh holds them) give a finite length, never a panic.
        let far = segment_length(
            NavPoint::new(i64::MAX, i64::MIN),
            NavPoint::new(i64::MIN, i64::MAX),
        );
        assert!(far.is_finite() && far > 0.0);
    }
}
