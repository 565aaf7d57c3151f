//! Line-of-sight smoothing of a cell path into waypoints (spec: guide-pathfinding.md, §7.1
//! “Line-of-Sight Smoothing”), for agents of any size, and the in-order cost of a waypoint
//! list.
//!
//! # Rule
//!
//! Greedy farthest-visible: from the current waypoint (the start first), the next one is the
//! *last* cell of the input path that the current one sees, looked for from the end of the
//! path backwards; if it sees none but the next input cell, that cell is kept. The goal is
//! always the last waypoint. "Sees" is [`GridLineOfSight`] for agents of size 1. An agent of
//! side `s > 1` occupies the `s × s` block whose top-left cell is its position; it sees a cell
//! when the block fits there (clearance ≥ `s`) and the block swept in a straight line from one
//! position to the other overlaps the interior of no wall and stays inside the grid (an exact
//! integer test, [`block_sweep_clear`]). Every legal grid move of the agent passes that test,
//! so any legal input path smooths.
//!
//! # Cost
//!
//! On a grid whose walkable areas all cost the same, [`waypoint_cost`] adds
//! `m * sqrt(dx² + dy²)` per segment in path order from 0, as the any-angle searches price
//! their paths; a shortcut is never longer than the cells it replaces.
//!
//! On a grid whose multipliers differ, a shortcut is priced over the terrain it crosses
//! ([`terrain_segment_cost`](super::terrain_segment_cost): the length inside each crossed cell
//! times that cell's multiplier) and taken only when that is not above the cost of the cells
//! it replaces, priced by the grid's move rule (`length * ((m[a] + m[b]) * 0.5)`, summed in
//! path order); a segment between neighbouring cells keeps the grid's move cost.
//! [`terrain_waypoint_cost`] prices a waypoint list that way. For agents larger than one cell
//! the terrain is that under the block's top-left cell, as the grid's move rule prices it.
//!
//! Either way smoothing never makes a path more expensive: where rounding could make the
//! re-summed cost exceed the input's by an ulp (collinear steps), the input is returned
//! unchanged.

use super::heuristic::segment_cost;
use super::line_of_sight::GridLineOfSight;
use super::terrain::{cell_multiplier, terrain_segment_cost};
use crate::grid::{Cell, Grid, WALL};
use crate::math::SQRT2;

