//! Voxel figures (issue 20, "Targets"): on the six Warframe maps (every `--every`-th scenario),
//! µs per query and peak search memory of the paged one-line query (`VoxelGrid::find_path`,
//! 26 moves, no corner cutting) vs the dense tier-2 `AStar` over `VoxelTopology` (20 bytes of
//! node state per voxel of the map), beside the `pathfinding` crate's `astar` over the same 26
//! moves and costs (`VoxelTopology`'s successor enumeration, `OrderedFloat<f64>` costs, the
//! same `VoxelHeuristic`); bytes per expanded node; parse and build times per map.
//!
//! Timing: per map, `--passes` passes; in each pass every contender answers all the map's
//! queries once, in a rotating order (interleaved passes, so a slow spell of the shared machine
//! hits all alike); the table shows the best pass per contender (thread CPU time,
//! `CLOCK_THREAD_CPUTIME_ID`) divided by the query count. Every answer's cost is checked
//! against the published length (absolute 1e-6) in every pass; the run exits 1 on a mismatch.
//! Memory: one extra untimed pass with the counting allocator — peak heap bytes during each
//! query on a fresh search value (the paged search's pages, block table and open list; the
//! dense search's buffers; pathfinding's maps and heap), and the paged search's own count of
//! its bytes divided by its expansions. No figure is asserted.
//!
//! ```text
//! CARGO_TARGET_DIR=<dir> cargo run --release --bin voxel -- [--data DIR] [--every N]
//!     [--passes N] [--maps A1,Simple,...] [--dense-max-voxels N]
//! ```

use std::sync::atomic::Ordering;
use std::time::Duration;

use onepath::search::{AStar, NO_NODE, Step};
use onepath::topology::{DefaultStepCost, Heuristic, Topology};
use onepath::voxel::{VoxelConnectivity, VoxelCornerRule, VoxelHeuristic, VoxelTopology};
use onepath::{VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};
use onepath_bench::clock::thread_cpu;
use onepath_bench::counting::{Counting, LIVE, PEAK};
use onepath_std::voxel_files::{VoxelMap, VoxelScenarios};
use ordered_float::OrderedFloat;

#[global_allocator]
static GLOBAL: Counting = Counting;

const MAPS: [&str; 6] = ["A1", "Complex", "DA1", "EC2", "Full1", "Simple"];
const C26: VoxelConnectivity = VoxelConnectivity::TwentySix;
const NCC: VoxelCornerRule = VoxelCornerRule::NoCornerCutting;

struct Args {
    data: String,
    every: usize,
    passes: usize,
    maps: Vec<String>,
    dense_max_voxels: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        data: "../../shared/data/voxel".to_owned(),
        every: 10,
        passes: 3,
        maps: MAPS.iter().map(|s| (*s).to_owned()).collect(),
        dense_max_voxels: 100_000_000,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let v = it.next().ok_or(format!("{k} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|e| format!("{k} {v}: {e}"));
        match k.as_str() {
            "--data" => a.data = v,
            "--every" => a.every = num(&v)?.max(1) as usize,
            "--passes" => a.passes = num(&v)?.max(1) as usize,
            "--maps" => a.maps = v.split(',').map(str::to_owned).collect(),
            "--dense-max-voxels" => a.dense_max_voxels = num(&v)?,
            _ => return Err(format!("unknown option {k}")),
        }
    }
    Ok(a)
}

fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let t = thread_cpu();
    let r = f();
    (r, thread_cpu().saturating_sub(t))
}

