//! [`Recordings`]: the two lists that end snapshot kinds 2, 4 and 5 (`docs/snapshot-format.md`)
//! — the expanded list (count u32, then one node or cell id u32 per expansion, in order) and
//! the desync trace (count u32, then one u64 digest per iteration). The three kinds size,
//! write, parse, check and restore them the same way, here.

use alloc::vec::Vec;

use super::codec::{Reader, Writer, invalid, le32, le64};
use super::error::StateError;

/// The recordings of a payload, parsed (their wire bytes, borrowed) but not yet committed.
///
/// Contract: [`read`](Self::read) only splits the bytes off; [`check`](Self::check) is the
/// whole validation and must pass before [`restore_into`](Self::restore_into), which cannot
/// fail. Nothing here allocates except `restore_into` growing a list whose capacity is short.
pub(crate) struct Recordings<'a> {
    expanded: &'a [u8],
    trace: &'a [u8],
    /// The `InvalidField` name of the expanded list.
    expanded_field: &'static str,
}

impl<'a> Recordings<'a> {
    /// Bytes [`write`](Self::write) writes for `expanded` and `trace`.
    pub(crate) fn size(expanded: &[u32], trace: &[u64]) -> usize {
        4 + expanded.len() * 4 + 4 + trace.len() * 8
    }

    /// Writes `expanded`, then `trace`, each count-prefixed.
    pub(crate) fn write(w: &mut Writer<'_>, expanded: &[u32], trace: &[u64]) {
        w.u32_list(expanded);
        w.u64_list(trace);
    }

    /// Reads the two lists (lengths only: the values are checked by [`check`](Self::check)).
    ///
    /// # Errors
    ///
    /// As [`Reader::counted`]: `InvalidField` named `expanded_field` or `trace_field` for a
    /// count too large for `usize`, `Truncated` for a list that runs past the end.
    pub(crate) fn read(
        r: &mut Reader<'a>,
        expanded_field: &'static str,
        trace_field: &'static str,
    ) -> Result<Self, StateError> {
        let expanded = r.counted(4, expanded_field)?;
        let trace = r.counted(8, trace_field)?;
        Ok(Self {
            expanded,
            trace,
            expanded_field,
        })
    }

    /// Entries in the expanded list and in the trace.
    pub(crate) fn lens(&self) -> (usize, usize) {
        (self.expanded.len() / 4, self.trace.len() / 8)
    }

    /// Whether both lists are empty (as an idle search's are).
    pub(crate) fn is_empty(&self) -> bool {
        self.expanded.is_empty() && self.trace.is_empty()
    }

    /// Checks that every expanded id is below `count` (the map's node or cell count).
    ///
    /// # Errors
    ///
    /// `InvalidField` named `expanded_field` (as given to [`read`](Self::read)).
    pub(crate) fn check(&self, count: u32) -> Result<(), StateError> {
        if self.expanded_ids().any(|id| id >= count) {
            return Err(invalid(self.expanded_field));
        }
        Ok(())
    }

    /// Replaces `expanded` and `trace` with the recorded lists. Call only once the whole
    /// snapshot is validated ([`check`](Self::check) included).
    pub(crate) fn restore_into(&self, expanded: &mut Vec<u32>, trace: &mut Vec<u64>) {
        expanded.clear();
        expanded.extend(self.expanded_ids());
        trace.clear();
        trace.extend(self.trace.chunks_exact(8).map(|b| le64(b, 0)));
    }

    fn expanded_ids(&self) -> impl Iterator<Item = u32> + 'a {
        self.expanded.chunks_exact(4).map(|b| le32(b, 0))
    }
}
