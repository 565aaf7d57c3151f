//! The graph reference (spec: graphs.md, “Search”, “Verification”): an O(V²) Dijkstra over an
//! edge list — no heap, no CSR — and an edge-by-edge path check.

/// Distances from `source` to every node over the directed `edges` of a graph with `nodes`
/// nodes (`+∞` when unreachable), by Dijkstra's algorithm (1959) with a linear scan for the
/// next node: O(V² + V·E), written for clarity, not speed.
///
/// With `reverse` the edges are followed backwards (distances *to* `source`).
pub fn dijkstra(nodes: u32, edges: &[(u32, u32, f64)], source: u32, reverse: bool) -> Vec<f64> {
    let n = nodes as usize;
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[source as usize] = 0.0;
    while let Some(u) = crate::dijkstra_ref::cheapest_unsettled(&dist, &done) {
        done[u] = true;
        for &(a, b, w) in edges {
            let (from, to) = if reverse { (b, a) } else { (a, b) };
            if from as usize == u {
                let d = dist[u] + w;
                if d < dist[to as usize] {
                    dist[to as usize] = d;
                }
            }
        }
    }
    dist
}

/// Checks `path` edge by edge against `edges`: it starts at `start`, ends at `goal`, every
/// consecutive pair is an edge, and the weights (the cheapest parallel edge each time) summed
/// in path order give the returned cost. Returns that cost, or a description of the fault.
///
/// # Errors
///
/// A message naming the first fault.
pub fn check_path(
    edges: &[(u32, u32, f64)],
    path: &[u32],
    start: u32,
    goal: u32,
) -> Result<f64, String> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(format!("path {path:?} does not run {start} -> {goal}"));
    }
    let mut cost = 0.0;
    for pair in path.windows(2) {
        let w = edges
            .iter()
            .filter(|e| e.0 == pair[0] && e.1 == pair[1])
            .map(|e| e.2)
            .fold(f64::INFINITY, f64::min);
        if w == f64::INFINITY {
            return Err(format!(
                "path step {} -> {} is not an edge",
                pair[0], pair[1]
            ));
        }
        cost += w;
    }
    Ok(cost)
}
