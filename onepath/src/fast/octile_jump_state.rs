//! Snapshot kind 5: the state of an [`OctileJump`] (`docs/snapshot-format.md`).
//!
//! Payload (little-endian): width u32, height u32 (0 when idle), start u32, goal u32 (row-major
//! cells; `u32::MAX` when idle), finder u8 (0 bits, 1 tables), improved pruning u8 (0/1),
//! estimate u8 (0 octile, 1 zero), state u8 (0 idle, 1 in progress, 2 found, 3 no path),
//! iterations u32, expansions u32, flags u8 (bit 0 record expansions, bit 1 record trace), level
//! u64 (f bits of the entry popped last; `u64::MAX` before the first pop); reached count u32,
//! then one 18-byte record per reached cell in increasing cell order (cell u32, parent u32 —
//! `u32::MAX` for the start — a u32, b u32, arrival direction u8 — 0..=7, 8 for the start —
//! closed u8); heap count u32, then the heap in array order and stack count u32, then the stack
//! bottom first, each entry 16 bytes (f bits u64, float32 g bits u32, cell u32); expanded count
//! u32 and cells; trace count u32 and u64 digests.
//!
//! Restoring validates everything against the grid before changing the engine: sizes, codes
//! (the finder must be this engine's), records strictly increasing on walkable cells, exactly
//! the start without a parent, with arrival 8 and pair (0, 0), every other record's parent
//! reached and closed, its pair the parent's plus the hop (`max − min` straight and `min`
//! diagonal steps; a pure straight or diagonal hop without improved pruning) and its arrival
//! the hop's last step, so parent chains reach the start without loops; entries with valid keys
//! on reached cells, the heap ordered, the stack on the level, exactly one live entry (its key
//! recomputed from the record) per not-closed record and every other entry stale (its node
//! closed, or popping after the live one); a found search's goal closed, an empty open list for
//! no path. It never panics, never half-restores, and allocates nothing once the buffers are
//! sized (unless the saved open list is longer than the reserve of one entry per cell).

use super::finder::Finder;
use super::jump_open::NO_LEVEL;
use super::octile_jump::{NONE, OctileJump};
use super::pair::{Estimate, Pair, key};
use super::record::JumpRecord;
use super::snapshot_wire::{
    START_DIR, arrival_bytes, clear_marks, estimate_code, estimate_of, mark, restored_tag,
};
use crate::grid::{Grid, WALL};
use crate::search::Step;
use crate::state::codec::{HEADER_LEN, Reader, invalid, le32, le64, read_frame_for, write_frame};
use crate::state::counters::Counters;
use crate::state::recordings::Recordings;
use crate::state::sorted_records::{Record, SortedRecords};
use crate::state::step_code::{state_code, state_of};
use crate::state::{KIND_OCTILE_JUMP, StateError};

const FIXED: usize = 4 + 4 + 4 + 4 + 1 + 1 + 1 + 1 + 4 + 4 + 1 + 8;
const RECORD: usize = 4 + 4 + 4 + 4 + 1 + 1;
const ENTRY: usize = 16;

/// The direction of the last step of a hop (diagonal steps first, then straight).
fn last_step(dx: i64, dy: i64) -> Option<u8> {
    let (sx, sy) = (dx.signum() as i32, dy.signum() as i32);
    let d = match dx.abs().cmp(&dy.abs()) {
        core::cmp::Ordering::Greater => (sx, 0),
        core::cmp::Ordering::Less => (0, sy),
        core::cmp::Ordering::Equal => (sx, sy),
    };
    crate::grid::Dir8::OFFSETS
        .iter()
        .position(|&o| o == d)
        .map(|p| p as u8)
}

#[derive(Clone, Copy)]
struct Rec {
    cell: u32,
    parent: u32,
    pair: Pair,
    dir: u8,
    closed: u8,
}

impl Record for Rec {
    const SIZE: usize = RECORD;

    fn decode(b: &[u8]) -> Rec {
        Rec {
            cell: le32(b, 0),
            parent: le32(b, 4),
            pair: Pair::new(le32(b, 8), le32(b, 12)),
            dir: b[16],
            closed: b[17],
        }
    }
}

