//! Snapshot kind 4: the state of an [`OctileAStar`] (`docs/snapshot-format.md`).
//!
//! Payload (little-endian): width u32, height u32 (0 when idle), start u32, goal u32 (row-major
//! cells; `u32::MAX` when idle), estimate u8 (0 octile, 1 zero), state u8 (0 idle, 1 in
//! progress, 2 found, 3 no path), iterations u32, expansions u32, flags u8 (bit 0 record
//! expansions, bit 1 record trace); reached count u32, then one 14-byte record per reached cell
//! in increasing cell order (cell u32, a u32, b u32, arrival direction u8 — 0..=7, 8 for the
//! start — closed u8); open count u32, then the heap's cells (u32) in pop order, by key (keys
//! are recomputed from the pairs); expanded count u32 and cells; trace count u32 and u64
//! digests.
//!
//! Restoring validates everything against the grid before changing the engine: sizes, codes,
//! records strictly increasing on walkable cells, exactly the start with arrival 8 and pair
//! (0, 0), every other record's parent (the cell one step back along its arrival direction)
//! reached and closed with a pair one step smaller and a legal move between them (so parent
//! chains reach the start without loops: a + b falls by one per step), a one-to-one match
//! between not-closed records and heap entries, keys strictly increasing, a found search's goal
//! closed, an empty heap for no path. Then what makes the state one the search can reach
//! (issue 27; `docs/snapshot-format.md`, kind 4, "What restore proves"): no record's parent is
//! the goal (never expanded), every closed record popped before every open entry (its f at
//! most the first open f; a found goal's key below the first open key) and every expanded
//! record relaxed (`state/relaxation.rs`: each neighbour it relaxes on this grid closed or
//! reached no worse than its offer). It never panics, never half-restores, and allocates
//! nothing once the buffers are sized for the grid.

use super::octile_astar::OctileAStar;
use super::pair::{Pair, key, key_cell, key_f_bits};
use super::record::WALL_TAG;
use super::snapshot_head::check_reached;
use super::snapshot_head::{Head, Names, names, read_lists};
use super::snapshot_wire::{
    WireRecord, clear_marks, expanded, mark, ordered_offer, record_f, restored_tag,
};
use crate::grid::{Dir8, Grid, WALL};
use crate::search::Step;
use crate::state::codec::{HEADER_LEN, Reader, invalid, le32, read_frame_for, write_frame};
use crate::state::recordings::Recordings;
use crate::state::relaxation::{Reopening, check_relaxed};
use crate::state::size_bound::{per, recorded, sum};
use crate::state::sorted_records::{Record, SortedRecords};
use crate::state::{KIND_OCTILE_ASTAR, StateError};

const FIXED: usize = 4 + 4 + 4 + 4 + 1 + 1 + 4 + 4 + 1;
const RECORD: usize = Rec::SIZE;
const NAMES: Names = names!("octile_astar", "open.count");

/// A reached record (the parent is implied by the arrival direction).
type Rec = WireRecord<false>;

/// The payload, parsed but not yet validated against the map.
struct Parsed<'a> {
    head: Head,
    records: SortedRecords<'a, Rec>,
    open: &'a [u8],
    recordings: Recordings<'a>,
}

