//! The ALT reference (spec: graphs.md, “ALT”): landmark tables, the lower bound and both
//! selection rules, written from the spec over an edge list with the O(V²) Dijkstra of
//! [`graph_ref`](crate::graph_ref) (extended with parents and settle order).

// Index loops over node ids mirror the spec's notation (`for v in 0..N`).
#![allow(clippy::needless_range_loop, clippy::if_not_else)]

/// Distances, parents (`u32::MAX` none) and settle order from `root` over `edges` (followed
/// backwards when `reverse`): linear-scan Dijkstra, the smallest distance settling first and
/// the smaller id on ties; a parent changes only on strict improvement, edges of a node in
/// list order.
pub fn tree(
    nodes: u32,
    edges: &[(u32, u32, f64)],
    root: u32,
    reverse: bool,
) -> (Vec<f64>, Vec<u32>, Vec<u32>) {
    let n = nodes as usize;
    let mut dist = vec![f64::INFINITY; n];
    let mut parent = vec![u32::MAX; n];
    let mut done = vec![false; n];
    let mut order = Vec::new();
    dist[root as usize] = 0.0;
    while let Some(u) = crate::dijkstra_ref::cheapest_unsettled(&dist, &done) {
        done[u] = true;
        order.push(u as u32);
        for &(a, b, w) in edges {
            let (from, to) = if reverse { (b, a) } else { (a, b) };
            if from as usize == u && !done[to as usize] {
                let d = dist[u] + w;
                if d < dist[to as usize] {
                    dist[to as usize] = d;
                    parent[to as usize] = u as u32;
                }
            }
        }
    }
    (dist, parent, order)
}

/// The documented root generator: SplitMix64 (`state += 0x9E3779B97F4A7C15`, then the
/// variant-13 mix), and `NextInt(N) = (low 32 bits of the output * N) >> 32`.
pub struct Roots(u64);

impl Roots {
    /// The generator of `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }
    /// The next root in `0..n`.
    pub fn next_int(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u64::from(z as u32) * u64::from(n)) >> 32) as u32
    }
}

/// Landmark ids and tables (`fwd[l][v] = d(L, v)`, `bwd[l][v] = d(v, L)`).
pub struct AltRef {
    /// Landmark ids in order.
    pub ids: Vec<u32>,
    /// Forward tables.
    pub fwd: Vec<Vec<f64>>,
    /// Backward tables.
    pub bwd: Vec<Vec<f64>>,
}

impl AltRef {
    /// The spec's lower bound from `u` to `v`.
    pub fn lower_bound(&self, u: u32, v: u32) -> f64 {
        let (u, v) = (u as usize, v as usize);
        let mut best = 0.0f64;
        for l in 0..self.ids.len() {
            if self.fwd[l][u].is_finite() {
                best = best.max(self.fwd[l][v] - self.fwd[l][u]);
            }
            if self.bwd[l][v].is_finite() {
                best = best.max(self.bwd[l][u] - self.bwd[l][v]);
            }
        }
        best
    }

    /// Builds `count` landmarks with *Farthest* (`avoid == false`) or *Avoid*.
    pub fn build(
        nodes: u32,
        edges: &[(u32, u32, f64)],
        count: u32,
        avoid: bool,
        seed: u64,
    ) -> Self {
        let n = nodes as usize;
        let mut me = Self {
            ids: vec![],
            fwd: vec![],
            bwd: vec![],
        };
        let mut roots = Roots::new(seed);
        for _ in 0..count.min(nodes) {
            let r = roots.next_int(nodes);
            let free = |v: usize, ids: &[u32]| !ids.contains(&(v as u32));
            let mut pick: Option<u32> = None;
            if !avoid {
                let score: Vec<f64> = if me.ids.is_empty() {
                    tree(nodes, edges, r, false).0
                } else {
                    (0..n)
                        .map(|v| me.fwd.iter().map(|t| t[v]).fold(f64::INFINITY, f64::min))
                        .collect()
                };
                let mut best = f64::NEG_INFINITY;
                for v in 0..n {
                    if free(v, &me.ids) && score[v].is_finite() && score[v] > best {
                        best = score[v];
                        pick = Some(v as u32);
                    }
                }
            } else {
                let (d, parent, order) = tree(nodes, edges, r, false);
                let mut size = vec![0.0; n];
                let mut blocked = vec![false; n];
                for &v in &order {
                    size[v as usize] = d[v as usize] - me.lower_bound(r, v);
                    blocked[v as usize] = !free(v as usize, &me.ids);
                }
                for &v in order.iter().rev() {
                    let p = parent[v as usize];
                    if p != u32::MAX {
                        size[p as usize] += size[v as usize];
                        blocked[p as usize] |= blocked[v as usize];
                    }
                }
                for v in 0..n {
                    if blocked[v] {
                        size[v] = 0.0;
                    }
                }
                let mut top: Option<usize> = None;
                for v in 0..n {
                    if d[v].is_finite() && size[v] > 0.0 && top.is_none_or(|t| size[v] > size[t]) {
                        top = Some(v);
                    }
                }
                if let Some(mut w) = top {
                    loop {
                        let mut next: Option<usize> = None;
                        for c in 0..n {
                            if parent[c] == w as u32 && next.is_none_or(|b| size[c] > size[b]) {
                                next = Some(c);
                            }
                        }
                        match next {
                            Some(c) => w = c,
                            None => break,
                        }
                    }
                    pick = Some(w as u32);
                }
            }
            let l =
                pick.unwrap_or_else(|| (0..nodes).find(|&v| free(v as usize, &me.ids)).unwrap());
            me.ids.push(l);
            me.fwd.push(tree(nodes, edges, l, false).0);
            me.bwd.push(tree(nodes, edges, l, true).0);
        }
        me
    }
}
