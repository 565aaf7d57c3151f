//! The voxel edit journal: how structures derived from a [`VoxelGrid`](super::VoxelGrid)
//! follow its changes by pulling, as on the square grid (`onepath::grid::journal`).
//!
//! Every change gives the grid a fresh revision (a stamp unique in the process, shared with
//! the square and hex grids' counter) and appends one [`VoxelEdit`] to a bounded ring of the
//! last [`VoxelJournal::CAPACITY`] changes, stored inline (recording never allocates). A
//! dependent stores the revision it saw and asks
//! [`VoxelGrid::edits_since`](super::VoxelGrid::edits_since); [`VoxelEditsSince::Rebuild`]
//! means the journal cannot say (too far behind, or a revision of another grid).

use heapless::Deque;

use super::cell::VoxelCell;

/// One recorded change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoxelEdit {
    /// One voxel's area changed.
    Voxel(VoxelCell),
    /// An area multiplier changed (no voxel did).
    AreaCosts,
    /// Voxels and costs were replaced wholesale (snapshot restore).
    Everything,
}

/// The answer of `edits_since(revision)`.
#[derive(Clone, Debug)]
pub enum VoxelEditsSince<'a> {
    /// The changes after the revision, oldest first (empty when it is current).
    Edits(VoxelEdits<'a>),
    /// The journal cannot say what changed: rebuild from the grid.
    Rebuild,
}

impl VoxelEditsSince<'_> {
    /// Whether the dependent must rebuild.
    pub fn is_rebuild(&self) -> bool {
        matches!(self, Self::Rebuild)
    }
}

/// The changes after some revision, oldest first.
#[derive(Clone, Debug)]
pub struct VoxelEdits<'a> {
    first: core::slice::Iter<'a, (u64, VoxelEdit)>,
    second: core::slice::Iter<'a, (u64, VoxelEdit)>,
}

impl Iterator for VoxelEdits<'_> {
    type Item = VoxelEdit;

    fn next(&mut self) -> Option<VoxelEdit> {
        self.first
            .next()
            .or_else(|| self.second.next())
            .map(|&(_, e)| e)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.first.len() + self.second.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for VoxelEdits<'_> {}

/// The bounded ring of the last [`CAPACITY`](VoxelJournal::CAPACITY) changes, each with the
/// revision it produced, and the revision the oldest one started from.
///
/// # Invariants
///
/// At most `CAPACITY` entries; `base` and the entries' stamps strictly increase; the newest
/// stamp (or `base` when empty) is the grid's current revision.
#[derive(Clone, Debug)]
pub struct VoxelJournal {
    entries: Deque<(u64, VoxelEdit), { VoxelJournal::CAPACITY }>,
    base: u64,
}

impl VoxelJournal {
    /// How many changes the journal remembers.
    pub const CAPACITY: usize = 64;

    /// An empty journal for a grid created at `revision`.
    pub(crate) const fn new(revision: u64) -> Self {
        Self {
            entries: Deque::new(),
            base: revision,
        }
    }

    /// Records the change that produced `revision`, dropping the oldest when full.
    pub(crate) fn record(&mut self, revision: u64, edit: VoxelEdit) {
        debug_assert!(revision > self.current());
        if self.entries.is_full()
            && let Some((r, _)) = self.entries.pop_front()
        {
            self.base = r;
        }
        // Cannot fail: a slot was freed above when the ring was full.
        let _ = self.entries.push_back((revision, edit));
    }

    /// The newest revision.
    pub fn current(&self) -> u64 {
        self.entries.back().map_or(self.base, |&(r, _)| r)
    }

    /// Number of remembered changes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no change is remembered.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Checks the invariants (stamps strictly increase from `base`).
    pub(crate) fn check_invariants(&self) -> bool {
        let mut last = self.base;
        self.entries.iter().all(|&(r, _)| {
            let ok = r > last;
            last = r;
            ok
        })
    }

    /// The changes after revision `since`.
    ///
    /// # Complexity
    ///
    /// O(CAPACITY) to find `since`; iterating is O(changes).
    pub fn since(&self, since: u64) -> VoxelEditsSince<'_> {
        let skip = if since == self.base {
            0
        } else if let Some(i) = self.entries.iter().position(|&(r, _)| r == since) {
            i + 1
        } else {
            return VoxelEditsSince::Rebuild;
        };
        let (a, b) = self.entries.as_slices();
        let (first, second) = if skip <= a.len() {
            (&a[skip..], b)
        } else {
            (&a[..0], &b[skip - a.len()..])
        };
        VoxelEditsSince::Edits(VoxelEdits {
            first: first.iter(),
            second: second.iter(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn list(e: VoxelEditsSince<'_>) -> Option<Vec<VoxelEdit>> {
        match e {
            VoxelEditsSince::Edits(e) => Some(e.collect()),
            VoxelEditsSince::Rebuild => None,
        }
    }

    #[test]
    fn reports_edits_after_a_revision_and_overflows() {
        let mut j = VoxelJournal::new(100);
        assert_eq!(list(j.since(100)), Some(Vec::new()));
        assert!(j.since(101).is_rebuild());
        for v in 1..=70i32 {
            let rev = 100 + 10 * v as u64;
            j.record(rev, VoxelEdit::Voxel(VoxelCell::new(v, 0, 0)));
            assert_eq!(j.current(), rev);
            assert_eq!(
                list(j.since(rev - 10)),
                Some(alloc::vec![VoxelEdit::Voxel(VoxelCell::new(v, 0, 0))])
            );
        }
        assert_eq!(j.len(), VoxelJournal::CAPACITY);
        assert_eq!(list(j.since(160)).map(|v| v.len()), Some(64));
        assert!(j.since(150).is_rebuild());
        assert!(j.check_invariants());
    }
}
