//! Incremental replanning figures (issue 18): LPA* and D* Lite repairing a path after seeded
//! wall toggles, beside searching the changed map again.
//!
//! Per map: the scenario lines of the top quarter of published lengths, of which `--per-map`
//! are taken evenly spread over that quarter (sorted by length, every k-th). Per scenario and
//! variant, `--changes` seeded toggles of a cell on or next to the current path (never the
//! agent's cell or the goal; a wall opens, an open cell closes). LPA* keeps its start; D* Lite
//! is used the way a unit uses it: before every toggle the agent walks `1/(changes + 1)` of
//! its path (`move_start`), and the toggle falls on the path still ahead. After each toggle,
//! on the same changed map, from the same start:
//!
//! - **replan**: `GridReplanner::replan` (expansions = pops that changed a cost);
//! - **one-line A***: `Grid::find_path` with `GridOptions::DEFAULT` (the specialised octile
//!   engine, its handle kept inside the grid);
//! - **generic A***: tier-2 `AStar` over `SquareTopology` with the octile heuristic, buffers
//!   kept between queries;
//! - **JPS+**: a kept `GridSearch` with `GridAlgorithm::JpsPlus`, `try_begin` (which repairs
//!   its tables from the grid's edit journal) + `step`.
//!
//! Every replanned status and cost is checked against the one-line A*'s and the generic A*'s
//! (relative 1e-9; the run exits 1 on a mismatch). Times are thread CPU time, best of
//! `--passes` interleaved passes per change (the replan is timed on clones of the replanner
//! taken before the pass, so each pass repairs the same change; the JPS+ handle likewise, so
//! each pass includes the table repair). No figure is asserted.
//!
//! ```text
//! CARGO_TARGET_DIR=<dir> cargo run --release --bin replan -- [--per-map N] [--changes N]
//!     [--passes N] [--seed S] [set/map ...]
//!     (default: dao/brc202d da2/ht_chantry room/32room_000 maze/maze512-4-0)
//! ```

use std::hint::black_box;
use std::time::Duration;

use onepath::grid::SquareTopology;
use onepath::math::SplitMix64;
use onepath::search::{AStar, SearchBuffers, Step};
use onepath::topology::{DefaultStepCost, OctileHeuristic, Topology};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridReplanner, GridSearch,
    PathStatus,
};
use onepath_bench::clock::thread_cpu;
use onepath_bench::load_map;

const USAGE: &str =
    "usage: replan [--per-map N] [--changes N] [--passes N] [--seed S] [set/map ...]";

struct Options {
    per_map: usize,
    changes: usize,
    passes: usize,
    seed: u64,
    maps: Vec<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        per_map: 30,
        changes: 20,
        passes: 3,
        seed: 18,
        maps: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let v = args.next().ok_or(format!("{name} needs a value"))?;
            v.parse()
                .map_err(|_| format!("{name} needs a non-negative integer, got `{v}`"))
        };
        match a.as_str() {
            "--per-map" => o.per_map = value("--per-map")?.max(1) as usize,
            "--changes" => o.changes = value("--changes")?.max(1) as usize,
            "--passes" => o.passes = value("--passes")?.max(1) as usize,
            "--seed" => o.seed = value("--seed")?,
            "--help" | "-h" => return Err(USAGE.into()),
            m if !m.starts_with('-') => o.maps.push(m.to_owned()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if o.maps.is_empty() {
        o.maps = [
            "dao/brc202d",
            "da2/ht_chantry",
            "room/32room_000",
            "maze/maze512-4-0",
        ]
        .map(String::from)
        .to_vec();
    }
    Ok(o)
}

/// Sums over the replans of one map and variant.
#[derive(Default)]
struct Totals {
    scenarios: u64,
    replans: u64,
    replan_exp: u64,
    replan_time: Duration,
    one_line_exp: u64,
    one_line_time: Duration,
    generic_exp: u64,
    generic_time: Duration,
    jps_time: Duration,
    /// Replans with fewer expansions than a fifth of the generic A*'s.
    under_fifth: u64,
    mismatches: Vec<String>,
}

/// Thread CPU time of `f`.
fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let t = thread_cpu();
    let r = f();
    (r, thread_cpu().saturating_sub(t))
}

fn topology(grid: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
        .expect("agent size 1 is valid")
}

/// The peers kept across queries on one map.
struct Peers {
    generic: AStar<DefaultStepCost, OctileHeuristic>,
    jps: GridSearch,
}

/// The result of one search: status, cost, expansions.
type Outcome = (PathStatus, f64, u32);

