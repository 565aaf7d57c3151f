//! Issue 27, kinds 12 (`GraphAStar`) and 13 (`BidirectionalGraphSearch`): restore accepts only
//! states the search can reach — parents legal *and* closed records relaxed (each side over its
//! own direction), finished states ones the loop stops in, `mu` the best meeting of the reached
//! records — and a refusal leaves the target byte-identical.
//!
//! The reproducers are the outside attack's snapshots (resealed with a valid checksum). The
//! property tests check both directions: every state the engine saves after any number of pops
//! restores and continues bit for bit, and randomized *consistent* edits of those states (open
//! leaves dropped or closed, records pruned to a parent-closed subset, leaves re-pointed,
//! counters, `mu` and keys re-derived, the state byte changed, then resealed) are refused with
//! the target unchanged, or continue to the optimal cost a plain Dijkstra written here finds.

mod common;

use common::frame::unhex;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use onepath::graph::{CsrGraph, GraphEdge, GraphHeuristic, ZeroGraphHeuristic};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, Landmarks,
};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::state::{Fnv1a64, StateError};
use onepath::topology::DefaultStepCost;

fn e(from: u32, to: u32, w: f64) -> GraphEdge {
    GraphEdge::new(from, to, w)
}

// ---------------------------------------------------------------------------------------------
// The outside attack's reproducers.

type Dijkstra = GraphAStar<DefaultStepCost, ZeroGraphHeuristic>;
type Bidir = BidirectionalGraphSearch<DefaultStepCost, ZeroGraphHeuristic>;

fn save12<H: GraphHeuristic>(a: &GraphAStar<DefaultStepCost, H>, g: &CsrGraph) -> Vec<u8> {
    let mut b = vec![0; a.state_size()];
    a.save_state(g, &mut b).unwrap();
    b
}

fn save13<H: GraphHeuristic>(
    a: &BidirectionalGraphSearch<DefaultStepCost, H>,
    g: &CsrGraph,
) -> Vec<u8> {
    let mut b = vec![0; a.state_size()];
    a.save_state(g, &mut b).unwrap();
    b
}

#[test]
fn kind_12_a_dropped_open_leaf_is_missing_work() {
    // 0 -> 1 (weight 1), Dijkstra from 0 to 1 after one pop, the open record of node 1 dropped,
    // state "no path", counters re-derived.
    let g = CsrGraph::new(2, &[e(0, 1, 1.0)]).unwrap();
    let bytes = unhex(
        "4f50534e02000c003700000027141624dc7bb33ceb49a09466e7ff64020000000000000001000000030100000001000000000100000000000000ffffffff000000000000000001000000000000000000000000",
    );
    let mut target: Dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = target.try_begin(&g, 0, 1);
    let _ = target.step(&g, 1);
    let before = save12(&target, &g);
    let err = target.restore_state(&g, &bytes).unwrap_err();
    assert_eq!(
        err,
        StateError::InvalidField {
            field: "graph_astar.reached.relaxed"
        }
    );
    assert_eq!(
        save12(&target, &g),
        before,
        "a refused restore changed the target"
    );
    assert_eq!((target.run(&g), target.cost()), (Step::Found, 1.0));
}

#[test]
fn kind_13_a_side_reduced_to_its_closed_root_is_missing_work() {
    // Chain 0 - 1 - 2 (both directions, weight 1), 0 -> 2 after one iteration, the forward
    // side reduced to its closed start.
    let g = CsrGraph::new(3, &[e(0, 1, 1.0), e(1, 0, 1.0), e(1, 2, 1.0), e(2, 1, 1.0)]).unwrap();
    let bytes = unhex(
        "4f50534e02000d0065000000627036a3b4379625987cf826f292b2e2030000000000000002000000030100000001000000000000f07fffffffff000100000000000000ffffffff000000000000000001000000000100000002000000ffffffff000000000000000000010000000200000000000000000000000000000000000000",
    );
    let mut target: Bidir = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = target.try_begin(&g, 0, 2);
    let _ = target.step(&g, 1);
    let before = save13(&target, &g);
    let err = target.restore_state(&g, &bytes).unwrap_err();
    assert_eq!(
        err,
        StateError::InvalidField {
            field: "graph_bidir.forward.relaxed"
        }
    );
    assert_eq!(
        save13(&target, &g),
        before,
        "a refused restore changed the target"
    );
    assert_eq!((target.run(&g), target.cost()), (Step::Found, 2.0));
}

