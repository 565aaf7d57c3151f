//! `onepath road`: the four graph searches (Dijkstra, A*, bidirectional Dijkstra,
//! bidirectional A*) with no estimate, landmarks, a geometric estimate and both, on a DIMACS
//! road graph (`--gr`, optional `--co`) or a Moving AI map as a graph (`--map`): expansions and
//! µs per query over seeded random reachable pairs, every cost checked against plain Dijkstra,
//! and with `--map` the published optima of its `.scen` checked too (spec: graphs.md,
//! “Verification”; the spec's `GraphRoad` tool).

use std::path::{Path, PathBuf};
use std::time::Instant;

use onepath::Point3;
use onepath::graph::{
    CsrGraph, EuclideanGraphHeuristic, GraphHeuristic, MaxGraphHeuristic, ZeroGraphHeuristic,
};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath_std::dimacs::{DimacsError, DimacsErrorKind, map_graph, read_co, read_gr};
use onepath_std::movingai::{MovingAiMap, MovingAiOptions, MovingAiScenarios, Scenario};

use crate::output::{self, outln};

/// Options of `onepath road`.
pub struct RoadArgs {
    /// A DIMACS `.gr` file.
    pub gr: Option<PathBuf>,
    /// Its `.co` coordinates.
    pub co: Option<PathBuf>,
    /// A Moving AI map (its `.scen` beside it).
    pub map: Option<PathBuf>,
    /// Random reachable pairs.
    pub queries: usize,
    /// Seed of the pairs.
    pub seed: u64,
    /// Landmarks (Avoid, seed 1).
    pub landmarks: u32,
}

struct Loaded {
    graph: CsrGraph,
    positions: Option<Vec<Point3>>,
    /// `(start, goal, published length, scenario)` for a map.
    scenarios: Vec<(u32, u32, Scenario)>,
    name: String,
}

/// A DIMACS error as the command prints it: prefixed with the file's path, unless it is an
/// I/O error, whose message already starts with the path (`read_gr`, `read_co`).
fn dimacs_message(path: &Path, e: &DimacsError) -> String {
    if matches!(e.kind, DimacsErrorKind::Io(_)) {
        e.to_string()
    } else {
        format!("{}: {e}", path.display())
    }
}

fn load(args: &RoadArgs) -> Result<Loaded, String> {
    if let Some(gr) = &args.gr {
        let parsed = read_gr(gr).map_err(|e| dimacs_message(gr, &e))?;
        // The reader refuses weights past the graph bound with their line; the graph's own
        // checks name an arc by its 0-based index in the file.
        let graph = CsrGraph::new(parsed.node_count, &parsed.edges)
            .map_err(|e| format!("{}: {e}", gr.display()))?;
        let positions = match &args.co {
            Some(co) => Some(read_co(co, parsed.node_count).map_err(|e| dimacs_message(co, &e))?),
            None => None,
        };
        return Ok(Loaded {
            graph,
            positions,
            scenarios: Vec::new(),
            name: gr.display().to_string(),
        });
    }
    let Some(path) = &args.map else {
        return Err("give --gr FILE [--co FILE] or --map FILE.map".to_owned());
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let map = MovingAiMap::parse(&bytes, &MovingAiOptions::default())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mg = map_graph(&map).map_err(|e| e.to_string())?;
    let mut scen_path = path.clone().into_os_string();
    scen_path.push(".scen");
    let scen_path = PathBuf::from(scen_path);
    let mut scenarios = Vec::new();
    if let Ok(b) = std::fs::read(&scen_path) {
        let parsed =
            MovingAiScenarios::parse(b).map_err(|e| format!("{}: {e}", scen_path.display()))?;
        for s in parsed.into_scenarios() {
            if let (Some(a), Some(g)) = (mg.node(s.start_x, s.start_y), mg.node(s.goal_x, s.goal_y))
            {
                scenarios.push((a, g, s));
            }
        }
    }
    Ok(Loaded {
        graph: mg.graph,
        positions: Some(mg.positions),
        scenarios,
        name: path.display().to_string(),
    })
}

/// One row of the table.
struct Row {
    name: &'static str,
    expansions: u64,
    seconds: f64,
    /// Costs further than 1e-9 relative from Dijkstra's (a failure).
    mismatches: usize,
    /// Costs whose bits differ from Dijkstra's but within 1e-9 relative (rounding: equal-length
    /// paths summed in another order; expected with fractional weights).
    rounding: usize,
}

/// Counts a cost against Dijkstra's: `(beyond 1e-9 relative, bits differ but within it)`.
fn compare(got: f64, want: f64) -> (usize, usize) {
    let close = (got - want).abs() <= 1e-9 * want.abs();
    (
        usize::from(!close),
        usize::from(close && got.to_bits() != want.to_bits()),
    )
}

fn measure_astar<H: GraphHeuristic>(
    name: &'static str,
    g: &CsrGraph,
    h: H,
    pairs: &[(u32, u32, f64)],
) -> Row {
    let mut s = GraphAStar::new(DefaultStepCost, h);
    let (mut expansions, mut mismatches, mut rounding) = (0u64, 0, 0);
    let t = Instant::now();
    for &(a, b, want) in pairs {
        let _ = s.try_begin(g, a, b);
        let _ = s.run(g);
        expansions += u64::from(s.expansions());
        let (bad, round) = compare(s.cost(), want);
        mismatches += bad;
        rounding += round;
    }
    Row {
        name,
        expansions,
        seconds: t.elapsed().as_secs_f64(),
        mismatches,
        rounding,
    }
}

fn measure_bidir<H: GraphHeuristic>(
    name: &'static str,
    g: &CsrGraph,
    h: H,
    pairs: &[(u32, u32, f64)],
) -> Row {
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, h);
    let (mut expansions, mut mismatches, mut rounding) = (0u64, 0, 0);
    let t = Instant::now();
    for &(a, b, want) in pairs {
        if s.try_begin(g, a, b) == Step::InProgress {
            let _ = s.run(g);
        }
        expansions += u64::from(s.expansions());
        let (bad, round) = compare(s.cost(), want);
        mismatches += bad;
        rounding += round;
    }
    Row {
        name,
        expansions,
        seconds: t.elapsed().as_secs_f64(),
        mismatches,
        rounding,
    }
}

