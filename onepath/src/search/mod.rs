//! Best-first search over any [`Topology`](crate::topology::Topology): the open set, reusable
//! buffers, the resumable A* and its snapshot (kind 2), the resumable-search contract
//! ([`Step`], its snapshot byte, cancellation slices) and desync traces (tier 2/3).
//!
//! The generic core knows no special case: it imports the floors below it (`topology`, the
//! spaces, `state`), never a family (`jps`, `fast`) or the tier-1 handle, which chooses among
//! them in [`query`](crate::query) (`onepath::GridSearch`).
//!
//! Every search here is a state machine: `try_begin`, then `step(map, budget)` until it stops
//! answering [`Step::InProgress`]. One iteration is one pop; a budget only says where to pause.

mod astar;
mod astar_state;
pub(crate) use astar_state::kind2_bound;
mod buffers;
pub(crate) mod node_records;
mod open_set;
mod step;
pub(crate) mod step_code;
mod trace;

pub use astar::AStar;
pub use buffers::{NO_NODE, SearchBuffers};
pub(crate) use open_set::pop_rank;
pub use open_set::{NanKey, OpenSet};
pub use step::{CANCEL_SLICE, Cancelled, Step};
pub use trace::{first_divergence, iteration_digest};
