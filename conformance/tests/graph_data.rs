//! Graph searches on real data: DIMACS `rome99.gr` (3,353 nodes, 8,870 arcs) parses and every
//! variant (Dijkstra, A*, bidirectional Dijkstra, bidirectional A* with no estimate and with
//! 16 Avoid landmarks) agrees with the O(V²) reference from several sources; a Moving AI map
//! as a graph reproduces the published optima of its `.scen` (a sample of `street/Berlin_0_256`).
//! Skipped (ignored, with the reason) without `../shared/data`.

use conformance::graph_ref::{check_path, dijkstra};
use conformance::rng::SplitMix64;
use onepath::graph::{CsrGraph, EuclideanGraphHeuristic, GraphHeuristic, ZeroGraphHeuristic};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath_std::dimacs::{map_graph, read_gr};
use onepath_std::movingai::{MovingAiMap, MovingAiOptions, MovingAiScenarios};

fn run_astar<H: GraphHeuristic>(g: &CsrGraph, h: H, a: u32, b: u32) -> (Step, f64, Vec<u32>) {
    let mut s = GraphAStar::new(DefaultStepCost, h);
    let _ = s.try_begin(g, a, b);
    (s.run(g), s.cost(), s.path())
}

fn run_bidir<H: GraphHeuristic>(g: &CsrGraph, h: H, a: u32, b: u32) -> (Step, f64, Vec<u32>) {
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, h);
    if s.try_begin(g, a, b) == Step::InProgress {
        let _ = s.run(g);
    }
    (s.state(), s.cost(), s.path())
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn rome99_every_variant_equals_the_reference() {
    let Some(dir) = onepath_std::data::data_dir() else {
        eprintln!("skipped: rome99: ../shared/data not found");
        return;
    };
    let parsed = read_gr(&dir.join("dimacs/rome99.gr")).unwrap();
    assert_eq!((parsed.node_count, parsed.edges.len()), (3353, 8870));
    let g = CsrGraph::new(parsed.node_count, &parsed.edges).unwrap();
    let edges: Vec<(u32, u32, f64)> = parsed
        .edges
        .iter()
        .map(|e| (e.from, e.to, e.weight))
        .collect();
    let lm = Landmarks::build(&g, &LandmarkOptions::DEFAULT).unwrap();
    let alt = AltGraphHeuristic::new(&lm, &g).unwrap();
    let mut r = SplitMix64::new(99);
    let sources = if cfg!(debug_assertions) { 2 } else { 6 };
    let mut checked = 0;
    for _ in 0..sources {
        let a = r.below(3353) as u32;
        let d = dijkstra(3353, &edges, a, false);
        for _ in 0..8 {
            let b = r.below(3353) as u32;
            let results = [
                ("dijkstra", run_astar(&g, ZeroGraphHeuristic, a, b)),
                ("astar-landmarks", run_astar(&g, alt, a, b)),
                (
                    "bidirectional-dijkstra",
                    run_bidir(&g, ZeroGraphHeuristic, a, b),
                ),
                ("bidirectional-landmarks", run_bidir(&g, alt, a, b)),
            ];
            for (name, (st, cost, path)) in results {
                let want = d[b as usize];
                assert_eq!(st == Step::Found, want.is_finite(), "{name} {a} -> {b}");
                if st == Step::Found {
                    assert_eq!(cost, want, "{name} {a} -> {b}");
                    assert_eq!(
                        check_path(&edges, &path, a, b).unwrap(),
                        want,
                        "{name} {a} -> {b}"
                    );
                }
                checked += 1;
            }
        }
    }
    println!("rome99: {checked} queries checked against the reference");
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn a_map_as_a_graph_reproduces_the_published_optima() {
    let Some(dir) = onepath_std::data::require_movingai("map graph optima") else {
        return;
    };
    let map_bytes = std::fs::read(dir.join("street/Berlin_0_256.map")).unwrap();
    let map = MovingAiMap::parse(&map_bytes, &MovingAiOptions::default()).unwrap();
    let scen =
        MovingAiScenarios::parse(std::fs::read(dir.join("street/Berlin_0_256.map.scen")).unwrap())
            .unwrap();
    let mg = map_graph(&map).unwrap();
    let geo = EuclideanGraphHeuristic {
        positions: &mg.positions,
    };
    let step = if cfg!(debug_assertions) { 97 } else { 13 };
    let mut checked = 0;
    for s in scen.scenarios().iter().step_by(step) {
        let a = mg.node(s.start_x, s.start_y).unwrap();
        let b = mg.node(s.goal_x, s.goal_y).unwrap();
        for (name, (st, cost, _)) in [
            ("astar-geometric", run_astar(&mg.graph, geo, a, b)),
            ("bidirectional-geometric", run_bidir(&mg.graph, geo, a, b)),
        ] {
            if s.is_unreachable_marker() {
                assert_eq!(st, Step::NoPath, "{name} line {}", s.line);
            } else {
                assert_eq!(st, Step::Found, "{name} line {}", s.line);
                assert!(
                    s.length_matches(cost),
                    "{name} line {}: {cost} vs {}",
                    s.line,
                    s.optimal_length
                );
            }
            checked += 1;
        }
    }
    println!("Berlin_0_256 as a graph: {checked} scenario checks");
    assert!(checked > 0);
}