/// The kind-4 bound of [`OctileAStar::max_state_size`] for `cells` cells and `expanded` and
/// `trace` list entries. Saturates.
pub(crate) fn kind4_bound(cells: usize, expanded: usize, trace: usize) -> usize {
    sum([
        HEADER_LEN + FIXED + 16,
        per(cells, RECORD + 4),
        per(expanded, 4),
        per(trace, 8),
    ])
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
        let idle = self.progress.state == Step::Idle;
        (0..if idle { 0 } else { h }).flat_map(move |y| {
            ((y + 1) * pw + 1..(y + 1) * pw + 1 + w).filter(move |&p| self.is_reached(p))
        })
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
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 4, 7);
    /// search.step(2);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// assert_eq!(search.save_state(&grid, &mut bytes), Ok(bytes.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN
            + FIXED
            + 4
            + self.reached().count() * RECORD
            + 4
            + self.heap.len() * 4
            + Recordings::size(&self.progress.expanded, &self.progress.trace)
    }

    /// An upper bound on [`state_size`](Self::state_size) for every state this engine can reach
    /// on `grid` with its current settings, so a host can size its snapshot buffer once:
    /// `28 + 27 + 4 + 14 c + 4 + 4 c + 4 + 4 e + 4 + 8 t` bytes = `71 + 18 c + 4 e + 8 t` for
    /// `c` = `grid.cell_count()` (header; fixed fields; a reached record and at most one heap
    /// entry per cell; the expanded list and the trace). The engine never reopens a node, so
    /// with recording on each list holds at most one entry per cell (`e`, `t` = `c`); with it
    /// off, its current length (a new search empties it). Saturates.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Grid;
    /// use onepath::fast::OctileAStar;
    /// let grid = Grid::new(16, 16).unwrap();
    /// let search = OctileAStar::new();
    /// assert_eq!(search.max_state_size(&grid), 71 + 18 * 256);
    /// ```
    pub fn max_state_size(&self, grid: &Grid) -> usize {
        let c = grid.cell_count() as usize;
        let p = &self.progress;
        kind4_bound(
            c,
            recorded(p.record_expansions, p.expanded.len(), Some(c)),
            recorded(p.record_trace, p.trace.len(), Some(c)),
        )
    }

    /// Writes the search (kind 4) into `out`, tied to `grid`'s content hash (the grid the
    /// search runs on); returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 4, 7);
    /// search.run();
    /// assert!(search.save_state(&grid, &mut [0u8; 8]).is_err()); // too short: nothing written
    /// let other = Grid::new(4, 3).unwrap(); // another map's content hash
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(&grid, &mut bytes).unwrap();
    /// assert!(OctileAStar::new().restore_state(&other, &bytes).is_err());
    /// ```
    pub fn save_state(&self, grid: &Grid, out: &mut [u8]) -> Result<usize, StateError> {
        let size = self.state_size();
        let reached = self.reached().count() as u32;
        let shape = (self.nodes.width, self.nodes.height);
        let head = Head::of(&self.progress, shape, self.start(), self.goal());
        write_frame(
            out,
            KIND_OCTILE_ASTAR,
            grid.content_hash(),
            size - HEADER_LEN,
            |w| {
                head.write(w, |_| {});
                w.u32(reached);
                for p in self.reached() {
                    let r = self.nodes.records[p];
                    let cell = self.nodes.unpadded(p as u32);
                    let start = p as u32 == self.start;
                    Rec::of(cell, u32::MAX, r.pair, r.tag, start).write(w);
                }
                // The heap's cells in pop order (key order), whatever the heap's layout.
                let cells = (self.heap.keys.iter())
                    .map(|&k| self.nodes.unpadded(key_cell(k)).to_le_bytes());
                let key_of = |c: &[u8; 4]| {
                    let at = self.nodes.padded(u32::from_le_bytes(*c)) as usize;
                    self.heap.keys[self.nodes.records[at].slot as usize]
                };
                w.u32(self.heap.len() as u32);
                w.sorted(cells, |x, y| key_of(x).cmp(&key_of(y)));
                Recordings::write(w, &self.progress.expanded, &self.progress.trace);
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
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::fast::OctileAStar;
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("....\n.##.\n....").unwrap();
    /// let mut search = OctileAStar::new();
    /// search.try_begin(&grid, 4, 7);
    /// search.step(2);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(&grid, &mut bytes).unwrap();
    /// let mut peer = OctileAStar::new(); // e.g. on another machine
    /// peer.restore_state(&grid, &bytes).unwrap();
    /// assert_eq!((peer.run(), search.run()), (Step::Found, Step::Found));
    /// assert_eq!((peer.path(), peer.cost()), (search.path(), search.cost()));
    /// ```
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
        let head = &p.head;
        let empty = count + open_count == 0 && p.recordings.is_empty();
        if !head.check_shape(grid, empty, &p.recordings, &NAMES)? {
            return Ok(());
        }
        let w = grid.width() as i64;
        let not_closed = check_reached(&p.records, head, walkable, &NAMES, |r, is_start| {
            if is_start {
                return Ok(());
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
            // The goal's pop ends the search: it is never expanded, so it is no one's parent.
            if parent == head.goal {
                return Err(invalid("octile_astar.reached.parent"));
            }
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
            Ok(())
        })?;
        if open_count != not_closed {
            return Err(invalid("octile_astar.open.count"));
        }
        head.check_counters(&p.records, not_closed, &p.recordings, &NAMES)?;
        // One heap entry per not-closed record (a bit per record index), in key order.
        clear_marks(&mut self.scratch, count, cells);
        let pw = grid.width() + 2;
        let padded = |c: u32| (c / grid.width() + 1) * pw + c % grid.width() + 1;
        let (gx, gy) = (head.goal % grid.width(), head.goal / grid.width());
        let key_at = |k: usize| -> Result<(usize, u128), StateError> {
            let cell = le32(p.open, 4 * k);
            let i = p
                .records
                .find(cell)
                .ok_or(invalid("octile_astar.open.cell"))?;
            let r = p.records.get(i);
            let (x, y) = (cell % grid.width(), cell / grid.width());
            let (dx, dy) = head.estimate.offsets(x.abs_diff(gx), y.abs_diff(gy));
            Ok((i, key(r.pair.f(dx, dy), r.pair.g(), padded(cell))))
        };
        let mut prev_key = None;
        for k in 0..open_count {
            let (i, kk) = key_at(k)?;
            if p.records.get(i).closed != 0 {
                return Err(invalid("octile_astar.open.closed"));
            }
            if !mark(&mut self.scratch, i) {
                return Err(invalid("octile_astar.open.duplicate"));
            }
            if prev_key.is_some_and(|q| q >= kk) {
                return Err(invalid("octile_astar.open.order"));
            }
            prev_key = Some(kk);
        }
        // The pop that empties the open set ends the search.
        head.check_end(&p.records, open_count != 0, &NAMES)?;
        let first = (open_count != 0).then(|| key_at(0)).transpose()?;
        validate_order(grid, p, first.map(|(_, k)| k))?;
        validate_relaxed(grid, p)
    }

    fn commit(&mut self, grid: &Grid, p: &Parsed<'_>) {
        if p.head.state == Step::Idle {
            p.head.restore_into(&mut self.progress, &p.recordings);
            self.make_idle();
            return;
        }
        self.prepare(grid);
        p.head.restore_into(&mut self.progress, &p.recordings);
        let base = self.generation.base();
        self.start = self.nodes.padded(p.head.start);
        self.goal = self.nodes.padded(p.head.goal);
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
            // Validated key order: each push lands at the end (the sorted array is a heap),
            // and any layout of these keys pops alike.
            self.heap
                .push(key(f, pair.g(), at), &mut self.nodes.records);
        }
    }
}

/// The closed records popped before every open entry, as the search pops them: the estimate
/// is consistent, so the f of the entries popped never decreases and every pushed entry's f is
/// at least the f of the node being expanded; hence every closed record's f is at most the
/// smallest open f (`first`: the key of the first open entry). A found search popped its goal
/// before every entry still open: the goal's key is below the first one.
///
/// With the relaxation rule this makes every closed record's pair optimal: on a shortest path
/// to a closed node `n`, the first node that is not closed with its optimal pair is reached
/// with its optimal pair (its predecessor is closed, optimal and relaxed) and open, so its f is
/// at most the optimal f of `n`, which is below `n`'s f if `n`'s pair were not optimal.
fn validate_order(grid: &Grid, p: &Parsed<'_>, first: Option<u128>) -> Result<(), StateError> {
    let Some(first) = first else {
        return Ok(());
    };
    let head = &p.head;
    let w = grid.width();
    let (gx, gy) = (head.goal % w, head.goal / w);
    let first_f = f64::from_bits(key_f_bits(first));
    for i in 0..p.records.len() {
        let r = p.records.get(i);
        if r.closed == 0 {
            continue;
        }
        let (x, y) = (r.cell % w, r.cell / w);
        let (dx, dy) = head.estimate.offsets(x.abs_diff(gx), y.abs_diff(gy));
        let f = r.pair.f(dx, dy);
        if f > first_f {
            return Err(invalid("octile_astar.closed.order"));
        }
        if head.state == Step::Found && r.cell == head.goal {
            let padded = (y + 1) * (w + 2) + x + 1;
            if key(f, r.pair.g(), padded) >= first {
                return Err(invalid("octile_astar.found_goal"));
            }
        }
    }
    Ok(())
}

/// The relaxation rule (`state/relaxation.rs`): every expanded record offered each neighbour
/// the search relaxes from it — N, E, S, W, NE, SE, SW, NW on this grid, a diagonal only with
/// both side cells walkable, one step added to the pair — and that neighbour is reached with a
/// g no worse than the offer, or closed no later than the expanding record (f no greater: the
/// engine never reopens and pops in f order, so a neighbour closed later was open when the
/// offer was made and kept the better g). With the parent rule
/// and the closed-before-open order this keeps missing work (dropped open leaves, pruned
/// closed sets) out of a restored state.
fn validate_relaxed(grid: &Grid, p: &Parsed<'_>) -> Result<(), StateError> {
    let head = &p.head;
    let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
    let walkable = |x: i64, y: i64| {
        x >= 0 && y >= 0 && x < w && y < h && grid.cells()[(y * w + x) as usize] != WALL
    };
    let found_goal = if head.state == Step::Found {
        head.goal
    } else {
        u32::MAX
    };
    check_relaxed(
        &p.records,
        Reopening::Never,
        expanded(&p.records, found_goal),
        |(_, n), offers| {
            let (x, y) = (i64::from(n.cell) % w, i64::from(n.cell) / w);
            let order = (head.estimate, grid.width(), head.goal);
            let f_n = record_f(order.0, order.1, order.2, n.cell, n.pair);
            let first = |to: u32| ordered_offer(&p.records, order, to, f_n);
            // The pairs fall by one step along every parent chain: a + b < reached count.
            let straight = Pair::new(n.pair.a.saturating_add(1), n.pair.b);
            let diagonal = Pair::new(n.pair.a, n.pair.b.saturating_add(1));
            for d in Dir8::ALL {
                let (ox, oy) = d.offset();
                let (ox, oy) = (i64::from(ox), i64::from(oy));
                let (tx, ty) = (x + ox, y + oy);
                if !walkable(tx, ty) {
                    continue;
                }
                let to = (ty * w + tx) as u32;
                if !d.is_diagonal() {
                    offers.offer_ordered(to, straight, first(to));
                } else if walkable(tx, y) && walkable(x, ty) {
                    offers.offer_ordered(to, diagonal, first(to));
                }
            }
        },
        "octile_astar.reached.relaxed",
    )
}

fn parse(payload: &[u8]) -> Result<Parsed<'_>, StateError> {
    let mut r = Reader::new(payload);
    let (head, ()) = Head::read(&mut r, &NAMES, |_| Ok(()))?;
    let (records, open, recordings) = read_lists(&mut r, 4, &NAMES)?;
    Ok(Parsed {
        head,
        records,
        open,
        recordings,
    })
}
