//! Snapshot kind 12: the state of a [`GraphAStar`] search (`docs/snapshot-format.md`).
//!
//! Payload (little-endian): node_count u32, start u32, goal u32, state u8 (0 idle, 1 in
//! progress, 2 found, 3 no path), iterations u32, expansions u32, flags u8 (bit 0 record
//! expansions); reached count u32 then one 17-byte record per reached node in increasing node
//! order (node u32, parent u32 or `u32::MAX`, g f64 bits, closed u8); open count u32 then the
//! open set in pop order (node u32, f f64 bits); expanded count u32 then node u32 each; trace
//! count u32 (always 0) — the layout of kind 2 without its weight. The header's map hash is
//! the graph's [`fingerprint`](CsrGraph::fingerprint).
//!
//! Restoring validates everything before it changes the search and accepts only states the
//! search can reach: ids in range and increasing, g not NaN and `>= 0`, the start's record
//! (no parent, g = +0), parent chains that end at the start without a loop (every walk is
//! bounded by the record count), a bijection between not-closed records and open entries in
//! strict pop order, open keys equal to `g + h(node, goal)` as the search computes them, no
//! reached node but the start with a `+∞` estimate, every non-start record set by its parent
//! through an out-edge priced by the cost hook (`g(child) == g(parent) + c` for a closed
//! parent, `<=` for a parent reopened since), every closed record but a found goal *relaxed*
//! (each out-edge the search relaxed when it expanded the node — usable cost from the cost
//! hook, target not ruled out by a `+∞` estimate or a NaN key — reaches its target with `g`
//! no worse than `g(n) + c`; `state/relaxation.rs`), a found state whose goal popped before
//! every entry still open, a no-path state with nothing open and the goal not closed (or the
//! start alone, closed by `try_begin` when its key is NaN), and counters that agree with the
//! records (`state/counters.rs`). These are the facts the loop maintains, so a restored search
//! continues exactly as a search that was never stopped would from such a state: with an
//! admissible estimate, to the optimal cost (the classical A* lemma: every node of an optimal
//! path is closed with its optimal `g`, or an open node on it is).

use super::astar::{GraphAStar, usable_cost};
use crate::graph::CsrGraph;
use crate::graph::GraphHeuristic;
use core::ops::Range;

use crate::search::node_records::{
    NODE_RECORD, NodeRecord, OPEN_ENTRY, RecordLabels, check_section, commit_section,
    expanded_records, record_labels, section_size, write_section,
};
use crate::search::step_code::{state_code, state_of};
use crate::search::{NO_NODE, SearchBuffers, Step};
use crate::state::codec::{HEADER_LEN, Reader, invalid, read_frame_for, write_frame};
use crate::state::counters::Counters;
use crate::state::recordings::Recordings;
use crate::state::relaxation::{Reopening, check_relaxed, reflected};
use crate::state::size_bound::{per, recorded, sum};
use crate::state::sorted_records::SortedRecords;
use crate::state::{KIND_GRAPH_ASTAR, StateError};
use crate::topology::StepCost;

const FIXED: usize = 4 + 4 + 4 + 1 + 4 + 4 + 1;
pub(super) const OPEN: usize = OPEN_ENTRY;
pub(super) type Rec = NodeRecord;
pub(super) use crate::search::node_records::open_entry;
/// The field names of the graph kinds' section errors.
const LABELS: RecordLabels = record_labels!("graph");

impl<C: StepCost, H: GraphHeuristic> GraphAStar<C, H> {
    fn live_nodes(&self) -> u32 {
        if self.state == Step::Idle {
            0
        } else {
            self.node_count
        }
    }

    /// Bytes [`save_state`](GraphAStar::save_state) writes. Allocates nothing.
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
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.step(&g, 2);
    /// let mut bytes = vec![0u8; s.state_size()];
    /// assert_eq!(s.save_state(&g, &mut bytes), Ok(bytes.len()));
    /// let mut peer = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// peer.restore_state(&g, &bytes).unwrap();
    /// assert_eq!((peer.run(&g), peer.cost()), (Step::Found, 3.0));
    /// ```
    pub fn state_size(&self) -> usize {
        let b = &self.buffers;
        HEADER_LEN + FIXED + section_size(b, self.live_nodes()) + Recordings::size(&b.expanded, &[])
    }

