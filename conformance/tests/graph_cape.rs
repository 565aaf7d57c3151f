//! `sc1/AcrosstheCape` (768 × 768, a large StarCraft map) as a graph — walkable cells as
//! nodes, the eight moves without corner cutting as edges, positions the cell centres —
//! reproduces the published optima of its `.scen` with A*, bidirectional Dijkstra and
//! bidirectional A* (geometric estimate, 4 Avoid landmarks — 2 in a debug build —, both), on a sample of the lines
//! spread over the whole file (long paths included). Skipped (ignored, with the reason)
//! without `../shared/data`; the whole file is `onepath road --map …/AcrosstheCape.map`.

use onepath::graph::{CsrGraph, EuclideanGraphHeuristic, GraphHeuristic, MaxGraphHeuristic};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath_std::dimacs::map_graph;
use onepath_std::movingai::{MovingAiMap, MovingAiOptions, MovingAiScenarios};

fn run_astar<H: GraphHeuristic>(
    s: &mut GraphAStar<DefaultStepCost, H>,
    g: &CsrGraph,
    a: u32,
    b: u32,
) -> (Step, f64) {
    let _ = s.try_begin(g, a, b);
    (s.run(g), s.cost())
}

fn run_bidir<H: GraphHeuristic>(
    s: &mut BidirectionalGraphSearch<DefaultStepCost, H>,
    g: &CsrGraph,
    a: u32,
    b: u32,
) -> (Step, f64) {
    let st = match s.try_begin(g, a, b) {
        Step::InProgress => s.run(g),
        st => st,
    };
    (st, s.cost())
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn across_the_cape_as_a_graph_reproduces_the_published_optima() {
    let Some(dir) = onepath_std::data::require_movingai("AcrosstheCape graph optima") else {
        return;
    };
    let map_bytes = std::fs::read(dir.join("sc1/AcrosstheCape.map")).unwrap();
    let map = MovingAiMap::parse(&map_bytes, &MovingAiOptions::default()).unwrap();
    let scen =
        MovingAiScenarios::parse(std::fs::read(dir.join("sc1/AcrosstheCape.map.scen")).unwrap())
            .unwrap();
    let mg = map_graph(&map).unwrap();
    let g = &mg.graph;
    let geo = EuclideanGraphHeuristic {
        positions: &mg.positions,
    };
    // Each landmark costs about three Dijkstra runs over the 392,287 nodes: a few keep the
    // test short (the bench and `onepath road` run 16).
    let count = if cfg!(debug_assertions) { 2 } else { 4 };
    let lm = Landmarks::build(
        g,
        &LandmarkOptions {
            count,
            ..LandmarkOptions::DEFAULT
        },
    )
    .unwrap();
    let alt = AltGraphHeuristic::new(&lm, g).unwrap();
    let both = MaxGraphHeuristic(geo, alt);
    let mut astar_geo = GraphAStar::new(DefaultStepCost, geo);
    let mut astar_both = GraphAStar::new(DefaultStepCost, both);
    let mut bidir_geo = BidirectionalGraphSearch::new(DefaultStepCost, geo);
    let mut bidir_alt = BidirectionalGraphSearch::new(DefaultStepCost, alt);
    let mut bidir_both = BidirectionalGraphSearch::new(DefaultStepCost, both);
    // 12 lines in debug, 30 in release, spread over every bucket of the file.
    let step = if cfg!(debug_assertions) { 245 } else { 98 };
    let mut checked = 0;
    for s in scen.scenarios().iter().step_by(step) {
        let a = mg.node(s.start_x, s.start_y).unwrap();
        let b = mg.node(s.goal_x, s.goal_y).unwrap();
        for (name, (st, cost)) in [
            ("astar-geometric", run_astar(&mut astar_geo, g, a, b)),
            ("astar-both", run_astar(&mut astar_both, g, a, b)),
            (
                "bidirectional-geometric",
                run_bidir(&mut bidir_geo, g, a, b),
            ),
            (
                "bidirectional-landmarks",
                run_bidir(&mut bidir_alt, g, a, b),
            ),
            ("bidirectional-both", run_bidir(&mut bidir_both, g, a, b)),
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
    println!("AcrosstheCape as a graph: {checked} scenario checks");
    assert!(checked >= 5 * 12);
    assert!(cfg!(debug_assertions) || checked >= 5 * 30);
}
