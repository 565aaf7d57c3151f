//! Timing harness for the specialised octile engines against the generic cores, after the
//! spec's bar driver (`grids.md`, "Bar driver"): maps and derived structures are built outside
//! the timed region (reported as preprocessing), 40 untimed warm-up queries run first, then one
//! pass over every scenario line is timed (`ONEPATH_GRID_PASSES=N`: the best of N passes).
//! Every found cost is checked against the published length (relative 1e-6 or one unit of the
//! last printed digit); unreachable pairs must report no path.
//!
//! ```text
//! cargo run --release -p onepath --example fast_bench [set/map ...]
//! ```
//!
//! Defaults to dao/arena2, dao/brc202d, sc1/AcrosstheCape, maze/maze512-4-0 and
//! random/random512-20-0. Not run by CI; timing never appears in a test.

#[path = "movingai/mod.rs"]
mod movingai;

use std::time::Instant;

use onepath::Grid;
use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::jps::{BlockJumper, BlockMap, JpsPlusIndex, JumpTopology, TableJumper};
use onepath::search::{AStar, Step};
use onepath::topology::{DefaultStepCost, OctileHeuristic};

use movingai::Scenario;

/// One engine's run over a scenario file.
struct Row {
    name: &'static str,
    micros_per_query: f64,
    expansions: u64,
    mismatches: u32,
}

/// Times `query` over every scenario after 40 warm-up calls; `query` returns the state, the
/// cost and the expansions.
fn time(
    name: &'static str,
    scen: &[Scenario],
    width: u32,
    passes: u32,
    mut query: impl FnMut(u32, u32) -> (Step, f64, u32),
) -> Row {
    let idx = |p: (u32, u32)| p.1 * width + p.0;
    if !selected(name) {
        return Row {
            name,
            micros_per_query: f64::NAN,
            expansions: 0,
            mismatches: 0,
        };
    }
    for s in scen.iter().cycle().take(40) {
        let _ = query(idx(s.start), idx(s.goal));
    }
    let mut best = f64::INFINITY;
    let (mut expansions, mut mismatches) = (0, 0);
    for _ in 0..passes.max(1) {
        expansions = 0;
        mismatches = 0;
        let t0 = Instant::now();
        for s in scen {
            let (state, cost, exp) = query(idx(s.start), idx(s.goal));
            expansions += u64::from(exp);
            let ok = if s.unreachable() {
                state != Step::Found
            } else {
                state == Step::Found && s.matches(cost)
            };
            mismatches += u32::from(!ok);
        }
        best = best.min(t0.elapsed().as_secs_f64());
    }
    Row {
        name,
        micros_per_query: best * 1e6 / scen.len() as f64,
        expansions,
        mismatches,
    }
}

/// `ONEPATH_ENGINES=a,b`: only the engines whose names contain one of the substrings.
fn selected(name: &str) -> bool {
    std::env::var("ONEPATH_ENGINES").map_or(true, |v| v.split(',').any(|s| name.contains(s)))
}

fn timed<R>(f: impl FnOnce() -> R) -> (R, f64) {
    let t0 = Instant::now();
    let r = f();
    (r, t0.elapsed().as_secs_f64() * 1e3)
}

