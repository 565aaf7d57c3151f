//! Snapshot kind 13: the state of a [`BidirectionalGraphSearch`] (`docs/snapshot-format.md`).
//!
//! Payload (little-endian): node_count u32 (0 idle), start u32, goal u32, state u8 (0 idle,
//! 1 in progress, 2 found, 3 no path), iterations u32, next side u8 (0 forward, 1 backward),
//! mu f64 bits, meeting node u32 (`u32::MAX` none), flags u8 (bit 0 record expansions); then
//! for the forward side and then the backward side: reached records (count u32, 17 bytes each:
//! node, parent, g, closed) and open entries in pop order (count u32, node u32 + key f64 each);
//! then the expanded lists of the forward and of the backward side (count u32, u32 each). The
//! header's map hash is the graph's fingerprint.
//!
//! Restoring validates everything before it changes the search and accepts only states the
//! search can reach: each side as kind 12 checks it (ids, g, root record, acyclic bounded
//! parent chains, open/record bijection in strict pop order, keys `g + pf(v)` forward and
//! `g - pf(v)` backward recomputed bit for bit, no reached node but the root with a potential
//! that is not finite, every parent link an edge of that side's direction priced by the cost
//! hook); every closed record relaxed over its side's direction (out-edges forward, in-edges
//! backward, the cost hook called in the edge's true direction, nodes without a finite
//! potential skipped as the search skips them: every closed record was popped and expanded,
//! the goal test being the stopping rule); `mu` equal to the smallest
//! `g_forward[v] + g_backward[v]` over nodes both sides reached (`+∞` and no meeting node when
//! none) and the meeting node one that attains it — exactly what the search keeps, since the
//! later of a node's two `g` values was set by a relaxation that offered the sum; the state
//! equal to what the stopping rule says (in progress exactly while it does not hold, found
//! exactly when it holds with a finite `mu`); the next side the parity of the iterations;
//! closed nodes no more than each side's share of the iterations; recordings no longer than
//! the expansions.
//!
//! Why that suffices (consistent potentials): at a stop with `mu` above the optimum `d*`, take
//! an optimal path; if a node of it is closed on both sides' prefixes (or a side's open set is
//! empty) relaxation puts a node on it reached by both with `gF + gB <= d*`, so `mu <= d*`;
//! otherwise its first not-closed node forward and last not-closed node backward are open
//! with keys summing to at most `d*`, so the stopping rule did not hold.

use super::astar_state::{OPEN, Rec, Side, open_entry};
use super::bidirectional::{BidirectionalGraphSearch, potential};
use crate::graph::CsrGraph;
use crate::graph::GraphHeuristic;
use crate::search::node_records::{NODE_RECORD, section_size, write_section};
use crate::search::step_code::{state_code, state_of};
use crate::search::{NO_NODE, Step};
use crate::state::codec::{HEADER_LEN, Reader, invalid, le32, read_frame_for, write_frame};
use crate::state::size_bound::{per, recorded, sum};
use crate::state::sorted_records::SortedRecords;
use crate::state::{KIND_GRAPH_BIDIRECTIONAL, StateError};
use crate::topology::StepCost;

const FIXED: usize = 4 + 4 + 4 + 1 + 4 + 1 + 8 + 4 + 1;

impl<C: StepCost, H: GraphHeuristic> BidirectionalGraphSearch<C, H> {
    fn live_nodes(&self) -> u32 {
        if self.state == Step::Idle {
            0
        } else {
            self.node_count
        }
    }

    /// Bytes [`save_state`](BidirectionalGraphSearch::save_state) writes. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(nodes).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.step(&g, 2);
    /// let mut bytes = vec![0u8; s.state_size()];
    /// assert_eq!(s.save_state(&g, &mut bytes), Ok(bytes.len()));
    /// let mut peer = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// peer.restore_state(&g, &bytes).unwrap();
    /// assert_eq!((peer.run(&g), peer.cost()), (Step::Found, 3.0));
    /// ```
    pub fn state_size(&self) -> usize {
        let n = self.live_nodes();
        HEADER_LEN
            + FIXED
            + section_size(&self.forward, n)
            + section_size(&self.backward, n)
            + 4
            + self.forward.expanded.len() * 4
            + 4
            + self.backward.expanded.len() * 4
    }