fn generic_astar(
    a: &mut AStar<DefaultStepCost, OctileHeuristic>,
    grid: &Grid,
    s: Cell,
    g: Cell,
) -> Outcome {
    let t = topology(grid);
    let (Some(s), Some(g)) = (grid.index_of(s), grid.index_of(g)) else {
        return (PathStatus::StartInvalid, f64::INFINITY, 0);
    };
    match a.try_begin(&t, s, g) {
        Step::InProgress => {}
        Step::StartInvalid => return (PathStatus::StartInvalid, f64::INFINITY, 0),
        _ => return (PathStatus::GoalInvalid, f64::INFINITY, 0),
    }
    match a.run(&t) {
        Step::Found => (PathStatus::Found, a.cost(), a.expansions()),
        _ => (PathStatus::NoPath, f64::INFINITY, a.expansions()),
    }
}

fn jps_plus(j: &mut GridSearch, grid: &Grid, s: Cell, g: Cell) -> Outcome {
    match j.try_begin(grid, s, g) {
        Step::InProgress => {}
        Step::StartInvalid => return (PathStatus::StartInvalid, f64::INFINITY, 0),
        _ => return (PathStatus::GoalInvalid, f64::INFINITY, 0),
    }
    match j.step(grid, u32::MAX) {
        Ok(Step::Found) => (PathStatus::Found, j.cost(), j.expansions()),
        _ => (PathStatus::NoPath, f64::INFINITY, j.expansions()),
    }
}

fn same(a: Outcome, b: Outcome) -> bool {
    a.0 == b.0 && (a.0 != PathStatus::Found || (a.1 - b.1).abs() <= 1e-9 * b.1.abs().max(1.0))
}

