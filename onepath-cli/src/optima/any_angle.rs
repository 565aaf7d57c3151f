//! `onepath optima --alg theta|lazytheta`: the any-angle checks (spec: grids.md, “Any-angle
//! verification”).
//!
//! - Per line: the returned length must not exceed the published 8-connected optimum (plus
//!   its tolerance); the ratio length / optimum is summed for the mean and its maximum kept.
//! - Every 64th found path is re-verified with an exact segment-versus-closed-square test
//!   (separating axes in integers, written here independently of the library's walk) and
//!   re-priced as the in-order sum of its segments.
//! - Every found path is sampled with Catmull-Rom (`onepath::theta::catmull_rom`, 8 per span)
//!   and every sample and every chord between consecutive samples is checked against the
//!   closed wall squares by parametric clipping (written here too, apart from the library's
//!   line of sight): none may leave walkable space.
//! - Eight deterministic 40 × 40 windows per map (each a grid of its own, cut from the map),
//!   two queries each between walkable cells: the any-angle length is compared with the
//!   visibility-graph optimum (Dijkstra over every line-of-sight link between walkable centres;
//!   the links use the library's line of sight, which `conformance/tests/theta_los.rs` holds to
//!   the exact test). The length must be at least that optimum.

use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::theta::{GridLineOfSight, catmull_rom, catmull_rom_len};
use onepath::{Cell, Grid, WorldPoint};

use crate::solver::{Alg, MapSolver};

/// Side of the visibility-graph windows.
pub(super) const WINDOW: u32 = 40;
/// Windows per map.
pub(super) const WINDOWS: u32 = 8;
/// Queries per window.
const WINDOW_QUERIES: u32 = 2;
/// Every how many found paths one is re-verified.
pub(super) const VERIFY_EVERY: usize = 64;

/// The any-angle figures of a job or set.
#[derive(Clone, Debug, Default)]
pub(super) struct AnyAngleStats {
    /// Found lines with a published length > 0: count, sum and maximum of length / optimum.
    pub(super) ratios: usize,
    pub(super) ratio_sum: f64,
    pub(super) ratio_max: f64,
    /// Paths re-verified with the exact test, and how many failed it (segment or cost).
    pub(super) verified: usize,
    pub(super) verify_failed: usize,
    /// Paths whose Catmull-Rom sampling was checked (every found path), the samples and the
    /// chords checked, and how many of those left walkable space.
    pub(super) spline_paths: usize,
    pub(super) spline_samples: usize,
    pub(super) spline_chords: usize,
    pub(super) spline_outside: usize,
    /// Window queries compared with the visibility-graph optimum: count, sum and maximum of
    /// length / optimum, and how many came out below it (an error).
    pub(super) windows: usize,
    pub(super) vg_sum: f64,
    pub(super) vg_max: f64,
    pub(super) vg_below: usize,
}

impl AnyAngleStats {
    pub(super) fn merge(&mut self, o: &Self) {
        self.ratios += o.ratios;
        self.ratio_sum += o.ratio_sum;
        self.ratio_max = self.ratio_max.max(o.ratio_max);
        self.verified += o.verified;
        self.verify_failed += o.verify_failed;
        self.spline_paths += o.spline_paths;
        self.spline_samples += o.spline_samples;
        self.spline_chords += o.spline_chords;
        self.spline_outside += o.spline_outside;
        self.windows += o.windows;
        self.vg_sum += o.vg_sum;
        self.vg_max = self.vg_max.max(o.vg_max);
        self.vg_below += o.vg_below;
    }

    pub(super) fn failures(&self) -> usize {
        self.verify_failed + self.vg_below + self.spline_outside
    }

    pub(super) fn add_ratio(&mut self, r: f64) {
        self.ratios += 1;
        self.ratio_sum += r;
        self.ratio_max = self.ratio_max.max(r);
    }

    pub(super) fn mean_ratio(&self) -> f64 {
        if self.ratios == 0 {
            0.0
        } else {
            self.ratio_sum / self.ratios as f64
        }
    }

    pub(super) fn mean_vg(&self) -> f64 {
        if self.windows == 0 {
            0.0
        } else {
            self.vg_sum / self.windows as f64
        }
    }
}

