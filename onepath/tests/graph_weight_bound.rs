//! Issue 27, cost overflow: a graph whose weights could sum past `f64::MAX` along a path is
//! refused — at construction (`CsrGraph`, `Graph`, `PointGraph` through `CsrGraph`) and on the
//! editable `Graph`'s edits — with a typed error naming the edge; the bound is
//! `MAX_WEIGHT_SUM` (a quarter of `f64::MAX`) on the weights summed in a fixed order.

use onepath::graph::{CsrGraph, Graph, GraphEdge, GraphError, MAX_WEIGHT_SUM};
use onepath::math::SplitMix64;
use onepath::{GraphOptions, PathStatus};

fn e(from: u32, to: u32, w: f64) -> GraphEdge {
    GraphEdge::new(from, to, w)
}

#[test]
fn the_bound_is_a_quarter_of_f64_max() {
    assert_eq!(MAX_WEIGHT_SUM, f64::MAX / 4.0);
    // Three path costs at the bound still sum to a finite value.
    assert!((MAX_WEIGHT_SUM * 3.0 * (1.0 + 1e-6)).is_finite());
}

#[test]
fn the_issue_graph_is_refused_naming_the_edge() {
    // Arcs 1 -> 2 and 2 -> 3 of weight 1.797e308: their sum overflows to +∞ (and each alone
    // passes the bound already).
    let err = CsrGraph::new(3, &[e(0, 1, 1.797e308), e(1, 2, 1.797e308)]).unwrap_err();
    assert_eq!(
        err,
        GraphError::WeightSum {
            edge: 0,
            sum: 1.797e308,
            max: MAX_WEIGHT_SUM
        }
    );
    let msg = err.to_string();
    assert!(
        msg.starts_with("edge 0:") && msg.contains("overflow"),
        "{msg}"
    );
    // Two weights that each fit but together pass the bound: the second edge is named.
    let err = CsrGraph::new(3, &[e(0, 1, 4e307), e(1, 2, 4e307)]).unwrap_err();
    assert!(matches!(err, GraphError::WeightSum { edge: 1, sum, .. } if sum == 8e307));
    // Endpoints and weights are checked before the total, edge by edge.
    let err = CsrGraph::new(3, &[e(0, 1, 4e307), e(1, 2, 4e307), e(0, 9, 1.0)]).unwrap_err();
    assert!(matches!(err, GraphError::WeightSum { edge: 1, .. }));
    let err = CsrGraph::new(3, &[e(0, 1, 1.0), e(0, 9, 1e308)]).unwrap_err();
    assert!(matches!(err, GraphError::EdgeEndpoint { edge: 1, .. }));
}

#[test]
fn a_total_at_the_bound_is_accepted_and_its_costs_are_finite() {
    let w = MAX_WEIGHT_SUM / 2.0;
    let g = CsrGraph::new(3, &[e(0, 1, w), e(1, 2, w)]).unwrap();
    let mut s = onepath::graph_search::BidirectionalGraphSearch::new(
        onepath::topology::DefaultStepCost,
        onepath::graph::ZeroGraphHeuristic,
    );
    let _ = s.try_begin(&g, 0, 2);
    let _ = s.run(&g);
    assert_eq!(s.cost(), MAX_WEIGHT_SUM);
    // And with the landmark bound as the potential: keys and the stopping sum stay finite.
    let lm = onepath::Landmarks::build(&g, &onepath::LandmarkOptions::DEFAULT).unwrap();
    let alt = onepath::graph_search::AltGraphHeuristic::new(&lm, &g).unwrap();
    let mut b = onepath::graph_search::BidirectionalGraphSearch::new(
        onepath::topology::DefaultStepCost,
        alt,
    );
    let _ = b.try_begin(&g, 0, 2);
    let _ = b.run(&g);
    assert_eq!((b.cost(), b.path()), (MAX_WEIGHT_SUM, vec![0, 1, 2]));
}

