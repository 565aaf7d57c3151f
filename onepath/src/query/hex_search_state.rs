//! Snapshot kind 15: a [`HexSearch`] handle (`docs/snapshot-format.md`).
//!
//! Payload: heuristic u8 (0 auto, 1 zero, 2 hex distance), weight f64 bits, iteration budget
//! u32, flags u8 (bit 0 record expansions; other bits 0), then the engine's snapshot as u32
//! length + bytes: a complete kind-2 frame with the same map hash, whose weight must be the
//! options' and whose flags byte must be the options' recording bit (no desync trace: the
//! handle never records one), and whose expanded list is empty unless the options record. The
//! header's map hash is the hex grid's
//! [`content_hash`](HexGrid::content_hash) (our addition to the spec).
//!
//! Restore follows the restore rule of issue 27 (DESIGN.md §5): the nested kind 2 is restored
//! over the hex topology of the given grid with the estimate the restored options run with, so
//! its parent rules (every record set by a legal hex move from its parent, no loop) and its
//! relaxation rule (every expanded record's six offers reflected) are proved on this map; and
//! everything is checked before anything changes, so a refused restore changes nothing.

use super::hex_search::{HexSearch, heuristic_code, heuristic_of_code, hex_heuristic};
use super::options::GridOptions;
use crate::hex::{HexGrid, HexTopology};
use crate::state::codec::{
    HEADER_LEN, Reader, Writer, invalid, le64, read_frame_for, write_frame_raw,
};
use crate::state::{KIND_HEX_SEARCH, StateError};

/// Kind 15's fixed payload: heuristic, weight, budget, flags, nested length.
const FIXED: usize = 1 + 8 + 4 + 1 + 4;
/// Kind 2's fixed payload (node count, endpoints, weight, state, counters, flags).
const ASTAR_FIXED: usize = 4 + 4 + 4 + 8 + 1 + 4 + 4 + 1;
/// Offsets in kind 2's payload of its weight and its flags byte.
const ASTAR_WEIGHT_AT: usize = 12;
const ASTAR_FLAGS_AT: usize = 29;

