//! The reachability rules of a kind-9 restore that speak of the whole abstract search
//! (`docs/snapshot-format.md`, "Kind 9", "What restore proves"; issue 27); the per-record rules
//! (a closed parent with an abstract edge to the record, `g >= g(parent) + cost`) and the open
//! keys are in `search_state.rs`.
//!
//! - **Every expanded node is relaxed** ([`check_relaxed`], through `state/relaxation.rs`
//!   with [`Reopening::Reopens`]: the abstract search updates any node, closed or not, that an
//!   edge improves): for every closed record `n` but a found goal and every edge the search
//!   relaxes out of `n` — the start's insertion edges, a transition node's intra-edges and its
//!   edge into the goal, its inter-edges, enumerated by [`Insertion::for_each_edge`], the
//!   search's own function, over the insertion costs restore recomputed — with a finite cost
//!   `c`, the target is reached with `g <= g(n) + c`.
//! - **A finished state is one the loop stops in** ([`check_finish`]): `Found` popped its goal
//!   (key `g + h` recomputed) before every open entry, since nothing is pushed after that pop;
//!   `NoPath` and an in-progress state have no closed goal (the caller checks those).
//!
//! With the open set holding exactly the not-closed records, relaxation makes every abstract
//! node an expanded node has an edge to reached, so the open set cannot empty while the goal is
//! connected to the start in the abstract graph (which it is exactly when a path exists): no
//! accepted state answers `NoPath` where a path exists. Each closed record's expansion is
//! enumerated once: the cost is what the search spent expanding them.

use super::hierarchy::HpaHierarchy;
use super::search::Insertion;
use crate::search::node_records::{NodeRecord, expanded_records};
use crate::search::pop_rank;
use crate::state::StateError;
use crate::state::codec::{invalid, le32, le64};
use crate::state::relaxation::{Reopening, check_relaxed as relaxed};
use crate::state::sorted_records::SortedRecords;

/// Every expanded record (closed, not `found_goal`) is relaxed over the abstract graph.
///
/// # Errors
///
/// `hpa.reached.relaxed` at the first edge whose target the state does not reflect.
pub(super) fn check_relaxed(
    hier: &HpaHierarchy,
    ins: &Insertion<'_>,
    records: &SortedRecords<'_, NodeRecord>,
    found_goal: u32,
) -> Result<(), StateError> {
    relaxed(
        records,
        Reopening::Reopens,
        expanded_records(records, found_goal),
        |n, offers| {
            ins.for_each_edge(hier, n.node, |to, cost, _| {
                // `relax` skips an edge that does not exist (+inf) or has no cost (NaN).
                if cost.is_nan() || cost == f64::INFINITY {
                    return;
                }
                offers.offer(to, n.g + cost);
            });
        },
        "hpa.reached.relaxed",
    )
}

/// A found goal (`found_goal`, else `u32::MAX`) was popped before every open entry: its pop
/// rank under the key `g + h(goal)` is below the first entry's (`open` in pop order, 12 bytes
/// an entry).
///
/// # Errors
///
/// `hpa.found_goal`.
pub(super) fn check_finish(
    records: &SortedRecords<'_, NodeRecord>,
    open: &[u8],
    found_goal: u32,
    h: impl Fn(u32) -> f64,
) -> Result<(), StateError> {
    if found_goal == u32::MAX || open.len() < 12 {
        return Ok(());
    }
    let bad = invalid("hpa.found_goal");
    let goal = records.get(records.find(found_goal).ok_or(bad)?);
    let key = goal.g + h(found_goal);
    let (cell, f) = (le32(open, 0), f64::from_bits(le64(open, 4)));
    let g = records.find(cell).map_or(0.0, |i| records.get(i).g);
    if key.is_nan() || pop_rank(found_goal, key, goal.g) >= pop_rank(cell, f, g) {
        return Err(bad);
    }
    Ok(())
}
