//! The shortest path inside a corridor (docs §8): the funnel must return the shortest path from
//! start to goal inside the union of the corridor's polygons. Reference: Dijkstra over the
//! visibility graph of the start, the goal and the corridor polygons' vertices, with the exact
//! segment test of [`region`](super::region) against the corridor's cells (the pinch rule
//! applies: two corridor cells touching only at a corner do not connect through it).
//!
//! Only vertices where exactly three of the four surrounding cells are corridor cells (reflex
//! corners of the corridor) are kept as nodes: a shortest path in a polygonal domain bends only
//! at reflex vertices (Lee & Preparata 1984), and a pinch is convex on both of its sides.

use super::bake::RefMesh;
use super::dijkstra::dense_dijkstra;
use super::region::segment_inside;
use super::visibility::corner_kind;
use super::{corner, segment_length};

/// The corridor's cells, row-major over the mesh's grid: cells whose centre lies in one of the
/// corridor's polygons (the checker proves polygons are unions of whole cells).
pub fn corridor_cells(
    width: u32,
    height: u32,
    polys: &[Vec<[i64; 2]>],
    corridor: &[u32],
) -> Vec<bool> {
    let w = i64::from(width);
    let mut set = vec![false; (w * i64::from(height)) as usize];
    for &p in corridor {
        for (_, _, i) in super::covered_cells(&polys[p as usize], w) {
            set[i] = true;
        }
    }
    set
}

/// The shortest path from `start` to `goal` (fixed-point) inside the corridor: its length
/// (docs §1, summed first to last) and its waypoints, or `None` when the goal is not reachable
/// inside it.
pub fn shortest_in_corridor(
    width: u32,
    height: u32,
    polys: &[Vec<[i64; 2]>],
    corridor: &[u32],
    start: [i64; 2],
    goal: [i64; 2],
) -> Option<(f64, Vec<[i64; 2]>)> {
    shortest_with(width, height, polys, corridor, start, goal, true)
}

/// [`shortest_in_corridor`] with `reflex_only` false: every corridor vertex except pinches is a
/// node (a self-test checks that the pruning loses nothing).
pub fn shortest_with(
    width: u32,
    height: u32,
    polys: &[Vec<[i64; 2]>],
    corridor: &[u32],
    start: [i64; 2],
    goal: [i64; 2],
    reflex_only: bool,
) -> Option<(f64, Vec<[i64; 2]>)> {
    let (w, h) = (i64::from(width), i64::from(height));
    let cells = corridor_cells(width, height, polys, corridor);
    let set = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && cells[(y * w + x) as usize];
    let mut nodes: Vec<[i64; 2]> = vec![start, goal];
    let mut corners: Vec<[i64; 2]> = corridor
        .iter()
        .flat_map(|&p| polys[p as usize].iter().copied())
        .collect();
    corners.sort_unstable();
    corners.dedup();
    for c in corners {
        let (count, pinch) = corner_kind(&set, c);
        if count == 3 || (!reflex_only && !pinch) {
            nodes.push(corner(c[0], c[1]));
        }
    }
    let (length, chain) = dense_dijkstra(
        nodes.len(),
        |v| v == 1,
        |u, v| Some(segment_length(nodes[u], nodes[v])),
        |u, v| segment_inside(&set, nodes[u], nodes[v]).is_ok(),
    )?;
    Some((length, chain.into_iter().map(|v| nodes[v]).collect()))
}

/// Whether `goal_poly` is reachable from `start_poly` over the mesh's links (breadth first).
pub fn reachable(mesh: &RefMesh, start_poly: u32, goal_poly: u32) -> bool {
    let mut seen = vec![false; mesh.polys.len()];
    let mut queue = vec![start_poly];
    seen[start_poly as usize] = true;
    while let Some(p) = queue.pop() {
        if p == goal_poly {
            return true;
        }
        for &(q, _) in mesh.polys[p as usize].links.iter().flatten() {
            if !seen[q as usize] {
                seen[q as usize] = true;
                queue.push(q);
            }
        }
    }
    false
}

/// A path with repeated points and in-line middle points dropped (docs §8: no waypoint equal
/// to the previous one; a turn point collinear with its neighbours and going on in the same
/// direction is dropped, a reversal is kept).
pub fn simplify(path: &[[i64; 2]]) -> Vec<[i64; 2]> {
    let mut out: Vec<[i64; 2]> = Vec::with_capacity(path.len());
    for &p in path {
        if out.last() == Some(&p) {
            continue;
        }
        while out.len() >= 2 {
            let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
            let (d1, d2) = (
                [i128::from(b[0] - a[0]), i128::from(b[1] - a[1])],
                [i128::from(p[0] - b[0]), i128::from(p[1] - b[1])],
            );
            if super::orient(a, b, p) == 0 && d1[0] * d2[0] + d1[1] * d2[1] > 0 {
                out.pop();
            } else {
                break;
            }
        }
        out.push(p);
    }
    out
}
