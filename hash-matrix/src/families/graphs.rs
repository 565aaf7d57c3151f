//! `graphs/*`: the graph family (spec: graphs.md) — `GraphAStar` (Dijkstra, A* with ALT or
//! straight-line estimates) and `BidirectionalGraphSearch` on generated graphs: a sparse
//! directed graph with zero weights, a lattice with holes, and a road-like point graph.
//!
//! Each scenario records the graph (`graph`: edge bytes, the fingerprint), its 4 Avoid
//! landmarks (`landmarks`: ids and table bits), then every variant on the same queries; the
//! `~slice7` variants are sliced in steps of 7 and the `~snap` variants go through a snapshot
//! (kinds 12 and 13) after 5 iterations, each the twin of its never-stopped run.

use onepath::graph::{
    CsrGraph, EuclideanGraphHeuristic, GraphEdge, GraphHeuristic, MaxGraphHeuristic, PointGraph,
    PointGraphOptions, ZeroGraphHeuristic,
};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath::{PathStatus, Point3};

use crate::digest::Digest;
use crate::record::{QueryRecord, StructureRecord};
use crate::registry::{Recorder, Scenario};

fn status(s: Step) -> PathStatus {
    match s {
        Step::Found => PathStatus::Found,
        Step::InProgress => PathStatus::BudgetExhausted,
        _ => PathStatus::NoPath,
    }
}

fn sparse(seed: u64) -> (CsrGraph, Option<Vec<Point3>>) {
    let mut r = SplitMix64::new(seed);
    let n = 60;
    let edges: Vec<GraphEdge> = (0..150)
        .map(|_| GraphEdge::new(r.below(n), r.below(n), f64::from(r.below(6))))
        .collect();
    (CsrGraph::new(n, &edges).expect("valid"), None)
}

fn lattice(seed: u64) -> (CsrGraph, Option<Vec<Point3>>) {
    let mut r = SplitMix64::new(seed);
    let (w, h) = (12u32, 10u32);
    let holes: Vec<bool> = (0..w * h).map(|_| r.chance(1, 7)).collect();
    let mut edges = Vec::new();
    for v in 0..w * h {
        let (x, y) = (v % w, v / w);
        for (ok, u) in [(x + 1 < w, v + 1), (y + 1 < h, v + w)] {
            if ok && !holes[v as usize] && !holes[u as usize] {
                edges.push(GraphEdge::new(v, u, f64::from(1 + r.below(3))));
                edges.push(GraphEdge::new(u, v, f64::from(1 + r.below(3))));
            }
        }
    }
    let pos = (0..w * h)
        .map(|v| Point3::new(f64::from(v % w), f64::from(v / w), 0.0))
        .collect();
    (CsrGraph::new(w * h, &edges).expect("valid"), Some(pos))
}

fn roads(seed: u64) -> (CsrGraph, Option<Vec<Point3>>) {
    let mut r = SplitMix64::new(seed);
    let pts: Vec<Point3> = (0..70)
        .map(|_| {
            Point3::new(
                f64::from(r.below(4000)) / 40.0,
                f64::from(r.below(4000)) / 40.0,
                0.0,
            )
        })
        .collect();
    let o = PointGraphOptions {
        nearest_count: 3,
        ..PointGraphOptions::NONE
    };
    let g = PointGraph::new(&pts, &o).expect("valid points");
    (g.csr().clone(), Some(pts))
}

fn astar<H: GraphHeuristic>(
    g: &CsrGraph,
    h: H,
    a: u32,
    b: u32,
    slice: u32,
    restore: bool,
) -> QueryRecord {
    let mut s = GraphAStar::new(DefaultStepCost, h);
    s.set_record_expansions(true);
    let _ = s.try_begin(g, a, b);
    let mut snapshot = None;
    if restore {
        let _ = s.step(g, 5);
        let mut bytes = vec![0; s.state_size()];
        s.save_state(g, &mut bytes).expect("sized");
        s.restore_state(g, &bytes).expect("own snapshot");
        snapshot = Some(Digest::of_bytes(&bytes));
    }
    while s.step(g, slice) == Step::InProgress {}
    let mut rec = QueryRecord::refused(status(s.state()));
    rec.cost_bits = s.cost().to_bits();
    rec.iterations = s.iterations();
    rec.expansions = s.expansions();
    rec.path = Digest::of_u32s(&s.path());
    rec = rec.with_expanded(s.buffers().expanded_nodes());
    rec.snapshot = snapshot;
    rec
}

