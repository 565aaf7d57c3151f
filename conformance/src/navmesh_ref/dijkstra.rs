//! The plain O(n²) Dijkstra the reference's shortest-path oracles share (corridor, region and
//! sleeve: `corridor.rs`, `visibility.rs`, `sleeve.rs`). Written once so the three differ only
//! in their nodes and in which pairs may be joined, never in how the search settles them.

/// Dijkstra from node 0 over `n` nodes, every pair a candidate edge: `length(u, v)` is the
/// edge's length or `None` for no edge, and `visible(u, v)`, asked only when the edge would
/// improve `v`, is the (costly) exact test that the edge is allowed. The nearest unsettled node
/// is settled first (the lower index on ties); the search stops at the first settled node for
/// which `stop` holds and returns its distance and the node chain from 0 to it, or `None` when
/// no such node is reachable.
pub fn dense_dijkstra(
    n: usize,
    stop: impl Fn(usize) -> bool,
    length: impl Fn(usize, usize) -> Option<f64>,
    visible: impl Fn(usize, usize) -> bool,
) -> Option<(f64, Vec<usize>)> {
    let mut dist = vec![f64::INFINITY; n];
    let mut parent = vec![usize::MAX; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    loop {
        let mut best = usize::MAX;
        for i in 0..n {
            if !done[i] && dist[i].is_finite() && (best == usize::MAX || dist[i] < dist[best]) {
                best = i;
            }
        }
        if best == usize::MAX {
            return None;
        }
        done[best] = true;
        if stop(best) {
            let mut chain = vec![best];
            let mut at = best;
            while at != 0 {
                at = parent[at];
                chain.push(at);
            }
            chain.reverse();
            return Some((dist[best], chain));
        }
        for j in 0..n {
            if done[j] {
                continue;
            }
            let Some(step) = length(best, j) else {
                continue;
            };
            let d = dist[best] + step;
            if d < dist[j] && visible(best, j) {
                dist[j] = d;
                parent[j] = best;
            }
        }
    }
}
