//! Path checks written from the movement rules (`grids.md`): an eight-connected path without
//! corner cutting, counted as straight and diagonal steps; and the cost of a path as the
//! in-order sum of a topology's step costs.

use onepath::topology::Topology;
use onepath::{Cell, Grid};

/// Checks that `path` runs from `start` to `goal` over walkable cells in legal octile moves
/// (a diagonal needs both side cells walkable) and returns its `(straight, diagonal)` step
/// counts; `Err` says what is wrong.
///
/// # Errors
///
/// A message naming the first illegal move, or the wrong endpoint.
pub fn octile_steps(
    grid: &Grid,
    path: &[Cell],
    start: Cell,
    goal: Cell,
) -> Result<(u32, u32), String> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(format!(
            "path {path:?} does not run from {start:?} to {goal:?}"
        ));
    }
    let (mut a, mut b) = (0u32, 0u32);
    for w in path.windows(2) {
        let (u, v) = (w[0], w[1]);
        let (dx, dy) = (v.x - u.x, v.y - u.y);
        if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
            return Err(format!("{u:?} -> {v:?} is not a move"));
        }
        if !grid.is_walkable(v) {
            return Err(format!("{u:?} -> {v:?} enters a wall"));
        }
        if dx != 0 && dy != 0 {
            let sides = grid.is_walkable(Cell::new(u.x + dx, u.y))
                && grid.is_walkable(Cell::new(u.x, u.y + dy));
            if !sides {
                return Err(format!("{u:?} -> {v:?} cuts a corner"));
            }
            b += 1;
        } else {
            a += 1;
        }
    }
    Ok((a, b))
}

/// The cost of `path` as the generic A* prices it with the default step cost: from 0.0 (the
/// start's g), each move's base cost as `topology.for_each_neighbor` offers it, added in path
/// order (so the rounding is the search's, `g(child) = g(parent) + step`).
///
/// # Errors
///
/// A message naming the first move the topology does not offer, or a cell off the grid.
pub fn step_cost_sum<T: Topology>(topology: &T, grid: &Grid, path: &[Cell]) -> Result<f64, String> {
    let index = |c: Cell| {
        grid.index_of(c)
            .ok_or_else(|| format!("{c:?} is off the grid"))
    };
    let mut cost = 0.0;
    for w in path.windows(2) {
        let (u, v) = (index(w[0])?, index(w[1])?);
        let mut base = None;
        topology.for_each_neighbor(u, |m, c| {
            if m == v && base.is_none() {
                base = Some(c);
            }
        });
        let Some(base) = base else {
            return Err(format!(
                "{:?} -> {:?} is not a move of the topology",
                w[0], w[1]
            ));
        };
        cost += base;
    }
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use super::{octile_steps, step_cost_sum};
    use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
    use onepath::math::SQRT2;
    use onepath::{Cell, Grid};

    #[test]
    fn counts_and_refuses() {
        let g = Grid::from_text("...\n.#.\n...").unwrap();
        let c = Cell::new;
        let p = [c(0, 0), c(1, 0), c(2, 0), c(2, 1), c(2, 2)];
        assert_eq!(octile_steps(&g, &p, c(0, 0), c(2, 2)), Ok((4, 0)));
        assert!(octile_steps(&g, &[c(0, 0), c(1, 1)], c(0, 0), c(1, 1)).is_err());
        assert!(octile_steps(&g, &[c(0, 0), c(2, 0)], c(0, 0), c(2, 0)).is_err());
        assert!(octile_steps(&g, &[c(1, 0), c(0, 1)], c(1, 0), c(0, 1)).is_err());
        assert!(octile_steps(&g, &[c(0, 0)], c(0, 0), c(1, 0)).is_err());
        assert_eq!(octile_steps(&g, &[c(0, 0)], c(0, 0), c(0, 0)), Ok((0, 0)));
    }

    #[test]
    fn sums_in_path_order_and_refuses() {
        let eight =
            |g| SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting);
        let c = Cell::new;
        // Steps 0.1, (0.1 + 0.3) / 2 and 0.3: the left fold rounds differently from the others.
        let mut row = Grid::from_areas(4, 1, vec![1, 1, 2, 2]).unwrap();
        row.set_area_cost(1, 0.1).unwrap();
        row.set_area_cost(2, 0.3).unwrap();
        let t = eight(&row).unwrap();
        let p = [c(0, 0), c(1, 0), c(2, 0), c(3, 0)];
        let (s1, s2, s3) = (0.1, (0.1 + 0.3) * 0.5, 0.3);
        let in_order: f64 = ((0.0 + s1) + s2) + s3;
        assert_ne!(in_order.to_bits(), (s1 + (s2 + s3)).to_bits());
        assert_eq!(
            step_cost_sum(&t, &row, &p).map(f64::to_bits),
            Ok(in_order.to_bits())
        );
        assert_eq!(step_cost_sum(&t, &row, &[c(2, 0)]), Ok(0.0));
        assert!(step_cost_sum(&t, &row, &[c(0, 0), c(2, 0)]).is_err());
        assert!(step_cost_sum(&t, &row, &[c(3, 0), c(4, 0)]).is_err());
        // Diagonals cost √2 and may not cut the wall's corner.
        let g = Grid::from_text("..\n.#").unwrap();
        let t = eight(&g).unwrap();
        assert!(step_cost_sum(&t, &g, &[c(1, 0), c(0, 1)]).is_err());
        let open = Grid::from_text("..\n..").unwrap();
        let t = eight(&open).unwrap();
        assert_eq!(step_cost_sum(&t, &open, &[c(0, 0), c(1, 1)]), Ok(SQRT2));
    }
}
