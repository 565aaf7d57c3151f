//! Graph-search figures (issue 21, "Targets"): on the DIMACS road graph rome99 and on Moving AI
//! maps as graphs (street/Berlin_0_1024, sc1/AcrosstheCape; walkable cells as nodes, the eight
//! moves without corner cutting as edges), seeded random reachable pairs; for each search —
//! Dijkstra, A*, bidirectional Dijkstra, bidirectional A* × the estimates none, 16 Avoid
//! landmarks (ALT), geometric (maps only) and both — the expansions and µs per query, beside
//! the `pathfinding` crate's `dijkstra` and `astar` over the same CSR data (`OrderedFloat<f64>`
//! costs; its `astar` gets our best estimate: both on maps, landmarks on rome99). Every cost
//! is checked against our plain Dijkstra's (1e-9 relative). Landmark build time and table
//! bytes are reported.
//!
//! ```text
//! CARGO_TARGET_DIR=<dir> cargo run --release --bin graph_roads -- [--queries N] [--passes P] [--seed S] [graph ...]
//!     graph: dimacs/rome99 or set/map (default: dimacs/rome99 street/Berlin_0_1024 sc1/AcrosstheCape)
//! ```
//! Passes are interleaved (each pass runs every contender once over all pairs) and each
//! contender keeps its best pass; times are thread CPU time. The machine's load makes the
//! absolute figures noisy: compare ratios within one run.

use std::cell::Cell;
use std::time::Duration;

use onepath::graph::{
    CsrGraph, EuclideanGraphHeuristic, GraphHeuristic, MaxGraphHeuristic, Point3,
    ZeroGraphHeuristic,
};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath_bench::clock::thread_cpu;
use onepath_std::dimacs::{map_graph, read_gr};
use onepath_std::movingai::{MovingAiMap, MovingAiOptions};
use ordered_float::OrderedFloat;

/// A query: start, goal and our plain Dijkstra's cost.
type Pair = (u32, u32, f64);

/// One contender: runs every pair, returns (expansions, costs beyond 1e-9 of Dijkstra's).
type Job<'a> = Box<dyn FnMut(&[Pair]) -> (u64, usize) + 'a>;

fn close(got: f64, want: f64) -> bool {
    (got - want).abs() <= 1e-9 * want.abs()
}

fn astar_job<'a, H: GraphHeuristic + 'a>(g: &'a CsrGraph, h: H) -> Job<'a> {
    let mut s = GraphAStar::new(DefaultStepCost, h);
    Box::new(move |pairs| {
        let (mut expanded, mut bad) = (0u64, 0usize);
        for &(a, b, want) in pairs {
            let _ = s.try_begin(g, a, b);
            let found = s.run(g) == Step::Found;
            expanded += u64::from(s.expansions());
            bad += usize::from(!found || !close(s.cost(), want));
        }
        (expanded, bad)
    })
}

fn bidir_job<'a, H: GraphHeuristic + 'a>(g: &'a CsrGraph, h: H) -> Job<'a> {
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, h);
    Box::new(move |pairs| {
        let (mut expanded, mut bad) = (0u64, 0usize);
        for &(a, b, want) in pairs {
            let st = match s.try_begin(g, a, b) {
                Step::InProgress => s.run(g),
                st => st,
            };
            expanded += u64::from(s.expansions());
            bad += usize::from(st != Step::Found || !close(s.cost(), want));
        }
        (expanded, bad)
    })
}

/// `pathfinding::dijkstra`; expansions are its successor calls.
fn pf_dijkstra_job(g: &CsrGraph) -> Job<'_> {
    Box::new(move |pairs| {
        let calls = Cell::new(0u64);
        let mut bad = 0usize;
        for &(a, b, want) in pairs {
            let succ = |&n: &u32| {
                calls.set(calls.get() + 1);
                g.out_edges(n).map(|(m, w)| (m, OrderedFloat(w)))
            };
            let got = pathfinding::prelude::dijkstra(&a, succ, |&n| n == b);
            bad += usize::from(!got.is_some_and(|(_, c)| close(c.0, want)));
        }
        // The goal's pop calls no successors in ours; pathfinding stops before it too.
        (calls.get(), bad)
    })
}

