//! The families of scenarios, one file each.
//!
//! # Adding a family
//!
//! 1. Write `families/<family>.rs` with `pub fn scenarios() -> Vec<Scenario>` (copy
//!    `grids_hex.rs`: build maps with `crate::gen`, pick queries with
//!    `crate::runs::pick_queries`, write records through the `Recorder`).
//! 2. Add one `mod` line and one [`Family`] entry to [`FAMILIES`] below (name, golden file).
//! 3. `cargo run -p hash-matrix -- bless <family>` writes `golden/<file>`; review it, commit it
//!    with the change that adds the family, and say so in the commit message.
//!
//! Saved-and-restored runs (`Variant::restored`, run by `runs::run_square`) record their
//! snapshot as `QueryRecord::snapshot` and name their never-stopped twin with
//! `Recorder::query_twin`; twins compare everything but the snapshot pair. Families that
//! choose an algorithm run `runs::run_square_alg`, whose records carry `alg=`.

mod graphs;
mod grids_astar;
mod grids_edits;
mod grids_fast;
mod grids_flow;
mod grids_hex;
mod grids_hpa;
mod grids_jps;
mod grids_replan;
mod grids_theta;
mod grids_voxel;
mod navmesh;
mod navmesh_polyanya;

use crate::registry::Family;

/// Every family, in golden-file order.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "grids/astar",
        golden: "grids-astar.txt",
        scenarios: grids_astar::scenarios,
    },
    Family {
        name: "grids/hex",
        golden: "grids-hex.txt",
        scenarios: grids_hex::scenarios,
    },
    Family {
        name: "grids/edits",
        golden: "grids-edits.txt",
        scenarios: grids_edits::scenarios,
    },
    Family {
        name: "grids/jps",
        golden: "grids-jps.txt",
        scenarios: grids_jps::scenarios,
    },
    Family {
        name: "grids/fast",
        golden: "grids-fast.txt",
        scenarios: grids_fast::scenarios,
    },
    Family {
        name: "grids/theta",
        golden: "grids-theta.txt",
        scenarios: grids_theta::scenarios,
    },
    Family {
        name: "grids/hpa",
        golden: "grids-hpa.txt",
        scenarios: grids_hpa::scenarios,
    },
    Family {
        name: "graphs",
        golden: "graphs.txt",
        scenarios: graphs::scenarios,
    },
    Family {
        name: "grids/flow",
        golden: "grids-flow.txt",
        scenarios: grids_flow::scenarios,
    },
    Family {
        name: "grids/voxel",
        golden: "grids-voxel.txt",
        scenarios: grids_voxel::scenarios,
    },
    Family {
        name: "grids/replan",
        golden: "grids-replan.txt",
        scenarios: grids_replan::scenarios,
    },
    Family {
        name: "navmesh",
        golden: "navmesh.txt",
        scenarios: navmesh::scenarios,
    },
    Family {
        name: "navmesh/polyanya",
        golden: "navmesh-polyanya.txt",
        scenarios: navmesh_polyanya::scenarios,
    },
];
