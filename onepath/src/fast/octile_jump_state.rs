//! Snapshot kind 5: the state of an [`OctileJump`] (`docs/snapshot-format.md`).
//!
//! Payload (little-endian): width u32, height u32 (0 when idle), start u32, goal u32 (row-major
//! cells; `u32::MAX` when idle), finder u8 (0 bits, 1 tables), improved pruning u8 (0/1),
//! estimate u8 (0 octile, 1 zero), state u8 (0 idle, 1 in progress, 2 found, 3 no path),
//! iterations u32, expansions u32, flags u8 (bit 0 record expansions, bit 1 record trace), level
//! u64 (f bits of the entry popped last; `u64::MAX` before the first pop); reached count u32,
//! then one 18-byte record per reached cell in increasing cell order (cell u32, parent u32 —
//! `u32::MAX` for the start — a u32, b u32, arrival direction u8 — 0..=7, 8 for the start —
//! closed u8); open count u32, then the open list in pop order — the same-f stack top first
//! (the order of its pushes), then the heap's entries by key (not its layout), the ones on the
//! level first — each entry 16 bytes (f bits u64, float32 g bits u32, cell u32); expanded count
//! u32 and cells; trace count u32 and u64 digests.
//!
//! Restoring validates everything against the grid before changing the engine: sizes, codes
//! (the finder must be this engine's), records strictly increasing on walkable cells, exactly
//! the start without a parent, with arrival 8 and pair (0, 0), every other record's parent
//! reached, closed and not the goal; entries with valid keys on reached cells, in pop order
//! (the entries on the level first, then the rest with f above the level, keys strictly
//! increasing), exactly one live entry (its key recomputed from the record) per not-closed
//! record and every other entry stale (its node closed, or popping after the live one); a
//! found search's goal closed, an empty open list for no path. Then what makes the state one
//! the search can reach (issue 27; `docs/snapshot-format.md`, kind 5, "What restore proves"):
//! the level is "none" exactly while nothing is closed, every closed record's f is at most the
//! level (a found goal's equal to it), and every expanded record, expanded again on *this* grid
//! by the engine's own jumper (`jumps.rs`, over an octile map of the grid the engine keeps as
//! scratch) with its arrival and the search's pruning, generates every record it parents (so
//! each hop is proved cell by cell, its turn by the pruning rules) and is relaxed
//! (`state/relaxation.rs`). It never panics, never half-restores, and allocates nothing once
//! the buffers are sized (unless the saved open list outgrows the reserve: one heap entry per
//! cell, one stack entry per four).

use super::bit_finder::BitFinder;
use super::finder::{Finder, Sealed};
use super::jump_open::NO_LEVEL;
use super::jumps::{JumpSource, MapValues, Node, Searching, expand};
use super::octile_jump::{NONE, OctileJump};
use super::pair::key;
use super::record::JumpRecord;
use super::snapshot_head::check_reached;
use super::snapshot_head::{Head, Names, names, read_lists};
use super::snapshot_wire::{
    START_DIR, WireRecord, clear_marks, expanded, mark, marked, ordered_offer, record_f,
    restored_tag,
};
use super::table_finder::TableFinder;
use crate::grid::{Grid, WALL};
use crate::jps::MAX_JPS_PLUS_SIDE;
use crate::search::Step;
use crate::state::codec::{HEADER_LEN, Reader, invalid, le32, le64, read_frame_for, write_frame};
use crate::state::recordings::Recordings;
use crate::state::relaxation::{Reopening, check_relaxed};
use crate::state::size_bound::{per, recorded, sum};
use crate::state::sorted_records::{Record, SortedRecords};
use crate::state::{KIND_OCTILE_JUMP, StateError};

const FIXED: usize = 4 + 4 + 4 + 4 + 1 + 1 + 1 + 1 + 4 + 4 + 1 + 8;
const RECORD: usize = Rec::SIZE;
const ENTRY: usize = 16;
const NAMES: Names = names!("octile_jump", "open.live");

/// A reached record, with its parent.
type Rec = WireRecord<true>;

/// An open-list entry on the wire.
fn entry_key(b: &[u8], i: usize) -> (u64, u32, u32) {
    let o = i * ENTRY;
    (le64(b, o), le32(b, o + 8), le32(b, o + 12))
}

