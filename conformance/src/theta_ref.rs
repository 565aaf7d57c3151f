//! Any-angle references (spec: grids.md, “Any-angle search” and “Any-angle verification”),
//! written from the geometry, not from the engine's walk:
//!
//! - [`segment_touches_square`]: the exact closed-segment versus closed-square test by
//!   separating axes, in integers (coordinates doubled so centres are odd integers);
//! - [`line_of_sight`]: two cells see each other when both are walkable cells of the grid and
//!   the segment between their centres touches no wall square (outside cells are walls);
//! - [`segment_cost`] and [`path_cost`]: `m * sqrt(dx² + dy²)` per segment, added in path order;
//! - [`visibility_optimum`]: an O(n²) Dijkstra over every line-of-sight link between walkable
//!   centres (the shortest path turning only at cell centres).

/// The wall byte.
const WALL: u8 = 255;

/// Whether the closed segment between the centres of cells `a` and `b` touches the closed unit
/// square of cell `s`. Separating axes: the two coordinate axes and the segment's normal; the
/// shapes are disjoint iff one of them separates them strictly.
pub fn segment_touches_square(a: (i64, i64), b: (i64, i64), s: (i64, i64)) -> bool {
    // Doubled coordinates: the centre of (x, y) is (2x + 1, 2y + 1), the square [2x, 2x + 2].
    let (ax, ay) = (2 * a.0 + 1, 2 * a.1 + 1);
    let (bx, by) = (2 * b.0 + 1, 2 * b.1 + 1);
    let (lo_x, hi_x) = (2 * s.0, 2 * s.0 + 2);
    let (lo_y, hi_y) = (2 * s.1, 2 * s.1 + 2);
    if ax.max(bx) < lo_x || ax.min(bx) > hi_x || ay.max(by) < lo_y || ay.min(by) > hi_y {
        return false;
    }
    // The normal n = (-(by - ay), bx - ax); the segment projects to the single value n · a.
    let (nx, ny) = (-(by - ay), bx - ax);
    let on_line = nx * ax + ny * ay;
    let corners = [(lo_x, lo_y), (hi_x, lo_y), (lo_x, hi_y), (hi_x, hi_y)];
    let side = |(x, y): (i64, i64)| (nx * x + ny * y - on_line).signum();
    let all_above = corners.iter().all(|&c| side(c) > 0);
    let all_below = corners.iter().all(|&c| side(c) < 0);
    !(all_above || all_below)
}

/// Whether cell `(x, y)` lies in a `width` × `height` grid and is not a wall.
pub fn walkable(width: i32, height: i32, cells: &[u8], x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < i64::from(width)
        && y < i64::from(height)
        && cells[(y * i64::from(width) + x) as usize] != WALL
}

/// Line of sight by brute force: both ends walkable and no wall or outside cell of the
/// bounding box (widened by one, which holds every square the segment can touch) touched.
pub fn line_of_sight(width: i32, height: i32, cells: &[u8], a: (i64, i64), b: (i64, i64)) -> bool {
    if !walkable(width, height, cells, a.0, a.1) || !walkable(width, height, cells, b.0, b.1) {
        return false;
    }
    for y in a.1.min(b.1) - 1..=a.1.max(b.1) + 1 {
        for x in a.0.min(b.0) - 1..=a.0.max(b.0) + 1 {
            if !walkable(width, height, cells, x, y) && segment_touches_square(a, b, (x, y)) {
                return false;
            }
        }
    }
    true
}

