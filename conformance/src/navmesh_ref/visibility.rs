//! The Euclidean shortest path inside the mesh region (issue 30's reference for Polyanya),
//! written from the paper's definition of the answer and `docs/navmesh.md` (§1 lengths, §2 the
//! kept cells, §3 "Radius 0 region": the union of the kept cells' closed squares; paths may run
//! along wall edges and touch wall corners, never pass through a pinch — a corner where only
//! two diagonally opposite cells are kept), never from the engine.
//!
//! Dijkstra over the visibility graph of the start, the goal and the region's corners, an edge
//! between two nodes when the segment joining them passes [`segment_inside`] (exact rationals,
//! the pinch rule). A shortest path in a polygonal domain bends only at reflex vertices of the
//! domain (Lee & Preparata 1984): corners with exactly three of their four cells kept; a pinch
//! is convex on both of its sides. [`shortest_in_region_with`] with `reflex_only` false takes
//! every corner of a kept cell except pinches (a self-test checks the two agree).

use super::dijkstra::dense_dijkstra;
use super::region::segment_inside;
use super::{corner, segment_length};

/// Kind of a cell corner: how many of its four cells are kept, and whether it is a pinch.
pub(super) fn corner_kind(set: &dyn Fn(i64, i64) -> bool, c: [i64; 2]) -> (usize, bool) {
    let q = [
        set(c[0] - 1, c[1] - 1),
        set(c[0], c[1] - 1),
        set(c[0] - 1, c[1]),
        set(c[0], c[1]),
    ];
    let n = q.iter().filter(|&&b| b).count();
    (n, n == 2 && q[0] == q[3])
}

/// Whether the fixed-point point `p` lies in the region (some kept cell's closed square).
pub fn point_in_region(width: u32, height: u32, kept: &[bool], p: [i64; 2]) -> bool {
    segment_inside(&cell_set(width, height, kept), p, p).is_ok()
}

fn cell_set(width: u32, height: u32, kept: &[bool]) -> impl Fn(i64, i64) -> bool + '_ {
    let (w, h) = (i64::from(width), i64::from(height));
    move |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && kept[(y * w + x) as usize]
}

/// The shortest path from `start` to `goal` (fixed-point, both in the region) inside the
/// region of the row-major `kept` cells: its length (docs §1, summed first to last) and its
/// waypoints, or `None` when the goal is not reachable.
pub fn shortest_in_region(
    width: u32,
    height: u32,
    kept: &[bool],
    start: [i64; 2],
    goal: [i64; 2],
) -> Option<(f64, Vec<[i64; 2]>)> {
    shortest_in_region_with(width, height, kept, start, goal, true)
}

/// [`shortest_in_region`] over reflex corners only (`reflex_only`) or every non-pinch corner.
pub fn shortest_in_region_with(
    width: u32,
    height: u32,
    kept: &[bool],
    start: [i64; 2],
    goal: [i64; 2],
    reflex_only: bool,
) -> Option<(f64, Vec<[i64; 2]>)> {
    let set = cell_set(width, height, kept);
    let mut nodes: Vec<[i64; 2]> = vec![start, goal];
    for j in 0..=i64::from(height) {
        for i in 0..=i64::from(width) {
            let (n, pinch) = corner_kind(&set, [i, j]);
            let keep = if reflex_only { n == 3 } else { n > 0 && !pinch };
            if keep {
                nodes.push(corner(i, j));
            }
        }
    }
    let (length, chain) = dense_dijkstra(
        nodes.len(),
        |v| v == 1 || nodes[v] == goal,
        |u, v| Some(segment_length(nodes[u], nodes[v])),
        |u, v| segment_inside(&set, nodes[u], nodes[v]).is_ok(),
    )?;
    let mut path: Vec<[i64; 2]> = chain.into_iter().map(|v| nodes[v]).collect();
    if path.last() != Some(&goal) {
        path.push(goal);
    }
    path.dedup();
    Some((length, path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::navmesh_ref::{UNIT, cell_center, path_length};
    use crate::rng::SplitMix64;

    fn grid(rows: &[&str]) -> (u32, u32, Vec<bool>) {
        // Row y = 0 is the first string.
        let w = rows[0].len() as u32;
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '.'))
            .collect();
        (w, rows.len() as u32, cells)
    }

    #[test]
    fn around_a_wall_and_not_through_a_pinch() {
        let (w, h, k) = grid(&["..#..", "..#..", "....."]);
        let (len, path) =
            shortest_in_region(w, h, &k, cell_center(0, 0), cell_center(4, 0)).unwrap();
        assert_eq!(
            path,
            [
                cell_center(0, 0),
                corner(2, 2),
                corner(3, 2),
                cell_center(4, 0)
            ]
        );
        assert!((len - (2.0 * 4.5f64.sqrt() + 1.0)).abs() < 1e-12);
        // Two cells touching at a corner only: not connected.
        let (w, h, k) = grid(&[".#", "#."]);
        assert!(shortest_in_region(w, h, &k, cell_center(0, 0), cell_center(1, 1)).is_none());
        // But the pinch point itself reaches both.
        assert!(shortest_in_region(w, h, &k, corner(1, 1), cell_center(1, 1)).is_some());
    }

    #[test]
    fn reflex_corners_suffice() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..60 {
            let (w, h) = (1 + rng.below(9) as u32, 1 + rng.below(9) as u32);
            let k: Vec<bool> = (0..w * h).map(|_| !rng.chance(0.3)).collect();
            let free: Vec<usize> = (0..k.len()).filter(|&i| k[i]).collect();
            if free.is_empty() {
                continue;
            }
            let pick = |rng: &mut SplitMix64| {
                let c = free[rng.below(free.len() as u64) as usize] as i64;
                let (x, y) = (c % i64::from(w), c / i64::from(w));
                [
                    x * UNIT + rng.below(UNIT as u64 + 1) as i64,
                    y * UNIT + rng.below(UNIT as u64 + 1) as i64,
                ]
            };
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            let r = shortest_in_region_with(w, h, &k, a, b, true);
            let all = shortest_in_region_with(w, h, &k, a, b, false);
            assert_eq!(r.is_some(), all.is_some());
            if let (Some((l1, p1)), Some((l2, _))) = (r, all) {
                assert!((l1 - l2).abs() <= 1e-9 * l2.max(1.0), "{l1} vs {l2}");
                assert!((path_length(&p1) - l1).abs() <= 1e-9 * l1.max(1.0));
            }
        }
    }
}
