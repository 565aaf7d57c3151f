//! libFuzzer entry point for the `dimacs_gr` body (`onepath_fuzz::dimacs_gr`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::dimacs_gr(data));
