//! libFuzzer entry point for the `snapshot_restore` body (`onepath_fuzz::snapshot_restore`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::snapshot_restore(data));
