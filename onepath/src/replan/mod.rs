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
//! - Zero-cost moves: see below.
//!
//! # Zero-cost moves (our reading of the spec)
//!
//! The spec lets a step-cost hook price a move at 0 (only NaN, negative and +∞ remove a move),
//! and then its walk rule alone can loop: across a zero-cost move both ends have the same `g`,
//! so stepping back ties with stepping on (issue 28: an open 3 × 1 grid with the move 1–2 at 0
//! reported `NoPath` with the right `g`). Where the spec is silent we decided:
//!
//! 1. The walk never enters a node twice (nor one it backed out of).
//! 2. At a node it takes the spec's choice among the neighbours not yet entered (settled first,
//!    smallest `g + move cost`, first in neighbour order), and only when that choice is as good
//!    as the spec's choice among *all* neighbours (same settledness, value equal within the
//!    tolerance): it follows only moves the search's costs call cheapest.
//! 3. At a dead end (a zero-cost plateau whose cheapest neighbours are all entered) it backs out
//!    one node and chooses again; with nothing left to back out to there is no path. Each node
//!    is entered at most once: at most `2 · nodes` choices.
//! 4. A repair can leave a finite focus cost that no such walk reaches the root from: two nodes
//!    joined by a zero-cost move keep each other's old cost alive (each one's `rhs` reads the
//!    other's `g`), which positive move costs rule out. The search then begins again from
//!    scratch, at most once per replan (a second failure would report `NoPath`), and the
//!    restarted pops count in the same replan's budget and iterations.
//!
//! Without zero-cost moves the spec's walk never meets a node twice (it is memoryless: meeting
//! one twice is an endless loop) and never fails on a finite cost, so rules 1–4 change no
//! result there, bit for bit. Tested against A* on random grids with random zero-cost and
//! 1e-300 moves and edits (`tests/replan_zero_cost.rs`).
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
pub(crate) use changes::{pending_after_hex, pending_after_square};
pub use open_set::{REPLAN_TOLERANCE, ReplanKey, ReplanOpenSet, approx_eq, approx_lt};
pub use search::{ReplanSearch, ReplanVariant};