#[test]
fn the_editable_graph_refuses_construction_and_edits_past_the_bound() {
    let q = MAX_WEIGHT_SUM / 4.0;
    // Undirected: every edge counts twice (ids 2i and 2i + 1).
    let err = Graph::from_edges(&[e(0, 1, q), e(1, 2, q), e(2, 3, q)], None, false).unwrap_err();
    assert!(
        matches!(err, GraphError::WeightSum { edge: 2, .. }),
        "{err}"
    );
    let mut g = Graph::from_edges(&[e(0, 1, q), e(1, 2, q)], None, false).unwrap();
    assert_eq!(g.edge_count(), 4);
    // Adding past the bound: refused, naming the id it would have had; nothing changes.
    assert!(matches!(
        g.add_edge(0, 2, 1e300),
        Err(GraphError::WeightSum { edge: 4, .. })
    ));
    assert_eq!(g.edge_count(), 4);
    assert_eq!(
        g.add_edge(0, 2, 1.0),
        Ok(4),
        "ids are not used up by a refusal"
    );
    // Raising a weight past the bound: refused, the weight kept.
    assert!(matches!(
        g.set_weight(0, 2.0 * q),
        Err(GraphError::WeightSum { edge: 0, .. })
    ));
    assert_eq!(g.edge(0).unwrap().weight, q);
    // Lowering and removing never fail, and make room again (an exact recount decides).
    g.set_weight(0, 0.0).unwrap();
    g.remove_edge(1).unwrap();
    g.set_weight(2, 2.0 * q).unwrap();
    g.add_edge(2, 0, q).unwrap();
    assert!(g.add_edge(2, 0, q).is_err());
    let path = g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap();
    assert_eq!(path.status, PathStatus::Found);
    assert!(path.cost.is_finite());
}

/// Whatever sequence of edits a `Graph` accepts, its compiled form is a graph `CsrGraph::new`
/// accepts with the same edges (never the empty stand-in), and every edit it refuses for the
/// total would have given a graph `CsrGraph::new` refuses.
#[test]
fn accepted_edits_compile_and_refused_ones_would_not() {
    let mut r = SplitMix64::new(2706);
    let heavy = [MAX_WEIGHT_SUM / 3.0, MAX_WEIGHT_SUM / 7.0, 1e300, 1.0, 0.0];
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..200 {
        let mut g = Graph::new(5).unwrap();
        for _ in 0..30 {
            let w = heavy[r.below(heavy.len() as u32) as usize];
            let before = live_edges(&g);
            let (a, b, id) = (r.below(5), r.below(5), r.below(40));
            let (outcome, would_be) = match r.below(3) {
                0 => {
                    let mut next = before.clone();
                    next.push((u32::MAX, e(a, b, w)));
                    (g.add_edge(a, b, w).map(|_| ()), next)
                }
                1 => {
                    let mut next = before.clone();
                    for (i, x) in &mut next {
                        if *i == id {
                            x.weight = w;
                        }
                    }
                    (g.set_weight(id, w), next)
                }
                _ => (g.remove_edge(id).map(|_| ()), Vec::new()),
            };
            let edges = |v: &[(u32, GraphEdge)]| v.iter().map(|x| x.1).collect::<Vec<_>>();
            match outcome {
                Ok(()) => {
                    accepted += 1;
                    let live = edges(&live_edges(&g));
                    let csr = g.compile();
                    assert_eq!(csr.edge_count(), live.len(), "compiled to the stand-in");
                    assert!(CsrGraph::new(5, &live).is_ok());
                }
                Err(GraphError::WeightSum { .. }) => {
                    refused += 1;
                    assert_eq!(live_edges(&g), before, "a refused edit changed the graph");
                    assert!(matches!(
                        CsrGraph::new(5, &edges(&would_be)),
                        Err(GraphError::WeightSum { .. })
                    ));
                }
                Err(_) => assert_eq!(live_edges(&g), before),
            }
        }
    }
    assert!(accepted > 1000 && refused > 100, "{accepted} {refused}");
}

/// The live edges with their ids, in id order.
fn live_edges(g: &Graph) -> Vec<(u32, GraphEdge)> {
    (0..64)
        .filter_map(|id| g.edge(id).map(|x| (id, x)))
        .collect()
}
