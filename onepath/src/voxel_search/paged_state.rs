//! Snapshot kind 11: the state of a [`PagedVoxelSearch`] (`docs/snapshot-format.md`).
//!
//! # Payload (little-endian)
//!
//! connectivity u8 (6, 18 or 26), corner rule u8 (0 no corner cutting, 1 no squeezing, 2 allow
//! all), flags u8 (bit 0 record expansions); `sx, sy, sz` u32 (0 when idle); start and goal as
//! node indices `x + sx * (y + sy * z)` u32 (`u32::MAX` when idle); state u8 (0 idle, 1 in
//! progress, 2 found, 3 no path); iterations u32; expansions u32; the reached count u32, then
//! one 17-byte record per reached voxel in increasing node order (node u32, parent node u32 or
//! `u32::MAX`, g f64 bits, closed u8); the open count u32, then the open list in pop order
//! (node u32, f f64 bits; smaller f, then larger g, then smaller node first); the expanded count
//! u32, then node u32 each. The header's map hash is the grid's
//! [`content_digest`](VoxelGrid::content_digest).
//!
//! Parents are written as node indices, never as page slots, and nothing says which pages the
//! search holds or in which order it took them: the pages are derived from the reached voxels,
//! so two searches in the same logical state write the same bytes whatever their pools.
//!
//! # What restore proves
//!
//! The search is deterministic: its state is a function of the grid, the hooks, the options,
//! the endpoints and the number of iterations. Restore checks the header and the fixed fields
//! (codes, flags, sizes equal to the grid's, endpoints inside, list lengths consistent with the
//! payload length and with each other), then *replays* the search from the snapshot's endpoints
//! for its iteration count into a spare search and accepts the bytes only if the replay's
//! snapshot equals them byte for byte. So exactly the states the search can reach are accepted,
//! and a restored search continues as the never-stopped one would. The replay is bounded: it
//! runs at most the snapshot's iterations and stops as soon as it holds more pages than the
//! snapshot's reached voxels occupy blocks (the reached set only grows), so its memory is bounded
//! by the snapshot's length. The search is unchanged on any error.

use alloc::vec;
use alloc::vec::Vec;

use super::paged::{PAGE_VOXELS, PagedVoxelSearch, VoxelHooks};
use super::paged_heap::HeapEntry;
use crate::search::step_code::{state_code, state_of};
use crate::search::{NO_NODE, Step};
use crate::state::codec::{HEADER_LEN, Reader, invalid, le32, le64, read_frame_for, write_frame};
use crate::state::size_bound::{per, recorded, sum};
use crate::state::{KIND_VOXEL_SEARCH, StateError};
use crate::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};

/// Fixed payload bytes: codes and flags, sizes, endpoints, state, counters.
const FIXED: usize = 3 + 12 + 8 + 1 + 8;
const RECORD: usize = 4 + 4 + 8 + 1;
const OPEN_ENTRY: usize = 4 + 8;
/// Iterations the replay runs between two page checks (at most 26 new pages each).
const REPLAY_SLICE: u32 = 64;

const CLOSED: u32 = 2;
const UNREACHED: u32 = 0;

fn connectivity_code(c: VoxelConnectivity) -> u8 {
    match c {
        VoxelConnectivity::Six => 6,
        VoxelConnectivity::Eighteen => 18,
        VoxelConnectivity::TwentySix => 26,
    }
}

fn connectivity_of(code: u8) -> Option<VoxelConnectivity> {
    Some(match code {
        6 => VoxelConnectivity::Six,
        18 => VoxelConnectivity::Eighteen,
        26 => VoxelConnectivity::TwentySix,
        _ => return None,
    })
}

fn rule_code(r: VoxelCornerRule) -> u8 {
    match r {
        VoxelCornerRule::NoCornerCutting => 0,
        VoxelCornerRule::NoSqueezing => 1,
        VoxelCornerRule::AllowAll => 2,
    }
}

fn rule_of(code: u8) -> Option<VoxelCornerRule> {
    Some(match code {
        0 => VoxelCornerRule::NoCornerCutting,
        1 => VoxelCornerRule::NoSqueezing,
        2 => VoxelCornerRule::AllowAll,
        _ => return None,
    })
}

/// The double whose [`ordered_bits`] is `rank`.
fn from_ordered_bits(rank: u64) -> f64 {
    let b = if rank >> 63 == 1 {
        rank ^ (1 << 63)
    } else {
        !rank
    };
    f64::from_bits(b)
}

impl PagedVoxelSearch {
    fn idle(&self) -> bool {
        matches!(
            self.state,
            Step::Idle | Step::StartInvalid | Step::GoalInvalid
        )
    }

    /// The node index of a voxel of the grid the search runs on.
    fn node_of(&self, c: VoxelCell) -> u32 {
        c.x as u32 + self.size.0 * (c.y as u32 + self.size.1 * c.z as u32)
    }

