//! Path extraction of [`ReplanSearch`] (spec: grids.md, “Incremental replanning”, “Path”).
//!
//! From the focus, step repeatedly to the neighbour minimising `g(v) + move cost` (D* Lite: the
//! move `node → v`, walking start to goal; LPA*: the move `v → node`, walking goal to start,
//! then reversed). Settled neighbours (`g == rhs` within the tolerance) are preferred, because
//! a queued neighbour may hold an out-of-date `g`; ties keep the first in neighbour order. The
//! reported cost is the exact sum of the path's step costs in start-to-goal order.

use super::open_set::approx_eq;
use super::search::{ReplanSearch, ReplanVariant, usable};
use crate::topology::{Heuristic, StepCost, Topology};

impl<C: StepCost, H: Heuristic> ReplanSearch<C, H> {
    /// Fills `self.path` and `self.path_cost`; `false` when the walk does not reach the root
    /// within the node count (a damaged state, or zero-cost cycles).
    pub(super) fn extract_path<T: Topology>(&mut self, topology: &T) -> bool {
        let lpa = self.variant == ReplanVariant::LpaStar;
        let mut path = core::mem::take(&mut self.path);
        path.clear();
        let mut u = self.focus;
        path.push(u);
        let mut ok = true;
        while u != self.root {
            if path.len() > self.node_count as usize {
                ok = false;
                break;
            }
            // (node, value, settled) of the best so far.
            let mut best: Option<(u32, f64, bool)> = None;
            let (g, rhs, cost) = (&self.g, &self.rhs, &self.cost);
            topology.for_each_neighbor(u, |v, base| {
                let c = if lpa {
                    cost.cost(v, u, base)
                } else {
                    cost.cost(u, v, base)
                };
                let gv = g[v as usize];
                if !usable(c) || !gv.is_finite() {
                    return;
                }
                let value = gv + c;
                let settled = approx_eq(gv, rhs[v as usize]);
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
                let c = self.move_cost(topology, pair[0], pair[1]);
                total += c;
            }
            ok = total.is_finite();
        }
        if !ok {
            path.clear();
            total = f64::INFINITY;
        }
        self.path = path;
        self.path_cost = total;
        ok
    }

    /// The hooked cost of the move `a → b` (the first such move in `a`'s neighbour order), +∞
    /// if there is none.
    pub(super) fn move_cost<T: Topology>(&self, topology: &T, a: u32, b: u32) -> f64 {
        let mut found = f64::INFINITY;
        let mut seen = false;
        topology.for_each_neighbor(a, |v, base| {
            if !seen && v == b {
                seen = true;
                let c = self.cost.cost(a, b, base);
                if usable(c) {
                    found = c;
                }
            }
        });
        found
    }
}