/// Peak heap bytes above the level before `f`, while `f` runs.
fn peak<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let r = f();
    (r, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

type Query = (VoxelCell, VoxelCell, f64);

fn cell(p: (u32, u32, u32)) -> VoxelCell {
    VoxelCell::new(p.0 as i32, p.1 as i32, p.2 as i32)
}

fn paged(grid: &VoxelGrid, q: &Query) -> f64 {
    grid.find_path(q.0, q.1, &VoxelOptions::DEFAULT).cost
}

fn dense(grid: &VoxelGrid, s: &mut AStar<DefaultStepCost, VoxelHeuristic>, q: &Query) -> f64 {
    let topo = VoxelTopology::new(grid, C26, NCC);
    let (a, b) = (grid.index_of(q.0).unwrap(), grid.index_of(q.1).unwrap());
    let _ = s.try_begin(&topo, a, b);
    if s.run(&topo) == Step::Found {
        s.cost()
    } else {
        f64::INFINITY
    }
}

fn peer(grid: &VoxelGrid, q: &Query) -> f64 {
    let topo = VoxelTopology::new(grid, C26, NCC);
    let (a, b) = (grid.index_of(q.0).unwrap(), grid.index_of(q.1).unwrap());
    let mut h = VoxelHeuristic::new(grid, C26);
    h.set_goal(b);
    let r = pathfinding::directed::astar::astar(
        &a,
        |&n| {
            let mut v: Vec<(u32, OrderedFloat<f64>)> = Vec::with_capacity(26);
            topo.for_each_successor(n, NO_NODE, |m, c| v.push((m, OrderedFloat(c))));
            v
        },
        |&n| OrderedFloat(h.estimate(n)),
        |&n| n == b,
    );
    r.map_or(f64::INFINITY, |(_, c)| c.0)
}

#[derive(Default)]
struct Row {
    map: String,
    size: (u32, u32, u32),
    queries: usize,
    parse_map: Duration,
    parse_scen: Duration,
    build: Duration,
    best: [Option<Duration>; 3],
    peak: [usize; 3],
    expansions: u64,
    paged_bytes: u64,
    mismatches: usize,
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let cmd: Vec<String> = std::env::args().collect();
    println!("command: {}", cmd.join(" "));
    let mut rows = Vec::new();
    for name in &args.maps {
        let map_path = format!("{}/{name}.3dmap", args.data);
        let scen_path = format!("{map_path}.3dscen");
        let (Ok(map_bytes), Ok(scen_bytes)) = (std::fs::read(&map_path), std::fs::read(&scen_path))
        else {
            eprintln!("{map_path}: cannot read the map or its scenarios; skipped");
            continue;
        };
        let (map, parse_map) = timed(|| VoxelMap::parse(&map_bytes).expect("a valid .3dmap"));
        let (scen, parse_scen) =
            timed(|| VoxelScenarios::parse(&scen_bytes).expect("a valid .3dscen"));
        let (grid, build) = timed(|| map.to_grid());
        drop(map);
        let queries: Vec<Query> = scen
            .scenarios
            .iter()
            .step_by(args.every)
            .map(|s| (cell(s.start), cell(s.goal), s.length))
            .collect();
        let mut row = Row {
            map: name.clone(),
            size: grid.size(),
            queries: queries.len(),
            parse_map,
            parse_scen,
            build,
            ..Row::default()
        };
        let with_dense = u64::from(grid.voxel_count()) <= args.dense_max_voxels;
        let mut dense_search =
            with_dense.then(|| AStar::new(DefaultStepCost, VoxelHeuristic::new(&grid, C26)));
        let check = |c: f64, q: &Query, who: &str, row: &mut Row| {
            if (c - q.2).abs() > 1e-6 {
                row.mismatches += 1;
                eprintln!(
                    "{name} {who}: {:?} -> {:?}: cost {c} vs published {}",
                    q.0, q.1, q.2
                );
            }
        };
        for pass in 0..args.passes {
            for k in 0..3 {
                let who = (pass + k) % 3;
                let (costs, t): (Vec<f64>, Duration) = match who {
                    0 => timed(|| queries.iter().map(|q| paged(&grid, q)).collect()),
                    1 => match dense_search.as_mut() {
                        Some(s) => timed(|| queries.iter().map(|q| dense(&grid, s, q)).collect()),
                        None => continue,
                    },
                    _ => timed(|| queries.iter().map(|q| peer(&grid, q)).collect()),
                };
                for (c, q) in costs.iter().zip(&queries) {
                    check(*c, q, ["paged", "dense", "pathfinding"][who], &mut row);
                }
                row.best[who] = Some(row.best[who].map_or(t, |b| b.min(t)));
            }
            eprintln!("{name}: pass {} done", pass + 1);
        }
        // Memory (untimed): fresh search values per query.
        drop(dense_search.take());
        for q in &queries {
            let mut s = VoxelSearch::new(VoxelOptions::DEFAULT);
            let ((), p) = peak(|| {
                let _ = s.start(&grid, q.0, q.1);
                let _ = s.step(&grid, u32::MAX).expect("unedited");
            });
            row.peak[0] = row.peak[0].max(p);
            row.expansions += u64::from(s.expansions());
            row.paged_bytes += s.engine().search_bytes() as u64;
            let (_, p) = peak(|| peer(&grid, q));
            row.peak[2] = row.peak[2].max(p);
        }
        if with_dense {
            let q = &queries[0];
            let (_, p) = peak(|| {
                let mut s = AStar::new(DefaultStepCost, VoxelHeuristic::new(&grid, C26));
                dense(&grid, &mut s, q)
            });
            row.peak[1] = p;
        }
        rows.push(row);
    }
    print_table(&rows);
    if rows.iter().any(|r| r.mismatches > 0) {
        std::process::exit(1);
    }
}

fn us(d: Option<Duration>, n: usize) -> String {
    d.map_or("—".to_owned(), |d| {
        format!("{:.1}", d.as_secs_f64() * 1e6 / n.max(1) as f64)
    })
}

fn mb(b: usize) -> String {
    if b == 0 {
        "—".to_owned()
    } else {
        format!("{:.2}", b as f64 / 1e6)
    }
}

fn print_table(rows: &[Row]) {
    println!();
    println!(
        "| map | size | queries | parse .3dmap ms | parse .3dscen ms | build ms | paged µs/q | dense µs/q | pathfinding µs/q | pathfinding / paged | dense / paged | peak paged MB | peak dense MB | peak pathfinding MB | paged B / expanded | mismatches |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for r in rows {
        let ratio = |a: Option<Duration>| match (a, r.best[0]) {
            (Some(a), Some(p)) => format!("{:.2}×", a.as_secs_f64() / p.as_secs_f64()),
            _ => "—".to_owned(),
        };
        println!(
            "| {} | {}×{}×{} | {} | {:.1} | {:.1} | {:.1} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} | {} |",
            r.map,
            r.size.0,
            r.size.1,
            r.size.2,
            r.queries,
            r.parse_map.as_secs_f64() * 1e3,
            r.parse_scen.as_secs_f64() * 1e3,
            r.build.as_secs_f64() * 1e3,
            us(r.best[0], r.queries),
            us(r.best[1], r.queries),
            us(r.best[2], r.queries),
            ratio(r.best[2]),
            ratio(r.best[1]),
            mb(r.peak[0]),
            mb(r.peak[1]),
            mb(r.peak[2]),
            r.paged_bytes as f64 / r.expansions.max(1) as f64,
            r.mismatches,
        );
    }
}
