//! Jump point search against the independent references (issue 7): JPS and JPS+ costs equal the
//! O(n²) Dijkstra on generated grids (rooms with gaps and corridors among them) and on grids
//! wider than a 64-bit word; every returned path is checked move by move; the JPS+ tables equal
//! an independent cell-by-cell scan written from the spec's definition of jump points (not from
//! its chain rule).
//!
//! Scale: `ONEPATH_CONFORMANCE_SCALE=N` multiplies the grid counts.

use conformance::dijkstra_ref::{dijkstra, relative_difference};
use conformance::r#gen::{CostMode, GenOptions, square_case};
use conformance::model::Model;
use conformance::path_check::check_path;
use conformance::rng::SplitMix64;
use conformance::square_ref::{Connectivity, DiagonalRule, SquareModel};
use onepath::grid::Dir8;
use onepath::jps::JpsPlusIndex;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, HeuristicKind, PathStatus};

fn scale() -> u64 {
    std::env::var("ONEPATH_CONFORMANCE_SCALE")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(1)
}

const WALL: u8 = 255;

/// Runs JPS and JPS+ (tier 1, and with the Zero heuristic) on one case against Dijkstra.
fn check_case(
    width: i32,
    height: i32,
    cells: &[u8],
    m: f64,
    rng: &mut SplitMix64,
    queries: usize,
) -> usize {
    let multipliers = vec![m; 255];
    let model = SquareModel::new(
        width,
        height,
        cells.to_vec(),
        &multipliers,
        Connectivity::Eight,
        DiagonalRule::NoCornerCutting,
        1,
    );
    let mut grid = Grid::from_areas(width as u32, height as u32, cells.to_vec()).unwrap();
    for a in 0..255u8 {
        grid.set_area_cost(a, m).unwrap();
    }
    let open: Vec<(i32, i32)> = (0..width * height)
        .map(|i| (i % width, i / width))
        .filter(|&(x, y)| cells[(y * width + x) as usize] != WALL)
        .collect();
    if open.is_empty() {
        return 0;
    }
    let mut checked = 0;
    for _ in 0..queries {
        let s = open[rng.below(open.len() as u64) as usize];
        let g = open[rng.below(open.len() as u64) as usize];
        let costs = dijkstra(&model, s);
        let expected = costs[model.index(g).unwrap()];
        for (alg, h) in [
            (GridAlgorithm::Jps, HeuristicKind::Auto),
            (GridAlgorithm::JpsPlus, HeuristicKind::Auto),
            (GridAlgorithm::Jps, HeuristicKind::Zero),
            (GridAlgorithm::JpsPlus, HeuristicKind::Octile),
        ] {
            let o = GridOptions::DEFAULT.with_algorithm(alg).with_heuristic(h);
            let p = grid
                .find_path(Cell::new(s.0, s.1), Cell::new(g.0, g.1), &o)
                .unwrap();
            assert_eq!(p.algorithm, alg, "the query qualifies, so {alg:?} must run");
            if expected.is_infinite() {
                assert_eq!(
                    p.status,
                    PathStatus::NoPath,
                    "{alg:?} {s:?}->{g:?}\n{}",
                    grid.to_text()
                );
                continue;
            }
            assert_eq!(
                p.status,
                PathStatus::Found,
                "{alg:?} {s:?}->{g:?}\n{}",
                grid.to_text()
            );
            let path: Vec<(i32, i32)> = p.cells.iter().map(|c| (c.x, c.y)).collect();
            let repriced = check_path(&model, s, g, &path)
                .unwrap_or_else(|e| panic!("{alg:?}: {e}\n{}", grid.to_text()));
            // One product per segment (JPS) vs one addition per cell: equal up to rounding.
            assert!(
                relative_difference(p.cost, expected) <= 1e-9,
                "{alg:?} {s:?}->{g:?}: {} vs {expected}\n{}",
                p.cost,
                grid.to_text()
            );
            assert!(
                relative_difference(repriced, expected) <= 1e-9,
                "{alg:?}: the path is not optimal"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn jps_costs_equal_dijkstra_on_generated_grids() {
    let grids = 2_000 * scale();
    let mut rng = SplitMix64::new(0x4A50_5300);
    let mut checked = 0;
    for i in 0..grids {
        let mut opts = GenOptions::new(CostMode::Uniform);
        opts.max_side = if i % 10 == 0 { 24 } else { 12 };
        let case = square_case(&mut rng, &opts);
        let m = [1.0, 2.5, 0.3, 1.7][i as usize % 4];
        checked += check_case(case.width, case.height, &case.cells, m, &mut rng, 3);
    }
    eprintln!(
        "jps_vs_reference: {grids} generated grids, {checked} JPS/JPS+ queries checked against Dijkstra"
    );
    assert!(
        checked as u64 > grids,
        "too few reachable queries: {checked}"
    );
}

#[test]
fn jps_on_grids_wider_than_a_word() {
    let grids = 40 * scale();
    let mut rng = SplitMix64::new(77);
    let mut checked = 0;
    for i in 0..grids {
        let (w, h) = (65 + rng.below(80) as i32, 1 + rng.below(12) as i32);
        let density = rng.below(35);
        let cells: Vec<u8> = (0..w * h)
            .map(|_| if rng.below(100) < density { WALL } else { 0 })
            .collect();
        checked += check_case(
            w,
            h,
            &cells,
            if i % 2 == 0 { 1.0 } else { 3.0 },
            &mut rng,
            4,
        );
    }
    eprintln!("jps_vs_reference: {grids} wide grids, {checked} queries checked");
    assert!(checked > 0);
}

/// The JPS+ value of (x, y) in `dir` by direct scanning, from the spec's definition: positive =
/// steps to the next jump point (straight: a cell with a forced neighbour; diagonal: a cell
/// whose straight scan along a component finds one), non-positive = minus the walkable cells
/// before the wall.
fn scanned(walk: &dyn Fn(i32, i32) -> bool, x: i32, y: i32, dir: Dir8) -> i16 {
    let (dx, dy) = dir.offset();
    let forced = |cx: i32, cy: i32, dx: i32, dy: i32| {
        let sides = if dx != 0 {
            [(0, -1), (0, 1)]
        } else {
            [(-1, 0), (1, 0)]
        };
        sides
            .iter()
            .any(|&(sx, sy)| walk(cx + sx, cy + sy) && !walk(cx - dx + sx, cy - dy + sy))
    };
    let straight = |mut cx: i32, mut cy: i32, dx: i32, dy: i32| -> i16 {
        let mut n = 0i16;
        loop {
            if !walk(cx + dx, cy + dy) {
                return -n;
            }
            cx += dx;
            cy += dy;
            n += 1;
            if forced(cx, cy, dx, dy) {
                return n;
            }
        }
    };
    if !dir.is_diagonal() {
        return straight(x, y, dx, dy);
    }
    let (mut cx, mut cy, mut n) = (x, y, 0i16);
    loop {
        if !(walk(cx + dx, cy) && walk(cx, cy + dy) && walk(cx + dx, cy + dy)) {
            return -n;
        }
        cx += dx;
        cy += dy;
        n += 1;
        if straight(cx, cy, dx, 0) > 0 || straight(cx, cy, 0, dy) > 0 {
            return n;
        }
    }
}

#[test]
fn jps_plus_tables_equal_an_independent_scan() {
    let grids = 600 * scale();
    let mut rng = SplitMix64::new(5);
    for i in 0..grids {
        let mut opts = GenOptions::new(CostMode::Uniform);
        opts.max_side = if i % 5 == 0 { 70 } else { 14 };
        let case = square_case(&mut rng, &opts);
        let (w, h) = (case.width, case.height);
        let grid = Grid::from_areas(w as u32, h as u32, case.cells.clone()).unwrap();
        let index = JpsPlusIndex::new(&grid).unwrap();
        let walk = |x: i32, y: i32| {
            x >= 0 && y >= 0 && x < w && y < h && case.cells[(y * w + x) as usize] != WALL
        };
        for y in 0..h {
            for x in 0..w {
                for dir in Dir8::ALL {
                    let expected = if walk(x, y) {
                        scanned(&walk, x, y, dir)
                    } else {
                        0
                    };
                    assert_eq!(
                        index.get(x, y, dir),
                        expected,
                        "({x},{y}) {dir:?}\n{}",
                        case.picture()
                    );
                }
            }
        }
        // The direction-major copy holds the same numbers.
        let t = index.tables();
        let n = (w * h) as usize;
        for c in 0..n {
            for d in 0..8 {
                assert_eq!(t[d * n + c], index.raw()[c * 8 + d]);
            }
        }
    }
    eprintln!("jps_vs_reference: {grids} grids of JPS+ tables equal the independent scan");
}