#[test]
fn kind_12_found_before_the_goal_would_pop_is_refused() {
    // 0 -> 1 (1), 1 -> 2 (1), 0 -> 2 (5). After one pop, 1 is open at g 1 and 2 at g 5; 2
    // closed and called found (counters re-derived) passes every per-record rule, but 1 pops
    // first: the loop would not stop at 2 (it would find cost 2).
    let g = CsrGraph::new(3, &[e(0, 1, 1.0), e(1, 2, 1.0), e(0, 2, 5.0)]).unwrap();
    let mut a: Dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = a.try_begin(&g, 0, 2);
    let _ = a.step(&g, 1);
    let mut s = K12::decode(&save12(&a, &g));
    s.side.close(2);
    s.state = 2;
    s.iterations = 2;
    s.expansions = 1;
    let mut target: Dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = target.try_begin(&g, 0, 2);
    let before = save12(&target, &g);
    let err = target
        .restore_state(&g, &s.encode(&g, |_| 0.0))
        .unwrap_err();
    assert_eq!(
        err,
        StateError::InvalidField {
            field: "graph_astar.found_goal"
        }
    );
    assert_eq!(save12(&target, &g), before);
}

#[test]
fn kind_12_a_start_refused_at_begin_saves_and_restores() {
    // A NaN estimate of the start: `try_begin` reports no path; that state restores.
    let h = onepath::graph::FnGraphHeuristic(|s: u32, _t: u32| if s == 0 { f64::NAN } else { 0.0 });
    let g = CsrGraph::new(2, &[e(0, 1, 1.0)]).unwrap();
    let mut a = GraphAStar::new(DefaultStepCost, h);
    assert_eq!(a.try_begin(&g, 0, 1), Step::NoPath);
    let bytes = save12(&a, &g);
    let mut b = GraphAStar::new(DefaultStepCost, h);
    b.restore_state(&g, &bytes).unwrap();
    assert_eq!(b.state(), Step::NoPath);
    assert_eq!(save12(&b, &g), bytes);
}

// ---------------------------------------------------------------------------------------------
// A plain Dijkstra, the reference for every continuation.

fn dijkstra(g: &CsrGraph, s: u32, t: u32) -> Option<f64> {
    let n = g.node_count() as usize;
    let mut dist = vec![f64::INFINITY; n];
    let mut heap = BinaryHeap::new();
    dist[s as usize] = 0.0;
    // Weights are small integers here, so every sum is exact and `u64` keys order them.
    heap.push(Reverse((0u64, s)));
    while let Some(Reverse((d, u))) = heap.pop() {
        let d = d as f64;
        if d > dist[u as usize] {
            continue;
        }
        for (v, w) in g.out_edges(u) {
            let nd = d + w;
            if nd < dist[v as usize] {
                dist[v as usize] = nd;
                heap.push(Reverse((nd as u64, v)));
            }
        }
    }
    dist[t as usize].is_finite().then_some(dist[t as usize])
}

/// The cheapest sum along `path` (the cheapest parallel edge of each step), or `None` when a
/// step is not an edge.
fn path_cost(g: &CsrGraph, path: &[u32]) -> Option<f64> {
    let mut sum = 0.0;
    for w in path.windows(2) {
        let best = g
            .out_edges(w[0])
            .filter(|&(v, _)| v == w[1])
            .map(|(_, c)| c)
            .fold(f64::INFINITY, f64::min);
        if best == f64::INFINITY {
            return None;
        }
        sum += best;
    }
    Some(sum)
}

/// A random graph: `n` nodes, small integer weights (zeros included), parallel edges and
/// self-loops now and then; half of them roughly symmetric.
fn random_graph(r: &mut SplitMix64) -> CsrGraph {
    let n = 2 + r.below(11);
    let m = r.below(n * 3 + 1);
    let symmetric = r.chance(1, 2);
    let mut edges = Vec::new();
    for _ in 0..m {
        let (a, b, w) = (r.below(n), r.below(n), f64::from(r.below(6)));
        edges.push(e(a, b, w));
        if symmetric {
            edges.push(e(b, a, w));
        }
    }
    CsrGraph::new(n, &edges).unwrap()
}

// ---------------------------------------------------------------------------------------------
// A hand codec of kinds 12 and 13, so the tests can make consistent edits and reseal them.

#[derive(Clone, Copy, Debug)]
struct Rec {
    node: u32,
    parent: u32,
    g: f64,
    closed: bool,
}

#[derive(Clone, Debug, Default)]
struct SideS {
    recs: Vec<Rec>,
    /// Open nodes (keys are recomputed at encoding).
    open: Vec<u32>,
}

struct Rd<'a>(&'a [u8], usize);

impl Rd<'_> {
    fn u8(&mut self) -> u8 {
        self.1 += 1;
        self.0[self.1 - 1]
    }
    fn u32(&mut self) -> u32 {
        self.1 += 4;
        u32::from_le_bytes(self.0[self.1 - 4..self.1].try_into().unwrap())
    }
    fn f64(&mut self) -> f64 {
        self.1 += 8;
        f64::from_bits(u64::from_le_bytes(
            self.0[self.1 - 8..self.1].try_into().unwrap(),
        ))
    }
    fn list(&mut self) -> Vec<u32> {
        let n = self.u32();
        (0..n).map(|_| self.u32()).collect()
    }
}

