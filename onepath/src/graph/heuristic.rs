//! Graph estimates (tier 2): [`GraphHeuristic`] and the structs that implement it
//! (spec: graphs.md, “Estimates”).

/// A lower bound on the distance from `source` to `target`; `+∞` means "`target` cannot be
/// reached from `source`" (a search then never pushes that node).
///
/// Admissible estimates (never above the true distance) give optimal paths; an estimate at
/// most `δ` above the remaining distance gives A* paths at most `δ` above the optimum (the
/// ALT bound in `f64` is such an estimate, with the `δ` its documentation derives); consistent ones
/// (`h(u, t) <= w(u, v) + h(v, t)` for every edge) never reopen a node. The bidirectional
/// search evaluates both `h(v, goal)` and `h(start, v)`, so its estimate must bound distances
/// in both directions. An estimate must be a pure function of its arguments (the same answer
/// every call), or sliced runs and restored snapshots lose their guarantees.
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge, GraphHeuristic};
/// use onepath::graph_search::GraphAStar;
/// use onepath::topology::DefaultStepCost;
/// // Nodes on a line, one unit apart: |s - t| never overestimates.
/// struct LineDistance;
/// impl GraphHeuristic for LineDistance {
///     fn estimate(&self, s: u32, t: u32) -> f64 { f64::from(s.abs_diff(t)) }
/// }
/// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
/// let g = CsrGraph::new(10, &edges).unwrap();
/// let mut search = GraphAStar::new(DefaultStepCost, LineDistance);
/// search.try_begin(&g, 0, 9);
/// search.run(&g);
/// assert_eq!((search.cost(), search.expansions()), (9.0, 9)); // straight to the goal
/// ```
pub trait GraphHeuristic {
    /// The estimate of the distance `source -> target`.
    fn estimate(&self, source: u32, target: u32) -> f64;
}

impl<H: GraphHeuristic + ?Sized> GraphHeuristic for &H {
    #[inline]
    fn estimate(&self, source: u32, target: u32) -> f64 {
        (**self).estimate(source, target)
    }
}

/// The zero estimate: A* with it is Dijkstra's algorithm (Dijkstra 1959).
///
/// # Examples
///
/// ```
/// use onepath::graph::{CsrGraph, GraphEdge, GraphHeuristic, ZeroGraphHeuristic};
/// use onepath::graph_search::GraphAStar;
/// use onepath::topology::DefaultStepCost;
/// assert_eq!(ZeroGraphHeuristic.estimate(3, 9), 0.0);
/// let g = CsrGraph::new(3, &[GraphEdge::new(0, 1, 2.0), GraphEdge::new(1, 2, 2.0)]).unwrap();
/// let mut dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
/// dijkstra.try_begin(&g, 0, 2);
/// dijkstra.run(&g);
/// assert_eq!(dijkstra.cost(), 4.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZeroGraphHeuristic;

impl GraphHeuristic for ZeroGraphHeuristic {
    #[inline]
    fn estimate(&self, _source: u32, _target: u32) -> f64 {
        0.0
    }
}

/// A [`GraphHeuristic`] from a closure `Fn(source, target) -> estimate`.
///
/// # Examples
///
/// ```
/// use onepath::graph::{FnGraphHeuristic, GraphHeuristic};
/// let h = FnGraphHeuristic(|s: u32, t: u32| f64::from(s.abs_diff(t)));
/// assert_eq!(h.estimate(2, 5), 3.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FnGraphHeuristic<F>(pub F);

impl<F: Fn(u32, u32) -> f64> GraphHeuristic for FnGraphHeuristic<F> {
    #[inline]
    fn estimate(&self, source: u32, target: u32) -> f64 {
        (self.0)(source, target)
    }
}

/// The larger of two estimates (a maximum of consistent estimates is consistent). `+∞` from
/// either side wins; a NaN from either side gives NaN (the search then skips the node).
///
/// # Examples
///
/// ```
/// use onepath::graph::{FnGraphHeuristic, GraphHeuristic, MaxGraphHeuristic};
/// let a = FnGraphHeuristic(|s: u32, t: u32| f64::from(s.abs_diff(t)));
/// let b = FnGraphHeuristic(|_: u32, t: u32| if t == 0 { 10.0 } else { 0.0 });
/// let h = MaxGraphHeuristic(a, b);
/// assert_eq!((h.estimate(2, 5), h.estimate(2, 0)), (3.0, 10.0));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MaxGraphHeuristic<A, B>(pub A, pub B);

impl<A: GraphHeuristic, B: GraphHeuristic> GraphHeuristic for MaxGraphHeuristic<A, B> {
    #[inline]
    fn estimate(&self, source: u32, target: u32) -> f64 {
        let a = self.0.estimate(source, target);
        let b = self.1.estimate(source, target);
        if a.is_nan() || b.is_nan() {
            f64::NAN
        } else if b > a {
            b
        } else {
            a
        }
    }
}
