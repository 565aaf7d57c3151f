//! `ThetaSearch` (Theta*, Lazy Theta*, LazyRequeue) against the independent references of
//! `conformance::theta_ref` (spec: grids.md, “Any-angle verification”).
//!
//! On 10^4 random grids up to 12 × 12, 2,000 with unit cost 2.5 and 300 up to 30 × 30, for a
//! few endpoint pairs per grid and every variant:
//!
//! * found exactly when the library's A* finds a path (same reachability);
//! * every segment passes the exact segment-versus-square test;
//! * the cost equals the segment costs added in path order, bit for bit;
//! * Theta* and LazyRequeue are never longer than A*;
//! * every variant is at least the visibility-graph optimum (independent Dijkstra);
//! * sliced runs (budgets 1-7) equal the unsliced run: path, cost bits and every counter.
//!
//! The comparisons with A* and the visibility graph allow a relative 1e-12: the three sums
//! add different roundings of √2 multiples in different orders.

use conformance::r#gen::{self, CostMode, GenOptions, GridCase};
use conformance::rng::SplitMix64;
use conformance::theta_ref;
use onepath::grid::SquareTopology;
use onepath::search::{AStar, Step};
use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Connectivity, DiagonalRule, Grid};

const VARIANTS: [ThetaVariant; 3] = [
    ThetaVariant::Theta,
    ThetaVariant::Lazy,
    ThetaVariant::LazyRequeue,
];
const TOL: f64 = 1e-12;

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

#[derive(Default, Debug)]
struct Tally {
    queries: u64,
    found: u64,
    lazy_longer_than_astar: u64,
    shorter_than_astar: u64,
}

struct Run {
    state: Step,
    path: Vec<u32>,
    cost: u64,
    counts: (u32, u32, u64),
}

fn run(grid: &Grid, variant: ThetaVariant, m: f64, s: u32, g: u32, budget: u32) -> Run {
    let mut t = ThetaSearch::new(variant, EuclideanHeuristic::new(grid.width(), m));
    let mut state = t.try_begin(grid, s, g);
    while state == Step::InProgress {
        state = t.step(grid, budget);
    }
    Run {
        state,
        path: t.path(),
        cost: t.cost().to_bits(),
        counts: (t.iterations(), t.expansions(), t.los_checks()),
    }
}

#[allow(clippy::too_many_lines)]
fn check(seed: u64, grids: u64, max_side: i32, m: f64, pairs: usize, sliced_every: u64) -> Tally {
    let mut rng = SplitMix64::new(seed);
    let opts = GenOptions {
        min_side: 1,
        max_side,
        cost_mode: CostMode::Uniform,
        shape: None,
    };
    let mut tally = Tally::default();
    for gi in 0..grids {
        let case = r#gen::square_case(&mut rng, &opts);
        let grid = grid_of(&case, m);
        let w = case.width;
        let links = theta_ref::visibility_graph(case.width, case.height, &case.cells);
        let topo =
            SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
                .unwrap();
        let mut astar = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), m));
        for _ in 0..pairs {
            let (sx, sy) = r#gen::endpoint(&mut rng, &case);
            let (gx, gy) = r#gen::endpoint(&mut rng, &case);
            let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < case.width && y < case.height;
            if !inside(sx, sy) || !inside(gx, gy) {
                continue;
            }
            let s = (sy * w + sx) as u32;
            let g = (gy * w + gx) as u32;
            let a_state = astar.try_begin(&topo, s, g);
            let a_state = if a_state == Step::InProgress {
                astar.run(&topo)
            } else {
                a_state
            };
            let a_cost = astar.cost();
            let vg = if a_state == Step::Found {
                theta_ref::visibility_dijkstra(w, &links, m, s as usize)[g as usize]
            } else {
                f64::INFINITY
            };
            let ctx = || {
                format!(
                    "grid {gi} (seed {seed:#x}, m {m}) ({sx},{sy}) -> ({gx},{gy}):\n{}",
                    case.picture()
                )
            };
            for variant in VARIANTS {
                tally.queries += 1;
                let r = run(&grid, variant, m, s, g, u32::MAX);
                assert_eq!(r.state, a_state, "{variant:?} status, {}", ctx());
                if r.state != Step::Found {
                    assert!(r.path.is_empty());
                    continue;
                }
                tally.found += 1;
                let pts: Vec<(i64, i64)> = r
                    .path
                    .iter()
                    .map(|&n| (i64::from(n) % i64::from(w), i64::from(n) / i64::from(w)))
                    .collect();
                assert_eq!(
                    pts.first(),
                    Some(&(i64::from(sx), i64::from(sy))),
                    "{}",
                    ctx()
                );
                assert_eq!(
                    pts.last(),
                    Some(&(i64::from(gx), i64::from(gy))),
                    "{}",
                    ctx()
                );
                for seg in pts.windows(2) {
                    assert!(
                        theta_ref::line_of_sight(
                            case.width,
                            case.height,
                            &case.cells,
                            seg[0],
                            seg[1]
                        ),
                        "{variant:?} segment {:?} -> {:?} crosses a wall, {}",
                        seg[0],
                        seg[1],
                        ctx()
                    );
                }
                let summed = theta_ref::path_cost(m, &pts);
                assert_eq!(
                    r.cost,
                    summed.to_bits(),
                    "{variant:?} cost {} != in-order sum {summed}, {}",
                    f64::from_bits(r.cost),
                    ctx()
                );
                let cost = f64::from_bits(r.cost);
                assert!(
                    cost >= vg * (1.0 - TOL),
                    "{variant:?} cost {cost} below the visibility-graph optimum {vg}, {}",
                    ctx()
                );
                if cost > a_cost * (1.0 + TOL) {
                    assert_eq!(
                        variant,
                        ThetaVariant::Lazy,
                        "{variant:?} cost {cost} longer than A* {a_cost}, {}",
                        ctx()
                    );
                    tally.lazy_longer_than_astar += 1;
                }
                if cost < a_cost * (1.0 - TOL) {
                    tally.shorter_than_astar += 1;
                }
                if gi % sliced_every == 0 {
                    for budget in 1..=7 {
                        let sliced = run(&grid, variant, m, s, g, budget);
                        assert_eq!(sliced.state, r.state, "{}", ctx());
                        assert_eq!(sliced.path, r.path, "budget {budget}, {}", ctx());
                        assert_eq!(sliced.cost, r.cost, "budget {budget}, {}", ctx());
                        assert_eq!(sliced.counts, r.counts, "budget {budget}, {}", ctx());
                    }
                }
            }
        }
    }
    tally
}

#[test]
fn ten_thousand_small_grids() {
    let t = check(0x7E7A_1001, 10_000, 12, 1.0, 3, 50);
    eprintln!("small grids: {t:?}");
    assert!(t.found > t.queries / 3, "{t:?}");
    assert!(
        t.shorter_than_astar > t.found / 10,
        "any-angle paths are shorter: {t:?}"
    );
}

#[test]
fn unit_cost_two_and_a_half() {
    let t = check(0x7E7A_1002, 2_000, 12, 2.5, 3, 50);
    eprintln!("unit cost 2.5: {t:?}");
    assert!(t.found > t.queries / 3, "{t:?}");
}

#[test]
fn grids_up_to_thirty() {
    let t = check(0x7E7A_1003, 300, 30, 1.0, 4, 10);
    eprintln!("grids up to 30: {t:?}");
    assert!(t.found > t.queries / 3, "{t:?}");
}