impl SideS {
    fn read(r: &mut Rd<'_>) -> Self {
        let n = r.u32();
        let recs = (0..n)
            .map(|_| Rec {
                node: r.u32(),
                parent: r.u32(),
                g: r.f64(),
                closed: r.u8() != 0,
            })
            .collect();
        let o = r.u32();
        let open = (0..o)
            .map(|_| {
                let v = r.u32();
                r.f64();
                v
            })
            .collect();
        SideS { recs, open }
    }

    fn write(&self, out: &mut Vec<u8>, key: impl Fn(u32, f64) -> f64) {
        let mut recs = self.recs.clone();
        recs.sort_by_key(|r| r.node);
        out.extend((recs.len() as u32).to_le_bytes());
        for r in &recs {
            out.extend(r.node.to_le_bytes());
            out.extend(r.parent.to_le_bytes());
            out.extend(r.g.to_bits().to_le_bytes());
            out.push(u8::from(r.closed));
        }
        let mut open: Vec<(u32, f64, f64)> = self
            .open
            .iter()
            .map(|&v| {
                let g = self.get(v).map_or(0.0, |r| r.g);
                (v, key(v, g) + 0.0, g)
            })
            .collect();
        // Pop order: smaller f, larger g, smaller node.
        open.sort_by(|a, b| {
            a.1.partial_cmp(&b.1)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(b.2.partial_cmp(&a.2).unwrap_or(std::cmp::Ordering::Equal))
                .then(a.0.cmp(&b.0))
        });
        out.extend((open.len() as u32).to_le_bytes());
        for (v, f, _) in open {
            out.extend(v.to_le_bytes());
            out.extend(f.to_bits().to_le_bytes());
        }
    }

    fn get(&self, v: u32) -> Option<Rec> {
        self.recs.iter().copied().find(|r| r.node == v)
    }

    fn closed(&self) -> usize {
        self.recs.iter().filter(|r| r.closed).count()
    }

    fn is_parent(&self, v: u32) -> bool {
        self.recs.iter().any(|r| r.parent == v)
    }

    fn close(&mut self, v: u32) {
        if let Some(r) = self.recs.iter_mut().find(|r| r.node == v) {
            r.closed = true;
        }
        self.open.retain(|&o| o != v);
    }

    fn remove(&mut self, v: u32) {
        self.recs.retain(|r| r.node != v);
        self.open.retain(|&o| o != v);
    }
}

fn reseal(kind: u16, fingerprint: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend(b"OPSN");
    out.extend(2u16.to_le_bytes());
    out.extend(kind.to_le_bytes());
    out.extend((payload.len() as u32).to_le_bytes());
    out.extend(fingerprint.to_le_bytes());
    let mut h = Fnv1a64::new();
    h.write(payload);
    out.extend(h.finish().to_le_bytes());
    out.extend(payload);
    out
}

struct K12 {
    n: u32,
    start: u32,
    goal: u32,
    state: u8,
    iterations: u32,
    expansions: u32,
    flags: u8,
    side: SideS,
    expanded: Vec<u32>,
}

impl K12 {
    fn decode(b: &[u8]) -> Self {
        let mut r = Rd(&b[28..], 0);
        let (n, start, goal, state) = (r.u32(), r.u32(), r.u32(), r.u8());
        let (iterations, expansions, flags) = (r.u32(), r.u32(), r.u8());
        let side = SideS::read(&mut r);
        let expanded = r.list();
        assert_eq!(r.u32(), 0);
        K12 {
            n,
            start,
            goal,
            state,
            iterations,
            expansions,
            flags,
            side,
            expanded,
        }
    }

    fn encode(&self, g: &CsrGraph, h: impl Fn(u32) -> f64) -> Vec<u8> {
        let mut p = Vec::new();
        p.extend(self.n.to_le_bytes());
        p.extend(self.start.to_le_bytes());
        p.extend(self.goal.to_le_bytes());
        p.push(self.state);
        p.extend(self.iterations.to_le_bytes());
        p.extend(self.expansions.to_le_bytes());
        p.push(self.flags);
        self.side.write(&mut p, |v, gv| gv + (0.0 + h(v)));
        p.extend((self.expanded.len() as u32).to_le_bytes());
        for v in &self.expanded {
            p.extend(v.to_le_bytes());
        }
        p.extend(0u32.to_le_bytes());
        reseal(12, g.fingerprint(), &p)
    }
}

struct K13 {
    n: u32,
    start: u32,
    goal: u32,
    state: u8,
    iterations: u32,
    next: u8,
    mu: f64,
    meet: u32,
    flags: u8,
    f: SideS,
    b: SideS,
    fexp: Vec<u32>,
    bexp: Vec<u32>,
}

