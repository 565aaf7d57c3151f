//! `CsrGraph` and `GraphAStar` (tier 2/3): layout order, validation errors, the fingerprint,
//! the loop's rules, sliced = unsliced, restore = never-stopped and hostile snapshot bytes.

mod common;

use common::frame::resealed;
use onepath::graph::{CsrGraph, FnGraphHeuristic, GraphEdge, GraphError, ZeroGraphHeuristic};
use onepath::graph_search::GraphAStar;
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::state::{HEADER_LEN, StateError};
use onepath::topology::DefaultStepCost;

fn e(from: u32, to: u32, w: f64) -> GraphEdge {
    GraphEdge::new(from, to, w)
}

/// A random directed graph: `n` nodes, `m` edges, integer weights `0..=9` (zeros included).
fn random_graph(seed: u64, n: u32, m: u32) -> CsrGraph {
    let mut r = SplitMix64::new(seed);
    let edges: Vec<GraphEdge> = (0..m)
        .map(|_| e(r.below(n), r.below(n), f64::from(r.below(10))))
        .collect();
    CsrGraph::new(n, &edges).unwrap()
}

#[test]
fn layout_keeps_input_order_parallel_edges_and_self_loops() {
    let edges = [
        e(1, 2, 5.0),
        e(0, 2, 1.0),
        e(1, 1, 0.0),
        e(1, 2, 3.0),
        e(2, 0, 2.0),
        e(0, 1, 4.0),
    ];
    let g = CsrGraph::new(3, &edges).unwrap();
    assert_eq!(g.offsets(), [0, 2, 5, 6]);
    assert_eq!(g.targets(), [2, 1, 2, 1, 2, 0]);
    assert_eq!(g.weights(), [1.0, 4.0, 5.0, 0.0, 3.0, 2.0]);
    assert_eq!(g.reverse_offsets(), [0, 1, 3, 6]);
    assert_eq!(g.sources(), [2, 1, 0, 1, 0, 1]);
    assert_eq!(g.reverse_weights(), [2.0, 0.0, 4.0, 5.0, 1.0, 3.0]);
    assert_eq!(
        g.in_edges(2).collect::<Vec<_>>(),
        [(1, 5.0), (0, 1.0), (1, 3.0)]
    );
    assert_eq!(g.edge_count(), 6);
}

#[test]
fn bad_edges_are_named_by_index() {
    let err = CsrGraph::new(3, &[e(0, 1, 1.0), e(0, 3, 1.0)]).unwrap_err();
    assert!(matches!(
        err,
        GraphError::EdgeEndpoint {
            edge: 1,
            node: 3,
            node_count: 3,
            ..
        }
    ));
    assert_eq!(err.to_string(), "edge 1: target node 3 is outside 0..3");
    let err = CsrGraph::new(3, &[e(7, 1, 1.0)]).unwrap_err();
    assert_eq!(err.to_string(), "edge 0: source node 7 is outside 0..3");
    for w in [f64::NAN, -1.0, f64::INFINITY, -f64::from_bits(1)] {
        let err = CsrGraph::new(3, &[e(0, 1, 1.0), e(1, 2, 1.0), e(2, 0, w)]).unwrap_err();
        assert!(matches!(err, GraphError::EdgeWeight { edge: 2, .. }), "{w}");
        assert!(err.to_string().starts_with("edge 2: weight "), "{err}");
    }
    let err = CsrGraph::new((1 << 26) + 1, &[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "graph node count 67108865 exceeds the maximum 67108864"
    );
    // -0.0 is a weight >= 0.
    assert!(CsrGraph::new(2, &[e(0, 1, -0.0)]).is_ok());
}

#[test]
fn fingerprint_is_fnv1a_over_the_listed_fields() {
    let g = CsrGraph::new(3, &[e(0, 1, 1.5), e(2, 0, 0.25), e(0, 2, 3.0)]).unwrap();
    // Written out independently: node count, offsets, then (target, weight bits) per slot.
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&3u32.to_le_bytes());
    for o in [0u32, 2, 2, 3] {
        bytes.extend_from_slice(&o.to_le_bytes());
    }
    for (t, w) in [(1u32, 1.5f64), (2, 3.0), (0, 0.25)] {
        bytes.extend_from_slice(&t.to_le_bytes());
        bytes.extend_from_slice(&w.to_bits().to_le_bytes());
    }
    let mut h: u64 = 14_695_981_039_346_656_037;
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(1_099_511_628_211);
    }
    assert_eq!(g.fingerprint(), h);
    let other = CsrGraph::new(3, &[e(0, 1, 1.5), e(2, 0, 0.25), e(0, 2, 3.5)]).unwrap();
    assert_ne!(g.fingerprint(), other.fingerprint());
}