/// Runs the command; returns the exit status (0 all costs agree, 1 a mismatch, 2 input error).
pub fn run(args: &RoadArgs) -> i32 {
    let loaded = match load(args) {
        Ok(l) => l,
        Err(message) => return output::input_error("road", false, &message),
    };
    let g = &loaded.graph;
    let n = g.node_count();
    if n == 0 || args.queries == 0 || args.landmarks == 0 {
        return output::input_error(
            "road",
            false,
            "the graph has no nodes, or --queries / --landmarks is 0",
        );
    }
    // Seeded random pairs; the unreachable ones are skipped (at most 20 draws per pair).
    let mut rng = SplitMix64::new(args.seed);
    let mut dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let mut pairs = Vec::with_capacity(args.queries);
    let mut draws = 0usize;
    while pairs.len() < args.queries && draws < args.queries * 20 {
        draws += 1;
        let (a, b) = (rng.below(n), rng.below(n));
        let _ = dijkstra.try_begin(g, a, b);
        if dijkstra.run(g) == Step::Found {
            pairs.push((a, b, dijkstra.cost()));
        }
    }
    let t = Instant::now();
    let options = LandmarkOptions {
        count: args.landmarks,
        ..LandmarkOptions::DEFAULT
    };
    let lm = match Landmarks::build(g, &options) {
        Ok(l) => l,
        Err(e) => return output::input_error("road", false, &e.to_string()),
    };
    let build_seconds = t.elapsed().as_secs_f64();
    let alt = AltGraphHeuristic::new(&lm, g).unwrap_or_else(|_| unreachable!("built for g"));
    let mut rows = vec![
        measure_astar("dijkstra", g, ZeroGraphHeuristic, &pairs),
        measure_astar("astar landmarks", g, alt, &pairs),
        measure_bidir("bidirectional dijkstra", g, ZeroGraphHeuristic, &pairs),
        measure_bidir("bidirectional landmarks", g, alt, &pairs),
    ];
    let mut scen_checked = 0usize;
    let mut scen_bad = 0usize;
    if let Some(pos) = &loaded.positions {
        let geo = EuclideanGraphHeuristic { positions: pos };
        rows.push(measure_astar("astar geometric", g, geo, &pairs));
        rows.push(measure_astar(
            "astar both",
            g,
            MaxGraphHeuristic(geo, alt),
            &pairs,
        ));
        rows.push(measure_bidir("bidirectional geometric", g, geo, &pairs));
        rows.push(measure_bidir(
            "bidirectional both",
            g,
            MaxGraphHeuristic(geo, alt),
            &pairs,
        ));
        // The published optima, `--queries` lines spread over the file.
        let step = (loaded.scenarios.len() / args.queries).max(1);
        let mut s = GraphAStar::new(DefaultStepCost, MaxGraphHeuristic(geo, alt));
        for (a, b, sc) in loaded.scenarios.iter().step_by(step).take(args.queries) {
            let _ = s.try_begin(g, *a, *b);
            let st = s.run(g);
            let ok = if sc.is_unreachable_marker() {
                st == Step::NoPath
            } else {
                st == Step::Found && sc.length_matches(s.cost())
            };
            scen_checked += 1;
            scen_bad += usize::from(!ok);
        }
    }
    let base = rows[0].expansions.max(1) as f64;
    let base_time = rows[0].seconds.max(1e-12);
    let q = pairs.len().max(1) as f64;
    let mut printed = outln!(
        "{}: {n} nodes, {} edges; {} reachable pairs (seed {}); {} landmarks (avoid) built in {:.1} ms, {} table bytes",
        loaded.name,
        g.edge_count(),
        pairs.len(),
        args.seed,
        lm.ids().len(),
        build_seconds * 1e3,
        lm.table_bytes()
    );
    printed = printed.and_then(|()| {
        outln!(
            "{:<26} {:>14} {:>10} {:>10} {:>9} {:>10} {:>9}",
            "search",
            "expanded/query",
            "vs dijk",
            "us/query",
            "speedup",
            "cost diffs",
            "rounding"
        )
    });
    let mut mismatches = 0;
    for r in &rows {
        mismatches += r.mismatches;
        printed = printed.and_then(|()| {
            outln!(
                "{:<26} {:>14.1} {:>10.4} {:>10.2} {:>9.2} {:>10} {:>9}",
                r.name,
                r.expansions as f64 / q,
                r.expansions as f64 / base,
                r.seconds * 1e6 / q,
                base_time / r.seconds.max(1e-12),
                r.mismatches,
                r.rounding
            )
        });
    }
    if !loaded.scenarios.is_empty() {
        printed = printed.and_then(|()| {
            outln!("published optima: {scen_checked} scenario lines checked, {scen_bad} mismatches")
        });
    }
    printed = printed.and_then(|()| {
        outln!(
            "(cost diffs: beyond 1e-9 relative of Dijkstra's cost; rounding: other bits within \
             it, equal-length paths summed in another order. µs are wall-clock: compare ratios \
             within one run)"
        )
    });
    output::status(i32::from(mismatches + scen_bad > 0), printed)
}
