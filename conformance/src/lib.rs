//! Independent references written from the spec (`spec/grids.md`), never from the engine, and
//! the suites (`tests/`) that hold the engine to them.
//!
//! This library does not depend on `onepath` at all (the engine is a dev-dependency used only by
//! the suites), so a reference cannot borrow a definition from the code it checks: where the two
//! disagree, one of them misread the spec.
//!
//! | module | concept |
//! | --- | --- |
//! | [`rng`] | SplitMix64, the pinned generator behind every generated map |
//! | [`gen`](gen/index.html) | deterministic generators of square and hex test grids |
//! | [`model`] | the [`model::Model`] trait: positions, one move's legality and price |
//! | [`square_ref`] | the square grid: areas, 4/8 moves, diagonal rules, agent sizes (brute force), hooks |
//! | [`hex_ref`] | the four hex layouts, axial conversions, distance, moves, world mapping, cube rounding |
//! | [`dijkstra_ref`] | an O(n²) Dijkstra over any model |
//! | [`astar_ref`] | the spec's A* step by step (linear-scan open set): exact order, path, counts |
//! | [`fast_ref`] | the specialised octile engines: pair-cost A*, JPS, JPS+ and improved JPS with the same-f LIFO stack |
//! | [`alt_ref`] | ALT landmark tables, lower bound, Farthest and Avoid selection over an edge list |
//! | [`graph_gen`] | generated graphs: sparse directed with zero weights, dense, grid-like, road-like |
//! | [`graph_ref`] | an O(V²) Dijkstra over an edge list and an edge-by-edge path check |
//! | [`flow_ref`] | flow fields: the backwards O(n²) wave from a goal set and the first-minimum direction rule |
//! | [`path_check`] | move-by-move path checking and re-pricing |
//! | [`theta_ref`] | any-angle: exact segment-versus-square test, line of sight, visibility-graph Dijkstra |
//! | [`voxel_ref`] | voxel blocks: moves from the definition, corner rules over the bounding box, an O(n²) Dijkstra |
//! | [`navmesh_ref`] | the navigation mesh from `docs/navmesh.md` only: erosion, greedy tiles, bytes and hash, an exact mesh checker, point location, path legality, the corridor search, the shortest path through a corridor |
//!
//! # Suites
//!
//! | suite | holds the engine to |
//! | --- | --- |
//! | `tests/square_vs_reference.rs` | square grids: 4-/8-connected × three diagonal rules × agent sizes 1-3 × uniform/dyadic/mixed costs, and blocked/raising/lowering hooks; statuses, costs, legal paths, counts, expansion order, tier 1 = tier 2 = `astar_ref` |
//! | `tests/hex_vs_reference.rs` | the same on the four hex layouts, plus conversions and world mapping |
//! | `tests/fast_vs_reference.rs` | the specialised octile engines (A*, JPS, JPS+, improved JPS) against [`fast_ref`]: status, expansion order, counts, cost bits, path |
//! | `tests/fast_movingai.rs` | (ignored) the same line by line over `dao/brc000d` and `dao/arena2`, with expansion totals |
//! | `tests/graph_vs_reference.rs` | graph searches (Dijkstra, A*, bidirectional, with no estimate, landmarks, a geometric estimate, both) against [`graph_ref`] on generated graphs; sliced = unsliced, restored = never-stopped |
//! | `tests/navmesh.rs` | the navigation mesh against [`navmesh_ref`] on 10^4 random grids: canonical bytes and hash byte for byte, the exact mesh checker, `locate`/`nearest`, `refresh` = fresh bake, corridor search (status, corridor, iterations) and funnel (legal, exact through its portals, same waypoints) |
//! | `tests/navmesh_movingai.rs` | the mesh at radius 0 on Moving AI samples: bake = reference, legal paths, funnel exact for its corridor, ratio to the published optimum |
//! | `tests/sliced.rs` | proptest: sliced = unsliced (budgets 1-50), reused = fresh, iteration budget |
//!
//! `cargo test -p conformance --release` runs the default counts (200 grids per variant; a
//! quarter in debug builds). `ONEPATH_CONFORMANCE_SCALE=N` multiplies them:
//! `ONEPATH_CONFORMANCE_SCALE=50 cargo test -p conformance --release -- --nocapture` runs 10^4
//! grids per variant and prints the counts per variant. `ONEPATH_CONFORMANCE_SEED=K` draws other
//! grids. A failure prints the variant, the grid seed, the endpoints and a picture of the grid.

pub mod alt_ref;
pub mod astar_ref;
pub mod dijkstra_ref;
pub mod edits_ref;
pub mod fast_ref;
pub mod flow_ref;
pub mod r#gen;
pub mod graph_gen;
pub mod graph_ref;
pub mod hex_ref;
pub mod hpa_ref;
pub mod model;
pub mod navmesh_ref;
pub mod path_check;
pub mod rng;
pub mod square_ref;
pub mod theta_ref;
pub mod voxel_ref;
