//! libFuzzer entry point for the `grid_replan` body (`onepath_fuzz::grid_replan`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::grid_replan(data));