/// How many entries at the start of the open list `open` are on the `level` (f bits equal):
/// the ones that pop from the same-f stack.
fn on_level(open: &[u8], level: u64) -> usize {
    (0..open.len() / ENTRY)
        .take_while(|&i| entry_key(open, i).0 == level)
        .count()
}

/// The key of wire fields f bits, float32 g bits and cell.
fn pack(f: u64, g32: u32, cell: u32) -> u128 {
    u128::from(f) << 64 | u128::from(!g32) << 32 | u128::from(cell)
}

/// The key of a wire entry.
fn pack_entry(e: &[u8; ENTRY]) -> u128 {
    let (f, g32, cell) = entry_key(e, 0);
    pack(f, g32, cell)
}

/// The wire entry of a key: f bits u64, float32 g bits u32, cell u32.
fn unpack(k: u128) -> [u8; ENTRY] {
    let mut e = [0u8; ENTRY];
    e[..8].copy_from_slice(&((k >> 64) as u64).to_le_bytes());
    e[8..12].copy_from_slice(&(!((k >> 32) as u32)).to_le_bytes());
    e[12..].copy_from_slice(&(k as u32).to_le_bytes());
    e
}

/// The payload, parsed but not yet validated against the map.
struct Parsed<'a> {
    head: Head,
    finder: u8,
    improved: bool,
    level: u64,
    records: SortedRecords<'a, Rec>,
    /// The open list in pop order: the entries on the level, then the rest by key.
    open: &'a [u8],
    recordings: Recordings<'a>,
}

/// The kind-5 bound of [`OctileJump::max_state_size`] on `grid`, with or without improved
/// pruning, for `expanded` and `trace` list entries. Saturates.
pub(crate) fn kind5_bound(grid: &Grid, improved: bool, expanded: usize, trace: usize) -> usize {
    let c = grid.cell_count() as usize;
    let longer = grid.width().max(grid.height()) as usize;
    let successors = if improved {
        sum([4, per(4, sum([per(2, longer), 1]))])
    } else {
        8
    };
    let open = sum([1, per(successors - 1, c)]);
    sum([
        HEADER_LEN + FIXED + 16,
        per(c, RECORD),
        per(open, ENTRY),
        per(expanded, 4),
        per(trace, 8),
    ])
}

impl<F: Finder> OctileJump<F> {
    fn reached(&self) -> impl Iterator<Item = u32> + '_ {
        let base = self.generation.base();
        let n = if self.progress.state == Step::Idle {
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
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n.####.\n......").unwrap();
    /// # let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// jps.try_begin(&grid, &map, 6, 11);
    /// jps.step(&map, 1);
    /// let mut bytes = vec![0u8; jps.state_size()];
    /// assert_eq!(jps.save_state(&grid, &mut bytes), Ok(bytes.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN
            + FIXED
            + 4
            + self.reached().count() * RECORD
            + 4
            + self.open.len() * ENTRY
            + Recordings::size(&self.progress.expanded, &self.progress.trace)
    }

