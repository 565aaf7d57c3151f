//! [`Landmarks`] serialization, format `OPLM` version 1 (spec: graphs.md, “ALT”), and
//! [`LandmarkError`].
//!
//! Little-endian: `"OPLM"`, u32 format version `1`, i32 node count N, i32 landmark count k,
//! u64 graph fingerprint, k × i32 landmark ids, the forward table then the backward table
//! (k × N f64 bit patterns each, landmark-major: `table[l * N + v]`). Exactly
//! `24 + 4k + 16kN` bytes.

use alloc::vec;
use alloc::vec::Vec;

use super::landmark_error::{LANDMARK_VERSION, LandmarkError, LandmarkTable};
use super::landmarks::Landmarks;
use crate::graph::CsrGraph;

/// `OPLM`.
pub const LANDMARK_MAGIC: [u8; 4] = *b"OPLM";

const HEAD: usize = 4 + 4 + 4 + 4 + 8;

fn le_u32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
}

fn le_f64(b: &[u8], o: usize) -> f64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[o..o + 8]);
    f64::from_bits(u64::from_le_bytes(a))
}

impl Landmarks {
    /// Bytes [`serialize`](Landmarks::serialize) writes: `24 + 4k + 16kN`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// assert_eq!(lm.serialized_len(), 24 + 4 * 2 + 16 * 2 * 10);
    /// assert_eq!(lm.serialize().len(), lm.serialized_len());
    /// ```
    pub fn serialized_len(&self) -> usize {
        HEAD + self.ids.len() * 4 + self.rows.len() * 8
    }

    /// The tables in format `OPLM` version 1 (see the module documentation).
    ///
    /// # Complexity
    ///
    /// O(kN); allocates the result.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// let bytes = lm.serialize(); // store it beside the map
    /// assert_eq!(&bytes[..4], b"OPLM");
    /// assert_eq!(Landmarks::deserialize(&bytes, &g).unwrap(), lm);
    /// ```
    pub fn serialize(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_len());
        out.extend_from_slice(&LANDMARK_MAGIC);
        out.extend_from_slice(&LANDMARK_VERSION.to_le_bytes());
        out.extend_from_slice(&self.node_count.to_le_bytes());
        out.extend_from_slice(&(self.ids.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.fingerprint.to_le_bytes());
        for id in &self.ids {
            out.extend_from_slice(&id.to_le_bytes());
        }
        // Landmark-major on disk: transpose the node-major rows (forward at even offsets).
        let k = self.ids.len();
        for side in 0..2 {
            for l in 0..k {
                for v in 0..self.node_count as usize {
                    let d = self.rows[(v * k + l) * 2 + side];
                    out.extend_from_slice(&d.to_bits().to_le_bytes());
                }
            }
        }
        out
    }

