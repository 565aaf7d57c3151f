//! The shortest path through a corridor's portals in order (docs §8, the funnel's answer):
//! Dijkstra over the start, the goal and the portals' endpoints, where a segment is allowed when
//! it meets every portal between its ends, in corridor order, along the segment (exact
//! rationals). Between two consecutive portal crossings the segment lies in one convex polygon,
//! so such a segment stays inside the chain of polygons glued along the portals (the sleeve).
//!
//! A shortest path in a sleeve bends only at portal endpoints (Lee & Preparata 1984), so these
//! nodes suffice. [`corridor`](super::corridor) answers the looser question "shortest inside
//! the union of the corridor's polygons", which can be shorter when two polygons of the corridor
//! that are not consecutive share an edge.

use std::cmp::Ordering;

use super::dijkstra::dense_dijkstra;
use super::{UNIT, segment_length};

/// A fraction `n / d`, `d > 0`.
type Frac = (i128, i128);

fn lt(a: Frac, b: Frac) -> bool {
    (a.0 * b.1).cmp(&(b.0 * a.1)) == Ordering::Less
}

fn frac(n: i128, d: i128) -> Frac {
    if d < 0 { (-n, -d) } else { (n, d) }
}

fn cross(a: [i128; 2], b: [i128; 2]) -> i128 {
    a[0] * b[1] - a[1] * b[0]
}

fn dot(a: [i128; 2], b: [i128; 2]) -> i128 {
    a[0] * b[0] + a[1] * b[1]
}

fn sub(a: [i64; 2], b: [i64; 2]) -> [i128; 2] {
    [
        i128::from(a[0]) - i128::from(b[0]),
        i128::from(a[1]) - i128::from(b[1]),
    ]
}

/// The parameters `t ∈ [0, 1]` at which `a + t (b − a)` lies on the closed segment `p q`, as a
/// closed interval, or `None`.
fn meet(a: [i64; 2], b: [i64; 2], p: [i64; 2], q: [i64; 2]) -> Option<(Frac, Frac)> {
    let (d, e, ap) = (sub(b, a), sub(q, p), sub(p, a));
    if d == [0, 0] {
        let pa = sub(a, p);
        let on = cross(e, pa) == 0 && dot(pa, e) >= 0 && dot(pa, e) <= dot(e, e);
        return on.then_some(((0, 1), (1, 1)));
    }
    let den = cross(d, e);
    if den != 0 {
        let t = frac(cross(ap, e), den);
        let s = frac(cross(ap, d), den);
        let inside = |f: Frac| f.0 >= 0 && f.0 <= f.1;
        return (inside(t) && inside(s)).then_some((t, t));
    }
    if cross(ap, d) != 0 {
        return None;
    }
    // Collinear: project p and q onto the segment's parameter.
    let dd = dot(d, d);
    let (tp, tq) = ((dot(ap, d), dd), (dot(sub(q, a), d), dd));
    let (lo, hi) = if lt(tq, tp) { (tq, tp) } else { (tp, tq) };
    let lo = if lt(lo, (0, 1)) { (0, 1) } else { lo };
    let hi = if lt((1, 1), hi) { (1, 1) } else { hi };
    (!lt(hi, lo)).then_some((lo, hi))
}

/// Whether segment `a → b` meets `portals` in order along it.
fn crosses_in_order(a: [i64; 2], b: [i64; 2], portals: &[([i64; 2], [i64; 2])]) -> bool {
    let mut at: Frac = (0, 1);
    for &(p, q) in portals {
        let Some((lo, hi)) = meet(a, b, p, q) else {
            return false;
        };
        if lt(hi, at) {
            return false;
        }
        if lt(at, lo) {
            at = lo;
        }
    }
    true
}

/// The portals of a corridor, fixed-point, each as the shared edge of polygon `k` linked to
/// polygon `k + 1` (`None` when two consecutive polygons share no edge).
pub fn portals(
    verts: &[Vec<[i64; 2]>],
    links: &[Vec<Option<(u32, u32)>>],
    corridor: &[u32],
) -> Option<Vec<([i64; 2], [i64; 2])>> {
    let mut out = Vec::with_capacity(corridor.len().saturating_sub(1));
    for w in corridor.windows(2) {
        let (p, q) = (w[0] as usize, w[1]);
        let k = links[p]
            .iter()
            .position(|l| l.is_some_and(|(o, _)| o == q))?;
        let v = &verts[p];
        let (a, b) = (v[k], v[(k + 1) % v.len()]);
        out.push(([a[0] * UNIT, a[1] * UNIT], [b[0] * UNIT, b[1] * UNIT]));
    }
    Some(out)
}

/// The shortest path from `start` to `goal` (fixed-point) through `portals` in order: its
/// length (docs §1) and its points (collinear points may remain; see
/// [`simplify`](super::corridor::simplify)).
pub fn shortest_in_sleeve(
    portals: &[([i64; 2], [i64; 2])],
    start: [i64; 2],
    goal: [i64; 2],
) -> Option<(f64, Vec<[i64; 2]>)> {
    // Nodes: (point, index of the portal it lies on); the start is before portal 0 (index
    // -1 as 0 here with `first` 0), the goal after the last.
    let m = portals.len();
    let mut nodes: Vec<([i64; 2], usize)> = vec![(start, 0)];
    for (k, &(p, q)) in portals.iter().enumerate() {
        nodes.push((p, k + 1));
        nodes.push((q, k + 1));
    }
    nodes.push((goal, m + 1));
    let goal_id = nodes.len() - 1;
    let (length, chain) = dense_dijkstra(
        nodes.len(),
        |v| v == goal_id,
        // Only forward: from a node on portal i to one on a later portal k.
        |u, v| (nodes[v].1 > nodes[u].1).then(|| segment_length(nodes[u].0, nodes[v].0)),
        // Portals strictly between: indices i + 1 ..= k - 1 in node terms, i.e. portal
        // slice [i, k - 1) (node index r stands for portal r - 1).
        |u, v| crosses_in_order(nodes[u].0, nodes[v].0, &portals[nodes[u].1..nodes[v].1 - 1]),
    )?;
    Some((length, chain.into_iter().map(|v| nodes[v].0).collect()))
}