    /// An upper bound on [`state_size`](Self::state_size) for every state this engine can reach
    /// on `grid` with its current settings (its [`improved_pruning`](Self::improved_pruning)
    /// and recording flags), so a host can size its snapshot buffer once:
    /// `28 + 37 + 4 + 18 c + 4 + 16 o + 4 + 4 e + 4 + 8 t` bytes for `c` =
    /// `grid.cell_count()` (header; fixed fields; a reached record per cell; `o` open entries;
    /// the expanded list and the trace). The open list has no decrease-key, so it holds stale
    /// entries: a closed node is final, so at most `c` nodes are expanded, each pushing at most
    /// `s` successors and each expansion following a pop, so `o <= 1 + (s - 1) c`, where `s`
    /// is 8 (one jump point per direction) or, with improved pruning, `4 + 4 (2 L + 1)` for
    /// `L` the grid's longer side (a diagonal direction is run, and every cell of the run may
    /// add two straight jump points). With recording on, each list holds at most one entry per
    /// cell (`e`, `t` = `c`); with it off, its current length. Saturates. The bound is loose
    /// (every cell expanded); with improved pruning much more so.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Grid;
    /// use onepath::fast::{BitFinder, OctileJump};
    /// let grid = Grid::new(16, 16).unwrap();
    /// let jps = OctileJump::<BitFinder>::new();
    /// assert_eq!(jps.max_state_size(&grid), 28 + 37 + 16 + 18 * 256 + 16 * (1 + 7 * 256));
    /// ```
    pub fn max_state_size(&self, grid: &Grid) -> usize {
        let p = &self.progress;
        kind5_bound(
            grid,
            self.improved,
            recorded(
                p.record_expansions,
                p.expanded.len(),
                Some(grid.cell_count() as usize),
            ),
            recorded(
                p.record_trace,
                p.trace.len(),
                Some(grid.cell_count() as usize),
            ),
        )
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
        let idle = self.progress.state == Step::Idle;
        let count = self.reached().count() as u32;
        let head = Head::of(
            &self.progress,
            (self.width, self.height),
            self.start,
            self.goal,
        );
        write_frame(
            out,
            KIND_OCTILE_JUMP,
            grid.content_hash(),
            size - HEADER_LEN,
            |w| {
                head.write(w, |w| {
                    w.u8(F::CODE);
                    w.u8(u8::from(self.improved));
                });
                w.u64(if idle { NO_LEVEL } else { self.open.level });
                w.u32(count);
                for c in self.reached() {
                    let r = self.records[c as usize];
                    Rec::of(c, r.parent, r.pair, r.tag, c == self.start).write(w);
                }
                // The open list in pop order: the stack top first (its order is the order of
                // its pushes, which is state), then the heap by key (its layout is not). The
                // heap's entries on the level come first among them and pop next, so the list
                // reads the same whether an entry on the level sits in the heap or the stack.
                w.u32(self.open.len() as u32);
                for &k in self.open.stack.iter().rev() {
                    w.bytes(&unpack(k));
                }
                let heap = self.open.heap.iter().map(|&k| unpack(k));
                w.sorted(heap, |x, y| pack_entry(x).cmp(&pack_entry(y)));
                Recordings::write(w, &self.progress.expanded, &self.progress.trace);
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
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::{BitFinder, OctileJump, OctileMap};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("......\n.####.\n......").unwrap();
    /// # let map = OctileMap::new(&grid);
    /// let mut jps = OctileJump::<BitFinder>::new();
    /// jps.try_begin(&grid, &map, 6, 11);
    /// jps.step(&map, 1);
    /// let mut bytes = vec![0u8; jps.state_size()];
    /// jps.save_state(&grid, &mut bytes).unwrap();
    /// let mut peer = OctileJump::<BitFinder>::new();
    /// peer.restore_state(&grid, &bytes).unwrap(); // every hop re-derived on the grid
    /// assert_eq!((peer.run(&map), peer.cost()), (Step::Found, 7.0));
    /// ```
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

    fn validate(&mut self, grid: &Grid, p: &Parsed<'_>) -> Result<(), StateError> {
        let cells = grid.cell_count();
        let walkable = |c: u32| grid.cells().get(c as usize).is_some_and(|&a| a != WALL);
        let count = p.records.len();
        let open_n = p.open.len() / ENTRY;
        let head = &p.head;
        let empty = count + open_n == 0 && p.recordings.is_empty() && p.level == NO_LEVEL;
        if !head.check_shape(grid, empty, &p.recordings, &NAMES)? {
            return Ok(());
        }
        if F::CODE == TableFinder::CODE && grid.width().max(grid.height()) > MAX_JPS_PLUS_SIDE {
            // No JPS+ tables exist for this grid: no table search ran on it.
            return Err(invalid("octile_jump.finder"));
        }
        // Every hop is shorter than the longer side: pairs below this bound expand without
        // overflow (the search's pairs are path lengths, far below it).
        let bound = u32::MAX - grid.width().max(grid.height());
        let not_closed = check_reached(&p.records, head, walkable, &NAMES, |r, is_start| {
            if is_start != (r.parent == NONE) {
                return Err(invalid("octile_jump.reached.start"));
            }
            if r.pair.a > bound || r.pair.b > bound {
                return Err(invalid("octile_jump.reached.pair"));
            }
            if is_start {
                return Ok(());
            }
            // The parent: a closed record, and not the goal (whose pop ends the search
            // without expanding it). The hop itself is proved below, against this grid.
            let parent_ok = p
                .records
                .find(r.parent)
                .is_some_and(|j| p.records.get(j).closed == 1 && r.parent != head.goal);
            if parent_ok {
                Ok(())
            } else {
                Err(invalid("octile_jump.reached.parent"))
            }
        })?;
        if p.level != NO_LEVEL && (f64::from_bits(p.level).is_nan() || p.level >> 63 != 0) {
            return Err(invalid("octile_jump.level"));
        }
        clear_marks(&mut self.scratch, count, cells);
        let (gx, gy) = (head.goal % grid.width(), head.goal / grid.width());
        let mut live = 0usize;
        // Pop order: first the entries on the level (they pop last in, first out; their
        // order is the order of their pushes, which no check can know), then the rest,
        // strictly by key and none below the level (the level is the f of the last pop, and
        // every push since has an f at least that: the estimates are consistent).
        let on_level = on_level(p.open, p.level);
        let mut prev_key = None;
        for i in 0..open_n {
            let (f, g32, cell) = entry_key(p.open, i);
            let bad_f = f64::from_bits(f).is_nan() || f >> 63 != 0;
            // A float32 g: NaN (all-ones exponent, non-zero fraction) or negative is bad.
            let bad_g =
                (g32 & 0x7F80_0000 == 0x7F80_0000 && g32 & 0x007F_FFFF != 0) || g32 >> 31 != 0;
            if bad_f || bad_g {
                return Err(invalid("octile_jump.open.key"));
            }
            let k = pack(f, g32, cell);
            if i >= on_level {
                if f <= p.level && p.level != NO_LEVEL {
                    return Err(invalid("octile_jump.open.level"));
                }
                if prev_key.is_some_and(|q| q >= k) {
                    return Err(invalid("octile_jump.open.order"));
                }
                prev_key = Some(k);
            }
            let j = p
                .records
                .find(cell)
                .ok_or(invalid("octile_jump.open.cell"))?;
            let r = p.records.get(j);
            let (x, y) = (cell % grid.width(), cell / grid.width());
            let (dx, dy) = head.estimate.offsets(x.abs_diff(gx), y.abs_diff(gy));
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
        if live != not_closed {
            return Err(invalid("octile_jump.open.live"));
        }
        head.check_counters(&p.records, not_closed, &p.recordings, &NAMES)?;
        // The pop that leaves no live entry ends the search (stale entries may remain).
        head.check_end(&p.records, live != 0, &NAMES)?;
        validate_level(grid, p, count - not_closed)?;
        // The hops and the relaxation, re-derived on this grid: the engine's own jumper over
        // an octile map of it (the bit finder's scans; the table finder's reads of the JPS+
        // values the map gives).
        self.proof_map.refresh(grid);
        clear_marks(&mut self.scratch, count, cells);
        let marks = &mut self.scratch;
        if F::CODE == TableFinder::CODE {
            prove_hops(MapValues(&self.proof_map), grid, p, marks)
        } else {
            prove_hops(Searching::<BitFinder>(&self.proof_map), grid, p, marks)
        }
    }

    fn commit(&mut self, grid: &Grid, p: &Parsed<'_>) {
        self.improved = p.improved;
        if p.head.state == Step::Idle {
            p.head.restore_into(&mut self.progress, &p.recordings);
            self.make_idle();
            return;
        }
        self.prepare(grid);
        p.head.restore_into(&mut self.progress, &p.recordings);
        let base = self.generation.base();
        self.start = p.head.start;
        self.goal = p.head.goal;
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
        // The entries on the level go on the stack (written top first, so pushed back in
        // reverse); the rest, in key order, is a heap layout as it stands.
        let key_at = |i: usize| {
            let (f, g, c) = entry_key(p.open, i);
            pack(f, g, c)
        };
        let on_level = on_level(p.open, p.level);
        (self.open.stack).extend((0..on_level).rev().map(key_at));
        (self.open.heap).extend((on_level..p.open.len() / ENTRY).map(key_at));
        self.open.level = p.level;
    }
}

/// The level against the closed records: no level before the first pop (and no closed
/// record), else every closed record's f at most the level — the f of the entries popped never
/// decreases (the estimate is consistent, so an expansion pushes nothing below the f of the
/// node it expands, which is the level) — and a found search's goal, popped last, on it. The
/// open entries are at or above the level (checked with their order). So every closed record
/// popped before every open entry, which with the relaxation rule makes its pair optimal (as
/// for kind 4: `octile_astar_state.rs`).
fn validate_level(grid: &Grid, p: &Parsed<'_>, closed: usize) -> Result<(), StateError> {
    let head = &p.head;
    if (p.level == NO_LEVEL) != (closed == 0) {
        return Err(invalid("octile_jump.level"));
    }
    let w = grid.width();
    let (gx, gy) = (head.goal % w, head.goal / w);
    let level = f64::from_bits(p.level);
    for i in 0..p.records.len() {
        let r = p.records.get(i);
        if r.closed == 0 {
            continue;
        }
        let (x, y) = (r.cell % w, r.cell / w);
        let (dx, dy) = head.estimate.offsets(x.abs_diff(gx), y.abs_diff(gy));
        let f = r.pair.f(dx, dy);
        if f > level {
            return Err(invalid("octile_jump.closed.order"));
        }
        if head.state == Step::Found && r.cell == head.goal && f.to_bits() != p.level {
            return Err(invalid("octile_jump.found_goal"));
        }
    }
    Ok(())
}

/// What restore proves of the hops (`src`: the engine's jumper over this grid). Expanding
/// every expanded record (closed, not a found goal) with its own arrival — every legal
/// direction at the start — and the search's pruning generates the successors the search
/// generated from it:
///
/// - every other record must be one of them: its parent's expansion offers its cell with its
///   pair and arrival (so each hop is a jump the jumper makes on this grid — its cells
///   walkable, no corner cut, the turn one the pruning rules allow — and its pair the
///   parent's plus the hop);
/// - every offer is reflected (the relaxation rule, `state/relaxation.rs`): its cell is
///   reached with a g no worse than the offer, or closed no later than the expanding record
///   (f no greater: a closed jump point is final, and the search pops in f order, so a cell
///   closed later was open when the offer was made and kept the better g).
///
/// `marks` holds a bit per record (cleared), set for each record an offer proves.
fn prove_hops<S: JumpSource>(
    src: S,
    grid: &Grid,
    p: &Parsed<'_>,
    marks: &mut [u64],
) -> Result<(), StateError> {
    let head = &p.head;
    let w = grid.width();
    let goal = (head.goal % w, head.goal / w);
    let found_goal = if head.state == Step::Found {
        head.goal
    } else {
        NONE
    };
    let records = &p.records;
    check_relaxed(
        records,
        Reopening::Never,
        expanded(records, found_goal),
        |(_, n), offers| {
            let order = (head.estimate, w, head.goal);
            let f_n = record_f(order.0, order.1, order.2, n.cell, n.pair);
            let node = Node {
                x: n.cell % w,
                y: n.cell / w,
                arrival: (n.dir != START_DIR).then_some(n.dir),
                pair: n.pair,
            };
            expand(src, node, w, p.improved, goal, &mut |to, np, d| {
                offers.offer_ordered(to, np, ordered_offer(records, order, to, f_n));
                if let Some(j) = records.find(to) {
                    let r = records.get(j);
                    if r.parent == n.cell && r.pair == np && usize::from(r.dir) == d {
                        mark(marks, j);
                    }
                }
            });
        },
        "octile_jump.reached.relaxed",
    )?;
    for j in 0..records.len() {
        if records.get(j).cell != head.start && !marked(marks, j) {
            return Err(invalid("octile_jump.reached.hop"));
        }
    }
    Ok(())
}

fn parse(payload: &[u8]) -> Result<Parsed<'_>, StateError> {
    let mut r = Reader::new(payload);
    let (head, (finder, improved)) = Head::read(&mut r, &NAMES, |r| {
        let finder = r.u8()?;
        match r.u8()? {
            0 => Ok((finder, false)),
            1 => Ok((finder, true)),
            _ => Err(invalid("octile_jump.improved")),
        }
    })?;
    let level = r.u64()?;
    let (records, open, recordings) = read_lists(&mut r, ENTRY, &NAMES)?;
    Ok(Parsed {
        head,
        finder,
        improved,
        level,
        records,
        open,
        recordings,
    })
}