/// `pathfinding::astar` with the estimate `h`; expansions are its successor calls.
fn pf_astar_job<'a, H: GraphHeuristic + 'a>(g: &'a CsrGraph, h: H) -> Job<'a> {
    Box::new(move |pairs| {
        let calls = Cell::new(0u64);
        let mut bad = 0usize;
        for &(a, b, want) in pairs {
            let succ = |&n: &u32| {
                calls.set(calls.get() + 1);
                g.out_edges(n).map(|(m, w)| (m, OrderedFloat(w)))
            };
            let got = pathfinding::prelude::astar(
                &a,
                succ,
                |&n| OrderedFloat(h.estimate(n, b)),
                |&n| n == b,
            );
            bad += usize::from(!got.is_some_and(|(_, c)| close(c.0, want)));
        }
        (calls.get(), bad)
    })
}

struct Loaded {
    graph: CsrGraph,
    positions: Option<Vec<Point3>>,
}

fn load(name: &str) -> Result<Loaded, String> {
    if name == "dimacs/rome99" {
        let dir = onepath_std::data::data_dir().ok_or("no shared data")?;
        let path = dir.join("dimacs").join("rome99.gr");
        let gr = read_gr(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let graph = CsrGraph::new(gr.node_count, &gr.edges).map_err(|e| e.to_string())?;
        return Ok(Loaded {
            graph,
            positions: None,
        });
    }
    let dir = onepath_std::data::movingai_dir().ok_or("no shared data")?;
    let (set, map) = name.split_once('/').ok_or("expected set/map")?;
    let path = dir.join(set).join(format!("{map}.map"));
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let parsed = MovingAiMap::parse(&bytes, &MovingAiOptions::default())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mg = map_graph(&parsed).map_err(|e| e.to_string())?;
    Ok(Loaded {
        graph: mg.graph,
        positions: Some(mg.positions),
    })
}

/// Seeded random reachable pairs with our plain Dijkstra's costs (at most 20 draws a pair).
fn pairs(g: &CsrGraph, count: usize, seed: u64) -> Vec<Pair> {
    let n = g.node_count();
    let mut rng = SplitMix64::new(seed);
    let mut dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let mut out = Vec::with_capacity(count);
    let mut draws = 0usize;
    while out.len() < count && draws < count * 20 {
        draws += 1;
        let (a, b) = (rng.below(n), rng.below(n));
        let _ = dijkstra.try_begin(g, a, b);
        if dijkstra.run(g) == Step::Found {
            out.push((a, b, dijkstra.cost()));
        }
    }
    out
}

fn arg<T: std::str::FromStr>(args: &mut Vec<String>, flag: &str, default: T) -> T {
    match args.iter().position(|a| a == flag) {
        Some(i) if i + 1 < args.len() => {
            let v = args.remove(i + 1);
            args.remove(i);
            v.parse()
                .unwrap_or_else(|_| panic!("{flag}: not a number: {v}"))
        }
        _ => default,
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let command = format!("graph_roads {}", args.join(" "));
    let queries: usize = arg(&mut args, "--queries", 1000);
    let passes: usize = arg(&mut args, "--passes", 3);
    let seed: u64 = arg(&mut args, "--seed", 1);
    if args.is_empty() {
        args = ["dimacs/rome99", "street/Berlin_0_1024", "sc1/AcrosstheCape"]
            .map(String::from)
            .to_vec();
    }
    println!("command: {command}");
    println!(
        "queries {queries}, best of {passes} interleaved passes, seed {seed}; thread CPU time"
    );
    let mut failed = false;
    for name in &args {
        let loaded = match load(name) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{name}: {e} (skipped)");
                continue;
            }
        };
        failed |= run(name, &loaded, queries, passes, seed);
    }
    if failed {
        eprintln!("a cost differed from Dijkstra's");
        std::process::exit(1);
    }
}

/// Measures one graph; returns whether any cost differed.
fn run(name: &str, loaded: &Loaded, queries: usize, passes: usize, seed: u64) -> bool {
    let g = &loaded.graph;
    let pairs = pairs(g, queries, seed);
    let t = thread_cpu();
    let options = LandmarkOptions {
        count: 16,
        ..LandmarkOptions::DEFAULT
    };
    let lm = Landmarks::build(g, &options).expect("landmarks");
    let build = thread_cpu().saturating_sub(t);
    let alt = AltGraphHeuristic::new(&lm, g).expect("built for g");
    println!(
        "\n{name}: {} nodes, {} edges, {} reachable pairs; 16 avoid landmarks built in {:.1} ms, {} table bytes",
        g.node_count(),
        g.edge_count(),
        pairs.len(),
        build.as_secs_f64() * 1e3,
        lm.table_bytes()
    );
    let mut jobs: Vec<(&str, Job<'_>)> = vec![
        ("dijkstra", astar_job(g, ZeroGraphHeuristic)),
        ("astar landmarks", astar_job(g, alt)),
        ("bidirectional dijkstra", bidir_job(g, ZeroGraphHeuristic)),
        ("bidirectional landmarks", bidir_job(g, alt)),
    ];
    if let Some(pos) = &loaded.positions {
        let geo = EuclideanGraphHeuristic { positions: pos };
        jobs.push(("astar geometric", astar_job(g, geo)));
        jobs.push(("astar both", astar_job(g, MaxGraphHeuristic(geo, alt))));
        jobs.push(("bidirectional geometric", bidir_job(g, geo)));
        jobs.push((
            "bidirectional both",
            bidir_job(g, MaxGraphHeuristic(geo, alt)),
        ));
        jobs.push(("pathfinding dijkstra", pf_dijkstra_job(g)));
        jobs.push((
            "pathfinding astar (both)",
            pf_astar_job(g, MaxGraphHeuristic(geo, alt)),
        ));
    } else {
        jobs.push(("pathfinding dijkstra", pf_dijkstra_job(g)));
        jobs.push(("pathfinding astar (landmarks)", pf_astar_job(g, alt)));
    }
    let mut best = vec![Duration::MAX; jobs.len()];
    let mut counts = vec![(0u64, 0usize); jobs.len()];
    for _ in 0..passes.max(1) {
        for (i, (_, job)) in jobs.iter_mut().enumerate() {
            let t = thread_cpu();
            counts[i] = job(&pairs);
            best[i] = best[i].min(thread_cpu().saturating_sub(t));
        }
    }
    let q = pairs.len().max(1) as f64;
    let dijkstra = (counts[0].0.max(1) as f64, best[0].as_secs_f64().max(1e-12));
    let pf = jobs
        .iter()
        .position(|(n, _)| *n == "pathfinding dijkstra")
        .map_or(1e-12, |i| best[i].as_secs_f64().max(1e-12));
    println!(
        "| search | expanded/query | vs Dijkstra | µs/query | × our Dijkstra | × pathfinding dijkstra | cost mismatches |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut bad = 0;
    for (i, (n, _)) in jobs.iter().enumerate() {
        let (expanded, mismatches) = counts[i];
        let s = best[i].as_secs_f64().max(1e-12);
        bad += mismatches;
        println!(
            "| {n} | {:.1} | {:.4} | {:.1} | {:.2} | {:.2} | {mismatches} |",
            expanded as f64 / q,
            expanded as f64 / dijkstra.0,
            s * 1e6 / q,
            dijkstra.1 / s,
            pf / s,
        );
    }
    if name.starts_with("street/") {
        let i = jobs
            .iter()
            .position(|(n, _)| *n == "bidirectional landmarks")
            .expect("measured");
        let settled = counts[i].0 as f64 / dijkstra.0;
        let speedup = pf / best[i].as_secs_f64().max(1e-12);
        println!(
            "goal (street): bidirectional A* + 16 avoid landmarks settles {settled:.4} of Dijkstra's nodes (goal <= 0.1: {}), {speedup:.1}x faster than pathfinding's dijkstra (goal >= 10: {})",
            if settled <= 0.1 { "met" } else { "NOT met" },
            if speedup >= 10.0 { "met" } else { "NOT met" },
        );
    }
    bad > 0
}
