//! libFuzzer entry point for the `voxel_map` body (`onepath_fuzz::voxel_map`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::voxel_map(data));