    /// An upper bound on [`state_size`](GraphAStar::state_size) for every state this search
    /// can reach on `graph` with its current settings, so a host can size its snapshot buffer
    /// once: `28 + 22 + 4 + 17 n + 4 + 12 n + 4 + 4 e + 4` bytes = `66 + 29 n + 4 e` for `n` =
    /// `graph.node_count()` (header; fixed fields; a reached record and at most one open entry
    /// per node; the expanded list; the empty trace). With expansion recording off, `e` is the
    /// list's current length (it does not grow; a new search empties it). With it on there is
    /// no bound — the search reopens a node whose `g` improves, so the list can outgrow `n` —
    /// and the answer is `usize::MAX`. Saturates.
    pub fn max_state_size(&self, graph: &CsrGraph) -> usize {
        let b = &self.buffers;
        let e = recorded(b.record_expansions, b.expanded.len(), None);
        sum([
            HEADER_LEN + FIXED + 16,
            per(graph.node_count() as usize, NODE_RECORD + OPEN),
            per(e, 4),
        ])
    }

    /// Writes the search state (kind 12) into `out`, tied to `graph`'s fingerprint; returns
    /// the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](GraphAStar::state_size).
    ///
    /// # Complexity
    ///
    /// O(nodes + o log o) for o open entries.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// # use onepath::search::Step;
    /// # use onepath::topology::DefaultStepCost;
    /// # let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0), GraphEdge::new(2, 3, 1.0)];
    /// # let g = CsrGraph::new(5, &edges).unwrap(); // node 4 has no edges
    /// use onepath::graph_search::GraphAStar;
    /// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// s.try_begin(&g, 0, 3);
    /// s.run(&g);
    /// assert!(s.save_state(&g, &mut [0u8; 4]).is_err()); // too short: nothing written
    /// let mut bytes = vec![0u8; s.state_size()];
    /// s.save_state(&g, &mut bytes).unwrap();
    /// let other = CsrGraph::new(5, &[GraphEdge::new(0, 1, 2.0)]).unwrap();
    /// assert!(GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic).restore_state(&other, &bytes).is_err());
    /// ```
    pub fn save_state(&self, graph: &CsrGraph, out: &mut [u8]) -> Result<usize, StateError> {
        let n = self.live_nodes();
        let size = self.state_size();
        let b = &self.buffers;
        write_frame(
            out,
            KIND_GRAPH_ASTAR,
            graph.fingerprint(),
            size - HEADER_LEN,
            |w| {
                w.u32(n);
                w.u32(self.start);
                w.u32(self.goal);
                w.u8(state_code(self.state));
                w.u32(self.iterations);
                w.u32(self.expansions);
                w.u8(u8::from(b.record_expansions));
                write_section(w, b, n);
                Recordings::write(w, &b.expanded, &[]);
            },
        )
    }