impl K13 {
    fn decode(bytes: &[u8]) -> Self {
        let mut r = Rd(&bytes[28..], 0);
        let (n, start, goal, state, iterations) = (r.u32(), r.u32(), r.u32(), r.u8(), r.u32());
        let (next, mu, meet, flags) = (r.u8(), r.f64(), r.u32(), r.u8());
        let f = SideS::read(&mut r);
        let b = SideS::read(&mut r);
        let (fexp, bexp) = (r.list(), r.list());
        K13 {
            n,
            start,
            goal,
            state,
            iterations,
            next,
            mu,
            meet,
            flags,
            f,
            b,
            fexp,
            bexp,
        }
    }

    fn encode(&self, g: &CsrGraph, pf: impl Fn(u32) -> f64) -> Vec<u8> {
        let mut p = Vec::new();
        p.extend(self.n.to_le_bytes());
        p.extend(self.start.to_le_bytes());
        p.extend(self.goal.to_le_bytes());
        p.push(self.state);
        p.extend(self.iterations.to_le_bytes());
        p.push(self.next);
        p.extend(self.mu.to_bits().to_le_bytes());
        p.extend(self.meet.to_le_bytes());
        p.push(self.flags);
        self.f.write(&mut p, |v, gv| gv + pf(v));
        self.b.write(&mut p, |v, gv| gv - pf(v));
        for list in [&self.fexp, &self.bexp] {
            p.extend((list.len() as u32).to_le_bytes());
            for v in list {
                p.extend(v.to_le_bytes());
            }
        }
        reseal(13, g.fingerprint(), &p)
    }

    /// `mu` and the meeting node re-derived from the records (the smallest sum, first by id).
    fn rederive_mu(&mut self) {
        let (mut mu, mut meet) = (f64::INFINITY, u32::MAX);
        let mut recs = self.f.recs.clone();
        recs.sort_by_key(|r| r.node);
        for r in recs {
            if let Some(b) = self.b.get(r.node)
                && r.g + b.g < mu
            {
                mu = r.g + b.g;
                meet = r.node;
            }
        }
        self.mu = mu;
        self.meet = meet;
    }
}

// ---------------------------------------------------------------------------------------------
// Consistent edits.

/// One consistent edit of a side: records stay a parent-closed tree with open entries for the
/// open records. `forward` picks the edge direction used to re-point a leaf.
fn edit_side(side: &mut SideS, root: u32, g: &CsrGraph, forward: bool, r: &mut SplitMix64) {
    let leaves: Vec<u32> = side
        .recs
        .iter()
        .filter(|x| x.node != root && !side.is_parent(x.node))
        .map(|x| x.node)
        .collect();
    let pick = |r: &mut SplitMix64, v: &[u32]| {
        (!v.is_empty()).then(|| v[r.below(v.len() as u32) as usize])
    };
    match r.below(6) {
        0 => {
            // Drop an open leaf.
            let open_leaves: Vec<u32> = leaves
                .iter()
                .copied()
                .filter(|&v| !side.get(v).unwrap().closed)
                .collect();
            if let Some(v) = pick(r, &open_leaves) {
                side.remove(v);
            }
        }
        1 => {
            // Close an open record.
            let open = side.open.clone();
            if let Some(v) = pick(r, &open) {
                side.close(v);
            }
        }
        2 => {
            // Prune to a parent-closed subset: drop a random leaf, closed or open, a few times.
            for _ in 0..=r.below(3) {
                let leaves: Vec<u32> = side
                    .recs
                    .iter()
                    .filter(|x| x.node != root && !side.is_parent(x.node))
                    .map(|x| x.node)
                    .collect();
                if let Some(v) = pick(r, &leaves) {
                    side.remove(v);
                }
            }
        }
        3 => {
            // Re-point a leaf to another closed neighbour, g re-derived through it.
            if let Some(v) = pick(r, &leaves) {
                let mut options = Vec::new();
                for p in side.recs.iter().filter(|p| p.closed && p.node != v) {
                    let edges: Vec<(u32, f64)> = if forward {
                        g.out_edges(p.node).collect()
                    } else {
                        g.in_edges(p.node).collect()
                    };
                    for (m, w) in edges {
                        if m == v {
                            options.push((p.node, p.g + w));
                        }
                    }
                }
                if !options.is_empty() {
                    let (p, gv) = options[r.below(options.len() as u32) as usize];
                    let rec = side.recs.iter_mut().find(|x| x.node == v).unwrap();
                    rec.parent = p;
                    rec.g = gv;
                }
            }
        }
        4 => {
            // Reopen a closed leaf.
            let closed_leaves: Vec<u32> = leaves
                .iter()
                .copied()
                .filter(|&v| side.get(v).unwrap().closed)
                .collect();
            if let Some(v) = pick(r, &closed_leaves) {
                side.recs.iter_mut().find(|x| x.node == v).unwrap().closed = false;
                side.open.push(v);
            }
        }
        _ => {
            // Reach a new node as an open leaf of a closed record, through an edge.
            let closed: Vec<Rec> = side.recs.iter().copied().filter(|x| x.closed).collect();
            if let Some(p) = closed.get(r.below(closed.len().max(1) as u32) as usize) {
                let edges: Vec<(u32, f64)> = if forward {
                    g.out_edges(p.node).collect()
                } else {
                    g.in_edges(p.node).collect()
                };
                if let Some(&(m, w)) = edges.get(r.below(edges.len().max(1) as u32) as usize)
                    && side.get(m).is_none()
                {
                    side.recs.push(Rec {
                        node: m,
                        parent: p.node,
                        g: p.g + w,
                        closed: false,
                    });
                    side.open.push(m);
                }
            }
        }
    }
}