/// An open-list entry on the wire.
fn entry_key(b: &[u8], i: usize) -> (u64, u32, u32) {
    let o = i * ENTRY;
    (le64(b, o), le32(b, o + 8), le32(b, o + 12))
}

fn pack(f: u64, g32: u32, cell: u32) -> u128 {
    u128::from(f) << 64 | u128::from(!g32) << 32 | u128::from(cell)
}

struct Parsed<'a> {
    width: u32,
    height: u32,
    start: u32,
    goal: u32,
    finder: u8,
    improved: bool,
    estimate: Estimate,
    state: Step,
    iterations: u32,
    expansions: u32,
    flags: u8,
    level: u64,
    records: SortedRecords<'a, Rec>,
    heap: &'a [u8],
    stack: &'a [u8],
    recordings: Recordings<'a>,
}

impl<F: Finder> OctileJump<F> {
    fn reached(&self) -> impl Iterator<Item = u32> + '_ {
        let base = self.generation.base();
        let n = if self.state == Step::Idle {
            0
        } else {
            self.records.len() as u32
        };
        (0..n).filter(move |&c| self.records[c as usize].tag >= base)
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
            + self.open.heap.len() * ENTRY
            + 4
            + self.open.stack.len() * ENTRY
            + Recordings::size(&self.expanded, &self.trace)
    }

    /// Writes the search (kind 5) into `out`, tied to `grid`'s content hash; returns the byte
    /// count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size).
    pub fn save_state(&self, grid: &Grid, out: &mut [u8]) -> Result<usize, StateError> {
        let size = self.state_size();
        let idle = self.state == Step::Idle;
        let count = self.reached().count() as u32;
        write_frame(
            out,
            KIND_OCTILE_JUMP,
            grid.content_hash(),
            size - HEADER_LEN,
            |w| {
                w.u32(if idle { 0 } else { self.width });
                w.u32(if idle { 0 } else { self.height });
                w.u32(if idle { NONE } else { self.start });
                w.u32(if idle { NONE } else { self.goal });
                w.u8(F::CODE);
                w.u8(u8::from(self.improved));
                w.u8(estimate_code(self.estimate));
                w.u8(state_code(self.state));
                w.u32(self.iterations);
                w.u32(self.expansions);
                w.u8(u8::from(self.record_expansions) | u8::from(self.record_trace) << 1);
                w.u64(if idle { NO_LEVEL } else { self.open.level });
                w.u32(count);
                for c in self.reached() {
                    let r = self.records[c as usize];
                    w.u32(c);
                    w.u32(r.parent);
                    w.u32(r.pair.a);
                    w.u32(r.pair.b);
                    let (dir, closed) = arrival_bytes(r.tag, c == self.start);
                    w.u8(dir);
                    w.u8(closed);
                }
                for list in [&self.open.heap, &self.open.stack] {
                    w.u32(list.len() as u32);
                    for &k in list {
                        w.u64((k >> 64) as u64);
                        w.u32(!((k >> 32) as u32));
                        w.u32(k as u32);
                    }
                }
                Recordings::write(w, &self.expanded, &self.trace);
            },
        )
    }

    /// Restores a state saved by [`save_state`](Self::save_state) for `grid` (same content
    /// hash) into an engine of the same finder. The engine then continues exactly as the saved
    /// one would have (given the maps of `grid`). On any error the engine is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for another map's snapshot; any other [`StateError`] for
    /// malformed, truncated or inconsistent bytes (including another finder's snapshot).
    pub fn restore_state(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_OCTILE_JUMP, grid.content_hash())?;
        let p = parse(frame.payload)?;
        if p.finder != F::CODE {
            return Err(invalid("octile_jump.finder"));
        }
        self.validate(grid, &p)?;
        self.commit(grid, &p);
        Ok(())
    }

    #[allow(clippy::too_many_lines)]
    fn validate(&mut self, grid: &Grid, p: &Parsed<'_>) -> Result<(), StateError> {
        let cells = grid.cell_count();
        let walkable = |c: u32| grid.cells().get(c as usize).is_some_and(|&a| a != WALL);
        let count = p.records.len();
        let (heap_n, stack_n) = (p.heap.len() / ENTRY, p.stack.len() / ENTRY);
        if p.state == Step::Idle {
            let empty = count + heap_n + stack_n == 0 && p.recordings.is_empty();
            if !empty
                || (p.width, p.height) != (0, 0)
                || (p.start, p.goal) != (NONE, NONE)
                || (p.iterations, p.expansions) != (0, 0)
                || p.level != NO_LEVEL
            {
                return Err(invalid("octile_jump.idle"));
            }
            return Ok(());
        }
        if p.width != grid.width() || p.height != grid.height() {
            return Err(invalid("octile_jump.size"));
        }
        if !walkable(p.start) || !walkable(p.goal) {
            return Err(invalid("octile_jump.endpoints"));
        }
        p.recordings.check(cells)?;
        let w = i64::from(grid.width());
        let xy = |c: u32| (i64::from(c) % w, i64::from(c) / w);
        let mut prev: Option<u32> = None;
        let mut not_closed = 0usize;
        for i in 0..count {
            let r = p.records.get(i);
            if prev.is_some_and(|q| r.cell <= q) || !walkable(r.cell) {
                return Err(invalid("octile_jump.reached.cell"));
            }
            prev = Some(r.cell);
            if r.closed > 1 || r.dir > START_DIR {
                return Err(invalid("octile_jump.reached.flags"));
            }
            not_closed += usize::from(r.closed == 0);
            let is_start = r.cell == p.start;
            if is_start != (r.dir == START_DIR) || is_start != (r.parent == NONE) {
                return Err(invalid("octile_jump.reached.start"));
            }
            if is_start {
                if r.pair != Pair::ZERO {
                    return Err(invalid("octile_jump.reached.start"));
                }
                continue;
            }
            let q = p
                .records
                .find(r.parent)
                .map(|j| p.records.get(j))
                .filter(|q| q.closed == 1 && q.cell != r.cell)
                .ok_or(invalid("octile_jump.reached.parent"))?;
            let ((px, py), (x, y)) = (xy(q.cell), xy(r.cell));
            let (dx, dy) = (x - px, y - py);
            let (ax, ay) = (dx.unsigned_abs() as u32, dy.unsigned_abs() as u32);
            if !p.improved && ax != 0 && ay != 0 && ax != ay {
                return Err(invalid("octile_jump.reached.hop"));
            }
            if q.pair.after_hop(ax, ay) != Some(r.pair) {
                return Err(invalid("octile_jump.reached.pair"));
            }
            if last_step(dx, dy) != Some(r.dir) {
                return Err(invalid("octile_jump.reached.arrival"));
            }
        }
        if p.records.find(p.start).is_none() {
            return Err(invalid("octile_jump.reached.start"));
        }
        if p.level != NO_LEVEL && (f64::from_bits(p.level).is_nan() || p.level >> 63 != 0) {
            return Err(invalid("octile_jump.level"));
        }
        clear_marks(&mut self.scratch, count, cells);
        let (gx, gy) = (p.goal % grid.width(), p.goal / grid.width());
        let mut live = 0usize;
        for (list, n, is_stack) in [(p.heap, heap_n, false), (p.stack, stack_n, true)] {
            for i in 0..n {
                let (f, g32, cell) = entry_key(list, i);
                let bad_f = f64::from_bits(f).is_nan() || f >> 63 != 0;
                // A float32 g: NaN (all-ones exponent, non-zero fraction) or negative is bad.
                let bad_g =
                    (g32 & 0x7F80_0000 == 0x7F80_0000 && g32 & 0x007F_FFFF != 0) || g32 >> 31 != 0;
                if bad_f || bad_g || (is_stack && f != p.level) {
                    return Err(invalid("octile_jump.open.key"));
                }
                let k = pack(f, g32, cell);
                if !is_stack && i > 0 {
                    let (pf, pg, pc) = entry_key(list, (i - 1) / 4);
                    if pack(pf, pg, pc) > k {
                        return Err(invalid("octile_jump.open.order"));
                    }
                }
                let j = p
                    .records
                    .find(cell)
                    .ok_or(invalid("octile_jump.open.cell"))?;
                let r = p.records.get(j);
                let (x, y) = (cell % grid.width(), cell / grid.width());
                let (dx, dy) = p.estimate.offsets(x.abs_diff(gx), y.abs_diff(gy));
                let current = key(r.pair.f(dx, dy), r.pair.g(), cell);
                if k == current && r.closed == 0 {
                    if !mark(&mut self.scratch, j) {
                        return Err(invalid("octile_jump.open.duplicate"));
                    }
                    live += 1;
                } else if r.closed == 0 && k < current {
                    // A stale entry of an open node must pop after its live one.
                    return Err(invalid("octile_jump.open.stale"));
                }
            }
        }
        if live != not_closed {
            return Err(invalid("octile_jump.open.live"));
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
            // A closed cell is never relaxed again; stale pops are not iterations.
            never_reopens: true,
        };
        if !counters.agree() {
            return Err(invalid("octile_jump.counters"));
        }
        let goal_closed = p
            .records
            .find(p.goal)
            .is_some_and(|i| p.records.get(i).closed == 1);
        match p.state {
            Step::Found if !goal_closed => Err(invalid("octile_jump.found_goal")),
            Step::InProgress if goal_closed => Err(invalid("octile_jump.goal_closed")),
            // The pop that leaves no live entry ends the search (stale entries may remain).
            Step::InProgress if live == 0 => Err(invalid("octile_jump.open.live")),
            Step::NoPath if live != 0 || goal_closed => Err(invalid("octile_jump.no_path")),
            _ => Ok(()),
        }
    }

    fn commit(&mut self, grid: &Grid, p: &Parsed<'_>) {
        self.estimate = p.estimate;
        self.improved = p.improved;
        self.record_expansions = p.flags & 1 != 0;
        self.record_trace = p.flags & 2 != 0;
        if p.state == Step::Idle {
            self.make_idle();
            return;
        }
        self.prepare(grid);
        let base = self.generation.base();
        self.start = p.start;
        self.goal = p.goal;
        self.live = 0;
        for i in 0..p.records.len() {
            let r = p.records.get(i);
            self.live += u32::from(r.closed == 0);
            self.records[r.cell as usize] = JumpRecord {
                pair: r.pair,
                parent: r.parent,
                tag: restored_tag(base, r.dir, r.closed),
            };
        }
        for (list, into) in [
            (p.heap, &mut self.open.heap),
            (p.stack, &mut self.open.stack),
        ] {
            into.extend((0..list.len() / ENTRY).map(|i| {
                let (f, g, c) = entry_key(list, i);
                pack(f, g, c)
            }));
        }
        self.open.level = p.level;
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
    let finder = r.u8()?;
    let improved = match r.u8()? {
        0 => false,
        1 => true,
        _ => return Err(invalid("octile_jump.improved")),
    };
    let estimate = estimate_of(r.u8()?).ok_or(invalid("octile_jump.estimate"))?;
    let state = state_of(r.u8()?).ok_or(invalid("octile_jump.state"))?;
    let (iterations, expansions) = (r.u32()?, r.u32()?);
    let flags = r.u8()?;
    if flags > 3 {
        return Err(invalid("octile_jump.flags"));
    }
    let level = r.u64()?;
    let records = SortedRecords::read(&mut r, "octile_jump.reached")?;
    let heap = r.counted(ENTRY, "octile_jump.heap")?;
    let stack = r.counted(ENTRY, "octile_jump.stack")?;
    let recordings = Recordings::read(&mut r, "octile_jump.expanded", "octile_jump.trace")?;
    r.finish("octile_jump.payload_length")?;
    Ok(Parsed {
        width,
        height,
        start,
        goal,
        finder,
        improved,
        estimate,
        state,
        iterations,
        expansions,
        flags,
        level,
        records,
        heap,
        stack,
        recordings,
    })
}
