//! The edit journal: how structures derived from a grid follow its changes ("pull, not
//! push").
//!
//! The spec's grids tell registered listeners about every edit (`IGridChangeListener`,
//! `IGridBatchListener`). A listener needs a shared mutable reference to its dependent, which
//! Rust would force into `Rc<RefCell<…>>` and which cannot work across threads or in `no_std`
//! without locks. onepath turns it round: the grid records what changed and each dependent
//! *pulls* the changes when it next needs to be current.
//!
//! Every change gives the grid a fresh [`revision`](crate::Grid::revision) — a stamp unique in
//! the process, so a revision names one content of one grid — and appends one [`GridEdit`],
//! tagged with that stamp, to a bounded ring of the last [`EditJournal::CAPACITY`] changes
//! (fixed capacity, stored inline: recording never allocates):
//!
//! - [`GridEdit::Cells`]: `set_area`, `set_walkable`, `set_rect` or `set_rect_from` changed the
//!   cells inside the rectangle — the smallest rectangle containing every cell the edit changed
//!   (the spec's `OnRectChanged`; cells inside it may be unchanged);
//! - [`GridEdit::AreaCosts`]: an area multiplier changed; no cell changed. Everything that
//!   prices moves (flow fields, HPA* intra edges, replanners) treats this as "everything
//!   changed" and rebuilds; things that read only cells (clearance, JPS block maps) skip it;
//! - [`GridEdit::Everything`]: cells and costs were replaced wholesale (a snapshot restore);
//!   every dependent rebuilds.
//!
//! A no-op edit (writing the value a cell already holds, or the bits an area multiplier already
//! has) changes neither the revision, the version nor the journal. Edits also bump the spec's
//! [`version`](crate::Grid::version); a restore sets the version to the snapshot's, which may be
//! one a dependent already saw with other contents, so dependents key on the revision, which is
//! never reused.
//!
//! # How a dependent follows a grid
//!
//! Store the grid revision your data matches. To bring it up to date, ask
//! [`Grid::edits_since`](crate::Grid::edits_since) (or `HexGrid::edits_since`) for everything
//! after that revision, repair or rebuild, and store the grid's revision again:
//!
//! ```
//! use onepath::grid::{EditsSince, GridEdit};
//! use onepath::Grid;
//!
//! /// Counts the walls of a grid, following its edits.
//! struct Walls { seen: u64, count: usize }
//!
//! impl Walls {
//!     fn build(grid: &Grid) -> Self {
//!         let count = grid.cells().iter().filter(|&&a| a == 255).count();
//!         Self { seen: grid.revision(), count }
//!     }
//!     fn refresh(&mut self, grid: &Grid) {
//!         let rebuild = match grid.edits_since(self.seen) {
//!             EditsSince::Rebuild => true,
//!             // Walls do not depend on area costs: only cell edits and wholesale
//!             // replacement matter. (A real dependent repairs inside the rectangles.)
//!             EditsSince::Edits(edits) => edits
//!                 .into_iter()
//!                 .any(|e| matches!(e, GridEdit::Cells(_) | GridEdit::Everything)),
//!         };
//!         if rebuild {
//!             *self = Self::build(grid);
//!         }
//!         self.seen = grid.revision();
//!     }
//! }
//!
//! let mut grid = Grid::new(8, 8).unwrap();
//! let mut walls = Walls::build(&grid);
//! grid.set_rect(2, 2, 3, 1, 255).unwrap();
//! grid.set_area_cost(4, 2.0).unwrap();
//! walls.refresh(&grid);
//! assert_eq!(walls.count, 3);
//! ```
//!
//! [`EditsSince::Rebuild`] means the journal cannot say what changed: the dependent is more
//! than [`EditJournal::CAPACITY`] changes behind (the oldest entries were dropped), or its
//! revision is not one this grid went through (it followed another grid). Rebuilding is always
//! correct; the journal only makes it cheaper. Because stamps are unique, a dependent handed
//! the wrong grid rebuilds instead of repairing wrongly; a clone shares its original's history
//! up to the clone, so a dependent of either follows both correctly.
//!
//! [`ClearanceMap`](crate::grid::ClearanceMap) is the first dependent; JPS+ tables, flow fields,
//! HPA* hierarchies and replanners follow the same way.

