//! What the ALT bound promises in `f64` (issue 28, item 9; `Landmarks` docs, "What holds").
//!
//! In exact arithmetic the landmark bound never exceeds the distance; in `f64` its table
//! entries are rounded sums, so on non-dyadic weights it can exceed it by a few ulps. The
//! documented bound: for every path `P` from `u` to `v` of `k` edges whose weights summed from
//! `u` in path order give `c`,
//!
//! ```text
//! lower_bound(u, v) <= c + γ(2k + 1) · (c + M),   γ(n) = n·2^-53 / (1 − n·2^-53),
//! ```
//!
//! `M` the largest finite table entry; and A* with it returns a cost at most the optimum plus
//! `γ(2N − 1) · (C* + M)` (plus the rounding of its own sums). Both are checked here against a
//! Dijkstra written in this file (O(V²), sums from the source in path order), independent of
//! the library's searches.

use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
use onepath::graph_search::{
    AltGraphHeuristic, GraphAStar, LandmarkOptions, LandmarkSelection, Landmarks,
};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::topology::DefaultStepCost;
use onepath::{Graph, GraphOptions, PathStatus};

/// `γ(n) = n u / (1 − n u)`, `u = 2^-53` (Higham 2002, §3.1).
fn gamma(n: usize) -> f64 {
    let nu = n as f64 * f64::EPSILON / 2.0;
    nu / (1.0 - nu)
}

/// Distances from `source` and the edge count of the path found to each node: plain O(V²)
/// Dijkstra over the edge list, `g(v) = g(p) + w` summed from the source in path order.
fn dijkstra(n: usize, edges: &[GraphEdge], source: usize) -> (Vec<f64>, Vec<usize>) {
    let mut dist = vec![f64::INFINITY; n];
    let mut hops = vec![0usize; n];
    let mut done = vec![false; n];
    dist[source] = 0.0;
    loop {
        let mut best: Option<usize> = None;
        for v in 0..n {
            if !done[v] && dist[v] < f64::INFINITY && best.is_none_or(|b| dist[v] < dist[b]) {
                best = Some(v);
            }
        }
        let Some(p) = best else { break };
        done[p] = true;
        for e in edges.iter().filter(|e| e.from as usize == p) {
            let t = e.to as usize;
            let g = dist[p] + e.weight;
            if g < dist[t] {
                dist[t] = g;
                hops[t] = hops[p] + 1;
            }
        }
    }
    (dist, hops)
}

/// The largest finite entry of the tables.
fn largest_entry(lm: &Landmarks, n: u32) -> f64 {
    let mut m = 0.0f64;
    for l in 0..lm.ids().len() {
        for v in 0..n {
            for d in [lm.forward_distance(l, v), lm.backward_distance(l, v)] {
                let d = d.unwrap();
                if d < f64::INFINITY {
                    m = m.max(d);
                }
            }
        }
    }
    m
}

#[test]
fn the_reported_example_exceeds_the_distance_by_one_rounding_and_stays_within_the_bound() {
    // Edges 0 -> 1 (0.1) and 1 -> 2 (0.2); with landmark 0, d(0, 2) is stored as
    // 0.1 + 0.2 = 0.30000000000000004, and the bound for 1 -> 2 is that minus 0.1.
    let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 0.1), GraphEdge::new(1, 2, 0.2)]).unwrap();
    let lm = Landmarks::build(
        &g,
        &LandmarkOptions {
            count: 3,
            ..LandmarkOptions::DEFAULT
        },
    )
    .unwrap();
    let zero = lm.ids().iter().position(|&id| id == 0).unwrap();
    assert_eq!(lm.forward_distance(zero, 2), Some(0.1 + 0.2));
    assert_eq!(0.1 + 0.2, 0.300_000_000_000_000_04);
    let bound = lm.lower_bound(1, 2);
    assert_eq!(bound, 0.200_000_000_000_000_04);
    assert!(bound > 0.2, "the rounding the docs describe");
    // The documented bound: one edge (k = 1), c = 0.2, M = 0.30000000000000004.
    let m = largest_entry(&lm, 3);
    assert_eq!(m, 0.1 + 0.2);
    assert!(bound <= 0.2 + gamma(3) * (0.2 + m));
    // A* with it still returns the only path, at its cost.
    let mut s = GraphAStar::new(DefaultStepCost, AltGraphHeuristic::new(&lm, &g).unwrap());
    let _ = s.try_begin(&g, 1, 2);
    assert_eq!(s.run(&g), Step::Found);
    assert_eq!((s.path(), s.cost()), (vec![1, 2], 0.2));
}

