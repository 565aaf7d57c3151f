//! [`Lane`]: one `GridSearch` handle driven by the operations, with the unsliced result its
//! current search must end in, and [`Outcome`], a finished search's observable result.

use onepath::state::StateError;

use crate::frame::resave_may_differ;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, QueryError, Step};

/// What a finished search reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Found or NoPath.
    pub state: Step,
    /// The cost's bit pattern.
    pub cost_bits: u64,
    /// Iterations (pops).
    pub iterations: u32,
    /// Expansions.
    pub expansions: u32,
    /// The path, start first (empty unless found).
    pub path: Vec<Cell>,
    /// The family that ran.
    pub algorithm: GridAlgorithm,
    /// Whether a specialised engine ran.
    pub specialized: bool,
}

impl Outcome {
    /// The outcome of a finished handle.
    pub fn of(search: &GridSearch) -> Self {
        let mut path = vec![Cell::default(); search.path_len()];
        let n = search.copy_path(&mut path);
        assert_eq!(n, Some(path.len()), "copy_path into path_len cells");
        Self {
            state: search.state(),
            cost_bits: search.cost().to_bits(),
            iterations: search.iterations(),
            expansions: search.expansions(),
            path,
            algorithm: search.algorithm(),
            specialized: search.specialized(),
        }
    }

    /// The cost.
    pub fn cost(&self) -> f64 {
        f64::from_bits(self.cost_bits)
    }
}

/// The result of running a search from `start` to `goal` in one call (the reference every
/// slicing, save and restore must reproduce).
///
/// # Errors
///
/// The refusal (`StartInvalid` or `GoalInvalid`) when `try_begin` refuses an endpoint.
pub fn unsliced(
    options: GridOptions,
    grid: &Grid,
    start: Cell,
    goal: Cell,
) -> Result<Outcome, Step> {
    let mut s = GridSearch::new(options).expect("valid options");
    match s.try_begin(grid, start, goal) {
        Step::InProgress => {}
        refused => return Err(refused),
    }
    let end = s.step(grid, u32::MAX);
    assert!(
        matches!(end, Ok(Step::Found | Step::NoPath)),
        "an unbounded step ends: {end:?}"
    );
    Ok(Outcome::of(&s))
}

/// A saved snapshot with what it belongs to.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The grid's content hash when saved.
    pub hash: u64,
    /// The reference of the search it holds (`None` when idle or finished before).
    pub reference: Option<Outcome>,
}

/// One handle under test.
#[derive(Clone, Debug)]
pub struct Lane {
    /// The options (the specialised lane has `specialized_engines` on, the generic one off).
    pub options: GridOptions,
    /// The handle.
    pub search: GridSearch,
    /// The unsliced result of the running search (`None` when none runs).
    pub reference: Option<Outcome>,
    /// The grid revision the running search began on.
    pub revision: u64,
    /// The last snapshot taken.
    pub saved: Option<Saved>,
}

impl Lane {
    /// An idle lane.
    pub fn new(options: GridOptions) -> Self {
        Self {
            options,
            search: GridSearch::new(options).expect("valid options"),
            reference: None,
            revision: 0,
            saved: None,
        }
    }

    /// Whether the running search belongs to the grid as it is (no edit since it began).
    pub fn current(&self, grid: &Grid) -> bool {
        self.revision == grid.revision()
    }

