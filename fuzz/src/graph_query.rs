//! `graph_query`: [`GraphAStar`] and [`BidirectionalGraphSearch`] on a decoded graph under
//! step / save / restore, and damaged snapshots of kinds 12 and 13.
//!
//! Input: node count (1..=24), edge count (0..=63), edges (from, to, weight byte: weight
//! `byte % 8`, so zeros are common), start, goal, landmark count (0 = no ALT), a budget
//! script, then snapshot damage (offset, xor) pairs. Properties: sliced = unsliced;
//! restored at the saved pop = never stopped; both searches' costs equal Dijkstra's (exact:
//! integer weights); a damaged snapshot is refused or restores to a state that finishes and
//! saves the same bytes; a refused restore changes nothing.

use onepath::graph::{CsrGraph, GraphEdge, GraphHeuristic, ZeroGraphHeuristic};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::search::Step;
use onepath::state::{Fnv1a64, HEADER_LEN};
use onepath::topology::DefaultStepCost;

use crate::input::Input;

/// The graph an input describes.
pub fn decode_graph(input: &mut Input<'_>) -> CsrGraph {
    let n = 1 + input.below(24);
    let m = input.below(64);
    let edges: Vec<GraphEdge> = (0..m)
        .map(|_| GraphEdge::new(input.below(n), input.below(n), f64::from(input.below(8))))
        .collect();
    CsrGraph::new(n, &edges).expect("decoded edges are valid")
}

fn reseal(bytes: &mut [u8]) {
    let sum = Fnv1a64::of(&bytes[HEADER_LEN..]);
    bytes[20..28].copy_from_slice(&sum.to_le_bytes());
}

/// The body.
pub fn graph_query(data: &[u8]) {
    let mut input = Input::new(data);
    let g = decode_graph(&mut input);
    let n = g.node_count();
    let (a, b) = (input.below(n), input.below(n));
    let k = input.below(4);
    let lm = (k > 0).then(|| {
        let o = LandmarkOptions {
            count: k,
            ..LandmarkOptions::DEFAULT
        };
        Landmarks::build(&g, &o).expect("a graph with nodes")
    });
    let budgets: Vec<u32> = (0..4).map(|_| 1 + input.below(6)).collect();
    let damage: Vec<(u32, u8)> = (0..4).map(|_| (input.u16().into(), input.u8())).collect();

    let mut dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    dijkstra.try_begin(&g, a, b);
    dijkstra.run(&g);
    let want = dijkstra.cost();
    if let Some(l) = &lm {
        let h = AltGraphHeuristic::new(l, &g).expect("built for g");
        check_astar(&g, h, a, b, want, &budgets, &damage);
        check_bidir(&g, h, a, b, want, &budgets, &damage);
    } else {
        check_astar(&g, ZeroGraphHeuristic, a, b, want, &budgets, &damage);
        check_bidir(&g, ZeroGraphHeuristic, a, b, want, &budgets, &damage);
    }
}

fn check_astar<H: GraphHeuristic + Clone>(
    g: &CsrGraph,
    h: H,
    a: u32,
    b: u32,
    want: f64,
    budgets: &[u32],
    damage: &[(u32, u8)],
) {
    let new = || GraphAStar::new(DefaultStepCost, h.clone());
    let mut whole = new();
    whole.try_begin(g, a, b);
    whole.run(g);
    assert_eq!(whole.cost().to_bits(), want.to_bits(), "A* cost");
    let key = |s: &GraphAStar<DefaultStepCost, H>| {
        (s.state(), s.cost().to_bits(), s.path(), s.iterations())
    };
    let mut s = new();
    s.try_begin(g, a, b);
    s.step(g, budgets[0]);
    let mut bytes = vec![0; s.state_size()];
    s.save_state(g, &mut bytes).expect("sized");
    let mut r = new();
    r.restore_state(g, &bytes).expect("own snapshot");
    let mut i = 1;
    while s.step(g, budgets[i % budgets.len()]) == Step::InProgress {
        i += 1;
    }
    r.run(g);
    assert_eq!(key(&s), key(&whole), "sliced");
    assert_eq!(key(&r), key(&whole), "restored");
    for &(off, x) in damage {
        let mut bad = bytes.clone();
        let len = bad.len() - HEADER_LEN;
        bad[HEADER_LEN + off as usize % len] ^= x;
        reseal(&mut bad);
        let mut t = new();
        if t.restore_state(g, &bad).is_ok() {
            let mut again = vec![0; t.state_size()];
            t.save_state(g, &mut again).expect("sized");
            assert_eq!(again, bad, "accepted bytes round-trip");
            t.run(g);
        } else {
            assert_eq!(t.state(), Step::Idle, "a refused restore changes nothing");
        }
    }
}

fn check_bidir<H: GraphHeuristic + Clone>(
    g: &CsrGraph,
    h: H,
    a: u32,
    b: u32,
    want: f64,
    budgets: &[u32],
    damage: &[(u32, u8)],
) {
    let new = || BidirectionalGraphSearch::new(DefaultStepCost, h.clone());
    let mut whole = new();
    if whole.try_begin(g, a, b) == Step::InProgress {
        whole.run(g);
    }
    assert_eq!(whole.cost().to_bits(), want.to_bits(), "bidirectional cost");
    let key = |s: &BidirectionalGraphSearch<DefaultStepCost, H>| {
        (s.state(), s.cost().to_bits(), s.path(), s.iterations())
    };
    let mut s = new();
    s.try_begin(g, a, b);
    s.step(g, budgets[0]);
    let mut bytes = vec![0; s.state_size()];
    s.save_state(g, &mut bytes).expect("sized");
    let mut r = new();
    r.restore_state(g, &bytes).expect("own snapshot");
    let mut i = 1;
    while s.step(g, budgets[i % budgets.len()]) == Step::InProgress {
        i += 1;
    }
    r.run(g);
    assert_eq!(key(&s), key(&whole), "sliced");
    assert_eq!(key(&r), key(&whole), "restored");
    for &(off, x) in damage {
        let mut bad = bytes.clone();
        let len = bad.len() - HEADER_LEN;
        bad[HEADER_LEN + off as usize % len] ^= x;
        reseal(&mut bad);
        let mut t = new();
        if t.restore_state(g, &bad).is_ok() {
            let mut again = vec![0; t.state_size()];
            t.save_state(g, &mut again).expect("sized");
            assert_eq!(again, bad, "accepted bytes round-trip");
            t.run(g);
        } else {
            assert_eq!(t.state(), Step::Idle, "a refused restore changes nothing");
        }
    }
}
