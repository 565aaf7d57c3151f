//! Incremental replanning: Lifelong Planning A* and D* Lite in one engine (spec: grids.md,
//! “Incremental replanning (LPA, D Lite)”), tiers 2 and 3.
//!
//! Papers: Koenig, Likhachev & Furcy, "Lifelong Planning A*" (2004); Koenig & Likhachev,
//! "D* Lite" (2002), the version with the key modifier `km`.
//!
//! When the map changes under a unit (a door closes, a bridge burns), the path is repaired
//! rather than searched again: [`ReplanSearch`] keeps a cost-from-root `g` and a one-step
//! lookahead `rhs` per node and, after an edit, re-examines only the nodes around it
//! ([`changes`](self) helpers read them from the grid's edit journal), then settles or raises
//! the nodes whose costs moved until the focus is consistent again.
//!
//! - The *root* is where costs are counted from: the start for LPA*, the goal for D* Lite. The
//!   *focus* is the other end. D* Lite's start may move ([`ReplanSearch::move_start`]): the key
//!   modifier `km` grows by the heuristic between the old and new start and the queue keeps
//!   its work. LPA* begins again when its start moves or its goal changes; D* Lite when its
//!   goal changes.
//! - Keys are `[min(g, rhs) + h(focus, node) + km, min(g, rhs)]`, ordered by [`ReplanOpenSet`]:
//!   first key, second key, node index, where values within a relative `1e-11` (absolute
//!   below one) count as equal. "Smaller key", "equal" and "consistent" all use that tolerance,
//!   because one cost reached through different repairs is the same doubles added in another
//!   order.
//! - The loop: while the top key is smaller than the focus's key, or the focus is
//!   inconsistent, pop a node; a stale key is re-queued with its current key; an
//!   over-consistent node (`g > rhs`) is settled (`g = rhs`) and its neighbours' `rhs`
//!   recomputed; an under-consistent one is raised (`g = +∞`) and its own and its neighbours'
//!   `rhs` recomputed. A recomputation is a full minimum over the neighbours. One pop is one
//!   iteration (the unit of a budget); pops that change a `g` are expansions.
//! - The path is walked from the focus to the cheapest neighbour by `g + move cost`, settled
//!   neighbours first, ties by neighbour order (LPA* walks goal to start and reverses); its
//!   reported cost is the exact sum of its steps in start-to-goal order. Equal-cost paths are
//!   many, so the path may differ from A*'s, never its cost (beyond the last bits).
//! - Zero-cost moves (a step-cost hook may return 0; only NaN, negative and +∞ remove a move)
//!   are where our reading adds to the spec (issue 28): the walk never enters a node twice and
//!   backs out of dead ends, taking only moves as cheap as the spec's choice (the rule is in
//!   the `path` module's source docs); and when a repair leaves a finite focus cost that no
//!   such walk reaches the root from — two nodes joined by a zero-cost move can keep each
//!   other's old cost alive, which positive costs rule out — the search begins again from
//!   scratch, once per replan. Without zero-cost moves neither rule changes a result.
//!
//! Tier 1 (`Grid::create_replanner`, `GridReplanner`, `HexReplanner`) lives in
//! [`query`](crate::query).

mod changes;
mod open_set;
mod path;
mod search;
pub(crate) mod state;

pub use changes::{
    JournalOutcome, follow_hex_journal, follow_square_journal, hex_change_region, mark_hex_edit,
    mark_square_edit, square_change_region,
};
pub use open_set::{REPLAN_TOLERANCE, ReplanKey, ReplanOpenSet, approx_eq, approx_lt};
pub use search::{ReplanSearch, ReplanVariant};