    /// Restores a state saved by [`save_state`](GraphAStar::save_state) on `graph`. On any
    /// error the search is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] when the snapshot belongs to a graph with another
    /// fingerprint, and every other [`StateError`] for malformed, truncated or unreachable
    /// states.
    ///
    /// # Complexity
    ///
    /// O(r log r + the out-edges of the r reached nodes), plus O(nodes) the first time the
    /// buffers grow.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
    /// use onepath::graph_search::GraphAStar;
    /// use onepath::topology::DefaultStepCost;
    /// let edges: Vec<_> = (0..9).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    /// let g = CsrGraph::new(10, &edges).unwrap();
    /// let mut a = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// assert_eq!(a.try_begin(&g, 0, 9), onepath::Step::InProgress);
    /// assert_eq!(a.step(&g, 4), onepath::Step::InProgress);
    /// let mut bytes = vec![0u8; a.state_size()];
    /// a.save_state(&g, &mut bytes).unwrap();
    /// let mut b = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    /// b.restore_state(&g, &bytes).unwrap();
    /// assert_eq!((b.run(&g), b.cost()), (a.run(&g), a.cost()));
    /// ```
    pub fn restore_state(&mut self, graph: &CsrGraph, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_GRAPH_ASTAR, graph.fingerprint())?;
        let mut r = Reader::new(frame.payload);
        let node_count = r.u32()?;
        let (start, goal) = (r.u32()?, r.u32()?);
        let state = state_of(r.u8()?).ok_or(invalid("graph_astar.state"))?;
        let (iterations, expansions) = (r.u32()?, r.u32()?);
        let flags = r.u8()?;
        if flags > 1 {
            return Err(invalid("graph_astar.flags"));
        }
        let records = SortedRecords::<Rec>::read(&mut r, "graph_astar.reached")?;
        let count = records.len();
        let open = r.counted(OPEN, "graph_astar.open")?;
        let open_count = open.len() / OPEN;
        let recordings = Recordings::read(&mut r, "graph_astar.expanded", "graph_astar.trace")?;
        r.finish("graph_astar.payload_length")?;
        if recordings.lens().1 != 0 {
            return Err(invalid("graph_astar.trace"));
        }
        if state == Step::Idle {
            let endpoints = start != NO_NODE || goal != NO_NODE;
            if count + open_count != 0 || !recordings.is_empty() || node_count != 0 || endpoints {
                return Err(invalid("graph_astar.idle"));
            }
        } else {
            if node_count != graph.node_count() {
                return Err(invalid("graph_astar.node_count"));
            }
            if start >= node_count || goal >= node_count {
                return Err(invalid("graph_astar.endpoints"));
            }
        }
        recordings.check(node_count)?;
        self.buffers.ensure(node_count);
        let side = Side {
            records: &records,
            open,
            start,
            node_count,
            forward: true,
        };
        let checked = side
            .validate(self.buffers.open.scratch(), state == Step::Idle)
            .and_then(|not_closed| {
                if state == Step::Idle {
                    return Ok(());
                }
                let h = &self.heuristic;
                let start_closed = records.find(start).is_some_and(|i| records.get(i).closed);
                // `try_begin` refused a start whose key is NaN: only the start, closed without
                // an iteration, and no path.
                let refused_at_begin = (0.0 + h.estimate(start, goal)).is_nan();
                if refused_at_begin {
                    let ok = state == Step::NoPath
                        && (iterations, expansions) == (0, 0)
                        && count == 1
                        && start_closed
                        && recordings.is_empty();
                    return if ok {
                        Ok(())
                    } else {
                        Err(invalid("graph_astar.start"))
                    };
                }
                let counters = Counters {
                    iterations,
                    expansions,
                    found: state == Step::Found,
                    reached: count,
                    closed: count - not_closed,
                    start_closed,
                    recorded: recordings.lens(),
                    never_reopens: false,
                };
                if !counters.agree() {
                    return Err(invalid("graph_astar.counters"));
                }
                let goal_closed = records.find(goal).is_some_and(|i| records.get(i).closed);
                let ok = match state {
                    Step::InProgress => open_count != 0 && !goal_closed,
                    Step::Found => goal_closed,
                    _ => open_count == 0 && !goal_closed,
                };
                if !ok {
                    return Err(invalid("graph_astar.state"));
                }
                side.validate_keys(|v| 0.0 + h.estimate(v, goal))?;
                side.validate_moves(graph, &self.cost, self.buffers.open.scratch())?;
                if state == Step::Found {
                    validate_found(&side, goal, 0.0 + h.estimate(goal, goal))?;
                }
                // Closed records relaxed: every out-edge the search relaxed from an expanded
                // node reached its target no worse, unless the search skips that target (an
                // estimate of +∞, a NaN key).
                let found_goal = if state == Step::Found { goal } else { NO_NODE };
                side.validate_relaxed(
                    graph,
                    &self.cost,
                    found_goal,
                    |v, g2| {
                        let hv = h.estimate(v, goal);
                        hv != f64::INFINITY && !(g2 + hv).is_nan()
                    },
                    "graph_astar.reached.relaxed",
                )
            });
        self.buffers.open.repair_positions();
        checked?;

