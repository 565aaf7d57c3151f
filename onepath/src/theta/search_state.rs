//! Snapshot kind 6: the state of a [`ThetaSearch`] (`docs/snapshot-format.md`, “Kind 6”).
//!
//! Payload (little-endian): node_count u32, start u32, goal u32, variant u8 (0 Theta, 1 Lazy,
//! 2 LazyRequeue), weight f64 bits, state u8 (0 idle, 1 in progress, 2 found, 3 no path),
//! iterations u32, expansions u32, requeues u32, line-of-sight checks u64, flags u8 (bit 0
//! record expansions, bit 1 record trace); reached count u32 and one 17-byte record per reached
//! node in increasing node order (node u32, parent u32 or `u32::MAX`, g f64 bits, closed u8);
//! open count u32 and the open set in pop order (node u32, f f64 bits; smaller f, then larger
//! g, then smaller node); expanded count u32 and nodes; trace count u32 and digests.
//!
//! # What restore proves
//!
//! Everything is checked before the search changes, with loops bounded by the record count
//! (and each line-of-sight walk by the grid's side):
//!
//! - ranges: node ids below the grid's cell count and walkable, records strictly increasing,
//!   g finite and `>= 0`, closed bytes 0/1, the variant and flags known, the weight finite and
//!   `>= 0`;
//! - the start: reached, no parent, `g = 0`; every other record has a parent that is a
//!   *closed* record (the search only ever takes a closed node as a parent), with
//!   `g(node) = g(parent) + c(parent, node)` bit for bit and `g(node) > g(parent)`. The strict
//!   increase rules out parent loops, so every chain ends at the start;
//! - line of sight: every closed node sees its parent (Theta* tests before it relaxes, Lazy
//!   repairs at the pop before it closes), and so does every open node under Theta*;
//! - the open set: one entry per not-closed record, in strictly increasing pop order, each f
//!   equal to `g + w * h(node)` as the search computes it;
//! - the counters: iterations = closed records + requeues (no node is ever reopened),
//!   expansions = closed records − 1 when found and = closed records otherwise, requeues 0
//!   unless LazyRequeue and at most 8 per expansion, exactly (the engine's counters cannot
//!   saturate on a grid of at most 2^28 cells), recordings no longer than their counters;
//!   found means the goal is closed, no path means the open set is empty, in progress means
//!   something to pop and the goal not closed; the line-of-sight count is at most 8 per
//!   expanded record other than the start (Theta*) or exactly one per pop but the start's (Lazy
//!   variants), so it cannot overflow (its increments saturate as well);
//! - what the search did around each record (`restore_proof.rs`, issue 27): every record set by
//!   an expanded neighbour's offer (or Lazy Theta*'s `SetVertex`), every expanded record
//!   relaxed with the variant's own candidate, a found goal popped before every open entry and
//!   a state with no path without a closed goal.
//!
//! These are the invariants every step keeps, so a state that passes is one from which the
//! search runs exactly as its rules say: it terminates, answers `NoPath` only when no path
//! exists, and a path it returns is walkable segment by segment and costs its in-order sum.

use super::heuristic::segment_cost;
use super::restore_proof::Proof;
use super::search::{ThetaSearch, ThetaVariant, sees, xy};
use crate::grid::{Grid, WALL};
use crate::search::node_records::{NodeRecord, OPEN_ENTRY, open_entry};
use crate::search::step_code::{state_code, state_of};
use crate::search::{NO_NODE, Step, pop_rank};
use crate::state::codec::{HEADER_LEN, Reader, invalid, read_frame_for, write_frame};
use crate::state::recordings::Recordings;
use crate::state::size_bound::{per, recorded, sum};
use crate::state::sorted_records::{Record as _, SortedRecords};
use crate::state::{KIND_THETA, StateError};
use crate::topology::Heuristic;

const FIXED: usize = 4 + 4 + 4 + 1 + 8 + 1 + 4 + 4 + 4 + 8 + 1;
const RECORD: usize = NodeRecord::SIZE;
const OPEN: usize = OPEN_ENTRY;
type Rec = NodeRecord;

