//! Path checks written from the movement rules (`grids.md`): an eight-connected path without
//! corner cutting, counted as straight and diagonal steps.

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

#[cfg(test)]
mod tests {
    use super::octile_steps;
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
}
