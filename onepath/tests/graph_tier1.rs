//! Tier-1 graphs: `Graph` (stable ids, stale compile), `PointGraph` (coordinate rule, link
//! sources, canonical order, `link_valid` order, permutation stability, nearest node) and the
//! `GraphOptions` rules (algorithm resolution, hooks, budget, landmarks staleness).

use std::cell::RefCell;

use onepath::graph::{
    CsrGraph, GraphError, PointGraphError, PointGraphOptions, ZeroGraphHeuristic,
};
use onepath::graph_search::GraphAStar;
use onepath::math::SplitMix64;
use onepath::query::GraphQueryError;
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath::{
    Graph, GraphAlgorithm, GraphEdge, GraphOptions, LandmarkOptions, PathStatus, Point3, PointGraph,
};

fn e(from: u32, to: u32, w: f64) -> GraphEdge {
    GraphEdge::new(from, to, w)
}

#[test]
fn graph_ids_are_stable_and_edits_recompile() {
    let mut g = Graph::from_edges(&[e(0, 1, 1.0), e(1, 2, 2.0)], None, false).unwrap();
    assert_eq!(g.node_count(), 3);
    assert_eq!(
        (0..4).map(|i| g.edge(i).unwrap()).collect::<Vec<_>>(),
        [e(0, 1, 1.0), e(1, 0, 1.0), e(1, 2, 2.0), e(2, 1, 2.0)]
    );
    assert!(g.is_stale());
    let fp = g.compile().fingerprint();
    assert!(!g.is_stale());
    let id = g.add_edge(0, 2, 5.0).unwrap();
    assert_eq!(id, 4);
    assert!(g.is_stale());
    g.remove_edge(2).unwrap();
    assert_eq!(g.remove_edge(2), Err(GraphError::UnknownEdge { id: 2 }));
    assert_eq!(g.edge(2), None);
    g.set_weight(4, 1.5).unwrap();
    assert!(matches!(
        g.set_weight(4, f64::NAN),
        Err(GraphError::EdgeWeight { edge: 4, .. })
    ));
    assert!(matches!(
        g.add_edge(0, 9, 1.0),
        Err(GraphError::EdgeEndpoint {
            edge: 5,
            node: 9,
            ..
        })
    ));
    // The compiled form is the live edges in id order.
    let want = CsrGraph::new(3, &[e(0, 1, 1.0), e(1, 0, 1.0), e(2, 1, 2.0), e(0, 2, 1.5)]).unwrap();
    assert_eq!(*g.compile(), want);
    assert_ne!(g.compile().fingerprint(), fp);
    // Ids are never reused.
    assert_eq!(g.add_edge(2, 0, 1.0), Ok(5));
    let err = Graph::from_edges(&[e(0, 1, 1.0), e(1, 2, -1.0)], None, true).unwrap_err();
    assert_eq!(
        err.to_string(),
        "edge 1: weight -1 is not a finite number >= 0"
    );
}

