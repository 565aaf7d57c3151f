//! The corridor search (docs §7), step by step with a linear-scan open list: A* over portal
//! crossings (half-edges), so that the order of pops, the corridor and the iteration count of an
//! independent implementation can be compared with the engine's.

use super::bake::RefMesh;
use super::locate::locate;
use super::{UNIT, segment_length};

/// What the reference search returns.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchResult {
    /// `locate(start)` is none.
    StartInvalid,
    /// `locate(goal)` is none.
    GoalInvalid,
    /// The open list ran empty; pops made.
    NoPath {
        /// Pops (one iteration each).
        iterations: u64,
    },
    /// The goal node was popped.
    Found {
        /// Polygon ids from the start's polygon to the goal's.
        corridor: Vec<u32>,
        /// Pops, the goal's included.
        iterations: u64,
        /// The goal node's `g`.
        g: f64,
    },
}

/// The midpoint of edge `k` of polygon `p`, fixed-point (exact: `UNIT` is even).
fn midpoint(mesh: &RefMesh, p: u32, k: u32) -> [i64; 2] {
    let v = &mesh.polys[p as usize].verts;
    let (a, b) = (v[k as usize], v[(k as usize + 1) % v.len()]);
    [(a[0] + b[0]) * (UNIT / 2), (a[1] + b[1]) * (UNIT / 2)]
}

/// The parent of a node reached from the start point.
const START: usize = usize::MAX - 1;

/// The open/closed records (a linear-scan open list).
struct Records {
    g: Vec<f64>,
    open: Vec<bool>,
    closed: Vec<bool>,
    parent: Vec<usize>,
}

impl Records {
    /// Offers `id` the cost `ng` from `from`: taken only when strictly smaller, never reopening.
    fn offer(&mut self, id: usize, ng: f64, from: usize) {
        if !self.closed[id] && ng < self.g[id] {
            self.g[id] = ng;
            self.open[id] = true;
            self.parent[id] = from;
        }
    }
}

/// Runs the search of docs §7 from `start` to `goal` (fixed-point).
pub fn search(mesh: &RefMesh, start: [i64; 2], goal: [i64; 2]) -> SearchResult {
    let verts = mesh.vertex_lists();
    let Some(sp) = locate(&verts, start) else {
        return SearchResult::StartInvalid;
    };
    let Some(gp) = locate(&verts, goal) else {
        return SearchResult::GoalInvalid;
    };
    // Global half-edge ids: (polygon, edge) in polygon order, then edge order.
    let mut first = Vec::with_capacity(verts.len());
    let mut total = 0u32;
    for v in &verts {
        first.push(total);
        total += v.len() as u32;
    }
    let goal_id = total as usize;
    let n = goal_id + 1;
    // Node id -> (polygon, edge) for the crossings.
    let mut of_id = vec![(0u32, 0u32); goal_id];
    for (p, v) in verts.iter().enumerate() {
        for k in 0..v.len() {
            of_id[(first[p] + k as u32) as usize] = (p as u32, k as u32);
        }
    }
    let pos = |id: usize| {
        if id == goal_id {
            goal
        } else {
            midpoint(mesh, of_id[id].0, of_id[id].1)
        }
    };
    let h = |id: usize| {
        if id == goal_id {
            0.0
        } else {
            segment_length(pos(id), goal)
        }
    };
    let mut st = Records {
        g: vec![f64::INFINITY; n],
        open: vec![false; n],
        closed: vec![false; n],
        parent: vec![usize::MAX; n],
    };
    for (k, l) in mesh.polys[sp as usize].links.iter().enumerate() {
        if l.is_some() {
            let id = (first[sp as usize] + k as u32) as usize;
            st.offer(id, segment_length(start, pos(id)), START);
        }
    }
    if sp == gp {
        st.offer(goal_id, segment_length(start, goal), START);
    }
    let mut iterations = 0u64;
    loop {
        // Pop: smaller f, then larger g, then smaller id.
        let mut best: Option<usize> = None;
        for id in 0..n {
            if !st.open[id] {
                continue;
            }
            best = match best {
                None => Some(id),
                Some(b) => {
                    let (fi, fb) = (st.g[id] + h(id), st.g[b] + h(b));
                    if fi < fb || (fi == fb && st.g[id] > st.g[b]) {
                        Some(id)
                    } else {
                        Some(b)
                    }
                }
            };
        }
        let Some(u) = best else {
            return SearchResult::NoPath { iterations };
        };
        iterations += 1;
        st.open[u] = false;
        st.closed[u] = true;
        if u == goal_id {
            let mut corridor = vec![gp];
            let mut at = st.parent[u];
            while at != START {
                let (p, _) = of_id[at];
                corridor.push(p);
                at = st.parent[at];
            }
            // corridor holds goal, then the polygons crossed from, backwards; the crossing
            // (P, k) leads out of P, so the list is [goal, P_last, ..., start].
            corridor.reverse();
            return SearchResult::Found {
                corridor,
                iterations,
                g: st.g[u],
            };
        }
        let (p, k) = of_id[u];
        let (q, j) = mesh.polys[p as usize].links[k as usize].expect("crossings are linked edges");
        let here = pos(u);
        for (m, l) in mesh.polys[q as usize].links.iter().enumerate() {
            if l.is_some() && m as u32 != j {
                let id = (first[q as usize] + m as u32) as usize;
                st.offer(id, st.g[u] + segment_length(here, pos(id)), u);
            }
        }
        if q == gp {
            st.offer(goal_id, st.g[u] + segment_length(here, goal), u);
        }
    }
}
