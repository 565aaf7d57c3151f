//! Example programs for onepath: run them with `cargo run -p onepath-examples --bin NAME`.
//!
//! - `quickstart`: a map from a text picture, one query, the path drawn back as text.
//! - `lockstep_rollback`: a search spread over simulation ticks, saved on one tick, rolled back
//!   and resumed — the result equals a run that was never interrupted.
//! - `async_slices`: the cooperative `find_path_async` future on a tiny hand-written executor.
//! - `crowd_flow`: 1,200 agents following one flow field on a Moving AI map (or a generated one
//!   without the shared data) in fixed ticks, a wall built mid-run and repaired incrementally,
//!   per-tick checksums equal over two runs and a run restored from a mid-run snapshot.
