//! [`Progress`]: what the two specialised engines ([`OctileAStar`](super::OctileAStar),
//! [`OctileJump`](super::OctileJump)) keep besides their node records and open list — the
//! estimate, the cell cost, the state, the counters and the recordings — and, in
//! [`progress_accessors!`], the public accessors both expose over it, written once.

use alloc::vec::Vec;

use super::pair::Estimate;
use crate::search::Step;

/// The estimate, cell cost, state, counters and recordings of a specialised search.
#[derive(Clone, Debug)]
pub(super) struct Progress {
    /// The estimate of the next (or current) search.
    pub(super) estimate: Estimate,
    /// The cell cost `m` every step is priced with (the grid's smallest multiplier).
    pub(super) m: f64,
    pub(super) state: Step,
    /// Iterations (pops of live entries) and expansions; both saturate.
    pub(super) iterations: u32,
    pub(super) expansions: u32,
    pub(super) record_expansions: bool,
    pub(super) record_trace: bool,
    pub(super) expanded: Vec<u32>,
    pub(super) trace: Vec<u64>,
}

impl Progress {
    /// Idle, octile estimate, cell cost 1, nothing recorded.
    pub(super) const fn new() -> Self {
        Self {
            estimate: Estimate::Octile,
            m: 1.0,
            state: Step::Idle,
            iterations: 0,
            expansions: 0,
            record_expansions: false,
            record_trace: false,
            expanded: Vec::new(),
            trace: Vec::new(),
        }
    }

    /// Zero counters and empty recordings, for a new search (its state is the caller's).
    pub(super) fn restart(&mut self) {
        self.iterations = 0;
        self.expansions = 0;
        self.expanded.clear();
        self.trace.clear();
    }

    /// Idle, with zero counters and empty recordings.
    pub(super) fn make_idle(&mut self) {
        self.restart();
        self.state = Step::Idle;
    }
}

/// The public accessors the specialised engines share, as inherent methods of the engine
/// (`$engine` is the `impl` header, e.g. `impl OctileAStar`): estimate and recording
/// settings, state, counters, cost, recordings and the path as slices or a vector. The engine
/// has a `progress: Progress` field and provides `pair()` (the goal's pair once found),
/// `path_len()` and `fill_path(out, conv)`.
macro_rules! progress_accessors {
    ($($engine:tt)+) => {
        $($engine)+ {
            /// Sets the estimate for the next searches.
            pub fn set_estimate(&mut self, estimate: $crate::fast::Estimate) {
                self.progress.estimate = estimate;
            }

            /// The estimate of the next (or current) search.
            pub fn estimate(&self) -> $crate::fast::Estimate {
                self.progress.estimate
            }

            /// Turns expansion recording on or off for the next searches.
            pub fn set_record_expansions(&mut self, on: bool) {
                self.progress.record_expansions = on;
            }

            /// Turns the desync trace on or off for the next searches: one
            /// [`iteration_digest`](crate::search::iteration_digest) (popped cell, reported g
            /// bits, open entries after the pop) per iteration.
            pub fn set_record_trace(&mut self, on: bool) {
                self.progress.record_trace = on;
            }

            /// The current state.
            pub fn state(&self) -> $crate::search::Step {
                self.progress.state
            }

            /// Iterations so far: pops that close a node (the jump searches skip stale
            /// entries without counting them).
            pub fn iterations(&self) -> u32 {
                self.progress.iterations
            }

            /// Expansions so far (pops that expanded a node; the goal's pop is not one).
            pub fn expansions(&self) -> u32 {
                self.progress.expansions
            }

            /// The path cost `m · (a + b·√2)` when found, else +∞.
            pub fn cost(&self) -> f64 {
                self.pair().map_or(f64::INFINITY, |p| p.cost(self.progress.m))
            }

            /// The cell cost `m` the search prices steps with.
            pub fn unit_cost(&self) -> f64 {
                self.progress.m
            }

            /// Nodes expanded so far, in order (cells for the A*, jump points for the jump
            /// searches; empty unless recording).
            pub fn expanded_nodes(&self) -> &[u32] {
                &self.progress.expanded
            }

            /// The desync trace (empty unless recording).
            pub fn trace(&self) -> &[u64] {
                &self.progress.trace
            }

            /// Writes the path (row-major cells, start first; every cell) into `out` and
            /// returns its length; `None` (nothing written) when `out` is shorter than
            /// [`path_len`](Self::path_len).
            #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
            pub fn copy_path(&self, out: &mut [u32]) -> Option<usize> {
                self.fill_path(out, |c| c)
            }

            /// The path as a new vector (allocates).
            pub fn path(&self) -> alloc::vec::Vec<u32> {
                let mut v = alloc::vec![0; self.path_len()];
                let _ = self.copy_path(&mut v);
                v
            }
        }
    };
}

pub(super) use progress_accessors;
