//! HPA*: hierarchical path-finding over chunks, one level (Botea, Müller & Schaeffer 2004;
//! spec: grids.md, "HPA* (hierarchical path-finding over chunks)"). Tier 2 and 3.
//!
//! [`HpaHierarchy`] cuts a square grid into chunks of side C and keeps an abstract graph: the
//! transition cells on chunk borders as nodes, the moves across borders as inter-edges and the
//! cheapest in-chunk paths between the nodes of a chunk as intra-edges. [`HpaSearch`] inserts
//! the start and goal into that graph, runs A* over it, refines the abstract path into cells
//! and (by default) smooths it. Paths are legal and found exactly when a path exists, but not
//! always optimal (typically well under 1 % over the optimum with smoothing on 8-connected
//! game maps).
//!
//! Scope: four or eight moves, rules `NoCornerCutting` and `NoSqueezing` (eight moves),
//! any agent size (one hierarchy per size), area costs. The hierarchy follows grid edits
//! through the edit journal ([`HpaHierarchy::refresh`]).

mod chunk_search;
mod config;
mod entrances;
mod error;
mod hierarchy;
mod restore_proof;
mod search;
mod search_state;
pub(crate) use search_state::kind9_bound;
mod smoothing;

pub use config::HpaConfig;
pub use error::HpaError;
pub use hierarchy::{HpaHierarchy, InterEdge};
pub use search::HpaSearch;