/// Whether the closed segment between the centres of `a` and `b` touches the closed square of
/// cell `s` (doubled integer coordinates; separating axes: x, y and the segment's normal).
fn touches(a: (i64, i64), b: (i64, i64), s: (i64, i64)) -> bool {
    let (ax, ay, bx, by) = (2 * a.0 + 1, 2 * a.1 + 1, 2 * b.0 + 1, 2 * b.1 + 1);
    let (lx, hx, ly, hy) = (2 * s.0, 2 * s.0 + 2, 2 * s.1, 2 * s.1 + 2);
    if ax.max(bx) < lx || ax.min(bx) > hx || ay.max(by) < ly || ay.min(by) > hy {
        return false;
    }
    let (nx, ny) = (ay - by, bx - ax);
    let d = |x: i64, y: i64| (nx * (x - ax) + ny * (y - ay)).signum();
    let v = [d(lx, ly), d(hx, ly), d(lx, hy), d(hx, hy)];
    !(v.iter().all(|&x| x > 0) || v.iter().all(|&x| x < 0))
}

/// The exact test of one segment on `grid` (outside = wall).
fn segment_clear(grid: &Grid, a: Cell, b: Cell) -> bool {
    let (a, b) = (
        (i64::from(a.x), i64::from(a.y)),
        (i64::from(b.x), i64::from(b.y)),
    );
    for y in a.1.min(b.1) - 1..=a.1.max(b.1) + 1 {
        for x in a.0.min(b.0) - 1..=a.0.max(b.0) + 1 {
            let open = x >= 0 && y >= 0 && grid.is_walkable(Cell::new(x as i32, y as i32));
            if !open && touches(a, b, (x, y)) {
                return false;
            }
        }
    }
    true
}

/// Re-verifies a found path of node ids: every segment clear, the cost its in-order sum.
pub(super) fn verify(grid: &Grid, path: &[u32], cost: f64) -> bool {
    let cells: Vec<Cell> = path.iter().map(|&n| grid.cell_of(n)).collect();
    let mut sum = 0.0;
    for w in cells.windows(2) {
        if !segment_clear(grid, w[0], w[1]) {
            return false;
        }
        let (dx, dy) = (i64::from(w[1].x - w[0].x), i64::from(w[1].y - w[0].y));
        sum += ((dx * dx + dy * dy) as f64).sqrt();
    }
    !cells.is_empty() && sum.to_bits() == cost.to_bits()
}

/// Whether the chord `a`–`b` (grid units) meets no closed wall square (outside = wall):
/// parametric clipping against each wall square near it.
fn chord_in_walkable_space(grid: &Grid, a: (f64, f64), b: (f64, f64)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (x0, x1) = (
        a.0.min(b.0).floor() as i64 - 1,
        a.0.max(b.0).floor() as i64 + 1,
    );
    let (y0, y1) = (
        a.1.min(b.1).floor() as i64 - 1,
        a.1.max(b.1).floor() as i64 + 1,
    );
    for y in y0..=y1 {
        for x in x0..=x1 {
            let open = x >= 0 && y >= 0 && grid.is_walkable(Cell::new(x as i32, y as i32));
            if open {
                continue;
            }
            let (mut lo, mut hi, mut empty) = (0.0f64, 1.0f64, false);
            for (p, d, l) in [(a.0, dx, x as f64), (a.1, dy, y as f64)] {
                if d == 0.0 {
                    empty |= p < l || p > l + 1.0;
                } else {
                    let (t0, t1) = ((l - p) / d, (l + 1.0 - p) / d);
                    lo = lo.max(t0.min(t1));
                    hi = hi.min(t0.max(t1));
                }
            }
            if !empty && lo <= hi {
                return false;
            }
        }
    }
    true
}

/// Checks the Catmull-Rom samples of a waypoint path; returns (samples checked, chords
/// checked, samples or chords outside walkable space). A sampling the library refuses counts
/// as one outside.
fn check_spline(grid: &Grid, path: &[u32]) -> (usize, usize, usize) {
    let cells: Vec<Cell> = path.iter().map(|&n| grid.cell_of(n)).collect();
    let mut samples = vec![WorldPoint::default(); catmull_rom_len(cells.len(), 8)];
    let Some(n) = catmull_rom(grid, &cells, 8, &mut samples) else {
        return (0, 0, 1);
    };
    let mut outside = 0;
    for p in &samples[..n] {
        outside += usize::from(!chord_in_walkable_space(grid, (p.x, p.y), (p.x, p.y)));
    }
    for w in samples[..n].windows(2) {
        outside += usize::from(!chord_in_walkable_space(
            grid,
            (w[0].x, w[0].y),
            (w[1].x, w[1].y),
        ));
    }
    (n, n.saturating_sub(1), outside)
}

