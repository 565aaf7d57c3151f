//! libFuzzer entry point for the `grid_text` body (`onepath_fuzz::grid_text`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::grid_text(data));
