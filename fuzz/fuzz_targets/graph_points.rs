//! libFuzzer entry point for the `graph_points` body (`onepath_fuzz::graph_points`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::graph_points(data));
