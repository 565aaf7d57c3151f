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

use crate::consistent::rules::GraphRules;
use crate::consistent::{Rules, edit_frame, le32, proven};
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

/// A damaged snapshot: an xor at `off` (odd `x`), or the consistent edits of issue 27 (even
/// `x`, the edit script from the two bytes), re-sealed.
fn damaged(bytes: &[u8], off: u32, x: u8, rules: &dyn Rules) -> Vec<u8> {
    if x.is_multiple_of(2) {
        let script = [
            (off >> 8) as u8,
            off as u8,
            x,
            x.rotate_left(3),
            x ^ 0x5A,
            0,
        ];
        return edit_frame(bytes, rules, None, &mut Input::new(&script)).0;
    }
    let mut bad = bytes.to_vec();
    let len = bad.len() - HEADER_LEN;
    bad[HEADER_LEN + off as usize % len] ^= x;
    reseal(&mut bad);
    bad
}

/// Steps `step(k)` while it says in progress, within `64 · nodes + 4096` pops.
fn bounded(g: &CsrGraph, mut step: impl FnMut(u32) -> bool) -> Result<(), String> {
    let cap = 64 * u64::from(g.node_count()) + 4096;
    let mut pops = 0;
    while step(61) {
        pops += 61;
        if pops > cap {
            return Err(format!("a restored search runs past {cap} pops"));
        }
    }
    Ok(())
}

/// A restored search's answer against Dijkstra from its endpoints: same status, a path of
/// edges whose weights sum to the cost, the optimal cost bit for bit (integer weights).
fn answer(
    g: &CsrGraph,
    state: Step,
    cost: f64,
    path: &[u32],
    a: u32,
    b: u32,
) -> Result<(), String> {
    if state == Step::Idle {
        return Ok(());
    }
    let mut d = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = d.try_begin(g, a, b);
    let _ = d.run(g);
    if d.state() != state {
        return Err(format!(
            "ends {state:?}, Dijkstra {:?} ({})",
            d.state(),
            d.cost()
        ));
    }
    if state == Step::Found {
        if path.first() != Some(&a) || path.last() != Some(&b) {
            return Err("path does not run from start to goal".into());
        }
        let mut sum = 0.0;
        for w in path.windows(2) {
            sum += g
                .out_edges(w[0])
                .filter(|&(t, _)| t == w[1])
                .map(|(_, c)| c)
                .reduce(f64::min)
                .ok_or_else(|| format!("{} -> {} is not an edge", w[0], w[1]))?;
        }
        if cost.to_bits() != sum.to_bits() || cost.to_bits() != d.cost().to_bits() {
            return Err(format!(
                "cost {cost}, path sum {sum}, Dijkstra {}",
                d.cost()
            ));
        }
    }
    Ok(())
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
    let _ = dijkstra.try_begin(&g, a, b);
    let _ = dijkstra.run(&g);
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
    let _ = whole.try_begin(g, a, b);
    let _ = whole.run(g);
    assert_eq!(whole.cost().to_bits(), want.to_bits(), "A* cost");
    let key = |s: &GraphAStar<DefaultStepCost, H>| {
        (s.state(), s.cost().to_bits(), s.path(), s.iterations())
    };
    let mut s = new();
    let _ = s.try_begin(g, a, b);
    let _ = s.step(g, budgets[0]);
    let mut bytes = vec![0; s.state_size()];
    s.save_state(g, &mut bytes).expect("sized");
    let mut r = new();
    r.restore_state(g, &bytes).expect("own snapshot");
    let mut i = 1;
    while s.step(g, budgets[i % budgets.len()]) == Step::InProgress {
        i += 1;
    }
    let _ = r.run(g);
    assert_eq!(key(&s), key(&whole), "sliced");
    assert_eq!(key(&r), key(&whole), "restored");
    let rules = GraphRules {
        graph: g,
        heuristic: h.clone(),
        ends: (a, b),
        bidirectional: false,
    };
    for &(off, x) in damage {
        let bad = damaged(&bytes, off, x, &rules);
        let mut t = new();
        if t.restore_state(g, &bad).is_ok() {
            let mut again = vec![0; t.state_size()];
            t.save_state(g, &mut again).expect("sized");
            assert_eq!(again, bad, "accepted bytes round-trip");
            let run = bounded(g, |k| t.step(g, k) == Step::InProgress);
            let p = &bad[HEADER_LEN..];
            let (ra, rb) = (le32(p, 4), le32(p, 8));
            let answer = run.and_then(|()| answer(g, t.state(), t.cost(), &t.path(), ra, rb));
            if let Err(e) = answer {
                assert!(!proven(12), "kind 12 after restore: {e}");
            }
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
        let _ = whole.run(g);
    }
    assert_eq!(whole.cost().to_bits(), want.to_bits(), "bidirectional cost");
    let key = |s: &BidirectionalGraphSearch<DefaultStepCost, H>| {
        (s.state(), s.cost().to_bits(), s.path(), s.iterations())
    };
    let mut s = new();
    let _ = s.try_begin(g, a, b);
    let _ = s.step(g, budgets[0]);
    let mut bytes = vec![0; s.state_size()];
    s.save_state(g, &mut bytes).expect("sized");
    let mut r = new();
    r.restore_state(g, &bytes).expect("own snapshot");
    let mut i = 1;
    while s.step(g, budgets[i % budgets.len()]) == Step::InProgress {
        i += 1;
    }
    let _ = r.run(g);
    assert_eq!(key(&s), key(&whole), "sliced");
    assert_eq!(key(&r), key(&whole), "restored");
    let rules = GraphRules {
        graph: g,
        heuristic: h.clone(),
        ends: (a, b),
        bidirectional: true,
    };
    for &(off, x) in damage {
        let bad = damaged(&bytes, off, x, &rules);
        let mut t = new();
        if t.restore_state(g, &bad).is_ok() {
            let mut again = vec![0; t.state_size()];
            t.save_state(g, &mut again).expect("sized");
            assert_eq!(again, bad, "accepted bytes round-trip");
            let run = bounded(g, |k| t.step(g, k) == Step::InProgress);
            let p = &bad[HEADER_LEN..];
            let (ra, rb) = (le32(p, 4), le32(p, 8));
            let answer = run.and_then(|()| answer(g, t.state(), t.cost(), &t.path(), ra, rb));
            if let Err(e) = answer {
                assert!(!proven(13), "kind 13 after restore: {e}");
            }
        } else {
            assert_eq!(t.state(), Step::Idle, "a refused restore changes nothing");
        }
    }
}
