//! [`Head`]: the fixed fields snapshot kinds 4 and 5 share (`docs/snapshot-format.md`) — size,
//! endpoints, estimate, state, counters, flags — written, read, checked and restored once for
//! both, with each kind's own bytes in between (kind 5: finder and improved pruning) and each
//! kind's field names in its errors ([`Names`]).

use super::pair::{Estimate, Pair};
use super::progress::Progress;
use super::snapshot_wire::{START_DIR, WireRecord, estimate_code, estimate_of, is_closed};
use crate::grid::{Grid, WALL};
use crate::search::Step;
use crate::search::step_code::{state_code, state_of};
use crate::state::StateError;
use crate::state::codec::{Reader, Writer, invalid};
use crate::state::counters::Counters;
use crate::state::recordings::Recordings;
use crate::state::sorted_records::SortedRecords;

/// "None" on the wire.
const NONE: u32 = u32::MAX;

/// The field names one kind's restore errors use (`"octile_astar.size"`, …; see [`names!`]).
pub(super) struct Names {
    pub(super) estimate: &'static str,
    pub(super) state: &'static str,
    pub(super) flags: &'static str,
    pub(super) idle: &'static str,
    pub(super) size: &'static str,
    pub(super) endpoints: &'static str,
    pub(super) reached: &'static str,
    pub(super) reached_cell: &'static str,
    pub(super) reached_flags: &'static str,
    pub(super) reached_start: &'static str,
    pub(super) counters: &'static str,
    pub(super) found_goal: &'static str,
    pub(super) goal_closed: &'static str,
    /// An in-progress search with nothing left to pop.
    pub(super) nothing_open: &'static str,
    pub(super) no_path: &'static str,
    pub(super) open: &'static str,
    pub(super) expanded: &'static str,
    pub(super) trace: &'static str,
    pub(super) payload_length: &'static str,
}

/// The [`Names`] of kind `$kind` (a string literal such as `"octile_astar"`); `$nothing_open`
/// names the field blamed for an in-progress search with nothing left to pop.
macro_rules! names {
    ($kind:literal, $nothing_open:literal) => {
        $crate::fast::snapshot_head::Names {
            estimate: concat!($kind, ".estimate"),
            state: concat!($kind, ".state"),
            flags: concat!($kind, ".flags"),
            idle: concat!($kind, ".idle"),
            size: concat!($kind, ".size"),
            endpoints: concat!($kind, ".endpoints"),
            reached: concat!($kind, ".reached"),
            reached_cell: concat!($kind, ".reached.cell"),
            reached_flags: concat!($kind, ".reached.flags"),
            reached_start: concat!($kind, ".reached.start"),
            counters: concat!($kind, ".counters"),
            found_goal: concat!($kind, ".found_goal"),
            goal_closed: concat!($kind, ".goal_closed"),
            nothing_open: concat!($kind, ".", $nothing_open),
            no_path: concat!($kind, ".no_path"),
            open: concat!($kind, ".open"),
            expanded: concat!($kind, ".expanded"),
            trace: concat!($kind, ".trace"),
            payload_length: concat!($kind, ".payload_length"),
        }
    };
}
pub(super) use names;

/// The fixed fields of kinds 4 and 5, in wire order: width u32, height u32 (0 when idle),
/// start u32, goal u32 (row-major cells; `u32::MAX` when idle), the kind's own bytes, estimate
/// u8, state u8, iterations u32, expansions u32, flags u8 (bit 0 record expansions, bit 1
/// record trace).
pub(super) struct Head {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) start: u32,
    pub(super) goal: u32,
    pub(super) estimate: Estimate,
    pub(super) state: Step,
    pub(super) iterations: u32,
    pub(super) expansions: u32,
    pub(super) flags: u8,
}

impl Head {
    /// The head of a search with `progress` on a `size` grid from `start` to `goal`
    /// (row-major): zeros and "none" when idle.
    pub(super) fn of(progress: &Progress, size: (u32, u32), start: u32, goal: u32) -> Self {
        let idle = progress.state == Step::Idle;
        let ((width, height), (start, goal)) = if idle {
            ((0, 0), (NONE, NONE))
        } else {
            (size, (start, goal))
        };
        Self {
            width,
            height,
            start,
            goal,
            estimate: progress.estimate,
            state: progress.state,
            iterations: progress.iterations,
            expansions: progress.expansions,
            flags: u8::from(progress.record_expansions) | u8::from(progress.record_trace) << 1,
        }
    }

