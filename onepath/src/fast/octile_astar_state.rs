//! Snapshot kind 4: the state of an [`OctileAStar`] (`docs/snapshot-format.md`).
//!
//! Payload (little-endian): width u32, height u32 (0 when idle), start u32, goal u32 (row-major
//! cells; `u32::MAX` when idle), estimate u8 (0 octile, 1 zero), state u8 (0 idle, 1 in
//! progress, 2 found, 3 no path), iterations u32, expansions u32, flags u8 (bit 0 record
//! expansions, bit 1 record trace); reached count u32, then one 14-byte record per reached cell
//! in increasing cell order (cell u32, a u32, b u32, arrival direction u8 — 0..=7, 8 for the
//! start — closed u8); open count u32, then the heap's cells (u32) in heap-array order (keys are
//! recomputed from the pairs); expanded count u32 and cells; trace count u32 and u64 digests.
//!
//! Restoring validates everything against the grid before changing the engine: sizes, codes,
//! records strictly increasing on walkable cells, exactly the start with arrival 8 and pair
//! (0, 0), every other record's parent (the cell one step back along its arrival direction)
//! reached and closed with a pair one step smaller and a legal move between them (so parent
//! chains reach the start without loops: a + b falls by one per step), a one-to-one match
//! between not-closed records and heap entries, heap order, a found search's goal closed, an
//! empty heap for no path. It never panics, never half-restores, and allocates nothing once
//! the buffers are sized for the grid.

use super::octile_astar::OctileAStar;
use super::pair::{Estimate, Pair, key};
use super::record::WALL_TAG;
use super::snapshot_wire::{
    START_DIR, arrival_bytes, clear_marks, estimate_code, estimate_of, mark, restored_tag,
};
use crate::grid::{Dir8, Grid, WALL};
use crate::search::Step;
use crate::state::codec::{HEADER_LEN, Reader, invalid, le32, read_frame_for, write_frame};
use crate::state::counters::Counters;
use crate::state::recordings::Recordings;
use crate::state::sorted_records::{Record, SortedRecords};
use crate::state::step_code::{state_code, state_of};
use crate::state::{KIND_OCTILE_ASTAR, StateError};

const FIXED: usize = 4 + 4 + 4 + 4 + 1 + 1 + 4 + 4 + 1;
const RECORD: usize = 4 + 4 + 4 + 1 + 1;
/// A record read from the payload.
#[derive(Clone, Copy)]
struct Rec {
    cell: u32,
    pair: Pair,
    dir: u8,
    closed: u8,
}

impl Record for Rec {
    const SIZE: usize = RECORD;

    fn decode(b: &[u8]) -> Rec {
        Rec {
            cell: le32(b, 0),
            pair: Pair::new(le32(b, 4), le32(b, 8)),
            dir: b[12],
            closed: b[13],
        }
    }
}

/// The payload, parsed but not yet validated against the map.
struct Parsed<'a> {
    width: u32,
    height: u32,
    start: u32,
    goal: u32,
    estimate: Estimate,
    state: Step,
    iterations: u32,
    expansions: u32,
    flags: u8,
    records: SortedRecords<'a, Rec>,
    open: &'a [u8],
    recordings: Recordings<'a>,
}

impl OctileAStar {
    fn is_reached(&self, p: usize) -> bool {
        let t = self.nodes.records[p].tag;
        t != WALL_TAG && t >= self.generation.base()
    }