use heapless::Deque;

use super::rect::GridRect;

/// One recorded change: what changed at one revision.
///
/// # Examples
///
/// ```
/// use onepath::grid::{EditsSince, GridEdit, GridRect};
/// use onepath::Grid;
/// let mut grid = Grid::new(8, 8).unwrap();
/// let seen = grid.revision();
/// grid.set_rect(2, 3, 2, 1, 255).unwrap();
/// grid.set_area_cost(4, 2.0).unwrap();
/// let EditsSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
/// let rect = GridRect { x: 2, y: 3, width: 2, height: 1 };
/// assert_eq!(edits.collect::<Vec<_>>(), [GridEdit::Cells(rect), GridEdit::AreaCosts]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridEdit {
    /// Cells changed; the rectangle is the smallest one containing every changed cell.
    Cells(GridRect),
    /// An area multiplier changed (no cell did). Dependents that price moves rebuild.
    AreaCosts,
    /// Cells and costs were replaced wholesale (snapshot restore). Every dependent rebuilds.
    Everything,
}

/// How many changes a journal remembers (square, hex and voxel grids alike).
const CAPACITY: usize = 64;

/// The answer of `edits_since(revision)` for a journal of edits of type `E` ([`EditsSince`]
/// on square and hex grids, `VoxelEditsSince` on voxel grids).
///
/// # Examples
///
/// ```
/// use onepath::grid::JournalSince;
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::new(4, 4).unwrap();
/// let seen = grid.revision();
/// for x in 0..4 {
///     grid.set_walkable(Cell::new(x, 0), false).unwrap();
/// }
/// // A cache that followed `seen` repairs four cells...
/// let JournalSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
/// assert_eq!(edits.count(), 4);
/// // ...one that knows another grid's revision must rebuild.
/// let other = Grid::new(4, 4).unwrap();
/// assert!(grid.edits_since(other.revision()).is_rebuild());
/// ```
#[derive(Clone, Debug)]
pub enum JournalSince<'a, E> {
    /// The changes made after `revision`, oldest first (empty when `revision` is current).
    Edits(JournalEdits<'a, E>),
    /// The journal cannot say what changed after `revision`: it is more than
    /// [`Journal::CAPACITY`] changes old, or not a revision this grid's history went
    /// through (another grid's). Rebuild from the grid.
    Rebuild,
}

/// The answer of [`Grid::edits_since`](crate::Grid::edits_since) (and `HexGrid::edits_since`).
///
/// # Examples
///
/// ```
/// use onepath::grid::EditsSince;
/// use onepath::Grid;
/// let grid = Grid::new(2, 2).unwrap();
/// // Nothing changed since the current revision: no edits, no rebuild.
/// let EditsSince::Edits(mut edits) = grid.edits_since(grid.revision()) else { unreachable!() };
/// assert_eq!(edits.next(), None);
/// ```
pub type EditsSince<'a> = JournalSince<'a, GridEdit>;

impl<E: Copy> JournalSince<'_, E> {
    /// Whether the dependent must rebuild (the journal cannot say what changed).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut grid = Grid::new(4, 4).unwrap();
    /// let seen = grid.revision();
    /// grid.set_walkable(Cell::new(0, 0), false).unwrap();
    /// assert!(!grid.edits_since(seen).is_rebuild());
    /// assert!(grid.edits_since(0).is_rebuild()); // never a revision of this grid
    /// ```
    pub fn is_rebuild(&self) -> bool {
        matches!(self, Self::Rebuild)
    }

    /// The changes as a vector, or `None` for [`JournalSince::Rebuild`] (for tests).
    #[cfg(test)]
    pub(crate) fn into_vec(self) -> Option<alloc::vec::Vec<E>> {
        match self {
            Self::Edits(e) => Some(e.collect()),
            Self::Rebuild => None,
        }
    }
}

