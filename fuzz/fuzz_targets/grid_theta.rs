//! libFuzzer entry point for the `grid_theta` body (`onepath_fuzz::grid_theta`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::grid_theta(data));
