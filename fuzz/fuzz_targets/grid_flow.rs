//! libFuzzer entry point for the `grid_flow` body (`onepath_fuzz::grid_flow`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::grid_flow(data));