    /// An upper bound on [`state_size`](BidirectionalGraphSearch::state_size) for every state
    /// this search can reach on `graph` with its current settings, so a host can size its
    /// snapshot buffer once: `28 + 31 + 2 (4 + 17 n + 4 + 12 n) + 4 + 4 f + 4 + 4 b` bytes =
    /// `83 + 58 n + 4 (f + b)` for `n` = `graph.node_count()` (header; fixed fields; per side
    /// a reached record and at most one open entry per node; the two expanded lists). With
    /// expansion recording off, `f` and `b` are the lists' current lengths; with it on there
    /// is no bound (a side reopens a node whose `g` improves) and the answer is `usize::MAX`.
    /// Saturates.
    pub fn max_state_size(&self, graph: &CsrGraph) -> usize {
        let (f, b) = (&self.forward, &self.backward);
        let forward = recorded(f.record_expansions, f.expanded.len(), None);
        let backward = recorded(b.record_expansions, b.expanded.len(), None);
        sum([
            HEADER_LEN + FIXED + 16,
            per(graph.node_count() as usize, 2 * (NODE_RECORD + OPEN)),
            per(forward, 4),
            per(backward, 4),
        ])
    }

    /// Writes the search state (kind 13) into `out`, tied to `graph`'s fingerprint; returns
    /// the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](BidirectionalGraphSearch::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// let mut s = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// assert!(s.save_state(&g, &mut [0u8; 4]).is_err());
    /// ```
    pub fn save_state(&self, graph: &CsrGraph, out: &mut [u8]) -> Result<usize, StateError> {
        let n = self.live_nodes();
        let size = self.state_size();
        let kind = KIND_GRAPH_BIDIRECTIONAL;
        write_frame(out, kind, graph.fingerprint(), size - HEADER_LEN, |w| {
            w.u32(n);
            w.u32(self.start);
            w.u32(self.goal);
            w.u8(state_code(self.state));
            w.u32(self.iterations);
            w.u8(u8::from(!self.forward_next));
            w.f64(self.mu);
            w.u32(self.meet);
            w.u8(u8::from(self.forward.record_expansions));
            write_section(w, &self.forward, n);
            write_section(w, &self.backward, n);
            w.u32_list(&self.forward.expanded);
            w.u32_list(&self.backward.expanded);
        })
    }

