//! The erosion of docs/navmesh.md §2: which walkable cells the mesh keeps.
//!
//! A cell is kept when it is walkable and every blocked cell `b` (every cell outside the grid
//! is blocked) has a gap `(gx, gy)` with `gx² + gy² >= q`, where `gx = max(0, |dx| − 1)`,
//! `gy = max(0, |dy| − 1)` and `q = (r / s)²` in IEEE double. Only blocked cells within
//! Chebyshev distance `k` (the reach, the smallest `k` with `k² >= q`) can refuse a cell.
//!
//! # Method
//!
//! Within one column the nearest blocked cell is the worst (the gap grows with `|dy|`), so a
//! cell is kept iff for every column offset `dx` in `−k..=k` the vertical distance `dv` to the
//! nearest blocked cell of column `x + dx` satisfies `dv >= need[|dx|]`, where `need[a]` is the
//! smallest `dv` with `max(0, a − 1)² + max(0, dv − 1)² >= q`. The rows are swept top to bottom
//! keeping, per column, the last blocked row at or above and the first blocked row at or
//! below (scanned lazily, at most `k + 1` rows ahead, each row scanned once). Columns are
//! processed in bands of at most [`BAND`] cells so the working memory stays small on any grid.
//! Cost: O(cells · (2k + 1)) comparisons, no allocation once the scratch is warm.

use alloc::vec::Vec;

/// "None" for a polygon id, a half-edge id or a cell's polygon.
pub(crate) const NONE: u32 = u32::MAX;

/// The marker of a kept cell not yet covered by a rectangle.
pub(crate) const UNCOVERED: u32 = u32::MAX - 1;

/// The widest column band one sweep handles.
pub(crate) const BAND: u32 = 256;

/// Whether cell `i` (row-major) is walkable in the bit set `walk`.
#[inline]
pub(crate) fn walkable(walk: &[u64], i: usize) -> bool {
    walk[i >> 6] >> (i & 63) & 1 == 1
}

/// The grid and erosion parameters one sweep reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ErodeParams<'a> {
    pub walk: &'a [u64],
    pub width: u32,
    pub height: u32,
    pub q: f64,
    pub reach: u32,
}

/// Reused per-column working memory.
#[derive(Clone, Debug, Default)]
pub(crate) struct ErodeScratch {
    need: Vec<u32>,
    above: Vec<i64>,
    below: Vec<i64>,
    scan: Vec<i64>,
    dv: Vec<u32>,
}

/// Reused working memory of a bake: the erosion's columns and the tile marks of a re-bake.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    pub erode: ErodeScratch,
    /// Per tile: 1 = re-baked, 2 = re-stitched only, 0 = untouched.
    pub mark: Vec<u8>,
    /// The tiles to re-bake, then the tiles to re-stitch.
    pub rebake: Vec<u32>,
    pub restitch: Vec<u32>,
}

/// Marks every cell of the region `[x0, x1) × [y0, y1)` (inside the grid) in `cell_poly`:
/// [`UNCOVERED`] when kept, [`NONE`] when not.
pub(crate) fn erode_region(
    p: &ErodeParams<'_>,
    region: [u32; 4],
    cell_poly: &mut [u32],
    s: &mut ErodeScratch,
) {
    let [x0, y0, x1, y1] = region;
    let w = p.width as usize;
    if p.reach == 0 {
        for y in y0..y1 {
            let row = y as usize * w;
            for x in x0..x1 {
                let i = row + x as usize;
                cell_poly[i] = if walkable(p.walk, i) { UNCOVERED } else { NONE };
            }
        }
        return;
    }
    let k = p.reach;
    // need[a] for a = |dx| in 0..=k: the smallest dv (0..=k+1) with a clear gap.
    s.need.clear();
    for a in 0..=k {
        let gx = u64::from(a.saturating_sub(1));
        let mut dv = 0u32;
        while dv <= k {
            let gy = u64::from(dv.saturating_sub(1));
            if (gx * gx + gy * gy) as f64 >= p.q {
                break;
            }
            dv += 1;
        }
        s.need.push(dv);
    }
    let mut bx = x0;
    while bx < x1 {
        let bx1 = x1.min(bx.saturating_add(BAND));
        sweep_band(p, [bx, y0, bx1, y1], cell_poly, s);
        bx = bx1;
    }
}