/// The fixed fields of a payload.
struct Shape {
    node_count: u32,
    start: u32,
    goal: u32,
    variant: ThetaVariant,
    weight: f64,
    state: Step,
    iterations: u32,
    expansions: u32,
    requeues: u32,
    los_checks: u64,
    recorded: (usize, usize),
}

/// Iterations a `variant` search makes on `cells` cells at most: one pop per closed cell,
/// plus, under LazyRequeue, the pops that put a repaired node back (at most 8 per expansion).
pub(crate) fn trace_cap(variant: ThetaVariant, cells: usize) -> usize {
    if variant == ThetaVariant::LazyRequeue {
        per(cells, 9)
    } else {
        cells
    }
}

/// The kind-6 bound of [`ThetaSearch::max_state_size`] for `cells` cells and `expanded` and
/// `trace` list entries. Saturates.
pub(crate) fn kind6_bound(cells: usize, expanded: usize, trace: usize) -> usize {
    sum([
        HEADER_LEN + FIXED + 16,
        per(cells, RECORD + OPEN),
        per(expanded, 4),
        per(trace, 8),
    ])
}

impl<H: Heuristic> ThetaSearch<H> {
    fn node_count_for_state(&self) -> u32 {
        if self.state == Step::Idle {
            0
        } else {
            self.node_count
        }
    }

    fn reached_count(&self, n: u32) -> usize {
        (0..n).filter(|&v| self.buffers.is_reached(v)).count()
    }