    /// Reached records in increasing cell order (padded indices).
    fn reached(&self) -> impl Iterator<Item = usize> + '_ {
        let (w, h) = (self.nodes.width as usize, self.nodes.height as usize);
        let pw = self.nodes.pw as usize;
        let idle = self.state == Step::Idle;
        (0..if idle { 0 } else { h }).flat_map(move |y| {
            ((y + 1) * pw + 1..(y + 1) * pw + 1 + w).filter(move |&p| self.is_reached(p))
        })
    }

    /// Bytes [`save_state`](Self::save_state) writes. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(cells).
    pub fn state_size(&self) -> usize {
        HEADER_LEN
            + FIXED
            + 4
            + self.reached().count() * RECORD
            + 4
            + self.heap.len() * 4
            + Recordings::size(&self.expanded, &self.trace)
    }

    /// Writes the search (kind 4) into `out`, tied to `grid`'s content hash (the grid the
    /// search runs on); returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size).
    pub fn save_state(&self, grid: &Grid, out: &mut [u8]) -> Result<usize, StateError> {
        let size = self.state_size();
        let idle = self.state == Step::Idle;
        let reached = self.reached().count() as u32;
        write_frame(
            out,
            KIND_OCTILE_ASTAR,
            grid.content_hash(),
            size - HEADER_LEN,
            |w| {
                w.u32(if idle { 0 } else { self.nodes.width });
                w.u32(if idle { 0 } else { self.nodes.height });
                w.u32(self.start());
                w.u32(self.goal());
                w.u8(estimate_code(self.estimate));
                w.u8(state_code(self.state));
                w.u32(self.iterations);
                w.u32(self.expansions);
                w.u8(u8::from(self.record_expansions) | u8::from(self.record_trace) << 1);
                w.u32(reached);
                for p in self.reached() {
                    let r = self.nodes.records[p];
                    w.u32(self.nodes.unpadded(p as u32));
                    w.u32(r.pair.a);
                    w.u32(r.pair.b);
                    let (dir, closed) = arrival_bytes(r.tag, p as u32 == self.start);
                    w.u8(dir);
                    w.u8(closed);
                }
                w.u32(self.heap.len() as u32);
                for &k in &self.heap.keys {
                    w.u32(self.nodes.unpadded(super::pair::key_cell(k)));
                }
                Recordings::write(w, &self.expanded, &self.trace);
            },
        )
    }

    /// Restores a state saved by [`save_state`](Self::save_state) for `grid` (same content
    /// hash). The engine then continues exactly as the saved one would have. On any error the
    /// engine is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for another map's snapshot; any other [`StateError`] for
    /// malformed, truncated or inconsistent bytes.
    ///
    /// # Complexity
    ///
    /// O(r log r) for r reached cells, plus the journal's changes since the last search (a
    /// rebuild, O(cells), when the grid is another one).
    pub fn restore_state(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_OCTILE_ASTAR, grid.content_hash())?;
        let p = parse(frame.payload)?;
        self.validate(grid, &p)?;
        self.commit(grid, &p);
        Ok(())
    }

    fn validate(&mut self, grid: &Grid, p: &Parsed<'_>) -> Result<(), StateError> {
        let cells = grid.cell_count();
        let walkable = |c: u32| grid.cells().get(c as usize).is_some_and(|&a| a != WALL);
        let count = p.records.len();
        let open_count = p.open.len() / 4;
        if p.state == Step::Idle {
            let empty = count + open_count == 0 && p.recordings.is_empty();
            if !(empty && p.width == 0 && p.height == 0 && p.start == u32::MAX)
                || p.goal != u32::MAX
                || p.iterations != 0
                || p.expansions != 0
            {
                return Err(invalid("octile_astar.idle"));
            }
            return Ok(());
        }
        if p.width != grid.width() || p.height != grid.height() {
            return Err(invalid("octile_astar.size"));
        }
        if !walkable(p.start) || !walkable(p.goal) {
            return Err(invalid("octile_astar.endpoints"));
        }
        p.recordings.check(cells)?;
        let w = grid.width() as i64;
        let mut prev: Option<u32> = None;
        let mut not_closed = 0usize;
        for i in 0..count {
            let r = p.records.get(i);
            if prev.is_some_and(|q| r.cell <= q) || !walkable(r.cell) {
                return Err(invalid("octile_astar.reached.cell"));
            }
            prev = Some(r.cell);
            if r.closed > 1 || r.dir > START_DIR {
                return Err(invalid("octile_astar.reached.flags"));
            }
            not_closed += usize::from(r.closed == 0);
            if (r.cell == p.start) != (r.dir == START_DIR) {
                return Err(invalid("octile_astar.reached.start"));
            }
            if r.dir == START_DIR {
                if r.pair != Pair::ZERO {
                    return Err(invalid("octile_astar.reached.start"));
                }
                continue;
            }
            // The parent: one step back along the arrival direction, inside the grid.
            let d = Dir8::ALL[r.dir as usize];
            let (ox, oy) = d.offset();
            let (x, y) = (i64::from(r.cell) % w, i64::from(r.cell) / w);
            let (qx, qy) = (x - i64::from(ox), y - i64::from(oy));
            if qx < 0 || qy < 0 || qx >= w || qy >= i64::from(grid.height()) {
                return Err(invalid("octile_astar.reached.parent"));
            }
            let parent = (qy * w + qx) as u32;
            let q = p
                .records
                .find(parent)
                .map(|j| p.records.get(j))
                .filter(|q| q.closed == 1)
                .ok_or(invalid("octile_astar.reached.parent"))?;
            let step = if d.is_diagonal() {
                q.pair.b.checked_add(1).map(|b| Pair::new(q.pair.a, b))
            } else {
                q.pair.a.checked_add(1).map(|a| Pair::new(a, q.pair.b))
            };
            if step != Some(r.pair) {
                return Err(invalid("octile_astar.reached.pair"));
            }
            if d.is_diagonal() && !(walkable((qy * w + x) as u32) && walkable((y * w + qx) as u32))
            {
                return Err(invalid("octile_astar.reached.move"));
            }
        }
        if count == 0 || p.records.find(p.start).is_none() {
            return Err(invalid("octile_astar.reached.start"));
        }
        if open_count != not_closed {
            return Err(invalid("octile_astar.open.count"));
        }
        let counters = Counters {
            iterations: p.iterations,
            expansions: p.expansions,
            found: p.state == Step::Found,
            reached: count,
            closed: count - not_closed,
            start_closed: p
                .records
                .find(p.start)
                .is_some_and(|i| p.records.get(i).closed == 1),
            recorded: p.recordings.lens(),
            // A closed cell is never relaxed again (exact pairs, consistent estimate).
            never_reopens: true,
        };
        if !counters.agree() {
            return Err(invalid("octile_astar.counters"));
        }
        // One heap entry per not-closed record (a bit per record index), in heap order.
        clear_marks(&mut self.scratch, count, cells);
        let pw = grid.width() + 2;
        let padded = |c: u32| (c / grid.width() + 1) * pw + c % grid.width() + 1;
        let (gx, gy) = (p.goal % grid.width(), p.goal / grid.width());
        let key_at = |k: usize| -> Result<(usize, u128), StateError> {
            let cell = le32(p.open, 4 * k);
            let i = p
                .records
                .find(cell)
                .ok_or(invalid("octile_astar.open.cell"))?;
            let r = p.records.get(i);
            let (x, y) = (cell % grid.width(), cell / grid.width());
            let (dx, dy) = p.estimate.offsets(x.abs_diff(gx), y.abs_diff(gy));
            Ok((i, key(r.pair.f(dx, dy), r.pair.g(), padded(cell))))
        };
        for k in 0..open_count {
            let (i, kk) = key_at(k)?;
            if p.records.get(i).closed != 0 {
                return Err(invalid("octile_astar.open.closed"));
            }
            if !mark(&mut self.scratch, i) {
                return Err(invalid("octile_astar.open.duplicate"));
            }
            if k > 0 && key_at((k - 1) / 4)?.1 > kk {
                return Err(invalid("octile_astar.open.order"));
            }
        }
        let goal_closed = p
            .records
            .find(p.goal)
            .is_some_and(|i| p.records.get(i).closed == 1);
        match p.state {
            Step::Found if !goal_closed => Err(invalid("octile_astar.found_goal")),
            Step::InProgress if goal_closed => Err(invalid("octile_astar.goal_closed")),
            // The pop that empties the open set ends the search.
            Step::InProgress if open_count == 0 => Err(invalid("octile_astar.open.count")),
            Step::NoPath if open_count != 0 || goal_closed => Err(invalid("octile_astar.no_path")),
            _ => Ok(()),
        }
    }

    fn commit(&mut self, grid: &Grid, p: &Parsed<'_>) {
        self.estimate = p.estimate;
        self.record_expansions = p.flags & 1 != 0;
        self.record_trace = p.flags & 2 != 0;
        if p.state == Step::Idle {
            self.state = Step::Idle;
            self.start = u32::MAX;
            self.goal = u32::MAX;
            self.iterations = 0;
            self.expansions = 0;
            self.expanded.clear();
            self.trace.clear();
            self.heap.keys.clear();
            return;
        }
        self.prepare(grid);
        let base = self.generation.base();
        self.start = self.nodes.padded(p.start);
        self.goal = self.nodes.padded(p.goal);
        for i in 0..p.records.len() {
            let r = p.records.get(i);
            let at = self.nodes.padded(r.cell) as usize;
            self.nodes.records[at].pair = r.pair;
            self.nodes.records[at].tag = restored_tag(base, r.dir, r.closed);
        }
        for k in 0..p.open.len() / 4 {
            let at = self.nodes.padded(le32(p.open, 4 * k));
            let pair = self.nodes.records[at as usize].pair;
            let f = self.f_of(pair, at);
            // Validated heap order: pushing in array order reproduces the layout.
            self.heap
                .push(key(f, pair.g(), at), &mut self.nodes.records);
        }
        p.recordings
            .restore_into(&mut self.expanded, &mut self.trace);
        self.iterations = p.iterations;
        self.expansions = p.expansions;
        self.state = p.state;
    }
}

fn parse(payload: &[u8]) -> Result<Parsed<'_>, StateError> {
    let mut r = Reader::new(payload);
    let (width, height, start, goal) = (r.u32()?, r.u32()?, r.u32()?, r.u32()?);
    let estimate = estimate_of(r.u8()?).ok_or(invalid("octile_astar.estimate"))?;
    let state = state_of(r.u8()?).ok_or(invalid("octile_astar.state"))?;
    let (iterations, expansions) = (r.u32()?, r.u32()?);
    let flags = r.u8()?;
    if flags > 3 {
        return Err(invalid("octile_astar.flags"));
    }
    let records = SortedRecords::read(&mut r, "octile_astar.reached")?;
    let open = r.counted(4, "octile_astar.open")?;
    let recordings = Recordings::read(&mut r, "octile_astar.expanded", "octile_astar.trace")?;
    r.finish("octile_astar.payload_length")?;
    Ok(Parsed {
        width,
        height,
        start,
        goal,
        estimate,
        state,
        iterations,
        expansions,
        flags,
        records,
        open,
        recordings,
    })
}
