//! Path extraction of [`ReplanSearch`] (spec: grids.md, “Incremental replanning”, “Path”).
//!
//! From the focus, step repeatedly to the neighbour minimising `g(v) + move cost` (D* Lite: the
//! move `node → v`, walking start to goal; LPA*: the move `v → node`, walking goal to start,
//! then reversed). Settled neighbours (`g == rhs` within the tolerance) are preferred, because
//! a queued neighbour may hold an out-of-date `g`; ties keep the first in neighbour order. The
//! reported cost is the exact sum of the path's step costs in start-to-goal order.

use alloc::vec::Vec;

use super::open_set::approx_eq;
use super::search::{ReplanSearch, ReplanVariant, usable};
use crate::topology::{Heuristic, StepCost, Topology};

/// What a path walk reads: the variant, the endpoints and the node count it is bounded by.
#[derive(Clone, Copy)]
pub(super) struct Walk {
    pub(super) lpa: bool,
    pub(super) focus: u32,
    pub(super) root: u32,
    pub(super) node_count: u32,
}

/// Walks from the focus to the root over the values `g` and `rhs` give (the engine's arrays,
/// or a snapshot's bytes before a restore commits), into `path` (start to goal); returns
/// whether the walk reached the root within the node count with a finite cost, and the cost
/// (the exact sum of the steps in start-to-goal order; +∞ and an empty `path` on failure).
pub(super) fn walk_path<T: Topology, C: StepCost>(
    topology: &T,
    cost: &C,
    w: Walk,
    g: impl Fn(usize) -> f64,
    rhs: impl Fn(usize) -> f64,
    path: &mut Vec<u32>,
) -> (bool, f64) {
    let lpa = w.lpa;
    path.clear();
    let mut u = w.focus;
    path.push(u);
    let mut ok = true;
    while u != w.root {
        if path.len() > w.node_count as usize {
            ok = false;
            break;
        }
        // (node, value, settled) of the best so far.
        let mut best: Option<(u32, f64, bool)> = None;
        topology.for_each_neighbor(u, |v, base| {
            let c = if lpa {
                cost.cost(v, u, base)
            } else {
                cost.cost(u, v, base)
            };
            let gv = g(v as usize);
            if !usable(c) || !gv.is_finite() {
                return;
            }
            let value = gv + c;
            let settled = approx_eq(gv, rhs(v as usize));
            let better = match best {
                None => true,
                Some((_, b, s)) => (settled && !s) || (settled == s && value < b),
            };
            if better {
                best = Some((v, value, settled));
            }
        });
        let Some((next, _, _)) = best else {
            ok = false;
            break;
        };
        u = next;
        path.push(u);
    }
    if lpa {
        path.reverse();
    }
    let mut total = 0.0;
    if ok {
        for pair in path.windows(2) {
            total += move_cost(topology, cost, pair[0], pair[1]);
        }
        ok = total.is_finite();
    }
    if !ok {
        path.clear();
        total = f64::INFINITY;
    }
    (ok, total)
}

/// The hooked cost of the move `a → b` (the first such move in `a`'s neighbour order), +∞ if
/// there is none.
fn move_cost<T: Topology, C: StepCost>(topology: &T, cost: &C, a: u32, b: u32) -> f64 {
    let mut found = f64::INFINITY;
    let mut seen = false;
    topology.for_each_neighbor(a, |v, base| {
        if !seen && v == b {
            seen = true;
            let c = cost.cost(a, b, base);
            if usable(c) {
                found = c;
            }
        }
    });
    found
}

impl<C: StepCost, H: Heuristic> ReplanSearch<C, H> {
    /// Fills `self.path` and `self.path_cost`; `false` when the walk does not reach the root
    /// within the node count (a damaged state, or zero-cost cycles).
    pub(super) fn extract_path<T: Topology>(&mut self, topology: &T) -> bool {
        let mut path = core::mem::take(&mut self.path);
        let (g, rhs) = (&self.g, &self.rhs);
        let (ok, total) = walk_path(
            topology,
            &self.cost,
            self.walk(),
            |i| g[i],
            |i| rhs[i],
            &mut path,
        );
        self.path = path;
        self.path_cost = total;
        ok
    }

    /// The walk over this search's endpoints.
    pub(super) fn walk(&self) -> Walk {
        Walk {
            lpa: self.variant == ReplanVariant::LpaStar,
            focus: self.focus,
            root: self.root,
            node_count: self.node_count,
        }
    }
}