/// The grid's cost of the move between neighbouring cells `a` and `b` (`length * ((m[a] +
/// m[b]) * 0.5)`), or the terrain cost of the straight segment between their centres when
/// they are not neighbours.
fn terrain_step(grid: &Grid, a: Cell, b: Cell) -> f64 {
    let (dx, dy) = (
        i64::from(b.x) - i64::from(a.x),
        i64::from(b.y) - i64::from(a.y),
    );
    if dx.abs() <= 1 && dy.abs() <= 1 {
        let length = if dx != 0 && dy != 0 { SQRT2 } else { 1.0 };
        let ma = cell_multiplier(grid, a.x.into(), a.y.into());
        let mb = cell_multiplier(grid, b.x.into(), b.y.into());
        return length * ((ma + mb) * 0.5);
    }
    let centre = |c: Cell| (f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
    terrain_segment_cost(grid, centre(a), centre(b))
}

/// The cost of `waypoints` over `grid`'s terrain, added in path order from 0: a segment between
/// neighbouring cells costs the grid's move (`length * ((m[a] + m[b]) * 0.5)`), a longer one
/// its [`terrain_segment_cost`](super::terrain_segment_cost) between the cell centres. On a
/// cell path this is the cost the grid's searches report for it (`GridPath::cost`); on a
/// smoothed path it is what [`smooth_path`] reports on a grid whose multipliers differ.
///
/// # Complexity
///
/// O(cells crossed).
///
/// # Examples
///
/// ```
/// use onepath::theta::terrain_waypoint_cost;
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::from_text(".9.").unwrap();
/// grid.set_area_cost(9, 50.0).unwrap();
/// let cells = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)];
/// assert_eq!(terrain_waypoint_cost(&grid, &cells), 25.5 + 25.5);
/// ```
pub fn terrain_waypoint_cost(grid: &Grid, waypoints: &[Cell]) -> f64 {
    let mut sum = 0.0;
    for w in waypoints.windows(2) {
        sum += terrain_step(grid, w[0], w[1]);
    }
    sum
}

/// The segment costs of `waypoints` with unit cost `m`, added in path order from 0 (0 for
/// fewer than two waypoints).
///
/// # Complexity
///
/// O(waypoints).
///
/// # Examples
///
/// ```
/// use onepath::Cell;
/// use onepath::theta::waypoint_cost;
/// let path = [Cell::new(0, 0), Cell::new(3, 4), Cell::new(3, 6)];
/// assert_eq!(waypoint_cost(&path, 1.0), 7.0);
/// ```
pub fn waypoint_cost(waypoints: &[Cell], m: f64) -> f64 {
    let mut sum = 0.0;
    for w in waypoints.windows(2) {
        let (dx, dy) = (
            i64::from(w[1].x) - i64::from(w[0].x),
            i64::from(w[1].y) - i64::from(w[0].y),
        );
        sum += segment_cost(m, dx, dy);
    }
    sum
}

/// Whether an agent of side `size` (the `size × size` block with top-left cell `a`) can move
/// in a straight line to top-left cell `b`: both blocks fit in the grid and the swept region
/// overlaps the interior of no wall cell (cells outside the grid are walls). Exact, integers.
///
/// # Complexity
///
/// O((|dx| + size) · (|dy| + size)) cell reads.
///
/// # Examples
///
/// ```
/// use onepath::theta::block_sweep_clear;
/// use onepath::{Cell, Grid};
/// let grid = Grid::from_text("......\n......\n...#..\n......").unwrap();
/// assert!(block_sweep_clear(&grid, 1, Cell::new(0, 0), Cell::new(5, 1))); // above the wall
/// assert!(block_sweep_clear(&grid, 2, Cell::new(0, 0), Cell::new(4, 0))); // 2 × 2 passes over it
/// assert!(!block_sweep_clear(&grid, 3, Cell::new(0, 0), Cell::new(3, 0))); // 3 × 3 clips it
/// assert!(!block_sweep_clear(&grid, 2, Cell::new(0, 0), Cell::new(5, 0))); // its block leaves the grid
/// ```
pub fn block_sweep_clear(grid: &Grid, size: u8, a: Cell, b: Cell) -> bool {
    if size == 0 || !grid.can_fit(a, size) || !grid.can_fit(b, size) {
        return false;
    }
    let s = i64::from(size);
    let (ax, ay) = (i64::from(a.x), i64::from(a.y));
    let (bx, by) = (i64::from(b.x), i64::from(b.y));
    let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
    let cells = grid.cells();
    // Doubled coordinates: top-left cell centres are odd integers. A block with top-left
    // centre P overlaps the interior of wall (wx, wy) iff P lies in the open box
    // (2wx - 2s + 1, 2wx + 3) × (2wy - 2s + 1, 2wy + 3).
    let (pax, pay, pbx, pby) = (2 * ax + 1, 2 * ay + 1, 2 * bx + 1, 2 * by + 1);
    let (nx, ny) = (-(pby - pay), pbx - pax);
    let on_line = nx * pax + ny * pay;
    for wy in ay.min(by) - 1..=ay.max(by) + s {
        for wx in ax.min(bx) - 1..=ax.max(bx) + s {
            let wall =
                wx < 0 || wy < 0 || wx >= w || wy >= h || cells[(wy * w + wx) as usize] == WALL;
            if !wall {
                continue;
            }
            let (lo_x, hi_x) = (2 * wx - 2 * s + 1, 2 * wx + 3);
            let (lo_y, hi_y) = (2 * wy - 2 * s + 1, 2 * wy + 3);
            if pax.max(pbx) <= lo_x
                || pax.min(pbx) >= hi_x
                || pay.max(pby) <= lo_y
                || pay.min(pby) >= hi_y
            {
                continue;
            }
            if nx == 0 && ny == 0 {
                return false; // a point inside the open box
            }
            let side = |x: i64, y: i64| nx * x + ny * y - on_line;
            let c = [
                side(lo_x, lo_y),
                side(hi_x, lo_y),
                side(lo_x, hi_y),
                side(hi_x, hi_y),
            ];
            if c.iter().all(|&v| v >= 0) || c.iter().all(|&v| v <= 0) {
                continue;
            }
            return false;
        }
    }
    true
}

/// Whether an agent of side `size` at `a` sees `b` (the rule of the module documentation).
fn sees(grid: &Grid, size: u8, a: Cell, b: Cell) -> bool {
    if size == 1 {
        GridLineOfSight::check(grid, a, b)
    } else {
        block_sweep_clear(grid, size, a, b)
    }
}

/// Smooths the cell path `path` for an agent of side `agent_size` into waypoints written to
/// `out` (start first, goal last); returns the waypoint count and their cost, which never
/// exceeds the input's. A path of fewer than three cells is copied.
///
/// The cost: on a grid whose walkable areas all cost the same, with unit cost `m`
/// ([`waypoint_cost`]; pass the grid's multiplier, `grid.areas().min_cost()`, for its true
/// cost). On a grid whose multipliers differ, `m` is not used: a shortcut is taken only when
/// its terrain cost is not above the grid cost of the cells it replaces, and the cost returned
/// is [`terrain_waypoint_cost`] (module documentation) — so a path around the mud is not
/// smoothed through it.
///
/// Returns `None` (nothing written) when `out` is shorter than `path` or `agent_size` is 0.
///
/// # Complexity
///
/// O(k · n · L) for k waypoints, n input cells and L the longest tested segment; allocates
/// nothing.
///
/// # Determinism
///
/// Integer line-of-sight tests; the cost as [`waypoint_cost`].
///
/// # Examples
///
/// ```
/// use onepath::theta::smooth_path;
/// use onepath::{Cell, Grid, GridOptions};
/// let grid = Grid::from_text("......\n.##...\n......").unwrap();
/// let a_star = grid.find_path(Cell::new(0, 0), Cell::new(5, 2), &GridOptions::DEFAULT).unwrap();
/// let mut out = vec![Cell::default(); a_star.cells.len()];
/// let (n, cost) = smooth_path(&grid, 1, 1.0, &a_star.cells, &mut out).unwrap();
/// assert!(n < a_star.cells.len() && cost <= a_star.cost);
/// assert_eq!((out[0], out[n - 1]), (Cell::new(0, 0), Cell::new(5, 2)));
/// ```
pub fn smooth_path(
    grid: &Grid,
    agent_size: u8,
    m: f64,
    path: &[Cell],
    out: &mut [Cell],
) -> Option<(usize, f64)> {
    if agent_size == 0 || out.len() < path.len() {
        return None;
    }
    if !grid.areas().is_uniform() {
        return Some(smooth_over_terrain(grid, agent_size, path, out));
    }
    let n = path.len();
    let input_cost = waypoint_cost(path, m);
    if n < 3 {
        out[..n].copy_from_slice(path);
        return Some((n, input_cost));
    }
    let mut len = 0;
    out[len] = path[0];
    len += 1;
    let mut current = 0;
    while current < n - 1 {
        let mut next = current + 1;
        for j in (current + 2..n).rev() {
            if sees(grid, agent_size, path[current], path[j]) {
                next = j;
                break;
            }
        }
        out[len] = path[next];
        len += 1;
        current = next;
    }
    let cost = waypoint_cost(&out[..len], m);
    if cost > input_cost {
        out[..n].copy_from_slice(path);
        return Some((n, input_cost));
    }
    Some((len, cost))
}

/// [`smooth_path`] on a grid whose multipliers differ (`out` holds `path.len()` cells): from
/// the current waypoint, the next one is the last later cell it sees whose straight segment
/// costs no more over the terrain than the cells it replaces.
fn smooth_over_terrain(grid: &Grid, size: u8, path: &[Cell], out: &mut [Cell]) -> (usize, f64) {
    let n = path.len();
    let input_cost = terrain_waypoint_cost(grid, path);
    if n < 3 {
        out[..n].copy_from_slice(path);
        return (n, input_cost);
    }
    let mut len = 0;
    out[len] = path[0];
    len += 1;
    let mut current = 0;
    while current < n - 1 {
        let mut next = current + 1;
        // The cost of the cells from `current` to `j`, by the grid's move rule, in order.
        let mut replaced = terrain_step(grid, path[current], path[current + 1]);
        for j in current + 2..n {
            replaced += terrain_step(grid, path[j - 1], path[j]);
            if sees(grid, size, path[current], path[j])
                && terrain_step(grid, path[current], path[j]) <= replaced
            {
                next = j;
            }
        }
        out[len] = path[next];
        len += 1;
        current = next;
    }
    let cost = terrain_waypoint_cost(grid, &out[..len]);
    if cost > input_cost {
        out[..n].copy_from_slice(path);
        return (n, input_cost);
    }
    (len, cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    #[test]
    fn a_block_sweeps_past_walls_it_does_not_overlap() {
        // A 2 × 2 agent in a corridor of height 2 moves along it but cannot cut the corner.
        let grid = Grid::from_text("......\n......\n####..\n####..").unwrap();
        assert!(block_sweep_clear(
            &grid,
            2,
            Cell::new(0, 0),
            Cell::new(4, 0)
        ));
        assert!(block_sweep_clear(
            &grid,
            2,
            Cell::new(4, 0),
            Cell::new(4, 2)
        ));
        assert!(!block_sweep_clear(
            &grid,
            2,
            Cell::new(0, 0),
            Cell::new(4, 2)
        ));
        assert!(
            !block_sweep_clear(&grid, 2, Cell::new(0, 0), Cell::new(5, 0)),
            "does not fit"
        );
        // A diagonal step past a wall corner overlaps it.
        let grid = Grid::from_text("...\n..#\n...\n...").unwrap();
        assert!(!block_sweep_clear(
            &grid,
            1,
            Cell::new(1, 0),
            Cell::new(2, 1)
        ));
    }

    #[test]
    fn collinear_paths_keep_their_cost() {
        let grid = Grid::new(40, 40).unwrap();
        let path: Vec<Cell> = (0..30).map(|i| Cell::new(i, i)).collect();
        let mut out = vec![Cell::default(); path.len()];
        let (n, cost) = smooth_path(&grid, 1, 1.0, &path, &mut out).unwrap();
        assert!(cost <= waypoint_cost(&path, 1.0));
        assert!(n == 2 || n == path.len());
    }

    #[test]
    fn a_shortcut_through_mud_is_not_taken() {
        // Area 9 costs 50: A* goes around it; smoothing must not cut through it.
        let mut grid =
            Grid::from_text(".........\n...999...\n...999...\n...999...\n.........").unwrap();
        grid.set_area_cost(9, 50.0).unwrap();
        let a_star = grid
            .find_path(
                Cell::new(0, 2),
                Cell::new(8, 2),
                &crate::GridOptions::DEFAULT,
            )
            .unwrap();
        let mut out = vec![Cell::default(); a_star.cells.len()];
        let (n, cost) = smooth_path(&grid, 1, 1.0, &a_star.cells, &mut out).unwrap();
        assert!(cost <= a_star.cost, "{cost} > {}", a_star.cost);
        assert_eq!(
            cost.to_bits(),
            terrain_waypoint_cost(&grid, &out[..n]).to_bits()
        );
        // No segment enters a mud cell with positive length.
        for w in out[..n].windows(2) {
            let c = |c: Cell| (f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
            super::super::terrain::for_each_crossed_cell(c(w[0]), c(w[1]), |x, y, _| {
                assert_ne!(grid.cells()[(y * 9 + x) as usize], 9, "through the mud");
            });
        }
        assert!(n < a_star.cells.len(), "it still smooths around the mud");
    }

    #[test]
    fn the_grid_cost_of_a_cell_path_is_what_a_star_reports() {
        let mut grid = Grid::from_text("..12..\n.3##4.\n..21..").unwrap();
        for (a, m) in [(1u8, 1.5), (2, 2.0), (3, 0.5), (4, 7.0)] {
            grid.set_area_cost(a, m).unwrap();
        }
        let p = grid
            .find_path(
                Cell::new(0, 0),
                Cell::new(5, 2),
                &crate::GridOptions::DEFAULT,
            )
            .unwrap();
        assert_eq!(
            terrain_waypoint_cost(&grid, &p.cells).to_bits(),
            p.cost.to_bits()
        );
    }
}
