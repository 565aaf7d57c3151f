//! Path extraction of [`ReplanSearch`] (spec: grids.md, “Incremental replanning”, “Path”).
//!
//! From the focus, step repeatedly to the neighbour minimising `g(v) + move cost` (D* Lite: the
//! move `node → v`, walking start to goal; LPA*: the move `v → node`, walking goal to start,
//! then reversed). Settled neighbours (`g == rhs` within the tolerance) are preferred, because
//! a queued neighbour may hold an out-of-date `g`; ties keep the first in neighbour order. The
//! reported cost is the exact sum of the path's step costs in start-to-goal order.
//!
//! Zero-cost moves follow our reading of the spec, rules 1–3 of the module docs of
//! [`replan`](super) (“Zero-cost moves”); rule 4 (begin again) is in `search.rs`.

use alloc::vec::Vec;

use super::open_set::approx_eq;
use super::search::{ReplanSearch, ReplanVariant, usable};
use crate::topology::{Heuristic, StepCost, Topology};

/// The per-node mark of a node the walk has entered (a bit no other user of the marks sets).
const ON_WALK: u8 = 0x80;

/// What a path walk reads: the variant, the endpoints and the node count it is bounded by.
#[derive(Clone, Copy)]
pub(super) struct Walk {
    pub(super) lpa: bool,
    pub(super) focus: u32,
    pub(super) root: u32,
    pub(super) node_count: u32,
}

/// The spec's choice at one node: `(node, value, settled)`, settled first, then the smaller
/// value, then the first in neighbour order.
type Choice = Option<(u32, f64, bool)>;

fn better(candidate: (f64, bool), best: Choice) -> bool {
    let (value, settled) = candidate;
    match best {
        None => true,
        Some((_, b, s)) => (settled && !s) || (settled == s && value < b),
    }
}

/// Walks from the focus to the root over the values `g` and `rhs` give (the engine's arrays,
/// or a snapshot's bytes before a restore commits), into `path` (start to goal); returns
/// whether the walk reached the root with a finite cost, and the cost (the exact sum of the
/// steps in start-to-goal order; +∞ and an empty `path` on failure). `marks` holds one byte
/// per node (grown to the node count if shorter); the walk sets and clears its own bit only.
/// The rule is the parent module's (“Zero-cost moves”, rules 1–3).
pub(super) fn walk_path<T: Topology, C: StepCost>(
    topology: &T,
    cost: &C,
    w: Walk,
    g: impl Fn(usize) -> f64,
    rhs: impl Fn(usize) -> f64,
    marks: &mut Vec<u8>,
    path: &mut Vec<u32>,
) -> (bool, f64) {
    let lpa = w.lpa;
    let n = w.node_count as usize;
    if marks.len() < n {
        marks.resize(n, 0);
    }
    path.clear();
    let mut backed_out = false;
    let mut ok = (w.focus as usize) < n;
    if ok {
        path.push(w.focus);
        marks[w.focus as usize] |= ON_WALK;
    }
    while ok {
        let Some(&u) = path.last() else {
            ok = false;
            break;
        };
        if u == w.root {
            break;
        }
        // The spec's choice among all neighbours, and among those not yet entered.
        let mut best_all: Choice = None;
        let mut best_new: Choice = None;
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
            if better((value, settled), best_all) {
                best_all = Some((v, value, settled));
            }
            if marks.get(v as usize).is_some_and(|m| m & ON_WALK == 0)
                && better((value, settled), best_new)
            {
                best_new = Some((v, value, settled));
            }
        });
        match (best_new, best_all) {
            (Some((v, value, settled)), Some((_, b, s))) if settled == s && approx_eq(value, b) => {
                marks[v as usize] |= ON_WALK;
                path.push(v);
            }
            _ => {
                // A dead end: back out (the node stays marked).
                path.pop();
                backed_out = true;
            }
        }
    }
    // Clear the walk's bit: on the path's nodes, or everywhere when nodes were backed out of.
    if backed_out {
        for m in marks.iter_mut().take(n) {
            *m &= !ON_WALK;
        }
    } else {
        for &u in path.iter() {
            marks[u as usize] &= !ON_WALK;
        }
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
    /// (a damaged state).
    pub(super) fn extract_path<T: Topology>(&mut self, topology: &T) -> bool {
        let mut path = core::mem::take(&mut self.path);
        let mut marks = core::mem::take(&mut self.marks);
        let (g, rhs) = (&self.g, &self.rhs);
        let (ok, total) = walk_path(
            topology,
            &self.cost,
            self.walk(),
            |i| g[i],
            |i| rhs[i],
            &mut marks,
            &mut path,
        );
        self.marks = marks;
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
