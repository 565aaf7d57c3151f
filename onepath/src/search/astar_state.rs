//! Snapshot kind 2: the state of an [`AStar`] search (`docs/snapshot-format.md`).
//!
//! Payload (all little-endian): node_count u32, start u32, goal u32, weight f64 bits, state u8
//! (0 idle, 1 in progress, 2 found, 3 no path), iterations u32, expansions u32, flags u8 (bit 0
//! record expansions, bit 1 record trace); reached count u32 then one 17-byte record per reached
//! node in increasing node order (node u32, parent u32 or `u32::MAX`, g f64 bits, closed u8);
//! open count u32 then the open set in pop order (node u32, f f64 bits; smaller f, then larger
//! g, then smaller node first), so the bytes are a function of the search's logical state and
//! not of the heap's layout; expanded count u32 then node u32 each; trace count u32 then u64
//! each.
//!
//! Restoring validates everything before changing the search (ranges, NaN and negative g, the
//! start record, parent chains that reach the start without loops, a bijection between
//! not-closed records and open entries, entries strictly in pop order, the found goal, the
//! reachability rules of `validate_moves`), rebuilds the open set from the sorted entries and
//! never allocates once the buffers are sized; the open set's position index serves as
//! validation scratch.

use super::astar::{AStar, usable_step};
use super::buffers::NO_NODE;
use super::node_records::{
    NODE_RECORD, NodeRecord, OPEN_ENTRY, RecordLabels, check_section, commit_section,
    expanded_records, open_entry, record_labels, section_size, write_section,
};
use super::open_set::pop_rank;
use super::step::Step;
use super::step_code::{state_code, state_of};
use crate::state::codec::{HEADER_LEN, Reader, invalid, read_frame_for, write_frame};
use crate::state::counters::Counters;
use crate::state::recordings::Recordings;
use crate::state::relaxation::{Reopening, check_relaxed};
use crate::state::size_bound::{per, recorded, sum};
use crate::state::sorted_records::SortedRecords;
use crate::state::{KIND_ASTAR, StateError};
use crate::topology::{Heuristic, StepCost, Topology};

const FIXED: usize = 4 + 4 + 4 + 8 + 1 + 4 + 4 + 1;
const OPEN: usize = OPEN_ENTRY;
const LABELS: RecordLabels = record_labels!("astar");
type Rec = NodeRecord;

/// What the fixed fields of a kind-2 payload say, for the validation passes.
struct Shape {
    node_count: u32,
    endpoints: (u32, u32),
    state: Step,
    weight: f64,
    /// Iterations and expansions.
    counts: (u32, u32),
    /// Entries in the expanded list and the trace.
    recorded: (usize, usize),
}

/// The kind-2 bound for `nodes` nodes, `expanded` recorded expansions and `trace` trace
/// entries (see [`AStar::max_state_size`]): header, fixed fields, a reached record (17 bytes)
/// and an open entry (12) per node, the two counted lists. Saturates.
pub(crate) fn kind2_bound(nodes: usize, expanded: usize, trace: usize) -> usize {
    sum([
        HEADER_LEN + FIXED + 4 + 4 + 4 + 4,
        per(nodes, NODE_RECORD + OPEN),
        per(expanded, 4),
        per(trace, 8),
    ])
}

impl<C: StepCost, H: Heuristic> AStar<C, H> {
    fn node_count_for_state(&self) -> u32 {
        if self.state == Step::Idle {
            0
        } else {
            self.node_count
        }
    }