        // Commit: nothing below can fail.
        let b = &mut self.buffers;
        b.begin(node_count);
        side.commit_into(b);
        b.record_expansions = flags & 1 != 0;
        recordings.restore_into(&mut b.expanded, &mut b.trace);
        self.start = start;
        self.goal = goal;
        self.node_count = node_count;
        self.state = state;
        self.iterations = iterations;
        self.expansions = expansions;
        Ok(())
    }
}

/// A found search popped its goal before every entry still open: the goal's pop rank (its key
/// `g + addend`, `addend` as the search adds it) is below the first remaining entry's, since
/// nothing is pushed after the pop that ends the search.
fn validate_found(side: &Side<'_, '_>, goal: u32, addend: f64) -> Result<(), StateError> {
    let records = side.records;
    let Some(rec) = records.find(goal).map(|i| records.get(i)) else {
        return Err(invalid("graph_astar.found_goal"));
    };
    let f = rec.g + addend + 0.0;
    if f.is_nan() {
        return Err(invalid("graph_astar.found_goal"));
    }
    if side.open.len() >= OPEN {
        let (node, f1) = open_entry(side.open, 0);
        let g1 = records.find(node).map_or(0.0, |i| records.get(i).g);
        if !pops_before((goal, f, rec.g), (node, f1, g1)) {
            return Err(invalid("graph_astar.found_goal"));
        }
    }
    Ok(())
}

/// Whether the open-set entry `a` (node, f, g; neither key NaN) pops before `b`: smaller f,
/// then larger g, then smaller node (the `OpenSet` order; `-0.0 == +0.0` there as here).
pub(super) fn pops_before(a: (u32, f64, f64), b: (u32, f64, f64)) -> bool {
    a.1 < b.1 || (a.1 == b.1 && (a.2 > b.2 || (a.2 == b.2 && a.0 < b.0)))
}

/// One search direction's reached records and open entries as read from a payload, and the
/// validation every graph snapshot kind applies to them.
pub(super) struct Side<'a, 'b> {
    pub(super) records: &'b SortedRecords<'a, Rec>,
    pub(super) open: &'a [u8],
    /// The side's root (the start forward, the goal backward).
    pub(super) start: u32,
    pub(super) node_count: u32,
    /// Forward sides follow out-edges, backward sides in-edges.
    pub(super) forward: bool,
}

impl Side<'_, '_> {
    /// Ids, g values, the root record, acyclic parent chains, and the open/record bijection in
    /// strict pop order (with the g of each record as the entry's g). Returns the number of
    /// not-closed records. `scratch` (at least the record count long) is overwritten.
    pub(super) fn validate(&self, scratch: &mut [u32], idle: bool) -> Result<usize, StateError> {
        check_section(
            self.records,
            self.open,
            self.start,
            self.node_count,
            idle,
            scratch,
            &LABELS,
        )
    }

    /// Every open key equals `g + p(node)` bit for bit (`p` computes the search's addend, `+ 0.0`
    /// included where the search stores a zero as +0.0), and no reached node but the root has
    /// an infinite addend (the search never pushes such a node).
    pub(super) fn validate_keys(&self, p: impl Fn(u32) -> f64) -> Result<(), StateError> {
        let records = self.records;
        for i in 0..records.len() {
            let rec = records.get(i);
            if rec.node != self.start && p(rec.node) == f64::INFINITY {
                return Err(invalid("graph.reached.estimate"));
            }
        }
        for k in 0..self.open.len() / OPEN {
            let (node, f) = open_entry(self.open, k);
            let g = records.find(node).map_or(0.0, |i| records.get(i).g);
            let expected = g + p(node) + 0.0;
            if f.to_bits() != expected.to_bits() {
                return Err(invalid("graph.open.key"));
            }
        }
        Ok(())
    }