    /// `try_begin`: a refusal must leave the running search alone; otherwise the reference
    /// is the unsliced run. Returns the step and the reference.
    pub fn begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        let before = self.save(grid);
        let expected = unsliced(self.options, grid, start, goal);
        let step = self.search.try_begin(grid, start, goal);
        match expected {
            Ok(reference) => {
                assert_eq!(step, Step::InProgress, "begin disagrees with the reference");
                self.reference = Some(reference);
                self.revision = grid.revision();
            }
            Err(refusal) => {
                assert_eq!(step, refusal, "refusal disagrees with the reference");
                assert!(
                    self.save(grid) == before,
                    "a refused begin changed the search"
                );
            }
        }
        step
    }

    /// `step(budget)`; on a finished search, compares with the reference.
    pub fn step(&mut self, grid: &Grid, budget: u32) {
        let state = self.search.state();
        let r = self.search.step(grid, budget);
        if state != Step::InProgress {
            assert_eq!(r, Ok(state), "step on a finished search");
            return;
        }
        if !self.current(grid) {
            assert!(
                matches!(r, Err(QueryError::GridChanged { .. })),
                "step after an edit: {r:?}"
            );
            assert_eq!(self.search.state(), Step::InProgress);
            return;
        }
        let Ok(step) = r else {
            panic!("step on the grid the search began on: {r:?}");
        };
        assert_eq!(step, self.search.state());
        if step != Step::InProgress {
            self.settle();
        }
    }

    /// Runs the current search to the end (when it belongs to the grid) and compares.
    pub fn finish(&mut self, grid: &Grid) {
        if self.search.state() == Step::InProgress && self.current(grid) {
            let r = self.search.step(grid, u32::MAX);
            assert!(matches!(r, Ok(Step::Found | Step::NoPath)), "{r:?}");
            self.settle();
        }
    }

    /// Compares the finished search with its reference (sliced, saved and restored along
    /// the way, it must be the unsliced run cell for cell and bit for bit).
    fn settle(&mut self) {
        let got = Outcome::of(&self.search);
        if let Some(reference) = self.reference.take() {
            assert_eq!(
                got, reference,
                "sliced/restored search differs from the unsliced run"
            );
        }
    }

    /// The handle's snapshot.
    pub fn save(&self, grid: &Grid) -> Vec<u8> {
        let mut out = vec![0; self.search.state_size()];
        let n = self.search.save_state(grid, &mut out);
        assert_eq!(n, Ok(out.len()), "save_state writes state_size bytes");
        out
    }

    /// Saves and restores (into this handle or a fresh one); the restored handle must save
    /// the same bytes. Remembers the snapshot. Skipped after an edit (a snapshot of a search
    /// that began on another grid has no meaning for this one).
    pub fn save_restore(&mut self, grid: &Grid, into_fresh: bool) {
        if !self.current(grid) && self.search.state() != Step::Idle {
            return;
        }
        let bytes = self.save(grid);
        let mut target = if into_fresh {
            GridSearch::new(self.options).expect("valid options")
        } else {
            self.search.clone()
        };
        let r = target.restore_state(grid, &bytes);
        assert_eq!(r, Ok(()), "restoring a fresh snapshot");
        self.search = target;
        let again = self.save(grid);
        if again != bytes {
            assert!(
                resave_may_differ(&bytes, &again) && self.search.state() == Step::Idle,
                "save, restore, save round trip"
            );
        }
        self.revision = grid.revision();
        let reference = if self.search.state() == Step::InProgress {
            self.reference.clone()
        } else {
            None
        };
        self.saved = Some(Saved {
            bytes,
            hash: grid.content_hash(),
            reference,
        });
    }

    /// Restores the last snapshot: accepted exactly when the grid has the content it was
    /// taken on; refused with `MapMismatch` (handle unchanged) otherwise.
    pub fn restore_saved(&mut self, grid: &Grid) {
        let Some(saved) = self.saved.clone() else {
            return;
        };
        let before = self.save(grid);
        let r = self.search.restore_state(grid, &saved.bytes);
        if saved.hash == grid.content_hash() {
            assert_eq!(r, Ok(()), "a snapshot of this very content");
            self.revision = grid.revision();
            self.reference = saved.reference;
            let again = self.save(grid);
            assert!(
                again == saved.bytes || resave_may_differ(&saved.bytes, &again),
                "restore, save round trip"
            );
        } else {
            assert!(
                matches!(r, Err(StateError::MapMismatch { .. })),
                "a snapshot of other content: {r:?}"
            );
            assert!(
                self.save(grid) == before,
                "a refused restore changed the handle"
            );
        }
    }
}
