//! [`Step`]: what a resumable search reports after `try_begin` or `step`.

/// The state of a resumable search. Only [`Step::InProgress`] asks to be called again.
///
/// `#[must_use]`: a `try_begin` refused with [`StartInvalid`](Step::StartInvalid) or
/// [`GoalInvalid`](Step::GoalInvalid) changes nothing — a search that was running keeps
/// running to its *old* goal (spec: grids.md, “Host API”: `TryBegin` returns `StartInvalid`
/// or `GoalInvalid`, and a refusal leaves the running search alone) — so a caller that
/// re-targets must look at the answer.
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
    pub fn is_done(self) -> bool {
        self != Self::InProgress
    }
}

/// A cancellation callback returned `true`: the search stopped between two slices.
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
