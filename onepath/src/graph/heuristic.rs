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