    /// The reached voxels of the pages in use: (page, in-page index) pairs.
    fn reached(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.pages[..self.used as usize]
            .iter()
            .enumerate()
            .flat_map(|(p, page)| {
                (0..PAGE_VOXELS)
                    .filter(move |&i| page.mark[i] != UNREACHED)
                    .map(move |i| (p, i))
            })
    }

    /// The g of a reached node (0 when unreached); divides, so only for snapshots.
    fn g_of_node(&self, node: u32) -> f64 {
        let (sx, sy) = (self.size.0.max(1), self.size.1.max(1));
        let (x, y, z) = (node % sx, node / sx % sy, node / sx / sy);
        self.slot_of(x, y, z)
            .map_or(0.0, |s| self.pages[(s >> 9) as usize].g[(s & 511) as usize])
    }

    fn slot_node(&self, slot: u32) -> u32 {
        let (x, y, z) = self.coords(slot);
        x + self.size.0 * (y + self.size.1 * z)
    }

    /// Bytes [`save_state`](PagedVoxelSearch::save_state) writes. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(pages in use × 512).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, a, b, &NoVoxelHooks);
    /// s.step(&grid, &NoVoxelHooks, 20);
    /// let mut bytes = vec![0u8; s.state_size()];
    /// assert_eq!(s.save_state(&grid, &mut bytes), Ok(bytes.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        let (reached, expanded) = if self.idle() {
            (0, 0)
        } else {
            (self.reached().count(), self.expanded.len())
        };
        let open = if self.idle() { 0 } else { self.heap.len() };
        HEADER_LEN + FIXED + 4 + reached * RECORD + 4 + open * OPEN_ENTRY + 4 + expanded * 4
    }

    /// An upper bound on [`state_size`](PagedVoxelSearch::state_size) for every state this
    /// search can reach on `grid` with its current settings, so a host can size its snapshot
    /// buffer once: `28 + 32 + 4 + 17 n + 4 + 12 n + 4 + 4 e` bytes = `72 + 29 n + 4 e` for
    /// `n` = `grid.voxel_count()` (header; fixed fields; a reached record and at most one open
    /// entry per voxel; the expanded list). With expansion recording off, `e` is the list's
    /// current length (a new search empties it); with it on there is no bound — the search
    /// reopens a voxel whose `g` improves — and the answer is `usize::MAX`. Saturates.
    pub fn max_state_size(&self, grid: &VoxelGrid) -> usize {
        let e = recorded(self.record, self.expanded.len(), None);
        sum([
            HEADER_LEN + FIXED + 12,
            per(grid.voxel_count() as usize, RECORD + OPEN_ENTRY),
            per(e, 4),
        ])
    }

    /// Writes the search state (kind 11) into `out`, tied to `grid` (the grid the search runs
    /// on; its [`content_digest`](VoxelGrid::content_digest) goes in the header); returns the
    /// byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](PagedVoxelSearch::state_size).
    ///
    /// # Complexity
    ///
    /// O(pages in use × 512 + r log r) for r reached voxels, plus the grid's digest.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::search::Step;
    /// use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// let grid = VoxelGrid::new(20, 20, 20).unwrap();
    /// let new = || PagedVoxelSearch::new(VoxelConnectivity::TwentySix, VoxelCornerRule::NoCornerCutting);
    /// let mut search = new();
    /// assert_eq!(search.try_begin(&grid, VoxelCell::new(0, 0, 0), VoxelCell::new(19, 7, 3), &NoVoxelHooks), onepath::Step::InProgress);
    /// assert_eq!(search.step(&grid, &NoVoxelHooks, 5), onepath::Step::InProgress);
    /// let mut bytes = vec![0u8; search.state_size()];
    /// search.save_state(&grid, &mut bytes).unwrap();
    /// let mut resumed = new();
    /// resumed.restore_state(&grid, &NoVoxelHooks, &bytes).unwrap();
    /// assert_eq!(resumed.iterations(), 5);
    /// assert_eq!(resumed.run(&grid, &NoVoxelHooks), search.run(&grid, &NoVoxelHooks));
    /// assert_eq!((resumed.path(), resumed.cost()), (search.path(), search.cost()));
    /// ```
    pub fn save_state(&self, grid: &VoxelGrid, out: &mut [u8]) -> Result<usize, StateError> {
        let size = self.state_size();
        let idle = self.idle();
        write_frame(
            out,
            KIND_VOXEL_SEARCH,
            grid.content_digest(),
            size - HEADER_LEN,
            |w| {
                w.u8(connectivity_code(self.connectivity()));
                w.u8(rule_code(self.rule()));
                w.u8(u8::from(self.record));
                let (sx, sy, sz) = if idle { (0, 0, 0) } else { self.size };
                w.u32(sx);
                w.u32(sy);
                w.u32(sz);
                let (start, goal) = if idle {
                    (NO_NODE, NO_NODE)
                } else {
                    (self.node_of(self.start), self.node_of(self.goal))
                };
                w.u32(start);
                w.u32(goal);
                w.u8(state_code(self.state));
                w.u32(if idle { 0 } else { self.iterations });
                w.u32(if idle { 0 } else { self.expansions });
                if idle {
                    w.u32(0);
                    w.u32(0);
                    w.u32(0);
                    return;
                }
                w.u32(self.reached().count() as u32);
                let records = self.reached().map(|(p, i)| {
                    let page = &self.pages[p];
                    let node = self.slot_node((p as u32) << 9 | i as u32);
                    let parent = match page.parent[i] {
                        NO_NODE => NO_NODE,
                        s => self.slot_node(s),
                    };
                    let mut e = [0u8; RECORD];
                    e[..4].copy_from_slice(&node.to_le_bytes());
                    e[4..8].copy_from_slice(&parent.to_le_bytes());
                    e[8..16].copy_from_slice(&page.g[i].to_bits().to_le_bytes());
                    e[16] = u8::from(page.mark[i] == CLOSED);
                    e
                });
                w.sorted(records, |a, b| le32(a, 0).cmp(&le32(b, 0)));
                w.u32(self.heap.len() as u32);
                // The open list in pop order, so the bytes do not depend on the heap's layout.
                let entries = self.heap.entries.iter().map(|e| {
                    let mut b = [0u8; OPEN_ENTRY];
                    b[..4].copy_from_slice(&e.node.to_le_bytes());
                    b[4..].copy_from_slice(&from_ordered_bits(e.f_rank).to_bits().to_le_bytes());
                    b
                });
                let rank = |e: &[u8; OPEN_ENTRY]| {
                    let node = le32(e, 0);
                    let f = f64::from_bits(le64(e, 4));
                    HeapEntry::new(f, self.g_of_node(node), node, 0).key()
                };
                w.sorted(entries, |a, b| rank(a).cmp(&rank(b)));
                w.u32(self.expanded.len() as u32);
                for &c in &self.expanded {
                    w.u32(self.node_of(c));
                }
            },
        )
    }
}

