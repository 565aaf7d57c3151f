//! Erosion (docs §2): a cell is kept when it is walkable and every blocked cell `b` — area 255
//! inside the grid, or any cell outside it — has gap `(gx, gy)` with `gx² + gy² >= q`, where
//! `q = (r / s) · (r / s)` in IEEE double and `g = max(0, |Δ| − 1)` per axis.
//!
//! Brute force: every walkable cell is compared with every blocked cell of the grid and with
//! every cell of the ring just outside it (`x = −1`, `x = width`, `y = −1`, `y = height`). The
//! ring suffices for the outside: an outside cell farther out has a ring cell between it and
//! the grid whose gap to any grid cell is no larger on either axis.

/// `q` of docs §2: `(r / s) · (r / s)` in IEEE double.
pub fn gap_limit(radius: f64, cell_size: f64) -> f64 {
    let t = radius / cell_size;
    t * t
}

/// The reach `k` of docs §2: the smallest integer `k >= 0` with `k · k >= q`.
pub fn reach(q: f64) -> i64 {
    let mut k = 0i64;
    while ((k * k) as f64) < q {
        k += 1;
    }
    k
}

/// The gap between cells `c` and `b` squared, `gx² + gy²` (docs §2).
pub fn gap_squared(c: (i64, i64), b: (i64, i64)) -> i64 {
    let gx = ((c.0 - b.0).abs() - 1).max(0);
    let gy = ((c.1 - b.1).abs() - 1).max(0);
    gx * gx + gy * gy
}

/// The kept cells, row-major, by brute force over every blocked cell and the outside ring.
pub fn kept_cells(
    width: u32,
    height: u32,
    walkable: &[bool],
    radius: f64,
    cell_size: f64,
) -> Vec<bool> {
    kept_cells_with(width, height, walkable, gap_limit(radius, cell_size), true)
}

/// [`kept_cells`] for a given `q`; `shortcut` false runs the brute force even at `q = 0`.
pub fn kept_cells_with(
    width: u32,
    height: u32,
    walkable: &[bool],
    q: f64,
    shortcut: bool,
) -> Vec<bool> {
    let (w, h) = (i64::from(width), i64::from(height));
    if shortcut && q <= 0.0 {
        // Every gap passes (gx² + gy² >= 0 >= q): the kept cells are the walkable cells. The
        // brute force below would only confirm it (a self-test does), at a cost that matters
        // on 512 × 512 maps.
        return walkable.to_vec();
    }
    let mut blocked: Vec<(i64, i64)> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if !walkable[(y * w + x) as usize] {
                blocked.push((x, y));
            }
        }
    }
    for x in -1..=w {
        blocked.push((x, -1));
        blocked.push((x, h));
    }
    for y in 0..h {
        blocked.push((-1, y));
        blocked.push((w, y));
    }
    let mut kept = vec![false; walkable.len()];
    for y in 0..h {
        for x in 0..w {
            let i = (y * w + x) as usize;
            kept[i] = walkable[i] && blocked.iter().all(|&b| gap_squared((x, y), b) as f64 >= q);
        }
    }
    kept
}