/// A continuation's answer is Dijkstra's: found at the optimal cost (same bits: the weights are
/// small integers) on a path of edges from the start to the goal that costs it, or no path.
fn answers_as_dijkstra(
    g: &CsrGraph,
    (s, t): (u32, u32),
    want: Option<f64>,
    state: Step,
    cost: f64,
    path: &[u32],
) {
    match want {
        Some(d) => {
            assert_eq!(state, Step::Found, "accepted, then no path");
            assert_eq!(cost.to_bits(), d.to_bits(), "suboptimal");
            assert_eq!((path[0], *path.last().unwrap()), (s, t));
            assert_eq!(path_cost(g, path), Some(d), "cost is not the path's");
        }
        None => assert_eq!(state, Step::NoPath, "a path where none exists"),
    }
}

// ---------------------------------------------------------------------------------------------
// Kind 12 properties.

/// Returns the hostile edits (accepted, refused).
fn check_kind_12<H: GraphHeuristic + Copy>(
    g: &CsrGraph,
    h: H,
    r: &mut SplitMix64,
    edits: u32,
) -> (usize, usize) {
    let mut stats = (0, 0);
    let n = g.node_count();
    let (s, t) = (r.below(n), r.below(n));
    let want = dijkstra(g, s, t);
    let mut fresh = GraphAStar::new(DefaultStepCost, h);
    let _ = fresh.try_begin(g, s, t);
    let _ = fresh.run(g);
    assert_eq!(
        fresh.cost(),
        want.unwrap_or(f64::INFINITY),
        "the engine itself"
    );
    let total = fresh.iterations();
    for k in 0..=total {
        let mut a = GraphAStar::new(DefaultStepCost, h);
        let _ = a.try_begin(g, s, t);
        let _ = a.step(g, k);
        let bytes = save12(&a, g);
        // The engine's own state restores, saves the same bytes and continues bit for bit.
        let mut b = GraphAStar::new(DefaultStepCost, h);
        b.restore_state(g, &bytes)
            .unwrap_or_else(|e| panic!("the engine's own state after {k} pops: {e}"));
        assert_eq!(save12(&b, g), bytes);
        assert_eq!(b.run(g), fresh.state());
        assert_eq!(b.cost().to_bits(), fresh.cost().to_bits());
        assert_eq!(b.path(), fresh.path());
        assert_eq!(
            (b.iterations(), b.expansions()),
            (fresh.iterations(), fresh.expansions())
        );
        // Consistent hostile edits.
        for _ in 0..edits {
            let mut st = K12::decode(&bytes);
            if st.state == 0 {
                continue;
            }
            for _ in 0..=r.below(3) {
                edit_side(&mut st.side, s, g, true, r);
            }
            if r.chance(1, 2) {
                st.state = 1 + r.below(3) as u8;
            }
            if r.chance(3, 4) {
                // Counters re-derived.
                let found = u32::from(st.state == 2);
                st.iterations = st.side.closed() as u32;
                st.expansions = st.iterations.saturating_sub(found);
                st.expanded.clear();
            }
            let hostile = st.encode(g, |v| h.estimate(v, t));
            let mut target = GraphAStar::new(DefaultStepCost, h);
            let _ = target.try_begin(g, s, t);
            let _ = target.step(g, k / 2);
            let before = save12(&target, g);
            if target.restore_state(g, &hostile).is_err() {
                stats.1 += 1;
                assert_eq!(save12(&target, g), before, "refusal changed the target");
            } else {
                stats.0 += 1;
                let mut left = 10_000;
                while target.step(g, 1) == Step::InProgress {
                    left -= 1;
                    assert!(left > 0, "a restored state does not terminate");
                }
                let path = target.path();
                answers_as_dijkstra(g, (s, t), want, target.state(), target.cost(), &path);
            }
        }
    }
    stats
}

fn alt(g: &CsrGraph, count: u32) -> Landmarks {
    let options = LandmarkOptions {
        count,
        ..LandmarkOptions::DEFAULT
    };
    Landmarks::build(g, &options).unwrap()
}

