//! Jump point search (spec: grids.md, “Jump point search (JPS, JPS+)”): Harabor & Grastien 2011
//! (online pruning), Harabor & Grastien 2014 (block-based scanning and the offline JPS+ tables),
//! with Rabin's formulation of the distances and goal bounding (Rabin & Silva 2015).
//!
//! - [`JumpRules`]: pruned successors and forced neighbours (no corner cutting).
//! - [`Jumper`]: [`OnlineJumper`] (cell by cell), [`BlockJumper`] over a [`BlockMap`] (64-bit
//!   words by rows and columns), [`TableJumper`] over a [`JpsPlusIndex`] (JPS+).
//! - [`JumpTopology`]: the search as a topology for the generic
//!   [`AStar`](crate::search::AStar) — one iteration pops one jump point.

mod block_jumper;
mod block_map;
pub(crate) mod follow;
mod jps_plus_index;
mod jps_plus_update;
mod jump_topology;
mod jumper;
mod rules;
mod table_jumper;

pub use block_jumper::BlockJumper;
pub use block_map::BlockMap;
pub use follow::Refresh;
pub use jps_plus_index::{GridTooLarge, JpsPlusIndex, MAX_JPS_PLUS_SIDE};
pub use jump_topology::{JumpTopology, expand, expand_into, expanded_len};
pub use jumper::{Jumper, OnlineJumper};
pub use rules::JumpRules;
pub use table_jumper::TableJumper;
