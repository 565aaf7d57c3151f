//! `BidirectionalGraphSearch`: the meeting and stopping rules, start = goal, sliced =
//! unsliced, restore = never-stopped (kind 13) and hostile snapshot bytes.

mod common;

use common::frame::resealed;
use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
use onepath::graph_search::{BidirectionalGraphSearch, GraphAStar};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::state::{HEADER_LEN, StateError};
use onepath::topology::DefaultStepCost;

type Bidir = BidirectionalGraphSearch<DefaultStepCost, ZeroGraphHeuristic>;

fn e(from: u32, to: u32, w: f64) -> GraphEdge {
    GraphEdge::new(from, to, w)
}

fn random_graph(seed: u64, n: u32, m: u32) -> CsrGraph {
    let mut r = SplitMix64::new(seed);
    let edges: Vec<GraphEdge> = (0..m)
        .map(|_| e(r.below(n), r.below(n), f64::from(r.below(10))))
        .collect();
    CsrGraph::new(n, &edges).unwrap()
}

fn new() -> Bidir {
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    s.set_record_expansions(true);
    s
}

#[test]
fn the_first_meeting_is_not_the_answer() {
    // 0 -> 1 -> 2 -> 3 costs 3 (meets early at 1 or 2 via the heavy edge), 0 -> 4 -> 3 costs 2.
    let g = CsrGraph::new(5, &[e(0, 1, 1.0), e(1, 3, 5.0), e(0, 4, 1.0), e(4, 3, 1.0)]).unwrap();
    let mut s = new();
    assert_eq!(s.try_begin(&g, 0, 3), Step::InProgress);
    assert_eq!(s.run(&g), Step::Found);
    assert_eq!((s.cost(), s.path()), (2.0, vec![0, 4, 3]));
    assert_eq!(s.meeting_node(), 4);
    // Strict alternation, forward first: 0 forward, 3 backward, then 1 forward, 4 backward.
    let (f, b) = s.buffers();
    assert_eq!(f.expanded_nodes()[0], 0);
    assert_eq!(b.expanded_nodes()[0], 3);
}

#[test]
fn start_equal_goal_is_found_at_once() {
    let g = random_graph(3, 8, 20);
    let mut s = new();
    assert_eq!(s.try_begin(&g, 5, 5), Step::Found);
    assert_eq!((s.cost(), s.path(), s.iterations()), (0.0, vec![5], 0));
    let mut bytes = vec![0; s.state_size()];
    s.save_state(&g, &mut bytes).unwrap();
    let mut r = new();
    r.restore_state(&g, &bytes).unwrap();
    assert_eq!((r.state(), r.path()), (Step::Found, vec![5]));
}

#[test]
fn finishing_never_consumes_budget() {
    let g = CsrGraph::new(2, &[e(0, 1, 1.0)]).unwrap();
    let mut s = new();
    let _ = s.try_begin(&g, 0, 1);
    // Forward expands 0 and meets the goal (mu = 1); the next check sees 1 + 0 >= mu and
    // stops inside the same call, although the budget of one iteration is spent.
    assert_eq!(s.step(&g, 1), Step::Found);
    assert_eq!((s.iterations(), s.cost()), (1, 1.0));
    let mut s = new();
    let _ = s.try_begin(&g, 0, 1);
    assert_eq!(s.step(&g, 0), Step::InProgress);
    assert_eq!(s.iterations(), 0);
}

fn save(s: &Bidir, g: &CsrGraph) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(g, &mut b), Ok(b.len()));
    b
}

type Outcome = (Step, u64, Vec<u32>, u32, Vec<u32>, Vec<u32>);

fn outcome(s: &Bidir) -> Outcome {
    let (f, b) = s.buffers();
    (
        s.state(),
        s.cost().to_bits(),
        s.path(),
        s.iterations(),
        f.expanded_nodes().to_vec(),
        b.expanded_nodes().to_vec(),
    )
}

#[test]
fn sliced_and_restored_equal_never_stopped_and_costs_equal_dijkstra() {
    for seed in 0..60 {
        let n = 5 + (seed as u32 % 40);
        let g = random_graph(seed + 100, n, n * 3);
        let (a, b) = (seed as u32 % n, n - 1);
        let mut whole = new();
        let _ = whole.try_begin(&g, a, b);
        let _ = whole.run(&g);
        let want = outcome(&whole);
        let mut dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
        let _ = dijkstra.try_begin(&g, a, b);
        let _ = dijkstra.run(&g);
        assert_eq!(dijkstra.state(), whole.state(), "seed {seed}");
        assert_eq!(dijkstra.cost(), whole.cost(), "seed {seed}");
        for budget in [1, 2, 7] {
            let mut s = new();
            let _ = s.try_begin(&g, a, b);
            while s.step(&g, budget) == Step::InProgress {}
            assert_eq!(outcome(&s), want, "seed {seed} budget {budget}");
        }
        let mut s = new();
        let _ = s.try_begin(&g, a, b);
        loop {
            let bytes = save(&s, &g);
            let mut r = new();
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
    let mut live = new();
    let _ = live.try_begin(&g, 0, 29);
    let _ = live.step(&g, 9);
    let good = save(&live, &g);
    let mut target = new();
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
                let mut again = target.clone();
                let _ = again.run(&g);
                assert_eq!(save(&target, &g), bad);
                target.restore_state(&g, &before).unwrap();
            }
        }
        assert!(target.restore_state(&g, &good[..i]).is_err());
    }
    assert!(refused > (good.len() - HEADER_LEN) * 2, "{refused}");
}

/// Found by the `graph_query` fuzz target: a search that `try_begin` ends at once because an
/// endpoint has no finite potential (landmarks prove the goal unreachable) saved a snapshot
/// its own restore refused.
#[test]
fn a_search_refused_at_begin_round_trips() {
    use onepath::graph_search::{AltGraphHeuristic, LandmarkOptions, Landmarks};
    // Two components: 0 -> 1 and 2 -> 3.
    let g = CsrGraph::new(4, &[e(0, 1, 1.0), e(2, 3, 1.0)]).unwrap();
    let lm = Landmarks::build(&g, &LandmarkOptions::DEFAULT).unwrap();
    let h = AltGraphHeuristic::new(&lm, &g).unwrap();
    assert_eq!(lm.lower_bound(0, 3), f64::INFINITY);
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, h);
    assert_eq!(s.try_begin(&g, 0, 3), Step::NoPath);
    let mut bytes = vec![0; s.state_size()];
    s.save_state(&g, &mut bytes).unwrap();
    let mut r = BidirectionalGraphSearch::new(DefaultStepCost, h);
    r.restore_state(&g, &bytes).unwrap();
    assert_eq!(
        (r.state(), r.iterations(), r.path_len()),
        (Step::NoPath, 0, 0)
    );
}
