//! libFuzzer entry point for the `voxel_query` body (`onepath_fuzz::voxel_query`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::voxel_query(data));
