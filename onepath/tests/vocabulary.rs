//! One vocabulary across the map kinds (issue 28, item 7): every `find_path` takes `&self`
//! (graphs too), the expansion count is `expansions` everywhere (the old graph names are
//! deprecated aliases that agree), graph queries fail with `GraphQueryError`, point graphs
//! query world positions with `find_path_world`, and `Graph::version` counts edits as the
//! grids' `version` does.

use onepath::graph::{Graph, GraphEdge, Point3, PointGraph, PointGraphOptions, ZeroGraphHeuristic};
use onepath::graph_search::{BidirectionalGraphSearch, GraphAStar};
use onepath::math::SplitMix64;
use onepath::query::GraphQueryError;
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath::voxel::{VoxelCell, VoxelGrid};
use onepath::{
    Cell, GraphOptions, Grid, GridOptions, HexGrid, HexLayout, LandmarkOptions, PathStatus,
    VoxelOptions,
};

fn random_graph(seed: u64, n: u32, m: usize) -> Vec<GraphEdge> {
    let mut r = SplitMix64::new(seed);
    (0..m)
        .map(|_| GraphEdge::new(r.below(n), r.below(n), f64::from(r.below(9)) * 0.1))
        .collect()
}

/// Every map kind answers `find_path` through a shared reference, and reports `expansions`.
fn expansions_through_shared_refs(
    grid: &Grid,
    hex: &HexGrid,
    voxel: &VoxelGrid,
    graph: &Graph,
    points: &PointGraph,
) -> [u32; 5] {
    let o = GridOptions::DEFAULT;
    [
        grid.find_path(Cell::new(0, 0), Cell::new(3, 0), &o)
            .unwrap()
            .expansions,
        hex.find_path(Cell::new(0, 0), Cell::new(3, 0), &o)
            .unwrap()
            .expansions,
        voxel
            .find_path(
                VoxelCell::new(0, 0, 0),
                VoxelCell::new(3, 0, 0),
                &VoxelOptions::SIX_CONNECTED,
            )
            .expansions,
        graph
            .find_path(0, 3, &GraphOptions::DEFAULT)
            .unwrap()
            .expansions,
        points
            .find_path(0, 3, &GraphOptions::DEFAULT)
            .unwrap()
            .expansions,
    ]
}

#[test]
fn every_kind_queries_through_shared_references_and_counts_expansions() {
    let grid = Grid::new(4, 1).unwrap();
    let hex = HexGrid::new(4, 1, HexLayout::default()).unwrap();
    let voxel = VoxelGrid::new(4, 1, 1).unwrap();
    let line: Vec<_> = (0..3).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    let graph = Graph::from_edges(&line, None, true).unwrap();
    let pts: Vec<_> = (0..4)
        .map(|i| Point3::new(f64::from(i), 0.0, 0.0))
        .collect();
    let points = PointGraph::new(
        &pts,
        &PointGraphOptions {
            nearest_count: 1,
            ..PointGraphOptions::NONE
        },
    )
    .unwrap();
    // A line of four: Dijkstra-like searches expand the three nodes before the goal.
    let got = expansions_through_shared_refs(&grid, &hex, &voxel, &graph, &points);
    for (kind, e) in ["grid", "hex", "voxel", "graph", "point graph"]
        .iter()
        .zip(got)
    {
        assert!((1..=4).contains(&e), "{kind}: {e}");
    }
    assert_eq!(got[3], 3, "graph: the goal's pop is not an expansion");
}

#[test]
#[expect(
    deprecated,
    reason = "the old names must keep answering what the new ones answer"
)]
fn the_old_graph_names_agree_with_the_new_ones() {
    let edges = random_graph(3, 40, 160);
    let graph = Graph::from_edges(&edges, Some(40), true).unwrap();
    let csr = graph.clone().compile().clone();
    for (a, b) in [(0, 39), (5, 17), (12, 12), (30, 2)] {
        for options in [GraphOptions::DEFAULT, GraphOptions::BIDIRECTIONAL] {
            let p = graph.find_path(a, b, &options).unwrap();
            assert_eq!(p.expanded_count(), p.expansions);
        }
        let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
        let _ = s.try_begin(&csr, a, b);
        let _ = s.run(&csr);
        assert_eq!(s.expanded_count(), s.expansions());
        let tier1 = graph.find_path(a, b, &GraphOptions::DEFAULT).unwrap();
        assert_eq!(tier1.expansions, s.expansions());
        let mut bi = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
        if bi.try_begin(&csr, a, b) == Step::InProgress {
            let _ = bi.run(&csr);
        }
        assert_eq!(bi.expanded_count(), bi.expansions());
        let tier1 = graph.find_path(a, b, &GraphOptions::BIDIRECTIONAL).unwrap();
        assert_eq!(tier1.expansions, bi.expansions());
    }
    let pts = [Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0)];
    let g = PointGraph::new(
        &pts,
        &PointGraphOptions {
            nearest_count: 1,
            ..PointGraphOptions::NONE
        },
    )
    .unwrap();
    let (a, b) = (Point3::new(-0.3, 0.2, 0.0), Point3::new(1.9, 0.0, 0.0));
    assert_eq!(
        g.find_path_between(a, b, &GraphOptions::DEFAULT),
        g.find_path_world(a, b, &GraphOptions::DEFAULT)
    );
    let bad = Point3::new(f64::INFINITY, 0.0, 0.0);
    let e: onepath::query::PointQueryError = g
        .find_path_between(bad, b, &GraphOptions::DEFAULT)
        .unwrap_err();
    assert!(matches!(e, GraphQueryError::Point(_)), "{e:?}");
}

