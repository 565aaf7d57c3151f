//! ALT landmarks against the reference (spec: graphs.md, “ALT”, “Verification”): on generated
//! graphs the engine's landmark ids and both tables equal [`alt_ref`]'s bit for bit, for both
//! selection rules; every bound is at most the true distance and consistent along every edge
//! for every target; the tables round-trip through `OPLM` v1.
//!
//! Graphs: 100 per shape in release (400 in all; a quarter in debug), times
//! `ONEPATH_CONFORMANCE_SCALE`.

mod common;

use conformance::alt_ref::AltRef;
use conformance::graph_gen::{SHAPES, generate};
use conformance::graph_ref::dijkstra;
use conformance::rng::SplitMix64;
use onepath::graph::{CsrGraph, GraphEdge};
use onepath::graph_search::{LandmarkOptions, LandmarkSelection, Landmarks};

#[test]
fn landmarks_equal_the_reference_and_bound_true_distances() {
    let per_shape = common::grids_per_variant(100);
    let mut graphs = 0;
    let mut bounds = 0u64;
    for shape in SHAPES {
        for i in 0..per_shape {
            let seed = 5_000 + i * 4 + shape as u64;
            let mut r = SplitMix64::new(seed);
            let case = generate(shape, seed, 2 + r.below(40) as u32);
            let edges: Vec<GraphEdge> = case
                .edges
                .iter()
                .map(|&(a, b, w)| GraphEdge::new(a, b, w))
                .collect();
            let g = CsrGraph::new(case.nodes, &edges).unwrap();
            let count = 1 + r.below(6) as u32;
            let avoid = i % 2 == 0;
            let options = LandmarkOptions {
                count,
                selection: if avoid {
                    LandmarkSelection::Avoid
                } else {
                    LandmarkSelection::Farthest
                },
                seed: r.next_u64(),
            };
            let lm = Landmarks::build(&g, &options).unwrap();
            let want = AltRef::build(case.nodes, &case.edges, count, avoid, options.seed);
            let ctx = format!("{shape:?} seed {seed} count {count} avoid {avoid}");
            assert_eq!(lm.ids(), want.ids, "{ctx}: ids");
            for l in 0..want.ids.len() {
                for v in 0..case.nodes {
                    let f = lm.forward_distance(l, v).unwrap();
                    let b = lm.backward_distance(l, v).unwrap();
                    assert_eq!(
                        f.to_bits(),
                        want.fwd[l][v as usize].to_bits(),
                        "{ctx}: fwd {l} {v}"
                    );
                    assert_eq!(
                        b.to_bits(),
                        want.bwd[l][v as usize].to_bits(),
                        "{ctx}: bwd {l} {v}"
                    );
                }
            }
            // Admissible and consistent, for every pair and every edge.
            for u in 0..case.nodes {
                let d = dijkstra(case.nodes, &case.edges, u, false);
                for t in 0..case.nodes {
                    let lb = lm.lower_bound(u, t);
                    assert_eq!(
                        lb.to_bits(),
                        want.lower_bound(u, t).to_bits(),
                        "{ctx}: bound {u} {t}"
                    );
                    assert!(
                        lb <= d[t as usize],
                        "{ctx}: bound {u} -> {t} = {lb} > {}",
                        d[t as usize]
                    );
                    bounds += 1;
                }
            }
            for &(a, b, w) in &case.edges {
                for t in 0..case.nodes {
                    let (ha, hb) = (lm.lower_bound(a, t), lm.lower_bound(b, t));
                    assert!(
                        ha <= w + hb,
                        "{ctx}: inconsistent on {a} -> {b} for {t}: {ha} > {w} + {hb}"
                    );
                }
            }
            let bytes = lm.serialize();
            assert_eq!(
                Landmarks::deserialize(&bytes, &g).unwrap(),
                lm,
                "{ctx}: round trip"
            );
            graphs += 1;
        }
    }
    println!("landmark conformance: {graphs} graphs, {bounds} bounds checked");
}
