//! `BidirectionalGraphSearch` caches each node's potential per search (issue 21): the
//! estimate is asked at most twice per node and search, a new search or a new estimate
//! forgets the cached values, and results equal a fresh search's.

use std::cell::RefCell;

use onepath::graph::{CsrGraph, GraphEdge, GraphHeuristic};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, LandmarkOptions, Landmarks,
};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::topology::DefaultStepCost;

/// ALT, recording every node it is asked about (the node that is neither start nor goal).
#[derive(Clone, Copy)]
struct Recording<'a> {
    alt: AltGraphHeuristic<'a>,
    asked: &'a RefCell<Vec<(u32, u32)>>,
}

impl GraphHeuristic for Recording<'_> {
    fn estimate(&self, source: u32, target: u32) -> f64 {
        self.asked.borrow_mut().push((source, target));
        self.alt.estimate(source, target)
    }
}

fn dense_graph() -> CsrGraph {
    let mut r = SplitMix64::new(3);
    let n = 200;
    let edges: Vec<GraphEdge> = (0..3000)
        .map(|_| GraphEdge::new(r.below(n), r.below(n), f64::from(1 + r.below(20))))
        .collect();
    CsrGraph::new(n, &edges).unwrap()
}

#[test]
fn each_potential_is_computed_once_per_search_and_results_match_fresh_searches() {
    let g = dense_graph();
    let lm = Landmarks::build(&g, &LandmarkOptions::DEFAULT).unwrap();
    let alt = AltGraphHeuristic::new(&lm, &g).unwrap();
    let asked = RefCell::new(Vec::new());
    let mut reused =
        BidirectionalGraphSearch::new(DefaultStepCost, Recording { alt, asked: &asked });
    let mut r = SplitMix64::new(9);
    for _ in 0..20 {
        let (s, t) = (r.below(200), r.below(200));
        asked.borrow_mut().clear();
        let _ = reused.try_begin(&g, s, t);
        let step = reused.run(&g);
        // Two estimates per potential (to the goal, from the start), one potential per node.
        let mut nodes: Vec<u32> = asked.borrow().chunks(2).map(|c| c[0].0).collect();
        let valued = nodes.len();
        nodes.sort_unstable();
        nodes.dedup();
        assert_eq!(
            nodes.len(),
            valued,
            "{s} -> {t}: a potential computed twice"
        );
        let mut fresh = BidirectionalGraphSearch::new(DefaultStepCost, alt);
        let _ = fresh.try_begin(&g, s, t);
        assert_eq!(fresh.run(&g), step);
        assert_eq!(
            fresh.cost().to_bits(),
            reused.cost().to_bits(),
            "{s} -> {t}"
        );
        assert_eq!(fresh.path(), reused.path());
        assert_eq!(fresh.iterations(), reused.iterations());
        assert_eq!(fresh.expansions(), reused.expansions());
    }
}

#[test]
fn a_new_estimate_forgets_the_cached_potentials() {
    let g = dense_graph();
    let lm = Landmarks::build(&g, &LandmarkOptions::DEFAULT).unwrap();
    let alt = AltGraphHeuristic::new(&lm, &g).unwrap();
    let (first, second) = (RefCell::new(Vec::new()), RefCell::new(Vec::new()));
    let mut s = BidirectionalGraphSearch::new(DefaultStepCost, Recording { alt, asked: &first });
    let _ = s.try_begin(&g, 0, 199);
    assert_eq!(s.step(&g, 6), Step::InProgress);
    s.set_heuristic(Recording {
        alt,
        asked: &second,
    });
    let _ = s.run(&g);
    let nodes = |a: &RefCell<Vec<(u32, u32)>>| -> Vec<u32> {
        a.borrow()
            .iter()
            .map(|&(u, v)| if v == 199 { u } else { v })
            .collect()
    };
    let before = nodes(&first);
    let again = nodes(&second)
        .into_iter()
        .filter(|v| before.contains(v))
        .count();
    // Nodes valued by the old estimate and relaxed again are valued by the new one.
    assert!(again > 0, "no node re-valued after set_heuristic");
}