/// The visibility-graph optimum from `s` to `t` on `grid` (+∞ when unreachable): an O(n²)
/// Dijkstra whose links are computed as the nodes settle.
fn visibility_optimum(grid: &Grid, s: u32, t: u32) -> f64 {
    let n = grid.cell_count() as usize;
    let open: Vec<u32> = (0..grid.cell_count())
        .filter(|&i| grid.cells()[i as usize] != 255)
        .collect();
    let mut cost = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    cost[s as usize] = 0.0;
    loop {
        let mut best: Option<u32> = None;
        for &i in &open {
            let c = cost[i as usize];
            if !done[i as usize] && c.is_finite() && best.is_none_or(|b| c < cost[b as usize]) {
                best = Some(i);
            }
        }
        let Some(u) = best else { break };
        if u == t {
            break;
        }
        done[u as usize] = true;
        let cu = grid.cell_of(u);
        for &v in &open {
            if done[v as usize] {
                continue;
            }
            let cv = grid.cell_of(v);
            if !GridLineOfSight::check(grid, cu, cv) {
                continue;
            }
            let (dx, dy) = (i64::from(cv.x - cu.x), i64::from(cv.y - cu.y));
            let c = cost[u as usize] + ((dx * dx + dy * dy) as f64).sqrt();
            if c < cost[v as usize] {
                cost[v as usize] = c;
            }
        }
    }
    cost[t as usize]
}

/// Runs the window comparison of one map into `stats`.
pub(super) fn windows(grid: &Grid, alg: Alg, stats: &mut AnyAngleStats) {
    let (w, h) = (grid.width().min(WINDOW), grid.height().min(WINDOW));
    let mut rng = SplitMix64::new(u64::from(grid.width()) << 32 | u64::from(grid.height()));
    for _ in 0..WINDOWS {
        let x0 = rng.below(grid.width() - w + 1);
        let y0 = rng.below(grid.height() - h + 1);
        let mut cells = Vec::with_capacity((w * h) as usize);
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                cells.push(grid.cells()[(y * grid.width() + x) as usize]);
            }
        }
        let Ok(window) = Grid::from_areas(w, h, cells) else {
            continue;
        };
        let open: Vec<u32> = (0..window.cell_count())
            .filter(|&i| window.cells()[i as usize] != 255)
            .collect();
        if open.len() < 2 {
            continue;
        }
        let Ok(mut solver) = alg.prepare(&window) else {
            continue;
        };
        for _ in 0..WINDOW_QUERIES {
            let s = open[rng.below(open.len() as u32) as usize];
            let t = open[rng.below(open.len() as u32) as usize];
            let got = solver.solve(s, t);
            if got.status != Step::Found || s == t {
                continue;
            }
            let best = visibility_optimum(&window, s, t);
            let r = got.cost / best;
            stats.windows += 1;
            stats.vg_sum += r;
            stats.vg_max = stats.vg_max.max(r);
            if got.cost < best * (1.0 - 1e-12) {
                stats.vg_below += 1;
            }
        }
    }
}

/// Records one found line: the ratio to the published optimum, the Catmull-Rom sampling
/// checked, and every [`VERIFY_EVERY`]th path re-verified.
pub(super) fn line(
    grid: &Grid,
    solver: &dyn MapSolver,
    cost: f64,
    optimum: f64,
    found_so_far: usize,
    stats: &mut AnyAngleStats,
) {
    if optimum > 0.0 {
        stats.add_ratio(cost / optimum);
    }
    let path = solver.path();
    if found_so_far.is_multiple_of(VERIFY_EVERY) {
        stats.verified += 1;
        if !verify(grid, &path, cost) {
            stats.verify_failed += 1;
        }
    }
    let (samples, chords, outside) = check_spline(grid, &path);
    stats.spline_paths += 1;
    stats.spline_samples += samples;
    stats.spline_chords += chords;
    stats.spline_outside += outside;
}