/// The fixed fields of a kind-11 payload.
struct Fixed {
    connectivity: VoxelConnectivity,
    rule: VoxelCornerRule,
    record: bool,
    size: (u32, u32, u32),
    endpoints: (u32, u32),
    state: Step,
    iterations: u32,
    expansions: u32,
}

fn read_fixed(r: &mut Reader<'_>) -> Result<Fixed, StateError> {
    let connectivity = connectivity_of(r.u8()?).ok_or(invalid("voxel_search.connectivity"))?;
    let rule = rule_of(r.u8()?).ok_or(invalid("voxel_search.corner_rule"))?;
    let flags = r.u8()?;
    if flags > 1 {
        return Err(invalid("voxel_search.flags"));
    }
    let size = (r.u32()?, r.u32()?, r.u32()?);
    let endpoints = (r.u32()?, r.u32()?);
    let state = state_of(r.u8()?).ok_or(invalid("voxel_search.state"))?;
    Ok(Fixed {
        connectivity,
        rule,
        record: flags == 1,
        size,
        endpoints,
        state,
        iterations: r.u32()?,
        expansions: r.u32()?,
    })
}

/// The voxel of node `n` on a grid of `size`.
fn cell_of(n: u32, (sx, sy, _): (u32, u32, u32)) -> VoxelCell {
    let (x, y, z) = (n % sx, n / sx % sy, n / sx / sy);
    VoxelCell::new(x as i32, y as i32, z as i32)
}