    /// Restores a state saved by [`save_state`](BidirectionalGraphSearch::save_state) on
    /// `graph`. On any error the search is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for a snapshot of another graph, and every other
    /// [`StateError`] for malformed, truncated or unreachable states.
    ///
    /// # Complexity
    ///
    /// O(r log r + the edges of the r reached nodes).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// use onepath::graph_search::BidirectionalGraphSearch;
    /// use onepath::topology::DefaultStepCost;
    /// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// let g = CsrGraph::new(10, &edges).unwrap();
    /// let mut a = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// assert_eq!(a.try_begin(&g, 0, 9), onepath::Step::InProgress);
    /// assert_eq!(a.step(&g, 3), onepath::Step::InProgress);
    /// let mut bytes = vec![0u8; a.state_size()];
    /// a.save_state(&g, &mut bytes).unwrap();
    /// let mut b = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    /// b.restore_state(&g, &bytes).unwrap();
    /// assert_eq!((b.run(&g), b.path()), (a.run(&g), a.path()));
    /// ```
    pub fn restore_state(&mut self, graph: &CsrGraph, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_GRAPH_BIDIRECTIONAL, graph.fingerprint())?;
        let mut r = Reader::new(frame.payload);
        let node_count = r.u32()?;
        let (start, goal) = (r.u32()?, r.u32()?);
        let state = state_of(r.u8()?).ok_or(invalid("graph_bidir.state"))?;
        let iterations = r.u32()?;
        let next = r.u8()?;
        let mu = r.f64()?;
        let meet = r.u32()?;
        let flags = r.u8()?;
        if flags > 1 || next > 1 {
            return Err(invalid("graph_bidir.flags"));
        }
        let f_records = SortedRecords::<Rec>::read(&mut r, "graph_bidir.forward.reached")?;
        let f_open = r.counted(OPEN, "graph_bidir.forward.open")?;
        let b_records = SortedRecords::<Rec>::read(&mut r, "graph_bidir.backward.reached")?;
        let b_open = r.counted(OPEN, "graph_bidir.backward.open")?;
        let f_expanded = r.counted(4, "graph_bidir.forward.expanded")?;
        let b_expanded = r.counted(4, "graph_bidir.backward.expanded")?;
        r.finish("graph_bidir.payload_length")?;
        let idle = state == Step::Idle;
        if idle {
            let empty = f_records.len() + b_records.len() + f_open.len() + b_open.len() == 0
                && f_expanded.is_empty()
                && b_expanded.is_empty();
            let fixed = node_count == 0
                && start == NO_NODE
                && goal == NO_NODE
                && iterations == 0
                && next == 0
                && mu == f64::INFINITY
                && meet == NO_NODE;
            if !(empty && fixed) {
                return Err(invalid("graph_bidir.idle"));
            }
        } else {
            if node_count != graph.node_count() {
                return Err(invalid("graph_bidir.node_count"));
            }
            if start >= node_count || goal >= node_count {
                return Err(invalid("graph_bidir.endpoints"));
            }
        }
        let ids_ok = |list: &[u8]| list.chunks_exact(4).all(|c| le32(c, 0) < node_count);
        if !ids_ok(f_expanded) || !ids_ok(b_expanded) {
            return Err(invalid("graph_bidir.expanded"));
        }
        self.forward.ensure(node_count);
        self.backward.ensure(node_count);
        let fwd = Side {
            records: &f_records,
            open: f_open,
            start,
            node_count,
            forward: true,
        };
        let bwd = Side {
            records: &b_records,
            open: b_open,
            start: goal,
            node_count,
            forward: false,
        };
        let shape = Shape {
            start,
            goal,
            state,
            iterations,
            next,
            mu,
            meet,
            recorded: (f_expanded.len() / 4, b_expanded.len() / 4),
        };
        let checked = self.validate(graph, &fwd, &bwd, &shape);
        self.forward.open.repair_positions();
        checked?;