    /// Bytes [`save_state`](AStar::save_state) writes. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(nodes) (one pass over the marks).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(8, 8).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(8, 1.0));
    /// # search.try_begin(&topo, 0, 63);
    /// # search.step(&topo, 3);
    /// let mut bytes = vec![0u8; search.state_size()]; // grows with the nodes reached
    /// assert_eq!(search.save_state(grid.content_hash(), &mut bytes), Ok(bytes.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        let n = self.node_count_for_state();
        let b = &self.buffers;
        HEADER_LEN + FIXED + section_size(b, n) + Recordings::size(&b.expanded, &b.trace)
    }

    /// An upper bound on [`state_size`](AStar::state_size) for every state this search can
    /// reach on `topology` with its current settings, so a host can size its snapshot buffer
    /// once: `28 + 30 + 4 + 17 n + 4 + 12 n + 4 + 4 e + 4 + 8 t` bytes for `n` =
    /// `topology.node_count()` (header; fixed fields; one reached record and at most one open
    /// entry per node; the expanded list and the trace). With expansion recording and the trace
    /// off, `e` and `t` are the lists' current lengths (they do not grow; a new search empties
    /// them), so the bound is `74 + 29 n` for a fresh search. With either on there is no bound:
    /// A* reopens a node whose `g` improves, so a list can outgrow `n`, and the answer is
    /// `usize::MAX` — turn recording off in a host that sizes once. Saturates, never overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::search::AStar;
    /// use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let rule = DiagonalRule::NoCornerCutting;
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap();
    /// let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(8, 1.0));
    /// let mut buffer = vec![0u8; search.max_state_size(&topo)]; // 74 + 29 × 64, once
    /// let _ = search.try_begin(&topo, 0, 63);
    /// while search.step(&topo, 5) == onepath::search::Step::InProgress {
    ///     assert!(search.save_state(grid.content_hash(), &mut buffer).is_ok());
    /// }
    /// ```
    pub fn max_state_size<T: Topology>(&self, topology: &T) -> usize {
        let b = &self.buffers;
        kind2_bound(
            topology.node_count() as usize,
            recorded(b.record_expansions, b.expanded.len(), None),
            recorded(b.record_trace, b.trace.len(), None),
        )
    }

    /// Writes the search state (kind 2) into `out`, tied to the map whose content hash is
    /// `map_hash` (e.g. [`Grid::content_hash`](crate::Grid::content_hash)); returns the byte
    /// count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](AStar::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::search::{AStar, Step};
    /// # use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(8, 8).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(8, 1.0));
    /// # search.try_begin(&topo, 0, 63);
    /// # search.step(&topo, 3);
    /// use onepath::state::StateError;
    /// let mut short = vec![0u8; search.state_size() - 1];
    /// assert!(matches!(search.save_state(grid.content_hash(), &mut short), Err(StateError::BufferTooSmall { .. })));
    /// // The map hash ties the bytes to the map: another map's hash is refused on restore.
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(grid.content_hash(), &mut bytes).unwrap();
    /// let mut other = AStar::new(DefaultStepCost, OctileHeuristic::new(8, 1.0));
    /// assert!(matches!(other.restore_state(&topo, 12345, &bytes), Err(StateError::MapMismatch { .. })));
    /// ```
    pub fn save_state(&self, map_hash: u64, out: &mut [u8]) -> Result<usize, StateError> {
        let n = self.node_count_for_state();
        let size = self.state_size();
        let b = &self.buffers;
        write_frame(out, KIND_ASTAR, map_hash, size - HEADER_LEN, |w| {
            w.u32(n);
            w.u32(self.start);
            w.u32(self.goal);
            w.f64(self.weight);
            w.u8(state_code(self.state));
            w.u32(self.iterations);
            w.u32(self.expansions);
            w.u8(u8::from(b.record_expansions) | (u8::from(b.record_trace) << 1));
            write_section(w, b, n);
            Recordings::write(w, &b.expanded, &b.trace);
        })
    }

    /// Restores a state saved by [`save_state`](AStar::save_state) for the map `topology`
    /// whose content hash is `map_hash`. On any error the search is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] when `map_hash` differs from the snapshot's, and every other
    /// [`StateError`] for malformed, truncated or inconsistent bytes.
    ///
    /// # Complexity
    ///
    /// O(r log r) for r reached nodes, plus O(nodes) the first time the buffers grow.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::search::{AStar, Step};
    /// use onepath::topology::{DefaultStepCost, OctileHeuristic};
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let rule = DiagonalRule::NoCornerCutting;
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap();
    /// let new_search = || AStar::new(DefaultStepCost, OctileHeuristic::new(8, 1.0));
    /// let mut search = new_search();
    /// assert_eq!(search.try_begin(&topo, 0, 63), onepath::Step::InProgress);
    /// assert_eq!(search.step(&topo, 3), onepath::Step::InProgress);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(grid.content_hash(), &mut bytes).unwrap();
    /// // Another search (another machine) resumes from the bytes.
    /// let mut resumed = new_search();
    /// resumed.restore_state(&topo, grid.content_hash(), &bytes).unwrap();
    /// assert_eq!((resumed.state(), resumed.iterations()), (Step::InProgress, 3));
    /// assert_eq!(resumed.run(&topo), search.run(&topo));
    /// assert_eq!((resumed.path(), resumed.cost()), (search.path(), search.cost()));
    /// // The bytes belong to one map: another content hash is refused.
    /// assert!(resumed.restore_state(&topo, grid.content_hash() ^ 1, &bytes).is_err());
    /// ```
    pub fn restore_state<T: Topology>(
        &mut self,
        topology: &T,
        map_hash: u64,
        bytes: &[u8],
    ) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_ASTAR, map_hash)?;
        let mut r = Reader::new(frame.payload);
        let node_count = r.u32()?;
        let (start, goal) = (r.u32()?, r.u32()?);
        let weight = r.f64()?;
        let state = state_of(r.u8()?).ok_or(invalid("astar.state"))?;
        let (iterations, expansions) = (r.u32()?, r.u32()?);
        let flags = r.u8()?;
        if flags > 3 {
            return Err(invalid("astar.flags"));
        }
        if !(weight.is_finite() && weight >= 0.0) {
            return Err(invalid("astar.weight"));
        }
        let records = SortedRecords::<Rec>::read(&mut r, "astar.reached")?;
        let count = records.len();
        let open = r.counted(OPEN, "astar.open")?;
        let open_count = open.len() / OPEN;
        let recordings = Recordings::read(&mut r, "astar.expanded", "astar.trace")?;
        r.finish("astar.payload_length")?;

        if state == Step::Idle {
            // An idle search has no endpoints (`u32::MAX`, as `save_state` writes them).
            let endpoints = start != NO_NODE || goal != NO_NODE;
            if count + open_count != 0 || !recordings.is_empty() || node_count != 0 || endpoints {
                return Err(invalid("astar.idle"));
            }
        } else {
            if node_count != topology.node_count() {
                return Err(invalid("astar.node_count"));
            }
            if !topology.is_walkable(start) || !topology.is_walkable(goal) {
                return Err(invalid("astar.endpoints"));
            }
        }
        recordings.check(node_count)?;

        self.buffers.ensure(node_count);
        // The open keys are checked against the estimate the search would compute, so the
        // heuristic takes the snapshot's goal first and gets the running search's back if the
        // snapshot is refused.
        if state != Step::Idle {
            self.heuristic.set_goal(goal);
        }
        let shape = Shape {
            node_count,
            endpoints: (start, goal),
            state,
            weight,
            counts: (iterations, expansions),
            recorded: recordings.lens(),
        };
        let checked = self
            .validate(&records, open, &shape)
            .and_then(|()| self.validate_moves(topology, &records, open, &shape));
        self.buffers.open.repair_positions();
        if let Err(e) = checked {
            if self.state != Step::Idle {
                self.heuristic.set_goal(self.goal);
            }
            return Err(e);
        }

        // Commit: nothing below can fail.
        let b = &mut self.buffers;
        b.begin(node_count);
        commit_section(b, &records, open);
        b.record_expansions = flags & 1 != 0;
        b.record_trace = flags & 2 != 0;
        recordings.restore_into(&mut b.expanded, &mut b.trace);
        self.start = if state == Step::Idle { NO_NODE } else { start };
        self.goal = if state == Step::Idle { NO_NODE } else { goal };
        if state != Step::Idle {
            self.heuristic.set_goal(goal);
        }
        self.weight = weight;
        self.node_count = node_count;
        self.state = state;
        self.iterations = iterations;
        self.expansions = expansions;
        Ok(())
    }

    /// Checks records and open entries; uses the open set's position index as scratch.
    /// Node ids must be below the snapshot's `node_count` (the map's), not merely below the
    /// buffers' capacity, which a search on a larger map may have left bigger.
    fn validate(
        &mut self,
        records: &SortedRecords<'_, Rec>,
        open: &[u8],
        shape: &Shape,
    ) -> Result<(), StateError> {
        let Shape {
            node_count,
            endpoints: (start, goal),
            state,
            ..
        } = *shape;
        let scratch = self.buffers.open.scratch();
        let idle = state == Step::Idle;
        let open_count = check_section(records, open, start, node_count, idle, scratch, &LABELS)?;
        if state == Step::Found && !records.find(goal).is_some_and(|i| records.get(i).closed) {
            return Err(invalid("astar.found_goal"));
        }
        if state == Step::NoPath && open_count != 0 {
            return Err(invalid("astar.open.count"));
        }
        Ok(())
    }

    /// The rules that make a validated record set one the search can reach (run after
    /// [`validate`](Self::validate), which proved ids, the start, acyclic parent chains and
    /// the open/record bijection):
    ///
    /// - every record but the start was set by its parent through a move the topology offers
    ///   from the parent (enumerated as from a node without a parent, which offers every move
    ///   any arrival can: a superset for jump point topologies), priced by the cost hook as
    ///   the search prices it, with `g(child) >= g(parent) + step` evaluated as the search
    ///   evaluates it, and equal when the parent is closed and the topology's successors
    ///   ignore the parent (its last expansion set or confirmed every child it is still the
    ///   parent of). A parent that is open again improved after it set the child
    ///   (reopening, which rounding can cause even under a consistent estimate), so there
    ///   only `>=` holds: its new g may be one rounding step lower and the sum the same;
    /// - every open entry's f is `g + w * h(node)` as the search computes it;
    /// - the counters agree with the state: iterations 0 exactly while only the start is
    ///   reached and open; the start closed after any iteration; at least one iteration per
    ///   closed record; expansions = iterations − 1 when found, = iterations otherwise
    ///   (saturating counts excepted); recordings no longer than their counters; an in-progress
    ///   search has something to pop and its goal is not closed.
    ///
    /// Enumerating the parents costs what the search spent expanding them.
    fn validate_moves<T: Topology>(
        &mut self,
        topology: &T,
        records: &SortedRecords<'_, Rec>,
        open: &[u8],
        shape: &Shape,
    ) -> Result<(), StateError> {
        let Shape {
            endpoints: (start, goal),
            state,
            weight,
            counts: (iterations, expansions),
            recorded: (expanded_len, trace_len),
            ..
        } = *shape;
        if state == Step::Idle {
            return Ok(());
        }
        let count = records.len();
        let open_count = open.len() / OPEN;
        let counters = Counters {
            iterations,
            expansions,
            found: state == Step::Found,
            reached: count,
            closed: count - open_count,
            start_closed: records.find(start).is_some_and(|i| records.get(i).closed),
            recorded: (expanded_len, trace_len),
            // Rounding can reopen a closed node even under a consistent estimate.
            never_reopens: false,
        };
        if !counters.agree() {
            return Err(invalid("astar.counters"));
        }
        let goal_closed = records.find(goal).is_some_and(|i| records.get(i).closed);
        if state == Step::InProgress && (open_count == 0 || goal_closed) {
            return Err(invalid("astar.in_progress"));
        }
        // Open keys, as the search computes them (`+ 0.0` stores either zero as +0.0).
        for k in 0..open_count {
            let (node, f) = open_entry(open, k);
            let g = records.find(node).map_or(0.0, |i| records.get(i).g);
            let expected = g + weight * self.heuristic.estimate(node) + 0.0;
            if f.to_bits() != expected.to_bits() {
                return Err(invalid("astar.open.key"));
            }
        }
        // Parents: bit 0 marks a record that is some record's parent, bit 1 a record whose
        // parent offers it as the search would have set it.
        let scratch = self.buffers.open.scratch();
        scratch[..count].iter_mut().for_each(|s| *s = 0);
        for i in 0..count {
            let parent = records.get(i).parent;
            if let Some(j) = records.find(parent) {
                scratch[j] |= 1;
            }
        }
        let cost = &self.cost;
        // A closed parent gave its children exactly g + step unless a re-expansion from
        // another arrival (pruning topologies only) skipped them.
        let exact = topology.successors_ignore_parent();
        for j in 0..count {
            if scratch[j] & 1 == 0 {
                continue;
            }
            let p = records.get(j);
            topology.for_each_successor(p.node, NO_NODE, |m, base| {
                let step = cost.cost(p.node, m, base);
                if !usable_step(step) {
                    return;
                }
                let Some(k) = records.find(m) else { return };
                let child = records.get(k);
                let g2 = p.g + step;
                // An open parent improved after it set the child (reopening); its new g
                // may be a rounding step below the old one, so the sum can still round to
                // the child's g: `>=`, not `>`.
                let set_here = if p.closed && exact {
                    g2 == child.g
                } else {
                    g2 <= child.g
                };
                if child.parent == p.node && set_here {
                    scratch[k] |= 2;
                }
            });
        }
        for (i, &mark) in scratch[..count].iter().enumerate() {
            if mark & 2 == 0 && records.get(i).node != start {
                return Err(invalid("astar.reached.move"));
            }
        }
        self.validate_finish(records, open, shape)?;
        self.validate_relaxed(topology, records, shape)
    }

    /// A finished state is one the loop stops in: `Found` popped its goal before every open
    /// entry (the goal's pop rank is below each remaining entry's: nothing was pushed after it),
    /// `NoPath` has nothing left to pop and no closed goal.
    fn validate_finish(
        &self,
        records: &SortedRecords<'_, Rec>,
        open: &[u8],
        shape: &Shape,
    ) -> Result<(), StateError> {
        let (goal, weight) = (shape.endpoints.1, shape.weight);
        let goal_rec = records.find(goal).map(|i| records.get(i));
        match shape.state {
            Step::Found => {
                let Some(rec) = goal_rec else {
                    return Err(invalid("astar.found_goal"));
                };
                let f = rec.g + weight * self.heuristic.estimate(goal) + 0.0;
                if f.is_nan() {
                    return Err(invalid("astar.found_goal"));
                }
                if open.len() >= OPEN {
                    let (node, f1) = open_entry(open, 0);
                    let g1 = records.find(node).map_or(0.0, |i| records.get(i).g);
                    if pop_rank(goal, f, rec.g) >= pop_rank(node, f1, g1) {
                        return Err(invalid("astar.found_goal"));
                    }
                }
            }
            Step::NoPath if !open.is_empty() || goal_rec.is_some_and(|r| r.closed) => {
                return Err(invalid("astar.no_path"));
            }
            _ => {}
        }
        Ok(())
    }

    /// The relaxation rule (`state/relaxation.rs`): every expanded record offered each
    /// successor the search would offer it — its arrival (parent) as the search passes it,
    /// a usable step priced by the cost hook, a key that is not NaN — and that successor is
    /// reached with a `g` no worse than `g(n) + step`. With the parent rule this keeps missing
    /// work (dropped open leaves, pruned closed sets) out of a restored state.
    fn validate_relaxed<T: Topology>(
        &self,
        topology: &T,
        records: &SortedRecords<'_, Rec>,
        shape: &Shape,
    ) -> Result<(), StateError> {
        let (goal, w) = (shape.endpoints.1, shape.weight);
        let found_goal = if shape.state == Step::Found {
            goal
        } else {
            NO_NODE
        };
        let (cost, heuristic) = (&self.cost, &self.heuristic);
        check_relaxed(
            records,
            Reopening::Reopens,
            expanded_records(records, found_goal),
            |n, offers| {
                topology.for_each_successor(n.node, n.parent, |m, base| {
                    let step = cost.cost(n.node, m, base);
                    if !usable_step(step) {
                        return;
                    }
                    let g2 = n.g + step;
                    // The search skips a successor whose key is NaN unless it is already
                    // reached no worse (then it skips it anyway).
                    if (g2 + w * heuristic.estimate(m)).is_nan() {
                        return;
                    }
                    offers.offer(m, g2);
                });
            },
            "astar.reached.relaxed",
        )
    }
}

#[cfg(test)]
#[path = "astar_state_tests.rs"]
mod tests;
