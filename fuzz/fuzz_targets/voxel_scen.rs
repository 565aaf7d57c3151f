//! libFuzzer entry point for the `voxel_scen` body (`onepath_fuzz::voxel_scen`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::voxel_scen(data));
