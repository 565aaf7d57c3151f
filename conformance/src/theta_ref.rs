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
    loop {
        let mut best: Option<usize> = None;
        for i in 0..n {
            if !done[i] && cost[i].is_finite() && best.is_none_or(|b| cost[i] < cost[b]) {
                best = Some(i);
            }
        }
        let Some(u) = best else { break };
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