/// One scenario with one variant: solve, then `changes` toggles (and moves for D* Lite).
#[allow(clippy::too_many_arguments)]
fn run_scenario(
    base: &Grid,
    start: Cell,
    goal: Cell,
    algorithm: GridAlgorithm,
    opts: &Options,
    seed: u64,
    peers: &mut Peers,
    totals: &mut Totals,
) -> Result<(), String> {
    let mut grid = base.clone();
    let dstar = algorithm == GridAlgorithm::DStarLite;
    let options = GridOptions::DEFAULT.with_algorithm(algorithm);
    let mut unit: GridReplanner = grid
        .create_replanner(start, goal, &options)
        .map_err(|e| e.to_string())?;
    if unit.replan(&grid).map_err(|e| e.to_string())? != PathStatus::Found {
        return Err(format!("{start:?} -> {goal:?}: no first path"));
    }
    totals.scenarios += 1;
    let stride = (unit.path().len() / (opts.changes + 1)).max(1);
    let mut rng = SplitMix64::new(seed);
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let mut agent = start;
    for change in 0..opts.changes {
        if dstar && unit.status() == PathStatus::Found {
            let path = unit.path();
            let next = path[stride.min(path.len() - 1)];
            if next != goal {
                agent = next;
                unit.move_start(agent);
            }
        }
        let path = unit.path();
        let cell = if path.is_empty() {
            Cell::new(rng.below(w as u32) as i32, rng.below(h as u32) as i32)
        } else {
            let c = path[rng.below(path.len() as u32) as usize];
            let x = (c.x + rng.below(3) as i32 - 1).clamp(0, w - 1);
            let y = (c.y + rng.below(3) as i32 - 1).clamp(0, h - 1);
            Cell::new(x, y)
        };
        if cell == agent || cell == goal {
            continue;
        }
        let open = grid.is_walkable(cell);
        grid.set_walkable(cell, !open).map_err(|e| e.to_string())?;
        let mut best = [Duration::MAX; 4];
        let mut after = None;
        let mut results = [(PathStatus::NoPath, 0.0, 0); 4];
        for pass in 0..opts.passes {
            for i in 0..4 {
                let which = (pass + i) % 4;
                let (r, t) = match which {
                    0 => {
                        let mut trial = unit.clone();
                        let (status, t) = timed(|| trial.replan(&grid));
                        let status = status.map_err(|e| e.to_string())?;
                        let r = (status, trial.cost(), trial.expansions());
                        after = Some(trial);
                        (r, t)
                    }
                    1 => {
                        let (p, t) = timed(|| grid.find_path(agent, goal, &GridOptions::DEFAULT));
                        let p = black_box(p).map_err(|e| e.to_string())?;
                        ((p.status, p.cost, p.expansions), t)
                    }
                    2 => timed(|| generic_astar(&mut peers.generic, &grid, agent, goal)),
                    _ => {
                        let mut j = peers.jps.clone();
                        let (r, t) = timed(|| jps_plus(&mut j, &grid, agent, goal));
                        if pass + 1 == opts.passes {
                            peers.jps = j;
                        }
                        (r, t)
                    }
                };
                best[which] = best[which].min(t);
                results[which] = r;
            }
        }
        unit = after.ok_or("no replan pass")?;
        let [re, one, generic, jps] = results;
        for (name, peer) in [("one-line A*", one), ("generic A*", generic), ("JPS+", jps)] {
            if !same(re, peer) {
                totals.mismatches.push(format!(
                    "{algorithm:?} {start:?} -> {goal:?} change {change}: replan {:?} {} vs {name} {:?} {}",
                    re.0, re.1, peer.0, peer.1
                ));
            }
        }
        totals.replans += 1;
        totals.replan_exp += u64::from(re.2);
        totals.one_line_exp += u64::from(one.2);
        totals.generic_exp += u64::from(generic.2);
        totals.under_fifth += u64::from(5 * u64::from(re.2) <= u64::from(generic.2));
        totals.replan_time += best[0];
        totals.one_line_time += best[1];
        totals.generic_time += best[2];
        totals.jps_time += best[3];
    }
    Ok(())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "n/a".to_owned(),
        |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

fn run(opts: &Options) -> Result<bool, String> {
    let Some(dir) = onepath_std::data::movingai_dir() else {
        eprintln!("skipped: Moving AI data not found (../shared/data/movingai or $ONEPATH_DATA)");
        return Ok(true);
    };
    println!(
        "command: replan --per-map {} --changes {} --passes {} --seed {} {}",
        opts.per_map,
        opts.changes,
        opts.passes,
        opts.seed,
        opts.maps.join(" ")
    );
    println!("load average before: {}", load_average());
    println!(
        "| map | scen | variant | replans | replan exp | one-line A* exp | generic A* exp | \
         exp / generic | ≤ 1/5 | replan µs | one-line A* µs | generic A* µs | JPS+ µs | \
         µs / generic |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut clean = true;
    for name in &opts.maps {
        let (set, file) = name
            .split_once('/')
            .ok_or(format!("map `{name}` is not set/name"))?;
        let map = load_map(&dir.join(set), file, 1)?;
        // The top quarter of published lengths, `per_map` of them evenly spread.
        let mut lines: Vec<_> = map.queries.iter().collect();
        lines.sort_by(|a, b| {
            a.scenario
                .optimal_length
                .total_cmp(&b.scenario.optimal_length)
        });
        let top = &lines[lines.len() - lines.len() / 4..];
        let step = (top.len() / opts.per_map).max(1);
        let chosen: Vec<_> = top.iter().step_by(step).take(opts.per_map).collect();
        let mut peers = Peers {
            generic: AStar::with_buffers(
                DefaultStepCost,
                OctileHeuristic::new(map.width, 1.0),
                SearchBuffers::with_capacity(topology(&map.grid).node_count()),
            ),
            jps: GridSearch::new(GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus))
                .map_err(|e| e.to_string())?,
        };
        for algorithm in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
            let mut t = Totals::default();
            for (i, q) in chosen.iter().enumerate() {
                let s = &q.scenario;
                let start = Cell::new(s.start_x as i32, s.start_y as i32);
                let goal = Cell::new(s.goal_x as i32, s.goal_y as i32);
                let seed = opts.seed ^ (i as u64) << 24;
                run_scenario(
                    &map.grid, start, goal, algorithm, opts, seed, &mut peers, &mut t,
                )?;
            }
            let n = t.replans.max(1) as f64;
            let us = |d: Duration| d.as_secs_f64() * 1e6 / n;
            let e = |x: u64| x as f64 / n;
            println!(
                "| {name} | {} | {} | {} | {:.0} | {:.0} | {:.0} | {:.3} | {}/{} | {:.0} | {:.0} | {:.0} | {:.0} | {:.3} |",
                t.scenarios,
                if algorithm == GridAlgorithm::LpaStar {
                    "LPA*"
                } else {
                    "D* Lite"
                },
                t.replans,
                e(t.replan_exp),
                e(t.one_line_exp),
                e(t.generic_exp),
                t.replan_exp as f64 / t.generic_exp.max(1) as f64,
                t.under_fifth,
                t.replans,
                us(t.replan_time),
                us(t.one_line_time),
                us(t.generic_time),
                us(t.jps_time),
                t.replan_time.as_secs_f64() / t.generic_time.as_secs_f64().max(1e-12),
            );
            for m in t.mismatches.iter().take(5) {
                eprintln!("mismatch: {m}");
            }
            clean &= t.mismatches.is_empty();
        }
    }
    println!("load average after: {}", load_average());
    Ok(clean)
}

fn main() {
    match parse_args().and_then(|o| run(&o)) {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
