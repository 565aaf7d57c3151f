//! Zero allocation in steady state for [`GraphAStar`]: after the first search on a graph,
//! `try_begin`, `step`, `copy_path`, `state_size`, `save_state` and `restore_state` allocate
//! nothing (a counting global allocator proves it).
#![allow(unsafe_code)]

mod counting;

use counting::allocations;
use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
use onepath::graph_search::{BidirectionalGraphSearch, GraphAStar};
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath::{Graph, GraphOptions};

/// A 20 × 20 grid-like graph, both directions, weights 1 and 2.
fn lattice() -> CsrGraph {
    let w = 20u32;
    let mut edges = Vec::new();
    for y in 0..w {
        for x in 0..w {
            let v = y * w + x;
            if x + 1 < w {
                edges.push(GraphEdge::new(v, v + 1, 1.0 + f64::from(v % 2)));
                edges.push(GraphEdge::new(v + 1, v, 1.0));
            }
            if y + 1 < w {
                edges.push(GraphEdge::new(v, v + w, 1.0));
                edges.push(GraphEdge::new(v + w, v, 2.0));
            }
        }
    }
    CsrGraph::new(w * w, &edges).unwrap()
}

#[test]
fn graph_astar_allocates_nothing_after_warm_up() {
    let g = lattice();
    let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let mut restored = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let mut path = vec![0u32; g.node_count() as usize];
    let mut bytes = vec![0u8; 64 * 1024];
    // Warm-up: one search of this size, one save and one restore.
    let _ = s.try_begin(&g, 0, 399);
    let _ = s.step(&g, 30);
    let n = s.save_state(&g, &mut bytes).unwrap();
    restored.restore_state(&g, &bytes[..n]).unwrap();
    let _ = s.run(&g);
    for (a, b) in [(0u32, 399u32), (17, 250), (399, 0), (5, 5)] {
        let ((), count) = allocations(|| {
            assert_eq!(s.try_begin(&g, a, b), Step::InProgress);
            let _ = s.step(&g, 25);
            let size = s.state_size();
            let n = s.save_state(&g, &mut bytes).unwrap();
            assert_eq!(n, size);
            restored.restore_state(&g, &bytes[..n]).unwrap();
            while s.step(&g, 7) == Step::InProgress {}
            let _ = restored.run(&g);
            assert_eq!(s.state(), Step::Found);
            let len = s.copy_path(&mut path).unwrap();
            assert_eq!(restored.copy_path(&mut path[len..]), Some(len));
        });
        assert_eq!(count, 0, "{a} -> {b}");
    }
}

#[test]
fn bidirectional_search_allocates_nothing_after_warm_up() {
    let g = lattice();
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    let mut restored = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    let mut path = vec![0u32; g.node_count() as usize];
    let mut bytes = vec![0u8; 64 * 1024];
    let _ = s.try_begin(&g, 0, 399);
    let _ = s.step(&g, 30);
    let n = s.save_state(&g, &mut bytes).unwrap();
    restored.restore_state(&g, &bytes[..n]).unwrap();
    let _ = s.run(&g);
    for (a, b) in [(0u32, 399u32), (17, 250), (399, 0), (5, 5)] {
        let ((), count) = allocations(|| {
            let _ = s.try_begin(&g, a, b);
            let _ = s.step(&g, 25);
            let size = s.state_size();
            let n = s.save_state(&g, &mut bytes).unwrap();
            assert_eq!(n, size);
            restored.restore_state(&g, &bytes[..n]).unwrap();
            while s.step(&g, 7) == Step::InProgress {}
            let _ = restored.run(&g);
            assert_eq!(s.state(), Step::Found);
            let len = s.copy_path(&mut path).unwrap();
            assert_eq!(restored.copy_path(&mut path[len..]), Some(len));
        });
        assert_eq!(count, 0, "{a} -> {b}");
    }
}

#[test]
fn tier1_queries_allocate_only_the_result() {
    let csr = lattice();
    let edges: Vec<GraphEdge> = (0..csr.node_count())
        .flat_map(|v| csr.out_edges(v).map(move |(t, w)| GraphEdge::new(v, t, w)))
        .collect();
    let mut g = Graph::from_edges(&edges, Some(csr.node_count()), true).unwrap();
    g.find_path(0, 399, &GraphOptions::DEFAULT).unwrap();
    g.find_path(0, 399, &GraphOptions::BIDIRECTIONAL).unwrap();
    for options in [GraphOptions::DEFAULT, GraphOptions::BIDIRECTIONAL] {
        let (path, count) = allocations(|| g.find_path(17, 250, &options).unwrap());
        assert!(path.is_found());
        // The node list of the result, and nothing else: the never-compiled graph was
        // compiled into the working memory by the first query and reused since.
        assert_eq!(count, 1);
    }
    // An edit: the next `&self` query compiles once more, then the stream is steady again.
    g.set_weight(0, 2.0).unwrap();
    assert!(g.is_stale());
    let (_, count) = allocations(|| g.find_path(17, 250, &GraphOptions::DEFAULT).unwrap());
    assert!(count > 1, "the edit's compile allocates");
    let (_, count) = allocations(|| g.find_path(17, 250, &GraphOptions::DEFAULT).unwrap());
    assert_eq!(count, 1);
    // Compiled in the graph: the same.
    g.compile();
    g.find_path(0, 399, &GraphOptions::DEFAULT).unwrap();
    let (_, count) = allocations(|| g.find_path(17, 250, &GraphOptions::DEFAULT).unwrap());
    assert_eq!(count, 1);
}