fn bidir<H: GraphHeuristic>(
    g: &CsrGraph,
    h: H,
    a: u32,
    b: u32,
    slice: u32,
    restore: bool,
) -> QueryRecord {
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, h);
    s.set_record_expansions(true);
    let _ = s.try_begin(g, a, b);
    let mut snapshot = None;
    if restore {
        let _ = s.step(g, 5);
        let mut bytes = vec![0; s.state_size()];
        s.save_state(g, &mut bytes).expect("sized");
        s.restore_state(g, &bytes).expect("own snapshot");
        snapshot = Some(Digest::of_bytes(&bytes));
    }
    while s.step(g, slice) == Step::InProgress {}
    let mut rec = QueryRecord::refused(status(s.state()));
    rec.cost_bits = s.cost().to_bits();
    rec.iterations = s.iterations();
    rec.expansions = s.expansions();
    rec.path = Digest::of_u32s(&s.path());
    let (f, b) = s.buffers();
    rec = rec.with_expanded(&[f.expanded_nodes(), b.expanded_nodes()].concat());
    rec.snapshot = snapshot;
    rec
}

fn run(r: &mut Recorder, build: fn(u64) -> (CsrGraph, Option<Vec<Point3>>), seed: u64) {
    let (g, pos) = build(seed);
    let fp = g.fingerprint();
    r.structure(
        "graph",
        None,
        StructureRecord {
            key: "fingerprint",
            bytes: g.memory_bytes() as u64,
            values: Digest::of_u32s(&[
                fp as u32,
                (fp >> 32) as u32,
                g.node_count(),
                g.edge_count() as u32,
            ]),
        },
    );
    let lm = Landmarks::build(
        &g,
        &LandmarkOptions {
            count: 4,
            ..LandmarkOptions::DEFAULT
        },
    )
    .expect("nodes");
    r.structure(
        "landmarks",
        None,
        StructureRecord {
            key: "tables",
            bytes: lm.table_bytes() as u64,
            values: Digest::of_bytes(&lm.serialize()),
        },
    );
    let alt = AltGraphHeuristic::new(&lm, &g).expect("built for g");
    let n = g.node_count();
    let mut rng = SplitMix64::new(seed ^ 0x51);
    let mut queries: Vec<(String, u32, u32)> = (0..5)
        .map(|i| {
            let (a, b) = (rng.below(n), rng.below(n));
            (format!("q{i}-{a}-{b}"), a, b)
        })
        .collect();
    queries.push(("same".to_owned(), 3, 3));
    for (name, a, b) in &queries {
        let (a, b) = (*a, *b);
        let q = name.as_str();
        r.query(
            "dijkstra",
            q,
            astar(&g, ZeroGraphHeuristic, a, b, u32::MAX, false),
        );
        r.query_twin(
            "dijkstra~slice7",
            "dijkstra",
            q,
            astar(&g, ZeroGraphHeuristic, a, b, 7, false),
        );
        r.query_twin(
            "dijkstra~snap",
            "dijkstra",
            q,
            astar(&g, ZeroGraphHeuristic, a, b, u32::MAX, true),
        );
        r.query("astar-alt", q, astar(&g, alt, a, b, u32::MAX, false));
        r.query(
            "bidir-dijkstra",
            q,
            bidir(&g, ZeroGraphHeuristic, a, b, u32::MAX, false),
        );
        r.query_twin(
            "bidir-dijkstra~slice7",
            "bidir-dijkstra",
            q,
            bidir(&g, ZeroGraphHeuristic, a, b, 7, false),
        );
        r.query_twin(
            "bidir-dijkstra~snap",
            "bidir-dijkstra",
            q,
            bidir(&g, ZeroGraphHeuristic, a, b, u32::MAX, true),
        );
        r.query("bidir-alt", q, bidir(&g, alt, a, b, u32::MAX, false));
        r.query_twin(
            "bidir-alt~snap",
            "bidir-alt",
            q,
            bidir(&g, alt, a, b, u32::MAX, true),
        );
        if let Some(p) = &pos {
            let geo = EuclideanGraphHeuristic { positions: p };
            r.query("astar-geo", q, astar(&g, geo, a, b, u32::MAX, false));
            r.query_twin(
                "astar-geo~snap",
                "astar-geo",
                q,
                astar(&g, geo, a, b, u32::MAX, true),
            );
            r.query(
                "bidir-both",
                q,
                bidir(&g, MaxGraphHeuristic(geo, alt), a, b, u32::MAX, false),
            );
        }
    }
}

/// The scenarios of `graphs/*`.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario::new(
            "graphs/sparse-directed-n60-s1",
            "60 nodes, 150 directed edges, weights 0-5",
            |r| run(r, sparse, 1),
        ),
        Scenario::new(
            "graphs/lattice-12x10-s2",
            "12 x 10 lattice with holes, weights 1-3 both ways",
            |r| run(r, lattice, 2),
        ),
        Scenario::new(
            "graphs/roads-n70-s3",
            "70 points, 3 nearest links each (PointGraph)",
            |r| run(r, roads, 3),
        ),
    ]
}
