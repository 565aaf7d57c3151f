//! Graph searches against the O(V²) reference (spec: graphs.md, “Verification”): on generated
//! graphs of four shapes (sparse directed with zero weights, dense, grid-like, road-like), every
//! variant finds a path exactly when the reference reaches the goal, its cost equals the
//! reference distance bit for bit (integer weights), and its path is checked edge by edge.
//! Sliced runs equal unsliced ones and searches restored from a snapshot at a random pop equal
//! searches that never stopped.
//!
//! Graphs per shape: 3,000 in release (a quarter in debug), times `ONEPATH_CONFORMANCE_SCALE`;
//! `--nocapture` prints the counts.

mod common;

use conformance::graph_gen::{GraphCase, GraphShape, SHAPES, distance, generate};
use conformance::graph_ref::{check_path, dijkstra};
use conformance::rng::SplitMix64;
use onepath::graph::{
    CsrGraph, FnGraphHeuristic, GraphEdge, GraphHeuristic, MaxGraphHeuristic, ZeroGraphHeuristic,
};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::search::Step;
use onepath::topology::DefaultStepCost;

fn csr(case: &GraphCase) -> CsrGraph {
    let edges: Vec<GraphEdge> = case
        .edges
        .iter()
        .map(|&(a, b, w)| GraphEdge::new(a, b, w))
        .collect();
    CsrGraph::new(case.nodes, &edges).unwrap()
}

/// What a variant answers: found, cost, path, and a name for messages.
struct Answer {
    found: bool,
    cost: f64,
    path: Vec<u32>,
}

fn astar<H: GraphHeuristic>(g: &CsrGraph, h: H, a: u32, b: u32) -> Answer {
    let mut s = GraphAStar::new(DefaultStepCost, h);
    assert_eq!(s.try_begin(g, a, b), Step::InProgress);
    let st = s.run(g);
    Answer {
        found: st == Step::Found,
        cost: s.cost(),
        path: s.path(),
    }
}

fn bidirectional<H: GraphHeuristic>(g: &CsrGraph, h: H, a: u32, b: u32) -> Answer {
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, h);
    let first = s.try_begin(g, a, b);
    // An estimate that proves the goal unreachable ends the search at once.
    assert!(first == Step::InProgress || first == Step::NoPath || (a == b && first == Step::Found));
    let st = s.run(g);
    Answer {
        found: st == Step::Found,
        cost: s.cost(),
        path: s.path(),
    }
}

/// The variants run on one query (the four searches with no estimate, landmarks, a geometric
/// estimate when the graph has positions, and both); names and answers.
fn variants(
    case: &GraphCase,
    g: &CsrGraph,
    lm: &Landmarks,
    a: u32,
    b: u32,
) -> Vec<(&'static str, Answer)> {
    let alt = AltGraphHeuristic::new(lm, g).unwrap();
    let mut out = vec![
        ("dijkstra", astar(g, ZeroGraphHeuristic, a, b)),
        (
            "bidirectional-dijkstra",
            bidirectional(g, ZeroGraphHeuristic, a, b),
        ),
        ("astar-landmarks", astar(g, alt, a, b)),
        ("bidirectional-landmarks", bidirectional(g, alt, a, b)),
    ];
    if let Some(pos) = &case.positions {
        let geo = FnGraphHeuristic(|s: u32, t: u32| distance(pos[s as usize], pos[t as usize]));
        out.push(("astar-geometric", astar(g, geo, a, b)));
        out.push(("bidirectional-geometric", bidirectional(g, geo, a, b)));
        out.push(("astar-both", astar(g, MaxGraphHeuristic(geo, alt), a, b)));
        out.push((
            "bidirectional-both",
            bidirectional(g, MaxGraphHeuristic(geo, alt), a, b),
        ));
    }
    out
}

#[test]
fn every_variant_equals_the_reference() {
    let per_shape = common::grids_per_variant(3_000);
    let seed0 = common::base_seed();
    let mut queries = 0u64;
    let mut found = 0u64;
    for shape in SHAPES {
        for i in 0..per_shape {
            let seed = seed0.wrapping_add(i * 4 + shape as u64);
            let mut r = SplitMix64::new(seed);
            let size = 2 + r.below(if shape == GraphShape::Dense { 30 } else { 60 }) as u32;
            let case = generate(shape, seed, size);
            let g = csr(&case);
            let options = LandmarkOptions {
                count: 1 + r.below(4) as u32,
                ..LandmarkOptions::DEFAULT
            };
            let lm = Landmarks::build(&g, &options).unwrap();
            for _ in 0..2 {
                let a = r.below(case.nodes.into()) as u32;
                let dist = dijkstra(case.nodes, &case.edges, a, false);
                // A random goal and the farthest reachable one (ties to the smaller id).
                let far = (0..case.nodes)
                    .filter(|&v| dist[v as usize] < f64::INFINITY)
                    .max_by(|&x, &y| {
                        dist[x as usize]
                            .total_cmp(&dist[y as usize])
                            .then(y.cmp(&x))
                    })
                    .unwrap_or(a);
                for b in [r.below(case.nodes.into()) as u32, far] {
                    queries += 1;
                    let want = dist[b as usize];
                    found += u64::from(want < f64::INFINITY);
                    for (name, ans) in variants(&case, &g, &lm, a, b) {
                        let ctx = format!("{shape:?} seed {seed} {name} {a} -> {b}");
                        assert_eq!(ans.found, want < f64::INFINITY, "{ctx}: status");
                        if ans.found {
                            assert_eq!(ans.cost.to_bits(), want.to_bits(), "{ctx}: cost");
                            let walked = check_path(&case.edges, &ans.path, a, b)
                                .unwrap_or_else(|m| panic!("{ctx}: {m}"));
                            assert_eq!(walked.to_bits(), want.to_bits(), "{ctx}: path cost");
                        } else {
                            assert!(ans.path.is_empty(), "{ctx}: path without a find");
                        }
                    }
                }
            }
        }
    }
    println!(
        "graph conformance: {} graphs ({per_shape} per shape), {queries} queries, {found} reachable",
        per_shape * 4
    );
}

