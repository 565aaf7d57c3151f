//! Path smoothing (`onepath::theta::smooth_path`, `catmull_rom`) against the independent
//! references of `conformance::theta_ref` (spec: guide-pathfinding.md §7; issue 16):
//!
//! * line-of-sight smoothing of A* paths on generated grids, agent sizes 1-3 and unit costs 1
//!   and 2.5: start and goal kept, waypoints drawn from the input in order, every segment
//!   passes the exact test (segment versus closed squares for size 1, parametric clipping of
//!   the swept block for larger agents), cost = the in-order segment sum and never above the
//!   input's;
//! * Catmull-Rom samples of smoothed paths and of Theta* paths: the waypoints kept bit for bit
//!   at their places, every sample and every chord between consecutive samples in walkable
//!   space (clipping against closed wall squares).

use conformance::r#gen::{self, CostMode, GenOptions, GridCase};
use conformance::rng::SplitMix64;
use conformance::theta_ref;
use onepath::search::Step;
use onepath::theta::{
    EuclideanHeuristic, ThetaSearch, ThetaVariant, catmull_rom, catmull_rom_len, smooth_path,
};
use onepath::{Cell, Grid, GridOptions, PathStatus, WorldPoint};

fn grid_of(case: &GridCase, m: f64) -> Grid {
    let mut grid =
        Grid::from_areas(case.width as u32, case.height as u32, case.cells.clone()).unwrap();
    if m != 1.0 {
        for a in 0..255u8 {
            grid.set_area_cost(a, m).unwrap();
        }
    }
    grid
}

fn xy(c: Cell) -> (i64, i64) {
    (i64::from(c.x), i64::from(c.y))
}

/// Checks the samples; returns the chords checked and the curved samples (off the straight
/// segments between waypoints).
fn check_samples(
    case: &GridCase,
    waypoints: &[Cell],
    k: u32,
    samples: &[WorldPoint],
) -> (usize, usize) {
    assert_eq!(samples.len(), catmull_rom_len(waypoints.len(), k));
    let mut curved = 0;
    for (i, p) in samples.iter().enumerate() {
        let span = i / k as usize;
        if span + 1 < waypoints.len() {
            let (a, b) = (waypoints[span], waypoints[span + 1]);
            let u = (i % k as usize) as f64 / f64::from(k);
            let (ax, ay) = (f64::from(a.x) + 0.5, f64::from(a.y) + 0.5);
            let (bx, by) = (f64::from(b.x) + 0.5, f64::from(b.y) + 0.5);
            let (lx, ly) = (ax + u * (bx - ax), ay + u * (by - ay));
            curved += usize::from((p.x - lx).abs() + (p.y - ly).abs() > 1e-6);
        }
    }
    for (i, w) in waypoints.iter().enumerate() {
        let c = WorldPoint::new(f64::from(w.x) + 0.5, f64::from(w.y) + 0.5);
        assert_eq!(samples[i * k as usize], c, "waypoint {i} kept");
    }
    let mut chords = 0;
    for p in samples {
        assert!(
            theta_ref::chord_in_walkable_space(
                case.width,
                case.height,
                &case.cells,
                (p.x, p.y),
                (p.x, p.y)
            ),
            "sample {p:?} outside walkable space:\n{}",
            case.picture()
        );
    }
    for s in samples.windows(2) {
        assert!(
            theta_ref::chord_in_walkable_space(
                case.width,
                case.height,
                &case.cells,
                (s[0].x, s[0].y),
                (s[1].x, s[1].y)
            ),
            "chord {:?} -> {:?} leaves walkable space:\n{}",
            s[0],
            s[1],
            case.picture()
        );
        chords += 1;
    }
    (chords, curved)
}