/// A random directed graph with non-dyadic weights of mixed magnitudes (so table distances can
/// be far larger than the distance between two close nodes, the case where the rounding of the
/// tables shows most in relative terms).
fn random_graph(r: &mut SplitMix64, n: u32) -> Vec<GraphEdge> {
    let m = n * 4;
    let mut edges: Vec<GraphEdge> = (0..m)
        .map(|_| {
            let w = match r.below(4) {
                0 => f64::from(r.below(1000) + 1) * 0.001,
                1 => f64::from(r.below(100) + 1) * 0.1,
                2 => f64::from(r.below(1000) + 1) / 7.0,
                _ => 1000.0 + f64::from(r.below(1000)) * 0.37,
            };
            GraphEdge::new(r.below(n), r.below(n), w)
        })
        .collect();
    // A ring, so most pairs are reachable.
    for v in 0..n {
        edges.push(GraphEdge::new(v, (v + 1) % n, 0.3 + f64::from(v % 7) * 0.1));
    }
    edges
}

#[test]
fn on_random_non_dyadic_graphs_the_documented_bounds_hold_against_dijkstra() {
    let mut r = SplitMix64::new(28_009);
    let (mut pairs, mut above, mut worst_relative) = (0usize, 0usize, 0.0f64);
    // The largest overshoot as a share of what the bound allows.
    let mut tightest = 0.0f64;
    for round in 0..120u32 {
        let n = 8 + r.below(40);
        let edges = random_graph(&mut r, n);
        let g = CsrGraph::new(n, &edges).unwrap();
        let selection = if round % 2 == 0 {
            LandmarkSelection::Avoid
        } else {
            LandmarkSelection::Farthest
        };
        let options = LandmarkOptions {
            count: 1 + r.below(6),
            selection,
            seed: u64::from(round),
        };
        let lm = Landmarks::build(&g, &options).unwrap();
        let m = largest_entry(&lm, n);
        let alt = AltGraphHeuristic::new(&lm, &g).unwrap();
        let mut astar = GraphAStar::new(DefaultStepCost, alt);
        let tier1 = Graph::from_edges(&edges, Some(n), true).unwrap();
        let tier1_landmarks = tier1.build_landmarks(&options).unwrap();
        assert_eq!(tier1_landmarks, lm);
        for u in 0..n {
            let (dist, hops) = dijkstra(n as usize, &edges, u as usize);
            for v in 0..n {
                let (d, k) = (dist[v as usize], hops[v as usize]);
                let b = lm.lower_bound(u, v);
                if d == f64::INFINITY {
                    continue;
                }
                pairs += 1;
                assert!(b < f64::INFINITY, "round {round}: {u} -> {v} reachable");
                let allowed = d + gamma(2 * k + 1) * (d + m);
                assert!(
                    b <= allowed,
                    "round {round}: lower_bound({u}, {v}) = {b:e} > {allowed:e} (d {d:e}, k {k}, M {m:e})"
                );
                if b > d {
                    above += 1;
                    worst_relative = worst_relative.max((b - d) / d);
                    tightest = tightest.max((b - d) / (allowed - d));
                }
                // A* with the bound: at most the optimum plus γ(2N − 1)(C* + M), plus the
                // rounding of the sums of its own path and keys (γ(N) of each).
                let _ = astar.try_begin(&g, u, v);
                assert_eq!(astar.run(&g), Step::Found);
                let nn = n as usize;
                let limit = d + gamma(2 * nn - 1) * (d + m) + gamma(2 * nn) * (d + m);
                assert!(
                    astar.cost() <= limit,
                    "round {round}: A* {u} -> {v} cost {:e} > {limit:e} (Dijkstra {d:e})",
                    astar.cost()
                );
                if v % 5 == 0 {
                    let p = tier1
                        .find_path(u, v, &GraphOptions::with_landmarks(&tier1_landmarks))
                        .unwrap();
                    assert_eq!(p.status, PathStatus::Found);
                    assert!(p.cost <= limit, "round {round}: tier 1 {u} -> {v}");
                }
            }
        }
        // Dijkstra of the library agrees with the one written here (the reference is sound).
        let mut dj = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
        let (dist, _) = dijkstra(n as usize, &edges, 0);
        for v in 0..n {
            let _ = dj.try_begin(&g, 0, v);
            let found = dj.run(&g) == Step::Found;
            assert_eq!(found, dist[v as usize] < f64::INFINITY);
            if found {
                assert!((dj.cost() - dist[v as usize]).abs() <= 1e-9 * dist[v as usize]);
            }
        }
    }
    // The rounding is real on these weights (the test exercises what the docs describe) and
    // small: the issue saw up to 3.3e-13 relative.
    assert!(pairs > 50_000, "{pairs}");
    assert!(above > 0, "no bound above its distance in {pairs} pairs");
    assert!(worst_relative < 1e-9, "{worst_relative:e}");
    eprintln!(
        "{above} of {pairs} bounds above the distance; worst {worst_relative:e} relative, \
         {tightest:.3} of the documented allowance"
    );
    // And the documented allowance is not vacuous: some overshoot uses a visible share of it.
    assert!(tightest > 0.01, "{tightest}");
}