/// One column band of [`erode_region`]; `s.need` is filled.
fn sweep_band(p: &ErodeParams<'_>, band: [u32; 4], cell_poly: &mut [u32], s: &mut ErodeScratch) {
    let [x0, y0, x1, y1] = band;
    let (w, h, k) = (i64::from(p.width), i64::from(p.height), i64::from(p.reach));
    // Columns the band's cells can see; columns outside the grid refuse every cell within k.
    let c0 = (i64::from(x0) - k).max(0);
    let c1 = (i64::from(x1) + k).min(w);
    let n = (c1 - c0) as usize;
    let blocked =
        |x: i64, y: i64| -> bool { y < 0 || y >= h || !walkable(p.walk, (y * w + x) as usize) };
    s.above.clear();
    s.below.clear();
    s.scan.clear();
    s.dv.clear();
    s.dv.resize(n, 0);
    let far = i64::MIN / 4;
    for c in c0..c1 {
        // The last blocked row <= y0 - 1 within k + 1 rows (row -1 is outside: blocked).
        let mut a = far;
        let mut r = i64::from(y0) - 1;
        while r >= i64::from(y0) - k - 1 {
            if blocked(c, r) {
                a = r;
                break;
            }
            r -= 1;
        }
        s.above.push(a);
        s.below.push(i64::from(NONE));
        s.scan.push(i64::from(y0));
    }
    for y in i64::from(y0)..i64::from(y1) {
        for (ci, c) in (c0..c1).enumerate() {
            if blocked(c, y) {
                s.above[ci] = y;
            }
            let mut b = s.below[ci];
            if b < y {
                b = i64::from(NONE);
            }
            if b == i64::from(NONE) {
                let mut sc = s.scan[ci].max(y);
                let lim = (y + k + 1).min(h);
                while sc <= lim {
                    let hit = sc == h || blocked(c, sc);
                    sc += 1;
                    if hit {
                        b = sc - 1;
                        break;
                    }
                }
                s.scan[ci] = sc;
            }
            s.below[ci] = b;
            let up = y - s.above[ci];
            let down = if b == i64::from(NONE) { k + 1 } else { b - y };
            s.dv[ci] = up.min(down).min(k + 1) as u32;
        }
        let row = (y * w) as usize;
        for x in i64::from(x0)..i64::from(x1) {
            let i = row + x as usize;
            let kept = x >= k && x + k < w && walkable(p.walk, i) && {
                let base = (x - k - c0) as usize;
                (0..=2 * k as usize).all(|j| {
                    let a = (j as i64 - k).unsigned_abs() as usize;
                    s.dv[base + j] >= s.need[a]
                })
            };
            cell_poly[i] = if kept { UNCOVERED } else { NONE };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::SplitMix64;
    use alloc::vec;

    /// The rule of §2 verbatim, over every cell of the grid and its outside ring.
    fn brute(walk: &[bool], w: i64, h: i64, q: f64, k: i64) -> Vec<bool> {
        let mut out = vec![false; walk.len()];
        for y in 0..h {
            for x in 0..w {
                if !walk[(y * w + x) as usize] {
                    continue;
                }
                let mut ok = true;
                for by in y - k - 2..=y + k + 2 {
                    for bx in x - k - 2..=x + k + 2 {
                        let inside = bx >= 0 && by >= 0 && bx < w && by < h;
                        if inside && walk[(by * w + bx) as usize] {
                            continue;
                        }
                        let gx = ((bx - x).abs() - 1).max(0);
                        let gy = ((by - y).abs() - 1).max(0);
                        if ((gx * gx + gy * gy) as f64) < q {
                            ok = false;
                        }
                    }
                }
                out[(y * w + x) as usize] = ok;
            }
        }
        out
    }

    #[test]
    fn the_sweep_equals_the_rule_on_random_grids() {
        let mut rng = SplitMix64::new(29);
        for case in 0..300 {
            let w = 1 + rng.next_u64() % 40;
            let h = 1 + rng.next_u64() % 40;
            let density = rng.next_u64() % 30;
            let cells: Vec<bool> = (0..w * h)
                .map(|_| rng.next_u64() % 100 >= density)
                .collect();
            let mut walk = vec![0u64; cells.len().div_ceil(64)];
            for (i, &c) in cells.iter().enumerate() {
                walk[i / 64] |= u64::from(c) << (i % 64);
            }
            let r = [0.0, 0.3, 1.0, 1.5, 2.0, 2.9, 4.0][case % 7];
            let q = r * r;
            let k = super::super::settings::reach(q);
            let p = ErodeParams {
                walk: &walk,
                width: w as u32,
                height: h as u32,
                q,
                reach: k,
            };
            let mut cp = vec![0u32; cells.len()];
            erode_region(
                &p,
                [0, 0, w as u32, h as u32],
                &mut cp,
                &mut ErodeScratch::default(),
            );
            let want = brute(&cells, w as i64, h as i64, q, i64::from(k));
            for i in 0..cells.len() {
                assert_eq!(cp[i] == UNCOVERED, want[i], "case {case} cell {i} r {r}");
            }
        }
    }
}