#[test]
fn an_infinite_estimate_keeps_a_node_out() {
    // 0 -> 1 -> 3 is cheaper, but the estimate says 1 cannot reach the goal.
    let g = CsrGraph::new(4, &[e(0, 1, 1.0), e(0, 2, 2.0), e(1, 3, 1.0), e(2, 3, 2.0)]).unwrap();
    let h = FnGraphHeuristic(|v: u32, _t: u32| if v == 1 { f64::INFINITY } else { 0.0 });
    let mut s = GraphAStar::new(DefaultStepCost, h);
    let _ = s.try_begin(&g, 0, 3);
    assert_eq!(s.run(&g), Step::Found);
    assert_eq!((s.cost(), s.path()), (4.0, vec![0, 2, 3]));
    assert_eq!(s.buffers().g_of(1), None);
    // Pops: 0, 2, 3; the goal's pop is not an expansion.
    assert_eq!((s.iterations(), s.expansions()), (3, 2));
}

#[test]
fn endpoints_outside_are_refused_without_touching_the_search() {
    let g = random_graph(1, 10, 30);
    let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    assert_eq!(s.try_begin(&g, 0, 9), Step::InProgress);
    let _ = s.step(&g, 2);
    assert_eq!(s.try_begin(&g, 10, 9), Step::StartInvalid);
    assert_eq!(s.try_begin(&g, 0, 10), Step::GoalInvalid);
    assert_eq!((s.state(), s.iterations()), (Step::InProgress, 2));
    let mut cancels = 0;
    let r = s.run_cancellable(&g, || {
        cancels += 1;
        cancels > 1
    });
    assert!(r.is_ok() || cancels == 2);
}

#[test]
fn start_equal_goal_is_found_at_the_first_pop() {
    let g = random_graph(2, 5, 10);
    let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = s.try_begin(&g, 3, 3);
    assert_eq!(s.run(&g), Step::Found);
    assert_eq!(
        (s.cost(), s.path(), s.iterations(), s.expansions()),
        (0.0, vec![3], 1, 0)
    );
}

fn save(s: &GraphAStar<DefaultStepCost, ZeroGraphHeuristic>, g: &CsrGraph) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(g, &mut b), Ok(b.len()));
    b
}

type Outcome = (Step, u64, Vec<u32>, u32, u32, Vec<u32>);

fn outcome(s: &GraphAStar<DefaultStepCost, ZeroGraphHeuristic>) -> Outcome {
    let exp = s.buffers().expanded_nodes().to_vec();
    (
        s.state(),
        s.cost().to_bits(),
        s.path(),
        s.iterations(),
        s.expansions(),
        exp,
    )
}

#[test]
fn sliced_and_restored_equal_never_stopped() {
    for seed in 0..60 {
        let n = 5 + (seed as u32 % 40);
        let g = random_graph(seed, n, n * 3);
        let (a, b) = (0, n - 1);
        let mut whole = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
        whole.set_record_expansions(true);
        let _ = whole.try_begin(&g, a, b);
        let _ = whole.run(&g);
        let want = outcome(&whole);
        for budget in [1, 2, 7] {
            let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
            s.set_record_expansions(true);
            let _ = s.try_begin(&g, a, b);
            while s.step(&g, budget) == Step::InProgress {}
            assert_eq!(outcome(&s), want, "seed {seed} budget {budget}");
        }
        // Save after every pop; a fresh search restored from the bytes finishes identically.
        let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
        s.set_record_expansions(true);
        let _ = s.try_begin(&g, a, b);
        loop {
            let bytes = save(&s, &g);
            let mut r = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
            r.restore_state(&g, &bytes).unwrap();
            assert_eq!(save(&r, &g), bytes, "seed {seed}: round trip");
            let _ = r.run(&g);
            assert_eq!(outcome(&r), want, "seed {seed} at {}", s.iterations());
            if s.step(&g, 1) != Step::InProgress {
                break;
            }
        }
    }
}

#[test]
fn hostile_bytes_are_refused_or_give_a_state_that_finishes() {
    let g = random_graph(9, 30, 90);
    let mut live = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = live.try_begin(&g, 0, 29);
    let _ = live.step(&g, 6);
    let good = save(&live, &g);
    let mut target = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = target.try_begin(&g, 3, 4);
    let _ = target.step(&g, 2);
    let before = save(&target, &g);
    let other = random_graph(10, 30, 90);
    assert!(matches!(
        target.restore_state(&other, &good),
        Err(StateError::MapMismatch { .. })
    ));
    let mut refused = 0;
    for i in HEADER_LEN..good.len() {
        for x in [1u8, 0x80, 0xFF] {
            let mut bad = good.clone();
            bad[i] ^= x;
            let bad = resealed(bad);
            if target.restore_state(&g, &bad).is_err() {
                refused += 1;
                assert_eq!(
                    save(&target, &g),
                    before,
                    "byte {i} ^ {x:#x} changed the target"
                );
            } else {
                // An accepted state is a reachable one: it finishes and round-trips.
                let mut again = target.clone();
                let _ = again.run(&g);
                assert_eq!(save(&target, &g), bad);
                target.restore_state(&g, &before).unwrap();
            }
        }
        let mut short = good.clone();
        short.truncate(i);
        assert!(target.restore_state(&g, &short).is_err());
    }
    assert!(refused > (good.len() - HEADER_LEN) * 2, "{refused}");
}