    /// Writes the fields, with `own` writing the kind's bytes after the endpoints.
    pub(super) fn write(&self, w: &mut Writer<'_>, own: impl FnOnce(&mut Writer<'_>)) {
        w.u32(self.width);
        w.u32(self.height);
        w.u32(self.start);
        w.u32(self.goal);
        own(w);
        w.u8(estimate_code(self.estimate));
        w.u8(state_code(self.state));
        w.u32(self.iterations);
        w.u32(self.expansions);
        w.u8(self.flags);
    }

    /// Reads the fields, with `own` reading the kind's bytes after the endpoints.
    ///
    /// # Errors
    ///
    /// `Truncated`, an unknown estimate or state code, flags above 3, or `own`'s error.
    pub(super) fn read<T>(
        r: &mut Reader<'_>,
        names: &Names,
        own: impl FnOnce(&mut Reader<'_>) -> Result<T, StateError>,
    ) -> Result<(Self, T), StateError> {
        let (width, height, start, goal) = (r.u32()?, r.u32()?, r.u32()?, r.u32()?);
        let own = own(r)?;
        let estimate = estimate_of(r.u8()?).ok_or(invalid(names.estimate))?;
        let state = state_of(r.u8()?).ok_or(invalid(names.state))?;
        let (iterations, expansions) = (r.u32()?, r.u32()?);
        let flags = r.u8()?;
        if flags > 3 {
            return Err(invalid(names.flags));
        }
        let head = Self {
            width,
            height,
            start,
            goal,
            estimate,
            state,
            iterations,
            expansions,
            flags,
        };
        Ok((head, own))
    }

    /// Checks the head against the rest of the payload and the grid, and says whether a
    /// search follows: an idle head (`Ok(false)`, nothing more to check) must have nothing
    /// else (`empty`: no records, no open entries, no recordings, and the kind's own idle
    /// values) and zero size, no endpoints, zero counters; a search's head (`Ok(true)`) the
    /// grid's size, walkable endpoints and recordings of cells of the grid.
    ///
    /// # Errors
    ///
    /// The first rule broken, named with `names`.
    pub(super) fn check_shape(
        &self,
        grid: &Grid,
        empty: bool,
        recordings: &Recordings<'_>,
        names: &Names,
    ) -> Result<bool, StateError> {
        if self.state == Step::Idle {
            let blank = (self.width, self.height, self.start, self.goal) == (0, 0, NONE, NONE)
                && (self.iterations, self.expansions) == (0, 0);
            return if empty && blank {
                Ok(false)
            } else {
                Err(invalid(names.idle))
            };
        }
        let walkable = |c: u32| grid.cells().get(c as usize).is_some_and(|&a| a != WALL);
        if self.width != grid.width() || self.height != grid.height() {
            return Err(invalid(names.size));
        }
        if !walkable(self.start) || !walkable(self.goal) {
            return Err(invalid(names.endpoints));
        }
        recordings.check(grid.cell_count())?;
        Ok(true)
    }

    /// The counters agree with the `records`, `not_closed` of which are not closed, and with
    /// the `recordings` (the engines never reopen a closed cell; stale pops are not
    /// iterations).
    pub(super) fn check_counters<const PARENT: bool>(
        &self,
        records: &SortedRecords<'_, WireRecord<PARENT>>,
        not_closed: usize,
        recordings: &Recordings<'_>,
        names: &Names,
    ) -> Result<(), StateError> {
        let counters = Counters {
            iterations: self.iterations,
            expansions: self.expansions,
            found: self.state == Step::Found,
            reached: records.len(),
            closed: records.len() - not_closed,
            start_closed: is_closed(records, self.start),
            recorded: recordings.lens(),
            never_reopens: true,
        };
        if counters.agree() {
            Ok(())
        } else {
            Err(invalid(names.counters))
        }
    }

    /// The state agrees with the goal's record and the open list (`live`: it holds an entry
    /// of a node not closed): found has the goal closed, in progress has it open and something
    /// live to pop (the pop that leaves nothing ends the search), no path has nothing live and
    /// the goal open.
    pub(super) fn check_end<const PARENT: bool>(
        &self,
        records: &SortedRecords<'_, WireRecord<PARENT>>,
        live: bool,
        names: &Names,
    ) -> Result<(), StateError> {
        let goal_closed = is_closed(records, self.goal);
        match self.state {
            Step::Found if !goal_closed => Err(invalid(names.found_goal)),
            Step::InProgress if goal_closed => Err(invalid(names.goal_closed)),
            Step::InProgress if !live => Err(invalid(names.nothing_open)),
            Step::NoPath if live || goal_closed => Err(invalid(names.no_path)),
            _ => Ok(()),
        }
    }

    /// Commits the estimate and recording flags (idle or not), and for a search its state,
    /// counters and `recordings`, into `progress`; an idle head makes it idle.
    pub(super) fn restore_into(&self, progress: &mut Progress, recordings: &Recordings<'_>) {
        progress.estimate = self.estimate;
        progress.record_expansions = self.flags & 1 != 0;
        progress.record_trace = self.flags & 2 != 0;
        if self.state == Step::Idle {
            progress.make_idle();
            return;
        }
        recordings.restore_into(&mut progress.expanded, &mut progress.trace);
        progress.iterations = self.iterations;
        progress.expansions = self.expansions;
        progress.state = self.state;
    }
}

