//! Issue 28, item 1: smoothing respects terrain costs. On a grid whose area multipliers
//! differ, `smooth_path` takes a shortcut only when it costs no more over the terrain it
//! crosses than the cells it replaces, reports that cost (`terrain_waypoint_cost`), and never
//! more than the input's; Catmull-Rom samples never cross terrain dearer than the segment they
//! curve; HPA*'s smoothing (which walks grid moves) never raises the refined cost.

mod common;

use common::random_grid;
use onepath::theta::{
    catmull_rom, catmull_rom_len, smooth_path, terrain_segment_cost, terrain_waypoint_cost,
};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus, WorldPoint};

fn centre(c: Cell) -> (f64, f64) {
    (f64::from(c.x) + 0.5, f64::from(c.y) + 0.5)
}

#[test]
fn the_mud_detour_is_not_smoothed_back_through_the_mud() {
    // The reported case: area 9 costs 50; A* goes around it.
    let mut grid = Grid::from_text(".......\n.99999.\n.99999.\n.99999.\n.......").unwrap();
    grid.set_area_cost(9, 50.0).unwrap();
    let (s, g) = (Cell::new(0, 2), Cell::new(6, 2));
    let a_star = grid.find_path(s, g, &GridOptions::DEFAULT).unwrap();
    assert!(a_star.cost < 12.0, "A* goes around: {}", a_star.cost);
    let mut out = vec![Cell::default(); a_star.cells.len()];
    let (n, cost) = smooth_path(&grid, 1, 1.0, &a_star.cells, &mut out).unwrap();
    // Straight through the mud would cost 6 cells' worth at 50 each side: refused.
    assert!(terrain_segment_cost(&grid, centre(s), centre(g)) > 200.0);
    assert!(
        n > 2,
        "the two-waypoint shortcut through the mud is not taken"
    );
    assert!(cost <= a_star.cost);
    assert_eq!(
        cost.to_bits(),
        terrain_waypoint_cost(&grid, &out[..n]).to_bits()
    );
}

#[test]
fn smoothing_never_raises_the_cost_on_random_terrain() {
    let (mut smoothed, mut curved) = (0, 0);
    for seed in 0..60u64 {
        let grid = random_grid(seed, 24, 18, 15, true);
        let cells: Vec<Cell> = (0..grid.cell_count() as i32)
            .map(|i| Cell::new(i % 24, i / 24))
            .filter(|&c| grid.is_walkable(c))
            .collect();
        for k in 0..6 {
            let (s, g) = (cells[k * 7 % cells.len()], cells[cells.len() - 1 - k * 5]);
            let p = grid.find_path(s, g, &GridOptions::DEFAULT).unwrap();
            if p.status != PathStatus::Found {
                continue;
            }
            let mut out = vec![Cell::default(); p.cells.len()];
            let (n, cost) = smooth_path(&grid, 1, 1.0, &p.cells, &mut out).unwrap();
            assert!(cost <= p.cost, "seed {seed}: {cost} > {}", p.cost);
            assert_eq!(
                cost.to_bits(),
                terrain_waypoint_cost(&grid, &out[..n]).to_bits()
            );
            assert_eq!((out[0], out[n - 1]), (s, g));
            smoothed += usize::from(n < p.cells.len());
            // Catmull-Rom over those waypoints: no sample chord crosses a cell dearer than the
            // dearest cell under its straight span.
            let mut pts = vec![WorldPoint::default(); catmull_rom_len(n, 6)];
            let m = catmull_rom(&grid, &out[..n], 6, &mut pts).unwrap();
            for (span, w) in out[..n].windows(2).enumerate() {
                let bound = dearest(&grid, centre(w[0]), centre(w[1]));
                let chords = &pts[span * 6..=(span * 6 + 6).min(m - 1)];
                // A span emitted straight is the waypoint segment itself (sampled points on it
                // round a hair beside a corner it passes): smooth_path priced it; skip it.
                let (a, b) = (centre(w[0]), centre(w[1]));
                let off = |p: &WorldPoint| {
                    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                    ((p.x - a.0) * dy - (p.y - a.1) * dx).abs() / (dx * dx + dy * dy).sqrt()
                };
                if chords.iter().all(|p| off(p) < 1e-9) {
                    continue;
                }
                curved += 1;
                for c in chords.windows(2) {
                    let d = dearest(&grid, (c[0].x, c[0].y), (c[1].x, c[1].y));
                    assert!(
                        d <= bound,
                        "seed {seed}: a curve over dearer terrain: {w:?} {c:?}"
                    );
                }
            }
        }
    }
    assert!(
        smoothed > 50,
        "smoothing still shortens paths on terrain ({smoothed})"
    );
    assert!(curved > 50, "curved spans were checked ({curved})");
}

/// The largest multiplier the segment crosses, probed densely (an independent check of the
/// traversal: 4,096 points along it, each cell read by its floor).
fn dearest(grid: &Grid, a: (f64, f64), b: (f64, f64)) -> f64 {
    let mut m = 0.0f64;
    for i in 1..4096 {
        let t = f64::from(i) / 4096.0;
        let (x, y) = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
        let c = Cell::new(x.floor() as i32, y.floor() as i32);
        let area = grid.area(c).unwrap();
        m = m.max(grid.areas().get(area));
    }
    m
}

#[test]
fn hpa_smoothing_on_terrain_never_raises_the_refined_cost() {
    for seed in 0..20u64 {
        let grid = random_grid(100 + seed, 32, 32, 12, true);
        let cells: Vec<Cell> = (0..grid.cell_count() as i32)
            .map(|i| Cell::new(i % 32, i / 32))
            .filter(|&c| grid.is_walkable(c))
            .collect();
        let (s, g) = (cells[3], cells[cells.len() - 4]);
        let base = GridOptions::DEFAULT
            .with_algorithm(GridAlgorithm::Hpa)
            .with_hpa_chunk_size(8);
        let rough = grid
            .find_path(s, g, &base.with_hpa_smoothing(false))
            .unwrap();
        let smooth = grid.find_path(s, g, &base).unwrap();
        assert_eq!(rough.status, smooth.status);
        if smooth.status == PathStatus::Found {
            assert!(smooth.cost <= rough.cost, "seed {seed}");
            assert_eq!(
                terrain_waypoint_cost(&grid, &smooth.cells).to_bits(),
                smooth.cost.to_bits(),
                "HPA*'s smoothed cells are grid moves and its cost their sum"
            );
        }
    }
}