#[test]
fn kind_12_saves_restore_alike_and_consistent_edits_are_refused_or_optimal() {
    let mut r = SplitMix64::new(12);
    let mut total = (0, 0);
    for _ in 0..150 {
        let g = random_graph(&mut r);
        let zero = check_kind_12(&g, ZeroGraphHeuristic, &mut r, 12);
        let lm = alt(&g, 2);
        let h = AltGraphHeuristic::new(&lm, &g).unwrap();
        let landmarks = check_kind_12(&g, h, &mut r, 6);
        total = (
            total.0 + zero.0 + landmarks.0,
            total.1 + zero.1 + landmarks.1,
        );
    }
    eprintln!(
        "kind 12: hostile edits accepted {}, refused {}",
        total.0, total.1
    );
    assert!(
        total.0 > 500 && total.1 > 500,
        "both outcomes exercised: {total:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Kind 13 properties.

/// Returns the hostile edits (accepted, refused).
fn check_kind_13<H: GraphHeuristic + Copy>(
    g: &CsrGraph,
    h: H,
    r: &mut SplitMix64,
    edits: u32,
) -> (usize, usize) {
    let mut stats = (0, 0);
    let n = g.node_count();
    let (s, t) = (r.below(n), r.below(n));
    let want = dijkstra(g, s, t);
    let mut fresh = BidirectionalGraphSearch::new(DefaultStepCost, h);
    let _ = fresh.try_begin(g, s, t);
    let _ = fresh.run(g);
    assert_eq!(
        fresh.cost(),
        want.unwrap_or(f64::INFINITY),
        "the engine itself"
    );
    let total = fresh.iterations();
    let pf = |v: u32| 0.5 * (h.estimate(v, t) - h.estimate(s, v));
    for k in 0..=total {
        let mut a = BidirectionalGraphSearch::new(DefaultStepCost, h);
        let _ = a.try_begin(g, s, t);
        let _ = a.step(g, k);
        let bytes = save13(&a, g);
        let mut b = BidirectionalGraphSearch::new(DefaultStepCost, h);
        b.restore_state(g, &bytes)
            .unwrap_or_else(|e| panic!("the engine's own state after {k} iterations: {e}"));
        assert_eq!(save13(&b, g), bytes);
        assert_eq!(b.run(g), fresh.state());
        assert_eq!(b.cost().to_bits(), fresh.cost().to_bits());
        assert_eq!(b.path(), fresh.path());
        assert_eq!(b.iterations(), fresh.iterations());
        for _ in 0..edits {
            let mut st = K13::decode(&bytes);
            if st.state == 0 {
                continue;
            }
            for _ in 0..=r.below(3) {
                if r.chance(1, 2) {
                    edit_side(&mut st.f, s, g, true, r);
                } else {
                    edit_side(&mut st.b, t, g, false, r);
                }
            }
            if r.chance(1, 2) {
                st.state = 1 + r.below(3) as u8;
            }
            if r.chance(3, 4) {
                st.iterations = (st.f.closed() + st.b.closed()) as u32;
                st.next = (st.iterations % 2) as u8;
                st.fexp.clear();
                st.bexp.clear();
            }
            if r.chance(7, 8) {
                st.rederive_mu();
            }
            if r.chance(3, 4) {
                // The state the stopping rule gives, as a careful attacker would set it.
                let key = |side: &SideS, sign: f64| {
                    side.open
                        .iter()
                        .map(|&v| side.get(v).unwrap().g + sign * pf(v))
                        .fold(f64::INFINITY, f64::min)
                };
                let stop = st.f.open.is_empty()
                    || st.b.open.is_empty()
                    || key(&st.f, 1.0) + key(&st.b, -1.0) >= st.mu;
                st.state = match (stop, st.mu < f64::INFINITY) {
                    (false, _) => 1,
                    (true, true) => 2,
                    (true, false) => 3,
                };
            }
            let hostile = st.encode(g, pf);
            let mut target = BidirectionalGraphSearch::new(DefaultStepCost, h);
            let _ = target.try_begin(g, s, t);
            let _ = target.step(g, k / 2);
            let before = save13(&target, g);
            if target.restore_state(g, &hostile).is_err() {
                stats.1 += 1;
                assert_eq!(save13(&target, g), before, "refusal changed the target");
            } else {
                stats.0 += 1;
                let mut left = 10_000;
                while target.step(g, 1) == Step::InProgress {
                    left -= 1;
                    assert!(left > 0, "a restored state does not terminate");
                }
                let path = target.path();
                answers_as_dijkstra(g, (s, t), want, target.state(), target.cost(), &path);
            }
        }
    }
    stats
}

#[test]
fn kind_13_saves_restore_alike_and_consistent_edits_are_refused_or_optimal() {
    let mut r = SplitMix64::new(13);
    let mut total = (0, 0);
    for _ in 0..150 {
        let g = random_graph(&mut r);
        let zero = check_kind_13(&g, ZeroGraphHeuristic, &mut r, 12);
        let lm = alt(&g, 2);
        let h = AltGraphHeuristic::new(&lm, &g).unwrap();
        let landmarks = check_kind_13(&g, h, &mut r, 6);
        total = (
            total.0 + zero.0 + landmarks.0,
            total.1 + zero.1 + landmarks.1,
        );
    }
    eprintln!(
        "kind 13: hostile edits accepted {}, refused {}",
        total.0, total.1
    );
    assert!(
        total.0 > 500 && total.1 > 500,
        "both outcomes exercised: {total:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// `OPLM` tables: feasible potentials only.

/// The byte offset of `d(L_l, v)` in `table` (0 forward, 1 backward) of an `OPLM` table.
fn oplm_at(k: usize, n: usize, table: usize, l: usize, v: usize) -> usize {
    24 + 4 * k + 8 * (table * k * n + l * n + v)
}

fn with_distance(bytes: &[u8], at: usize, d: f64) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[at..at + 8].copy_from_slice(&d.to_bits().to_le_bytes());
    b
}

/// The chain 0 - 1 - ... - 5 (both directions, weight 3) with a shortcut 0 -> 5 of weight 20.
fn chain() -> CsrGraph {
    let mut edges = Vec::new();
    for i in 0..5 {
        edges.push(e(i, i + 1, 3.0));
        edges.push(e(i + 1, i, 3.0));
    }
    edges.push(e(0, 5, 20.0));
    CsrGraph::new(6, &edges).unwrap()
}

#[test]
fn oplm_a_distance_set_to_infinity_or_1e300_is_refused() {
    use onepath::graph_search::{LandmarkError, LandmarkTable};
    let g = chain();
    let lm = alt(&g, 2);
    let good = lm.serialize();
    let (k, n) = (lm.ids().len(), 6);
    assert_eq!(Landmarks::deserialize(&good, &g).as_ref(), Ok(&lm));
    for table in 0..2 {
        for l in 0..k {
            for v in 0..n {
                if v as u32 == lm.ids()[l] {
                    continue;
                }
                for d in [f64::INFINITY, 1e300] {
                    let bad = with_distance(&good, oplm_at(k, n, table, l, v), d);
                    let err = Landmarks::deserialize(&bad, &g).unwrap_err();
                    let want_table = [LandmarkTable::Forward, LandmarkTable::Backward][table];
                    match err {
                        LandmarkError::Infeasible {
                            table: t,
                            landmark,
                            from,
                            to,
                            weight,
                            ..
                        } => {
                            assert_eq!((t, landmark as usize), (want_table, l));
                            assert!(
                                g.out_edges(from).any(|(x, w)| x == to && w == weight),
                                "names an edge of the graph"
                            );
                            assert!(from as usize == v || to as usize == v, "{err}");
                        }
                        other => panic!("{table} {l} {v} {d}: {other}"),
                    }
                    assert!(err.to_string().contains("triangle inequality"));
                }
            }
        }
    }
}

#[test]
fn oplm_finite_distances_the_graph_does_not_connect_are_refused() {
    use onepath::graph_search::{LandmarkError, LandmarkTable};
    // Landmark 0 reaches nothing; 1 -> 2 (weight 1) is another component. Values near 2^53 on
    // it satisfy the edge rule in rounding (fl(2^53 + 2 + 1) = 2^53 + 4) while their
    // difference doubles the distance: the reachability rule refuses them.
    let g = CsrGraph::new(3, &[e(1, 2, 1.0)]).unwrap();
    // A hand-made table: landmark 0, forward [0, +∞, +∞], backward [0, +∞, +∞].
    let mut good = Vec::new();
    good.extend(b"OPLM");
    good.extend(1u32.to_le_bytes());
    good.extend(3i32.to_le_bytes());
    good.extend(1i32.to_le_bytes());
    good.extend(g.fingerprint().to_le_bytes());
    good.extend(0i32.to_le_bytes());
    for d in [
        0.0,
        f64::INFINITY,
        f64::INFINITY,
        0.0,
        f64::INFINITY,
        f64::INFINITY,
    ] {
        good.extend(f64::to_bits(d).to_le_bytes());
    }
    let lm = Landmarks::deserialize(&good, &g).unwrap();
    assert_eq!(lm.serialize(), good);
    let big = 9_007_199_254_740_992.0f64; // 2^53
    let mut bad = with_distance(&good, oplm_at(1, 3, 0, 0, 1), big + 2.0);
    bad = with_distance(&bad, oplm_at(1, 3, 0, 0, 2), big + 4.0);
    assert_eq!(big + 2.0 + 1.0, big + 4.0, "the rounding the attack uses");
    assert_eq!(
        Landmarks::deserialize(&bad, &g),
        Err(LandmarkError::Unreachable {
            table: LandmarkTable::Forward,
            landmark: 0,
            node: 1,
            value: big + 2.0
        })
    );
}

/// A random graph with fractional weights (tenths, so sums round), for the no-false-refusal
/// property of tables the engine builds.
fn random_fractional_graph(r: &mut SplitMix64) -> CsrGraph {
    let n = 2 + r.below(30);
    let m = r.below(n * 4 + 1);
    let edges: Vec<GraphEdge> = (0..m)
        .map(|_| {
            let w = f64::from(r.below(1000)) / 10.0 + if r.chance(1, 4) { 1e15 } else { 0.0 };
            e(r.below(n), r.below(n), w)
        })
        .collect();
    CsrGraph::new(n, &edges).unwrap()
}

#[test]
fn oplm_every_table_the_engine_builds_is_read_back() {
    let mut r = SplitMix64::new(27);
    for i in 0..300 {
        let g = if i % 2 == 0 {
            random_graph(&mut r)
        } else {
            random_fractional_graph(&mut r)
        };
        let lm = alt(&g, 1 + r.below(4));
        assert_eq!(
            Landmarks::deserialize(&lm.serialize(), &g).as_ref(),
            Ok(&lm),
            "graph {i}"
        );
    }
}

#[test]
fn oplm_edited_tables_are_refused_or_answer_as_dijkstra() {
    let mut r = SplitMix64::new(2027);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..300 {
        let g = random_graph(&mut r);
        let n = g.node_count() as usize;
        let lm = alt(&g, 1 + r.below(3));
        let k = lm.ids().len();
        let mut bytes = lm.serialize();
        for _ in 0..=r.below(2) {
            let at = oplm_at(
                k,
                n,
                r.below(2) as usize,
                r.below(k as u32) as usize,
                r.below(n as u32) as usize,
            );
            let old = f64::from_bits(u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()));
            let d = match r.below(6) {
                0 => f64::INFINITY,
                1 => 1e300,
                2 => old * 0.5,
                3 => old + 1.0,
                4 => f64::from(r.below(20)),
                _ => 0.0,
            };
            bytes = with_distance(&bytes, at, d);
        }
        let Ok(edited) = Landmarks::deserialize(&bytes, &g) else {
            refused += 1;
            continue;
        };
        accepted += 1;
        let h = AltGraphHeuristic::new(&edited, &g).unwrap();
        for _ in 0..6 {
            let (s, t) = (r.below(n as u32), r.below(n as u32));
            let want = dijkstra(&g, s, t);
            let mut a = GraphAStar::new(DefaultStepCost, h);
            let _ = a.try_begin(&g, s, t);
            let _ = a.run(&g);
            answers_as_dijkstra(&g, (s, t), want, a.state(), a.cost(), &a.path());
            let mut b = BidirectionalGraphSearch::new(DefaultStepCost, h);
            let _ = b.try_begin(&g, s, t);
            let _ = b.run(&g);
            answers_as_dijkstra(&g, (s, t), want, b.state(), b.cost(), &b.path());
        }
    }
    eprintln!("OPLM edits: accepted {accepted}, refused {refused}");
    assert!(accepted > 30 && refused > 30, "{accepted} {refused}");
}

// ---------------------------------------------------------------------------------------------
// Splices: an unedited snapshot of another graph with the same node count, its fingerprint
// rewritten to this graph's (the outside attack's "another world of the same size").

fn respliced(bytes: &[u8], g: &CsrGraph) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[12..20].copy_from_slice(&g.fingerprint().to_le_bytes());
    b
}

#[test]
fn splices_from_another_graph_are_refused_or_answer_as_dijkstra() {
    let mut r = SplitMix64::new(1213);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..400 {
        let a = random_graph(&mut r);
        let b = loop {
            let b = random_graph(&mut r);
            if b.node_count() == a.node_count() {
                break b;
            }
        };
        let n = a.node_count();
        let (s, t) = (r.below(n), r.below(n));
        let want = dijkstra(&a, s, t);
        for k in 0..8 {
            // Kind 12 from `b`, restored on `a`.
            let mut other: Dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
            let _ = other.try_begin(&b, s, t);
            let _ = other.step(&b, k);
            let bytes = respliced(&save12(&other, &b), &a);
            let mut target: Dijkstra = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
            let _ = target.try_begin(&a, s, t);
            let before = save12(&target, &a);
            if target.restore_state(&a, &bytes).is_err() {
                refused += 1;
                assert_eq!(save12(&target, &a), before);
            } else {
                accepted += 1;
                let _ = target.run(&a);
                let path = target.path();
                answers_as_dijkstra(&a, (s, t), want, target.state(), target.cost(), &path);
            }
            // Kind 13 likewise.
            let mut other: Bidir =
                BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
            let _ = other.try_begin(&b, s, t);
            let _ = other.step(&b, k);
            let bytes = respliced(&save13(&other, &b), &a);
            let mut target: Bidir =
                BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
            let _ = target.try_begin(&a, s, t);
            let before = save13(&target, &a);
            if target.restore_state(&a, &bytes).is_err() {
                refused += 1;
                assert_eq!(save13(&target, &a), before);
            } else {
                accepted += 1;
                let _ = target.run(&a);
                let path = target.path();
                answers_as_dijkstra(&a, (s, t), want, target.state(), target.cost(), &path);
            }
        }
    }
    eprintln!("splices: accepted {accepted}, refused {refused}");
    assert!(accepted > 100 && refused > 100, "{accepted} {refused}");
}