#[test]
fn smoothing_and_splines_stay_in_walkable_space() {
    let mut rng = SplitMix64::new(0x7E7A_2001);
    let (mut smoothed, mut shorter, mut chords, mut curved) = (0u64, 0u64, 0usize, 0usize);
    for gi in 0..1_500u64 {
        let opts = GenOptions {
            min_side: 2,
            max_side: if gi % 10 == 0 { 32 } else { 14 },
            cost_mode: CostMode::Uniform,
            shape: None,
        };
        let case = r#gen::square_case(&mut rng, &opts);
        let m = if gi % 5 == 0 { 2.5 } else { 1.0 };
        let grid = grid_of(&case, m);
        let size = [1u8, 1, 1, 2, 3][(gi % 5) as usize];
        let (sx, sy) = r#gen::endpoint(&mut rng, &case);
        let (gx, gy) = r#gen::endpoint(&mut rng, &case);
        let o = GridOptions::DEFAULT.with_agent_size(size);
        let Ok(p) = grid.find_path(Cell::new(sx, sy), Cell::new(gx, gy), &o) else {
            continue;
        };
        if p.status != PathStatus::Found {
            continue;
        }
        let mut out = vec![Cell::default(); p.cells.len()];
        let (n, cost) = smooth_path(&grid, size, m, &p.cells, &mut out).unwrap();
        let way = &out[..n];
        let ctx = || format!("grid {gi} size {size} m {m}:\n{}", case.picture());
        assert_eq!(way.first(), p.cells.first(), "{}", ctx());
        assert_eq!(way.last(), p.cells.last(), "{}", ctx());
        // Waypoints are input cells, in input order.
        let mut at = 0;
        for w in way {
            at += p.cells[at..]
                .iter()
                .position(|c| c == w)
                .expect("an input cell");
        }
        for s in way.windows(2) {
            let ok = if size == 1 {
                theta_ref::line_of_sight(case.width, case.height, &case.cells, xy(s[0]), xy(s[1]))
            } else {
                theta_ref::block_sweep_clear(
                    case.width,
                    case.height,
                    &case.cells,
                    i64::from(size),
                    xy(s[0]),
                    xy(s[1]),
                )
            };
            assert!(ok, "segment {:?} -> {:?} blocked, {}", s[0], s[1], ctx());
        }
        let pts: Vec<(i64, i64)> = way.iter().map(|&c| xy(c)).collect();
        let input: Vec<(i64, i64)> = p.cells.iter().map(|&c| xy(c)).collect();
        assert_eq!(
            cost.to_bits(),
            theta_ref::path_cost(m, &pts).to_bits(),
            "{}",
            ctx()
        );
        assert!(cost <= theta_ref::path_cost(m, &input), "{}", ctx());
        assert!(cost <= p.cost * (1.0 + 1e-12), "{}", ctx());
        smoothed += 1;
        shorter += u64::from(cost < p.cost * (1.0 - 1e-12));
        if size == 1 {
            for k in [1u32, 4, 9] {
                let mut samples = vec![WorldPoint::default(); catmull_rom_len(n, k)];
                let written = catmull_rom(&grid, way, k, &mut samples).unwrap();
                let (c, v) = check_samples(&case, way, k, &samples[..written]);
                (chords, curved) = (chords + c, curved + v);
            }
            // Theta* waypoints too.
            let h = EuclideanHeuristic::new(grid.width(), m);
            let mut t = ThetaSearch::new(ThetaVariant::LazyRequeue, h);
            let s = grid.index_of(Cell::new(sx, sy)).unwrap();
            let g = grid.index_of(Cell::new(gx, gy)).unwrap();
            let _ = t.try_begin(&grid, s, g);
            assert_eq!(t.run(&grid), Step::Found);
            let tw: Vec<Cell> = t.path().iter().map(|&i| grid.cell_of(i)).collect();
            let mut samples = vec![WorldPoint::default(); catmull_rom_len(tw.len(), 6)];
            let written = catmull_rom(&grid, &tw, 6, &mut samples).unwrap();
            let (c, v) = check_samples(&case, &tw, 6, &samples[..written]);
            (chords, curved) = (chords + c, curved + v);
        }
    }
    eprintln!(
        "{smoothed} paths smoothed, {shorter} shorter; {chords} chords checked, {curved} samples on curves"
    );
    assert!(
        smoothed > 600 && shorter > smoothed / 5,
        "{smoothed} {shorter}"
    );
    assert!(
        curved > chords / 10,
        "the curves are not all straight fallbacks: {curved} of {chords}"
    );
}

#[test]
fn block_sweep_equals_the_clipping_reference() {
    let mut rng = SplitMix64::new(0x7E7A_2002);
    let opts = GenOptions {
        min_side: 2,
        max_side: 16,
        cost_mode: CostMode::Uniform,
        shape: None,
    };
    let (mut clear, mut seen) = (0, 0);
    for _ in 0..800 {
        let case = r#gen::square_case(&mut rng, &opts);
        let grid = grid_of(&case, 1.0);
        for _ in 0..40 {
            let size = 1 + rng.below(3) as u8;
            let a = (
                rng.range_i32(0, case.width - 1),
                rng.range_i32(0, case.height - 1),
            );
            let b = (
                rng.range_i32(0, case.width - 1),
                rng.range_i32(0, case.height - 1),
            );
            let (ca, cb) = (Cell::new(a.0, a.1), Cell::new(b.0, b.1));
            let got = onepath::theta::block_sweep_clear(&grid, size, ca, cb);
            let want = theta_ref::block_sweep_clear(
                case.width,
                case.height,
                &case.cells,
                i64::from(size),
                xy(ca),
                xy(cb),
            );
            assert_eq!(got, want, "size {size} {a:?} -> {b:?}:\n{}", case.picture());
            assert_eq!(
                got,
                onepath::theta::block_sweep_clear(&grid, size, cb, ca),
                "symmetric"
            );
            clear += usize::from(got);
            seen += 1;
        }
    }
    assert!(
        clear > seen / 10 && clear < seen * 9 / 10,
        "{clear} of {seen}"
    );
}

#[test]
fn short_buffers_are_refused() {
    let grid = Grid::new(4, 4).unwrap();
    let path = [Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)];
    assert!(smooth_path(&grid, 1, 1.0, &path, &mut [Cell::default(); 2]).is_none());
    assert!(smooth_path(&grid, 0, 1.0, &path, &mut [Cell::default(); 3]).is_none());
    let mut few = [WorldPoint::default(); 4];
    assert!(catmull_rom(&grid, &path, 3, &mut few).is_none());
    assert_eq!(catmull_rom(&grid, &[], 3, &mut few), Some(0));
}