impl PagedVoxelSearch {
    /// Restores a state saved by [`save_state`](PagedVoxelSearch::save_state) for `grid` and
    /// `hooks` (those the saved search ran with; the grid's content digest must be the
    /// snapshot's). On success the search, its connectivity, corner rule and recording flag are
    /// the saved ones, and it continues exactly as the saved search would have; on any error
    /// it is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] when the grid's content digest differs from the snapshot's;
    /// [`StateError::InvalidField`] naming the field for codes, sizes, endpoints or list
    /// lengths out of range, and `voxel_search.replay.<section>` (`header`, `reached`, `open`,
    /// `expanded`) when the bytes are not a state this search reaches on this grid with these
    /// hooks; every other [`StateError`] for malformed, truncated or corrupted bytes.
    ///
    /// # Complexity
    ///
    /// The cost of the saved search up to its iteration count (restore replays it; see the
    /// module docs), plus O(r log r) for r reached voxels. Allocates the replay's pages (freed
    /// with the previous pool on success) and one copy of the snapshot.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::search::Step;
    /// # use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid};
    /// # use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
    /// # let grid = VoxelGrid::new(16, 16, 16).unwrap();
    /// # let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    /// let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// s.try_begin(&grid, a, b, &NoVoxelHooks);
    /// s.step(&grid, &NoVoxelHooks, 20);
    /// let mut bytes = vec![0u8; s.state_size()];
    /// s.save_state(&grid, &mut bytes).unwrap();
    /// let mut peer = PagedVoxelSearch::new(VoxelConnectivity::TwentySix, VoxelCornerRule::AllowAll);
    /// peer.restore_state(&grid, &NoVoxelHooks, &bytes).unwrap(); // takes the saved moves and rule
    /// assert_eq!(peer.connectivity(), VoxelConnectivity::Six);
    /// assert_eq!((peer.run(&grid, &NoVoxelHooks), s.run(&grid, &NoVoxelHooks)), (Step::Found, Step::Found));
    /// assert_eq!(peer.path(), s.path());
    /// ```
    pub fn restore_state(
        &mut self,
        grid: &VoxelGrid,
        hooks: &impl VoxelHooks,
        bytes: &[u8],
    ) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_VOXEL_SEARCH, grid.content_digest())?;
        let mut r = Reader::new(frame.payload);
        let fixed = read_fixed(&mut r)?;
        let records = r.counted(RECORD, "voxel_search.reached")?;
        let open = r.counted(OPEN_ENTRY, "voxel_search.open")?;
        let expanded = r.counted(4, "voxel_search.expanded")?;
        r.finish("voxel_search.payload_length")?;
        let (reached, open_count) = (records.len() / RECORD, open.len() / OPEN_ENTRY);
        let mut replay = Self::new(fixed.connectivity, fixed.rule);
        replay.set_record_expansions(fixed.record);
        if fixed.state != Step::Idle {
            if fixed.size != grid.size() {
                return Err(invalid("voxel_search.size"));
            }
            let n = grid.voxel_count();
            let (start, goal) = fixed.endpoints;
            if start >= n || goal >= n {
                return Err(invalid("voxel_search.endpoints"));
            }
            if reached > n as usize || open_count > reached {
                return Err(invalid("voxel_search.reached"));
            }
            if expanded.len() / 4 > fixed.expansions as usize || fixed.expansions > fixed.iterations
            {
                return Err(invalid("voxel_search.counters"));
            }
            let blocks = distinct_blocks(records, fixed.size);
            let (a, b) = (cell_of(start, fixed.size), cell_of(goal, fixed.size));
            if replay.try_begin(grid, a, b, hooks) != Step::InProgress
                && replay.state != Step::NoPath
            {
                return Err(invalid("voxel_search.endpoints"));
            }
            let mut left = fixed.iterations;
            while left > 0 && replay.state == Step::InProgress {
                let slice = left.min(REPLAY_SLICE);
                let _ = replay.step(grid, hooks, slice);
                left -= slice;
                if replay.pages_in_use() > blocks {
                    return Err(invalid("voxel_search.replay.reached"));
                }
            }
        }
        let mut own = vec![0u8; replay.state_size()];
        // The replay's snapshot fits the buffer sized for it.
        let _ = replay.save_state(grid, &mut own);
        if own != bytes {
            return Err(invalid(first_difference(&own, bytes, reached, open_count)));
        }
        *self = replay;
        Ok(())
    }
}

/// Blocks (8³) the reached records of `records` occupy.
fn distinct_blocks(records: &[u8], (sx, sy, sz): (u32, u32, u32)) -> usize {
    let (bx, by) = (sx.div_ceil(8), sy.div_ceil(8));
    let _ = sz;
    let mut blocks: Vec<u32> = records
        .chunks_exact(RECORD)
        .map(|rec| {
            let c = cell_of(le32(rec, 0), (sx, sy, sz));
            (c.x as u32 >> 3) + bx * ((c.y as u32 >> 3) + by * (c.z as u32 >> 3))
        })
        .collect();
    blocks.sort_unstable();
    blocks.dedup();
    blocks.len()
}

/// The section of the first byte where the replay's snapshot `own` and `given` differ.
fn first_difference(own: &[u8], given: &[u8], reached: usize, open: usize) -> &'static str {
    let at = own
        .iter()
        .zip(given)
        .position(|(a, b)| a != b)
        .unwrap_or(own.len().min(given.len()));
    let records_at = HEADER_LEN + FIXED + 4;
    let open_at = records_at + reached * RECORD + 4;
    let expanded_at = open_at + open * OPEN_ENTRY + 4;
    if at < records_at {
        "voxel_search.replay.header"
    } else if at < open_at {
        "voxel_search.replay.reached"
    } else if at < expanded_at {
        "voxel_search.replay.open"
    } else {
        "voxel_search.replay.expanded"
    }
}
