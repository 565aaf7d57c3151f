//! Pinned bytes of snapshot kinds 12 (`GraphAStar`) and 13 (`BidirectionalGraphSearch`) on a
//! fixed graph, and their round trip. Regenerate deliberately with
//! `ONEPATH_BLESS_PINNED=1 cargo test -p onepath --test graph_snapshot_pinned`.

use std::fmt::Write as _;
use std::path::PathBuf;

use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
use onepath::graph_search::{BidirectionalGraphSearch, GraphAStar};
use onepath::state::{FORMAT_VERSION, KIND_GRAPH_ASTAR, KIND_GRAPH_BIDIRECTIONAL};
use onepath::topology::DefaultStepCost;

fn hex(bytes: &[u8]) -> String {
    let mut s = String::new();
    for (i, b) in bytes.iter().enumerate() {
        write!(s, "{b:02x}").unwrap();
        s.push(if i % 32 == 31 { '\n' } else { ' ' });
    }
    s.trim_end().to_string() + "\n"
}

fn pinned(name: &str, bytes: &[u8], kind: u16) {
    assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), FORMAT_VERSION);
    assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), kind);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name);
    let text = hex(bytes);
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (bless with ONEPATH_BLESS_PINNED=1)",
            path.display()
        )
    });
    assert_eq!(
        text, committed,
        "snapshot bytes of {name} changed: a format change must be deliberate"
    );
}

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