#[test]
fn sliced_and_restored_equal_never_stopped() {
    let per_shape = common::grids_per_variant(200);
    for shape in SHAPES {
        for i in 0..per_shape {
            let seed = 77_000 + i * 4 + shape as u64;
            let mut r = SplitMix64::new(seed);
            let case = generate(shape, seed, 2 + r.below(50) as u32);
            let g = csr(&case);
            let (a, b) = (
                r.below(case.nodes.into()) as u32,
                r.below(case.nodes.into()) as u32,
            );
            let new = || {
                let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
                s.set_record_expansions(true);
                s
            };
            let mut whole = new();
            let _ = whole.try_begin(&g, a, b);
            let _ = whole.run(&g);
            let want = (
                whole.state(),
                whole.cost().to_bits(),
                whole.path(),
                whole.iterations(),
                whole.expansions(),
                whole.buffers().expanded_nodes().to_vec(),
            );
            let mut sliced = new();
            let _ = sliced.try_begin(&g, a, b);
            let mut stop_at = r.below(u64::from(whole.iterations()) + 1) as u32;
            let mut snapshot = None;
            while sliced.state() == Step::InProgress {
                let budget = 1 + r.below(5) as u32;
                let _ = sliced.step(&g, budget);
                if snapshot.is_none() && sliced.iterations() >= stop_at {
                    let mut bytes = vec![0u8; sliced.state_size()];
                    sliced.save_state(&g, &mut bytes).unwrap();
                    snapshot = Some(bytes);
                    stop_at = u32::MAX;
                }
            }
            let got = |s: &GraphAStar<DefaultStepCost, ZeroGraphHeuristic>| {
                (
                    s.state(),
                    s.cost().to_bits(),
                    s.path(),
                    s.iterations(),
                    s.expansions(),
                    s.buffers().expanded_nodes().to_vec(),
                )
            };
            assert_eq!(got(&sliced), want, "{shape:?} seed {seed}: sliced");
            if let Some(bytes) = snapshot {
                let mut restored = new();
                restored.restore_state(&g, &bytes).unwrap();
                let _ = restored.run(&g);
                assert_eq!(got(&restored), want, "{shape:?} seed {seed}: restored");
            }
        }
    }
}

#[test]
fn bidirectional_sliced_and_restored_equal_never_stopped() {
    let per_shape = common::grids_per_variant(200);
    for shape in SHAPES {
        for i in 0..per_shape {
            let seed = 91_000 + i * 4 + shape as u64;
            let mut r = SplitMix64::new(seed);
            let case = generate(shape, seed, 2 + r.below(50) as u32);
            let g = csr(&case);
            let (a, b) = (
                r.below(case.nodes.into()) as u32,
                r.below(case.nodes.into()) as u32,
            );
            let new = || BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
            let got = |s: &BidirectionalGraphSearch<DefaultStepCost, ZeroGraphHeuristic>| {
                (s.state(), s.cost().to_bits(), s.path(), s.iterations())
            };
            let mut whole = new();
            let _ = whole.try_begin(&g, a, b);
            let _ = whole.run(&g);
            let want = got(&whole);
            let mut sliced = new();
            let _ = sliced.try_begin(&g, a, b);
            let stop_at = r.below(u64::from(whole.iterations()) + 1) as u32;
            let mut snapshot = None;
            while sliced.state() == Step::InProgress {
                let _ = sliced.step(&g, 1 + r.below(5) as u32);
                if snapshot.is_none() && sliced.iterations() >= stop_at {
                    let mut bytes = vec![0u8; sliced.state_size()];
                    sliced.save_state(&g, &mut bytes).unwrap();
                    snapshot = Some(bytes);
                }
            }
            assert_eq!(got(&sliced), want, "{shape:?} seed {seed}: sliced");
            if let Some(bytes) = snapshot {
                let mut restored = new();
                restored.restore_state(&g, &bytes).unwrap();
                let _ = restored.run(&g);
                assert_eq!(got(&restored), want, "{shape:?} seed {seed}: restored");
            }
        }
    }
}
