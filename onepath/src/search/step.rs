//! [`Step`]: what a resumable search reports after `try_begin` or `step`.

/// The state of a resumable search. Only [`Step::InProgress`] asks to be called again.
///
/// `#[must_use]`: a `try_begin` refused with [`StartInvalid`](Step::StartInvalid) or
/// [`GoalInvalid`](Step::GoalInvalid) changes nothing — a search that was running keeps
/// running to its *old* goal (spec: grids.md, “Host API”: `TryBegin` returns `StartInvalid`
/// or `GoalInvalid`, and a refusal leaves the running search alone) — so a caller that
/// re-targets must look at the answer.
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
/// let grid = Grid::new(10, 10).unwrap();
/// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
/// assert_eq!(search.state(), Step::Idle);
/// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(9, 9)), Step::InProgress);
/// let mut ticks = 0;
/// while search.step(&grid, 2).unwrap() == Step::InProgress {
///     ticks += 1;
/// }
/// assert!(ticks > 0 && search.state().is_done());
/// assert_eq!(search.state(), Step::Found);
/// assert_eq!(search.try_begin(&grid, Cell::new(-1, 0), Cell::new(9, 9)), Step::StartInvalid);
/// ```
#[must_use = "a refused try_begin (StartInvalid / GoalInvalid) leaves the running search on its old goal, and only InProgress asks for another step: look at the status"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    /// No search has begun: call `try_begin`.
    Idle,
    /// Work remains: call `step` again (with any budget; slicing never changes the result).
    InProgress,
    /// The goal was popped: read the path and cost. Done.
    Found,
    /// The open set emptied before the goal was popped. Done.
    NoPath,
    /// `try_begin` refused the start (outside, or not walkable for the agent). Done; the
    /// search that was running, if any, is unchanged and can continue.
    StartInvalid,
    /// `try_begin` refused the goal. Done, as for `StartInvalid`.
    GoalInvalid,
}

impl Step {
    /// Whether the search has finished (anything but `InProgress`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Step;
    /// assert!(!Step::InProgress.is_done());
    /// assert!(Step::Found.is_done() && Step::NoPath.is_done() && Step::Idle.is_done());
    /// ```
    pub fn is_done(self) -> bool {
        self != Self::InProgress
    }
}

/// A cancellation callback returned `true`: the search stopped between two slices.
///
/// # Examples
///
/// ```
/// use onepath::fast::OctileAStar;
/// use onepath::search::{CANCEL_SLICE, Cancelled, Step};
/// use onepath::Grid;
/// let grid = Grid::new(64, 64).unwrap();
/// let mut search = OctileAStar::new();
/// search.set_estimate(onepath::fast::Estimate::Zero); // Dijkstra: many iterations
/// search.try_begin(&grid, 0, 64 * 64 - 1);
/// let mut asked = 0;
/// let stop = search.run_cancellable(|| { asked += 1; asked > 2 }); // e.g. a frame deadline
/// assert_eq!(stop, Err(Cancelled));
/// assert_eq!(search.iterations(), 2 * CANCEL_SLICE); // two slices ran
/// assert_eq!(search.run(), Step::Found); // and the search can continue
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl core::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the search was cancelled")
    }
}

impl core::error::Error for Cancelled {}

/// Iterations between two cancellation checks.
pub const CANCEL_SLICE: u32 = 256;
