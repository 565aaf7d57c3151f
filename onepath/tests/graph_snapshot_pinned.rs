//! Pinned bytes of snapshot kinds 12 (`GraphAStar`) and 13 (`BidirectionalGraphSearch`) on a
//! fixed graph, and their round trip. Regenerate deliberately with
//! `ONEPATH_BLESS_PINNED=1 cargo test -p onepath --test graph_snapshot_pinned`.

mod common;

use common::pinned::pinned;

use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
use onepath::graph_search::{BidirectionalGraphSearch, GraphAStar};
use onepath::state::{KIND_GRAPH_ASTAR, KIND_GRAPH_BIDIRECTIONAL};
use onepath::topology::DefaultStepCost;

/// A small graph with a parallel edge, a self-loop and a zero weight.
fn graph() -> CsrGraph {
    let e = GraphEdge::new;
    CsrGraph::new(
        6,
        &[
            e(0, 1, 2.0),
            e(0, 2, 1.0),
            e(2, 1, 0.0),
            e(1, 3, 3.0),
            e(1, 3, 2.5),
            e(3, 3, 1.0),
            e(2, 4, 4.0),
            e(4, 5, 1.0),
            e(3, 5, 2.0),
        ],
    )
    .unwrap()
}

#[test]
fn kind_12_is_pinned_and_round_trips() {
    let g = graph();
    let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    s.set_record_expansions(true);
    let _ = s.try_begin(&g, 0, 5);
    let _ = s.step(&g, 3);
    let mut bytes = vec![0; s.state_size()];
    s.save_state(&g, &mut bytes).unwrap();
    pinned("graph_astar.hex", &bytes, KIND_GRAPH_ASTAR);
    let mut r = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    r.restore_state(&g, &bytes).unwrap();
    let mut again = vec![0; r.state_size()];
    r.save_state(&g, &mut again).unwrap();
    assert_eq!(again, bytes);
    assert_eq!(
        (r.run(&g), r.cost(), r.path()),
        (s.run(&g), s.cost(), s.path())
    );
}

#[test]
fn kind_13_is_pinned_and_round_trips() {
    let g = graph();
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    s.set_record_expansions(true);
    let _ = s.try_begin(&g, 0, 5);
    let _ = s.step(&g, 3);
    let mut bytes = vec![0; s.state_size()];
    s.save_state(&g, &mut bytes).unwrap();
    pinned("graph_bidirectional.hex", &bytes, KIND_GRAPH_BIDIRECTIONAL);
    let mut r = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    r.restore_state(&g, &bytes).unwrap();
    let mut again = vec![0; r.state_size()];
    r.save_state(&g, &mut again).unwrap();
    assert_eq!(again, bytes);
    assert_eq!(
        (r.run(&g), r.cost(), r.path()),
        (s.run(&g), s.cost(), s.path())
    );
}