#[test]
fn algorithm_resolution_hooks_and_budget() {
    let edges: Vec<_> = (0..9).map(|i| e(i, i + 1, 1.0)).collect();
    let g = Graph::from_edges(&edges, Some(10), false).unwrap();
    let d = g.find_path(0, 9, &GraphOptions::DEFAULT).unwrap();
    assert_eq!(
        (d.status, d.algorithm, d.cost),
        (PathStatus::Found, GraphAlgorithm::Dijkstra, 9.0)
    );
    let a = g
        .find_path(
            0,
            9,
            &GraphOptions::DEFAULT.with_algorithm(GraphAlgorithm::AStar),
        )
        .unwrap();
    assert_eq!(
        a.algorithm,
        GraphAlgorithm::Dijkstra,
        "A* without an estimate runs Dijkstra"
    );
    let b = g.find_path(0, 9, &GraphOptions::BIDIRECTIONAL).unwrap();
    assert_eq!(
        (b.algorithm, b.cost, b.nodes.len()),
        (GraphAlgorithm::BidirectionalDijkstra, 9.0, 10)
    );
    let h = |s: u32, t: u32| f64::from(s.abs_diff(t));
    let with_h = GraphOptions {
        heuristic: Some(&h),
        ..GraphOptions::DEFAULT
    };
    let p = g.find_path(0, 9, &with_h).unwrap();
    assert_eq!((p.algorithm, p.cost), (GraphAlgorithm::AStar, 9.0));
    assert!(p.expansions < d.expansions || p.expansions == 9);
    let dij = g
        .find_path(0, 9, &with_h.with_algorithm(GraphAlgorithm::Dijkstra))
        .unwrap();
    assert_eq!(dij.algorithm, GraphAlgorithm::Dijkstra);
    // Blocked endpoints and nodes.
    let blocked = |v: u32| v == 5;
    let o = GraphOptions {
        blocked: Some(&blocked),
        ..GraphOptions::DEFAULT
    };
    assert_eq!(g.find_path(0, 9, &o).unwrap().status, PathStatus::NoPath);
    assert_eq!(
        g.find_path(5, 9, &o).unwrap().status,
        PathStatus::StartInvalid
    );
    assert_eq!(
        g.find_path(0, 5, &o).unwrap().status,
        PathStatus::GoalInvalid
    );
    assert_eq!(
        g.find_path(0, 10, &o).unwrap().status,
        PathStatus::GoalInvalid
    );
    // Budget: the query needs 10 pops.
    let p = g
        .find_path(0, 9, &GraphOptions::DEFAULT.with_iteration_budget(9))
        .unwrap();
    assert_eq!((p.status, p.iterations), (PathStatus::BudgetExhausted, 9));
    let p = g
        .find_path(0, 9, &GraphOptions::DEFAULT.with_iteration_budget(10))
        .unwrap();
    assert_eq!(p.status, PathStatus::Found);
    // Recording.
    let p = g
        .find_path(0, 3, &GraphOptions::DEFAULT.with_record_expansions(true))
        .unwrap();
    assert_eq!(p.expanded, [0, 1, 2]);
}

#[test]
fn landmarks_go_stale_with_an_edit() {
    let edges: Vec<_> = (0..9).map(|i| e(i, i + 1, 1.0)).collect();
    let mut g = Graph::from_edges(&edges, None, false).unwrap();
    let lm = g.build_landmarks(&LandmarkOptions::DEFAULT).unwrap();
    let p = g
        .find_path(0, 9, &GraphOptions::with_landmarks(&lm))
        .unwrap();
    assert_eq!((p.algorithm, p.cost), (GraphAlgorithm::AStar, 9.0));
    // Exact bounds on a path: only the path is expanded.
    assert_eq!(p.expansions, 9);
    g.set_weight(0, 2.0).unwrap();
    assert!(matches!(
        g.find_path(0, 9, &GraphOptions::with_landmarks(&lm)),
        Err(GraphQueryError::StaleLandmarks { .. })
    ));
}

#[test]
fn tier1_equals_tier2() {
    let mut r = SplitMix64::new(5);
    let edges: Vec<_> = (0..200)
        .map(|_| e(r.below(50), r.below(50), f64::from(r.below(7))))
        .collect();
    let mut g = Graph::from_edges(&edges, Some(50), true).unwrap();
    let csr = g.compile().clone();
    for (a, b) in [(0, 49), (3, 7), (10, 10), (20, 1)] {
        let p = g.find_path(a, b, &GraphOptions::DEFAULT).unwrap();
        let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
        let _ = s.try_begin(&csr, a, b);
        let st = s.run(&csr);
        assert_eq!(p.status == PathStatus::Found, st == Step::Found);
        assert_eq!((p.nodes, p.cost.to_bits()), (s.path(), s.cost().to_bits()));
        assert_eq!(
            (p.iterations, p.expansions),
            (s.iterations(), s.expansions())
        );
    }
}

fn pt(x: f64, y: f64) -> Point3 {
    Point3::new(x, y, 0.0)
}

