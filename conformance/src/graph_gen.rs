//! Generated test graphs for the graph suites (spec: graphs.md, “Verification”): sparse
//! directed graphs with zero weights, dense graphs, grid-like and road-like graphs. Plain data
//! (node count, edge triples, optional positions), so the references need nothing from the
//! engine.

use crate::rng::SplitMix64;

/// The four generated shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphShape {
    /// Directed, about 2 edges per node, integer weights `0..=5` (a third of them zero),
    /// parallel edges and self-loops allowed; no positions.
    SparseDirected,
    /// Directed, about half of all ordered pairs, integer weights `1..=20`; no positions.
    Dense,
    /// A lattice with holes: 4-neighbour links in both directions, integer weights at least
    /// the distance between the endpoints; positions are the lattice points.
    GridLike,
    /// Random points in a square, each linked both ways to a few of its nearest points, integer
    /// weights at least the distance; positions given.
    RoadLike,
}

/// All shapes, in a fixed order.
pub const SHAPES: [GraphShape; 4] = [
    GraphShape::SparseDirected,
    GraphShape::Dense,
    GraphShape::GridLike,
    GraphShape::RoadLike,
];

/// A generated graph.
#[derive(Clone, Debug)]
pub struct GraphCase {
    /// Node count.
    pub nodes: u32,
    /// Directed edges `(from, to, weight)`, in input order.
    pub edges: Vec<(u32, u32, f64)>,
    /// Node positions `(x, y, z)` when the shape has them: every weight is then at least the
    /// straight-line distance `sqrt((dx*dx + dy*dy) + dz*dz)` of its endpoints.
    pub positions: Option<Vec<(f64, f64, f64)>>,
}

/// Straight-line distance, evaluated as `sqrt((dx*dx + dy*dy) + dz*dz)`.
pub fn distance(a: (f64, f64, f64), b: (f64, f64, f64)) -> f64 {
    let (dx, dy, dz) = (a.0 - b.0, a.1 - b.1, a.2 - b.2);
    ((dx * dx + dy * dy) + dz * dz).sqrt()
}

/// An integer weight at least the distance of `a` and `b`, plus `0..=extra`.
fn geometric_weight(r: &mut SplitMix64, a: (f64, f64, f64), b: (f64, f64, f64), extra: u64) -> f64 {
    distance(a, b).floor() + 1.0 + r.below(extra + 1) as f64
}

/// The graph of `shape` for `seed`, with about `size` nodes (at least 2).
pub fn generate(shape: GraphShape, seed: u64, size: u32) -> GraphCase {
    let mut r = SplitMix64::new(seed ^ 0x6772_6170_6873);
    let n = size.max(2);
    match shape {
        GraphShape::SparseDirected => {
            let m = 2 * n as u64 + r.below(n as u64);
            let edges = (0..m)
                .map(|_| {
                    let a = r.below(n.into()) as u32;
                    let b = r.below(n.into()) as u32;
                    let w = if r.chance(0.33) {
                        0.0
                    } else {
                        (1 + r.below(5)) as f64
                    };
                    (a, b, w)
                })
                .collect();
            GraphCase {
                nodes: n,
                edges,
                positions: None,
            }
        }
        GraphShape::Dense => {
            let n = n.min(40);
            let mut edges = Vec::new();
            for a in 0..n {
                for b in 0..n {
                    if a != b && r.chance(0.5) {
                        edges.push((a, b, (1 + r.below(20)) as f64));
                    }
                }
            }
            GraphCase {
                nodes: n,
                edges,
                positions: None,
            }
        }
        GraphShape::GridLike => {
            let w = ((f64::from(n)).sqrt() as u32).max(2);
            let h = n.div_ceil(w).max(2);
            let n = w * h;
            let pos: Vec<_> = (0..n)
                .map(|v| (f64::from(v % w) * 2.0, f64::from(v / w) * 2.0, 0.0))
                .collect();
            let holes: Vec<bool> = (0..n).map(|_| r.chance(0.15)).collect();
            let mut edges = Vec::new();
            for v in 0..n {
                if holes[v as usize] {
                    continue;
                }
                let (x, y) = (v % w, v / w);
                let mut link = |a: u32, b: u32, r: &mut SplitMix64| {
                    if !holes[b as usize] {
                        edges.push((
                            a,
                            b,
                            geometric_weight(r, pos[a as usize], pos[b as usize], 2),
                        ));
                        edges.push((
                            b,
                            a,
                            geometric_weight(r, pos[a as usize], pos[b as usize], 2),
                        ));
                    }
                };
                if x + 1 < w {
                    link(v, v + 1, &mut r);
                }
                if y + 1 < h {
                    link(v, v + w, &mut r);
                }
            }
            GraphCase {
                nodes: n,
                edges,
                positions: Some(pos),
            }
        }
        GraphShape::RoadLike => {
            let side = 100.0;
            let pos: Vec<_> = (0..n)
                .map(|_| {
                    (
                        (r.unit_f64() * side).floor(),
                        (r.unit_f64() * side).floor(),
                        0.0,
                    )
                })
                .collect();
            let mut edges = Vec::new();
            for a in 0..n {
                // Link to the 2-3 nearest other points (ties to the smaller index).
                let mut order: Vec<u32> = (0..n).filter(|&b| b != a).collect();
                order.sort_by(|&b, &c| {
                    let db = distance(pos[a as usize], pos[b as usize]);
                    let dc = distance(pos[a as usize], pos[c as usize]);
                    db.total_cmp(&dc).then(b.cmp(&c))
                });
                let k = 2 + r.below(2) as usize;
                for &b in order.iter().take(k) {
                    let w = geometric_weight(&mut r, pos[a as usize], pos[b as usize], 3);
                    edges.push((a, b, w));
                    // Mostly two-way roads; some one-way.
                    if !r.chance(0.1) {
                        edges.push((b, a, w));
                    }
                }
            }
            GraphCase {
                nodes: n,
                edges,
                positions: Some(pos),
            }
        }
    }
}
