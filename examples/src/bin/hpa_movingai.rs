//! HPA* on a large map: the Moving AI `street/Berlin_0_512` city map (512 × 512) and its
//! scenario file, loaded with `onepath-std`.
//!
//! HPA* cuts the map into 16 × 16 chunks once (`GridSearch::prepare`, what a game does behind
//! its loading screen) and then answers each query over the chunk graph, refining only the
//! chunks the route crosses. Its paths are legal but not always optimal. For every 10th
//! scenario line the program runs HPA* and A* through kept `GridSearch` handles and checks:
//! the A* cost equals the published optimum (so the data and the movement rule agree), each
//! HPA* path is a chain of legal moves (eight directions, no corner cutting) from start to goal
//! whose steps add up to its cost, its cost is never below the optimum, and the mean excess
//! stays under 1 % (the documented quality: "typically well under 1 % over the optimum with
//! smoothing on 8-connected game maps"; there is no per-path bound, so the worst is printed).
//!
//! Without the shared data it prints `skipped: …` and exits 0.
//!
//! Run: `cargo run --release -p onepath-examples --bin hpa_movingai`

use std::time::{Duration, Instant};

use onepath::math::SQRT2;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridPath, GridSearch, PathStatus, Step};
use onepath_std::data::movingai_dir;
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::{read_map, read_scenarios};

/// Runs one query to the end on a kept handle and returns its result.
fn run(search: &mut GridSearch, grid: &Grid, start: Cell, goal: Cell) -> GridPath {
    assert_eq!(
        search.try_begin(grid, start, goal),
        Step::InProgress,
        "endpoints refused"
    );
    let end = search.run_cancellable(grid, || false).expect("same grid");
    assert_eq!(
        end,
        Step::Found,
        "{start:?} -> {goal:?}: every scenario has a path"
    );
    search.to_path(grid).expect("same grid")
}

/// Checks that `path` goes from `start` to `goal` by king moves that cut no corner, and that
/// its step costs, added in path order, give `path.cost` bit for bit.
fn check_path(grid: &Grid, path: &GridPath, start: Cell, goal: Cell) {
    assert_eq!(
        path.status,
        PathStatus::Found,
        "no path {start:?} -> {goal:?}"
    );
    assert_eq!(
        path.cells.first(),
        Some(&start),
        "the path must begin at the start"
    );
    assert_eq!(
        path.cells.last(),
        Some(&goal),
        "the path must end at the goal"
    );
    let mut sum = 0.0;
    for w in path.cells.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "{a:?} -> {b:?}"
        );
        assert!(grid.is_walkable(b), "{a:?} -> {b:?} enters a wall");
        if dx != 0 && dy != 0 {
            let side = Cell::new(a.x + dx, a.y);
            let other = Cell::new(a.x, a.y + dy);
            assert!(
                grid.is_walkable(side) && grid.is_walkable(other),
                "{a:?} -> {b:?} cuts a corner"
            );
        }
        // Every walkable cell of a Moving AI map is area 0, multiplier 1.
        sum += if dx != 0 && dy != 0 { SQRT2 } else { 1.0 };
    }
    assert_eq!(
        sum.to_bits(),
        path.cost.to_bits(),
        "path cost != sum of its steps"
    );
}

/// The map, in the shared data's `movingai/` folder; its scenarios are `<map>.scen`.
const MAP: &str = "street/Berlin_0_512.map";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(dir) = movingai_dir().filter(|d| d.join(MAP).is_file()) else {
        println!("skipped: hpa_movingai: movingai/{MAP} not found (shared data absent)");
        return Ok(());
    };
    let map = read_map(&dir.join(MAP), &MovingAiOptions::DEFAULT)?;
    let scenarios = read_scenarios(&dir.join(format!("{MAP}.scen")))?;
    let grid = map.to_grid()?;

    // Chunk side 16 and smoothing on are the defaults.
    let mut hpa = GridSearch::new(GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Hpa))?;
    let mut a_star = GridSearch::new(GridOptions::DEFAULT)?;
    let clock = Instant::now();
    hpa.prepare(&grid); // builds the chunk graph
    let built = clock.elapsed();
    a_star.prepare(&grid);
    let h = hpa.hpa_hierarchy().ok_or("prepare built no hierarchy")?;
    println!(
        "{MAP}: {} x {}, {} walkable cells; HPA* chunk graph of {} nodes built in {:.0?}",
        grid.width(),
        grid.height(),
        map.walkable_count(),
        h.node_count(),
        built
    );

    let (mut paths, mut excess_sum, mut worst) = (0u32, 0.0, (0.0, 0u64));
    let (mut hpa_work, mut a_star_work) = (0u64, 0u64);
    let (mut hpa_time, mut a_star_time) = (Duration::ZERO, Duration::ZERO);
    for s in scenarios.scenarios().iter().step_by(10) {
        let start = Cell::new(s.start_x as i32, s.start_y as i32);
        let goal = Cell::new(s.goal_x as i32, s.goal_y as i32);
        let clock = Instant::now();
        let optimal = run(&mut a_star, &grid, start, goal);
        a_star_time += clock.elapsed();
        let clock = Instant::now();
        let path = run(&mut hpa, &grid, start, goal);
        hpa_time += clock.elapsed();

        assert!(
            s.length_matches(optimal.cost),
            "line {}: A* {} != published {}",
            s.line,
            optimal.cost,
            s.optimal_length
        );
        assert_eq!(path.algorithm, GridAlgorithm::Hpa, "HPA* did not run");
        check_path(&grid, &path, start, goal);
        // Never below the optimum. The two paths add their steps in different orders, so an
        // equally long HPA* path can come out one ulp under A*'s `f64` cost; the fixed-point
        // cost does not depend on the order of addition, so compare that.
        assert!(
            grid.fixed_cost(&path.cells) >= grid.fixed_cost(&optimal.cells),
            "line {}: HPA* {} below the optimum {}",
            s.line,
            path.cost,
            optimal.cost
        );
        let excess = if optimal.cost > 0.0 {
            path.cost / optimal.cost - 1.0
        } else {
            0.0
        };
        if excess > worst.0 {
            worst = (excess, s.line);
        }
        excess_sum += excess;
        paths += 1;
        hpa_work += u64::from(path.expansions);
        a_star_work += u64::from(optimal.expansions);
    }
    let mean = excess_sum / f64::from(paths);
    println!(
        "{paths} scenarios: every HPA* path legal and never below the optimum; mean {:.3} % over, \
         worst {:.2} % (line {})",
        100.0 * mean,
        100.0 * worst.0,
        worst.1
    );
    println!(
        "expansions: HPA* {hpa_work} (abstract nodes) vs A* {a_star_work} (cells); \
         time: HPA* {hpa_time:.0?} vs A* {a_star_time:.0?}"
    );
    assert!(paths > 100, "too few scenarios checked");
    assert!(
        mean < 0.01,
        "HPA* mean excess {:.3} % is not under 1 %",
        100.0 * mean
    );
    Ok(())
}