/// The changes after some revision, oldest first. Borrows the grid.
///
/// # Examples
///
/// ```
/// use onepath::grid::{EditsSince, GridEdit, GridRect};
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::new(4, 4).unwrap();
/// let seen = grid.revision();
/// grid.set_walkable(Cell::new(0, 0), false).unwrap();
/// grid.set_walkable(Cell::new(3, 3), false).unwrap();
/// let EditsSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
/// let cells: Vec<_> = edits.collect(); // oldest first
/// assert_eq!(cells, [GridEdit::Cells(GridRect::cell(0, 0)), GridEdit::Cells(GridRect::cell(3, 3))]);
/// ```
#[derive(Clone, Debug)]
pub struct JournalEdits<'a, E> {
    first: core::slice::Iter<'a, (u64, E)>,
    second: core::slice::Iter<'a, (u64, E)>,
}

/// The changes of a square or hex grid after some revision, oldest first.
///
/// # Examples
///
/// ```
/// use onepath::grid::{Edits, EditsSince};
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::new(4, 4).unwrap();
/// let seen = grid.revision();
/// grid.set_walkable(Cell::new(1, 1), false).unwrap();
/// let EditsSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
/// let edits: Edits<'_> = edits;
/// assert_eq!(edits.count(), 1);
/// ```
pub type Edits<'a> = JournalEdits<'a, GridEdit>;

impl<E: Copy> Iterator for JournalEdits<'_, E> {
    type Item = E;

    fn next(&mut self) -> Option<E> {
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

impl<E: Copy> ExactSizeIterator for JournalEdits<'_, E> {}

/// The bounded ring of the last [`CAPACITY`](Journal::CAPACITY) changes of a grid, each with
/// the revision stamp it produced, and the stamp the oldest one started from. One type for
/// every kind of grid: `E` is what one change records ([`GridEdit`] on square and hex grids,
/// `VoxelEdit` on voxel grids).
///
/// # Invariants
///
/// Holds at most `CAPACITY` entries; the stamps of `base` and the entries are the grid's
/// revisions in order (strictly increasing, as [`Grid::revision`](crate::Grid::revision) stamps
/// come from one counter), the newest being the grid's current revision (or `base` when the
/// ring is empty). Recording never allocates (the ring is stored inline).
///
/// # Examples
///
/// ```
/// use onepath::grid::{EditJournal, JournalSince};
/// let journal = EditJournal::new(7); // a grid created at revision 7
/// assert!(journal.is_empty());
/// assert_eq!((journal.current(), EditJournal::CAPACITY), (7, 64));
/// assert!(matches!(journal.since(7), JournalSince::Edits(_))); // up to date
/// assert!(journal.since(6).is_rebuild()); // older than the journal knows
/// ```
#[derive(Clone, Debug)]
pub struct Journal<E> {
    entries: Deque<(u64, E), CAPACITY>,
    base: u64,
}

/// The edit journal of a square or hex grid.
///
/// # Examples
///
/// ```
/// use onepath::grid::EditJournal;
/// let journal = EditJournal::new(1);
/// assert_eq!((journal.len(), journal.current()), (0, 1));
/// ```
pub type EditJournal = Journal<GridEdit>;

impl<E: PartialEq> PartialEq for Journal<E> {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base && self.entries.iter().eq(other.entries.iter())
    }
}

impl<E: Copy> Journal<E> {
    /// How many changes the journal remembers. A dependent further behind rebuilds.
    pub const CAPACITY: usize = CAPACITY;

    /// An empty journal for a grid created at revision `revision`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::EditJournal;
    /// let j = EditJournal::new(42);
    /// assert_eq!((j.current(), j.len(), j.is_empty()), (42, 0, true));
    /// ```
    pub const fn new(revision: u64) -> Self {
        Self {
            entries: Deque::new(),
            base: revision,
        }
    }