#[test]
fn point_graph_errors_name_point_axis_value_and_bound() {
    let err = PointGraph::new(
        &[pt(0.0, 0.0), Point3::new(1.0, 0.0, 3e6)],
        &PointGraphOptions::NONE,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "point 1: z = 3000000 is not a finite value within ±2097152"
    );
    let err = PointGraph::new(&[pt(f64::NAN, 0.0)], &PointGraphOptions::NONE).unwrap_err();
    assert!(matches!(err, PointGraphError::Point(p) if p.point == 0 && p.axis == 'x'));
    let o = PointGraphOptions {
        max_distance: 1e-10,
        ..PointGraphOptions::NONE
    };
    assert!(matches!(
        PointGraph::new(&[pt(0.0, 0.0)], &o),
        Err(PointGraphError::MaxDistance { .. })
    ));
    let o = PointGraphOptions {
        links: &[(0, 2)],
        ..PointGraphOptions::NONE
    };
    let err = PointGraph::new(&[pt(0.0, 0.0), pt(1.0, 0.0)], &o).unwrap_err();
    assert_eq!(err.to_string(), "link 0: point 2 is outside 0..2");
}

/// Brute force, written independently: every pair within `md` (inclusive, squared), each
/// point's `k` nearest (squared distance, then index), explicit links; as sorted pairs.
fn brute_links(p: &[Point3], links: &[(u32, u32)], md: f64, k: usize) -> Vec<(u32, u32)> {
    let n = p.len() as u32;
    let d2 = |a: u32, b: u32| {
        let (dx, dy, dz) = (
            p[a as usize].x - p[b as usize].x,
            p[a as usize].y - p[b as usize].y,
            p[a as usize].z - p[b as usize].z,
        );
        (dx * dx + dy * dy) + dz * dz
    };
    let mut out: Vec<(u32, u32)> = links
        .iter()
        .filter(|l| l.0 != l.1)
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    for a in 0..n {
        for b in a + 1..n {
            if md > 0.0 && d2(a, b) <= md * md {
                out.push((a, b));
            }
        }
        let mut c: Vec<u32> = (0..n)
            .filter(|&b| b != a && (md == 0.0 || d2(a, b) <= md * md))
            .collect();
        c.sort_by(|&x, &y| d2(a, x).partial_cmp(&d2(a, y)).unwrap().then(x.cmp(&y)));
        for &b in c.iter().take(k) {
            out.push((a.min(b), a.max(b)));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn links_of(g: &PointGraph) -> Vec<(u32, u32)> {
    let csr = g.csr();
    let mut v = Vec::new();
    for a in 0..csr.node_count() {
        for (b, w) in csr.out_edges(a) {
            assert_eq!(
                w,
                g.positions()[a as usize].distance(g.positions()[b as usize])
            );
            if a < b {
                v.push((a, b));
            }
        }
    }
    v
}

#[test]
fn link_building_equals_brute_force_and_is_canonical() {
    for seed in 0..40u64 {
        let mut r = SplitMix64::new(seed);
        let n = 1 + r.below(40);
        let pts: Vec<Point3> = (0..n)
            .map(|_| pt(f64::from(r.below(20)), f64::from(r.below(20))))
            .collect();
        let links: Vec<(u32, u32)> = (0..r.below(4)).map(|_| (r.below(n), r.below(n))).collect();
        let md = [0.0, 3.0, 5.5][r.below(3) as usize];
        let k = r.below(4);
        let o = PointGraphOptions {
            links: &links,
            max_distance: md,
            nearest_count: k,
            link_valid: None,
        };
        let g = PointGraph::new(&pts, &o).unwrap();
        let want = brute_links(&pts, &links, md, k as usize);
        assert_eq!(links_of(&g), want, "seed {seed}");
        // Canonical edge order: pairs sorted, a -> b then b -> a.
        let mut expect = Vec::new();
        for &(a, b) in &want {
            expect.push(e(a, b, pts[a as usize].distance(pts[b as usize])));
            expect.push(e(b, a, pts[a as usize].distance(pts[b as usize])));
        }
        assert_eq!(*g.csr(), CsrGraph::new(n, &expect).unwrap(), "seed {seed}");
    }
}

#[test]
fn links_are_permutation_stable_with_max_distance() {
    let mut r = SplitMix64::new(77);
    let pts: Vec<Point3> = (0..30)
        .map(|_| {
            pt(
                f64::from(r.below(1000)) / 7.0,
                f64::from(r.below(1000)) / 3.0,
            )
        })
        .collect();
    let o = PointGraphOptions {
        max_distance: 60.0,
        ..PointGraphOptions::NONE
    };
    let as_positions = |p: &[Point3]| {
        let g = PointGraph::new(p, &o).unwrap();
        let mut v: Vec<[u64; 4]> = links_of(&g)
            .into_iter()
            .map(|(a, b)| {
                let (x, y) = (p[a as usize], p[b as usize]);
                let (s, t) = if (x.x, x.y) <= (y.x, y.y) {
                    (x, y)
                } else {
                    (y, x)
                };
                [s.x.to_bits(), s.y.to_bits(), t.x.to_bits(), t.y.to_bits()]
            })
            .collect();
        v.sort_unstable();
        v
    };
    let base = as_positions(&pts);
    assert!(!base.is_empty());
    let mut shuffled = pts.clone();
    for i in (1..shuffled.len()).rev() {
        let j = r.below(i as u32 + 1) as usize;
        shuffled.swap(i, j);
    }
    assert_eq!(as_positions(&shuffled), base);
}

#[test]
fn link_valid_is_called_in_the_stated_order() {
    let pts = [pt(0.0, 0.0), pt(1.0, 0.0), pt(0.0, 2.0), pt(5.0, 5.0)];
    let calls = RefCell::new(Vec::new());
    let valid = |a: u32, b: u32| {
        calls.borrow_mut().push((a, b));
        !(a == 0 && b == 1) // a wall between 0 and 1
    };
    let o = PointGraphOptions {
        max_distance: 2.0,
        nearest_count: 1,
        link_valid: Some(&valid),
        ..PointGraphOptions::NONE
    };
    let g = PointGraph::new(&pts, &o).unwrap();
    // max_distance pairs in (a, b) order, then nearest candidates per point; each pair once.
    assert_eq!(*calls.borrow(), [(0, 1), (0, 2)]);
    assert_eq!(links_of(&g), [(0, 2)]);
    // Without max_distance every point finds its nearest valid neighbour.
    let calls2 = RefCell::new(Vec::new());
    let valid2 = |a: u32, b: u32| {
        calls2.borrow_mut().push((a, b));
        !(a == 0 && b == 1)
    };
    let o = PointGraphOptions {
        nearest_count: 1,
        link_valid: Some(&valid2),
        ..PointGraphOptions::NONE
    };
    let g = PointGraph::new(&pts, &o).unwrap();
    // Point 0: 1 (refused) then 2; point 1: 0 (known: refused) then 2; point 2: 0 (known);
    // point 3: 2 (its nearest).
    assert_eq!(*calls2.borrow(), [(0, 1), (0, 2), (1, 2), (2, 3)]);
    assert_eq!(links_of(&g), [(0, 2), (1, 2), (2, 3)]);
}

#[test]
fn nearest_node_and_find_path_by_position() {
    let pts = [pt(0.0, 0.0), pt(2.0, 0.0), pt(4.0, 0.0)];
    let o = PointGraphOptions {
        nearest_count: 1,
        ..PointGraphOptions::NONE
    };
    let g = PointGraph::new(&pts, &o).unwrap();
    assert_eq!(
        g.nearest_node(pt(1.0, 0.0)),
        Ok(Some(0)),
        "tie to the smaller id"
    );
    assert_eq!(g.nearest_node(pt(3.1, 9.0)), Ok(Some(2)));
    assert!(g.nearest_node(pt(1e300, 0.0)).is_err());
    let p = g
        .find_path_world(pt(-1.0, 0.0), pt(5.0, 1.0), &GraphOptions::DEFAULT)
        .unwrap();
    assert_eq!(
        (p.nodes, p.cost, p.algorithm),
        (vec![0, 1, 2], 4.0, GraphAlgorithm::AStar)
    );
    let empty = PointGraph::new(&[], &o).unwrap();
    assert_eq!(empty.nearest_node(pt(0.0, 0.0)), Ok(None));
    let p = empty
        .find_path_world(pt(0.0, 0.0), pt(1.0, 0.0), &GraphOptions::DEFAULT)
        .unwrap();
    assert_eq!(p.status, PathStatus::StartInvalid);
}