    /// Every record but the root was set by its parent through an edge of this side's
    /// direction priced by `cost` (called with the edge's true direction): `g(child) ==
    /// g(parent) + c` when the parent is closed, `<=` when it is open again. `scratch` is
    /// overwritten.
    pub(super) fn validate_moves(
        &self,
        graph: &CsrGraph,
        cost: &impl StepCost,
        scratch: &mut [u32],
    ) -> Result<(), StateError> {
        let records = self.records;
        let count = records.len();
        scratch[..count].iter_mut().for_each(|s| *s = 0);
        for i in 0..count {
            if let Some(j) = records.find(records.get(i).parent) {
                scratch[j] |= 1;
            }
        }
        for j in 0..count {
            if scratch[j] & 1 == 0 {
                continue;
            }
            let p = records.get(j);
            let (range, ends, weights) = self.edges(graph, p.node);
            for slot in range {
                let m = ends[slot];
                let c = if self.forward {
                    cost.cost(p.node, m, weights[slot])
                } else {
                    cost.cost(m, p.node, weights[slot])
                };
                if !usable_cost(c) {
                    continue;
                }
                let Some(k) = records.find(m) else { continue };
                let child = records.get(k);
                let g2 = p.g + c;
                let set_here = if p.closed {
                    g2 == child.g
                } else {
                    g2 <= child.g
                };
                if child.parent == p.node && set_here {
                    scratch[k] |= 2;
                }
            }
        }
        for (i, &mark) in scratch[..count].iter().enumerate() {
            if mark & 2 == 0 && records.get(i).node != self.start {
                return Err(invalid("graph.reached.move"));
            }
        }
        Ok(())
    }

    /// The relaxation rule (`state/relaxation.rs`): every expanded record (every closed one but
    /// `found_goal`, which a found search closes by the pop that ends it) relaxed each edge of
    /// this side's direction as the search does — the cost hook called with the edge's true
    /// direction, an unusable cost skipped, `g' = g(n) + c` — and its other end is reached with
    /// `g <= g'`, unless `pushes(node, g')` says the search would skip it (its estimate or
    /// potential rules it out). Costs what the search spent expanding the closed records.
    pub(super) fn validate_relaxed(
        &self,
        graph: &CsrGraph,
        cost: &impl StepCost,
        found_goal: u32,
        pushes: impl Fn(u32, f64) -> bool,
        field: &'static str,
    ) -> Result<(), StateError> {
        let records = self.records;
        let expanded = expanded_records(records, found_goal);
        check_relaxed(
            records,
            Reopening::Reopens,
            expanded,
            |n, offers| {
                let (range, ends, weights) = self.edges(graph, n.node);
                for slot in range {
                    let m = ends[slot];
                    let c = if self.forward {
                        cost.cost(n.node, m, weights[slot])
                    } else {
                        cost.cost(m, n.node, weights[slot])
                    };
                    if !usable_cost(c) {
                        continue;
                    }
                    let g2 = n.g + c;
                    // Reached no worse: the search skips it before it estimates it.
                    if reflected(records, Reopening::Reopens, m, g2) {
                        continue;
                    }
                    if pushes(m, g2) {
                        offers.offer(m, g2);
                    }
                }
            },
            field,
        )
    }

    /// The edge slots of this side's direction at `node`: out-edges forward, in-edges
    /// backward, with the other end and the weight of every slot.
    fn edges<'g>(&self, graph: &'g CsrGraph, node: u32) -> (Range<usize>, &'g [u32], &'g [f64]) {
        if self.forward {
            (graph.out_range(node), graph.targets(), graph.weights())
        } else {
            (
                graph.in_range(node),
                graph.sources(),
                graph.reverse_weights(),
            )
        }
    }

    /// Writes the records and open entries into `b` (which `begin` has just reset).
    pub(super) fn commit_into(&self, b: &mut SearchBuffers) {
        commit_section(b, self.records, self.open);
    }
}
