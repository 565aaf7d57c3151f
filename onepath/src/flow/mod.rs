//! Flow fields for crowds (spec: grids.md, “Flow fields (many agents, one goal set)”): one
//! Dijkstra wave run outwards from a goal set serves every agent heading there (Emerson 2013,
//! “Crowd Pathfinding and Steering Using Flow Field Tiles”; Pentheny 2013, “Efficient Crowd
//! Simulation for Mobile Games”), tier 2/3.
//!
//! - [`FlowField`]: the resumable wave over any symmetric [`Topology`](crate::topology::Topology)
//!   with a cost hook — the *integration field* (cheapest cost to a goal per node, +∞ where
//!   none is reachable) settled in the grid core's open-set order with `f = g = cost`
//!   (smaller cost, then smaller node), then the *direction field* (per node, the first neighbour in the topology's order
//!   that attains the minimum of `cost[u] + move`); one iteration is one pop, so a budget per
//!   tick slices it without changing a bit.
//! - Incremental repair ([`FlowField::repair`], Ramalingam & Reps 1996 style) after edits,
//!   bit-identical to a recomputation, with the node sets to re-examine for square
//!   ([`square_dirty_nodes`]) and hex ([`hex_dirty_nodes`]) edits.
//!
//! The tier-1 handle that follows a grid's edit journal, draws directions as vectors and
//! snapshots the field is `onepath::GridFlowField` (`Grid::create_flow_field`).
//!
//! The field is eight-way (six-way on hex), not a continuous gradient; line-of-sight
//! shortcuts near the goal are not provided.

mod dirty;
mod flow_field;
mod repair;
mod wave_heap;

pub use dirty::{hex_dirty_nodes, square_dirty_nodes};
pub use flow_field::{FlowField, FlowStep, NO_NEXT};
