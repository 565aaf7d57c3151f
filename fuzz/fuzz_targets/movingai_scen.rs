//! libFuzzer entry point for the `movingai_scen` body (`onepath_fuzz::movingai_scen`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::movingai_scen(data));