/// The lists that end a kind-4 or kind-5 payload after its fixed fields: the reached records,
/// the open entries (`entry` bytes each, returned as their bytes), the expanded list and the
/// trace; then the payload must end.
///
/// # Errors
///
/// `Truncated`, a count too large, or bytes after the trace.
#[allow(clippy::type_complexity)] // three regions, named at the call
pub(super) fn read_lists<'a, const PARENT: bool>(
    r: &mut Reader<'a>,
    entry: usize,
    names: &Names,
) -> Result<
    (
        SortedRecords<'a, WireRecord<PARENT>>,
        &'a [u8],
        Recordings<'a>,
    ),
    StateError,
> {
    let records = SortedRecords::read(r, names.reached)?;
    let open = r.counted(entry, names.open)?;
    let recordings = Recordings::read(r, names.expanded, names.trace)?;
    r.finish(names.payload_length)?;
    Ok((records, open, recordings))
}

/// Checks every reached record against what both kinds require — cells strictly increasing
/// and walkable, arrival and closed bytes in range, exactly the start with the start's
/// arrival and the pair (0, 0), the start among the records — with `parent(record, is_start)`
/// checking the kind's own link to the parent. Returns the number of records not closed.
///
/// # Errors
///
/// The first rule a record breaks, named with `names` (or `parent`'s error).
pub(super) fn check_reached<const PARENT: bool>(
    records: &SortedRecords<'_, WireRecord<PARENT>>,
    head: &Head,
    walkable: impl Fn(u32) -> bool,
    names: &Names,
    mut parent: impl FnMut(&WireRecord<PARENT>, bool) -> Result<(), StateError>,
) -> Result<usize, StateError> {
    let mut prev: Option<u32> = None;
    let mut not_closed = 0usize;
    for i in 0..records.len() {
        let r = records.get(i);
        if prev.is_some_and(|q| r.cell <= q) || !walkable(r.cell) {
            return Err(invalid(names.reached_cell));
        }
        prev = Some(r.cell);
        if r.closed > 1 || r.dir > START_DIR {
            return Err(invalid(names.reached_flags));
        }
        not_closed += usize::from(r.closed == 0);
        let is_start = r.cell == head.start;
        if is_start != (r.dir == START_DIR) || (is_start && r.pair != Pair::ZERO) {
            return Err(invalid(names.reached_start));
        }
        parent(&r, is_start)?;
    }
    if records.find(head.start).is_none() {
        return Err(invalid(names.reached_start));
    }
    Ok(not_closed)
}