#[test]
fn graph_queries_fail_with_the_graph_query_error() {
    let mut g = Graph::from_edges(&random_graph(9, 20, 60), Some(20), false).unwrap();
    let lm = g
        .build_landmarks(&LandmarkOptions {
            count: 2,
            ..LandmarkOptions::DEFAULT
        })
        .unwrap();
    assert!(
        g.find_path(0, 19, &GraphOptions::with_landmarks(&lm))
            .is_ok()
    );
    let before = g.csr().map(onepath::graph::CsrGraph::fingerprint);
    g.add_edge(0, 19, 0.05).unwrap();
    let e = g
        .find_path(0, 19, &GraphOptions::with_landmarks(&lm))
        .unwrap_err();
    let GraphQueryError::StaleLandmarks { expected, found } = e else {
        panic!("{e:?}")
    };
    assert_eq!(found, lm.fingerprint());
    assert_eq!(expected, g.clone().compile().fingerprint());
    assert_ne!(Some(expected), before);
    let message = e.to_string();
    assert!(message.contains("rebuild them"), "{message}");
    assert!(message.contains(&format!("{found:#018x}")), "{message}");
    // Endpoints that are not nodes are statuses, not errors, as on the grids.
    let p = g.find_path(0, 20, &GraphOptions::DEFAULT).unwrap();
    assert_eq!(p.status, PathStatus::GoalInvalid);
}

#[test]
fn a_stale_graph_answers_as_a_freshly_built_one_and_version_counts_edits() {
    let edges = random_graph(11, 30, 120);
    let mut g = Graph::from_edges(&edges, Some(30), true).unwrap();
    assert_eq!(g.version(), 0);
    let mut r = SplitMix64::new(12);
    let mut version = 0;
    for round in 0..40 {
        // An edit (or a refused one, which is not counted).
        match round % 4 {
            0 => {
                g.add_edge(r.below(30), r.below(30), f64::from(r.below(5)) * 0.3)
                    .unwrap();
                version += 1;
            }
            1 => {
                let id = r.below(120);
                if g.remove_edge(id).is_ok() {
                    version += 1;
                }
            }
            2 => {
                assert!(g.set_weight(u32::MAX, 1.0).is_err());
                assert!(g.add_edge(0, 99, 1.0).is_err());
            }
            _ => {
                let id = r.below(120);
                if g.edge(id).is_some() {
                    g.set_weight(id, f64::from(r.below(7))).unwrap();
                    version += 1;
                }
            }
        }
        assert_eq!(g.version(), version, "round {round}");
        if round % 3 == 0 {
            g.compile();
            assert!(!g.is_stale() && g.csr().is_some());
        } else {
            // A query through `&self` compiles for itself and leaves the graph as it was.
            let stale = g.is_stale();
            assert_eq!(g.csr().is_none(), stale);
            g.find_path(0, 1, &GraphOptions::DEFAULT).unwrap();
            assert_eq!(
                (g.is_stale(), g.csr().is_none()),
                (stale, stale),
                "round {round}"
            );
        }
        // Twice through `&self` (the second reuses the compiled working memory), then against
        // a graph built afresh from the live edges in id order.
        let fresh = Graph::from_edges(
            &(0..g.version() as u32 + 200)
                .filter_map(|id| g.edge(id))
                .collect::<Vec<_>>(),
            Some(30),
            true,
        )
        .unwrap();
        let (a, b) = (r.below(30), r.below(30));
        for options in [GraphOptions::DEFAULT, GraphOptions::BIDIRECTIONAL] {
            let shared: &Graph = &g;
            let first = shared.find_path(a, b, &options).unwrap();
            let second = shared.find_path(a, b, &options).unwrap();
            let want = fresh.find_path(a, b, &options).unwrap();
            assert_eq!(first, want, "round {round}");
            assert_eq!(second, want, "round {round}");
        }
    }
}

#[test]
fn threads_query_one_shared_graph() {
    let g = Graph::from_edges(&random_graph(21, 60, 300), Some(60), false).unwrap();
    let want: Vec<_> = (0..60)
        .map(|b| g.find_path(0, b, &GraphOptions::DEFAULT).unwrap())
        .collect();
    std::thread::scope(|s| {
        for t in 0..4u32 {
            let (g, want) = (&g, &want);
            s.spawn(move || {
                for round in 0..30u32 {
                    let b = (t * 7 + round * 13) % 60;
                    let p = g.find_path(0, b, &GraphOptions::DEFAULT).unwrap();
                    assert_eq!(p, want[b as usize]);
                }
            });
        }
    });
}

#[test]
#[expect(
    deprecated,
    reason = "the old voxel names must keep answering what the new ones answer"
)]
fn voxel_cells_are_read_with_the_grid_names() {
    let mut v = VoxelGrid::new(5, 4, 3).unwrap();
    v.set_walkable(VoxelCell::new(1, 2, 1), false).unwrap();
    let g = Grid::new(5, 4).unwrap();
    for z in -1..4 {
        for y in -1..5 {
            for x in -1..6 {
                let c = VoxelCell::new(x, y, z);
                assert_eq!(v.is_walkable(c), v.is_open(c));
                assert_eq!(v.index_of(c), v.node_of(c));
                assert_eq!(v.is_walkable(c), v.contains(c) && (x, y, z) != (1, 2, 1));
                if let Some(i) = v.index_of(c) {
                    assert_eq!(v.cell_of(i), c);
                }
                // The layer z = 0 numbers its cells as the square grid of the same size does.
                if z == 0 {
                    assert_eq!(v.index_of(c), g.index_of(Cell::new(x, y)), "{c:?}");
                }
            }
        }
    }
}
