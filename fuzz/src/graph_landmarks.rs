//! `graph_landmarks`: [`Landmarks::deserialize`] on raw bytes and on damaged tables of a
//! decoded graph. Properties: never a panic; accepted bytes serialize back to themselves;
//! built tables bound every distance (checked against Dijkstra from every node).

use onepath::graph::ZeroGraphHeuristic;
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, LandmarkSelection,
    Landmarks,
};
use onepath::search::Step;
use onepath::topology::DefaultStepCost;

use crate::consistent::{OPLM, proven};
use crate::graph_query::decode_graph;
use crate::input::Input;

/// The body.
pub fn graph_landmarks(data: &[u8]) {
    let mut input = Input::new(data);
    let raw = input.bool();
    let g = decode_graph(&mut input);
    let options = LandmarkOptions {
        count: 1 + input.below(5),
        selection: if input.bool() {
            LandmarkSelection::Avoid
        } else {
            LandmarkSelection::Farthest
        },
        seed: u64::from(input.u32()),
    };
    if raw {
        if let Ok(t) = Landmarks::deserialize(input.rest(), &g) {
            assert_eq!(t.serialize(), input.rest());
        }
        return;
    }
    let lm = Landmarks::build(&g, &options).expect("a graph with nodes");
    let n = g.node_count();
    let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    for u in 0..n {
        for v in 0..n {
            let _ = s.try_begin(&g, u, v);
            let d = if s.run(&g) == Step::Found {
                s.cost()
            } else {
                f64::INFINITY
            };
            assert!(lm.lower_bound(u, v) <= d, "bound {u} -> {v}");
        }
    }
    let bytes = lm.serialize();
    assert_eq!(Landmarks::deserialize(&bytes, &g).as_ref(), Ok(&lm));
    while !input.is_empty() {
        let mut bad = bytes.clone();
        let off = input.u16() as usize % bad.len();
        let x = input.u8();
        if x == 0 {
            // The consistent edits of issue 27 (every rule the reader checks kept).
            bad = crate::consistent::landmarks::edit(&bytes, None, &mut input).0;
        } else {
            bad[off] ^= x;
            if input.bool() {
                bad.truncate(off);
            }
        }
        if let Ok(t) = Landmarks::deserialize(&bad, &g) {
            assert_eq!(t.serialize(), bad);
            // An accepted table gives ALT queries Dijkstra's answers.
            let h = AltGraphHeuristic::new(&t, &g).expect("an accepted table is the graph's");
            for u in 0..n.min(6) {
                let v = (u * 7 + off as u32) % n;
                let d = dijkstra(&g, u, v);
                let mut a = GraphAStar::new(DefaultStepCost, h);
                let _ = a.try_begin(&g, u, v);
                let mut b = BidirectionalGraphSearch::new(DefaultStepCost, h);
                let _ = b.try_begin(&g, u, v);
                let got = [
                    (a.run(&g) == Step::Found, a.cost()),
                    (b.run(&g) == Step::Found, b.cost()),
                ];
                for (found, cost) in got {
                    let same = cost.to_bits() == d.to_bits() && found == d.is_finite();
                    assert!(
                        same || !proven(OPLM),
                        "ALT {u} -> {v}: {cost}, Dijkstra {d}"
                    );
                }
            }
        }
    }
}

fn dijkstra(g: &onepath::graph::CsrGraph, u: u32, v: u32) -> f64 {
    let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = s.try_begin(g, u, v);
    if s.run(g) == Step::Found {
        s.cost()
    } else {
        f64::INFINITY
    }
}
