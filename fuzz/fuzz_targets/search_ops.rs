//! libFuzzer entry point for the `search_ops` body (`onepath_fuzz::search_ops`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::search_ops(data));
