//! The voxel edit journal: how structures derived from a [`VoxelGrid`](super::VoxelGrid)
//! follow its changes by pulling, as on the square grid (`onepath::grid::journal`).
//!
//! Every change gives the grid a fresh revision (a stamp unique in the process, shared with
//! the square and hex grids' counter) and appends one [`VoxelEdit`] to a bounded ring of the
//! last [`VoxelJournal::CAPACITY`] changes, stored inline (recording never allocates). A
//! dependent stores the revision it saw and asks
//! [`VoxelGrid::edits_since`](super::VoxelGrid::edits_since); [`VoxelEditsSince::Rebuild`]
//! means the journal cannot say (too far behind, or a revision of another grid).

use crate::grid::journal::{Journal, JournalEdits, JournalSince};

use super::cell::VoxelCell;

/// One recorded change.
///
/// # Examples
///
/// ```
/// use onepath::grid::JournalSince;
/// use onepath::voxel::{VoxelCell, VoxelEdit, VoxelGrid};
/// let mut grid = VoxelGrid::new(4, 4, 4).unwrap();
/// let seen = grid.revision();
/// grid.set_walkable(VoxelCell::new(0, 1, 2), false).unwrap();
/// grid.set_area_cost(3, 2.0).unwrap();
/// let JournalSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
/// assert_eq!(edits.collect::<Vec<_>>(), [VoxelEdit::Voxel(VoxelCell::new(0, 1, 2)), VoxelEdit::AreaCosts]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoxelEdit {
    /// One voxel's area changed.
    Voxel(VoxelCell),
    /// An area multiplier changed (no voxel did).
    AreaCosts,
    /// Voxels and costs were replaced wholesale (snapshot restore).
    Everything,
}

/// The answer of `edits_since(revision)`: the changes after it, oldest first, or
/// [`Rebuild`](JournalSince::Rebuild) when the journal cannot say.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelEditsSince, VoxelGrid};
/// let grid = VoxelGrid::new(2, 2, 2).unwrap();
/// let since: VoxelEditsSince<'_> = grid.edits_since(grid.revision());
/// assert!(!since.is_rebuild()); // up to date: an empty list of edits
/// ```
pub type VoxelEditsSince<'a> = JournalSince<'a, VoxelEdit>;

/// The changes after some revision, oldest first.
///
/// # Examples
///
/// ```
/// use onepath::grid::JournalSince;
/// use onepath::voxel::{VoxelCell, VoxelEdits, VoxelGrid};
/// let mut grid = VoxelGrid::new(2, 2, 2).unwrap();
/// let seen = grid.revision();
/// grid.set_walkable(VoxelCell::new(1, 1, 1), false).unwrap();
/// let JournalSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
/// let edits: VoxelEdits<'_> = edits;
/// assert_eq!(edits.count(), 1);
/// ```
pub type VoxelEdits<'a> = JournalEdits<'a, VoxelEdit>;

/// The bounded ring of the last [`CAPACITY`](Journal::CAPACITY) changes of a voxel grid, each
/// with the revision it produced: the square grid's journal ([`Journal`]) over [`VoxelEdit`].
///
/// # Examples
///
/// ```
/// use onepath::voxel::VoxelJournal;
/// let journal = VoxelJournal::new(3);
/// assert!(journal.is_empty() && journal.current() == 3);
/// assert!(journal.since(2).is_rebuild());
/// ```
pub type VoxelJournal = Journal<VoxelEdit>;

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