fn bench(set: &str, grid: &Grid, scen: &[Scenario], passes: u32) {
    let w = grid.width();
    let (map, map_ms) = timed(|| OctileMap::new(grid));
    let (index, index_ms) = timed(|| JpsPlusIndex::new(grid).unwrap());
    let (blocks, blocks_ms) = timed(|| BlockMap::new(grid));
    let (mut astar, astar_ms) = timed(|| {
        // The one-line A*'s padded records are built by its first try_begin.
        let mut a = OctileAStar::new();
        let open = (0..grid.cell_count()).find(|&c| grid.cells()[c as usize] != 255);
        if let Some(c) = open {
            let _ = a.try_begin(grid, c, c);
        }
        a
    });
    let topo =
        SquareTopology::new(grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    let mut generic = AStar::new(DefaultStepCost, OctileHeuristic::new(w, 1.0));
    let mut gjps = AStar::new(DefaultStepCost, OctileHeuristic::new(w, 1.0));
    let mut jps = OctileJump::<BitFinder>::new();
    let mut jpsi = OctileJump::<BitFinder>::with_improved_pruning(true);
    let mut plus = OctileJump::<TableFinder>::new();
    let mut plusi = OctileJump::<TableFinder>::with_improved_pruning(true);
    let maps = &index;

    let rows = [
        time("generic A*", scen, w, passes, |s, g| {
            if generic.try_begin(&topo, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (generic.run(&topo), generic.cost(), generic.expansions())
        }),
        time("one-line A*", scen, w, passes, |s, g| {
            if astar.try_begin(grid, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (astar.run(), astar.cost(), astar.expansions())
        }),
        time("generic JPS (block map)", scen, w, passes, |s, g| {
            let t = JumpTopology::new(grid, BlockJumper::new(&blocks), grid.cell_of(g), 1.0);
            if gjps.try_begin(&t, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (gjps.run(&t), gjps.cost(), gjps.expansions())
        }),
        time("generic JPS+ (tables)", scen, w, passes, |s, g| {
            let t = JumpTopology::new(grid, TableJumper::new(&index), grid.cell_of(g), 1.0);
            if gjps.try_begin(&t, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (gjps.run(&t), gjps.cost(), gjps.expansions())
        }),
        time("BitFinder JPS", scen, w, passes, |s, g| {
            if jps.try_begin(grid, &map, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (jps.run(&map), jps.cost(), jps.expansions())
        }),
        time("BitFinder JPS, improved", scen, w, passes, |s, g| {
            if jpsi.try_begin(grid, &map, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (jpsi.run(&map), jpsi.cost(), jpsi.expansions())
        }),
        time("TableFinder JPS+", scen, w, passes, |s, g| {
            if plus.try_begin(grid, maps, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (plus.run(maps), plus.cost(), plus.expansions())
        }),
        time("TableFinder JPS+, improved", scen, w, passes, |s, g| {
            if plusi.try_begin(grid, maps, s, g) != Step::InProgress {
                return (Step::NoPath, f64::INFINITY, 0);
            }
            (plusi.run(maps), plusi.cost(), plusi.expansions())
        }),
    ];
    println!(
        "{set}: {}x{}, {} queries; preprocessing: octile map {map_ms:.2} ms ({} B), JPS+ tables \
         {index_ms:.2} ms ({} B), block map {blocks_ms:.2} ms ({} B), A* padded records \
         {astar_ms:.2} ms ({} B)",
        grid.width(),
        grid.height(),
        scen.len(),
        map.bytes(),
        index.bytes(),
        blocks.bytes(),
        (grid.width() as usize + 2) * (grid.height() as usize + 2) * 16,
    );
    println!(
        "  {:<28} {:>12} {:>14} {:>12} {:>10}",
        "engine", "µs/query", "expansions", "ns/expansion", "mismatches"
    );
    for r in rows.iter().filter(|r| selected(r.name)) {
        let ns = r.micros_per_query * 1e3 * scen.len() as f64 / r.expansions.max(1) as f64;
        println!(
            "  {:<28} {:>12.2} {:>14} {:>12.1} {:>10}",
            r.name, r.micros_per_query, r.expansions, ns, r.mismatches
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sets: Vec<String> = if args.is_empty() {
        [
            "dao/arena2",
            "dao/brc202d",
            "sc1/AcrosstheCape",
            "maze/maze512-4-0",
            "random/random512-20-0",
        ]
        .map(String::from)
        .to_vec()
    } else {
        args
    };
    let passes = std::env::var("ONEPATH_GRID_PASSES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    for set in sets {
        match movingai::load(&set) {
            Some((grid, scen)) => {
                // ONEPATH_SAMPLE=k: every k-th scenario line only (for profilers).
                let k = std::env::var("ONEPATH_SAMPLE")
                    .ok()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(1usize)
                    .max(1);
                let scen: Vec<Scenario> = scen.into_iter().step_by(k).collect();
                bench(&set, &grid, &scen, passes);
            }
            None => eprintln!("skipped: {set}: Moving AI data not found"),
        }
    }
}
