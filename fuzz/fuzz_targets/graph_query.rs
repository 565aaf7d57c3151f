//! libFuzzer entry point for the `graph_query` body (`onepath_fuzz::graph_query`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::graph_query(data));