/// `m * sqrt(dx * dx + dy * dy)`, the integer sum formed exactly, one rounded root.
pub fn segment_cost(m: f64, a: (i64, i64), b: (i64, i64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    m * ((dx * dx + dy * dy) as f64).sqrt()
}

/// The segment costs of a waypoint list added in path order from 0.
pub fn path_cost(m: f64, points: &[(i64, i64)]) -> f64 {
    let mut sum = 0.0;
    for w in points.windows(2) {
        sum += segment_cost(m, w[0], w[1]);
    }
    sum
}

/// The visibility graph of a grid: for each walkable cell (row-major index), the walkable cells
/// it sees (excluding itself), in index order.
pub fn visibility_graph(width: i32, height: i32, cells: &[u8]) -> Vec<Vec<usize>> {
    let n = cells.len();
    let pos = |i: usize| ((i % width as usize) as i64, (i / width as usize) as i64);
    let mut links = vec![Vec::new(); n];
    for i in 0..n {
        if cells[i] == WALL {
            continue;
        }
        for j in i + 1..n {
            if cells[j] != WALL && line_of_sight(width, height, cells, pos(i), pos(j)) {
                links[i].push(j);
                links[j].push(i);
            }
        }
    }
    links
}

/// Costs of the shortest paths from `start` over the visibility graph `links` (segment cost
/// with multiplier `m`); +∞ where unreachable.
pub fn visibility_dijkstra(width: i32, links: &[Vec<usize>], m: f64, start: usize) -> Vec<f64> {
    let n = links.len();
    let pos = |i: usize| ((i % width as usize) as i64, (i / width as usize) as i64);
    let mut cost = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    cost[start] = 0.0;
    while let Some(u) = crate::dijkstra_ref::cheapest_unsettled(&cost, &done) {
        done[u] = true;
        for &v in &links[u] {
            let c = cost[u] + segment_cost(m, pos(u), pos(v));
            if c < cost[v] {
                cost[v] = c;
            }
        }
    }
    cost
}

/// The visibility-graph optimum between two walkable cells (+∞ when unreachable).
pub fn visibility_optimum(
    width: i32,
    height: i32,
    cells: &[u8],
    m: f64,
    start: (i64, i64),
    goal: (i64, i64),
) -> f64 {
    let links = visibility_graph(width, height, cells);
    let s = (start.1 * i64::from(width) + start.0) as usize;
    let g = (goal.1 * i64::from(width) + goal.0) as usize;
    visibility_dijkstra(width, &links, m, s)[g]
}

/// `a/b < c/d` for `b, d > 0`.
fn less(a: (i128, i128), c: (i128, i128)) -> bool {
    a.0 * c.1 < c.0 * a.1
}

/// The open parameter interval of `t` where `lo < p + t d < hi` (all doubled integers), as
/// fractions with positive denominators; `None` when it is empty, `Some(None)` when every `t`
/// qualifies.
#[allow(clippy::type_complexity)]
fn open_slab(p: i64, d: i64, lo: i64, hi: i64) -> Option<Option<((i128, i128), (i128, i128))>> {
    if d == 0 {
        return (lo < p && p < hi).then_some(None);
    }
    let (a, b) = (i128::from(lo - p), i128::from(hi - p));
    let d = i128::from(d);
    let (t0, t1) = if d > 0 {
        ((a, d), (b, d))
    } else {
        ((-b, -d), (-a, -d))
    };
    Some(Some((t0, t1)))
}

/// Whether the `size × size` block with top-left cell `a` can slide in a straight line to
/// top-left cell `b` without its interior meeting the interior of a wall (outside = wall),
/// both blocks inside the grid and wall-free. Written as parametric clipping: the block's
/// top-left centre `P(t) = A + t (B − A)`, `t ∈ [0, 1]`, must never lie in the open square
/// where a block would overlap a wall.
pub fn block_sweep_clear(
    width: i32,
    height: i32,
    cells: &[u8],
    size: i64,
    a: (i64, i64),
    b: (i64, i64),
) -> bool {
    let fits = |c: (i64, i64)| {
        (0..size).all(|dy| (0..size).all(|dx| walkable(width, height, cells, c.0 + dx, c.1 + dy)))
    };
    if size < 1 || !fits(a) || !fits(b) {
        return false;
    }
    let (ax, ay, bx, by) = (2 * a.0 + 1, 2 * a.1 + 1, 2 * b.0 + 1, 2 * b.1 + 1);
    for wy in a.1.min(b.1) - size - 1..=a.1.max(b.1) + size + 1 {
        for wx in a.0.min(b.0) - size - 1..=a.0.max(b.0) + size + 1 {
            if walkable(width, height, cells, wx, wy) {
                continue;
            }
            let sx = open_slab(ax, bx - ax, 2 * wx - 2 * size + 1, 2 * wx + 3);
            let sy = open_slab(ay, by - ay, 2 * wy - 2 * size + 1, 2 * wy + 3);
            let (Some(sx), Some(sy)) = (sx, sy) else {
                continue;
            };
            // The open interval where both hold, met with the closed [0, 1].
            let mut lo = (-1i128, 1i128);
            let mut hi = (2i128, 1i128);
            for (t0, t1) in [sx, sy].into_iter().flatten() {
                if less(lo, t0) {
                    lo = t0;
                }
                if less(t1, hi) {
                    hi = t1;
                }
            }
            if less(lo, hi) && less(lo, (1, 1)) && less((0, 1), hi) {
                return false;
            }
        }
    }
    true
}

/// Whether the chord `a`–`b` (grid units, cell `(x, y)` spanning `[x, x + 1] × [y, y + 1]`)
/// meets no wall square (closed; outside = wall). Parametric clipping in `f64`; meant for
/// chords the engine keeps a margin of 1e-9 cells from walls, far above the rounding here.
pub fn chord_in_walkable_space(
    width: i32,
    height: i32,
    cells: &[u8],
    a: (f64, f64),
    b: (f64, f64),
) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let x0 = a.0.min(b.0).floor() as i64 - 1;
    let x1 = a.0.max(b.0).floor() as i64 + 1;
    let y0 = a.1.min(b.1).floor() as i64 - 1;
    let y1 = a.1.max(b.1).floor() as i64 + 1;
    for y in y0..=y1 {
        for x in x0..=x1 {
            if walkable(width, height, cells, x, y) {
                continue;
            }
            let (mut lo, mut hi) = (0.0f64, 1.0f64);
            let mut empty = false;
            for (p, d, l, h) in [
                (a.0, dx, x as f64, (x + 1) as f64),
                (a.1, dy, y as f64, (y + 1) as f64),
            ] {
                if d == 0.0 {
                    if p < l || p > h {
                        empty = true;
                    }
                } else {
                    let (t0, t1) = ((l - p) / d, (h - p) / d);
                    let (t0, t1) = if t0 < t1 { (t0, t1) } else { (t1, t0) };
                    lo = lo.max(t0);
                    hi = hi.min(t1);
                }
            }
            if !empty && lo <= hi {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_touch_and_gaps_do_not() {
        // The diagonal (0,0) -> (2,2) runs through the centre of (1,1).
        assert!(segment_touches_square((0, 0), (2, 2), (1, 1)));
        // Diagonal neighbours touch both beside squares at their shared corner.
        assert!(segment_touches_square((0, 0), (1, 1), (1, 0)));
        assert!(segment_touches_square((0, 0), (1, 1), (0, 1)));
        // A knight move does not touch the far beside square.
        assert!(!segment_touches_square((0, 0), (2, 1), (0, 1)));
        assert!(segment_touches_square((0, 0), (2, 1), (1, 0)));
        assert!(!segment_touches_square((0, 0), (3, 0), (1, 1)));
    }

    #[test]
    fn line_of_sight_on_a_small_picture() {
        // .#
        // ..
        let cells = [0, WALL, 0, 0];
        assert!(!line_of_sight(2, 2, &cells, (0, 0), (1, 1)));
        assert!(line_of_sight(2, 2, &cells, (0, 0), (0, 1)));
        assert!(!line_of_sight(2, 2, &cells, (0, 0), (1, 0)));
        assert!(!line_of_sight(2, 2, &cells, (0, 0), (2, 0)));
        let links = visibility_graph(2, 2, &cells);
        let d = visibility_dijkstra(2, &links, 1.0, 0);
        assert_eq!(d[3], 2.0);
    }
}
