//! [`Counters`]: the restore rule that a snapshot's counters agree with its records (kinds 2,
//! 4 and 5; `docs/snapshot-format.md`, "Restoring").
//!
//! One iteration is one pop and closes the popped node; every pop but the goal's expands it;
//! the start is the first pop; recordings grow by at most one entry per pop. So for a state a
//! search can reach: iterations are 0 exactly while the start is the only reached node and it
//! is open; the start is closed after any iteration; there are at least as many iterations as
//! closed nodes (exactly as many in engines that never reopen a node); expansions are
//! iterations − 1 once found and iterations otherwise (both saturate at `u32::MAX`, so two
//! saturated counters are accepted); the expanded list is no longer than the expansions and
//! the trace no longer than the iterations.

/// What a payload says about its counters and records.
pub(crate) struct Counters {
    pub(crate) iterations: u32,
    pub(crate) expansions: u32,
    pub(crate) found: bool,
    /// Reached records, and how many of them are closed.
    pub(crate) reached: usize,
    pub(crate) closed: usize,
    pub(crate) start_closed: bool,
    /// Entries in the expanded list and the trace.
    pub(crate) recorded: (usize, usize),
    /// The engine never reopens a closed node: one iteration per closed record exactly.
    pub(crate) never_reopens: bool,
}

impl Counters {
    /// Whether the counters are ones the search can reach with these records.
    pub(crate) fn agree(&self) -> bool {
        let it = self.iterations;
        let saturated = it == u32::MAX && self.expansions == u32::MAX;
        let pops_ok = if self.never_reopens {
            it as usize == self.closed || saturated
        } else {
            it as usize >= self.closed
        };
        (it == 0) == (self.reached == 1 && !self.start_closed)
            && (it == 0 || self.start_closed)
            && pops_ok
            && (self.expansions == it.wrapping_sub(u32::from(self.found)) || saturated)
            && self.recorded.0 <= self.expansions as usize
            && self.recorded.1 <= it as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Counters;

    fn c(iterations: u32, expansions: u32, found: bool, reached: usize, closed: usize) -> Counters {
        Counters {
            iterations,
            expansions,
            found,
            reached,
            closed,
            start_closed: closed > 0,
            recorded: (0, 0),
            never_reopens: true,
        }
    }

    #[test]
    fn reachable_counters_agree_and_others_do_not() {
        assert!(c(0, 0, false, 1, 0).agree(), "fresh");
        assert!(c(3, 3, false, 7, 3).agree(), "mid-search");
        assert!(c(4, 3, true, 7, 4).agree(), "found");
        assert!(!c(0, 0, false, 2, 0).agree(), "two reached before any pop");
        assert!(!c(3, 2, false, 7, 3).agree(), "an expansion missing");
        assert!(!c(3, 3, true, 7, 3).agree(), "found without the goal's pop");
        assert!(!c(2, 2, false, 7, 3).agree(), "more closed than pops");
        let mut reopened = c(5, 5, false, 7, 3);
        assert!(!reopened.agree());
        reopened.never_reopens = false;
        assert!(
            reopened.agree(),
            "reopening engines pop a node more than once"
        );
        let mut long = c(3, 3, false, 7, 3);
        long.recorded = (4, 0);
        assert!(!long.agree(), "more recorded expansions than expansions");
        assert!(
            c(u32::MAX, u32::MAX, true, 7, 3).agree(),
            "saturated counters"
        );
    }
}
