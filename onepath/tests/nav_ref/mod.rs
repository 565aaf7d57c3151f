//! An independent reference for the funnel (`docs/navmesh.md` §8), written from the contract:
//! the shortest path from the start to the goal that crosses the corridor's portals in order,
//! by Dijkstra over a visibility graph whose nodes are the start, the goal and every portal
//! endpoint, and whose edges are the segments that cross the portals between them in order —
//! decided exactly, with rational parameters in `i128`.
#![allow(dead_code)]

use onepath::navmesh::{NavPoint, segment_length};

/// A rational `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Q {
    num: i128,
    den: i128,
}

impl Q {
    fn new(num: i128, den: i128) -> Q {
        if den < 0 {
            Q {
                num: -num,
                den: -den,
            }
        } else {
            Q { num, den }
        }
    }
    fn le(self, o: Q) -> bool {
        self.num * o.den <= o.num * self.den
    }
}

fn sub(a: NavPoint, b: NavPoint) -> (i128, i128) {
    (
        i128::from(a.x) - i128::from(b.x),
        i128::from(a.y) - i128::from(b.y),
    )
}

fn cross(a: (i128, i128), b: (i128, i128)) -> i128 {
    a.0 * b.1 - a.1 * b.0
}

fn dot(a: (i128, i128), b: (i128, i128)) -> i128 {
    a.0 * b.0 + a.1 * b.1
}

/// The parameters `t` in `[0, 1]` at which `p + t (q − p)` lies on the closed segment
/// `[a, b]`: an interval, or `None`.
fn hit(p: NavPoint, q: NavPoint, a: NavPoint, b: NavPoint) -> Option<(Q, Q)> {
    let d = sub(q, p);
    let e = sub(b, a);
    let ap = sub(a, p);
    if d == (0, 0) {
        // A point: on the segment or not.
        let on =
            cross(e, sub(p, a)) == 0 && dot(sub(p, a), e) >= 0 && dot(sub(p, b), (-e.0, -e.1)) >= 0;
        return on.then_some((Q::new(0, 1), Q::new(1, 1)));
    }
    let den = cross(d, e);
    if den != 0 {
        let t = Q::new(cross(ap, e), den);
        let s = Q::new(cross(ap, d), den);
        let zero = Q::new(0, 1);
        let one = Q::new(1, 1);
        return (zero.le(t) && t.le(one) && zero.le(s) && s.le(one)).then_some((t, t));
    }
    if cross(ap, d) != 0 {
        return None; // parallel, apart
    }
    // Collinear: project the portal's endpoints on the segment.
    let dd = dot(d, d);
    let ta = Q::new(dot(ap, d), dd);
    let tb = Q::new(dot(sub(b, p), d), dd);
    let (lo, hi) = if ta.le(tb) { (ta, tb) } else { (tb, ta) };
    let lo = if Q::new(0, 1).le(lo) {
        lo
    } else {
        Q::new(0, 1)
    };
    let hi = if hi.le(Q::new(1, 1)) {
        hi
    } else {
        Q::new(1, 1)
    };
    lo.le(hi).then_some((lo, hi))
}

/// Whether the segment `p → q` crosses `portals[from..to]` in order (each at a parameter no
/// smaller than the one before): then, the polygons being convex, it stays in the corridor.
pub fn crosses_in_order(
    p: NavPoint,
    q: NavPoint,
    portals: &[[NavPoint; 2]],
    from: usize,
    to: usize,
) -> bool {
    let mut t = Q::new(0, 1);
    for portal in &portals[from..to] {
        let Some((lo, hi)) = hit(p, q, portal[0], portal[1]) else {
            return false;
        };
        if t.le(lo) {
            t = lo;
        }
        if !t.le(hi) {
            return false;
        }
    }
    true
}

/// The reference shortest length from `start` (in corridor polygon 0) to `goal` (in polygon
/// `portals.len()`), crossing the portals in order.
pub fn shortest_length(start: NavPoint, goal: NavPoint, portals: &[[NavPoint; 2]]) -> f64 {
    let n = portals.len();
    // (point, lowest polygon it lies in, highest polygon it lies in)
    let mut nodes = vec![(start, 0usize, 0usize)];
    for (i, p) in portals.iter().enumerate() {
        nodes.push((p[0], i, i + 1));
        nodes.push((p[1], i, i + 1));
    }
    nodes.push((goal, n, n));
    let goal_ix = nodes.len() - 1;
    let mut dist = vec![f64::INFINITY; nodes.len()];
    let mut done = vec![false; nodes.len()];
    dist[0] = 0.0;
    while let Some(u) = (0..nodes.len())
        .filter(|&i| !done[i] && dist[i].is_finite())
        .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
    {
        done[u] = true;
        if u == goal_ix {
            break;
        }
        let (p, lo, _) = nodes[u];
        for v in 0..nodes.len() {
            let (q, _, hi) = nodes[v];
            if done[v] || lo > hi || !crosses_in_order(p, q, portals, lo, hi) {
                continue;
            }
            let d = dist[u] + segment_length(p, q);
            if d < dist[v] {
                dist[v] = d;
            }
        }
    }
    dist[goal_ix]
}

/// Checks a funnel answer against the contract: it starts at `start` and ends at `goal`, no
/// two consecutive waypoints are equal and no three are in line (collinear, going on), every
/// segment crosses the portals between its waypoints' corridor indices in order, and its
/// length is the sum of its segments, bit for bit. Returns a description of the first failure.
pub fn check_legal(
    start: NavPoint,
    goal: NavPoint,
    portals: &[[NavPoint; 2]],
    points: &[(NavPoint, u32)],
    length: f64,
) -> Result<(), String> {
    let n = portals.len();
    if points.first().map(|w| w.0) != Some(start) || points.last().map(|w| w.0) != Some(goal) {
        return Err(format!("ends: {points:?}"));
    }
    if points.len() == 1 && start != goal {
        return Err("one waypoint for two points".into());
    }
    for w in points.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(format!("repeated waypoint {:?}", w[0]));
        }
        // A waypoint at portal i has corridor index i + 1; the goal has n: the segment
        // crosses portals from..to.
        let (from, to) = (w[0].1 as usize, w[1].1 as usize);
        if from > to || to > n || !crosses_in_order(w[0].0, w[1].0, portals, from, to) {
            return Err(format!("segment {w:?} leaves the corridor"));
        }
    }
    for w in points.windows(3) {
        // In line: collinear and going on the same way (a reversal is a real turn).
        let o = cross(sub(w[1].0, w[0].0), sub(w[2].0, w[0].0));
        if o == 0 && dot(sub(w[1].0, w[0].0), sub(w[2].0, w[1].0)) > 0 {
            return Err(format!("collinear waypoints {w:?}"));
        }
    }
    let mut sum = 0.0;
    for w in points.windows(2) {
        sum += segment_length(w[0].0, w[1].0);
    }
    if sum.to_bits() != length.to_bits() {
        return Err(format!(
            "length {length} is not the sum of the segments {sum}"
        ));
    }
    Ok(())
}

/// [`check_legal`], and the length is the reference's shortest through the portals
/// (relative 1e-9). Returns a description of the first failure.
pub fn check_path(
    start: NavPoint,
    goal: NavPoint,
    portals: &[[NavPoint; 2]],
    points: &[(NavPoint, u32)],
    length: f64,
) -> Result<(), String> {
    check_legal(start, goal, portals, points, length)?;
    let best = shortest_length(start, goal, portals);
    if (length - best).abs() > 1e-9 * best.max(1.0) {
        return Err(format!("length {length}, shortest in the corridor {best}"));
    }
    Ok(())
}
