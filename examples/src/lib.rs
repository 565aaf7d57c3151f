//! Example programs for onepath: run them with `cargo run --release -p onepath-examples --bin
//! NAME`. Each checks its own result and exits non-zero when a check fails; those that read
//! the shared benchmark data (`../shared/data` beside the repository, or `$ONEPATH_DATA`)
//! print `skipped: …` and exit 0 without it.
//!
//! - `quickstart`: a map from a text picture, one query, the path drawn back as text.
//! - `lockstep_rollback`: a search spread over simulation ticks, saved on one tick, rolled back
//!   and resumed — the result equals a run that was never interrupted.
//! - `async_slices`: the cooperative `find_path_async` future on a tiny hand-written executor.
//! - `crowd_flow`: 1,200 agents following one flow field on a Moving AI map (or a generated one
//!   without the shared data) in fixed ticks, a wall built mid-run and repaired incrementally,
//!   per-tick checksums equal over two runs and a run restored from a mid-run snapshot.
//!   Reads the map with `onepath-std`.
//! - `graph_landmarks`: the DIMACS road graph of Rome loaded with `onepath-std`, 16 landmarks
//!   built (and saved and loaded), 400 ALT queries equal to Dijkstra's bit for bit with far
//!   fewer expansions (at least 4× fewer, checked), a road closed and the stale landmarks refused until rebuilt.
//! - `any_angle`: Theta* and Lazy Theta* against octile A*, line-of-sight smoothing of an A*
//!   path and Catmull-Rom curves, then a mud patch: smoothing prices shortcuts over the terrain
//!   and never makes a path dearer (Theta* runs as A* there, and says so).
//! - `voxel`: a drone in a hall built in code (wall, window, smoke that costs ×5), found in one
//!   call and over ticks with a kept `VoxelSearch`; then the Warframe `Complex.3dmap` level
//!   against its published optimal lengths; every move checked against the no-corner-cutting
//!   rule and every cost re-added.
//! - `hpa_movingai`: HPA* on the 512 × 512 Moving AI city map `street/Berlin_0_512` loaded with
//!   `onepath-std`: 187 scenarios, each path legal and never below the optimum, the mean excess
//!   under 1 %, expansions and time against A*.
//! - `hex_rollback`: a `HexSearch` stepped over ticks, saved with the map into buffers sized
//!   once with `max_state_size`, the map edited, both rolled back and resumed: the path, cost
//!   bits and counters equal an uninterrupted run.
//! - `navmesh`: a first day with the navigation mesh — bake from a small grid with its own
//!   cell size and origin, locate and snap points, a straight path with its waypoints and
//!   length, a doorway walled and the mesh refreshed tile by tile (equal to a fresh bake, the
//!   path longer, then none), a wider agent, a corridor search saved half-way and finished in
//!   another handle, the mesh's own snapshot re-baked by a peer, and the CLI's bundled map.