    /// Reads tables written by [`serialize`](Landmarks::serialize) for `graph`. Strict:
    /// exact length, count in `1..=N`, node count and fingerprint equal to the graph's, ids in
    /// range, every distance `>= 0` or `+∞`, every landmark at distance 0 from itself in both
    /// tables, and the tables *feasible* for `graph` — the forward table landmark by landmark,
    /// then the backward table, each landmark's edges in slot order, then its reachability:
    ///
    /// - for every edge `u -> v` of weight `w`: forward, `d(L, u)` finite implies `d(L, v)`
    ///   finite and `d(L, v) <= d(L, u) + w`; backward, `d(v, L)` finite implies `d(u, L)`
    ///   finite and `d(u, L) <= w + d(v, L)`; each sum rounded to nearest as Dijkstra's
    ///   algorithm rounds it (`+∞` when it overflows, above every finite value);
    /// - a finite `d(L, v)` only for `v` reachable from `L`, a finite `d(v, L)` only for `v`
    ///   that reaches `L`.
    ///
    /// Nothing is allocated before the length is proved.
    ///
    /// **Why this rule.** Every table [`build`](Landmarks::build) makes passes it (Dijkstra
    /// leaves `d(v) <= fl(d(u) + w)` on every edge), and it is the tightest rule that does: no
    /// double lies strictly between an exact sum and its rounding, so a value the rule admits
    /// is below the exact `d(L, u) + w` or equal to its rounding. Then, along any path `P`
    /// from `u` to `v`, `d(L, v) - d(L, u)` is at most the cost of `P` plus the rounding of the
    /// partial sums (and `d(u, L) - d(v, L)` likewise), so the bound is admissible and
    /// consistent exactly where those sums are exact — integer or dyadic weights whose sums
    /// fit the mantissa — and otherwise above a distance by at most the rounding
    /// [`Landmarks`] states and tests ("What holds": `γ(2k + 1) · (c + M)`); `+∞` propagates along edges,
    /// so the bound says "unreachable" only when no path exists. The reachability rule pins
    /// the magnitudes: by induction from `d(L, L) = 0` along shortest paths every finite value
    /// is at most the distance `build` would have stored, so the rounding a table can hold is
    /// never that of values larger than the graph's own distances (a component the landmark
    /// does not reach cannot carry values near 2^53 whose rounding doubles the bound).
    ///
    /// # Errors
    ///
    /// The [`LandmarkError`] naming the first check that fails, in the order above (magic and
    /// version first); [`LandmarkError::Infeasible`] names the landmark and the edge,
    /// [`LandmarkError::Unreachable`] the landmark and the node. Never panics.
    ///
    /// # Complexity
    ///
    /// O(k (V + E)); holds the landmark-major tables (16 kN bytes) beside the node-major copy
    /// while it rearranges them, plus 5 N bytes of reachability scratch.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge};
    /// # use onepath::graph_search::{LandmarkOptions, Landmarks};
    /// # let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// # let g = CsrGraph::new(10, &edges).unwrap(); // a directed line 0 -> 1 -> … -> 9
    /// # let lm = Landmarks::build(&g, &LandmarkOptions { count: 2, ..LandmarkOptions::DEFAULT }).unwrap();
    /// let mut bytes = lm.serialize();
    /// assert_eq!(Landmarks::deserialize(&bytes, &g).unwrap(), lm);
    /// // Tables that could overestimate a distance are refused, whatever the bytes say.
    /// let last = bytes.len() - 8;
    /// bytes[last..].copy_from_slice(&1e9f64.to_le_bytes());
    /// assert!(Landmarks::deserialize(&bytes, &g).is_err());
    /// assert!(Landmarks::deserialize(&bytes[..10], &g).is_err());
    /// ```
    pub fn deserialize(bytes: &[u8], graph: &CsrGraph) -> Result<Self, LandmarkError> {
        let found = bytes.len() as u64;
        if bytes.len() < HEAD {
            if bytes.len() >= 4 && bytes[..4] != LANDMARK_MAGIC {
                return Err(LandmarkError::BadMagic);
            }
            return Err(LandmarkError::Length {
                expected: HEAD as u64,
                found,
            });
        }
        if bytes[..4] != LANDMARK_MAGIC {
            return Err(LandmarkError::BadMagic);
        }
        let version = le_u32(bytes, 4);
        if version != LANDMARK_VERSION {
            return Err(LandmarkError::UnsupportedVersion { found: version });
        }
        let n_read = i64::from(le_u32(bytes, 8) as i32);
        let k_read = i64::from(le_u32(bytes, 12) as i32);
        let mut fp = [0u8; 8];
        fp.copy_from_slice(&bytes[16..24]);
        let fingerprint = u64::from_le_bytes(fp);
        let n = graph.node_count();
        if n_read != i64::from(n) {
            return Err(LandmarkError::NodeCount {
                found: n_read,
                expected: n,
            });
        }
        if k_read < 1 || k_read > i64::from(n) {
            return Err(LandmarkError::Count {
                count: k_read,
                node_count: n,
            });
        }
        let k = k_read as u64;
        let expected = HEAD as u64 + 4 * k + 16 * k * u64::from(n);
        if found != expected {
            return Err(LandmarkError::Length { expected, found });
        }
        if fingerprint != graph.fingerprint() {
            return Err(LandmarkError::Stale {
                expected: graph.fingerprint(),
                found: fingerprint,
            });
        }
        let (k, nn) = (k as usize, n as usize);
        let mut ids = Vec::with_capacity(k);
        for i in 0..k {
            let id = le_u32(bytes, HEAD + 4 * i) as i32;
            if id < 0 || id as u32 >= n {
                return Err(LandmarkError::Id {
                    index: i as u32,
                    id: i64::from(id),
                });
            }
            ids.push(id as u32);
        }
        let base = HEAD + 4 * k;
        let read_table = |t: usize, table: LandmarkTable| -> Result<Vec<f64>, LandmarkError> {
            let start = base + t * 8 * k * nn;
            let mut v = Vec::with_capacity(k * nn);
            for i in 0..k * nn {
                let d = le_f64(bytes, start + 8 * i);
                if d.is_nan() || d < 0.0 {
                    return Err(LandmarkError::Distance {
                        table,
                        index: i as u64,
                        value: d,
                    });
                }
                v.push(d);
            }
            for (l, &id) in ids.iter().enumerate() {
                let d = v[l * nn + id as usize];
                if d != 0.0 {
                    return Err(LandmarkError::SelfDistance {
                        table,
                        landmark: l as u32,
                        value: d,
                    });
                }
            }
            Ok(v)
        };
        let forward = read_table(0, LandmarkTable::Forward)?;
        let backward = read_table(1, LandmarkTable::Backward)?;
        check_feasible(graph, &ids, &forward, &backward)?;
        Ok(Self::from_tables(n, fingerprint, ids, &forward, &backward))
    }
}

