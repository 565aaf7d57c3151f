//! Example programs for onepath: run them with `cargo run -p onepath-examples --bin NAME`.
//!
//! - `quickstart`: a map from a text picture, one query, the path drawn back as text.
//! - `lockstep_rollback`: a search spread over simulation ticks, saved on one tick, rolled back
//!   and resumed — the result equals a run that was never interrupted.
//! - `async_slices`: the cooperative `find_path_async` future on a tiny hand-written executor.