    /// Bytes [`save_state`](ThetaSearch::save_state) writes. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(cells) (one pass over the marks).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// # let new_search = || ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// # let mut search = new_search();
    /// # search.try_begin(&grid, 6, 17);
    /// # search.step(&grid, 2);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// assert_eq!(search.save_state(grid.content_hash(), &mut bytes), Ok(bytes.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        let n = self.node_count_for_state();
        let b = &self.buffers;
        HEADER_LEN
            + FIXED
            + 4
            + self.reached_count(n) * RECORD
            + 4
            + b.open.len() * OPEN
            + Recordings::size(&b.expanded, &b.trace)
    }

    /// An upper bound on [`state_size`](ThetaSearch::state_size) for every state this search
    /// can reach on `grid` with its current settings (variant, recording flags), so a host can
    /// size its snapshot buffer once: `28 + 43 + 4 + 17 c + 4 + 12 c + 4 + 4 e + 4 + 8 t` bytes
    /// = `87 + 29 c + 4 e + 8 t` for `c` = `grid.cell_count()` (header; fixed fields; a
    /// reached record and at most one open entry per cell; the expanded list and the trace).
    /// Theta* never reopens, so with recording on the expanded list holds at most `c` entries
    /// and the trace one per iteration: `c`, or `9 c` under LazyRequeue (a pop that puts a
    /// repaired node back is an iteration too, at most 8 per expansion); with recording off,
    /// each list's current length. Saturates.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Grid;
    /// use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// let grid = Grid::new(16, 16).unwrap();
    /// let theta = ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(16, 1.0));
    /// assert_eq!(theta.max_state_size(&grid), 87 + 29 * 256);
    /// ```
    pub fn max_state_size(&self, grid: &Grid) -> usize {
        let b = &self.buffers;
        let c = grid.cell_count() as usize;
        kind6_bound(
            c,
            recorded(b.record_expansions, b.expanded.len(), Some(c)),
            recorded(
                b.record_trace,
                b.trace.len(),
                Some(trace_cap(self.variant, c)),
            ),
        )
    }

    /// Writes the search state (kind 6) into `out`, tied to the grid whose content hash is
    /// `map_hash` ([`Grid::content_hash`]); returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](ThetaSearch::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// # let new_search = || ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(6, 1.0));
    /// # let mut search = new_search();
    /// # search.try_begin(&grid, 6, 17);
    /// # search.step(&grid, 2);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(grid.content_hash(), &mut bytes).unwrap();
    /// let mut resumed = new_search(); // e.g. on a peer
    /// resumed.restore_state(&grid, &bytes).unwrap();
    /// assert_eq!((resumed.run(&grid), search.run(&grid)), (Step::Found, Step::Found));
    /// assert_eq!((resumed.path(), resumed.cost()), (search.path(), search.cost()));
    /// ```
    pub fn save_state(&self, map_hash: u64, out: &mut [u8]) -> Result<usize, StateError> {
        let n = self.node_count_for_state();
        let size = self.state_size();
        let b = &self.buffers;
        write_frame(out, KIND_THETA, map_hash, size - HEADER_LEN, |w| {
            w.u32(n);
            w.u32(self.start);
            w.u32(self.goal);
            w.u8(self.variant.code());
            w.f64(self.weight);
            w.u8(state_code(self.state));
            w.u32(self.iterations);
            w.u32(self.expansions);
            w.u32(self.requeues);
            w.u64(self.los_checks);
            w.u8(u8::from(b.record_expansions) | (u8::from(b.record_trace) << 1));
            w.u32(self.reached_count(n) as u32);
            for node in (0..n).filter(|&v| b.is_reached(v)) {
                w.u32(node);
                w.u32(b.nodes[node as usize].parent);
                w.f64(b.nodes[node as usize].g);
                w.u8(u8::from(b.is_closed(node)));
            }
            let entries = b.open.entries().map(|(node, f, _g)| {
                let mut e = [0u8; OPEN];
                e[..4].copy_from_slice(&node.to_le_bytes());
                e[4..].copy_from_slice(&f.to_bits().to_le_bytes());
                e
            });
            let rank = |e: &[u8; OPEN]| {
                let (node, f) = open_entry(e, 0);
                pop_rank(node, f, b.nodes[node as usize].g)
            };
            w.u32(b.open.len() as u32);
            w.sorted(entries, |x, y| rank(x).cmp(&rank(y)));
            Recordings::write(w, &b.expanded, &b.trace);
        })
    }

    /// Restores a state saved by [`save_state`](ThetaSearch::save_state) for `grid`, whose
    /// content hash must be the snapshot's. The variant and weight come from the snapshot. On
    /// any error the search is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] when `grid`'s content hash differs from the snapshot's, and
    /// every other [`StateError`] for malformed, truncated or unreachable states (the module
    /// documentation lists what is proved).
    ///
    /// # Complexity
    ///
    /// O(r log r + 8 r · side) for r reached nodes, plus O(cells) for the content hash (cached
    /// by the grid) and the first time the buffers grow.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
    /// use onepath::Grid;
    /// let grid = Grid::from_text("......\n..##..\n......").unwrap();
    /// let new_search = || ThetaSearch::new(ThetaVariant::LazyRequeue, EuclideanHeuristic::new(6, 1.0));
    /// let mut search = new_search();
    /// assert_eq!(search.try_begin(&grid, 0, 17), onepath::Step::InProgress);
    /// assert_eq!(search.step(&grid, 3), onepath::Step::InProgress);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(grid.content_hash(), &mut bytes).unwrap();
    /// let mut resumed = new_search();
    /// resumed.restore_state(&grid, &bytes).unwrap();
    /// assert_eq!(resumed.run(&grid), search.run(&grid));
    /// assert_eq!((resumed.path(), resumed.cost()), (search.path(), search.cost()));
    /// ```
    pub fn restore_state(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_THETA, grid.content_hash())?;
        let mut r = Reader::new(frame.payload);
        let node_count = r.u32()?;
        let (start, goal) = (r.u32()?, r.u32()?);
        let variant = ThetaVariant::from_code(r.u8()?).ok_or(invalid("theta.variant"))?;
        let weight = r.f64()?;
        let state = state_of(r.u8()?).ok_or(invalid("theta.state"))?;
        let (iterations, expansions, requeues) = (r.u32()?, r.u32()?, r.u32()?);
        let los_checks = r.u64()?;
        let flags = r.u8()?;
        if flags > 3 {
            return Err(invalid("theta.flags"));
        }
        if !(weight.is_finite() && weight >= 0.0) {
            return Err(invalid("theta.weight"));
        }
        let records = SortedRecords::<Rec>::read(&mut r, "theta.reached")?;
        let open = r.counted(OPEN, "theta.open")?;
        let recordings = Recordings::read(&mut r, "theta.expanded", "theta.trace")?;
        r.finish("theta.payload_length")?;
        let walkable = |n: u32| n < grid.cell_count() && grid.cells()[n as usize] != WALL;
        if state == Step::Idle {
            let endpoints = start != NO_NODE || goal != NO_NODE;
            let counts = iterations != 0 || expansions != 0 || requeues != 0 || los_checks != 0;
            if records.len() + open.len() != 0
                || !recordings.is_empty()
                || node_count != 0
                || endpoints
                || counts
            {
                return Err(invalid("theta.idle"));
            }
        } else {
            if node_count != grid.cell_count() {
                return Err(invalid("theta.node_count"));
            }
            if !walkable(start) || !walkable(goal) {
                return Err(invalid("theta.endpoints"));
            }
        }
        recordings.check(node_count)?;
        self.buffers.ensure(node_count);
        let shape = Shape {
            node_count,
            start,
            goal,
            variant,
            weight,
            state,
            iterations,
            expansions,
            requeues,
            los_checks,
            recorded: recordings.lens(),
        };
        if state != Step::Idle {
            self.heuristic.set_goal(goal);
        }
        let checked = self.validate(grid, &records, open, &shape);
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
        for i in 0..records.len() {
            let rec = records.get(i);
            b.nodes[rec.node as usize].g = rec.g;
            b.nodes[rec.node as usize].parent = rec.parent;
            if rec.closed {
                b.set_closed(rec.node);
            } else {
                b.set_open(rec.node);
            }
        }
        for k in 0..open.len() / OPEN {
            let (node, f) = open_entry(open, k);
            let g = b.nodes[node as usize].g;
            // Validated: not NaN and in pop order (a sorted array is a heap).
            let _ = b.open.push(node, f, g);
        }
        b.record_expansions = flags & 1 != 0;
        b.record_trace = flags & 2 != 0;
        recordings.restore_into(&mut b.expanded, &mut b.trace);
        let idle = state == Step::Idle;
        self.start = if idle { NO_NODE } else { start };
        self.goal = if idle { NO_NODE } else { goal };
        self.variant = variant;
        self.weight = weight;
        self.unit = grid.areas().min_cost();
        self.node_count = node_count;
        self.state = state;
        self.iterations = iterations;
        self.expansions = expansions;
        self.requeues = requeues;
        self.los_checks = los_checks;
        Ok(())
    }

    #[allow(clippy::too_many_lines)]
    fn validate(
        &mut self,
        grid: &Grid,
        records: &SortedRecords<'_, Rec>,
        open: &[u8],
        shape: &Shape,
    ) -> Result<(), StateError> {
        let count = records.len();
        let m = grid.areas().min_cost();
        let walkable = |n: u32| n < grid.cell_count() && grid.cells()[n as usize] != WALL;
        let mut prev: Option<u32> = None;
        let mut closed = 0usize;
        for i in 0..count {
            let rec = records.get(i);
            if prev.is_some_and(|p| rec.node <= p)
                || rec.node >= shape.node_count
                || !walkable(rec.node)
            {
                return Err(invalid("theta.reached.node"));
            }
            prev = Some(rec.node);
            if !(rec.g.is_finite() && rec.g >= 0.0) {
                return Err(invalid("theta.reached.g"));
            }
            if records.raw(i)[16] > 1 {
                return Err(invalid("theta.reached.closed"));
            }
            closed += usize::from(rec.closed);
            if rec.node == shape.start {
                if rec.parent != NO_NODE || rec.g.to_bits() != 0 {
                    return Err(invalid("theta.reached.start"));
                }
                continue;
            }
            let p = records
                .find(rec.parent)
                .map(|j| records.get(j))
                .filter(|p| p.closed)
                .ok_or(invalid("theta.reached.parent"))?;
            let (x, y) = xy(grid, rec.node);
            let (px, py) = xy(grid, p.node);
            let g = p.g + segment_cost(m, x - px, y - py);
            if g.to_bits() != rec.g.to_bits() || rec.g <= p.g {
                return Err(invalid("theta.reached.g"));
            }
            let must_see = rec.closed || shape.variant == ThetaVariant::Theta;
            if must_see && !sees(grid, p.node, rec.node) {
                return Err(invalid("theta.reached.line_of_sight"));
            }
        }
        if shape.state != Step::Idle && records.find(shape.start).is_none() {
            return Err(invalid("theta.reached.start"));
        }
        // Open entries: a bijection with the not-closed records, in strictly increasing pop
        // order, keys as the search computes them. The scratch marks records already listed.
        let open_count = open.len() / OPEN;
        if open_count != count - closed {
            return Err(invalid("theta.open.count"));
        }
        let scratch = self.buffers.open.scratch();
        scratch[..count].iter_mut().for_each(|s| *s = 0);
        let mut prev_rank = None;
        for k in 0..open_count {
            let (node, f) = open_entry(open, k);
            let idx = records.find(node).ok_or(invalid("theta.open.node"))?;
            let rec = records.get(idx);
            if rec.closed || scratch[idx] != 0 {
                return Err(invalid("theta.open.entry"));
            }
            scratch[idx] = 1;
            let expected = rec.g + shape.weight * self.heuristic.estimate(node) + 0.0;
            if f.to_bits() != expected.to_bits() {
                return Err(invalid("theta.open.key"));
            }
            let rank = pop_rank(node, f, rec.g);
            if prev_rank.is_some_and(|p| p >= rank) {
                return Err(invalid("theta.open.order"));
            }
            prev_rank = Some(rank);
        }
        // Counters and state.
        let goal_closed = records
            .find(shape.goal)
            .is_some_and(|i| records.get(i).closed);
        let start_closed = records
            .find(shape.start)
            .is_some_and(|i| records.get(i).closed);
        let found = shape.state == Step::Found;
        // Exact, with no saturated escape: a grid has at most 2^28 cells and a node is
        // re-queued at most once per offer (8 per expansion, `los_checks_agree`), so the pops
        // stay below 9 · 2^28 < u32::MAX and the engine's counters never saturate.
        let pops = closed as u64 + u64::from(shape.requeues);
        let counters_ok = u64::from(shape.iterations) == pops
            && (shape.requeues == 0 || shape.variant == ThetaVariant::LazyRequeue)
            && shape.expansions as usize == closed.saturating_sub(usize::from(found))
            && (shape.iterations == 0) == (count == 1 && !start_closed)
            && (shape.iterations == 0 || start_closed)
            && shape.recorded.0 <= shape.expansions as usize
            && shape.recorded.1 <= shape.iterations as usize;
        if shape.state == Step::Idle {
            return Ok(());
        }
        if !counters_ok {
            return Err(invalid("theta.counters"));
        }
        let state_ok = match shape.state {
            Step::Found => goal_closed,
            Step::NoPath => open_count == 0,
            Step::InProgress => open_count > 0 && !goal_closed,
            _ => true,
        };
        if !state_ok {
            return Err(invalid("theta.state"));
        }
        if !Self::los_checks_agree(shape, closed, start_closed) {
            return Err(invalid("theta.los_checks"));
        }
        let proof = Proof {
            grid,
            variant: shape.variant,
            m,
            weight: shape.weight,
            heuristic: &self.heuristic,
            records,
            start: shape.start,
            goal: shape.goal,
            found,
        };
        proof.check_finish(open, goal_closed)?;
        proof.check_offers()?;
        proof.check_relaxed()
    }

    /// The line-of-sight count (and the requeues it rests on) are what the pops imply, so no
    /// restored count can overflow later (the increments saturate as well). Lazy Theta* tests
    /// once per pop of a node with a parent: every pop but the start's, so the count is exactly
    /// closed + requeues − (start closed). LazyRequeue re-queues a node only after an offer set
    /// its parent (a repaired parent is a neighbour, which it sees), so requeues ≤ 8 per
    /// expansion. Theta* tests at most once per move of an expansion of a node with a parent:
    /// at most 8 per expanded record other than the start.
    fn los_checks_agree(shape: &Shape, closed: usize, start_closed: bool) -> bool {
        let found = shape.state == Step::Found;
        let expanded = closed.saturating_sub(usize::from(found)) as u64;
        let start_expanded = start_closed && !(found && shape.start == shape.goal);
        let los = shape.los_checks;
        match shape.variant {
            ThetaVariant::Theta => los <= 8 * expanded.saturating_sub(u64::from(start_expanded)),
            ThetaVariant::Lazy | ThetaVariant::LazyRequeue => {
                let pops = closed as u64 + u64::from(shape.requeues);
                u64::from(shape.requeues) <= 8 * expanded
                    && los == pops.saturating_sub(u64::from(start_closed))
            }
        }
    }
}
