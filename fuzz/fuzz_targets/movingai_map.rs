//! libFuzzer entry point for the `movingai_map` body (`onepath_fuzz::movingai_map`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::movingai_map(data));
