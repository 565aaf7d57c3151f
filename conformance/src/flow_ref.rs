//! The flow field of a goal set, written from the spec's definitions (grids.md, “Flow fields
//! (many agents, one goal set)”) over any reference model: an O(n²) Dijkstra run backwards from
//! the goals (linear scan for the cheapest unsettled node), then the direction of every node
//! from the finished costs.
//!
//! - Goals the agent cannot stand on are inactive; active goals cost 0.
//! - `cost[n] = min over moves n -> u of cost[u] + step(n, u)`, the sum formed exactly so; the
//!   wave settles `u` and then offers `cost[u] + step(v, u)` to every `v` with a move `v -> u`.
//! - `next[n]`: the first target `u` of `moves(n)` (the spec's neighbour order) attaining the
//!   minimum of `cost[u] + step(n, u)`; `None` for active goals and unreachable nodes.

use crate::model::{Model, Pos};

/// A reference flow field: one cost and one optional next node id per node.
#[derive(Clone, Debug, PartialEq)]
pub struct RefField {
    /// Integration cost per node (`f64::INFINITY`: no goal reachable).
    pub cost: Vec<f64>,
    /// The node to step to, `None` for goals and unreachable nodes.
    pub next: Vec<Option<usize>>,
}

/// The field of `goals` over `model`.
pub fn flow_field<M: Model + ?Sized>(model: &M, goals: &[Pos]) -> RefField {
    let n = model.node_count();
    let mut cost = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    let mut is_goal = vec![false; n];
    for &g in goals {
        if let Some(i) = model.index(g)
            && model.is_position(g)
        {
            cost[i] = 0.0;
            is_goal[i] = true;
        }
    }
    // The nodes v with a move v -> u, found by asking every node (brute force, no symmetry
    // assumed): moves_into[u] = [(v, step(v, u))].
    let mut moves_into: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    for v in 0..n {
        for (to, step) in model.moves(model.pos(v)) {
            let u = model.index(to).expect("a move stays inside the grid");
            moves_into[u].push((v, step));
        }
    }
    while let Some(u) = crate::dijkstra_ref::cheapest_unsettled(&cost, &done) {
        done[u] = true;
        for &(v, step) in &moves_into[u] {
            let candidate = cost[u] + step;
            if candidate < cost[v] {
                cost[v] = candidate;
            }
        }
    }
    let next = (0..n)
        .map(|i| {
            if is_goal[i] || !cost[i].is_finite() {
                return None;
            }
            let mut best = f64::INFINITY;
            let mut arg = None;
            for (to, step) in model.moves(model.pos(i)) {
                let u = model.index(to).expect("inside");
                let v = cost[u] + step;
                if v < best {
                    best = v;
                    arg = Some(u);
                }
            }
            arg
        })
        .collect();
    RefField { cost, next }
}