/// The feasibility rule of `OPLM` tables (see [`Landmarks::deserialize`]): the forward table,
/// landmark by landmark, then the backward table, each landmark's edges in slot order and then
/// its reachability. `forward` and `backward` are landmark-major (`k × N`), every value
/// already known to be `>= 0` or `+∞` with the landmark's own entry 0.
///
/// # Errors
///
/// [`LandmarkError::Infeasible`] at the first edge that breaks the triangle inequality,
/// [`LandmarkError::Unreachable`] at the first finite distance between a landmark and a node
/// the graph does not connect.
///
/// # Complexity
///
/// O(k (V + E)); V bytes of marks and up to 4 V of stack.
pub(super) fn check_feasible(
    graph: &CsrGraph,
    ids: &[u32],
    forward: &[f64],
    backward: &[f64],
) -> Result<(), LandmarkError> {
    let n = graph.node_count() as usize;
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    for (table, tables) in [
        (LandmarkTable::Forward, forward),
        (LandmarkTable::Backward, backward),
    ] {
        for (l, (&id, d)) in ids.iter().zip(tables.chunks_exact(n.max(1))).enumerate() {
            let check = Check {
                graph,
                table,
                landmark: l as u32,
                d,
            };
            check.edges()?;
            check.reachable(id, &mut seen, &mut stack)?;
        }
    }
    Ok(())
}

/// One landmark's table (forward: `d[v] = d(L, v)`; backward: `d[v] = d(v, L)`).
struct Check<'a> {
    graph: &'a CsrGraph,
    table: LandmarkTable,
    landmark: u32,
    d: &'a [f64],
}

impl Check<'_> {
    /// The triangle inequality on every edge `u -> v` of weight `w`, as Dijkstra's algorithm
    /// leaves it: forward, `d[u]` finite implies `d[v]` finite and `d[v] <= d[u] + w`;
    /// backward, `d[v]` finite implies `d[u]` finite and `d[u] <= w + d[v]` (each sum rounded
    /// to nearest, and `+∞` when it overflows: the exact sum is then above every finite value).
    fn edges(&self) -> Result<(), LandmarkError> {
        let (g, d) = (self.graph, self.d);
        let (targets, weights) = (g.targets(), g.weights());
        for u in 0..g.node_count() {
            for slot in g.out_range(u) {
                let (v, w) = (targets[slot], weights[slot]);
                let (du, dv) = (d[u as usize], d[v as usize]);
                let ok = match self.table {
                    LandmarkTable::Forward => {
                        du == f64::INFINITY || (dv < f64::INFINITY && dv <= du + w)
                    }
                    LandmarkTable::Backward => {
                        dv == f64::INFINITY || (du < f64::INFINITY && du <= w + dv)
                    }
                };
                if !ok {
                    return Err(LandmarkError::Infeasible {
                        table: self.table,
                        landmark: self.landmark,
                        from: u,
                        to: v,
                        slot: slot as u64,
                        weight: w,
                    });
                }
            }
        }
        Ok(())
    }

    /// Every finite distance belongs to a node the graph connects with the landmark `root`
    /// (forward: reachable from it over out-edges; backward: reaching it, over in-edges).
    /// `seen` (N long) and `stack` are scratch.
    fn reachable(
        &self,
        root: u32,
        seen: &mut [bool],
        stack: &mut Vec<u32>,
    ) -> Result<(), LandmarkError> {
        let g = self.graph;
        seen.fill(false);
        stack.clear();
        seen[root as usize] = true;
        stack.push(root);
        while let Some(u) = stack.pop() {
            let (range, ends) = match self.table {
                LandmarkTable::Forward => (g.out_range(u), g.targets()),
                LandmarkTable::Backward => (g.in_range(u), g.sources()),
            };
            for &v in &ends[range] {
                if !seen[v as usize] {
                    seen[v as usize] = true;
                    stack.push(v);
                }
            }
        }
        match self
            .d
            .iter()
            .zip(seen.iter())
            .position(|(&x, &s)| x < f64::INFINITY && !s)
        {
            Some(v) => Err(LandmarkError::Unreachable {
                table: self.table,
                landmark: self.landmark,
                node: v as u32,
                value: self.d[v],
            }),
            None => Ok(()),
        }
    }
}
