//! Mazes: a depth-first ("recursive backtracker") spanning tree on the odd cells, then a few
//! walls knocked out so there are loops (several routes of different costs).

use onepath::grid::WALL;
use onepath::math::SplitMix64;

use super::Map;

/// A `width × height` maze. Passage cells sit at odd (x, y) with `x < width - 1`,
/// `y < height - 1`; walls everywhere else to start with.
///
/// Carving: start at (1, 1); while the stack is not empty, look at the top cell's unvisited
/// passage neighbours two steps away in the order N, E, S, W; none → pop; otherwise pick one
/// with `below(count)`, open the wall between and push it. Then every wall cell with a passage
/// on both sides (left/right or above/below) is opened with probability `loops_percent / 100`,
/// row-major.
///
/// # Panics
///
/// When a side is below 3.
pub fn maze(width: u32, height: u32, loops_percent: u32, seed: u64) -> Map {
    assert!(width >= 3 && height >= 3, "maze too small");
    let mut rng = SplitMix64::new(seed);
    let mut m = Map::filled(width, height, WALL);
    let (cw, ch) = ((width - 1) / 2, (height - 1) / 2); // passage cells per row / column
    let mut visited = vec![false; (cw * ch) as usize];
    let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
    visited[0] = true;
    m.set(1, 1, 0);
    while let Some(&(cx, cy)) = stack.last() {
        let mut options: [(u32, u32); 4] = [(0, 0); 4];
        let mut n = 0usize;
        let candidates = [
            (cy > 0).then(|| (cx, cy.wrapping_sub(1))),
            (cx + 1 < cw).then_some((cx + 1, cy)),
            (cy + 1 < ch).then_some((cx, cy + 1)),
            (cx > 0).then(|| (cx.wrapping_sub(1), cy)),
        ];
        for (nx, ny) in candidates.into_iter().flatten() {
            if !visited[(ny * cw + nx) as usize] {
                options[n] = (nx, ny);
                n += 1;
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let (nx, ny) = options[rng.below(n as u32) as usize];
        visited[(ny * cw + nx) as usize] = true;
        m.set(cx + nx + 1, cy + ny + 1, 0); // the wall between: midpoint of (2cx+1, 2nx+1)
        m.set(2 * nx + 1, 2 * ny + 1, 0);
        stack.push((nx, ny));
    }
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            if m.get(x, y) != WALL {
                continue;
            }
            let horizontal = m.is_open(i64::from(x) - 1, i64::from(y))
                && m.is_open(i64::from(x) + 1, i64::from(y));
            let vertical = m.is_open(i64::from(x), i64::from(y) - 1)
                && m.is_open(i64::from(x), i64::from(y) + 1);
            if (horizontal || vertical) && rng.chance(loops_percent, 100) {
                m.set(x, y, 0);
            }
        }
    }
    m
}
