//! libFuzzer entry point for the `graph_landmarks` body (`onepath_fuzz::graph_landmarks`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::graph_landmarks(data));