/// The expanded-list count of a kind-2 payload (after the fixed fields, the reached records
/// and the open entries), `None` when the payload is too short to say (kind 2 refuses it then).
fn expanded_count(payload: &[u8]) -> Option<u32> {
    let u32_at = |at: usize| {
        payload
            .get(at..at.checked_add(4)?)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let reached = u32_at(ASTAR_FIXED)? as usize;
    let open_at = (ASTAR_FIXED + 4).checked_add(reached.checked_mul(17)?)?;
    let open = u32_at(open_at)? as usize;
    u32_at((open_at + 4).checked_add(open.checked_mul(12)?)?)
}

impl HexSearch {
    /// Bytes [`save_state`](HexSearch::save_state) writes now. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(cells) (one pass over the marks).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridOptions, HexSearch};
    /// let idle = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(idle.state_size(), 28 + 18 + 28 + 30 + 16); // frame, fields, empty kind 2
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED + self.engine.state_size()
    }

    /// An upper bound on [`state_size`](HexSearch::state_size) for every state the handle can
    /// reach with `grid` and its current options, so a host allocates its save buffer once:
    ///
    /// `28 + 18 + 28 + 30 + 4 + 29·N + 4 + 4 + (4·N if the options record expansions)`,
    ///
    /// with N = `grid.cell_count()`: the two frame headers, kind 15's and kind 2's fixed
    /// fields, then kind 2's sections — at most one 17-byte record per cell and one 12-byte
    /// open entry per cell (the open set holds a cell at most once), the expanded list and an
    /// empty trace. N counts every cell, walls included, so the bound stays true after any
    /// edit that keeps the grid's size.
    ///
    /// The expanded list holds one entry per expansion: the bound counts one per cell, which
    /// holds while no closed cell is expanded again. A weight above 1 (or rounding in
    /// non-dyadic multipliers) can reopen a closed cell, and then a handle that records
    /// expansions can outgrow it; [`save_state`](Self::save_state) then returns
    /// [`StateError::BufferTooSmall`] and writes nothing. Without recording the bound holds for
    /// every state.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};
    /// let grid = HexGrid::from_text("......\n.####.\n......", HexLayout::PointyOddRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let mut buffer = vec![0u8; search.max_state_size(&grid)]; // once
    /// let _ = search.try_begin(&grid, Cell::new(0, 1), Cell::new(5, 1));
    /// loop {
    ///     let n = search.save_state(&grid, &mut buffer).unwrap(); // every tick
    ///     assert!(n <= buffer.len());
    ///     if search.step(&grid, 1).unwrap() != Step::InProgress {
    ///         break;
    ///     }
    /// }
    /// ```
    pub fn max_state_size(&self, grid: &HexGrid) -> usize {
        let n = grid.cell_count() as usize;
        let expanded = if self.options.record_expansions {
            4 * n
        } else {
            0
        };
        HEADER_LEN + FIXED + HEADER_LEN + ASTAR_FIXED + 4 + 29 * n + 4 + expanded + 4
    }

    /// Writes the handle's snapshot (kind 15) into `out`, tied to `grid`'s
    /// [`content_hash`](HexGrid::content_hash); returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size); nothing is written then.
    ///
    /// # Complexity
    ///
    /// O(cells): the content hash on its first call after an edit, and the records.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};
    /// let grid = HexGrid::from_text("........\n.######.\n........", HexLayout::PointyOddRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 1), Cell::new(7, 1));
    /// search.step(&grid, 3).unwrap();
    /// let mut snapshot = vec![0u8; search.max_state_size(&grid)];
    /// let n = search.save_state(&grid, &mut snapshot).unwrap();
    /// // A peer restores it and carries on exactly where the saved handle was.
    /// let mut peer = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// peer.restore_state(&grid, &snapshot[..n]).unwrap();
    /// assert_eq!((peer.state(), peer.iterations()), (Step::InProgress, 3));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// peer.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(peer.to_path(&grid).unwrap(), search.to_path(&grid).unwrap());
    /// ```
    pub fn save_state(&self, grid: &HexGrid, out: &mut [u8]) -> Result<usize, StateError> {
        let hash = grid.content_hash();
        let inner = self.engine.state_size();
        let o = &self.options;
        write_frame_raw(out, KIND_HEX_SEARCH, hash, FIXED + inner, |body| {
            let (head, rest) = body.split_at_mut(FIXED);
            let mut w = Writer::new(head);
            w.u8(heuristic_code(o.heuristic));
            w.f64(o.weight);
            w.u32(o.iteration_budget);
            w.u8(u8::from(o.record_expansions));
            w.u32(inner as u32);
            self.engine.save_state(hash, rest).map(|_| ())
        })
    }

    /// Restores a kind-15 snapshot written for `grid` (same content hash). The handle takes
    /// the snapshot's estimate, weight, iteration budget and recording flag (the options that
    /// do not apply to hex grids stay as they are), is bound to `grid` as it is now, and
    /// continues exactly as the saved handle would have: same pops, cost bits, counts and
    /// later snapshots. On any error the handle is unchanged (its next `save_state` writes the
    /// bytes it wrote before).
    ///
    /// What restore proves (DESIGN.md §5, the issue-27 rule; `docs/snapshot-format.md`,
    /// "Restoring"): the nested kind-2 state is one the search reaches on this map — every
    /// record set by a legal hex move from its parent with `g(child) ≥ g(parent) + step`, no
    /// loop, every expanded record relaxed over its six moves, open keys `g + w·h` with the
    /// estimate the restored options give on this grid, and a finished state one the loop
    /// stops in.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for a snapshot of another map (another content hash,
    /// including the same cells under another layout); [`StateError::InvalidField`] naming
    /// `hex_search.*` for bad handle fields, or the nested `astar.*` field; any other
    /// [`StateError`] for malformed bytes.
    ///
    /// # Complexity
    ///
    /// O(r log r + 6e) for r reached records and e expanded ones. Allocates nothing once the
    /// handle is sized for the grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};
    /// let grid = HexGrid::new(12, 12, HexLayout::FlatOddColumn).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(11, 7));
    /// search.step(&grid, 4).unwrap();
    /// let mut tick_4 = vec![0u8; search.max_state_size(&grid)];
    /// let n = search.save_state(&grid, &mut tick_4).unwrap();
    /// search.run_cancellable(&grid, || false).unwrap();
    /// let finished = search.to_path(&grid).unwrap();
    /// // Roll back to tick 4 and replay: the same answer, bit for bit.
    /// search.restore_state(&grid, &tick_4[..n]).unwrap();
    /// assert_eq!(search.iterations(), 4);
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.to_path(&grid).unwrap(), finished);
    /// // A snapshot of another map is refused, and the handle keeps its state.
    /// let other = HexGrid::new(12, 12, HexLayout::PointyOddRow).unwrap();
    /// let refused = search.restore_state(&other, &tick_4[..n]);
    /// assert!(matches!(refused, Err(StateError::MapMismatch { .. })));
    /// assert_eq!(search.state(), Step::Found);
    /// ```
    pub fn restore_state(&mut self, grid: &HexGrid, bytes: &[u8]) -> Result<(), StateError> {
        let hash = grid.content_hash();
        let frame = read_frame_for(bytes, KIND_HEX_SEARCH, hash)?;
        let mut r = Reader::new(frame.payload);
        let heuristic = heuristic_of_code(r.u8()?).ok_or(invalid("hex_search.heuristic"))?;
        let weight = r.f64()?;
        let iteration_budget = r.u32()?;
        let flags = r.u8()?;
        if flags > 1 {
            return Err(invalid("hex_search.flags"));
        }
        let inner_len = r.u32()? as usize;
        let inner = r.bytes(inner_len)?;
        r.finish("hex_search.payload_length")?;
        let options = GridOptions {
            heuristic,
            weight,
            iteration_budget,
            record_expansions: flags & 1 != 0,
            ..self.options
        };
        Self::check_options(&options).map_err(|_| invalid("hex_search.weight"))?;
        // The nested engine runs with the handle's weight and recording, never a trace.
        let payload = inner.get(HEADER_LEN..).unwrap_or(&[]);
        if payload
            .get(ASTAR_WEIGHT_AT..ASTAR_WEIGHT_AT + 8)
            .is_some_and(|b| le64(b, 0) != weight.to_bits())
        {
            return Err(invalid("hex_search.weight"));
        }
        if payload.get(ASTAR_FLAGS_AT).is_some_and(|&f| f != flags & 1) {
            return Err(invalid("hex_search.record_expansions"));
        }
        // A handle that does not record expansions never holds a list of them (kind 2 alone
        // accepts one as long as its counter), so `max_state_size` bounds every state it
        // accepts.
        if flags & 1 == 0 && expanded_count(payload).is_some_and(|n| n != 0) {
            return Err(invalid("hex_search.expanded"));
        }
        let heuristic = hex_heuristic(&options, grid).map_err(|_| invalid("hex_search.options"))?;
        // The open keys are checked against the estimate the restored options give on this
        // grid; the running search's comes back if the snapshot is refused.
        let previous = *self.engine.heuristic();
        self.engine.set_heuristic(heuristic);
        if let Err(e) = self
            .engine
            .restore_state(&HexTopology::new(grid), hash, inner)
        {
            self.engine.set_heuristic(previous);
            return Err(e);
        }
        self.options = options;
        self.bind(grid);
        self.clear_refusal();
        Ok(())
    }
}
