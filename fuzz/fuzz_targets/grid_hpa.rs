//! libFuzzer entry point for the `grid_hpa` body (`onepath_fuzz::grid_hpa`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::grid_hpa(data));