    /// Records the change that took the grid to revision `revision`, dropping the oldest entry
    /// when the ring is full.
    pub(crate) fn record(&mut self, revision: u64, edit: E) {
        debug_assert!(revision > self.current(), "revision stamps must increase");
        if self.entries.is_full()
            && let Some((r, _)) = self.entries.pop_front()
        {
            self.base = r;
        }
        // Cannot fail: a slot was freed above when the ring was full.
        let _ = self.entries.push_back((revision, edit));
    }

    /// The revision the newest change produced (the grid's current revision).
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

    /// Every remembered change with its stamp, oldest first.
    #[cfg(test)]
    pub(crate) fn entries(&self) -> impl DoubleEndedIterator<Item = (u64, E)> + '_ {
        self.entries.iter().copied()
    }

    /// Checks the invariants (stamps strictly increase from `base`; at most `CAPACITY`
    /// entries, which the ring's type guarantees); for tests and fuzzing.
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::{EditJournal, JournalSince};
    /// let journal = EditJournal::new(10);
    /// assert!(matches!(journal.since(10), JournalSince::Edits(_))); // current: nothing to do
    /// assert!(journal.since(3).is_rebuild()); // unknown to this journal
    /// ```
    pub fn since(&self, since: u64) -> JournalSince<'_, E> {
        let skip = if since == self.base {
            0
        } else if let Some(i) = self.entries.iter().position(|&(r, _)| r == since) {
            i + 1
        } else {
            return JournalSince::Rebuild;
        };
        let (a, b) = self.entries.as_slices();
        let (first, second) = if skip <= a.len() {
            (&a[skip..], b)
        } else {
            (&a[..0], &b[skip - a.len()..])
        };
        JournalSince::Edits(JournalEdits {
            first: first.iter(),
            second: second.iter(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn reports_edits_after_a_revision_and_overflows() {
        // Stamps 100, 110, 120, ... as a grid created at 100 would get them (with gaps: other
        // grids take stamps in between).
        let mut j = EditJournal::new(100);
        assert_eq!(j.since(100).into_vec(), Some(Vec::new()));
        assert_eq!(
            j.since(101).into_vec(),
            None,
            "never a revision of this grid"
        );
        assert_eq!(j.current(), 100);
        for v in 1..=70u32 {
            let rev = 100 + 10 * u64::from(v);
            j.record(rev, GridEdit::Cells(GridRect::cell(v, 0)));
            assert_eq!(j.current(), rev);
            assert_eq!(j.since(rev).into_vec(), Some(Vec::new()));
            assert_eq!(
                j.since(rev - 10).into_vec(),
                Some(alloc::vec![GridEdit::Cells(GridRect::cell(v, 0))])
            );
        }
        assert_eq!(j.len(), EditJournal::CAPACITY);
        // Changes 7..=70 are remembered: since 160 (after change 6) works, since 150 rebuilds.
        let all = j.since(160).into_vec().unwrap();
        assert_eq!(all.len(), 64);
        assert_eq!(all[0], GridEdit::Cells(GridRect::cell(7, 0)));
        assert_eq!(all[63], GridEdit::Cells(GridRect::cell(70, 0)));
        assert_eq!(j.since(150).into_vec(), None);
        let tail = j.since(700).into_vec().unwrap();
        assert_eq!(tail.len(), 10);
        assert_eq!(tail[0], GridEdit::Cells(GridRect::cell(61, 0)));
        j.record(801, GridEdit::AreaCosts);
        assert_eq!(
            j.since(800).into_vec(),
            Some(alloc::vec![GridEdit::AreaCosts])
        );
        assert!(j.since(802).is_rebuild());
        assert!(j.since(805).is_rebuild());
        let e = match j.since(700) {
            EditsSince::Edits(e) => e,
            EditsSince::Rebuild => unreachable!(),
        };
        assert_eq!(e.len(), 11);
    }
}