        // Commit: nothing below can fail.
        self.forward.begin(node_count);
        self.backward.begin(node_count);
        fwd.commit_into(&mut self.forward);
        bwd.commit_into(&mut self.backward);
        // Derived values of the previous search (or another estimate) must not leak in.
        self.potentials.begin(node_count);
        for (b, list) in [
            (&mut self.forward, f_expanded),
            (&mut self.backward, b_expanded),
        ] {
            b.record_expansions = flags & 1 != 0;
            b.expanded.clear();
            b.expanded.extend(list.chunks_exact(4).map(|c| le32(c, 0)));
        }
        self.node_count = node_count;
        self.start = start;
        self.goal = goal;
        self.state = state;
        self.iterations = iterations;
        self.forward_next = next == 0;
        self.mu = mu;
        self.meet = meet;
        Ok(())
    }

    fn validate(
        &mut self,
        graph: &CsrGraph,
        fwd: &Side<'_, '_>,
        bwd: &Side<'_, '_>,
        shape: &Shape,
    ) -> Result<(), StateError> {
        let idle = shape.state == Step::Idle;
        let scratch = self.forward.open.scratch();
        let f_open = fwd.validate(scratch, idle)?;
        let b_open = bwd.validate(scratch, idle)?;
        if idle {
            return Ok(());
        }
        let Shape {
            start,
            goal,
            state,
            iterations,
            next,
            mu,
            meet,
            recorded,
        } = *shape;
        let (fr, br) = (fwd.records, bwd.records);
        let f_closed = fr.len() - f_open;
        let b_closed = br.len() - b_open;
        let it = iterations as usize;
        let saturated = iterations == u32::MAX;
        let same = start == goal;
        let counts_ok = if same {
            // Found at once: both roots closed, nothing else, no iteration.
            iterations == 0 && fr.len() == 1 && br.len() == 1 && f_open + b_open == 0
        } else {
            // Before any iteration only the roots are reached: open, or both closed when
            // `try_begin` found an endpoint without a finite potential (then no path).
            let h = &self.heuristic;
            let refused_at_begin = state == Step::NoPath
                && (potential(h, start, goal, start).is_none()
                    || potential(h, start, goal, goal).is_none());
            let roots_only = fr.len() + br.len() == 2;
            let parity_ok = saturated || (next == 0) == iterations.is_multiple_of(2);
            let (shares_ok, fresh_ok) = if iterations == 0 {
                let closed = f_closed + b_closed;
                let ok = roots_only && (closed == 0 || (closed == 2 && refused_at_begin));
                (true, ok)
            } else {
                let shares = saturated || (f_closed <= it.div_ceil(2) && b_closed <= it / 2);
                (shares, true)
            };
            let roots_ok = (iterations < 1 || root_closed(fr, start))
                && (iterations < 2 || root_closed(br, goal));
            parity_ok && shares_ok && fresh_ok && roots_ok
        };
        if !counts_ok || recorded.0 + recorded.1 > it {
            return Err(invalid("graph_bidir.counters"));
        }
        // mu: the smallest sum over nodes both sides reached, attained at the meeting node.
        let mut best = f64::INFINITY;
        for i in 0..fr.len() {
            let f = fr.get(i);
            if let Some(j) = br.find(f.node) {
                let s = f.g + br.get(j).g;
                if s < best {
                    best = s;
                }
            }
        }
        let meet_ok = if best == f64::INFINITY {
            meet == NO_NODE
        } else {
            match (fr.find(meet), br.find(meet)) {
                (Some(i), Some(j)) => (fr.get(i).g + br.get(j).g).to_bits() == best.to_bits(),
                _ => false,
            }
        };
        if mu.to_bits() != best.to_bits() || !meet_ok {
            return Err(invalid("graph_bidir.mu"));
        }
        // The state is what the stopping rule says.
        let stop = if f_open == 0 || b_open == 0 {
            true
        } else {
            open_entry(fwd.open, 0).1 + open_entry(bwd.open, 0).1 >= mu
        };
        let state_ok = match state {
            Step::InProgress => !stop,
            Step::Found => stop && mu < f64::INFINITY,
            _ => stop && mu == f64::INFINITY,
        };
        if !state_ok {
            return Err(invalid("graph_bidir.state"));
        }
        let h = &self.heuristic;
        let pf = |v| potential(h, start, goal, v).unwrap_or(f64::INFINITY);
        let pb = |v| potential(h, start, goal, v).map_or(f64::INFINITY, |p| -p);
        fwd.validate_keys(pf)?;
        bwd.validate_keys(pb)?;
        let scratch = self.forward.open.scratch();
        fwd.validate_moves(graph, &self.cost, scratch)?;
        bwd.validate_moves(graph, &self.cost, scratch)?;
        if iterations == 0 {
            // Nothing was expanded: the roots are open, or both closed by `try_begin`.
            return Ok(());
        }
        // Closed records relaxed, each side over its own direction: every expansion pops and
        // relaxes (the goal test is the stopping rule, never a pop), so every closed record
        // was expanded; the search skips a node whose potential is not finite.
        let pushes = |v, _| potential(h, start, goal, v).is_some();
        fwd.validate_relaxed(
            graph,
            &self.cost,
            NO_NODE,
            pushes,
            "graph_bidir.forward.relaxed",
        )?;
        bwd.validate_relaxed(
            graph,
            &self.cost,
            NO_NODE,
            pushes,
            "graph_bidir.backward.relaxed",
        )
    }
}

fn root_closed(records: &SortedRecords<'_, Rec>, root: u32) -> bool {
    records.find(root).is_some_and(|i| records.get(i).closed)
}

/// The fixed fields of a kind-13 payload.
struct Shape {
    start: u32,
    goal: u32,
    state: Step,
    iterations: u32,
    next: u8,
    mu: f64,
    meet: u32,
    recorded: (usize, usize),
}
